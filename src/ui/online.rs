//! The "Play online" window, in three tabs: with a friend (invite one: the game is created on
//! the server and the link to send is shown, with a button that copies it; or join with a link
//! or a code), the open games (take one waiting for an opponent, or wait for one) and the games
//! to watch. Once a game is on: its connection, the invitation, and "Waiting for North to join"
//! (or "Waiting for an opponent") until the other player is here. The HUD's connection line is
//! [`connection_line`], its resign and rematch buttons [`game_buttons`].

use super::style::{self, Palette};
use super::{Panels, UiSet};
use crate::content::{player_name, variant_name};
use crate::core::{Screen, Session};
use crate::i18n::I18n;
use crate::online::{
    Connection, Failure, Fetched, Listing, Lobby, OnlineCommand, OnlineGame, OnlineServer,
    board_game, unix_now,
};
use bao_engine::{Player, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .add_systems(EguiPrimaryContextPass, online_window.in_set(UiSet::Windows));
}

/// What the person typed and chose in the window, kept while it is open.
#[derive(Resource, Default)]
struct JoinForm {
    /// The tab shown.
    tab: Tab,
    /// The link or code to join.
    link: String,
    /// The waiting window was closed: it stays closed until the next game.
    dismissed: bool,
}

/// The window's tabs before a game is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Tab {
    /// Invite a friend, or join with a link or a code.
    #[default]
    Friend,
    /// The games waiting for an opponent, and "Wait for an opponent".
    Open,
    /// The games being played, to watch.
    Watch,
}

impl Tab {
    const ALL: [Tab; 3] = [Tab::Friend, Tab::Open, Tab::Watch];

    fn key(self) -> &'static str {
        match self {
            Tab::Friend => "online-tab-friend",
            Tab::Open => "online-tab-open",
            Tab::Watch => "online-tab-watch",
        }
    }

    /// The server's list the tab shows.
    fn listing(self) -> Option<Listing> {
        match self {
            Tab::Friend => None,
            Tab::Open => Some(Listing::Open),
            Tab::Watch => Some(Listing::Live),
        }
    }
}

/// What the window reads and changes.
#[derive(SystemParam)]
struct Online<'w> {
    game: Option<Res<'w, OnlineGame>>,
    server: ResMut<'w, OnlineServer>,
    form: ResMut<'w, JoinForm>,
    lobby: ResMut<'w, Lobby>,
    commands: MessageWriter<'w, OnlineCommand>,
    session: Res<'w, Session>,
    screen: Res<'w, State<Screen>>,
}

/// What a button of the window asked for.
enum Asked {
    Command(OnlineCommand),
    /// Another game to invite a friend to.
    Game(Variant),
    /// Another tab.
    Tab(Tab),
    Close,
}

fn online_window(
    mut contexts: EguiContexts,
    i18n: Res<I18n>,
    palette: Res<Palette>,
    policy: Res<super::UiPolicy>,
    mut panels: ResMut<Panels>,
    online: Online,
) {
    let Online {
        game,
        mut server,
        mut form,
        mut lobby,
        mut commands,
        session,
        screen,
    } = online;
    let game = game.as_deref();
    let wanted = match (
        policy.offers_online,
        game,
        form.tab.listing(),
        panels.online,
    ) {
        (true, None, Some(listing), Some(variant)) => Some((listing, variant)),
        _ => None,
    };
    if lobby.wanted != wanted {
        // Fetched while shown, again every few seconds; nothing while another tab is.
        lobby.wanted = wanted;
    }
    if !policy.offers_online {
        panels.online = None;
        return;
    }
    let watching = game.is_some_and(|g| g.watching && g.connection == Connection::Connected);
    if game.is_some_and(OnlineGame::other_present) || watching {
        // Both players are here (or we watch): the HUD's line says the rest.
        panels.online = None;
    }
    let waiting = game.is_some_and(|g| !g.watching && !g.other_present()) && !form.dismissed;
    if panels.online.is_none() && !waiting {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let variant = game
        .and_then(|g| g.confirmed())
        .map(|confirmed| confirmed.start().variant())
        .or(panels.online);
    let title = match variant {
        Some(variant) => i18n.tr_args(
            "online-title",
            &[("game", i18n.tr(variant_name(variant.game())).into())],
        ),
        None => i18n.tr("title-online"),
    };
    let on_title = *screen.get() == Screen::Title;
    let asked = egui::Window::new(RichText::new(title).size(style::WINDOW_TITLE_TEXT).strong())
        .id(egui::Id::new("online"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_max_width(style::GAME_OVER_WIDTH * 1.5);
            match (game, variant) {
                (Some(game), _) => {
                    let here = Here {
                        on_title,
                        on_board: board_game(game, &session).is_some(),
                    };
                    game_contents(ui, &i18n, &palette, game, here)
                }
                (None, Some(variant)) => form_contents(
                    ui,
                    (&i18n, &palette),
                    (&mut form, &lobby),
                    &mut server.0,
                    variant,
                ),
                (None, None) => None,
            }
        })
        .and_then(|shown| shown.inner)
        .flatten();
    match asked {
        Some(Asked::Command(command)) => {
            if matches!(
                command,
                OnlineCommand::Leave | OnlineCommand::Back | OnlineCommand::Watch(_)
            ) {
                panels.online = None;
            }
            form.dismissed = false;
            lobby.taken = false;
            commands.write(command);
        }
        Some(Asked::Game(variant)) => panels.online = Some(variant),
        Some(Asked::Tab(tab)) => {
            form.tab = tab;
            lobby.taken = false;
        }
        Some(Asked::Close) => {
            panels.online = None;
            form.dismissed = true;
        }
        None => {}
    }
}

/// The four games, the one a friend is invited to marked; another one clicked, if any. Kujifunza
/// is played in the reading chosen on its card (kept in the settings).
fn game_choice(
    ui: &mut egui::Ui,
    i18n: &I18n,
    palette: &Palette,
    variant: Variant,
) -> Option<Variant> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        for game in Variant::GAMES {
            let here = variant.game() == game;
            let name = i18n.tr(variant_name(game));
            if style::choice(ui, palette, here, &name).clicked() && !here {
                chosen = Some(game);
            }
        }
    });
    chosen
}

