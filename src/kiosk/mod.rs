//! Exhibition kiosk mode (`bao --kiosk [--config FILE]`): the game runs unattended on a touch
//! screen all day. Borderless fullscreen with no way to quit but the operator's (a key chord, or
//! a long press in the top-left corner and a PIN); an attract loop in which the computer plays
//! itself with captions; "Are you still playing?" in a game left alone; a finished game goes back
//! to the title screen. Everything is set by a checked configuration file ([`KioskConfig`]).
//!
//! [`plugin`] is the part that runs without a renderer (timers, the attract loop, captions, the
//! visitor statistics, the mouse cursor shown only while a mouse moves), so headless tests add
//! it to [`crate::core_plugin`]; [`view_plugin`] adds the window settings and the overlay;
//! [`enable`] turns kiosk mode on in an app (the desktop's `--kiosk`, the web's `?kiosk=1`). On
//! the desktop, [`kiosk_report`] is `bao --kiosk-report` and [`wait_for_screen`] is
//! `bao --kiosk-wait-for-screen`.

mod attract;
mod captions;
mod config;
mod cursor;
mod idle;
mod operator;
// The visitor statistics are a file on the kiosk's own disk: the web build has none.
#[cfg(not(target_arch = "wasm32"))]
mod report;
mod screen;
#[cfg(target_os = "linux")]
mod service;
mod touch;
#[cfg(not(target_arch = "wasm32"))]
mod visits;
#[cfg(target_os = "linux")]
mod wait_for_screen;
#[cfg(target_os = "linux")]
mod warm_up;

/// The link of the game-over card's QR code (the overlay's; the kiosk turns it on with
/// [`KioskConfig::take_home_url`]), for headless tests to read.
pub use crate::ui::TakeHome;
pub use attract::{Attract, LessonPhase, ShownLesson, StartAttract};
pub(crate) use captions::kiosk_caption_speaks;
pub use captions::{ATTRACT_READING_PAUSE, Caption};
pub use config::{KioskConfig, KioskConfigError, KioskConfigErrorKind, TimeOfDay, TimeOfDayError};
pub use cursor::CURSOR_HIDE_AFTER;
pub use idle::Idle;
pub use operator::Operator;
#[cfg(not(target_arch = "wasm32"))]
pub use report::{ReportError, VisitSummary, kiosk_report};
pub use screen::UiScale;
#[cfg(target_os = "linux")]
pub use service::{NIGHTLY_RESTART_EXIT, OPERATOR_PAUSE_EXIT, PAUSED_UNTIL_FILE};
pub use touch::Touched;
#[cfg(not(target_arch = "wasm32"))]
pub use visits::{Visit, VisitEnd, VisitLog, VisitLogError, append_visit};
#[cfg(target_os = "linux")]
pub use wait_for_screen::wait_for_screen;

use crate::core::CoreSet;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Vec2};
use std::path::Path;

/// Kiosk mode is on: the kiosk's own systems run (the layers below are told by their
/// policies: [`crate::ui::UiPolicy`], [`crate::records::RecordsPolicy`],
/// [`crate::camera::CameraMode`]).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct KioskMode;

/// The order of the kiosk's work, before the game core's input.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum KioskSet {
    /// Someone at the screen: raw input turned into activity.
    Touch,
    /// Activity and idle timers.
    Timers,
    /// The attract loop.
    Attract,
}

/// The kiosk without a renderer: configuration, idle timers, the attract loop and its captions,
/// and (on the desktop) the visitor statistics. Needs [`crate::core_plugin`]; uses the
/// [`KioskConfig`] resource if one was inserted first.
pub fn plugin(app: &mut App) {
    app.init_resource::<KioskMode>()
        // A kiosk offers no one else's game to resume, and keeps no visitor's choices.
        .insert_resource(crate::records::RecordsPolicy { remembers: false })
        .configure_sets(
            Update,
            (KioskSet::Touch, KioskSet::Timers, KioskSet::Attract)
                .chain()
                .before(CoreSet::Build),
        )
        .add_plugins((
            config::plugin,
            touch::plugin,
            idle::plugin,
            attract::plugin,
            captions::plugin,
            screen::policy_plugin,
            cursor::plugin,
        ));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(visits::plugin);
}

/// The kiosk's window and overlay: fullscreen, the attract banner and captions, the countdown,
/// the operator's PIN pad and menu. Needs `bevy_egui` and [`plugin`].
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        screen::plugin,
        idle::view_plugin,
        attract::view_plugin,
        captions::view_plugin,
        operator::plugin,
    ));
    // The systemd service's readiness, watchdog, status, nightly restart and the operator's
    // pause (Linux only: on the web and other systems there is no systemd to tell).
    #[cfg(target_os = "linux")]
    app.add_plugins(service::plugin);
}

/// `bao --kiosk-wait-for-screen` on a system without Linux's DRM connectors to read: no screen
/// connector is known, so there is nothing to wait for (see `wait_for_screen.rs`).
#[cfg(all(not(target_arch = "wasm32"), not(target_os = "linux")))]
pub fn wait_for_screen() -> std::process::ExitCode {
    eprintln!("bao: no screen connector is known on this system: not waiting for a screen");
    std::process::ExitCode::SUCCESS
}

/// Turns kiosk mode on in an app that has the game core and the overlay: the desktop's
/// `--kiosk` and the web build's `?kiosk=1` both call this.
pub fn enable(app: &mut App, config: KioskConfig) {
    app.insert_resource(kiosk_sound(&config))
        .insert_resource(config)
        .add_plugins((plugin, view_plugin));
}

/// The sound the kiosk's configuration asks for, at the usual volume.
pub fn kiosk_sound(config: &KioskConfig) -> crate::audio::SoundSettings {
    crate::audio::SoundSettings {
        muted: !config.sound,
        ..default()
    }
}

/// The settings every visitor starts with: the defaults, at the table the configuration sets.
pub fn kiosk_settings(config: &KioskConfig) -> crate::core::Settings {
    crate::core::Settings {
        face_to_face: config.face_to_face,
        ..default()
    }
}

/// The configuration from `path` (or the defaults without one). Every problem is printed as a
/// warning naming the file, the line and the field; bad fields take their defaults, so the
/// kiosk always starts.
pub fn load_config(path: Option<&Path>) -> KioskConfig {
    let Some(path) = path else {
        return KioskConfig::default();
    };
    let (config, errors) = KioskConfig::load(path);
    for error in &errors {
        eprintln!(
            "bao: warning: kiosk configuration {}: {error}",
            path.display()
        );
    }
    config
}

/// A touch-sized button for the kiosk's own windows (at least 64 points high; never under
/// 44 px on screen).
fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add(egui::Button::new(RichText::new(text).size(24.0)).min_size(Vec2::new(96.0, 64.0)))
}

/// The dark, rounded frame of the attract loop's banner and captions.
fn dark_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(Color32::from_rgba_unmultiplied(40, 24, 12, 225))
        .corner_radius(egui::CornerRadius::same(18))
        .inner_margin(egui::Margin::symmetric(26, 12))
}

/// Darkens everything under the kiosk's dialog (which is drawn in the foreground).
fn dim_screen(ctx: &egui::Context, id: &str) {
    let rect = ctx.content_rect();
    ctx.layer_painter(egui::LayerId::new(egui::Order::Middle, egui::Id::new(id)))
        .rect_filled(rect, 0.0, Color32::from_black_alpha(130));
}
