//! The access log and the client's address: every request is told who its client is (see
//! `client.rs`), and one line is logged per request — client address, method, path, status,
//! milliseconds — under the target `bao_server::access` (`RUST_LOG=bao_server::access=off`
//! silences it). The query string is never logged: `/ws?token=…` carries a seat's token.

use crate::state::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use std::net::SocketAddr;
use std::time::Instant;

/// The longest path logged; a longer one is cut (it is the client's text).
const MAX_LOGGED_PATH: usize = 200;

/// The middleware: finds the client, serves the request, logs it.
pub async fn identify_and_log(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let client = state.trusted.client(peer.ip(), request.headers());
    request.extensions_mut().insert(client);
    let method = request.method().clone();
    let path = loggable(request.uri().path());
    let started = Instant::now();
    let response = next.run(request).await;
    tracing::info!(
        target: "bao_server::access",
        %client,
        %method,
        %path,
        status = response.status().as_u16(),
        ms = started.elapsed().as_millis(),
    );
    response
}

/// The path as logged: at most [`MAX_LOGGED_PATH`] bytes, control characters escaped so that
/// a client cannot write lines of its own into the log.
pub fn loggable(path: &str) -> String {
    let mut end = path.len().min(MAX_LOGGED_PATH);
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    path[..end].escape_default().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_cut_and_cannot_forge_a_line() {
        assert_eq!(loggable("/api/games/ab12"), "/api/games/ab12");
        assert_eq!(loggable("/x\nbao: forged"), "/x\\nbao: forged");
        let long = "/".repeat(300) + "é";
        assert_eq!(loggable(&long).len(), MAX_LOGGED_PATH);
    }
}
