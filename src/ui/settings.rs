//! The settings window: animation speed, seed-count labels, and the camera.

use super::style::{self, INK_SOFT};
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::session::{GameCommand, Screen, Settings};
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

fn settings_window(
    mut contexts: EguiContexts,
    mut panels: ResMut<Panels>,
    insets: Res<Insets>,
    mut settings: ResMut<Settings>,
    mut commands: MessageWriter<GameCommand>,
    (mut sound, i18n): (ResMut<crate::audio::SoundSettings>, Res<crate::i18n::I18n>),
) {
    if !panels.settings {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let mut open = true;
    egui::Window::new(RichText::new("Settings").size(21.0).strong())
        .id(egui::Id::new("settings"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::RIGHT_TOP, Vec2::new(-12.0, insets.top + 8.0))
        .show(ctx, |ui| {
            ui.set_width(430.0);
            ui.spacing_mut().item_spacing.y = 8.0;
            ui.label(RichText::new("Animation speed").size(20.0).strong());
            // Work on a copy so that change detection fires only on a real change.
            let mut speed = settings.anim_speed;
            ui.add(
                egui::Slider::new(&mut speed, Settings::MIN_SPEED..=Settings::MAX_SPEED)
                    .logarithmic(true)
                    .fixed_decimals(2)
                    .suffix("×"),
            );
            ui.horizontal(|ui| {
                for (label, value) in [("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0)] {
                    if style::choice(ui, (speed - value).abs() < 0.01, label).clicked() {
                        speed = value;
                    }
                }
                let mut paused = settings.paused;
                if style::choice(ui, paused, "Pause").clicked() {
                    paused = !paused;
                    settings.paused = paused;
                }
            });
            if speed != settings.anim_speed {
                settings.anim_speed = speed;
            }
            let mut counts = settings.show_counts;
            if ui
                .checkbox(
                    &mut counts,
                    RichText::new("Show seed counts on the pits").size(20.0),
                )
                .changed()
            {
                settings.show_counts = counts;
            }
            super::records::sound_settings(ui, &mut sound, &i18n);
            ui.horizontal(|ui| {
                if style::button(ui, "Reset the view").clicked() {
                    commands.write(GameCommand::ResetCamera);
                }
                ui.label(
                    RichText::new("Drag to turn the board,\nscroll or pinch to zoom.")
                        .size(16.0)
                        .color(INK_SOFT),
                );
            });
        });
    if !open {
        panels.settings = false;
    }
}
