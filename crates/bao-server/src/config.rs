//! How the server runs: the flags of `bao-server` as a [`Config`] — the address, the database,
//! the socket timers ([`Timing`]) and the limits ([`Limits`]).

use crate::client::TrustedProxies;
use crate::store::DatabaseUrl;
use bao_protocol::{PING_INTERVAL, SILENCE_LIMIT};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How the server runs: what `bao-server`'s flags say.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on; port 0 picks a free one.
    pub listen: SocketAddr,
    /// The database.
    pub database: DatabaseUrl,
    /// The web build's folder, served at `/`.
    pub web: Option<PathBuf>,
    /// Pings and silence (the protocol's values unless a test shortens them).
    pub timing: Timing,
    /// What one client, and all together, may open and how long they may take.
    pub limits: Limits,
}

/// The limits that keep one client (or a crowd) from taking the server down. Each is a flag
/// of `bao-server` (docs/server.md, "Limits").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open connections at most, all clients together.
    pub max_connections: usize,
    /// Open connections at most from one client address (IPv6: one /64).
    pub max_connections_per_address: usize,
    /// The whole request header must arrive within this.
    pub header_timeout: Duration,
    /// An HTTP connection silent this long is closed (a WebSocket has its pings instead).
    pub idle_timeout: Duration,
    /// A request must be answered within this (else 408): a slow body cannot hold a handler.
    pub request_timeout: Duration,
    /// WebSocket connects per client address per minute.
    pub sockets_per_minute: u32,
    /// Game lookups (a game's snapshot, the open and live lists) per client address per
    /// minute.
    pub lookups_per_minute: u32,
    /// A stop waits at most this long for open connections.
    pub stop_timeout: Duration,
    /// The reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            max_connections_per_address: 64,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(30),
            sockets_per_minute: 60,
            lookups_per_minute: 300,
            stop_timeout: Duration::from_secs(10),
            trusted_proxies: TrustedProxies::none(),
        }
    }
}

/// The socket timers.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// How often every socket is pinged.
    pub ping_interval: Duration,
    /// How long a socket may stay silent.
    pub silence_limit: Duration,
    /// How long a game with no socket stays in memory.
    pub idle_game: Duration,
    /// How long a finished game (and a game in which no move was ever played) is kept after it
    /// ended (was created); older ones are deleted.
    pub keep_finished: Duration,
    /// How often old games are looked for.
    pub sweep_every: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            ping_interval: PING_INTERVAL,
            silence_limit: SILENCE_LIMIT,
            idle_game: IDLE_GAME,
            keep_finished: KEEP_FINISHED,
            sweep_every: SWEEP_EVERY,
        }
    }
}

/// How long a game with no socket stays in memory by default: a player reconnecting within
/// minutes finds it running; after that it is replayed from the database.
const IDLE_GAME: Duration = Duration::from_secs(300);

/// How long finished games are kept by default: a month, to look back at or share.
pub const KEEP_FINISHED: Duration = Duration::from_secs(30 * 24 * 3600);

/// How often old games are looked for by default.
const SWEEP_EVERY: Duration = Duration::from_secs(3600);
