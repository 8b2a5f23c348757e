//! Every write to SQLite goes through one task: the moves and new games of every game, all
//! those waiting in one transaction, so that one fsync makes them all durable; and the rare
//! writes beside them (resignations, rematches, taking an open game's seat, renewing its
//! listing, the expiry of old games), so that no write waits for SQLite's lock held by another
//! connection.
//!
//! SQLite has one writer at a time and `synchronous=FULL` syncs the disk at every commit, so one
//! commit per move caps a server at the disk's syncs a second (900 to 1,800 on the disk the
//! load figures were measured on, while 5,000 games ask for 2,500 moves a second). Here a move
//! waits for the commit in progress at most, then goes with every move that arrived meanwhile.
//! Each write still gets its answer only once its own transaction has committed, so a `moved` is
//! sent after its move is on the disk, as before.
//!
//! A move whose ply is already stored is skipped by its insert (`ON CONFLICT DO NOTHING`) and
//! fails alone; so is a move of a game a seat resigned (the database, not the actor, decides
//! which of a move and a resignation came first). Should any other statement of a write fail,
//! the batch is rolled back and written again with a savepoint per write, so that only the
//! failing write is lost.
//!
//! A write on another connection would hold SQLite's write lock through its own commit, and the
//! writer would poll for the lock (SQLite's busy handler sleeps 1, 2, 5, 10… ms between tries):
//! single moves that took tens of milliseconds in the writer's timings under load fit that.
//!
//! The writer has a connection of its own (no wait for the pool), and no commit of any
//! connection checkpoints the log into the database file: a checkpoint copies and syncs
//! megabytes, which inside a commit would hold every write of the next batch. A separate task
//! checkpoints every second instead, beside the writer (a passive checkpoint takes no lock the
//! writer needs).
//!
//! Should the writer task stop (a panic, its runtime gone), the next write finds its channel
//! closed and starts it again.

use crate::lobby::{expire_chunk, keep_listed, take_seat};
use crate::store::{
    NewGame, StoreError, Taken, insert_game, is_timeout, resign_game, store_rematch,
};
use bao_engine::{Position, Variant};
use bao_protocol::Seat;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqlitePool};
use sqlx::{ConnectOptions, Connection};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// A move to store: a row of `moves`.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// The game's id (shared with its actor: a move does not copy it).
    pub game: Arc<str>,
    /// The ply, from 0.
    pub ply: i64,
    /// The move in notation.
    pub mv: String,
    /// Who played it.
    pub seat: Seat,
    /// Unix seconds.
    pub played_at: i64,
    /// When the move ends the game: `played_at`.
    pub ended_at: Option<i64>,
    /// Whether the game's row is brought up to date ([`crate::store::RowUpdate`]).
    pub touch: bool,
}

/// A new game to store: a row of `games` ([`NewGame`], owned to travel to the writer).
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its id.
    pub id: String,
    /// The rule set.
    pub variant: Variant,
    /// The start position.
    pub start: Position,
    /// South's token.
    pub south_token: String,
    /// North's token.
    pub north_token: String,
    /// The seat offered to anyone, for a game open to anyone.
    pub open: Option<Seat>,
}

impl GameRow {
    /// `game`, owned.
    pub fn new(game: &NewGame<'_>) -> GameRow {
        GameRow {
            id: game.id.to_owned(),
            variant: game.variant,
            start: *game.start,
            south_token: game.south_token.to_owned(),
            north_token: game.north_token.to_owned(),
            open: game.open,
        }
    }

    fn as_new_game(&self) -> NewGame<'_> {
        NewGame {
            id: &self.id,
            variant: self.variant,
            start: &self.start,
            south_token: &self.south_token,
            north_token: &self.north_token,
            open: self.open,
        }
    }
}

/// A resignation to store (see [`crate::store::Store::resign`]).
#[derive(Clone, Debug)]
pub struct Resignation {
    /// The game's id.
    pub game: String,
    /// The seat resigning.
    pub seat: Seat,
    /// The moves its actor knew of: a move stored at this ply or later refuses the resignation.
    pub ply: i64,
    /// Unix seconds.
    pub at: i64,
}

