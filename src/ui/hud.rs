//! The in-game bars: North's side at the top, South's at the bottom (who plays, seeds, captures,
//! whose turn), the move list, undo/redo/hint, the "thinking" indicator and the gentle one-line
//! feedback after a click that is not a move.

use super::records::{self, RecordsPanel};
use super::replay_move::{self, ReplayMove};
use super::style::{self, Palette};
use super::title::level_name;
use super::turned;
use super::viewport::Insets;
use super::{Overlay, Panels, UiSet, reading};
use crate::anim::SkipMove;
use crate::camera::SeenFrom;
use crate::computer::HintKnown;
use crate::content::{self, player_name};
use crate::core::{Busy, Feedback, GameCommand, Screen, Seat, Session, Settings, Shown};
use crate::i18n::I18n;
use crate::lessons::LessonCommand;
use crate::online::{OnlineCommand, OnlineGame, board_game};
use bao_ai::Known;
use bao_engine::{Move, Player, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Align2, Color32, Rect, RichText, Stroke};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        bars.run_if(in_state(Screen::Playing)).in_set(UiSet::Screen),
    );
}

/// What the bars' buttons send: the game's commands, and the animation's skip.
#[derive(SystemParam)]
struct Orders<'w> {
    commands: MessageWriter<'w, GameCommand>,
    skips: MessageWriter<'w, SkipMove>,
    lessons: MessageWriter<'w, LessonCommand>,
    replays: MessageWriter<'w, ReplayMove>,
    online: MessageWriter<'w, OnlineCommand>,
}

/// What the bars show: the game, what the board shows of it, what is moving, and whether the
/// players sit face to face.
#[derive(SystemParam)]
struct Game<'w> {
    session: Res<'w, Session>,
    shown: Res<'w, Shown>,
    busy: Res<'w, Busy>,
    settings: Res<'w, Settings>,
    online: Option<Res<'w, OnlineGame>>,
    seen_from: Option<Res<'w, SeenFrom>>,
    hint_known: Res<'w, HintKnown>,
    /// The game-over panel is up: the feedback line gives way to it.
    game_over: Res<'w, super::game_over::GameOverShown>,
}

/// The windows the menu's buttons open and close.
#[derive(SystemParam)]
struct MenuPanels<'w> {
    panels: ResMut<'w, Panels>,
    records: ResMut<'w, RecordsPanel>,
}

/// The cards at the four corners and the middle of the top and bottom edges, over the scene:
/// the board takes the whole window and the cards only its margins. They lie under every window
/// (rules, settings, game over). The room they cover is the overlay's insets.
fn bars(
    mut overlay: Overlay,
    game: Game,
    mut menu_panels: MenuPanels,
    mut insets: ResMut<Insets>,
    mut orders: Orders,
) {
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    if !overlay.policy.hud {
        return;
    }
    let bars = Bars {
        session: &game.session,
        shown: &game.shown,
        busy: &game.busy,
        i18n: &overlay.i18n,
        palette: &overlay.palette,
        screen: ctx.content_rect().shrink(style::BAR_GAP),
        facing: game.settings.face_to_face,
        seen_from_north: game.seen_from.as_deref() == Some(&SeenFrom::North),
        files: overlay.policy.files,
        online: game
            .online
            .as_deref()
            .filter(|online| board_game(online, &game.session).is_some()),
        hint_known: &game.hint_known,
    };
    let north = bars.north_card(ctx);
    let menu = bars.menu_card(ctx, north, &mut menu_panels, &mut orders);
    let (left, right) = if bars.facing {
        (menu, north)
    } else {
        (north, menu)
    };
    let top_middle = bars.top_middle_card(ctx, [left, right], &mut orders);
    let south = bars.south_card(ctx);
    let controls = bars.controls_card(ctx, &mut orders);
    let turn = bars.turn_card(ctx, south, controls);
    let covered_top = [north, menu, top_middle]
        .iter()
        .map(|r| r.bottom())
        .fold(0.0, f32::max);
    let covered_bottom = [south, controls, turn]
        .iter()
        .map(|r| r.top())
        .fold(f32::INFINITY, f32::min);
    let window = ctx.content_rect();
    insets.top = insets.top.max(covered_top - window.top());
    insets.bottom = insets.bottom.max(window.bottom() - covered_bottom);
    if let Some(feedback) = game
        .session
        .feedback()
        .filter(|&f| overlay.policy.shows_feedback(f))
        .filter(|_| !game.game_over.0)
    {
        bars.feedback_line(ctx, feedback, covered_top, window.bottom() - covered_bottom);
    }
}

