//! The settings window: animation speed, seed-count labels, the camera, and the language.

use super::style::{self, Palette};
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::audio::SoundSettings;
use crate::camera::{PictureQuality, ResetCamera};
use crate::core::{Quality, Screen, Settings};
use crate::i18n::{I18n, Language};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings_window
            .run_if(in_state(Screen::Playing))
            .in_set(UiSet::Windows),
    );
}

/// What the window changes: the game's settings, the sound's, the language, and the camera's
/// view (reset); and the picture's quality drawn now, which it marks.
#[derive(SystemParam)]
struct Choices<'w> {
    settings: ResMut<'w, Settings>,
    sound: ResMut<'w, SoundSettings>,
    i18n: ResMut<'w, I18n>,
    resets: MessageWriter<'w, ResetCamera>,
    drawn: Option<Res<'w, PictureQuality>>,
}

fn settings_window(
    mut contexts: EguiContexts,
    mut panels: ResMut<Panels>,
    insets: Res<Insets>,
    palette: Res<Palette>,
    mut choices: Choices,
) {
    if !panels.settings {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let mut open = true;
    let title = choices.i18n.tr("settings-title");
    egui::Window::new(RichText::new(title).size(style::EMPHASIS_TEXT).strong())
        .id(egui::Id::new("settings"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(
            Align2::RIGHT_TOP,
            Vec2::new(
                -style::SETTINGS_OFFSET.x,
                insets.top + style::SETTINGS_OFFSET.y,
            ),
        )
        .show(ctx, |ui| {
            // At a large interface size the settings are taller than the window: they scroll.
            let room = ctx.content_rect().bottom() - ui.min_rect().top() - style::SETTINGS_FOOT;
            let room = room.max(style::SETTINGS_MIN_HEIGHT);
            egui::ScrollArea::vertical()
                .max_height(room)
                // A window grows with what it holds only so far: ask for the room.
                .min_scrolled_height(room)
                .show(ui, |ui| settings_contents(ui, &palette, &mut choices));
        });
    if !open {
        panels.settings = false;
    }
}

/// The settings, top to bottom.
fn settings_contents(ui: &mut egui::Ui, palette: &Palette, choices: &mut Choices) {
    ui.set_width(style::SETTINGS_WIDTH);
    ui.spacing_mut().item_spacing.y = style::SETTINGS_SPACING;
    let Choices {
        settings,
        sound,
        i18n,
        resets,
        drawn,
    } = choices;
    speed(ui, palette, settings, i18n);
    toggles(ui, settings, i18n);
    interface_scale(ui, settings, i18n);
    super::records::sound_settings(ui, palette, sound, i18n);
    quality_choice(ui, palette, settings, drawn.as_deref().map(|q| q.0), i18n);
    ui.horizontal(|ui| {
        if style::button(ui, &i18n.tr("settings-reset-view")).clicked() {
            resets.write(ResetCamera);
        }
        ui.add(
            egui::Label::new(
                RichText::new(i18n.tr("settings-camera-help"))
                    .size(style::SMALL_TEXT)
                    .color(palette.ink_soft),
            )
            .wrap(),
        );
    });
    language(ui, palette, i18n);
}

/// The animation's speed: a slider, three speeds and the pause.
fn speed(ui: &mut egui::Ui, palette: &Palette, settings: &mut Settings, i18n: &I18n) {
    ui.label(
        RichText::new(i18n.tr("settings-speed"))
            .size(style::BODY_TEXT)
            .strong(),
    );
    // Work on a copy so that change detection fires only on a real change.
    let mut speed = settings.anim_speed;
    ui.add(
        egui::Slider::new(&mut speed, Settings::MIN_SPEED..=Settings::MAX_SPEED)
            .logarithmic(true)
            .fixed_decimals(2)
            .suffix("×"),
    );
    ui.horizontal_wrapped(|ui| {
        let speeds = [
            ("settings-slow", 0.5),
            ("settings-normal", 1.0),
            ("settings-fast", 2.0),
        ];
        for (key, value) in speeds {
            let chosen = (speed - value).abs() < 0.01;
            if style::choice(ui, palette, chosen, &i18n.tr(key)).clicked() {
                speed = value;
            }
        }
        let mut paused = settings.paused;
        if style::choice(ui, palette, paused, &i18n.tr("settings-pause")).clicked() {
            paused = !paused;
            settings.paused = paused;
        }
    });
    if speed != settings.anim_speed {
        settings.anim_speed = speed;
    }
}

/// The settings that are on or off.
fn toggles(ui: &mut egui::Ui, settings: &mut Settings, i18n: &I18n) {
    // Written only on a click, so that the settings change (and are saved) only then.
    for (value, key) in [
        (&mut settings.show_counts, "settings-show-counts"),
        (&mut settings.show_pit_names, "settings-show-pit-names"),
    ] {
        if let Some(new) = toggle(ui, *value, &i18n.tr(key)) {
            *value = new;
        }
    }
    explain_toggle(ui, settings, i18n);
    for (value, key) in [
        (&mut settings.reduced_motion, "settings-reduced-motion"),
        (&mut settings.high_contrast, "settings-high-contrast"),
        (&mut settings.face_to_face, "settings-face-to-face"),
    ] {
        if let Some(new) = toggle(ui, *value, &i18n.tr(key)) {
            *value = new;
        }
    }
}

/// "Explain moves": set by hand, it stays as set; left alone, it says that it is on for the
/// first games only (`ui::explain`).
fn explain_toggle(ui: &mut egui::Ui, settings: &mut Settings, i18n: &I18n) {
    if let Some(new) = toggle(
        ui,
        settings.explain_moves,
        &i18n.tr("settings-explain-moves"),
    ) {
        settings.explain_moves = new;
        settings.explain_chosen = true;
    }
    let first_games = super::explain::FIRST_GAMES;
    if settings.explain_moves && !settings.explain_chosen && settings.games_finished < first_games {
        style::paragraph(
            ui,
            &i18n.tr_args(
                "settings-explain-first-games",
                &[("games", first_games.into())],
            ),
        );
    }
}

/// The languages, each named in itself.
fn language(ui: &mut egui::Ui, palette: &Palette, i18n: &mut I18n) {
    ui.label(
        RichText::new(i18n.tr("language"))
            .size(style::BODY_TEXT)
            .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        for language in Language::ALL {
            let chosen = i18n.language() == language;
            if style::choice(ui, palette, chosen, language.native_name()).clicked() {
                i18n.set_language(language);
            }
        }
    });
}

/// "Picture: high / standard": the quality drawn now is marked (the renderer's choice until the
/// player makes one: standard on a software renderer, high on a GPU).
fn quality_choice(
    ui: &mut egui::Ui,
    palette: &Palette,
    settings: &mut Settings,
    drawn: Option<Quality>,
    i18n: &I18n,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(i18n.tr("settings-quality")).size(style::BODY_TEXT));
        for (quality, key) in [
            (Quality::High, "settings-quality-high"),
            (Quality::Standard, "settings-quality-standard"),
        ] {
            let marked = settings.quality.or(drawn) == Some(quality);
            if style::choice(ui, palette, marked, &i18n.tr(key)).clicked() {
                settings.quality = Some(quality);
            }
        }
    });
}