/// What the writer stores.
#[derive(Clone, Debug)]
enum Write {
    Move(MoveRow),
    Game(GameRow),
    Resign(Resignation),
    /// The rematch `game` of the finished game `finished`.
    Rematch {
        finished: String,
        game: GameRow,
    },
    TakeSeat {
        game: String,
        now: i64,
    },
    KeepListed {
        game: String,
        until: i64,
    },
    /// Up to `most` of the games older than `cutoff`.
    Expire {
        cutoff: i64,
        most: i64,
    },
    /// A write of nothing: answered with the batch it arrives in, whose transaction took the
    /// write lock, to show that the writer can write.
    Ping,
}

/// What a write did.
#[derive(Debug)]
enum Done {
    /// Stored: a move, a game, a ping.
    Stored,
    /// A conditional write: whether its condition held and it changed its row.
    Changed(bool),
    /// Taking a seat: the seat, or why not.
    Taken(Taken),
    /// The games an expiry deleted.
    Deleted(u64),
}

/// The most writes in one transaction: a bound on how long one commit keeps the next waiting.
const MOST_PER_COMMIT: usize = 1024;

/// Writes queued for the writer beyond those it is writing; an actor that finds the queue full
/// waits (each actor has at most one write queued, so this is reached only above 5,000 games
/// moving at once).
const QUEUE: usize = 4096;

/// How often the log is copied into the database file (see the module's comment).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// The handle of the writer task; cloned with the store. The task ends when the last handle
/// is dropped, and is started again by the next write should it have stopped before.
#[derive(Clone, Debug)]
pub struct Writer {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// What the writer's connection is made with, also when it is started again.
    options: SqliteConnectOptions,
    /// The running writer's channel.
    jobs: Mutex<mpsc::Sender<Job>>,
}

/// A write and where its outcome goes.
struct Job {
    write: Write,
    done: oneshot::Sender<Outcome>,
}

/// A write's outcome: what it did, or why it was refused or failed.
type Outcome = Result<Done, StoreError>;

impl Writer {
    /// Starts the writer task, on a connection of its own made with `options`, and the
    /// checkpoints, on another, until `pool` is closed (tasks of the current tokio runtime).
    /// `options` must turn off the automatic checkpoints (`wal_autocheckpoint=0`), as the
    /// pool's must.
    pub fn start(options: SqliteConnectOptions, pool: SqlitePool) -> Writer {
        let jobs = start_task(options.clone());
        tokio::spawn(checkpoint_until_closed(options.clone(), pool));
        Writer {
            shared: Arc::new(Shared {
                options,
                jobs: Mutex::new(jobs),
            }),
        }
    }

    /// Stores a move; returns once the transaction holding it has committed.
    ///
    /// # Errors
    /// [`StoreError::PlyTaken`] when that ply is already stored, [`StoreError::GameOver`] when a
    /// seat resigned the game; [`StoreError::Database`] when this move failed alone,
    /// [`StoreError::Batch`] when the transaction failed for every write in it.
    pub async fn store_move(&self, row: MoveRow) -> Result<(), StoreError> {
        self.write(Write::Move(row)).await.map(|_| ())
    }

    /// Stores a new game; returns once the transaction holding it has committed.
    ///
    /// # Errors
    /// As [`Writer::store_move`] (a game's id already taken reads as
    /// [`StoreError::PlyTaken`], as the unique violation it is).
    pub async fn store_game(&self, row: GameRow) -> Result<(), StoreError> {
        self.write(Write::Game(row)).await.map(|_| ())
    }

    /// Stores a resignation if the game is not over and no move was stored at or after its
    /// ply: whether it was stored.
    ///
    /// # Errors
    /// As [`Writer::store_move`].
    pub async fn resign(&self, resignation: Resignation) -> Result<bool, StoreError> {
        changed(self.write(Write::Resign(resignation)).await?)
    }

    /// Stores the rematch `game` of `finished` unless `finished` has one: whether it did.
    ///
    /// # Errors
    /// As [`Writer::store_move`].
    pub async fn store_rematch(&self, finished: &str, game: GameRow) -> Result<bool, StoreError> {
        let finished = finished.to_owned();
        changed(self.write(Write::Rematch { finished, game }).await?)
    }