/// What the bars' cards are drawn from, for one frame.
struct Bars<'a> {
    session: &'a Session,
    shown: &'a Shown,
    busy: &'a Busy,
    i18n: &'a I18n,
    palette: &'a Palette,
    /// The window less the gap the cards keep from its edges.
    screen: Rect,
    /// The players sit face to face: North's cards are turned toward North.
    facing: bool,
    /// The board is seen from North's side (online, seated North): North's card is the near
    /// one, at the bottom, and South's the far one.
    seen_from_north: bool,
    /// Saved games are offered (not at an exhibition kiosk).
    files: bool,
    /// The online game the board shows, if it shows one.
    online: Option<&'a OnlineGame>,
    /// What perfect play knows of the hint's move.
    hint_known: &'a HintKnown,
}

impl Bars<'_> {
    /// An area at a corner or the middle of an edge of the screen, under the windows.
    fn corner(&self, id: &str, align: Align2) -> egui::Area {
        egui::Area::new(egui::Id::new(id))
            .order(egui::Order::Background)
            .pivot(align)
            .fixed_pos(align.pos_in_rect(&self.screen))
    }

    /// Where North's card and the menu go: face to face, North's card is turned toward North, at
    /// North's left (the screen's top right, as South's card is at South's left), and the menu
    /// takes the other corner.
    fn north_and_menu_corners(&self) -> (Align2, Align2) {
        if self.facing {
            (Align2::RIGHT_TOP, Align2::LEFT_TOP)
        } else {
            (Align2::LEFT_TOP, Align2::RIGHT_TOP)
        }
    }

    /// North's card, turned toward North when the players sit face to face (South's, upright,
    /// when the board is seen from North's side).
    fn north_card(&self, ctx: &egui::Context) -> Rect {
        let (corner, _) = self.north_and_menu_corners();
        if !self.facing {
            let far = if self.seen_from_north {
                Player::South
            } else {
                Player::North
            };
            return self.side_area(ctx, "hud-north", corner, far);
        }
        let (mut lines, to_move) = side_lines(self, Player::North);
        // One row for the name, the seat and the mark, one for the counts, as upright.
        let counts = lines.split_off(lines.len() - 1);
        let look = if to_move {
            turned::Look::to_move(self.palette)
        } else {
            turned::Look::card(self.palette)
        };
        let at = corner.pos_in_rect(&self.screen);
        turned::show(ctx, "hud-north-turned", at, corner, &[lines, counts], look)
    }

    /// South's card, at the bottom left (North's when the board is seen from North's side).
    fn south_card(&self, ctx: &egui::Context) -> Rect {
        let near = if self.seen_from_north && !self.facing {
            Player::North
        } else {
            Player::South
        };
        self.side_area(ctx, "hud-south", Align2::LEFT_BOTTOM, near)
    }

    /// An upright side's card at `align`.
    fn side_area(&self, ctx: &egui::Context, id: &str, align: Align2, player: Player) -> Rect {
        self.corner(id, align)
            .show(ctx, |ui| {
                card_frame(self.palette).show(ui, |ui| side_card(ui, self, player));
            })
            .response
            .rect
    }

    /// The menu: lessons, rules, settings, saved games, a new game, in one row where the top
    /// edge has room for it beside North's card and the game card; where it has not (a narrow
    /// window, longer words), one "Menu" button that opens the game's menu with the same
    /// choices, so that no card lies on another.
    fn menu_card(
        &self,
        ctx: &egui::Context,
        north: Rect,
        open: &mut MenuPanels,
        orders: &mut Orders,
    ) -> Rect {
        let (_, corner) = self.north_and_menu_corners();
        let room = inside_card(
            self.screen.width() - north.width() - style::GAME_CARD_MIN_WIDTH - 2.0 * style::BAR_GAP,
        );
        let labels = menu_labels(self);
        self.corner("hud-menu", corner)
            .show(ctx, |ui| {
                card_frame(self.palette).show(ui, |ui| {
                    // In a row, so that a button's words never wrap at the screen's edge.
                    ui.horizontal(|ui| {
                        if row_width(ui, &labels) <= room {
                            menu_buttons(ui, self, open, orders);
                        } else if style::button(ui, &self.i18n.tr("hud-menu")).clicked() {
                            open.panels.menu = true;
                        }
                    });
                })
            })
            .response
            .rect
    }

    /// The top edge's middle: the game card, or face to face North's turn card, turned, where
    /// the game card is otherwise (face to face there is no move list).
    fn top_middle_card(&self, ctx: &egui::Context, sides: [Rect; 2], orders: &mut Orders) -> Rect {
        if !self.facing {
            return self.game_card(ctx, sides, orders);
        }
        let [left, right] = sides;
        let x = (left.right() + right.left()) / 2.0;
        turned::show(
            ctx,
            "hud-turn-turned",
            egui::pos2(x, self.screen.top()),
            Align2::CENTER_TOP,
            &rows(status_lines(self).lines),
            turned::Look::card(self.palette),
        )
    }

    /// The top edge's middle card: the variant, the kichwa reading it plays (KU-8, KU-8c) and
    /// the move list (a click on a move replays it). Centred between the two top corner cards.
    fn game_card(
        &self,
        ctx: &egui::Context,
        [left, right]: [Rect; 2],
        orders: &mut Orders,
    ) -> Rect {
        between("hud-game", left, right, Align2::CENTER_TOP)
            .show(ctx, |ui| {
                card_frame(self.palette).show(ui, |ui| {
                    ui.set_max_width(inside_card(room_between(left, right)));
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = style::BAR_LINE_SPACING;
                        if let Some(ply) = game_card_contents(ui, self) {
                            orders.replays.write(ReplayMove(ply));
                        }
                    });
                })
            })
            .response
            .rect
    }

    /// The game's buttons at the bottom right.
    fn controls_card(&self, ctx: &egui::Context, orders: &mut Orders) -> Rect {
        self.corner("hud-controls", Align2::RIGHT_BOTTOM)
            .show(ctx, |ui| {
                card_frame(self.palette).show(ui, |ui| {
                    ui.horizontal(|ui| buttons(ui, self, orders));
                })
            })
            .response
            .rect
    }

    /// The turn card, between South's card and the controls. Only words: it takes no click (a
    /// click there goes through to the board).
    /// Where the gap between them is too narrow for it (a small window), it stands centred
    /// above the higher of the two instead of over their edges.
    fn turn_card(&self, ctx: &egui::Context, south: Rect, controls: Rect) -> Rect {
        let gap = controls.left() - south.right() - 2.0 * style::BAR_GAP;
        let (area, width) = if gap >= style::BAR_MIN_WIDTH {
            (
                between("hud-turn", south, controls, Align2::CENTER_BOTTOM),
                gap,
            )
        } else {
            let top = south.top().min(controls.top()) - style::BAR_GAP;
            let area = egui::Area::new(egui::Id::new("hud-turn"))
                .order(egui::Order::Background)
                .pivot(Align2::CENTER_BOTTOM)
                .fixed_pos(egui::pos2(self.screen.center().x, top));
            (area, self.screen.width())
        };
        let width = inside_card(width);
        area.interactable(false)
            .show(ctx, |ui| {
                card_frame(self.palette).show(ui, |ui| {
                    // An area keeps last frame's width: without this, a longer line (a hint)
                    // that comes later would wrap word by word into a narrow column.
                    ui.set_max_width(width);
                    status(ui, self);
                })
            })
            .response
            .rect
    }

    /// The gentle line after a click that is not a move, over the bottom cards (`bottom` is the
    /// room they cover); face to face, on North's turn, turned toward North under the top cards
    /// (`top` is where they end).
    fn feedback_line(&self, ctx: &egui::Context, feedback: Feedback, top: f32, bottom: f32) {
        let text = super::feedback::feedback(feedback, self.i18n);
        if self.facing && self.shown.position(self.session).to_move() == Player::North {
            let line = turned::Line::new(text, style::BODY_TEXT, self.palette.banner_text);
            turned::show(
                ctx,
                "hud-feedback-turned",
                egui::pos2(ctx.content_rect().center().x, top + style::FEEDBACK_GAP),
                Align2::CENTER_TOP,
                &[vec![line]],
                turned::Look::banner(self.palette),
            );
            return;
        }
        // Above the step caption when one is shown (both sit at the board's bottom edge), and
        // as wide as it may be, so that a long reason is not wrapped into a narrow column.
        let window = ctx.content_rect();
        let lift = feedback_lift(bottom, super::explain::caption_top(ctx), window.bottom());
        let width = super::explain::caption_width(window.width());
        egui::Area::new(egui::Id::new("hud-feedback"))
            .anchor(
                Align2::CENTER_BOTTOM,
                egui::vec2(0.0, -lift - style::FEEDBACK_GAP),
            )
            .interactable(false)
            .show(ctx, |ui| {
                ui.set_max_width(width);
                egui::Frame::new()
                    .fill(self.palette.banner)
                    .corner_radius(egui::CornerRadius::same(style::FEEDBACK_CORNER))
                    .inner_margin(style::FEEDBACK_MARGIN)
                    .show(ui, |ui| {
                        ui.label(
                            RichText::new(text)
                                .size(style::BODY_TEXT)
                                .italics()
                                .color(self.palette.banner_text),
                        );
                    });
            });
    }
}

