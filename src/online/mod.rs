//! Online play: this app as a client of `bao-server`, speaking `bao_protocol`'s messages. A
//! game is created (`POST /api/games`, for a friend or for anyone), taken from the list of open
//! games, or joined with a seat's token; a WebSocket then carries the moves both ways (a
//! watcher's, `/ws?game=ID`, only brings them). The server's lists of open and live games are
//! fetched while the window shows them (`lobby.rs`). The server's game comes onto the board
//! through the core's one load path with our seat a person here and the other
//! [`Seat::Remote`] (a watcher's: both); the other seat's moves enter as `SeatMove`s from
//! [`MoveSource::Remote`], ours leave as they are told (`MovePlayed` from the board). The conversation's rules are a pure state machine
//! ([`OnlineGame`], `machine.rs`); `connection.rs` does what it says with sockets (ewebsock)
//! and HTTP (ehttp), one code path for the desktop and the web. On the desktop the game may also
//! host games itself (`host.rs`: the server's library in process), announce them and find those
//! of others on the local network (`lan.rs`, DNS-SD), and remembers the last server
//! (`remember.rs`); the overlay's view of these (`local.rs`) exists on the web too, empty.
//!
//! [`Seat::Remote`]: crate::core::Seat::Remote
//! [`MoveSource::Remote`]: crate::core::MoveSource::Remote

mod connection;
#[cfg(not(target_arch = "wasm32"))]
mod host;
mod kept;
#[cfg(not(target_arch = "wasm32"))]
mod lan;
mod link;
mod lobby;
mod local;
mod machine;
#[cfg(not(target_arch = "wasm32"))]
mod remember;

#[cfg(not(target_arch = "wasm32"))]
pub use host::{DATABASE_FILE, HOST_KEY, HOST_PORT};
#[cfg(not(target_arch = "wasm32"))]
pub use lan::SERVICE_TYPE;
pub use local::{HostGame, Hosting, LanGame, LanGames, on_local_network, server_ip_port};
#[cfg(not(target_arch = "wasm32"))]
pub use remember::SERVER_KEY;

pub use kept::{ForgetUnfinished, KEPT_KEY, KeptSeat, UnfinishedOnline};
pub use link::{
    BadLink, DEFAULT_SERVER, JOIN_PARAMETER, Join, api_address, invite_link, parse_join,
    socket_address, watch_address,
};
pub use lobby::{Fetched, Listing, Lobby, REFRESH_SECONDS, unix_now};
pub use machine::{
    Action, Connection, FIRST_RETRY, Failure, LONGEST_RETRY, OnlineGame, Pending, RequestFailure,
    game_of, retry_after,
};

use crate::core::{Activity, Session};
use bao_engine::{Game, Variant};
use bevy::prelude::*;

/// Online play: the commands, the server's address, and the connection's systems. Needs the
/// game core.
pub fn plugin(app: &mut App) {
    app.add_message::<OnlineCommand>()
        .init_resource::<OnlineServer>()
        .add_plugins((
            connection::plugin,
            lobby::plugin,
            kept::plugin,
            local::plugin,
        ));
    // A web page can neither listen on a port nor send multicast, and plays on its own server.
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins((host::plugin, lan::plugin, remember::plugin));
}

/// What the overlay (or the command line) asks of online play.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineCommand {
    /// Create a game of this variant on the server, our seat South, and play it.
    Invite(Variant),
    /// Wait for anyone to play this variant: take the free seat of a game already waiting, or
    /// open one that the list of open games offers.
    WaitForOpponent(Variant),
    /// Take the free seat of this open game (its id), from the list of open games.
    TakeOpen(String),
    /// Join the seat of an invitation's link or code.
    Join(String),
    /// Watch the game with this id on our server.
    Watch(String),
    /// Resign the online game: the other seat wins.
    Resign,
    /// Ask for a rematch of the finished online game (seats swapped).
    Rematch,
    /// Put the online game back on the board (after a lesson, say) from the server's game.
    Back,
    /// Leave the online game: the socket closes.
    Leave,
}

/// The server new games are created on and codes without a link are joined on: on the desktop
/// [`DEFAULT_SERVER`] unless `--server` says otherwise, on the web the page's own origin (the
/// server serves the web build).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlineServer(pub String);

impl Default for OnlineServer {
    fn default() -> Self {
        OnlineServer(page_origin().unwrap_or_else(|| DEFAULT_SERVER.to_owned()))
    }
}

/// The web page's origin (`https://host:port`); `None` on the desktop.
pub fn page_origin() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().and_then(|w| w.location().origin().ok())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The page's address without its query (`https://host/play/`); `None` on the desktop.
pub fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        Some(format!(
            "{}{}",
            location.origin().ok()?,
            location.pathname().ok()?
        ))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

impl OnlineGame {
    /// The link that invites a friend to the other seat: the web page's own address on the web,
    /// the server's on the desktop (which serves the web build when started with `--web`).
    pub fn invite_link(&self) -> Option<String> {
        let token = self.invite.as_deref()?;
        let page = page_address().unwrap_or_else(|| self.server.clone());
        Some(invite_link(&page, token))
    }
}

/// The game on the board when it is this online game's (a game played here with our seats),
/// not a lesson or another game the person went to.
pub fn board_game<'a>(online: &OnlineGame, session: &'a Session) -> Option<&'a Game> {
    let ours = session.activity() == Activity::Play && Some(session.seats()) == online.seats();
    ours.then(|| session.game())
}
