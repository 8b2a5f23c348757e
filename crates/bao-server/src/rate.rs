//! Rate limits: games created, WebSocket connects and game lookups per client address per
//! minute (HTTP 429), and messages per socket per second (close 1008). Both are sliding windows: "more than N in any window" as the protocol
//! says, not a bucket that refills.

use crate::client::ClientKey;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The times of the last events inside a window.
#[derive(Debug)]
pub struct Window {
    limit: usize,
    length: Duration,
    times: VecDeque<Instant>,
}

impl Window {
    /// At most `limit` events in any `length`.
    pub fn new(limit: u32, length: Duration) -> Window {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        Window {
            limit,
            length,
            times: VecDeque::with_capacity(limit.min(64)),
        }
    }

    /// Counts an event at `now`; false if it is one too many (it is then not counted).
    pub fn allow(&mut self, now: Instant) -> bool {
        self.forget_before(now);
        if self.times.len() >= self.limit {
            return false;
        }
        self.times.push_back(now);
        true
    }

    fn forget_before(&mut self, now: Instant) {
        while self
            .times
            .front()
            .is_some_and(|&t| now.duration_since(t) >= self.length)
        {
            self.times.pop_front();
        }
    }
}

/// A window per client address (an IPv6 client by its /64). The lock is held for a map lookup
/// only, and only when a game is created, a socket connects or a game is looked up — never on
/// the way of a move.
#[derive(Debug)]
pub struct PerAddress {
    limit: u32,
    length: Duration,
    windows: Mutex<HashMap<ClientKey, Window>>,
}

/// Addresses remembered before the quiet ones are dropped.
const PRUNE_AT: usize = 4096;

impl PerAddress {
    /// At most `limit` events per address in any `length`.
    pub fn new(limit: u32, length: Duration) -> PerAddress {
        PerAddress {
            limit,
            length,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts an event from `address`; false if it is one too many.
    pub fn allow(&self, address: ClientKey) -> bool {
        let now = Instant::now();
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if windows.len() >= PRUNE_AT {
            windows.retain(|_, w| {
                w.forget_before(now);
                !w.times.is_empty()
            });
        }
        windows
            .entry(address)
            .or_insert_with(|| Window::new(self.limit, self.length))
            .allow(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_refuses_the_event_over_its_limit_and_forgets_old_ones() {
        let mut w = Window::new(3, Duration::from_secs(1));
        let t0 = Instant::now();
        assert!(w.allow(t0));
        assert!(w.allow(t0 + Duration::from_millis(100)));
        assert!(w.allow(t0 + Duration::from_millis(200)));
        assert!(!w.allow(t0 + Duration::from_millis(900)));
        // The first event left the window.
        assert!(w.allow(t0 + Duration::from_millis(1000)));
        assert!(!w.allow(t0 + Duration::from_millis(1050)));
    }

    #[test]
    fn addresses_are_counted_apart() {
        let limits = PerAddress::new(1, Duration::from_secs(60));
        let a = ClientKey::of("127.0.0.1".parse().unwrap());
        let b = ClientKey::of("127.0.0.2".parse().unwrap());
        assert!(limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
    }
}
