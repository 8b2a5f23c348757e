//! The saved-games window (save, list, open, replay, delete; copy and paste a move list), the
//! replay bar, the resume offer on the title screen, the sound settings, and one-line notices.

use super::UiSet;
use super::style;
use crate::audio::SoundSettings;
use crate::core::{Screen, Session};
use crate::i18n::I18n;
use crate::records::{
    ChosenSeats, Notice, RecordsCommand, Replay, ReplayCommand, ResumeOffer, SavedGames,
    format_moves,
};
use crate::storage::{days_of, now_iso};
use bao_engine::{GameRecord, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RecordsPanel>().add_systems(
        EguiPrimaryContextPass,
        (
            title_button
                .run_if(in_state(Screen::Title))
                .in_set(UiSet::Screen),
            (
                sync_title_choice,
                records_window,
                replay_bar.run_if(in_state(Screen::Playing)),
                resume_offer.run_if(in_state(Screen::Title)),
                notice_toast,
            )
                .chain()
                .in_set(UiSet::Windows),
        ),
    );
}

/// The saved-games window: open or not, and what is typed into it.
#[derive(Resource, Default, Debug)]
pub(super) struct RecordsPanel {
    open: bool,
    name: String,
    paste: String,
}

/// The in-game bar's button that opens the saved-games window (one line in the bar).
pub(super) fn hud_button(ui: &mut egui::Ui, panel: &mut RecordsPanel, i18n: &I18n) {
    // No files at an exhibition kiosk.
    if !super::policy::offers_files(ui.ctx()) {
        return;
    }
    if style::button(ui, &i18n.tr("records-button")).clicked() {
        panel.open = !panel.open;
    }
}

/// Volume and mute, for the settings window.
pub(super) fn sound_settings(ui: &mut egui::Ui, sound: &mut SoundSettings, i18n: &I18n) {
    ui.label(
        RichText::new(i18n.tr("records-sound-heading"))
            .size(20.0)
            .strong(),
    );
    ui.horizontal(|ui| {
        // Work on copies so that change detection fires only on a real change.
        let mut volume = sound.volume * 100.0;
        ui.label(i18n.tr("records-sound-volume"));
        ui.add_enabled(
            !sound.muted,
            egui::Slider::new(&mut volume, 0.0..=100.0)
                .fixed_decimals(0)
                .suffix(" %"),
        );
        if (volume / 100.0 - sound.volume).abs() > f32::EPSILON {
            sound.volume = (volume / 100.0).clamp(0.0, 1.0);
        }
        let mut muted = sound.muted;
        if style::choice(ui, muted, &i18n.tr("records-sound-mute")).clicked() {
            muted = !muted;
            sound.muted = muted;
        }
    });
    ui.horizontal(|ui| {
        let mut cues = sound.cues * 100.0;
        ui.label(i18n.tr("records-sound-cues"));
        ui.add_enabled(
            !sound.muted,
            egui::Slider::new(&mut cues, 0.0..=100.0)
                .fixed_decimals(0)
                .suffix(" %"),
        );
        if (cues / 100.0 - sound.cues).abs() > f32::EPSILON {
            sound.cues = (cues / 100.0).clamp(0.0, 1.0);
        }
    });
}

/// The title screen's seats start as last chosen, and a change is remembered.
fn sync_title_choice(
    mut choice: ResMut<super::title::Choice>,
    mut chosen: ResMut<ChosenSeats>,
    mut applied: Local<bool>,
) {
    if !*applied {
        *applied = true;
        choice.seats = chosen.0;
    } else if choice.seats != chosen.0 {
        chosen.0 = choice.seats;
    }
}

fn title_button(mut contexts: EguiContexts, mut panel: ResMut<RecordsPanel>, i18n: Res<I18n>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    // No files at an exhibition kiosk.
    if !super::policy::offers_files(ctx) {
        return;
    }
    egui::Area::new(egui::Id::new("records-title-button"))
        // Top left: the language picker has the top right.
        .anchor(Align2::LEFT_TOP, Vec2::new(24.0, 8.0))
        .show(ctx, |ui| {
            if style::button(ui, &i18n.tr("records-title-button")).clicked() {
                panel.open = !panel.open;
            }
        });
}

