//! The server on the open internet: connections capped overall and per address, half-sent
//! headers and silent connections closed, the client's address read from a trusted proxy only,
//! WebSocket connects and lookups limited per address, a stop that ends with half-open
//! connections, `/ready`, `/metrics`, and an access log without tokens (the real binary).

use crate::common::{Client, PATIENCE, TestServer, create_game, request};
use bao_server::{Limits, TrustedProxies};
use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::Instant;

/// A connection from the loopback address `from` (127.0.0.1, 127.0.0.2, …: all of 127/8 is
/// the local host, and the server sees each as another client).
async fn connect_from(from: &str, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    let from: IpAddr = from.parse().expect("an address");
    socket.bind(SocketAddr::new(from, 0)).expect("binds");
    socket.connect(to).await.expect("connects")
}

/// Half a request header, never finished.
async fn half_open(from: &str, to: SocketAddr) -> TcpStream {
    let mut stream = connect_from(from, to).await;
    stream
        .write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\nX-Wait")
        .await
        .expect("writes");
    stream
}

/// A request whose header is whole and whose body (100 bytes announced, 1 sent) never comes.
async fn slow_body(from: &str, to: SocketAddr) -> TcpStream {
    let mut stream = connect_from(from, to).await;
    stream
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: bao\r\nContent-Length: 100\r\n\r\n{")
        .await
        .expect("writes");
    stream
}

/// Reads until the server closes the connection (or `PATIENCE` runs out: a panic).
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut buffer = [0; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => answer.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server kept the connection open");
    String::from_utf8_lossy(&answer).into_owned()
}

/// One request over a connection from `from` with extra header lines; status and body.
async fn request_from(
    from: &str,
    to: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String) {
    let mut stream = connect_from(from, to).await;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: bao\r\nConnection: close\r\n{headers}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.expect("writes");
    let answer = read_to_close(&mut stream).await;
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {answer:?}"));
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_owned())
}

fn create_body() -> &'static str {
    r#"{"variant":"kigogo"}"#
}

/// `POST /api/games` (a game of Kigogo) over a connection from `from`, with extra header lines;
/// status and body.
async fn create_from(from: &str, to: SocketAddr, headers: &str) -> (u16, String) {
    request_from(from, to, "POST", "/api/games", headers, create_body()).await
}

