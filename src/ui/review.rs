//! The review's card, under the players' cards while a game is reviewed: how each player did,
//! a chart of the seed balance over the game (a click on it goes to that move), the verdict on
//! the move shown, and "show the better move", which plays the best move on the board, seed by
//! seed, and comes back. The board is the teacher; the card says what it shows.

use super::replay_move::ShowBetterMove;
use super::style::{self, Palette};
use super::viewport::Insets;
use super::{Overlay, UiSet};
use crate::content::player_name;
use crate::core::{Activity, Busy, Screen, Session};
use crate::i18n::I18n;
use crate::records::{GameReview, ReplayCommand, ReviewCommand, Reviewing};
use bao_ai::{Basis, MoveReview, PlayerSummary, Review, Verdict};
use bao_engine::Player;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Color32, RichText, Sense, Stroke, Vec2, pos2};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        review_card
            .run_if(in_state(Screen::Playing))
            .in_set(UiSet::Banner),
    );
}

/// The chart's height, in points: a line a glance reads, leaving the board most of the window.
const CHART_HEIGHT: f32 = 52.0;
/// The widest the card grows, in points.
const CARD_WIDTH: f32 = 1000.0;
/// The card keeps this much of the window's width free at its sides.
const CARD_SIDES: f32 = 40.0;
/// The radius of a move's point on the chart, and of a mistake's.
const POINT: f32 = 2.5;
const MISTAKE_POINT: f32 = 5.0;
/// Up to this many moves every move has its point; in a longer game only the mistakes do (the
/// points would run into a line).
const DOTTED_UP_TO: usize = 80;

/// What the card asks for.
#[derive(SystemParam)]
struct Asks<'w> {
    replay: MessageWriter<'w, ReplayCommand>,
    review: MessageWriter<'w, ReviewCommand>,
    better: MessageWriter<'w, ShowBetterMove>,
}

/// What the card shows: the review, and the board's game.
#[derive(SystemParam)]
struct Reviewed<'w> {
    reviews: Res<'w, GameReview>,
    session: Res<'w, Session>,
    busy: Res<'w, Busy>,
}

fn review_card(
    mut overlay: Overlay,
    reviewed: Reviewed,
    mut insets: ResMut<Insets>,
    mut asks: Asks,
) {
    let Some(reviewing) = reviewed.reviews.0.as_ref() else {
        return;
    };
    let session = &reviewed.session;
    if session.activity() != Activity::Replay || !reviewing.shows(session) {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let shown = session.game().moves().len();
    let width = (ctx.content_rect().width() - CARD_SIDES).min(CARD_WIDTH);
    let asked = style::top_card(ctx, palette, "review-card", &mut insets, |ui| {
        ui.set_width(width);
        card_contents(ui, (i18n, palette), reviewing, shown, reviewed.busy.moving)
    });
    match asked {
        Some(Asked::Replay(command)) => {
            asks.replay.write(command);
        }
        Some(Asked::Review(command)) => {
            asks.review.write(command);
        }
        Some(Asked::Better(better)) => {
            asks.better.write(better);
        }
        Some(Asked::BetterPressed) | None => {}
    }
}

/// What a click on the card asked for.
enum Asked {
    Replay(ReplayCommand),
    Review(ReviewCommand),
    /// The better move's button was pressed (the example is made from it).
    BetterPressed,
    Better(ShowBetterMove),
}

/// The card, in four rows: the heading with its buttons, the move shown with its verdict, the
/// chart, and each player's summary with their biggest mistakes (while the review is being
/// made, its progress instead of the last three).
fn card_contents(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    reviewing: &Reviewing,
    shown: usize,
    moving: bool,
) -> Option<Asked> {
    let Some(review) = reviewing.review() else {
        let asked = heading_row(ui, (i18n, palette), None);
        progress(ui, (i18n, palette), reviewing.progress());
        return asked;
    };
    // The move shown: the last one played on the board (at the start, the first).
    let entry = review.entries.get(shown.saturating_sub(1));
    let better = entry.is_some_and(|entry| can_be_bettered(entry) && !moving);
    let mut asked = heading_row(ui, (i18n, palette), Some(better));
    if matches!(asked, Some(Asked::BetterPressed)) {
        // The position before the move is replayed only now, not in every frame.
        asked = entry.map(|entry| Asked::Better(better_move(reviewing, entry)));
    }
    match entry {
        Some(entry) => move_verdict(ui, (i18n, palette), entry),
        None => {
            ui.label(RichText::new(i18n.tr("review-no-moves")).size(style::CARD_TEXT));
        }
    }
    asked = asked.or(chart(ui, (i18n, palette), review, shown));
    asked.or(summaries(ui, (i18n, palette), review))
}

/// "Review of the game", and the buttons: a step back and forward, the better move (once the
/// review is done, where the move shown has one), play on from here against the computer, and
/// close (the review stands in for the replay's bar, so closing it closes the replay).
fn heading_row(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    better: Option<bool>,
) -> Option<Asked> {
    ui.horizontal(|ui| {
        let mut asked = None;
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if style::card_button(ui, &i18n.tr("review-close")).clicked() {
                asked = Some(Asked::Replay(ReplayCommand::Close));
            }
            if style::card_button(ui, &i18n.tr("review-play-on")).clicked() {
                asked = Some(Asked::Review(ReviewCommand::PlayOn));
            }
            if let Some(better) = better {
                let text =
                    RichText::new(i18n.tr("review-show-better")).size(style::CARD_BUTTON_TEXT);
                let button = egui::Button::new(text).min_size(Vec2::splat(style::TOUCH));
                if ui.add_enabled(better, button).clicked() {
                    asked = Some(Asked::BetterPressed);
                }
            }
            for (glyph, key, step) in [
                ("»", "records-replay-forward", ReplayCommand::Forward),
                ("«", "records-replay-back", ReplayCommand::Back),
            ] {
                if step_button(ui, glyph, &i18n.tr(key)).clicked() {
                    asked = Some(Asked::Replay(step));
                }
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.label(
                    RichText::new(i18n.tr("review-title"))
                        .size(style::CARD_NAME_TEXT)
                        .strong()
                        .color(palette.ochre_text),
                );
            });
        });
        asked
    })
    .inner
}

