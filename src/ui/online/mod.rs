//! The "Play online" window, in three tabs: with a friend (invite one: the game is created on
//! the server and the link to send is shown, with a button that copies it; or join with a link
//! or a code), the open games (take one waiting for an opponent, or wait for one) and the games
//! to watch. Once a game is on: its connection, the invitation, and "Waiting for North to join"
//! (or "Waiting for an opponent") until the other player has come. The lists are drawn in
//! `lists.rs`; the HUD's and the game-over panel's parts of an online game (the connection
//! line, resign, rematch) in `in_game.rs`. On the desktop the friend tab also hosts a game on
//! this computer and lists the games on this network (`network.rs`), and an invitation is shown
//! as a QR code too (`qr.rs`).

mod in_game;
mod lists;
mod network;
#[cfg(not(target_arch = "wasm32"))]
mod qr;
mod unfinished;

pub(super) use in_game::{
    connection_line, game_buttons, our_seat, rematch_offer, resignation_ending,
};

use super::style::{self, Palette};
use super::{Panels, UiPolicy, UiSet};
use crate::content::variant_name;
use crate::core::{Screen, Session};
use crate::i18n::I18n;
use crate::online::{
    Connection, Failure, HostGame, Hosting, LanGames, Listing, Lobby, OnlineCommand, OnlineGame,
    OnlineServer, RequestFailure, board_game,
};
use bao_engine::Variant;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use in_game::{connection_text, other_player};
use lists::{open_tab, watch_tab};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .add_plugins(unfinished::plugin)
        .add_systems(EguiPrimaryContextPass, online_window.in_set(UiSet::Windows));
}

/// The window's top edge, in points below the screen's: under the title's top row.
const WINDOW_TOP: f32 = 96.0;

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
    hosting: Res<'w, Hosting>,
    lan: ResMut<'w, LanGames>,
    host: MessageWriter<'w, HostGame>,
}

/// Whether this build can host games and look around the local network: the desktop's.
const ON_THE_NETWORK: bool = cfg!(not(target_arch = "wasm32"));

/// What a button of the window asked for.
enum Asked {
    Command(OnlineCommand),
    /// Host a game of this variant on this computer.
    Host(Variant),
    /// Another game to invite a friend to.
    Game(Variant),
    /// Another tab.
    Tab(Tab),
    Close,
    /// Close, and forget the online game the server never gave a seat for.
    CloseAndForget,
    /// Forget the online game the server never gave a seat for: the form again.
    Forget,
}

/// The "Play online" window: the form before a game, the game's state once one is on; asks the
/// lobby for the tab's list while the form shows it, and does what its buttons ask.
fn online_window(
    mut contexts: EguiContexts,
    i18n: Res<I18n>,
    palette: Res<Palette>,
    policy: Res<UiPolicy>,
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
        hosting,
        mut lan,
        mut host,
    } = online;
    let game = game.as_deref();
    let form_for = panels
        .online
        .filter(|_| policy.offers_online && game.is_none());
    ask_for_lists(form_for, form.tab, (&mut lobby, &mut lan));
    if !window_shown(
        policy.offers_online,
        game,
        form.dismissed,
        &mut panels.online,
    ) {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let variant = game
        .and_then(|g| g.confirmed())
        .map(|confirmed| confirmed.start().variant())
        .or(panels.online);
    let here = Here {
        on_title: *screen.get() == Screen::Title,
        on_board: game.is_some_and(|game| board_game(game, &session).is_some()),
    };
    let asked = show_window(
        ctx,
        (&i18n, &palette),
        (game, here),
        (&mut form, &lobby, (&hosting, &lan)),
        &mut server.0,
        variant,
    );
    if let Some(asked) = asked {
        let writers = (&mut commands, &mut host);
        answer(asked, &mut panels, (&mut form, &mut lobby), writers);
    }
}

