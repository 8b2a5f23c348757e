//! Bao: four East African mancala games — Bao la Kujifunza, Bao Kingulu, Bao Kigogo and Bao la
//! Kimasai — on a carved 3D board, against a friend or the computer.
//!
//! The game core (session, board and seed entities, move animation, input handling, computer)
//! runs without a renderer, so headless tests add [`core_plugin`] to `MinimalPlugins`; [`run`]
//! adds the window, the renderer and the views. The modules are layers (see `docs/developing.md`,
//! "What is where"): each uses only those below it, and this file, the shell, wires them together.
//!
//! `pub` marks what the game's binary (`main.rs`) and the tests use; everything shared only
//! inside the library is `pub(crate)`. The compiler holds the first half (`unreachable_pub`:
//! a `pub` item that cannot be reached from outside is an error under `-D warnings`).
#![warn(unreachable_pub)]

pub mod anim;
pub mod audio;
mod board;
pub mod camera;
pub mod cli;
mod computer;
mod content;
pub mod core;
pub mod guide;
pub mod i18n;
pub mod input;
pub mod kiosk;
pub mod lessons;
pub mod online;
pub mod puzzles;
pub mod records;
#[cfg(not(target_arch = "wasm32"))]
mod screenshot;
pub mod seeds;
pub mod storage;
mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use std::process::ExitCode;

/// The game without a renderer: session, board and seed entities, animation, input handling
/// and the computer. Needs `StatesPlugin` (and time, from `MinimalPlugins` or `DefaultPlugins`).
pub fn core_plugin(app: &mut App) {
    app.add_plugins((
        core::plugin,
        i18n::plugin,
        board::plugin,
        seeds::plugin,
        anim::plugin,
        input::plugin,
        computer::plugin,
        puzzles::plugin,
        lessons::plugin,
    ));
}

/// What is drawn: board, seeds, labels, lights, camera, and pointer input.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        board::view_plugin,
        seeds::view_plugin,
        input::view_plugin,
        camera::plugin,
    ));
}

/// The window's application id (`Window::name`): Wayland's app id and X11's `WM_CLASS`. It is
/// the desktop entry's name (`packaging/bao.desktop`, whose `StartupWMClass` says it too), so
/// that a desktop shows the game's window with the entry's icon and name.
pub const APP_ID: &str = "bao";

/// Runs the game with the command-line options; returns the process exit code.
pub fn run(options: cli::Options) -> ExitCode {
    let mut app = App::new();
    app.add_plugins(engine_plugins(&options));
    add_game(&mut app);
    add_shell(&mut app, &options);
    apply_options(&mut app, &options);
    start_asked_game(&mut app, &options);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Bevy's plugins: the window (on the web, the page's canvas), quieter logging, and no look for
/// assets' `.meta` files.
fn engine_plugins(options: &cli::Options) -> bevy::app::PluginGroupBuilder {
    DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Bao".into(),
                name: Some(APP_ID.into()),
                resolution: options.window.into(),
                // On the web: the page's canvas, sized by the page.
                #[cfg(target_arch = "wasm32")]
                canvas: Some(web::CANVAS.into()),
                #[cfg(target_arch = "wasm32")]
                fit_canvas_to_parent: true,
                ..default()
            }),
            // A kiosk's window cannot be closed (Alt+F4 included): only the operator quits.
            close_when_requested: !options.kiosk,
            ..default()
        })
        .set(bevy::log::LogPlugin {
            filter: "wgpu=error,naga=warn,bevy_render=warn".into(),
            ..default()
        })
        // The game loads no asset files with `.meta` files beside them; on the web each
        // look for one would be a request to the server that fails.
        .set(bevy::asset::AssetPlugin {
            meta_check: bevy::asset::AssetMetaCheck::Never,
            ..default()
        })
}

/// Picking and the overlay, then the game, its views, its overlay, its records and its sound.
fn add_game(app: &mut App) {
    app.add_plugins((MeshPickingPlugin, bevy_egui::EguiPlugin::default()))
        // The pits' click targets are hidden discs (drawing them, even clear, cost a software
        // renderer a sixth of its frame); every other hidden mesh (rings, marks) ignores the
        // pointer.
        .insert_resource(MeshPickingSettings {
            ray_cast_visibility: bevy::picking::mesh_picking::ray_cast::RayCastVisibility::Any,
            ..default()
        })
        // Keep drawing while the window is unfocused: the computer and the animation go on.
        .insert_resource(WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        })
        .add_plugins((core_plugin, view_plugin, ui::plugin))
        .add_plugins((records::plugin, audio::plugin, online::plugin));
}

/// The desktop's shell: the screenshot, the frame timing and the touch targets' check.
#[cfg(not(target_arch = "wasm32"))]
fn add_shell(app: &mut App, options: &cli::Options) {
    if options.check_targets {
        app.insert_resource(ui::CheckTargets);
    }
    if let Some(path) = &options.layout_report {
        app.insert_resource(ui::CheckLayout(path.clone()));
    }
    app.insert_resource(screenshot::Request::of(options))
        .add_plugins(screenshot::plugin);
}

