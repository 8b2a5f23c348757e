//! The real `bao-server` binary: games survive SIGKILL and a restart, SIGTERM closes every
//! socket with 1001 and exits 0, bad flags and unusable databases exit 2 with one line.

use crate::common::{Client, PATIENCE, create_game, game_snapshot, seat_both};
use crate::play::{expect_moved, pick};
use bao_engine::{Game, Variant};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Instant;

/// A running `bao-server` process.
pub struct Process {
    pub child: Child,
    pub address: SocketAddr,
}

impl Process {
    /// Starts the binary on the SQLite file `database` and reads its `listening on` line.
    fn start(database: &Path) -> Process {
        Process::start_on(&format!("sqlite:{}", database.display()))
    }

    /// Starts the binary with `--db URL` and reads its `listening on` line.
    pub fn start_on(url: &str) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bao-server"))
            .arg("--listen")
            .arg("127.0.0.1:0")
            .arg("--db")
            .arg(url)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("bao-server starts");
        let stdout = child.stdout.take().expect("a piped stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(PATIENCE)
            .expect("the listening line in time");
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .parse()
            .expect("an address");
        Process { child, address }
    }

    /// Waits for the process to exit.
    pub fn wait(&mut self) -> ExitStatus {
        let until = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("waitable") {
                return status;
            }
            assert!(Instant::now() < until, "bao-server did not exit in time");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn every_acknowledged_move_survives_sigkill_and_a_restart() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("games.sqlite");
    survive_sigkill(&format!("sqlite:{}", database.display())).await;
}

/// Six moves acknowledged by a `bao-server` on `--db url`, SIGKILL, and a new server on the
/// same database has them all and plays on.
pub async fn survive_sigkill(url: &str) {
    let mut server = Process::start_on(url);
    let created = create_game(server.address, "kingulu", None).await;
    let (mut south, mut north) = seat_both(server.address, &created).await;
    let mut game = Game::new(Variant::Kingulu);
    for ply in 0..6 {
        let mv = pick(&game);
        game.play(mv).unwrap();
        let mover = if ply % 2 == 0 { &mut south } else { &mut north };
        mover.play(ply, &mv.to_string()).await;
        // The mover's `moved` is its acknowledgement.
        expect_moved(mover, &game, ply).await;
        let other = if ply % 2 == 0 { &mut north } else { &mut south };
        expect_moved(other, &game, ply).await;
    }
    server.child.kill().expect("SIGKILL");
    server.wait();

    let server = Process::start_on(url);
    let (snapshot, _) = game_snapshot(server.address, &created.game).await;
    let played: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert_eq!(snapshot.moves, played);
    assert_eq!(snapshot.position, game.position().to_setup());

    // The players come back with their tokens and play on.
    let mut south = Client::connect(server.address, &format!("token={}", created.token)).await;
    assert_eq!(south.snapshot().await.moves, played);
    let mv = pick(&game);
    game.play(mv).unwrap();
    south.play(6, &mv.to_string()).await;
    expect_moved(&mut south, &game, 6).await;
}

#[tokio::test]
async fn sigterm_closes_every_socket_with_1001_and_exits_0() {
    let folder = tempfile::tempdir().unwrap();
    let mut server = Process::start(&folder.path().join("games.sqlite"));
    let created = create_game(server.address, "kigogo", None).await;
    let mut player = Client::connect(server.address, &format!("token={}", created.token)).await;
    player.snapshot().await;
    let mut watcher = Client::connect(server.address, &format!("game={}", created.game)).await;
    watcher.snapshot().await;
    let pid = server.child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(sent.expect("kill runs").success());
    assert_eq!(player.closed().await.0, Some(1001));
    assert_eq!(watcher.closed().await.0, Some(1001));
    assert_eq!(server.wait().code(), Some(0));
}

/// Runs the binary to its end; its exit code and stderr.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_bao-server"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("bao-server runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_bad_flag_or_an_unusable_database_is_one_line_and_exit_2() {
    let folder = tempfile::tempdir().unwrap();
    let not_a_database = folder.path().join("text.sqlite");
    std::fs::write(
        &not_a_database,
        "this is not an SQLite file, it is long enough to tell: ".repeat(20),
    )
    .unwrap();
    let bad_db = format!("sqlite:{}", not_a_database.display());
    let under_a_file = format!("sqlite:{}/inside/games.sqlite", not_a_database.display());
    for args in [
        vec!["--bogus"],
        vec!["--listen", "nowhere"],
        vec!["--db", "mysql://localhost/bao"],
        vec!["--db", "sqlite::memory:"],
        vec!["--db", "postgres://bao@127.0.0.1:notaport/bao"],
        // Nothing listens on port 1: PostgreSQL cannot be reached.
        vec![
            "--listen",
            "127.0.0.1:0",
            "--db",
            "postgres://bao@127.0.0.1:1/bao",
        ],
        vec!["--listen", "127.0.0.1:0", "--db", &bad_db],
        vec!["--listen", "127.0.0.1:0", "--db", &under_a_file],
        vec![
            "--listen",
            "127.0.0.1:0",
            "--db",
            "sqlite:x.sqlite",
            "--web",
            "/no/such/folder",
        ],
    ] {
        let (code, stderr) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("bao-server: "), "{args:?}: {stderr}");
    }
}
