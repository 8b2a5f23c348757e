//! The database: games, their seat tokens and their moves. The [`Store`] trait, which the
//! backends (`sqlite.rs`, `postgres.rs`) implement, what it reads and writes, and the tables and
//! statements both backends share.
//!
//! A move is a row of `moves`, unique by `(game, ply)`: two writers of the same ply (two servers
//! on one PostgreSQL database) cannot both succeed, and the game is its start position plus its
//! moves replayed through the engine. On PostgreSQL every change of a game is also announced
//! (`NOTIFY`, see [`Change`]) so that the other servers on the database catch up.

use bao_engine::{Position, Variant};
use bao_protocol::{LiveGame, OpenGame, Present, Seat};
use sqlx::postgres::{PgConnectOptions, PgListener};
use std::fmt;
use std::path::PathBuf;
use std::pin::Pin;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Where the games are kept, as `--db` names it.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// `sqlite:PATH`: an SQLite file, created if missing.
    Sqlite(PathBuf),
    /// `postgres://…`: a PostgreSQL database (which must exist), shared by any number of servers.
    Postgres(String),
}

impl DatabaseUrl {
    /// Reads `sqlite:PATH` (also `sqlite://PATH`) or `postgres://…` (also `postgresql://…`).
    ///
    /// # Errors
    /// A sentence saying what is wrong with `url`.
    pub fn parse(url: &str) -> Result<DatabaseUrl, String> {
        if let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            let path = path.split('?').next().unwrap_or_default();
            if path.is_empty() || path == ":memory:" {
                return Err(format!(
                    "'{url}' names no file: the games must outlive the server (sqlite:PATH)"
                ));
            }
            Ok(DatabaseUrl::Sqlite(PathBuf::from(path)))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            PgConnectOptions::from_str(url)
                .map_err(|e| format!("'{}' is not a PostgreSQL URL: {e}", redact(url)))?;
            Ok(DatabaseUrl::Postgres(url.to_owned()))
        } else {
            Err(format!(
                "'{url}' is not a database URL (sqlite:PATH or postgres://…)"
            ))
        }
    }
}

/// `url` without its password, for messages and logs.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseUrl::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
            DatabaseUrl::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Display hides a PostgreSQL password; Debug output ends up in logs just as often.
        write!(f, "DatabaseUrl({self})")
    }
}

/// What the server's answer from its database is: a boxed future, so that [`Store`] can be a
/// trait object.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The database the server keeps its games in: [`crate::sqlite::SqliteStore`] (one server per
/// file) or [`crate::postgres::PostgresStore`] (several servers on one database), with the
/// same tables and the same statements.
///
/// Dispatch is dynamic (`Arc<dyn Store>`): the registry, the actors and the handlers hold one
/// type whichever backend `--db` names, instead of a type parameter that would reach every
/// handler and the server itself. Its price is one boxed future per call; a move pays it with
/// strings it no longer makes (on SQLite, the copies of the game's id and the move's text: the
/// id is shared, the text handed over; on PostgreSQL, the notification's words, written
/// straight into its payload), so a move allocates no more than with the enum before.
pub trait Store: Send + Sync + fmt::Debug {
    /// Whether other servers may write to this database (PostgreSQL): an actor then reads the
    /// game again before it answers a new socket.
    fn is_shared(&self) -> bool;

    /// Whether the database serves this server now: it answers `SELECT 1` within
    /// [`READY_TIMEOUT`] and, on SQLite, the writer task answers too (started again first if it
    /// had stopped). For a readiness check (`/ready`): a server whose database does not answer
    /// takes no new players.
    ///
    /// # Errors
    /// [`StoreError::TimedOut`] when either takes longer; the database's error when it fails.
    fn ready(&self) -> Answer<'_, ()>;

    /// Closes every connection (at shutdown).
    fn close(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;

    /// A listener for the other servers' notifications, on its own connection; `None` on
    /// SQLite (one server per file).
    ///
    /// # Errors
    /// When PostgreSQL refuses the connection or the `LISTEN`.
    fn listener(&self) -> Answer<'_, Option<PgListener>>;

    /// Reads a notification's payload: `None` for this server's own and for anything it does
    /// not understand.
    fn notice(&self, payload: &str) -> Option<Notice>;

    /// Tells the other servers on the database that `game` changed (nothing on SQLite).
    ///
    /// # Errors
    /// When the database fails.
    fn announce<'a>(&'a self, game: &'a str, change: Change) -> Answer<'a, ()>;

    /// Stores a new game.
    ///
    /// # Errors
    /// When the database fails.
    fn create_game<'a>(&'a self, game: &'a NewGame<'a>) -> Answer<'a, ()>;

