//! The HTTP API: health, creating a game, a game's snapshot, the lists of open and live games
//! and taking an open game's seat. Every error is an [`ErrorBody`].

use crate::client::Client;
use crate::games::Unreachable;
use crate::ids;
use crate::rate::PerAddress;
use crate::state::AppState;
use crate::store::NewGame;
use crate::store::Taken;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use bao_engine::{Position, UnknownVariant, Variant};
use bao_protocol::{
    CreateGame, ErrorBody, GameCreated, Health, HttpErrorCode, LiveGames, OpenGames,
    PROTOCOL_VERSION, Seat, SeatChoice, ServerMessage,
};
use serde::Deserialize;

/// An HTTP error answer.
pub struct Refusal(pub StatusCode, pub HttpErrorCode, pub String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let Refusal(status, error, message) = self;
        (status, Json(ErrorBody { error, message })).into_response()
    }
}

fn internal(what: &str, error: &dyn std::fmt::Display) -> Refusal {
    tracing::error!("{what}: {error}");
    Refusal(
        StatusCode::INTERNAL_SERVER_ERROR,
        HttpErrorCode::Internal,
        format!("{what}; try again later"),
    )
}

/// `GET /health`: liveness — the process answers. It says nothing of the database: a
/// supervisor restarting the server because its database is down would not help.
pub async fn health() -> Json<Health> {
    Json(Health {
        ok: true,
        protocol: PROTOCOL_VERSION,
    })
}

/// `GET /ready`: readiness — the database answers and (SQLite) its writer runs; 503 with the
/// reason otherwise, so that a load balancer sends players elsewhere.
pub async fn ready(State(state): State<AppState>) -> Result<Json<Health>, Refusal> {
    match state.games.store().ready().await {
        Ok(()) => Ok(Json(Health {
            ok: true,
            protocol: PROTOCOL_VERSION,
        })),
        Err(e) => {
            tracing::warn!("not ready: {e}");
            Err(Refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                HttpErrorCode::Internal,
                format!("not ready: {e}"),
            ))
        }
    }
}

/// `GET /metrics`: the counters in Prometheus's text format.
pub async fn metrics(State(state): State<AppState>) -> Response {
    let text = state.games.metrics().render(state.games.running());
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], text).into_response()
}

