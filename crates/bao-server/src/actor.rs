//! One game's actor: a task that owns the game (the engine's `Game`, who is connected, the
//! rematch requests) and is reached only through its channel, so moves need no lock. A move is
//! stored before its `moved` goes out.

use crate::games::{Games, Mailbox, Missed};
use crate::ids;
use crate::presence::Presence;
use crate::store::{Change, NewGame, RowUpdate, Store, StoreError, StoredGame};
use axum::extract::ws::Utf8Bytes;
use bao_engine::{Game, Move, Position};
use bao_protocol::{
    ClientMessage, ErrorCode, ErrorMessage, GameResult, Moved, PROTOCOL_VERSION, Present, Rematch,
    Seat, ServerMessage, Snapshot, Status,
};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Commands waiting for an actor before senders wait.
pub const INBOX: usize = 256;

/// Messages waiting for a slow socket before it is dropped.
pub const OUTBOX: usize = 256;

/// Close code: the server failed (its database); the client may connect again.
pub const CLOSE_INTERNAL: u16 = 1011;

/// What an actor sends a socket.
#[derive(Debug)]
pub enum Outgoing {
    /// A JSON text frame (shared between all sockets of a broadcast).
    Text(Utf8Bytes),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
}

/// What a socket or the HTTP API asks an actor.
#[derive(Debug)]
pub enum Command {
    /// A socket joins: it gets a connection number back, and the snapshot through `outbox`.
    Join {
        /// The seat it plays, `None` to watch.
        seat: Option<Seat>,
        /// Where its messages go.
        outbox: mpsc::Sender<Outgoing>,
        /// Its connection number.
        reply: oneshot::Sender<u64>,
    },
    /// A socket left.
    Leave {
        /// Its connection number.
        conn: u64,
    },
    /// A socket sent a message.
    Message {
        /// Its connection number.
        conn: u64,
        /// The message.
        message: ClientMessage,
    },
    /// A socket sent something that is not a message.
    BadMessage {
        /// Its connection number.
        conn: u64,
        /// What was wrong.
        why: String,
    },
    /// Another server changed the game (`None`: maybe, while this server was not listening):
    /// read what is new from the database.
    Changed(Option<Change>),
    /// The HTTP API asks for a watcher's snapshot.
    Snapshot {
        /// Where to send it.
        reply: oneshot::Sender<Snapshot>,
    },
}

/// One socket of the game.
#[derive(Debug)]
struct Connection {
    seat: Option<Seat>,
    outbox: mpsc::Sender<Outgoing>,
}

/// A rematch created from this game: its id and each old seat's token in it.
#[derive(Debug)]
struct RematchGame {
    game: String,
    /// Indexed by the seat in *this* game (the seats are swapped in the new one).
    tokens: [String; 2],
}

/// The actor's state.
pub struct GameActor {
    id: String,
    store: Store,
    games: Arc<Games>,
    game: Game,
    resigned: Option<Seat>,
    connections: HashMap<u64, Connection>,
    next_connection: u64,
    rematch_asked: [bool; 2],
    rematch: Option<RematchGame>,
    /// The seat a game open to anyone offers, until it is taken: while its creator is
    /// connected, the actor keeps the game listed.
    open_seat: Option<Seat>,
    /// When the listing is next renewed (while it is kept).
    renew_listing: Option<Instant>,
    /// The seats connected to the other servers of a shared database.
    presence: Presence,
    /// When a move last brought the game's row up to date (this actor's moves only).
    row_touched: Option<Instant>,
}

/// How often moves bring the game's row (moves played, last move's time) up to date: the list
/// of games being played is at most this late, and a game of quick moves writes its row once
/// in a while rather than with every move.
const ROW_TOUCHED_EVERY: Duration = Duration::from_secs(20);

/// Times a resignation is stored again after moves of another server came first (each one
/// is read before the next try).
const RESIGN_ATTEMPTS: usize = 3;

/// How long one renewal keeps an open game listed; renewed every third of it while its creator
/// is connected, so a server that dies leaves its listings for a minute at most.
const LISTING_LEASE: Duration = Duration::from_secs(60);

