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
    Activity, Level, Loads, Seat, Session, SessionChange, SessionChanges, StartGame,
};
use crate::guide::{self, Guide, Opening, Run};
use crate::records::{Kept, KeptIds, Notice, load_kept, save_kept};
use bao_engine::{Move, Variant};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LessonProgress>()
        .add_plugins(guide::plugin::<ActiveLesson>)
        .add_systems(Startup, load_kept::<LessonProgress>)
        .add_systems(Last, save_kept::<LessonProgress>);
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
pub type LessonRun = Run<ActiveLesson>;

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
        .for_activity(Activity::Lesson)
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
        .for_activity(Activity::Lesson)
        .with_hint(hint);
    Some(session)
}

/// Opens lesson `index` of `variant`'s game.
fn open_lesson(loader: &mut Loads, variant: Variant, index: usize) -> Option<ActiveLesson> {
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

impl Guide for ActiveLesson {
    type Command = LessonCommand;
    type Done = LessonProgress;
    const ACTIVITY: Activity = Activity::Lesson;

    fn open(
        command: LessonCommand,
        current: Option<&ActiveLesson>,
        progress: &LessonProgress,
        board: &mut Opening,
    ) -> Option<ActiveLesson> {
        let loader = &mut board.loads;
        match (command, current) {
            (LessonCommand::Learn(variant), _) => {
                open_lesson(loader, variant, progress.next_of(variant))
            }
            (LessonCommand::Open { variant, index }, _) => open_lesson(loader, variant, index),
            (LessonCommand::OpenExercise { variant, index }, _) => {
                let mut opened = open_lesson(loader, variant, index)?;
                opened.open_exercise(loader, false);
                Some(opened)
            }
            (LessonCommand::Exercise | LessonCommand::Retry, Some(active)) => {
                let mut active = active.clone();
                active.open_exercise(loader, false);
                Some(active)
            }
            (LessonCommand::RetryWithHint, Some(active)) => {
                let mut active = active.clone();
                active.open_exercise(loader, true);
                Some(active)
            }
            (LessonCommand::Next, Some(active)) if !active.is_last() => {
                open_lesson(loader, active.variant, active.index + 1)
            }
            (LessonCommand::PlayRealGame, Some(active)) => {
                board.starts.write(StartGame {
                    variant: active.variant,
                    seats: [Seat::Human, Seat::Computer(Level::Beginner)],
                });
                None
            }
            _ => None,
        }
    }

    /// The lesson's move is told once its seeds have landed (the board then takes no more
    /// moves), the exercise's move judged by the engine; a move taken back undoes either.
    fn follow(
        &mut self,
        session: &Session,
        progress: &mut LessonProgress,
        changes: &mut SessionChanges,
    ) {
        let Some(lesson) = self.lesson() else {
            return;
        };
        let game = session.game();
        let first: Option<(Move, _)> = game.moves().first().map(|&mv| (mv, game.positions()[0]));
        let stage = match (self.stage, first) {
            (Stage::Try, Some(_)) => Stage::Told,
            (Stage::Told, None) => Stage::Try,
            (Stage::Exercise(None), Some((mv, before))) => {
                Stage::Exercise(lesson.exercise.task.judge(&before, mv))
            }
            (Stage::Exercise(Some(_)), None) => Stage::Exercise(None),
            (stage, _) => stage,
        };
        if stage == self.stage {
            return;
        }
        self.stage = stage;
        ask_for_the_stage(lesson, stage, changes);
        if let Stage::Exercise(Some(answer)) = stage
            && answer.met
        {
            progress.done.insert(lesson.id.to_owned());
        }
    }

    /// The lesson's move, or a move that does the exercise.
    fn hint(&mut self, session: &Session) -> Option<Option<Move>> {
        let lesson = self.lesson()?;
        let position = *session.game().position();
        Some(match self.stage {
            Stage::Try => session.playable_moves().first().copied(),
            Stage::Exercise(None) => lesson.exercise.task.answers(&position).first().copied(),
            _ => None,
        })
    }
}

impl ActiveLesson {
    /// Puts the lesson's exercise on the board; with `hint`, the move that does it ringed.
    fn open_exercise(&mut self, loader: &mut Loads, hint: bool) {
        if let Some(session) = self.lesson().and_then(|l| exercise_session(l, hint)) {
            loader.load(session);
            self.stage = Stage::Exercise(None);
        }
    }
}

/// What the board takes at a lesson's `stage`: the lesson's moves while it is tried; one move
/// a step (nothing more until the next step, the hint that ringed the step's move spent: it
/// would ring the pit of that name on the other side); any move in the exercise.
fn ask_for_the_stage(lesson: &Lesson, stage: Stage, changes: &mut SessionChanges) {
    match stage {
        Stage::Try => changes.write(SessionChange::Gate(lesson.gate_moves().ok())),
        Stage::Told | Stage::Exercise(Some(_)) => {
            changes.write(SessionChange::Gate(Some(Vec::new())));
            changes.write(SessionChange::Hint(None));
        }
        Stage::Exercise(None) => changes.write(SessionChange::Gate(None)),
    }
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
                assert_eq!(session.activity(), Activity::Lesson);
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
