//! An online game's parts outside the "Play online" window: the HUD's connection line, its
//! resign (asked twice) and rematch buttons, and the game-over panel's words for a resignation
//! and its rematch offer.

use crate::content::player_name;
use crate::i18n::I18n;
use crate::online::{
    Connection, Failure, OnlineCommand, OnlineGame, RequestFailure, on_local_network,
};
use crate::ui::style::{self, Palette};
use bao_engine::Player;
use bevy_egui::egui::{self, RichText};

/// The name key of the other seat's player, once our seat is known.
pub(super) fn other_player(game: &OnlineGame) -> Option<&'static str> {
    game.seat
        .map(|seat| player_name(Player::from(seat.other())))
}

/// The connection's state in words.
pub(super) fn connection_text(game: &OnlineGame, i18n: &I18n) -> String {
    match &game.connection {
        Connection::Creating => i18n.tr("online-creating"),
        Connection::Connecting => i18n.tr("online-connecting"),
        Connection::Connected if game.watching => i18n.tr("online-watching"),
        Connection::Connected => i18n.tr("online-connected"),
        // A server on the local network is a player's computer hosting the game: it comes
        // back when they do.
        Connection::Reconnecting { .. } if on_local_network(&game.server) => {
            i18n.tr("online-host-left")
        }
        Connection::Reconnecting { .. } => i18n.tr("online-reconnecting"),
        Connection::Failed(failure) => failure_text(game, failure, i18n),
    }
}

/// The words for a request the server at `server` did not answer as asked: what happened and
/// what the player can do.
pub(super) fn request_failure_text(failure: RequestFailure, server: &str, i18n: &I18n) -> String {
    let key = match failure {
        RequestFailure::NoServer => "online-failed-no-server",
        RequestFailure::Busy => "online-failed-busy",
        RequestFailure::ServerTrouble => "online-failed-server-trouble",
        RequestFailure::NotBao => "online-failed-not-bao",
    };
    i18n.tr_args(key, &[("server", server.to_owned().into())])
}

/// Whether the online game is one the server never gave a seat for: there is no game to leave,
/// only the form to go back to.
pub(super) fn never_created(game: &OnlineGame) -> bool {
    matches!(game.connection, Connection::Failed(Failure::Create(_)))
}

/// Why the game cannot go on, in words.
fn failure_text(game: &OnlineGame, failure: &Failure, i18n: &I18n) -> String {
    match failure {
        Failure::UnknownToken => i18n.tr("online-failed-token"),
        Failure::UnknownGame => i18n.tr("online-failed-game"),
        Failure::Watching => i18n.tr("online-failed-watching"),
        Failure::Create(failure) => request_failure_text(*failure, &game.server, i18n),
        Failure::Unreadable(reason) => i18n.tr_args(
            "online-failed-unreadable",
            &[("reason", reason.clone().into())],
        ),
        Failure::BadLink(_) => i18n.tr("online-bad-link"),
    }
}

/// The HUD's line about an online game on the board: the connection, whether the other player
/// is here while connected ("Connected · North is here"; a watcher's: "Watching · South is here
/// · North is here"), a resignation (the board's game does not end by one), and a rematch asked for.
pub(in crate::ui) fn connection_line(game: &OnlineGame, i18n: &I18n) -> String {
    let mut parts = vec![connection_text(game, i18n)];
    let presence = |player: Player| {
        let key = if game.present.of(player.into()) {
            "online-here"
        } else {
            "online-away"
        };
        i18n.tr_args(key, &[("player", i18n.tr(player_name(player)).into())])
    };
    if game.connection != Connection::Connected {
        // Who is here is the server's news: none comes while the connection is down.
    } else if game.watching {
        parts.extend([Player::South, Player::North].map(presence));
    } else if game.open && !game.other_present() {
        parts.push(i18n.tr("online-waiting-opponent"));
    } else if let Some(seat) = game.seat {
        parts.push(presence(Player::from(seat.other())));
    }
    if let Some(loser) = game.resigned() {
        let loser = i18n.tr(player_name(Player::from(loser)));
        parts.push(i18n.tr_args("online-resigned", &[("player", loser.into())]));
    }
    if let Some(asked) = rematch_asked(game, i18n) {
        parts.push(asked);
    }
    parts.join(" · ")
}

