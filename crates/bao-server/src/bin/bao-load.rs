//! `bao-load`: a load generator for a running `bao-server` on this machine (scripts/bench-server.sh
//! runs it). It keeps `--games` games in flight, two players on two sockets each, every player
//! thinking a random time around `--move-every` and then playing a random legal move; a finished
//! game is replaced by a new one. It reports the moves per second, the latency from a player
//! sending `move` to its opponent receiving the `moved` (both ends are in this process, so one
//! clock), the server's memory (`VmRSS` of `--server-pid`) and the CPU of the server, of the
//! database server (`--database-pid`: PostgreSQL's postmaster and its backends), of itself and of
//! the rest of the machine.
//!
//! The server allows 30 game creations a minute per address and has no flag to raise it, so the
//! games are created from many loopback source addresses (127.0.0.2, 127.0.0.3, …: the whole of
//! 127.0.0.0/8 reaches the loopback interface on Linux), each kept under that limit here. The
//! sockets are spread over the same addresses so that 2 × `--games` connections and the closed
//! ones waiting out TIME_WAIT do not exhaust one address's ephemeral ports.
//!
//! Built with the crate's `load` feature only, so that the server binary does not grow:
//! `cargo build --release -p bao-server --features load`.

use bao_engine::{Game, Move, Player, Position};
use bao_protocol::{
    ClientMessage, GAMES_PER_MINUTE_PER_ADDRESS, GameCreated, Seat, ServerMessage, Snapshot,
};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::VecDeque;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Parser)]
#[command(
    name = "bao-load",
    about = "Plays many games against a bao-server on this machine and reports move latency"
)]
struct Cli {
    /// The server, as it printed it: http://127.0.0.1:PORT (loopback only).
    #[arg(long, value_parser = parse_server)]
    server: SocketAddr,
    /// Games kept in flight.
    #[arg(long)]
    games: usize,
    /// How long to measure, once the games are in flight.
    #[arg(long)]
    seconds: u64,
    /// A player's average think time in seconds (uniform between 0 and twice this).
    #[arg(long, default_value_t = 2.0)]
    move_every: f64,
    /// Seconds over which the games are first created (default: 1 per 100 games, at least 5).
    #[arg(long)]
    ramp_up: Option<u64>,
    /// The server's process id, to sample its memory (VmRSS).
    #[arg(long)]
    server_pid: Option<u32>,
    /// The database server's process id (PostgreSQL's postmaster): its CPU and its children's
    /// (the connections' backends) are reported apart from the rest of the machine.
    #[arg(long)]
    database_pid: Option<u32>,
    /// The seed of the players' moves and think times.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Loopback source addresses to spread game creations and sockets over.
    #[arg(long, default_value_t = 1000)]
    sources: u32,
}

fn parse_server(text: &str) -> Result<SocketAddr, String> {
    let bare = text.strip_prefix("http://").unwrap_or(text);
    let bare = bare.trim_end_matches('/');
    let address: SocketAddr = bare
        .parse()
        .map_err(|e| format!("expected http://127.0.0.1:PORT: {e}"))?;
    if !address.ip().is_loopback() || !address.is_ipv4() {
        return Err("only a server on IPv4 loopback (127.0.0.1) can be loaded".into());
    }
    Ok(address)
}

/// Why one game of the load stopped before its end.
#[derive(Debug)]
enum LoadError {
    /// A TCP connection or an HTTP exchange failed.
    Io(std::io::Error),
    /// `POST /api/games` answered something else than 201.
    Refused(u16, String),
    /// A WebSocket failed or was closed by the server.
    Socket(String),
    /// The server sent something a player did not expect (an `error`, an unparsable message).
    Protocol(String),
    /// No answer in time.
    Timeout(&'static str),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(e) => write!(f, "connection: {e}"),
            LoadError::Refused(status, body) => write!(f, "creation refused ({status}): {body}"),
            LoadError::Socket(e) => write!(f, "socket: {e}"),
            LoadError::Protocol(e) => write!(f, "protocol: {e}"),
            LoadError::Timeout(what) => write!(f, "no {what} in time"),
        }
    }
}

impl From<std::io::Error> for LoadError {
    fn from(e: std::io::Error) -> LoadError {
        LoadError::Io(e)
    }
}

impl From<tokio_tungstenite::tungstenite::Error> for LoadError {
    fn from(e: tokio_tungstenite::tungstenite::Error) -> LoadError {
        LoadError::Socket(e.to_string())
    }
}

