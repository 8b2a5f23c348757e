//! Sowing you can follow: each move is played from the engine's move trace, one step at a time,
//! timed on the animation clock (speed, pause), and can be finished at once (skip).

mod steps;

use crate::board::{BuiltBoard, Layout, MoveRings, Ring};
use crate::core::{
    Busy, CoreSet, GameCommand, MidMove, MovePlayed, MoveRefused, Screen, Session, SessionReplaced,
    Settings, Shown,
};
use crate::seeds::{AnimClock, Hand, Piles, Resync, Seed, snap_all};
use bao_engine::{Kichwa, Move, Pit, Player, Position, Step, TraceReplay};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Animation>()
        .init_resource::<Flashes>()
        .add_message::<PlayChoosing>()
        .add_message::<StepShown>()
        .add_message::<SkipMove>()
        .add_systems(
            Update,
            (
                follow_the_session,
                take_back,
                queue_moves,
                tick_clock,
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

/// Show one of these moves, which start alike and differ only in their kichwa choices (KU-8),
/// before it is played: the animation runs up to the first choice that tells them apart and
/// waits there, seeds in the hand, until the player picks a kichwa ([`Animation::choose`]).
/// So the player chooses seeing the capture that gives the choice, as at a real board. Once
/// one move is left ([`Animation::decided`]), the input sends it to the core like any other,
/// and the animation goes on showing it when the core has played it ([`MovePlayed`]).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayChoosing(pub Vec<Move>);

/// A move queued for the animation.
#[derive(Clone, Debug)]
enum Pending {
    /// A move the core played: the position it was played from, its ply and its steps.
    Played {
        /// The position before the move.
        before: Position,
        /// The moves of the game before it.
        ply: usize,
        /// The engine's steps.
        trace: Vec<Step>,
    },
    /// Moves still to be told apart by the player's kichwa choices: the first, and all.
    Choosing(Move, Vec<Move>),
}

/// A step of a move begins on the board (not when skipping): for the sounds.
#[derive(Message, Clone, Copy, Debug)]
pub(crate) struct StepShown {
    /// The step.
    pub(crate) step: Step,
    /// The animation-clock time it begins.
    pub(crate) start: f32,
    /// The board after the step.
    pub(crate) board: Position,
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

    /// The move the player's kichwa choices have settled on, while the game has not played it
    /// yet: the input sends it to the core.
    pub(crate) fn decided(&self) -> Option<Move> {
        match self.running.as_ref()?.open.as_ref()?.candidates.as_slice() {
            [only] => Some(*only),
            _ => None,
        }
    }

    /// Whether the running move still waits for kichwa choices (it is not yet played on the
    /// game).
    pub fn is_choosing(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.open.is_some())
    }

    /// The choice the animation waits for, if it is stopped at one: which choice of the move
    /// it is (0 for the first) and the moves still possible.
    pub(crate) fn asking(&self) -> Option<(usize, &[Move])> {
        let open = self.running.as_ref()?.open.as_ref()?;
        open.waiting
            .then_some((open.choices_seen, open.candidates.as_slice()))
    }

    /// The player picked `kichwa` at the choice the animation waits for: the moves that choose
    /// otherwise are dropped and the animation goes on. False if nothing waits or no move
    /// chooses `kichwa` there.
    pub(crate) fn choose(&mut self, kichwa: Kichwa) -> bool {
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
    pub(crate) fn cancel_choosing(&mut self) -> bool {
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
    /// The moves of the game before this one.
    ply: usize,
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
pub(crate) struct Flashes(pub Vec<Flash>);

/// One highlight.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flash {
    /// The pit.
    pub(crate) pit: Pit,
    /// What happens there.
    pub(crate) kind: FlashKind,
    /// Clock time it starts.
    pub(crate) start: f32,
    /// Seconds it lasts.
    pub(crate) duration: f32,
}

/// What a highlight shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FlashKind {
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

/// Queues the moves the core played and the moves a player is choosing between; a move
/// being chosen that the core has now played goes on as played, one it refused is dropped.
fn queue_moves(
    mut played: MessageReader<MovePlayed>,
    mut refused: MessageReader<MoveRefused>,
    mut choosing: MessageReader<PlayChoosing>,
    mut anim: ResMut<Animation>,
    mut resync: MessageWriter<Resync>,
) {
    for PlayChoosing(candidates) in choosing.read() {
        if let [first, ..] = candidates.as_slice() {
            anim.pending
                .push_back(Pending::Choosing(*first, candidates.clone()));
        }
    }
    for news in played.read() {
        if anim.confirm_chosen(news) {
            continue;
        }
        anim.pending.push_back(Pending::Played {
            before: news.before,
            ply: news.ply,
            trace: news.trace.clone(),
        });
    }
    for refusal in refused.read() {
        if anim.decided() == Some(refusal.sent.mv) && anim.cancel_choosing() {
            resync.write(Resync { glide: true });
        }
    }
}

impl Animation {
    /// The core played the move being chosen: it is shown on as a played move. False if
    /// `news` is another move.
    fn confirm_chosen(&mut self, news: &MovePlayed) -> bool {
        let Some(run) = self.running.as_mut() else {
            return false;
        };
        let chosen = run
            .open
            .as_ref()
            .is_some_and(|open| open.candidates == [news.mv]);
        if chosen {
            run.open = None;
        }
        chosen
    }
}

/// Moves the animation clock on (speed, pause, a lesson's slower pace) and lets the
/// highlights that are over go.
fn tick_clock(
    time: Res<Time>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut clock: ResMut<AnimClock>,
    mut flashes: ResMut<Flashes>,
) {
    if !settings.paused {
        let speed = settings
            .anim_speed
            .clamp(Settings::MIN_SPEED, Settings::MAX_SPEED);
        clock.now += time.delta_secs() * speed * session.activity().pace();
    }
    flashes.0.retain(|f| f.start + f.duration > clock.now);
}

/// What the animation acts on: the seeds' piles, the hand, the highlights, the seed entities,
/// and the news it sends (a step shown, the seeds to put back in place).
#[derive(SystemParam)]
struct SeedBoard<'w, 's> {
    commands: Commands<'w, 's>,
    piles: ResMut<'w, Piles>,
    hand: ResMut<'w, Hand>,
    flashes: ResMut<'w, Flashes>,
    seeds: Query<'w, 's, &'static Seed>,
    resync: MessageWriter<'w, Resync>,
    shown: MessageWriter<'w, StepShown>,
}

/// Shows the queued moves step by step on the animation clock; a skip finishes the running
/// move at once.
fn advance(
    mut skips: MessageReader<SkipMove>,
    mut anim: ResMut<Animation>,
    (session, built, clock, settings): (
        Res<Session>,
        Res<BuiltBoard>,
        Res<AnimClock>,
        Res<Settings>,
    ),
    mut board: SeedBoard,
) {
    let skipped = skips.read().count() > 0 && anim.running.is_some();
    let Some(variant) = built.0.filter(|&v| v == session.variant()) else {
        return;
    };
    let layout = Layout::of(variant);
    let how = Showing {
        layout: &layout,
        now: clock.now,
        glide: settings.reduced_motion,
    };
    let mut skip = skipped;
    while let Some(run) = next_running(&mut anim, &mut board, &session, clock.now) {
        match show_next_step(run, &mut board, &how, skip) {
            Progress::Later => break,
            Progress::Step => continue,
            Progress::Done => {}
        }
        let broken = run.broken;
        anim.running = None;
        // A skip finishes the running move only; the moves after it are shown as usual.
        skip = false;
        if broken || !board.piles.matches(session.game().position()) {
            error!("the seeds on the board differ from the engine's position; resynchronising");
            board.resync.write(Resync { glide: true });
        }
    }
    if let Some(run) = anim.running.as_mut() {
        run.settle_landings(clock.now);
    }
    if skipped {
        let at = board.hand.at(clock.now);
        snap_all(&mut board.commands, &layout, at, &board.piles, &board.seeds);
        board.flashes.0.clear();
    }
}

/// How the steps are shown this frame: on which board, at what clock time, gliding or not.
struct Showing<'a> {
    layout: &'a Layout,
    now: f32,
    glide: bool,
}

/// What became of the running move this frame.
enum Progress {
    /// It waits: for the clock, or for the player's kichwa.
    Later,
    /// One more of its steps began.
    Step,
    /// Every step is shown.
    Done,
}

/// The move being shown: the running one, else the next queued one started.
fn next_running<'a>(
    anim: &'a mut Animation,
    board: &mut SeedBoard,
    session: &Session,
    now: f32,
) -> Option<&'a mut Running> {
    if anim.running.is_none() {
        let next = anim.pending.pop_front()?;
        match start_move(next, session, now) {
            Ok(run) => anim.running = Some(run),
            Err(error) => {
                error!("a queued move cannot be shown: {error}");
                board.resync.write(Resync { glide: true });
                return None;
            }
        }
    }
    let run = anim.running.as_mut()?;
    settle_choices(run);
    Some(run)
}

