//! The one way another game comes onto the board. A new game, a "show me" example, going back
//! to the interrupted game, a saved game, a replay, a lesson, a puzzle, an online game and the
//! kiosk's attract loop are all *asked* for, through [`Loads`], from wherever their layer runs;
//! the core takes the requests at one point of the frame ([`super::CoreSet::Load`]), in the
//! order they were sent, and every layer above answers its [`SessionReplaced`] by resetting
//! itself, so no loader has to know what the others keep.

use super::{
    Activity, GameCommand, Screen, Seat, Session, SessionReplaced, ShowExample, StartGame,
    StashedGame,
};
use bao_engine::Move;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// A request for another session on the board, taken by the core at [`super::CoreSet::Load`].
/// Its fields are the core's: the layers above make one through [`Loads`].
#[derive(Message, Clone, Debug)]
pub struct LoadRequest {
    what: Load,
    /// The stamp the session gets on the board ([`Session::stamp`]), given when it was asked,
    /// so that its asker can send moves for it at once.
    stamp: u64,
}

/// What a [`LoadRequest`] puts on the board.
#[derive(Clone, Debug)]
enum Load {
    /// This session, and these moves animated from its position.
    Session(Box<Session>, Vec<Move>),
    /// The game a "show me" example interrupted, if one was kept.
    Stashed,
}

/// The last stamp given to a requested session: stamps only grow, so a session on the board
/// with a smaller stamp than a request's has not been replaced by it yet.
#[derive(Resource, Default)]
pub(super) struct LastStamp(u64);

/// Asks the core for another session on the board. The request is taken at
/// [`super::CoreSet::Load`]: in this frame when it is asked before it (in
/// [`super::CoreSet::Session`], or in the kiosk's sets that run before the core's), otherwise
/// in the next.
#[derive(SystemParam)]
pub struct Loads<'w> {
    requests: MessageWriter<'w, LoadRequest>,
    last: ResMut<'w, LastStamp>,
}

impl Loads<'_> {
    /// Asks for `session` on the board; returns the stamp it will have there.
    pub fn load(&mut self, session: Session) -> u64 {
        self.load_and_play(session, Vec::new())
    }

    /// Asks for `session` on the board with `moves` animated from its position; returns the
    /// stamp it will have there.
    pub fn load_and_play(&mut self, session: Session, moves: Vec<Move>) -> u64 {
        self.ask(Load::Session(Box::new(session), moves))
    }

    fn ask(&mut self, what: Load) -> u64 {
        self.last.0 += 1;
        let stamp = self.last.0;
        self.requests.write(LoadRequest { what, stamp });
        stamp
    }
}

/// What the core changes when it takes a load: the session, the game kept to go back to, the
/// screen, and the news.
#[derive(SystemParam)]
pub(super) struct LoadSession<'w> {
    session: ResMut<'w, Session>,
    stash: ResMut<'w, StashedGame>,
    next_screen: ResMut<'w, NextState<Screen>>,
    replaced: MessageWriter<'w, SessionReplaced>,
}

impl LoadSession<'_> {
    /// Shows `session` on the board with `stamp`, and animates `moves` from its position.
    fn load(&mut self, session: Session, moves: Vec<Move>, stamp: u64) {
        // A replay is kept even at its start: a review's "show the better move" of the first
        // move interrupts it there.
        let interrupts_a_game = session.activity == Activity::Example
            && self.session.activity != Activity::Example
            && (!self.session.game.moves().is_empty() || self.session.activity == Activity::Replay);
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

    /// Goes back to the game a "show me" example interrupted, if one was kept.
    fn resume_stashed(&mut self, stamp: u64) {
        if let Some(game) = self.stash.0.take() {
            self.load(game, Vec::new(), stamp);
        }
    }
}

/// The one point of the frame where the session is replaced: the requests of this frame (and
/// of the last frame's end), in the order they were sent.
pub(super) fn take_loads(mut requests: MessageReader<LoadRequest>, mut loader: LoadSession) {
    for request in requests.read().cloned() {
        match request.what {
            Load::Session(session, moves) => loader.load(*session, moves, request.stamp),
            Load::Stashed => loader.resume_stashed(request.stamp),
        }
    }
}

/// A new game: the session starts over and the board is shown.
pub(super) fn start_games(mut starts: MessageReader<StartGame>, mut loads: Loads) {
    if let Some(start) = starts.read().last() {
        loads.load(Session::new(start.variant, start.seats));
    }
}

/// The rules panel's "show me": the example position on the board, its moves animated. Both
/// sides become human so that the computer does not answer the example.
pub(super) fn show_examples(mut examples: MessageReader<ShowExample>, mut loads: Loads) {
    if let Some(example) = examples.read().last() {
        let session = Session::from_position(example.position, [Seat::Human, Seat::Human])
            .for_activity(Activity::Example);
        loads.load_and_play(session, example.moves.clone());
    }
}

/// Leaves a "show me" example for the game it interrupted, if one was kept.
pub(super) fn resume_games(mut commands_in: MessageReader<GameCommand>, mut loads: Loads) {
    for command in commands_in.read() {
        if *command == GameCommand::ResumeGame {
            loads.ask(Load::Stashed);
        }
    }
}