    /// Stores `game`'s rematch and links the finished game to it, in one transaction. False
    /// (and nothing stored) when the finished game already has a rematch: another server made
    /// it first. On PostgreSQL the other servers are notified by the same transaction.
    ///
    /// # Errors
    /// When the database fails.
    fn create_rematch<'a>(&'a self, finished: &'a str, game: &'a NewGame<'a>) -> Answer<'a, bool>;

    /// The game `id` and its moves; `None` if there is none.
    ///
    /// # Errors
    /// When the database fails or the stored game is damaged.
    fn load_game<'a>(&'a self, id: &'a str) -> Answer<'a, Option<StoredGame>>;

    /// Game `id`'s moves from ply `from` on, its resignation and its rematch; `None` if there
    /// is no such game.
    ///
    /// # Errors
    /// When the database fails or the stored game is damaged.
    fn changes<'a>(&'a self, id: &'a str, from: usize) -> Answer<'a, Option<Changes>>;

    /// The game and seat a token plays; `None` for an unknown token.
    ///
    /// # Errors
    /// When the database fails.
    fn seat_of_token<'a>(&'a self, token: &'a str) -> Answer<'a, Option<(String, Seat)>>;

    /// The seat tokens of game `id`, South's first.
    ///
    /// # Errors
    /// When the database fails or there is no such game.
    fn tokens<'a>(&'a self, id: &'a str) -> Answer<'a, [String; 2]>;

    /// Stores a move of `game`; returns once it is committed. With it, as its `row` says, what
    /// the lists read of the game (the moves played, the last move's time, and the game's end).
    /// On SQLite the move waits for the writer task, which commits the moves of many games at
    /// once (see `writer.rs`); on PostgreSQL it is announced in the same statement, so that the
    /// notification goes out exactly when the move is committed.
    ///
    /// # Errors
    /// [`StoreError::PlyTaken`] when that ply is already stored, [`StoreError::GameOver`] when a
    /// seat resigned first; a database error otherwise.
    fn add_move<'a>(&'a self, game: &'a Arc<str>, mv: NewMove) -> Answer<'a, ()>;

    /// Stores that `seat` resigned game `id`, whose actor knows of `ply` moves. False, and
    /// nothing stored, when a seat had already resigned (another server's player, first) or a
    /// move was stored at `ply` or later (on another server): the database decides which of a
    /// move and a resignation came first, and every server reads its answer back.
    ///
    /// # Errors
    /// When the database fails.
    fn resign<'a>(&'a self, id: &'a str, seat: Seat, ply: usize) -> Answer<'a, bool>;

    /// The games waiting for an opponent (of `variant`, or all), the longest waiting first.
    ///
    /// # Errors
    /// When the database fails or a row is damaged.
    fn open_games(&self, variant: Option<Variant>) -> Answer<'_, Vec<OpenGame>>;

    /// Takes the free seat of the open game `id` for the caller, if it is still waiting: one
    /// conditional update decides, so two takers (on two servers) cannot both have it.
    ///
    /// # Errors
    /// When the database fails or the row is damaged.
    fn take_seat<'a>(&'a self, id: &'a str) -> Answer<'a, Taken>;

    /// Keeps the open game `id` listed until `until` (Unix seconds) while its seat is free:
    /// its creator is connected (or has just left). False when the seat is no longer free.
    ///
    /// # Errors
    /// When the database fails.
    fn keep_listed<'a>(&'a self, id: &'a str, until: i64) -> Answer<'a, bool>;

    /// The games being played (of `variant`, or all): not over, a move in the last
    /// [`bao_protocol::LIVE_SECONDS`], the latest move first.
    ///
    /// # Errors
    /// When the database fails.
    fn live_games(&self, variant: Option<Variant>) -> Answer<'_, Vec<LiveGame>>;

    /// One transaction of [`Store::expire`]: up to [`EXPIRE_CHUNK`] games deleted.
    ///
    /// # Errors
    /// When the database fails.
    fn expire_chunk(&self, cutoff: i64) -> Answer<'_, u64>;