/// How far above the window's bottom edge the feedback line sits: above the cards covering the
/// bottom (`bottom`), and above the step caption when one was drawn (its top at `caption_top`).
fn feedback_lift(bottom: f32, caption_top: Option<f32>, window_bottom: f32) -> f32 {
    caption_top.map_or(bottom, |top| (window_bottom - top).max(bottom))
}

/// The words of the menu's buttons, in their order.
fn menu_labels(bars: &Bars) -> Vec<String> {
    let mut keys = vec!["lessons-button", "hud-rules", "hud-settings"];
    if bars.files {
        keys.push("records-button");
    }
    keys.push("hud-new-game");
    keys.iter().map(|key| bars.i18n.tr(key)).collect()
}

/// How wide a row of buttons with these words is, in points.
fn row_width(ui: &egui::Ui, labels: &[String]) -> f32 {
    let padding = ui.spacing().button_padding.x;
    let gap = ui.spacing().item_spacing.x;
    let widths: f32 = labels
        .iter()
        .map(|label| {
            let text = style::text_width(ui, label, egui::FontId::proportional(style::BUTTON_TEXT));
            (text + 2.0 * padding).max(style::TOUCH)
        })
        .sum();
    widths + gap * labels.len().saturating_sub(1) as f32
}

/// The menu's buttons, left to right.
fn menu_buttons(ui: &mut egui::Ui, bars: &Bars, open: &mut MenuPanels, orders: &mut Orders) {
    let i18n = bars.i18n;
    if style::button(ui, &i18n.tr("lessons-button")).clicked() {
        orders
            .lessons
            .write(LessonCommand::Learn(bars.session.variant()));
    }
    if style::button(ui, &i18n.tr("hud-rules")).clicked() {
        open.panels.rules = match open.panels.rules {
            Some(_) => None,
            None => Some(bars.session.variant()),
        };
    }
    if style::button(ui, &i18n.tr("hud-settings")).clicked() {
        open.panels.settings = !open.panels.settings;
    }
    records::hud_button(ui, &mut open.records, i18n, bars.files);
    if style::button(ui, &i18n.tr("hud-new-game")).clicked() {
        // A game in progress is not left without asking.
        super::game_menu::leave(bars.session, &mut open.panels, &mut orders.commands);
    }
}