/// The window: the game's state once one is on, else the form for the game chosen; what a
/// button asked, if one did.
fn show_window(
    ctx: &egui::Context,
    (i18n, palette): (&I18n, &Palette),
    (game, here): (Option<&OnlineGame>, Here),
    form: (&mut JoinForm, &Lobby, Network),
    server: &mut String,
    variant: Option<Variant>,
) -> Option<Asked> {
    egui::Window::new(
        RichText::new(window_title(i18n, variant))
            .size(style::WINDOW_TITLE_TEXT)
            .strong(),
    )
    .id(egui::Id::new("online"))
    .collapsible(false)
    .resizable(false)
    // Its top stays put while its tabs change its height: the tabs do not move under the pointer.
    .anchor(egui::Align2::CENTER_TOP, egui::Vec2::new(0.0, WINDOW_TOP))
    .show(ctx, |ui| {
        ui.set_max_width(style::GAME_OVER_WIDTH * 1.5);
        match (game, variant) {
            (Some(game), _) => game_contents(ui, i18n, palette, game, here),
            (None, Some(variant)) => form_contents(ui, (i18n, palette), form, server, variant),
            (None, None) => None,
        }
    })
    .and_then(|shown| shown.inner)
    .flatten()
}

/// What the form shows asks for its lists: the server's list of the tab, fetched while it is
/// shown and again every few seconds (nothing while another tab is), and the games on the
/// network, searched while the form is open whatever its tab (the server field offers the
/// servers found). `form_for`: the form's game, while the form is shown (no game on, online
/// play offered).
fn ask_for_lists(form_for: Option<Variant>, tab: Tab, (lobby, lan): (&mut Lobby, &mut LanGames)) {
    let wanted = tab.listing().zip(form_for);
    if lobby.wanted != wanted {
        lobby.wanted = wanted;
    }
    let searching = ON_THE_NETWORK && form_for.is_some();
    if lan.wanted != searching {
        lan.wanted = searching;
    }
}

/// Whether the window shows this frame: where the form is open, or while a game waits for the
/// other player (until the window is closed). The form closes where online play is not offered,
/// and once both players are here (or a game is watched): the HUD's line says the rest.
fn window_shown(
    offers_online: bool,
    game: Option<&OnlineGame>,
    dismissed: bool,
    panel: &mut Option<Variant>,
) -> bool {
    if !offers_online {
        *panel = None;
        return false;
    }
    let watching = game.is_some_and(|g| g.watching && g.connection == Connection::Connected);
    if game.is_some_and(OnlineGame::other_present) || watching {
        *panel = None;
    }
    // Once the other player has come, their absence is the HUD's line, not a window.
    let waiting = game.is_some_and(|g| !g.watching && !g.met) && !dismissed;
    panel.is_some() || waiting
}

/// The window's title: the game's, once one is chosen.
fn window_title(i18n: &I18n, variant: Option<Variant>) -> String {
    match variant {
        Some(variant) => i18n.tr_args(
            "online-title",
            &[("game", i18n.tr(variant_name(variant.game())).into())],
        ),
        None => i18n.tr("title-online"),
    }
}

/// The hosted server and the games on the network, as the form shows them.
type Network<'a> = (&'a Hosting, &'a LanGames);

