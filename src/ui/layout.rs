//! `--layout-report PATH`: the overlay checks its own layout every frame, from what egui drew —
//! each text's rectangle, the rectangle it was clipped to, and the layer on top at its centre —
//! and writes what it found, with every text and every pit's place on the screen, to PATH as
//! JSON (`scripts/first-visit.sh` reads it to find the buttons it clicks, and fails on its
//! problems). A text is a problem when it is
//!
//! - **outside** the window, wholly or in part;
//! - **cut**: shortened with "…", wrapped inside a word, or cut by the edge of the card or
//!   window that holds it, where no scroll bar says that the rest is a scroll away;
//! - **overlapping** another text;
//! - **covered** by another card at its centre (a window over the cards is not counted: windows
//!   are meant to be put over the board and its cards).
//!
//! The board's count labels and tooltips (the pit card, hover texts) are left out: they lie
//! over the board and under or over everything by design.

use super::UiSet;
use crate::board::{BuiltBoard, Layout, TurnRings};
use crate::camera::MainCamera;
use crate::core::Screen;
use crate::i18n::I18n;
use bao_engine::Position;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, LayerId, Order, Pos2, Rect, Shape};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::Serialize;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        report_layout
            .after(UiSet::Windows)
            .run_if(resource_exists::<CheckLayout>),
    );
}

/// Inserted by `--layout-report PATH`: the overlay writes its layout report there.
#[derive(Resource, Clone, Debug)]
pub(crate) struct CheckLayout(pub(crate) PathBuf);

/// The egui ids of the windows, which may lie over the cards (`egui::Window`s and
/// `style::question_window`s).
const WINDOWS: [&str; 13] = [
    "game-over",
    "puzzle-list",
    "online",
    "online-unfinished",
    "records",
    "replay",
    "rules",
    "settings",
    "resume",
    "game-menu",
    "leave-game",
    "kiosk-idle",
    "kiosk-operator",
];

/// The egui ids of the overlay's cards and captions, to name them in the report (an id is a
/// hash; others are named by it).
const CARDS: [&str; 22] = [
    "hud-north",
    "hud-south",
    "hud-menu",
    "hud-game",
    "hud-controls",
    "hud-turn",
    "hud-feedback",
    "hud-north-turned",
    "hud-turn-turned",
    "hud-feedback-turned",
    "explain-caption",
    "lesson-card",
    "puzzle-card",
    "example-banner",
    "title",
    "title-languages",
    "records-notice",
    "records-title-button",
    "kiosk-caption",
    "kiosk-attract-banner",
    "kiosk-attract-catch",
    "online-resign-confirming",
];

/// A layer's name for the report: its card's or window's id, or egui's hash of it.
fn layer_name(layer: LayerId) -> String {
    CARDS
        .iter()
        .chain(WINDOWS.iter())
        .find(|name| layer.id == egui::Id::new(name))
        .map_or_else(|| format!("{:?}", layer.id), |name| (*name).to_owned())
}

/// Slack for rounding, in points.
const SLACK: f32 = 1.0;

/// One text egui drew.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct DrawnText {
    pub layer: LayerId,
    pub text: String,
    /// Where its glyphs are, in points.
    pub rect: Rect,
    /// What it was clipped to.
    pub clip: Rect,
    /// Shortened with "…".
    pub elided: bool,
    /// Wrapped in the middle of a word (a button too narrow for its word: "Meny" over "u").
    pub broken: bool,
}

impl DrawnText {
    /// The part that shows.
    fn shown(&self) -> Rect {
        self.rect.intersect(self.clip)
    }
}

/// What is wrong with a text, or with two cards.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(super) enum Problem {
    Outside {
        text: String,
        rect: [f32; 4],
    },
    Cut {
        text: String,
        rect: [f32; 4],
    },
    Overlapping {
        text: String,
        other: String,
        rect: [f32; 4],
    },
    Covered {
        text: String,
        by: String,
        rect: [f32; 4],
    },
    /// Two cards (areas with texts, not windows) lie on each other.
    CardsOverlap {
        card: String,
        other: String,
        rect: [f32; 4],
    },
}

