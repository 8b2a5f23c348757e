//! A WebSocket: who it is (a seat's token or a game to watch), then a loop that forwards the
//! client's messages to the game's actor and the actor's messages to the client, keeps the
//! limits (frame size, messages per second, pings, silence) and closes with 1001 at shutdown.

use crate::client::Client;
use crate::games::Unreachable;
use crate::http;
use crate::mailbox::{CLOSE_INTERNAL, Command, OUTBOX, Outgoing};
use crate::rate::Window;
use crate::state::AppState;
use axum::Extension;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use bao_protocol::{
    CLOSE_GOING_AWAY, CLOSE_POLICY_VIOLATION, CLOSE_TOO_BIG, ClientMessage, ErrorCode,
    ErrorMessage, MAX_FRAME_BYTES, MAX_MESSAGES_PER_SECOND, Seat, ServerMessage,
};
use serde::Deserialize;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// `/ws`'s query: `token` plays a seat, `game` watches.
#[derive(Debug, Deserialize)]
pub struct Target {
    token: Option<String>,
    game: Option<String>,
}

/// How long the server waits for the client's answer to its close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// Bytes read from a socket at a time: twice the largest frame the protocol allows.
const SOCKET_READ_BUFFER: usize = 2 * MAX_FRAME_BYTES;

