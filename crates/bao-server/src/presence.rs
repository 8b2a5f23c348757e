//! Who is connected to a game when several servers share the database: each server announces
//! the seats that have a socket on it (when that changes, and every [`PRESENCE_HEARTBEAT`]
//! while one does), and a game's actor adds what the others announced to its own sockets. A
//! server that stops without a word is forgotten after [`PRESENCE_TTL`], so a seat is never
//! shown as present for longer than that after its server died.

use crate::store::{PRESENCE_HEARTBEAT, PRESENCE_TTL};
use bao_protocol::Present;
use std::collections::HashMap;
use tokio::time::Instant;

/// The other servers' presence for one game, and when this server next repeats its own.
#[derive(Debug, Default)]
pub struct Presence {
    /// Per server (the number of its id): its seats and when it said so.
    others: HashMap<u64, (Present, Instant)>,
    /// When this server's presence is next repeated; `None` while no seat has a socket here.
    heartbeat: Option<Instant>,
    /// Another server has this game's actor too (it asked, or announced its own presence): only
    /// then is this server's presence worth announcing. Most games have both players on one
    /// server, and their presence costs the database nothing.
    shared: bool,
}

impl Presence {
    /// The seats with a socket anywhere: `here`'s and the other servers'.
    pub fn everywhere(&self, here: Present) -> Present {
        self.others.values().fold(here, |all, (there, _)| Present {
            south: all.south || there.south,
            north: all.north || there.north,
        })
    }

    /// Takes server `from`'s announcement.
    pub fn heard(&mut self, from: u64, present: Present, now: Instant) {
        self.shared = true;
        if present == Present::default() {
            self.others.remove(&from);
        } else {
            self.others.insert(from, (present, now));
        }
    }

    /// Forgets the servers silent for [`PRESENCE_TTL`].
    pub fn forget_silent(&mut self, now: Instant) {
        self.others
            .retain(|_, (_, heard)| now.saturating_duration_since(*heard) < PRESENCE_TTL);
    }

    /// Another server asked for this server's presence: it has the game too.
    pub fn asked(&mut self) {
        self.shared = true;
    }

    /// Whether another server has shown that it has this game too.
    pub fn is_shared(&self) -> bool {
        self.shared
    }

    /// This server announced `here`: plans the next repetition while a seat is here.
    pub fn announced(&mut self, here: Present, now: Instant) {
        self.heartbeat = (here != Present::default()).then(|| now + PRESENCE_HEARTBEAT);
    }

    /// Whether this server's presence is due to be repeated.
    pub fn heartbeat_due(&self, now: Instant) -> bool {
        self.heartbeat.is_some_and(|at| at <= now)
    }

    /// When the actor must next look at presence: a repetition or a server to forget.
    pub fn next_wake(&self) -> Option<Instant> {
        let forget = self.others.values().map(|(_, heard)| *heard + PRESENCE_TTL);
        forget.chain(self.heartbeat).min()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::time::Duration;

    /// South alone present.
    pub(crate) const SOUTH: Present = Present {
        south: true,
        north: false,
    };
    /// North alone present.
    pub(crate) const NORTH: Present = Present {
        south: false,
        north: true,
    };

    #[test]
    fn another_servers_seat_counts_until_it_leaves_or_falls_silent() {
        let start = Instant::now();
        let mut presence = Presence::default();
        assert_eq!(presence.everywhere(SOUTH), SOUTH);
        presence.heard(7, NORTH, start);
        assert_eq!(
            presence.everywhere(SOUTH),
            Present {
                south: true,
                north: true
            }
        );
        assert_eq!(presence.next_wake(), Some(start + PRESENCE_TTL));

        presence.forget_silent(start + PRESENCE_TTL - Duration::from_secs(1));
        assert_eq!(presence.everywhere(Present::default()), NORTH);
        presence.forget_silent(start + PRESENCE_TTL);
        assert_eq!(presence.everywhere(Present::default()), Present::default());

        presence.heard(7, NORTH, start);
        presence.heard(7, Present::default(), start);
        assert_eq!(presence.everywhere(Present::default()), Present::default());
        assert_eq!(presence.next_wake(), None);
    }

    #[test]
    fn a_game_is_shared_once_another_server_asks_or_speaks() {
        let mut presence = Presence::default();
        assert!(!presence.is_shared());
        presence.asked();
        assert!(presence.is_shared());
        let mut presence = Presence::default();
        presence.heard(3, Present::default(), Instant::now());
        assert!(presence.is_shared());
    }

    #[test]
    fn this_servers_presence_is_repeated_while_a_seat_is_here() {
        let start = Instant::now();
        let mut presence = Presence::default();
        presence.announced(SOUTH, start);
        assert!(!presence.heartbeat_due(start));
        assert!(presence.heartbeat_due(start + PRESENCE_HEARTBEAT));
        assert_eq!(presence.next_wake(), Some(start + PRESENCE_HEARTBEAT));
        presence.announced(Present::default(), start);
        assert!(!presence.heartbeat_due(start + PRESENCE_HEARTBEAT));
        assert_eq!(presence.next_wake(), None);
    }
}
