//! What the lobby reads and writes in the database: the games open to anyone (listed until
//! their free seat is taken or their creator has gone), the games being played now, and the
//! expiry of old games. The database is the only state: with several servers on one PostgreSQL
//! database, a game opened on one is listed and taken on any.

use crate::store::{Store, StoreError, on_pool, parse_seat, unix_now};
use bao_engine::Variant;
use bao_protocol::{LISTED_GAMES, LIVE_SECONDS, LiveGame, OpenGame, Seat};
use sqlx::Row;

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

/// How many listed games a pairing tries to take before it opens a game of its own (another
/// player may take each first).
const PAIRING_TRIES: usize = 3;

/// Runs a list's `$sql` (`$1` a time, `$2` the limit, `$3` the variant when there is one) and
/// reads four columns of each row as the tuple's types.
macro_rules! list_rows {
    ($store:expr, $sql:expr, $since:expr, $variant:expr,
     ($a:ty, $b:ty, $c:ty, $d:ty) = [$ca:literal, $cb:literal, $cc:literal, $cd:literal]) => {
        on_pool!($store, pool => {
            let mut query = sqlx::query(sqlx::AssertSqlSafe($sql.clone()))
                .bind($since)
                .bind(listed_limit());
            if let Some(variant) = $variant {
                query = query.bind(variant.id());
            }
            query
                .fetch_all(pool)
                .await?
                .iter()
                .map(|row| -> Result<($a, $b, $c, $d), sqlx::Error> {
                    Ok((row.try_get($ca)?, row.try_get($cb)?, row.try_get($cc)?, row.try_get($cd)?))
                })
                .collect::<Result<Vec<_>, _>>()?
        })
    };
}

impl Store {
    /// The games waiting for an opponent (of `variant`, or all), the longest waiting first.
    ///
    /// # Errors
    /// When the database fails or a row is damaged.
    pub async fn open_games(&self, variant: Option<Variant>) -> Result<Vec<OpenGame>, StoreError> {
        let sql = format!(
            "SELECT id, variant, open_seat, created_at FROM games
             WHERE open_seat IS NOT NULL AND listed_until > $1{}
             ORDER BY created_at, id LIMIT $2",
            variant_filter(variant)
        );
        let rows = list_rows!(
            self,
            sql,
            unix_now(),
            variant,
            (String, String, String, i64) = ["id", "variant", "open_seat", "created_at"]
        );
        rows.into_iter()
            .map(|(game, variant, seat, since)| {
                Ok(OpenGame {
                    game,
                    variant,
                    seat: parse_seat(&seat)?,
                    since,
                })
            })
            .collect()
    }