/// The game card's lines: the variant's name, its kichwa reading, the move list; the ply of a
/// move clicked to be replayed.
fn game_card_contents(ui: &mut egui::Ui, bars: &Bars) -> Option<usize> {
    let (session, i18n) = (bars.session, bars.i18n);
    let name = i18n.tr(content::variant_name(session.variant()));
    ui.label(RichText::new(name).size(style::PARAGRAPH_TEXT).strong());
    // KU-8, KU-8c: which kichwa rule this game follows, so that nobody wonders why a question
    // comes or does not.
    if let Some(line) = reading::reading_line(session.variant(), reading::Wording::Short, i18n) {
        ui.label(
            RichText::new(line)
                .size(style::FINE_TEXT)
                .color(bars.palette.ink_soft),
        );
    }
    let replayable = replay_move::can_replay(session, bars.busy);
    move_list(ui, bars, replayable)
}

/// The width a card's contents get for the card to be `outer` wide: its frame's margins lie
/// outside the width its contents are given.
fn inside_card(outer: f32) -> f32 {
    outer - 2.0 * f32::from(style::BAR_CARD_MARGIN.left)
}

/// The widest a card between two corner cards may grow.
fn room_between(left: Rect, right: Rect) -> f32 {
    (right.left() - left.right() - 2.0 * style::BAR_GAP).max(style::BAR_MIN_WIDTH)
}

