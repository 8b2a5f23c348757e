//! The saved-games window (save, list, open, replay, delete; copy and paste a move list), the
//! replay bar, the resume offer on the title screen, the sound settings, and one-line notices.

use super::style::{self, Palette};
use super::{Overlay, Panels, UiSet};
use crate::audio::SoundSettings;
use crate::core::{Screen, Session, Settings};
use crate::i18n::I18n;
use crate::records::{
    ChosenSeats, GameReview, LinkBase, Notice, RecordsCommand, Replay, ReplayCommand, ResumeOffer,
    ReviewCommand, SavedGame, SavedGames, Viewer, example_moves, format_moves,
};
use crate::storage::{days_of, now_iso};
use bao_engine::{GameRecord, Variant, link};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Align2, Color32, RichText, Vec2};

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

impl RecordsPanel {
    /// Opens the window (from the in-game menu, or before a game is left).
    pub(super) fn open(&mut self) {
        self.open = true;
    }

    /// Whether the window is open.
    pub(super) fn is_open(&self) -> bool {
        self.open
    }

    /// Closes the window (Escape).
    pub(super) fn close(&mut self) {
        self.open = false;
    }
}

/// The in-game bar's button that opens the saved-games window (one line in the bar). It is
/// drawn only where files are offered (not at an exhibition kiosk).
pub(super) fn hud_button(ui: &mut egui::Ui, panel: &mut RecordsPanel, i18n: &I18n, files: bool) {
    if files && style::button(ui, &i18n.tr("records-button")).clicked() {
        panel.open = !panel.open;
    }
}

/// Volume and mute, for the settings window.
pub(super) fn sound_settings(
    ui: &mut egui::Ui,
    palette: &Palette,
    sound: &mut SoundSettings,
    i18n: &I18n,
) {
    ui.label(heading(&i18n.tr("records-sound-heading")));
    ui.horizontal(|ui| {
        // Work on copies so that change detection fires only on a real change.
        let mut volume = sound.volume * 100.0;
        ui.label(i18n.tr("records-sound-volume"));
        ui.add_enabled(!sound.muted, percent_slider(&mut volume));
        if (volume / 100.0 - sound.volume).abs() > f32::EPSILON {
            sound.volume = (volume / 100.0).clamp(0.0, 1.0);
        }
        let mut muted = sound.muted;
        if style::choice(ui, palette, muted, &i18n.tr("records-sound-mute")).clicked() {
            muted = !muted;
            sound.muted = muted;
        }
    });
    ui.horizontal(|ui| {
        let mut cues = sound.cues * 100.0;
        ui.label(i18n.tr("records-sound-cues"));
        ui.add_enabled(!sound.muted, percent_slider(&mut cues));
        if (cues / 100.0 - sound.cues).abs() > f32::EPSILON {
            sound.cues = (cues / 100.0).clamp(0.0, 1.0);
        }
    });
}

/// A slider from 0 to 100 %.
fn percent_slider(value: &mut f32) -> egui::Slider<'_> {
    egui::Slider::new(value, 0.0..=100.0)
        .fixed_decimals(0)
        .suffix(" %")
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

/// The title's buttons at the top left (the language picker has the top right): the saved
/// games (not at an exhibition kiosk, which keeps no files) and play online (where offered).
fn title_button(
    mut overlay: Overlay,
    mut panel: ResMut<RecordsPanel>,
    mut panels: ResMut<Panels>,
    settings: Res<Settings>,
) {
    let (files, online) = (overlay.policy.files, overlay.policy.offers_online);
    if !files && !online {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    // Side by side where the language picker leaves room in the top row; one under the other
    // on a narrower screen, where the title's name moves down a row.
    let layout = if ctx.content_rect().width() < style::TITLE_PICKER_BESIDE {
        egui::Layout::top_down(egui::Align::Min)
    } else {
        egui::Layout::left_to_right(egui::Align::Min)
    };
    // On the page: scrolled with it, not pinned over the cards scrolled under them.
    let scrolled = egui::vec2(0.0, super::title::page_scrolled(ctx));
    egui::Area::new(egui::Id::new("records-title-button"))
        .anchor(
            Align2::LEFT_TOP,
            style::RECORDS_TITLE_BUTTON_OFFSET + scrolled,
        )
        .constrain(false)
        .show(ctx, |ui| {
            ui.with_layout(layout, |ui| {
                if files && style::button(ui, &overlay.i18n.tr("records-title-button")).clicked() {
                    panel.open = !panel.open;
                }
                if online && style::button(ui, &overlay.i18n.tr("title-online")).clicked() {
                    // The game last chosen for Kujifunza's reading; the window offers the others.
                    panels.rules = None;
                    panels.online = match panels.online {
                        Some(_) => None,
                        None => Some(settings.kujifunza),
                    };
                }
            });
        });
}

/// What the saved-games window shows: the saved games, the game on the board, and whether a
/// game is being played (it can be saved and its moves copied).
#[derive(SystemParam)]
struct Shelf<'w> {
    list: Res<'w, SavedGames>,
    session: Res<'w, Session>,
    screen: Res<'w, State<Screen>>,
}