    /// Takes the free seat of the longest-waiting open game of `variant`, if any: the pairing
    /// of "wait for an opponent". The game id and the seat taken, or `None`.
    ///
    /// # Errors
    /// When the database fails or a row is damaged.
    fn pair(&self, variant: Variant) -> Answer<'_, Option<(String, Seat, String)>> {
        Box::pin(async move {
            for open in self
                .open_games(Some(variant))
                .await?
                .into_iter()
                .take(PAIRING_TRIES)
            {
                if let Taken::Seat(seat, token) = self.take_seat(&open.game).await? {
                    return Ok(Some((open.game, seat, token)));
                }
            }
            Ok(None)
        })
    }

    /// Deletes, with their moves, the games that ended before `cutoff` (Unix seconds) and those
    /// created before it in which no move was ever played (invitations nobody took). An
    /// unfinished game with moves is kept: its players may come back to it. The number of games
    /// deleted. [`EXPIRE_CHUNK`] games a transaction, with a pause between two, so that the
    /// games' own writes are not held up long by a large expiry.
    ///
    /// # Errors
    /// When the database fails (the chunks deleted before stay deleted).
    fn expire(&self, cutoff: i64) -> Answer<'_, u64> {
        Box::pin(async move {
            let mut deleted = 0;
            loop {
                let chunk = self.expire_chunk(cutoff).await?;
                deleted += chunk;
                if chunk < EXPIRE_CHUNK.unsigned_abs() {
                    return Ok(deleted);
                }
                tokio::time::sleep(EXPIRE_PAUSE).await;
            }
        })
    }
}

/// The most games one transaction of the expiry deletes: a bound on how long it holds the
/// moves committed after it (SQLite) or the rows it locks (PostgreSQL).
pub(crate) const EXPIRE_CHUNK: i64 = 500;

/// The pause between two transactions of the expiry, in which the games' writes go first.
const EXPIRE_PAUSE: Duration = Duration::from_millis(10);

/// How many listed games a pairing tries to take before it opens a game of its own (another
/// player may take each first).
const PAIRING_TRIES: usize = 3;

/// How long [`Store::ready`] waits for the database's answer.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// What asking for an open game's free seat gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// The seat is the caller's: it plays it with this token.
    Seat(Seat, String),
    /// The game is not waiting (its seat was taken first, its creator left, it was never open).
    NotWaiting,
    /// There is no such game.
    Unknown,
}

/// Inserts a game row through `$executor` (a pool or a transaction of either backend). A game
/// open to anyone is listed for its first [`FIRST_LISTING`] seconds, the time its creator takes
/// to connect (its actor keeps it listed from then on).
macro_rules! insert_game {
    ($executor:expr, $game:expr) => {{
        let now = $crate::store::unix_now();
        sqlx::query(
            "INSERT INTO games
                 (id, variant, start, south_token, north_token, created_at, open_seat, listed_until)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind($game.id)
        .bind($game.variant.id())
        .bind($game.start.to_json())
        .bind($game.south_token)
        .bind($game.north_token)
        .bind(now)
        .bind($game.open.map(::bao_protocol::Seat::id))
        .bind($game.open.map(|_| now + $crate::store::FIRST_LISTING))
        .execute($executor)
        .await?
    }};
}
pub(crate) use insert_game;

/// Resigns game `$id` for `$seat` at `$at` (Unix seconds) through `$executor`, on condition that
/// no seat resigned and no move is stored at ply `$ply` (the moves its actor knew of) or later:
/// a resignation never follows a move its player did not see, so one that comes after the move
/// that ended the game is refused. Whether it was stored.
macro_rules! resign_game {
    ($executor:expr, $id:expr, $seat:expr, $ply:expr, $at:expr) => {
        sqlx::query(
            "UPDATE games SET resigned = $1, ended_at = $3
             WHERE id = $2 AND resigned IS NULL
               AND NOT EXISTS (SELECT 1 FROM moves WHERE game = $2 AND ply >= $4)",
        )
        .bind($seat.id())
        .bind(&$id)
        .bind($at)
        .bind($ply)
        .execute($executor)
        .await?
        .rows_affected()
            > 0
    };
}
pub(crate) use resign_game;

/// Links the finished game `$finished` to its rematch `$game` (a [`NewGame`]) and inserts the
/// rematch, through `$executor` (inside a transaction), unless `$finished` has a rematch
/// already: whether it did. The link comes first, so that of two servers making the rematch the
/// second finds it and inserts nothing.
macro_rules! store_rematch {
    ($executor:expr, $finished:expr, $game:expr) => {{
        let game = $game;
        let linked = sqlx::query("UPDATE games SET rematch = $1 WHERE id = $2 AND rematch IS NULL")
            .bind(game.id)
            .bind(&$finished)
            .execute($executor)
            .await?
            .rows_affected()
            > 0;
        if linked {
            $crate::store::insert_game!($executor, game);
        }
        linked
    }};
}
pub(crate) use store_rematch;

/// How long a game open to anyone is listed before its creator's socket comes, in seconds.
pub const FIRST_LISTING: i64 = 60;

/// A game as stored: enough to rebuild it with the engine.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The rule set.
    pub variant: Variant,
    /// The start position.
    pub start: Position,
    /// The moves in notation, ply 0 first, with the seat that played each.
    pub moves: Vec<(String, Seat)>,
    /// The seat that resigned, if one did.
    pub resigned: Option<Seat>,
    /// The id of the rematch game, once both players asked for one.
    pub rematch: Option<String>,
    /// The seat offered to anyone in the open-games list, while nobody has taken it.
    pub open_seat: Option<Seat>,
}

