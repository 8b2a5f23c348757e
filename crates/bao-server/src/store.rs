//! The database: games, their seat tokens and their moves. One enum over the backends (SQLite,
//! PostgreSQL), the same tables and the same statements in both.
//!
//! A move is a row of `moves`, unique by `(game, ply)`: two writers of the same ply (two servers
//! on one PostgreSQL database) cannot both succeed, and the game is its start position plus its
//! moves replayed through the engine. On PostgreSQL every change of a game is also announced
//! (`NOTIFY`, see [`Change`]) so that the other servers on the database catch up.

use crate::writer::{GameRow, MoveRow, Resignation, Writer};
use bao_engine::{Position, Variant};
use bao_protocol::{Present, Seat};
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, Row};
use std::fmt;
use std::path::{Path, PathBuf};
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

/// The database the server keeps its games in.
#[derive(Clone, Debug)]
pub enum Store {
    /// An SQLite file.
    Sqlite(Sqlite),
    /// A PostgreSQL database, maybe shared with other servers.
    Postgres(Postgres),
}

/// An SQLite pool, which only reads, and the task that writes (see `writer.rs`).
#[derive(Clone, Debug)]
pub struct Sqlite {
    pub(crate) pool: SqlitePool,
    pub(crate) writer: Writer,
}

/// A PostgreSQL pool and this server's name in the notifications it sends.
#[derive(Clone, Debug)]
pub struct Postgres {
    pub(crate) pool: PgPool,
    /// Random per server: a server skips its own notifications (its actors already know).
    server: Arc<str>,
}

/// Runs the same code on whichever pool the store has: the statements are written once, with
/// `$N` parameters, which SQLite and PostgreSQL both read.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            $crate::store::Store::Sqlite($crate::store::Sqlite { pool: $pool, .. }) => $body,
            $crate::store::Store::Postgres($crate::store::Postgres { pool: $pool, .. }) => $body,
        }
    };
}

pub(crate) use on_pool;

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

impl NewGame<'_> {
    fn to_row(&self) -> GameRow {
        GameRow {
            id: self.id.to_owned(),
            variant: self.variant,
            start: *self.start,
            south_token: self.south_token.to_owned(),
            north_token: self.north_token.to_owned(),
            open: self.open,
        }
    }
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

impl Change {
    /// The notification's words after the game id.
    fn words(self) -> String {
        match self {
            Change::Moved(ply) => format!("moved {ply}"),
            Change::Resigned => "resigned".to_owned(),
            Change::RematchAsked(seat) => format!("asked {}", seat.id()),
            Change::Rematch => "rematch".to_owned(),
            Change::Presence { present, .. } => {
                format!(
                    "present {} {}",
                    u8::from(present.south),
                    u8::from(present.north)
                )
            }
            Change::PresenceAsked => "present?".to_owned(),
        }
    }

