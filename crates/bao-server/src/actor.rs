//! One game's actor: a task that owns the game's [`Table`] (its rules and state) and the
//! sockets' outboxes, and is reached only through its channel, so moves need no lock. It feeds
//! the table what happens and carries out what the table decides: messages to the sockets,
//! writes and reads of the database, announcements to the other servers, the metrics. A move is
//! stored before its `moved` goes out.

use crate::ids;
use crate::mailbox::{Command, Mailbox, Outgoing};
use crate::metrics::Metrics;
use crate::store::{NewGame, NewMove, Store, StoreError, StoredGame};
use crate::table::{Effect, Effects, Event, RematchGame, RematchNotStored, Table};
use bao_engine::{Position, Variant};
use bao_protocol::Snapshot;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// The registry of running actors (`games.rs`), as an actor sees it when it stops: a trait
/// here, so that the actor does not import the registry that starts it.
pub trait Roster: Send + Sync {
    /// Removes game `id`'s actor `me` from the registry if it is still the one there. False if
    /// a socket is joining it right now (it then keeps running).
    fn forget(&self, id: &str, me: &mpsc::WeakSender<Command>) -> bool;
}

/// The actor's state: the table, and what the table's effects are carried out with.
pub struct GameActor {
    table: Table,
    store: Arc<dyn Store>,
    roster: Arc<dyn Roster>,
    metrics: Arc<Metrics>,
    /// How long the actor stays with nobody connected.
    idle: Duration,
    /// Each socket's outbox, by connection number (the table knows their seats).
    outboxes: HashMap<u64, mpsc::Sender<Outgoing>>,
    /// The table's effects not carried out yet; kept, so that a move allocates no list.
    effects: Effects,
    /// The sockets a broadcast could not reach; kept for the same reason.
    dropped: Vec<u64>,
    /// The socket being joined: its outbox and where its connection number goes.
    joining: Option<(mpsc::Sender<Outgoing>, oneshot::Sender<u64>)>,
    /// Where the snapshot asked for by the HTTP API goes.
    snapshot: Option<oneshot::Sender<Snapshot>>,
    /// When the message being served reached the actor, for the commit time in the metrics.
    arrived: Instant,
}

/// What woke an actor.
enum Woken {
    /// A command (`None`: every sender is gone).
    Command(Option<Command>),
    /// Notifications in its mailbox.
    Mailbox,
    /// Its alarm (see [`GameActor::alarm`]).
    Alarm,
}