/// What the saved-games window changes: what is typed into it, the notice under it, and the
/// records' commands.
#[derive(SystemParam)]
struct Desk<'w> {
    panel: ResMut<'w, RecordsPanel>,
    notice: ResMut<'w, Notice>,
    commands: MessageWriter<'w, RecordsCommand>,
    reviews: MessageWriter<'w, ReviewCommand>,
    link_base: Res<'w, LinkBase>,
}

fn records_window(mut overlay: Overlay, shelf: Shelf, mut desk: Desk, mut was_open: Local<bool>) {
    if desk.panel.open && !*was_open {
        desk.commands.write(RecordsCommand::Refresh);
        desk.panel.name = default_name(&shelf.session);
        // What the last visit did (saved, copied, deleted) was said then; a window opened
        // again starts without it. Problems stay until they are put right.
        if matches!(
            *desk.notice,
            Notice::Saved(_) | Notice::Copied(_) | Notice::Deleted(_) | Notice::LinkCopied
        ) {
            *desk.notice = Notice::None;
        }
    }
    *was_open = desk.panel.open;
    if !desk.panel.open {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let mut open = true;
    // Opening a game shows the board (a problem shows as a notice of its own).
    let mut close = false;
    egui::Window::new(heading_of_size(
        &i18n.tr("records-title"),
        style::LARGE_TEXT,
    ))
    .id(egui::Id::new("records"))
    .open(&mut open)
    .collapsible(false)
    .resizable(false)
    .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
    .show(ctx, |ui| {
        ui.set_width(style::RECORDS_WIDTH);
        ui.spacing_mut().item_spacing.y = style::RECORDS_SPACING;
        close = records_contents(ui, i18n, palette, &shelf, &mut desk);
    });
    if !open || close {
        desk.panel.open = false;
    }
}

/// The window's sections: save (in a game), the saved games, the move list to copy or paste, the
/// notice. True when a game is being opened.
fn records_contents(
    ui: &mut egui::Ui,
    i18n: &I18n,
    palette: &Palette,
    shelf: &Shelf,
    desk: &mut Desk,
) -> bool {
    let playing = *shelf.screen.get() == Screen::Playing;
    if playing {
        ui.label(heading(&i18n.tr("records-save-heading")));
        save_row(ui, i18n, desk);
        ui.separator();
    }
    ui.label(heading(&i18n.tr("records-list-heading")));
    let mut close = saved_list(ui, &shelf.list, (i18n, palette), desk);
    ui.separator();
    ui.label(heading(&i18n.tr("records-moves-heading")));
    if playing {
        copy_row(ui, i18n, palette, &shelf.session, &mut desk.notice);
    }
    close |= paste_rows(ui, i18n, palette, &shelf.session, desk);
    if let Some(text) = desk.notice.text(i18n) {
        ui.separator();
        let colour = notice_colour(palette, &desk.notice);
        let notice = RichText::new(text).size(style::CARD_TEXT).color(colour);
        ui.add(egui::Label::new(notice).wrap());
    }
    close
}

/// The name to save the game under, and the button that saves it.
fn save_row(ui: &mut egui::Ui, i18n: &I18n, desk: &mut Desk) {
    ui.horizontal(|ui| {
        ui.label(i18n.tr("records-save-name"));
        let name = egui::TextEdit::singleline(&mut desk.panel.name)
            .desired_width(style::RECORDS_NAME_WIDTH);
        ui.add(name);
        let ok = crate::records::game_key(&desk.panel.name).is_some();
        if style::button_enabled(ui, ok, &i18n.tr("records-save-button")).clicked() {
            desk.commands
                .write(RecordsCommand::Save(desk.panel.name.clone()));
        }
    });
}

/// The game's moves in notation, with a button that copies them.
fn copy_row(
    ui: &mut egui::Ui,
    i18n: &I18n,
    palette: &Palette,
    session: &Session,
    notice: &mut Notice,
) {
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
                    .size(style::SMALL_TEXT)
                    .color(palette.ink_soft),
            )
            .truncate(),
        );
    });
}

