//! The server: its configuration, the shared state of the handlers, start and shutdown.

use crate::games::Games;
use crate::metrics::Metrics;
use crate::rate::PerAddress;
use crate::store::{DatabaseUrl, Store, StoreError};
use crate::{http, ws};
use axum::extract::DefaultBodyLimit;
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
    sockets: mpsc::Receiver<()>,
    serving: JoinHandle<std::io::Result<()>>,
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
        let state = AppState {
            games: Games::new(
                store.clone(),
                config.timing.idle_game,
                Arc::new(Metrics::new()),
            ),
            creations: Arc::new(PerAddress::new(
                GAMES_PER_MINUTE_PER_ADDRESS,
                Duration::from_secs(60),
            )),
            shutdown: shutdown.clone(),
            sockets: sockets_alive,
            timing: config.timing,
        };
        let games = state.games.clone();
        // Other servers on a shared database: their moves reach this server's sockets.
        let following = followed.map(|pg| tokio::spawn(games.clone().follow(pg, shutdown.clone())));
        let sweeping = tokio::spawn(sweep(store.clone(), config.timing, shutdown.clone()));
        let app = router(state, config.web.as_deref());
        let mut stopping = shutdown;
        let serving = tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .with_graceful_shutdown(async move {
                let _ = stopping.wait_for(|&stop| stop).await;
            })
            .await
        });
        Ok(Server {
            address,
            games,
            store,
            stop,
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

    /// Stops accepting, closes every socket with 1001, waits for them (a few seconds at most)
    /// and closes the database.
    pub async fn shutdown(mut self) {
        let _ = self.stop.send(true);
        if let Err(e) = self.serving.await {
            tracing::error!("the server task failed: {e}");
        }
        // Every socket holds a sender; recv gives None once the last one is dropped.
        let _ = tokio::time::timeout(CLOSE_WAIT, self.sockets.recv()).await;
        if let Some(following) = self.following {
            let _ = following.await;
        }
        let _ = self.sweeping.await;
        self.store.close().await;
    }
}

fn router(state: AppState, web: Option<&std::path::Path>) -> Router {
    let api = Router::new()
        .route("/health", get(http::health))
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
    api.layer(middleware::map_response(http::json_errors))
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