/// An area centred in the gap between two corner cards, at the top or the bottom edge.
fn between(id: &str, left: egui::Rect, right: egui::Rect, align: Align2) -> egui::Area {
    let x = (left.right() + right.left()) / 2.0;
    let y = if align == Align2::CENTER_TOP {
        left.top().min(right.top())
    } else {
        left.bottom().max(right.bottom())
    };
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Background)
        .pivot(align)
        .fixed_pos(egui::pos2(x, y))
}

/// A card over the scene: parchment, a little translucent, rounded, with a thin ochre edge, so
/// that it reads over the wood and over the dark room alike.
fn card_frame(palette: &Palette) -> egui::Frame {
    egui::Frame::new()
        .fill(palette.card)
        .stroke(Stroke::new(style::THIN_EDGE_WIDTH, style::CARD_EDGE))
        .corner_radius(egui::CornerRadius::same(style::CARD_CORNER))
        .inner_margin(style::BAR_CARD_MARGIN)
}

/// How a seat is described: a person, or the computer and its level.
fn seat_text(seat: Seat, i18n: &I18n) -> String {
    match seat {
        Seat::Human => i18n.tr("seat-human"),
        Seat::Remote => i18n.tr("seat-remote"),
        Seat::Computer(level) => i18n.tr_args(
            "seat-computer",
            &[("level", i18n.tr(level_name(level)).into())],
        ),
    }
}

/// One player's card: name, seat, whose turn, and the seeds on the side and captured — as the
/// board shows them (mid-move, the numbers change as the seeds land).
fn side_card(ui: &mut egui::Ui, bars: &Bars, player: Player) {
    // Room for the counts on one line (an area keeps last frame's width, so a line that grows
    // would wrap).
    ui.set_max_width(ui.ctx().content_rect().width() * style::SIDE_CARD_SHARE);
    let (lines, to_move) = side_lines(bars, player);
    let frame = if to_move {
        style::card(bars.palette.ochre_pale)
            .stroke(Stroke::new(style::CHOSEN_EDGE_WIDTH, bars.palette.ochre))
    } else {
        style::card(Color32::TRANSPARENT).stroke(Stroke::NONE)
    };
    frame.inner_margin(style::SIDE_CARD_MARGIN).show(ui, |ui| {
        ui.spacing_mut().item_spacing.y = style::BAR_LINE_SPACING;
        let (heading, counts) = lines.split_at(lines.len() - 1);
        ui.horizontal(|ui| {
            for part in heading {
                ui.label(rich(part));
            }
        });
        for line in counts {
            ui.label(rich(line));
        }
    });
}