/// The texts of every layer egui is drawing this frame, in points, without those that lie over
/// or under everything by design (the board's count labels, tooltips, egui's debug layer).
fn drawn_texts(ctx: &egui::Context) -> Vec<DrawnText> {
    let mut texts = Vec::new();
    let visible = ctx.memory(|m| m.areas().visible_layer_ids());
    ctx.graphics(|layers| {
        for &id in &visible {
            if !is_checked(id) {
                continue;
            }
            let Some(list) = layers.get(id) else {
                continue;
            };
            for clipped in list.all_entries() {
                collect_texts(id, &clipped.shape, clipped.clip_rect, &mut texts);
            }
        }
    });
    texts
}

fn collect_texts(layer: LayerId, shape: &Shape, clip: Rect, out: &mut Vec<DrawnText>) {
    match shape {
        Shape::Vec(shapes) => {
            for shape in shapes {
                collect_texts(layer, shape, clip, out);
            }
        }
        Shape::Text(text) => {
            let words = text.galley.text().trim();
            if words.is_empty() {
                return;
            }
            out.push(DrawnText {
                layer,
                text: words.to_owned(),
                rect: text.visual_bounding_rect(),
                clip,
                elided: text.galley.elided,
                broken: breaks_a_word(&text.galley),
            });
        }
        _ => {}
    }
}

/// Whether the text was wrapped inside a word: a row that ends in a letter or digit followed,
/// without a line break, by one that begins with one (egui keeps the space at a row's end when
/// it wraps between words).
fn breaks_a_word(galley: &egui::Galley) -> bool {
    galley.rows.windows(2).any(|pair| {
        let ends = pair[0].row.glyphs.last().map(|g| g.chr);
        let begins = pair[1].row.glyphs.first().map(|g| g.chr);
        !pair[0].ends_with_newline
            && ends.is_some_and(char::is_alphanumeric)
            && begins.is_some_and(char::is_alphanumeric)
    })
}

/// The scroll bars egui laid out last pass, by layer: thin, long widgets that sense a drag.
fn scroll_bars(ctx: &egui::Context) -> Vec<(LayerId, Rect)> {
    let bar = ctx.global_style().spacing.scroll.bar_width;
    ctx.viewport(|viewport| {
        let widgets = &viewport.prev_pass.widgets;
        widgets
            .layer_ids()
            .flat_map(|layer| {
                widgets
                    .get_layer(layer)
                    .filter(|w| w.sense.senses_drag())
                    .filter(|w| {
                        let size = w.rect.size();
                        size.min_elem() <= bar + 4.0 && size.max_elem() >= 3.0 * bar
                    })
                    .map(move |w| (layer, w.rect))
                    .collect::<Vec<_>>()
            })
            .collect()
    })
}

fn corners(rect: Rect) -> [f32; 4] {
    [rect.min.x, rect.min.y, rect.max.x, rect.max.y]
}

/// Whether the layer's texts are checked: not the board's count labels, which lie under every
/// card, nor a tooltip, over all.
fn is_checked(layer: LayerId) -> bool {
    !matches!(layer.order, Order::Tooltip | Order::Debug)
        && layer.id != egui::Id::new(crate::seeds::COUNT_LABELS)
}

/// Whether `top`, the layer egui finds on top at a point, is drawn over `layer` there: a layer
/// of a higher order, or another of the same (egui finds only areas that take the pointer, so
/// a text of a card that does not is found under a lower layer, which does not cover it).
fn is_above(top: LayerId, layer: LayerId) -> bool {
    // egui's own background layer (of any order) covers nothing.
    top != layer && top.id != LayerId::background().id && top.order >= layer.order
}

/// Whether the layer is one of the windows, which may lie over the cards.
fn is_window(layer: LayerId) -> bool {
    WINDOWS.iter().any(|id| layer.id == egui::Id::new(id))
}

/// Whether one of two layers is a window and the other lies under it (a card, a caption of the
/// board): the window is meant to lie over it, text and all.
fn window_over_the_other(a: LayerId, b: LayerId) -> bool {
    match (is_window(a), is_window(b)) {
        (true, false) => b.order <= a.order,
        (false, true) => a.order <= b.order,
        _ => false,
    }
}

