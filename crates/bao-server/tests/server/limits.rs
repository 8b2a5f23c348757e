//! Pings, the silence limit and idle games, with the timers shortened so that each test takes
//! a few seconds.

use crate::common::{PATIENCE, TestServer, invitation};
use crate::play::{expect_moved, pick};
use bao_engine::{Game, Variant};
use bao_server::Timing;
use futures_util::StreamExt;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const SHORT: Timing = Timing {
    ping_interval: Duration::from_millis(100),
    silence_limit: Duration::from_millis(800),
    idle_game: Duration::from_millis(300),
    keep_finished: bao_server::KEEP_FINISHED,
    sweep_every: Duration::from_secs(3600),
};

#[tokio::test]
async fn the_server_pings_and_a_client_that_answers_stays() {
    let server = TestServer::start_with(SHORT).await;
    let created = server.create("kigogo", None).await;
    let mut client = server.connect(&format!("token={}", created.token)).await;
    client.snapshot().await;
    let ping = tokio::time::timeout(PATIENCE, client.raw().next())
        .await
        .expect("a frame in time");
    assert!(matches!(ping, Some(Ok(Message::Ping(_)))), "{ping:?}");
    // Reading the socket answers the pings (tungstenite sends the pongs): three silence limits
    // later the socket is still open.
    let until = tokio::time::Instant::now() + 3 * SHORT.silence_limit;
    while tokio::time::Instant::now() < until {
        let _ = tokio::time::timeout(Duration::from_millis(50), client.raw().next()).await;
    }
    assert!(client.sync().await.moves.is_empty());
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_silent_socket_is_closed() {
    let server = TestServer::start_with(SHORT).await;
    let created = server.create("kigogo", None).await;
    let mut client = server.connect(&format!("token={}", created.token)).await;
    client.snapshot().await;
    // Not reading: the pings are not answered.
    tokio::time::sleep(3 * SHORT.silence_limit).await;
    let (code, _) = client.closed().await;
    assert_eq!(code, Some(1001));
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_game_without_sockets_leaves_memory_and_comes_back_from_the_database() {
    let server = TestServer::start_with(SHORT).await;
    let created = server.create("kingulu", None).await;
    let mut south = server.connect(&format!("token={}", created.token)).await;
    south.snapshot().await;
    let mut game = Game::new(Variant::Kingulu);
    let mv = pick(&game);
    game.play(mv).unwrap();
    south.play(0, &mv.to_string()).await;
    expect_moved(&mut south, &game, 0).await;
    // While a socket is open the game stays.
    tokio::time::sleep(2 * SHORT.idle_game).await;
    assert_eq!(server.server.games_in_memory(), 1);
    south.leave().await;
    let until = tokio::time::Instant::now() + PATIENCE;
    while server.server.games_in_memory() > 0 {
        assert!(
            tokio::time::Instant::now() < until,
            "the idle game did not stop"
        );
        tokio::time::sleep(SHORT.idle_game / 4).await;
    }
    let mut north = server
        .connect(&format!("token={}", invitation(&created)))
        .await;
    let snapshot = north.snapshot().await;
    assert_eq!(snapshot.moves, vec![mv.to_string()]);
    assert_eq!(server.server.games_in_memory(), 1);
    let reply = pick(&game);
    game.play(reply).unwrap();
    north.play(1, &reply.to_string()).await;
    expect_moved(&mut north, &game, 1).await;
    server.server.shutdown().await;
}