/// A square button with a glyph, named `name` for the screen reader and on hover.
fn step_button(ui: &mut egui::Ui, glyph: &str, name: &str) -> egui::Response {
    let text = RichText::new(glyph).size(style::CARD_NAME_TEXT);
    let response = ui.add(egui::Button::new(text).min_size(Vec2::splat(style::TOUCH)));
    let enabled = response.enabled();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, name));
    response.on_hover_text(name)
}

/// While the review is being made: how far it is.
fn progress(ui: &mut egui::Ui, (i18n, palette): (&I18n, &Palette), (done, total): (usize, usize)) {
    let text = i18n.tr_args(
        "review-working",
        &[("done", done.into()), ("total", total.into())],
    );
    ui.label(
        RichText::new(&text)
            .size(style::CARD_TEXT)
            .color(palette.ink),
    );
    let share = if total == 0 {
        1.0
    } else {
        done as f32 / total as f32
    };
    ui.add(
        egui::ProgressBar::new(share)
            .fill(palette.ochre)
            .desired_height(style::LINE_GAP * 3.0),
    )
    .on_hover_text(text);
}

/// Both players in one row: "South: 88 of 94 moves best." and their biggest mistakes, each a
/// button that goes to its move.
fn summaries(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    review: &Review,
) -> Option<Asked> {
    ui.horizontal_wrapped(|ui| {
        // Tight buttons (still full touch targets), so that both players fit one row.
        ui.spacing_mut().button_padding = Vec2::new(style::LINE_GAP * 1.5, style::LINE_GAP / 2.0);
        ui.spacing_mut().item_spacing.x = style::LINE_GAP * 1.5;
        let mut asked = summary(ui, (i18n, palette), review, Player::South);
        ui.add_space(style::SECTION_GAP * 2.0);
        asked = asked.or(summary(ui, (i18n, palette), review, Player::North));
        asked
    })
    .inner
}

/// One player's summary and mistakes.
fn summary(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    review: &Review,
    player: Player,
) -> Option<Asked> {
    let summary: &PlayerSummary = &review.summary[player.index()];
    let line = i18n.tr_args(
        "review-summary",
        &[
            ("side", side_name(player, i18n).into()),
            ("best", summary.best.into()),
            ("moves", summary.moves.into()),
        ],
    );
    ui.label(RichText::new(line).size(style::CARD_TEXT).strong());
    if summary.mistakes.is_empty() {
        let none = RichText::new(i18n.tr("review-no-mistakes")).size(style::CARD_TEXT);
        ui.label(none.color(palette.ink_soft));
        return None;
    }
    let mistakes = RichText::new(i18n.tr("review-mistakes")).size(style::CARD_TEXT);
    ui.label(mistakes.color(palette.ink_soft));
    let mut asked = None;
    for &index in &summary.mistakes {
        let entry = &review.entries[index];
        let text = RichText::new(format!("{}. {}", entry.ply + 1, entry.played))
            .size(style::CARD_TEXT)
            .color(verdict_colour(entry.verdict, palette));
        let button = egui::Button::new(text).min_size(Vec2::splat(style::TOUCH));
        let hover = verdict_and_cost(entry, i18n);
        if ui.add(button).on_hover_text(hover).clicked() {
            asked = Some(Asked::Replay(ReplayCommand::To(entry.ply + 1)));
        }
    }
    asked
}

