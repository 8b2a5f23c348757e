//! Play on the local network as the overlay sees it, on every platform: the request to host a
//! game on this computer ([`HostGame`]), the hosted server's state ([`Hosting`]) and the games
//! others host on the network ([`LanGames`]). The desktop's `host.rs` and `lan.rs` do the work;
//! a web page can neither listen on a port nor send multicast, so there these stay empty.

use super::{OnlineCommand, invite_link};
use bao_engine::Variant;
use bevy::prelude::*;
use std::net::{IpAddr, Ipv4Addr};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HostGame>()
        .init_resource::<Hosting>()
        .init_resource::<LanGames>();
}

/// Host a game of this variant on this computer: the server starts here unless it runs
/// already, then a friend is invited to the game as on any other server (our seat South).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostGame(pub Variant);

/// The server this computer hosts, if any.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub enum Hosting {
    /// None hosted (the web has none, ever).
    #[default]
    Off,
    /// Opening its database and its port.
    Starting,
    /// Serving: its address on the local network, `http://192.168.1.5:8765`.
    Serving {
        /// The address others reach it at, as the server field and the invitations spell it.
        server: String,
    },
    /// It could not start, for this reason (the system's words, for the player to pass on).
    Failed(String),
}

impl Hosting {
    /// The hosted server's address while it serves.
    pub fn server(&self) -> Option<&str> {
        match self {
            Hosting::Serving { server } => Some(server),
            _ => None,
        }
    }
}

/// The games hosted on the local network, as DNS-SD last announced them. Looked for while the
/// overlay wants them (`wanted`), so that a game without the window sends no multicast.
#[derive(Resource, Clone, Debug, Default)]
pub struct LanGames {
    /// The overlay shows the list: the network is searched.
    pub wanted: bool,
    /// The games found, in the order they were found.
    pub games: Vec<LanGame>,
}

impl LanGames {
    /// The servers the games found are hosted on, each once.
    pub fn servers(&self) -> Vec<&str> {
        let mut servers: Vec<&str> = Vec::new();
        for game in &self.games {
            if !servers.contains(&game.server.as_str()) {
                servers.push(&game.server);
            }
        }
        servers
    }
}

/// A game announced on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanGame {
    /// The announcement's full name (unique on the network).
    pub name: String,
    /// The computer that hosts it, as it calls itself.
    pub host: String,
    /// Its server's address, `http://ip:port`.
    pub server: String,
    /// Its variant, if this program knows it.
    pub variant: Option<Variant>,
    /// The protocol version its server speaks.
    pub protocol: u32,
    /// The free seat's token while the seat is open; `None` once the guest has come.
    pub token: Option<String>,
}

impl LanGame {
    /// Whether this program can take its free seat: one is open, and the server speaks our
    /// protocol about a game we know.
    pub fn joinable(&self) -> bool {
        self.token.is_some()
            && self.variant.is_some()
            && self.protocol == bao_protocol::PROTOCOL_VERSION
    }

    /// The command that takes the free seat: a join with the invitation's link, as if the
    /// person had pasted it.
    pub fn join(&self) -> Option<OnlineCommand> {
        let token = self.token.as_deref().filter(|_| self.joinable())?;
        Some(OnlineCommand::Join(invite_link(&self.server, token)))
    }
}

/// The host and port of a server's address (`http://192.168.1.5:8765/`), when the host is an
/// IP address.
pub fn server_ip_port(server: &str) -> Option<(IpAddr, u16)> {
    let rest = server.split_once("://").map_or(server, |(_, rest)| rest);
    let authority = rest.split('/').next()?;
    let (host, port) = authority.rsplit_once(':')?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    Some((host.parse().ok()?, port.parse().ok()?))
}

/// Whether `server` is a computer on the local network (a private, link-local or loopback
/// address, or one in the network of an interface of this computer): then a lost connection
/// most likely means that the person hosting the game closed it, and it comes back when they do.
pub fn on_local_network(server: &str) -> bool {
    match server_ip_port(server) {
        Some((IpAddr::V4(ip), _)) => local_v4(ip) || on_our_network(ip),
        Some((IpAddr::V6(ip), _)) => {
            ip.is_loopback() || ip.is_unique_local() || ip.is_unicast_link_local()
        }
        None => false,
    }
}

fn local_v4(ip: Ipv4Addr) -> bool {
    ip.is_private() || ip.is_link_local() || ip.is_loopback()
}

/// Whether `ip` is in the network of one of this computer's IPv4 interfaces.
#[cfg(not(target_arch = "wasm32"))]
fn on_our_network(ip: Ipv4Addr) -> bool {
    let within = |ours: &if_addrs::Ifv4Addr| {
        let mask = u32::from(ours.netmask);
        u32::from(ours.ip) & mask == u32::from(ip) & mask
    };
    if_addrs::get_if_addrs().is_ok_and(|interfaces| {
        interfaces.iter().any(|interface| match &interface.addr {
            if_addrs::IfAddr::V4(ours) => !ours.is_loopback() && within(ours),
            if_addrs::IfAddr::V6(_) => false,
        })
    })
}

/// A web page cannot see the interfaces (nor reach a computer on the network by its address).
#[cfg(target_arch = "wasm32")]
fn on_our_network(_ip: Ipv4Addr) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_on_the_local_network_is_told_by_its_address() {
        assert!(on_local_network("http://192.168.1.5:8765"));
        assert!(on_local_network("http://10.0.0.2:8765/"));
        assert!(on_local_network("http://127.0.0.1:8080"));
        assert!(on_local_network("http://[fd00::2]:8765"));
        assert!(!on_local_network("https://bao.example.org"));
        assert!(!on_local_network("http://203.0.113.9:8080"));
        assert_eq!(
            server_ip_port("http://192.168.1.5:8765/"),
            Some((IpAddr::V4(Ipv4Addr::new(192, 168, 1, 5)), 8765))
        );
    }

    #[test]
    fn an_open_seat_is_joined_with_its_link() {
        let mut game = LanGame {
            name: "kitchen 1._bao._tcp.local.".into(),
            host: "kitchen".into(),
            server: "http://192.168.1.5:8765".into(),
            variant: Some(Variant::Kigogo),
            protocol: bao_protocol::PROTOCOL_VERSION,
            token: Some("Zm9vYmFyYmF6cXV4MTIzNDU2".into()),
        };
        assert_eq!(
            game.join(),
            Some(OnlineCommand::Join(
                "http://192.168.1.5:8765/?join=Zm9vYmFyYmF6cXV4MTIzNDU2".into()
            ))
        );
        game.protocol += 1;
        assert_eq!(game.join(), None, "another version's game");
        game.protocol -= 1;
        game.token = None;
        assert_eq!(game.join(), None, "the seat is taken");
    }
}
