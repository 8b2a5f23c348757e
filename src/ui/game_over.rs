//! The game-over panel: who won and why, in the words of the game ("North's front row is empty
//! — bao hamna"), with a new game, undo, a last look at the board, or its review.

use super::style::{self, Palette};
use super::turned;
use super::viewport::Insets;
use super::{Overlay, Panels, UiSet};
use crate::content::ending;
use crate::core::{Activity, Busy, GameCommand, Screen, Session, Settings};
use crate::i18n::I18n;
use crate::online::{OnlineCommand, OnlineGame, board_game};
use crate::records::{GameReview, ReviewCommand};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Align2, RichText, Vec2};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameOverShown>().add_systems(
        EguiPrimaryContextPass,
        game_over_window
            .run_if(in_state(Screen::Playing))
            .in_set(UiSet::Windows),
    );
}

/// Whether the panel was shown in the last frame: the lines at the board's bottom edge (the
/// step caption, the feedback) give way to it rather than peek out at its sides.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GameOverShown(pub(super) bool);

/// The game that ended, and where the panel goes: between the bars, or face to face in South's
/// half.
#[derive(SystemParam)]
struct Ended<'w> {
    session: Res<'w, Session>,
    busy: Res<'w, Busy>,
    insets: Res<'w, Insets>,
    settings: Res<'w, Settings>,
    online: Option<Res<'w, OnlineGame>>,
    reviews: Res<'w, GameReview>,
}

