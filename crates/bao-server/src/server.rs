//! The server: its configuration, the shared state of the handlers, start and shutdown.

use crate::client::TrustedProxies;
use crate::games::Games;
use crate::listen::{self, Listening};
use crate::metrics::Metrics;
use crate::rate::PerAddress;
use crate::store::{DatabaseUrl, Store, StoreError};
use crate::{access, http, ws};
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Router, middleware};
use bao_protocol::{GAMES_PER_MINUTE_PER_ADDRESS, PING_INTERVAL, SILENCE_LIMIT};
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;

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

/// Why the server did not start.
#[derive(Debug)]
pub enum StartError {
    /// The database cannot be opened.
    Database(DatabaseUrl, StoreError),
    /// The address cannot be listened on.
    Listen(SocketAddr, std::io::Error),
    /// `--web` is not a folder.
    Web(PathBuf),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Database(url, e) => write!(f, "cannot use the database {url}: {e}"),
            StartError::Listen(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
            StartError::Web(dir) => write!(f, "--web {}: not a folder", dir.display()),
        }
    }
}

impl std::error::Error for StartError {}

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

/// A running server.
pub struct Server {
    address: SocketAddr,
    games: Arc<Games>,
    store: Store,
    stop: watch::Sender<bool>,
    stop_timeout: Duration,
    sockets: mpsc::Receiver<()>,
    serving: JoinHandle<()>,
    following: Option<JoinHandle<()>>,
    sweeping: JoinHandle<()>,
}

/// How long the shutdown waits for sockets to finish their close.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

impl Server {
    /// Opens the database, listens and starts serving.
    ///
    /// # Errors
    /// [`StartError`] when the database, the address or the web folder cannot be used.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        if let Some(dir) = &config.web
            && !dir.is_dir()
        {
            return Err(StartError::Web(dir.clone()));
        }
        let store = Store::open(&config.database)
            .await
            .map_err(|e| StartError::Database(config.database.clone(), e))?;
        let followed = store
            .listener()
            .await
            .map_err(|e| StartError::Database(config.database.clone(), e))?;
        let listener = TcpListener::bind(config.listen)
            .await
            .map_err(|e| StartError::Listen(config.listen, e))?;
        let address = listener
            .local_addr()
            .map_err(|e| StartError::Listen(config.listen, e))?;
        let (stop, shutdown) = watch::channel(false);
        let (sockets_alive, sockets) = mpsc::channel(1);
        let metrics = Arc::new(Metrics::new());
        let limits = config.limits;
        let state = AppState {
            games: Games::new(store.clone(), config.timing.idle_game, metrics.clone()),
            creations: Arc::new(per_minute(GAMES_PER_MINUTE_PER_ADDRESS)),
            socket_connects: Arc::new(per_minute(limits.sockets_per_minute)),
            lookups: Arc::new(per_minute(limits.lookups_per_minute)),
            trusted: Arc::new(limits.trusted_proxies.clone()),
            shutdown: shutdown.clone(),
            sockets: sockets_alive,
            timing: config.timing,
        };
        let games = state.games.clone();
        // Other servers on a shared database: their moves reach this server's sockets.
        let following = followed.map(|pg| tokio::spawn(games.clone().follow(pg, shutdown.clone())));
        let sweeping = tokio::spawn(sweep(store.clone(), config.timing, shutdown.clone()));
        let app = router(state, config.web.as_deref(), limits.request_timeout);
        let listening = Listening {
            max_connections: limits.max_connections,
            max_per_address: limits.max_connections_per_address,
            header_timeout: limits.header_timeout,
            idle_timeout: limits.idle_timeout,
            stop_timeout: limits.stop_timeout,
            trusted: limits.trusted_proxies,
        };
        let serving = tokio::spawn(listen::serve(listener, app, listening, metrics, shutdown));
        Ok(Server {
            address,
            games,
            store,
            stop,
            stop_timeout: limits.stop_timeout,
            sockets,
            serving,
            following,
            sweeping,
        })
    }

    /// How many games are held in memory by their actor now.
    pub fn games_in_memory(&self) -> usize {
        self.games.running()
    }

    /// The address it listens on (with the real port when 0 was asked).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Stops accepting, closes every socket with 1001, waits for them and closes the
    /// database — all within the stop timeout (`Limits::stop_timeout`) and a few seconds for
    /// the sockets' close: what has not ended by then is dropped, so a stop always ends.
    pub async fn shutdown(mut self) {
        let _ = self.stop.send(true);
        let deadline = tokio::time::Instant::now() + self.stop_timeout + CLOSE_WAIT;
        // The listener drops the connections left at its own stop timeout.
        if let Err(e) = self.serving.await {
            tracing::error!("the server task failed: {e}");
        }
        // Every socket holds a sender; recv gives None once the last one is dropped.
        let _ = tokio::time::timeout(CLOSE_WAIT, self.sockets.recv()).await;
        let store = self.store.clone();
        let rest = async move {
            if let Some(following) = self.following {
                let _ = following.await;
            }
            let _ = self.sweeping.await;
            store.close().await;
        };
        if tokio::time::timeout_at(deadline, rest).await.is_err() {
            tracing::warn!("the database did not close within the stop timeout");
        }
    }
}

/// A window of one minute per client address.
fn per_minute(limit: u32) -> PerAddress {
    PerAddress::new(limit, Duration::from_secs(60))
}

fn router(state: AppState, web: Option<&std::path::Path>, request_timeout: Duration) -> Router {
    let api = Router::new()
        .route("/health", get(http::health))
        .route("/ready", get(http::ready))
        .route("/metrics", get(http::metrics))
        .route(
            "/api/games",
            post(http::create_game).layer(DefaultBodyLimit::max(http::MAX_BODY_BYTES)),
        )
        .route("/api/games/{id}", get(http::get_game))
        .route("/api/games/{id}/join", post(http::join_open_game))
        .route("/api/open", get(http::open_games))
        .route("/api/live", get(http::live_games))
        .route("/ws", get(ws::upgrade));
    let api = match web {
        Some(dir) => api.fallback_service(ServeDir::new(dir)),
        None => api.fallback(http::not_found),
    };
    // Each layer wraps those before it: a timeout's 408 gets its JSON body, and the access log
    // sees the final status.
    api.layer(TimeoutLayer::with_status_code(
        StatusCode::REQUEST_TIMEOUT,
        request_timeout,
    ))
    .layer(middleware::map_response(http::json_errors))
    .layer(middleware::from_fn_with_state(
        state.clone(),
        access::identify_and_log,
    ))
    .with_state(state)
}

/// Deletes the games older than `timing.keep_finished` (see [`Store::expire`]) at start and
/// every `timing.sweep_every`, until the server stops. A failure is logged and tried again at
/// the next sweep: old games are an inconvenience, not a danger.
async fn sweep(store: Store, timing: Timing, mut shutdown: watch::Receiver<bool>) {
    let keep = i64::try_from(timing.keep_finished.as_secs()).unwrap_or(i64::MAX);
    loop {
        match store
            .expire(crate::store::unix_now().saturating_sub(keep))
            .await
        {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "old games deleted"),
            Err(e) => tracing::error!("old games could not be deleted: {e}"),
        }
        tokio::select! {
            () = tokio::time::sleep(timing.sweep_every) => {}
            _ = shutdown.wait_for(|&stop| stop) => return,
        }
    }
}
