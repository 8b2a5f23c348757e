//! The server: start (database, listener, router) and shutdown.

use crate::config::{Config, Timing};
use crate::games::Games;
use crate::listen::{self, Listening};
use crate::metrics::Metrics;
use crate::postgres::PostgresStore;
use crate::rate::PerAddress;
use crate::sqlite::SqliteStore;
use crate::state::AppState;
use crate::store::{DatabaseUrl, Store, StoreError};
use crate::{access, http, ws};
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Router, middleware};
use bao_protocol::GAMES_PER_MINUTE_PER_ADDRESS;
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

/// A running server.
pub struct Server {
    address: SocketAddr,
    games: Arc<Games>,
    store: Arc<dyn Store>,
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
        let store = open(&config.database)
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

/// Opens the database `url` names with its backend: the one place that chooses it.
async fn open(url: &DatabaseUrl) -> Result<Arc<dyn Store>, StoreError> {
    Ok(match url {
        DatabaseUrl::Sqlite(path) => Arc::new(SqliteStore::open(path).await?),
        DatabaseUrl::Postgres(url) => Arc::new(PostgresStore::open(url).await?),
    })
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
        // The files scripts/build-web.sh compressed beside the originals (the wasm, Kingulu's
        // endgame table) go out compressed to a browser that accepts it.
        Some(dir) => {
            api.fallback_service(ServeDir::new(dir).precompressed_br().precompressed_gzip())
        }
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
async fn sweep(store: Arc<dyn Store>, timing: Timing, mut shutdown: watch::Receiver<bool>) {
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
