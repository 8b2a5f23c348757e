//! The running games: a map from game id to its actor's channel, filled when a game is first
//! asked for (its moves are read back from the database and replayed). The map's lock is taken
//! when a socket connects or an actor stops, never on the way of a move. On a shared PostgreSQL
//! database it also follows the other servers' notifications and passes each to its game's actor.

use crate::actor::{Command, GameActor, INBOX, Outgoing};
use crate::metrics::Metrics;
use crate::store::{Change, Store, StoreError};
use bao_protocol::{Seat, Snapshot};
use sqlx::postgres::PgListener;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OnceCell, mpsc, oneshot, watch};

type Slot = Arc<OnceCell<mpsc::Sender<Command>>>;

/// The registry of game actors.
#[derive(Debug)]
pub struct Games {
    store: Store,
    idle: Duration,
    running: Mutex<HashMap<String, Slot>>,
    metrics: Arc<Metrics>,
}

/// Why a game could not be reached.
#[derive(Debug)]
pub enum Unreachable {
    /// No game has this id.
    Unknown,
    /// The database failed or the stored game is damaged.
    Store(StoreError),
}

impl From<StoreError> for Unreachable {
    fn from(e: StoreError) -> Unreachable {
        Unreachable::Store(e)
    }
}

/// Times a socket looks a game up again when its actor stopped in between.
const ATTEMPTS: usize = 3;

impl Games {
    /// No game running yet; an actor with no socket stops after `idle`.
    pub fn new(store: Store, idle: Duration, metrics: Arc<Metrics>) -> Arc<Games> {
        Arc::new(Games {
            store,
            idle,
            running: Mutex::new(HashMap::new()),
            metrics,
        })
    }

    /// The server's counters.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// How long an actor with no socket stays in memory before it stops (the game is loaded
    /// again from the database when next asked for).
    pub fn idle(&self) -> Duration {
        self.idle
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Joins a socket to game `id`: its snapshot arrives through `outbox`. Returns the game's
    /// channel and the connection number.
    ///
    /// # Errors
    /// [`Unreachable`] when there is no such game or it cannot be loaded.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        seat: Option<Seat>,
        outbox: &mpsc::Sender<Outgoing>,
    ) -> Result<(mpsc::Sender<Command>, u64), Unreachable> {
        for _ in 0..ATTEMPTS {
            let actor = self.actor(id).await?;
            let (reply, answer) = oneshot::channel();
            let join = Command::Join {
                seat,
                outbox: outbox.clone(),
                reply,
            };
            if actor.send(join).await.is_ok()
                && let Ok(conn) = answer.await
            {
                return Ok((actor, conn));
            }
        }
        Err(Unreachable::Store(StoreError::Corrupt(format!(
            "game {id} stopped {ATTEMPTS} times while a socket joined"
        ))))
    }

    /// A watcher's snapshot of game `id`.
    ///
    /// # Errors
    /// [`Unreachable`] when there is no such game or it cannot be loaded.
    pub async fn snapshot(self: &Arc<Self>, id: &str) -> Result<Snapshot, Unreachable> {
        for _ in 0..ATTEMPTS {
            let actor = self.actor(id).await?;
            let (reply, answer) = oneshot::channel();
            if actor.send(Command::Snapshot { reply }).await.is_ok()
                && let Ok(snapshot) = answer.await
            {
                return Ok(snapshot);
            }
        }
        Err(Unreachable::Store(StoreError::Corrupt(format!(
            "game {id} stopped {ATTEMPTS} times while asked for"
        ))))
    }

    /// The channel of game `id`'s actor, started (and the game loaded) if it is not running.
    async fn actor(self: &Arc<Self>, id: &str) -> Result<mpsc::Sender<Command>, Unreachable> {
        let slot = {
            let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
            running.entry(id.to_owned()).or_default().clone()
        };
        let started = slot.get_or_try_init(|| self.start(id)).await;
        if started.is_err() {
            // An unknown id leaves no entry behind (ids are guessed for free).
            let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
            if running
                .get(id)
                .is_some_and(|s| Arc::ptr_eq(s, &slot) && s.get().is_none())
            {
                running.remove(id);
            }
        }
        started.cloned()
    }