/// What is wrong with the layout of `texts` in a window of `screen`: `bars` are the scroll
/// bars of each layer, `top_at` the layer on top at a point.
pub(super) fn problems(
    texts: &[DrawnText],
    bars: &[(LayerId, Rect)],
    screen: Rect,
    top_at: impl Fn(Pos2) -> Option<LayerId>,
) -> Vec<Problem> {
    let mut found = Vec::new();
    let scrolls = |t: &DrawnText| {
        bars.iter()
            .any(|(layer, bar)| *layer == t.layer && bar.intersects(t.clip.expand(24.0)))
    };
    for t in texts {
        let rect = corners(t.rect);
        let text = t.text.clone();
        // A text scrolled away, wholly or in part, is where its scroll bar says it is.
        if !scrolls(t) && !screen.expand(SLACK).contains_rect(t.shown()) {
            found.push(Problem::Outside { text, rect });
        } else if t.elided
            || t.broken
            || (!t.clip.expand(SLACK).contains_rect(t.rect)
                && !scrolls(t)
                && t.shown().is_positive())
        {
            found.push(Problem::Cut { text, rect });
        } else if let Some(by) = top_at(t.shown().center())
            .filter(|top| is_above(*top, t.layer) && !is_window(*top) && is_checked(*top))
            .filter(|_| t.shown().is_positive())
        {
            found.push(Problem::Covered {
                text,
                by: layer_name(by),
                rect,
            });
        }
    }
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            if window_over_the_other(a.layer, b.layer) {
                continue;
            }
            let both = a.shown().intersect(b.shown());
            if both.width() > SLACK && both.height() > SLACK {
                found.push(Problem::Overlapping {
                    text: a.text.clone(),
                    other: b.text.clone(),
                    rect: corners(both),
                });
            }
        }
    }
    found
}

/// The cards of the screen: the layers with texts, with the rectangle egui gave each area.
fn cards(ctx: &egui::Context, texts: &[DrawnText]) -> Vec<(LayerId, Rect)> {
    let mut layers: Vec<LayerId> = texts.iter().map(|t| t.layer).collect();
    layers.sort_by_key(|l| (l.order, l.id.value()));
    layers.dedup();
    ctx.memory(|m| {
        layers
            .into_iter()
            .filter_map(|layer| Some((layer, m.area_rect(layer.id)?)))
            .collect()
    })
}

/// Cards that lie on each other: not a window (meant to lie over the cards), nor an area that
/// spans most of the screen (the title screen's page, whose cards are its own widgets).
pub(super) fn overlapping_cards(cards: &[(LayerId, Rect)], screen: Rect) -> Vec<Problem> {
    let small = |rect: &Rect| rect.area() < 0.6 * screen.area();
    let cards: Vec<&(LayerId, Rect)> = cards
        .iter()
        .filter(|(layer, rect)| !is_window(*layer) && small(rect))
        .collect();
    let mut found = Vec::new();
    for (i, (a, ra)) in cards.iter().enumerate() {
        for (b, rb) in &cards[i + 1..] {
            let both = ra.intersect(*rb);
            if both.width() > SLACK && both.height() > SLACK {
                found.push(Problem::CardsOverlap {
                    card: layer_name(*a),
                    other: layer_name(*b),
                    rect: corners(both),
                });
            }
        }
    }
    found
}

/// One text of the report, in physical pixels (what a click on the screen uses).
#[derive(Serialize)]
struct ReportedText {
    text: String,
    rect: [f32; 4],
}

/// The report's contents.
#[derive(Serialize)]
struct Report {
    /// The window's size in physical pixels.
    window: [f32; 2],
    language: &'static str,
    screen: String,
    /// Every pit's centre on the screen, in physical pixels: `south a3`, `north b7`.
    pits: std::collections::BTreeMap<String, [f32; 2]>,
    /// The rings of the player's turn on the board, by pit (`legal`, `hint`, `last-move`, …).
    rings: std::collections::BTreeMap<String, String>,
    texts: Vec<ReportedText>,
    problems: Vec<Problem>,
}

