//! Whole games of every rule set between two sockets, with a watcher that sees every move.

use crate::common::{Client, TestServer, invitation};
use bao_engine::{Game, Move, Variant};
use bao_protocol::{GameResult, Moved, Present, Seat, ServerMessage, Status};

/// A game longer than this is a bug in the test (the engine's repetition rules end games).
const MOST_PLIES: usize = 5000;

/// The move the tests play: spread over the list so that games differ from "always the first".
pub fn pick(game: &Game) -> Move {
    let moves = game.legal_moves();
    moves[(game.moves().len() * 7 + 3) % moves.len()]
}

/// Reads the `moved` of `mv` at `ply` from `client`, checking it against the engine.
/// Plays a game of `variant` to its end through the server, `players` (South, North) moving in
/// turn with the engine's [`pick`]: every move reaches both players and the watcher as its
/// `moved`, and the end as `over` with the engine's result. The engine's game, as played.
pub async fn play_to_the_end(
    variant: Variant,
    [south, north]: [&mut Client; 2],
    watcher: &mut Client,
) -> Game {
    let mut game = Game::new(variant);
    while !game.outcome().is_over() {
        assert!(game.moves().len() < MOST_PLIES, "{variant}: no end");
        let ply = game.moves().len();
        let mv = pick(&game);
        game.play(mv).expect("a listed move is legal");
        let mover = match Seat::from(game.positions()[ply].to_move()) {
            Seat::South => &mut *south,
            Seat::North => &mut *north,
        };
        mover.play(ply, &mv.to_string()).await;
        for client in [&mut *south, &mut *north, &mut *watcher] {
            expect_moved(client, &game, ply).await;
        }
    }
    let result = GameResult::from_outcome(game.outcome());
    for client in [south, north, watcher] {
        match client.recv().await {
            ServerMessage::Over { result: got } => assert_eq!(Some(got), result),
            other => panic!("expected over, got {other:?}"),
        }
    }
    game
}

/// Plays `plies` moves of `game` (from its current ply) through the server, each by its
/// mover's socket; both players get every `moved`.
pub async fn play_in_turn(south: &mut Client, north: &mut Client, game: &mut Game, plies: usize) {
    for _ in 0..plies {
        let ply = game.moves().len();
        let mv = pick(game);
        game.play(mv).expect("a listed move is legal");
        let mover = match Seat::from(game.positions()[ply].to_move()) {
            Seat::South => &mut *south,
            Seat::North => &mut *north,
        };
        mover.play(ply, &mv.to_string()).await;
        expect_moved(south, game, ply).await;
        expect_moved(north, game, ply).await;
    }
}

pub async fn expect_moved(client: &mut Client, game: &Game, ply: usize) {
    match client.recv().await {
        ServerMessage::Moved(Moved {
            ply: got,
            mv,
            by,
            position,
        }) => {
            assert_eq!(got as usize, ply);
            assert_eq!(mv, game.moves()[ply].to_string());
            assert_eq!(by, Seat::from(game.positions()[ply].to_move()));
            assert_eq!(position, game.positions()[ply + 1].to_setup());
        }
        other => panic!("expected moved {ply}, got {other:?}"),
    }
}

#[tokio::test]
async fn two_players_finish_a_game_of_every_variant_and_a_watcher_sees_every_move() {
    let server = TestServer::start().await;
    play_every_variant(&server).await;
    server.server.shutdown().await;
}

/// Plays a whole game of every variant on `server`: two players and a watcher, every `moved`
/// and the `over` checked against the engine.
pub async fn play_every_variant(server: &TestServer) {
    for variant in Variant::ALL {
        let created = server.create(variant.id(), None).await;
        assert_eq!(created.seat, Seat::South);
        let mut south = server.connect(&format!("token={}", created.token)).await;
        let first = south.snapshot().await;
        assert_eq!(first.seat, Some(Seat::South));
        assert_eq!(first.variant, variant);
        assert_eq!(
            first.present,
            Present {
                south: true,
                north: false
            }
        );
        let mut north = server
            .connect(&format!("token={}", invitation(&created)))
            .await;
        assert_eq!(north.snapshot().await.seat, Some(Seat::North));
        let both = Present {
            south: true,
            north: true,
        };
        assert_eq!(
            south.recv().await,
            ServerMessage::Presence { present: both }
        );
        let mut watcher = server.connect(&format!("game={}", created.game)).await;
        let watched = watcher.snapshot().await;
        assert_eq!((watched.seat, watched.present), (None, both));

        let game = play_to_the_end(variant, [&mut south, &mut north], &mut watcher).await;
        let end = watcher.sync().await;
        assert_eq!(end.status, Status::Over);
        assert_eq!(end.result, GameResult::from_outcome(game.outcome()));
        let played: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        assert_eq!(end.moves, played);
        assert_eq!(end.position, game.position().to_setup());
        assert_eq!(end.start, game.start().to_setup());
        for client in [south, north, watcher] {
            client.leave().await;
        }
    }
}
