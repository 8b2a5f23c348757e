//! The game being played: the engine's game, who plays each side, where the game came from,
//! and the reasons a click made no move.

use super::Busy;
use bao_engine::{
    Direction, Game, Kichwa, Move, Pit, PlayErrorKind, Player, Position, ReEntry, StartRefusal,
    Variant,
};
use bevy::prelude::*;

pub use bao_ai::Level;

/// Who plays one side of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    /// A person at this screen clicks the moves.
    Human,
    /// The computer, at a level of `bao-ai`, on this machine.
    Computer(Level),
    /// A player on another computer, whose moves come from the game server (`online`): the
    /// core takes only `MoveSource::Remote` moves for it, never this screen's clicks.
    Remote,
}

impl Seat {
    /// The command-line spelling: `human` or a level name.
    pub fn id(self) -> String {
        match self {
            Seat::Human => "human".to_owned(),
            Seat::Computer(level) => level.id().to_owned(),
            Seat::Remote => "remote".to_owned(),
        }
    }

    /// Whether the seat's moves are made on this machine (a person at this screen or the
    /// computer), so that this screen's input or computer may send them.
    pub fn is_local(self) -> bool {
        !matches!(self, Seat::Remote)
    }

    /// Whether the seat's moves come from a person at this screen (clicks, keys, gamepad).
    pub fn is_person_here(self) -> bool {
        self == Seat::Human
    }
}

/// The game being played and everything the overlay shows about it. Its fields are private:
/// the layers above read it through its methods and change it only through the core's
/// messages ([`super::SeatMove`], [`super::SessionChange`], [`super::GameCommand`]) and its
/// one load path ([`super::Loads`]); `src/core/` alone holds it mutably.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    /// The engine's game: the one source of truth for the position.
    pub(super) game: Game,
    /// Who plays South and North, by [`Player::index`].
    pub(super) seats: [Seat; 2],
    /// Moves taken back by undo, the next redo last.
    pub(super) redo: Vec<Move>,
    /// The move the computer suggests, after [`super::GameCommand::Hint`].
    pub(super) hint: Option<Move>,
    /// A one-line, gentle reason after a click that is not a legal move.
    pub(super) feedback: Option<Feedback>,
    /// What the game on the board is for.
    pub(super) activity: Activity,
    /// A lesson's step (`lessons`): the only moves the board takes; `None` takes every legal
    /// move. Another session on the board has none.
    pub(super) gate: Option<Vec<Move>>,
    /// Pits a lesson points out as holding seeds that may not start now, ringed (struck
    /// through) beside the pits to click.
    pub(super) marked: Vec<Pit>,
    /// Moves a script plays one after another, each once the board has shown the one before
    /// (a "show me" example's).
    pub(super) script: std::collections::VecDeque<Move>,
    /// Which of the sessions loaded on the board this is (given by [`super::Loads`]):
    /// a message sent for an earlier one is not applied to it.
    pub(super) stamp: u64,
}

/// What the game on the board is for — the game's mode. It is the session's alone (set when
/// the session is made, so that a session says what it is before it is loaded): systems that
/// belong to one run under [`super::in_activity`], and what belongs to one is forgotten on
/// [`super::ActivityLeft`]. It also decides what a new session replaces and keeps (a "show me"
/// example keeps the game it interrupts, to go back to).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Activity {
    /// A game people play: new, resumed, opened from a saved game, or taken over from a replay.
    #[default]
    Play,
    /// A rules "show me" example.
    Example,
    /// A saved game or a move list shown in the replay viewer.
    Replay,
    /// The kiosk's attract loop: the computer plays itself for nobody in particular.
    Attract,
    /// A puzzle (`puzzles`): the person plays the side to move, the puzzle's exact defence the
    /// other; the computer player and its hints leave it alone.
    Puzzle,
    /// A lesson (`lessons`): the person makes the move the lesson asks for, on a prepared
    /// position; nobody answers it, and it is shown slowly.
    Lesson,
}

impl Activity {
    /// Whether a guide other than the computer player runs the game (a puzzle, a lesson): the
    /// computer neither plays nor hints, and no game-over panel interrupts.
    pub fn is_guided(self) -> bool {
        matches!(self, Activity::Puzzle | Activity::Lesson)
    }

    /// How fast the game's moves are shown, against the speed setting: a lesson's slowly, so
    /// that each step can be read as it happens.
    pub fn pace(self) -> f32 {
        match self {
            Activity::Lesson => 0.6,
            _ => 1.0,
        }
    }
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Variant::Kujifunza, DEFAULT_SEATS)
    }
}

/// Human (South) against the computer at Medium (North): the default of a new game.
pub const DEFAULT_SEATS: [Seat; 2] = [Seat::Human, Seat::Computer(Level::Medium)];

impl Session {
    /// A new game of `variant` with these players.
    pub fn new(variant: Variant, seats: [Seat; 2]) -> Session {
        Session::from_position(Position::new(variant), seats)
    }

    /// A game starting from `position`.
    pub fn from_position(position: Position, seats: [Seat; 2]) -> Session {
        Session {
            game: Game::from_position(position),
            seats,
            redo: Vec::new(),
            hint: None,
            feedback: None,
            activity: Activity::Play,
            gate: None,
            marked: Vec::new(),
            script: std::collections::VecDeque::new(),
            stamp: 0,
        }
    }

    /// A session of `game` (a saved game, a replayed record) with these players.
    pub fn from_game(game: Game, seats: [Seat; 2]) -> Session {
        Session {
            game,
            ..Session::from_position(Position::new(Variant::Kujifunza), seats)
        }
    }

