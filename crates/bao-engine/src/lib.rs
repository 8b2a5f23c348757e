//! Rules engine for four East African mancala games: Bao la Kujifunza, Bao Kingulu, Bao Kigogo
//! and Bao la Kimasai, exactly as `docs/rules.md` states them. Rule ids (`KU-7`, `KN-5`, …) are
//! cited where each rule is implemented.
//!
//! The engine has no dependency on Bevy, threads or clocks, so the desktop game, the web build,
//! the AI and the command-line tool all use it as it is.
//!
//! ```
//! use bao_engine::{Game, Move, Outcome, Variant};
//!
//! let mut game = Game::new(Variant::Kujifunza);
//! // South opens by sowing the third front-row pit counterclockwise.
//! let first = game.legal_moves()[0];
//! let steps = game.play_traced(first).expect("a listed move is legal");
//! assert!(!steps.is_empty());
//! // An illegal move is refused and the game is unchanged.
//! let illegal: Move = "b1".parse().unwrap();
//! assert!(game.play(illegal).is_err());
//! assert_eq!(game.moves().len(), 1);
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! ```

mod explain;
mod game;
// A public module, not re-exports: `link::encode` and `link::decode` say what they do only with
// the module's name beside them.
pub mod link;
mod movegen;
mod notation;
mod outcome;
mod perft;
mod pit;
mod playout;
mod position;
mod record;
mod rules;
mod setup;
mod summary;
mod trace;
mod variant;

pub use explain::StartRefusal;
pub use game::{Game, repetition_limit};
pub use movegen::{MAX_MOVES, MoveList, PlayError, PlayErrorKind};
pub use notation::{Kichwa, MAX_CHOICES, Move, ParseMoveError, ParseMoveErrorKind};
pub use outcome::{EndReason, Outcome};
pub use perft::perft;
pub use pit::{Direction, Pit, PitName, Row};
pub use playout::{Playout, PlayoutResult};
pub use position::Position;
pub use record::{
    GameRecord, MoveProblem, RECORD_FORMAT, RecordError, RecordPlayers, RecordResult,
};
pub use rules::MAX_LAPS;
pub use setup::{CapturedSetup, PositionError, PositionSetup, ReservedSetup};
pub use summary::MoveSummary;
pub use trace::{CaptureTo, ReEntry, Step, TraceError, TraceReplay};
pub use variant::{Player, UnknownPlayer, UnknownVariant, Variant};
