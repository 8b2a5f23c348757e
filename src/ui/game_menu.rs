//! The ways back from a game: Escape opens the in-game menu (resume, the lessons, save, the
//! review of the game, the rules, the settings, leave; so does the bar's "Menu" button, where the bar has no room for
//! its row), and leaving a game in progress — from the menu or the bar's "New game" — asks
//! first, since a game is kept only until the next game's first move replaces its autosave.
//! The game holds still while either is open.

use super::records::RecordsPanel;
use super::{Overlay, Panels, UiSet, style};
use crate::core::{Activity, GameCommand, Screen, Session, Settings};
use crate::i18n::I18n;
use crate::input::Selection;
use crate::lessons::LessonCommand;
use crate::records::ReviewCommand;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, RichText};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        menu_or_question
            .run_if(in_state(Screen::Playing))
            .in_set(UiSet::Windows),
    )
    .add_systems(Update, pause_while_asked);
}

/// The game holds still while the menu or the question is open (the seeds and the computer's
/// move wait), and goes on when it closes — unless the player had paused it already.
fn pause_while_asked(
    panels: Res<Panels>,
    mut settings: ResMut<Settings>,
    mut paused_here: Local<bool>,
) {
    let asked = panels.menu || panels.leaving;
    if asked && !settings.paused {
        settings.paused = true;
        *paused_here = true;
    } else if !asked && *paused_here {
        settings.paused = false;
        *paused_here = false;
    }
}

/// What Escape does, the windows open and the board as they are (the first that applies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OnEscape {
    /// The question before leaving is answered "Stay".
    Stay,
    /// The menu closes: back to the game.
    CloseMenu,
    /// Another window (the rules, the settings, the puzzles) closes.
    ClosePanel,
    /// Nothing here: a half-made move is the input's to drop, or no menu is offered.
    Nothing,
    /// The menu opens.
    OpenMenu,
}

/// What Escape does: it closes what is on top; on the bare board, a half-made move is dropped
/// (by the input) before the menu opens on the next Escape. `offered`: the menu is offered here
/// (a game on the board, not at an exhibition kiosk).
pub(super) fn on_escape(
    panels: &Panels,
    saved_games_open: bool,
    selection: &Selection,
    offered: bool,
) -> OnEscape {
    if panels.leaving {
        OnEscape::Stay
    } else if panels.menu {
        OnEscape::CloseMenu
    } else if panels.settings
        || panels.puzzles.is_some()
        || panels.rules.is_some()
        || saved_games_open
    {
        OnEscape::ClosePanel
    } else if *selection != Selection::None || !offered {
        OnEscape::Nothing
    } else {
        OnEscape::OpenMenu
    }
}

/// Whether leaving the game on the board asks first: a game people play here, started and not
/// over, and not an online game (the server keeps that one).
pub(super) fn leaving_asks(session: &Session) -> bool {
    session.activity() == Activity::Play
        && !session.game().moves().is_empty()
        && !session.game().outcome().is_over()
        && !session.has_remote_seat()
}

/// Leaves for the title screen, or asks first where a game in progress would be lost.
pub(super) fn leave(
    session: &Session,
    panels: &mut Panels,
    commands: &mut MessageWriter<GameCommand>,
) {
    panels.menu = false;
    if leaving_asks(session) {
        panels.leaving = true;
    } else {
        commands.write(GameCommand::NewGame);
    }
}

/// A button of the menu or the question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chosen {
    Resume,
    Learn,
    Save,
    Rules,
    Settings,
    Leave,
    LeaveNow,
    Stay,
    Review,
}

/// The in-game menu or the question before leaving, whichever is open (the question replaces
/// the menu), and what its button asked.
fn menu_or_question(
    mut overlay: Overlay,
    mut panels: ResMut<Panels>,
    mut records: ResMut<RecordsPanel>,
    session: Res<Session>,
    mut orders: MenuOrders,
) {
    let (title, id) = match (panels.leaving, panels.menu) {
        (true, _) => ("leave-title", "leave-game"),
        (false, true) => ("menu-title", "game-menu"),
        (false, false) => return,
    };
    let (leaving, files) = (panels.leaving, overlay.policy.files);
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let i18n = &*overlay.i18n;
    let title = RichText::new(i18n.tr(title))
        .size(style::WINDOW_TITLE_TEXT)
        .strong();
    let chosen = style::question_window(ctx, title, id, |ui| {
        if leaving {
            leave_buttons(ui, i18n, files)
        } else {
            let reviewable = can_review(&session);
            ui.vertical_centered_justified(|ui| menu_buttons(ui, i18n, files, reviewable))
                .inner
        }
    })
    .flatten();
    if let Some(chosen) = chosen {
        answer(chosen, &session, (&mut panels, &mut records), &mut orders);
    }
}

