//! The "Play online" window's lists: the games waiting for an opponent and the games being
//! played, as the server last gave them (`online::Lobby`).

use super::Asked;
use crate::content::{player_name, variant_name};
use crate::i18n::I18n;
use crate::online::{Fetched, Lobby, OnlineCommand, RequestFailure, unix_now};
use crate::ui::style::{self, Palette};
use bao_engine::{Player, Variant};
use bevy_egui::egui::{self, RichText};

/// The most rows of a list shown before it scrolls, in points.
const LIST_HEIGHT: f32 = 220.0;

/// The games waiting for an opponent, each with "Play", and "Wait for an opponent".
pub(super) fn open_tab(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    (lobby, server): (&Lobby, &str),
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
        (&lobby.open, server),
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
pub(super) fn watch_tab(
    ui: &mut egui::Ui,
    (i18n, palette): (&I18n, &Palette),
    (lobby, server): (&Lobby, &str),
    variant: Variant,
) -> Option<Asked> {
    let game = [("game", i18n.tr(variant_name(variant.game())).into())];
    style::paragraph(ui, &i18n.tr_args("online-live-note", &game));
    let now = unix_now();
    let rows = listed(
        ui,
        (i18n, palette),
        (&lobby.live, server),
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
    (fetched, server): (&Fetched<T>, &str),
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
        Fetched::Failed(failure) => {
            let line = super::in_game::request_failure_text(*failure, server, i18n);
            ui.label(soft(line).color(palette.ochre_text));
            if super::ON_THE_NETWORK && *failure == RequestFailure::NoServer {
                style::paragraph(ui, &i18n.tr("online-no-server-help"));
            }
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
