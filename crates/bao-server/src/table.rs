//! One game's table: the rules of an online game as a state machine, with no socket, database
//! or clock of its own. It owns the engine's `Game`, who sits at it (connection numbers and their
//! seats), the rematch requests, the listing of an open game and the other servers' presence,
//! and it decides every protocol message. Events go in ([`Event`]: a socket's message, a join, a
//! leave, another server's news, the timers, and the answers of the database); effects come out
//! ([`Effect`]: messages for sockets, writes and reads for the database, announcements for the
//! other servers). The actor (`actor.rs`) carries the effects out and feeds back what the
//! database answered, so the rules are tested here without a socket or a database.
//!
//! A flow that waits for the database (a move stored, a resignation, catching up on another
//! server's writes) ends its effects with one request ([`Effect::is_request`]) and resumes when
//! the request's answer comes in as an event; what it does after that answer waits on the
//! table's agenda, so that one event may lead through several answers (a resignation that finds
//! another server's move first reads it, then resigns again).

use crate::mailbox::{CLOSE_INTERNAL, Missed};
use crate::presence::Presence;
use crate::store::{Change, Changes, RowUpdate, StoreError, StoredGame};
use axum::extract::ws::Utf8Bytes;
use bao_engine::{Game, Move, Variant};
use bao_protocol::{
    ClientMessage, ErrorCode, ErrorMessage, GameResult, Moved, PROTOCOL_VERSION, Present, Rematch,
    Seat, ServerMessage, Snapshot, Status,
};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

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

/// What happens to a table.
#[derive(Debug)]
pub enum Event {
    /// A socket asks to join, playing `seat` (`None`: watching). Answered by [`Effect::Admit`].
    Join {
        /// The seat it plays.
        seat: Option<Seat>,
    },
    /// The joining socket took its connection number (false: it had gone meanwhile).
    Admitted(bool),
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
    /// Another server changed the game (`None`: maybe, while this server was not listening).
    Changed(Option<Change>),
    /// Notifications that waited in the actor's mailbox.
    Missed(Missed),
    /// The HTTP API asks for a watcher's snapshot. Answered by [`Effect::Snapshot`].
    Snapshot,
    /// The time of [`Table::next_wake`] has come.
    Timers,
    /// The answer to [`Effect::ReadChanges`]: `None` when the game or the database is gone.
    ChangesRead(Option<Changes>),
    /// The answer to [`Effect::ReadTokens`]: the rematch's tokens, South's first.
    TokensRead(Option<[String; 2]>),
    /// The answer to [`Effect::StoreMove`].
    MoveStored(Result<(), StoreError>),
    /// The answer to [`Effect::StoreResignation`]: whether it was stored.
    Resigned(Result<bool, StoreError>),
    /// The answer to [`Effect::CreateRematch`]: the new game, `None` when another server created
    /// one first.
    RematchCreated(Result<Option<RematchGame>, RematchNotStored>),
    /// The answer to [`Effect::KeepListed`]: whether the seat is still free.
    Listed(Result<bool, StoreError>),
}