#[allow(
    clippy::too_many_arguments,
    reason = "the window shows the list, the game, the notice and sends the commands"
)]
fn records_window(
    mut contexts: EguiContexts,
    mut panel: ResMut<RecordsPanel>,
    list: Res<SavedGames>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    mut notice: ResMut<Notice>,
    i18n: Res<I18n>,
    mut commands: MessageWriter<RecordsCommand>,
    mut was_open: Local<bool>,
) {
    if panel.open && !*was_open {
        commands.write(RecordsCommand::Refresh);
        panel.name = default_name(&session);
    }
    *was_open = panel.open;
    if !panel.open {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let playing = *screen.get() == Screen::Playing;
    let mut open = true;
    // Opening a game shows the board (a problem shows as a notice of its own).
    let mut close = false;
    egui::Window::new(RichText::new(i18n.tr("records-title")).size(22.0).strong())
        .id(egui::Id::new("records"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_width(820.0);
            ui.spacing_mut().item_spacing.y = 6.0;
            if playing {
                ui.label(heading(&i18n.tr("records-save-heading")));
                ui.horizontal(|ui| {
                    ui.label(i18n.tr("records-save-name"));
                    ui.add(egui::TextEdit::singleline(&mut panel.name).desired_width(420.0));
                    let ok = crate::records::game_key(&panel.name).is_some();
                    if style::button_enabled(ui, ok, &i18n.tr("records-save-button")).clicked() {
                        commands.write(RecordsCommand::Save(panel.name.clone()));
                    }
                });
                ui.separator();
            }
            ui.label(heading(&i18n.tr("records-list-heading")));
            if saved_list(ui, &list, &i18n, &mut commands) {
                close = true;
            }
            ui.separator();
            ui.label(heading(&i18n.tr("records-moves-heading")));
            if playing {
                ui.horizontal(|ui| {
                    let moves = session.game().moves().len();
                    if style::button_enabled(ui, moves > 0, &i18n.tr("records-copy")).clicked() {
                        ui.ctx().copy_text(format_moves(session.game()));
                        *notice = Notice::Copied(moves);
                    }
                    let text = format_moves(session.game());
                    ui.add(
                        egui::Label::new(
                            RichText::new(text)
                                .monospace()
                                .size(16.0)
                                .color(style::palette().ink_soft),
                        )
                        .truncate(),
                    );
                });
            }
            ui.add(
                egui::TextEdit::multiline(&mut panel.paste)
                    .hint_text(i18n.tr("records-paste-hint"))
                    .desired_rows(1)
                    .desired_width(f32::INFINITY)
                    .font(egui::TextStyle::Monospace),
            );
            ui.horizontal(|ui| {
                let ok = !panel.paste.trim().is_empty();
                if style::button_enabled(ui, ok, &i18n.tr("records-paste-button")).clicked() {
                    commands.write(RecordsCommand::Paste(panel.paste.clone()));
                    close = true;
                }
                ui.label(
                    RichText::new(i18n.tr_args(
                        "records-paste-note",
                        &[("variant", session.variant().name().into())],
                    ))
                    .size(16.0)
                    .color(style::palette().ink_soft),
                );
            });
            if let Some(text) = notice.text(&i18n) {
                ui.separator();
                ui.add(
                    egui::Label::new(RichText::new(text).size(18.0).color(notice_colour(&notice)))
                        .wrap(),
                );
            }
        });
    if !open || close {
        panel.open = false;
    }
}

fn heading(text: &str) -> RichText {
    RichText::new(text).size(20.0).strong()
}

/// The saved games with their buttons; true when one is being opened.
fn saved_list(
    ui: &mut egui::Ui,
    list: &SavedGames,
    i18n: &I18n,
    commands: &mut MessageWriter<RecordsCommand>,
) -> bool {
    if let Some(error) = &list.error {
        ui.label(RichText::new(error).color(Color32::DARK_RED));
        return false;
    }
    if list.games.is_empty() {
        ui.label(RichText::new(i18n.tr("records-list-empty")).color(style::palette().ink_soft));
        return false;
    }
    let mut opened = false;
    egui::ScrollArea::vertical()
        .max_height(150.0)
        .show(ui, |ui| {
            egui::Grid::new("saved-games")
                .striped(true)
                .spacing(Vec2::new(14.0, 6.0))
                .show(ui, |ui| {
                    for key in [
                        "records-col-name",
                        "records-col-variant",
                        "records-col-date",
                        "records-col-moves",
                        "records-col-result",
                    ] {
                        ui.label(
                            RichText::new(i18n.tr(key))
                                .size(16.0)
                                .color(style::palette().ink_soft),
                        );
                    }
                    ui.end_row();
                    for game in &list.games {
                        ui.label(RichText::new(&game.name).strong());
                        match &game.record {
                            Ok(record) => {
                                ui.label(variant_name(record));
                                ui.label(short_date(&record.date));
                                ui.label(record.moves.len().to_string());
                                ui.label(result_text(record, i18n));
                            }
                            Err(_) => {
                                ui.label("");
                                ui.label("");
                                ui.label("");
                                ui.label(
                                    RichText::new(i18n.tr("records-unreadable"))
                                        .color(Color32::DARK_RED),
                                );
                            }
                        }
                        ui.horizontal(|ui| {
                            if ui.button(i18n.tr("records-play-on")).clicked() {
                                commands.write(RecordsCommand::Open(game.key.clone()));
                                opened = true;
                            }
                            if ui.button(i18n.tr("records-replay")).clicked() {
                                commands.write(RecordsCommand::Replay(game.key.clone()));
                                opened = true;
                            }
                            if ui.button(i18n.tr("records-delete")).clicked() {
                                commands.write(RecordsCommand::Delete(game.key.clone()));
                            }
                        });
                        ui.end_row();
                    }
                });
        });
    opened
}

fn variant_name(record: &GameRecord) -> String {
    record
        .variant
        .parse::<Variant>()
        .map_or_else(|_| record.variant.clone(), |v| v.name().to_owned())
}

/// `2026-11-30T10:05:00Z` → `2026-11-30 10:05` (UTC).
fn short_date(iso: &str) -> String {
    match (iso.get(..10), iso.get(11..16)) {
        (Some(day), Some(time)) => format!("{day} {time}"),
        _ => iso.to_owned(),
    }
}

fn result_text(record: &GameRecord, i18n: &I18n) -> String {
    match (
        record.result.result.as_str(),
        record.result.winner.as_deref(),
    ) {
        ("win", Some(winner)) => i18n.tr_args("records-result-win", &[("winner", winner.into())]),
        ("draw", _) => i18n.tr("records-result-draw"),
        _ => i18n.tr("records-result-ongoing"),
    }
}

/// "Bao Kigogo 2026-11-30 10-05": a default name that is a valid key.
fn default_name(session: &Session) -> String {
    let date = short_date(&now_iso()).replace(':', "-");
    format!("{} {date}", session.variant().name())
}

fn replay_bar(
    mut contexts: EguiContexts,
    replay: Res<Replay>,
    session: Res<Session>,
    i18n: Res<I18n>,
    mut commands: MessageWriter<ReplayCommand>,
) {
    let Some(viewer) = replay.0.as_ref() else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let shown = viewer.shown(&session);
    let total = viewer.len();
    let title = if viewer.name.is_empty() {
        i18n.tr("records-replay-pasted")
    } else {
        i18n.tr_args(
            "records-replay-title",
            &[("name", viewer.name.clone().into())],
        )
    };
    let position = if shown == 0 {
        i18n.tr_args("records-replay-start", &[("total", total.into())])
    } else {
        let last = viewer.moves[shown - 1].to_string();
        i18n.tr_args(
            "records-replay-position",
            &[
                ("shown", shown.into()),
                ("total", total.into()),
                ("move", last.into()),
            ],
        )
    };
    // A compact card at the bottom edge, between the South card and the game's buttons, over
    // the turn line it stands in for: the board above stays in view, every row of it.
    egui::Window::new("replay")
        .id(egui::Id::new("replay"))
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        // Opaque: the turn line under it does not show through.
        .frame(style::card(style::palette().card.to_opaque()))
        .anchor(Align2::CENTER_BOTTOM, Vec2::new(0.0, -REPLAY_MARGIN))
        .show(ctx, |ui| {
            ui.set_max_width(REPLAY_WIDTH);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(title).size(18.0).strong());
                ui.label(
                    RichText::new(position)
                        .size(18.0)
                        .color(style::palette().ochre_text)
                        .strong(),
                );
            });
            ui.horizontal(|ui| {
                if style::button_enabled(ui, shown > 0, &i18n.tr("records-replay-first")).clicked()
                {
                    commands.write(ReplayCommand::To(0));
                }
                if style::button_enabled(ui, shown > 0, &i18n.tr("records-replay-back")).clicked() {
                    commands.write(ReplayCommand::Back);
                }
                if style::button_enabled(ui, shown < total, &i18n.tr("records-replay-forward"))
                    .clicked()
                {
                    commands.write(ReplayCommand::Forward);
                }
                if style::button_enabled(ui, shown < total, &i18n.tr("records-replay-last"))
                    .clicked()
                {
                    commands.write(ReplayCommand::To(total));
                }
                let mut target = shown;
                ui.spacing_mut().slider_width = 200.0;
                if ui
                    .add(egui::Slider::new(&mut target, 0..=total).show_value(false))
                    .changed()
                    && target != shown
                {
                    commands.write(ReplayCommand::To(target));
                }
            });
            // The tip goes under the buttons only where a language's words do not fit beside.
            ui.horizontal_wrapped(|ui| {
                if style::button(ui, &i18n.tr("records-replay-take-over")).clicked() {
                    commands.write(ReplayCommand::TakeOver);
                }
                if style::button(ui, &i18n.tr("records-replay-close")).clicked() {
                    commands.write(ReplayCommand::Close);
                }
                ui.add(
                    egui::Label::new(
                        RichText::new(i18n.tr("records-replay-hint"))
                            .size(14.0)
                            .color(style::palette().ink_soft),
                    )
                    .wrap_mode(egui::TextWrapMode::Extend),
                );
            });
        });
}

