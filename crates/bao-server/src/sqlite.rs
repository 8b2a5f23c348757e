//! The SQLite backend of [`Store`]: one file, one server. Its pool only reads; every write goes
//! through the writer task (`writer.rs`), which commits the writes of every game waiting in one
//! transaction.

use crate::store::{
    Answer, Change, NewGame, NewMove, Notice, READY_TIMEOUT, RowUpdate, Store, StoreError, Taken,
    migrate, pool_reads, schema, select_one, stored_ply, unix_now,
};
use crate::writer::{GameRow, MoveRow, Resignation, Writer};
use bao_protocol::Seat;
use sqlx::postgres::PgListener;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection};
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// How long a writer waits for SQLite's lock before failing ([`StoreError::TimedOut`]). The
/// writer task holds the lock for one batch at a time, so only another process holding it (a
/// backup, a second server on the file by mistake) makes a statement wait this long.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections in the pool, which serve reads (the writer task has a connection of its own).
const POOL_SIZE: u32 = 4;

/// How long a read waits for a connection of the pool before it fails
/// ([`StoreError::TimedOut`]).
const POOL_WAIT: Duration = Duration::from_secs(5);

/// An SQLite pool, which only reads, and the task that writes (see `writer.rs`).
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pub(crate) pool: SqlitePool,
    pub(crate) writer: Writer,
}

impl SqliteStore {
    /// Opens (and if needed creates) the file, its folder and its tables.
    ///
    /// # Errors
    /// When the file cannot be created or opened, or is not an SQLite database.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
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
        Ok(SqliteStore { pool, writer })
    }
}

impl Store for SqliteStore {
    fn is_shared(&self) -> bool {
        false
    }

    pool_reads!();

    fn ready(&self) -> Answer<'_, ()> {
        Box::pin(async move {
            let answers = async {
                select_one!(&self.pool).await?;
                self.writer.ping().await
            };
            tokio::time::timeout(READY_TIMEOUT, answers)
                .await
                .map_err(|_| StoreError::TimedOut(format!("no answer within {READY_TIMEOUT:?}")))?
        })
    }

    fn close(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(self.pool.close())
    }

    fn listener(&self) -> Answer<'_, Option<PgListener>> {
        // One server per file: nobody else to hear from.
        Box::pin(async { Ok(None) })
    }

    fn notice(&self, _payload: &str) -> Option<Notice> {
        None
    }

    fn announce<'a>(&'a self, _game: &'a str, _change: Change) -> Answer<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn create_game<'a>(&'a self, game: &'a NewGame<'a>) -> Answer<'a, ()> {
        // With the moves, in the writer's next commit (see writer.rs).
        Box::pin(self.writer.store_game(GameRow::new(game)))
    }

    fn create_rematch<'a>(&'a self, finished: &'a str, game: &'a NewGame<'a>) -> Answer<'a, bool> {
        Box::pin(self.writer.store_rematch(finished, GameRow::new(game)))
    }

    fn add_move<'a>(&'a self, game: &'a Arc<str>, mv: NewMove) -> Answer<'a, ()> {
        Box::pin(async move {
            let NewMove { ply, mv, seat, row } = mv;
            let played_at = unix_now();
            let row = MoveRow {
                game: game.clone(),
                ply: stored_ply(ply)?,
                mv,
                seat,
                played_at,
                ended_at: (row == RowUpdate::Ended).then_some(played_at),
                touch: row != RowUpdate::Kept,
            };
            self.writer.store_move(row).await
        })
    }

    fn resign<'a>(&'a self, id: &'a str, seat: Seat, ply: usize) -> Answer<'a, bool> {
        Box::pin(async move {
            // With one writer there is nothing to lock: the writer's order decides.
            let resignation = Resignation {
                game: id.to_owned(),
                seat,
                ply: stored_ply(ply)?,
                at: unix_now(),
            };
            self.writer.resign(resignation).await
        })
    }

    fn take_seat<'a>(&'a self, id: &'a str) -> Answer<'a, Taken> {
        Box::pin(self.writer.take_seat(id, unix_now()))
    }

    fn keep_listed<'a>(&'a self, id: &'a str, until: i64) -> Answer<'a, bool> {
        Box::pin(self.writer.keep_listed(id, until))
    }

    fn expire_chunk(&self, cutoff: i64) -> Answer<'_, u64> {
        Box::pin(self.writer.expire(cutoff, crate::store::EXPIRE_CHUNK))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::{add_move, create_games, database_file, temporary_store};
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
        let play =
            async |id, ply| add_move(&store, id, ply, "A1<", Seat::South, RowUpdate::Kept).await;

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
        let moved = add_move(&store, &ids[0], 0, "A1<", Seat::South, RowUpdate::Touched).await;
        assert!(matches!(moved, Err(StoreError::TimedOut(_))), "{moved:?}");
        assert!(asked.elapsed() < BUSY_TIMEOUT * 2, "{:?}", asked.elapsed());

        sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
        store.ready().await.expect("ready once the lock is free");
        add_move(&store, &ids[0], 0, "A1<", Seat::South, RowUpdate::Touched)
            .await
            .expect("the move is stored once the lock is free");
    }
}
