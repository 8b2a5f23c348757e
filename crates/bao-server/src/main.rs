//! `bao-server`: the online game server (see docs/server.md).
//!
//! Every flag can also be given as an environment variable (`--max-connections` as
//! `BAO_SERVER_MAX_CONNECTIONS`), which is how the packaged service reads its configuration file.
//! A bad flag or an unusable database prints one line on stderr and exits with status 2;
//! SIGTERM or SIGINT closes every socket with 1001 and exits 0 within the stop timeout.

use bao_server::{Config, DatabaseUrl, Limits, Server, Timing, TrustedProxies};
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
    #[arg(long, env = "BAO_SERVER_LISTEN", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The database: sqlite:PATH (default: server.sqlite in the platform's data folder) or
    /// postgres://USER:PASSWORD@HOST:PORT/DATABASE, which several servers may share.
    #[arg(long, env = "BAO_SERVER_DB", value_parser = parse_database, hide_env_values = true)]
    db: Option<DatabaseUrl>,
    /// Also serve the web build's files (its dist/ folder) at /.
    #[arg(long, env = "BAO_SERVER_WEB", value_name = "DIR")]
    web: Option<PathBuf>,
    /// How long finished games (and games nobody played a move in) are kept before they are
    /// deleted: a number and a unit, s, m, h or d (90s, 12h, 30d).
    #[arg(long, env = "BAO_SERVER_KEEP_FINISHED", value_name = "DURATION", default_value = "30d", value_parser = parse_duration)]
    keep_finished: Duration,
    /// Reverse proxies (addresses or networks, separated by commas) whose X-Forwarded-For (or
    /// Forwarded) header names the client; every other connection's own address is the client.
    #[arg(long, env = "BAO_SERVER_TRUSTED_PROXY", value_name = "CIDR", value_parser = parse_networks, num_args = 1.., value_delimiter = None)]
    trusted_proxy: Vec<TrustedProxies>,
    /// Open connections at most, all clients together (lowered to what the process's open-file
    /// limit allows).
    #[arg(long, env = "BAO_SERVER_MAX_CONNECTIONS", value_name = "N", default_value_t = Limits::default().max_connections, value_parser = parse_count::<usize>)]
    max_connections: usize,
    /// Open connections at most from one client address (IPv6: one /64); trusted proxies count
    /// toward --max-connections only.
    #[arg(long, env = "BAO_SERVER_MAX_CONNECTIONS_PER_ADDRESS", value_name = "N", default_value_t = Limits::default().max_connections_per_address, value_parser = parse_count::<usize>)]
    max_connections_per_address: usize,
    /// A request's whole header must arrive within this.
    #[arg(long, env = "BAO_SERVER_HEADER_TIMEOUT", value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    header_timeout: Duration,
    /// An HTTP connection silent this long is closed (WebSockets have their pings instead).
    #[arg(long, env = "BAO_SERVER_IDLE_TIMEOUT", value_name = "DURATION", default_value = "60s", value_parser = parse_duration)]
    idle_timeout: Duration,
    /// A request must be answered within this (else 408).
    #[arg(long, env = "BAO_SERVER_REQUEST_TIMEOUT", value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    request_timeout: Duration,
    /// WebSocket connects per client address per minute.
    #[arg(long, env = "BAO_SERVER_SOCKETS_PER_MINUTE", value_name = "N", default_value_t = Limits::default().sockets_per_minute, value_parser = parse_count::<u32>)]
    sockets_per_minute: u32,
    /// Game lookups (snapshots, the open and live lists) per client address per minute.
    #[arg(long, env = "BAO_SERVER_LOOKUPS_PER_MINUTE", value_name = "N", default_value_t = Limits::default().lookups_per_minute, value_parser = parse_count::<u32>)]
    lookups_per_minute: u32,
    /// SIGTERM: how long the server waits for open connections before it drops them.
    #[arg(long, env = "BAO_SERVER_STOP_TIMEOUT", value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    stop_timeout: Duration,
}

impl Cli {
    /// The limits the flags set.
    fn limits(&self) -> Limits {
        let mut trusted_proxies = TrustedProxies::none();
        for networks in &self.trusted_proxy {
            trusted_proxies.extend(networks.clone());
        }
        Limits {
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address,
            header_timeout: self.header_timeout,
            idle_timeout: self.idle_timeout,
            request_timeout: self.request_timeout,
            sockets_per_minute: self.sockets_per_minute,
            lookups_per_minute: self.lookups_per_minute,
            stop_timeout: self.stop_timeout,
            trusted_proxies,
        }
    }
}