/// A safety net on every network wait of the set-up (not on the players' turns).
const PATIENCE: Duration = Duration::from_secs(20);

/// The loopback source addresses, each creating at most the server's limit of games a minute.
struct Sources {
    addresses: Vec<IpAddr>,
    state: Mutex<SourcesState>,
}

struct SourcesState {
    next_creation: usize,
    next_socket: usize,
    /// When each address created its last games (at most the limit, oldest first).
    created: Vec<VecDeque<Instant>>,
}

const CREATION_WINDOW: Duration = Duration::from_secs(61);

impl Sources {
    /// 127.0.0.2 onwards (127.0.0.1 is left to everything else on the machine).
    fn new(count: u32) -> Sources {
        let first = u32::from(Ipv4Addr::new(127, 0, 0, 2));
        let addresses: Vec<IpAddr> = (0..count.max(1))
            .map(|i| IpAddr::V4(Ipv4Addr::from(first + i)))
            .collect();
        let created = vec![VecDeque::new(); addresses.len()];
        Sources {
            addresses,
            state: Mutex::new(SourcesState {
                next_creation: 0,
                next_socket: 0,
                created,
            }),
        }
    }

    /// An address that may create a game now, waiting if every one is at its limit.
    async fn for_creation(&self) -> IpAddr {
        loop {
            match self.try_for_creation(Instant::now()) {
                Ok(address) => return address,
                Err(free_at) => tokio::time::sleep_until(free_at).await,
            }
        }
    }

    /// The next address under its limit, or when the next one will be.
    fn try_for_creation(&self, now: Instant) -> Result<IpAddr, Instant> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let index = state.next_creation;
        state.next_creation = (index + 1) % self.addresses.len();
        let window = &mut state.created[index];
        while window
            .front()
            .is_some_and(|&t| now.duration_since(t) >= CREATION_WINDOW)
        {
            window.pop_front();
        }
        let limit = usize::try_from(GAMES_PER_MINUTE_PER_ADDRESS).unwrap_or(usize::MAX);
        if window.len() >= limit {
            return Err(window.front().map_or(now, |&t| t + CREATION_WINDOW));
        }
        window.push_back(now);
        Ok(self.addresses[index])
    }

    /// The next address for a socket (no limit on those).
    fn for_socket(&self) -> IpAddr {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let index = state.next_socket;
        state.next_socket = (index + 1) % self.addresses.len();
        self.addresses[index]
    }
}

/// What every game task reports to.
#[derive(Default)]
struct Stats {
    /// True during the measured window: only its moves count.
    measuring: AtomicBool,
    /// Games with both players connected and playing.
    in_flight: AtomicUsize,
    moves: AtomicU64,
    games_finished: AtomicU64,
    creation_refused: AtomicU64,
    rate_limited: AtomicU64,
    connection_failures: AtomicU64,
    socket_failures: AtomicU64,
    protocol_errors: AtomicU64,
    timeouts: AtomicU64,
    /// Move latencies of the window, microseconds.
    latencies: Mutex<Vec<u32>>,
    /// The first few failures, to show what went wrong.
    first_failures: Mutex<Vec<String>>,
}

const FAILURES_SHOWN: usize = 5;

impl Stats {
    fn record_move(&self, latency: Duration) {
        if !self.measuring.load(Ordering::Relaxed) {
            return;
        }
        self.moves.fetch_add(1, Ordering::Relaxed);
        let micros = u32::try_from(latency.as_micros()).unwrap_or(u32::MAX);
        self.latencies
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(micros);
    }

    fn record_failure(&self, error: &LoadError) {
        let counter = match error {
            LoadError::Io(_) => &self.connection_failures,
            LoadError::Refused(429, _) => &self.rate_limited,
            LoadError::Refused(..) => &self.creation_refused,
            LoadError::Socket(_) => &self.socket_failures,
            LoadError::Protocol(_) => &self.protocol_errors,
            LoadError::Timeout(_) => &self.timeouts,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        let mut first = self
            .first_failures
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if first.len() < FAILURES_SHOWN {
            first.push(error.to_string());
        }
    }

    fn failures(&self) -> u64 {
        [
            &self.creation_refused,
            &self.rate_limited,
            &self.connection_failures,
            &self.socket_failures,
            &self.protocol_errors,
            &self.timeouts,
        ]
        .iter()
        .map(|c| c.load(Ordering::Relaxed))
        .sum()
    }
}

/// Counts a game in flight for as long as it is alive.
struct InFlight<'a>(&'a Stats);

