//! "Host on this computer" (desktop): the game runs `bao-server`'s library in process, on a
//! tokio runtime of its own, with its games in an SQLite file of the data folder, listening on
//! every interface of the local network. The game then plays as a client of its own server,
//! exactly as of a remote one: the server field is set to the host's address on the network and
//! a friend is invited. The port is kept in the store, so that the server opens again on the
//! same port and the same file when the host comes back to an unfinished game: the guest's
//! reconnecting socket finds it, and every token is still valid.

use super::local::{HostGame, Hosting, server_ip_port};
use super::{OnlineCommand, OnlineServer, UnfinishedOnline};
use crate::core::CoreSet;
use crate::storage::Storage;
use bao_engine::Variant;
use bao_server::{Config, DatabaseUrl, Limits, Server, StartError, Timing};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HostedServer>()
        .add_systems(
            Update,
            (host_when_asked, host_the_kept_game, finish_start)
                .chain()
                .in_set(CoreSet::Session),
        )
        .add_systems(Last, stop_on_exit);
}

/// The port a hosted server listens on unless it is taken (then the system picks a free one,
/// which is kept for the next time).
pub const HOST_PORT: u16 = 8765;

/// The key the hosted server's port is kept under.
pub const HOST_KEY: &str = "online-host";

/// The hosted games' database, in the data folder.
pub const DATABASE_FILE: &str = "hosted-games.sqlite";

/// How long the game waits for its server to close the sockets when it quits: the guest hears
/// that the host left at once instead of after the protocol's silence limit.
const STOP_WAIT: Duration = Duration::from_secs(2);

/// How long dropping the runtime waits for its tasks (a test's app dropped without quitting).
const DROP_WAIT: Duration = Duration::from_secs(1);

/// What is kept of the hosted server between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct KeptHost {
    port: u16,
}

/// The server's runtime, its start under way, and the server once it runs.
#[derive(Resource, Default)]
struct HostedServer {
    runtime: Option<tokio::runtime::Runtime>,
    starting: Option<Started>,
    server: Option<Server>,
    /// The game to invite a friend to once the server runs.
    then: Option<Variant>,
}

/// Where the runtime's task puts the result of the server's start.
type Started = Arc<Mutex<Option<Result<Server, StartError>>>>;

impl Drop for HostedServer {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(DROP_WAIT);
        }
    }
}

