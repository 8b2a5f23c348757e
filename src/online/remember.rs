//! The server field remembers the last server (desktop): the address of the last online game
//! that connected is kept in the store (`online-server`) and is the field's at the next start,
//! unless the command line or the kiosk named one. The web plays on the page's own server and
//! keeps nothing.

use super::machine::{Connection, OnlineGame};
use super::{DEFAULT_SERVER, OnlineServer};
use crate::storage::Storage;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (recall_the_last_server, remember_the_server)
            .chain()
            .run_if(crate::records::remembers),
    );
}

/// The key the last server is kept under.
pub const SERVER_KEY: &str = "online-server";

/// On the first frame: the kept server becomes the field's, where nobody named another.
fn recall_the_last_server(
    storage: Option<Res<Storage>>,
    mut server: ResMut<OnlineServer>,
    mut looked: Local<bool>,
) {
    if std::mem::replace(&mut *looked, true) || server.0 != DEFAULT_SERVER {
        return;
    }
    let Some(storage) = storage else {
        return;
    };
    match storage.read(SERVER_KEY) {
        Ok(Some(kept)) if !kept.trim().is_empty() => server.0 = kept.trim().to_owned(),
        Ok(_) => {}
        Err(e) => warn!("online: the last server cannot be read: {e}"),
    }
}

/// Keeps the server of an online game once it has connected (a server that answered).
fn remember_the_server(
    online: Option<Res<OnlineGame>>,
    storage: Option<Res<Storage>>,
    mut written: Local<Option<String>>,
) {
    let (Some(online), Some(storage)) = (online, storage) else {
        return;
    };
    if online.connection != Connection::Connected || written.as_deref() == Some(&online.server) {
        return;
    }
    if let Err(e) = storage.write(SERVER_KEY, &online.server) {
        warn!("online: the server cannot be kept for the next start: {e}");
    }
    *written = Some(online.server.clone());
}