/// A whole number of at least 1.
fn parse_count<N: std::str::FromStr + PartialOrd + From<u8>>(text: &str) -> Result<N, String> {
    text.parse::<N>()
        .ok()
        .filter(|n| *n >= N::from(1))
        .ok_or_else(|| format!("'{text}' is not a whole number of at least 1"))
}

fn parse_networks(text: &str) -> Result<TrustedProxies, String> {
    text.parse()
        .map_err(|e: bao_server::BadNetwork| e.to_string())
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
    if let Err(e) = start_logging() {
        return fail(&e);
    }
    let mut limits = cli.limits();
    limits.max_connections = within_open_files(limits.max_connections);
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
        limits,
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&format!("cannot start the runtime: {e}")),
    };
    let status = runtime.block_on(serve(config));
    // A task stuck in a system call must not hold the exit.
    runtime.shutdown_timeout(Duration::from_secs(1));
    status
}

/// Log lines on stderr, filtered by `RUST_LOG` (default `info`: the access log, games, errors).
fn start_logging() -> Result<(), String> {
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) => tracing_subscriber::EnvFilter::try_new(&directives)
            .map_err(|e| format!("RUST_LOG={directives}: {e}"))?,
        Err(_) => tracing_subscriber::EnvFilter::new("info"),
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(filter)
        .init();
    Ok(())
}

/// Descriptors kept for what is not a client's connection: the database, the listener, the
/// log, the web files being sent.
const RESERVED_FILES: u64 = 64;

/// Raises the process's open-file limit as far as it may go and lowers `max_connections` to
/// fit it: beyond that limit the server could not open its database or answer anyone.
fn within_open_files(max_connections: usize) -> usize {
    let wanted = u64::try_from(max_connections)
        .unwrap_or(u64::MAX)
        .saturating_add(RESERVED_FILES);
    let allowed = match rlimit::increase_nofile_limit(wanted) {
        Ok(allowed) => allowed,
        // Not a Unix-like system, or the limit cannot be read: keep the flag as it is.
        Err(_) => return max_connections,
    };
    if allowed >= wanted {
        return max_connections;
    }
    let fitting = usize::try_from(allowed.saturating_sub(RESERVED_FILES).max(1)).unwrap_or(1);
    tracing::warn!(
        open_files = allowed,
        max_connections = fitting,
        "the open-file limit is below --max-connections; serving fewer connections \
         (raise it with `ulimit -n` or LimitNOFILE=)"
    );
    fitting
}

async fn serve(config: Config) -> ExitCode {
    // Listening for the signals before the address is printed: a supervisor may send SIGTERM
    // as soon as it reads it.
    let stop = match stop_signal() {
        Ok(stop) => stop,
        Err(e) => return fail(&format!("cannot wait for signals: {e}")),
    };
    let server = match Server::start(config).await {
        Ok(server) => server,
        Err(e) => return fail(&e.to_string()),
    };
    println!("listening on http://{}", server.address());
    stop.await;
    tracing::info!("stopping");
    server.shutdown().await;
    tracing::info!("stopped");
    ExitCode::SUCCESS
}

/// SIGTERM or SIGINT (Ctrl-C elsewhere): listened for from the call on, received when the
/// future ends.
fn stop_signal() -> std::io::Result<impl Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate())?;
        let mut int = signal(SignalKind::interrupt())?;
        Ok(async move {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            // Without a way to wait for Ctrl-C the server runs until it is killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_defaults_are_the_servers_defaults() {
        let cli = Cli::try_parse_from(["bao-server"]).expect("no flags");
        assert_eq!(cli.limits(), Limits::default());
    }

    #[test]
    fn trusted_proxies_are_read_from_several_flags_and_lists() {
        let cli = Cli::try_parse_from([
            "bao-server",
            "--trusted-proxy",
            "127.0.0.1,10.0.0.0/8",
            "--trusted-proxy",
            "::1",
        ])
        .expect("good flags");
        let trusted = cli.limits().trusted_proxies;
        for address in ["127.0.0.1", "10.9.8.7", "::1"] {
            assert!(trusted.trusts(address.parse().unwrap()), "{address}");
        }
        assert!(!trusted.trusts("127.0.0.2".parse().unwrap()));
        for bad in [
            vec!["bao-server", "--trusted-proxy", "10.0.0.0/33"],
            vec!["bao-server", "--max-connections", "0"],
            vec!["bao-server", "--header-timeout", "10"],
        ] {
            assert!(Cli::try_parse_from(&bad).is_err(), "{bad:?}");
        }
    }
}
