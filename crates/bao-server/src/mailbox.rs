//! What reaches a game's actor and what it sends: the commands of its sockets and of the HTTP
//! API (its channel), the other servers' news that did not fit in the channel (its [`Mailbox`],
//! folded into [`Missed`]), and the messages for its sockets ([`Outgoing`]). Its own module, so
//! that the actor, the registry that starts actors and the sockets that talk to them share these
//! types without importing each other.

use crate::store::Change;
use axum::extract::ws::Utf8Bytes;
use bao_protocol::{ClientMessage, Present, Seat, Snapshot};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use tokio::sync::{Notify, mpsc, oneshot};

/// Commands waiting for an actor before senders wait.
pub const INBOX: usize = 256;

/// Messages waiting for a slow socket before it is dropped.
pub const OUTBOX: usize = 256;

/// Close code: the server failed (its database); the client may connect again.
pub const CLOSE_INTERNAL: u16 = 1011;

/// What an actor sends a socket.
#[derive(Debug)]
pub enum Outgoing {
    /// A JSON text frame (shared between all sockets of a broadcast).
    Text(Utf8Bytes),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
}

/// What a socket or the HTTP API asks an actor.
#[derive(Debug)]
pub enum Command {
    /// A socket joins: it gets a connection number back, and the snapshot through `outbox`.
    Join {
        /// The seat it plays, `None` to watch.
        seat: Option<Seat>,
        /// Where its messages go.
        outbox: mpsc::Sender<Outgoing>,
        /// Its connection number.
        reply: oneshot::Sender<u64>,
    },
    /// A socket left.
    Leave {
        /// Its connection number.
        conn: u64,
    },
    /// A socket sent a message.
    Message {
        /// Its connection number.
        conn: u64,
        /// The message.
        message: ClientMessage,
    },
    /// A socket sent something that is not a message.
    BadMessage {
        /// Its connection number.
        conn: u64,
        /// What was wrong.
        why: String,
    },
    /// Another server changed the game (`None`: maybe, while this server was not listening):
    /// read what is new from the database.
    Changed(Option<Change>),
    /// The HTTP API asks for a watcher's snapshot.
    Snapshot {
        /// Where to send it.
        reply: oneshot::Sender<Snapshot>,
    },
}

/// The other servers' notifications an actor has not been sent yet, folded together (see
/// [`Missed`]), and the wake-up that tells it to read them.
#[derive(Debug, Default)]
pub struct Mailbox {
    missed: Mutex<Missed>,
    wake: Notify,
}

impl Mailbox {
    /// Passes `change` to the actor behind `sender`: through the channel while nothing waits in
    /// the mailbox and the channel has room, else into the mailbox (so that the actor reads the
    /// changes in the order they came).
    pub fn tell(&self, sender: &mpsc::Sender<Command>, change: Option<Change>) {
        let mut missed = self.missed.lock().unwrap_or_else(PoisonError::into_inner);
        if missed.is_empty() {
            match sender.try_send(Command::Changed(change)) {
                // A stopped actor is no loss: the game is read from the database when next
                // asked for.
                Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => return,
                Err(mpsc::error::TrySendError::Full(_)) => {}
            }
        }
        missed.record(change);
        drop(missed);
        self.wake.notify_one();
    }

    /// Waits until the mailbox was written to (at once if it was since the last wait).
    pub async fn written(&self) {
        self.wake.notified().await;
    }

    /// Puts `change` in the mailbox whatever room the channel has, as a busy actor's would be.
    #[cfg(test)]
    pub fn hold(&self, change: Option<Change>) {
        self.missed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .record(change);
        self.wake.notify_one();
    }

    /// Empties the mailbox: what the actor missed.
    pub fn take(&self) -> Missed {
        std::mem::take(&mut *self.missed.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// Notifications folded together, in space that does not grow with their number: catching up
/// on them has the effect of taking each in turn. A stored change (a move, a resignation, a
/// rematch) sends the actor to the database, which has them all; of the news the database does
/// not hold, the latest of each kind is kept.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Missed {
    /// The listener lost its connection: anything may have been missed (`Changed(None)`).
    pub lost: bool,
    /// A move, resignation or rematch was stored: read the game again.
    pub stored: bool,
    /// The seats whose rematch request was announced.
    pub rematch_asked: [bool; 2],
    /// Another server asked for this server's presence.
    pub presence_asked: bool,
    /// The latest presence each other server announced.
    pub presence: HashMap<u64, Present>,
}

impl Missed {
    /// Whether nothing was missed.
    pub fn is_empty(&self) -> bool {
        *self == Missed::default()
    }

    /// Folds `change` in.
    fn record(&mut self, change: Option<Change>) {
        match change {
            None => self.lost = true,
            Some(Change::Moved(_) | Change::Resigned | Change::Rematch) => self.stored = true,
            Some(Change::RematchAsked(seat)) => {
                self.rematch_asked[usize::from(seat == Seat::North)] = true;
            }
            Some(Change::PresenceAsked) => self.presence_asked = true,
            Some(Change::Presence { from, present }) => {
                self.presence.insert(from, present);
            }
        }
    }

    /// The seats whose rematch request was announced, South first.
    pub fn rematch_asked_by(&self) -> impl Iterator<Item = Seat> + use<> {
        let asked = self.rematch_asked;
        [Seat::South, Seat::North]
            .into_iter()
            .filter(move |seat| asked[usize::from(*seat == Seat::North)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presence::tests::{NORTH, SOUTH};
    use std::time::Duration;

    #[tokio::test]
    async fn notifications_an_inbox_has_no_room_for_fold_into_one_mailbox() {
        let (sender, mut inbox) = mpsc::channel(1);
        let mailbox = Mailbox::default();
        for ply in 0..10_000 {
            mailbox.tell(&sender, Some(Change::Moved(ply)));
        }
        mailbox.tell(
            &sender,
            Some(Change::Presence {
                from: 7,
                present: SOUTH,
            }),
        );
        mailbox.tell(
            &sender,
            Some(Change::Presence {
                from: 7,
                present: NORTH,
            }),
        );
        mailbox.tell(&sender, Some(Change::RematchAsked(Seat::North)));
        assert!(matches!(
            inbox.try_recv(),
            Ok(Command::Changed(Some(Change::Moved(0))))
        ));
        // The inbox has room again, but news comes after what waits in the mailbox.
        mailbox.tell(&sender, Some(Change::PresenceAsked));
        assert!(inbox.try_recv().is_err(), "nothing overtakes the mailbox");

        tokio::time::timeout(Duration::from_secs(1), mailbox.written())
            .await
            .expect("the actor is woken");
        let missed = mailbox.take();
        assert_eq!(
            missed,
            Missed {
                lost: false,
                stored: true,
                rematch_asked: [false, true],
                presence_asked: true,
                presence: HashMap::from([(7, NORTH)]),
            }
        );
        assert_eq!(missed.rematch_asked_by().collect::<Vec<_>>(), [Seat::North]);
        assert!(mailbox.take().is_empty());

        // Once the mailbox is read, news goes through the inbox again.
        mailbox.tell(&sender, None);
        assert!(matches!(inbox.try_recv(), Ok(Command::Changed(None))));
    }
}
