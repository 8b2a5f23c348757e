//! An unfinished online game outlives the program: while we play a seat of a game that is not
//! over, its server and token are kept in the store (a file on the desktop, the browser's local
//! storage on the web); the next start offers to go back to it ([`UnfinishedOnline`]). Leaving
//! the game, its end, or a server that no longer knows the token forgets it. Where the records
//! remember nothing (a kiosk: `records::remembers`), none of this runs.

use super::machine::{Connection, Failure, OnlineGame};
use super::{OnlineCommand, invite_link};
use crate::storage::Storage;
use bao_engine::Variant;
use bao_protocol::Seat;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UnfinishedOnline>()
        .add_message::<ForgetUnfinished>()
        .add_systems(
            Update,
            (offer_the_kept_seat, keep_the_seat, forget_when_asked)
                .chain()
                .run_if(crate::records::remembers),
        );
}

/// The key the seat is kept under.
pub const KEPT_KEY: &str = "online-game";

/// A seat of an online game, as kept between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptSeat {
    /// The server's address.
    pub server: String,
    /// Our seat's token.
    pub token: String,
    /// The game's id.
    pub game: String,
    /// The game's variant id.
    pub variant: String,
    /// Our seat.
    pub seat: Seat,
    /// The other seat's token, for the game's creator while the other player has not come yet:
    /// the invitation is shown (and a hosted game announced) again after a restart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

impl KeptSeat {
    /// The game's variant, if this program knows it.
    pub fn variant(&self) -> Option<Variant> {
        self.variant.parse().ok()
    }

    /// The command that goes back to the game: a join with the seat's link.
    pub fn resume(&self) -> OnlineCommand {
        OnlineCommand::Join(invite_link(&self.server, &self.token))
    }

    /// The seat `online` plays, while its game is going on and known.
    fn of(online: &OnlineGame) -> Option<KeptSeat> {
        let failed = matches!(online.connection, Connection::Failed(_));
        if online.watching || online.over() || online.token.is_empty() || failed {
            return None;
        }
        Some(KeptSeat {
            server: online.server.clone(),
            token: online.token.clone(),
            game: online.game.clone()?,
            variant: online.confirmed()?.position().variant().id().to_owned(),
            seat: online.seat?,
            invite: online.invite.clone().filter(|_| !online.met),
        })
    }
}

/// The unfinished online game found at start, offered on the title screen until it is taken
/// up, forgotten, or another online game begins.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct UnfinishedOnline(pub Option<KeptSeat>);

/// The person does not want to go back to the unfinished online game: it is forgotten.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForgetUnfinished;

/// On the first frame: the kept seat, if any, becomes the offer. A damaged one is dropped.
fn offer_the_kept_seat(
    storage: Option<Res<Storage>>,
    mut offer: ResMut<UnfinishedOnline>,
    mut looked: Local<bool>,
) {
    if std::mem::replace(&mut *looked, true) {
        return;
    }
    let Some(storage) = storage else {
        return;
    };
    match storage.read(KEPT_KEY) {
        Ok(Some(text)) => match serde_json::from_str::<KeptSeat>(&text) {
            Ok(kept) => offer.0 = Some(kept),
            Err(e) => {
                warn!("the unfinished online game kept is unreadable ({e}): it is forgotten");
                forget(&storage);
            }
        },
        Ok(None) => {}
        Err(e) => warn!("the unfinished online game cannot be read: {e}"),
    }
}

/// Keeps the seat of the online game being played, and forgets it once the game is over, left,
/// or unknown to its server. A game that begins ends the offer of the kept one.
fn keep_the_seat(
    mut online: Option<ResMut<OnlineGame>>,
    storage: Option<Res<Storage>>,
    mut offer: ResMut<UnfinishedOnline>,
    mut written: Local<Option<KeptSeat>>,
) {
    // Only written to when it changes: both are watched for changes.
    if let Some(game) = online.as_mut()
        && offer.0.is_some()
        && let Some(kept) = offer.0.take()
        && game.token == kept.token
        && game.invite.is_none()
    {
        // The offer taken up: the seat gets back the invitation it had.
        game.invite = kept.invite;
    }
    let Some(storage) = storage else {
        return;
    };
    let wanted = match online.as_deref() {
        // Not yet known (the snapshot is on its way): what was kept stays.
        Some(game) if !is_settled(game) => return,
        Some(game) => KeptSeat::of(game),
        None => None,
    };
    if wanted == *written {
        return;
    }
    match &wanted {
        Some(kept) => match serde_json::to_string(kept) {
            Ok(text) => {
                if let Err(e) = storage.write(KEPT_KEY, &text) {
                    warn!("the online game cannot be kept for the next start: {e}");
                }
            }
            Err(e) => warn!("the online game cannot be written: {e}"),
        },
        None => forget(&storage),
    }
    *written = wanted;
}

/// Whether the online game is known well enough to keep or forget: its server has answered
/// (a snapshot came), or refused the token or the game.
fn is_settled(game: &OnlineGame) -> bool {
    game.confirmed().is_some()
        || matches!(
            game.connection,
            Connection::Failed(Failure::UnknownToken | Failure::UnknownGame)
        )
}

fn forget_when_asked(
    mut asked: MessageReader<ForgetUnfinished>,
    storage: Option<Res<Storage>>,
    mut offer: ResMut<UnfinishedOnline>,
) {
    if asked.read().count() == 0 {
        return;
    }
    offer.0 = None;
    if let Some(storage) = storage {
        forget(&storage);
    }
}

fn forget(storage: &Storage) {
    if let Err(e) = storage.remove(KEPT_KEY) {
        warn!("the kept online game cannot be forgotten: {e}");
    }
}
