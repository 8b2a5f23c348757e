//! The replay viewer: a saved game on the board, stepped forwards (with the move animation) and
//! backwards, or jumped to any move; "take over from here" plays on from the position shown.
//!
//! The board always shows the session's game, which is the record's first moves: the position
//! of move `n` is the engine's, reached by playing the record's moves one by one. While a replay
//! is open both sides are "human", so that the computer does not answer; a person who plays a
//! move of their own on the board takes over from there.

use super::{ChosenSeats, SessionLoader};
use crate::anim::SkipMove;
use crate::core::{
    Activity, ActivityLeft, CoreSet, GameCommand, MoveSource, Screen, Seat, SeatMove, Session,
    SessionChange, SessionChanges, in_activity,
};
use bao_engine::{Move, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Replay>()
        .add_message::<ReplayCommand>()
        .add_systems(
            Update,
            (
                handle_commands
                    .in_set(CoreSet::Session)
                    .run_if(in_state(Screen::Playing)),
                follow_the_board
                    .in_set(CoreSet::Sync)
                    .run_if(in_activity(Activity::Replay)),
                // Another game on the board (a new game, an example, the game a replay was
                // opened from, the replay taken over) or the title screen ends the replay.
                close.after(CoreSet::Apply).before(CoreSet::Animate),
            ),
        );
}

/// The replay being viewed, if any.
#[derive(Resource, Clone, Debug, Default)]
pub struct Replay(pub Option<Viewer>);

/// A game being replayed.
#[derive(Clone, Debug)]
pub struct Viewer {
    /// The saved game's name (empty for a pasted move list).
    pub name: String,
    /// The position the game starts from.
    pub start: Position,
    /// Every move of the game.
    pub moves: Vec<Move>,
    /// Who played South and North in the record.
    pub seats: [Seat; 2],
    /// The game the replay interrupted, shown again when the replay is closed (none when it
    /// was opened from the title screen).
    back: Option<Session>,
}

/// Steps and jumps of the replay viewer.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayCommand {
    /// The next move, animated.
    Forward,
    /// The move before.
    Back,
    /// The position after this many moves (0: the start).
    To(usize),
    /// Play on from the position shown, with the seats last chosen on the title screen.
    TakeOver,
    /// Leave the replay for the game it interrupted (or the title screen).
    Close,
}

impl Viewer {
    /// A viewer of `game`'s moves; `back` is the game to return to on closing.
    pub fn new(name: String, game: &Session, back: Option<Session>) -> Viewer {
        Viewer {
            name,
            start: *game.game().start(),
            moves: game.game().moves().to_vec(),
            seats: game.seats(),
            back,
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the game has no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// How many of the moves the board shows (the session's moves are the first of them).
    pub fn shown(&self, session: &Session) -> usize {
        session.game().moves().len().min(self.len())
    }

    /// The game after `n` moves (at most all), with both sides human. The moves were checked
    /// by the engine when the record was loaded; should one fail, the game stops before it.
    pub fn session_at(&self, n: usize) -> Session {
        let mut session = Session::from_position(self.start, [Seat::Human, Seat::Human])
            .for_activity(Activity::Replay);
        for &mv in self.moves.iter().take(n) {
            if session.play(mv).is_err() {
                break;
            }
        }
        session
    }

    /// Whether `session` shows this game (the same start, and the record's first moves).
    pub(super) fn shows(&self, session: &Session) -> bool {
        let moves = session.game().moves();
        *session.game().start() == self.start
            && moves.len() <= self.len()
            && self.moves[..moves.len()] == *moves
    }
}

/// The game to go back to when a new replay is closed: the one an open replay would go back
/// to, else the game on the board (not when on the title screen).
pub(crate) fn back_to(
    replay: &mut Replay,
    screen: &State<Screen>,
    session: &Session,
) -> Option<Session> {
    match replay.0.take() {
        Some(viewer) => viewer.back,
        None => (*screen.get() == Screen::Playing).then(|| session.clone()),
    }
}

fn handle_commands(
    mut commands_in: MessageReader<ReplayCommand>,
    mut replay: ResMut<Replay>,
    chosen: Res<ChosenSeats>,
    mut loader: SessionLoader,
    mut play: MessageWriter<SeatMove>,
    mut skips: MessageWriter<SkipMove>,
    mut game_commands: MessageWriter<GameCommand>,
) {
    for &command in commands_in.read() {
        let Some(viewer) = replay.0.as_mut() else {
            return;
        };
        let shown = viewer.shown(loader.session());
        match command {
            ReplayCommand::Forward | ReplayCommand::Back if loader.busy() => {
                // A step while a move is shown finishes that move first.
                skips.write(SkipMove);
            }
            ReplayCommand::Forward => {
                if let Some(&mv) = viewer.moves.get(shown) {
                    play.write(SeatMove::next(loader.session(), mv, MoveSource::Script));
                }
            }
            ReplayCommand::Back => {
                if shown > 0 {
                    loader.step_back();
                }
            }
            ReplayCommand::To(n) => {
                let n = n.min(viewer.len());
                if n == shown + 1 && !loader.busy() {
                    let mv = viewer.moves[shown];
                    play.write(SeatMove::next(loader.session(), mv, MoveSource::Script));
                } else if n != shown || loader.busy() {
                    let session = viewer.session_at(n);
                    loader.load(session);
                }
            }
            ReplayCommand::TakeOver => {
                loader.take_over(chosen.0);
                replay.0 = None;
            }
            ReplayCommand::Close => {
                let back = viewer.back.take();
                replay.0 = None;
                match back {
                    Some(session) => loader.load(session),
                    None => {
                        game_commands.write(GameCommand::NewGame);
                    }
                }
            }
        }
    }
}

/// A replay becomes a game of its own when a person plays a move the record does not have.
fn follow_the_board(
    mut replay: ResMut<Replay>,
    chosen: Res<ChosenSeats>,
    session: Res<Session>,
    mut changes: SessionChanges,
) {
    let Some(viewer) = replay.0.as_ref() else {
        return;
    };
    if !viewer.shows(&session) {
        changes.write(SessionChange::TakeOver(chosen.0));
        replay.0 = None;
    }
}

fn close(mut left: MessageReader<ActivityLeft>, mut replay: ResMut<Replay>) {
    if left.read().any(|left| left.0 == Activity::Replay) {
        replay.0 = None;
    }
}
