//! The one way another game comes onto the board: [`LoadSession`]. A new game, a "show me"
//! example, going back to the interrupted game, a saved game, a replay and the kiosk's attract
//! loop all load through it, and every layer above answers its [`SessionReplaced`] by resetting
//! itself, so no loader has to know what the others keep.

use super::{
    Activity, GameCommand, Screen, Seat, Session, SessionReplaced, ShowExample, StartGame,
    StashedGame,
};
use bao_engine::Move;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Puts another session on the board: the game it replaces is kept only when a "show me"
/// example interrupts a game being played (to go back to), the board is shown, and
/// [`SessionReplaced`] tells the layers above.
#[derive(SystemParam)]
pub struct LoadSession<'w> {
    session: ResMut<'w, Session>,
    stash: ResMut<'w, StashedGame>,
    next_screen: ResMut<'w, NextState<Screen>>,
    replaced: MessageWriter<'w, SessionReplaced>,
}

impl LoadSession<'_> {
    /// Shows `session` on the board.
    pub fn load(&mut self, session: Session) {
        self.load_and_play(session, Vec::new());
    }

    /// Shows `session` on the board and animates `moves` from its position.
    pub fn load_and_play(&mut self, session: Session, moves: Vec<Move>) {
        let interrupts_a_game = session.activity == Activity::Example
            && self.session.activity != Activity::Example
            && !self.session.game.moves().is_empty();
        let stamp = self.session.stamp.wrapping_add(1);
        let replaced = std::mem::replace(&mut *self.session, session);
        self.session.script = moves.into();
        // Moves and changes still on their way were meant for the session replaced.
        self.session.stamp = stamp;
        if interrupts_a_game {
            // Keep the game the example interrupts (not an earlier example) to go back to.
            self.stash.0.get_or_insert(replaced);
        } else if self.session.activity != Activity::Example {
            self.stash.0 = None;
        }
        // Already playing: the board stays and the seeds go back to the start.
        NextState::set_if_neq(&mut self.next_screen, Screen::Playing);
        self.replaced.write(SessionReplaced);
    }

    /// Goes back to the game a "show me" example interrupted; false if none was kept.
    pub fn resume_stashed(&mut self) -> bool {
        let Some(game) = self.stash.0.take() else {
            return false;
        };
        self.load(game);
        true
    }

    /// The session on the board.
    pub fn session(&self) -> &Session {
        &self.session
    }
}

/// A new game: the session starts over and the board is shown.
pub(super) fn start_games(mut starts: MessageReader<StartGame>, mut loader: LoadSession) {
    if let Some(start) = starts.read().last() {
        loader.load(Session::new(start.variant, start.seats));
    }
}

/// The rules panel's "show me": the example position on the board, its moves animated. Both
/// sides become human so that the computer does not answer the example.
pub(super) fn show_examples(mut examples: MessageReader<ShowExample>, mut loader: LoadSession) {
    if let Some(example) = examples.read().last() {
        let session = Session::from_position(example.position, [Seat::Human, Seat::Human])
            .for_activity(Activity::Example);
        loader.load_and_play(session, example.moves.clone());
    }
}

/// Leaves a "show me" example for the game it interrupted, if one was kept.
pub(super) fn resume_games(mut commands_in: MessageReader<GameCommand>, mut loader: LoadSession) {
    for command in commands_in.read() {
        if *command == GameCommand::ResumeGame {
            loader.resume_stashed();
        }
    }
}