/// What changed in a stored game since a given ply: what another server wrote.
#[derive(Clone, Debug)]
pub struct Changes {
    /// The moves from the given ply on, with the seat that played each.
    pub moves: Vec<(String, Seat)>,
    /// The seat that resigned, if one did.
    pub resigned: Option<Seat>,
    /// The id of the rematch game, once both players asked for one.
    pub rematch: Option<String>,
}

/// A new game to store.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    /// Its id.
    pub id: &'a str,
    /// The rule set.
    pub variant: Variant,
    /// The start position.
    pub start: &'a Position,
    /// South's token.
    pub south_token: &'a str,
    /// North's token.
    pub north_token: &'a str,
    /// The seat offered to anyone (the game is listed in `GET /api/open`); `None` for a game
    /// between invited players.
    pub open: Option<Seat>,
}

/// A move to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    /// Its ply, from 0.
    pub ply: usize,
    /// The move in notation (handed over: the SQLite writer keeps it without a copy).
    pub mv: String,
    /// Who played it.
    pub seat: Seat,
    /// What it writes of the game's row.
    pub row: RowUpdate,
}

/// What a move writes of its game's row: what the lists of games read without replaying them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowUpdate {
    /// Nothing: the row was brought up to date a moment ago (see the actor's
    /// `ROW_TOUCHED_EVERY`), and one write of a row with six indexes per move would cost more
    /// than the lists' freshness is worth.
    Kept,
    /// The moves played and the last move's time.
    Touched,
    /// The same, and the move ends the game.
    Ended,
}

/// Why a write failed.
#[derive(Debug)]
pub enum StoreError {
    /// Another writer stored this ply first.
    PlyTaken,
    /// A seat resigned the game before this move was stored: the move is not stored.
    GameOver,
    /// A stored row does not make a game (a move the engine refuses, a bad position).
    Corrupt(String),
    /// The database failed.
    Database(sqlx::Error),
    /// The transaction that held this write with others failed (SQLite's moves are committed
    /// several at a time): none of them is stored.
    Batch(Arc<sqlx::Error>),
    /// The database did not answer within its bound (a lock held too long, a server down or
    /// overloaded): the write, if it was one, is not stored. What ran out.
    TimedOut(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::PlyTaken => write!(f, "this ply is already stored"),
            StoreError::GameOver => write!(f, "the game was resigned before this move"),
            StoreError::Corrupt(why) => write!(f, "a stored game is damaged: {why}"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Batch(e) => write!(f, "database error: {e}"),
            StoreError::TimedOut(what) => write!(f, "the database did not answer in time: {what}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::PlyTaken,
            e if is_timeout(e) => StoreError::TimedOut(e.to_string()),
            _ => StoreError::Database(e),
        }
    }
}

/// Whether `e` is a bound of ours running out: no pool connection in time, PostgreSQL's
/// `statement_timeout` (`57014`, query canceled) or `lock_timeout` (`55P03`), SQLite still
/// locked when its busy timeout ran out (`SQLITE_BUSY`, 5, and its extended codes).
pub(crate) fn is_timeout(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            matches!(&*code, "57014" | "55P03")
                || code.parse::<i32>().is_ok_and(|code| code & 0xff == 5)
        }),
        _ => false,
    }
}