/// A field to paste a move list into, and the button that plays it; true when pressed.
fn paste_rows(
    ui: &mut egui::Ui,
    i18n: &I18n,
    palette: &Palette,
    session: &Session,
    desk: &mut Desk,
) -> bool {
    ui.add(
        egui::TextEdit::multiline(&mut desk.panel.paste)
            .hint_text(i18n.tr_args(
                "records-paste-hint",
                &[("example", example_moves(*session.game().start()).into())],
            ))
            .desired_rows(1)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace),
    );
    ui.horizontal(|ui| {
        let ok = !desk.panel.paste.trim().is_empty();
        let pasted = style::button_enabled(ui, ok, &i18n.tr("records-paste-button")).clicked();
        if pasted {
            let paste = desk.panel.paste.clone();
            // A game's link opens its review; anything else is read as a move list.
            if link::decode(&paste).is_ok() {
                desk.reviews.write(ReviewCommand::Link(paste));
            } else {
                desk.commands.write(RecordsCommand::Paste(paste));
            }
        }
        let variant = session.variant().name();
        ui.label(
            RichText::new(i18n.tr_args("records-paste-note", &[("variant", variant.into())]))
                .size(style::SMALL_TEXT)
                .color(palette.ink_soft),
        );
        pasted
    })
    .inner
}

fn heading(text: &str) -> RichText {
    heading_of_size(text, style::BODY_TEXT)
}

fn heading_of_size(text: &str, size: f32) -> RichText {
    RichText::new(text).size(size).strong()
}

/// The saved games with their buttons; true when one is being opened.
fn saved_list(
    ui: &mut egui::Ui,
    list: &SavedGames,
    (i18n, palette): (&I18n, &Palette),
    desk: &mut Desk,
) -> bool {
    if let Some(error) = &list.error {
        ui.label(RichText::new(error).color(Color32::DARK_RED));
        return false;
    }
    if list.games.is_empty() {
        ui.label(RichText::new(i18n.tr("records-list-empty")).color(palette.ink_soft));
        return false;
    }
    let mut opened = false;
    egui::ScrollArea::vertical()
        .max_height(style::RECORDS_LIST_HEIGHT)
        .show(ui, |ui| {
            // Each game on two lines that fit the window's width: its name with its buttons
            // at the right, its details under it. A table of five columns and the buttons made
            // the window grow past its width once a game was saved.
            for game in &list.games {
                opened |= saved_row(ui, game, (i18n, palette), desk);
            }
        });
    opened
}