    /// Takes the free seat of the open game `id` for the caller, if it is still waiting: one
    /// conditional update decides, so two takers (on two servers) cannot both have it.
    ///
    /// # Errors
    /// When the database fails or the row is damaged.
    pub async fn take_seat(&self, id: &str) -> Result<Taken, StoreError> {
        let now = unix_now();
        let row = on_pool!(self, pool => {
            sqlx::query(
                "SELECT open_seat, listed_until, south_token, north_token FROM games WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await?
            .map(|row| -> Result<_, sqlx::Error> {
                let seat: Option<String> = row.try_get("open_seat")?;
                let until: Option<i64> = row.try_get("listed_until")?;
                let tokens: [String; 2] = [row.try_get("south_token")?, row.try_get("north_token")?];
                Ok((seat, until, tokens))
            })
            .transpose()?
        });
        let Some((seat, until, [south, north])) = row else {
            return Ok(Taken::Unknown);
        };
        let (Some(seat), Some(until)) = (seat, until) else {
            return Ok(Taken::NotWaiting);
        };
        if until <= now {
            return Ok(Taken::NotWaiting);
        }
        // `open_seat` only ever goes from a seat to NULL, so the seat read above is the one
        // this update takes, if it takes one.
        let took = on_pool!(self, pool => {
            sqlx::query(
                "UPDATE games SET open_seat = NULL, listed_until = NULL
                 WHERE id = $1 AND open_seat IS NOT NULL AND listed_until > $2",
            )
            .bind(id)
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected()
        });
        if took == 0 {
            return Ok(Taken::NotWaiting);
        }
        let seat = parse_seat(&seat)?;
        let token = match seat {
            Seat::South => south,
            Seat::North => north,
        };
        Ok(Taken::Seat(seat, token))
    }

    /// Takes the free seat of the longest-waiting open game of `variant`, if any: the pairing
    /// of "wait for an opponent". The game id and the seat taken, or `None`.
    ///
    /// # Errors
    /// When the database fails or a row is damaged.
    pub async fn pair(
        &self,
        variant: Variant,
    ) -> Result<Option<(String, Seat, String)>, StoreError> {
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
    }

    /// Keeps the open game `id` listed until `until` (Unix seconds) while its seat is free:
    /// its creator is connected (or has just left). False when the seat is no longer free.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn keep_listed(&self, id: &str, until: i64) -> Result<bool, StoreError> {
        let kept = on_pool!(self, pool => {
            sqlx::query(
                "UPDATE games SET listed_until = $2 WHERE id = $1 AND open_seat IS NOT NULL",
            )
            .bind(id)
            .bind(until)
            .execute(pool)
            .await?
            .rows_affected()
        });
        Ok(kept > 0)
    }

    /// The games being played (of `variant`, or all): not over, a move in the last
    /// [`LIVE_SECONDS`], the latest move first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn live_games(&self, variant: Option<Variant>) -> Result<Vec<LiveGame>, StoreError> {
        let sql = format!(
            "SELECT id, variant, plies, last_move_at FROM games
             WHERE last_move_at > $1 AND ended_at IS NULL AND resigned IS NULL{}
             ORDER BY last_move_at DESC, id LIMIT $2",
            variant_filter(variant)
        );
        let rows = list_rows!(
            self,
            sql,
            unix_now() - LIVE_SECONDS,
            variant,
            (String, String, i64, i64) = ["id", "variant", "plies", "last_move_at"]
        );
        Ok(rows
            .into_iter()
            .map(|(game, variant, plies, last_move)| LiveGame {
                game,
                variant,
                ply: u32::try_from(plies).unwrap_or(u32::MAX),
                last_move,
            })
            .collect())
    }

    /// Deletes, with their moves, the games that ended before `cutoff` (Unix seconds) and those
    /// created before it in which no move was ever played (invitations nobody took). An
    /// unfinished game with moves is kept: its players may come back to it. The number of games
    /// deleted.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn expire(&self, cutoff: i64) -> Result<u64, StoreError> {
        const OLD: &str = "(ended_at < $1 OR (plies = 0 AND created_at < $1))";
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DELETE FROM moves WHERE game IN (SELECT id FROM games WHERE {OLD})"
            )))
            .bind(cutoff)
            .execute(&mut *tx)
            .await?;
            let deleted = sqlx::query(sqlx::AssertSqlSafe(format!(
                "DELETE FROM games WHERE {OLD}"
            )))
            .bind(cutoff)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            // A finished game kept (it ended after the cutoff) may name a rematch just deleted.
            sqlx::query(
                "UPDATE games SET rematch = NULL
                 WHERE rematch IS NOT NULL AND rematch NOT IN (SELECT id FROM games)",
            )
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(deleted)
        })
    }
}

/// The condition a list adds for one variant (its id is the query's third parameter).
fn variant_filter(variant: Option<Variant>) -> &'static str {
    if variant.is_some() {
        " AND variant = $3"
    } else {
        ""
    }
}

/// [`LISTED_GAMES`] as the databases' integer.
fn listed_limit() -> i64 {
    i64::try_from(LISTED_GAMES).unwrap_or(i64::MAX)
}
