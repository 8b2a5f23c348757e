//! The review of a whole game: every move judged against the best one (`bao_ai::review`), worked
//! out in the background while the game is shown in the replay viewer, so that a click on a move
//! puts its position on the board.
//!
//! The desktop reviews on a thread of its own; the web, whose only thread also draws the
//! frames, a few milliseconds of every frame. Both give the same review: the reviewer's result
//! does not depend on how its work is sliced, and it is the one `bao-cli review` prints.
//!
//! A review is opened for the game on the board (after the game, from its game-over card), for a
//! saved game, or for a game received in a link ([`ReviewCommand`]). It lasts as long as the
//! replay viewer shows its game; "show the better move" interrupts the replay with a "show me"
//! example, and the viewer comes back with the replay after it.

use super::replay::back_to;
use super::{ChosenSeats, Notice, Replay, SessionLoader, Viewer, session_of};
use crate::core::{Activity, CoreSet, DEFAULT_SEATS, Screen, Seat, Session};
use bao_ai::{Review, ReviewOptions, Reviewer};
use bao_engine::{GameRecord, Player, link};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .init_resource::<LinkBase>()
        .add_message::<ReviewCommand>()
        .add_systems(
            Update,
            (
                handle_commands.in_set(CoreSet::Session),
                (work_on_the_review, keep_the_viewer, forget_when_left)
                    .chain()
                    .after(CoreSet::Apply)
                    .before(CoreSet::Animate),
            ),
        );
}

/// What the overlay (and the start of the game) asks of the review.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Review the game on the board: the replayed game when the replay viewer is open, else the
    /// session's game, which the replay viewer then shows from its last move.
    ThisGame,
    /// Review a record (a saved game, `name` its name), shown in the replay viewer.
    Record {
        /// The saved game's name.
        name: String,
        /// The game.
        record: Box<GameRecord>,
    },
    /// Review the game a link holds (`bao --open`, the web page's `#g=`); a broken link leaves
    /// the title screen with a notice saying why.
    Link(String),
    /// Play on from the position shown against the computer: the person takes the side to
    /// move.
    PlayOn,
}

/// The address the links of games begin with: on the web, the page's own (set by the page);
/// elsewhere none, and a link is its `#g=…` alone, which `bao --open`, the saved-games window's
/// paste field and the address of any web build of the game open.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkBase(pub String);

/// The review being made or shown, if any.
#[derive(Resource, Default)]
pub struct GameReview(pub Option<Reviewing>);

/// A game under review.
pub struct Reviewing {
    /// The replay of the game reviewed: the viewer is brought back with it after a "show me".
    viewer: Viewer,
    /// How far the review is: moves reviewed, of all.
    progress: (usize, usize),
    /// The review, once done.
    review: Option<Review>,
    /// The work still to do.
    work: Option<Work>,
    /// A "show me" example interrupted the replay: the viewer comes back with it.
    in_example: bool,
}

impl Reviewing {
    /// The replay viewer of the game reviewed.
    pub fn viewer(&self) -> &Viewer {
        &self.viewer
    }

    /// Moves reviewed, and all the moves.
    pub fn progress(&self) -> (usize, usize) {
        self.progress
    }

    /// The review, once it is done.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Whether `session` shows the game under review (the replay viewer's game).
    pub fn shows(&self, session: &Session) -> bool {
        self.viewer.shows(session)
    }
}

/// How long the review may work in one frame on the web, where it shares the only thread with
/// the game: a few milliseconds, so that a 60 Hz frame keeps most of its 16.7 ms; on a machine
/// whose frames take longer, a quarter of the last frame, at most [`LONGEST_SLICE`].
#[cfg(target_arch = "wasm32")]
const SLICE: std::time::Duration = std::time::Duration::from_millis(6);
#[cfg(target_arch = "wasm32")]
const LONGEST_SLICE: std::time::Duration = std::time::Duration::from_millis(40);
/// Nodes searched between two looks at the clock on the web (well under a millisecond).
#[cfg(target_arch = "wasm32")]
const NODES_PER_LOOK: u64 = 256;
/// Nodes searched between two reports of progress on the desktop's thread.
#[cfg(not(target_arch = "wasm32"))]
const NODES_PER_REPORT: u64 = 20_000;

