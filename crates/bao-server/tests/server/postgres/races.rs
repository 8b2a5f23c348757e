//! Two servers on one PostgreSQL database when things race or stall: a move and a resignation
//! sent at the same moment on two servers settle to one result that every client and the
//! database agree on, and a statement stuck on a lock fails after its bound instead of holding
//! its game forever.

use super::{both_see_each_other, join, sync_after, two_servers};
use crate::common::{Client, TestServer, invitation, test_postgres};
use crate::play::pick;
use bao_engine::{Game, Variant};
use bao_protocol::{ClientMessage, ErrorCode, GameResult, Seat, ServerMessage, Snapshot};
use bao_server::DatabaseUrl;
use futures_util::StreamExt;
use std::time::Duration;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// Rounds of the race: half at the first move, half at the move that ends the game.
const ROUNDS: usize = 20;

/// The variant of the races: its games under [`pick`] are the shortest.
const VARIANT: Variant = Variant::Kujifunza;

/// What one client saw of a round: the `moved` plies and the errors until its `over`, that
/// `over`'s result, and the snapshot it then asked for.
#[derive(Debug)]
struct Seen {
    moved: Vec<u32>,
    errors: Vec<ErrorCode>,
    over: GameResult,
    snapshot: Snapshot,
}

/// Reads `client` until its `over`, then asks for a snapshot (every error the server sent
/// before it is read on the way).
async fn until_settled(client: &mut Client) -> Seen {
    let mut moved = Vec::new();
    let mut errors = Vec::new();
    let over = loop {
        match client.recv().await {
            ServerMessage::Moved(m) => moved.push(m.ply),
            ServerMessage::Error(e) => errors.push(e.code),
            ServerMessage::Over { result } => break result,
            ServerMessage::Presence { .. } => {}
            other => panic!("expected moved, over or an error, got {other:?}"),
        }
    };
    let (snapshot, more) = sync_after(client).await;
    errors.extend(more);
    Seen {
        moved,
        errors,
        over,
        snapshot,
    }
}

/// The tests' PostgreSQL database and a pool of the test's own on it, to look at the rows and
/// lock them; `None` (and `test` said to be skipped) without one.
async fn with_admin(test: &str) -> Option<(DatabaseUrl, sqlx::PgPool)> {
    let database = test_postgres(test)?;
    let DatabaseUrl::Postgres(url) = &database else {
        panic!("a PostgreSQL URL");
    };
    let admin = sqlx::PgPool::connect(url).await.expect("the test connects");
    Some((database, admin))
}

