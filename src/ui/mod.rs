//! The egui overlay: title screen, in-game bars, rules, settings and the game-over panel. It only
//! reads [`crate::core::Session`] and [`crate::core::Settings`] and sends the session's
//! messages; the rules are the engine's.

mod buttons;
mod explain;
mod feedback;
mod fonts;
mod game_menu;
mod game_over;
mod hud;
mod layout;
mod lessons;
mod online;
mod pit_card;
mod policy;
mod puzzles;
mod reading;
mod records;
mod replay_move;
mod review;
mod rules;
mod settings;
mod style;
mod take_home;
mod targets;
mod title;
mod turned;
mod viewport;
mod vignette;

use crate::core::{CoreSet, Screen};
use crate::i18n::I18n;
use crate::input::Selection;
use bao_engine::Variant;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
#[cfg(target_arch = "wasm32")]
pub(crate) use buttons::DrawnButtons;
#[cfg(target_arch = "wasm32")]
pub(crate) use explain::Caption;
#[cfg(target_arch = "wasm32")]
pub(crate) use feedback::feedback;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use layout::CheckLayout;
pub(crate) use policy::UiPolicy;
#[cfg(target_arch = "wasm32")]
pub(crate) use review::spoken_verdict;
pub use take_home::TakeHome;
pub(crate) use take_home::TakeHomeOffer;
// The visitor statistics count the codes shown (the web keeps none).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use take_home::TakeHomeShown;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use targets::{CheckTargets, MIN_TARGET, SmallTargets};

/// The replay of a move of the move list and its captions, without the overlay's drawing, for
/// a headless test of the game core with them (src/lib.rs).
#[cfg(test)]
pub(crate) fn replay_plugins(app: &mut App) {
    app.add_plugins((replay_move::plugin, explain::plugin));
}
#[cfg(test)]
pub(crate) use explain::Explained;
#[cfg(test)]
pub(crate) use replay_move::{MoveReplay, ReplayMove};

/// The overlay. Needs `bevy_egui::EguiPlugin` and the game core (`crate::core_plugin`); headless
/// tests leave it out.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Panels>()
        .configure_sets(
            EguiPrimaryContextPass,
            (UiSet::Style, UiSet::Screen, UiSet::Banner, UiSet::Windows).chain(),
        )
        // The board's count labels are painted in the overlay's zoom and under its cards.
        .configure_sets(
            EguiPrimaryContextPass,
            crate::seeds::CountLabels
                .after(UiSet::Style)
                .before(UiSet::Screen),
        )
        .add_plugins((
            explain::plugin,
            fonts::plugin,
            style::plugin,
            title::plugin,
            hud::plugin,
            rules::plugin,
            settings::plugin,
            game_over::plugin,
            viewport::plugin,
            policy::plugin,
            puzzles::plugin,
            vignette::plugin,
        ))
        .add_plugins((
            lessons::plugin,
            online::plugin,
            replay_move::plugin,
            targets::plugin,
            buttons::plugin,
            game_menu::plugin,
            pit_card::plugin,
            layout::plugin,
            review::plugin,
            take_home::plugin,
        ))
        // Before the input, which drops a half-made move on the same Escape.
        .add_systems(Update, answer_escape.before(CoreSet::Input))
        .add_systems(
            EguiPrimaryContextPass,
            lend_the_keyboard.in_set(UiSet::Windows),
        )
        .add_plugins(records::plugin);
}

/// What `--show` opens at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Show {
    /// The title screen, or the game of `--variant` if one is given.
    #[default]
    Default,
    /// The title screen.
    Title,
    /// A game.
    Game,
    /// A game with the settings window open.
    Settings,
    /// The last "show me" example of the variant, with its caption banner.
    Example,
    /// The list of the variant's puzzles, over its game.
    Puzzles,
    /// The variant's first puzzle of several moves on the board, with its card.
    Puzzle,
    /// A `kujifunza-choice` game whose first move stops at the kichwa question (KU-8c).
    Kichwa,
    /// The variant's third lesson (a capture in every game) on the board, with its card.
    Lesson,
    /// That lesson's exercise after a wrong try, with the engine's verdict.
    Exercise,
    /// A game after one move each, on the person's turn: the legal pits, the last move, the
    /// hint and the keyboard's focus on the board at once.
    Highlights,
    /// A game with the rules panel open at this tab.
    Rules(RulesTab),
    /// The title screen with the "Play online" window of the variant open.
    Online,
}

