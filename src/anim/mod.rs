//! Sowing you can follow: each move is played from the engine's move trace, one step at a time,
//! timed on the animation clock (speed, pause), and can be finished at once (skip).

mod steps;

pub use steps::kichwa_pit;

use crate::CoreSet;
use crate::board::{BuiltBoard, Layout};
use crate::seeds::{AnimClock, Hand, Piles, Resync, Seed, snap_all};
use crate::session::{GameCommand, Screen, Session, Settings};
use bao_engine::{Move, Pit, Player, Position, Step, TraceReplay};
use bevy::prelude::*;
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Animation>()
        .init_resource::<Flashes>()
        .add_message::<PlayMove>()
        .add_message::<StepShown>()
        .add_systems(
            Update,
            (queue_moves, advance)
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Animate),
        )
        .add_systems(OnExit(Screen::Playing), reset);
}

/// Play this move on the engine's game and animate it (sent by the input, the computer, and
/// the rules examples).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayMove(pub Move);

/// A step of a move begins on the board (not when skipping): for the sounds.
#[derive(Message, Clone, Copy, Debug)]
pub struct StepShown {
    /// The step.
    pub step: Step,
    /// The animation-clock time it begins.
    pub start: f32,
    /// The board after the step.
    pub board: Position,
}

/// The moves waiting to be animated and the one being animated.
#[derive(Resource, Default)]
pub struct Animation {
    pending: VecDeque<Move>,
    running: Option<Running>,
}

impl Animation {
    /// Whether nothing is being animated and nothing waits.
    pub fn is_idle(&self) -> bool {
        self.running.is_none() && self.pending.is_empty()
    }

    /// The board as the animation shows it now, mid-move, if a move is running.
    pub fn shown(&self) -> Option<&Position> {
        self.running.as_ref().map(|r| r.replay.board())
    }

    /// Seeds in the hand of the running move.
    pub fn hand_count(&self) -> u32 {
        self.running.as_ref().map_or(0, |r| r.replay.hand())
    }

    /// Forgets every waiting move (the running one is finished by a skip).
    pub fn clear_pending(&mut self) {
        self.pending.clear();
    }

    /// Queues moves to be played and animated in order.
    pub fn enqueue(&mut self, moves: impl IntoIterator<Item = Move>) {
        self.pending.extend(moves);
    }
}

/// A move being animated.
struct Running {
    /// The board as shown, kept in step with the engine by replaying the trace.
    replay: TraceReplay,
    /// The steps still to show.
    steps: VecDeque<Step>,
    /// Clock time at which the current step is over.
    step_end: f32,
    /// The player moving.
    mover: Player,
    /// A step could not be shown: resynchronise at the end.
    broken: bool,
}

/// Short highlights of the pits a step acts on (the board view draws them).
#[derive(Resource, Default, Debug)]
pub struct Flashes(pub Vec<Flash>);

/// One highlight.
#[derive(Clone, Copy, Debug)]
pub struct Flash {
    /// The pit.
    pub pit: Pit,
    /// What happens there.
    pub kind: FlashKind,
    /// Clock time it starts.
    pub start: f32,
    /// Seconds it lasts.
    pub duration: f32,
}

/// What a highlight shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlashKind {
    /// The move starts here.
    Lift,
    /// A lap ended in an occupied pit: relay.
    Relay,
    /// Seeds are captured from here.
    Capture,
    /// A kichwa chosen or re-entered (Kujifunza).
    Kichwa,
    /// A hole reserved by this player (Kingulu).
    Reserve(Player),
    /// A seed taken as toll from a reserved hole (Kingulu).
    Toll,
}

fn queue_moves(mut moves: MessageReader<PlayMove>, mut anim: ResMut<Animation>) {
    for PlayMove(mv) in moves.read() {
        anim.pending.push_back(*mv);
    }
}

#[allow(
    clippy::too_many_arguments,
    reason = "the animation step touches the session, the seeds, the hand and the clock"
)]
fn advance(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut commands_in: MessageReader<GameCommand>,
    mut clock: ResMut<AnimClock>,
    mut anim: ResMut<Animation>,
    mut session: ResMut<Session>,
    mut piles: ResMut<Piles>,
    mut hand: ResMut<Hand>,
    mut flashes: ResMut<Flashes>,
    mut resync: MessageWriter<Resync>,
    mut shown: MessageWriter<StepShown>,
    built: Res<BuiltBoard>,
    seeds: Query<&Seed>,
) {
    let mut skip = commands_in.read().any(|c| *c == GameCommand::Skip) && anim.running.is_some();
    let skipped = skip;
    if !settings.paused {
        let speed = settings
            .anim_speed
            .clamp(Settings::MIN_SPEED, Settings::MAX_SPEED);
        clock.now += time.delta_secs() * speed;
    }
    flashes.0.retain(|f| f.start + f.duration > clock.now);
    let Some(variant) = built.0 else { return };
    if variant != session.variant() {
        return;
    }
    let layout = Layout::of(variant);
    let seed_of = |e: Entity| seeds.get(e).ok().copied();
    loop {
        if anim.running.is_none() {
            let Some(mv) = anim.pending.pop_front() else {
                break;
            };
            let before = *session.game.position();
            match session.game.play_traced(mv) {
                Ok(trace) => {
                    session.animating = true;
                    anim.running = Some(Running {
                        replay: TraceReplay::new(&before),
                        steps: trace.into(),
                        step_end: clock.now,
                        mover: before.to_move(),
                        broken: false,
                    });
                }
                Err(error) => {
                    session.feedback = Some(format!("{error}."));
                    continue;
                }
            }
        }
        let Some(run) = anim.running.as_mut() else {
            break;
        };
        if !skip && clock.now < run.step_end {
            break;
        }
        if let Some(step) = run.steps.pop_front() {
            if let Err(error) = run.replay.apply(&step) {
                error!("move trace does not fit the board: {error}");
                run.broken = true;
            }
            let start = if skip { clock.now } else { run.step_end };
            let mut ctx = steps::Ctx {
                commands: &mut commands,
                piles: &mut piles,
                hand: &mut hand,
                flashes: &mut flashes.0,
                layout: &layout,
                seed_of: &seed_of,
                mover: run.mover,
                board: run.replay.board(),
                instant: skip,
            };
            run.step_end = start + steps::show(&mut ctx, &step, start);
            if !skip {
                let board = *run.replay.board();
                shown.write(StepShown { step, start, board });
            }
            continue;
        }
        // Every step shown: the board must now be the engine's position.
        let broken = run.broken;
        anim.running = None;
        // A skip finishes the running move only; the moves after it are shown as usual.
        skip = false;
        session.animating = false;
        if broken || !piles.matches(session.game.position()) {
            error!("the seeds on the board differ from the engine's position; resynchronising");
            resync.write(Resync { glide: true });
        }
    }
    if skipped {
        snap_all(&mut commands, &layout, hand.at(clock.now), &piles, &seeds);
        flashes.0.clear();
    }
}

fn reset(mut anim: ResMut<Animation>, mut flashes: ResMut<Flashes>, mut session: ResMut<Session>) {
    *anim = Animation::default();
    flashes.0.clear();
    session.animating = false;
}
