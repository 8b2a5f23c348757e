//! The kiosk's screen: a borderless fullscreen window, and what the overlay must know in kiosk
//! mode (the games and computer levels offered, the interface size), handed to the egui context
//! so that any overlay code can ask for it with one call.

use super::KioskConfig;
use crate::session::Level;
use bao_engine::Variant;
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (fullscreen, initial_scale))
        .add_systems(EguiPrimaryContextPass, publish);
}

/// The overlay's size, times the size that fits the screen (from the configuration; the
/// operator menu changes it).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct UiScale(pub f32);

impl UiScale {
    /// The smallest size: the overlay as designed, every touch target at least 44 px.
    pub const MIN: f32 = 1.0;
    /// The largest size.
    pub const MAX: f32 = 2.0;
}

/// What the overlay shows differently in kiosk mode.
#[derive(Clone, Debug, PartialEq)]
struct Offer {
    variants: Vec<Variant>,
    levels: Vec<Level>,
    scale: f32,
}

fn offer_id() -> egui::Id {
    egui::Id::new("bao-kiosk-offer")
}

fn offer(ctx: &egui::Context) -> Option<Offer> {
    ctx.data(|d| d.get_temp::<Offer>(offer_id()))
}

/// Whether the game runs as a kiosk: no quit, file, save or developer controls.
pub fn is_kiosk(ctx: &egui::Context) -> bool {
    offer(ctx).is_some()
}

/// The rule sets the title screen offers: all four games with both readings of Kujifunza's
/// kichwa rule (KU-8, KU-8c), or those of the kiosk's configuration.
pub fn offered_variants(ctx: &egui::Context) -> Vec<Variant> {
    offer(ctx).map_or_else(|| Variant::ALL.to_vec(), |o| o.variants)
}

/// The computer levels a visitor may choose: all five, or those of the kiosk's configuration.
pub fn offered_levels(ctx: &egui::Context) -> Vec<Level> {
    offer(ctx).map_or_else(|| Level::ALL.to_vec(), |o| o.levels)
}

/// The factor the overlay's zoom is multiplied by: 1 outside kiosk mode.
pub fn ui_scale(ctx: &egui::Context) -> f32 {
    offer(ctx).map_or(1.0, |o| o.scale)
}

fn fullscreen(mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    for mut window in &mut windows {
        window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Current);
        window.decorations = false;
    }
}

fn initial_scale(mut commands: Commands, config: Res<KioskConfig>) {
    commands.insert_resource(UiScale(config.ui_scale.clamp(UiScale::MIN, UiScale::MAX)));
}

fn publish(mut contexts: EguiContexts, config: Res<KioskConfig>, scale: Option<Res<UiScale>>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let offer = Offer {
        variants: config.variants.clone(),
        levels: config.levels.clone(),
        scale: scale.map_or(1.0, |s| s.0),
    };
    if ctx.data(|d| d.get_temp::<Offer>(offer_id())).as_ref() != Some(&offer) {
        ctx.data_mut(|d| d.insert_temp(offer_id(), offer));
    }
}