fn report_layout(
    mut contexts: EguiContexts,
    check: Res<CheckLayout>,
    i18n: Res<I18n>,
    screen: Res<State<Screen>>,
    board: BoardOnScreen,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let zoom = ctx.zoom_factor();
    let scale = window.single().map_or(1.0, Window::scale_factor);
    let content = ctx.content_rect();
    let texts = drawn_texts(ctx);
    let mut problems = problems(&texts, &scroll_bars(ctx), content, |at| ctx.layer_id_at(at));
    problems.extend(overlapping_cards(&cards(ctx, &texts), content));
    let pixels = |rect: Rect| corners(rect * (zoom * scale));
    let report = Report {
        window: [
            content.width() * zoom * scale,
            content.height() * zoom * scale,
        ],
        language: i18n.language().code(),
        screen: format!("{:?}", screen.get()),
        pits: pit_places(&board.built, &board.camera, scale),
        rings: turn_rings(&board.built, &board.rings),
        texts: texts
            .iter()
            .map(|t| ReportedText {
                text: t.text.clone(),
                rect: pixels(t.shown()),
            })
            .collect(),
        problems: problems
            .into_iter()
            .map(|p| in_pixels(p, zoom * scale))
            .collect(),
    };
    let Ok(json) = serde_json::to_string_pretty(&report) else {
        return;
    };
    // Written beside and renamed, so that a reader never sees half a report.
    let part = check.0.with_extension("part");
    if std::fs::write(&part, json).is_ok() {
        let _ = std::fs::rename(&part, &check.0);
    }
}

/// The board as the report sees it: which is built, where the camera looks from, its rings.
#[derive(SystemParam)]
struct BoardOnScreen<'w, 's> {
    built: Res<'w, BuiltBoard>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    rings: Res<'w, TurnRings>,
}

/// The name of each pit, as the report names it: its owner and its name (`south a3`).
fn pit_key(naming: &Position, pit: bao_engine::Pit) -> Option<String> {
    let (owner, name) = naming.name_of(pit)?;
    Some(format!("{} {name}", format!("{owner:?}").to_lowercase()))
}

/// The rings of the player's turn, by pit.
fn turn_rings(built: &BuiltBoard, rings: &TurnRings) -> std::collections::BTreeMap<String, String> {
    let Some(variant) = built.0 else {
        return Default::default();
    };
    let naming = Position::new(variant);
    rings
        .0
        .iter()
        .filter_map(|&(pit, ring)| {
            let kind = format!("{ring:?}").to_lowercase();
            Some((pit_key(&naming, pit)?, kind))
        })
        .collect()
}

/// A problem's rectangle in physical pixels.
fn in_pixels(mut problem: Problem, factor: f32) -> Problem {
    let (Problem::Outside { rect, .. }
    | Problem::Cut { rect, .. }
    | Problem::Overlapping { rect, .. }
    | Problem::Covered { rect, .. }
    | Problem::CardsOverlap { rect, .. }) = &mut problem;
    *rect = rect.map(|v| v * factor);
    problem
}

