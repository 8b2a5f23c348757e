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

/// `POST /api/games`'s answer (201).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCreated {
    /// The new game's id (lets anyone watch).
    pub game: String,
    /// The creator's seat.
    pub seat: Seat,
    /// The creator's seat token.
    pub token: String,
    /// The other seat's token, for the invited player.
    pub invite: String,
}

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
    /// 429: too many games created from this address in the last minute.
    RateLimited,
    /// 500: the server could not read or write its database.
    Internal,
}