    fn parse(words: &str) -> Option<Change> {
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
fn schema(integer: &str) -> [String; 3] {
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
const MIGRATIONS: &[&[&str]] = &[
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
        for (number, statements) in MIGRATIONS.iter().enumerate().skip(done) {
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

/// How long a writer waits for SQLite's lock before failing ([`StoreError::TimedOut`]). The
/// writer task holds the lock for one batch at a time, so only another process holding it (a
/// backup, a second server on the file by mistake) makes a statement wait this long.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a PostgreSQL statement may run, or wait for a lock, before it is canceled and fails
/// ([`StoreError::TimedOut`]): `statement_timeout` and `lock_timeout` of every connection of
/// the pool. A game's statements take milliseconds; one that waits this long is stuck (a lock
/// held by a stalled session, an overloaded server) and fails rather than hold its game.
const PG_STATEMENT_TIMEOUT: &str = "5s";

/// How long [`Store::ready`] waits for the database's answer.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// Connections in the SQLite pool, which serve reads (the writer task has a connection of its
/// own).
const POOL_SIZE: u32 = 4;

/// How long a read waits for a connection of the SQLite pool before it fails
/// ([`StoreError::TimedOut`]).
const POOL_WAIT: Duration = Duration::from_secs(5);

/// Connections in the PostgreSQL pool, the listener's included.
const PG_POOL_SIZE: u32 = 8;

/// How long a PostgreSQL connection may take to come (a server down is an error, not a hang).
const PG_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The key of the advisory lock that keeps two servers starting at once from creating the
/// tables together (`CREATE TABLE IF NOT EXISTS` is not safe against a concurrent one).
const SCHEMA_LOCK: i64 = 0x0ba0_5e4e;

impl Store {
    /// Opens (and if needed creates) the database and its tables.
    ///
    /// # Errors
    /// When the file cannot be created or opened, or is not an SQLite database; when PostgreSQL
    /// cannot be reached or refuses.
    pub async fn open(url: &DatabaseUrl) -> Result<Store, StoreError> {
        match url {
            DatabaseUrl::Sqlite(path) => Store::open_sqlite(path).await,
            DatabaseUrl::Postgres(url) => Store::open_postgres(url).await,
        }
    }

    async fn open_sqlite(path: &Path) -> Result<Store, StoreError> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| {
                StoreError::Database(sqlx::Error::Configuration(
                    format!("cannot create {}: {e}", folder.display()).into(),
                ))
            })?;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            // WAL: readers do not wait for the writer. FULL: a committed move is on the disk
            // before its `moved` goes out, even if the machine loses power.
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT)
            // The moves' writer checkpoints beside the commits, not in them (see writer.rs).
            .pragma("wal_autocheckpoint", "0");
        // IMMEDIATE: two servers opening one new file at once (a mistake, but) do not both
        // migrate it.
        let mut conn = options.connect().await?;
        let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
        for statement in schema("INTEGER") {
            sqlx::query(sqlx::AssertSqlSafe(statement))
                .execute(&mut *tx)
                .await?;
        }
        migrate!(tx, "INTEGER");
        tx.commit().await?;
        conn.close().await?;
        // The pool reads only: every write goes through the writer task, and a statement that
        // would not is refused by SQLite rather than wait for the writer's lock.
        let pool = SqlitePoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(POOL_WAIT)
            .connect_with(options.clone().read_only(true).create_if_missing(false))
            .await?;
        let writer = Writer::start(options, pool.clone());
        Ok(Store::Sqlite(Sqlite { pool, writer }))
    }

    async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let options = PgConnectOptions::from_str(url)?.options([
            ("statement_timeout", PG_STATEMENT_TIMEOUT),
            ("lock_timeout", PG_STATEMENT_TIMEOUT),
        ]);
        let pool = PgPoolOptions::new()
            .max_connections(PG_POOL_SIZE)
            .acquire_timeout(PG_CONNECT_TIMEOUT)
            .connect_with(options)
            .await?;
        let mut tx = pool.begin().await?;
        // A migration of a large table, or another server's, may take longer than a game's
        // statements are allowed.
        sqlx::query("SET LOCAL statement_timeout = 0")
            .execute(&mut *tx)
            .await?;
        sqlx::query("SET LOCAL lock_timeout = 0")
            .execute(&mut *tx)
            .await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(SCHEMA_LOCK)
            .execute(&mut *tx)
            .await?;
        for statement in schema("BIGINT") {
            sqlx::query(sqlx::AssertSqlSafe(statement))
                .execute(&mut *tx)
                .await?;
        }
        migrate!(tx, "BIGINT");
        tx.commit().await?;
        let server = crate::ids::new_game_id()
            .map_err(|e| StoreError::Database(sqlx::Error::Configuration(Box::new(e))))?;
        Ok(Store::Postgres(Postgres {
            pool,
            server: server.into(),
        }))
    }

    /// Whether other servers may write to this database (PostgreSQL): an actor then reads the
    /// game again before it answers a new socket.
    pub fn is_shared(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// Whether the database serves this server now: it answers `SELECT 1` within
    /// [`READY_TIMEOUT`] and, on SQLite, the writer task answers too (started again first if it
    /// had stopped). For a readiness check (`/ready`): a server whose database does not answer
    /// takes no new players.
    ///
    /// # Errors
    /// [`StoreError::TimedOut`] when either takes longer; the database's error when it fails.
    pub async fn ready(&self) -> Result<(), StoreError> {
        let answers = async {
            on_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))?;
            if let Store::Sqlite(sqlite) = self {
                sqlite.writer.ping().await?;
            }
            Ok(())
        };
        tokio::time::timeout(READY_TIMEOUT, answers)
            .await
            .map_err(|_| StoreError::TimedOut(format!("no answer within {READY_TIMEOUT:?}")))?
    }

    /// Closes every connection (at shutdown).
    pub async fn close(&self) {
        on_pool!(self, pool => pool.close().await);
    }

    /// A listener for the other servers' notifications, on its own connection; `None` on
    /// SQLite (one server per file).
    ///
    /// # Errors
    /// When PostgreSQL refuses the connection or the `LISTEN`.
    pub async fn listener(&self) -> Result<Option<PgListener>, StoreError> {
        let Store::Postgres(pg) = self else {
            return Ok(None);
        };
        let mut listener = PgListener::connect_with(&pg.pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(listener))
    }

