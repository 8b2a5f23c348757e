//! The Bao game server: two players and any number of watchers per game, over WebSocket, with
//! every game kept in a database (an SQLite file, or PostgreSQL shared by several servers, which
//! tell each other about every change by LISTEN/NOTIFY). It speaks the protocol of
//! `bao_protocol` (version 1); docs/server.md says how to run it and where the protocol left
//! points open.
//!
//! Each game is a task (an actor, `actor.rs`) reached by a channel; sockets (`ws.rs`) forward
//! messages to it. The game's rules are a state machine (`table.rs`) that owns the engine's
//! `Game`: the actor feeds it what happens and carries out what it decides. A move is stored before its `moved` is
//! sent, and a game is rebuilt from its stored moves when it is first asked for, so games
//! survive a restart or a crash.
//!
//! Tests start it in process:
//!
//! ```no_run
//! # async fn example() -> Result<(), bao_server::StartError> {
//! use bao_server::{Config, DatabaseUrl, Limits, Server, Timing};
//!
//! let server = Server::start(Config {
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     database: DatabaseUrl::Sqlite("games.sqlite".into()),
//!     web: None,
//!     timing: Timing::default(),
//!     limits: Limits::default(),
//! })
//! .await?;
//! println!("listening on http://{}", server.address());
//! server.shutdown().await;
//! # Ok(())
//! # }
//! ```

mod access;
mod actor;
mod client;
mod config;
mod games;
mod http;
mod ids;
mod listen;
mod lobby;
mod mailbox;
mod metrics;
mod postgres;
mod presence;
mod rate;
mod server;
mod sqlite;
mod state;
mod store;
mod table;
mod writer;
mod ws;

pub use client::{BadNetwork, TrustedProxies};
pub use config::{Config, KEEP_FINISHED, Limits, Timing};
pub use server::{Server, StartError};
pub use store::DatabaseUrl;
