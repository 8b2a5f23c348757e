//! Games on this network (desktop): DNS-SD over multicast DNS (`mdns-sd`, a thread of its own).
//! The game this computer hosts is announced as a `_bao._tcp.local.` service, its TXT record
//! saying the protocol version, the variant, the host's name, whether the seat is open and,
//! while it is, the seat's token (anyone on the network may take a free seat, as they could by
//! asking the server, which listens on the network); the games others host are looked for while
//! the overlay wants them ([`LanGames`]). The daemon starts on first use, so a game that never
//! opens the window sends nothing.

use super::local::{Hosting, LanGame, LanGames};
use super::machine::OnlineGame;
use bao_engine::Variant;
use bevy::prelude::*;
use mdns_sd::{ResolvedService, ServiceDaemon, ServiceEvent, ServiceInfo};
use std::net::IpAddr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Mdns>()
        .add_systems(
            Update,
            (
                announce_the_hosted_game,
                search_while_wanted,
                read_the_network,
            )
                .chain(),
        )
        .add_systems(Last, say_goodbye_on_exit);
}

/// The DNS-SD service type of a game hosted by Bao.
pub const SERVICE_TYPE: &str = "_bao._tcp.local.";

/// The keys of a hosted game's TXT record: the protocol version, the variant id, the host's
/// name, whether the seat is open (`1`/`0`) and, while it is, the seat's token.
mod txt {
    pub(super) const PROTOCOL: &str = "v";
    pub(super) const VARIANT: &str = "variant";
    pub(super) const HOST: &str = "host";
    pub(super) const OPEN: &str = "open";
    pub(super) const JOIN: &str = "join";
}

/// The longest host name put in an announcement's name (DNS labels take 63 bytes).
const LONGEST_HOST: usize = 40;

/// The multicast DNS daemon, once started, the search under way and the game announced.
#[derive(Resource, Default)]
struct Mdns {
    daemon: Option<ServiceDaemon>,
    /// The daemon could not start (no network): it is not tried again every frame.
    unavailable: bool,
    searching: Option<mdns_sd::Receiver<ServiceEvent>>,
    announced: Option<Announcement>,
}

/// A hosted game as announced.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Announcement {
    /// The instance's name: the host's and the game's id.
    instance: String,
    port: u16,
    properties: Vec<(&'static str, String)>,
}

impl Announcement {
    fn full_name(&self) -> String {
        format!("{}.{SERVICE_TYPE}", self.instance)
    }
}

impl Mdns {
    /// The daemon, started on first use; `None` where multicast DNS cannot run.
    fn daemon(&mut self) -> Option<&ServiceDaemon> {
        if self.daemon.is_none() && !self.unavailable {
            match ServiceDaemon::new() {
                Ok(daemon) => self.daemon = Some(daemon),
                Err(e) => {
                    warn!("online: no multicast DNS on this computer: {e}");
                    self.unavailable = true;
                }
            }
        }
        self.daemon.as_ref()
    }

    fn withdraw(&mut self) {
        if let (Some(old), Some(daemon)) = (self.announced.take(), &self.daemon) {
            // Its goodbye tells the others at once that the game is gone.
            let _ = daemon.unregister(&old.full_name());
        }
    }
}

/// The game this computer hosts, while we play it: announced, and announced again when its
/// seat is taken (the token leaves the record); withdrawn once it is over or left.
fn announce_the_hosted_game(
    hosting: Res<Hosting>,
    online: Option<Res<OnlineGame>>,
    mut mdns: ResMut<Mdns>,
) {
    let wanted = online
        .as_deref()
        .and_then(|game| announcement(&hosting, game));
    if wanted == mdns.announced {
        return;
    }
    mdns.withdraw();
    let Some(wanted) = wanted else {
        return;
    };
    let Some(daemon) = mdns.daemon() else {
        return;
    };
    let host_name = format!("{}.local.", host_label());
    let service = ServiceInfo::new(
        SERVICE_TYPE,
        &wanted.instance,
        &host_name,
        "",
        wanted.port,
        &wanted.properties[..],
    )
    .map(ServiceInfo::enable_addr_auto)
    .and_then(|service| daemon.register(service));
    match service {
        Ok(()) => mdns.announced = Some(wanted),
        Err(e) => warn!("online: the hosted game cannot be announced: {e}"),
    }
}