/// Where the person is: on the title screen, and whether the board shows the online game.
struct Here {
    on_title: bool,
    on_board: bool,
}

/// No game yet: the game to play, the tabs, and the tab's contents.
fn form_contents(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    (form, lobby): (&mut JoinForm, &Lobby),
    server: &mut String,
    variant: Variant,
) -> Option<Asked> {
    let mut asked = None;
    ui.vertical(|ui| {
        if let Some(other) = game_choice(ui, i18n, palette, variant) {
            asked = Some(Asked::Game(other));
        }
        ui.add_space(style::LINE_GAP);
        ui.horizontal_wrapped(|ui| {
            for tab in Tab::ALL {
                let here = form.tab == tab;
                if style::choice(ui, palette, here, &i18n.tr(tab.key())).clicked() && !here {
                    asked = Some(Asked::Tab(tab));
                }
            }
        });
        ui.separator();
        let shown = match form.tab {
            Tab::Friend => friend_tab(ui, i18n, &mut form.link, variant),
            Tab::Open => open_tab(ui, (i18n, palette), lobby, variant),
            Tab::Watch => watch_tab(ui, (i18n, palette), lobby, variant),
        };
        asked = asked.take().or(shown);
        // The web build plays on the server that serves the page; the desktop says where.
        if cfg!(not(target_arch = "wasm32")) {
            ui.add_space(style::LINE_GAP);
            ui.horizontal(|ui| {
                ui.label(i18n.tr("online-server"));
                let field =
                    egui::TextEdit::singleline(server).desired_width(style::RECORDS_NAME_WIDTH);
                ui.add(field);
            });
        }
        ui.add_space(style::LINE_GAP);
        if style::button(ui, &i18n.tr("online-close")).clicked() {
            asked = Some(Asked::Close);
        }
    });
    asked
}

/// Invite a friend, or join with a link or a code (on the desktop, on the server of the
/// window's field).
fn friend_tab(
    ui: &mut egui::Ui,
    i18n: &I18n,
    link: &mut String,
    variant: Variant,
) -> Option<Asked> {
    let mut asked = None;
    if style::wide_button(ui, &i18n.tr("online-invite")).clicked() {
        asked = Some(Asked::Command(OnlineCommand::Invite(variant)));
    }
    style::paragraph(ui, &i18n.tr("online-invite-note"));
    ui.add_space(style::LINE_GAP);
    ui.horizontal(|ui| {
        let field = egui::TextEdit::singleline(link)
            .hint_text(i18n.tr("online-join-hint"))
            .desired_width(style::RECORDS_NAME_WIDTH);
        ui.add(field);
        let ready = !link.trim().is_empty();
        if style::button_enabled(ui, ready, &i18n.tr("online-join")).clicked() {
            asked = Some(Asked::Command(OnlineCommand::Join(link.trim().to_owned())));
        }
    });
    asked
}

/// The most rows of a list shown before it scrolls, in points.
const LIST_HEIGHT: f32 = 220.0;