/// Why the server could not be started.
#[derive(Debug)]
enum HostError {
    /// No data folder to keep the games in.
    NoFolder(String),
    /// The data folder cannot be made.
    Folder(std::io::Error),
    /// The runtime's threads cannot be started.
    Runtime(std::io::Error),
    /// The server did not start.
    Start(StartError),
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostError::NoFolder(why) => write!(f, "no data folder for the games: {why}"),
            HostError::Folder(e) => write!(f, "the data folder cannot be made: {e}"),
            HostError::Runtime(e) => write!(f, "the server's threads cannot start: {e}"),
            HostError::Start(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for HostError {}

/// "Host on this computer": the server starts (unless it runs), then the friend is invited.
fn host_when_asked(
    mut asked: MessageReader<HostGame>,
    mut hosted: ResMut<HostedServer>,
    mut hosting: ResMut<Hosting>,
    storage: Option<Res<Storage>>,
    mut server: ResMut<OnlineServer>,
    mut commands: MessageWriter<OnlineCommand>,
) {
    let Some(HostGame(variant)) = asked.read().last().copied() else {
        return;
    };
    if let Some(address) = hosting.server() {
        server.0 = address.to_owned();
        commands.write(OnlineCommand::Invite(variant));
        return;
    }
    hosted.then = Some(variant);
    if *hosting != Hosting::Starting {
        *hosting = begin(&mut hosted, storage.as_deref());
    }
}

/// At start, an unfinished game this computer hosted: its server opens again, on the port
/// and the file it had, before the person takes the game up (the guest may be waiting).
fn host_the_kept_game(
    offer: Res<UnfinishedOnline>,
    mut hosted: ResMut<HostedServer>,
    mut hosting: ResMut<Hosting>,
    storage: Option<Res<Storage>>,
    mut looked: Local<bool>,
) {
    let (Some(kept), Some(storage)) = (offer.0.as_ref(), storage.as_deref()) else {
        return;
    };
    if std::mem::replace(&mut *looked, true) || *hosting != Hosting::Off {
        return;
    }
    let ours = server_ip_port(&kept.server).is_some_and(|(ip, port)| {
        Some(port) == kept_port(storage) && (ip.is_loopback() || local_addresses().contains(&ip))
    });
    if ours {
        info!(
            "online: hosting the unfinished game again at {}",
            kept.server
        );
        *hosting = begin(&mut hosted, Some(storage));
    }
}

/// Starts the server on the runtime; its result arrives in `hosted.starting`.
fn begin(hosted: &mut HostedServer, storage: Option<&Storage>) -> Hosting {
    match spawn_start(hosted, storage) {
        Ok(()) => Hosting::Starting,
        Err(error) => {
            warn!("online: cannot host on this computer: {error}");
            Hosting::Failed(error.to_string())
        }
    }
}

fn spawn_start(hosted: &mut HostedServer, storage: Option<&Storage>) -> Result<(), HostError> {
    let storage = storage.ok_or_else(|| HostError::NoFolder("no store".to_owned()))?;
    let folder = storage
        .folder()
        .ok_or_else(|| HostError::NoFolder(storage.describe()))?;
    std::fs::create_dir_all(folder).map_err(HostError::Folder)?;
    if hosted.runtime.is_none() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("bao-host")
            .enable_all()
            .build()
            .map_err(HostError::Runtime)?;
        hosted.runtime = Some(runtime);
    }
    let database = DatabaseUrl::Sqlite(folder.join(DATABASE_FILE));
    let page = write_invitation_page(folder);
    let port = kept_port(storage).unwrap_or(HOST_PORT);
    let cell: Started = Arc::new(Mutex::new(None));
    let result = Arc::clone(&cell);
    if let Some(runtime) = &hosted.runtime {
        runtime.spawn(async move {
            let started = serve(database, page, port).await;
            if let Ok(mut slot) = result.lock() {
                *slot = Some(started);
            }
        });
    }
    hosted.starting = Some(cell);
    Ok(())
}

/// The page a browser gets at the invitation's address (a phone that scanned the QR code): what
/// the link is and how to open it in Bao, in the four languages. The hosted server has no web
/// build to serve, and without a page the phone would show a bare "no such path".
const INVITATION_PAGE: &str = include_str!("host_page.html");

/// The folder the hosted server serves at `/`, holding [`INVITATION_PAGE`] as its index.
const PAGE_FOLDER: &str = "hosted-page";

/// Writes the invitation page into the data folder; `None` (logged) if it cannot be written:
/// the games are hosted all the same.
fn write_invitation_page(folder: &std::path::Path) -> Option<std::path::PathBuf> {
    let pages = folder.join(PAGE_FOLDER);
    let written = std::fs::create_dir_all(&pages)
        .and_then(|()| std::fs::write(pages.join("index.html"), INVITATION_PAGE));
    match written {
        Ok(()) => Some(pages),
        Err(e) => {
            warn!(
                "online: the invitation page cannot be written in {}: {e}",
                pages.display()
            );
            None
        }
    }
}

/// The server on every interface at `port`, or on a free port where that one is taken; `page`
/// is the folder served at `/`.
async fn serve(
    database: DatabaseUrl,
    page: Option<std::path::PathBuf>,
    port: u16,
) -> Result<Server, StartError> {
    let config = |port: u16| Config {
        listen: SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)),
        database: database.clone(),
        web: page.clone(),
        timing: Timing::default(),
        limits: Limits::default(),
    };
    match Server::start(config(port)).await {
        Err(StartError::Listen(address, error)) if port != 0 => {
            info!("online: {address} is taken ({error}); hosting on a free port");
            Server::start(config(0)).await
        }
        other => other,
    }
}

