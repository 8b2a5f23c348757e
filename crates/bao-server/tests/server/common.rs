//! The test harness: a server on 127.0.0.1:0 with its own database file, a small HTTP/1.1
//! client, a WebSocket client that reads protocol messages, and games created through the API.

use bao_protocol::{ClientMessage, GameCreated, Present, Rematch, ServerMessage, Snapshot};
use bao_server::{Config, DatabaseUrl, Limits, Server, Timing};
use futures_util::{SinkExt, StreamExt};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A safety net on every wait: no test waits on a timer to pass, only for news that is due.
pub const PATIENCE: Duration = Duration::from_secs(5);

/// A server in this process with its own temporary database.
pub struct TestServer {
    pub server: Server,
    pub address: SocketAddr,
    /// Kept so that an SQLite database lives as long as the server (removed on drop).
    _folder: Option<TempDir>,
}

impl TestServer {
    /// With the protocol's timers.
    pub async fn start() -> TestServer {
        TestServer::start_with(Timing::default()).await
    }

    /// With the given ping and silence timers.
    pub async fn start_with(timing: Timing) -> TestServer {
        TestServer::start_serving(timing, None).await
    }

    /// Also serving the files of `web` at `/`.
    pub async fn start_serving(timing: Timing, web: Option<PathBuf>) -> TestServer {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let database = DatabaseUrl::Sqlite(database_file(&folder));
        TestServer::start_full(database, timing, web, Some(folder), Limits::default()).await
    }

    /// With the given limits (and the protocol's timers).
    pub async fn start_limited(limits: Limits) -> TestServer {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let database = DatabaseUrl::Sqlite(database_file(&folder));
        TestServer::start_full(database, Timing::default(), None, Some(folder), limits).await
    }

    /// On `database` (PostgreSQL: several test servers may share it), the protocol's timers.
    pub async fn start_on(database: DatabaseUrl) -> TestServer {
        TestServer::start_full(database, Timing::default(), None, None, Limits::default()).await
    }

    async fn start_full(
        database: DatabaseUrl,
        timing: Timing,
        web: Option<PathBuf>,
        folder: Option<TempDir>,
        limits: Limits,
    ) -> TestServer {
        let server = Server::start(Config {
            listen: "127.0.0.1:0".parse().expect("an address"),
            database,
            web,
            timing,
            limits,
        })
        .await
        .expect("the server starts");
        TestServer {
            address: server.address(),
            server,
            _folder: folder,
        }
    }

    /// A server started by the test itself (whose database the test keeps).
    pub fn wrap(server: Server) -> TestServer {
        TestServer {
            address: server.address(),
            server,
            _folder: None,
        }
    }

    /// Creates a game of `variant` with the creator in `seat` (`None`: the body names no seat).
    pub async fn create(&self, variant: &str, seat: Option<&str>) -> GameCreated {
        create_game(self.address, variant, seat).await
    }

    /// A socket on `/ws?QUERY`.
    pub async fn connect(&self, query: &str) -> Client {
        Client::connect(self.address, query).await
    }
}

/// The environment variable naming the PostgreSQL database of the tests (a `postgres://` URL;
/// scripts/test-postgres.sh makes one and sets it).
pub const POSTGRES_VARIABLE: &str = "BAO_TEST_POSTGRES";

/// The tests' PostgreSQL database; without one, `None` and a line saying that `test` was
/// skipped (it did not pass: it did not run).
pub fn test_postgres(test: &str) -> Option<DatabaseUrl> {
    match std::env::var(POSTGRES_VARIABLE) {
        Ok(url) if !url.is_empty() => {
            Some(DatabaseUrl::parse(&url).expect("BAO_TEST_POSTGRES is a postgres:// URL"))
        }
        _ => {
            // Straight to the process's stderr: the test harness would hide an eprintln! of a
            // passing test, and this one did not pass, it did not run.
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test}: {POSTGRES_VARIABLE} is not set (scripts/test-postgres.sh sets it)"
            );
            None
        }
    }
}

/// The database file in a test's folder.
pub fn database_file(folder: &TempDir) -> PathBuf {
    folder.path().join("games.sqlite")
}