/// How long an open game stays listed after its creator's last socket closed: the time to
/// reconnect without losing one's place.
const LISTING_GRACE: Duration = Duration::from_secs(15);

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

fn index(seat: Seat) -> usize {
    match seat {
        Seat::South => 0,
        Seat::North => 1,
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
        store: Store,
        games: Arc<Games>,
    ) -> Result<GameActor, StoreError> {
        if stored.start.variant() != stored.variant {
            return Err(StoreError::Corrupt(format!(
                "game {id}: start of another variant"
            )));
        }
        let mut game = Game::from_position(stored.start);
        for (text, seat) in &stored.moves {
            play_stored(&mut game, &id, text, *seat)?;
        }
        let rematch = match stored.rematch {
            Some(new_id) => {
                let [south, north] = store.tokens(&new_id).await?;
                // This game's South plays North in the rematch.
                Some(RematchGame {
                    game: new_id,
                    tokens: [north, south],
                })
            }
            None => None,
        };
        Ok(GameActor {
            id,
            store,
            games,
            game,
            resigned: stored.resigned,
            connections: HashMap::new(),
            next_connection: 0,
            rematch_asked: [false; 2],
            rematch,
            open_seat: stored.open_seat,
            renew_listing: None,
            presence: Presence::default(),
            row_touched: None,
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
        // The other servers' sockets on this game answer with their presence.
        self.announce(Change::PresenceAsked).await;
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
                Woken::Mailbox => self.missed(mailbox.take()).await,
                Woken::Alarm if self.connections.is_empty() => {
                    if self.games.forget(&self.id, &me) {
                        // Commands already queued still get an answer (a joining socket whose
                        // reply is dropped looks the game up again).
                        inbox.close();
                        while let Ok(command) = inbox.try_recv() {
                            self.handle(command).await;
                        }
                        return;
                    }
                }
                Woken::Alarm => self.timers_due().await,
            }
        }
    }

    /// When the actor must wake without a command: with nobody connected, when it has been
    /// idle long enough to stop; else to renew its listing, repeat its presence or forget a
    /// silent server's (`None`: nothing to wake for).
    fn alarm(&self) -> Option<Instant> {
        if self.connections.is_empty() {
            Some(Instant::now() + self.games.idle())
        } else {
            self.next_wake()
        }
    }

    /// Catches up on the notifications that did not fit in the inbox.
    async fn missed(&mut self, missed: Missed) {
        if missed.presence_asked {
            self.presence_news(Change::PresenceAsked).await;
        }
        let rematch_asked: Vec<Seat> = missed.rematch_asked_by().collect();
        for (from, present) in missed.presence {
            self.presence_news(Change::Presence { from, present }).await;
        }
        if missed.lost {
            self.changed(None).await;
        } else if missed.stored {
            self.catch_up().await;
        }
        for seat in rematch_asked {
            self.changed(Some(Change::RematchAsked(seat))).await;
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join {
                seat,
                outbox,
                reply,
            } => {
                self.catch_up_if_shared().await;
                let here = self.present_here();
                self.join(seat, outbox, reply);
                self.sockets_changed(here).await;
            }
            Command::Leave { conn } => {
                let here = self.present_here();
                self.leave(conn);
                self.sockets_changed(here).await;
            }
            Command::Message { conn, message } => {
                self.message(conn, message, Instant::now()).await;
            }
            Command::BadMessage { conn, why } => {
                self.refuse(conn, ErrorCode::BadMessage, why);
            }
            Command::Changed(change) => self.changed(change).await,
            Command::Snapshot { reply } => {
                self.catch_up_if_shared().await;
                let _ = reply.send(self.snapshot(None));
            }
        }
    }

    /// On a shared database, reads what other servers wrote before answering a socket: a
    /// notification sent while this actor was being started would otherwise be missed.
    async fn catch_up_if_shared(&mut self) {
        if self.store.is_shared() {
            self.catch_up().await;
        }
    }

    /// When the actor must next wake with sockets here: to renew its listing, repeat its
    /// presence or forget a silent server's.
    fn next_wake(&self) -> Option<Instant> {
        self.renew_listing
            .into_iter()
            .chain(self.presence.next_wake())
            .min()
    }

    /// Does what [`Self::next_wake`] woke the actor for.
    async fn timers_due(&mut self) {
        let now = Instant::now();
        if self.renew_listing.is_some_and(|at| at <= now) {
            self.renew_listing().await;
        }
        let before = self.present();
        self.presence.forget_silent(now);
        self.tell_presence_if_changed(before, None);
        if self.presence.heartbeat_due(now) {
            self.announce_presence().await;
        }
    }

    /// After a socket came or went (`here`: the seats connected here before): the listing, and
    /// the other servers told when this server's seats changed.
    async fn sockets_changed(&mut self, here: Present) {
        self.update_listing().await;
        if self.present_here() != here {
            self.announce_presence().await;
        }
    }

    /// Tells the other servers of a shared database which seats have a socket here, if one of
    /// them has the game too.
    async fn announce_presence(&mut self) {
        if !self.presence.is_shared() {
            return;
        }
        let here = self.present_here();
        self.presence.announced(here, Instant::now());
        self.announce(Change::Presence {
            from: 0,
            present: here,
        })
        .await;
    }

    /// Announces `change` to the other servers (on a shared database; nothing on SQLite); a
    /// failure is logged: what is announced only tells the others to look, or is repeated.
    async fn announce(&self, change: Change) {
        if let Err(e) = self.store.announce(&self.id, change).await {
            tracing::error!(game = %self.id, "{change:?} not announced: {e}");
        }
    }

    /// Another server's presence, or its question for ours.
    async fn presence_news(&mut self, change: Change) {
        match change {
            Change::Presence { from, present } => {
                let before = self.present();
                let first_news = !self.presence.is_shared();
                self.presence.heard(from, present, Instant::now());
                self.tell_presence_if_changed(before, None);
                // The first word from another server that has the game: it learns ours in turn
                // (it may have asked before this actor had its sockets).
                if first_news && self.present_here() != Present::default() {
                    self.announce_presence().await;
                }
            }
            Change::PresenceAsked => {
                self.presence.asked();
                if self.present_here() != Present::default() {
                    self.announce_presence().await;
                }
            }
            _ => {}
        }
    }

    /// Another server's change: read it back, and take the other seat's rematch request.
    async fn changed(&mut self, change: Option<Change>) {
        if let Some(news @ (Change::Presence { .. } | Change::PresenceAsked)) = change {
            return self.presence_news(news).await;
        }
        if change.is_none() {
            // This server may have missed presence news too (they are not in the database):
            // ask for the others' again and tell ours.
            self.announce(Change::PresenceAsked).await;
            if self.present_here() != Present::default() {
                self.announce_presence().await;
            }
        }
        if let Some(Change::Moved(ply)) = change
            && ply < self.game.moves().len()
        {
            return;
        }
        self.catch_up().await;
        if let Some(Change::RematchAsked(seat)) = change
            && self.result().is_some()
            && self.rematch.is_none()
        {
            self.rematch_asked[index(seat)] = true;
            self.make_rematch_if_both_asked(None).await;
        }
    }

    /// Plays the moves stored after this actor's last one and takes a stored resignation or
    /// rematch, telling the sockets as if they had happened here.
    async fn catch_up(&mut self) {
        let from = self.game.moves().len();
        let changes = match self.store.changes(&self.id, from).await {
            Ok(Some(changes)) => changes,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(game = %self.id, "cannot catch up: {e}");
                return;
            }
        };
        let was_over = self.result().is_some();
        for (ply, (text, seat)) in (from..).zip(&changes.moves) {
            if let Err(e) = play_stored(&mut self.game, &self.id, text, *seat) {
                tracing::error!("{e}");
                break;
            }
            self.broadcast(&ServerMessage::Moved(self.moved(ply)));
        }
        if self.resigned.is_none() {
            self.resigned = changes.resigned;
        }
        if !was_over && let Some(result) = self.result() {
            self.broadcast(&ServerMessage::Over { result });
        }
        if self.rematch.is_none()
            && let Some(new_id) = changes.rematch
        {
            match self.store.tokens(&new_id).await {
                Ok([south, north]) => {
                    // This game's South plays North in the rematch.
                    self.rematch = Some(RematchGame {
                        game: new_id,
                        tokens: [north, south],
                    });
                    self.tell_rematch();
                }
                Err(e) => tracing::error!(game = %self.id, "cannot read the rematch: {e}"),
            }
        }
    }

    fn join(
        &mut self,
        seat: Option<Seat>,
        outbox: mpsc::Sender<Outgoing>,
        reply: oneshot::Sender<u64>,
    ) {
        let conn = self.next_connection;
        self.next_connection += 1;
        if reply.send(conn).is_err() {
            return;
        }
        let before = self.present();
        // Joined first, so that the snapshot counts this socket as present.
        self.connections.insert(conn, Connection { seat, outbox });
        let snapshot = text(&ServerMessage::Snapshot(self.snapshot(seat)));
        self.send(conn, Outgoing::Text(snapshot));
        self.tell_presence_if_changed(before, Some(conn));
    }

    fn leave(&mut self, conn: u64) {
        let before = self.present();
        if self.connections.remove(&conn).is_some() {
            self.tell_presence_if_changed(before, None);
        }
    }

    /// Whether the game is offered to anyone and its creator (the other seat) is here.
    fn creator_waits(&self) -> bool {
        let Some(free) = self.open_seat else {
            return false;
        };
        let present = self.present_here();
        let (creator, taker) = match free {
            Seat::South => (present.north, present.south),
            Seat::North => (present.south, present.north),
        };
        creator && !taker && self.game.moves().is_empty()
    }

    /// After a socket came or went: keeps an open game listed while its creator is here, and
    /// for [`LISTING_GRACE`] once they have gone.
    async fn update_listing(&mut self) {
        match (self.creator_waits(), self.renew_listing.is_some()) {
            (true, false) => self.renew_listing().await,
            (false, true) => {
                self.renew_listing = None;
                self.list_until(LISTING_GRACE).await;
            }
            _ => {}
        }
    }

    /// Keeps the open game listed for another [`LISTING_LEASE`] and plans the next renewal;
    /// stops when its seat was taken (by a socket on another server, say).
    async fn renew_listing(&mut self) {
        self.renew_listing = None;
        if !self.creator_waits() {
            return;
        }
        if self.list_until(LISTING_LEASE).await {
            self.renew_listing = Some(Instant::now() + LISTING_LEASE / 3);
        }
    }

    /// Lists the open game until `lease` from now; false (and the game no longer open here)
    /// when its seat is no longer free. A database failure is logged and tried again.
    async fn list_until(&mut self, lease: Duration) -> bool {
        let lease = i64::try_from(lease.as_secs()).unwrap_or(i64::MAX);
        match self
            .store
            .keep_listed(&self.id, crate::store::unix_now() + lease)
            .await
        {
            Ok(true) => true,
            Ok(false) => {
                self.open_seat = None;
                false
            }
            Err(e) => {
                tracing::error!(game = %self.id, "the open game's listing was not renewed: {e}");
                true
            }
        }
    }

    /// A socket's message, which reached the actor at `arrived`.
    async fn message(&mut self, conn: u64, message: ClientMessage, arrived: Instant) {
        let Some(seat) = self.connections.get(&conn).map(|c| c.seat) else {
            return;
        };
        match (message, seat) {
            (ClientMessage::Sync, seat) => {
                let snapshot = text(&ServerMessage::Snapshot(self.snapshot(seat)));
                self.send(conn, Outgoing::Text(snapshot));
            }
            (ClientMessage::Move { .. } | ClientMessage::Resign | ClientMessage::Rematch, None) => {
                self.refuse(
                    conn,
                    ErrorCode::Watching,
                    "you are watching this game".into(),
                );
            }
            (ClientMessage::Move { ply, mv }, Some(seat)) => {
                self.play(conn, seat, ply, &mv, arrived).await;
            }
            (ClientMessage::Resign, Some(seat)) => self.resign(conn, seat).await,
            (ClientMessage::Rematch, Some(seat)) => self.ask_rematch(conn, seat).await,
        }
    }

    /// The rules of a `move` message, in the protocol's order: a repeated move is answered again,
    /// then the ply, the end of the game, the turn and the engine decide. `arrived`: when the
    /// message reached the actor, for the commit time counted in the metrics.
    async fn play(&mut self, conn: u64, seat: Seat, ply: u32, text: &str, arrived: Instant) {
        let played = self.game.moves().len();
        let ply = usize::try_from(ply).unwrap_or(usize::MAX);
        if ply < played {
            if self.is_repeat(ply, seat, text) {
                let moved = text_of_moved(&self.moved(ply));
                self.send(conn, Outgoing::Text(moved));
            } else {
                let why = format!("{played} moves are played; ply {ply} is taken");
                self.refuse(conn, ErrorCode::StalePly, why);
            }
            return;
        }
        if self.result().is_some() {
            self.refuse(conn, ErrorCode::GameOver, "the game is over".into());
            return;
        }
        if ply > played {
            let why = format!("{played} moves are played; the next is ply {played}, not {ply}");
            self.refuse(conn, ErrorCode::StalePly, why);
            return;
        }
        let to_move = Seat::from(self.game.position().to_move());
        if to_move != seat {
            self.refuse(
                conn,
                ErrorCode::NotYourTurn,
                format!("{to_move} is to move"),
            );
            return;
        }
        let mv: Move = match text.parse() {
            Ok(mv) => mv,
            Err(e) => return self.refuse(conn, ErrorCode::IllegalMove, e.to_string()),
        };
        if let Err(e) = self.game.play(mv) {
            return self.refuse(conn, ErrorCode::IllegalMove, e.to_string());
        }
        let row = self.game_row();
        if let Err(e) = self
            .store
            .add_move(&self.id, ply, &mv.to_string(), seat, row)
            .await
        {
            self.game.undo();
            return self.store_failed(conn, &e).await;
        }
        let metrics = self.games.metrics();
        metrics.moves.inc();
        metrics.committed(arrived.elapsed());
        if row != RowUpdate::Kept {
            self.row_touched = Some(Instant::now());
        }
        // A move means both seats are taken: the game is no longer offered to anyone.
        self.open_seat = None;
        self.broadcast(&ServerMessage::Moved(self.moved(ply)));
        if let Some(result) = self.result() {
            self.broadcast(&ServerMessage::Over { result });
        }
    }

    /// What the move just played writes of the game's row: its end always, else the moves
    /// played and the time at most every [`ROW_TOUCHED_EVERY`].
    fn game_row(&self) -> RowUpdate {
        if self.result().is_some() {
            RowUpdate::Ended
        } else if self
            .row_touched
            .is_some_and(|at| at.elapsed() < ROW_TOUCHED_EVERY)
        {
            RowUpdate::Kept
        } else {
            RowUpdate::Touched
        }
    }

    /// Whether `text` is the move stored at `ply` and `seat` played it.
    fn is_repeat(&self, ply: usize, seat: Seat, text: &str) -> bool {
        let Ok(mv) = text.parse::<Move>() else {
            return false;
        };
        self.game.moves().get(ply) == Some(&mv) && self.mover(ply) == seat
    }

    /// Resigns for `seat`, unless the game is over. The database decides against a move
    /// stored meanwhile on another server: the actor then catches up on it (its sockets get its
    /// `moved`, and `over` if it ended the game) and resigns again if the game goes on, or
    /// answers `game_over` if it ended.
    async fn resign(&mut self, conn: u64, seat: Seat) {
        for _ in 0..RESIGN_ATTEMPTS {
            if self.result().is_some() {
                self.refuse(conn, ErrorCode::GameOver, "the game is over".into());
                return;
            }
            let ply = self.game.moves().len();
            match self.store.resign(&self.id, seat, ply).await {
                Ok(true) => {
                    self.resigned = Some(seat);
                    let result = GameResult::resigned(seat);
                    self.broadcast(&ServerMessage::Over { result });
                    return;
                }
                // Another server stored a move or a resignation first: read it.
                Ok(false) => self.catch_up().await,
                Err(e) => return self.store_failed(conn, &e).await,
            }
        }
        let why = "the game changed while you resigned; resign again".to_owned();
        self.refuse(conn, ErrorCode::StalePly, why);
    }

    async fn ask_rematch(&mut self, conn: u64, seat: Seat) {
        if self.result().is_none() {
            let why = "a rematch can be asked for once the game is over".to_owned();
            self.refuse(conn, ErrorCode::BadMessage, why);
            return;
        }
        if let Some(rematch) = &self.rematch {
            // Asked again (after a reconnect): the same answer again, to this socket.
            let message = rematch_message(rematch, seat);
            self.send(conn, Outgoing::Text(message));
            return;
        }
        self.rematch_asked[index(seat)] = true;
        if self.rematch_asked != [true, true] {
            // Should it fail, the other seat's server will not know; a request there is kept
            // all the same.
            self.announce(Change::RematchAsked(seat)).await;
        }
        self.make_rematch_if_both_asked(Some((conn, seat))).await;
    }

    /// Creates the rematch once both seats asked, and tells every player's socket. `asker`:
    /// the socket whose request completed the pair, told if the database fails.
    async fn make_rematch_if_both_asked(&mut self, asker: Option<(u64, Seat)>) {
        if self.rematch_asked != [true, true] {
            return;
        }
        match self.create_rematch().await {
            Ok(Some(rematch)) => {
                self.rematch = Some(rematch);
                self.tell_rematch();
            }
            // Another server created it first: read it back.
            Ok(None) => self.catch_up().await,
            Err(e) => {
                tracing::error!(game = %self.id, "rematch not stored: {e}");
                if let Some((conn, seat)) = asker {
                    self.rematch_asked[index(seat)] = false;
                    self.send(conn, Outgoing::Close(CLOSE_INTERNAL, "the database failed"));
                }
            }
        }
    }

    /// Sends every player's socket its `rematch`.
    fn tell_rematch(&self) {
        let Some(rematch) = &self.rematch else { return };
        for (id, connection) in &self.connections {
            if let Some(seat) = connection.seat {
                let message = rematch_message(rematch, seat);
                let _ = connection.outbox.try_send(Outgoing::Text(message));
                tracing::debug!(conn = id, "rematch sent");
            }
        }
    }

    /// The new game, or `None` when another server stored one first.
    async fn create_rematch(
        &self,
    ) -> Result<Option<RematchGame>, Box<dyn std::error::Error + Send + Sync>> {
        let game = ids::new_game_id()?;
        let south = ids::new_token()?;
        let north = ids::new_token()?;
        let start = Position::new(self.game.start().variant());
        let created = self
            .store
            .create_rematch(
                &self.id,
                &NewGame {
                    id: &game,
                    variant: start.variant(),
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
        tracing::info!(old = %self.id, new = %game, "rematch created");
        // This game's South plays North in the rematch.
        Ok(Some(RematchGame {
            game,
            tokens: [north, south],
        }))
    }

    /// A write failed: the game is unchanged; a ply taken by another writer is a stale ply, any
    /// other failure closes the socket (its client reconnects and sends the move again).
    async fn store_failed(&mut self, conn: u64, error: &StoreError) {
        match error {
            StoreError::PlyTaken => {
                // Another server's move won the ply: this server's sockets see it first.
                self.catch_up().await;
                let why = "another move was stored for this ply first".to_owned();
                self.refuse(conn, ErrorCode::StalePly, why);
            }
            StoreError::GameOver => {
                // A seat resigned on another server first: this server's sockets get its
                // `over`, then the mover the refusal.
                self.catch_up().await;
                self.refuse(conn, ErrorCode::GameOver, "the game is over".into());
            }
            other => {
                tracing::error!(game = %self.id, "write failed: {other}");
                self.send(conn, Outgoing::Close(CLOSE_INTERNAL, "the database failed"));
            }
        }
    }

    /// The result once the game is over: a resignation, or the engine's outcome.
    fn result(&self) -> Option<GameResult> {
        self.resigned
            .map(GameResult::resigned)
            .or_else(|| GameResult::from_outcome(self.game.outcome()))
    }

    fn mover(&self, ply: usize) -> Seat {
        Seat::from(self.game.positions()[ply].to_move())
    }

    fn moved(&self, ply: usize) -> Moved {
        Moved {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            mv: self.game.moves()[ply].to_string(),
            by: self.mover(ply),
            position: self.game.positions()[ply + 1].to_setup(),
        }
    }

    fn snapshot(&self, seat: Option<Seat>) -> Snapshot {
        let result = self.result();
        Snapshot {
            protocol: PROTOCOL_VERSION,
            game: self.id.clone(),
            variant: self.game.start().variant(),
            seat,
            start: self.game.start().to_setup(),
            moves: self.game.moves().iter().map(ToString::to_string).collect(),
            position: self.game.position().to_setup(),
            status: if result.is_some() {
                Status::Over
            } else {
                Status::Playing
            },
            result,
            present: self.present(),
        }
    }

    /// The seats with a socket on this server or, on a shared database, another.
    fn present(&self) -> Present {
        self.presence.everywhere(self.present_here())
    }

    /// The seats with a socket on this server.
    fn present_here(&self) -> Present {
        let has = |seat| self.connections.values().any(|c| c.seat == Some(seat));
        Present {
            south: has(Seat::South),
            north: has(Seat::North),
        }
    }

    fn ply(&self) -> u32 {
        u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX)
    }

    fn refuse(&mut self, conn: u64, code: ErrorCode, message: String) {
        self.games.metrics().refused(code.id());
        let error = ServerMessage::Error(ErrorMessage {
            code,
            message,
            ply: self.ply(),
        });
        self.send(conn, Outgoing::Text(text(&error)));
    }

    /// Sends to one socket; a socket whose outbox is full is dropped (its task closes it).
    fn send(&mut self, conn: u64, message: Outgoing) {
        let Some(connection) = self.connections.get(&conn) else {
            return;
        };
        if connection.outbox.try_send(message).is_err() {
            self.leave(conn);
        }
    }

    /// Sends to every socket of the game; full or closed outboxes are dropped.
    fn broadcast(&mut self, message: &ServerMessage) {
        self.broadcast_except(message, None);
    }

    fn broadcast_except(&mut self, message: &ServerMessage, except: Option<u64>) {
        let text = text(message);
        let before = self.present();
        self.connections.retain(|&id, c| {
            Some(id) == except || c.outbox.try_send(Outgoing::Text(text.clone())).is_ok()
        });
        self.tell_presence_if_changed(before, except);
    }

    fn tell_presence_if_changed(&mut self, before: Present, except: Option<u64>) {
        let present = self.present();
        if present != before {
            self.broadcast_except(&ServerMessage::Presence { present }, except);
        }
    }
}

/// Plays a stored move on `game`, checking that the seat it was stored for was to move.
fn play_stored(game: &mut Game, id: &str, text: &str, seat: Seat) -> Result<(), StoreError> {
    let ply = game.moves().len();
    let by = Seat::from(game.position().to_move());
    let mv: Move = text
        .parse()
        .map_err(|e| StoreError::Corrupt(format!("game {id}, ply {ply}: {e}")))?;
    if by != seat {
        return Err(StoreError::Corrupt(format!(
            "game {id}, ply {ply}: stored as {seat}'s, but {by} was to move"
        )));
    }
    game.play(mv)
        .map_err(|e| StoreError::Corrupt(format!("game {id}, ply {ply}: {e}")))?;
    Ok(())
}

fn text(message: &ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(message.to_json())
}

fn text_of_moved(moved: &Moved) -> Utf8Bytes {
    text(&ServerMessage::Moved(moved.clone()))
}

fn rematch_message(rematch: &RematchGame, seat: Seat) -> Utf8Bytes {
    text(&ServerMessage::Rematch(Rematch {
        game: rematch.game.clone(),
        token: rematch.tokens[index(seat)].clone(),
    }))
}
