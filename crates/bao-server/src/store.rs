//! The database: games, their seat tokens and their moves. One enum over the backends, so that
//! PostgreSQL can join SQLite without touching the games.
//!
//! A move is a row of `moves`, unique by `(game, ply)`: two writers of the same ply (two servers
//! on one database, later) cannot both succeed, and the game is its start position plus its
//! moves replayed through the engine.

use bao_engine::{Position, Variant};
use bao_protocol::Seat;
use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Where the games are kept, as `--db` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// `sqlite:PATH`: an SQLite file, created if missing.
    Sqlite(PathBuf),
}

impl DatabaseUrl {
    /// Reads `sqlite:PATH` (also `sqlite://PATH`); `postgres://…` is refused for now.
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
            Err("PostgreSQL is not supported by this build yet; use sqlite:PATH".to_owned())
        } else {
            Err(format!(
                "'{url}' is not a database URL (sqlite:PATH or postgres://…)"
            ))
        }
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseUrl::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
        }
    }
}

/// The database the server keeps its games in.
#[derive(Clone, Debug)]
pub enum Store {
    /// An SQLite file.
    Sqlite(SqlitePool),
}

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
}

/// Why a write failed.
#[derive(Debug)]
pub enum StoreError {
    /// Another writer stored this ply first.
    PlyTaken,
    /// A stored row does not make a game (a move the engine refuses, a bad position).
    Corrupt(String),
    /// The database failed.
    Database(sqlx::Error),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::PlyTaken => write!(f, "this ply is already stored"),
            StoreError::Corrupt(why) => write!(f, "a stored game is damaged: {why}"),
            StoreError::Database(e) => write!(f, "database error: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::PlyTaken,
            _ => StoreError::Database(e),
        }
    }
}

/// The tables; `IF NOT EXISTS` so that opening an existing file is the same statement.
const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        start TEXT NOT NULL,
        south_token TEXT NOT NULL UNIQUE,
        north_token TEXT NOT NULL UNIQUE,
        resigned TEXT,
        rematch TEXT,
        created_at INTEGER NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS moves (
        game TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        move TEXT NOT NULL,
        seat TEXT NOT NULL,
        played_at INTEGER NOT NULL,
        UNIQUE (game, ply)
    )",
];

/// How long a writer waits for SQLite's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections in the pool: SQLite has one writer at a time, the rest serve reads.
const POOL_SIZE: u32 = 4;

impl Store {
    /// Opens (and if needed creates) the database and its tables.
    ///
    /// # Errors
    /// When the file cannot be created or opened, or is not an SQLite database.
    pub async fn open(url: &DatabaseUrl) -> Result<Store, StoreError> {
        match url {
            DatabaseUrl::Sqlite(path) => Store::open_sqlite(path).await,
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
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(POOL_SIZE)
            .connect_with(options)
            .await?;
        for statement in SCHEMA {
            sqlx::query(*statement).execute(&pool).await?;
        }
        Ok(Store::Sqlite(pool))
    }

    /// Closes every connection (at shutdown).
    pub async fn close(&self) {
        match self {
            Store::Sqlite(pool) => pool.close().await,
        }
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn create_game(&self, game: &NewGame<'_>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(pool) => {
                insert_game(pool, game).await?;
                Ok(())
            }
        }
    }