/// Begins the running move's next step when the clock has reached it (at once when skipping).
fn show_next_step(run: &mut Running, board: &mut SeedBoard, how: &Showing, skip: bool) -> Progress {
    if run.open.as_ref().is_some_and(|o| o.waiting) {
        // The player chooses the kichwa; a skip stops here too.
        return Progress::Later;
    }
    if !skip && how.now < run.step_end {
        return Progress::Later;
    }
    if let Some(open) = run.open.as_mut().filter(|_| run.steps.is_empty()) {
        // Every step of a move still being chosen is shown: the input sends the move the
        // choices settled on ([`Animation::decided`]) and the core plays it. Moves that differ
        // only after their last choice step cannot both be legal: the first is taken.
        open.candidates.truncate(1);
        return Progress::Later;
    }
    let Some(step) = run.steps.pop_front() else {
        return Progress::Done;
    };
    run.shown += 1;
    if let (Some(open), Step::Choice { .. }) = (run.open.as_mut(), &step) {
        open.choices_seen += 1;
    }
    if let Err(error) = run.replay.apply(&step) {
        error!("move trace does not fit the board: {error}");
        run.broken = true;
    }
    let start = if skip { how.now } else { run.step_end };
    let seed_of = |e: Entity| board.seeds.get(e).ok().copied();
    let mut ctx = steps::Ctx {
        commands: &mut board.commands,
        piles: &mut board.piles,
        hand: &mut board.hand,
        flashes: &mut board.flashes.0,
        layout: how.layout,
        seed_of: &seed_of,
        mover: run.mover,
        board: run.replay.board(),
        instant: skip,
        glide: how.glide,
        landing: start,
    };
    run.step_end = start + steps::show(&mut ctx, &step, start);
    let landing = ctx.landing;
    run.landing.push_back((landing, *run.replay.board()));
    if !skip {
        let board_after = *run.replay.board();
        board.shown.write(StepShown {
            step,
            start,
            board: board_after,
        });
    }
    Progress::Step
}

