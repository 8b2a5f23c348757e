//! Resigning, rematches with swapped seats, and a player who drops and comes back.

use crate::common::{TestServer, both_ask_for_a_rematch, expect_rematch, invitation, seat_both};
use crate::play::{expect_moved, pick, play_in_turn};
use bao_engine::{Game, Variant};
use bao_protocol::{
    ClientMessage, ErrorCode, GameResult, Present, Rematch, Seat, ServerMessage, Status,
};

#[tokio::test]
async fn a_resignation_ends_the_game_for_everyone_and_a_rematch_swaps_the_seats() {
    let server = TestServer::start().await;
    let created = server.create("kingulu", Some("north")).await;
    assert_eq!(created.seat, Seat::North);
    let mut north = server.connect(&format!("token={}", created.token)).await;
    assert_eq!(north.snapshot().await.seat, Some(Seat::North));
    let mut south = server
        .connect(&format!("token={}", invitation(&created)))
        .await;
    assert_eq!(south.snapshot().await.seat, Some(Seat::South));
    north.recv().await; // South's presence.
    let mut watcher = server.connect(&format!("game={}", created.game)).await;
    watcher.snapshot().await;

    // One move, then North resigns (out of turn: resigning needs no turn).
    let mut game = Game::new(Variant::Kingulu);
    let first = pick(&game);
    game.play(first).unwrap();
    south.play(0, &first.to_string()).await;
    for client in [&mut south, &mut north, &mut watcher] {
        expect_moved(client, &game, 0).await;
    }
    north.send(&ClientMessage::Resign).await;
    let resigned = GameResult::resigned(Seat::North);
    for client in [&mut south, &mut north, &mut watcher] {
        assert_eq!(
            client.recv().await,
            ServerMessage::Over { result: resigned }
        );
    }
    // Nothing more to play or resign.
    north.play(1, &pick(&game).to_string()).await;
    assert!(matches!(north.recv().await, ServerMessage::Error(e) if e.code == ErrorCode::GameOver));
    south.send(&ClientMessage::Resign).await;
    assert!(matches!(south.recv().await, ServerMessage::Error(e) if e.code == ErrorCode::GameOver));
    let end = watcher.sync().await;
    assert_eq!((end.status, end.result), (Status::Over, Some(resigned)));
    assert_eq!(end.moves, vec![first.to_string()]);

    // A rematch once both asked; each player gets its own token.
    let (for_south, for_north) = both_ask_for_a_rematch(&mut south, &mut north).await;
    assert_ne!(for_south.game, created.game);
    // Asked again (after a reconnect, say): the same answer, to the asker alone.
    south.send(&ClientMessage::Rematch).await;
    assert_eq!(expect_rematch(south.recv().await), for_south.clone());
    // The watcher was not sent anything: its next message is the snapshot it asks for.
    watcher.sync().await;

    // The seats are swapped: South of the old game plays North of the new one.
    let mut new_north = server.connect(&format!("token={}", for_south.token)).await;
    let snapshot = new_north.snapshot().await;
    assert_eq!(snapshot.seat, Some(Seat::North));
    assert_eq!(snapshot.game, for_south.game);
    assert_eq!(snapshot.variant, Variant::Kingulu);
    assert!(snapshot.moves.is_empty() && snapshot.status == Status::Playing);
    let mut new_south = server.connect(&format!("token={}", for_north.token)).await;
    assert_eq!(new_south.snapshot().await.seat, Some(Seat::South));
    let Rematch { game: new_id, .. } = for_north;
    let mut new_game = Game::new(Variant::Kingulu);
    let opening = pick(&new_game);
    new_game.play(opening).unwrap();
    new_north.recv().await; // The new South's presence.
    new_south.play(0, &opening.to_string()).await;
    expect_moved(&mut new_south, &new_game, 0).await;
    expect_moved(&mut new_north, &new_game, 0).await;
    assert_eq!(new_north.sync().await.game, new_id);
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_player_who_drops_comes_back_with_the_token_and_plays_on() {
    let server = TestServer::start().await;
    let created = server.create("kimasai", None).await;
    let (mut south, mut north) = seat_both(server.address, &created).await;
    let mut game = Game::new(Variant::Kimasai);
    play_in_turn(&mut south, &mut north, &mut game, 4).await;
    // South's connection breaks (no close frame).
    drop(south);
    let gone = Present {
        south: false,
        north: true,
    };
    assert_eq!(
        north.recv().await,
        ServerMessage::Presence { present: gone }
    );

    let mut south = server.connect(&format!("token={}", created.token)).await;
    let snapshot = south.snapshot().await;
    assert_eq!(snapshot.seat, Some(Seat::South));
    assert_eq!(snapshot.moves.len(), 4);
    assert_eq!(snapshot.position, game.position().to_setup());
    assert_eq!(
        north.recv().await,
        ServerMessage::Presence {
            present: Present {
                south: true,
                north: true
            }
        }
    );
    // South sends its last move again, not knowing whether it arrived: harmless.
    south.play(2, &game.moves()[2].to_string()).await;
    expect_moved(&mut south, &game, 2).await;
    let mv = pick(&game);
    game.play(mv).unwrap();
    south.play(4, &mv.to_string()).await;
    expect_moved(&mut south, &game, 4).await;
    expect_moved(&mut north, &game, 4).await;
    server.server.shutdown().await;
}