    /// Takes the free seat of the open game `game` (see [`crate::store::Store::take_seat`]).
    ///
    /// # Errors
    /// As [`Writer::store_move`].
    pub async fn take_seat(&self, game: &str, now: i64) -> Result<Taken, StoreError> {
        let game = game.to_owned();
        match self.write(Write::TakeSeat { game, now }).await? {
            Done::Taken(taken) => Ok(taken),
            other => Err(answered_otherwise(&other)),
        }
    }

    /// Keeps the open game `game` listed until `until`: false when its seat is no longer free.
    ///
    /// # Errors
    /// As [`Writer::store_move`].
    pub async fn keep_listed(&self, game: &str, until: i64) -> Result<bool, StoreError> {
        let game = game.to_owned();
        changed(self.write(Write::KeepListed { game, until }).await?)
    }

    /// Deletes up to `most` games older than `cutoff` (see [`crate::store::Store::expire`]):
    /// how many.
    ///
    /// # Errors
    /// As [`Writer::store_move`].
    pub async fn expire(&self, cutoff: i64, most: i64) -> Result<u64, StoreError> {
        match self.write(Write::Expire { cutoff, most }).await? {
            Done::Deleted(deleted) => Ok(deleted),
            other => Err(answered_otherwise(&other)),
        }
    }

    /// Returns once the writer has committed the batch this arrives in: it is alive and can
    /// take SQLite's write lock.
    ///
    /// # Errors
    /// As [`Writer::store_move`].
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.write(Write::Ping).await.map(|_| ())
    }

    /// Hands `write` to the writer task and waits for its outcome; starts the task again first
    /// if it had stopped.
    async fn write(&self, write: Write) -> Outcome {
        let (done, outcome) = oneshot::channel();
        let jobs = self.jobs();
        let job = match jobs.send(Job { write, done }).await {
            Ok(()) => None,
            Err(mpsc::error::SendError(job)) => Some(job),
        };
        if let Some(job) = job {
            self.restart(&jobs);
            self.jobs().send(job).await.map_err(|_| writer_gone())?;
        }
        outcome.await.map_err(|_| writer_gone())?
    }

    fn jobs(&self) -> mpsc::Sender<Job> {
        self.shared
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Starts a new writer task in place of the one behind `stopped`, unless another write
    /// did so already.
    fn restart(&self, stopped: &mpsc::Sender<Job>) {
        let mut jobs = self
            .shared
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if jobs.same_channel(stopped) {
            tracing::error!("the database's writer task had stopped: it is started again");
            *jobs = start_task(self.shared.options.clone());
        }
    }
}

/// Spawns a writer task; its channel.
fn start_task(options: SqliteConnectOptions) -> mpsc::Sender<Job> {
    let (jobs, queue) = mpsc::channel(QUEUE);
    tokio::spawn(write_until_closed(options, queue));
    jobs
}

/// A conditional write's answer.
fn changed(done: Done) -> Result<bool, StoreError> {
    match done {
        Done::Changed(changed) => Ok(changed),
        other => Err(answered_otherwise(&other)),
    }
}

/// The writer answered a write with another write's kind of answer (a bug, not the database).
fn answered_otherwise(done: &Done) -> StoreError {
    StoreError::Corrupt(format!(
        "the writer answered {done:?} to another kind of write"
    ))
}

/// The writer task ended before it answered (it panicked, or its runtime stopped): the write
/// is not known to be stored.
fn writer_gone() -> StoreError {
    StoreError::Database(sqlx::Error::WorkerCrashed)
}

/// Writes batches until every handle is dropped. The connection is made again after a batch
/// that failed as a whole (it may be what failed).
async fn write_until_closed(options: SqliteConnectOptions, mut queue: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(MOST_PER_COMMIT);
    let mut connection: Option<SqliteConnection> = None;
    while queue.recv_many(&mut batch, MOST_PER_COMMIT).await > 0 {
        let written = match connection.take() {
            Some(conn) => Ok(conn),
            None => options.connect().await,
        };
        let outcomes = match written {
            Ok(mut conn) => match commit_batch(&mut conn, &batch).await {
                Ok(outcomes) => {
                    connection = Some(conn);
                    outcomes
                }
                Err(e) => batch_failed(&batch, e),
            },
            Err(e) => batch_failed(&batch, e),
        };
        for (job, outcome) in batch.drain(..).zip(outcomes) {
            // An actor that stopped waiting (its task ended) needs no answer.
            let _ = job.done.send(outcome);
        }
    }
}

