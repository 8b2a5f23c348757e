//! The JSON bodies of the HTTP API.

use crate::seat::{Seat, SeatChoice};
use bao_engine::{UnknownVariant, Variant};
use serde::{Deserialize, Serialize};

/// `GET /health`'s answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// Always `true`: the server answers.
    pub ok: bool,
    /// [`crate::PROTOCOL_VERSION`].
    pub protocol: u32,
}

/// `POST /api/games`'s body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreateGame {
    /// A variant id of docs/rules.md. Text, so that the server can answer an unknown id with
    /// its own code ([`HttpErrorCode::UnknownVariant`]).
    pub variant: String,
    /// The creator's seat; South when absent.
    #[serde(default)]
    pub seat: SeatChoice,
    /// Wait for any opponent instead of inviting one: the game is listed in `GET /api/open`,
    /// or, when someone already waits there for this variant, their free seat is taken (the
    /// answer's `paired`). False when absent.
    #[serde(default)]
    pub open: bool,
}

impl CreateGame {
    /// The rule set asked for.
    ///
    /// # Errors
    /// [`UnknownVariant`] when `variant` is not an id of docs/rules.md.
    pub fn variant(&self) -> Result<Variant, UnknownVariant> {
        self.variant.parse()
    }
}

/// `POST /api/games`'s answer (201 for a new game, 200 when paired with one already waiting),
/// and `POST /api/games/ID/join`'s (200).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCreated {
    /// The game's id (lets anyone watch).
    pub game: String,
    /// The seat this answer's token plays.
    pub seat: Seat,
    /// That seat's token.
    pub token: String,
    /// The other seat's token, for the invited player; `null` for a game open to anyone (its
    /// other seat is for whoever takes it from the list).
    pub invite: Option<String>,
    /// True when the seat is one taken in a game somebody else opened (their opponent is
    /// already there): the game starts now.
    #[serde(default)]
    pub paired: bool,
}

/// `GET /api/open`'s answer: the games waiting for an opponent, the longest waiting first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenGames {
    /// At most [`LISTED_GAMES`].
    pub games: Vec<OpenGame>,
}

/// A game waiting for an opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenGame {
    /// Its id: `POST /api/games/ID/join` takes its free seat.
    pub game: String,
    /// Its variant id.
    pub variant: String,
    /// The free seat: the one its taker plays.
    pub seat: Seat,
    /// When it was opened, in Unix seconds.
    pub since: i64,
}

/// `GET /api/live`'s answer: the games being played now, the latest move first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGames {
    /// At most [`LISTED_GAMES`].
    pub games: Vec<LiveGame>,
}

/// A game being played: not over, a move played in the last [`LIVE_SECONDS`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// Its id: `/ws?game=ID` watches it.
    pub game: String,
    /// Its variant id.
    pub variant: String,
    /// The moves played so far.
    pub ply: u32,
    /// When the last one was played, in Unix seconds.
    pub last_move: i64,
}

/// The most games `GET /api/open` and `GET /api/live` list.
pub const LISTED_GAMES: usize = 50;

/// A game whose last move is older than this many seconds is not listed as being played.
pub const LIVE_SECONDS: i64 = 300;

/// Every HTTP error answer: `{"error": CODE, "message": "human text"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// What went wrong.
    pub error: HttpErrorCode,
    /// The same for a person to read.
    pub message: String,
}

/// The codes of HTTP error answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HttpErrorCode {
    /// 400: the body is not JSON of the expected shape (or another malformed request, such as
    /// a plain request on `/ws`).
    BadRequest,
    /// 400: the variant id is not one of docs/rules.md.
    UnknownVariant,
    /// 404: no game has this id.
    UnknownGame,
    /// 404: no such path (or no such file of the web build).
    NotFound,
    /// 405: the path does not take this method.
    MethodNotAllowed,
    /// 413: the body is larger than the server reads.
    TooLarge,
    /// 409: the open game's seat is not free (somebody took it first, or its creator left).
    Taken,
    /// 429: too many games created from this address in the last minute.
    RateLimited,
    /// 500: the server could not read or write its database.
    Internal,
}
