//! `bao-server`: the online game server (see docs/server.md).
//!
//! A bad flag or an unusable database prints one line on stderr and exits with status 2;
//! SIGTERM or SIGINT closes every socket with 1001 and exits 0.

use bao_server::{Config, DatabaseUrl, Server, Timing};
use clap::Parser;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "bao-server",
    version,
    about = "The Bao game server: online games over WebSocket, kept in a database"
)]
struct Cli {
    /// Address and port to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The database: sqlite:PATH (default: server.sqlite in the platform's data folder) or
    /// postgres://USER:PASSWORD@HOST:PORT/DATABASE, which several servers may share.
    #[arg(long, value_parser = parse_database)]
    db: Option<DatabaseUrl>,
    /// Also serve the web build's files (its dist/ folder) at /.
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
    /// How long finished games (and games nobody played a move in) are kept before they are
    /// deleted: a number and a unit, s, m, h or d (90s, 12h, 30d).
    #[arg(long, value_name = "DURATION", default_value = "30d", value_parser = parse_duration)]
    keep_finished: Duration,
}

/// `90s`, `15m`, `12h`, `30d`: a whole number and one unit.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let unit_at = text
        .find(|c: char| !c.is_ascii_digit())
        .ok_or_else(|| format!("'{text}' has no unit (s, m, h or d)"))?;
    let (number, unit) = text.split_at(unit_at);
    let number: u64 = number
        .parse()
        .map_err(|_| format!("'{text}' does not start with a whole number"))?;
    let seconds = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(format!("'{unit}' is not a unit (s, m, h or d)")),
    };
    number
        .checked_mul(seconds)
        .map(Duration::from_secs)
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("'{text}' is not a duration to keep games for"))
}

fn parse_database(url: &str) -> Result<DatabaseUrl, String> {
    DatabaseUrl::parse(url)
}

/// The default database: `server.sqlite` in the data folder the game also uses.
fn default_database() -> Result<DatabaseUrl, String> {
    let dirs = directories::ProjectDirs::from("", "", "Bao")
        .ok_or("no home folder to keep the games in; give --db sqlite:PATH")?;
    Ok(DatabaseUrl::Sqlite(dirs.data_dir().join("server.sqlite")))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print and exit 0 as usual.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => return fail(first_line(&e.to_string())),
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .init();
    let database = match cli.db.map_or_else(default_database, Ok) {
        Ok(database) => database,
        Err(e) => return fail(&e),
    };
    let config = Config {
        listen: cli.listen,
        database,
        web: cli.web,
        timing: Timing {
            keep_finished: cli.keep_finished,
            ..Timing::default()
        },
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&format!("cannot start the runtime: {e}")),
    };
    runtime.block_on(serve(config))
}

async fn serve(config: Config) -> ExitCode {
    let server = match Server::start(config).await {
        Ok(server) => server,
        Err(e) => return fail(&e.to_string()),
    };
    println!("listening on http://{}", server.address());
    if let Err(e) = stop_signal().await {
        return fail(&format!("cannot wait for signals: {e}"));
    }
    server.shutdown().await;
    ExitCode::SUCCESS
}

/// SIGTERM or SIGINT (Ctrl-C elsewhere).
async fn stop_signal() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate())?;
        let mut int = signal(SignalKind::interrupt())?;
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await
    }
}

/// clap's error without its "error: " and the usage lines after it: one line, as for every
/// other failure.
fn first_line(text: &str) -> &str {
    let line = text.lines().next().unwrap_or(text);
    line.strip_prefix("error: ").unwrap_or(line)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("bao-server: {message}");
    ExitCode::from(2)
}
