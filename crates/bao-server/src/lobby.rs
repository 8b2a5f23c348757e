//! What the lobby reads and writes in the database, as statements both backends run (the
//! `Store` methods of `sqlite.rs` and `postgres.rs`, and SQLite's writer, use them): the games
//! open to anyone (listed until their free seat is taken or their creator has gone), the games
//! being played now, and the expiry of old games. The database is the only state: with several
//! servers on one PostgreSQL database, a game opened on one is listed and taken on any.

use crate::store::{StoreError, Taken, parse_seat};
use bao_engine::Variant;
use bao_protocol::{LISTED_GAMES, Seat};

impl Taken {
    /// What taking a seat gave: `row`, the game's row read before the update (`None`: no such
    /// game), and whether the update took the seat.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the row's seat is not a seat.
    pub(crate) fn from_row(row: Option<SeatRow>, took: bool) -> Result<Taken, StoreError> {
        let Some(row) = row else {
            return Ok(Taken::Unknown);
        };
        let (true, Some(seat)) = (took, row.open_seat) else {
            return Ok(Taken::NotWaiting);
        };
        let seat = parse_seat(&seat)?;
        let [south, north] = row.tokens;
        let token = match seat {
            Seat::South => south,
            Seat::North => north,
        };
        Ok(Taken::Seat(seat, token))
    }
}

/// What taking a seat reads of an open game before it takes the seat.
#[derive(Clone, Debug)]
pub(crate) struct SeatRow {
    /// The free seat, while there is one.
    pub open_seat: Option<String>,
    /// Until when the game is listed.
    pub listed_until: Option<i64>,
    /// The seats' tokens, South's first.
    pub tokens: [String; 2],
}

impl SeatRow {
    /// Whether the game still waits for an opponent at `now`.
    pub(crate) fn is_waiting(&self, now: i64) -> bool {
        self.open_seat.is_some() && self.listed_until.is_some_and(|until| until > now)
    }
}

/// Takes the free seat of the open game `$id` at `$now` through `$executor`, if it is still
/// waiting: one conditional update decides, so two takers (on two servers) cannot both have it.
/// `open_seat` only ever goes from a seat to NULL, so the seat read first is the one the
/// update takes, if it takes one. The row read ([`SeatRow`], `None` for no such game) and
/// whether the seat was taken: [`Taken::from_row`] reads them.
macro_rules! take_seat {
    ($executor:expr, $id:expr, $now:expr) => {{
        use sqlx::Row as _;
        let row = sqlx::query(
            "SELECT open_seat, listed_until, south_token, north_token FROM games WHERE id = $1",
        )
        .bind(&$id)
        .fetch_optional($executor)
        .await?
        .map(|row| -> Result<$crate::lobby::SeatRow, sqlx::Error> {
            Ok($crate::lobby::SeatRow {
                open_seat: row.try_get("open_seat")?,
                listed_until: row.try_get("listed_until")?,
                tokens: [row.try_get("south_token")?, row.try_get("north_token")?],
            })
        })
        .transpose()?;
        let took = row.as_ref().is_some_and(|row| row.is_waiting($now))
            && sqlx::query(
                "UPDATE games SET open_seat = NULL, listed_until = NULL
                 WHERE id = $1 AND open_seat IS NOT NULL AND listed_until > $2",
            )
            .bind(&$id)
            .bind($now)
            .execute($executor)
            .await?
            .rows_affected()
                > 0;
        (row, took)
    }};
}
pub(crate) use take_seat;

/// Keeps the open game `$id` listed until `$until` through `$executor` while its seat is free:
/// whether it is.
macro_rules! keep_listed {
    ($executor:expr, $id:expr, $until:expr) => {
        sqlx::query("UPDATE games SET listed_until = $2 WHERE id = $1 AND open_seat IS NOT NULL")
            .bind(&$id)
            .bind($until)
            .execute($executor)
            .await?
            .rows_affected()
            > 0
    };
}
pub(crate) use keep_listed;

/// The games the expiry deletes (`$1`: the cutoff): ended before it, or created before it and
/// never played (read through the indexes `games_ended` and `games_unplayed`).
pub(crate) const EXPIRED: &str = "ended_at < $1 OR (plies = 0 AND created_at < $1)";