/// A change of a game announced to the other servers on a PostgreSQL database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The move of this ply was stored.
    Moved(usize),
    /// A seat resigned.
    Resigned,
    /// A seat asked for a rematch (kept in the actors' memory, as on one server).
    RematchAsked(Seat),
    /// The rematch was created.
    Rematch,
    /// Which seats have a socket on the server that sent it (`from`, the number of its id),
    /// sent when that changes and every [`PRESENCE_HEARTBEAT`] while a seat is there.
    Presence {
        /// The sending server (0 in a change this server announces: its own id is added).
        from: u64,
        /// Its sockets' seats.
        present: Present,
    },
    /// A server just started the game's actor and asks the others for their presence.
    PresenceAsked,
}

/// How often a server repeats the presence of a game's seats on it, so that the others can
/// forget a server that stopped without saying so (after [`PRESENCE_TTL`]).
pub const PRESENCE_HEARTBEAT: Duration = Duration::from_secs(20);

/// How long another server's presence counts without being repeated.
pub const PRESENCE_TTL: Duration = Duration::from_secs(60);

/// The notification's words after the game id, written straight into its payload (a move's
/// notification makes no string of its own).
impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Moved(ply) => write!(f, "moved {ply}"),
            Change::Resigned => f.write_str("resigned"),
            Change::RematchAsked(seat) => write!(f, "asked {}", seat.id()),
            Change::Rematch => f.write_str("rematch"),
            Change::Presence { present, .. } => write!(
                f,
                "present {} {}",
                u8::from(present.south),
                u8::from(present.north)
            ),
            Change::PresenceAsked => f.write_str("present?"),
        }
    }
}

impl Change {
    /// Reads a notification's words after the game id (as `Display` writes them).
    pub(crate) fn parse(words: &str) -> Option<Change> {
        let mut words = words.split(' ');
        let change = match (words.next()?, words.next()) {
            ("moved", Some(ply)) => Change::Moved(ply.parse().ok()?),
            ("resigned", None) => Change::Resigned,
            ("asked", Some(seat)) => Change::RematchAsked(parse_seat(seat).ok()?),
            ("rematch", None) => Change::Rematch,
            ("present", Some(south)) => Change::Presence {
                from: 0,
                present: Present {
                    south: parse_flag(south)?,
                    north: parse_flag(words.next()?)?,
                },
            },
            ("present?", None) => Change::PresenceAsked,
            _ => return None,
        };
        words.next().is_none().then_some(change)
    }
}

/// The channel every server LISTENs on. A notification's payload is `SERVER GAME WORDS…`.
pub const CHANNEL: &str = "bao_games";

/// A notification from another server: game `game` changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The game.
    pub game: String,
    /// What changed.
    pub change: Change,
}

/// The first tables; `IF NOT EXISTS` so that opening an existing database is the same
/// statement. Later columns come from [`MIGRATIONS`]. PostgreSQL's integers are `BIGINT` (Rust's
/// `i64`, as SQLite's `INTEGER` is).
pub(crate) fn schema(integer: &str) -> [String; 3] {
    [
        "CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            variant TEXT NOT NULL,
            start TEXT NOT NULL,
            south_token TEXT NOT NULL UNIQUE,
            north_token TEXT NOT NULL UNIQUE,
            resigned TEXT,
            rematch TEXT,
            created_at INTEGER NOT NULL
        )"
        .replace("INTEGER", integer),
        "CREATE TABLE IF NOT EXISTS moves (
            game TEXT NOT NULL REFERENCES games(id),
            ply INTEGER NOT NULL,
            move TEXT NOT NULL,
            seat TEXT NOT NULL,
            played_at INTEGER NOT NULL,
            UNIQUE (game, ply)
        )"
        .replace("INTEGER", integer),
        // The number of migrations run; its one row is written by the first migration run.
        "CREATE TABLE IF NOT EXISTS bao_schema (version INTEGER NOT NULL)"
            .replace("INTEGER", integer),
    ]
}