    async fn start(self: &Arc<Self>, id: &str) -> Result<mpsc::Sender<Command>, Unreachable> {
        let stored = self
            .store
            .load_game(id)
            .await?
            .ok_or(Unreachable::Unknown)?;
        let actor =
            GameActor::load(id.to_owned(), stored, self.store.clone(), self.clone()).await?;
        let (sender, inbox) = mpsc::channel(INBOX);
        tokio::spawn(actor.run(inbox, sender.downgrade()));
        Ok(sender)
    }

    /// How many games have an actor now.
    pub fn running(&self) -> usize {
        self.running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Called by an idle actor: removes it from the map if it is still the one there. False if a
    /// socket is joining it right now (it then keeps running).
    pub fn forget(&self, id: &str, actor: &mpsc::WeakSender<Command>) -> bool {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(me) = actor.upgrade() else {
            return true;
        };
        let is_mine = running
            .get(id)
            .and_then(|slot| slot.get())
            .is_some_and(|s| s.same_channel(&me));
        // Someone holding a sender besides the map and `me` is about to send a command.
        if is_mine && me.strong_count() <= 2 {
            running.remove(id);
            true
        } else {
            !is_mine
        }
    }

    /// The channels of the running actors; all of them, or game `id`'s alone.
    fn actors(&self, id: Option<&str>) -> Vec<mpsc::Sender<Command>> {
        let running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        match id {
            Some(id) => running
                .get(id)
                .and_then(|slot| slot.get())
                .into_iter()
                .cloned()
                .collect(),
            None => running
                .values()
                .filter_map(|slot| slot.get())
                .cloned()
                .collect(),
        }
    }

    /// Tells game `id`'s actor, if it runs here, that another server changed the game; with
    /// `None`, tells every running actor that it may have missed changes.
    fn tell(&self, id: Option<&str>, change: Option<Change>) {
        for actor in self.actors(id) {
            // A busy actor gets it later, without holding up the other games' news; a stopped
            // one is no loss: the game is read from the database when next asked for.
            if let Err(mpsc::error::TrySendError::Full(command)) =
                actor.try_send(Command::Changed(change))
            {
                tokio::spawn(async move { actor.send(command).await });
            }
        }
    }

    /// Follows the other servers' notifications until the server stops: each one sends its
    /// game's actor (if it runs here) to the database for what is new. A lost connection is
    /// made again by the listener, and then every running game catches up, since the
    /// notifications sent in between are gone.
    pub async fn follow(
        self: Arc<Self>,
        mut listener: PgListener,
        mut stop: watch::Receiver<bool>,
    ) {
        loop {
            let received = tokio::select! {
                _ = stop.wait_for(|&stop| stop) => return,
                received = listener.try_recv() => received,
            };
            match received {
                Ok(Some(notification)) => {
                    if let Some(notice) = self.store.notice(notification.payload()) {
                        self.tell(Some(&notice.game), Some(notice.change));
                    }
                }
                Ok(None) => {
                    tracing::warn!("the LISTEN connection was lost and is back: catching up");
                    self.tell(None, None);
                }
                Err(sqlx::Error::PoolClosed) => return,
                Err(e) => {
                    tracing::error!("listening for other servers failed: {e}; trying again");
                    tokio::select! {
                        _ = stop.wait_for(|&stop| stop) => return,
                        () = tokio::time::sleep(RELISTEN_DELAY) => {}
                    }
                    self.tell(None, None);
                }
            }
        }
    }
}

/// How long the listener waits before trying again after PostgreSQL refused it.
const RELISTEN_DELAY: Duration = Duration::from_secs(1);