/// Sleeps until `alarm`; forever without one.
async fn sleep_until(alarm: Option<Instant>) {
    match alarm {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

impl GameActor {
    /// Rebuilds a stored game by replaying its moves through the engine.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when a stored move is refused; a database error when the rematch's
    /// tokens cannot be read.
    pub async fn load(
        id: String,
        stored: StoredGame,
        store: Arc<dyn Store>,
        roster: Arc<dyn Roster>,
        metrics: Arc<Metrics>,
        idle: Duration,
    ) -> Result<GameActor, StoreError> {
        let rematch = match &stored.rematch {
            Some(new_id) => Some(RematchGame::new(
                new_id.clone(),
                store.tokens(new_id).await?,
            )),
            None => None,
        };
        let table = Table::load(id, stored, rematch, store.is_shared())?;
        Ok(GameActor {
            table,
            store,
            roster,
            metrics,
            idle,
            outboxes: HashMap::new(),
            effects: Effects::new(),
            dropped: Vec::new(),
            joining: None,
            snapshot: None,
            arrived: Instant::now(),
        })
    }

    /// Serves commands, and the notifications its `mailbox` holds once the commands queued
    /// before them are served, until the actor has been idle for the registry's idle time with
    /// nobody connected.
    pub async fn run(
        mut self,
        mut inbox: mpsc::Receiver<Command>,
        me: mpsc::WeakSender<Command>,
        mailbox: Arc<Mailbox>,
    ) {
        self.table.open(&mut self.effects);
        self.carry_out().await;
        loop {
            let alarm = self.alarm();
            let woken = tokio::select! {
                biased;
                command = inbox.recv() => Woken::Command(command),
                () = mailbox.written() => Woken::Mailbox,
                () = sleep_until(alarm) => Woken::Alarm,
            };
            match woken {
                Woken::Command(Some(command)) => self.handle(command).await,
                Woken::Command(None) => return,
                Woken::Mailbox => self.feed(Event::Missed(mailbox.take())).await,
                Woken::Alarm if self.table.is_empty() => {
                    if self.roster.forget(self.table.id(), &me) {
                        // Commands already queued still get an answer (a joining socket whose
                        // reply is dropped looks the game up again).
                        inbox.close();
                        while let Ok(command) = inbox.try_recv() {
                            self.handle(command).await;
                        }
                        return;
                    }
                }
                Woken::Alarm => self.feed(Event::Timers).await,
            }
        }
    }

    /// When the actor must wake without a command: with nobody connected, when it has been
    /// idle long enough to stop; else when the table's timers are due (`None`: nothing to
    /// wake for).
    fn alarm(&self) -> Option<Instant> {
        if self.table.is_empty() {
            Some(Instant::now() + self.idle)
        } else {
            self.table.next_wake()
        }
    }

    async fn handle(&mut self, command: Command) {
        let event = match command {
            Command::Join {
                seat,
                outbox,
                reply,
            } => {
                self.joining = Some((outbox, reply));
                Event::Join { seat }
            }
            Command::Leave { conn } => {
                self.outboxes.remove(&conn);
                Event::Leave { conn }
            }
            Command::Message { conn, message } => {
                self.arrived = Instant::now();
                Event::Message { conn, message }
            }
            Command::BadMessage { conn, why } => Event::BadMessage { conn, why },
            Command::Changed(change) => Event::Changed(change),
            Command::Snapshot { reply } => {
                self.snapshot = Some(reply);
                Event::Snapshot
            }
        };
        self.feed(event).await;
    }

    /// Feeds `event` to the table and carries out what follows.
    async fn feed(&mut self, event: Event) {
        self.table.handle(event, Instant::now(), &mut self.effects);
        self.carry_out().await;
    }

    /// Carries out the table's effects in order; a request's answer is fed back at once, and
    /// what it leads to follows (a request is the last effect of its batch).
    async fn carry_out(&mut self) {
        while let Some(effect) = self.effects.pop_front() {
            if effect.is_request() {
                debug_assert!(self.effects.is_empty(), "a request is the last effect");
                let answer = self.ask(effect).await;
                self.table.handle(answer, Instant::now(), &mut self.effects);
            } else {
                self.apply(effect).await;
            }
        }
        debug_assert!(self.table.is_idle(), "every request was answered");
    }

    /// Carries out an effect that has no answer.
    async fn apply(&mut self, effect: Effect) {
        match effect {
            Effect::Send { to, text } => self.send(to, Outgoing::Text(text)),
            Effect::Refuse { to, code, text } => {
                self.metrics.refused(code.id());
                self.send(to, Outgoing::Text(text));
            }
            Effect::Close { to, code, reason } => self.send(to, Outgoing::Close(code, reason)),
            Effect::Broadcast { text, except } => self.broadcast(&text, except),
            Effect::Offer { to, text } => {
                if let Some(outbox) = self.outboxes.get(&to) {
                    let _ = outbox.try_send(Outgoing::Text(text));
                    tracing::debug!(conn = to, "rematch sent");
                }
            }
            Effect::TellPresence { before, except } => {
                if let Some(news) = self.table.presence_since(before, except) {
                    self.effects.push_front(news);
                }
            }
            Effect::Snapshot(snapshot) => {
                if let Some(reply) = self.snapshot.take() {
                    let _ = reply.send(*snapshot);
                }
            }
            Effect::Announce(change) => {
                // What is announced only tells the others to look, or is repeated: a failure
                // is logged.
                if let Err(e) = self.store.announce(self.table.id(), change).await {
                    tracing::error!(game = %self.table.id(), "{change:?} not announced: {e}");
                }
            }
            request => debug_assert!(false, "{request:?} is a request"),
        }
    }

    /// Carries out a request of the table: its answer.
    async fn ask(&mut self, request: Effect) -> Event {
        let id = self.table.id();
        match request {
            Effect::Admit { conn } => {
                let Some((outbox, reply)) = self.joining.take() else {
                    return Event::Admitted(false);
                };
                let admitted = reply.send(conn).is_ok();
                if admitted {
                    self.outboxes.insert(conn, outbox);
                }
                Event::Admitted(admitted)
            }
            Effect::ReadChanges { from } => match self.store.changes(id, from).await {
                Ok(changes) => Event::ChangesRead(changes),
                Err(e) => {
                    tracing::error!(game = %id, "cannot catch up: {e}");
                    Event::ChangesRead(None)
                }
            },
            Effect::ReadTokens { game } => match self.store.tokens(&game).await {
                Ok(tokens) => Event::TokensRead(Some(tokens)),
                Err(e) => {
                    tracing::error!(game = %id, "cannot read the rematch: {e}");
                    Event::TokensRead(None)
                }
            },
            Effect::StoreMove { ply, mv, seat, row } => {
                let mv = mv.to_string();
                let stored = self
                    .store
                    .add_move(id, NewMove { ply, mv, seat, row })
                    .await;
                if stored.is_ok() {
                    self.metrics.moves.inc();
                    self.metrics.committed(self.arrived.elapsed());
                }
                Event::MoveStored(stored)
            }
            Effect::StoreResignation { seat, ply } => {
                Event::Resigned(self.store.resign(id, seat, ply).await)
            }
            Effect::CreateRematch { variant } => {
                Event::RematchCreated(self.create_rematch(variant).await.map_err(|e| {
                    tracing::error!(game = %id, "rematch not stored: {e}");
                    RematchNotStored
                }))
            }
            Effect::KeepListed { lease } => {
                let lease = i64::try_from(lease.as_secs()).unwrap_or(i64::MAX);
                let until = crate::store::unix_now() + lease;
                Event::Listed(self.store.keep_listed(id, until).await)
            }
            effect => unreachable!("{effect:?} is not a request"),
        }
    }

    /// Stores the rematch, a new game of `variant` with a new id and new tokens: `None` when
    /// another server stored one first.
    async fn create_rematch(
        &self,
        variant: Variant,
    ) -> Result<Option<RematchGame>, Box<dyn std::error::Error + Send + Sync>> {
        let game = ids::new_game_id()?;
        let south = ids::new_token()?;
        let north = ids::new_token()?;
        let start = Position::new(variant);
        let id = self.table.id();
        let created = self
            .store
            .create_rematch(
                id,
                &NewGame {
                    id: &game,
                    variant,
                    start: &start,
                    south_token: &south,
                    north_token: &north,
                    open: None,
                },
            )
            .await?;
        if !created {
            return Ok(None);
        }
        tracing::info!(old = %id, new = %game, "rematch created");
        Ok(Some(RematchGame::new(game, [south, north])))
    }

    /// Sends to one socket; a socket whose outbox is full is dropped (its task closes it).
    fn send(&mut self, conn: u64, message: Outgoing) {
        let Some(outbox) = self.outboxes.get(&conn) else {
            return;
        };
        if outbox.try_send(message).is_err() {
            self.outboxes.remove(&conn);
            self.dropped(&[conn], None);
        }
    }

    /// Sends to every socket of the game but `except`; full or closed outboxes are dropped.
    fn broadcast(&mut self, text: &axum::extract::ws::Utf8Bytes, except: Option<u64>) {
        let mut dropped = std::mem::take(&mut self.dropped);
        self.outboxes.retain(|&id, outbox| {
            let kept = Some(id) == except || outbox.try_send(Outgoing::Text(text.clone())).is_ok();
            if !kept {
                dropped.push(id);
            }
            kept
        });
        if !dropped.is_empty() {
            self.dropped(&dropped, except);
            dropped.clear();
        }
        self.dropped = dropped;
    }

    /// Tells the table which sockets were dropped; its presence news, if any, goes next.
    fn dropped(&mut self, conns: &[u64], except: Option<u64>) {
        if let Some(news) = self.table.drop_connections(conns, except) {
            self.effects.push_front(news);
        }
    }
}