/// What each schema version adds to the one before, in order: `MIGRATIONS[0]` makes version 1
/// of a database made by the first tables alone. Run once each, inside the transaction that
/// records the new version.
pub(crate) const MIGRATIONS: &[&[&str]] = &[
    &[
        // Version 1: what the lists of open and live games and the expiry of old games read
        // without replaying every game: the moves played, when the last one was, when the game
        // ended; the seat offered to anyone and until when the offer is listed.
        "ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN last_move_at INTEGER",
        "ALTER TABLE games ADD COLUMN ended_at INTEGER",
        "ALTER TABLE games ADD COLUMN open_seat TEXT",
        "ALTER TABLE games ADD COLUMN listed_until INTEGER",
        "UPDATE games SET
         plies = (SELECT COUNT(*) FROM moves WHERE moves.game = games.id),
         last_move_at = (SELECT MAX(played_at) FROM moves WHERE moves.game = games.id)",
        // A game that ended by the rules before this version is not known to have ended (that
        // needs a replay): it leaves the live list 5 minutes after its last move all the same.
        "UPDATE games SET ended_at = COALESCE(last_move_at, created_at) WHERE resigned IS NOT NULL",
        "CREATE INDEX games_live ON games (last_move_at)",
        "CREATE INDEX games_listed ON games (listed_until)",
        "CREATE INDEX games_ended ON games (ended_at)",
    ],
    &[
        // Version 2: the expiry's other half, games nobody played a move in (`plies = 0 AND
        // created_at < cutoff`), and the rematch links it clears, read by index rather than by a
        // scan of every game.
        "CREATE INDEX games_unplayed ON games (plies, created_at)",
        "CREATE INDEX games_rematch ON games (rematch)",
    ],
];

/// Runs the migrations a database has not had, through `$tx` (a transaction of either backend),
/// with `$integer` for the integer type.
macro_rules! migrate {
    ($tx:expr, $integer:expr) => {{
        let version: Option<i64> = sqlx::query_scalar("SELECT version FROM bao_schema")
            .fetch_optional(&mut *$tx)
            .await?;
        if version.is_none() {
            sqlx::query("INSERT INTO bao_schema (version) VALUES (0)")
                .execute(&mut *$tx)
                .await?;
        }
        let done = usize::try_from(version.unwrap_or(0)).unwrap_or(usize::MAX);
        for (number, statements) in $crate::store::MIGRATIONS.iter().enumerate().skip(done) {
            for statement in *statements {
                let statement = statement.replace("INTEGER", $integer);
                sqlx::query(sqlx::AssertSqlSafe(statement))
                    .execute(&mut *$tx)
                    .await?;
            }
            let version = i64::try_from(number + 1).unwrap_or(i64::MAX);
            sqlx::query("UPDATE bao_schema SET version = $1")
                .bind(version)
                .execute(&mut *$tx)
                .await?;
        }
    }};
}
pub(crate) use migrate;

/// Whether `$pool` (either backend's) answers `SELECT 1`.
macro_rules! select_one {
    ($pool:expr) => {
        async {
            sqlx::query("SELECT 1").execute($pool).await?;
            Ok::<(), $crate::store::StoreError>(())
        }
    };
}
pub(crate) use select_one;