    /// Stores `game`'s rematch and links the finished game to it, in one transaction.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn create_rematch(
        &self,
        finished: &str,
        game: &NewGame<'_>,
    ) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(pool) => {
                let mut tx = pool.begin().await?;
                insert_game(&mut *tx, game).await?;
                sqlx::query("UPDATE games SET rematch = ? WHERE id = ?")
                    .bind(game.id)
                    .bind(finished)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(())
            }
        }
    }

    /// The game `id` and its moves; `None` if there is none.
    ///
    /// # Errors
    /// When the database fails or the stored game is damaged.
    pub async fn load_game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self {
            Store::Sqlite(pool) => {
                let Some(row) =
                    sqlx::query("SELECT variant, start, resigned, rematch FROM games WHERE id = ?")
                        .bind(id)
                        .fetch_optional(pool)
                        .await?
                else {
                    return Ok(None);
                };
                let variant: String = row.try_get("variant")?;
                let variant = variant
                    .parse()
                    .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
                let start: String = row.try_get("start")?;
                let start = Position::from_json(&start)
                    .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
                let resigned: Option<String> = row.try_get("resigned")?;
                let resigned = resigned.as_deref().map(parse_seat).transpose()?;
                let rematch: Option<String> = row.try_get("rematch")?;
                let rows =
                    sqlx::query("SELECT ply, move, seat FROM moves WHERE game = ? ORDER BY ply")
                        .bind(id)
                        .fetch_all(pool)
                        .await?;
                let mut moves = Vec::with_capacity(rows.len());
                for (expected, row) in rows.iter().enumerate() {
                    let ply: i64 = row.try_get("ply")?;
                    if usize::try_from(ply).ok() != Some(expected) {
                        return Err(StoreError::Corrupt(format!(
                            "game {id}: ply {expected} is missing"
                        )));
                    }
                    let seat: String = row.try_get("seat")?;
                    moves.push((row.try_get("move")?, parse_seat(&seat)?));
                }
                Ok(Some(StoredGame {
                    variant,
                    start,
                    moves,
                    resigned,
                    rematch,
                }))
            }
        }
    }

    /// The game and seat a token plays; `None` for an unknown token.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seat_of_token(&self, token: &str) -> Result<Option<(String, Seat)>, StoreError> {
        match self {
            Store::Sqlite(pool) => {
                let row = sqlx::query(
                    "SELECT id, CASE WHEN south_token = ?1 THEN 'south' ELSE 'north' END AS seat
                     FROM games WHERE south_token = ?1 OR north_token = ?1",
                )
                .bind(token)
                .fetch_optional(pool)
                .await?;
                let Some(row) = row else { return Ok(None) };
                let seat: String = row.try_get("seat")?;
                Ok(Some((row.try_get("id")?, parse_seat(&seat)?)))
            }
        }
    }

    /// The seat tokens of game `id`, South's first.
    ///
    /// # Errors
    /// When the database fails or there is no such game.
    pub async fn tokens(&self, id: &str) -> Result<[String; 2], StoreError> {
        match self {
            Store::Sqlite(pool) => {
                let row = sqlx::query("SELECT south_token, north_token FROM games WHERE id = ?")
                    .bind(id)
                    .fetch_one(pool)
                    .await?;
                Ok([row.try_get("south_token")?, row.try_get("north_token")?])
            }
        }
    }

    /// Stores move `ply` of `game`.
    ///
    /// # Errors
    /// [`StoreError::PlyTaken`] when that ply is already stored; a database error otherwise.
    pub async fn add_move(
        &self,
        game: &str,
        ply: usize,
        mv: &str,
        seat: Seat,
    ) -> Result<(), StoreError> {
        let ply = i64::try_from(ply).map_err(|_| StoreError::Corrupt("ply overflow".into()))?;
        match self {
            Store::Sqlite(pool) => {
                sqlx::query(
                    "INSERT INTO moves (game, ply, move, seat, played_at) VALUES (?, ?, ?, ?, ?)",
                )
                .bind(game)
                .bind(ply)
                .bind(mv)
                .bind(seat.id())
                .bind(unix_now())
                .execute(pool)
                .await?;
                Ok(())
            }
        }
    }

    /// Stores that `seat` resigned game `id`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn resign(&self, id: &str, seat: Seat) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(pool) => {
                sqlx::query("UPDATE games SET resigned = ? WHERE id = ? AND resigned IS NULL")
                    .bind(seat.id())
                    .bind(id)
                    .execute(pool)
                    .await?;
                Ok(())
            }
        }
    }
}

async fn insert_game<'e, E>(executor: E, game: &NewGame<'_>) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Sqlite>,
{
    sqlx::query(
        "INSERT INTO games (id, variant, start, south_token, north_token, created_at)
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(game.id)
    .bind(game.variant.id())
    .bind(game.start.to_json())
    .bind(game.south_token)
    .bind(game.north_token)
    .bind(unix_now())
    .execute(executor)
    .await?;
    Ok(())
}

fn parse_seat(text: &str) -> Result<Seat, StoreError> {
    match text {
        "south" => Ok(Seat::South),
        "north" => Ok(Seat::North),
        other => Err(StoreError::Corrupt(format!("'{other}' is not a seat"))),
    }
}

/// Seconds since 1970, for the rows' times (information only: nothing depends on them).
fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