impl<'a> InFlight<'a> {
    fn enter(stats: &'a Stats) -> InFlight<'a> {
        stats.in_flight.fetch_add(1, Ordering::Relaxed);
        InFlight(stats)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What the game tasks share.
struct Load {
    server: SocketAddr,
    sources: Sources,
    stats: Stats,
    /// Average think time.
    move_every: Duration,
}

type Socket = WebSocketStream<TcpStream>;

/// A TCP connection to the server from `source`.
async fn connect_from(source: IpAddr, server: SocketAddr) -> Result<TcpStream, LoadError> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source, 0))?;
    Ok(socket.connect(server).await?)
}

/// `POST /api/games` over HTTP/1.1 with `Connection: close`.
async fn create_game(load: &Load, variant: &str) -> Result<GameCreated, LoadError> {
    let source = load.sources.for_creation().await;
    let exchange = async {
        let mut stream = connect_from(source, load.server).await?;
        let body = format!(r#"{{"variant":"{variant}","seat":"south"}}"#);
        let request = format!(
            "POST /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            load.server,
            body.len()
        );
        stream.write_all(request.as_bytes()).await?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await?;
        Ok::<_, LoadError>(String::from_utf8_lossy(&answer).into_owned())
    };
    let answer = tokio::time::timeout(PATIENCE, exchange)
        .await
        .map_err(|_| LoadError::Timeout("HTTP answer"))??;
    let status: u16 = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    if status != 201 {
        return Err(LoadError::Refused(status, body.trim().to_owned()));
    }
    serde_json::from_str(body).map_err(|e| LoadError::Protocol(format!("{e}: {body}")))
}

/// A player's socket on `/ws?token=…`, and its first message, the snapshot.
async fn join(load: &Load, token: &str) -> Result<(Socket, Snapshot), LoadError> {
    let joining = async {
        let stream = connect_from(load.sources.for_socket(), load.server).await?;
        let url = format!("ws://{}/ws?token={token}", load.server);
        let (mut socket, _) =
            tokio_tungstenite::client_async_with_config(url, stream, Some(socket_config())).await?;
        match next_message(&mut socket).await? {
            ServerMessage::Snapshot(snapshot) => Ok((socket, snapshot)),
            other => Err(LoadError::Protocol(format!(
                "expected a snapshot, got {other:?}"
            ))),
        }
    };
    tokio::time::timeout(PATIENCE, joining)
        .await
        .map_err(|_| LoadError::Timeout("snapshot"))?
}

/// Small socket buffers: the library's default reads into 128 KiB per socket, which at thousands
/// of sockets would make this process as big as the server it measures. The server's messages
/// are a few hundred bytes (a long game's snapshot a few KiB: the buffer grows for it).
fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
}

/// The next protocol message (pings are answered by the library while reading).
async fn next_message(socket: &mut Socket) -> Result<ServerMessage, LoadError> {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => {
                return ServerMessage::from_json(&text)
                    .map_err(|e| LoadError::Protocol(e.to_string()));
            }
            Some(Ok(Message::Close(frame))) => {
                return Err(LoadError::Socket(format!(
                    "closed by the server: {frame:?}"
                )));
            }
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.into()),
            None => return Err(LoadError::Socket("closed".into())),
        }
    }
}

fn seat_of(player: Player) -> Seat {
    match player {
        Player::South => Seat::South,
        Player::North => Seat::North,
    }
}

/// A move sent and not yet seen by the opponent.
struct InTransit {
    ply: u32,
    sent: Instant,
}

/// One game between two players of this process, from its creation to its end.
struct Table {
    game: Game,
    /// South's socket, North's socket.
    sockets: [Socket; 2],
    /// When the player to move sends its move (`None` while a move is in transit).
    next_move_at: Option<Instant>,
    in_transit: Option<InTransit>,
}

fn index_of(seat: Seat) -> usize {
    match seat {
        Seat::South => 0,
        Seat::North => 1,
    }
}

/// A random think time: uniform between 0 and twice the average.
fn think(load: &Load, rng: &mut Xoshiro256PlusPlus) -> Duration {
    load.move_every.mul_f64(rng.random_range(0.0..2.0))
}