/// [`Store::load_game`] on `$pool` (either backend's): a future.
macro_rules! load_game {
    ($pool:expr, $id:expr) => {
        async move {
            use sqlx::Row as _;
            let (pool, id): (_, &str) = ($pool, $id);
            let row = sqlx::query("SELECT variant, start, open_seat FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
                .map(
                    |row| -> Result<(String, String, Option<String>), sqlx::Error> {
                        Ok((
                            row.try_get("variant")?,
                            row.try_get("start")?,
                            row.try_get("open_seat")?,
                        ))
                    },
                )
                .transpose()?;
            let Some(row) = row else {
                return Ok(None);
            };
            let changes = $crate::store::changes!(pool, id, 0).await?;
            $crate::store::stored_game(id, row, changes)
        }
    };
}
pub(crate) use load_game;

/// [`Store::changes`] on `$pool` (either backend's): a future.
macro_rules! changes {
    ($pool:expr, $id:expr, $from:expr) => {
        async move {
            use sqlx::Row as _;
            let (pool, id, from): (_, &str, usize) = ($pool, $id, $from);
            let first = i64::try_from(from)
                .map_err(|_| $crate::store::StoreError::Corrupt("ply overflow".into()))?;
            let game = sqlx::query("SELECT resigned, rematch FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
                .map(
                    |row| -> Result<(Option<String>, Option<String>), sqlx::Error> {
                        Ok((row.try_get("resigned")?, row.try_get("rematch")?))
                    },
                )
                .transpose()?;
            let rows = sqlx::query(
                "SELECT ply, move, seat FROM moves WHERE game = $1 AND ply >= $2 ORDER BY ply",
            )
            .bind(id)
            .bind(first)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| -> Result<(i64, String, String), sqlx::Error> {
                Ok((
                    row.try_get("ply")?,
                    row.try_get("move")?,
                    row.try_get("seat")?,
                ))
            })
            .collect::<Result<Vec<_>, _>>()?;
            $crate::store::changes_read(id, first, game, rows)
        }
    };
}
pub(crate) use changes;

/// [`Store::seat_of_token`] on `$pool` (either backend's): a future.
macro_rules! seat_of_token {
    ($pool:expr, $token:expr) => {
        async move {
            use sqlx::Row as _;
            let row = sqlx::query(
                "SELECT id, CASE WHEN south_token = $1 THEN 'south' ELSE 'north' END AS seat
                 FROM games WHERE south_token = $1 OR north_token = $1",
            )
            .bind($token)
            .fetch_optional($pool)
            .await?
            .map(|row| -> Result<(String, String), sqlx::Error> {
                Ok((row.try_get("id")?, row.try_get("seat")?))
            })
            .transpose()?;
            let Some((id, seat)) = row else {
                return Ok(None);
            };
            Ok(Some((id, $crate::store::parse_seat(&seat)?)))
        }
    };
}
pub(crate) use seat_of_token;

/// [`Store::tokens`] on `$pool` (either backend's): a future.
macro_rules! tokens {
    ($pool:expr, $id:expr) => {
        async move {
            use sqlx::Row as _;
            let row = sqlx::query("SELECT south_token, north_token FROM games WHERE id = $1")
                .bind($id)
                .fetch_one($pool)
                .await?;
            Ok([row.try_get("south_token")?, row.try_get("north_token")?])
        }
    };
}
pub(crate) use tokens;

/// The reads of [`Store`] that run the same statements on either backend's pool (`self.pool`),
/// written once for both backends' `impl Store`.
macro_rules! pool_reads {
    () => {
        fn load_game<'a>(
            &'a self,
            id: &'a str,
        ) -> $crate::store::Answer<'a, Option<$crate::store::StoredGame>> {
            Box::pin($crate::store::load_game!(&self.pool, id))
        }

        fn changes<'a>(
            &'a self,
            id: &'a str,
            from: usize,
        ) -> $crate::store::Answer<'a, Option<$crate::store::Changes>> {
            Box::pin($crate::store::changes!(&self.pool, id, from))
        }

        fn seat_of_token<'a>(
            &'a self,
            token: &'a str,
        ) -> $crate::store::Answer<'a, Option<(String, bao_protocol::Seat)>> {
            Box::pin($crate::store::seat_of_token!(&self.pool, token))
        }

        fn tokens<'a>(&'a self, id: &'a str) -> $crate::store::Answer<'a, [String; 2]> {
            Box::pin($crate::store::tokens!(&self.pool, id))
        }

        fn open_games(
            &self,
            variant: Option<bao_engine::Variant>,
        ) -> $crate::store::Answer<'_, Vec<bao_protocol::OpenGame>> {
            Box::pin($crate::lobby::open_games!(&self.pool, variant))
        }

        fn live_games(
            &self,
            variant: Option<bao_engine::Variant>,
        ) -> $crate::store::Answer<'_, Vec<bao_protocol::LiveGame>> {
            Box::pin($crate::lobby::live_games!(&self.pool, variant))
        }
    };
}
pub(crate) use pool_reads;

/// A game read back: its row (variant, start, open seat) and its [`Changes`] from ply 0.
pub(crate) fn stored_game(
    id: &str,
    (variant, start, open_seat): (String, String, Option<String>),
    changes: Option<Changes>,
) -> Result<Option<StoredGame>, StoreError> {
    let variant = variant
        .parse()
        .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
    let start =
        Position::from_json(&start).map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
    let Some(changes) = changes else {
        return Ok(None);
    };
    Ok(Some(StoredGame {
        variant,
        start,
        moves: changes.moves,
        resigned: changes.resigned,
        rematch: changes.rematch,
        open_seat: open_seat.as_deref().map(parse_seat).transpose()?,
    }))
}

