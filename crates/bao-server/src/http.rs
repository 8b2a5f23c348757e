//! The HTTP API: health, creating a game, a game's snapshot. Every error is an [`ErrorBody`].

use crate::games::Unreachable;
use crate::ids;
use crate::server::AppState;
use crate::store::NewGame;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
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
            invite,
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
