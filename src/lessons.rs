//! Lessons on the board (`content::lessons`): the lesson's position with the board taking only
//! the moves it is about (the core's move gate), the move shown slowly with a caption for each
//! step, what it showed, and then an exercise in a fresh position that the engine checks, with
//! a hint after a wrong try. The last lesson of a game leads to a real game against Beginner.
//!
//! Progress (the lessons whose exercise was done) is kept between runs where the records keep
//! anything (not on a kiosk, whose visitors each start fresh); a progress file that cannot be
//! read gives a fresh start and a notice, like the settings.

use crate::content::lessons::{Answer, Gate, Lesson, lessons};
use crate::core::{
    Activity, Busy, CoreSet, GameCommand, Level, LoadSession, Origin, Seat, Session, SessionChange,
    SessionChanges, Shown, StartGame,
};
use crate::records::{Kept, KeptIds, Notice, load_kept, save_kept};
use bao_engine::{Move, Variant};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LessonRun>()
        .init_resource::<LessonProgress>()
        .add_message::<LessonCommand>()
        .add_systems(Startup, load_kept::<LessonProgress>)
        .add_systems(
            Update,
            (
                open_lessons.in_set(CoreSet::Session),
                give_hints.in_set(CoreSet::Computer),
                // Before the core applies this frame's changes, so that a step's gate closes in
                // the frame its move is told (the board as the last frame left it).
                follow_the_board.in_set(CoreSet::Computer),
            ),
        )
        .add_systems(Last, save_kept::<LessonProgress>)
        .add_systems(OnExit(Activity::Lesson), leave_lesson);
}

/// The storage key of the lesson progress.
pub const PROGRESS_KEY: &str = "lessons";

/// What the overlay asks of the lessons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonCommand {
    /// The first lesson of `variant`'s game not yet done (the first if all are).
    Learn(Variant),
    /// Lesson `index` of `variant`'s game.
    Open {
        /// The game (both readings of Kujifunza share the lessons; a real game afterwards is
        /// of the reading asked for).
        variant: Variant,
        /// The lesson's place, from 0.
        index: usize,
    },
    /// Lesson `index`'s exercise at once (`--show exercise`).
    OpenExercise {
        /// The game.
        variant: Variant,
        /// The lesson's place, from 0.
        index: usize,
    },
    /// From the lesson's move to its exercise.
    Exercise,
    /// The exercise again from its position.
    Retry,
    /// The exercise again, the move that does it glowing.
    RetryWithHint,
    /// The next lesson.
    Next,
    /// A real game of the lessons' variant against Beginner.
    PlayRealGame,
}

/// The lesson on the board, if the session is one.
#[derive(Resource, Default, Debug)]
pub struct LessonRun(pub Option<ActiveLesson>);

/// A lesson being done.
#[derive(Clone, Debug, PartialEq)]
pub struct ActiveLesson {
    /// The variant the lessons were opened for (its game's lessons).
    pub variant: Variant,
    /// The lesson's place.
    pub index: usize,
    /// Of how many.
    pub of: usize,
    /// Where it stands.
    pub stage: Stage,
}

/// Where a lesson stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stage {
    /// The lesson's position: waiting for its move, or showing it.
    Try,
    /// The lesson's move has been shown: what it did, and on to the exercise.
    Told,
    /// The exercise: waiting for the move, or showing it (`None`), or the engine's verdict once
    /// the board has shown it.
    Exercise(Option<Answer>),
}

impl ActiveLesson {
    /// The lesson's data.
    pub fn lesson(&self) -> Option<&'static Lesson> {
        lessons(self.variant).get(self.index)
    }

    /// Whether it is the last lesson of its game.
    pub(crate) fn is_last(&self) -> bool {
        self.index + 1 >= self.of
    }
}

/// The ids of the lessons whose exercise was done.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq, Deref, DerefMut)]
pub struct LessonProgress(pub KeptIds);

impl Kept for LessonProgress {
    const KEY: &'static str = PROGRESS_KEY;
    const WHAT: &'static str = "the lesson progress";

