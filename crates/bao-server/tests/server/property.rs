//! A property: any sequence of legal moves, of any rule set, played through the server by two
//! sockets ends where the engine alone ends it: the same moves, position and result in every
//! `moved`, in the `over` and in the server's snapshot.

use crate::common::{Client, TestServer, game_snapshot, seat_both};
use crate::play::expect_moved;
use bao_engine::{Game, Variant};
use bao_protocol::{GameResult, Seat, ServerMessage, Status};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

/// Games per run. The server lets one address create 30 games a minute, and every case (and
/// every shrinking step after a failure) creates one.
const CASES: u32 = 10;

/// The most plies a case plays. Random games of the Kujifunza rule sets and Kingulu end within
/// a hundred plies, Kigogo's and Kimasai's in 100 to 300, so drawn lengths up to this play some
/// of those to their end too, and stop the others there. A client sends at most 18 messages a
/// second (common.rs keeps it under the server's limit): a case takes up to about 7 s.
const MOST_PLIES: usize = 240;

/// A case: the rule set and, for each ply, a number that picks one of the legal moves.
fn cases() -> impl Strategy<Value = (Variant, Vec<u32>)> {
    (
        proptest::sample::select(Variant::ALL.to_vec()),
        proptest::collection::vec(any::<u32>(), 0..=MOST_PLIES),
    )
}

/// The engine alone: the moves `choices` picks, until they run out or the game ends.
fn engine_game(variant: Variant, choices: &[u32]) -> Game {
    let mut game = Game::new(variant);
    for &choice in choices {
        if game.outcome().is_over() {
            break;
        }
        let moves = game.legal_moves();
        let index = usize::try_from(choice).expect("a u32 fits") % moves.len();
        game.play(moves[index]).expect("a listed move is legal");
    }
    game
}

#[test]
fn random_legal_games_end_on_the_server_as_in_the_engine() {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let server = runtime.block_on(TestServer::start());
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        // Each shrinking step creates a game too (see CASES).
        max_shrink_iters: 8,
        failure_persistence: None,
        ..Config::default()
    });
    let outcome = runner.run(&cases(), |(variant, choices)| {
        let game = engine_game(variant, &choices);
        runtime.block_on(replay_through(&server, &game));
        Ok(())
    });
    runtime.block_on(server.server.shutdown());
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

/// Plays `game`'s moves through a new game on `server`, each by its mover's socket, and checks
/// every `moved`, the `over` (if the game ended) and the snapshots against the engine.
async fn replay_through(server: &TestServer, game: &Game) {
    let variant = game.start().variant();
    let created = server.create(variant.id(), Some("south")).await;
    let (mut south, mut north) = seat_both(server.address, &created).await;
    for (ply, mv) in game.moves().iter().enumerate() {
        let mover = match Seat::from(game.positions()[ply].to_move()) {
            Seat::South => &mut south,
            Seat::North => &mut north,
        };
        mover.play(ply, &mv.to_string()).await;
        for client in [&mut south, &mut north] {
            expect_moved(client, game, ply).await;
        }
    }
    let result = GameResult::from_outcome(game.outcome());
    if let Some(result) = result {
        for client in [&mut south, &mut north] {
            assert_eq!(client.recv().await, ServerMessage::Over { result });
        }
    }
    check_snapshots(server, &created.game, game, &mut south).await;
    south.leave().await;
    north.leave().await;
}

/// The game's snapshot, over HTTP and to a player, is the engine's game: moves, position (as
/// JSON, the text a client reads), status and result.
async fn check_snapshots(server: &TestServer, id: &str, game: &Game, player: &mut Client) {
    let (snapshot, body) = game_snapshot(server.address, id).await;
    let seen = player.sync().await;
    assert_eq!(
        (&seen.moves, &seen.position, seen.status, seen.result),
        (
            &snapshot.moves,
            &snapshot.position,
            snapshot.status,
            snapshot.result
        )
    );
    let played: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert_eq!(snapshot.moves, played);
    assert_eq!(snapshot.start, game.start().to_setup());
    assert_eq!(snapshot.result, GameResult::from_outcome(game.outcome()));
    let status = if game.outcome().is_over() {
        Status::Over
    } else {
        Status::Playing
    };
    assert_eq!(snapshot.status, status);
    let body: Value = serde_json::from_str(&body).expect("JSON");
    let position: Value = serde_json::from_str(&game.position().to_json()).expect("JSON");
    assert_eq!(body["position"], position, "{body}");
}
