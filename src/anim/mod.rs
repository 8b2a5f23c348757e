//! Sowing you can follow: each move is played from the engine's move trace, one step at a time,
//! timed on the animation clock (speed, pause), and can be finished at once (skip).

mod steps;

use crate::board::{BuiltBoard, Layout, MoveRings, Ring};
use crate::core::{
    Busy, CoreSet, Feedback, GameCommand, MidMove, Screen, Session, SessionReplaced, Settings,
    Shown,
};
use crate::seeds::{AnimClock, Hand, Piles, Resync, Seed, snap_all};
use bao_engine::{Kichwa, Move, Pit, Player, Position, Step, TraceReplay};
use bevy::prelude::*;
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Animation>()
        .init_resource::<Flashes>()
        .add_message::<PlayMove>()
        .add_message::<PlayChoosing>()
        .add_message::<StepShown>()
        .add_message::<SkipMove>()
        .add_systems(
            Update,
            (
                follow_the_session,
                take_back,
                queue_moves,
                advance,
                tell_what_is_shown,
                tell_busy,
            )
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Animate),
        )
        .add_systems(OnExit(Screen::Playing), reset);
}

/// Finish the running move's animation at once (a click on the board while seeds move, the
/// skip button, the replay viewer's step).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SkipMove;

/// Play this move on the engine's game and animate it (sent by the input, the computer, and
/// the rules examples).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayMove(pub Move);

/// Play one of these moves, which start alike and differ only in their kichwa choices (KU-8):
/// the animation runs up to the first choice that tells them apart and waits there, seeds in
/// the hand, until the player picks a kichwa ([`Animation::choose`]). So the player chooses
/// seeing the capture that gives the choice, as at a real board.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PlayChoosing(pub Vec<Move>);

/// A move queued for the animation.
#[derive(Clone, Debug)]
enum Pending {
    /// A complete move.
    Move(Move),
    /// Moves still to be told apart by the player's kichwa choices: the first, and all.
    Choosing(Move, Vec<Move>),
}

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
    pending: VecDeque<Pending>,
    running: Option<Running>,
}

impl Animation {
    /// Whether nothing is being animated and nothing waits.
    pub fn is_idle(&self) -> bool {
        self.running.is_none() && self.pending.is_empty()
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
        self.pending.extend(moves.into_iter().map(Pending::Move));
    }

    /// Whether the running move still waits for kichwa choices (it is not yet played on the
    /// game).
    pub fn is_choosing(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.open.is_some())
    }

    /// The choice the animation waits for, if it is stopped at one: which choice of the move
    /// it is (0 for the first) and the moves still possible.
    pub fn asking(&self) -> Option<(usize, &[Move])> {
        let open = self.running.as_ref()?.open.as_ref()?;
        open.waiting
            .then_some((open.choices_seen, open.candidates.as_slice()))
    }

    /// The player picked `kichwa` at the choice the animation waits for: the moves that choose
    /// otherwise are dropped and the animation goes on. False if nothing waits or no move
    /// chooses `kichwa` there.
    pub fn choose(&mut self, kichwa: Kichwa) -> bool {
        let Some(run) = self.running.as_mut() else {
            return false;
        };
        let Some(open) = run.open.as_mut().filter(|o| o.waiting) else {
            return false;
        };
        let index = open.choices_seen;
        let kept: Vec<Move> = open
            .candidates
            .iter()
            .copied()
            .filter(|m| m.choice(index) == Some(kichwa))
            .collect();
        let Some(&first) = kept.first() else {
            return false;
        };
        // Every kept move shows the same steps so far; from here on, show the first one's.
        let Ok((_, trace)) = open.before.play_traced(first) else {
            return false;
        };
        open.candidates = kept;
        open.waiting = false;
        run.steps = trace.into_iter().skip(run.shown).collect();
        true
    }

    /// Drops a running move whose choices are not all made (an undo while the animation waits
    /// for a kichwa): the game never played it. True if there was one.
    pub fn cancel_choosing(&mut self) -> bool {
        if self.is_choosing() {
            self.running = None;
            true
        } else {
            false
        }
    }
}

/// A move being animated.
struct Running {
    /// The board as shown, kept in step with the engine by replaying the trace.
    replay: TraceReplay,
    /// The board after the steps whose seeds have all landed.
    landed: Position,
    /// The steps shown whose seeds are still in the air: when the last one lands, and the
    /// board after the step.
    landing: VecDeque<(f32, Position)>,
    /// The steps still to show.
    steps: VecDeque<Step>,
    /// Clock time at which the current step is over.
    step_end: f32,
    /// The player moving.
    mover: Player,
    /// A step could not be shown: resynchronise at the end.
    broken: bool,
    /// Steps shown so far.
    shown: usize,
    /// The move's kichwa choices are still being made; the game has not played it yet.
    open: Option<OpenMove>,
}

