//! The limits of the protocol ('Limits'), named once for the server that enforces them and the
//! clients that must stay inside them.

use std::time::Duration;

/// The largest frame a client may send, in bytes; a larger one closes the socket with
/// [`CLOSE_TOO_BIG`].
pub const MAX_FRAME_BYTES: usize = 4096;

/// The most messages one socket may send in one second; one more closes it with
/// [`CLOSE_POLICY_VIOLATION`].
pub const MAX_MESSAGES_PER_SECOND: u32 = 20;

/// How often the server pings every socket.
pub const PING_INTERVAL: Duration = Duration::from_secs(15);

/// How long a socket may stay silent (no message, no pong) before the server closes it.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(45);

/// How many games one address may create in one minute; the next gets HTTP 429.
pub const GAMES_PER_MINUTE_PER_ADDRESS: u32 = 30;

/// WebSocket close code: the server is shutting down (or the socket went silent).
pub const CLOSE_GOING_AWAY: u16 = 1001;

/// WebSocket close code: an unknown token or game, or too many messages.
pub const CLOSE_POLICY_VIOLATION: u16 = 1008;

/// WebSocket close code: a frame over [`MAX_FRAME_BYTES`].
pub const CLOSE_TOO_BIG: u16 = 1009;
