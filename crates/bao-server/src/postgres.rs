//! The PostgreSQL backend of [`Store`]: one database that any number of servers share. Every
//! change of a game is announced to the others (`NOTIFY` on [`CHANNEL`], see [`Change`]) by the
//! statement or transaction that stores it; a game's row is locked by a move and a resignation,
//! so the database says which came first; every statement has a time bound.

use crate::lobby::{expire_chunk, keep_listed, take_seat};
use crate::store::{
    Answer, CHANNEL, Change, EXPIRE_CHUNK, NewGame, NewMove, Notice, READY_TIMEOUT, RowUpdate,
    Store, StoreError, Taken, insert_game, migrate, pool_reads, resign_game, schema, select_one,
    store_rematch, stored_ply, unix_now,
};
use bao_protocol::Seat;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPool, PgPoolOptions};
use std::future::Future;
use std::pin::Pin;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// How long a statement may run, or wait for a lock, before it is canceled and fails
/// ([`StoreError::TimedOut`]): `statement_timeout` and `lock_timeout` of every connection of
/// the pool. A game's statements take milliseconds; one that waits this long is stuck (a lock
/// held by a stalled session, an overloaded server) and fails rather than hold its game.
const STATEMENT_TIMEOUT: &str = "5s";

/// Connections in the pool, the listener's included.
const POOL_SIZE: u32 = 8;

/// How long a connection may take to come (a server down is an error, not a hang).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The key of the advisory lock that keeps two servers starting at once from creating the
/// tables together (`CREATE TABLE IF NOT EXISTS` is not safe against a concurrent one).
const SCHEMA_LOCK: i64 = 0x0ba0_5e4e;

/// A PostgreSQL pool and this server's name in the notifications it sends.
#[derive(Clone, Debug)]
pub struct PostgresStore {
    pub(crate) pool: PgPool,
    /// Random per server: a server skips its own notifications (its actors already know).
    server: Arc<str>,
}

impl PostgresStore {
    /// Connects to the database at `url` and creates or migrates its tables.
    ///
    /// # Errors
    /// When PostgreSQL cannot be reached or refuses.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let options = PgConnectOptions::from_str(url)?.options([
            ("statement_timeout", STATEMENT_TIMEOUT),
            ("lock_timeout", STATEMENT_TIMEOUT),
        ]);
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(CONNECT_TIMEOUT)
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
        Ok(PostgresStore {
            pool,
            server: server.into(),
        })
    }

    fn payload(&self, game: &str, change: Change) -> String {
        format!("{} {game} {change}", self.server)
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

impl Store for PostgresStore {
    fn is_shared(&self) -> bool {
        true
    }

    pool_reads!();

    fn ready(&self) -> Answer<'_, ()> {
        Box::pin(async move {
            tokio::time::timeout(READY_TIMEOUT, select_one!(&self.pool))
                .await
                .map_err(|_| StoreError::TimedOut(format!("no answer within {READY_TIMEOUT:?}")))?
        })
    }

    fn close(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(self.pool.close())
    }

    fn listener(&self) -> Answer<'_, Option<PgListener>> {
        Box::pin(async move {
            let mut listener = PgListener::connect_with(&self.pool).await?;
            listener.listen(CHANNEL).await?;
            Ok(Some(listener))
        })
    }

    fn notice(&self, payload: &str) -> Option<Notice> {
        let (server, rest) = payload.split_once(' ')?;
        if server == &*self.server {
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

    fn announce<'a>(&'a self, game: &'a str, change: Change) -> Answer<'a, ()> {
        Box::pin(async move {
            self.notify(&mut *self.pool.acquire().await?, game, change)
                .await
        })
    }

    fn create_game<'a>(&'a self, game: &'a NewGame<'a>) -> Answer<'a, ()> {
        Box::pin(async move {
            insert_game!(&self.pool, game);
            Ok(())
        })
    }

    fn create_rematch<'a>(&'a self, finished: &'a str, game: &'a NewGame<'a>) -> Answer<'a, bool> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await?;
            let created = store_rematch!(&mut *tx, finished, game);
            if created {
                self.notify(&mut tx, finished, Change::Rematch).await?;
            }
            tx.commit().await?;
            Ok(created)
        })
    }

    fn add_move<'a>(&'a self, game: &'a Arc<str>, mv: NewMove) -> Answer<'a, ()> {
        Box::pin(async move {
            let NewMove { ply, mv, seat, row } = mv;
            let stored = stored_ply(ply)?;
            let now = unix_now();
            let ended = (row == RowUpdate::Ended).then_some(now);
            let touch = row != RowUpdate::Kept;
            // A data-modifying WITH runs whether or not the query reads it: the game's row is
            // updated with the insert, in the statement's one transaction. The row is locked
            // first, so that a resignation (which locks it too) is either committed before, and
            // the move not inserted, or waits for the move (see `resign`).
            let inserted = sqlx::query(
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
            .bind(&**game)
            .bind(stored)
            .bind(&mv)
            .bind(seat.id())
            .bind(now)
            .bind(CHANNEL)
            .bind(self.payload(game, Change::Moved(ply)))
            .bind(ended)
            .bind(touch)
            .execute(&self.pool)
            .await?
            .rows_affected();
            if inserted == 0 {
                return Err(StoreError::GameOver);
            }
            Ok(())
        })
    }

    fn resign<'a>(&'a self, id: &'a str, seat: Seat, ply: usize) -> Answer<'a, bool> {
        Box::pin(async move {
            let ply = stored_ply(ply)?;
            let at = unix_now();
            let mut tx = self.pool.begin().await?;
            // Waits for a move being stored (its statement locks the row): the condition
            // below, a statement of its own, then sees that move.
            sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            let resigned = resign_game!(&mut *tx, id, seat, ply, at);
            if resigned {
                self.notify(&mut tx, id, Change::Resigned).await?;
            }
            tx.commit().await?;
            Ok(resigned)
        })
    }

    fn take_seat<'a>(&'a self, id: &'a str) -> Answer<'a, Taken> {
        Box::pin(async move {
            let now = unix_now();
            let (row, took) = take_seat!(&self.pool, id, now);
            Taken::from_row(row, took)
        })
    }

    fn keep_listed<'a>(&'a self, id: &'a str, until: i64) -> Answer<'a, bool> {
        Box::pin(async move { Ok(keep_listed!(&self.pool, id, until)) })
    }

    fn expire_chunk(&self, cutoff: i64) -> Answer<'_, u64> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await?;
            let deleted = expire_chunk!(&mut *tx, cutoff, EXPIRE_CHUNK);
            tx.commit().await?;
            Ok(deleted)
        })
    }
}
