//! Game records: the save-file format of a whole game (variant, start position, players, moves
//! in notation, result, date), versioned, and its replay with errors that name the problem.

use crate::game::Game;
use crate::movegen::PlayError;
use crate::notation::{Move, ParseMoveError};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::setup::{PositionError, PositionSetup};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The record format this engine writes. Files of a newer format are refused, not guessed at.
///
/// Format 2 (KU-8, KU-8c): `kujifunza` means the written rules, the kichwa keeping the move's
/// direction. Format 1 was written while `kujifunza` meant the mover's free choice, so a format-1
/// Kujifunza record is read as `kujifunza-choice` ([`GameRecord::from_json`]).
pub const RECORD_FORMAT: u32 = 2;

/// The first record format in which `kujifunza` is KU-8's rule set.
const FORMAT_KUJIFUNZA_KEEPS_DIRECTION: u32 = 2;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The record format version ([`RECORD_FORMAT`]).
    pub format: u32,
    /// Variant id.
    pub variant: String,
    /// The position the game started from.
    pub start: PositionSetup,
    /// Who played each side, e.g. `human` or an AI level id.
    pub players: RecordPlayers,
    /// Moves in notation, in order.
    pub moves: Vec<String>,
    /// The result when the record was written: `ongoing`, `win` or `draw`, the winner and the
    /// reason, as `bao-cli play` prints them.
    pub result: RecordResult,
    /// When the game was played (ISO 8601, written by the caller: the engine has no clock).
    #[serde(default)]
    pub date: String,
}

/// Who played South and North.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordPlayers {
    /// South's player.
    pub south: String,
    /// North's player.
    pub north: String,
}

/// The stored result of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordResult {
    /// `ongoing`, `win` or `draw`.
    pub result: String,
    /// `south`, `north` or absent.
    #[serde(default)]
    pub winner: Option<String>,
    /// The end reason id, or absent while ongoing.
    #[serde(default)]
    pub reason: Option<String>,
}

impl RecordResult {
    /// The stored form of an outcome.
    pub fn of(outcome: &Outcome) -> RecordResult {
        RecordResult {
            result: outcome.result_id().to_owned(),
            winner: outcome.winner().map(|w| w.id().to_owned()),
            reason: outcome.reason().map(|r| r.id().to_owned()),
        }
    }
}

/// Why a record could not be loaded. The file itself is never touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not JSON of the record format.
    Corrupt(String),
    /// Written by a newer version of the game.
    NewerFormat {
        /// The file's format.
        found: u32,
        /// The newest format this engine reads.
        supported: u32,
    },
    /// The variant id is unknown.
    UnknownVariant(String),
    /// The start position is invalid.
    BadStart(PositionError),
    /// The start position is of another variant than the record says.
    VariantMismatch {
        /// The record's variant.
        record: String,
        /// The start position's variant.
        start: String,
    },
    /// Move `number` (1-based) cannot be parsed or played.
    BadMove {
        /// 1-based move number.
        number: usize,
        /// The move text.
        text: String,
        /// Why: typed, so that a program can say it in its own words and language.
        problem: MoveProblem,
    },
    /// Replaying the moves gives another result than the one stored.
    ResultMismatch {
        /// The stored result.
        stored: String,
        /// The result of the replay.
        replayed: String,
    },
}

/// Why a move written in notation cannot be played: it is not notation, or the position reached
/// does not allow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveProblem {
    /// The text is not a move in the notation of docs/rules.md, 'Moves and notation'.
    Unreadable(ParseMoveError),
    /// The move is not legal in the position reached, or the game is already over there.
    Unplayable(PlayError),
}

impl From<ParseMoveError> for MoveProblem {
    fn from(error: ParseMoveError) -> Self {
        MoveProblem::Unreadable(error)
    }
}

impl From<PlayError> for MoveProblem {
    fn from(error: PlayError) -> Self {
        MoveProblem::Unplayable(error)
    }
}

