//! The running games: a map from game id to its actor's channel, filled when a game is first
//! asked for (its moves are read back from the database and replayed). The map's lock is taken
//! when a socket connects or an actor stops, never on the way of a move. An actor that failed
//! (its task panicked) is found with its channel closed and started again by the next request
//! for its game. On a shared PostgreSQL database the registry also follows the other servers'
//! notifications and passes each to its game's actor: through its channel, or, while that is
//! full, folded into the actor's [`Mailbox`], which holds what it must catch up on in a bounded
//! space however many notifications come.

use crate::actor::{GameActor, Roster};
use crate::mailbox::{Command, INBOX, Mailbox, Outgoing};
use crate::metrics::Metrics;
use crate::store::{Change, Store, StoreError};
use bao_protocol::{Seat, Snapshot};
use sqlx::postgres::PgListener;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OnceCell, mpsc, oneshot, watch};

type Slot = Arc<OnceCell<Handle>>;

/// A running actor: its channel, and its mailbox for the notifications its channel had no room
/// for.
#[derive(Clone, Debug)]
struct Handle {
    sender: mpsc::Sender<Command>,
    mailbox: Arc<Mailbox>,
}

/// The registry of game actors.
#[derive(Debug)]
pub struct Games {
    store: Arc<dyn Store>,
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
    pub fn new(store: Arc<dyn Store>, idle: Duration, metrics: Arc<Metrics>) -> Arc<Games> {
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

    /// The database.
    pub fn store(&self) -> &dyn Store {
        &*self.store
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

    /// The channel of game `id`'s actor, started (and the game loaded) if it is not running
    /// or its task has failed.
    async fn actor(self: &Arc<Self>, id: &str) -> Result<mpsc::Sender<Command>, Unreachable> {
        for _ in 0..ATTEMPTS {
            let slot = {
                let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
                running.entry(id.to_owned()).or_default().clone()
            };
            let started = slot.get_or_try_init(|| self.start(id)).await;
            match started {
                Ok(handle) if handle.sender.is_closed() => {
                    // Its task ended without forgetting it: it panicked. Its commands found
                    // nobody; the game is read again from the database by a new actor.
                    tracing::error!(game = %id, "the game's actor had failed: it is started again");
                    self.remove_if_same(id, &slot);
                }
                Ok(handle) => return Ok(handle.sender.clone()),
                Err(e) => {
                    // An unknown id leaves no entry behind (ids are guessed for free).
                    if slot.get().is_none() {
                        self.remove_if_same(id, &slot);
                    }
                    return Err(e);
                }
            }
        }
        Err(Unreachable::Store(StoreError::Corrupt(format!(
            "game {id}'s actor failed {ATTEMPTS} times as it started"
        ))))
    }

    /// Removes game `id`'s entry if it is still `slot` (not one that replaced it meanwhile).
    fn remove_if_same(&self, id: &str, slot: &Slot) {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        if running.get(id).is_some_and(|s| Arc::ptr_eq(s, slot)) {
            running.remove(id);
        }
    }

    async fn start(self: &Arc<Self>, id: &str) -> Result<Handle, Unreachable> {
        let stored = self
            .store
            .load_game(id)
            .await?
            .ok_or(Unreachable::Unknown)?;
        let actor = GameActor::load(
            id.to_owned(),
            stored,
            self.store.clone(),
            self.clone(),
            self.metrics.clone(),
            self.idle,
        )
        .await?;
        let (sender, inbox) = mpsc::channel(INBOX);
        let mailbox = Arc::new(Mailbox::default());
        tokio::spawn(actor.run(inbox, sender.downgrade(), mailbox.clone()));
        Ok(Handle { sender, mailbox })
    }

    /// How many games have an actor now.
    pub fn running(&self) -> usize {
        self.running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The running actors; all of them, or game `id`'s alone.
    fn actors(&self, id: Option<&str>) -> Vec<Handle> {
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
    /// `None`, tells every running actor that it may have missed changes. A busy actor finds
    /// the news in its mailbox, without holding up the other games' news.
    fn tell(&self, id: Option<&str>, change: Option<Change>) {
        for actor in self.actors(id) {
            actor.mailbox.tell(&actor.sender, change);
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

impl Roster for Games {
    /// Called by an idle actor: removes it from the map if it is still the one there. False if a
    /// socket is joining it right now (it then keeps running).
    fn forget(&self, id: &str, actor: &mpsc::WeakSender<Command>) -> bool {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(me) = actor.upgrade() else {
            return true;
        };
        let is_mine = running
            .get(id)
            .and_then(|slot| slot.get())
            .is_some_and(|s| s.sender.same_channel(&me));
        // Someone holding a sender besides the map and `me` is about to send a command.
        if is_mine && me.strong_count() <= 2 {
            running.remove(id);
            true
        } else {
            !is_mine
        }
    }
}

/// How long the listener waits before trying again after PostgreSQL refused it.
const RELISTEN_DELAY: Duration = Duration::from_secs(1);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::RowUpdate;
    use crate::store::testing::{add_move, create_games, runtime, temporary_store};
    use bao_protocol::ServerMessage;

    #[tokio::test]
    async fn an_actor_catches_up_on_what_its_mailbox_holds() {
        let (_folder, store) = temporary_store().await;
        let id = create_games(&store, 0, 1, None).await.remove(0);
        let games = Games::new(
            Arc::new(store.clone()),
            Duration::from_secs(60),
            Arc::default(),
        );
        let (outbox, mut sent) = mpsc::channel(crate::mailbox::OUTBOX);
        games
            .join(&id, None, &outbox)
            .await
            .expect("a watcher joins");
        let mut next = async || match tokio::time::timeout(Duration::from_secs(5), sent.recv())
            .await
        {
            Ok(Some(Outgoing::Text(text))) => ServerMessage::from_json(&text).expect("a message"),
            other => panic!("expected a message, got {other:?}"),
        };
        assert!(matches!(next().await, ServerMessage::Snapshot(_)));

        // Another writer stores ply 0, and its notification waits in the actor's mailbox.
        let mv = bao_engine::Game::new(bao_engine::Variant::Kigogo).legal_moves()[0];
        add_move(
            &store,
            &id,
            0,
            &mv.to_string(),
            Seat::South,
            RowUpdate::Touched,
        )
        .await
        .expect("the move is stored");
        let actor = games.actors(Some(&id)).remove(0);
        actor.mailbox.hold(Some(Change::Moved(0)));
        match next().await {
            ServerMessage::Moved(moved) => assert_eq!((moved.ply, moved.mv), (0, mv.to_string())),
            other => panic!("expected moved 0, got {other:?}"),
        }
    }

    #[test]
    fn a_failed_actor_is_started_again_on_the_next_request() {
        let first = runtime();
        let (_folder, games, id) = first.block_on(async {
            let (folder, store) = temporary_store().await;
            let id = create_games(&store, 0, 1, None).await.remove(0);
            let games = Games::new(Arc::new(store), Duration::from_secs(60), Arc::default());
            games.snapshot(&id).await.expect("the game's actor answers");
            (folder, games, id)
        });
        // The actor's task is dropped with its runtime, as a panic drops it: its channel is
        // closed, and the registry still holds it.
        drop(first);
        assert_eq!(games.running(), 1);

        runtime().block_on(async {
            let snapshot = games.snapshot(&id).await.expect("a new actor answers");
            assert_eq!(snapshot.game, id);
            assert_eq!(games.running(), 1);
        });
    }
}