/// Creates a game through the API.
pub async fn create_game(address: SocketAddr, variant: &str, seat: Option<&str>) -> GameCreated {
    let body = match seat {
        Some(seat) => format!(r#"{{"variant":"{variant}","seat":"{seat}"}}"#),
        None => format!(r#"{{"variant":"{variant}"}}"#),
    };
    let (status, answer) = request(address, "POST", "/api/games", Some(&body)).await;
    assert_eq!(status, 201, "{answer}");
    serde_json::from_str(&answer).expect("a GameCreated body")
}

/// The invited seat's token of a game created with an invitation (not open to anyone).
pub fn invitation(created: &GameCreated) -> &str {
    created.invite.as_deref().expect("an invitation")
}

/// Both seats of `created` taken at `address`, the creator's socket first: each has read its
/// snapshot, and the creator has been told that the other player is here.
pub async fn seat_both(address: SocketAddr, created: &GameCreated) -> (Client, Client) {
    let mut creator = Client::connect(address, &format!("token={}", created.token)).await;
    creator.snapshot().await;
    let mut invited = Client::connect(address, &format!("token={}", invitation(created))).await;
    invited.snapshot().await;
    expect_both_present(&mut creator).await;
    (creator, invited)
}

/// The next message, which must say that both players are here.
pub async fn expect_both_present(client: &mut Client) {
    match client.recv().await {
        ServerMessage::Presence { present } => assert_eq!(
            present,
            Present {
                south: true,
                north: true
            }
        ),
        other => panic!("expected the presence of both players, got {other:?}"),
    }
}

/// `GET /api/games/ID`: the game's snapshot, and the body it came in.
pub async fn game_snapshot(address: SocketAddr, game: &str) -> (Snapshot, String) {
    let (status, body) = request(address, "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(status, 200, "{body}");
    let ServerMessage::Snapshot(snapshot) = ServerMessage::from_json(&body).unwrap() else {
        panic!("not a snapshot: {body}");
    };
    (snapshot, body)
}

/// The next message, which must be a rematch.
pub fn expect_rematch(message: ServerMessage) -> Rematch {
    match message {
        ServerMessage::Rematch(rematch) => rematch,
        other => panic!("expected a rematch, got {other:?}"),
    }
}

/// Both players of a finished game ask for a rematch: each gets the same new game, with a
/// token of its own. Their answers, South's first.
pub async fn both_ask_for_a_rematch(south: &mut Client, north: &mut Client) -> (Rematch, Rematch) {
    south.send(&ClientMessage::Rematch).await;
    north.send(&ClientMessage::Rematch).await;
    let for_south = expect_rematch(south.recv().await);
    let for_north = expect_rematch(north.recv().await);
    assert_eq!(for_south.game, for_north.game);
    assert_ne!(for_south.token, for_north.token);
    (for_south, for_north)
}

/// One HTTP/1.1 request with `Connection: close`; the status and the body.
pub async fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String) {
    let exchange = async {
        let mut stream = TcpStream::connect(address).await.expect("connects");
        let body = body.unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).await.expect("writes");
        stream.write_all(body.as_bytes()).await.expect("writes");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.expect("reads");
        String::from_utf8(answer).expect("UTF-8")
    };
    let answer = tokio::time::timeout(PATIENCE, exchange)
        .await
        .expect("an HTTP answer in time");
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {answer}"));
    let (_, body) = answer.split_once("\r\n\r\n").expect("a header and a body");
    (status, body.to_owned())
}

/// A protocol client.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// When the last messages were sent, to stay under the server's message rate.
    sent: VecDeque<Instant>,
}

/// Messages a client sends in any [`PACE_WINDOW`]: under the protocol's 20 a second, with a
/// margin for the time a frame takes to arrive.
const PACE: usize = 18;
const PACE_WINDOW: Duration = Duration::from_millis(1100);

impl Client {
    /// Connects to `/ws?QUERY`.
    pub async fn connect(address: SocketAddr, query: &str) -> Client {
        let url = format!("ws://{address}/ws?{query}");
        let (socket, _) = tokio::time::timeout(PATIENCE, tokio_tungstenite::connect_async(url))
            .await
            .expect("connects in time")
            .expect("the upgrade succeeds");
        Client {
            socket,
            sent: VecDeque::new(),
        }
    }

    /// Sends a protocol message.
    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_text(&message.to_json()).await;
    }

    /// Sends any text frame, waiting first if the last second had [`PACE`] messages (a flood
    /// is sent through [`Client::raw`]).
    pub async fn send_text(&mut self, text: &str) {
        if self.sent.len() >= PACE
            && let Some(oldest) = self.sent.pop_front()
        {
            tokio::time::sleep_until(oldest + PACE_WINDOW).await;
        }
        self.sent.push_back(Instant::now());
        self.socket
            .send(Message::Text(text.into()))
            .await
            .expect("sends");
    }

    /// Sends a move.
    pub async fn play(&mut self, ply: usize, mv: &str) {
        self.send(&ClientMessage::Move {
            ply: u32::try_from(ply).expect("a small ply"),
            mv: mv.to_owned(),
        })
        .await;
    }

    /// The next protocol message (pings are skipped); panics on a close or a timeout.
    pub async fn recv(&mut self) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("a message in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    return ServerMessage::from_json(&text)
                        .unwrap_or_else(|e| panic!("{text}: {e}"));
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                other => panic!("expected a message, got {other:?}"),
            }
        }
    }

    /// The next message, which must be a snapshot.
    pub async fn snapshot(&mut self) -> Snapshot {
        match self.recv().await {
            ServerMessage::Snapshot(snapshot) => snapshot,
            other => panic!("expected a snapshot, got {other:?}"),
        }
    }

    /// Asks for a snapshot and returns it.
    pub async fn sync(&mut self) -> Snapshot {
        self.send(&ClientMessage::Sync).await;
        self.snapshot().await
    }

    /// Reads until the server closes; the close code (`None`: closed without a close frame).
    /// Messages before the close are returned too.
    pub async fn closed(&mut self) -> (Option<u16>, Vec<ServerMessage>) {
        let mut before = Vec::new();
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("the socket closes in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    before.push(ServerMessage::from_json(&text).expect("a message"));
                }
                Some(Ok(Message::Close(frame))) => {
                    return (frame.map(|f| u16::from(f.code)), before);
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return (None, before),
            }
        }
    }

    /// Sends the client's close (a clean goodbye).
    pub async fn leave(mut self) {
        let _ = self
            .socket
            .close(Some(tokio_tungstenite::tungstenite::protocol::CloseFrame {
                code: CloseCode::Normal,
                reason: "bye".into(),
            }))
            .await;
    }

    /// The raw socket, for frames the protocol forbids.
    pub fn raw(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.socket
    }
}