    /// Reads a notification's payload: `None` for this server's own and for anything it does
    /// not understand.
    pub fn notice(&self, payload: &str) -> Option<Notice> {
        let Store::Postgres(pg) = self else {
            return None;
        };
        let (server, rest) = payload.split_once(' ')?;
        if server == &*pg.server {
            return None;
        }
        let (game, words) = rest.split_once(' ')?;
        let change = match Change::parse(words)? {
            Change::Presence { present, .. } => Change::Presence {
                from: u64::from_str_radix(server, 16).ok()?,
                present,
            },
            change => change,
        };
        Some(Notice {
            game: game.to_owned(),
            change,
        })
    }

    /// Tells the other servers on the database that `game` changed (nothing on SQLite).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn announce(&self, game: &str, change: Change) -> Result<(), StoreError> {
        if let Store::Postgres(pg) = self {
            pg.notify(&mut *pg.pool.acquire().await?, game, change)
                .await?;
        }
        Ok(())
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn create_game(&self, game: &NewGame<'_>) -> Result<(), StoreError> {
        match self {
            // With the moves, in the writer's next commit (see writer.rs).
            Store::Sqlite(sqlite) => sqlite.writer.store_game(game.to_row()).await,
            Store::Postgres(pg) => {
                insert_game!(&pg.pool, game);
                Ok(())
            }
        }
    }