    fn known(id: &str) -> bool {
        Variant::GAMES
            .iter()
            .any(|&v| lessons(v).iter().any(|l| l.id == id))
    }

    fn broken(why: String) -> Notice {
        Notice::LessonsBroken(why)
    }
}

impl LessonProgress {
    /// How many of `variant`'s lessons are done.
    pub fn done_of(&self, variant: Variant) -> usize {
        lessons(variant)
            .iter()
            .filter(|l| self.done.contains(l.id))
            .count()
    }

    /// The first lesson of `variant` not done (the first if all are).
    pub(crate) fn next_of(&self, variant: Variant) -> usize {
        lessons(variant)
            .iter()
            .position(|l| !self.done.contains(l.id))
            .unwrap_or(0)
    }
}

/// The lesson's session: its position, both seats the person's (nobody answers), the board
/// taking only the lesson's moves, its blocked pits glowing, and (one move to make) its pit
/// ringed.
fn lesson_session(lesson: &Lesson) -> Option<Session> {
    let start = lesson
        .start()
        .inspect_err(|e| error!("lesson {}: {e}", lesson.id))
        .ok()?;
    let gate = lesson
        .gate_moves()
        .inspect_err(|e| error!("lesson {}: {e}", lesson.id))
        .ok()?;
    let hint = gate
        .first()
        .copied()
        .filter(|_| matches!(lesson.gate, Gate::Moves(_)));
    let session = Session::from_position(start, [Seat::Human; 2])
        .with_origin(Origin::Lesson)
        .with_hint(hint)
        .with_marked(lesson.blocked_pits())
        .with_gate(Some(gate));
    Some(session)
}

/// The exercise's session; with `hint`, the move that does it ringed.
fn exercise_session(lesson: &Lesson, hint: bool) -> Option<Session> {
    let start = lesson
        .exercise_start()
        .inspect_err(|e| error!("lesson {} exercise: {e}", lesson.id))
        .ok()?;
    let hint = hint
        .then(|| lesson.exercise.task.answers(&start).first().copied())
        .flatten();
    let session = Session::from_position(start, [Seat::Human; 2])
        .with_origin(Origin::Lesson)
        .with_hint(hint);
    Some(session)
}

/// Opens lesson `index` of `variant`'s game.
fn open_lesson(loader: &mut LoadSession, variant: Variant, index: usize) -> Option<ActiveLesson> {
    let set = lessons(variant);
    let session = lesson_session(set.get(index)?)?;
    loader.load(session);
    Some(ActiveLesson {
        variant,
        index,
        of: set.len(),
        stage: Stage::Try,
    })
}

fn open_lessons(
    mut commands_in: MessageReader<LessonCommand>,
    mut run: ResMut<LessonRun>,
    progress: Res<LessonProgress>,
    mut loader: LoadSession,
    mut starts: MessageWriter<StartGame>,
) {
    let Some(&command) = commands_in.read().last() else {
        return;
    };
    let exercise = |loader: &mut LoadSession, active: &mut ActiveLesson, hint: bool| {
        if let Some(session) = active.lesson().and_then(|l| exercise_session(l, hint)) {
            loader.load(session);
            active.stage = Stage::Exercise(None);
        }
    };
    match (command, run.0.as_mut()) {
        (LessonCommand::Learn(variant), _) => {
            run.0 = open_lesson(&mut loader, variant, progress.next_of(variant));
        }
        (LessonCommand::Open { variant, index }, _) => {
            run.0 = open_lesson(&mut loader, variant, index);
        }
        (LessonCommand::OpenExercise { variant, index }, _) => {
            run.0 = open_lesson(&mut loader, variant, index);
            if let Some(active) = run.0.as_mut() {
                exercise(&mut loader, active, false);
            }
        }
        (LessonCommand::Exercise | LessonCommand::Retry, Some(active)) => {
            exercise(&mut loader, active, false);
        }
        (LessonCommand::RetryWithHint, Some(active)) => exercise(&mut loader, active, true),
        (LessonCommand::Next, Some(active)) if !active.is_last() => {
            let (variant, index) = (active.variant, active.index + 1);
            run.0 = open_lesson(&mut loader, variant, index);
        }
        (LessonCommand::PlayRealGame, Some(active)) => {
            starts.write(StartGame {
                variant: active.variant,
                seats: [Seat::Human, Seat::Computer(Level::Beginner)],
            });
        }
        _ => {}
    }
}