/// Does what a button of the window asked.
fn answer(
    asked: Asked,
    panels: &mut Panels,
    (form, lobby): (&mut JoinForm, &mut Lobby),
    (commands, host): (
        &mut MessageWriter<OnlineCommand>,
        &mut MessageWriter<HostGame>,
    ),
) {
    match asked {
        Asked::Command(command) => {
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
        Asked::Host(variant) => {
            form.dismissed = false;
            host.write(HostGame(variant));
        }
        Asked::Game(variant) => panels.online = Some(variant),
        Asked::Tab(tab) => {
            form.tab = tab;
            lobby.taken = false;
        }
        Asked::Close => {
            panels.online = None;
            form.dismissed = true;
        }
        Asked::CloseAndForget => {
            panels.online = None;
            form.dismissed = true;
            commands.write(OnlineCommand::Leave);
        }
        Asked::Forget => {
            commands.write(OnlineCommand::Leave);
        }
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
    (form, lobby, network): (&mut JoinForm, &Lobby, Network),
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
            Tab::Friend => friend_tab(ui, (i18n, palette), &mut form.link, network, variant),
            Tab::Open => open_tab(ui, (i18n, palette), (lobby, server.as_str()), variant),
            Tab::Watch => watch_tab(ui, (i18n, palette), (lobby, server.as_str()), variant),
        };
        asked = asked.take().or(shown);
        // The web build plays on the server that serves the page; the desktop says where.
        if cfg!(not(target_arch = "wasm32")) {
            ui.add_space(style::LINE_GAP);
            ui.horizontal_wrapped(|ui| {
                ui.label(i18n.tr("online-server"));
                let field =
                    egui::TextEdit::singleline(server).desired_width(style::RECORDS_NAME_WIDTH);
                ui.add(field);
                network::servers_found(ui, (i18n, palette), network.1, server);
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
/// window's field); on the desktop also host the game here, or join one on this network.
fn friend_tab(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    link: &mut String,
    (hosting, lan): Network,
    variant: Variant,
) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        if style::wide_button(ui, &i18n.tr("online-invite")).clicked() {
            asked = Some(Asked::Command(OnlineCommand::Invite(variant)));
        }
        if ON_THE_NETWORK && network::host_button(ui, i18n, hosting) {
            asked = Some(Asked::Host(variant));
        }
    });
    style::paragraph(ui, &i18n.tr("online-invite-note"));
    if ON_THE_NETWORK {
        network::host_note(ui, (i18n, palette), hosting);
        ui.add_space(style::LINE_GAP);
        asked = asked.or(network::lan_section(ui, (i18n, palette), lan));
    }
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
        if ON_THE_NETWORK && no_server(game) {
            style::paragraph(ui, &i18n.tr("online-no-server-help"));
        }
        if let Some(link) = game.invite_link().filter(|_| !game.met) {
            invitation(ui, i18n, &link, game.invite.as_deref().unwrap_or_default());
        }
        if let Some(other) = other_player(game).filter(|_| !game.met) {
            let waiting = if game.open {
                i18n.tr("online-waiting-opponent")
            } else {
                i18n.tr_args("online-waiting", &[("player", i18n.tr(other).into())])
            };
            ui.label(RichText::new(waiting).size(style::BODY_TEXT).strong());
        }
        ui.add_space(style::LINE_GAP);
        asked = window_buttons(ui, i18n, game, here);
    });
    asked
}

/// The ways back to the board, out of the game (or, where the server gave no seat, back to
/// the form), and Close; the one clicked.
fn window_buttons(ui: &mut egui::Ui, i18n: &I18n, game: &OnlineGame, here: Here) -> Option<Asked> {
    let mut asked = None;
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
        let never_created = in_game::never_created(game);
        if never_created {
            // No game to leave: back to the form, the failure forgotten.
            if style::button(ui, &i18n.tr("online-try-again")).clicked() {
                asked = Some(Asked::Forget);
            }
        } else if style::button(ui, &i18n.tr(leave)).clicked() {
            asked = Some(Asked::Command(OnlineCommand::Leave));
        }
        if style::button(ui, &i18n.tr("online-close")).clicked() {
            // A failure to create is not kept for the next time the window opens.
            asked = Some(if never_created {
                Asked::CloseAndForget
            } else {
                Asked::Close
            });
        }
    });
    asked
}

/// Whether the game failed because no server answers at its address.
fn no_server(game: &OnlineGame) -> bool {
    game.connection == Connection::Failed(Failure::Create(RequestFailure::NoServer))
}

/// The link to send (selectable, with a button that copies it), its code alone and, on the
/// desktop, the link as a QR code.
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
    #[cfg(not(target_arch = "wasm32"))]
    qr::qr_code(ui, link);
}