/// The menu's buttons, one under the other; the one clicked.
fn menu_buttons(ui: &mut egui::Ui, i18n: &I18n, files: bool, reviewable: bool) -> Option<Chosen> {
    let mut chosen = None;
    let mut offer = |ui: &mut egui::Ui, key: &str, what: Chosen| {
        if style::wide_button(ui, &i18n.tr(key)).clicked() {
            chosen = Some(what);
        }
    };
    offer(ui, "menu-resume", Chosen::Resume);
    offer(ui, "lessons-button", Chosen::Learn);
    if files {
        // The saved-games window, where the game is saved (and others opened), named as the bar
        // names it.
        offer(ui, "records-button", Chosen::Save);
    }
    if reviewable {
        offer(ui, "review-this-game", Chosen::Review);
    }
    offer(ui, "hud-rules", Chosen::Rules);
    offer(ui, "hud-settings", Chosen::Settings);
    offer(ui, "menu-leave", Chosen::Leave);
    chosen
}

/// Whether the game on the board can be reviewed from the menu: a game played at this screen
/// (an online game is reviewed once it is over, from its game-over card), with a move.
fn can_review(session: &Session) -> bool {
    matches!(session.activity(), Activity::Play | Activity::Replay)
        && !session.has_remote_seat()
        && !session.game().moves().is_empty()
}

/// The question's words and buttons, side by side; the one clicked.
fn leave_buttons(ui: &mut egui::Ui, i18n: &I18n, files: bool) -> Option<Chosen> {
    style::paragraph(ui, &i18n.tr("leave-note"));
    ui.add_space(style::LINE_GAP);
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        if files && style::button(ui, &i18n.tr("leave-save")).clicked() {
            chosen = Some(Chosen::Save);
        }
        if style::button(ui, &i18n.tr("leave-now")).clicked() {
            chosen = Some(Chosen::LeaveNow);
        }
        if style::button(ui, &i18n.tr("leave-stay")).clicked() {
            chosen = Some(Chosen::Stay);
        }
    });
    chosen
}

/// What the menu's buttons send: the game's commands and the lessons'.
#[derive(SystemParam)]
struct MenuOrders<'w> {
    commands: MessageWriter<'w, GameCommand>,
    lessons: MessageWriter<'w, LessonCommand>,
    reviews: MessageWriter<'w, ReviewCommand>,
}

/// Does what a button of the menu or the question asked.
fn answer(
    chosen: Chosen,
    session: &Session,
    (panels, records): (&mut Panels, &mut RecordsPanel),
    orders: &mut MenuOrders,
) {
    let MenuOrders {
        commands,
        lessons,
        reviews,
    } = orders;
    panels.menu = false;
    panels.leaving = false;
    match chosen {
        Chosen::Resume | Chosen::Stay => {}
        Chosen::Save => records.open(),
        Chosen::Rules => panels.rules = Some(session.variant()),
        Chosen::Learn => {
            lessons.write(LessonCommand::Learn(session.variant()));
        }
        Chosen::Settings => panels.settings = true,
        Chosen::Leave => leave(session, panels, commands),
        Chosen::LeaveNow => {
            commands.write(GameCommand::NewGame);
        }
        Chosen::Review => {
            reviews.write(ReviewCommand::ThisGame);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{DEFAULT_SEATS, Seat};
    use bao_engine::Variant;

    #[test]
    fn escape_closes_what_is_on_top_and_opens_the_menu_on_the_bare_board() {
        let none = Selection::None;
        let mut panels = Panels::default();
        assert_eq!(on_escape(&panels, false, &none, true), OnEscape::OpenMenu);
        assert_eq!(
            on_escape(&panels, false, &none, false),
            OnEscape::Nothing,
            "a kiosk"
        );
        panels.settings = true;
        assert_eq!(on_escape(&panels, false, &none, true), OnEscape::ClosePanel);
        panels.menu = true;
        assert_eq!(on_escape(&panels, false, &none, true), OnEscape::CloseMenu);
        panels.leaving = true;
        assert_eq!(on_escape(&panels, false, &none, true), OnEscape::Stay);
    }

    #[test]
    fn escape_with_a_half_made_move_is_the_inputs() {
        let chosen = Selection::Direction {
            from: bao_engine::Pit { row: 1, col: 3 },
            targets: Vec::new(),
            candidates: Vec::new(),
        };
        assert_eq!(
            on_escape(&Panels::default(), false, &chosen, true),
            OnEscape::Nothing
        );
    }

    #[test]
    fn only_a_game_in_progress_played_here_asks_before_it_is_left() {
        let mut session = Session::new(Variant::Kingulu, DEFAULT_SEATS);
        assert!(!leaving_asks(&session), "nothing played yet");
        let mv = session.game().legal_moves()[0];
        session.play(mv).expect("legal");
        assert!(leaving_asks(&session), "a move played");
        let lesson = session.clone().for_activity(Activity::Lesson);
        assert!(!leaving_asks(&lesson), "a lesson");
        let mut humans = Session::new(Variant::Kigogo, [Seat::Human, Seat::Human]);
        let mv = humans.game().legal_moves()[0];
        humans.play(mv).expect("legal");
        assert!(leaving_asks(&humans));
    }
}