impl fmt::Display for MoveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveProblem::Unreadable(error) => error.fmt(f),
            MoveProblem::Unplayable(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MoveProblem {}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Corrupt(msg) => write!(f, "the file is not a readable game record: {msg}"),
            RecordError::NewerFormat { found, supported } => write!(
                f,
                "the record has format {found}, newer than this version of the game reads \
                 ({supported}); update the game to open it"
            ),
            RecordError::UnknownVariant(v) => {
                write!(f, "the record is of an unknown variant '{v}'")
            }
            RecordError::BadStart(e) => write!(f, "the record's start position is invalid: {e}"),
            RecordError::VariantMismatch { record, start } => write!(
                f,
                "the record says {record} but its start position is {start}"
            ),
            RecordError::BadMove {
                number,
                text,
                problem,
            } => write!(f, "move {number} ('{text}') cannot be played: {problem}"),
            RecordError::ResultMismatch { stored, replayed } => write!(
                f,
                "the record says the result is {stored}, but its moves give {replayed}"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// The record of `game` as it stands.
    pub fn of_game(game: &Game, south: &str, north: &str, date: &str) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT,
            variant: game.start().variant().id().to_owned(),
            start: game.start().to_setup(),
            players: RecordPlayers {
                south: south.to_owned(),
                north: north.to_owned(),
            },
            moves: game.moves().iter().map(Move::to_string).collect(),
            result: RecordResult::of(&game.outcome()),
            date: date.to_owned(),
        }
    }

    /// Parses a record from JSON without replaying it. An older record is brought up to
    /// [`RECORD_FORMAT`]: a format-1 `kujifunza` record, whose moves carry the kichwa letters of
    /// the free choice, becomes `kujifunza-choice` (KU-8c), so that it replays as it was played.
    ///
    /// # Errors
    /// [`RecordError::Corrupt`] or [`RecordError::NewerFormat`].
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        // Read the version first, so that a newer file is reported as such even if its other
        // fields have changed shape.
        #[derive(Deserialize)]
        struct VersionOnly {
            format: u32,
        }
        let version: VersionOnly =
            serde_json::from_str(text).map_err(|e| RecordError::Corrupt(e.to_string()))?;
        if version.format > RECORD_FORMAT {
            return Err(RecordError::NewerFormat {
                found: version.format,
                supported: RECORD_FORMAT,
            });
        }
        let mut record: GameRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Corrupt(e.to_string()))?;
        record.upgrade();
        Ok(record)
    }

    /// Brings a record of an older format to [`RECORD_FORMAT`] (see [`GameRecord::from_json`]).
    fn upgrade(&mut self) {
        if self.format < FORMAT_KUJIFUNZA_KEEPS_DIRECTION {
            let old = Variant::Kujifunza.id();
            let new = Variant::KujifunzaChoice.id();
            if self.variant == old {
                self.variant = new.to_owned();
            }
            if self.start.variant == old {
                self.start.variant = new.to_owned();
            }
        }
        self.format = RECORD_FORMAT;
    }

    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self)
            .unwrap_or_else(|e| unreachable!("a record always serialises: {e}"))
    }

    /// Replays every move from the start position and checks the stored result.
    ///
    /// # Errors
    /// The first problem found, naming the move number for a bad move.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let variant: Variant = self
            .variant
            .parse()
            .map_err(|_| RecordError::UnknownVariant(self.variant.clone()))?;
        let start = Position::from_setup(&self.start).map_err(RecordError::BadStart)?;
        if start.variant() != variant {
            return Err(RecordError::VariantMismatch {
                record: variant.id().to_owned(),
                start: start.variant().id().to_owned(),
            });
        }
        let mut game = Game::from_position(start);
        for (i, text) in self.moves.iter().enumerate() {
            let bad = |problem: MoveProblem| RecordError::BadMove {
                number: i + 1,
                text: text.clone(),
                problem,
            };
            let mv: Move = text.parse().map_err(|e: ParseMoveError| bad(e.into()))?;
            game.play(mv).map_err(|e| bad(e.into()))?;
        }
        let replayed = RecordResult::of(&game.outcome());
        if replayed != self.result {
            return Err(RecordError::ResultMismatch {
                stored: describe(&self.result),
                replayed: describe(&replayed),
            });
        }
        Ok(game)
    }
}

