//! The egui overlay: title screen, in-game bars, rules, settings and the game-over panel. It only
//! reads [`crate::session::Session`] and [`crate::session::Settings`] and sends the session's
//! messages; the rules are the engine's.

mod fonts;
mod game_over;
mod hud;
mod reading;
mod records;
mod rules;
mod settings;
mod style;
mod title;
mod viewport;

use crate::cli::{RulesTab, Show};
use bao_engine::Variant;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// The overlay. Needs `bevy_egui::EguiPlugin` and the game core (`crate::core_plugin`); headless
/// tests leave it out.
pub fn plugin(app: &mut App) {
    app.init_resource::<Panels>()
        .configure_sets(
            EguiPrimaryContextPass,
            (UiSet::Style, UiSet::Screen, UiSet::Banner, UiSet::Windows).chain(),
        )
        .add_plugins((
            fonts::plugin,
            style::plugin,
            title::plugin,
            hud::plugin,
            rules::plugin,
            settings::plugin,
            game_over::plugin,
            viewport::plugin,
        ))
        .add_plugins(records::plugin);
}

/// Opens what `--show` asks for: the settings window, a tab of the rules panel of `variant`, or
/// its last "show me" example.
pub fn open_at_start(app: &mut App, show: Show, variant: Option<Variant>) {
    let world = app.world_mut();
    match show {
        Show::Default | Show::Title | Show::Game => {}
        Show::Settings => world.resource_mut::<Panels>().settings = true,
        Show::Example => world
            .resource_mut::<rules::RulesView>()
            .show_last_example(variant.unwrap_or(Variant::Kujifunza)),
        Show::Rules(tab) => {
            world.resource_mut::<Panels>().rules = Some(variant.unwrap_or(Variant::Kujifunza));
            world.resource_mut::<rules::RulesView>().tab = match tab {
                RulesTab::Rules => rules::Tab::Rules,
                RulesTab::ShowMe => rules::Tab::ShowMe,
                RulesTab::Words => rules::Tab::Words,
                RulesTab::History => rules::Tab::History,
                RulesTab::HouseRules => rules::Tab::HouseRules,
            };
        }
    }
}

/// The order the overlay is drawn in: the style first, then the screen's bars, then windows on
/// top of them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum UiSet {
    /// Fonts and colours.
    Style,
    /// The title screen or the in-game bars.
    Screen,
    /// The caption banner of a "show me" example, under the top bar.
    Banner,
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
