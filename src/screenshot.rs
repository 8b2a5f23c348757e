//! `--screenshot PATH`: wait until the scene is complete, save a PNG, exit. `--frames N`: run
//! N frames once the scene is complete, print the mean and 99th-percentile frame time, exit.
//! `--show kichwa`: play the first move that asks for a kichwa by its clicks, and wait for the
//! question before the picture. `--show exercise`: play a move that misses the exercise, and
//! wait for the engine's verdict. `--show highlights`: play a move each (animations skipped),
//! ask for a hint and put the keyboard's focus on another legal pit.

mod hollows;

use crate::anim::SkipMove;
use crate::board::BuiltBoard;
use crate::cli::Options;
use crate::core::{Busy, GameCommand, PitClicked, Session};
use crate::input::{Focus, Selection};
use crate::lessons::{LessonRun, Stage};
use crate::seeds::Seed;
use bao_engine::{Move, Pit, Position};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::render::{Render, RenderApp};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(super) fn plugin(app: &mut App) {
    let waiting = PipelinesWaiting::default();
    app.init_resource::<Request>()
        .init_resource::<Progress>()
        .insert_resource(waiting.clone())
        .add_systems(
            Last,
            (
                click_a_move_that_asks_the_kichwa,
                miss_the_exercise,
                play_to_the_highlights,
                watch_readiness,
                take_screenshot,
                measure_frames,
            )
                .chain(),
        );
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(waiting)
            .add_systems(Render, count_waiting_pipelines);
    }
}

/// How many render pipelines are still being compiled (shared with the render world).
#[derive(Resource, Clone, Default)]
struct PipelinesWaiting(Arc<AtomicUsize>);

