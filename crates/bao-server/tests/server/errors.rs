//! Every refusal of the protocol, each answered as it says, the game intact afterwards.

use crate::common::{Client, TestServer, seat_both};
use crate::play::{expect_moved, pick};
use bao_engine::{Game, Move, Variant};
use bao_protocol::{ClientMessage, ErrorCode, ErrorMessage, Present, ServerMessage};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

/// Reads the next message, which must be an error with `code` and `ply`.
async fn expect_error(client: &mut Client, code: ErrorCode, ply: u32) {
    match client.recv().await {
        ServerMessage::Error(ErrorMessage {
            code: got,
            ply: at,
            message,
        }) => {
            assert_eq!((got, at), (code, ply), "{message}");
            assert!(!message.is_empty());
        }
        other => panic!("expected {code}, got {other:?}"),
    }
}

/// A well-formed move that is not legal in `game`'s position.
fn illegal_move(game: &Game) -> Move {
    let legal = game.legal_moves();
    (1..=12)
        .flat_map(|n| [format!("a{n}"), format!("b{n}")])
        .filter_map(|text| text.parse::<Move>().ok())
        .find(|mv| !legal.contains(mv))
        .expect("some pit cannot start a move")
}

/// A Kigogo game with both players and a watcher connected and their snapshots read.
pub struct Table {
    server: TestServer,
    south: Client,
    north: Client,
    watcher: Client,
    game: Game,
    token: String,
    invite: String,
}

async fn table() -> Table {
    table_on(TestServer::start().await).await
}

/// The table on a given server.
pub async fn table_on(server: TestServer) -> Table {
    let created = server.create("kigogo", Some("south")).await;
    let (south, north) = seat_both(server.address, &created).await;
    let mut watcher = server.connect(&format!("game={}", created.game)).await;
    watcher.snapshot().await;
    Table {
        server,
        south,
        north,
        watcher,
        game: Game::new(Variant::Kigogo),
        token: created.token,
        invite: created.invite.expect("an invitation"),
    }
}

#[tokio::test]
async fn refused_moves_get_their_error_and_leave_the_game_untouched() {
    refuse_moves(table().await).await;
}

/// Every refusal of a `move` at `t`, each leaving the game as it was; shuts the server down.
pub async fn refuse_moves(mut t: Table) {
    // An illegal move and a text that is no move at all.
    let illegal = illegal_move(&t.game);
    t.south.play(0, &illegal.to_string()).await;
    expect_error(&mut t.south, ErrorCode::IllegalMove, 0).await;
    t.south.play(0, "zz").await;
    expect_error(&mut t.south, ErrorCode::IllegalMove, 0).await;
    // North out of turn, the watcher trying to play.
    let first = pick(&t.game);
    t.north.play(0, &first.to_string()).await;
    expect_error(&mut t.north, ErrorCode::NotYourTurn, 0).await;
    t.watcher.play(0, &first.to_string()).await;
    expect_error(&mut t.watcher, ErrorCode::Watching, 0).await;
    t.watcher.send(&ClientMessage::Resign).await;
    expect_error(&mut t.watcher, ErrorCode::Watching, 0).await;
    // A ply from the future.
    t.south.play(3, &first.to_string()).await;
    expect_error(&mut t.south, ErrorCode::StalePly, 0).await;

    // Nothing of that reached the others or the game.
    let snapshot = t.watcher.sync().await;
    assert!(snapshot.moves.is_empty());
    assert_eq!(snapshot.position, t.game.position().to_setup());

    // The first move is accepted; then a stale ply from North.
    t.game.play(first).unwrap();
    t.south.play(0, &first.to_string()).await;
    for client in [&mut t.south, &mut t.north, &mut t.watcher] {
        expect_moved(client, &t.game, 0).await;
    }
    t.north.play(0, &first.to_string()).await;
    expect_error(&mut t.north, ErrorCode::StalePly, 1).await;

    // South sends its move again (as after a reconnect): its `moved` again, to South alone.
    t.south.play(0, &first.to_string()).await;
    expect_moved(&mut t.south, &t.game, 0).await;
    // The same ply with another move is stale.
    let other = t.game.positions()[0]
        .legal_moves()
        .iter()
        .copied()
        .find(|m| *m != first)
        .expect("a second move at the start");
    t.south.play(0, &other.to_string()).await;
    expect_error(&mut t.south, ErrorCode::StalePly, 1).await;
    // North gets nothing from all that: its next message is the snapshot it asks for.
    let snapshot = t.north.sync().await;
    assert_eq!(snapshot.moves, vec![first.to_string()]);

    // The game goes on.
    let second = pick(&t.game);
    t.game.play(second).unwrap();
    t.north.play(1, &second.to_string()).await;
    for client in [&mut t.south, &mut t.north, &mut t.watcher] {
        expect_moved(client, &t.game, 1).await;
    }
    t.server.server.shutdown().await;
}