/// Creates a game, seats both players and plays it to its end (or until it fails).
async fn play_one_game(
    load: &Load,
    variant: &str,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<(), LoadError> {
    let created = create_game(load, variant).await?;
    let (creator, snapshot) = join(load, &created.token).await?;
    let invite = created.invite.as_deref().unwrap_or_default();
    let (invited, _) = join(load, invite).await?;
    let sockets = match created.seat {
        Seat::South => [creator, invited],
        Seat::North => [invited, creator],
    };
    let start = Position::from_setup(&snapshot.start)
        .map_err(|e| LoadError::Protocol(format!("start position: {e}")))?;
    let mut table = Table {
        game: Game::from_position(start),
        sockets,
        next_move_at: Some(Instant::now() + think(load, rng)),
        in_transit: None,
    };
    let _in_flight = InFlight::enter(&load.stats);
    let result = play(load, &mut table, rng).await;
    for socket in &mut table.sockets {
        let _ = socket.close(None).await;
    }
    result
}

/// The game loop: both sockets read at once, and the player to move plays when its think time
/// is over.
async fn play(
    load: &Load,
    table: &mut Table,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<(), LoadError> {
    while !table.game.outcome().is_over() {
        let move_at = table.next_move_at;
        let [south, north] = &mut table.sockets;
        tokio::select! {
            message = next_message(south) => {
                on_message(load, table, Seat::South, message?, rng)?;
            }
            message = next_message(north) => {
                on_message(load, table, Seat::North, message?, rng)?;
            }
            () = sleep_until_some(move_at) => send_move(table, rng).await?,
        }
    }
    load.stats.games_finished.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// The player to move plays a random legal move.
async fn send_move(table: &mut Table, rng: &mut Xoshiro256PlusPlus) -> Result<(), LoadError> {
    let legal = table.game.legal_moves();
    let mv = legal[rng.random_range(0..legal.len())];
    let ply = u32::try_from(table.game.moves().len()).unwrap_or(u32::MAX);
    let mover = seat_of(table.game.position().to_move());
    let text = ClientMessage::Move {
        ply,
        mv: mv.to_string(),
    }
    .to_json();
    table.next_move_at = None;
    table.in_transit = Some(InTransit {
        ply,
        sent: Instant::now(),
    });
    table.sockets[index_of(mover)]
        .send(Message::Text(text.into()))
        .await?;
    Ok(())
}

/// A message on `seat`'s socket. The opponent's `moved` ends the move's latency and starts the
/// next player's think time; the mover's own `moved` is its acknowledgement only.
fn on_message(
    load: &Load,
    table: &mut Table,
    seat: Seat,
    message: ServerMessage,
    rng: &mut Xoshiro256PlusPlus,
) -> Result<(), LoadError> {
    match message {
        ServerMessage::Moved(moved) if moved.by != seat => {
            if let Some(transit) = table.in_transit.take_if(|t| t.ply == moved.ply) {
                load.stats.record_move(transit.sent.elapsed());
            }
            let mv: Move = moved
                .mv
                .parse()
                .map_err(|e| LoadError::Protocol(format!("move {}: {e}", moved.mv)))?;
            table
                .game
                .play(mv)
                .map_err(|e| LoadError::Protocol(format!("move {}: {e}", moved.mv)))?;
            table.next_move_at = Some(Instant::now() + think(load, rng));
            Ok(())
        }
        ServerMessage::Error(error) => Err(LoadError::Protocol(format!(
            "{} at ply {}: {}",
            error.code.id(),
            error.ply,
            error.message
        ))),
        _ => Ok(()),
    }
}

/// One of the `--games` places: plays games one after another until the process ends.
async fn keep_a_game_going(load: Arc<Load>, place: usize, seed: u64, start_at: Instant) {
    tokio::time::sleep_until(start_at).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ (place as u64).wrapping_mul(0x9E37));
    let variants = bao_engine::Variant::GAMES;
    let mut round = place;
    loop {
        let variant = variants[round % variants.len()].id();
        round += 1;
        if let Err(e) = play_one_game(&load, variant, &mut rng).await {
            load.stats.record_failure(&e);
            // A pause before the replacement, so that a failing server is not hammered.
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// `VmRSS` of a process in KiB, from /proc/PID/status.
fn resident_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU seconds (user and system) a process has used, from /proc/PID/stat (in USER_HZ, 100 a
/// second on Linux).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces: the fields are counted after its closing parenthesis.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// CPU seconds used by process `parent` and its children (PostgreSQL: the postmaster and a
/// backend per connection); a child that exited in between is missed.
fn tree_cpu_seconds(parent: u32) -> Option<f64> {
    let mut total = cpu_seconds(&parent.to_string())?;
    let parent = parent.to_string();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let child_of_parent = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            == Some(parent.as_str());
        if child_of_parent {
            total += cpu_seconds(pid).unwrap_or(0.0);
        }
    }
    Some(total)
}

/// CPU seconds the whole machine has been busy (every core: not idle, not waiting for I/O),
/// from /proc/stat.
fn machine_busy_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let ticks: Vec<f64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|t| t.parse().ok())
        .collect();
    let idle = ticks.get(3)? + ticks.get(4)?;
    Some((ticks.iter().sum::<f64>() - idle) / 100.0)
}

/// CPU seconds used so far by the server, the database server, this process and the whole
/// machine.
#[derive(Clone, Copy)]
struct CpuClock {
    server: Option<f64>,
    database: Option<f64>,
    own: Option<f64>,
    machine: Option<f64>,
}

impl CpuClock {
    fn read(cli: &Cli) -> CpuClock {
        CpuClock {
            server: cli.server_pid.and_then(|pid| cpu_seconds(&pid.to_string())),
            database: cli.database_pid.and_then(tree_cpu_seconds),
            own: cpu_seconds("self"),
            machine: machine_busy_seconds(),
        }
    }
}

/// CPU use over the measured window, in percent of one core.
struct CpuUse {
    server: Option<f64>,
    /// The database server's processes (`--database-pid`).
    database: Option<f64>,
    own: Option<f64>,
    /// Everything else on the machine (other processes, the kernel's own work).
    others: Option<f64>,
}

impl CpuUse {
    fn between(before: CpuClock, after: CpuClock, seconds: f64) -> CpuUse {
        let percent = |a: Option<f64>, b: Option<f64>| Some(100.0 * (b? - a?) / seconds);
        let server = percent(before.server, after.server);
        let database = percent(before.database, after.database);
        let own = percent(before.own, after.own);
        let machine = percent(before.machine, after.machine);
        let others = machine
            .map(|m| m - server.unwrap_or(0.0) - database.unwrap_or(0.0) - own.unwrap_or(0.0));
        CpuUse {
            server,
            database,
            own,
            others,
        }
    }
}

fn percent(value: Option<f64>) -> String {
    value.map_or("-".into(), |v| format!("{v:.0}"))
}

/// The measured window.
struct Window {
    measured: Duration,
    ramp: f64,
    cpu: CpuUse,
}

/// What is sampled every second of the measured window.
#[derive(Default)]
struct Samples {
    in_flight_min: Option<usize>,
    server_rss_max: Option<u64>,
    server_rss_last: Option<u64>,
    own_rss_max: Option<u64>,
}

impl Samples {
    fn take(&mut self, stats: &Stats, server_pid: Option<u32>) {
        let in_flight = stats.in_flight.load(Ordering::Relaxed);
        self.in_flight_min = Some(self.in_flight_min.map_or(in_flight, |m| m.min(in_flight)));
        if let Some(rss) = server_pid.and_then(|pid| resident_kib(&pid.to_string())) {
            self.server_rss_max = Some(self.server_rss_max.map_or(rss, |m| m.max(rss)));
            self.server_rss_last = Some(rss);
        }
        if let Some(rss) = resident_kib("self") {
            self.own_rss_max = Some(self.own_rss_max.map_or(rss, |m| m.max(rss)));
        }
    }
}

/// The `q` quantile (0–1) of sorted values, nearest rank.
fn quantile(sorted: &[u32], q: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

fn millis(micros: Option<u32>) -> String {
    micros.map_or("-".into(), |m| format!("{:.1}", f64::from(m) / 1000.0))
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or("-".into(), |k| format!("{:.0}", k as f64 / 1024.0))
}

/// Waits until `games` are in flight, or until `deadline`; the seconds it took.
async fn wait_for_games(stats: &Stats, games: usize, deadline: Instant) -> f64 {
    let began = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    while Instant::now() < deadline && stats.in_flight.load(Ordering::Relaxed) < games {
        tick.tick().await;
    }
    began.elapsed().as_secs_f64()
}

fn report(cli: &Cli, stats: &Stats, samples: &Samples, window: &Window) {
    let Window {
        measured,
        ramp,
        cpu,
    } = window;
    let mut latencies = std::mem::take(
        &mut *stats
            .latencies
            .lock()
            .unwrap_or_else(PoisonError::into_inner),
    );
    latencies.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    let per_second = moves as f64 / measured.as_secs_f64();
    let (p50, p99, max) = (
        quantile(&latencies, 0.50),
        quantile(&latencies, 0.99),
        latencies.last().copied(),
    );
    let in_flight_min = samples.in_flight_min.unwrap_or(0);
    println!(
        "games asked {}, in flight at least {in_flight_min} during {:.0} s (ramp-up {ramp:.0} s)",
        cli.games,
        measured.as_secs_f64()
    );
    println!(
        "moves {moves} ({per_second:.1}/s); latency send -> opponent's moved: p50 {} ms, p99 {} ms, max {} ms",
        millis(p50),
        millis(p99),
        millis(max)
    );
    println!(
        "server VmRSS max {} MiB (last {} MiB); bao-load VmRSS max {} MiB",
        mib(samples.server_rss_max),
        mib(samples.server_rss_last),
        mib(samples.own_rss_max)
    );
    println!(
        "CPU in % of one core: server {}, database server {}, bao-load {}, everything else {} ({} cores)",
        percent(cpu.server),
        percent(cpu.database),
        percent(cpu.own),
        percent(cpu.others),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    println!(
        "games finished {}; failures {} (creation refused {}, 429 {}, connections {}, sockets {}, protocol {}, timeouts {})",
        stats.games_finished.load(Ordering::Relaxed),
        stats.failures(),
        stats.creation_refused.load(Ordering::Relaxed),
        stats.rate_limited.load(Ordering::Relaxed),
        stats.connection_failures.load(Ordering::Relaxed),
        stats.socket_failures.load(Ordering::Relaxed),
        stats.protocol_errors.load(Ordering::Relaxed),
        stats.timeouts.load(Ordering::Relaxed),
    );
    for failure in stats
        .first_failures
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
    {
        println!("  failure: {failure}");
    }
    // One line for scripts.
    println!(
        "RESULT games={} in_flight_min={in_flight_min} seconds={:.0} moves={moves} moves_per_s={per_second:.1} \
         p50_ms={} p99_ms={} max_ms={} server_rss_mib={} server_cpu={} database_cpu={} load_cpu={} other_cpu={} failures={}",
        cli.games,
        measured.as_secs_f64(),
        millis(p50),
        millis(p99),
        millis(max),
        mib(samples.server_rss_max),
        percent(cpu.server),
        percent(cpu.database),
        percent(cpu.own),
        percent(cpu.others),
        stats.failures()
    );
}

async fn run(cli: Cli) -> ExitCode {
    let load = Arc::new(Load {
        server: cli.server,
        sources: Sources::new(cli.sources),
        stats: Stats::default(),
        move_every: Duration::from_secs_f64(cli.move_every.max(0.0)),
    });
    if let Err(e) = connect_from(IpAddr::V4(Ipv4Addr::LOCALHOST), cli.server).await {
        eprintln!("bao-load: no server at {}: {e}", cli.server);
        return ExitCode::from(2);
    }
    let ramp = Duration::from_secs(cli.ramp_up.unwrap_or((cli.games as u64 / 100).max(5)));
    let began = Instant::now();
    for place in 0..cli.games {
        let start_at = began + ramp.mul_f64(place as f64 / cli.games.max(1) as f64);
        tokio::spawn(keep_a_game_going(load.clone(), place, cli.seed, start_at));
    }
    // Games that cannot all be seated in the ramp-up and a grace period are measured as they are.
    let ramp_took = wait_for_games(&load.stats, cli.games, began + ramp * 2 + PATIENCE).await;
    load.stats.measuring.store(true, Ordering::Relaxed);
    let measure_began = Instant::now();
    let cpu_before = CpuClock::read(&cli);
    let mut samples = Samples::default();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    while measure_began.elapsed() < Duration::from_secs(cli.seconds) {
        tick.tick().await;
        samples.take(&load.stats, cli.server_pid);
    }
    load.stats.measuring.store(false, Ordering::Relaxed);
    let measured = measure_began.elapsed();
    let cpu = CpuUse::between(cpu_before, CpuClock::read(&cli), measured.as_secs_f64());
    let window = Window {
        measured,
        ramp: ramp_took,
        cpu,
    };
    report(&cli, &load.stats, &samples, &window);
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("bao-load: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let code = runtime.block_on(run(cli));
    // The games still running are dropped with the runtime: their sockets close unannounced,
    // as a crashed client's would.
    runtime.shutdown_background();
    code
}
