//! What every handler shares: the games, the per-address limits, the shutdown signal. Its
//! own module, so that the handlers (`http.rs`, `ws.rs`, `access.rs`) and the server that
//! routes to them (`server.rs`) do not import each other.

use crate::client::TrustedProxies;
use crate::config::Timing;
use crate::games::Games;
use crate::rate::PerAddress;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The running games and the database.
    pub games: Arc<Games>,
    /// Games created per address.
    pub creations: Arc<PerAddress>,
    /// WebSocket connects per address.
    pub socket_connects: Arc<PerAddress>,
    /// Game lookups per address.
    pub lookups: Arc<PerAddress>,
    /// Whose forwarding headers are believed.
    pub trusted: Arc<TrustedProxies>,
    /// Turns true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// A clone per open socket; the shutdown waits until all are dropped.
    pub sockets: mpsc::Sender<()>,
    /// The socket timers.
    pub timing: Timing,
}
