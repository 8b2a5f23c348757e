//! Accepting connections: a cap on open connections, overall and per client address, the
//! HTTP/1.1 timers (the whole request header within `header_timeout`, no connection silent for
//! `idle_timeout` before it becomes a WebSocket), and a stop that always ends.
//!
//! This is hyper's own HTTP/1.1 server, not `axum::serve`: axum's gives hyper no timer (so no
//! header timeout: a client sending half a header holds its connection forever), limits
//! nothing, and its graceful stop waits for every connection however long it stalls.

use crate::client::{ClientKey, TrustedProxies};
use crate::metrics::Metrics;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::Instant;
use tower::ServiceExt;

/// What the listener enforces.
#[derive(Clone, Debug)]
pub struct Listening {
    /// Open connections at most, all clients together.
    pub max_connections: usize,
    /// Open connections at most from one client address (an IPv6 client by its /64); trusted
    /// proxies are held to `max_connections` only.
    pub max_per_address: usize,
    /// The whole request header must arrive within this.
    pub header_timeout: Duration,
    /// A connection that is not a WebSocket is closed after this long without a byte either
    /// way.
    pub idle_timeout: Duration,
    /// How long the stop waits for open connections before it drops them.
    pub stop_timeout: Duration,
    /// The reverse proxies (exempt from the per-address cap).
    pub trusted: TrustedProxies,
}

/// Serves `router` on `listener` until `stop` turns true, then lets every connection finish
/// (a WebSocket ends itself on the same signal) for at most `limits.stop_timeout` and drops
/// the rest.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Listening,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
) {
    let open = Arc::new(Open::new(limits.clone(), metrics));
    let mut connections = JoinSet::new();
    let mut accept_errors = ErrorLog::default();
    loop {
        let accepted = tokio::select! {
            _ = stop.wait_for(|&stop| stop) => break,
            accepted = listener.accept() => accepted,
            // Reap finished connection tasks as they end, so the set holds only live ones.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
        };
        match accepted {
            Ok((stream, peer)) => match open.admit(peer.ip()) {
                Ok(ticket) => {
                    let connection = Connection {
                        stream,
                        peer,
                        ticket,
                    };
                    connections.spawn(connection.serve(
                        router.clone(),
                        limits.clone(),
                        stop.clone(),
                    ));
                }
                Err(limit) => refuse(&stream, limit),
            },
            Err(e) => accept_errors.after(&e).await,
        }
    }
    drop(listener);
    let all_closed = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(limits.stop_timeout, all_closed)
        .await
        .is_err()
    {
        tracing::warn!(
            left = connections.len(),
            "connections still open at the stop timeout are dropped"
        );
        connections.shutdown().await;
    }
}

/// Failed accepts: the process is out of file descriptors (or memory), or a client gave up
/// before it was accepted. Logged once a second at most, and the loop pauses a moment so that
/// a full table of descriptors does not spin it.
#[derive(Default)]
struct ErrorLog {
    last: Option<Instant>,
}

impl ErrorLog {
    async fn after(&mut self, error: &io::Error) {
        if is_client_gone(error) {
            return;
        }
        let now = Instant::now();
        if self
            .last
            .is_none_or(|last| now.duration_since(last) >= Duration::from_secs(1))
        {
            tracing::error!("accept failed: {error}");
            self.last = Some(now);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn is_client_gone(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
    )
}

/// The answer to a connection over a limit, written at once (a fresh socket's send buffer
/// takes it) and the connection closed: no task, no timer, nothing kept for it.
fn refuse(stream: &TcpStream, limit: Limit) {
    // The protocol's error codes: a client that reads bodies knows them.
    let body = format!(
        "{{\"error\":\"{}\",\"message\":\"{}\"}}",
        limit.error_code(),
        limit.message()
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         retry-after: 10\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Which cap refused a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `max_connections`.
    Total,
    /// `max_per_address`.
    PerAddress,
}

impl Limit {
    /// The name `/metrics` counts it under.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Total => "total",
            Limit::PerAddress => "per_address",
        }
    }

    /// The `error` of the answer's body: `rate_limited` for one address's share (that client
    /// should slow down), `internal` for a full server (anyone may try again soon).
    fn error_code(self) -> &'static str {
        match self {
            Limit::Total => "internal",
            Limit::PerAddress => "rate_limited",
        }
    }

    fn message(self) -> &'static str {
        match self {
            Limit::Total => "the server has as many connections as it takes; try again soon",
            Limit::PerAddress => "too many connections from this address",
        }
    }
}

/// The open connections, counted.
struct Open {
    limits: Listening,
    metrics: Arc<Metrics>,
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    total: usize,
    per_key: HashMap<ClientKey, usize>,
}

impl Open {
    fn new(limits: Listening, metrics: Arc<Metrics>) -> Open {
        Open {
            limits,
            metrics,
            counts: Mutex::new(Counts::default()),
        }
    }

    /// Counts a new connection from `peer`, or says which limit it is over.
    fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<Ticket, Limit> {
        let key = (!self.limits.trusted.trusts(peer)).then(|| ClientKey::of(peer));
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let refused = if counts.total >= self.limits.max_connections {
            Some(Limit::Total)
        } else if key.is_some_and(|key| {
            counts.per_key.get(&key).copied().unwrap_or(0) >= self.limits.max_per_address
        }) {
            Some(Limit::PerAddress)
        } else {
            None
        };
        if let Some(limit) = refused {
            drop(counts);
            self.metrics.connection_refused(limit.name());
            return Err(limit);
        }
        counts.total += 1;
        if let Some(key) = key {
            *counts.per_key.entry(key).or_default() += 1;
        }
        drop(counts);
        self.metrics.connections_open.inc();
        Ok(Ticket {
            open: self.clone(),
            key,
        })
    }