/// The replay card's widest content, in points: the gap between the bottom corner cards at
/// 1280×720.
const REPLAY_WIDTH: f32 = 660.0;
/// Its distance from the window's bottom edge.
const REPLAY_MARGIN: f32 = 6.0;

fn resume_offer(
    mut contexts: EguiContexts,
    offer: Res<ResumeOffer>,
    i18n: Res<I18n>,
    mut commands: MessageWriter<RecordsCommand>,
) {
    let Some(found) = offer.0.as_ref() else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let variant = found.variant.name();
    let question = match (days_of(&found.date), days_of(&now_iso())) {
        (Some(then), Some(today)) => i18n.tr_args(
            "records-resume-question",
            &[
                ("variant", variant.into()),
                ("days", (today - then).max(0).into()),
            ],
        ),
        _ => i18n.tr_args(
            "records-resume-question-undated",
            &[("variant", variant.into())],
        ),
    };
    egui::Window::new(
        RichText::new(i18n.tr("records-resume-title"))
            .size(22.0)
            .strong(),
    )
    .id(egui::Id::new("resume"))
    .collapsible(false)
    .resizable(false)
    .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
    .show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.vertical_centered(|ui| {
            ui.add(egui::Label::new(RichText::new(question).size(22.0)).wrap());
            ui.label(
                RichText::new(
                    i18n.tr_args("records-resume-moves", &[("count", found.moves.into())]),
                )
                .size(17.0)
                .color(style::palette().ink_soft),
            );
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if style::button(ui, &i18n.tr("records-resume-yes")).clicked() {
                    commands.write(RecordsCommand::Resume);
                }
                if style::button(ui, &i18n.tr("records-resume-no")).clicked() {
                    commands.write(RecordsCommand::DeclineResume);
                }
            });
        });
    });
}