/// What a table asks of the world, in order.
#[derive(Debug, PartialEq, Eq)]
pub enum Effect {
    /// Send a message to one socket; a socket that cannot take it is dropped
    /// ([`Table::drop_connections`]).
    Send {
        /// The connection.
        to: u64,
        /// The message.
        text: Utf8Bytes,
    },
    /// Send a message to every socket but `except`; those that cannot take it are dropped.
    Broadcast {
        /// The message.
        text: Utf8Bytes,
        /// The socket left out.
        except: Option<u64>,
    },
    /// Send a player's socket its rematch; one that cannot take it is not dropped for it.
    Offer {
        /// The connection.
        to: u64,
        /// The `rematch` message.
        text: Utf8Bytes,
    },
    /// Refuse a socket's message: count the refusal, then send as [`Effect::Send`].
    Refuse {
        /// The connection.
        to: u64,
        /// Why (for the metrics).
        code: ErrorCode,
        /// The `error` message.
        text: Utf8Bytes,
    },
    /// Close a socket with a code and a reason (as [`Effect::Send`] delivers).
    Close {
        /// The connection.
        to: u64,
        /// The close code.
        code: u16,
        /// Its reason.
        reason: &'static str,
    },
    /// Tell every socket but `except` the seats present, if they changed since `before`
    /// ([`Table::presence_since`]); asked for once the effects before it are carried out,
    /// since a socket dropped by them changes the answer.
    TellPresence {
        /// The seats present before.
        before: Present,
        /// The socket left out.
        except: Option<u64>,
    },
    /// Give the joining socket this connection number; answered by [`Event::Admitted`].
    Admit {
        /// Its number.
        conn: u64,
    },
    /// Answer the HTTP API's [`Event::Snapshot`].
    Snapshot(Box<Snapshot>),
    /// Announce a change to the other servers (nothing on SQLite); a failure is only logged.
    Announce(Change),
    /// Read what was stored after ply `from`; answered by [`Event::ChangesRead`].
    ReadChanges {
        /// The first ply not known here.
        from: usize,
    },
    /// Read the tokens of the rematch `game`; answered by [`Event::TokensRead`].
    ReadTokens {
        /// The rematch's id.
        game: String,
    },
    /// Store a move; answered by [`Event::MoveStored`].
    StoreMove {
        /// Its ply.
        ply: usize,
        /// The move.
        mv: Move,
        /// Who played it.
        seat: Seat,
        /// What it writes of the game's row.
        row: RowUpdate,
    },
    /// Store a resignation by `seat`, who knew of `ply` moves; answered by [`Event::Resigned`].
    StoreResignation {
        /// Who resigns.
        seat: Seat,
        /// The moves known.
        ply: usize,
    },
    /// Create the rematch, a new game of `variant` from its start; answered by
    /// [`Event::RematchCreated`].
    CreateRematch {
        /// The rule set.
        variant: Variant,
    },
    /// Keep the open game listed for `lease` from now; answered by [`Event::Listed`].
    KeepListed {
        /// How long.
        lease: Duration,
    },
}

impl Effect {
    /// Whether the table waits for this effect's answer (an event) before it goes on.
    pub fn is_request(&self) -> bool {
        matches!(
            self,
            Effect::Admit { .. }
                | Effect::ReadChanges { .. }
                | Effect::ReadTokens { .. }
                | Effect::StoreMove { .. }
                | Effect::StoreResignation { .. }
                | Effect::CreateRematch { .. }
                | Effect::KeepListed { .. }
        )
    }
}

/// The effects of the events fed to a table, in order; the actor keeps one and reuses it, so
/// that a move allocates no list of its own.
pub type Effects = VecDeque<Effect>;

/// A rematch created from this game: its id and each old seat's token in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchGame {
    game: String,
    /// Indexed by the seat in *this* game (the seats are swapped in the new one).
    tokens: [String; 2],
}

impl RematchGame {
    /// The rematch `game`, whose South and North play with `tokens`.
    pub fn new(game: String, tokens: [String; 2]) -> RematchGame {
        let [south, north] = tokens;
        // This game's South plays North in the rematch.
        RematchGame {
            game,
            tokens: [north, south],
        }
    }
}

/// The rematch could not be stored (the actor logs why): the asking socket is closed with 1011
/// and its seat may ask again.
#[derive(Debug)]
pub struct RematchNotStored;

/// What a table does once the answer it waits for has come (see the module's comment).
#[derive(Debug)]
enum Step {
    /// Read what other servers stored.
    CatchUp,
    /// Refuse a socket's message.
    Refuse {
        conn: u64,
        code: ErrorCode,
        why: String,
    },
    /// Try a resignation (again).
    Resign {
        conn: u64,
        seat: Seat,
        attempt: usize,
    },
    /// Another server's change, as [`Event::Changed`].
    Changed(Change),
    /// Another server's rematch request, once its game is read.
    RematchAsked(Seat),
    /// Give the joining socket its number.
    Admit { seat: Option<Seat> },
    /// Answer the HTTP API's snapshot.
    Snapshot,
    /// Announce this server's presence if its seats changed since `here`.
    AnnouncePresenceIfChanged { here: Present },
    /// The presence part of the timers due at `at`.
    PresenceTimers { at: Instant },
}

/// The answer a table waits for.
#[derive(Debug)]
enum Waiting {
    Changes,
    Tokens {
        game: String,
    },
    Move {
        conn: u64,
        ply: usize,
        row: RowUpdate,
    },
    Resignation {
        conn: u64,
        seat: Seat,
        attempt: usize,
    },
    Rematch {
        asker: Option<(u64, Seat)>,
    },
    Listing {
        renew: bool,
    },
    Admission {
        conn: u64,
        seat: Option<Seat>,
        here: Present,
    },
}