/// What announces `game`, when it is the game we play on our hosted server and not over. Its
/// seat is open until the guest has come (once come, it stays theirs).
fn announcement(hosting: &Hosting, game: &OnlineGame) -> Option<Announcement> {
    let hosted = hosting.server().filter(|server| *server == game.server)?;
    let (_, port) = super::local::server_ip_port(hosted)?;
    let id = game.game.as_deref()?;
    let variant = game.confirmed()?.start().variant();
    if game.watching || game.over() || game.invite.is_none() {
        return None;
    }
    let open = !game.met;
    let host = host_label();
    let mut properties = vec![
        (txt::PROTOCOL, bao_protocol::PROTOCOL_VERSION.to_string()),
        (txt::VARIANT, variant.id().to_owned()),
        (txt::HOST, host.clone()),
        (txt::OPEN, if open { "1" } else { "0" }.to_owned()),
    ];
    if let Some(token) = game.invite.as_ref().filter(|_| open) {
        properties.push((txt::JOIN, token.clone()));
    }
    Some(Announcement {
        instance: format!("{host} {id}"),
        port,
        properties,
    })
}

/// This computer's name as a DNS label: letters, digits and `-`.
fn host_label() -> String {
    let name = gethostname::gethostname().to_string_lossy().into_owned();
    let label: String = name
        .split('.')
        .next()
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(LONGEST_HOST)
        .collect();
    if label.is_empty() {
        "bao".to_owned()
    } else {
        label
    }
}

/// Searches the network while the overlay wants the list; forgets it when it does not.
fn search_while_wanted(mut lan: ResMut<LanGames>, mut mdns: ResMut<Mdns>) {
    match (lan.wanted, mdns.searching.is_some()) {
        (true, false) => {
            let Some(daemon) = mdns.daemon() else {
                return;
            };
            match daemon.browse(SERVICE_TYPE) {
                Ok(receiver) => mdns.searching = Some(receiver),
                Err(e) => warn!("online: cannot look for games on this network: {e}"),
            }
        }
        (false, true) => {
            if let Some(daemon) = &mdns.daemon {
                let _ = daemon.stop_browse(SERVICE_TYPE);
            }
            mdns.searching = None;
            lan.games.clear();
        }
        _ => {}
    }
}

/// The games announced and withdrawn since the last frame (our own left out).
fn read_the_network(mut lan: ResMut<LanGames>, mdns: Res<Mdns>) {
    let Some(receiver) = &mdns.searching else {
        return;
    };
    let ours = mdns.announced.as_ref().map(Announcement::full_name);
    for event in receiver.try_iter() {
        match event {
            ServiceEvent::ServiceResolved(service) => {
                let Some(game) = lan_game(&service).filter(|g| Some(&g.name) != ours.as_ref())
                else {
                    continue;
                };
                match lan.games.iter_mut().find(|known| known.name == game.name) {
                    Some(known) => *known = game,
                    None => lan.games.push(game),
                }
            }
            ServiceEvent::ServiceRemoved(_, name) => lan.games.retain(|g| g.name != name),
            _ => {}
        }
    }
}

/// A resolved announcement as a game: its server at an IPv4 address when it has one.
fn lan_game(service: &ResolvedService) -> Option<LanGame> {
    let addresses = service.get_addresses();
    let ip = addresses
        .iter()
        .map(mdns_sd::ScopedIp::to_ip_addr)
        .min_by_key(|ip| match ip {
            IpAddr::V4(v4) if v4.is_loopback() => 3,
            IpAddr::V4(v4) if v4.is_link_local() => 1,
            IpAddr::V4(_) => 0,
            IpAddr::V6(_) => 2,
        })?;
    let text = |key| service.get_property_val_str(key);
    Some(LanGame {
        name: service.get_fullname().to_owned(),
        host: text(txt::HOST).unwrap_or(service.get_hostname()).to_owned(),
        server: format!(
            "http://{}",
            std::net::SocketAddr::new(ip, service.get_port())
        ),
        variant: text(txt::VARIANT).and_then(|id| id.parse::<Variant>().ok()),
        protocol: text(txt::PROTOCOL)
            .and_then(|v| v.parse().ok())
            .unwrap_or(0),
        token: text(txt::JOIN)
            .filter(|_| text(txt::OPEN) == Some("1"))
            .map(str::to_owned),
    })
}

/// When the game quits: the announcement's goodbye, and the daemon stopped.
fn say_goodbye_on_exit(mut exit: MessageReader<AppExit>, mut mdns: ResMut<Mdns>) {
    if exit.read().count() == 0 {
        return;
    }
    mdns.withdraw();
    if let Some(daemon) = mdns.daemon.take() {
        let _ = daemon.shutdown();
    }
}