/// The game `id` as the database has it: the seat that resigned and the moves stored.
async fn stored(admin: &sqlx::PgPool, id: &str) -> (Option<String>, i64) {
    let resigned = sqlx::query_scalar("SELECT resigned FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(admin)
        .await
        .expect("the game's row");
    let moves = sqlx::query_scalar("SELECT COUNT(*) FROM moves WHERE game = $1")
        .bind(id)
        .fetch_one(admin)
        .await
        .expect("its moves");
    (resigned, moves)
}

/// The moves [`pick`] plays in a whole game of [`VARIANT`], the engine alone.
fn a_whole_game() -> Game {
    let mut game = Game::new(VARIANT);
    while !game.outcome().is_over() {
        game.play(pick(&game)).expect("a listed move is legal");
    }
    game
}

/// The seat to move at `ply` of `game`.
fn mover(game: &Game, ply: usize) -> Seat {
    Seat::from(game.positions()[ply].to_move())
}

/// Plays the first `plies` moves of `whole` through the players, each waiting for its `moved`.
async fn play_up_to(players: &mut [Client; 2], whole: &Game, plies: usize) {
    for ply in 0..plies {
        let mv = whole.moves()[ply].to_string();
        players[usize::from(mover(whole, ply) == Seat::North)]
            .play(ply, &mv)
            .await;
        for player in players.iter_mut() {
            until_moved(player, u32::try_from(ply).expect("a small ply")).await;
        }
    }
}

#[tokio::test]
async fn postgres_a_move_and_a_resignation_at_once_settle_to_one_result_everywhere() {
    let Some((database, admin)) =
        with_admin("postgres_a_move_and_a_resignation_at_once_settle_to_one_result_everywhere")
            .await
    else {
        return;
    };
    let (a, b) = two_servers(database.clone()).await;
    let whole = a_whole_game();
    let last = whole.moves().len() - 1;
    for round in 0..ROUNDS {
        // The race is at the first move, or at the move that ends the game.
        let ply = if round % 2 == 0 { 0 } else { last };
        let created = a.create(VARIANT.id(), Some("south")).await;
        // South plays on server A, North on server B; a watcher on each.
        let (south, _) = join(&a, &format!("token={}", created.token)).await;
        let (north, _) = join(&b, &format!("token={}", invitation(&created))).await;
        let mut players = [south, north];
        let [south, north] = &mut players;
        both_see_each_other(south, north).await;
        let (mut watcher_a, _) = join(&a, &format!("game={}", created.game)).await;
        let (mut watcher_b, _) = join(&b, &format!("game={}", created.game)).await;
        play_up_to(&mut players, &whole, ply).await;

        let moving = mover(&whole, ply);
        let [south, north] = &mut players;
        let (mover_client, resigner) = match moving {
            Seat::South => (south, north),
            Seat::North => (north, south),
        };
        let mv = whole.moves()[ply].to_string();
        tokio::join!(
            mover_client.play(ply, &mv),
            resigner.send(&ClientMessage::Resign)
        );

        let seen = [
            until_settled(mover_client).await,
            until_settled(resigner).await,
            until_settled(&mut watcher_a).await,
            until_settled(&mut watcher_b).await,
        ];
        let first = &seen[0].snapshot;
        let result = first.result.expect("the game is over");
        let moved_since: Vec<u32> = (ply..first.moves.len())
            .map(|p| u32::try_from(p).expect("a small ply"))
            .collect();
        for view in &seen {
            // Every client was sent the moves stored, and no other.
            let moved: Vec<u32> = view
                .moved
                .iter()
                .copied()
                .filter(|&p| p as usize >= ply)
                .collect();
            assert_eq!(moved, moved_since, "round {round}: {seen:#?}");
            assert_eq!(view.over, result, "round {round}: {seen:#?}");
            assert_eq!(
                view.snapshot.result,
                Some(result),
                "round {round}: {seen:#?}"
            );
            assert_eq!(view.snapshot.moves, first.moves, "round {round}: {seen:#?}");
        }
        let (resigned, stored_moves) = stored(&admin, &created.game).await;
        assert_eq!(stored_moves as usize, first.moves.len(), "round {round}");
        let resigner_seat = moving.other();
        let errors: Vec<ErrorCode> = seen.iter().flat_map(|v| v.errors.clone()).collect();
        if first.moves.len() > ply {
            // The move came first: the resignation was either taken after it (the game went
            // on) or refused (the move ended the game).
            let ended_by_move = ply == last;
            if ended_by_move {
                assert_eq!(Some(result), GameResult::from_outcome(whole.outcome()));
                assert_eq!(resigned, None, "round {round}");
                assert_eq!(seen[1].errors, [ErrorCode::GameOver], "round {round}");
            } else {
                assert_eq!(result, GameResult::resigned(resigner_seat), "round {round}");
                assert_eq!(resigned.as_deref(), Some(resigner_seat.id()));
                assert!(errors.is_empty(), "round {round}: {errors:?}");
            }
        } else {
            // The resignation came first: the move was refused.
            assert_eq!(result, GameResult::resigned(resigner_seat), "round {round}");
            assert_eq!(resigned.as_deref(), Some(resigner_seat.id()));
            assert_eq!(seen[0].errors, [ErrorCode::GameOver], "round {round}");
        }
        assert!(
            errors.len() <= 1 && errors.iter().all(|&e| e == ErrorCode::GameOver),
            "round {round}: {errors:?}"
        );
    }
    a.server.shutdown().await;
    b.server.shutdown().await;
    admin.close().await;
}

/// Reads `client` until the server closes it, for up to `patience`; the close code.
async fn close_code(client: &mut Client, patience: Duration) -> Option<u16> {
    let until = Instant::now() + patience;
    loop {
        let frame = tokio::time::timeout_at(until, client.raw().next())
            .await
            .expect("the socket closes in time");
        match frame {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return None,
        }
    }
}

/// Reads `client` until the `moved` of `ply`, skipping presence news.
async fn until_moved(client: &mut Client, ply: u32) {
    loop {
        match client.recv().await {
            ServerMessage::Moved(m) if m.ply == ply => return,
            ServerMessage::Presence { .. } => {}
            other => panic!("expected moved {ply}, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn postgres_a_move_stuck_on_a_lock_fails_after_its_bound_and_the_game_goes_on() {
    let Some((database, admin)) =
        with_admin("postgres_a_move_stuck_on_a_lock_fails_after_its_bound_and_the_game_goes_on")
            .await
    else {
        return;
    };
    let server = TestServer::start_on(database.clone()).await;
    let created = server.create("kigogo", Some("south")).await;
    let (mut south, _) = join(&server, &format!("token={}", created.token)).await;
    let (mut north, _) = join(&server, &format!("token={}", invitation(&created))).await;
    crate::common::expect_both_present(&mut south).await;

    // Another session holds the game's row and does not let go (a stalled session, say).
    let mut holder = admin.begin().await.expect("a transaction");
    sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR UPDATE")
        .bind(&created.game)
        .execute(&mut *holder)
        .await
        .expect("the row is locked");
    let mv = pick(&Game::new(Variant::Kigogo)).to_string();
    let sent = Instant::now();
    south.play(0, &mv).await;
    // The move's statement gives up after PostgreSQL's lock_timeout (5 s): the server
    // failed, and says so the way it does for any database failure.
    assert_eq!(
        close_code(&mut south, Duration::from_secs(20)).await,
        Some(1011)
    );
    let waited = sent.elapsed();
    assert!(
        waited >= Duration::from_secs(4) && waited < Duration::from_secs(15),
        "{waited:?}"
    );
    holder.rollback().await.expect("the row is let go");

    // Nothing was stored; the move goes through once the lock is gone.
    let (mut south, snapshot) = join(&server, &format!("token={}", created.token)).await;
    assert!(snapshot.moves.is_empty(), "{snapshot:?}");
    south.play(0, &mv).await;
    until_moved(&mut south, 0).await;
    until_moved(&mut north, 0).await;
    server.server.shutdown().await;
    admin.close().await;
}
