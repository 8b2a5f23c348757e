//! Finding an opponent and a game to watch: games open to anyone, the pairing of the first two
//! who want the same game, taking a listed seat, the list of games being played, and the
//! expiry of old games.

use crate::common::{Client, PATIENCE, TestServer, database_file, request, seat_both};
use crate::play::{expect_moved, pick};
use bao_engine::{Game, Variant};
use bao_protocol::{
    ClientMessage, ErrorBody, ErrorCode, GameCreated, HttpErrorCode, LiveGames, OpenGames, Present,
    Seat, ServerMessage,
};
use bao_server::{Config, DatabaseUrl, Limits, Server, Timing};
use std::time::Duration;

/// `POST /api/games` with `"open": true`; the status and the answer.
pub async fn wait_for_opponent(server: &TestServer, variant: &str) -> (u16, GameCreated) {
    let body = format!(r#"{{"variant":"{variant}","open":true}}"#);
    let (status, answer) = request(server.address, "POST", "/api/games", Some(&body)).await;
    assert!(status == 200 || status == 201, "{status} {answer}");
    (
        status,
        serde_json::from_str(&answer).expect("a GameCreated body"),
    )
}

pub async fn open_list(server: &TestServer, query: &str) -> OpenGames {
    let (status, body) = request(server.address, "GET", &format!("/api/open{query}"), None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).expect("an OpenGames body")
}

pub async fn live_list(server: &TestServer, query: &str) -> LiveGames {
    let (status, body) = request(server.address, "GET", &format!("/api/live{query}"), None).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).expect("a LiveGames body")
}

/// `POST /api/games/ID/join`: the status and the body.
async fn join(server: &TestServer, game: &str) -> (u16, String) {
    request(
        server.address,
        "POST",
        &format!("/api/games/{game}/join"),
        None,
    )
    .await
}

fn error_code(body: &str) -> HttpErrorCode {
    serde_json::from_str::<ErrorBody>(body)
        .expect("an error body")
        .error
}

impl TestServer {
    /// Whether a socket with `token` is answered with its game (not `unknown_token`).
    async fn token_is_known(&self, token: &str) -> bool {
        let mut client = self.connect(&format!("token={token}")).await;
        match client.recv().await {
            ServerMessage::Snapshot(_) => {
                client.leave().await;
                true
            }
            ServerMessage::Error(error) if error.code == ErrorCode::UnknownToken => false,
            other => panic!("expected a snapshot or unknown_token, got {other:?}"),
        }
    }
}

/// Reads messages until a `presence`, which must be `present`.
async fn expect_presence(client: &mut Client, present: Present) {
    match client.recv().await {
        ServerMessage::Presence { present: got } => assert_eq!(got, present),
        other => panic!("expected presence, got {other:?}"),
    }
}