fn count_waiting_pipelines(cache: Res<PipelineCache>, waiting: Res<PipelinesWaiting>) {
    waiting
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

/// What the command line asked for.
#[derive(Resource, Default, Clone, Debug)]
pub(crate) struct Request {
    screenshot: Option<PathBuf>,
    /// A game is shown, so the board and its seeds must be built first (not on the title screen).
    board: bool,
    frames: Option<u32>,
    /// `--show kichwa`: the picture waits for a move's kichwa question.
    kichwa: bool,
    /// `--show exercise`: the picture waits for the verdict on a wrong try.
    exercise: bool,
    /// `--show highlights`: the picture waits for a move each, the hint and the focus.
    highlights: bool,
}

impl Request {
    /// The request of these command-line options.
    pub(crate) fn of(options: &Options) -> Request {
        Request {
            screenshot: options.screenshot.clone(),
            board: options.variant.is_some(),
            frames: options.frames,
            kichwa: options.show == crate::ui::Show::Kichwa,
            exercise: options.show == crate::ui::Show::Exercise,
            highlights: options.show == crate::ui::Show::Highlights,
        }
    }
}

/// Frames drawn with the whole scene in place and every pipeline compiled before the picture
/// is taken.
const SETTLE_FRAMES: u32 = 6;

#[derive(Resource, Default, Debug)]
struct Progress {
    /// Frames since the scene was complete.
    ready_frames: u32,
    /// Frames since the request began (for a give-up).
    frames: u32,
    /// The screenshot was asked for.
    requested: bool,
    /// It was written.
    saved: bool,
    /// `--show kichwa`, `--show exercise`, `--show highlights`: the move's clicks were sent.
    clicked: bool,
    /// `--show highlights`: the hint was asked for.
    hint_asked: bool,
    frame_times: Vec<f32>,
}

/// `--show kichwa`: once the board stands, clicks the start pit and the direction of the first
/// legal move that lets the mover choose a kichwa (KU-8c), as a person would.
fn click_a_move_that_asks_the_kichwa(
    request: Res<Request>,
    built: Res<BuiltBoard>,
    session: Res<Session>,
    mut progress: ResMut<Progress>,
    mut clicks: MessageWriter<PitClicked>,
) {
    if !request.kichwa || progress.clicked || built.0.is_none() {
        return;
    }
    progress.clicked = true;
    let position = *session.game().position();
    let asking = session
        .game()
        .legal_moves()
        .into_iter()
        .find(|m| m.choices().next().is_some());
    let Some(mv) = asking else {
        eprintln!("bao: no move of this position asks for a kichwa");
        return;
    };
    click_the_move(&position, mv, &mut clicks);
}

/// Clicks `mv`'s start pit and, in Kujifunza, the first pit of its direction.
fn click_the_move(position: &Position, mv: Move, clicks: &mut MessageWriter<PitClicked>) {
    let mover = position.to_move();
    let Some(start) = position.pit_named(mover, mv.pit()) else {
        return;
    };
    clicks.write(PitClicked(start));
    if let Some(first) = mv
        .direction()
        .and_then(|d| position.next_pit(mover, start, d))
    {
        clicks.write(PitClicked(first));
    }
}

/// `--show exercise`: once the exercise is on the board, clicks a move that misses it.
fn miss_the_exercise(
    request: Res<Request>,
    run: Res<LessonRun>,
    session: Res<Session>,
    mut progress: ResMut<Progress>,
    mut clicks: MessageWriter<PitClicked>,
) {
    let Some(active) = run
        .0
        .as_ref()
        .filter(|_| request.exercise && !progress.clicked)
    else {
        return;
    };
    let Some(lesson) = active
        .lesson()
        .filter(|_| active.stage == Stage::Exercise(None))
    else {
        return;
    };
    progress.clicked = true;
    let position = *session.game().position();
    let missing = position.legal_moves().into_iter().find(|&m| {
        lesson
            .exercise
            .task
            .judge(&position, m)
            .is_some_and(|a| !a.met)
    });
    if let Some(mv) = missing {
        click_the_move(&position, mv, &mut clicks);
    }
}

/// `--show highlights`: the person plays from the first pit that can start a move, the animations are skipped, and
/// once the computer has answered the hint is asked for and the keyboard's focus is put on a
/// pit the hint does not name.
fn play_to_the_highlights(
    request: Res<Request>,
    game: GameOnScreen,
    mut progress: ResMut<Progress>,
    mut player: PlayersHands,
) {
    if !request.highlights || game.built.0.is_none() {
        return;
    }
    if game.busy.moving {
        player.skips.write(SkipMove);
        return;
    }
    let session = &game.session;
    if !session.human_to_move(&game.busy) {
        return;
    }
    if !progress.clicked {
        // The start pit only: where it has one direction the click plays the move at once.
        progress.clicked = true;
        if let Some(&start) = session.start_pits().first() {
            player.clicks.write(PitClicked(start));
        }
        return;
    }
    if let Selection::Direction { targets, .. } = &*game.selection {
        if let Some(&(first, _)) = targets.first() {
            player.clicks.write(PitClicked(first));
        }
        return;
    }
    if session.game().moves().len() < 2 {
        return;
    }
    if !progress.hint_asked {
        progress.hint_asked = true;
        player.commands.write(GameCommand::Hint);
        return;
    }
    if let Some(hint) = hinted_pit(session)
        && player.focus.0.is_none()
    {
        player.focus.0 = another_pit_than(session, hint);
    }
}

/// The game as the picture's person sees it: the board, the session, what is moving and the
/// selection.
#[derive(SystemParam)]
struct GameOnScreen<'w> {
    built: Res<'w, BuiltBoard>,
    session: Res<'w, Session>,
    busy: Res<'w, Busy>,
    selection: Res<'w, Selection>,
}

/// What the picture's person does: clicks pits, skips animations, asks for the hint, moves the
/// keyboard's focus.
#[derive(SystemParam)]
struct PlayersHands<'w> {
    clicks: MessageWriter<'w, PitClicked>,
    skips: MessageWriter<'w, SkipMove>,
    commands: MessageWriter<'w, GameCommand>,
    focus: ResMut<'w, Focus>,
}

/// The pit the hint starts from, once it has come.
fn hinted_pit(session: &Session) -> Option<Pit> {
    let position = session.game().position();
    session
        .hint()
        .and_then(|m| position.pit_named(position.to_move(), m.pit()))
}

/// Another legal pit than `hint`, or (where the hint's is the only one) the pit beside it.
fn another_pit_than(session: &Session, hint: Pit) -> Option<Pit> {
    let position = session.game().position();
    let mover = position.to_move();
    session
        .start_pits()
        .into_iter()
        .find(|&p| p != hint)
        .or_else(|| position.next_pit(mover, hint, bao_engine::Direction::Clockwise))
}

/// The scene is complete when the board and every seed have their meshes and the renderer has
/// compiled every pipeline it needs (and, for `--show kichwa`, the question is asked).
fn watch_readiness(
    request: Res<Request>,
    scene: SceneBuilt,
    shown: ShownParts,
    mut progress: ResMut<Progress>,
) {
    if request.screenshot.is_none() && request.frames.is_none() {
        return;
    }
    progress.frames += 1;
    let ready = (scene.board_ready() || !request.board)
        && scene.pipelines_ready()
        && progress.frames > 2
        && shown.ready(&request);
    progress.ready_frames = if ready { progress.ready_frames + 1 } else { 0 };
}