/// One game's state and rules (see the module's comment).
#[derive(Debug)]
pub struct Table {
    /// The game's id, shared with the writes of its moves.
    id: Arc<str>,
    /// Other servers may write the game (PostgreSQL): it is read again before a socket is
    /// answered.
    shared: bool,
    game: Game,
    resigned: Option<Seat>,
    /// The sockets: connection number and seat (`None`: watching).
    seats: HashMap<u64, Option<Seat>>,
    next_connection: u64,
    rematch_asked: [bool; 2],
    rematch: Option<RematchGame>,
    /// The seat a game open to anyone offers, until it is taken: while its creator is
    /// connected, the game is kept listed.
    open_seat: Option<Seat>,
    /// When the listing is next renewed (while it is kept).
    renew_listing: Option<Instant>,
    /// The seats connected to the other servers of a shared database.
    presence: Presence,
    /// When a move last brought the game's row up to date (this server's moves only).
    row_touched: Option<Instant>,
    /// The answer awaited, if any.
    waiting: Option<Waiting>,
    /// What to do once it has come, first first.
    agenda: VecDeque<Step>,
}

fn index(seat: Seat) -> usize {
    match seat {
        Seat::South => 0,
        Seat::North => 1,
    }
}

impl Table {
    /// Rebuilds a stored game by replaying its moves through the engine; `rematch`: its rematch,
    /// if one was created; `shared`: whether other servers may write to the database.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when a stored move is refused or the start is of another variant.
    pub fn load(
        id: String,
        stored: StoredGame,
        rematch: Option<RematchGame>,
        shared: bool,
    ) -> Result<Table, StoreError> {
        if stored.start.variant() != stored.variant {
            return Err(StoreError::Corrupt(format!(
                "game {id}: start of another variant"
            )));
        }
        let mut game = Game::from_position(stored.start);
        for (text, seat) in &stored.moves {
            play_stored(&mut game, &id, text, *seat)?;
        }
        Ok(Table {
            id: id.into(),
            shared,
            game,
            resigned: stored.resigned,
            seats: HashMap::new(),
            next_connection: 0,
            rematch_asked: [false; 2],
            rematch,
            open_seat: stored.open_seat,
            renew_listing: None,
            presence: Presence::default(),
            row_touched: None,
            waiting: None,
            agenda: VecDeque::new(),
        })
    }

    /// The game's id.
    pub fn id(&self) -> &Arc<str> {
        &self.id
    }

    /// What a table does as it opens: the other servers' sockets on this game are asked for
    /// their presence.
    pub fn open(&self, out: &mut Effects) {
        out.push_back(Effect::Announce(Change::PresenceAsked));
    }