/// `POST /api/games`: a new game, the creator's token and the invitation's; with `open`, the
/// free seat of a game already waiting for that variant, or a new game open to anyone.
pub async fn create_game(
    State(state): State<AppState>,
    Extension(client): Extension<Client>,
    body: Bytes,
) -> Result<(StatusCode, Json<GameCreated>), Refusal> {
    allow_creation(&state, client)?;
    let request: CreateGame = serde_json::from_slice(&body).map_err(|e| {
        Refusal(
            StatusCode::BAD_REQUEST,
            HttpErrorCode::BadRequest,
            format!(
                "expected {{\"variant\": V, \"seat\": \"south\" | \"north\" | \"random\", \
                 \"open\": BOOL}}: {e}"
            ),
        )
    })?;
    let variant = request.variant().map_err(unknown_variant)?;
    if request.open
        && let Some((game, seat, token)) = state
            .games
            .store()
            .pair(variant)
            .await
            .map_err(|e| internal("no open game could be taken", &e))?
    {
        tracing::info!(%game, %variant, "paired");
        return Ok((StatusCode::OK, Json(taken(game, seat, token))));
    }
    let seat = creator_seat(request.seat)?;
    let created = store_new_game(&state, variant, seat, request.open).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The per-address limit on games created (and seats taken).
fn allow_creation(state: &AppState, client: Client) -> Result<(), Refusal> {
    allow(
        state,
        &state.creations,
        client,
        "games",
        "more than 30 games created in one minute from this address",
    )
}

/// The per-address limit on game lookups (snapshots and lists).
fn allow_lookup(state: &AppState, client: Client) -> Result<(), Refusal> {
    allow(
        state,
        &state.lookups,
        client,
        "lookups",
        "too many games looked up in one minute from this address",
    )
}

/// Counts an event of `client` in `limit`'s windows; 429 (counted as `name`) when it is one
/// too many.
pub fn allow(
    state: &AppState,
    limit: &PerAddress,
    client: Client,
    name: &'static str,
    message: &str,
) -> Result<(), Refusal> {
    if limit.allow(client.key()) {
        return Ok(());
    }
    state.games.metrics().rate_limited(name);
    Err(Refusal(
        StatusCode::TOO_MANY_REQUESTS,
        HttpErrorCode::RateLimited,
        message.into(),
    ))
}

fn unknown_variant(e: UnknownVariant) -> Refusal {
    Refusal(
        StatusCode::BAD_REQUEST,
        HttpErrorCode::UnknownVariant,
        e.to_string(),
    )
}

/// The seat a creator asked for, a coin deciding "random".
fn creator_seat(choice: SeatChoice) -> Result<Seat, Refusal> {
    Ok(match choice {
        SeatChoice::South => Seat::South,
        SeatChoice::North => Seat::North,
        SeatChoice::Random if ids::coin().map_err(no_entropy("no random seat"))? => Seat::North,
        SeatChoice::Random => Seat::South,
    })
}

fn no_entropy(what: &'static str) -> impl Fn(ids::NoEntropy) -> Refusal {
    move |e| internal(what, &e)
}

/// Stores a new game of `variant`, the creator playing `seat`; `open`: its other seat is offered
/// to anyone (no invitation is given out).
async fn store_new_game(
    state: &AppState,
    variant: Variant,
    seat: Seat,
    open: bool,
) -> Result<GameCreated, Refusal> {
    let game = ids::new_game_id().map_err(no_entropy("no game id"))?;
    let token = ids::new_token().map_err(no_entropy("no token"))?;
    let invite = ids::new_token().map_err(no_entropy("no token"))?;
    let (south_token, north_token) = match seat {
        Seat::South => (&token, &invite),
        Seat::North => (&invite, &token),
    };
    let start = Position::new(variant);
    state
        .games
        .store()
        .create_game(&NewGame {
            id: &game,
            variant,
            start: &start,
            south_token,
            north_token,
            open: open.then_some(seat.other()),
        })
        .await
        .map_err(|e| internal("the game could not be stored", &e))?;
    state.games.metrics().games_created.inc();
    tracing::info!(%game, %variant, open, "game created");
    Ok(GameCreated {
        game,
        seat,
        token,
        invite: (!open).then_some(invite),
        paired: false,
    })
}

/// The answer that gives a seat taken in someone else's open game.
fn taken(game: String, seat: Seat, token: String) -> GameCreated {
    GameCreated {
        game,
        seat,
        token,
        invite: None,
        paired: true,
    }
}

/// `POST /api/games/ID/join`: the free seat of a game waiting in the open list.
pub async fn join_open_game(
    State(state): State<AppState>,
    Extension(client): Extension<Client>,
    Path(id): Path<String>,
) -> Result<Json<GameCreated>, Refusal> {
    allow_creation(&state, client)?;
    let taken_seat = state
        .games
        .store()
        .take_seat(&id)
        .await
        .map_err(|e| internal("the seat could not be taken", &e))?;
    match taken_seat {
        Taken::Seat(seat, token) => {
            tracing::info!(game = %id, "open game joined");
            Ok(Json(taken(id, seat, token)))
        }
        Taken::NotWaiting => Err(Refusal(
            StatusCode::CONFLICT,
            HttpErrorCode::Taken,
            format!("game '{id}' is not waiting for an opponent any more"),
        )),
        Taken::Unknown => Err(unknown_game(&id)),
    }
}

/// The query of the lists: `?variant=V`, or every variant.
#[derive(Debug, Deserialize)]
pub struct ListQuery {
    variant: Option<String>,
}

impl ListQuery {
    fn variant(&self) -> Result<Option<Variant>, Refusal> {
        self.variant
            .as_deref()
            .map(str::parse)
            .transpose()
            .map_err(unknown_variant)
    }
}

/// `GET /api/open`: the games waiting for an opponent.
pub async fn open_games(
    State(state): State<AppState>,
    Extension(client): Extension<Client>,
    Query(query): Query<ListQuery>,
) -> Result<Json<OpenGames>, Refusal> {
    allow_lookup(&state, client)?;
    let games = state
        .games
        .store()
        .open_games(query.variant()?)
        .await
        .map_err(|e| internal("the open games could not be read", &e))?;
    Ok(Json(OpenGames { games }))
}

/// `GET /api/live`: the games being played now.
pub async fn live_games(
    State(state): State<AppState>,
    Extension(client): Extension<Client>,
    Query(query): Query<ListQuery>,
) -> Result<Json<LiveGames>, Refusal> {
    allow_lookup(&state, client)?;
    let games = state
        .games
        .store()
        .live_games(query.variant()?)
        .await
        .map_err(|e| internal("the games being played could not be read", &e))?;
    Ok(Json(LiveGames { games }))
}

fn unknown_game(id: &str) -> Refusal {
    Refusal(
        StatusCode::NOT_FOUND,
        HttpErrorCode::UnknownGame,
        format!("no game has the id '{id}'"),
    )
}

/// `GET /api/games/ID`: a watcher's snapshot.
pub async fn get_game(
    State(state): State<AppState>,
    Extension(client): Extension<Client>,
    Path(id): Path<String>,
) -> Result<Json<ServerMessage>, Refusal> {
    allow_lookup(&state, client)?;
    match state.games.snapshot(&id).await {
        Ok(snapshot) => Ok(Json(ServerMessage::Snapshot(snapshot))),
        Err(Unreachable::Unknown) => Err(unknown_game(&id)),
        Err(Unreachable::Store(e)) => Err(internal("the game could not be loaded", &e)),
    }
}

/// Any other path (when no web folder is served).
pub async fn not_found() -> Refusal {
    Refusal(
        StatusCode::NOT_FOUND,
        HttpErrorCode::NotFound,
        "no such path".into(),
    )
}

/// The body size `POST /api/games` reads; its body is a few dozen bytes.
pub const MAX_BODY_BYTES: usize = 4096;

/// How much of another layer's error text is kept as the message.
const MAX_DETAIL_BYTES: usize = 1024;

/// Makes every error answer an [`ErrorBody`], also those axum and tower-http write themselves
/// (405, 413, a plain request on `/ws`, a missing file under `--web`), keeping their status and
/// headers (`Allow`, …) and their text as the message.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let error = match status {
        StatusCode::NOT_FOUND => HttpErrorCode::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => HttpErrorCode::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => HttpErrorCode::TooLarge,
        StatusCode::TOO_MANY_REQUESTS => HttpErrorCode::RateLimited,
        StatusCode::CONFLICT => HttpErrorCode::Taken,
        // Not answered within --request-timeout: the client's body was slow or the database
        // was; either way the request may be sent again, as after a 500.
        StatusCode::REQUEST_TIMEOUT => HttpErrorCode::Internal,
        s if s.is_server_error() => HttpErrorCode::Internal,
        _ => HttpErrorCode::BadRequest,
    };
    let (mut parts, body) = response.into_parts();
    let detail = axum::body::to_bytes(body, MAX_DETAIL_BYTES)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let message = if detail.is_empty() {
        status.canonical_reason().unwrap_or("error").to_owned()
    } else {
        detail
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    let body = Json(ErrorBody { error, message });
    (parts, body).into_response()
}