    /// Stores `game`'s rematch and links the finished game to it, in one transaction. False
    /// (and nothing stored) when the finished game already has a rematch: another server made
    /// it first. On PostgreSQL the other servers are notified by the same transaction.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn create_rematch(
        &self,
        finished: &str,
        game: &NewGame<'_>,
    ) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(sqlite) => sqlite.writer.store_rematch(finished, game.to_row()).await,
            Store::Postgres(pg) => {
                let mut tx = pg.pool.begin().await?;
                let created = store_rematch!(&mut *tx, finished, game);
                if created {
                    pg.notify(&mut tx, finished, Change::Rematch).await?;
                }
                tx.commit().await?;
                Ok(created)
            }
        }
    }

    /// The game `id` and its moves; `None` if there is none.
    ///
    /// # Errors
    /// When the database fails or the stored game is damaged.
    pub async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query("SELECT variant, start, open_seat FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
                .map(|row| -> Result<(String, String, Option<String>), sqlx::Error> {
                    Ok((row.try_get("variant")?, row.try_get("start")?, row.try_get("open_seat")?))
                })
                .transpose()?
        });
        let Some((variant, start, open_seat)) = row else {
            return Ok(None);
        };
        let variant = variant
            .parse()
            .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
        let start = Position::from_json(&start)
            .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
        let Some(changes) = self.changes(id, 0).await? else {
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

    /// Game `id`'s moves from ply `from` on, its resignation and its rematch; `None` if there
    /// is no such game.
    ///
    /// # Errors
    /// When the database fails or the stored game is damaged.
    pub async fn changes(&self, id: &str, from: usize) -> Result<Option<Changes>, StoreError> {
        let first = i64::try_from(from).map_err(|_| StoreError::Corrupt("ply overflow".into()))?;
        let (game, rows) = on_pool!(self, pool => {
            let game = sqlx::query("SELECT resigned, rematch FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await?
                .map(|row| -> Result<(Option<String>, Option<String>), sqlx::Error> {
                    Ok((row.try_get("resigned")?, row.try_get("rematch")?))
                })
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
                Ok((row.try_get("ply")?, row.try_get("move")?, row.try_get("seat")?))
            })
            .collect::<Result<Vec<_>, _>>()?;
            (game, rows)
        });
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

    /// The game and seat a token plays; `None` for an unknown token.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seat_of_token(&self, token: &str) -> Result<Option<(String, Seat)>, StoreError> {
        let row = on_pool!(self, pool => {
            sqlx::query(
                "SELECT id, CASE WHEN south_token = $1 THEN 'south' ELSE 'north' END AS seat
                 FROM games WHERE south_token = $1 OR north_token = $1",
            )
            .bind(token)
            .fetch_optional(pool)
            .await?
            .map(|row| -> Result<(String, String), sqlx::Error> {
                Ok((row.try_get("id")?, row.try_get("seat")?))
            })
            .transpose()?
        });
        let Some((id, seat)) = row else {
            return Ok(None);
        };
        Ok(Some((id, parse_seat(&seat)?)))
    }

    /// The seat tokens of game `id`, South's first.
    ///
    /// # Errors
    /// When the database fails or there is no such game.
    pub async fn tokens(&self, id: &str) -> Result<[String; 2], StoreError> {
        on_pool!(self, pool => {
            let row = sqlx::query("SELECT south_token, north_token FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(pool)
                .await?;
            Ok([row.try_get("south_token")?, row.try_get("north_token")?])
        })
    }

    /// Stores move `ply` of `game`; returns once it is committed. With it, as `row` says, what
    /// the lists read of the game (the moves played, the last move's time, and the game's end).
    /// On SQLite the move waits for the writer task, which commits the moves of many games at
    /// once (see `writer.rs`); on PostgreSQL it is announced in the same statement, so that the
    /// notification goes out exactly when the move is committed.
    ///
    /// # Errors
    /// [`StoreError::PlyTaken`] when that ply is already stored; a database error otherwise.
    pub async fn add_move(
        &self,
        game: &str,
        ply: usize,
        mv: &str,
        seat: Seat,
        row: RowUpdate,
    ) -> Result<(), StoreError> {
        let stored = i64::try_from(ply).map_err(|_| StoreError::Corrupt("ply overflow".into()))?;
        let now = unix_now();
        let ended = (row == RowUpdate::Ended).then_some(now);
        let touch = row != RowUpdate::Kept;
        match self {
            Store::Sqlite(sqlite) => {
                let row = MoveRow {
                    game: game.to_owned(),
                    ply: stored,
                    mv: mv.to_owned(),
                    seat,
                    played_at: now,
                    ended_at: ended,
                    touch,
                };
                sqlite.writer.store_move(row).await?;
            }
            Store::Postgres(pg) => {
                // A data-modifying WITH runs whether or not the query reads it: the game's row
                // is updated with the insert, in the statement's one transaction. The row is
                // locked first, so that a resignation (which locks it too) is either committed
                // before, and the move not inserted, or waits for the move (see `resign`).
                let stored = sqlx::query(
                    "WITH playing AS (
                        SELECT id FROM games WHERE id = $1 AND resigned IS NULL
                        FOR NO KEY UPDATE
                    ), stored AS (
                        INSERT INTO moves (game, ply, move, seat, played_at)
                        SELECT id, $2, $3, $4, $5 FROM playing RETURNING ply
                    ), counted AS (
                        UPDATE games SET plies = $2 + 1, last_move_at = $5, ended_at = $8
                        WHERE id = $1 AND $9 AND EXISTS (SELECT 1 FROM stored)
                    )
                    SELECT pg_notify($6, $7) FROM stored",
                )
                .bind(game)
                .bind(stored)
                .bind(mv)
                .bind(seat.id())
                .bind(now)
                .bind(CHANNEL)
                .bind(pg.payload(game, Change::Moved(ply)))
                .bind(ended)
                .bind(touch)
                .execute(&pg.pool)
                .await?
                .rows_affected();
                if stored == 0 {
                    return Err(StoreError::GameOver);
                }
            }
        }
        Ok(())
    }

    /// Stores that `seat` resigned game `id`, whose actor knows of `ply` moves. False, and
    /// nothing stored, when a seat had already resigned (another server's player, first) or a
    /// move was stored at `ply` or later (on another server): the database decides which of a
    /// move and a resignation came first, and every server reads its answer back.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn resign(&self, id: &str, seat: Seat, ply: usize) -> Result<bool, StoreError> {
        let ply = i64::try_from(ply).map_err(|_| StoreError::Corrupt("ply overflow".into()))?;
        let at = unix_now();
        match self {
            Store::Sqlite(sqlite) => {
                let game = id.to_owned();
                let resignation = Resignation {
                    game,
                    seat,
                    ply,
                    at,
                };
                sqlite.writer.resign(resignation).await
            }
            Store::Postgres(pg) => {
                let mut tx = pg.pool.begin().await?;
                // Waits for a move being stored (its statement locks the row): the condition
                // below, a statement of its own, then sees that move.
                sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                let resigned = resign_game!(&mut *tx, id, seat, ply, at);
                if resigned {
                    pg.notify(&mut tx, id, Change::Resigned).await?;
                }
                tx.commit().await?;
                Ok(resigned)
            }
        }
    }
}

impl Postgres {
    fn payload(&self, game: &str, change: Change) -> String {
        format!("{} {game} {}", self.server, change.words())
    }

