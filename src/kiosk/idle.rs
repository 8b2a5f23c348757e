//! Idle timers: any touch, click or key is activity; an untouched title screen starts the attract
//! loop, a game left alone asks "Are you still playing?" with a countdown, and a finished game
//! goes back to the title screen. When the attract loop starts, the visitor has gone: the
//! lessons and puzzles they did are forgotten, so the next visitor starts fresh.

use super::attract::{Attract, StartAttract};
use super::{KioskConfig, Touched};

use crate::core::{Busy, GameCommand, Screen, Session};
use crate::i18n::I18n;
use crate::lessons::LessonProgress;
use crate::puzzles::SolvedPuzzles;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Idle>()
        .add_systems(
            Update,
            (note_activity, title_timer, game_timers)
                .chain()
                .in_set(super::KioskSet::Timers),
        )
        .add_systems(Update, forget_the_visitor);
}

/// The attract loop begins: the lessons and puzzles of the visitor who left are forgotten.
fn forget_the_visitor(
    mut starts: MessageReader<StartAttract>,
    mut lessons: ResMut<LessonProgress>,
    mut puzzles: ResMut<SolvedPuzzles>,
) {
    if starts.read().count() > 0 {
        lessons.done.clear();
        puzzles.done.clear();
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, countdown_window);
}

/// The kiosk's idle clocks, in seconds of real time ([`Time<Real>`]: a slow frame does not
/// stretch them).
#[derive(Resource, Clone, Debug, Default)]
pub struct Idle {
    /// When someone last touched the screen.
    last_activity: f32,
    /// Since when the game has been waiting for the visitor: a visitor's turn, or a finished
    /// game (the computer's thinking and the animation do not count as idle).
    waiting_since: f32,
    /// "Are you still playing?": the game ends at this time unless someone touches the screen.
    pub countdown_until: Option<f32>,
}

impl Idle {
    /// Seconds the game has been waiting for the visitor, untouched.
    fn quiet_for(&self, now: f32) -> f32 {
        now - self.last_activity.max(self.waiting_since)
    }
}

/// A touch this frame: someone is here, and the countdown (if one runs) ends.
fn note_activity(
    mut activity: MessageReader<Touched>,
    time: Res<Time<Real>>,
    mut idle: ResMut<Idle>,
) {
    if activity.read().count() > 0 {
        idle.last_activity = time.elapsed_secs();
        idle.countdown_until = None;
    }
}

/// An untouched title screen starts the attract loop.
fn title_timer(
    screen: Res<State<Screen>>,
    config: Res<KioskConfig>,
    time: Res<Time<Real>>,
    mut idle: ResMut<Idle>,
    mut start: MessageWriter<StartAttract>,
) {
    let now = time.elapsed_secs();
    if *screen.get() != Screen::Title {
        return;
    }
    idle.countdown_until = None;
    if now - idle.last_activity >= config.attract_after {
        // Counted from now again, should the attract loop not start.
        idle.last_activity = now;
        start.write(StartAttract);
    }
}

/// A visitor's game left alone: the countdown, then the attract loop; a finished game left
/// alone: the title screen.
fn game_timers(
    config: Res<KioskConfig>,
    time: Res<Time<Real>>,
    game: WatchedGame,
    mut idle: ResMut<Idle>,
    mut ends: IdleEnds,
) {
    let now = time.elapsed_secs();
    if !game.visitors() {
        idle.countdown_until = None;
        idle.waiting_since = now;
        return;
    }
    let over = game.session.game().outcome().is_over();
    if game.busy.moving || !(over || game.session.human_to_move(&game.busy)) {
        idle.waiting_since = now;
        idle.countdown_until = None;
        return;
    }
    let quiet = idle.quiet_for(now);
    if over {
        if quiet >= config.game_over_after {
            idle.last_activity = now;
            ends.commands.write(GameCommand::NewGame);
        }
        return;
    }
    match idle.countdown_until {
        None if quiet >= config.idle_after => idle.countdown_until = Some(now + config.countdown),
        Some(until) if now >= until => {
            idle.countdown_until = None;
            idle.last_activity = now;
            ends.attract.write(StartAttract);
        }
        _ => {}
    }
}

/// The game on screen as the timers see it: the screen, the session, what is moving, and
/// whether the attract loop plays it.
#[derive(SystemParam)]
struct WatchedGame<'w> {
    screen: Res<'w, State<Screen>>,
    session: Res<'w, Session>,
    busy: Res<'w, Busy>,
    attract: Res<'w, Attract>,
}

impl WatchedGame<'_> {
    /// A visitor's game is on screen (not the attract loop's).
    fn visitors(&self) -> bool {
        *self.screen.get() == Screen::Playing && !self.attract.active
    }
}

/// Where a game left alone goes: to the attract loop, or (finished) to a new game.
#[derive(SystemParam)]
struct IdleEnds<'w> {
    attract: MessageWriter<'w, StartAttract>,
    commands: MessageWriter<'w, GameCommand>,
}

/// "Are you still playing?" with the seconds left; any touch (the button or elsewhere) keeps
/// the game.
fn countdown_window(
    mut contexts: EguiContexts,
    idle: Res<Idle>,
    time: Res<Time<Real>>,
    i18n: Res<I18n>,
) {
    let Some(until) = idle.countdown_until else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let seconds = (until - time.elapsed_secs()).ceil().max(0.0) as u32;
    super::dim_screen(ctx, "kiosk-idle-dim");
    egui::Window::new(
        RichText::new(i18n.tr("kiosk-idle-title"))
            .size(30.0)
            .strong(),
    )
    .id(egui::Id::new("kiosk-idle"))
    .order(egui::Order::Foreground)
    .collapsible(false)
    .resizable(false)
    .anchor(Align2::CENTER_CENTER, egui::Vec2::ZERO)
    .show(ctx, |ui| {
        ui.set_min_width(520.0);
        ui.vertical_centered(|ui| {
            ui.add_space(6.0);
            ui.label(
                RichText::new(i18n.tr_args("kiosk-idle-body", &[("seconds", seconds.into())]))
                    .size(24.0),
            );
            ui.add_space(6.0);
            ui.label(
                RichText::new(seconds.to_string())
                    .size(64.0)
                    .strong()
                    .color(Color32::from_rgb(158, 88, 18)),
            );
            ui.add_space(8.0);
            // Any touch keeps the game (it ends the countdown as it lands): the button says
            // where to touch.
            let _ = super::big_button(ui, &i18n.tr("kiosk-idle-continue"));
        });
    });
}