/// A tab of the rules panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesTab {
    /// The rules.
    Rules,
    /// The "show me" examples.
    ShowMe,
    /// The local words.
    Words,
    /// The history.
    History,
    /// The house rules.
    HouseRules,
    /// The keys.
    Keys,
}

/// Opens what `--show` asks for: the settings window, a tab of the rules panel of `variant`, or
/// its last "show me" example.
pub(crate) fn open_at_start(app: &mut App, show: Show, variant: Option<Variant>) {
    let world = app.world_mut();
    match show {
        Show::Default | Show::Title | Show::Game | Show::Kichwa | Show::Highlights => {}
        Show::Settings => world.resource_mut::<Panels>().settings = true,
        Show::Online => {
            world.resource_mut::<Panels>().online = Some(variant.unwrap_or(Variant::Kujifunza));
        }
        Show::Puzzles => world.resource_mut::<Panels>().puzzles = variant,
        Show::Lesson => {
            let variant = variant.unwrap_or(Variant::Kujifunza);
            world.write_message(crate::lessons::LessonCommand::Open { variant, index: 2 });
        }
        Show::Exercise => {
            let variant = variant.unwrap_or(Variant::Kujifunza);
            world.write_message(crate::lessons::LessonCommand::OpenExercise { variant, index: 2 });
        }
        Show::Puzzle => {
            let variant = variant.unwrap_or(Variant::Kujifunza);
            let index = puzzles::first_of_several_moves(variant);
            world.write_message(crate::puzzles::PuzzleCommand::Open { variant, index });
        }
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
                RulesTab::Keys => rules::Tab::Keys,
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

/// What the overlay's systems draw with: the egui context, the player's language, the palette in
/// use and what the overlay offers.
#[derive(SystemParam)]
struct Overlay<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    i18n: Res<'w, I18n>,
    palette: Res<'w, style::Palette>,
    policy: Res<'w, UiPolicy>,
}

/// Which overlay windows are open.
#[derive(Resource, Default, Debug)]
struct Panels {
    /// The rules panel, for this variant.
    rules: Option<Variant>,
    /// The settings window.
    settings: bool,
    /// The list of this game's puzzles.
    puzzles: Option<Variant>,
    /// The game-over panel was closed to look at the board.
    game_over_dismissed: bool,
    /// The "Play online" window, opened from this game's card.
    online: Option<Variant>,
    /// The in-game menu (Escape).
    menu: bool,
    /// The question before a game in progress is left.
    leaving: bool,
}

/// Closes the windows and keeps the game-over panel out of the way, to show the bare board.
fn close_panels(mut panels: ResMut<Panels>) {
    if panels.rules.is_some()
        || panels.settings
        || panels.puzzles.is_some()
        || panels.online.is_some()
        || panels.menu
        || panels.leaving
        || !panels.game_over_dismissed
    {
        *panels = Panels {
            game_over_dismissed: true,
            ..default()
        };
    }
}

/// Escape closes the window on top (the question before leaving, the menu, the rules, the
/// settings, the list of puzzles), as a close button would; on the bare board it drops a
/// half-made move (the input's, which runs after this) or else opens the in-game menu.
fn answer_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    (mut panels, mut saved_games): (ResMut<Panels>, ResMut<records::RecordsPanel>),
    (selection, screen, policy): (Res<Selection>, Res<State<Screen>>, Res<UiPolicy>),
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        return;
    }
    let offered = *screen.get() == Screen::Playing && policy.files && policy.hud;
    match game_menu::on_escape(&panels, saved_games.is_open(), &selection, offered) {
        game_menu::OnEscape::Stay => panels.leaving = false,
        game_menu::OnEscape::CloseMenu => panels.menu = false,
        game_menu::OnEscape::ClosePanel if panels.settings => panels.settings = false,
        game_menu::OnEscape::ClosePanel if panels.puzzles.is_some() => panels.puzzles = None,
        game_menu::OnEscape::ClosePanel if saved_games.is_open() => saved_games.close(),
        game_menu::OnEscape::ClosePanel => panels.rules = None,
        game_menu::OnEscape::OpenMenu => panels.menu = true,
        game_menu::OnEscape::Nothing => {}
    }
}

/// While a text field has the keyboard (a saved game's name), the letters are typed, not played.
fn lend_the_keyboard(mut contexts: EguiContexts, mut taken: ResMut<crate::input::KeysTaken>) {
    let typing = contexts
        .ctx_mut()
        .is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    taken.set_if_neq(crate::input::KeysTaken(typing));
}