/// The value of the sample `line` (a metric with its labels) in `/metrics`, scraped from an
/// address of its own (127.0.0.9), as a monitoring system's would be.
async fn metric(server: &TestServer, line: &str) -> f64 {
    let (status, text) = request_from("127.0.0.9", server.address, "GET", "/metrics", "", "").await;
    assert_eq!(status, 200, "{text}");
    text.lines()
        .find_map(|l| l.strip_prefix(line)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

#[tokio::test]
async fn half_open_connections_from_one_address_take_its_share_only_and_others_are_served() {
    let server = TestServer::start_limited(Limits {
        max_connections_per_address: 8,
        ..Limits::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..8 {
        held.push(half_open("127.0.0.1", server.address).await);
    }
    // The ninth to the fortieth are refused at once with a 503 that says why.
    for _ in 8..40 {
        let mut refused = half_open("127.0.0.1", server.address).await;
        let answer = read_to_close(&mut refused).await;
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
        assert!(
            answer.contains("too many connections from this address"),
            "{answer:?}"
        );
    }
    // Another address is served: its health, a new game.
    let (status, body) = request_from("127.0.0.2", server.address, "GET", "/health", "", "").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = create_from("127.0.0.2", server.address, "").await;
    assert_eq!(status, 201, "{body}");
    let refused = r#"bao_connections_refused_total{reason="per_address"}"#;
    assert_eq!(metric(&server, refused).await, 32.0);
    // A held connection that ends gives its place back.
    drop(held.pop());
    let until = Instant::now() + PATIENCE;
    loop {
        let (status, _) = request_from("127.0.0.1", server.address, "GET", "/health", "", "").await;
        if status == 200 {
            break;
        }
        assert!(Instant::now() < until, "the place did not come back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.server.shutdown().await;
}

#[tokio::test]
async fn the_total_cap_refuses_everyone_beyond_it() {
    let server = TestServer::start_limited(Limits {
        max_connections: 5,
        ..Limits::default()
    })
    .await;
    let mut held = Vec::new();
    for from in [
        "127.0.0.1",
        "127.0.0.2",
        "127.0.0.3",
        "127.0.0.4",
        "127.0.0.5",
    ] {
        held.push(half_open(from, server.address).await);
    }
    let mut refused = half_open("127.0.0.6", server.address).await;
    let answer = read_to_close(&mut refused).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer:?}");
    drop(held);
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_header_that_does_not_arrive_in_time_closes_its_connection() {
    let header_timeout = Duration::from_millis(300);
    let server = TestServer::start_limited(Limits {
        header_timeout,
        ..Limits::default()
    })
    .await;
    let started = Instant::now();
    let mut slow = half_open("127.0.0.1", server.address).await;
    read_to_close(&mut slow).await;
    assert!(
        started.elapsed() >= header_timeout,
        "closed before its time"
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_header_over_16_kib_is_refused() {
    let server = TestServer::start().await;
    let cookie = format!("Cookie: {}\r\n", "a".repeat(20 * 1024));
    let (status, _) =
        request_from("127.0.0.1", server.address, "GET", "/health", &cookie, "").await;
    assert_eq!(status, 431);
    let (status, _) = request_from("127.0.0.1", server.address, "GET", "/health", "", "").await;
    assert_eq!(status, 200);
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_body_sent_too_slowly_gets_408_and_the_server_goes_on() {
    let server = TestServer::start_limited(Limits {
        request_timeout: Duration::from_millis(300),
        ..Limits::default()
    })
    .await;
    let mut slow = slow_body("127.0.0.1", server.address).await;
    let answer = read_to_close(&mut slow).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
    assert!(answer.contains(r#""error":"internal""#), "{answer:?}");
    let (status, body) = request(server.address, "POST", "/api/games", Some(create_body())).await;
    assert_eq!(status, 201, "{body}");
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_silent_http_connection_is_closed_and_a_websocket_is_not() {
    let idle_timeout = Duration::from_millis(400);
    let server = TestServer::start_limited(Limits {
        idle_timeout,
        ..Limits::default()
    })
    .await;
    // A keep-alive connection after its answer: nothing more is said, it is closed.
    let mut kept = connect_from("127.0.0.1", server.address).await;
    kept.write_all(b"GET /health HTTP/1.1\r\nHost: bao\r\n\r\n")
        .await
        .expect("writes");
    let started = Instant::now();
    let answer = read_to_close(&mut kept).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    assert!(started.elapsed() >= idle_timeout, "closed before its time");
    // A player's socket sits quietly for longer and still plays (the pings keep it).
    let created = server.create("kigogo", None).await;
    let mut player = server.connect(&format!("token={}", created.token)).await;
    player.snapshot().await;
    tokio::time::sleep(3 * idle_timeout).await;
    assert!(player.sync().await.moves.is_empty());
    server.server.shutdown().await;
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_window_of_creations() {
    let server = TestServer::start_limited(Limits {
        trusted_proxies: "127.0.0.1".parse::<TrustedProxies>().unwrap(),
        ..Limits::default()
    })
    .await;
    let first = "X-Forwarded-For: 198.51.100.1\r\n";
    for _ in 0..30 {
        let (status, body) = create_from("127.0.0.1", server.address, first).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, _) = create_from("127.0.0.1", server.address, first).await;
    assert_eq!(status, 429);
    // Another client behind the proxy; the first one's forged left-hand entry changes nothing.
    let second = "X-Forwarded-For: 198.51.100.1, 198.51.100.2\r\n";
    let (status, body) = create_from("127.0.0.1", server.address, second).await;
    assert_eq!(status, 201, "{body}");
    // A connection from an address that is not the proxy is its own client, whatever it says.
    let (status, body) = create_from("127.0.0.2", server.address, first).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        metric(&server, r#"bao_rate_limited_total{reason="games"}"#).await,
        1.0
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn forwarding_headers_from_an_untrusted_peer_do_not_escape_the_limit() {
    let server = TestServer::start().await;
    for n in 0..30 {
        let forged = format!("X-Forwarded-For: 203.0.113.{n}\r\n");
        let (status, body) = create_from("127.0.0.1", server.address, &forged).await;
        assert_eq!(status, 201, "{body}");
    }
    let forged = "X-Forwarded-For: 203.0.113.99\r\n";
    let (status, _) = create_from("127.0.0.1", server.address, forged).await;
    assert_eq!(status, 429);
    server.server.shutdown().await;
}

#[tokio::test]
async fn websocket_connects_and_lookups_are_limited_per_address() {
    let server = TestServer::start_limited(Limits {
        sockets_per_minute: 3,
        lookups_per_minute: 5,
        ..Limits::default()
    })
    .await;
    let created = server.create("kigogo", None).await;
    for _ in 0..3 {
        let mut watcher = server.connect(&format!("game={}", created.game)).await;
        watcher.snapshot().await;
    }
    let url = format!("ws://{}/ws?game={}", server.address, created.game);
    let refused = tokio_tungstenite::connect_async(url).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
        }
        other => panic!("expected a 429, got {other:?}"),
    }
    for _ in 0..5 {
        let (status, body) = request(server.address, "GET", "/api/open", None).await;
        assert_eq!(status, 200, "{body}");
    }
    let path = format!("/api/games/{}", created.game);
    let (status, body) = request(server.address, "GET", &path, None).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("rate_limited"), "{body}");
    // Another address still looks up.
    let (status, body) = request_from("127.0.0.2", server.address, "GET", &path, "", "").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        metric(&server, r#"bao_rate_limited_total{reason="sockets"}"#).await,
        1.0
    );
    assert_eq!(
        metric(&server, r#"bao_rate_limited_total{reason="lookups"}"#).await,
        1.0
    );
    server.server.shutdown().await;
}

#[tokio::test]
async fn a_stop_ends_within_its_timeout_with_half_open_connections_and_sockets_open() {
    let stop_timeout = Duration::from_millis(500);
    let server = TestServer::start_limited(Limits {
        stop_timeout,
        header_timeout: Duration::from_secs(120),
        idle_timeout: Duration::from_secs(120),
        request_timeout: Duration::from_secs(120),
        ..Limits::default()
    })
    .await;
    let created = server.create("kigogo", None).await;
    let mut player = server.connect(&format!("token={}", created.token)).await;
    player.snapshot().await;
    let mut held = Vec::new();
    for _ in 0..20 {
        held.push(half_open("127.0.0.1", server.address).await);
    }
    // Requests whose body never comes: the stop waits for them until its timeout.
    for _ in 0..3 {
        held.push(slow_body("127.0.0.2", server.address).await);
    }
    let (status, _) = request_from("127.0.0.3", server.address, "GET", "/health", "", "").await;
    assert_eq!(status, 200);
    let stopping = Instant::now();
    let stopped = tokio::time::timeout(4 * PATIENCE, server.server.shutdown()).await;
    assert!(stopped.is_ok(), "the stop did not end");
    assert!(
        stopping.elapsed() >= stop_timeout,
        "the slow requests were not waited for"
    );
    assert_eq!(player.closed().await.0, Some(1001));
    for mut stream in held {
        read_to_close(&mut stream).await;
    }
}

#[tokio::test]
async fn ready_checks_the_database_and_metrics_count_games_sockets_and_connections() {
    let server = TestServer::start().await;
    let (status, body) = request(server.address, "GET", "/ready", None).await;
    assert_eq!(
        (status, body.as_str()),
        (200, r#"{"ok":true,"protocol":1}"#)
    );
    let created = create_game(server.address, "kingulu", None).await;
    let mut player = Client::connect(server.address, &format!("token={}", created.token)).await;
    player.snapshot().await;
    let mut watcher = Client::connect(server.address, &format!("game={}", created.game)).await;
    watcher.snapshot().await;
    assert_eq!(metric(&server, "bao_games_created_total").await, 1.0);
    assert_eq!(metric(&server, "bao_sockets_open").await, 2.0);
    assert_eq!(metric(&server, "bao_games_live").await, 1.0);
    // The two sockets and the scrape's own connection.
    assert_eq!(metric(&server, "bao_connections_open").await, 3.0);
    watcher.leave().await;
    let until = Instant::now() + PATIENCE;
    while metric(&server, "bao_sockets_open").await != 1.0 {
        assert!(
            Instant::now() < until,
            "the watcher's socket was not counted out"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(player.sync().await.moves.is_empty());
    server.server.shutdown().await;
}

/// The real binary with `RUST_LOG` set: its stderr lines, collected by a thread.
struct Logged {
    child: std::process::Child,
    address: SocketAddr,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Logged {
    fn start(database: &std::path::Path, extra: &[&str]) -> Logged {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bao-server"))
            .args(["--listen", "127.0.0.1:0", "--db"])
            .arg(format!("sqlite:{}", database.display()))
            .args(extra)
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bao-server starts");
        let stdout = child.stdout.take().expect("piped");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("a first line");
        let address = first
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .parse()
            .expect("an address");
        let stderr = child.stderr.take().expect("piped");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Logged {
            child,
            address,
            lines,
        }
    }

    /// Lines logged until one contains `wanted` (panics after `PATIENCE`).
    fn until(&self, wanted: &str) -> Vec<String> {
        let mut seen = Vec::new();
        let until = std::time::Instant::now() + PATIENCE;
        while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
            let Ok(line) = self.lines.recv_timeout(left) else {
                break;
            };
            let done = line.contains(wanted);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("no line with {wanted:?} in {seen:#?}");
    }
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn the_access_log_has_a_line_per_request_and_socket_and_never_a_token() {
    let folder = tempfile::tempdir().unwrap();
    let server = Logged::start(&folder.path().join("games.sqlite"), &[]);
    let created = create_game(server.address, "kigogo", None).await;
    let mut lines = server.until("path=/api/games");
    let mut player = Client::connect(server.address, &format!("token={}", created.token)).await;
    player.snapshot().await;
    player.leave().await;
    lines.extend(server.until("seat=\"south\""));
    let text = lines.join("\n");
    assert!(text.contains("status=201"), "{text}");
    assert!(text.contains("client=127.0.0.1"), "{text}");
    assert!(text.contains(&created.game), "{text}");
    assert!(
        !text.contains(&created.token),
        "a token in the log:\n{text}"
    );
    assert!(
        !text.contains("token="),
        "a query string in the log:\n{text}"
    );
}

#[tokio::test]
async fn sigterm_with_half_open_connections_exits_within_the_stop_timeout() {
    let folder = tempfile::tempdir().unwrap();
    let mut server = Logged::start(
        &folder.path().join("games.sqlite"),
        &[
            "--stop-timeout",
            "1s",
            "--header-timeout",
            "120s",
            "--request-timeout",
            "120s",
        ],
    );
    // Half-sent headers (closed at once by the stop: no request has begun on them) and
    // requests whose body never comes (they are waited for, then dropped).
    let mut held = Vec::new();
    for _ in 0..50 {
        held.push(half_open("127.0.0.1", server.address).await);
    }
    for _ in 0..5 {
        held.push(slow_body("127.0.0.2", server.address).await);
    }
    // One request answered after them: the server has read their headers by then.
    let (status, _) = request_from("127.0.0.3", server.address, "GET", "/health", "", "").await;
    assert_eq!(status, 200);
    let pid = server.child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(sent.expect("kill runs").success());
    let until = std::time::Instant::now() + 2 * PATIENCE;
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("waitable") {
            break status;
        }
        assert!(std::time::Instant::now() < until, "bao-server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    let lines = server.until("stopped");
    assert!(
        lines.iter().any(|l| l.contains("dropped")),
        "the stop did not say it dropped connections: {lines:#?}"
    );
}