/// The same failure for every move of the batch: none of them is stored.
fn batch_failed(batch: &[Job], e: sqlx::Error) -> Vec<Outcome> {
    tracing::error!(writes = batch.len(), "a transaction of writes failed: {e}");
    if is_timeout(&e) {
        let what = e.to_string();
        return batch
            .iter()
            .map(|_| Err(StoreError::TimedOut(what.clone())))
            .collect();
    }
    let e = Arc::new(e);
    batch
        .iter()
        .map(|_| Err(StoreError::Batch(Arc::clone(&e))))
        .collect()
}

/// Every job's outcome, in order, once committed; the error is the transaction's own (it then
/// committed nothing).
async fn commit_batch(
    conn: &mut SqliteConnection,
    batch: &[Job],
) -> Result<Vec<Outcome>, sqlx::Error> {
    match commit_together(conn, batch).await? {
        Some(outcomes) => Ok(outcomes),
        None => commit_one_by_one(conn, batch).await,
    }
}

/// Begins a batch's transaction, and takes SQLite's write lock with it: should another process
/// hold the lock past the busy timeout, the whole batch fails once, at its start, with
/// [`StoreError::TimedOut`].
async fn begin(
    conn: &mut SqliteConnection,
) -> Result<sqlx::Transaction<'_, sqlx::Sqlite>, sqlx::Error> {
    conn.begin_with("BEGIN IMMEDIATE").await
}

/// The usual way: every move's statements in one transaction. `None`, and nothing committed,
/// when a statement failed.
async fn commit_together(
    conn: &mut SqliteConnection,
    batch: &[Job],
) -> Result<Option<Vec<Outcome>>, sqlx::Error> {
    let mut tx = begin(conn).await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for job in batch {
        match write_one(&mut tx, &job.write).await {
            Ok(outcome) => outcomes.push(outcome),
            Err(e) => {
                tracing::warn!("a write failed ({e}): its batch is written again, one at a time");
                tx.rollback().await?;
                return Ok(None);
            }
        }
    }
    tx.commit().await?;
    Ok(Some(outcomes))
}

/// After a failed statement: each move in a savepoint of its own, kept if its statements
/// succeed, undone alone if they fail.
async fn commit_one_by_one(
    conn: &mut SqliteConnection,
    batch: &[Job],
) -> Result<Vec<Outcome>, sqlx::Error> {
    let mut tx = begin(conn).await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for job in batch {
        let mut savepoint = tx.begin().await?;
        match write_one(&mut savepoint, &job.write).await {
            Ok(outcome) => {
                savepoint.commit().await?;
                outcomes.push(outcome);
            }
            Err(e) => {
                savepoint.rollback().await?;
                outcomes.push(Err(StoreError::from(e)));
            }
        }
    }
    tx.commit().await?;
    Ok(outcomes)
}

/// Runs one write's statements: what it did, or its refusal (a taken ply, a game over); the
/// error of a statement that failed.
async fn write_one(conn: &mut SqliteConnection, write: &Write) -> Result<Outcome, sqlx::Error> {
    let done = match write {
        Write::Move(row) => return write_move(conn, row).await,
        Write::Game(row) => {
            insert_game!(&mut *conn, row.as_new_game());
            Done::Stored
        }
        Write::Resign(r) => Done::Changed(resign_game!(&mut *conn, r.game, r.seat, r.ply, r.at)),
        Write::Rematch { finished, game } => {
            Done::Changed(store_rematch!(&mut *conn, finished, game.as_new_game()))
        }
        Write::TakeSeat { game, now } => {
            let (row, took) = take_seat!(&mut *conn, game, *now);
            return Ok(Taken::from_row(row, took).map(Done::Taken));
        }
        Write::KeepListed { game, until } => Done::Changed(keep_listed!(&mut *conn, game, *until)),
        Write::Expire { cutoff, most } => Done::Deleted(expire_chunk!(&mut *conn, *cutoff, *most)),
        // Its transaction has the write lock already (see `begin`).
        Write::Ping => Done::Stored,
    };
    Ok(Ok(done))
}