/// Every pit's centre on the screen, named as the move list names it, with its owner.
fn pit_places(
    built: &BuiltBoard,
    camera: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    scale: f32,
) -> std::collections::BTreeMap<String, [f32; 2]> {
    let (Some(variant), Ok((camera, at))) = (built.0, camera.single()) else {
        return Default::default();
    };
    let layout = Layout::of(variant);
    let naming = Position::new(variant);
    layout
        .pits()
        .filter_map(|pit| {
            let on_screen = camera.world_to_viewport(at, layout.pit_center(pit)).ok()?;
            Some((
                pit_key(&naming, pit)?,
                [on_screen.x * scale, on_screen.y * scale],
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(name: &str) -> LayerId {
        LayerId::new(Order::Middle, egui::Id::new(name))
    }

    fn text(on: &str, words: &str, rect: Rect, clip: Rect) -> DrawnText {
        DrawnText {
            layer: layer(on),
            text: words.to_owned(),
            rect,
            clip,
            elided: false,
            broken: false,
        }
    }

    const SCREEN: Rect = Rect::from_min_max(Pos2::ZERO, Pos2::new(1024.0, 768.0));

    fn kinds(found: &[Problem]) -> Vec<&'static str> {
        found
            .iter()
            .map(|p| match p {
                Problem::Outside { .. } => "outside",
                Problem::Cut { .. } => "cut",
                Problem::Overlapping { .. } => "overlapping",
                Problem::Covered { .. } => "covered",
                Problem::CardsOverlap { .. } => "cards",
            })
            .collect()
    }

    fn r(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        Rect::from_min_max(Pos2::new(x0, y0), Pos2::new(x1, y1))
    }

    #[test]
    fn two_cards_on_each_other_overlap_but_a_window_or_the_page_may_lie_over_cards() {
        let turn = (layer("hud-turn"), r(300.0, 700.0, 560.0, 760.0));
        let controls = (layer("hud-controls"), r(520.0, 690.0, 1016.0, 760.0));
        assert_eq!(
            kinds(&overlapping_cards(&[turn, controls], SCREEN)),
            ["cards"]
        );
        let apart = (layer("hud-controls"), r(600.0, 690.0, 1016.0, 760.0));
        assert!(overlapping_cards(&[turn, apart], SCREEN).is_empty());
        let window = (layer("settings"), r(200.0, 100.0, 900.0, 740.0));
        let page = (layer("title"), SCREEN);
        assert!(overlapping_cards(&[turn, window, page], SCREEN).is_empty());
    }

    #[test]
    fn texts_side_by_side_within_their_cards_are_fine() {
        let texts = [
            text("card", "Learn", r(10.0, 10.0, 60.0, 30.0), SCREEN),
            text("card", "Rules", r(70.0, 10.0, 120.0, 30.0), SCREEN),
        ];
        assert!(problems(&texts, &[], SCREEN, |_| Some(layer("card"))).is_empty());
    }

    #[test]
    fn a_text_past_the_windows_edge_is_outside() {
        let texts = [text(
            "card",
            "Kigogo",
            r(1000.0, 740.0, 1060.0, 790.0),
            r(0.0, 0.0, 2000.0, 2000.0),
        )];
        assert_eq!(kinds(&problems(&texts, &[], SCREEN, |_| None)), ["outside"]);
    }

    #[test]
    fn a_text_cut_by_its_card_is_cut_unless_a_scroll_bar_shows_the_rest() {
        let card = r(0.0, 0.0, 200.0, 100.0);
        let texts = [text("card", "Cheza", r(150.0, 80.0, 260.0, 110.0), card)];
        assert_eq!(kinds(&problems(&texts, &[], SCREEN, |_| None)), ["cut"]);
        let bar = (layer("card"), r(194.0, 0.0, 200.0, 100.0));
        assert!(problems(&texts, &[bar], SCREEN, |_| None).is_empty());
        let mut elided = text("card", "Bao la Kuj…", r(10.0, 10.0, 90.0, 30.0), card);
        elided.elided = true;
        assert_eq!(
            kinds(&problems(&[elided], &[bar], SCREEN, |_| None)),
            ["cut"]
        );
    }

    #[test]
    fn two_texts_on_each_other_overlap_and_a_card_over_a_text_covers_it() {
        let texts = [
            text("title", "Bao", r(100.0, 100.0, 200.0, 140.0), SCREEN),
            text("bar", "Lugha", r(150.0, 120.0, 220.0, 150.0), SCREEN),
        ];
        let found = problems(&texts, &[], SCREEN, |at| {
            Some(layer(if at.y < 130.0 { "title" } else { "bar" }))
        });
        assert_eq!(kinds(&found), ["overlapping"]);
        let under = [text("title", "Bao", r(100.0, 100.0, 200.0, 140.0), SCREEN)];
        let found = problems(&under, &[], SCREEN, |_| Some(layer("top-bar")));
        assert_eq!(kinds(&found), ["covered"]);
        // A window over a card's text is meant to be there, its own texts and all.
        let found = problems(&under, &[], SCREEN, |_| Some(layer("settings")));
        assert!(found.is_empty(), "{found:?}");
        let window_text = text(
            "settings",
            "Reduced motion",
            r(150.0, 120.0, 300.0, 150.0),
            SCREEN,
        );
        let found = problems(&[under[0].clone(), window_text], &[], SCREEN, |_| {
            Some(layer("settings"))
        });
        assert!(found.is_empty(), "{found:?}");
    }
}