#[tokio::test]
async fn messages_that_are_not_the_protocol_get_bad_message() {
    let mut t = table().await;
    for text in [
        "not json",
        "{}",
        r#"{"t":"chat","text":"hello"}"#,
        r#"{"t":"move","move":"a3"}"#,
        r#"{"t":"move","ply":-1,"move":"a3"}"#,
    ] {
        t.south.send_text(text).await;
        expect_error(&mut t.south, ErrorCode::BadMessage, 0).await;
    }
    t.south
        .raw()
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    expect_error(&mut t.south, ErrorCode::BadMessage, 0).await;
    // A rematch while the game goes on is refused the same way.
    t.south.send(&ClientMessage::Rematch).await;
    expect_error(&mut t.south, ErrorCode::BadMessage, 0).await;
    let snapshot = t.south.sync().await;
    assert!(snapshot.moves.is_empty());
    t.server.server.shutdown().await;
}

#[tokio::test]
async fn an_oversized_frame_closes_the_socket_with_1009_and_the_game_goes_on() {
    let mut t = table().await;
    let huge = format!(r#"{{"t":"sync","pad":"{}"}}"#, "x".repeat(5000));
    t.south.send_text(&huge).await;
    let (code, _) = t.south.closed().await;
    assert_eq!(code, Some(1009));
    // A frame of exactly the limit is still read (and refused as a message, not closed).
    let frame = |pad: usize| format!(r#"{{"t":"sync","pad":"{}"}}"#, "y".repeat(pad));
    let exact = frame(4096 - frame(0).len());
    assert_eq!(exact.len(), 4096);
    let south_gone = ServerMessage::Presence {
        present: Present {
            south: false,
            north: true,
        },
    };
    assert_eq!(t.north.recv().await, south_gone);
    t.north.send_text(&exact).await;
    assert!(t.north.snapshot().await.moves.is_empty());

    let mut south = t.server.connect(&format!("token={}", t.token)).await;
    let snapshot = south.snapshot().await;
    assert!(snapshot.moves.is_empty());
    let first = pick(&t.game);
    t.game.play(first).unwrap();
    south.play(0, &first.to_string()).await;
    expect_moved(&mut south, &t.game, 0).await;
    t.server.server.shutdown().await;
}

#[tokio::test]
async fn a_flood_closes_the_socket_with_1008_and_the_game_goes_on() {
    let mut t = table().await;
    for _ in 0..30 {
        let sync = Message::Text(ClientMessage::Sync.to_json().into());
        // The connection may already be closed before the last ones are sent.
        let _ = t.north.raw().send(sync).await;
    }
    let (code, answered) = t.north.closed().await;
    assert_eq!(code, Some(1008));
    assert!(answered.len() <= 20, "{} answers", answered.len());
    let north_gone = ServerMessage::Presence {
        present: Present {
            south: true,
            north: false,
        },
    };
    assert_eq!(t.south.recv().await, north_gone);
    // Twenty in a second are allowed.
    for _ in 0..20 {
        t.south.send(&ClientMessage::Sync).await;
    }
    for _ in 0..20 {
        t.south.snapshot().await;
    }
    let mut north = t.server.connect(&format!("token={}", t.invite)).await;
    assert!(north.snapshot().await.moves.is_empty());
    t.server.server.shutdown().await;
}

#[tokio::test]
async fn an_unknown_token_or_game_gets_an_error_then_close_1008() {
    let server = TestServer::start().await;
    for (query, code) in [
        (
            "token=0123456789abcdef0123456789abcdef",
            ErrorCode::UnknownToken,
        ),
        ("game=0123456789abcdef", ErrorCode::UnknownGame),
        ("", ErrorCode::UnknownGame),
    ] {
        let mut client = server.connect(query).await;
        let (close, before) = client.closed().await;
        assert_eq!(close, Some(1008), "{query}");
        match before.as_slice() {
            [ServerMessage::Error(e)] => assert_eq!(e.code, code, "{query}"),
            other => panic!("{query}: expected one error, got {other:?}"),
        }
    }
    server.server.shutdown().await;
}
