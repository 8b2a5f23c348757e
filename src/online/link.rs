//! The addresses of online play, as text: an invitation's link (`http://host:port/?join=TOKEN`)
//! and what a person may paste instead (the link, or the token alone), the socket's address of a
//! seat, and the HTTP API's.

use std::fmt;

/// The server the desktop talks to unless told otherwise (`--server`, the panel's field).
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

/// The query parameter of an invitation's link that carries the invited seat's token.
pub const JOIN_PARAMETER: &str = "join";

/// The shortest token taken: the protocol's tokens carry at least 128 random bits (22
/// characters of URL-safe Base64); a shorter word is a typo, not a token.
const SHORTEST_TOKEN: usize = 16;

/// A seat to join: its server and its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Join {
    /// The server's address, `http://host:port`.
    pub server: String,
    /// The seat's token.
    pub token: String,
}

/// A text that is neither an invitation's link nor a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLink(pub String);

impl fmt::Display for BadLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a link or a code of an online game (a link ends with ?{JOIN_PARAMETER}=CODE)",
            self.0
        )
    }
}

impl std::error::Error for BadLink {}

/// Reads what a person pasted or passed to `--join`: an invitation's link (its server is the
/// link's own, `http(s)://host:port`) or a token alone (played on `default_server`).
///
/// # Errors
/// [`BadLink`] when the text is neither.
pub fn parse_join(text: &str, default_server: &str) -> Result<Join, BadLink> {
    let text = text.trim();
    let bad = || BadLink(text.to_owned());
    if is_token(text) {
        return Ok(Join {
            server: trim_server(default_server),
            token: text.to_owned(),
        });
    }
    let (address, query) = text.split_once('?').ok_or_else(bad)?;
    let query = query.split('#').next().unwrap_or_default();
    let token = query
        .split('&')
        .find_map(|pair| pair.strip_prefix(JOIN_PARAMETER)?.strip_prefix('='))
        .filter(|token| is_token(token))
        .ok_or_else(bad)?;
    let server = origin(address).ok_or_else(bad)?;
    Ok(Join {
        server,
        token: token.to_owned(),
    })
}

/// Whether `text` can be a token: long enough, and only the URL-safe characters tokens use.
fn is_token(text: &str) -> bool {
    text.len() >= SHORTEST_TOKEN
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `scheme://host[:port]` of an http(s) address, without its path.
fn origin(address: &str) -> Option<String> {
    let (scheme, rest) = address.split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = rest.split('/').next().filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

/// The server's address without a trailing slash.
pub(super) fn trim_server(server: &str) -> String {
    server.trim().trim_end_matches('/').to_owned()
}

/// The link a friend opens (in a browser, if the server also serves the web build) or pastes
/// into the game: `page` with `?join=TOKEN` (on the desktop `page` is the server's address, on
/// the web the page's own).
pub fn invite_link(page: &str, token: &str) -> String {
    let page = page.split(['?', '#']).next().unwrap_or_default();
    // A bare origin (`http://host:port`) gets the root's slash: `http://host:port/?join=…`.
    let has_path = page
        .split_once("://")
        .is_some_and(|(_, rest)| rest.contains('/'));
    let slash = if has_path { "" } else { "/" };
    format!("{page}{slash}?{JOIN_PARAMETER}={token}")
}

/// The WebSocket address that plays the seat of `token` on `server`: `ws://…/ws?token=T`
/// (`wss` for an `https` server).
pub fn socket_address(server: &str, token: &str) -> String {
    format!("{}/ws?token={token}", socket_origin(server))
}

/// The WebSocket address that watches the game `game` on `server`: `ws://…/ws?game=ID`.
pub fn watch_address(server: &str, game: &str) -> String {
    format!("{}/ws?game={game}", socket_origin(server))
}

/// `server`'s address with the WebSocket's scheme: `ws://host:port` (`wss` for `https`).
fn socket_origin(server: &str) -> String {
    let server = trim_server(server);
    if let Some(rest) = server.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = server.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        format!("ws://{server}")
    }
}

/// The address of the HTTP API's `path` (`/api/games`, `/health`) on `server`.
pub fn api_address(server: &str, path: &str) -> String {
    format!("{}{path}", trim_server(server))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "Zm9vYmFyYmF6cXV4MTIzNDU2";

    #[test]
    fn a_link_names_its_server_and_token() {
        let link = format!("http://192.168.1.5:8080/?join={TOKEN}");
        assert_eq!(
            parse_join(&link, DEFAULT_SERVER),
            Ok(Join {
                server: "http://192.168.1.5:8080".into(),
                token: TOKEN.into()
            })
        );
        // A page below a path, other parameters, a fragment, spaces from the clipboard.
        let link = format!("  https://bao.example.org/play/index.html?language=de&join={TOKEN}#x ");
        let join = parse_join(&link, DEFAULT_SERVER).expect("a link");
        assert_eq!(join.server, "https://bao.example.org");
        assert_eq!(join.token, TOKEN);
    }

    #[test]
    fn a_token_alone_plays_on_the_default_server() {
        assert_eq!(
            parse_join(TOKEN, "http://127.0.0.1:8080/"),
            Ok(Join {
                server: DEFAULT_SERVER.into(),
                token: TOKEN.into()
            })
        );
    }

    #[test]
    fn anything_else_is_refused_naming_it() {
        for bad in [
            "",
            "hello",
            "http://host/?join=short",
            "http://host/?game=abcdefghijklmnopqrstu",
            "ftp://host/?join=Zm9vYmFyYmF6cXV4MTIzNDU2",
            "?join=Zm9vYmFyYmF6cXV4MTIzNDU2",
            "Zm9vYmFyYmF6cXV4MTIz NDU2",
        ] {
            let error = parse_join(bad, DEFAULT_SERVER).expect_err(bad);
            assert!(error.to_string().contains(bad.trim()), "{error}");
        }
    }

    #[test]
    fn an_invitation_is_read_back_as_itself() {
        for page in [
            "http://127.0.0.1:8080",
            "http://127.0.0.1:8080/",
            "https://bao.example.org/play/?variant=kigogo",
        ] {
            let link = invite_link(page, TOKEN);
            assert!(link.ends_with(&format!("/?join={TOKEN}")), "{link}");
            let join = parse_join(&link, "http://elsewhere").expect(&link);
            assert_eq!(join.token, TOKEN);
            assert!(page.starts_with(&join.server), "{page} {join:?}");
        }
    }

    #[test]
    fn the_socket_of_a_seat_follows_the_servers_scheme() {
        assert_eq!(
            socket_address("http://127.0.0.1:8080/", "T"),
            "ws://127.0.0.1:8080/ws?token=T"
        );
        assert_eq!(
            socket_address("https://bao.example.org", "T"),
            "wss://bao.example.org/ws?token=T"
        );
        assert_eq!(
            api_address("http://h:1/", "/api/games"),
            "http://h:1/api/games"
        );
    }
}
