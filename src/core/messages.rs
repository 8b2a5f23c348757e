//! The game core's messages: what the layers above ask of it, and the news it sends up.

use super::{Activity, Feedback, Seat};
use bao_engine::{Move, Pit, PlayErrorKind, Player, Position, Step, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Start a new game and show the board (from the title screen).
#[derive(Message, Clone, Copy, Debug)]
pub struct StartGame {
    /// The variant to play.
    pub variant: Variant,
    /// Who plays South and North.
    pub seats: [Seat; 2],
}

/// A pit on the board was clicked (sent by the picking observer, handled by the input).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitClicked(pub Pit);

/// What a player asks of the game (from the overlay or the keyboard). The animation's skip and
/// the camera's reset are their own layers' messages (`anim::SkipMove`, `camera::ResetCamera`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back the last move (against the computer: back to the person's turn).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the computer for a suggestion ([`super::Session::hint`]).
    Hint,
    /// Leave the game for the title screen.
    NewGame,
    /// Leave a "show me" example and go back to the game it interrupted
    /// ([`super::StashedGame`]).
    ResumeGame,
}

/// The rules panel's "show me": load `position` on the board and animate `moves` from it.
#[derive(Message, Clone, Debug)]
pub struct ShowExample {
    /// The position to show.
    pub position: Position,
    /// The moves to play and animate, in order.
    pub moves: Vec<Move>,
}

/// News: another session is on the board (a load asked through [`super::Loads`], taken at
/// [`super::CoreSet::Load`]). Each layer above answers by starting over: the animation drops
/// its moves, the input its selection, the seeds jump into place, the sounds stop. (A "show me"
/// example's moves follow as [`MovePlayed`] news.)
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionReplaced;

/// News, sent at the end of [`super::CoreSet::Apply`]: the board no longer shows a game for
/// this activity — a session for another one replaced it, a replay was taken over, or the
/// player went back to the title screen. What belongs to the activity (a lesson's run, the
/// replay viewer) is forgotten on it, by systems that run after `CoreSet::Apply`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivityLeft(pub Activity);

/// News: the position changed without a move being shown (an undo, a redo, a step back in the
/// replay viewer). The seeds glide to it; a half-made selection is forgotten.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionJumped;

/// Who sends a move: each source of moves says which it is, so that the core can check the
/// move against the seat it is for and send a refusal back to the right place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// The person at this screen: clicks, keys, the gamepad.
    Board,
    /// The computer player of this machine.
    Computer,
    /// A script: a lesson's or an example's moves, a puzzle's defence, a replay's next move,
    /// the kiosk's attract loop. Guided sessions put both seats in its hands.
    Script,
    /// A player on another computer (what the network will send).
    Remote,
}

/// A move, from a seat, for a given ply: the one way a move comes into the game. The core
/// alone checks it against the engine, the seat to move and a lesson's gate, applies it and
/// announces it ([`MovePlayed`]), or refuses it ([`MoveRefused`]) and changes nothing.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatMove {
    /// The side the move is for.
    pub by: Player,
    /// How many moves the game has had before this one: a move sent for an older position
    /// (an undo, another game in between) is refused, not played on the new one.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Who sends it.
    pub source: MoveSource,
    /// The session it is for ([`super::Session::stamp`]).
    pub session: u64,
}

impl SeatMove {
    /// `mv` sent by `source` for the side to move in `session`'s game, at its next ply.
    pub fn next(session: &super::Session, mv: Move, source: MoveSource) -> SeatMove {
        let game = session.game();
        SeatMove {
            by: game.position().to_move(),
            ply: game.moves().len(),
            mv,
            source,
            session: session.stamp(),
        }
    }
}

/// News: the core played a move on the session's game. The animation shows its steps.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    /// The side that moved.
    pub by: Player,
    /// The move's index in the game (the moves before it).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// Who sent it.
    pub source: MoveSource,
    /// The position the move was played from.
    pub before: Position,
    /// The engine's steps of the move, for the animation.
    pub trace: Vec<Step>,
}

/// News: the core refused a [`SeatMove`]; the session did not change.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    /// The move as it was sent.
    pub sent: SeatMove,
    /// Why.
    pub reason: Refusal,
}

/// Why the core refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The move was sent for another ply than the game's next one, or for a session another
    /// has replaced since (it is stale).
    WrongPly,
    /// The move is not for the side to move.
    NotToMove,
    /// The seat to move does not take moves from this source (a click while the computer or
    /// a remote player is to move).
    NotThisSeat,
    /// A lesson's step takes another move.
    NotThisLesson,
    /// The engine refused the move.
    Illegal(PlayErrorKind),
}

/// A change to the session that is not a move, asked of the core by the layers above, for the
/// session it was asked of ([`SessionChanges`] stamps it): a change asked of a session that
/// another has replaced in between is dropped.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ChangeSession {
    /// The session it is for ([`super::Session::stamp`]).
    pub session: u64,
    /// The change.
    pub change: SessionChange,
}

/// Sends the core changes for the session on the board now.
#[derive(SystemParam)]
pub struct SessionChanges<'w> {
    session: Res<'w, super::Session>,
    changes: MessageWriter<'w, ChangeSession>,
}

impl SessionChanges<'_> {
    /// Asks the core for `change` to the session on the board.
    pub fn write(&mut self, change: SessionChange) {
        self.changes.write(ChangeSession::of(&self.session, change));
    }
}

impl ChangeSession {
    /// `change`, asked of `session` (stamped with it).
    pub fn of(session: &super::Session, change: SessionChange) -> ChangeSession {
        ChangeSession {
            session: session.stamp(),
            change,
        }
    }
}

/// A change to the session that is not a move: the feedback line, the hint ring, a lesson's
/// gate, a replay's step back, taking over a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionChange {
    /// Show this gentle reason after a click (or none).
    Feedback(Option<Feedback>),
    /// Ring this move as a hint (or none).
    Hint(Option<Move>),
    /// Take only these moves (a lesson's step), or every legal one (`None`).
    Gate(Option<Vec<Move>>),
    /// Take the last move back without keeping it for redo (a replay's step back).
    StepBack,
    /// The position on the board becomes a game of its own with these players (a replay
    /// taken over).
    TakeOver([Seat; 2]),
}