/// The web's shell: the page glue (the page's options are read before the app starts).
#[cfg(target_arch = "wasm32")]
fn add_shell(app: &mut App, _options: &cli::Options) {
    app.add_plugins(web::plugin);
}

/// The language, the picture's quality, the screen to open and the kiosk, as asked.
fn apply_options(app: &mut App, options: &cli::Options) {
    if let Some(language) = options.language {
        app.insert_resource(i18n::I18n::asked_for(language));
    }
    if let Some(quality) = options.quality {
        app.insert_resource(camera::AskedQuality(quality));
    }
    if let Some(server) = &options.server {
        app.insert_resource(online::OnlineServer(server.clone()));
    }
    ui::open_at_start(app, options.show, options.variant);
    if options.kiosk {
        kiosk::enable(app, kiosk::load_config(options.config.as_deref()));
    }
}

/// The lesson or the game asked for, for the first frame.
fn start_asked_game(app: &mut App, options: &cli::Options) {
    if let Some(variant) = options.learn {
        app.world_mut()
            .write_message(lessons::LessonCommand::Learn(variant));
    }
    // A puzzle or a lesson puts its own game on the board; the online window stays on the title.
    let own_game = options.learn.is_some()
        || matches!(
            options.show,
            ui::Show::Puzzle | ui::Show::Lesson | ui::Show::Exercise | ui::Show::Online
        );
    if let Some(link) = &options.join {
        app.world_mut()
            .write_message(online::OnlineCommand::Join(link.clone()));
    }
    if let Some(link) = &options.open {
        app.world_mut()
            .write_message(records::ReviewCommand::Link(link.clone()));
    }
    if let Some(variant) = options.variant.filter(|_| !own_game) {
        app.world_mut().write_message(core::StartGame {
            variant,
            seats: options.seats,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window's app id is the desktop entry's name, and the entry names it as the window's
    /// class (X11's `WM_CLASS`, which winit sets from the same name).
    #[test]
    fn the_windows_app_id_names_the_desktop_entry() {
        let entry = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("packaging")
            .join(format!("{APP_ID}.desktop"));
        let text = std::fs::read_to_string(&entry)
            .unwrap_or_else(|error| panic!("{}: {error}", entry.display()));
        let class = format!("StartupWMClass={APP_ID}");
        assert!(
            text.lines().any(|line| line == class),
            "{} has no line {class}",
            entry.display()
        );
    }

    /// A headless game core with the move replay, its clock stepped `millis` each frame.
    fn replay_app(millis: u64) -> App {
        use bevy::state::app::StatesPlugin;
        use bevy::time::TimeUpdateStrategy;
        use std::time::Duration;

        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .add_plugins(core_plugin)
            .add_plugins(crate::ui::replay_plugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                millis,
            )));
        app
    }

    fn frames(app: &mut App, n: usize) {
        (0..n).for_each(|_| app.update());
    }

    /// Plays the first legal move by clicks (its pit, then its direction where one is asked)
    /// and shows it to the end.
    fn play_first_move_by_clicks(app: &mut App) {
        use crate::core::{PitClicked, Session};

        let before = *app.world().resource::<Session>().game().position();
        let mv = before.legal_moves()[0];
        let mover = before.to_move();
        let start = before.pit_named(mover, mv.pit()).expect("the move's pit");
        app.world_mut().write_message(PitClicked(start));
        frames(app, 1);
        if let crate::input::Selection::Direction { .. } =
            *app.world().resource::<crate::input::Selection>()
        {
            let dir = mv.direction().expect("a move asked for has a direction");
            let next = before.next_pit(mover, start, dir).expect("a next pit");
            app.world_mut().write_message(PitClicked(next));
        }
        frames(app, 2000);
    }

    /// Runs the replay until the game comes back (or a long while); whether a caption
    /// explained the replayed move meanwhile.
    fn watch_the_replay(app: &mut App) -> bool {
        use crate::core::{Activity, Session};
        use crate::ui::Explained;

        let mut captioned = false;
        for _ in 0..4000 {
            captioned |= app.world().resource::<Explained>().0.is_some();
            if app.world().resource::<Session>().activity() == Activity::Play {
                break;
            }
            app.update();
        }
        captioned
    }

    /// The whole replay in a headless game core: the move list's move 1 is played again from
    /// the position it was made in, captioned although "Explain moves" is off, and the game
    /// comes back as it was, its two moves and position untouched.
    #[test]
    fn a_move_of_the_list_is_played_again_with_captions_and_the_game_comes_back() {
        use crate::core::{Activity, Seat, Session, Settings, StartGame};
        use crate::ui::{MoveReplay, ReplayMove};
        use bao_engine::Variant;

        let mut app = replay_app(50);
        app.world_mut().write_message(StartGame {
            variant: Variant::Kigogo,
            seats: [Seat::Human; 2],
        });
        frames(&mut app, 4);
        // "Explain moves" off (a new player's first games have it on): the replay explains
        // its move all the same.
        app.world_mut().resource_mut::<Settings>().explain_moves = false;
        // Two moves, by clicks, shown to the end.
        for _ in 0..2 {
            play_first_move_by_clicks(&mut app);
        }
        let game = app.world().resource::<Session>().game().clone();
        assert_eq!(game.moves().len(), 2, "both moves played");

        app.world_mut().write_message(ReplayMove(0));
        frames(&mut app, 2);
        let session = app.world().resource::<Session>();
        assert_eq!(session.activity(), Activity::Example);
        assert_eq!(session.game().start(), &game.positions()[0]);
        assert!(app.world().resource::<MoveReplay>().active());
        assert!(
            watch_the_replay(&mut app),
            "the replayed move is captioned with the setting off"
        );
        let back = app.world().resource::<Session>();
        assert_eq!(back.activity(), Activity::Play, "the game comes back");
        assert_eq!(back.game().moves(), game.moves());
        assert_eq!(back.game().position(), game.position());
        assert!(!app.world().resource::<MoveReplay>().active());
    }

    /// Whether the kiosk's caption is on screen this frame (as `show_caption` decides).
    fn kiosk_caption_drawn(app: &App) -> bool {
        use crate::core::Screen;
        use crate::i18n::I18n;
        use crate::kiosk::{Attract, Caption};
        let world = app.world();
        crate::kiosk::kiosk_caption_speaks(world.resource::<Attract>())
            && *world.resource::<State<Screen>>().get() == Screen::Playing
            && world
                .resource::<Caption>()
                .text(world.resource::<I18n>())
                .is_some()
    }

    /// The lines about moves the attract loop showed, frame after frame.
    #[derive(Default)]
    struct MoveLines {
        /// Frames with the kiosk's caption on screen.
        kiosk: usize,
        /// Frames with the kiosk's caption and another line about moves at once.
        both: usize,
        /// Frames the current move's whole caption (what it did) has stayed so far.
        told: usize,
        /// The most frames a move's whole caption stayed.
        longest_told: usize,
        /// Moves whose whole caption was shown.
        moves_told: usize,
    }

    impl MoveLines {
        /// Notes what frame `frame`, just shown, says about moves.
        fn note(&mut self, app: &App, frame: usize) {
            let world = app.world();
            let policy = world.resource::<crate::ui::UiPolicy>();
            let feedback = world.resource::<crate::core::Session>().feedback();
            let explained = world.resource::<crate::ui::Explained>().0.is_some()
                || feedback.is_some_and(|f| policy.shows_feedback(f));
            let whole = matches!(
                world.resource::<crate::kiosk::Caption>(),
                crate::kiosk::Caption::Move(_)
            );
            if whole {
                self.moves_told += usize::from(self.told == 0);
                self.told += 1;
                self.longest_told = self.longest_told.max(self.told);
            } else {
                self.told = 0;
            }
            if kiosk_caption_drawn(app) {
                self.kiosk += 1;
                if explained {
                    self.both += 1;
                    eprintln!(
                        "frame {frame}: the kiosk's caption and another line about moves at once"
                    );
                }
            }
        }
    }

    #[test]
    fn the_attract_loop_shows_one_line_about_moves_at_a_time() {
        use crate::core::Settings;
        use crate::kiosk::Attract;

        let mut app = replay_app(100);
        app.insert_resource(crate::kiosk::KioskConfig {
            attract_after: 1.0,
            attract_pause: 1.0,
            attract_lessons: false,
            ..Default::default()
        })
        .add_plugins(crate::kiosk::plugin);
        let mut lines = MoveLines::default();
        for frame in 0..900 {
            // "Explain moves" on, as a visitor may have left it: the step captions would speak.
            app.world_mut().resource_mut::<Settings>().explain_moves = true;
            app.update();
            lines.note(&app, frame);
        }
        assert!(
            app.world().resource::<Attract>().games_started > 0,
            "the attract loop ran"
        );
        let kiosk_lines = lines.kiosk;
        assert!(
            kiosk_lines > 100,
            "the kiosk's caption spoke ({kiosk_lines} frames)"
        );
        assert_eq!(
            lines.both, 0,
            "frames with two lines about moves on top of each other"
        );
        // Each move's caption stays long enough to be read: the computer waits before the next.
        let moves_told = lines.moves_told;
        assert!(moves_told >= 3, "{moves_told} moves told");
        let seconds = lines.longest_told as f32 * 0.1;
        assert!(
            seconds >= crate::kiosk::ATTRACT_READING_PAUSE - 0.5,
            "a move's caption stayed {seconds} s at most"
        );
        // A visitor touches: their own game explains its moves again.
        app.world_mut().write_message(crate::kiosk::Touched);
        frames(&mut app, 3);
        assert!(!app.world().resource::<Attract>().active);
        assert!(app.world().resource::<crate::ui::UiPolicy>().step_captions);
    }
}