#[tokio::test]
async fn the_first_two_who_wait_for_the_same_game_are_paired_and_play() {
    let server = TestServer::start().await;
    let (status, first) = wait_for_opponent(&server, "kigogo").await;
    assert_eq!(status, 201);
    assert!(!first.paired && first.invite.is_none(), "{first:?}");
    let mut creator = server.connect(&format!("token={}", first.token)).await;
    creator.snapshot().await;

    // Listed for anyone (and for its variant), not under another variant.
    let listed = open_list(&server, "").await.games;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(
        (listed[0].game.as_str(), listed[0].seat),
        (first.game.as_str(), first.seat.other())
    );
    assert_eq!(listed[0].variant, "kigogo");
    assert_eq!(open_list(&server, "?variant=kigogo").await.games, listed);
    assert!(
        open_list(&server, "?variant=kingulu")
            .await
            .games
            .is_empty()
    );

    // Somebody waiting for another game is not paired with it.
    let (status, other) = wait_for_opponent(&server, "kingulu").await;
    assert_eq!((status, other.paired), (201, false));

    let (status, second) = wait_for_opponent(&server, "kigogo").await;
    assert_eq!(status, 200);
    assert!(second.paired && second.invite.is_none(), "{second:?}");
    assert_eq!(
        (second.game.as_str(), second.seat),
        (first.game.as_str(), first.seat.other())
    );
    let kigogo = open_list(&server, "?variant=kigogo").await.games;
    assert!(kigogo.is_empty(), "taken, no longer listed: {kigogo:?}");

    let mut taker = server.connect(&format!("token={}", second.token)).await;
    let snapshot = taker.snapshot().await;
    assert_eq!(
        snapshot.present,
        Present {
            south: true,
            north: true
        }
    );
    expect_presence(&mut creator, snapshot.present).await;
    let [mut south, mut north] = match first.seat {
        Seat::South => [creator, taker],
        Seat::North => [taker, creator],
    };
    let mut game = Game::new(Variant::Kigogo);
    let mv = pick(&game);
    game.play(mv).expect("legal");
    south.play(0, &mv.to_string()).await;
    expect_moved(&mut south, &game, 0).await;
    expect_moved(&mut north, &game, 0).await;
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_listed_seat_is_taken_once_and_other_games_cannot_be_taken() {
    let server = TestServer::start().await;
    let (_, open) = wait_for_opponent(&server, "kujifunza").await;
    let mut creator = server.connect(&format!("token={}", open.token)).await;
    creator.snapshot().await;

    let (status, body) = join(&server, &open.game).await;
    assert_eq!(status, 200, "{body}");
    let taken: GameCreated = serde_json::from_str(&body).expect("a GameCreated body");
    assert_eq!((taken.seat, taken.paired), (open.seat.other(), true));
    assert_ne!(taken.token, open.token);
    let mut taker = server.connect(&format!("token={}", taken.token)).await;
    assert_eq!(taker.snapshot().await.seat, Some(open.seat.other()));

    let (status, body) = join(&server, &open.game).await;
    assert_eq!((status, error_code(&body)), (409, HttpErrorCode::Taken));
    // A game between invited friends is never offered.
    let invited = server.create("kujifunza", None).await;
    let (status, body) = join(&server, &invited.game).await;
    assert_eq!((status, error_code(&body)), (409, HttpErrorCode::Taken));
    let (status, body) = join(&server, "0123456789abcdef").await;
    assert_eq!(
        (status, error_code(&body)),
        (404, HttpErrorCode::UnknownGame)
    );
    let (status, body) = request(server.address, "GET", "/api/open?variant=chess", None).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, HttpErrorCode::UnknownVariant)
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_game_being_played_is_listed_until_it_ends() {
    let server = TestServer::start().await;
    let created = server.create("kimasai", None).await;
    let (mut south, mut north) = seat_both(server.address, &created).await;
    assert!(live_list(&server, "").await.games.is_empty(), "no move yet");

    let mut game = Game::new(Variant::Kimasai);
    for ply in 0..2 {
        let mv = pick(&game);
        game.play(mv).expect("legal");
        let mover = if ply == 0 { &mut south } else { &mut north };
        mover.play(ply, &mv.to_string()).await;
        expect_moved(&mut south, &game, ply).await;
        expect_moved(&mut north, &game, ply).await;
    }
    let live = live_list(&server, "?variant=kimasai").await.games;
    assert_eq!(live.len(), 1, "{live:?}");
    // The row is brought up to date by a game's first move and then every 20 s, not by every
    // move: the second, a moment later, is not counted yet.
    assert_eq!(
        (live[0].game.as_str(), live[0].ply),
        (created.game.as_str(), 1)
    );
    assert!(live_list(&server, "?variant=kigogo").await.games.is_empty());

    south.send(&ClientMessage::Resign).await;
    assert!(matches!(south.recv().await, ServerMessage::Over { .. }));
    assert!(live_list(&server, "").await.games.is_empty(), "over");
    server.server.shutdown().await;
}

#[tokio::test]
async fn old_finished_games_and_untouched_invitations_expire_and_games_in_progress_stay() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start(Config {
        listen: "127.0.0.1:0".parse().expect("an address"),
        database: DatabaseUrl::Sqlite(database_file(&folder)),
        web: None,
        timing: Timing {
            keep_finished: Duration::from_secs(1),
            sweep_every: Duration::from_millis(200),
            // A game's actor answers from memory while it runs: it stops soon after its last
            // socket here, and the API then reads the database.
            idle_game: Duration::from_millis(300),
            ..Timing::default()
        },
        limits: Limits::default(),
    })
    .await
    .expect("the server starts");
    let server = TestServer::wrap(server);

    let finished = server.create("kigogo", None).await;
    let mut resigner = server.connect(&format!("token={}", finished.token)).await;
    resigner.snapshot().await;
    resigner.send(&ClientMessage::Resign).await;
    assert!(matches!(resigner.recv().await, ServerMessage::Over { .. }));
    resigner.leave().await;

    let going_on = server.create("kigogo", None).await;
    let mut player = server.connect(&format!("token={}", going_on.token)).await;
    player.snapshot().await;
    let mut game = Game::new(Variant::Kigogo);
    let mv = pick(&game);
    game.play(mv).expect("legal");
    player.play(0, &mv.to_string()).await;
    expect_moved(&mut player, &game, 0).await;
    player.leave().await;

    let untouched = server.create("kigogo", None).await;

    // Seconds are the stored unit: a game is old once a whole second has passed after the
    // kept second, so the sweep that deletes it comes within about 3 s. A token is looked up in
    // the database (a game's actor may still answer a snapshot from memory for a while).
    let deadline = tokio::time::Instant::now() + PATIENCE;
    for token in [&finished.token, &untouched.token] {
        while server.token_is_known(token).await {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{token}'s game not expired"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    assert!(
        server.token_is_known(&going_on.token).await,
        "a game in progress is kept"
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_database_of_the_first_version_is_migrated_and_its_games_go_on() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let file = database_file(&folder);
    let game = Game::new(Variant::Kigogo);
    let mv = pick(&game);
    write_first_version(&file, &game.position().to_json(), &mv.to_string()).await;
    let server = Server::start(Config {
        listen: "127.0.0.1:0".parse().expect("an address"),
        database: DatabaseUrl::Sqlite(file),
        web: None,
        timing: Timing::default(),
        limits: Limits::default(),
    })
    .await
    .expect("the server starts on the old database");
    let server = TestServer::wrap(server);
    let live = live_list(&server, "").await.games;
    assert_eq!(live.len(), 1, "the old game's move counts: {live:?}");
    assert_eq!(
        (live[0].game.as_str(), live[0].ply),
        ("00000000000000aa", 1)
    );
    let mut north = server.connect(&format!("token={}", "n".repeat(32))).await;
    let snapshot = north.snapshot().await;
    assert_eq!(snapshot.moves, vec![mv.to_string()]);
    server.server.shutdown().await;
}

/// Writes a database as the server's first version made it: its two tables, one game with one
/// move (South's tokens all `s`, North's all `n`).
async fn write_first_version(file: &std::path::Path, start: &str, mv: &str) {
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(file)
        .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options)
        .await
        .expect("a new SQLite file");
    for statement in [
        "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, start TEXT NOT NULL,
             south_token TEXT NOT NULL UNIQUE, north_token TEXT NOT NULL UNIQUE,
             resigned TEXT, rematch TEXT, created_at INTEGER NOT NULL)",
        "CREATE TABLE moves (game TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
             move TEXT NOT NULL, seat TEXT NOT NULL, played_at INTEGER NOT NULL,
             UNIQUE (game, ply))",
    ] {
        sqlx::query(statement)
            .execute(&pool)
            .await
            .expect("a table");
    }
    sqlx::query(
        "INSERT INTO games VALUES ('00000000000000aa', 'kigogo', $1, $2, $3, NULL, NULL,
             strftime('%s', 'now'))",
    )
    .bind(start)
    .bind("s".repeat(32))
    .bind("n".repeat(32))
    .execute(&pool)
    .await
    .expect("a game");
    sqlx::query(
        "INSERT INTO moves VALUES ('00000000000000aa', 0, $1, 'south', strftime('%s', 'now'))",
    )
    .bind(mv)
    .execute(&pool)
    .await
    .expect("a move");
    pool.close().await;
}