/// `GET /ws`: upgrades (within the client's connects per minute, else 429), then serves the
/// socket.
pub async fn upgrade(
    State(state): State<AppState>,
    Extension(client): Extension<Client>,
    Query(target): Query<Target>,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Err(refusal) = http::allow(
        &state,
        &state.socket_connects,
        client,
        "sockets",
        "too many WebSocket connections opened in one minute from this address",
    ) {
        return refusal.into_response();
    }
    upgrade
        .max_frame_size(MAX_FRAME_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        // No frame is over 4 KiB: tungstenite's default 128 KiB read buffer per socket was
        // almost all of a game's memory under load (two sockets a game).
        .read_buffer_size(SOCKET_READ_BUFFER)
        .on_upgrade(move |socket| serve_logged(socket, state, target, client))
}

/// Serves the socket and logs one access line when it ends: client, game, seat (or watcher),
/// how it ended, seconds. Never the token.
async fn serve_logged(socket: WebSocket, state: AppState, target: Target, client: Client) {
    let started = std::time::Instant::now();
    let metrics = state.games.metrics();
    metrics.sockets_open.inc();
    let ended = serve(socket, state.clone(), target).await;
    state.games.metrics().sockets_open.dec();
    tracing::info!(
        target: "bao_server::access",
        %client,
        path = "/ws",
        game = ended.game.as_deref().unwrap_or("-"),
        seat = ended.seat,
        close = ended.close,
        seconds = started.elapsed().as_secs(),
    );
}

/// How a socket ended, for the access log.
struct Ended {
    game: Option<String>,
    seat: &'static str,
    close: u16,
}

impl Ended {
    fn new(game: Option<&str>, seat: Option<Seat>, close: Option<u16>) -> Ended {
        Ended {
            game: game.map(str::to_owned),
            seat: match seat {
                Some(Seat::South) => "south",
                Some(Seat::North) => "north",
                None => "watcher",
            },
            // 1005: "no status", the client closed or the connection broke.
            close: close.unwrap_or(1005),
        }
    }
}

async fn serve(mut socket: WebSocket, state: AppState, target: Target) -> Ended {
    // Holding this keeps the shutdown waiting until the socket is closed.
    let _alive = state.sockets.clone();
    let (game, seat) = match identify(&state, target).await {
        Ok(identified) => identified,
        Err(refused) => {
            let code = refuse(socket, refused).await;
            return Ended::new(None, None, Some(code));
        }
    };
    let (outbox, mut inbox) = mpsc::channel(OUTBOX);
    let joined = state.games.join(&game, seat, &outbox).await;
    drop(outbox);
    let (actor, conn) = match joined {
        Ok(joined) => joined,
        Err(e) => {
            let code = refuse(socket, unreachable(&game, e)).await;
            return Ended::new(Some(&game), seat, Some(code));
        }
    };
    let ending = exchange(&mut socket, &state, &actor, conn, &mut inbox).await;
    let _ = actor.send(Command::Leave { conn }).await;
    if let Some((code, reason)) = ending {
        close(socket, code, reason).await;
    }
    Ended::new(Some(&game), seat, ending.map(|(code, _)| code))
}

/// Tells a socket that was not joined why, closes it and returns the close code.
async fn refuse(mut socket: WebSocket, refused: Refused) -> u16 {
    match refused {
        Refused::Failed => {
            close(socket, CLOSE_INTERNAL, "the database failed").await;
            CLOSE_INTERNAL
        }
        Refused::Unknown(code, message) => {
            let error = ServerMessage::Error(ErrorMessage {
                code,
                message,
                ply: 0,
            });
            let error = Message::Text(error.to_json().into());
            let _ = send_within(&mut socket, error, CLOSE_GRACE).await;
            close(socket, CLOSE_POLICY_VIOLATION, code.id()).await;
            CLOSE_POLICY_VIOLATION
        }
    }
}

/// Why a socket is not joined to a game.
enum Refused {
    /// An unknown token or game: an `error`, then close 1008.
    Unknown(ErrorCode, String),
    /// The database failed: close 1011, the client may try again.
    Failed,
}

/// The game and seat a socket asks for: a seat's token, else a game to watch.
async fn identify(state: &AppState, target: Target) -> Result<(String, Option<Seat>), Refused> {
    if let Some(token) = target.token {
        return match state.games.store().seat_of_token(&token).await {
            Ok(Some((game, seat))) => Ok((game, Some(seat))),
            Ok(None) => Err(Refused::Unknown(
                ErrorCode::UnknownToken,
                "no seat has this token".into(),
            )),
            Err(e) => {
                tracing::error!("token lookup failed: {e}");
                Err(Refused::Failed)
            }
        };
    }
    match target.game {
        Some(game) => Ok((game, None)),
        None => Err(Refused::Unknown(
            ErrorCode::UnknownGame,
            "connect with ?token=T to play or ?game=ID to watch".into(),
        )),
    }
}

fn unreachable(game: &str, error: Unreachable) -> Refused {
    match error {
        Unreachable::Unknown => {
            Refused::Unknown(ErrorCode::UnknownGame, "no game has this id".into())
        }
        Unreachable::Store(e) => {
            tracing::error!(%game, "game not loaded: {e}");
            Refused::Failed
        }
    }
}

/// The socket's life after joining. Returns the close to send, or `None` when the client
/// closed or the connection broke.
async fn exchange(
    socket: &mut WebSocket,
    state: &AppState,
    actor: &mpsc::Sender<Command>,
    conn: u64,
    inbox: &mut mpsc::Receiver<Outgoing>,
) -> Option<(u16, &'static str)> {
    let stop = stopping(state.shutdown.clone());
    tokio::pin!(stop);
    let mut flood = Window::new(MAX_MESSAGES_PER_SECOND, Duration::from_secs(1));
    let mut pings = tokio::time::interval(state.timing.ping_interval);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    pings.reset();
    let silence = tokio::time::sleep(state.timing.silence_limit);
    tokio::pin!(silence);
    loop {
        tokio::select! {
            () = &mut stop => {
                return Some((CLOSE_GOING_AWAY, "the server is shutting down"));
            }
            outgoing = inbox.recv() => match outgoing {
                Some(Outgoing::Text(text)) => {
                    send_within(socket, Message::Text(text), state.timing.silence_limit).await?;
                }
                Some(Outgoing::Close(code, reason)) => return Some((code, reason)),
                // The actor dropped this socket: it did not keep up with the game's messages.
                None => return Some((CLOSE_POLICY_VIOLATION, "too slow to read the game's messages")),
            },
            _ = pings.tick() => {
                let ping = Message::Ping(Default::default());
                send_within(socket, ping, state.timing.silence_limit).await?;
            }
            () = &mut silence => {
                return Some((CLOSE_GOING_AWAY, "silent for too long"));
            }
            received = socket.recv() => {
                let message = match received {
                    None | Some(Ok(Message::Close(_))) => return None,
                    Some(Ok(message)) => message,
                    Some(Err(e)) if is_too_big(&e) => {
                        return Some((CLOSE_TOO_BIG, "frame over 4096 bytes"));
                    }
                    Some(Err(_)) => return None,
                };
                silence.as_mut().reset(Instant::now() + state.timing.silence_limit);
                let command = match message {
                    Message::Text(text) => parse(conn, text.as_str()),
                    Message::Binary(_) => Command::BadMessage {
                        conn,
                        why: "messages are JSON text frames".into(),
                    },
                    Message::Ping(_) | Message::Pong(_) | Message::Close(_) => continue,
                };
                if !flood.allow(std::time::Instant::now()) {
                    return Some((CLOSE_POLICY_VIOLATION, "more than 20 messages in one second"));
                }
                actor.send(command).await.ok()?;
            }
        }
    }
}

/// Ends when the server shuts down.
async fn stopping(mut shutdown: watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|&stop| stop).await.is_ok();
}

fn parse(conn: u64, text: &str) -> Command {
    match ClientMessage::from_json(text) {
        Ok(message) => Command::Message { conn, message },
        Err(e) => Command::BadMessage {
            conn,
            why: e.to_string(),
        },
    }
}

/// Whether tungstenite refused a frame or message over the size limit.
fn is_too_big(error: &axum::Error) -> bool {
    use std::error::Error as _;
    matches!(
        error
            .source()
            .and_then(|e| e.downcast_ref::<tungstenite::Error>()),
        Some(tungstenite::Error::Capacity(
            tungstenite::error::CapacityError::MessageTooLong { .. }
        ))
    )
}

/// Sends a frame; `None` when the connection broke or the client did not take it within
/// `patience` (a client that stopped reading would otherwise hold the task forever).
async fn send_within(socket: &mut WebSocket, message: Message, patience: Duration) -> Option<()> {
    tokio::time::timeout(patience, socket.send(message))
        .await
        .ok()?
        .ok()
}

/// Sends a close frame and waits a moment for the client's, so that the close is clean.
async fn close(mut socket: WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if send_within(&mut socket, Message::Close(Some(frame)), CLOSE_GRACE)
        .await
        .is_none()
    {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_GRACE, async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}