/// The games waiting for an opponent, each with "Play", and "Wait for an opponent".
fn open_tab(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    lobby: &Lobby,
    variant: Variant,
) -> Option<Asked> {
    let game = [("game", i18n.tr(variant_name(variant.game())).into())];
    let mut asked = None;
    if lobby.taken {
        let line = RichText::new(i18n.tr("online-open-taken")).color(palette.ochre_text);
        ui.label(line.size(style::BODY_TEXT).strong());
    }
    style::paragraph(ui, &i18n.tr_args("online-open-note", &game));
    let now = unix_now();
    let rows = listed(
        ui,
        (i18n, palette),
        &lobby.open,
        "online-open-none",
        variant,
        |ui, open| {
            let player = i18n.tr(player_name(Player::from(open.seat)));
            let minutes = (now - open.since).max(0) / 60;
            let line = i18n.tr_args(
                "online-open-entry",
                &[("player", player.into()), ("minutes", minutes.into())],
            );
            ui.label(RichText::new(line).size(style::BODY_TEXT));
            let play = style::button(ui, &i18n.tr("online-open-play")).clicked();
            play.then(|| OnlineCommand::TakeOpen(open.game.clone()))
        },
    );
    asked = asked.or(rows.map(Asked::Command));
    ui.add_space(style::LINE_GAP);
    if style::wide_button(ui, &i18n.tr("online-open-wait")).clicked() {
        asked = Some(Asked::Command(OnlineCommand::WaitForOpponent(variant)));
    }
    asked
}

/// The games being played, each with "Watch".
fn watch_tab(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    lobby: &Lobby,
    variant: Variant,
) -> Option<Asked> {
    let game = [("game", i18n.tr(variant_name(variant.game())).into())];
    style::paragraph(ui, &i18n.tr_args("online-live-note", &game));
    let now = unix_now();
    let rows = listed(
        ui,
        (i18n, palette),
        &lobby.live,
        "online-live-none",
        variant,
        |ui, live| {
            let minutes = (now - live.last_move).max(0) / 60;
            let line = i18n.tr_args(
                "online-live-entry",
                &[("moves", live.ply.into()), ("minutes", minutes.into())],
            );
            ui.label(RichText::new(line).size(style::BODY_TEXT));
            let watch = style::button(ui, &i18n.tr("online-watch")).clicked();
            watch.then(|| OnlineCommand::Watch(live.game.clone()))
        },
    );
    rows.map(Asked::Command)
}

/// A list of games as fetched: loading, why it failed, "none", or a row per game drawn by
/// `row` (which returns what its button asked for).
fn listed<T>(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    fetched: &Fetched<T>,
    none_key: &str,
    variant: Variant,
    mut row: impl FnMut(&mut egui::Ui, &T) -> Option<OnlineCommand>,
) -> Option<OnlineCommand> {
    let soft = |text: String| {
        RichText::new(text)
            .size(style::BODY_TEXT)
            .color(palette.ink_soft)
    };
    let games = match fetched {
        Fetched::Loading => {
            ui.label(soft(i18n.tr("online-list-loading")));
            return None;
        }
        Fetched::Failed(reason) => {
            let line = i18n.tr_args("online-list-failed", &[("reason", reason.clone().into())]);
            ui.label(soft(line).color(palette.ochre_text));
            return None;
        }
        Fetched::Games(games) if games.is_empty() => {
            let game = [("game", i18n.tr(variant_name(variant.game())).into())];
            ui.label(soft(i18n.tr_args(none_key, &game)));
            return None;
        }
        Fetched::Games(games) => games,
    };
    let mut asked = None;
    egui::ScrollArea::vertical()
        .max_height(LIST_HEIGHT)
        .show(ui, |ui| {
            for game in games {
                ui.horizontal(|ui| {
                    if let Some(command) = row(ui, game) {
                        asked = Some(command);
                    }
                });
            }
        });
    asked
}