/// The [`Changes`] of game `id` from ply `first`: its row's resignation and rematch (`None`:
/// no such game) and its moves' rows, which must follow each other from `first`.
pub(crate) fn changes_read(
    id: &str,
    first: i64,
    game: Option<(Option<String>, Option<String>)>,
    rows: Vec<(i64, String, String)>,
) -> Result<Option<Changes>, StoreError> {
    let Some((resigned, rematch)) = game else {
        return Ok(None);
    };
    let mut moves = Vec::with_capacity(rows.len());
    for (expected, (ply, mv, seat)) in (first..).zip(rows) {
        if ply != expected {
            return Err(StoreError::Corrupt(format!(
                "game {id}: ply {expected} is missing"
            )));
        }
        moves.push((mv, parse_seat(&seat)?));
    }
    Ok(Some(Changes {
        moves,
        resigned: resigned.as_deref().map(parse_seat).transpose()?,
        rematch,
    }))
}

/// A ply as the databases' integer.
pub(crate) fn stored_ply(ply: usize) -> Result<i64, StoreError> {
    i64::try_from(ply).map_err(|_| StoreError::Corrupt("ply overflow".into()))
}

/// `1` or `0` of a presence notification.
fn parse_flag(text: &str) -> Option<bool> {
    match text {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    }
}

pub(crate) fn parse_seat(text: &str) -> Result<Seat, StoreError> {
    match text {
        "south" => Ok(Seat::South),
        "north" => Ok(Seat::North),
        other => Err(StoreError::Corrupt(format!("'{other}' is not a seat"))),
    }
}

/// Seconds since 1970, for the rows' times (information only: nothing depends on them).
pub(crate) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// What the unit tests of the store, the writer, the lobby and the registry share: a store on
/// a temporary SQLite file, and games in it.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::sqlite::SqliteStore;

    /// A new store on a file of a new temporary folder (removed with the folder).
    pub async fn temporary_store() -> (tempfile::TempDir, SqliteStore) {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let store = SqliteStore::open(&database_file(&folder))
            .await
            .expect("the database opens");
        (folder, store)
    }

    /// Stores move `ply` of game `id` for `seat`.
    pub async fn add_move(
        store: &dyn Store,
        id: &str,
        ply: usize,
        mv: &str,
        seat: Seat,
        row: RowUpdate,
    ) -> Result<(), StoreError> {
        let mv = NewMove {
            ply,
            mv: mv.to_owned(),
            seat,
            row,
        };
        store.add_move(&Arc::from(id), mv).await
    }

    /// A runtime of its own, for a test that stops one (and the tasks started on it) to see
    /// what the next one finds.
    pub fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    }

    /// The database file of [`temporary_store`].
    pub fn database_file(folder: &tempfile::TempDir) -> PathBuf {
        folder.path().join("games.sqlite")
    }

    /// Stores `count` new games of Kigogo, numbered from `first` (their ids), open to anyone
    /// in `open`'s seat or not; their ids.
    pub async fn create_games(
        store: &dyn Store,
        first: usize,
        count: usize,
        open: Option<Seat>,
    ) -> Vec<String> {
        let start = Position::new(Variant::Kigogo);
        let mut ids = Vec::new();
        for n in first..first + count {
            let id = format!("{n:016x}");
            let (south, north) = (format!("s{n}"), format!("n{n}"));
            let game = NewGame {
                id: &id,
                variant: Variant::Kigogo,
                start: &start,
                south_token: &south,
                north_token: &north,
                open,
            };
            store.create_game(&game).await.expect("the game is stored");
            ids.push(id);
        }
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_reads_back_from_its_words() {
        for change in [
            Change::Moved(0),
            Change::Moved(41),
            Change::Resigned,
            Change::RematchAsked(Seat::North),
            Change::Rematch,
            Change::PresenceAsked,
            Change::Presence {
                from: 0,
                present: Present {
                    south: true,
                    north: false,
                },
            },
        ] {
            assert_eq!(Change::parse(&change.to_string()), Some(change));
        }
        assert_eq!(Change::parse("moved"), None);
        assert_eq!(Change::parse("moved 1 2"), None);
        assert_eq!(Change::parse("asked east"), None);
        assert_eq!(Change::parse("present 1"), None);
        assert_eq!(Change::parse("present 1 2"), None);
        assert_eq!(Change::parse("present 1 0 1"), None);
    }

    #[test]
    fn a_password_is_not_shown() {
        let url = DatabaseUrl::parse("postgres://bao:secret@127.0.0.1:5432/bao").unwrap();
        assert_eq!(url.to_string(), "postgres://bao:***@127.0.0.1:5432/bao");
        assert!(!format!("{url:?}").contains("secret"));
    }
}
