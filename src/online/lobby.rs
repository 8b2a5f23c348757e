//! The server's lists of games: those waiting for an opponent (`GET /api/open`) and those being
//! played (`GET /api/live`), of one variant, fetched while the "Play online" window shows them
//! and again every few seconds. The window says which list it shows in [`Lobby::wanted`]; this
//! module fetches it (ehttp, the same on the desktop and the web).

use super::machine::RequestFailure;
use super::{OnlineServer, api_address};
use bao_engine::Variant;
use bao_protocol::{LiveGame, LiveGames, OpenGame, OpenGames};
use bevy::prelude::*;
use serde::de::DeserializeOwned;
use std::sync::{Arc, Mutex};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>()
        .init_resource::<InFlight>()
        .add_systems(Update, (take_answers, fetch_when_due).chain());
}

/// How often a list shown is fetched again, in seconds.
pub const REFRESH_SECONDS: f64 = 4.0;

/// Which of the server's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Listing {
    /// The games waiting for an opponent.
    Open,
    /// The games being played, to watch.
    Live,
}

/// A list as last fetched: not yet, the games, or why it could not be fetched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Fetched<T> {
    /// Nothing fetched yet for the list shown.
    #[default]
    Loading,
    /// The server's answer.
    Games(Vec<T>),
    /// Why not (the network's or the server's own words go to the log).
    Failed(RequestFailure),
}

/// The lists of games the "Play online" window shows, and the one it wants now.
#[derive(Resource, Debug, Default)]
pub struct Lobby {
    /// The list the window shows, of which variant (`None`: none shown, nothing fetched).
    pub wanted: Option<(Listing, Variant)>,
    /// The games waiting for an opponent, of the variant wanted.
    pub open: Fetched<OpenGame>,
    /// The games being played, of the variant wanted.
    pub live: Fetched<LiveGame>,
    /// The last open game we tried to take was taken by somebody else first.
    pub taken: bool,
    /// What was last fetched, and when (the app's elapsed seconds).
    fetched: Option<((Listing, Variant), f64)>,
}

impl Lobby {
    /// Fetches the list shown again at once (after a game was taken first, say).
    pub fn refresh(&mut self) {
        self.fetched = None;
    }
}

/// Where ehttp's callback puts a list's answer, and which list it is.
type Cell = Arc<Mutex<Option<Result<Answer, RequestFailure>>>>;

/// A list's answer.
enum Answer {
    Open(Vec<OpenGame>),
    Live(Vec<LiveGame>),
}

/// The request under way, if any, and what it asked for.
#[derive(Resource, Default)]
struct InFlight(Option<((Listing, Variant), Cell)>);

/// Sends the list's request when it is wanted and none is under way: at once for another list
/// or variant, else every [`REFRESH_SECONDS`].
fn fetch_when_due(
    mut lobby: ResMut<Lobby>,
    mut in_flight: ResMut<InFlight>,
    server: Res<OnlineServer>,
    time: Res<Time>,
) {
    let Some(wanted) = lobby.wanted else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let due = match lobby.fetched {
        Some((fetched, at)) => fetched != wanted || now - at >= REFRESH_SECONDS,
        None => true,
    };
    if !due || in_flight.0.is_some() {
        return;
    }
    if lobby.fetched.is_none_or(|(fetched, _)| fetched != wanted) {
        // Another list or variant: the old one's games are not shown under its name.
        match wanted.0 {
            Listing::Open => lobby.open = Fetched::Loading,
            Listing::Live => lobby.live = Fetched::Loading,
        }
    }
    lobby.fetched = Some((wanted, now));
    in_flight.0 = Some((wanted, request(&server.0, wanted)));
}

/// `GET /api/open?variant=V` or `GET /api/live?variant=V`; the answer arrives in the cell.
fn request(server: &str, (listing, variant): (Listing, Variant)) -> Cell {
    let path = match listing {
        Listing::Open => "/api/open",
        Listing::Live => "/api/live",
    };
    let address = format!("{}?variant={}", api_address(server, path), variant.id());
    let cell: Cell = Arc::new(Mutex::new(None));
    let answer = Arc::clone(&cell);
    ehttp::fetch(ehttp::Request::get(address), move |response| {
        let read = response
            .map_err(|network| {
                warn!("online: the list: {network}");
                RequestFailure::NoServer
            })
            .and_then(|r| match listing {
                Listing::Open => json_of::<OpenGames>(&r).map(|l| Answer::Open(l.games)),
                Listing::Live => json_of::<LiveGames>(&r).map(|l| Answer::Live(l.games)),
            });
        if let Ok(mut slot) = answer.lock() {
            *slot = Some(read);
        }
    });
    cell
}

/// A successful answer's JSON body, or why not (the details logged).
fn json_of<T: DeserializeOwned>(response: &ehttp::Response) -> Result<T, RequestFailure> {
    if !response.ok {
        warn!(
            "online: the list: {} {}",
            response.status, response.status_text
        );
        return Err(RequestFailure::of_status(response.status));
    }
    serde_json::from_str(response.text().unwrap_or_default()).map_err(|e| {
        warn!("online: the list cannot be read: {e}");
        RequestFailure::NotBao
    })
}

/// Puts the answer in the lobby once it came, if the window still wants that list.
fn take_answers(mut lobby: ResMut<Lobby>, mut in_flight: ResMut<InFlight>) {
    let Some((asked, cell)) = &in_flight.0 else {
        return;
    };
    let Some(answer) = cell.lock().ok().and_then(|mut slot| slot.take()) else {
        return;
    };
    let asked = *asked;
    in_flight.0 = None;
    if lobby.wanted != Some(asked) {
        return;
    }
    match (asked.0, answer) {
        (_, Ok(Answer::Open(games))) => lobby.open = Fetched::Games(games),
        (_, Ok(Answer::Live(games))) => lobby.live = Fetched::Games(games),
        (Listing::Open, Err(why)) => lobby.open = Fetched::Failed(why),
        (Listing::Live, Err(why)) => lobby.live = Fetched::Failed(why),
    }
}

/// The time now in Unix seconds, to say how long a game has waited.
pub fn unix_now() -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        (web_sys::js_sys::Date::now() / 1000.0) as i64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    }
}
