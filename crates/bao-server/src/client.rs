//! Who a request comes from: the client's address (the connection's peer, or — only when the
//! peer is a trusted reverse proxy — the address the proxy says it served), and the key the
//! per-address limits count by (an IPv6 client by its /64, which one household or one server
//! usually holds whole).

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;

/// The address a request is served for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client {
    /// The client's address (after the trusted proxies).
    pub address: IpAddr,
}

impl Client {
    /// What the per-address limits count this client as.
    pub fn key(self) -> ClientKey {
        ClientKey::of(self.address)
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.address.fmt(f)
    }
}

/// An address as the limits count it: an IPv4 address alone (also when written as an
/// IPv4-mapped IPv6 address), an IPv6 address by its /64 network, since a single host is
/// commonly given a whole /64 and could otherwise take a new address for every request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The key of `address`.
    pub fn of(address: IpAddr) -> ClientKey {
        match address {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => ClientKey(IpAddr::V6(network_64(v6))),
            },
        }
    }
}

/// The first 64 bits of `address`, the rest zero.
fn network_64(address: Ipv6Addr) -> Ipv6Addr {
    Ipv6Addr::from(u128::from(address) & !u128::from(u64::MAX))
}

/// The networks whose connections are reverse proxies whose forwarding headers are believed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

/// A `--trusted-proxy` value that is not an address or a network.
#[derive(Debug, PartialEq, Eq)]
pub struct BadNetwork(String);

impl fmt::Display for BadNetwork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an address or a network (such as 127.0.0.1, 10.0.0.0/8 or fd00::/8)",
            self.0
        )
    }
}

impl std::error::Error for BadNetwork {}

impl FromStr for TrustedProxies {
    type Err = BadNetwork;

    /// Networks and addresses separated by commas or spaces: `127.0.0.1, 10.0.0.0/8, ::1`.
    fn from_str(text: &str) -> Result<TrustedProxies, BadNetwork> {
        text.split([',', ' '])
            .filter(|part| !part.is_empty())
            .map(parse_network)
            .collect::<Result<Vec<_>, _>>()
            .map(TrustedProxies)
    }
}

fn parse_network(text: &str) -> Result<IpNet, BadNetwork> {
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| BadNetwork(text.to_owned()))
}

impl TrustedProxies {
    /// No proxy is trusted.
    pub fn none() -> TrustedProxies {
        TrustedProxies(Vec::new())
    }

    /// Adds the networks of `other`.
    pub fn extend(&mut self, other: TrustedProxies) {
        self.0.extend(other.0);
    }

    /// Whether connections from `address` are from a trusted proxy.
    pub fn trusts(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client of a request that came over a connection from `peer`: `peer` itself unless
    /// it is trusted; then the last address in `X-Forwarded-For` (or, without that header, in
    /// `Forwarded`) that is not a trusted proxy, reading from the right — the entries a proxy
    /// appends are at the right, whatever a client wrote at the left is not believed. An
    /// unreadable entry stops the walk at the address before it.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> Client {
        let mut address = canonical(peer);
        if !self.trusts(address) {
            return Client { address };
        }
        for hop in forwarded_hops(headers).into_iter().rev() {
            let Some(hop) = hop else { break };
            address = canonical(hop);
            if !self.trusts(address) {
                break;
            }
        }
        Client { address }
    }
}

/// An IPv4-mapped IPv6 address as the IPv4 address it is (a dual-stack socket reports IPv4
/// peers so).
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

/// The addresses the proxies name, leftmost first; `None` for an entry that is not an
/// address (`unknown`, an obfuscated name, garbage).
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let x_forwarded_for: Vec<_> = headers.get_all("x-forwarded-for").iter().collect();
    if !x_forwarded_for.is_empty() {
        return x_forwarded_for
            .into_iter()
            .flat_map(|value| value.to_str().unwrap_or("?").split(','))
            .map(|entry| parse_hop(entry.trim()))
            .collect();
    }
    headers
        .get_all("forwarded")
        .iter()
        .flat_map(|value| value.to_str().unwrap_or("for=?").split(','))
        .map(|element| {
            element
                .split(';')
                .find_map(|pair| {
                    let (name, value) = pair.trim().split_once('=')?;
                    name.eq_ignore_ascii_case("for").then(|| value.trim())
                })
                .and_then(parse_hop)
        })
        .collect()
}

