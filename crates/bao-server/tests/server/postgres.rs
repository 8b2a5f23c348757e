//! PostgreSQL: the same games as on SQLite, and several servers on one database serving the
//! same games. These run when BAO_TEST_POSTGRES names a database (scripts/test-postgres.sh makes
//! a temporary one); without it each prints that it was skipped. The tests share the database:
//! every game has its own random id, so they do not see each other's games.

use crate::common::{
    Client, TestServer, both_ask_for_a_rematch, expect_both_present, invitation, test_postgres,
};
use crate::errors::{refuse_moves, table_on};
use crate::lobby::{live_list, open_list, wait_for_opponent};
use crate::persistence::survive_sigkill;
use crate::play::{expect_moved, pick, play_every_variant, play_in_turn, play_to_the_end};
use bao_engine::{Game, Variant};
use bao_protocol::{
    ClientMessage, ErrorCode, GameResult, Moved, Present, Seat, ServerMessage, Snapshot,
};
use bao_server::DatabaseUrl;

mod races;

#[tokio::test]
async fn postgres_every_variant_plays_to_its_end_with_a_watcher() {
    let Some(database) = test_postgres("postgres_every_variant_plays_to_its_end_with_a_watcher")
    else {
        return;
    };
    let server = TestServer::start_on(database).await;
    play_every_variant(&server).await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn postgres_refused_moves_get_their_error_and_leave_the_game_untouched() {
    let Some(database) =
        test_postgres("postgres_refused_moves_get_their_error_and_leave_the_game_untouched")
    else {
        return;
    };
    refuse_moves(table_on(TestServer::start_on(database).await).await).await;
}

#[tokio::test]
async fn postgres_every_acknowledged_move_survives_sigkill_and_a_restart() {
    let Some(DatabaseUrl::Postgres(url)) =
        test_postgres("postgres_every_acknowledged_move_survives_sigkill_and_a_restart")
    else {
        return;
    };
    survive_sigkill(&url).await;
}

/// Two servers on the tests' database.
pub async fn two_servers(database: DatabaseUrl) -> (TestServer, TestServer) {
    (
        TestServer::start_on(database.clone()).await,
        TestServer::start_on(database).await,
    )
}

/// Connects with `query` and reads the snapshot.
pub async fn join(server: &TestServer, query: &str) -> (Client, Snapshot) {
    let mut client = server.connect(query).await;
    let snapshot = client.snapshot().await;
    (client, snapshot)
}

const ONLY_SOUTH: Present = Present {
    south: true,
    north: false,
};
const ONLY_NORTH: Present = Present {
    south: false,
    north: true,
};
const BOTH: Present = Present {
    south: true,
    north: true,
};

/// Two players on two servers are each told that the other is there (after their snapshots):
/// the servers share their sockets' presence.
pub async fn both_see_each_other(one: &mut Client, other: &mut Client) {
    expect_both_present(one).await;
    expect_both_present(other).await;
}

#[tokio::test]
async fn postgres_two_servers_play_a_whole_game_each_seeing_the_others_moves() {
    let Some(database) =
        test_postgres("postgres_two_servers_play_a_whole_game_each_seeing_the_others_moves")
    else {
        return;
    };
    let (a, b) = two_servers(database).await;
    let created = a.create("kujifunza", None).await;
    // South plays on server A, North and a watcher on server B. Presence is shared: each
    // player's snapshot shows its own server's sockets, and the other player's comes next.
    let (mut south, seen) = join(&a, &format!("token={}", created.token)).await;
    assert_eq!(seen.present, ONLY_SOUTH);
    let (mut north, seen) = join(&b, &format!("token={}", invitation(&created))).await;
    assert_eq!(seen.present, ONLY_NORTH);
    both_see_each_other(&mut south, &mut north).await;
    let (mut watcher, seen) = join(&b, &format!("game={}", created.game)).await;
    assert_eq!(seen.present, BOTH);

    let game = play_to_the_end(Variant::Kujifunza, [&mut south, &mut north], &mut watcher).await;
    let played: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert_eq!(south.sync().await.moves, played);
    assert_eq!(north.sync().await.moves, played);
    a.server.shutdown().await;
    b.server.shutdown().await;
}

#[tokio::test]
async fn postgres_a_resignation_and_a_rematch_cross_servers() {
    let Some(database) = test_postgres("postgres_a_resignation_and_a_rematch_cross_servers") else {
        return;
    };
    let (a, b) = two_servers(database).await;
    let created = a.create("kigogo", Some("south")).await;
    let (mut south, _) = join(&a, &format!("token={}", created.token)).await;
    let (mut north, _) = join(&b, &format!("token={}", invitation(&created))).await;
    both_see_each_other(&mut south, &mut north).await;
    let mut game = Game::new(Variant::Kigogo);
    let first = pick(&game);
    game.play(first).unwrap();
    south.play(0, &first.to_string()).await;
    expect_moved(&mut south, &game, 0).await;
    expect_moved(&mut north, &game, 0).await;

    north.send(&ClientMessage::Resign).await;
    let resigned = GameResult::resigned(Seat::North);
    for client in [&mut north, &mut south] {
        assert_eq!(
            client.recv().await,
            ServerMessage::Over { result: resigned }
        );
    }
    // South resigning now, on the other server, finds the game over.
    south.send(&ClientMessage::Resign).await;
    assert!(matches!(south.recv().await, ServerMessage::Error(e) if e.code == ErrorCode::GameOver));

    // Each asks for the rematch on its own server; both get the same new game.
    let (for_south, for_north) = both_ask_for_a_rematch(&mut south, &mut north).await;
    // The seats are swapped, whichever server a player joins.
    let (_, seen) = join(&b, &format!("token={}", for_south.token)).await;
    assert_eq!((seen.seat, seen.game), (Some(Seat::North), for_south.game));
    let (_, seen) = join(&a, &format!("token={}", for_north.token)).await;
    assert_eq!(seen.seat, Some(Seat::South));
    a.server.shutdown().await;
    b.server.shutdown().await;
}

/// Reads until the `moved` of ply 0; the errors read on the way.
async fn until_first_moved(client: &mut Client) -> (Moved, Vec<ErrorCode>) {
    let mut errors = Vec::new();
    loop {
        match client.recv().await {
            ServerMessage::Moved(moved) if moved.ply == 0 => return (moved, errors),
            ServerMessage::Error(e) => errors.push(e.code),
            ServerMessage::Presence { .. } => {}
            other => panic!("expected moved 0, got {other:?}"),
        }
    }
}

/// Asks for a snapshot; it and the errors read before it.
pub async fn sync_after(client: &mut Client) -> (Snapshot, Vec<ErrorCode>) {
    client.send(&ClientMessage::Sync).await;
    let mut errors = Vec::new();
    loop {
        match client.recv().await {
            ServerMessage::Snapshot(snapshot) => return (snapshot, errors),
            ServerMessage::Error(e) => errors.push(e.code),
            ServerMessage::Presence { .. } => {}
            other => panic!("expected a snapshot, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn postgres_two_servers_racing_for_one_ply_agree_on_one_move() {
    let Some(database) = test_postgres("postgres_two_servers_racing_for_one_ply_agree_on_one_move")
    else {
        return;
    };
    let (a, b) = two_servers(database).await;
    for round in 0..5 {
        let created = a.create("kigogo", Some("south")).await;
        // South's seat is open on both servers (two tabs); North watches on B.
        let (mut south_a, _) = join(&a, &format!("token={}", created.token)).await;
        let (mut south_b, _) = join(&b, &format!("token={}", created.token)).await;
        let (mut north, _) = join(&b, &format!("token={}", invitation(&created))).await;
        let start = Game::new(Variant::Kigogo);
        let moves = start.legal_moves();
        let (x, y) = (moves[0].to_string(), moves[moves.len() - 1].to_string());
        assert_ne!(x, y);
        tokio::join!(south_a.play(0, &x), south_b.play(0, &y));

        let (on_a, mut errors) = until_first_moved(&mut south_a).await;
        let (on_b, more) = until_first_moved(&mut south_b).await;
        errors.extend(more);
        let (on_north, _) = until_first_moved(&mut north).await;
        assert_eq!(on_a, on_b, "round {round}");
        assert_eq!(on_a, on_north, "round {round}");
        assert!(on_a.mv == x || on_a.mv == y, "round {round}");
        let (end_a, more) = sync_after(&mut south_a).await;
        errors.extend(more);
        let (end_b, more) = sync_after(&mut south_b).await;
        errors.extend(more);
        // The losing move was answered as a stale ply; nothing else was refused.
        assert_eq!(errors, vec![ErrorCode::StalePly], "round {round}");
        assert_eq!(end_a.moves, vec![on_a.mv.clone()], "round {round}");
        assert_eq!(end_b.moves, end_a.moves, "round {round}");
    }
    a.server.shutdown().await;
    b.server.shutdown().await;
}

#[tokio::test]
async fn postgres_a_lost_listen_connection_comes_back_and_catches_up() {
    let Some(database) =
        test_postgres("postgres_a_lost_listen_connection_comes_back_and_catches_up")
    else {
        return;
    };
    let DatabaseUrl::Postgres(url) = &database else {
        panic!("a PostgreSQL URL");
    };
    let (a, b) = two_servers(database.clone()).await;
    let created = a.create("kingulu", Some("south")).await;
    let (mut south, _) = join(&a, &format!("token={}", created.token)).await;
    let (mut north, _) = join(&b, &format!("token={}", invitation(&created))).await;
    both_see_each_other(&mut south, &mut north).await;
    let mut game = Game::new(Variant::Kingulu);

    // Every server's LISTEN connection on this database is cut (those of other tests too:
    // they catch up the same way).
    let admin = sqlx::PgPool::connect(url).await.expect("the test connects");
    let cut = sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    )
    .execute(&admin)
    .await
    .expect("the listeners are cut");
    assert!(
        cut.rows_affected() >= 2,
        "{} listeners",
        cut.rows_affected()
    );
    admin.close().await;

    // Moves on either side still reach the other, whether they were sent before the
    // listener came back (caught up) or after (notified).
    play_in_turn(&mut south, &mut north, &mut game, 4).await;
    a.server.shutdown().await;
    b.server.shutdown().await;
}

#[tokio::test]
async fn postgres_a_game_opened_on_one_server_is_listed_taken_and_watched_on_another() {
    let Some(database) = test_postgres(
        "postgres_a_game_opened_on_one_server_is_listed_taken_and_watched_on_another",
    ) else {
        return;
    };
    let (a, b) = two_servers(database).await;
    let (status, opened) = wait_for_opponent(&a, "kingulu").await;
    assert_eq!(status, 201);
    let (mut creator, _) = join(&a, &format!("token={}", opened.token)).await;
    let listed = open_list(&b, "?variant=kingulu").await.games;
    assert!(
        listed.iter().any(|g| g.game == opened.game),
        "listed on the other server: {listed:?}"
    );

    let (status, paired) = wait_for_opponent(&b, "kingulu").await;
    assert_eq!((status, paired.game.as_str()), (200, opened.game.as_str()));
    let (mut taker, snapshot) = join(&b, &format!("token={}", paired.token)).await;
    assert_eq!(snapshot.seat, Some(opened.seat.other()));
    both_see_each_other(&mut creator, &mut taker).await;
    let listed = open_list(&a, "?variant=kingulu").await.games;
    assert!(listed.iter().all(|g| g.game != opened.game), "{listed:?}");

    let [south, north] = match opened.seat {
        Seat::South => [&mut creator, &mut taker],
        Seat::North => [&mut taker, &mut creator],
    };
    let mut game = Game::new(Variant::Kingulu);
    let mv = pick(&game);
    game.play(mv).expect("legal");
    south.play(0, &mv.to_string()).await;
    expect_moved(south, &game, 0).await;
    expect_moved(north, &game, 0).await;
    let live = live_list(&a, "?variant=kingulu").await.games;
    assert!(
        live.iter().any(|g| g.game == opened.game && g.ply == 1),
        "{live:?}"
    );
    a.server.shutdown().await;
    b.server.shutdown().await;
}
