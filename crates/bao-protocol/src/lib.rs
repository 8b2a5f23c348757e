//! The messages between the Bao game server (`bao-server`) and its clients, protocol version 1:
//! the WebSocket messages of both directions, the HTTP bodies, and the limits both sides keep.
//! Serde types only — no sockets, no runtime — so the game's desktop and web builds and the
//! server share one definition (this crate compiles for `wasm32-unknown-unknown`).
//!
//! Positions travel in the engine's own text format ([`PositionSetup`], docs/rules.md,
//! 'Position text format') and moves in its notation, as text: the receiver checks them with
//! the engine ([`bao_engine::Position::from_setup`], [`str::parse`] into a [`bao_engine::Move`]).
//!
//! ```
//! use bao_protocol::{ClientMessage, ServerMessage};
//!
//! let sent = ClientMessage::Move { ply: 0, mv: "a3+".into() };
//! assert_eq!(sent.to_json(), r#"{"t":"move","ply":0,"move":"a3+"}"#);
//!
//! let answer = ServerMessage::from_json(r#"{"t":"presence","present":{"south":true,"north":false}}"#)
//!     .expect("a presence message");
//! assert!(matches!(answer, ServerMessage::Presence { present } if present.south && !present.north));
//! // An unknown message is an error, never a panic.
//! assert!(ServerMessage::from_json(r#"{"t":"chat"}"#).is_err());
//! ```

mod http;
mod limits;
mod messages;
mod seat;

pub use bao_engine::PositionSetup;
pub use http::{
    CreateGame, ErrorBody, GameCreated, Health, HttpErrorCode, LISTED_GAMES, LIVE_SECONDS,
    LiveGame, LiveGames, OpenGame, OpenGames,
};
pub use limits::{
    CLOSE_GOING_AWAY, CLOSE_POLICY_VIOLATION, CLOSE_TOO_BIG, GAMES_PER_MINUTE_PER_ADDRESS,
    MAX_FRAME_BYTES, MAX_MESSAGES_PER_SECOND, PING_INTERVAL, SILENCE_LIMIT,
};
pub use messages::{
    BadMessage, ClientMessage, ErrorCode, ErrorMessage, Moved, Rematch, ServerMessage, Snapshot,
};
pub use seat::{GameResult, Present, ResultReason, Seat, SeatChoice, Status};

/// The protocol version this crate speaks: the `protocol` of `/health` and of every snapshot.
pub const PROTOCOL_VERSION: u32 = 1;

#[cfg(test)]
mod tests;