/// Lines one below the other, as a turned card's rows.
fn rows(lines: Vec<turned::Line>) -> Vec<Vec<turned::Line>> {
    lines.into_iter().map(|line| vec![line]).collect()
}

/// A line of text as the upright cards show it.
fn rich(line: &turned::Line) -> RichText {
    RichText::new(&line.text).size(line.size).color(line.color)
}

/// What a side's card says: its name, its seat and (if it is to move) the mark, then its counts
/// as the last line; and whether it is to move. The upright card puts all but the last on one
/// row; the turned one (face to face) joins them into one line.
fn side_lines(bars: &Bars, player: Player) -> (Vec<turned::Line>, bool) {
    let (session, i18n, palette) = (bars.session, bars.i18n, bars.palette);
    let position = bars.shown.position(session);
    // A resignation ends an online game that the board's game does not end.
    let resigned = bars
        .online
        .is_some_and(|online| online.resigned().is_some());
    let over = bars.shown.outcome(session).is_over() || resigned;
    let to_move = !over && position.to_move() == player;
    let seat = bars
        .online
        .and_then(|online| super::online::our_seat(online, player))
        .unwrap_or(session.seat(player));
    let mut lines = vec![
        turned::Line::new(i18n.tr(player_name(player)), style::BODY_TEXT, palette.ink),
        turned::Line::new(seat_text(seat, i18n), style::NOTE_TEXT, palette.ink_soft),
    ];
    if to_move {
        let mark = i18n.tr("hud-to-move-mark");
        lines.push(turned::Line::new(
            mark,
            style::NOTE_TEXT,
            palette.ochre_text,
        ));
    }
    let counts = counts_text(
        i18n,
        position.variant(),
        [
            position.seeds_on_side(player),
            u32::from(position.captured(player)),
            position.kingulu_score(player),
        ],
    );
    lines.push(turned::Line::new(counts, style::COUNTS_TEXT, palette.ink));
    (lines, to_move)
}

/// A side's seeds, captures and (in Kingulu) score: "24 seeds on this side · 0 captured · …".
fn counts_text(i18n: &I18n, variant: Variant, [seeds, captured, score]: [u32; 3]) -> String {
    let mut counts = i18n.tr_args("hud-seeds", &[("count", seeds.into())]);
    if !variant.is_kujifunza() {
        counts.push(' ');
        counts.push_str(&i18n.tr_args("hud-captured", &[("count", captured.into())]));
    }
    if variant == Variant::Kingulu {
        counts.push(' ');
        counts.push_str(&i18n.tr_args("hud-score", &[("score", score.into())]));
    }
    counts
}

/// What the turn card says.
struct Status {
    /// Whose turn it is (or the computer thinking, the seeds moving, the game over), then the
    /// hint if one was asked.
    lines: Vec<turned::Line>,
    /// The computer is thinking: the upright card shows a spinner before the first line.
    thinking: bool,
}

/// Whose turn it is, the computer thinking, a hint.
fn status(ui: &mut egui::Ui, bars: &Bars) {
    let Status { lines, thinking } = status_lines(bars);
    for (i, line) in lines.iter().enumerate() {
        if i == 0 && thinking {
            ui.horizontal(|ui| {
                ui.add(
                    egui::Spinner::new()
                        .size(style::SPINNER_SIZE)
                        .color(bars.palette.ochre_text),
                );
                ui.label(rich(line));
            });
        } else {
            ui.label(rich(line));
        }
    }
}

/// What perfect play knows of the hint `hint`, in words: a proven win, or the final count of
/// Kingulu's endgame table (KN-8).
fn hint_known_line(bars: &Bars, hint: Move) -> Option<String> {
    let (mv, known) = bars.hint_known.0?;
    if mv != hint {
        return None;
    }
    let i18n = bars.i18n;
    match known {
        Known::ProvenWin { .. } => Some(i18n.tr("hud-hint-proven")),
        Known::Table { south, north, .. } => Some(i18n.tr_args(
            "hud-hint-table",
            &[
                ("south", i64::from(south).into()),
                ("north", i64::from(north).into()),
            ],
        )),
    }
}