/// Deletes up to `$most` expired games ([`EXPIRED`] with `$cutoff`) with their moves through
/// `$executor` (inside a transaction), and clears the links of the games kept to the rematches
/// deleted: how many games.
macro_rules! expire_chunk {
    ($executor:expr, $cutoff:expr, $most:expr) => {{
        let ids: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT id FROM games WHERE {} LIMIT $2",
            $crate::lobby::EXPIRED
        )))
        .bind($cutoff)
        .bind($most)
        .fetch_all($executor)
        .await?;
        if !ids.is_empty() {
            let list = $crate::lobby::placeholders(ids.len());
            for statement in [
                format!("DELETE FROM moves WHERE game IN ({list})"),
                format!("DELETE FROM games WHERE id IN ({list})"),
                // A finished game kept (it ended after the cutoff) may name a rematch deleted.
                format!("UPDATE games SET rematch = NULL WHERE rematch IN ({list})"),
            ] {
                let mut query = sqlx::query(sqlx::AssertSqlSafe(statement));
                for id in &ids {
                    query = query.bind(id);
                }
                query.execute($executor).await?;
            }
        }
        u64::try_from(ids.len()).unwrap_or(u64::MAX)
    }};
}
pub(crate) use expire_chunk;

/// `$1, $2, …, $n`: the parameters of an `IN` list of `n` values.
pub(crate) fn placeholders(n: usize) -> String {
    (1..=n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// [`crate::store::Store::open_games`] on `$pool` (either backend's): a future.
macro_rules! open_games {
    ($pool:expr, $variant:expr) => {
        async move {
            let rows = $crate::lobby::list_rows!(
                $pool,
                "SELECT id, variant, open_seat, created_at FROM games
                 WHERE open_seat IS NOT NULL AND listed_until > $1{}
                 ORDER BY created_at, id LIMIT $2",
                $crate::store::unix_now(),
                $variant,
                (String, String, String, i64) = ["id", "variant", "open_seat", "created_at"]
            );
            rows.into_iter()
                .map(|(game, variant, seat, since)| {
                    let seat = $crate::store::parse_seat(&seat)?;
                    Ok(bao_protocol::OpenGame {
                        game,
                        variant,
                        seat,
                        since,
                    })
                })
                .collect()
        }
    };
}
pub(crate) use open_games;

/// [`crate::store::Store::live_games`] on `$pool` (either backend's): a future.
macro_rules! live_games {
    ($pool:expr, $variant:expr) => {
        async move {
            let rows = $crate::lobby::list_rows!(
                $pool,
                "SELECT id, variant, plies, last_move_at FROM games
                 WHERE last_move_at > $1 AND ended_at IS NULL AND resigned IS NULL{}
                 ORDER BY last_move_at DESC, id LIMIT $2",
                $crate::store::unix_now() - bao_protocol::LIVE_SECONDS,
                $variant,
                (String, String, i64, i64) = ["id", "variant", "plies", "last_move_at"]
            );
            Ok(rows
                .into_iter()
                .map(|(game, variant, plies, last_move)| {
                    let ply = u32::try_from(plies).unwrap_or(u32::MAX);
                    bao_protocol::LiveGame {
                        game,
                        variant,
                        ply,
                        last_move,
                    }
                })
                .collect())
        }
    };
}
pub(crate) use live_games;

/// Runs a list's `$sql` (its `{}` takes the condition on the variant; `$1` a time, `$2` the
/// limit, `$3` the variant when there is one) on `$pool` and reads four columns of each row as
/// the tuple's types.
macro_rules! list_rows {
    ($pool:expr, $sql:literal, $since:expr, $variant:expr,
     ($a:ty, $b:ty, $c:ty, $d:ty) = [$ca:literal, $cb:literal, $cc:literal, $cd:literal]) => {{
        use sqlx::Row as _;
        let variant: Option<bao_engine::Variant> = $variant;
        let sql = format!($sql, $crate::lobby::variant_filter(variant));
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind($since)
            .bind($crate::lobby::listed_limit());
        if let Some(variant) = variant {
            query = query.bind(variant.id());
        }
        query
            .fetch_all($pool)
            .await?
            .iter()
            .map(|row| -> Result<($a, $b, $c, $d), sqlx::Error> {
                Ok((
                    row.try_get($ca)?,
                    row.try_get($cb)?,
                    row.try_get($cc)?,
                    row.try_get($cd)?,
                ))
            })
            .collect::<Result<Vec<_>, _>>()?
    }};
}
pub(crate) use list_rows;

/// The condition a list adds for one variant (its id is the query's third parameter).
pub(crate) fn variant_filter(variant: Option<Variant>) -> &'static str {
    if variant.is_some() {
        " AND variant = $3"
    } else {
        ""
    }
}

/// [`LISTED_GAMES`] as the databases' integer.
pub(crate) fn listed_limit() -> i64 {
    i64::try_from(LISTED_GAMES).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sqlite::SqliteStore;
    use crate::store::Store;
    use crate::store::testing::{database_file, temporary_store};
    use sqlx::Row;
    use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
    use sqlx::{ConnectOptions, Connection};

    /// Games the expiry test stores: more than two chunks.
    const OLD_GAMES: usize = 1201;

    /// A connection of its own to the test's database file, to write what the server would
    /// have written long ago.
    async fn writable(folder: &tempfile::TempDir) -> SqliteConnection {
        SqliteConnectOptions::new()
            .filename(database_file(folder))
            .connect()
            .await
            .expect("a connection")
    }

    /// Inserts game `id` as created at `created_at`, with `plies` moves counted and the given
    /// end and rematch.
    async fn insert_old_game(
        conn: &mut SqliteConnection,
        id: &str,
        created_at: i64,
        plies: i64,
        ended_at: Option<i64>,
        rematch: Option<&str>,
    ) {
        sqlx::query(
            "INSERT INTO games (id, variant, start, south_token, north_token, created_at,
                                plies, ended_at, rematch)
             VALUES ($1, 'kigogo', '{}', 's' || $1, 'n' || $1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(created_at)
        .bind(plies)
        .bind(ended_at)
        .bind(rematch)
        .execute(conn)
        .await
        .expect("the game is inserted");
    }

    async fn games_left(store: &SqliteStore) -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM games")
            .fetch_one(&store.pool)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn the_expiry_deletes_in_chunks_and_keeps_games_in_progress() {
        let (folder, store) = temporary_store().await;
        let mut conn = writable(&folder).await;
        let mut tx = conn.begin().await.unwrap();
        for n in 0..OLD_GAMES {
            insert_old_game(&mut tx, &format!("old{n}"), 0, 0, None, None).await;
        }
        // Kept: a game with moves and no end; a game that ended after the cutoff, whose
        // rematch (never played) is deleted.
        insert_old_game(&mut tx, "playing", 0, 3, None, None).await;
        insert_old_game(&mut tx, "ended late", 0, 9, Some(100), Some("old7")).await;
        tx.commit().await.unwrap();

        let cutoff = 50;
        assert_eq!(store.expire_chunk(cutoff).await.unwrap(), 500);
        assert_eq!(games_left(&store).await, 703);
        assert_eq!(store.expire(cutoff).await.unwrap(), 701);
        assert_eq!(games_left(&store).await, 2);
        let rematch: Option<String> =
            sqlx::query_scalar("SELECT rematch FROM games WHERE id = 'ended late'")
                .fetch_one(&mut conn)
                .await
                .unwrap();
        assert_eq!(rematch, None, "the link to the deleted rematch is cleared");
    }

    /// The steps of SQLite's plan for `statement`.
    async fn query_plan(conn: &mut SqliteConnection, statement: &str) -> Vec<String> {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "EXPLAIN QUERY PLAN {statement}"
        )))
        .fetch_all(conn)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get("detail"))
        .collect()
    }

    #[tokio::test]
    async fn the_expiry_reads_indexes_not_every_game() {
        let (folder, _store) = temporary_store().await;
        let mut conn = writable(&folder).await;
        for (statement, indexes) in [
            (
                format!("SELECT id FROM games WHERE {EXPIRED} LIMIT 500"),
                &["games_ended", "games_unplayed"][..],
            ),
            (
                "UPDATE games SET rematch = NULL WHERE rematch IN ($1, $2)".to_owned(),
                &["games_rematch"][..],
            ),
            (
                "DELETE FROM moves WHERE game IN ($1, $2)".to_owned(),
                &["sqlite_autoindex_moves_1"][..],
            ),
        ] {
            let plan = query_plan(&mut conn, &statement).await;
            assert!(
                plan.iter().all(|step| !step.starts_with("SCAN")),
                "{statement}: {plan:?}"
            );
            for index in indexes {
                assert!(
                    plan.iter().any(|step| step.contains(index)),
                    "{statement}: {plan:?}"
                );
            }
        }
    }
}