/// One hop: `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1`, `[2001:db8::1]:4711`, or any of them
/// in double quotes (RFC 7239).
fn parse_hop(text: &str) -> Option<IpAddr> {
    let text = text.trim_matches('"');
    if let Ok(address) = text.parse::<IpAddr>() {
        return Some(address);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    let (host, port) = text.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn proxies(text: &str) -> TrustedProxies {
        text.parse().unwrap()
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_and_a_mapped_ipv4_as_ipv4() {
        assert_eq!(
            ClientKey::of(ip("2001:db8:1:2:aaaa::1")),
            ClientKey::of(ip("2001:db8:1:2:ffff:1:2:3"))
        );
        assert_ne!(
            ClientKey::of(ip("2001:db8:1:2::1")),
            ClientKey::of(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            ClientKey::of(ip("::ffff:192.0.2.7")),
            ClientKey::of(ip("192.0.2.7"))
        );
        assert_ne!(
            ClientKey::of(ip("192.0.2.7")),
            ClientKey::of(ip("192.0.2.8"))
        );
    }

    #[test]
    fn networks_and_addresses_are_read_and_bad_ones_named() {
        let trusted = proxies("127.0.0.1, 10.0.0.0/8,fd00::/8");
        assert!(trusted.trusts(ip("127.0.0.1")));
        assert!(trusted.trusts(ip("::ffff:127.0.0.1")));
        assert!(!trusted.trusts(ip("127.0.0.2")));
        assert!(trusted.trusts(ip("10.200.3.4")));
        assert!(trusted.trusts(ip("fd12::1")));
        assert!(!trusted.trusts(ip("fe80::1")));
        let error = "10.0.0.0/40".parse::<TrustedProxies>().unwrap_err();
        assert!(error.to_string().contains("'10.0.0.0/40'"), "{error}");
        assert!("proxy.example".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn headers_from_an_untrusted_peer_are_never_believed() {
        let forged = headers(&[("x-forwarded-for", "198.51.100.1")]);
        let client = TrustedProxies::none().client(ip("203.0.113.5"), &forged);
        assert_eq!(client.address, ip("203.0.113.5"));
        let client = proxies("127.0.0.1").client(ip("203.0.113.5"), &forged);
        assert_eq!(client.address, ip("203.0.113.5"));
    }

    #[test]
    fn a_trusted_proxy_names_the_client_and_what_a_client_prepended_is_ignored() {
        let trusted = proxies("127.0.0.1, 10.0.0.0/8");
        let set = headers(&[("x-forwarded-for", "203.0.113.5")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &set).address,
            ip("203.0.113.5")
        );
        // The client wrote "1.2.3.4" itself; the proxy appended the address it saw.
        let appended = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.5")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &appended).address,
            ip("203.0.113.5")
        );
        // Two proxies: the inner one (10.1.1.1) is trusted too.
        let chain = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.5, 10.1.1.1")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &chain).address,
            ip("203.0.113.5")
        );
        // Two header lines count as one list.
        let lines = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-for", "203.0.113.9"),
        ]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &lines).address,
            ip("203.0.113.9")
        );
    }

    #[test]
    fn forwarded_is_read_when_there_is_no_x_forwarded_for() {
        let trusted = proxies("127.0.0.1");
        let forwarded = headers(&[(
            "forwarded",
            "for=1.2.3.4, for=\"[2001:db8::7]:4711\";proto=https",
        )]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &forwarded).address,
            ip("2001:db8::7")
        );
        let with_port = headers(&[("forwarded", "proto=https;For=198.51.100.3:80")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &with_port).address,
            ip("198.51.100.3")
        );
    }

    #[test]
    fn an_unreadable_entry_leaves_the_last_address_read() {
        let trusted = proxies("127.0.0.1");
        let garbage = headers(&[("x-forwarded-for", "203.0.113.5, not-an-address")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &garbage).address,
            ip("127.0.0.1")
        );
        let unknown = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &unknown).address,
            ip("127.0.0.1")
        );
        // A proxy that sent no header: the proxy is the client.
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &HeaderMap::new()).address,
            ip("127.0.0.1")
        );
    }
}
