//! The kiosk's screen: a borderless fullscreen window, and the overlay's policy in kiosk mode
//! (the games and computer levels offered, the interface size, no files, the bare board of the
//! attract loop, the take-home code).

use super::{Attract, KioskConfig};
use crate::ui::{TakeHomeOffer, UiPolicy};
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, (fullscreen, initial_scale));
}

/// The overlay's policy at an exhibition, kept by the kiosk without a renderer too (headless
/// tests read it), with the overlay's take-home link that follows from it.
pub(super) fn policy_plugin(app: &mut App) {
    if !app.is_plugin_added::<TakeHomeOffer>() {
        app.add_plugins(TakeHomeOffer);
    }
    app.init_resource::<UiPolicy>()
        .add_systems(Update, set_ui_policy);
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

fn fullscreen(mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    for mut window in &mut windows {
        window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Current);
        window.decorations = false;
    }
}

fn initial_scale(mut commands: Commands, config: Res<KioskConfig>) {
    commands.insert_resource(UiScale(config.ui_scale.clamp(UiScale::MIN, UiScale::MAX)));
}

/// The overlay's policy at an exhibition: the configuration's games and levels, the operator's
/// size, no files or quitting, the bare board while the attract loop plays, and the take-home
/// code where the configuration names a web build.
fn set_ui_policy(
    config: Res<KioskConfig>,
    scale: Option<Res<UiScale>>,
    attract: Res<Attract>,
    mut policy: ResMut<UiPolicy>,
) {
    policy.set_if_neq(UiPolicy {
        variants: config.variants.clone(),
        levels: config.levels.clone(),
        scale: scale.map_or(1.0, |s| s.0),
        files: false,
        bare_board: attract.active,
        hud: !(attract.active && attract.lesson.is_some()),
        step_captions: !super::kiosk_caption_speaks(&attract),
        // A kiosk offers online play only when its configuration names a server: a museum
        // that links two exhibits, say.
        offers_online: config.online_server.is_some(),
        // A visitor's finished game shows its QR code where the configuration names the
        // museum's web build.
        take_home: config.take_home_url.clone(),
    });
}