/// "Interface size": the overlay from 100 % to 200 %, taking effect when the slider is let go
/// (a zoom that changed under the pointer while dragging would move the slider away from it).
fn interface_scale(ui: &mut egui::Ui, settings: &mut Settings, i18n: &I18n) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(i18n.tr("settings-interface-scale")).size(style::BODY_TEXT));
        // The value being dragged is the slider's own memory between frames, kept in egui's.
        let id = egui::Id::new("settings-interface-scale");
        let mut percent = ui
            .data(|d| d.get_temp::<f32>(id))
            .unwrap_or(settings.ui_scale * 100.0);
        let slider = ui.add(
            egui::Slider::new(
                &mut percent,
                Settings::MIN_UI_SCALE * 100.0..=Settings::MAX_UI_SCALE * 100.0,
            )
            .step_by(10.0)
            .fixed_decimals(0)
            .suffix(" %"),
        );
        if slider.dragged() {
            ui.data_mut(|d| d.insert_temp(id, percent));
        } else {
            ui.data_mut(|d| d.remove::<f32>(id));
            let scale = (percent / 100.0).clamp(Settings::MIN_UI_SCALE, Settings::MAX_UI_SCALE);
            if (scale - settings.ui_scale).abs() > 0.001 {
                settings.ui_scale = scale;
            }
        }
    });
}

/// A checkbox for a setting: its new value when clicked, else `None`.
fn toggle(ui: &mut egui::Ui, value: bool, text: &str) -> Option<bool> {
    let mut value = value;
    ui.checkbox(&mut value, RichText::new(text).size(style::BODY_TEXT))
        .changed()
        .then_some(value)
}