/// The seed balance over the game, South above the middle line and North below, a point per
/// move (larger and coloured for a mistake), the move shown marked; a click goes to the move
/// nearest to it.
fn chart(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    review: &Review,
    shown: usize,
) -> Option<Asked> {
    let width = ui.available_width();
    let (rect, response) =
        ui.allocate_exact_size(Vec2::new(width, CHART_HEIGHT), Sense::click_and_drag());
    let total = review.entries.len();
    let label = i18n.tr_args(
        "review-chart-label",
        &[("total", total.into()), ("shown", shown.into())],
    );
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::WidgetType::Other, ui.is_enabled(), label.clone())
    });
    let response = response.on_hover_text(i18n.tr("review-chart-help"));
    draw_chart(ui, (i18n, palette), rect, review, shown);
    if response.has_focus() {
        ui.painter().rect_stroke(
            rect,
            style::LINE_GAP,
            Stroke::new(2.0, palette.ochre_text),
            egui::StrokeKind::Outside,
        );
    }
    let asked = response
        .interact_pointer_pos()
        .filter(|_| response.clicked() || response.dragged())
        .map(|at| {
            let share = ((at.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
            (share * total as f32).round() as usize
        })
        .filter(|&n| n != shown)
        .map(|n| Asked::Replay(ReplayCommand::To(n)));
    if response.has_focus() {
        keyboard_steps(ui, shown, total).or(asked)
    } else {
        asked
    }
}

/// The chart's picture: the middle line, who is ahead above and below it, the balance after
/// each move, a point per move coloured by its verdict, and the move shown.
fn draw_chart(
    ui: &egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    rect: egui::Rect,
    review: &Review,
    shown: usize,
) {
    let total = review.entries.len();
    let balances = chart_points(review);
    let span = balances
        .iter()
        .map(|b| b.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(4) as f32;
    let x_of = |n: usize| rect.left() + rect.width() * n as f32 / total.max(1) as f32;
    let y_of = |balance: i32| rect.center().y - rect.height() * 0.42 * balance as f32 / span;
    let painter = ui.painter_at(rect.expand(MISTAKE_POINT));
    painter.rect_filled(rect, style::LINE_GAP, palette.ochre_pale);
    let middle = Stroke::new(1.0, palette.ink_soft);
    painter.hline(rect.x_range(), rect.center().y, middle);
    painter.vline(
        x_of(shown),
        rect.y_range(),
        Stroke::new(2.0, palette.ochre_text),
    );
    let line: Vec<egui::Pos2> = balances
        .iter()
        .enumerate()
        .map(|(n, &b)| pos2(x_of(n), y_of(b)))
        .collect();
    painter.add(egui::Shape::line(line, Stroke::new(1.5, palette.ink)));
    label_sides(&painter, (i18n, palette), rect);
    for entry in &review.entries {
        let at = pos2(x_of(entry.ply + 1), y_of(entry.balance));
        if entry.verdict.is_mistake() {
            painter.circle_filled(at, MISTAKE_POINT, verdict_colour(entry.verdict, palette));
        } else if total <= DOTTED_UP_TO {
            painter.circle_filled(at, POINT, verdict_colour(entry.verdict, palette));
        }
    }
}

/// Who is ahead, above and below the chart's middle line, on a patch of the chart's colour.
fn label_sides(painter: &egui::Painter, (i18n, palette): (&I18n, &Palette), rect: egui::Rect) {
    let inset = Vec2::new(style::LINE_GAP * 2.0, style::LINE_GAP);
    for (side, corner, at) in [
        (
            Player::South,
            egui::Align2::LEFT_TOP,
            rect.left_top() + inset,
        ),
        (
            Player::North,
            egui::Align2::LEFT_BOTTOM,
            rect.left_bottom() + Vec2::new(inset.x, -inset.y),
        ),
    ] {
        let text = i18n.tr_args("review-ahead", &[("side", side_name(side, i18n).into())]);
        let font = egui::FontId::proportional(style::FINE_TEXT);
        let galley = painter.layout_no_wrap(text, font, palette.ink_soft);
        let place = corner.anchor_size(at, galley.size());
        painter.rect_filled(place.expand(2.0), 2.0, palette.ochre_pale);
        painter.galley(place.min, galley, palette.ink_soft);
    }
}

/// With the chart focused (Tab), the arrow keys step through the game.
fn keyboard_steps(ui: &egui::Ui, shown: usize, total: usize) -> Option<Asked> {
    ui.input(|input| {
        if input.key_pressed(egui::Key::ArrowLeft) && shown > 0 {
            Some(Asked::Replay(ReplayCommand::To(shown - 1)))
        } else if input.key_pressed(egui::Key::ArrowRight) && shown < total {
            Some(Asked::Replay(ReplayCommand::To(shown + 1)))
        } else {
            None
        }
    })
}

/// The balance at the start and after each move.
fn chart_points(review: &Review) -> Vec<i32> {
    std::iter::once(review.start_balance)
        .chain(review.entries.iter().map(|entry| entry.balance))
        .collect()
}

/// Whether a better move than the one played can be shown.
fn can_be_bettered(entry: &MoveReview) -> bool {
    entry.verdict != Verdict::Best && entry.best != entry.played
}

/// "Move 12, North: b5- — dubious — 1.5 seeds less than a3+ (searched 9 moves ahead)".
fn move_verdict(ui: &mut egui::Ui, (i18n, palette): (&I18n, &Palette), entry: &MoveReview) {
    ui.horizontal_wrapped(|ui| {
        let head = RichText::new(move_heading(entry, i18n)).size(style::CARD_TEXT);
        ui.label(head.strong());
        let verdict = RichText::new(verdict_and_cost(entry, i18n))
            .size(style::CARD_TEXT)
            .strong()
            .color(verdict_colour(entry.verdict, palette));
        ui.label(verdict);
        let basis = RichText::new(basis_text(entry.basis, i18n)).size(style::FINE_TEXT);
        ui.label(basis.color(palette.ink_soft));
    });
}

/// What a screen reader hears of the move shown in a review (the web's live region): "Move 3,
/// South: a7: loses seeds — 4.0 seeds less than a2".
#[cfg(target_arch = "wasm32")]
pub(crate) fn spoken_verdict(review: &Review, shown: usize, i18n: &I18n) -> Option<String> {
    let entry = review.entries.get(shown.checked_sub(1)?)?;
    let head = move_heading(entry, i18n);
    Some(format!("{head}: {}", verdict_and_cost(entry, i18n)))
}

/// "Move 12, North: b5-".
fn move_heading(entry: &MoveReview, i18n: &I18n) -> String {
    i18n.tr_args(
        "review-move",
        &[
            ("number", (entry.ply + 1).into()),
            ("side", side_name(entry.side, i18n).into()),
            ("move", entry.played.to_string().into()),
        ],
    )
}

/// "dubious — 1.5 seeds less than a3+", or the verdict alone for the best move.
fn verdict_and_cost(entry: &MoveReview, i18n: &I18n) -> String {
    let verdict = verdict_name(entry.verdict, i18n);
    if !can_be_bettered(entry) {
        return verdict;
    }
    let cost = i18n.tr_args(
        "review-cost",
        &[
            ("seeds", format!("{:.1}", entry.seeds_lost).into()),
            ("best", entry.best.to_string().into()),
        ],
    );
    format!("{verdict} {cost}")
}

/// The example of the better move: the position the move was made in, and the best move.
fn better_move(reviewing: &Reviewing, entry: &MoveReview) -> ShowBetterMove {
    let before = reviewing.viewer().session_at(entry.ply);
    ShowBetterMove {
        number: entry.ply + 1,
        position: *before.game().position(),
        mv: entry.best,
    }
}

/// A verdict's words, in the current language.
pub(super) fn verdict_name(verdict: Verdict, i18n: &I18n) -> String {
    i18n.tr(&format!("review-verdict-{}", verdict.id()))
}

/// A verdict's colour: quiet for good moves, ochre for dubious ones, the palette's bad news for
/// the rest.
fn verdict_colour(verdict: Verdict, palette: &Palette) -> Color32 {
    match verdict {
        Verdict::Best => palette.good,
        Verdict::Good => palette.ink_soft,
        Verdict::Dubious => palette.ochre_text,
        Verdict::LosesSeeds | Verdict::MissesWin | Verdict::LosesGame => palette.bad,
    }
}

/// What the verdict rests on: an exact table or proof, or a search of some depth.
fn basis_text(basis: Basis, i18n: &I18n) -> String {
    match basis {
        Basis::Table => i18n.tr("review-basis-table"),
        Basis::Proof => i18n.tr("review-basis-proof"),
        Basis::Forced => i18n.tr("review-basis-forced"),
        Basis::Search { depth } => i18n.tr_args("review-basis-search", &[("depth", depth.into())]),
    }
}

fn side_name(player: Player, i18n: &I18n) -> String {
    i18n.tr(player_name(player))
}