fn describe(r: &RecordResult) -> String {
    let mut s = r.result.clone();
    if let Some(w) = &r.winner {
        s.push_str(&format!(" for {w}"));
    }
    if let Some(reason) = &r.reason {
        s.push_str(&format!(" ({reason})"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        let mut game = Game::new(Variant::Kingulu);
        for _ in 0..6 {
            let Some(&mv) = game.legal_moves().first() else {
                break;
            };
            game.play(mv).unwrap();
        }
        GameRecord::of_game(&game, "human", "medium", "2026-11-30T10:00:00Z")
    }

    #[test]
    fn record_round_trips_and_replays() {
        let rec = sample();
        let back = GameRecord::from_json(&rec.to_json()).unwrap();
        assert_eq!(back, rec);
        let game = back.replay().unwrap();
        assert_eq!(game.moves().len(), rec.moves.len());
    }

    #[test]
    fn corrupt_record_is_reported() {
        assert!(matches!(
            GameRecord::from_json("{not json"),
            Err(RecordError::Corrupt(_))
        ));
        assert!(matches!(
            GameRecord::from_json(r#"{"format": 1}"#),
            Err(RecordError::Corrupt(_))
        ));
    }

    #[test]
    fn newer_format_is_reported() {
        let mut text = sample().to_json();
        text = text.replacen("\"format\": 2", "\"format\": 7", 1);
        assert_eq!(
            GameRecord::from_json(&text),
            Err(RecordError::NewerFormat {
                found: 7,
                supported: RECORD_FORMAT
            })
        );
    }

    #[test]
    fn ku_8c_a_format_1_kujifunza_record_is_read_as_kujifunza_choice() {
        let mut game = Game::new(Variant::KujifunzaChoice);
        game.play("a8+/L/R/R".parse().unwrap()).unwrap();
        let mut old = GameRecord::of_game(&game, "human", "human", "");
        old.format = 1;
        old.variant = "kujifunza".into();
        old.start.variant = "kujifunza".into();
        let back = GameRecord::from_json(&old.to_json()).unwrap();
        assert_eq!(back.format, RECORD_FORMAT);
        assert_eq!(back.variant, "kujifunza-choice");
        assert_eq!(back.start.variant, "kujifunza-choice");
        assert_eq!(back.replay().unwrap().moves(), game.moves());
        // A format-2 `kujifunza` record stays `kujifunza` (KU-8).
        let now = GameRecord::of_game(&Game::new(Variant::Kujifunza), "human", "human", "");
        assert_eq!(
            GameRecord::from_json(&now.to_json()).unwrap().variant,
            "kujifunza"
        );
    }

    #[test]
    fn unknown_variant_is_reported() {
        let mut rec = sample();
        rec.variant = "oware".into();
        assert_eq!(
            rec.replay().unwrap_err(),
            RecordError::UnknownVariant("oware".into())
        );
    }

    #[test]
    fn illegal_move_is_reported_with_its_number() {
        let mut rec = sample();
        rec.moves[2] = "a9".into();
        match rec.replay() {
            Err(RecordError::BadMove { number, text, .. }) => {
                assert_eq!((number, text.as_str()), (3, "a9"));
            }
            other => panic!("expected a bad move, got {other:?}"),
        }
    }

    #[test]
    fn a_bad_move_says_whether_it_is_unreadable_or_unplayable() {
        let mut rec = sample();
        rec.moves[1] = "c4".into();
        match rec.replay() {
            Err(RecordError::BadMove {
                problem: MoveProblem::Unreadable(e),
                ..
            }) => assert_eq!(e.kind, crate::ParseMoveErrorKind::BadRow),
            other => panic!("expected an unreadable move, got {other:?}"),
        }
        let mut rec = sample();
        rec.moves[2] = "a9".into();
        match rec.replay() {
            Err(RecordError::BadMove {
                problem: MoveProblem::Unplayable(e),
                ..
            }) => assert_eq!(e.kind, crate::PlayErrorKind::Illegal),
            other => panic!("expected an unplayable move, got {other:?}"),
        }
    }

    #[test]
    fn result_mismatch_is_reported() {
        let mut rec = sample();
        rec.result.result = "draw".into();
        assert!(matches!(
            rec.replay(),
            Err(RecordError::ResultMismatch { .. })
        ));
    }
}