    fn release(&self, key: Option<ClientKey>) {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        counts.total -= 1;
        if let Some(key) = key
            && let Some(count) = counts.per_key.get_mut(&key)
        {
            *count -= 1;
            if *count == 0 {
                counts.per_key.remove(&key);
            }
        }
        drop(counts);
        self.metrics.connections_open.dec();
    }
}

/// One counted connection; dropping it (when the socket closes, also after it became a
/// WebSocket) counts it out.
struct Ticket {
    open: Arc<Open>,
    key: Option<ClientKey>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.open.release(self.key);
    }
}

/// An accepted, counted connection.
struct Connection {
    stream: TcpStream,
    peer: SocketAddr,
    ticket: Ticket,
}

impl Connection {
    /// Serves HTTP/1.1 on it until the client closes it, it upgrades to a WebSocket (the socket
    /// then lives on in its own task, still counted), it stays silent past the idle timeout, or
    /// the server stops.
    async fn serve(self, router: Router, limits: Listening, mut stop: watch::Receiver<bool>) {
        let Connection {
            stream,
            peer,
            ticket,
        } = self;
        // Small messages both ways: don't hold them back for Nagle's algorithm.
        let _ = stream.set_nodelay(true);
        let activity = Activity::new();
        let io = Watched {
            stream,
            activity: activity.clone(),
            _ticket: ticket,
        };
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .max_buf_size(MAX_HEADER_BYTES);
        let connection = builder
            .serve_connection(TokioIo::new(io), service)
            .with_upgrades();
        tokio::pin!(connection);
        let mut checks = tokio::time::interval(check_every(limits.idle_timeout));
        let mut stopping = false;
        loop {
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = stop.wait_for(|&stop| stop), if !stopping => {
                    stopping = true;
                    connection.as_mut().graceful_shutdown();
                }
                _ = checks.tick() => {
                    if activity.silent_for() >= limits.idle_timeout {
                        return;
                    }
                }
            }
        }
    }
}

/// The largest request header read (hyper answers 431 beyond), and the read buffer of a
/// connection: hyper's default of about 400 KiB, times every connection a crowd may open, is
/// memory for the taking; the API's headers are a few hundred bytes, a browser's a few KiB.
const MAX_HEADER_BYTES: usize = 16 * 1024;

/// How often a connection looks at its idle time: a quarter of the timeout, within 100 ms to
/// 5 s, so that it closes at most a quarter late.
fn check_every(idle_timeout: Duration) -> Duration {
    (idle_timeout / 4).clamp(Duration::from_millis(100), Duration::from_secs(5))
}

/// When a connection last moved a byte.
#[derive(Clone)]
struct Activity {
    start: Instant,
    last_ms: Arc<AtomicU64>,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            start: Instant::now(),
            last_ms: Arc::new(AtomicU64::new(0)),
        }
    }

    fn touch(&self) {
        let ms = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    fn silent_for(&self) -> Duration {
        self.start
            .elapsed()
            .saturating_sub(Duration::from_millis(self.last_ms.load(Ordering::Relaxed)))
    }
}

/// The connection's socket, noting every byte read or written, and holding its ticket.
struct Watched {
    stream: TcpStream,
    activity: Activity,
    _ticket: Ticket,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, data);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(total: usize, per_address: usize, trusted: &str) -> Listening {
        Listening {
            max_connections: total,
            max_per_address: per_address,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            stop_timeout: Duration::from_secs(10),
            trusted: trusted.parse().unwrap(),
        }
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn one_address_is_held_to_its_share_and_a_slot_comes_back_when_a_connection_ends() {
        let open = Arc::new(Open::new(limits(10, 2, ""), Arc::new(Metrics::new())));
        let first = open.admit(ip("192.0.2.1")).unwrap();
        let _second = open.admit(ip("192.0.2.1")).unwrap();
        assert_eq!(open.admit(ip("192.0.2.1")).err(), Some(Limit::PerAddress));
        // Another address is not affected; the same /64 is one address.
        let _other = open.admit(ip("192.0.2.2")).unwrap();
        let _v6 = open.admit(ip("2001:db8::1")).unwrap();
        let _v6_too = open.admit(ip("2001:db8::2")).unwrap();
        assert_eq!(open.admit(ip("2001:db8::3")).err(), Some(Limit::PerAddress));
        drop(first);
        assert!(open.admit(ip("192.0.2.1")).is_ok());
    }

    #[test]
    fn the_total_holds_for_everyone_and_a_trusted_proxy_only_counts_toward_it() {
        let metrics = Arc::new(Metrics::new());
        let open = Arc::new(Open::new(limits(3, 1, "127.0.0.1"), metrics.clone()));
        let _a = open.admit(ip("127.0.0.1")).unwrap();
        let _b = open.admit(ip("127.0.0.1")).unwrap();
        let _c = open.admit(ip("192.0.2.9")).unwrap();
        assert_eq!(open.admit(ip("192.0.2.10")).err(), Some(Limit::Total));
        assert_eq!(open.admit(ip("127.0.0.1")).err(), Some(Limit::Total));
        let text = metrics.render(0);
        assert!(text.contains("bao_connections_open 3\n"), "{text}");
        assert!(
            text.contains("bao_connections_refused_total{reason=\"total\"} 2\n"),
            "{text}"
        );
    }

    #[test]
    fn the_idle_check_runs_often_enough_and_not_too_often() {
        assert_eq!(check_every(Duration::from_secs(60)), Duration::from_secs(5));
        assert_eq!(
            check_every(Duration::from_secs(2)),
            Duration::from_millis(500)
        );
        assert_eq!(
            check_every(Duration::from_millis(40)),
            Duration::from_millis(100)
        );
    }
}