impl Running {
    /// The board the landed seeds make: the steps whose last seed has landed by `now` (a hair
    /// early, so that the board never lags a frame behind a seed at rest).
    fn settle_landings(&mut self, now: f32) {
        while let Some(&(at, board)) = self.landing.front() {
            if at > now + LANDING_SLACK {
                break;
            }
            self.landed = board;
            self.landing.pop_front();
        }
    }
}

/// Clock seconds by which a landing may be counted early (float rounding between the
/// animation's sum and the seeds' own flight time).
const LANDING_SLACK: f32 = 1e-4;

/// A move being shown while the player still makes its kichwa choices (KU-8).
struct OpenMove {
    /// The position the move starts from.
    before: Position,
    /// The moves still possible: alike up to the choices not yet made.
    candidates: Vec<Move>,
    /// Choice steps shown so far: the index of the next choice.
    choices_seen: usize,
    /// Stopped at a choice, waiting for the player.
    waiting: bool,
}

impl OpenMove {
    /// Whether the moves still possible differ at choice `index`.
    fn differ_at(&self, index: usize) -> bool {
        let mut choices = self.candidates.iter().map(|m| m.choice(index));
        let first = choices.next().flatten();
        choices.any(|c| c != first)
    }
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

fn queue_moves(
    mut moves: MessageReader<PlayMove>,
    mut choosing: MessageReader<PlayChoosing>,
    mut anim: ResMut<Animation>,
) {
    for PlayMove(mv) in moves.read() {
        anim.pending.push_back(Pending::Move(*mv));
    }
    for PlayChoosing(candidates) in choosing.read() {
        let next = match candidates.as_slice() {
            [] => continue,
            [only] => Pending::Move(*only),
            [first, ..] => Pending::Choosing(*first, candidates.clone()),
        };
        anim.pending.push_back(next);
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
    mut skips: MessageReader<SkipMove>,
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
    let mut skip = skips.read().count() > 0 && anim.running.is_some();
    let skipped = skip;
    if !settings.paused {
        let speed = settings
            .anim_speed
            .clamp(Settings::MIN_SPEED, Settings::MAX_SPEED);
        clock.now += time.delta_secs() * speed * session.origin.pace();
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
            let Some(next) = anim.pending.pop_front() else {
                break;
            };
            match start_move(&mut session, next, clock.now) {
                Ok(run) => anim.running = Some(run),
                Err(error) => {
                    session.feedback = Some(Feedback::Refused(error.mv, error.kind));
                    continue;
                }
            }
        }
        let Some(run) = anim.running.as_mut() else {
            break;
        };
        if let Err(error) = settle_choices(run, &mut session) {
            session.feedback = Some(Feedback::Refused(error.mv, error.kind));
            anim.running = None;
            resync.write(Resync { glide: true });
            continue;
        }
        if run.open.as_ref().is_some_and(|o| o.waiting) {
            // The player chooses the kichwa; a skip stops here too.
            break;
        }
        if !skip && clock.now < run.step_end {
            break;
        }
        if let Some(step) = run.steps.pop_front() {
            run.shown += 1;
            if let (Some(open), Step::Choice { .. }) = (run.open.as_mut(), &step) {
                open.choices_seen += 1;
            }
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
                glide: settings.reduced_motion,
                landing: start,
            };
            run.step_end = start + steps::show(&mut ctx, &step, start);
            let landing = ctx.landing;
            run.landing.push_back((landing, *run.replay.board()));
            if !skip {
                let board = *run.replay.board();
                shown.write(StepShown { step, start, board });
            }
            continue;
        }
        // Every step shown: the board must now be the engine's position.
        if let Some(open) = run.open.take() {
            // Moves that differ only after their last choice step cannot both be legal; play
            // the first rather than leave the game behind the board.
            if let Some(&mv) = open.candidates.first()
                && let Err(error) = session.game.play(mv)
            {
                session.feedback = Some(Feedback::Refused(error.mv, error.kind));
                run.broken = true;
            }
        }
        let broken = run.broken;
        anim.running = None;
        // A skip finishes the running move only; the moves after it are shown as usual.
        skip = false;
        if broken || !piles.matches(session.game.position()) {
            error!("the seeds on the board differ from the engine's position; resynchronising");
            resync.write(Resync { glide: true });
        }
    }
    if let Some(run) = anim.running.as_mut() {
        run.settle_landings(clock.now);
    }
    if skipped {
        snap_all(&mut commands, &layout, hand.at(clock.now), &piles, &seeds);
        flashes.0.clear();
    }
}