/// Another kind of game on the board (or the title screen) ends the lesson.
fn leave_lesson(mut run: ResMut<LessonRun>) {
    run.0 = None;
}

/// Follows what the board has shown: the lesson's move told once its seeds have landed (the
/// board then takes no more moves), the exercise's move judged by the engine; a move taken back
/// undoes either.
fn follow_the_board(
    mut run: ResMut<LessonRun>,
    mut progress: ResMut<LessonProgress>,
    session: Res<Session>,
    (shown, busy): (Res<Shown>, Res<Busy>),
    mut changes: SessionChanges,
) {
    let Some(active) = run.0.as_mut() else {
        return;
    };
    if session.origin() != Origin::Lesson || busy.moving || shown.mid_move.is_some() {
        return;
    }
    let Some(lesson) = active.lesson() else {
        return;
    };
    let first: Option<(Move, _)> = session
        .game()
        .moves()
        .first()
        .map(|&mv| (mv, session.game().positions()[0]));
    let stage = match (active.stage, first) {
        (Stage::Try, Some(_)) => Stage::Told,
        (Stage::Told, None) => Stage::Try,
        (Stage::Exercise(None), Some((mv, before))) => {
            Stage::Exercise(lesson.exercise.task.judge(&before, mv))
        }
        (Stage::Exercise(Some(_)), None) => Stage::Exercise(None),
        (stage, _) => stage,
    };
    if stage == active.stage {
        return;
    }
    active.stage = stage;
    match stage {
        Stage::Try => {
            changes.write(SessionChange::Gate(lesson.gate_moves().ok()));
        }
        // One move a step: the board takes no more until the next step, and the hint that
        // ringed the step's move is spent (it would ring the pit of that name on the other side).
        Stage::Told | Stage::Exercise(Some(_)) => {
            changes.write(SessionChange::Gate(Some(Vec::new())));
            changes.write(SessionChange::Hint(None));
        }
        Stage::Exercise(None) => {
            changes.write(SessionChange::Gate(None));
        }
    }
    if let Stage::Exercise(Some(answer)) = stage
        && answer.met
    {
        progress.done.insert(lesson.id.to_owned());
    }
}

/// The hint button in a lesson: the lesson's move, or a move that does the exercise.
fn give_hints(
    mut commands_in: MessageReader<GameCommand>,
    run: Res<LessonRun>,
    session: Res<Session>,
    busy: Res<Busy>,
    mut changes: SessionChanges,
) {
    if !commands_in.read().any(|c| *c == GameCommand::Hint) {
        return;
    }
    let Some(lesson) = run.0.as_ref().and_then(ActiveLesson::lesson) else {
        return;
    };
    if session.origin() != Origin::Lesson || !session.human_to_move(&busy) {
        return;
    }
    let position = *session.game().position();
    let hint = match run.0.as_ref().map(|a| a.stage) {
        Some(Stage::Try) => session.playable_moves().first().copied(),
        Some(Stage::Exercise(None)) => lesson.exercise.task.answers(&position).first().copied(),
        _ => None,
    };
    changes.write(SessionChange::Hint(hint));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_loads_as_a_session_that_takes_its_moves() {
        for v in [
            Variant::Kujifunza,
            Variant::Kingulu,
            Variant::Kigogo,
            Variant::Kimasai,
        ] {
            for l in lessons(v) {
                let session = lesson_session(l).expect("the lesson loads");
                assert_eq!(session.origin(), Origin::Lesson);
                let playable = session.playable_moves();
                assert_eq!(Some(playable), l.gate_moves().ok(), "{}", l.id);
                assert!(
                    exercise_session(l, true).is_some_and(|s| s.hint().is_some()),
                    "{}",
                    l.id
                );
            }
        }
    }
}