/// Starts showing a queued move: one the core played, or (kichwa choices still to make) the
/// first of the moves the player chooses between, which the core plays once they are told
/// apart.
fn start_move(
    next: Pending,
    session: &Session,
    now: f32,
) -> Result<Running, bao_engine::PlayError> {
    let (before, ply, steps, open) = match next {
        Pending::Played { before, ply, trace } => (before, ply, trace, None),
        Pending::Choosing(first, candidates) => {
            let before = *session.game().position();
            let (_, steps) = before.play_traced(first)?;
            let open = OpenMove {
                before,
                candidates,
                choices_seen: 0,
                waiting: false,
            };
            (before, session.game().moves().len(), steps, Some(open))
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
        ply,
        open,
    })
}
/// For a move still being chosen: stops the animation at the next choice step where the
/// moves still possible differ.
fn settle_choices(run: &mut Running) {
    let Some(open) = run.open.as_mut() else {
        return;
    };
    if !open.waiting
        && matches!(run.steps.front(), Some(Step::Choice { .. }))
        && open.differ_at(open.choices_seen)
    {
        open.waiting = true;
    }
}

/// Another session is on the board: the moves of the old one are dropped.
fn follow_the_session(
    mut replaced: MessageReader<SessionReplaced>,
    mut anim: ResMut<Animation>,
    mut flashes: ResMut<Flashes>,
) {
    if replaced.read().last().is_none() {
        return;
    }
    *anim = Animation::default();
    flashes.0.clear();
}

/// An undo while a move's kichwa is being chosen drops that move: the game never played it, so
/// the board shows the position before it again. (The moves queued here are all played already:
/// the core takes an undo only once they are shown, and stops an example's script itself.)
fn take_back(
    mut commands_in: MessageReader<GameCommand>,
    mut anim: ResMut<Animation>,
    mut resync: MessageWriter<Resync>,
) {
    for command in commands_in.read() {
        if *command != GameCommand::Undo {
            continue;
        }
        if anim.cancel_choosing() {
            resync.write(Resync { glide: true });
        }
    }
}

/// Asks the board for the rings of the step being shown (the latest highlight of each pit that
/// has begun), and tells the core what the board shows mid-move.
fn tell_what_is_shown(
    anim: Res<Animation>,
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
        plies: run.ply,
        steps: run.shown,
    });
    shown.set_if_neq(Shown { mid_move });
}

/// Tells everyone who waits for the board whether a move is shown or waits to be: the one
/// writer of `Busy::moving` while the board is up (last in the animation's chain, so nobody
/// reads a stale value from it in between).
fn tell_busy(anim: Res<Animation>, session: Res<Session>, mut busy: ResMut<Busy>) {
    // A "show me" example's moves still to come count as moving: nobody acts in between.
    let moving = !anim.is_idle() || session.scripted();
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