/// The panel, once the game is over and its last move shown; does what its buttons ask.
fn game_over_window(
    mut overlay: Overlay,
    ended: Ended,
    mut panels: ResMut<Panels>,
    mut commands: MessageWriter<GameCommand>,
    mut online_commands: MessageWriter<OnlineCommand>,
    mut reviews: MessageWriter<ReviewCommand>,
    mut shown: ResMut<GameOverShown>,
) {
    shown.set_if_neq(GameOverShown(false));
    let session = &ended.session;
    // An online game on the board, which may also end by a resignation.
    let online = ended
        .online
        .as_deref()
        .filter(|online| board_game(online, session).is_some());
    let Some((headline, reason)) = how_it_ended(session, online, &overlay.i18n) else {
        panels.game_over_dismissed = false;
        return;
    };
    // Let the last move finish on the board first; a puzzle's card says how it ended, and a
    // review's card says how the game went.
    let reviewed = ended.reviews.0.is_some() && session.activity() == Activity::Replay;
    if ended.busy.moving || panels.game_over_dismissed || session.activity().is_guided() || reviewed
    {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    shown.set_if_neq(GameOverShown(true));
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let count = session.game().moves().len();
    let moves = i18n.tr_args("game-over-moves", &[("count", count.into())]);
    let words = Words {
        headline,
        reason,
        moves,
    };
    // Centred between the bars and the example banner, so that it covers neither; face to face,
    // in South's half, with the same words turned toward North in North's half.
    let (align, offset) = if ended.settings.face_to_face {
        turned_for_north(ctx, palette, &words)
    } else {
        between_the_bars(&ended.insets)
    };
    match show_panel(ctx, (i18n, palette), words, (align, offset), online) {
        Some(Asked::Game(command)) => {
            commands.write(command);
        }
        Some(Asked::Look) => panels.game_over_dismissed = true,
        Some(Asked::Review) => {
            reviews.write(ReviewCommand::ThisGame);
        }
        Some(Asked::Online(command)) => {
            online_commands.write(command);
        }
        None => {}
    }
}

/// Who won and why, by the rules or (in an online game) by a resignation; `None` while the game
/// goes on.
fn how_it_ended(
    session: &Session,
    online: Option<&OnlineGame>,
    i18n: &I18n,
) -> Option<(String, String)> {
    ending(session.game().outcome(), session.game().position(), i18n)
        .map(|end| (end.headline, end.reason))
        .or_else(|| super::online::resignation_ending(online?, i18n))
}

/// The panel at `align` and `offset`: its words and its buttons; what a button asked, if one
/// did.
fn show_panel(
    ctx: &egui::Context,
    (i18n, palette): (&I18n, &Palette),
    words: Words,
    (align, offset): (Align2, Vec2),
    online: Option<&OnlineGame>,
) -> Option<Asked> {
    let title = i18n.tr("game-over-title");
    egui::Window::new(RichText::new(title).size(style::WINDOW_TITLE_TEXT).strong())
        .id(egui::Id::new("game-over"))
        .collapsible(false)
        .resizable(false)
        .anchor(align, offset)
        .show(ctx, |ui| {
            ui.set_min_width(style::GAME_OVER_WIDTH);
            ui.vertical_centered(|ui| {
                ending_text(ui, palette, words);
                super::take_home::code(ui);
                ending_buttons(ui, (i18n, palette), online)
            })
            .inner
        })
        .and_then(|shown| shown.inner)
        .flatten()
}

/// Where the panel goes upright: centred between the bars.
fn between_the_bars(insets: &Insets) -> (Align2, Vec2) {
    (
        Align2::CENTER_CENTER,
        Vec2::new(0.0, (insets.top - insets.bottom) / 2.0),
    )
}

/// What the panel says.
struct Words {
    /// Who won.
    headline: String,
    /// Why the game ended.
    reason: String,
    /// After how many moves.
    moves: String,
}

/// Face to face: the panel's words turned toward North in North's half; returns where the
/// upright panel goes (in South's half).
fn turned_for_north(ctx: &egui::Context, palette: &Palette, words: &Words) -> (Align2, Vec2) {
    let middle = ctx.content_rect().center();
    let lines = [
        vec![turned::Line::new(
            &words.headline,
            style::TURNED_HEADLINE_TEXT,
            palette.ochre_text,
        )],
        vec![turned::Line::new(
            &words.reason,
            style::BODY_TEXT,
            palette.ink,
        )],
        vec![turned::Line::new(
            &words.moves,
            style::SMALL_TEXT,
            palette.ink_soft,
        )],
    ];
    let look = turned::Look {
        fill: palette.parchment,
        ..turned::Look::card(palette)
    };
    let gap = Vec2::new(0.0, style::GAME_OVER_HALF_GAP);
    turned::show(
        ctx,
        "game-over-turned",
        middle - gap,
        Align2::CENTER_BOTTOM,
        &lines,
        look,
    );
    (
        Align2::CENTER_TOP,
        Vec2::new(0.0, middle.y + style::GAME_OVER_HALF_GAP),
    )
}

/// Who won, why, and after how many moves.
fn ending_text(ui: &mut egui::Ui, palette: &Palette, words: Words) {
    ui.label(
        RichText::new(words.headline)
            .size(style::HEADLINE_TEXT)
            .strong()
            .color(palette.ochre_text),
    );
    ui.add_space(style::LINE_GAP);
    ui.add(egui::Label::new(RichText::new(words.reason).size(style::LARGE_TEXT)).wrap());
    ui.add_space(style::LINE_GAP);
    ui.label(
        RichText::new(words.moves)
            .size(style::NOTE_TEXT)
            .color(palette.ink_soft),
    );
    ui.add_space(style::BEFORE_BUTTONS);
}

/// What a button of the panel asks for.
enum Asked {
    Game(GameCommand),
    /// A rematch of the online game.
    Online(OnlineCommand),
    /// A last look at the board: the panel closes.
    Look,
    /// The review of the game.
    Review,
}

/// A new game, undo (online, where nothing is taken back: a rematch), or a look at the board.
fn ending_buttons(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    online: Option<&OnlineGame>,
) -> Option<Asked> {
    ui.horizontal_wrapped(|ui| {
        let mut asked = None;
        if style::button(ui, &i18n.tr("game-over-new-game")).clicked() {
            asked = Some(Asked::Game(GameCommand::NewGame));
        }
        if let Some(online) = online {
            if let Some(command) = super::online::rematch_offer(ui, i18n, palette, online) {
                asked = Some(Asked::Online(command));
            }
        } else if style::button(ui, &i18n.tr("game-over-undo")).clicked() {
            asked = Some(Asked::Game(GameCommand::Undo));
        }
        if style::button(ui, &i18n.tr("game-over-look")).clicked() {
            asked = Some(Asked::Look);
        }
        if style::button(ui, &i18n.tr("review-button")).clicked() {
            asked = Some(Asked::Review);
        }
        asked
    })
    .inner
}