    /// Whether no socket is connected (the actor may stop once that has lasted).
    pub fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }

    /// Whether the table waits for nothing: every answer it asked for has come.
    pub fn is_idle(&self) -> bool {
        self.waiting.is_none() && self.agenda.is_empty()
    }

    /// Takes `event`, which happened at `now`; appends what follows to `out`.
    pub fn handle(&mut self, event: Event, now: Instant, out: &mut Effects) {
        match event {
            Event::Join { seat } => {
                self.agenda.push_front(Step::Admit { seat });
                if self.shared {
                    // A notification sent while this actor was being started would otherwise
                    // be missed.
                    self.agenda.push_front(Step::CatchUp);
                }
            }
            Event::Leave { conn } => {
                let here = self.present_here();
                self.leave(conn, out);
                self.sockets_changed(here, out);
            }
            Event::Message { conn, message } => self.message(conn, message, now, out),
            Event::BadMessage { conn, why } => self.refuse(conn, ErrorCode::BadMessage, why, out),
            Event::Changed(change) => self.changed(change, now, out),
            Event::Missed(missed) => self.missed(missed, now, out),
            Event::Snapshot => {
                self.agenda.push_front(Step::Snapshot);
                if self.shared {
                    self.agenda.push_front(Step::CatchUp);
                }
            }
            Event::Timers => self.timers_due(now, out),
            answer => self.answered(answer, now, out),
        }
        self.run_agenda(now, out);
    }

    /// Takes the answer to the request the table waits for.
    fn answered(&mut self, answer: Event, now: Instant, out: &mut Effects) {
        let waiting = self.waiting.take();
        match (answer, waiting) {
            (Event::ChangesRead(Some(changes)), Some(Waiting::Changes)) => {
                self.take_changes(changes, out);
            }
            (Event::ChangesRead(None), Some(Waiting::Changes)) => {}
            (Event::TokensRead(tokens), Some(Waiting::Tokens { game })) => {
                if let Some(tokens) = tokens {
                    self.rematch = Some(RematchGame::new(game, tokens));
                    self.tell_rematch(out);
                }
            }
            (Event::MoveStored(stored), Some(Waiting::Move { conn, ply, row })) => {
                self.move_stored(conn, ply, row, stored, now, out);
            }
            (
                Event::Resigned(resigned),
                Some(Waiting::Resignation {
                    conn,
                    seat,
                    attempt,
                }),
            ) => {
                match resigned {
                    Ok(true) => {
                        self.resigned = Some(seat);
                        let result = GameResult::resigned(seat);
                        out.push_back(broadcast(&ServerMessage::Over { result }));
                    }
                    // Another server stored a move or a resignation first: read it.
                    Ok(false) => {
                        let attempt = attempt + 1;
                        self.agenda.push_front(Step::Resign {
                            conn,
                            seat,
                            attempt,
                        });
                        self.catch_up(out);
                    }
                    Err(e) => self.store_failed(conn, &e, out),
                }
            }
            (Event::RematchCreated(created), Some(Waiting::Rematch { asker })) => {
                self.rematch_created(created, asker, out);
            }
            (Event::Listed(listed), Some(Waiting::Listing { renew })) => {
                if self.listed(listed) && renew {
                    self.renew_listing = Some(now + LISTING_LEASE / 3);
                }
            }
            (Event::Admitted(admitted), Some(Waiting::Admission { conn, seat, here })) => {
                if admitted {
                    self.join(conn, seat, out);
                }
                self.sockets_changed(here, out);
            }
            (answer, waiting) => {
                // The actor answers every request at once and in order; anything else is a bug.
                debug_assert!(false, "{answer:?} while waiting for {waiting:?}");
                tracing::error!(game = %self.id, "{answer:?} while waiting for {waiting:?}");
            }
        }
    }

    /// Does what waits on the agenda until a step waits for an answer.
    fn run_agenda(&mut self, now: Instant, out: &mut Effects) {
        while self.waiting.is_none() {
            let Some(step) = self.agenda.pop_front() else {
                return;
            };
            match step {
                Step::CatchUp => self.catch_up(out),
                Step::Refuse { conn, code, why } => self.refuse(conn, code, why, out),
                Step::Resign {
                    conn,
                    seat,
                    attempt,
                } => self.resign(conn, seat, attempt, out),
                Step::Changed(change) => self.changed(Some(change), now, out),
                Step::RematchAsked(seat) => {
                    if self.result().is_some() && self.rematch.is_none() {
                        self.rematch_asked[index(seat)] = true;
                        self.make_rematch_if_both_asked(None, out);
                    }
                }
                Step::Admit { seat } => {
                    let conn = self.next_connection;
                    self.next_connection += 1;
                    let here = self.present_here();
                    self.wait(Waiting::Admission { conn, seat, here });
                    out.push_back(Effect::Admit { conn });
                }
                Step::Snapshot => {
                    out.push_back(Effect::Snapshot(Box::new(self.snapshot(None))));
                }
                Step::AnnouncePresenceIfChanged { here } => {
                    if self.present_here() != here {
                        self.announce_presence(now, out);
                    }
                }
                Step::PresenceTimers { at } => self.presence_timers(at, now, out),
            }
        }
    }

    fn wait(&mut self, waiting: Waiting) {
        debug_assert!(
            self.waiting.is_none(),
            "already waiting: {:?}",
            self.waiting
        );
        self.waiting = Some(waiting);
    }

    /// When the table must next be woken ([`Event::Timers`]) while sockets are here: to renew
    /// its listing, repeat its presence or forget a silent server's.
    pub fn next_wake(&self) -> Option<Instant> {
        self.renew_listing
            .into_iter()
            .chain(self.presence.next_wake())
            .min()
    }

    /// Does what [`Self::next_wake`] woke the table for.
    fn timers_due(&mut self, now: Instant, out: &mut Effects) {
        if self.renew_listing.is_some_and(|at| at <= now) {
            self.agenda.push_front(Step::PresenceTimers { at: now });
            self.renew_listing(out);
        } else {
            self.presence_timers(now, now, out);
        }
    }

    /// Forgets the servers silent at `at` and repeats this server's presence if due then.
    fn presence_timers(&mut self, at: Instant, now: Instant, out: &mut Effects) {
        let before = self.present();
        self.presence.forget_silent(at);
        self.tell_presence_if_changed(before, None, out);
        if self.presence.heartbeat_due(at) {
            self.announce_presence(now, out);
        }
    }

    /// After a socket came or went (`here`: the seats connected here before): the listing, and
    /// the other servers told when this server's seats changed.
    fn sockets_changed(&mut self, here: Present, out: &mut Effects) {
        self.agenda
            .push_front(Step::AnnouncePresenceIfChanged { here });
        self.update_listing(out);
    }

    /// Tells the other servers of a shared database which seats have a socket here, if one of
    /// them has the game too.
    fn announce_presence(&mut self, now: Instant, out: &mut Effects) {
        if !self.presence.is_shared() {
            return;
        }
        let here = self.present_here();
        self.presence.announced(here, now);
        out.push_back(Effect::Announce(Change::Presence {
            from: 0,
            present: here,
        }));
    }

    /// Another server's presence, or its question for ours.
    fn presence_news(&mut self, change: Change, now: Instant, out: &mut Effects) {
        match change {
            Change::Presence { from, present } => {
                let before = self.present();
                let first_news = !self.presence.is_shared();
                self.presence.heard(from, present, now);
                self.tell_presence_if_changed(before, None, out);
                // The first word from another server that has the game: it learns ours in turn
                // (it may have asked before this actor had its sockets).
                if first_news && self.present_here() != Present::default() {
                    self.announce_presence(now, out);
                }
            }
            Change::PresenceAsked => {
                self.presence.asked();
                if self.present_here() != Present::default() {
                    self.announce_presence(now, out);
                }
            }
            _ => {}
        }
    }

    /// Catches up on the notifications that did not fit in the actor's channel.
    fn missed(&mut self, missed: Missed, now: Instant, out: &mut Effects) {
        if missed.presence_asked {
            self.presence_news(Change::PresenceAsked, now, out);
        }
        for (&from, &present) in &missed.presence {
            self.presence_news(Change::Presence { from, present }, now, out);
        }
        let asked: Vec<Seat> = missed.rematch_asked_by().collect();
        for seat in asked.into_iter().rev() {
            self.agenda
                .push_front(Step::Changed(Change::RematchAsked(seat)));
        }
        if missed.lost {
            self.changed(None, now, out);
        } else if missed.stored {
            self.catch_up(out);
        }
    }

    /// Another server's change: read it back, and take the other seat's rematch request.
    fn changed(&mut self, change: Option<Change>, now: Instant, out: &mut Effects) {
        if let Some(news @ (Change::Presence { .. } | Change::PresenceAsked)) = change {
            return self.presence_news(news, now, out);
        }
        if change.is_none() {
            // This server may have missed presence news too (they are not in the database):
            // ask for the others' again and tell ours.
            out.push_back(Effect::Announce(Change::PresenceAsked));
            if self.present_here() != Present::default() {
                self.announce_presence(now, out);
            }
        }
        if let Some(Change::Moved(ply)) = change
            && ply < self.game.moves().len()
        {
            return;
        }
        if let Some(Change::RematchAsked(seat)) = change {
            self.agenda.push_front(Step::RematchAsked(seat));
        }
        self.catch_up(out);
    }

    /// Asks for the moves stored after this table's last one, a stored resignation and a
    /// rematch ([`Self::take_changes`] takes them).
    fn catch_up(&mut self, out: &mut Effects) {
        self.wait(Waiting::Changes);
        out.push_back(Effect::ReadChanges {
            from: self.game.moves().len(),
        });
    }

    /// Plays the moves another server stored and takes its resignation or rematch, telling the
    /// sockets as if they had happened here.
    fn take_changes(&mut self, changes: Changes, out: &mut Effects) {
        let from = self.game.moves().len();
        let was_over = self.result().is_some();
        for (ply, (text, seat)) in (from..).zip(&changes.moves) {
            if let Err(e) = play_stored(&mut self.game, &self.id, text, *seat) {
                tracing::error!("{e}");
                break;
            }
            out.push_back(broadcast(&ServerMessage::Moved(self.moved(ply))));
        }
        if self.resigned.is_none() {
            self.resigned = changes.resigned;
        }
        if !was_over && let Some(result) = self.result() {
            out.push_back(broadcast(&ServerMessage::Over { result }));
        }
        if self.rematch.is_none()
            && let Some(game) = changes.rematch
        {
            out.push_back(Effect::ReadTokens { game: game.clone() });
            self.wait(Waiting::Tokens { game });
        }
    }

    fn join(&mut self, conn: u64, seat: Option<Seat>, out: &mut Effects) {
        let before = self.present();
        // Joined first, so that the snapshot counts this socket as present.
        self.seats.insert(conn, seat);
        let snapshot = text(&ServerMessage::Snapshot(self.snapshot(seat)));
        out.push_back(Effect::Send {
            to: conn,
            text: snapshot,
        });
        out.push_back(Effect::TellPresence {
            before,
            except: Some(conn),
        });
    }

    fn leave(&mut self, conn: u64, out: &mut Effects) {
        let before = self.present();
        if self.seats.remove(&conn).is_some() {
            self.tell_presence_if_changed(before, None, out);
        }
    }

    /// Forgets sockets that could not take a message (`except`: the one a broadcast left out);
    /// the presence news, if it changed, to be sent next.
    pub fn drop_connections(&mut self, conns: &[u64], except: Option<u64>) -> Option<Effect> {
        let before = self.present();
        for conn in conns {
            self.seats.remove(conn);
        }
        self.presence_since(before, except)
    }

    /// The presence news for every socket but `except` if the seats present changed since
    /// `before`.
    pub fn presence_since(&self, before: Present, except: Option<u64>) -> Option<Effect> {
        let present = self.present();
        (present != before).then(|| Effect::Broadcast {
            text: text(&ServerMessage::Presence { present }),
            except,
        })
    }

    fn tell_presence_if_changed(&self, before: Present, except: Option<u64>, out: &mut Effects) {
        out.extend(self.presence_since(before, except));
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
    fn update_listing(&mut self, out: &mut Effects) {
        match (self.creator_waits(), self.renew_listing.is_some()) {
            (true, false) => self.renew_listing(out),
            (false, true) => {
                self.renew_listing = None;
                self.wait(Waiting::Listing { renew: false });
                out.push_back(Effect::KeepListed {
                    lease: LISTING_GRACE,
                });
            }
            _ => {}
        }
    }

    /// Keeps the open game listed for another [`LISTING_LEASE`] and, once that is stored, plans
    /// the next renewal; stops when its seat was taken (by a socket on another server, say).
    fn renew_listing(&mut self, out: &mut Effects) {
        self.renew_listing = None;
        if !self.creator_waits() {
            return;
        }
        self.wait(Waiting::Listing { renew: true });
        out.push_back(Effect::KeepListed {
            lease: LISTING_LEASE,
        });
    }

    /// Takes the answer of a listing's renewal: false (and the game no longer open here) when
    /// its seat is no longer free. A database failure is logged and tried again.
    fn listed(&mut self, listed: Result<bool, StoreError>) -> bool {
        match listed {
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

    /// A socket's message.
    fn message(&mut self, conn: u64, message: ClientMessage, now: Instant, out: &mut Effects) {
        let Some(&seat) = self.seats.get(&conn) else {
            return;
        };
        match (message, seat) {
            (ClientMessage::Sync, seat) => {
                let snapshot = text(&ServerMessage::Snapshot(self.snapshot(seat)));
                out.push_back(Effect::Send {
                    to: conn,
                    text: snapshot,
                });
            }
            (ClientMessage::Move { .. } | ClientMessage::Resign | ClientMessage::Rematch, None) => {
                let why = "you are watching this game".into();
                self.refuse(conn, ErrorCode::Watching, why, out);
            }
            (ClientMessage::Move { ply, mv }, Some(seat)) => {
                self.play(conn, seat, ply, &mv, now, out);
            }
            (ClientMessage::Resign, Some(seat)) => self.resign(conn, seat, 0, out),
            (ClientMessage::Rematch, Some(seat)) => self.ask_rematch(conn, seat, out),
        }
    }

    /// The rules of a `move` message, in the protocol's order: a repeated move is answered again,
    /// then the ply, the end of the game, the turn and the engine decide. A move they accept is
    /// played and stored; its `moved` goes out once it is ([`Self::move_stored`]).
    fn play(
        &mut self,
        conn: u64,
        seat: Seat,
        ply: u32,
        text: &str,
        now: Instant,
        out: &mut Effects,
    ) {
        let played = self.game.moves().len();
        let ply = usize::try_from(ply).unwrap_or(usize::MAX);
        if ply < played {
            if self.is_repeat(ply, seat, text) {
                let moved = text_of_moved(&self.moved(ply));
                out.push_back(Effect::Send {
                    to: conn,
                    text: moved,
                });
            } else {
                let why = format!("{played} moves are played; ply {ply} is taken");
                self.refuse(conn, ErrorCode::StalePly, why, out);
            }
            return;
        }
        if self.result().is_some() {
            self.refuse(conn, ErrorCode::GameOver, "the game is over".into(), out);
            return;
        }
        if ply > played {
            let why = format!("{played} moves are played; the next is ply {played}, not {ply}");
            self.refuse(conn, ErrorCode::StalePly, why, out);
            return;
        }
        let to_move = Seat::from(self.game.position().to_move());
        if to_move != seat {
            let why = format!("{to_move} is to move");
            self.refuse(conn, ErrorCode::NotYourTurn, why, out);
            return;
        }
        let mv: Move = match text.parse() {
            Ok(mv) => mv,
            Err(e) => return self.refuse(conn, ErrorCode::IllegalMove, e.to_string(), out),
        };
        if let Err(e) = self.game.play(mv) {
            return self.refuse(conn, ErrorCode::IllegalMove, e.to_string(), out);
        }
        let row = self.game_row(now);
        self.wait(Waiting::Move { conn, ply, row });
        out.push_back(Effect::StoreMove { ply, mv, seat, row });
    }

    /// The database's answer for the move of `ply` that `conn` sent: stored, its `moved` (and
    /// `over` if it ended the game) to every socket; else taken back.
    fn move_stored(
        &mut self,
        conn: u64,
        ply: usize,
        row: RowUpdate,
        stored: Result<(), StoreError>,
        now: Instant,
        out: &mut Effects,
    ) {
        if let Err(e) = stored {
            self.game.undo();
            return self.store_failed(conn, &e, out);
        }
        if row != RowUpdate::Kept {
            self.row_touched = Some(now);
        }
        // A move means both seats are taken: the game is no longer offered to anyone.
        self.open_seat = None;
        out.push_back(broadcast(&ServerMessage::Moved(self.moved(ply))));
        if let Some(result) = self.result() {
            out.push_back(broadcast(&ServerMessage::Over { result }));
        }
    }

    /// What the move just played writes of the game's row: its end always, else the moves
    /// played and the time at most every [`ROW_TOUCHED_EVERY`].
    fn game_row(&self, now: Instant) -> RowUpdate {
        if self.result().is_some() {
            RowUpdate::Ended
        } else if self
            .row_touched
            .is_some_and(|at| now.saturating_duration_since(at) < ROW_TOUCHED_EVERY)
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

    /// Resigns for `seat` (its `attempt`th try), unless the game is over. The database decides
    /// against a move stored meanwhile on another server: the table then catches up on it (its
    /// sockets get its `moved`, and `over` if it ended the game) and resigns again if the game
    /// goes on, or answers `game_over` if it ended.
    fn resign(&mut self, conn: u64, seat: Seat, attempt: usize, out: &mut Effects) {
        if attempt >= RESIGN_ATTEMPTS {
            let why = "the game changed while you resigned; resign again".to_owned();
            return self.refuse(conn, ErrorCode::StalePly, why, out);
        }
        if self.result().is_some() {
            return self.refuse(conn, ErrorCode::GameOver, "the game is over".into(), out);
        }
        let ply = self.game.moves().len();
        self.wait(Waiting::Resignation {
            conn,
            seat,
            attempt,
        });
        out.push_back(Effect::StoreResignation { seat, ply });
    }

    fn ask_rematch(&mut self, conn: u64, seat: Seat, out: &mut Effects) {
        if self.result().is_none() {
            let why = "a rematch can be asked for once the game is over".to_owned();
            return self.refuse(conn, ErrorCode::BadMessage, why, out);
        }
        if let Some(rematch) = &self.rematch {
            // Asked again (after a reconnect): the same answer again, to this socket.
            let text = rematch_message(rematch, seat);
            out.push_back(Effect::Send { to: conn, text });
            return;
        }
        self.rematch_asked[index(seat)] = true;
        if self.rematch_asked != [true, true] {
            // Should it fail, the other seat's server will not know; a request there is kept
            // all the same.
            out.push_back(Effect::Announce(Change::RematchAsked(seat)));
        }
        self.make_rematch_if_both_asked(Some((conn, seat)), out);
    }

    /// Creates the rematch once both seats asked. `asker`: the socket whose request completed
    /// the pair, told if the database fails.
    fn make_rematch_if_both_asked(&mut self, asker: Option<(u64, Seat)>, out: &mut Effects) {
        if self.rematch_asked != [true, true] {
            return;
        }
        self.wait(Waiting::Rematch { asker });
        out.push_back(Effect::CreateRematch {
            variant: self.game.start().variant(),
        });
    }

    /// The database's answer for the rematch: every player's socket gets its `rematch`.
    fn rematch_created(
        &mut self,
        created: Result<Option<RematchGame>, RematchNotStored>,
        asker: Option<(u64, Seat)>,
        out: &mut Effects,
    ) {
        match created {
            Ok(Some(rematch)) => {
                self.rematch = Some(rematch);
                self.tell_rematch(out);
            }
            // Another server created it first: read it back.
            Ok(None) => self.catch_up(out),
            Err(RematchNotStored) => {
                if let Some((conn, seat)) = asker {
                    self.rematch_asked[index(seat)] = false;
                    out.push_back(close_internal(conn));
                }
            }
        }
    }

    /// Sends every player's socket its `rematch`.
    fn tell_rematch(&self, out: &mut Effects) {
        let Some(rematch) = &self.rematch else { return };
        for (&conn, seat) in &self.seats {
            if let Some(seat) = *seat {
                let text = rematch_message(rematch, seat);
                out.push_back(Effect::Offer { to: conn, text });
            }
        }
    }

    /// A write failed: the game is unchanged; a ply taken by another writer is a stale ply, any
    /// other failure closes the socket (its client reconnects and sends the move again).
    fn store_failed(&mut self, conn: u64, error: &StoreError, out: &mut Effects) {
        let (code, why) = match error {
            // Another server's move won the ply: this server's sockets see it first.
            StoreError::PlyTaken => (
                ErrorCode::StalePly,
                "another move was stored for this ply first",
            ),
            // A seat resigned on another server first: this server's sockets get its `over`,
            // then the mover the refusal.
            StoreError::GameOver => (ErrorCode::GameOver, "the game is over"),
            other => {
                tracing::error!(game = %self.id, "write failed: {other}");
                out.push_back(close_internal(conn));
                return;
            }
        };
        let why = why.to_owned();
        self.agenda.push_front(Step::Refuse { conn, code, why });
        self.catch_up(out);
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
            game: self.id.to_string(),
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
        let has = |seat| self.seats.values().any(|s| *s == Some(seat));
        Present {
            south: has(Seat::South),
            north: has(Seat::North),
        }
    }

    fn ply(&self) -> u32 {
        u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX)
    }

    fn refuse(&self, conn: u64, code: ErrorCode, message: String, out: &mut Effects) {
        let error = ServerMessage::Error(ErrorMessage {
            code,
            message,
            ply: self.ply(),
        });
        out.push_back(Effect::Refuse {
            to: conn,
            code,
            text: text(&error),
        });
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

/// Closes a socket whose write failed in the database: its client connects again.
fn close_internal(conn: u64) -> Effect {
    Effect::Close {
        to: conn,
        code: CLOSE_INTERNAL,
        reason: "the database failed",
    }
}

fn broadcast(message: &ServerMessage) -> Effect {
    Effect::Broadcast {
        text: text(message),
        except: None,
    }
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

#[cfg(test)]
mod tests;
