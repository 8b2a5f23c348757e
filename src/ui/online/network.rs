//! The window's parts for play on the local network: "Host on this computer" with the hosted
//! server's state, "Games on this network" (found by DNS-SD, each joined with a click), and
//! under the server field the servers found there. Drawn on the desktop only: a web page can
//! neither host nor look around its network.

use super::Asked;
use crate::content::variant_name;
use crate::i18n::I18n;
use crate::online::{Hosting, LanGame, LanGames};
use crate::ui::style::{self, Palette};
use bevy_egui::egui::{self, RichText};

/// "Host on this computer" (greyed while the server starts); whether it was clicked.
pub(super) fn host_button(ui: &mut egui::Ui, i18n: &I18n, hosting: &Hosting) -> bool {
    let starting = *hosting == Hosting::Starting;
    style::button_enabled(ui, !starting, &i18n.tr("online-host")).clicked()
}

/// What hosting does, and how the hosted server is once asked for.
pub(super) fn host_note(ui: &mut egui::Ui, (i18n, palette): (&I18n, &Palette), hosting: &Hosting) {
    style::paragraph(ui, &i18n.tr("online-host-note"));
    let (line, colour) = match hosting {
        Hosting::Off => return,
        Hosting::Starting => (i18n.tr("online-host-starting"), palette.ink),
        Hosting::Serving { server } => (
            i18n.tr_args("online-host-serving", &[("server", server.clone().into())]),
            palette.ink_soft,
        ),
        Hosting::Failed(reason) => (
            i18n.tr_args("online-host-failed", &[("reason", reason.clone().into())]),
            palette.ochre_text,
        ),
    };
    ui.label(RichText::new(line).size(style::NOTE_TEXT).color(colour));
}

/// "Games on this network": each game found, with Join while its seat is free.
pub(super) fn lan_section(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    lan: &LanGames,
) -> Option<Asked> {
    ui.label(
        RichText::new(i18n.tr("online-lan-title"))
            .size(style::BODY_TEXT)
            .strong(),
    );
    if lan.games.is_empty() {
        let none = RichText::new(i18n.tr("online-lan-none")).size(style::NOTE_TEXT);
        ui.label(none.color(palette.ink_soft));
        return None;
    }
    let mut asked = None;
    for game in &lan.games {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(game_line(i18n, game)).size(style::BODY_TEXT));
            match game.join() {
                Some(join) => {
                    if style::button(ui, &i18n.tr("online-join")).clicked() {
                        asked = Some(Asked::Command(join));
                    }
                }
                None => {
                    let why = RichText::new(i18n.tr(why_not(game))).size(style::NOTE_TEXT);
                    ui.label(why.color(palette.ink_soft));
                }
            }
        });
    }
    asked
}

/// "kitchen · Bao Kigogo": the host and the game.
fn game_line(i18n: &I18n, game: &LanGame) -> String {
    let name = game
        .variant
        .map_or_else(String::new, |variant| i18n.tr(variant_name(variant.game())));
    i18n.tr_args(
        "online-lan-game",
        &[("host", game.host.clone().into()), ("game", name.into())],
    )
}

/// Why a game found cannot be joined: its seat is taken, or it is another version's.
fn why_not(game: &LanGame) -> &'static str {
    if game.token.is_none() {
        "online-lan-taken"
    } else {
        "online-lan-other-version"
    }
}

/// The servers the games found are on, each a choice for the server field (beside it, in the
/// same row).
pub(super) fn servers_found(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    lan: &LanGames,
    server: &mut String,
) {
    let servers = lan.servers();
    if servers.is_empty() {
        return;
    }
    ui.label(RichText::new(i18n.tr("online-lan-servers")).size(style::NOTE_TEXT));
    for found in servers {
        if style::choice_compact(ui, palette, server.as_str() == found, found).clicked() {
            *server = found.to_owned();
        }
    }
}