/// A game on: the connection, the invitation to send, whether the other player is here, and
/// the ways back to the board or out of the game.
fn game_contents(
    ui: &mut egui::Ui,
    i18n: &I18n,
    palette: &Palette,
    game: &OnlineGame,
    here: Here,
) -> Option<Asked> {
    let mut asked = None;
    ui.vertical(|ui| {
        let line = connection_text(game, i18n);
        let colour = if game.failed() {
            palette.ochre_text
        } else {
            palette.ink
        };
        ui.label(RichText::new(line).size(style::BODY_TEXT).color(colour));
        if let Some(link) = game.invite_link().filter(|_| !game.other_present()) {
            invitation(ui, i18n, &link, game.invite.as_deref().unwrap_or_default());
        }
        if let Some(other) = other_player(game).filter(|_| !game.other_present()) {
            let waiting = if game.open {
                i18n.tr("online-waiting-opponent")
            } else {
                i18n.tr_args("online-waiting", &[("player", i18n.tr(other).into())])
            };
            ui.label(RichText::new(waiting).size(style::BODY_TEXT).strong());
        }
        ui.add_space(style::LINE_GAP);
        ui.horizontal_wrapped(|ui| {
            let back = game.confirmed().is_some() && (here.on_title || !here.on_board);
            if back && style::button(ui, &i18n.tr("online-back")).clicked() {
                asked = Some(Asked::Command(OnlineCommand::Back));
            }
            let waiting_for_anyone = game.open && !game.other_present();
            let leave = if game.watching {
                "online-stop-watching"
            } else if waiting_for_anyone {
                "online-stop-waiting"
            } else {
                "online-leave"
            };
            if style::button(ui, &i18n.tr(leave)).clicked() {
                asked = Some(Asked::Command(OnlineCommand::Leave));
            }
            if style::button(ui, &i18n.tr("online-close")).clicked() {
                asked = Some(Asked::Close);
            }
        });
    });
    asked
}

/// The link to send (selectable, with a button that copies it) and its code alone.
fn invitation(ui: &mut egui::Ui, i18n: &I18n, link: &str, code: &str) {
    ui.label(i18n.tr("online-link"));
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Label::new(RichText::new(link).monospace()).selectable(true));
        if style::button(ui, &i18n.tr("online-copy")).clicked() {
            ui.ctx().copy_text(link.to_owned());
        }
    });
    let code = i18n.tr_args("online-code", &[("code", code.to_owned().into())]);
    ui.add(egui::Label::new(RichText::new(code).size(style::NOTE_TEXT)).selectable(true));
}

/// The name key of the other seat's player, once our seat is known.
fn other_player(game: &OnlineGame) -> Option<&'static str> {
    game.seat
        .map(|seat| player_name(Player::from(seat.other())))
}

/// The connection's state in words.
fn connection_text(game: &OnlineGame, i18n: &I18n) -> String {
    match &game.connection {
        Connection::Creating => i18n.tr("online-creating"),
        Connection::Connecting => i18n.tr("online-connecting"),
        Connection::Connected if game.watching => i18n.tr("online-watching"),
        Connection::Connected => i18n.tr("online-connected"),
        Connection::Reconnecting { .. } => i18n.tr("online-reconnecting"),
        Connection::Failed(failure) => failure_text(failure, i18n),
    }
}

/// Why the game cannot go on, in words.
fn failure_text(failure: &Failure, i18n: &I18n) -> String {
    match failure {
        Failure::UnknownToken => i18n.tr("online-failed-token"),
        Failure::UnknownGame => i18n.tr("online-failed-game"),
        Failure::Watching => i18n.tr("online-failed-watching"),
        Failure::Create(reason) => {
            i18n.tr_args("online-failed-create", &[("reason", reason.clone().into())])
        }
        Failure::Unreadable(reason) => i18n.tr_args(
            "online-failed-unreadable",
            &[("reason", reason.clone().into())],
        ),
        Failure::BadLink(_) => i18n.tr("online-bad-link"),
    }
}

/// The HUD's line about an online game on the board: the connection, whether the other player
/// is here ("Connected · North is here"; a watcher's: "Watching · South is here · North is
/// here"), a resignation (the board's game does not end by one), and a rematch asked for.
pub(super) fn connection_line(game: &OnlineGame, i18n: &I18n) -> String {
    let mut parts = vec![connection_text(game, i18n)];
    let presence = |player: Player| {
        let key = if game.present.of(player.into()) {
            "online-here"
        } else {
            "online-away"
        };
        i18n.tr_args(key, &[("player", i18n.tr(player_name(player)).into())])
    };
    if game.watching {
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
pub(super) fn game_buttons(
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
pub(super) fn our_seat(game: &OnlineGame, player: Player) -> Option<crate::core::Seat> {
    let ours = !game.watching && game.seat == Some(player.into());
    ours.then_some(crate::core::Seat::Human)
}

/// The game-over panel's words for an online game that ended by a resignation (which the
/// board's game cannot tell): the headline ("South wins") and the reason ("North resigned.").
pub(super) fn resignation_ending(game: &OnlineGame, i18n: &I18n) -> Option<(String, String)> {
    let loser = Player::from(game.resigned()?);
    let name = |player: Player| i18n.tr(player_name(player));
    Some((
        i18n.tr_args("ending-win", &[("player", name(loser.opponent()).into())]),
        i18n.tr_args("online-resigned-reason", &[("player", name(loser).into())]),
    ))
}

/// The game-over panel's rematch for an online game: the button, or once asked the line that
/// says whom we wait for.
pub(super) fn rematch_offer(
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