/// "Asked for a rematch — waiting for North", while the other player has not asked too.
fn rematch_asked(game: &OnlineGame, i18n: &I18n) -> Option<String> {
    let other = other_player(game).filter(|_| game.rematch_asked)?;
    Some(i18n.tr_args("online-rematch-asked", &[("player", i18n.tr(other).into())]))
}

/// The HUD's button for the online game on the board: "Resign" while it goes on (asked again
/// before it is sent: "Resign?" "Yes" "No"), "Rematch" once it is over; nothing for a watcher.
pub(in crate::ui) fn game_buttons(
    ui: &mut egui::Ui,
    i18n: &I18n,
    game: &OnlineGame,
) -> Option<OnlineCommand> {
    let confirming_id = egui::Id::new("online-resign-confirming");
    if !game.can_resign() {
        ui.data_mut(|data| data.remove::<bool>(confirming_id));
        let rematch =
            game.can_ask_rematch() && style::button(ui, &i18n.tr("online-rematch")).clicked();
        return rematch.then_some(OnlineCommand::Rematch);
    }
    let confirming = ui.data(|data| data.get_temp::<bool>(confirming_id).unwrap_or(false));
    if !confirming {
        if style::button(ui, &i18n.tr("online-resign")).clicked() {
            ui.data_mut(|data| data.insert_temp(confirming_id, true));
        }
        return None;
    }
    ui.label(
        RichText::new(i18n.tr("online-resign-confirm"))
            .size(style::CARD_TEXT)
            .strong(),
    );
    let mut asked = None;
    if style::button(ui, &i18n.tr("online-resign-yes")).clicked() {
        asked = Some(OnlineCommand::Resign);
    }
    let no = style::button(ui, &i18n.tr("online-resign-no")).clicked();
    if asked.is_some() || no {
        ui.data_mut(|data| data.insert_temp(confirming_id, false));
    }
    asked
}

/// Our own seat in an online game: a person here, even once a resignation put both seats down
/// on the board; `None` for the other seat and for a watcher.
pub(in crate::ui) fn our_seat(game: &OnlineGame, player: Player) -> Option<crate::core::Seat> {
    let ours = !game.watching && game.seat == Some(player.into());
    ours.then_some(crate::core::Seat::Human)
}

/// The game-over panel's words for an online game that ended by a resignation (which the
/// board's game cannot tell): the headline ("South wins") and the reason ("North resigned.").
pub(in crate::ui) fn resignation_ending(
    game: &OnlineGame,
    i18n: &I18n,
) -> Option<(String, String)> {
    let loser = Player::from(game.resigned()?);
    let name = |player: Player| i18n.tr(player_name(player));
    Some((
        i18n.tr_args("ending-win", &[("player", name(loser.opponent()).into())]),
        i18n.tr_args("online-resigned-reason", &[("player", name(loser).into())]),
    ))
}

/// The game-over panel's rematch for an online game: the button, or once asked the line that
/// says whom we wait for.
pub(in crate::ui) fn rematch_offer(
    ui: &mut egui::Ui,
    i18n: &I18n,
    palette: &Palette,
    game: &OnlineGame,
) -> Option<OnlineCommand> {
    if let Some(asked) = rematch_asked(game, i18n) {
        ui.label(
            RichText::new(asked)
                .size(style::NOTE_TEXT)
                .color(palette.ink_soft),
        );
        return None;
    }
    let rematch = game.can_ask_rematch() && style::button(ui, &i18n.tr("online-rematch")).clicked();
    rematch.then_some(OnlineCommand::Rematch)
}