    /// Notifies the other servers of `change` through `conn`. Inside a transaction PostgreSQL
    /// sends it when the transaction commits, and never if it does not: no server hears of a
    /// change that is not stored, and none that listens misses one that is.
    async fn notify(
        &self,
        conn: &mut sqlx::PgConnection,
        game: &str,
        change: Change,
    ) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(self.payload(game, change))
            .execute(conn)
            .await?;
        Ok(())
    }
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

    /// A new store on a file of a new temporary folder (removed with the folder).
    pub async fn temporary_store() -> (tempfile::TempDir, Store) {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let url = DatabaseUrl::Sqlite(database_file(&folder));
        let store = Store::open(&url).await.expect("the database opens");
        (folder, store)
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
        store: &Store,
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
            assert_eq!(Change::parse(&change.words()), Some(change));
        }
        assert_eq!(Change::parse("moved"), None);
        assert_eq!(Change::parse("moved 1 2"), None);
        assert_eq!(Change::parse("asked east"), None);
        assert_eq!(Change::parse("present 1"), None);
        assert_eq!(Change::parse("present 1 2"), None);
        assert_eq!(Change::parse("present 1 0 1"), None);
    }

    use testing::{create_games, database_file, temporary_store};
    use tokio::time::Instant;

    #[tokio::test]
    async fn a_working_database_is_ready_and_a_closed_one_is_not() {
        let (_folder, store) = temporary_store().await;
        store.ready().await.expect("ready");
        store.close().await;
        assert!(store.ready().await.is_err(), "a closed pool is not ready");
    }

    #[tokio::test]
    async fn a_move_after_a_resignation_and_a_resignation_after_a_move_are_refused() {
        let (_folder, store) = temporary_store().await;
        let ids = create_games(&store, 0, 2, None).await;
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let play = async |id, ply| {
            store
                .add_move(id, ply, "A1<", Seat::South, RowUpdate::Kept)
                .await
        };

        // Resigned with no move known: a move of ply 0 comes too late.
        assert!(store.resign(ids[0], Seat::North, 0).await.unwrap());
        assert!(matches!(play(ids[0], 0).await, Err(StoreError::GameOver)));
        assert!(!store.resign(ids[0], Seat::South, 0).await.unwrap());
        let game = store.load_game(ids[0]).await.unwrap().expect("the game");
        assert_eq!((game.moves.len(), game.resigned), (0, Some(Seat::North)));

        // Ply 0 stored: a resignation by a seat that knew of no move is refused; one that knew
        // of it is stored.
        play(ids[1], 0).await.expect("the move is stored");
        assert!(!store.resign(ids[1], Seat::North, 0).await.unwrap());
        assert!(store.resign(ids[1], Seat::North, 1).await.unwrap());
        let game = store.load_game(ids[1]).await.unwrap().expect("the game");
        assert_eq!((game.moves.len(), game.resigned), (1, Some(Seat::North)));
    }

    #[tokio::test]
    async fn a_lock_held_by_another_process_times_out_writes_and_readiness() {
        let (folder, store) = temporary_store().await;
        let ids = create_games(&store, 0, 1, None).await;
        // Another process (a backup, a second server by mistake) holds the write lock.
        let mut other = SqliteConnectOptions::new()
            .filename(database_file(&folder))
            .connect()
            .await
            .expect("a second connection");
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut other)
            .await
            .expect("the lock");

        let asked = Instant::now();
        let ready = store.ready().await;
        assert!(matches!(ready, Err(StoreError::TimedOut(_))), "{ready:?}");
        assert!(asked.elapsed() < READY_TIMEOUT * 2, "{:?}", asked.elapsed());

        let asked = Instant::now();
        let moved = store
            .add_move(&ids[0], 0, "A1<", Seat::South, RowUpdate::Touched)
            .await;
        assert!(matches!(moved, Err(StoreError::TimedOut(_))), "{moved:?}");
        assert!(asked.elapsed() < BUSY_TIMEOUT * 2, "{:?}", asked.elapsed());

        sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
        store.ready().await.expect("ready once the lock is free");
        store
            .add_move(&ids[0], 0, "A1<", Seat::South, RowUpdate::Touched)
            .await
            .expect("the move is stored once the lock is free");
    }

    #[test]
    fn a_password_is_not_shown() {
        let url = DatabaseUrl::parse("postgres://bao:secret@127.0.0.1:5432/bao").unwrap();
        assert_eq!(url.to_string(), "postgres://bao:***@127.0.0.1:5432/bao");
        assert!(!format!("{url:?}").contains("secret"));
    }
}