/// Starts showing a queued move. A complete move is played on the game at once (the board
/// catches up as the steps are shown); moves still to be chosen between are played when the
/// player's kichwa choices have told them apart.
fn start_move(
    session: &mut Session,
    next: Pending,
    now: f32,
) -> Result<Running, bao_engine::PlayError> {
    let before = *session.game.position();
    let (steps, open) = match next {
        Pending::Move(mv) => (session.game.play_traced(mv)?, None),
        Pending::Choosing(first, candidates) => {
            let (_, steps) = before.play_traced(first)?;
            let open = OpenMove {
                before,
                candidates,
                choices_seen: 0,
                waiting: false,
            };
            (steps, Some(open))
        }
    };
    Ok(Running {
        replay: TraceReplay::new(&before),
        landed: before,
        landing: VecDeque::new(),
        steps: steps.into(),
        step_end: now,
        mover: before.to_move(),
        broken: false,
        shown: 0,
        open,
    })
}

/// For a move still being chosen: plays it on the game once one candidate is left, or stops
/// the animation at the next choice step where the candidates differ.
fn settle_choices(run: &mut Running, session: &mut Session) -> Result<(), bao_engine::PlayError> {
    let Some(open) = run.open.as_mut() else {
        return Ok(());
    };
    if let [only] = open.candidates.as_slice() {
        session.game.play(*only)?;
        run.open = None;
        return Ok(());
    }
    if !open.waiting
        && matches!(run.steps.front(), Some(Step::Choice { .. }))
        && open.differ_at(open.choices_seen)
    {
        open.waiting = true;
    }
    Ok(())
}

/// Another session is on the board: the moves of the old one are dropped, and the new one's
/// (a "show me" example's) are queued.
fn follow_the_session(
    mut replaced: MessageReader<SessionReplaced>,
    mut anim: ResMut<Animation>,
    mut flashes: ResMut<Flashes>,
) {
    let Some(news) = replaced.read().last() else {
        return;
    };
    *anim = Animation::default();
    flashes.0.clear();
    anim.enqueue(news.play.iter().copied());
}

/// An undo drops the moves still waiting; a move whose kichwa is being chosen was never
/// played, so the board shows the position before it again.
fn take_back(
    mut commands_in: MessageReader<GameCommand>,
    mut anim: ResMut<Animation>,
    mut resync: MessageWriter<Resync>,
) {
    for command in commands_in.read() {
        if *command != GameCommand::Undo {
            continue;
        }
        anim.clear_pending();
        if anim.cancel_choosing() {
            resync.write(Resync { glide: true });
        }
    }
}

/// Asks the board for the rings of the step being shown (the latest highlight of each pit that
/// has begun), and tells the core what the board shows mid-move.
fn tell_what_is_shown(
    anim: Res<Animation>,
    session: Res<Session>,
    flashes: Res<Flashes>,
    clock: Res<AnimClock>,
    mut rings: ResMut<MoveRings>,
    mut shown: ResMut<Shown>,
) {
    let mut wanted: Vec<(Pit, Ring)> = Vec::new();
    for flash in flashes.0.iter().rev().filter(|f| clock.now >= f.start) {
        if wanted.iter().all(|(pit, _)| *pit != flash.pit) {
            wanted.push((flash.pit, flash.kind.ring()));
        }
    }
    rings.set_if_neq(MoveRings(wanted));
    let mid_move = anim.running.as_ref().map(|run| MidMove {
        board: run.landed,
        // A move being chosen is not played on the game yet; any other running move is.
        plies: session.game.moves().len() - usize::from(run.open.is_none()),
        steps: run.shown,
    });
    shown.set_if_neq(Shown { mid_move });
}

/// Tells everyone who waits for the board whether a move is shown or waits to be: the one
/// writer of `Busy::moving` while the board is up (last in the animation's chain, so nobody
/// reads a stale value from it in between).
fn tell_busy(anim: Res<Animation>, mut busy: ResMut<Busy>) {
    let moving = !anim.is_idle();
    if busy.moving != moving {
        busy.moving = moving;
    }
}

impl FlashKind {
    /// The ring the board draws for this highlight.
    fn ring(self) -> Ring {
        match self {
            FlashKind::Capture | FlashKind::Toll => Ring::Capture,
            FlashKind::Kichwa => Ring::Target,
            FlashKind::Reserve(_) => Ring::Reserved,
            FlashKind::Lift | FlashKind::Relay => Ring::Relay,
        }
    }
}

fn reset(
    mut anim: ResMut<Animation>,
    mut flashes: ResMut<Flashes>,
    mut busy: ResMut<Busy>,
    mut rings: ResMut<MoveRings>,
    mut shown: ResMut<Shown>,
) {
    *anim = Animation::default();
    flashes.0.clear();
    busy.moving = false;
    rings.0.clear();
    shown.mid_move = None;
}