/// Every statement that stores one move: what must commit with the move goes here, after the
/// insert and only when it inserted the row. Refused, and nothing written, when the ply is
/// already stored or a seat resigned the game.
async fn write_move(conn: &mut SqliteConnection, row: &MoveRow) -> Result<Outcome, sqlx::Error> {
    // A game that does not exist passes the condition and fails on the foreign key.
    let inserted = sqlx::query(
        "INSERT INTO moves (game, ply, move, seat, played_at)
         SELECT $1, $2, $3, $4, $5
         WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = $1 AND resigned IS NOT NULL)
         ON CONFLICT (game, ply) DO NOTHING",
    )
    .bind(&*row.game)
    .bind(row.ply)
    .bind(&row.mv)
    .bind(row.seat.id())
    .bind(row.played_at)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(Err(why_not_inserted(conn, &row.game, row.ply).await?));
    }
    if row.touch {
        // What the lists of games read without replaying them (see lobby.rs).
        sqlx::query(
            "UPDATE games SET plies = $2 + 1, last_move_at = $3, ended_at = $4 WHERE id = $1",
        )
        .bind(&*row.game)
        .bind(row.ply)
        .bind(row.played_at)
        .bind(row.ended_at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(Ok(Done::Stored))
}

/// Why a move's insert inserted nothing: its ply is stored, or else its game was resigned.
async fn why_not_inserted(
    conn: &mut SqliteConnection,
    game: &str,
    ply: i64,
) -> Result<StoreError, sqlx::Error> {
    let taken: Option<i64> = sqlx::query_scalar("SELECT 1 FROM moves WHERE game = $1 AND ply = $2")
        .bind(game)
        .bind(ply)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(if taken.is_some() {
        StoreError::PlyTaken
    } else {
        StoreError::GameOver
    })
}

/// Copies the log into the database file every [`CHECKPOINT_EVERY`] until `pool` is closed,
/// on a connection of its own made with `options` (the pool's only read). Passive: it copies
/// what no reader still needs and waits for no one.
async fn checkpoint_until_closed(options: SqliteConnectOptions, pool: SqlitePool) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut connection: Option<SqliteConnection> = None;
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        let checkpointed = match connection.take() {
            Some(conn) => Ok(conn),
            None => options.connect().await,
        };
        match checkpointed {
            Ok(mut conn) => match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&mut conn)
                .await
            {
                Ok(_) => connection = Some(conn),
                Err(e) => tracing::warn!("checkpoint failed: {e}"),
            },
            Err(e) => tracing::warn!("checkpoint failed: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sqlite::SqliteStore;
    use crate::store::testing::{add_move, create_games, runtime, temporary_store};
    use crate::store::{RowUpdate, Store};

    /// Games in the tests: more than one commit usually takes, fewer than [`MOST_PER_COMMIT`].
    const GAMES: usize = 200;

    async fn store_with_games() -> (tempfile::TempDir, SqliteStore, Vec<String>) {
        let (folder, store) = temporary_store().await;
        let ids = create_games(&store, 0, GAMES, None).await;
        (folder, store, ids)
    }

    fn row(game: &str, ply: i64, mv: &str) -> MoveRow {
        MoveRow {
            game: game.into(),
            ply,
            mv: mv.to_owned(),
            seat: Seat::South,
            played_at: 0,
            ended_at: None,
            touch: true,
        }
    }

    #[tokio::test]
    async fn concurrent_moves_of_many_games_are_all_stored() {
        let (_folder, store, ids) = store_with_games().await;
        let writes = ids.iter().map(|id| {
            let (store, id) = (store.clone(), id.clone());
            tokio::spawn(async move {
                add_move(&store, &id, 0, "A1<", Seat::South, RowUpdate::Touched).await
            })
        });
        for write in writes.collect::<Vec<_>>() {
            write
                .await
                .expect("the task ends")
                .expect("the move is stored");
        }
        assert_each_game_has_its_first_move(&store, &ids).await;
    }

    /// Writes `rows` as one batch; each row's outcome.
    async fn write_as_one_batch(sqlite: &SqliteStore, rows: Vec<MoveRow>) -> Vec<Outcome> {
        let batch: Vec<Job> = rows
            .into_iter()
            .map(|row| Job {
                write: Write::Move(row),
                done: oneshot::channel().0,
            })
            .collect();
        let mut conn = sqlite
            .writer
            .shared
            .options
            .connect()
            .await
            .expect("a connection");
        commit_batch(&mut conn, &batch)
            .await
            .expect("the batch commits")
    }

    /// Every game's ply 0 is stored, once.
    async fn assert_each_game_has_its_first_move(store: &dyn Store, ids: &[String]) {
        for id in ids {
            let game = store.load_game(id).await.unwrap().expect("the game");
            assert_eq!(game.moves, vec![("A1<".to_owned(), Seat::South)], "{id}");
        }
    }

    #[tokio::test]
    async fn a_taken_ply_fails_alone_in_its_transaction() {
        let (_folder, store, ids) = store_with_games().await;
        // One batch: every game's ply 0, with game 7's written twice in the middle.
        let mut rows: Vec<MoveRow> = ids.iter().map(|id| row(id, 0, "A1<")).collect();
        rows.insert(GAMES / 2, row(&ids[7], 0, "B2>"));
        let outcomes = write_as_one_batch(&store, rows).await;
        for (n, outcome) in outcomes.iter().enumerate() {
            if n == GAMES / 2 {
                assert!(matches!(outcome, Err(StoreError::PlyTaken)), "{outcome:?}");
            } else {
                assert!(outcome.is_ok(), "move {n}: {outcome:?}");
            }
        }
        assert_each_game_has_its_first_move(&store, &ids).await;
    }

    #[tokio::test]
    async fn a_move_that_fails_otherwise_fails_alone_too() {
        let (_folder, store, ids) = store_with_games().await;
        // A game that does not exist (its foreign key fails), and a taken ply after it.
        let mut rows: Vec<MoveRow> = ids.iter().map(|id| row(id, 0, "A1<")).collect();
        rows.insert(3, row("no such game", 0, "A1<"));
        rows.push(row(&ids[0], 0, "B2>"));
        let outcomes = write_as_one_batch(&store, rows).await;
        for (n, outcome) in outcomes.iter().enumerate() {
            match n {
                3 => assert!(
                    matches!(outcome, Err(StoreError::Database(_))),
                    "{outcome:?}"
                ),
                n if n == GAMES + 1 => {
                    assert!(matches!(outcome, Err(StoreError::PlyTaken)), "{outcome:?}");
                }
                n => assert!(outcome.is_ok(), "move {n}: {outcome:?}"),
            }
        }
        assert_each_game_has_its_first_move(&store, &ids).await;
    }

    #[test]
    fn a_stopped_writer_is_started_again_by_the_next_write() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        // The store is opened on a runtime that then stops: its writer task is dropped as it
        // would be by a panic, and its channel is closed.
        let first = runtime();
        let store = first
            .block_on(SqliteStore::open(&folder.path().join("games.sqlite")))
            .expect("the database opens");
        drop(first);
        let sqlite = &store;
        let stopped = sqlite.writer.jobs();
        assert!(stopped.is_closed(), "the writer task is gone");

        runtime().block_on(async {
            let ids = create_games(&store, 0, 1, None).await;
            add_move(&store, &ids[0], 0, "A1<", Seat::South, RowUpdate::Touched)
                .await
                .expect("the move is stored by a new writer");
            store.ready().await.expect("ready");
            assert!(!sqlite.writer.jobs().same_channel(&stopped));
            assert_each_game_has_its_first_move(&store, &ids).await;
        });
    }

    #[tokio::test]
    async fn the_pool_only_reads_so_every_write_goes_through_the_writer() {
        let (_folder, sqlite) = temporary_store().await;
        let written = sqlx::query("UPDATE games SET resigned = 'south'")
            .execute(&sqlite.pool)
            .await;
        assert!(written.is_err(), "{written:?}");
        sqlx::query("SELECT COUNT(*) FROM games")
            .execute(&sqlite.pool)
            .await
            .expect("the pool reads");
    }
}
