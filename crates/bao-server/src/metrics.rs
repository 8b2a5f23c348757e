//! What `/metrics` tells a monitoring system, in Prometheus's text format (version 0.0.4):
//! games and sockets now, moves and games created so far, how long a move's commit takes, and
//! every refusal by its reason. One registry per server (not a process-wide one), so that
//! servers started side by side in one process — the tests — count apart.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::time::Duration;

/// A label naming why something was refused or which limit refused it.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Reason {
    /// The protocol's error code (`illegal_move`, `rate_limited`, …) or the limit's name.
    pub reason: &'static str,
}

/// The server's counters. Cheap to update from any task: every metric is atomics.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    /// Games held in memory by an actor (set when scraped).
    pub games_live: Gauge,
    /// Open WebSockets.
    pub sockets_open: Gauge,
    /// Open TCP connections (HTTP and WebSocket).
    pub connections_open: Gauge,
    /// Moves accepted and stored.
    pub moves: Counter,
    /// Games created (the pairing's taken seats not included).
    pub games_created: Counter,
    /// Seconds from a move's arrival at its game to its commit in the database.
    pub commit_seconds: Histogram,
    /// Messages and requests refused, by the error code sent back.
    pub refusals: Family<Reason, Counter>,
    /// Connections closed at once because a limit was reached (`total`, `per_address`).
    pub connections_refused: Family<Reason, Counter>,
    /// Requests and sockets refused by a rate limit (`games`, `sockets`, `lookups`,
    /// `messages`).
    pub rate_limited: Family<Reason, Counter>,
}

impl Metrics {
    /// Every metric at zero, registered under the `bao_` prefix.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("bao");
        let metrics = Metrics {
            registry: Registry::default(),
            games_live: Gauge::default(),
            sockets_open: Gauge::default(),
            connections_open: Gauge::default(),
            moves: Counter::default(),
            games_created: Counter::default(),
            // 0.5 ms to about 8 s, doubling.
            commit_seconds: Histogram::new(exponential_buckets(0.0005, 2.0, 15)),
            refusals: Family::default(),
            connections_refused: Family::default(),
            rate_limited: Family::default(),
        };
        registry.register(
            "games_live",
            "Games held in memory by their actor",
            metrics.games_live.clone(),
        );
        registry.register(
            "sockets_open",
            "Open WebSockets",
            metrics.sockets_open.clone(),
        );
        registry.register(
            "connections_open",
            "Open TCP connections",
            metrics.connections_open.clone(),
        );
        registry.register("moves", "Moves accepted and stored", metrics.moves.clone());
        registry.register(
            "games_created",
            "Games created",
            metrics.games_created.clone(),
        );
        registry.register(
            "commit_seconds",
            "Seconds from a move's arrival at its game to its commit",
            metrics.commit_seconds.clone(),
        );
        registry.register(
            "refusals",
            "Messages and requests refused, by the error code sent back",
            metrics.refusals.clone(),
        );
        registry.register(
            "connections_refused",
            "Connections closed at once because a connection limit was reached",
            metrics.connections_refused.clone(),
        );
        registry.register(
            "rate_limited",
            "Requests and sockets refused by a rate limit",
            metrics.rate_limited.clone(),
        );
        Metrics {
            registry,
            ..metrics
        }
    }

    /// Counts a refusal with the protocol's error code `reason`.
    pub fn refused(&self, reason: &'static str) {
        self.refusals.get_or_create(&Reason { reason }).inc();
    }

    /// Counts a request or socket refused by the rate limit named `limit`.
    pub fn rate_limited(&self, limit: &'static str) {
        self.rate_limited
            .get_or_create(&Reason { reason: limit })
            .inc();
    }

    /// Counts a connection closed at once by the connection limit named `limit`.
    pub fn connection_refused(&self, limit: &'static str) {
        self.connections_refused
            .get_or_create(&Reason { reason: limit })
            .inc();
    }

    /// Records a commit that took `took`.
    pub fn committed(&self, took: Duration) {
        self.commit_seconds.observe(took.as_secs_f64());
    }

    /// The text `/metrics` answers, with `games_live` games in memory now.
    pub fn render(&self, games_live: usize) -> String {
        self.games_live
            .set(i64::try_from(games_live).unwrap_or(i64::MAX));
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_text::encode(&mut text, &self.registry);
        text
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// The `Content-Type` of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric_with_the_prefix_and_counts() {
        let metrics = Metrics::new();
        metrics.moves.inc();
        metrics.refused("illegal_move");
        metrics.committed(Duration::from_millis(3));
        metrics.connection_refused("per_address");
        let text = metrics.render(7);
        assert!(text.contains("bao_games_live 7\n"), "{text}");
        assert!(text.contains("bao_moves_total 1\n"), "{text}");
        assert!(
            text.contains("bao_refusals_total{reason=\"illegal_move\"} 1\n"),
            "{text}"
        );
        assert!(text.contains("bao_commit_seconds_count 1\n"), "{text}");
        assert!(
            text.contains("bao_connections_refused_total{reason=\"per_address\"} 1\n"),
            "{text}"
        );
    }
}