/// A notice that is not about the saved-games window (the settings file) shows on its own.
fn notice_toast(
    mut contexts: EguiContexts,
    mut notice: ResMut<Notice>,
    panel: Res<RecordsPanel>,
    i18n: Res<I18n>,
) {
    let own_window = !matches!(*notice, Notice::SettingsBroken(_));
    if own_window && panel.open {
        return;
    }
    // Failures of the replay's paste or open while the window is closed are shown here too.
    let Some(text) = notice.text(&i18n) else {
        return;
    };
    if matches!(
        *notice,
        Notice::Saved(_) | Notice::Deleted(_) | Notice::Copied(_)
    ) {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let mut dismissed = false;
    egui::Area::new(egui::Id::new("records-notice"))
        .anchor(Align2::CENTER_TOP, Vec2::new(0.0, 90.0))
        .show(ctx, |ui| {
            style::card(style::palette().parchment).show(ui, |ui| {
                ui.set_max_width(640.0);
                ui.horizontal(|ui| {
                    ui.add(egui::Label::new(RichText::new(&text).size(18.0)).wrap());
                    if style::button(ui, &i18n.tr("records-dismiss")).clicked() {
                        dismissed = true;
                    }
                });
            });
        });
    if dismissed {
        *notice = Notice::None;
    }
}

fn notice_colour(notice: &Notice) -> Color32 {
    match notice {
        Notice::Saved(_) | Notice::Deleted(_) | Notice::Copied(_) => style::palette().ochre_text,
        _ => style::palette().bad,
    }
}