/// One saved game: its name and its buttons (delete, copy its link, review, replay, play on),
/// then its rule set, date, moves and result; true when it is being opened.
fn saved_row(
    ui: &mut egui::Ui,
    game: &SavedGame,
    (i18n, palette): (&I18n, &Palette),
    desk: &mut Desk,
) -> bool {
    let mut opened = false;
    ui.horizontal(|ui| {
        ui.label(RichText::new(&game.name).strong());
        // Right to left: the last button first.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button(i18n.tr("records-delete")).clicked() {
                desk.commands
                    .write(RecordsCommand::Delete(game.key.clone()));
            }
            if let Ok(record) = &game.record {
                if ui.button(i18n.tr("records-copy-link")).clicked() {
                    *desk.notice = copy_link(ui.ctx(), &desk.link_base.0, record);
                }
                if ui.button(i18n.tr("review-button")).clicked() {
                    desk.reviews.write(ReviewCommand::Record {
                        name: game.name.clone(),
                        record: Box::new(record.clone()),
                    });
                    opened = true;
                }
            }
            if ui.button(i18n.tr("records-replay")).clicked() {
                desk.commands
                    .write(RecordsCommand::Replay(game.key.clone()));
                opened = true;
            }
            if ui.button(i18n.tr("records-play-on")).clicked() {
                desk.commands.write(RecordsCommand::Open(game.key.clone()));
                opened = true;
            }
        });
    });
    let details = match &game.record {
        Ok(record) => RichText::new(format!(
            "{} · {} UTC · {} {} · {}",
            variant_name(record),
            short_date(&record.date),
            i18n.tr("records-col-moves"),
            record.moves.len(),
            result_text(record, i18n)
        ))
        .color(palette.ink_soft),
        Err(_) => RichText::new(i18n.tr("records-unreadable")).color(Color32::DARK_RED),
    };
    ui.label(details.size(style::SMALL_TEXT));
    ui.add_space(style::LINE_GAP);
    opened
}