    /// The same session with `hint` ringed.
    pub fn with_hint(self, hint: Option<Move>) -> Session {
        Session { hint, ..self }
    }

    /// The same session taking only the moves of `gate` (a lesson's step).
    pub fn with_gate(self, gate: Option<Vec<Move>>) -> Session {
        Session { gate, ..self }
    }

    /// The same session with `pits` pointed out as holding seeds that may not start now.
    pub fn with_marked(self, marked: Vec<Pit>) -> Session {
        Session { marked, ..self }
    }

    /// Plays `mv` on a session not yet on the board (a replay's position, a test's): the one on
    /// the board changes only through [`super::SeatMove`].
    ///
    /// # Errors
    /// The engine's reason when `mv` is not legal.
    pub fn play(&mut self, mv: Move) -> Result<(), bao_engine::PlayError> {
        self.game.play(mv)
    }

    /// Takes the last move back on a session not yet on the board (a test's).
    pub fn undo_last(&mut self) -> Option<Move> {
        self.game.undo()
    }

    /// The engine's game: the one source of truth for the position.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Who plays South and North, by [`Player::index`].
    pub fn seats(&self) -> [Seat; 2] {
        self.seats
    }

    /// Moves taken back by undo, the next redo last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// The move the computer (or a lesson, a puzzle) suggests.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// A one-line, gentle reason after a click that is not a legal move.
    pub fn feedback(&self) -> Option<Feedback> {
        self.feedback
    }

    /// What the game on the board is for.
    pub fn activity(&self) -> Activity {
        self.activity
    }

    /// A lesson's step: the only moves the board takes (`None`: every legal move).
    pub fn gate(&self) -> Option<&[Move]> {
        self.gate.as_deref()
    }

    /// Pits a lesson points out as holding seeds that may not start now.
    pub fn marked(&self) -> &[Pit] {
        &self.marked
    }

    /// Which of the sessions loaded on the board this is: messages to the core carry it.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Whether a player on another computer plays one side: the game is the server's, so it
    /// is not taken back or played again here (no undo, no redo).
    pub fn has_remote_seat(&self) -> bool {
        self.seats.iter().any(|seat| !seat.is_local())
    }

    /// Whether a script (a "show me" example's moves) still has moves to play.
    pub fn scripted(&self) -> bool {
        !self.script.is_empty()
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    /// Who plays `player`.
    pub fn seat(&self, player: Player) -> Seat {
        self.seats[player.index()]
    }

    /// The same session, for `activity`.
    pub fn for_activity(self, activity: Activity) -> Session {
        Session { activity, ..self }
    }

    /// Whether a person should click the next move now (nothing moving on the board, the game
    /// not over, a person's turn).
    pub fn human_to_move(&self, busy: &Busy) -> bool {
        !busy.moving
            && !self.game.outcome().is_over()
            && self.seat(self.game.position().to_move()) == Seat::Human
    }

    /// The moves the board takes now: the legal moves, or those of a lesson's gate.
    pub fn playable_moves(&self) -> Vec<Move> {
        let legal = self.game.legal_moves();
        match &self.gate {
            Some(gate) => legal.into_iter().filter(|m| gate.contains(m)).collect(),
            None => legal.into_iter().collect(),
        }
    }

    /// The pits the player to move can start a playable move from (several moves from one pit,
    /// which follow one another in the engine's list, give it once).
    pub fn start_pits(&self) -> Vec<Pit> {
        let position = self.game.position();
        let mover = position.to_move();
        let mut pits: Vec<Pit> = self
            .playable_moves()
            .iter()
            .filter_map(|m| position.pit_named(mover, m.pit()))
            .collect();
        pits.dedup();
        pits
    }
}

/// The game a "show me" example interrupted, kept so that the visitor can go back to it.
#[derive(Resource, Default, Clone, Debug)]
pub struct StashedGame(pub Option<Session>);

/// Why a click on the board made no move. The overlay words it in the player's language
/// (`ui::feedback`); the core and the engine hold no text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The game is over.
    GameOver,
    /// The computer is to move.
    WaitForComputer,
    /// The player on another computer is to move.
    WaitForOpponent,
    /// A Kujifunza capture needs a kichwa: one of the two glowing end pits (KU-7).
    ChooseKichwa,
    /// The move's animation stopped at a capture that lets the mover choose the kichwa to sow
    /// the captured seeds from (KU-8c).
    KichwaAsked,
    /// Captured seeds re-enter at the kichwa the rules give (KU-8): `why` says whether for the
    /// kimbi they were taken from or to keep the move's `direction`.
    ReEntered {
        /// The kichwa they are sown from.
        kichwa: Kichwa,
        /// The direction the move goes on in.
        direction: Direction,
        /// Why this kichwa.
        why: ReEntry,
    },
    /// The pit cannot start a move, for the engine's reason (`None`: no particular one).
    CannotStart(Option<StartRefusal>),
    /// The engine refused the move.
    Refused(Move, PlayErrorKind),
    /// A legal move, but not the one the lesson is about: the glowing pit is.
    NotThisLesson,
}

impl Feedback {
    /// Whether the click it answers did nothing (a pit that cannot start, a refused move, not
    /// one's turn), rather than telling what the game does next.
    pub fn is_refusal(self) -> bool {
        matches!(
            self,
            Feedback::GameOver
                | Feedback::WaitForComputer
                | Feedback::WaitForOpponent
                | Feedback::CannotStart(_)
                | Feedback::Refused(..)
                | Feedback::NotThisLesson
        )
    }
}
