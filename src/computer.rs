//! The computer player and hints: `bao-ai` thinks on a background task on the desktop, and a
//! slice of nodes per frame on the web, so a frame never waits for it.

use crate::core::{
    Busy, CoreSet, GameCommand, Level, MoveSource, Screen, Seat, SeatMove, Session, SessionChange,
    SessionChanges, Settings,
};
use bao_ai::{Known, Searcher};
use bao_engine::{Move, Position};
use bevy::prelude::*;

mod endgame;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(endgame::plugin)
        .init_resource::<Thinker>()
        .init_resource::<HintKnown>()
        .init_resource::<ComputerPace>()
        .add_systems(
            Update,
            (ask_for_hint, start_thinking, poll_thinking)
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Computer),
        )
        .add_systems(OnExit(Screen::Playing), stop_thinking);
}

/// The computer shows its move no sooner than this after its turn began, so that a person
/// can see whose turn it is (virtual seconds).
const MIN_THINK: f32 = 0.4;

/// How long the computer takes at least before it plays (virtual seconds): [`MIN_THINK`], or
/// longer where a layer above asks for it (the kiosk's attract loop, so that its caption of
/// each move can be read before the next move begins).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(crate) struct ComputerPace {
    /// The shortest time from the computer's turn to its move.
    pub(crate) min_think: f32,
}

impl Default for ComputerPace {
    fn default() -> Self {
        ComputerPace {
            min_think: MIN_THINK,
        }
    }
}
/// How long the search may run in one frame on the web, where it shares the only thread with
/// the game: a few milliseconds, so that a 60 Hz frame keeps most of its 16.7 ms.
#[cfg(target_arch = "wasm32")]
const SLICE: std::time::Duration = std::time::Duration::from_millis(6);
/// Nodes searched between two looks at the clock on the web (well under a millisecond).
#[cfg(target_arch = "wasm32")]
const NODES_PER_LOOK: u64 = 256;
/// The level whose move a hint suggests.
const HINT_LEVEL: Level = Level::Hard;

/// What the search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The computer's own move.
    Play,
    /// A suggestion for a person ([`Session::hint`]).
    Hint,
}

/// What perfect play knows of the hint's move (a proof, the endgame table), for the overlay to
/// say beside the hint; `None` when the hint was searched.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub(crate) struct HintKnown(pub(crate) Option<(Move, Known)>);

/// The search running now, if any.
#[derive(Resource, Default)]
struct Thinker {
    job: Option<Job>,
}

struct Job {
    purpose: Purpose,
    /// The position searched: a result for another position is thrown away.
    position: Position,
    /// How many moves the game had when the search began.
    ply: usize,
    /// When the search began (virtual seconds).
    started: f32,
    work: Work,
}

/// A finished search: its move, and what perfect play knew of it.
type Answer = (Option<Move>, Option<Known>);

#[cfg(not(target_arch = "wasm32"))]
type Work = bevy::tasks::Task<Answer>;
#[cfg(target_arch = "wasm32")]
type Work = Searcher;

fn spawn_work(searcher: Searcher) -> Work {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let mut searcher = searcher;
        bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
            searcher.think_to_end();
            (searcher.best_move(), searcher.known())
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        searcher
    }
}

/// The result, once the search is done.
fn poll_work(work: &mut Work) -> Option<Answer> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        bevy::tasks::futures::check_ready(work)
    }
    #[cfg(target_arch = "wasm32")]
    {
        // `std::time::Instant` panics on the web; Bevy's reads the browser's clock.
        let start = bevy::platform::time::Instant::now();
        loop {
            if work.think(NODES_PER_LOOK) {
                return Some((work.best_move(), work.known()));
            }
            if start.elapsed() >= SLICE {
                return None;
            }
        }
    }
}

fn seed_for(session: &Session) -> u64 {
    0x5EED_0000 ^ (session.game().moves().len() as u64) ^ ((session.variant() as u64) << 20)
}

fn ask_for_hint(
    mut commands_in: MessageReader<GameCommand>,
    mut thinker: ResMut<Thinker>,
    session: Res<Session>,
    busy: Res<Busy>,
    (time, mut changes): (Res<Time>, SessionChanges),
) {
    if !commands_in.read().any(|c| *c == GameCommand::Hint) {
        return;
    }
    // A puzzle's hint is its solver's (`puzzles`).
    if thinker.job.is_some() || !session.human_to_move(&busy) || session.activity().is_guided() {
        return;
    }
    changes.write(SessionChange::Hint(None));
    // Where perfect play is known (a proof, the endgame table), the hint is the perfect move.
    let searcher = Searcher::new(session.game(), HINT_LEVEL, seed_for(&session))
        .with_perfect_play(session.game());
    thinker.job = Some(Job {
        purpose: Purpose::Hint,
        position: *session.game().position(),
        ply: session.game().moves().len(),
        started: time.elapsed_secs(),
        work: spawn_work(searcher),
    });
}

fn start_thinking(
    mut thinker: ResMut<Thinker>,
    session: Res<Session>,
    mut busy: ResMut<Busy>,
    time: Res<Time>,
) {
    // A puzzle's defence is its exact solver's (`puzzles`).
    if thinker.job.is_some() || busy.moving || session.activity().is_guided() {
        return;
    }
    if session.game().outcome().is_over() {
        busy.thinking = false;
        return;
    }
    let Seat::Computer(level) = session.seat(session.game().position().to_move()) else {
        return;
    };
    let searcher = Searcher::new(session.game(), level, seed_for(&session));
    thinker.job = Some(Job {
        purpose: Purpose::Play,
        position: *session.game().position(),
        ply: session.game().moves().len(),
        started: time.elapsed_secs(),
        work: spawn_work(searcher),
    });
    busy.thinking = true;
}

/// What the computer's answer is sent as: its move to the core, a hint to the session.
#[derive(bevy::ecs::system::SystemParam)]
struct Answers<'w> {
    moves: MessageWriter<'w, SeatMove>,
    changes: SessionChanges<'w>,
    known: ResMut<'w, HintKnown>,
}

fn poll_thinking(
    mut thinker: ResMut<Thinker>,
    session: Res<Session>,
    mut busy: ResMut<Busy>,
    (time, pace, settings): (Res<Time>, Res<ComputerPace>, Res<Settings>),
    mut answers: Answers,
) {
    let Some(job) = thinker.job.as_mut() else {
        return;
    };
    let stale =
        *session.game().position() != job.position || session.game().moves().len() != job.ply;
    if stale {
        // The game changed (undo, a new game, an example): this answer is for nothing.
        thinker.job = None;
        busy.thinking = false;
        return;
    }
    // Paused (the setting, or the game's menu open): the computer's move waits with the seeds.
    let early = time.elapsed_secs() - job.started < pace.min_think;
    if job.purpose == Purpose::Play && (early || settings.paused) {
        return;
    }
    let Some((result, known)) = poll_work(&mut job.work) else {
        return;
    };
    let purpose = job.purpose;
    thinker.job = None;
    match purpose {
        Purpose::Play => {
            busy.thinking = false;
            if let Some(mv) = result {
                answers
                    .moves
                    .write(SeatMove::next(&session, mv, MoveSource::Computer));
            }
        }
        Purpose::Hint => {
            answers.known.0 = result.zip(known);
            answers.changes.write(SessionChange::Hint(result));
        }
    }
}

fn stop_thinking(mut thinker: ResMut<Thinker>, mut busy: ResMut<Busy>) {
    thinker.job = None;
    busy.thinking = false;
}