/// The desktop: a thread of its own, not the task pool's (the computer player thinks there, on
/// one or two threads: a review in one would hold its move up), which says how far it is
/// through a shared counter and stops when the review is closed.
#[cfg(not(target_arch = "wasm32"))]
struct Work(std::sync::Arc<Shared>);

/// What the desktop's review thread and the frame share.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Default)]
struct Shared {
    /// Moves reviewed so far.
    reviewed: std::sync::atomic::AtomicUsize,
    /// The review was closed: the thread stops.
    stop: std::sync::atomic::AtomicBool,
    /// The review, once done (`Some(None)`: the thread could not be started).
    done: std::sync::Mutex<Option<Option<Review>>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Work {
    fn drop(&mut self) {
        self.0
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The web: the reviewer itself, worked on a little every frame.
#[cfg(target_arch = "wasm32")]
struct Work(Reviewer);

#[cfg(not(target_arch = "wasm32"))]
fn spawn_work(mut reviewer: Reviewer) -> Work {
    use std::sync::atomic::Ordering::Relaxed;
    let shared = std::sync::Arc::new(Shared::default());
    let worker = std::sync::Arc::clone(&shared);
    let spawned = std::thread::Builder::new()
        .name("bao review".into())
        .spawn(move || {
            while !worker.stop.load(Relaxed) {
                if reviewer.work(NODES_PER_REPORT) {
                    *lock(&worker.done) = Some(reviewer.review());
                    return;
                }
                worker.reviewed.store(reviewer.progress().0, Relaxed);
            }
        });
    if let Err(error) = spawned {
        error!("the review's thread cannot be started: {error}");
        *lock(&shared.done) = Some(None);
    }
    Work(shared)
}

/// The lock of the review's result; a thread that panicked holding it left a result or none,
/// either of which may still be read.
#[cfg(not(target_arch = "wasm32"))]
fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(target_arch = "wasm32")]
fn spawn_work(reviewer: Reviewer) -> Work {
    Work(reviewer)
}

/// Works on the review for a slice of the `frame`'s time (the web) or looks at the thread's
/// progress (the desktop); the review once done, else how many moves are reviewed.
#[cfg(not(target_arch = "wasm32"))]
fn poll_work(work: &mut Work, _frame: std::time::Duration) -> Result<Option<Review>, usize> {
    match lock(&work.0.done).take() {
        Some(review) => Ok(review),
        None => Err(work.0.reviewed.load(std::sync::atomic::Ordering::Relaxed)),
    }
}

#[cfg(target_arch = "wasm32")]
fn poll_work(work: &mut Work, frame: std::time::Duration) -> Result<Option<Review>, usize> {
    let slice = (frame / 4).clamp(SLICE, LONGEST_SLICE);
    // `std::time::Instant` panics on the web; Bevy's reads the browser's clock.
    let start = bevy::platform::time::Instant::now();
    loop {
        if work.0.work(NODES_PER_LOOK) {
            return Ok(work.0.review());
        }
        if start.elapsed() >= slice {
            return Err(work.0.progress().0);
        }
    }
}

/// A review of `viewer`'s game, started. The moves were checked by the engine when the game was
/// played or loaded; should one fail, the review says so in the log and stays empty.
fn start_review(viewer: Viewer) -> Reviewing {
    let total = viewer.len();
    let options = ReviewOptions::for_variant(viewer.start.variant());
    let work = match Reviewer::new(viewer.start, &viewer.moves, options) {
        Ok(reviewer) => Some(spawn_work(reviewer)),
        Err(error) => {
            error!("the game cannot be reviewed: {error}");
            None
        }
    };
    Reviewing {
        viewer,
        progress: (0, total),
        review: None,
        work,
        in_example: false,
    }
}

fn handle_commands(
    mut commands_in: MessageReader<ReviewCommand>,
    mut reviews: ResMut<GameReview>,
    mut replay: ResMut<Replay>,
    screen: Res<State<Screen>>,
    mut notice: ResMut<Notice>,
    chosen: Res<ChosenSeats>,
    mut loader: SessionLoader,
) {
    for command in commands_in.read() {
        let viewer = match command {
            ReviewCommand::ThisGame => match &replay.0 {
                Some(viewer) => viewer.clone(),
                None => {
                    let session = loader.session().clone();
                    let viewer = Viewer::new(String::new(), &session, Some(session.clone()));
                    show_at_the_end(&viewer, &mut replay, &mut loader);
                    viewer
                }
            },
            ReviewCommand::Record { name, record } => {
                match opened(name, record, &mut replay, &screen, &mut loader) {
                    Ok(viewer) => viewer,
                    Err(error) => {
                        *notice = error;
                        continue;
                    }
                }
            }
            ReviewCommand::Link(text) => match link::decode(text) {
                Ok(record) => match opened("", &record, &mut replay, &screen, &mut loader) {
                    Ok(viewer) => viewer,
                    Err(error) => {
                        *notice = error;
                        continue;
                    }
                },
                Err(error) => {
                    warn!("the game's link cannot be opened: {error}");
                    *notice = Notice::LinkFailed(error);
                    continue;
                }
            },
            ReviewCommand::PlayOn => {
                let to_move = loader.session().game().position().to_move();
                loader.take_over(against_the_computer(chosen.0, to_move));
                replay.0 = None;
                reviews.0 = None;
                continue;
            }
        };
        reviews.0 = Some(start_review(viewer));
    }
}

/// The seats of a game played on against the computer: the person on `to_move`'s side, the
/// computer (at the level last chosen, else the default one) on the other.
fn against_the_computer(chosen: [Seat; 2], to_move: Player) -> [Seat; 2] {
    let computer = chosen
        .into_iter()
        .find(|seat| matches!(seat, Seat::Computer(_)))
        .unwrap_or(DEFAULT_SEATS[1]);
    match to_move {
        Player::South => [Seat::Human, computer],
        Player::North => [computer, Seat::Human],
    }
}

/// The replay viewer on a record's game, at its last move; the viewer, or the notice saying why
/// the record cannot be shown.
fn opened(
    name: &str,
    record: &GameRecord,
    replay: &mut Replay,
    screen: &State<Screen>,
    loader: &mut SessionLoader,
) -> Result<Viewer, Notice> {
    let game = record.replay().map_err(|error| Notice::OpenFailed {
        name: name.to_owned(),
        error: super::LoadError::Record(error),
    })?;
    let session = session_of(record, game);
    let back = back_to(replay, screen, loader.session());
    let viewer = Viewer::new(name.to_owned(), &session, back);
    show_at_the_end(&viewer, replay, loader);
    Ok(viewer)
}

/// Opens the replay viewer on `viewer`'s game, at its last move.
fn show_at_the_end(viewer: &Viewer, replay: &mut Replay, loader: &mut SessionLoader) {
    let end = viewer.session_at(viewer.len());
    replay.0 = Some(viewer.clone());
    loader.load(end);
}

/// The review's progress, and the review once done.
fn work_on_the_review(mut reviews: ResMut<GameReview>, time: Res<Time<Real>>) {
    let Some(reviewing) = reviews.0.as_mut() else {
        return;
    };
    let Some(work) = reviewing.work.as_mut() else {
        return;
    };
    match poll_work(work, time.delta()) {
        Ok(review) => {
            reviewing.progress.0 = reviewing.progress.1;
            reviewing.review = review;
            reviewing.work = None;
        }
        Err(reviewed) => reviewing.progress.0 = reviewed,
    }
}

/// After "show the better move" the replay comes back without its viewer (the example closed
/// it): the review gives it back.
fn keep_the_viewer(
    mut reviews: ResMut<GameReview>,
    mut replay: ResMut<Replay>,
    session: Res<Session>,
) {
    let Some(reviewing) = reviews.0.as_mut() else {
        return;
    };
    if session.activity() == Activity::Example {
        reviewing.in_example = true;
    } else if std::mem::take(&mut reviewing.in_example)
        && replay.0.is_none()
        && session.activity() == Activity::Replay
        && reviewing.viewer.shows(&session)
    {
        replay.0 = Some(reviewing.viewer.clone());
    }
}

/// The review ends with its replay: closed, taken over, another game on the board or the title
/// screen (but not the "show me" example of a better move, after which the replay comes back).
fn forget_when_left(mut reviews: ResMut<GameReview>, replay: Res<Replay>, session: Res<Session>) {
    if reviews.0.is_some() && replay.0.is_none() && session.activity() != Activity::Example {
        reviews.0 = None;
    }
}