/// The turn card's lines, for the upright card and the turned one alike.
fn status_lines(bars: &Bars) -> Status {
    let (session, shown, busy, i18n) = (bars.session, bars.shown, bars.busy, bars.i18n);
    let position = shown.position(session);
    let mover = [("player", i18n.tr(player_name(position.to_move())).into())];
    let ink = bars.palette.ink;
    let resigned = bars
        .online
        .is_some_and(|online| online.resigned().is_some());
    let (first, size, color) = if shown.outcome(session).is_over() || resigned {
        (i18n.tr("hud-game-over"), style::LARGE_TEXT, ink)
    } else if busy.thinking {
        (
            i18n.tr_args("hud-thinking", &mover),
            style::EMPHASIS_TEXT,
            ink,
        )
    } else if busy.moving {
        let soft = bars.palette.ink_soft;
        (i18n.tr("hud-sowing"), style::EMPHASIS_TEXT, soft)
    } else if session.human_to_move(busy) {
        let both_human = session.seats().iter().all(|s| *s == Seat::Human);
        let key = if both_human {
            "hud-to-move"
        } else {
            "hud-your-move"
        };
        (i18n.tr_args(key, &mover), style::LARGE_TEXT, ink)
    } else {
        (
            i18n.tr_args("hud-to-move", &mover),
            style::EMPHASIS_TEXT,
            ink,
        )
    };
    let mut lines = vec![turned::Line::new(first, size, color)];
    if let Some(hint) = session.hint() {
        let color = bars.palette.ochre_text;
        let text = i18n.tr_args("hud-hint", &[("move", hint.to_string().into())]);
        lines.push(turned::Line::new(text, style::CARD_TEXT, color));
        if let Some(known) = hint_known_line(bars, hint) {
            lines.push(turned::Line::new(known, style::CARD_TEXT, color));
        }
    }
    if let Some(online) = bars.online {
        let line = super::online::connection_line(online, i18n);
        let color = bars.palette.ink_soft;
        lines.push(turned::Line::new(line, style::CARD_TEXT, color));
    }
    Status {
        lines,
        thinking: busy.thinking && !shown.outcome(session).is_over(),
    }
}

/// The game's buttons, left to right: the hint (or, while seeds move, the skip), undo, redo.
fn buttons(ui: &mut egui::Ui, bars: &Bars, orders: &mut Orders) {
    let (session, busy, i18n) = (bars.session, bars.busy, bars.i18n);
    let idle = !busy.moving;
    let can_hint = session.human_to_move(busy) && !busy.thinking;
    if busy.moving {
        if style::button(ui, &i18n.tr("hud-skip")).clicked() {
            orders.skips.write(SkipMove);
        }
    } else if style::button_enabled(ui, can_hint, &i18n.tr("hud-hint-button")).clicked() {
        orders.commands.write(GameCommand::Hint);
    }
    // An online game is the server's: nothing is taken back or played again here; it may be
    // resigned, and once over a rematch asked for.
    if let Some(online) = bars.online {
        if let Some(command) = super::online::game_buttons(ui, i18n, online) {
            orders.online.write(command);
        }
        return;
    }
    let local = !session.has_remote_seat();
    let can_undo = local && idle && !session.game().moves().is_empty();
    if style::button_enabled(ui, can_undo, &i18n.tr("hud-undo")).clicked() {
        orders.commands.write(GameCommand::Undo);
    }
    let can_redo = local && idle && !session.redo_moves().is_empty();
    if style::button_enabled(ui, can_redo, &i18n.tr("hud-redo")).clicked() {
        orders.commands.write(GameCommand::Redo);
    }
}