/// The scene's parts the renderer needs: the board, its seeds with their meshes, and the
/// pipelines still being compiled.
#[derive(SystemParam)]
struct SceneBuilt<'w, 's> {
    built: Res<'w, BuiltBoard>,
    seeds: Query<'w, 's, (), (With<Seed>, With<Mesh3d>)>,
    waiting: Res<'w, PipelinesWaiting>,
}

impl SceneBuilt<'_, '_> {
    /// The board stands and every seed of its variant has its mesh.
    fn board_ready(&self) -> bool {
        self.built
            .0
            .is_some_and(|v| self.seeds.iter().count() == v.total_seeds() as usize)
    }

    fn pipelines_ready(&self) -> bool {
        self.waiting.0.load(Ordering::Relaxed) == 0
    }
}

/// What each `--show` waits for on screen: the kichwa's question, the keyboard's focus, the
/// exercise's verdict.
#[derive(SystemParam)]
struct ShownParts<'w> {
    selection: Res<'w, Selection>,
    run: Res<'w, LessonRun>,
    focus: Res<'w, Focus>,
}

impl ShownParts<'_> {
    fn ready(&self, request: &Request) -> bool {
        (!request.kichwa || matches!(*self.selection, Selection::Kichwa { .. }))
            && (!request.highlights || self.focus.0.is_some())
            && (!request.exercise
                || self
                    .run
                    .0
                    .as_ref()
                    .is_some_and(|a| matches!(a.stage, Stage::Exercise(Some(_)))))
    }
}

fn take_screenshot(
    mut commands: Commands,
    request: Res<Request>,
    small: Option<Res<crate::ui::SmallTargets>>,
    mut progress: ResMut<Progress>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(path) = &request.screenshot else {
        return;
    };
    if progress.saved {
        if path.exists() {
            println!("screenshot saved to {}", path.display());
            exit.write(report_small_targets(small.as_deref()));
        } else {
            eprintln!("bao: could not save the screenshot to {}", path.display());
            exit.write(AppExit::from_code(1));
        }
        return;
    }
    if !progress.requested && progress.ready_frames >= SETTLE_FRAMES {
        progress.requested = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()))
            .observe(hollows::print_figures)
            .observe(
                |_: On<ScreenshotCaptured>, mut progress: ResMut<Progress>| {
                    progress.saved = true;
                },
            );
    }
    if progress.frames > 2_000 && !progress.requested {
        eprintln!("bao: the scene did not become ready; no screenshot");
        exit.write(AppExit::from_code(1));
    }
}

/// `--check-targets`: the controls smaller than a fingertip, one line each; exit code 3 if any.
fn report_small_targets(small: Option<&crate::ui::SmallTargets>) -> AppExit {
    let Some(small) = small else {
        return AppExit::Success;
    };
    if small.0.is_empty() {
        println!(
            "touch targets: every control is at least {0}x{0} px",
            crate::ui::MIN_TARGET
        );
        return AppExit::Success;
    }
    for rect in small.0.values() {
        println!(
            "touch target too small: {:.0}x{:.0} px at ({:.0}, {:.0})",
            rect.width(),
            rect.height(),
            rect.left(),
            rect.top()
        );
    }
    AppExit::from_code(3)
}

fn measure_frames(
    request: Res<Request>,
    time: Res<Time<Real>>,
    mut progress: ResMut<Progress>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(wanted) = request.frames else {
        return;
    };
    if request.screenshot.is_some() && !progress.saved {
        return;
    }
    if progress.frame_times.is_empty() && progress.ready_frames < SETTLE_FRAMES {
        return;
    }
    progress.frame_times.push(time.delta_secs() * 1000.0);
    if progress.frame_times.len() as u32 >= wanted {
        let mut times = progress.frame_times.clone();
        times.sort_by(f32::total_cmp);
        let mean = times.iter().sum::<f32>() / times.len() as f32;
        let p99_index = ((times.len() as f32 * 0.99).ceil() as usize).clamp(1, times.len()) - 1;
        let p99 = times[p99_index];
        println!(
            "frames: {}  mean: {mean:.2} ms  p99: {p99:.2} ms  ({:.1} fps)",
            times.len(),
            1000.0 / mean.max(1e-3)
        );
        exit.write(AppExit::Success);
    }
}