/// Once the server has started: its address on the network is the server field's, its port is
/// kept, and the friend asked for is invited.
fn finish_start(
    mut hosted: ResMut<HostedServer>,
    mut hosting: ResMut<Hosting>,
    storage: Option<Res<Storage>>,
    mut server: ResMut<OnlineServer>,
    mut commands: MessageWriter<OnlineCommand>,
) {
    let Some(cell) = &hosted.starting else {
        return;
    };
    let Some(started) = cell.lock().ok().and_then(|mut slot| slot.take()) else {
        return;
    };
    hosted.starting = None;
    let running = match started {
        Ok(running) => running,
        Err(error) => {
            warn!("online: the server on this computer did not start: {error}");
            *hosting = Hosting::Failed(HostError::Start(error).to_string());
            return;
        }
    };
    let port = running.address().port();
    if let Some(storage) = storage.as_deref() {
        keep_port(storage, port);
    }
    let address = format!("http://{}", SocketAddr::new(lan_address(), port));
    info!("online: hosting games at {address}");
    hosted.server = Some(running);
    server.0 = address.clone();
    *hosting = Hosting::Serving { server: address };
    if let Some(variant) = hosted.then.take() {
        commands.write(OnlineCommand::Invite(variant));
    }
}

/// When the game quits, its server closes the sockets (the guest is told at once).
fn stop_on_exit(mut exit: MessageReader<AppExit>, mut hosted: ResMut<HostedServer>) {
    if exit.read().count() == 0 {
        return;
    }
    let (Some(server), Some(runtime)) = (hosted.server.take(), hosted.runtime.as_ref()) else {
        return;
    };
    runtime.block_on(async {
        if tokio::time::timeout(STOP_WAIT, server.shutdown())
            .await
            .is_err()
        {
            warn!("online: the hosted server did not stop within {STOP_WAIT:?}");
        }
    });
}

/// The port kept from the last time this computer hosted.
fn kept_port(storage: &Storage) -> Option<u16> {
    let text = storage.read(HOST_KEY).ok().flatten()?;
    serde_json::from_str::<KeptHost>(&text).ok().map(|k| k.port)
}

fn keep_port(storage: &Storage, port: u16) {
    if kept_port(storage) == Some(port) {
        return;
    }
    let text = serde_json::to_string(&KeptHost { port }).unwrap_or_default();
    if let Err(e) = storage.write(HOST_KEY, &text) {
        warn!("online: the hosted server's port cannot be kept: {e}");
    }
}

/// Interfaces that do not lead to other computers: containers', virtual machines' and VPNs'.
const VIRTUAL_INTERFACES: [&str; 9] = [
    "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg",
];

/// This computer's address on the local network, for the invitation: of its IPv4 addresses
/// other than loopback, one of a real interface before a virtual one (a container's bridge is
/// private too), and a home network's (192.168/16) before 10/8, 172.16/12 and any other;
/// loopback where there is none (a computer with no network hosts for itself only).
pub(super) fn lan_address() -> IpAddr {
    let interfaces = if_addrs::get_if_addrs().unwrap_or_default();
    let best = interfaces
        .iter()
        .filter_map(|interface| match interface.ip() {
            IpAddr::V4(ip) if !ip.is_loopback() => Some((rank(&interface.name, ip), ip)),
            _ => None,
        })
        .min_by_key(|(rank, _)| *rank);
    IpAddr::V4(best.map_or(Ipv4Addr::LOCALHOST, |(_, ip)| ip))
}

/// How fit an interface's address is for the invitation: lower is better.
fn rank(name: &str, ip: Ipv4Addr) -> (bool, u8) {
    let virtual_one = VIRTUAL_INTERFACES.iter().any(|v| name.starts_with(v));
    let [a, b, ..] = ip.octets();
    let class = match (a, b) {
        (192, 168) => 0,
        (10, _) => 1,
        (172, 16..=31) => 2,
        _ => 3,
    };
    (virtual_one, class)
}

/// The addresses of this computer's interfaces.
fn local_addresses() -> Vec<IpAddr> {
    if_addrs::get_if_addrs()
        .map(|interfaces| interfaces.iter().map(if_addrs::Interface::ip).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::rank;
    use std::net::Ipv4Addr;

    #[test]
    fn the_invitation_prefers_a_home_network_on_a_real_interface() {
        let wifi = rank("wlan0", Ipv4Addr::new(192, 168, 1, 5));
        let docker = rank("docker0", Ipv4Addr::new(172, 17, 0, 1));
        let office = rank("eth0", Ipv4Addr::new(10, 1, 2, 3));
        let vpn = rank("wg0", Ipv4Addr::new(192, 168, 77, 1));
        let public = rank("eth1", Ipv4Addr::new(203, 0, 113, 9));
        assert!(wifi < office && office < public && public < docker && public < vpn);
    }
}
