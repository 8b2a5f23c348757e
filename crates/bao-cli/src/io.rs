//! Reading position files and writing the JSON the commands print.

use bao_engine::{Outcome, Position, PositionError};
use serde_json::{Value, json};
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Everything that can go wrong in a command; each prints as one clear line.
#[derive(Debug)]
pub enum CliError {
    /// A file could not be read.
    Read(PathBuf, std::io::Error),
    /// A position failed validation.
    Position(PathBuf, PositionError),
    /// A move could not be parsed or played; the legal moves are listed.
    Move {
        text: String,
        reason: String,
        legal: Vec<String>,
    },
    /// A game record could not be loaded or replayed.
    Record(PathBuf, bao_engine::RecordError),
    /// Writing to standard output failed (e.g. a closed pipe).
    Write(std::io::Error),
    /// Any other bad argument.
    Usage(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Read(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            CliError::Position(p, e) => write!(f, "invalid position in {}: {e}", p.display()),
            CliError::Move {
                text,
                reason,
                legal,
            } => {
                write!(f, "illegal move '{text}': {reason}; legal moves: ")?;
                if legal.is_empty() {
                    write!(f, "none")
                } else {
                    write!(f, "{}", legal.join(" "))
                }
            }
            CliError::Record(p, e) => write!(f, "{}: {e}", p.display()),
            CliError::Write(e) => write!(f, "cannot write output: {e}"),
            CliError::Usage(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Write(e)
    }
}

/// Reads a whole file as text; `-` reads standard input.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let mut text = String::new();
    let read = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    read.map_err(|e| CliError::Read(path.to_owned(), e))?;
    Ok(text)
}

/// Reads and validates a position file; `-` reads standard input.
pub fn read_position(path: &Path) -> Result<Position, CliError> {
    let text = read_text(path)?;
    Position::from_json(&text).map_err(|e| CliError::Position(path.to_owned(), e))
}

/// A position as a JSON value in the text format of docs/rules.md, 'Position text format'.
pub fn position_json(p: &Position) -> Value {
    serde_json::to_value(p.to_setup()).unwrap_or(Value::Null)
}

/// `{"result", "winner", "reason"}` of an outcome.
pub fn outcome_json(o: &Outcome) -> Value {
    json!({
        "result": o.result_id(),
        "winner": o.winner().map(|w| w.id()),
        "reason": o.reason().map(|r| r.id()),
    })
}
