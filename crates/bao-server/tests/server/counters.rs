//! What a game's actor counts in `/metrics`: the moves stored, how long each took from its
//! arrival to its commit, and every refusal by its error code.

use crate::common::{Client, TestServer, request, seat_both};
use crate::play::{pick, play_in_turn};
use bao_engine::{Game, Variant};
use bao_protocol::{ErrorCode, ServerMessage};

/// `/metrics`' lines.
async fn scrape(server: &TestServer) -> Vec<String> {
    let (status, text) = request(server.address, "GET", "/metrics", None).await;
    assert_eq!(status, 200, "{text}");
    text.lines().map(str::to_owned).collect()
}

/// The next message, which must be an error with `code`.
async fn expect_refused(client: &mut Client, code: ErrorCode) {
    match client.recv().await {
        ServerMessage::Error(error) => assert_eq!(error.code, code, "{error:?}"),
        other => panic!("expected {code:?}, got {other:?}"),
    }
}

#[tokio::test]
async fn moves_their_commit_times_and_refusals_are_counted() {
    let server = TestServer::start().await;
    let created = server.create("kigogo", Some("south")).await;
    let (mut south, mut north) = seat_both(server.address, &created).await;
    let mut game = Game::new(Variant::Kigogo);
    play_in_turn(&mut south, &mut north, &mut game, 2).await;

    // South is to move: North's move is out of turn, and South's of ply 0 is stale.
    north.play(2, &pick(&game).to_string()).await;
    expect_refused(&mut north, ErrorCode::NotYourTurn).await;
    south.play(0, "zz").await;
    expect_refused(&mut south, ErrorCode::StalePly).await;

    let lines = scrape(&server).await;
    for counted in [
        "bao_moves_total 2",
        "bao_commit_seconds_count 2",
        r#"bao_refusals_total{reason="not_your_turn"} 1"#,
        r#"bao_refusals_total{reason="stale_ply"} 1"#,
    ] {
        assert!(lines.iter().any(|l| l == counted), "{counted}: {lines:#?}");
    }
    server.server.shutdown().await;
}
