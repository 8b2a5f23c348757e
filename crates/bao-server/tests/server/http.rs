//! The HTTP API: health, creating games (and the limit on it), a game's snapshot, errors.

use crate::common::{TestServer, game_snapshot, request};
use bao_protocol::{ErrorBody, Health, HttpErrorCode, Seat};
use bao_server::Timing;

#[tokio::test]
async fn health_says_ok_and_the_protocol_version() {
    let server = TestServer::start().await;
    let (status, body) = request(server.address, "GET", "/health", None).await;
    assert_eq!(status, 200);
    let health: Health = serde_json::from_str(&body).unwrap();
    assert_eq!(
        health,
        Health {
            ok: true,
            protocol: 1
        }
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_created_game_has_two_long_distinct_tokens_and_the_seat_asked_for() {
    let server = TestServer::start().await;
    for (asked, seats) in [
        (None, vec![Seat::South]),
        (Some("south"), vec![Seat::South]),
        (Some("north"), vec![Seat::North]),
        (Some("random"), vec![Seat::South, Seat::North]),
    ] {
        let created = server.create("kujifunza", asked).await;
        assert!(seats.contains(&created.seat), "{asked:?}: {created:?}");
        let invite = created.invite.clone().expect("an invitation");
        assert!(!created.paired);
        for token in [&created.token, &invite] {
            // 128 random bits or more, URL-safe.
            assert!(token.len() >= 32, "{token}");
            assert!(
                token
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            );
        }
        assert_ne!(created.token, invite);
        assert_ne!(created.token, created.game);
    }
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_game_is_shown_to_anyone_with_its_id_and_unknown_ones_are_404() {
    let server = TestServer::start().await;
    let created = server.create("kigogo", None).await;
    let (snapshot, body) = game_snapshot(server.address, &created.game).await;
    assert_eq!(snapshot.seat, None);
    assert_eq!(snapshot.game, created.game);
    let invite = created.invite.as_deref().expect("an invitation");
    assert!(!body.contains(&created.token) && !body.contains(invite));

    let (status, body) = request(server.address, "GET", "/api/games/nothing", None).await;
    assert_eq!(status, 404);
    let error: ErrorBody = serde_json::from_str(&body).unwrap();
    assert_eq!(error.error, HttpErrorCode::UnknownGame);
    server.server.shutdown().await;
}

#[tokio::test]
async fn bad_bodies_get_400_with_an_error_body() {
    let server = TestServer::start().await;
    for (body, code) in [
        (r#"{"variant":"chess"}"#, HttpErrorCode::UnknownVariant),
        (
            r#"{"variant":"kigogo","seat":"east"}"#,
            HttpErrorCode::BadRequest,
        ),
        (r#"{"seat":"south"}"#, HttpErrorCode::BadRequest),
        ("not json", HttpErrorCode::BadRequest),
        ("", HttpErrorCode::BadRequest),
    ] {
        let (status, answer) = request(server.address, "POST", "/api/games", Some(body)).await;
        assert_eq!(status, 400, "{body}: {answer}");
        let error: ErrorBody = serde_json::from_str(&answer).unwrap();
        assert_eq!(error.error, code, "{body}");
        assert!(!error.message.is_empty());
    }
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_31st_game_in_a_minute_from_one_address_gets_429() {
    let server = TestServer::start().await;
    for _ in 0..30 {
        server.create("kingulu", None).await;
    }
    let (status, body) = request(
        server.address,
        "POST",
        "/api/games",
        Some(r#"{"variant":"kingulu"}"#),
    )
    .await;
    assert_eq!(status, 429, "{body}");
    let error: ErrorBody = serde_json::from_str(&body).unwrap();
    assert_eq!(error.error, HttpErrorCode::RateLimited);
    // Other requests are not limited.
    assert_eq!(request(server.address, "GET", "/health", None).await.0, 200);
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_web_folder_is_served_at_the_root_beside_the_api() {
    let web = tempfile::tempdir().unwrap();
    std::fs::write(web.path().join("index.html"), "<title>Bao</title>").unwrap();
    std::fs::write(web.path().join("bao.js"), "export {};").unwrap();
    let server = TestServer::start_serving(Timing::default(), Some(web.path().to_path_buf())).await;
    let (status, body) = request(server.address, "GET", "/", None).await;
    assert_eq!((status, body.as_str()), (200, "<title>Bao</title>"));
    let (status, body) = request(server.address, "GET", "/bao.js", None).await;
    assert_eq!((status, body.as_str()), (200, "export {};"));
    assert_eq!(
        request(server.address, "GET", "/missing.wasm", None)
            .await
            .0,
        404
    );
    assert_eq!(request(server.address, "GET", "/health", None).await.0, 200);
    server.create("kigogo", None).await;
    server.server.shutdown().await;
}

/// A GET with `Accept-Encoding: ACCEPT`; the whole answer, head and body.
async fn get_accepting(address: std::net::SocketAddr, path: &str, accept: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn files_compressed_beside_the_web_folders_originals_go_out_compressed() {
    // scripts/build-web.sh writes `.br` and `.gz` beside the wasm and Kingulu's endgame table.
    let web = tempfile::tempdir().unwrap();
    let tables = web.path().join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    std::fs::write(tables.join("kingulu-web.tbl"), "the table").unwrap();
    std::fs::write(tables.join("kingulu-web.tbl.br"), "brotli bytes").unwrap();
    std::fs::write(tables.join("kingulu-web.tbl.gz"), "gzip bytes").unwrap();
    let server = TestServer::start_serving(Timing::default(), Some(web.path().to_path_buf())).await;
    let path = "/tables/kingulu-web.tbl";
    let br = get_accepting(server.address, path, "gzip, deflate, br").await;
    assert!(
        br.to_ascii_lowercase().contains("content-encoding: br"),
        "{br}"
    );
    assert!(br.ends_with("brotli bytes"), "{br}");
    let gz = get_accepting(server.address, path, "gzip").await;
    assert!(gz.ends_with("gzip bytes"), "{gz}");
    let plain = get_accepting(server.address, path, "identity").await;
    assert!(plain.ends_with("the table"), "{plain}");
    assert!(
        !plain.to_ascii_lowercase().contains("content-encoding"),
        "{plain}"
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn errors_made_by_the_framework_are_error_bodies_too() {
    let server = TestServer::start().await;
    let big = format!(r#"{{"variant":"kigogo","pad":"{}"}}"#, "x".repeat(10_000));
    for (method, path, body, status, code) in [
        (
            "GET",
            "/api/games",
            None,
            405,
            HttpErrorCode::MethodNotAllowed,
        ),
        (
            "DELETE",
            "/health",
            None,
            405,
            HttpErrorCode::MethodNotAllowed,
        ),
        ("GET", "/ws?game=x", None, 400, HttpErrorCode::BadRequest),
        (
            "POST",
            "/api/games",
            Some(big.as_str()),
            413,
            HttpErrorCode::TooLarge,
        ),
        ("GET", "/index.html", None, 404, HttpErrorCode::NotFound),
    ] {
        let (got, answer) = request(server.address, method, path, body).await;
        let error: ErrorBody = serde_json::from_str(&answer)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}: {answer}"));
        assert_eq!(
            (got, error.error),
            (status, code),
            "{method} {path}: {answer}"
        );
        assert!(!error.message.is_empty());
    }
    server.server.shutdown().await;
}