/// Copies the link that holds `record`'s game; the notice saying so, or why it cannot.
fn copy_link(ctx: &egui::Context, base: &str, record: &GameRecord) -> Notice {
    match link::to_url(base, record) {
        Ok(url) => {
            ctx.copy_text(url);
            Notice::LinkCopied
        }
        Err(error) => Notice::LinkFailed(error),
    }
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

/// A compact card at the bottom edge, between the South card and the game's buttons, over the
/// turn line it stands in for: the board above stays in view, every row of it.
fn replay_bar(
    mut overlay: Overlay,
    replay: Res<Replay>,
    session: Res<Session>,
    mut commands: MessageWriter<ReplayCommand>,
    (reviews, mut review_commands): (Res<GameReview>, MessageWriter<ReviewCommand>),
) {
    let Some(viewer) = replay.0.as_ref() else {
        return;
    };
    // A review's card stands in for the bar: it steps, plays on and closes too.
    if reviews.0.as_ref().is_some_and(|r| r.shows(&session)) {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let shown = viewer.shown(&session);
    let (title, position) = replay_words(viewer, shown, i18n);
    egui::Window::new("replay")
        .id(egui::Id::new("replay"))
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        // Opaque: the turn line under it does not show through.
        .frame(style::card(palette.card.to_opaque()))
        .anchor(Align2::CENTER_BOTTOM, Vec2::new(0.0, -style::REPLAY_MARGIN))
        .show(ctx, |ui| {
            ui.set_max_width(style::REPLAY_WIDTH);
            ui.horizontal_wrapped(|ui| {
                ui.label(heading_of_size(&title, style::CARD_TEXT));
                ui.label(
                    RichText::new(position)
                        .size(style::CARD_TEXT)
                        .color(palette.ochre_text)
                        .strong(),
                );
            });
            let steps = ui.horizontal(|ui| replay_steps(ui, i18n, shown, viewer.len()));
            if let Some(command) = steps.inner {
                commands.write(command);
            }
            ui.horizontal_wrapped(|ui| {
                if let Some(command) = replay_ends(ui, i18n, palette) {
                    commands.write(command);
                }
                if reviews.0.is_none() && style::button(ui, &i18n.tr("review-button")).clicked() {
                    review_commands.write(ReviewCommand::ThisGame);
                }
            });
        });
}

/// The replay's title (the saved game's name) and how far it is.
fn replay_words(viewer: &Viewer, shown: usize, i18n: &I18n) -> (String, String) {
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
    (title, position)
}

/// To the start, back, forward, to the end, and a slider over the `total` moves.
fn replay_steps(
    ui: &mut egui::Ui,
    i18n: &I18n,
    shown: usize,
    total: usize,
) -> Option<ReplayCommand> {
    let mut asked = None;
    let mut step = |ui: &mut egui::Ui, enabled: bool, key: &str, command: ReplayCommand| {
        if style::button_enabled(ui, enabled, &i18n.tr(key)).clicked() {
            asked = Some(command);
        }
    };
    step(ui, shown > 0, "records-replay-first", ReplayCommand::To(0));
    step(ui, shown > 0, "records-replay-back", ReplayCommand::Back);
    step(
        ui,
        shown < total,
        "records-replay-forward",
        ReplayCommand::Forward,
    );
    step(
        ui,
        shown < total,
        "records-replay-last",
        ReplayCommand::To(total),
    );
    let mut target = shown;
    ui.spacing_mut().slider_width = style::REPLAY_SLIDER_WIDTH;
    if ui
        .add(egui::Slider::new(&mut target, 0..=total).show_value(false))
        .changed()
        && target != shown
    {
        asked = Some(ReplayCommand::To(target));
    }
    asked
}

/// Take over the game, or close the replay, and the tip; the tip goes under the buttons only
/// where a language's words do not fit beside.
fn replay_ends(ui: &mut egui::Ui, i18n: &I18n, palette: &Palette) -> Option<ReplayCommand> {
    ui.horizontal_wrapped(|ui| {
        let mut asked = None;
        if style::button(ui, &i18n.tr("records-replay-take-over")).clicked() {
            asked = Some(ReplayCommand::TakeOver);
        }
        if style::button(ui, &i18n.tr("records-replay-close")).clicked() {
            asked = Some(ReplayCommand::Close);
        }
        ui.add(
            egui::Label::new(
                RichText::new(i18n.tr("records-replay-hint"))
                    .size(style::FINE_TEXT)
                    .color(palette.ink_soft),
            )
            .wrap_mode(egui::TextWrapMode::Extend),
        );
        asked
    })
    .inner
}

fn resume_offer(
    mut overlay: Overlay,
    offer: Res<ResumeOffer>,
    mut commands: MessageWriter<RecordsCommand>,
) {
    let Some(found) = offer.0.as_ref() else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let question = resume_question(found.variant, &found.date, i18n);
    let title = heading_of_size(&i18n.tr("records-resume-title"), style::LARGE_TEXT);
    style::question_window(ctx, title, "resume", |ui| {
        ui.vertical_centered(|ui| {
            ui.add(egui::Label::new(RichText::new(question).size(style::LARGE_TEXT)).wrap());
            let moves = i18n.tr_args("records-resume-moves", &[("count", found.moves.into())]);
            ui.label(
                RichText::new(moves)
                    .size(style::NOTE_TEXT)
                    .color(palette.ink_soft),
            );
            ui.add_space(style::RESUME_BEFORE_BUTTONS);
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

/// "Play on the game of Bao Kigogo from 3 days ago?"
fn resume_question(variant: Variant, date: &str, i18n: &I18n) -> String {
    let variant = variant.name();
    match (days_of(date), days_of(&now_iso())) {
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
    }
}

/// A notice that is not about the saved-games window (the settings file) shows on its own.
fn notice_toast(mut overlay: Overlay, mut notice: ResMut<Notice>, panel: Res<RecordsPanel>) {
    let own_window = !matches!(*notice, Notice::SettingsBroken(_));
    if own_window && panel.open {
        return;
    }
    // Failures of the replay's paste or open while the window is closed are shown here too.
    let Some(text) = notice.text(&overlay.i18n) else {
        return;
    };
    if matches!(
        *notice,
        Notice::Saved(_) | Notice::Deleted(_) | Notice::Copied(_)
    ) {
        return;
    }
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let mut dismissed = false;
    egui::Area::new(egui::Id::new("records-notice"))
        .anchor(Align2::CENTER_TOP, style::NOTICE_OFFSET)
        .show(ctx, |ui| {
            style::card(overlay.palette.parchment).show(ui, |ui| {
                ui.set_max_width(style::NOTICE_WIDTH);
                ui.horizontal(|ui| {
                    ui.add(egui::Label::new(RichText::new(&text).size(style::CARD_TEXT)).wrap());
                    if style::button(ui, &overlay.i18n.tr("records-dismiss")).clicked() {
                        dismissed = true;
                    }
                });
            });
        });
    if dismissed {
        *notice = Notice::None;
    }
}

fn notice_colour(palette: &Palette, notice: &Notice) -> Color32 {
    match notice {
        Notice::Saved(_) | Notice::Deleted(_) | Notice::Copied(_) => palette.ochre_text,
        _ => palette.bad,
    }
}
