//! Pings and the silence limit, with the timers shortened so that the test takes a second.

use crate::common::{PATIENCE, TestServer};
use bao_server::Timing;
use futures_util::StreamExt;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const SHORT: Timing = Timing {
    ping_interval: Duration::from_millis(100),
    silence_limit: Duration::from_millis(400),
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
