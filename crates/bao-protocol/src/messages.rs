//! The WebSocket messages: JSON text frames tagged by their field `"t"`.

use crate::seat::{GameResult, Present, Seat, Status};
use bao_engine::{PositionSetup, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole game: first on every connection, and the answer to `sync`.
    Snapshot(Snapshot),
    /// A move was accepted (the mover's acknowledgement too).
    Moved(Moved),
    /// The game ended: after the `moved` that ended it, or after a resignation.
    Over {
        /// How it ended.
        result: GameResult,
    },
    /// A seat's connection came or went.
    Presence {
        /// Who is connected now.
        present: Present,
    },
    /// A message was refused; the game is untouched.
    Error(ErrorMessage),
    /// Both players asked for a rematch: the new game and this player's token in it.
    Rematch(Rematch),
}

/// The whole state of a game, as one connection sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The protocol version, [`crate::PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The game's id.
    pub game: String,
    /// The rule set.
    #[serde(with = "variant_id")]
    pub variant: Variant,
    /// The seat this connection plays; `None` (JSON `null`) for a watcher. Must be present.
    #[serde(deserialize_with = "Option::deserialize")]
    pub seat: Option<Seat>,
    /// The position the game started from.
    pub start: PositionSetup,
    /// Every move so far in the notation of docs/rules.md, oldest first.
    pub moves: Vec<String>,
    /// The position now.
    pub position: PositionSetup,
    /// Whether the game goes on.
    pub status: Status,
    /// The result once over; `None` (JSON `null`) while playing. Must be present.
    #[serde(deserialize_with = "Option::deserialize")]
    pub result: Option<GameResult>,
    /// Who is connected.
    pub present: Present,
}

/// An accepted move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    /// The move's number in the game, from 0.
    pub ply: u32,
    /// The move in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who played it.
    pub by: Seat,
    /// The position after it.
    pub position: PositionSetup,
}

/// A refused message, with the number of moves played so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorMessage {
    /// What was wrong.
    pub code: ErrorCode,
    /// The same for a person to read.
    pub message: String,
    /// Moves played so far in the game (0 where there is no game).
    pub ply: u32,
}

/// A new game after a finished one, with the receiver's own seat token in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    /// The new game's id.
    pub game: String,
    /// The receiver's token in the new game (the seats are swapped).
    pub token: String,
}

/// Why the server refused a message or a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not a message of this protocol (not JSON, an unknown `"t"`, a missing field).
    BadMessage,
    /// The engine refuses the move (or it is not a move in the notation).
    IllegalMove,
    /// The other seat is to move.
    NotYourTurn,
    /// The move's ply is not the number of moves played so far.
    StalePly,
    /// The game is over.
    GameOver,
    /// A watcher tried to play.
    Watching,
    /// No seat has this token.
    UnknownToken,
    /// No game has this id.
    UnknownGame,
}

impl ErrorCode {
    /// The code as JSON writes it, e.g. `"stale_ply"`.
    pub const fn id(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::GameOver => "game_over",
            ErrorCode::Watching => "watching",
            ErrorCode::UnknownToken => "unknown_token",
            ErrorCode::UnknownGame => "unknown_game",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Play a move at ply `ply` (the number of moves played so far).
    Move {
        /// The number of moves the client has seen played.
        ply: u32,
        /// The move in notation.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Ask for a fresh snapshot.
    Sync,
    /// Give up: the other seat wins.
    Resign,
    /// Ask for a rematch of a finished game.
    Rematch,
}

/// A text that is not a message of this protocol: not JSON, an unknown `"t"`, a missing or
/// mistyped field. Carries serde's description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

impl fmt::Display for BadMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a message of the Bao protocol: {}", self.0)
    }
}

impl std::error::Error for BadMessage {}

impl ServerMessage {
    /// Reads a server message.
    ///
    /// # Errors
    /// [`BadMessage`] when the text is not one.
    pub fn from_json(text: &str) -> Result<ServerMessage, BadMessage> {
        serde_json::from_str(text).map_err(|e| BadMessage(e.to_string()))
    }

    /// The message as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|e| unreachable!("protocol messages always serialise: {e}"))
    }
}

impl ClientMessage {
    /// Reads a client message.
    ///
    /// # Errors
    /// [`BadMessage`] when the text is not one.
    pub fn from_json(text: &str) -> Result<ClientMessage, BadMessage> {
        serde_json::from_str(text).map_err(|e| BadMessage(e.to_string()))
    }

    /// The message as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_else(|e| unreachable!("protocol messages always serialise: {e}"))
    }
}

/// A variant as its id (`"kigogo"`), the way the position format writes it.
pub(crate) mod variant_id {
    use bao_engine::Variant;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(variant: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(variant.id())
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let id = String::deserialize(d)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}