/// The moves so far in notation, numbered by South–North pairs; the last one stands out. With
/// `replayable`, a click on a move plays it again (its ply is returned).
fn move_list(ui: &mut egui::Ui, bars: &Bars, replayable: bool) -> Option<usize> {
    // The move being sown joins the list when its seeds have landed.
    let moves = bars.shown.moves(bars.session);
    let soft = |text: String| {
        RichText::new(text)
            .size(style::CARD_TEXT)
            .color(bars.palette.ink_soft)
    };
    if moves.is_empty() {
        ui.label(soft(bars.i18n.tr("hud-no-moves")));
        return None;
    }
    let mut clicked = None;
    let game = &bars.session.game();
    // As many of the last moves as the card has room for, from a move pair's number: the list
    // never starts cut in the middle of a pair or without its number, and "…" says that earlier
    // moves are left out (the saved-games window has them all).
    let first = first_move_shown(ui, game, moves);
    ui.horizontal(|ui| {
        if first > 0 {
            ui.label(soft("…".to_owned()));
        } else if game.opens_with_north() {
            // A game (or an example) that starts with North to move opens with "1. …".
            ui.label(soft("1. …".to_owned()));
        }
        for (i, mv) in moves.iter().enumerate().skip(first) {
            if let Some(number) = game.pair_number(i) {
                ui.label(soft(format!("{number}.")));
            } else if i == first {
                ui.label(soft(format!(
                    "{}. …",
                    game.pair_number(i.saturating_sub(1)).unwrap_or(1)
                )));
            }
            let last = i + 1 == moves.len();
            if move_label(ui, bars, mv.to_string(), last, replayable) {
                clicked = Some(i);
            }
        }
    });
    clicked
}

/// The first of `moves` the card shows: the earliest from which the rest fit its width, moved
/// on to the start of a pair where that still leaves a move to show.
fn first_move_shown(ui: &egui::Ui, game: &bao_engine::Game, moves: &[bao_engine::Move]) -> usize {
    let gap = ui.spacing().item_spacing.x;
    let width_of = |text: String, size: f32, mono: bool| {
        let font = if mono {
            egui::FontId::monospace(size)
        } else {
            egui::FontId::proportional(size)
        };
        style::text_width(ui, &text, font) + gap
    };
    let room = ui.available_width() - width_of("…".to_owned(), style::CARD_TEXT, false);
    let mut used = 0.0;
    let mut first = moves.len();
    for (i, mv) in moves.iter().enumerate().rev() {
        let number = game
            .pair_number(i)
            .map_or(0.0, |n| width_of(format!("{n}."), style::CARD_TEXT, false));
        used += number + width_of(mv.to_string(), style::PARAGRAPH_TEXT, true);
        if used > room {
            break;
        }
        first = i;
    }
    if first == 0 || first >= moves.len() {
        return first.min(moves.len().saturating_sub(1));
    }
    // Start at a pair's first move, if that is not the last move itself.
    if game.pair_number(first).is_none() && first + 1 < moves.len() {
        first += 1;
    }
    first
}

/// One move of the move list, the `last` one marked; whether it was clicked to be replayed.
fn move_label(ui: &mut egui::Ui, bars: &Bars, mv: String, last: bool, replayable: bool) -> bool {
    let mut text = RichText::new(mv).size(style::PARAGRAPH_TEXT).monospace();
    if last {
        text = text.background_color(bars.palette.ochre_pale).strong();
    }
    if !replayable {
        ui.label(text);
        return false;
    }
    let label = egui::Label::new(text).sense(egui::Sense::click());
    ui.add(label)
        .on_hover_cursor(egui::CursorIcon::PointingHand)
        .on_hover_text(bars.i18n.tr("replay-move-hover"))
        .clicked()
}

#[cfg(test)]
mod tests {
    use super::feedback_lift;

    #[test]
    fn the_feedback_line_goes_above_the_step_caption_and_never_onto_the_cards() {
        // No caption: just above the bottom cards.
        assert_eq!(feedback_lift(80.0, None, 720.0), 80.0);
        // A caption whose top is 170 px above the bottom edge: above it.
        assert_eq!(feedback_lift(80.0, Some(550.0), 720.0), 170.0);
        // A caption lower than the cards' top: still above the cards.
        assert_eq!(feedback_lift(80.0, Some(700.0), 720.0), 80.0);
    }
}
