//! The HTTP API: health, creating a game, a game's snapshot. Every error is an [`ErrorBody`].

use crate::games::Unreachable;
use crate::ids;
use crate::server::AppState;
use crate::store::NewGame;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bao_engine::Position;
use bao_protocol::{
    CreateGame, ErrorBody, GameCreated, Health, HttpErrorCode, PROTOCOL_VERSION, Seat, SeatChoice,
    ServerMessage,
};
use std::net::SocketAddr;

/// An HTTP error answer.
pub struct Refusal(StatusCode, HttpErrorCode, String);

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

/// `GET /health`.
pub async fn health() -> Json<Health> {
    Json(Health {
        ok: true,
        protocol: PROTOCOL_VERSION,
    })
}

/// `POST /api/games`: a new game, the creator's token and the invitation's.
pub async fn create_game(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<(StatusCode, Json<GameCreated>), Refusal> {
    if !state.creations.allow(peer.ip()) {
        return Err(Refusal(
            StatusCode::TOO_MANY_REQUESTS,
            HttpErrorCode::RateLimited,
            "more than 30 games created in one minute from this address".into(),
        ));
    }
    let request: CreateGame = serde_json::from_slice(&body).map_err(|e| {
        Refusal(
            StatusCode::BAD_REQUEST,
            HttpErrorCode::BadRequest,
            format!(
                "expected {{\"variant\": V, \"seat\": \"south\" | \"north\" | \"random\"}}: {e}"
            ),
        )
    })?;
    let variant = request.variant().map_err(|e| {
        Refusal(
            StatusCode::BAD_REQUEST,
            HttpErrorCode::UnknownVariant,
            e.to_string(),
        )
    })?;
    let fresh = |what| move |e: ids::NoEntropy| internal(what, &e);
    let seat = match request.seat {
        SeatChoice::South => Seat::South,
        SeatChoice::North => Seat::North,
        SeatChoice::Random if ids::coin().map_err(fresh("no random seat"))? => Seat::North,
        SeatChoice::Random => Seat::South,
    };
    let game = ids::new_game_id().map_err(fresh("no game id"))?;
    let token = ids::new_token().map_err(fresh("no token"))?;
    let invite = ids::new_token().map_err(fresh("no token"))?;
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
        })
        .await
        .map_err(|e| internal("the game could not be stored", &e))?;
    tracing::info!(%game, %variant, "game created");
    Ok((
        StatusCode::CREATED,
        Json(GameCreated {
            game,
            seat,
            token,
            invite: Some(invite),
            paired: false,
        }),
    ))
}

/// `GET /api/games/ID`: a watcher's snapshot.
pub async fn get_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<ServerMessage>, Refusal> {
    match state.games.snapshot(&id).await {
        Ok(snapshot) => Ok(Json(ServerMessage::Snapshot(snapshot))),
        Err(Unreachable::Unknown) => Err(Refusal(
            StatusCode::NOT_FOUND,
            HttpErrorCode::UnknownGame,
            format!("no game has the id '{id}'"),
        )),
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
