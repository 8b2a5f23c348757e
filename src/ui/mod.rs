//! The egui overlay: title screen, in-game bars, rules, settings and the game-over panel. It only
//! reads [`crate::session::Session`] and [`crate::session::Settings`] and sends the session's
//! messages; the rules are the engine's.

mod game_over;
mod hud;
mod rules;
mod settings;
mod style;
mod title;
mod viewport;

use bao_engine::Variant;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// The overlay. Needs `bevy_egui::EguiPlugin` and the game core (`crate::core_plugin`); headless
/// tests leave it out.
pub fn plugin(app: &mut App) {
    app.init_resource::<Panels>()
        .configure_sets(
            EguiPrimaryContextPass,
            (UiSet::Style, UiSet::Screen, UiSet::Windows).chain(),
        )
        .add_plugins((
            style::plugin,
            title::plugin,
            hud::plugin,
            rules::plugin,
            settings::plugin,
            game_over::plugin,
            viewport::plugin,
        ));
}

/// The order the overlay is drawn in: the style first, then the screen's bars, then windows on
/// top of them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum UiSet {
    /// Fonts and colours.
    Style,
    /// The title screen or the in-game bars.
    Screen,
    /// Rules, settings and game-over windows.
    Windows,
}

/// Which overlay windows are open.
#[derive(Resource, Default, Debug)]
struct Panels {
    /// The rules panel, for this variant.
    rules: Option<Variant>,
    /// The settings window.
    settings: bool,
    /// The game-over panel was closed to look at the board.
    game_over_dismissed: bool,
}

/// For the kiosk's attract loop, which shows the bare board: the rules and settings windows
/// close and the game-over panel stays out of the way (added by `crate::kiosk`).
pub(crate) fn kiosk_plugin(app: &mut App) {
    app.add_systems(Update, close_panels.run_if(crate::kiosk::attract_running));
}

fn close_panels(mut panels: ResMut<Panels>) {
    if panels.rules.is_some() || panels.settings || !panels.game_over_dismissed {
        *panels = Panels {
            game_over_dismissed: true,
            ..default()
        };
    }
}
