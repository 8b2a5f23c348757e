//! The lessons of each game: short steps on the real board, each from a prepared position. A
//! lesson says one thing ("the last seed lands in an occupied pit: take them all and sow on"),
//! lets the person make the move it is about with their own click — only that move, or any
//! legal one where the lesson is about which pits may not start — and then asks for a move of
//! the same kind in a fresh position (an exercise), which the engine checks.
//!
//! What each lesson's move shows ([`Shows`]) and what each exercise asks ([`Task`]) are read
//! from the engine's trace of the move ([`MoveSummary`]), never worked out again here; the tests
//! check every lesson against them, so a text cannot promise what its move does not do.
//!
//! The lessons are data, one file per game (`assets/lessons/<game>.json`, read by
//! [`parse_lessons`](file::parse_lessons)), compiled into the program as the puzzles are. Their
//! positions were taken from the computer's games against itself (the first positions of seeded
//! random games that show the rule with the shortest move), in the position text format of
//! docs/rules.md. The texts are the Fluent keys `lesson-<id>-title`, `-intro` and `-after`.
//! Kujifunza's 16-seed limit (KU-3) is shown where a self-play game reached it: a pit of 17
//! seeds whose lap would end in front of 10 of North's seeds, in the 24th ply of a game of Easy
//! (South's seat here) against Beginner; its exercise is from the 17th ply of another, with a
//! pit of 17 beside the three captures to weigh.

mod file;
#[cfg(test)]
mod tests;

pub(crate) use file::LessonFileError;

use bao_engine::{
    Move, MoveSummary, Pit, Position, PositionError, PositionSetup, ReEntry, StartRefusal, Step,
    Variant,
};
use serde::{Deserialize, Deserializer};

/// A lesson: what it is about, its position, the moves it takes and what they show, and its
/// exercise, as a file holds it: [`parse_lessons`](file::parse_lessons) checks that its
/// positions load and its gate's moves are legal there.
///
/// `id` and `rules` borrow from the file's text, which is compiled in (so they stay
/// `&'static str`, as the progress set and the card take them); a JSON escape in them is
/// therefore refused ("expected a borrowed string"), and none is needed.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Lesson {
    /// Unique, stable (progress is saved by it): `<game>-<topic>`.
    pub id: &'static str,
    /// The rules it teaches (rule ids of docs/rules.md), for the card and the tests.
    pub rules: &'static str,
    /// The position, in the text format of docs/rules.md.
    #[serde(deserialize_with = "file::strict_position")]
    pub position: PositionSetup,
    /// The moves the board takes: these, or every legal move.
    pub gate: Gate,
    /// What the lesson's move shows, checked against its trace.
    pub shows: Shows,
    /// The lesson's pits to look at, besides those to click: pits with seeds that cannot start
    /// a move (the first-lap rule, compulsory captures, the 16-seed lap).
    pub blocked: Blocked,
    /// The exercise that follows.
    pub exercise: Exercise,
}

/// Which of the mover's pits with seeds, refused as a start, a lesson rings ("holds seeds, may
/// not start now"); single seeds that never start (KU-5) are never among them. In a file:
/// `"none"`, `"every"` or `{"because": "long-first-lap"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Blocked {
    /// None: the lesson is about the pits to click.
    None,
    /// Every such pit, whatever the engine's reason.
    Every,
    /// Only the pits refused for this reason (the 16-seed lap: the one pit too full to capture,
    /// not every pit that captures are compulsory blocks).
    Because(#[serde(deserialize_with = "refusal")] StartRefusal),
}

/// The engine's reasons a pit with seeds of the mover may not start, as a file names them
/// (kebab-case): the engine's [`StartRefusal`] has no serde, and its other reasons (an empty
/// pit, the other player's, a single seed) are never what a lesson rings.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Refusal {
    Reserved,
    CaptureCompulsory,
    LongFirstLap,
    FrontRowFirst,
    FirstLapOwnRow,
    NextPitOccupied,
    Endless,
}

/// Reads a [`Refusal`] as the engine's reason.
fn refusal<'de, D: Deserializer<'de>>(deserializer: D) -> Result<StartRefusal, D::Error> {
    Ok(match Refusal::deserialize(deserializer)? {
        Refusal::Reserved => StartRefusal::Reserved,
        Refusal::CaptureCompulsory => StartRefusal::CaptureCompulsory,
        Refusal::LongFirstLap => StartRefusal::LongFirstLap,
        Refusal::FrontRowFirst => StartRefusal::FrontRowFirst,
        Refusal::FirstLapOwnRow => StartRefusal::FirstLapOwnRow,
        Refusal::NextPitOccupied => StartRefusal::NextPitOccupied,
        Refusal::Endless => StartRefusal::Endless,
    })
}

/// The moves a lesson's board takes. In a file: `{"moves": ["a5+", "a5-"]}` or `"any-legal"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Gate {
    /// Only these (move notation), each of which shows the lesson's point.
    Moves(#[serde(borrow)] Vec<&'static str>),
    /// Any legal move: the lesson is about the pits that may not start one.
    AnyLegal,
}

/// What a lesson's move shows, read from its trace. In a file, kebab-case: `"one-lap"`,
/// `"kimbi-re-entry"`. Where the lesson's words after the move name a fact of the move (the
/// row its last seed fell in), the variant names it too, so that the words cannot say what
/// the board did not do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Shows {
    /// One lap that ends in an empty pit: no relay, no capture, no reservation.
    OneLap,
    /// One lap that ends in an empty pit of the opponent's row (Kingulu's one circle, KN-1,
    /// KN-4): no relay, no capture, no reservation.
    OneLapIntoTheOpponentsRow,
    /// At least one relay, no capture.
    Relay,
    /// A capture.
    Capture,
    /// Kujifunza: a capture from a kimbi, re-entering at that side's kichwa (KU-8).
    KimbiReEntry,
    /// Kujifunza: a capture from a middle pit, re-entering so that the direction is kept
    /// (KU-8).
    KeptDirection,
    /// Kingulu: a reserved hole (kuweka mtoto, KN-5).
    Reserve,
    /// Kingulu: a toll to the mover's reserved hole (KN-6).
    Toll,
    /// Kigogo, Kimasai: the front pit and the pit behind it captured together (KG-4, KM-3).
    Column,
    /// Kigogo: a single seed moved (KG-3).
    Singleton,
    /// The mover wins by this move.
    Win,
    /// Any legal move (the lesson is about which pits may not start one).
    AnyLegal,
}

/// What an exercise asks for, checked by the engine. In a file, kebab-case (`"capture-most"`),
/// and `{"relays": 2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Task {
    /// A move of one lap that takes nothing.
    OneLap,
    /// A move that relays at least this often.
    Relays(u32),
    /// A move that captures (any number of seeds).
    Capture,
    /// The move that captures the most seeds.
    CaptureMost,
    /// Kujifunza: a capture from a kimbi (KU-8).
    KimbiReEntry,
    /// Kujifunza: a capture from a middle pit (KU-8).
    KeptDirection,
    /// Kingulu: reserve a hole (KN-5).
    Reserve,
    /// Kingulu: a move that pays a toll into the mover's hole (KN-6).
    Toll,
    /// Kigogo, Kimasai: capture a whole column (KG-4, KM-3).
    Column,
    /// Win now.
    Win,
}

/// An exercise: a fresh position and what to do in it.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Exercise {
    /// The position, in the text format of docs/rules.md; the person plays the side to move.
    #[serde(deserialize_with = "file::strict_position")]
    pub position: PositionSetup,
    /// What to do.
    pub task: Task,
}

/// How a move answered an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The task is done.
    pub met: bool,
    /// What the move did (for the words of a wrong try).
    pub summary: MoveSummary,
    /// The most seeds one legal move captures here (for [`Task::CaptureMost`]; 0 for the other
    /// tasks).
    pub most: u32,
}

/// The trace's summary of `mv` from `before`, and whether the mover won by it.
fn summarise(before: &Position, mv: Move) -> Option<(MoveSummary, bool)> {
    let (after, steps) = before.play_traced(mv).ok()?;
    let summary = MoveSummary::of(before, mv, &steps)?;
    Some((summary, after.outcome().winner() == Some(before.to_move())))
}

/// Whether the last seed `mv` sows from `before` falls into a pit of the opponent's row, read
/// from the move's trace.
fn ends_in_the_opponents_row(before: &Position, mv: Move) -> bool {
    let Ok((_, steps)) = before.play_traced(mv) else {
        return false;
    };
    let last_sown = steps.iter().rev().find_map(|step| match *step {
        Step::Sow { pit } => Some(pit),
        _ => None,
    });
    last_sown
        .and_then(|pit| before.name_of(pit))
        .is_some_and(|(owner, _)| owner != before.to_move())
}

/// One lap, nothing taken, nothing reserved.
fn one_lap(s: &MoveSummary) -> bool {
    s.relays == 0 && s.captures == 0 && s.reserved.is_none()
}

impl Shows {
    /// Whether `mv` from `before` shows this.
    pub fn holds(self, before: &Position, mv: Move) -> bool {
        let Some((s, won)) = summarise(before, mv) else {
            return false;
        };
        match self {
            Shows::OneLap => one_lap(&s),
            Shows::OneLapIntoTheOpponentsRow => {
                one_lap(&s) && ends_in_the_opponents_row(before, mv)
            }
            Shows::Relay => s.relays >= 1 && s.captures == 0,
            Shows::Capture => s.captures >= 1,
            Shows::KimbiReEntry => s.reentry == Some(ReEntry::Kimbi),
            Shows::KeptDirection => s.reentry == Some(ReEntry::KeepsDirection),
            Shows::Reserve => s.reserved.is_some(),
            Shows::Toll => s.tolls[s.mover.index()] >= 1,
            Shows::Column => s.captures >= 2,
            Shows::Singleton => s.lifted == 1,
            Shows::Win => won,
            Shows::AnyLegal => true,
        }
    }
}

impl Task {
    /// The key of the task's words (`lesson-task-…`) and of a wrong try's (`lesson-miss-…`).
    pub fn key(self) -> &'static str {
        match self {
            Task::OneLap => "one-lap",
            Task::Relays(_) => "relays",
            Task::Capture => "capture",
            Task::CaptureMost => "capture-most",
            Task::KimbiReEntry => "kimbi",
            Task::KeptDirection => "kept-direction",
            Task::Reserve => "reserve",
            Task::Toll => "toll",
            Task::Column => "column",
            Task::Win => "win",
        }
    }

    /// How `mv` from `before` answers the task; `None` if it is not a legal move there.
    pub fn judge(self, before: &Position, mv: Move) -> Option<Answer> {
        self.judge_against(before, mv, self.most_captured(before))
    }

    /// The most seeds one legal move of `before` captures, for [`Task::CaptureMost`] (every
    /// legal move played); 0 for the other tasks, which do not need it.
    fn most_captured(self, before: &Position) -> u32 {
        if self != Task::CaptureMost {
            return 0;
        }
        before
            .legal_moves()
            .into_iter()
            .filter_map(|m| summarise(before, m))
            .map(|(s, _)| s.captured)
            .max()
            .unwrap_or(0)
    }

    /// How `mv` answers the task, `most` being [`Task::most_captured`] of `before`.
    fn judge_against(self, before: &Position, mv: Move, most: u32) -> Option<Answer> {
        let (s, won) = summarise(before, mv)?;
        let met = match self {
            Task::OneLap => one_lap(&s),
            Task::Relays(n) => s.relays >= n,
            Task::Capture => s.captures >= 1,
            Task::CaptureMost => s.captures >= 1 && s.captured == most,
            Task::KimbiReEntry => s.reentry == Some(ReEntry::Kimbi),
            Task::KeptDirection => s.reentry == Some(ReEntry::KeepsDirection),
            Task::Reserve => s.reserved.is_some(),
            Task::Toll => s.tolls[s.mover.index()] >= 1,
            Task::Column => s.captures >= 2,
            Task::Win => won,
        };
        Some(Answer {
            met,
            summary: s,
            most,
        })
    }

    /// The legal moves of `before` that do the task (the exercise's hint shows the first).
    pub fn answers(self, before: &Position) -> Vec<Move> {
        let most = self.most_captured(before);
        before
            .legal_moves()
            .into_iter()
            .filter(|&m| self.judge_against(before, m, most).is_some_and(|a| a.met))
            .collect()
    }
}

/// Why a lesson's data is wrong ([`parse_lessons`](file::parse_lessons) refuses a file with
/// such a lesson, so the lessons the game has are free of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonError {
    /// A position does not load.
    Position(PositionError),
    /// A gate's move is not notation, or not legal in the position.
    Move(&'static str),
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LessonError::Position(e) => write!(f, "the position does not load: {e}"),
            LessonError::Move(m) => write!(f, "'{m}' is not a legal move of the position"),
        }
    }
}

impl std::error::Error for LessonError {}

fn load(setup: &PositionSetup) -> Result<Position, LessonError> {
    Position::from_setup(setup).map_err(LessonError::Position)
}

impl Lesson {
    /// The lesson's position.
    ///
    /// # Errors
    /// The position's error, if it does not load.
    pub fn start(&self) -> Result<Position, LessonError> {
        load(&self.position)
    }

    /// The moves the board takes in the lesson's position.
    ///
    /// # Errors
    /// The first gate move that is not a legal move of the position.
    pub fn gate_moves(&self) -> Result<Vec<Move>, LessonError> {
        let start = self.start()?;
        match &self.gate {
            Gate::AnyLegal => Ok(start.legal_moves().into_iter().collect()),
            Gate::Moves(moves) => moves
                .iter()
                .map(|&text| {
                    text.parse::<Move>()
                        .ok()
                        .filter(|m| start.is_legal(m))
                        .ok_or(LessonError::Move(text))
                })
                .collect(),
        }
    }

    /// The pits of the mover that hold seeds but cannot start a move, as [`Lesson::blocked`]
    /// picks them.
    pub fn blocked_pits(&self) -> Vec<Pit> {
        if self.blocked == Blocked::None {
            return Vec::new();
        }
        let Ok(start) = self.start() else {
            return Vec::new();
        };
        let mover = start.to_move();
        [bao_engine::Row::Front, bao_engine::Row::Back]
            .into_iter()
            .flat_map(|row| {
                (1..=start.variant().cols() as u8)
                    .map(move |number| bao_engine::PitName { row, number })
            })
            .filter_map(|name| start.pit_named(mover, name))
            // Single seeds that never start (KU-5) are not what such a lesson is about.
            .filter(|&pit| start.seeds(pit).unwrap_or(0) > 0)
            .filter(|&pit| match (self.blocked, start.why_not_start(pit)) {
                (_, None | Some(StartRefusal::Singleton)) => false,
                (Blocked::Because(reason), Some(refusal)) => reason == refusal,
                (_, Some(_)) => true,
            })
            .collect()
    }

    /// The exercise's position.
    ///
    /// # Errors
    /// The position's error, if it does not load.
    pub fn exercise_start(&self) -> Result<Position, LessonError> {
        load(&self.exercise.position)
    }

    /// Fluent key of one of the lesson's texts: `title`, `intro` or `after`.
    pub fn key(&self, part: &str) -> String {
        format!("lesson-{}-{part}", self.id)
    }
}

/// The lessons of `variant`'s game, in order (both readings of Kujifunza share them: they
/// differ only in a middle capture's kichwa, and lesson 5 shows the written rule, KU-8); none
/// if the game's file is wrong, which [`lesson_file`] has logged once (the callers already
/// offer nothing for a game without lessons; the tests make sure every file is right).
pub(crate) fn lessons(variant: Variant) -> &'static [Lesson] {
    lesson_file(variant).unwrap_or(&[])
}

/// The lessons of `variant`'s game as its file gives them, read once.
///
/// # Errors
/// Why the game's file could not be read, logged at the first call.
pub(crate) fn lesson_file(variant: Variant) -> Result<&'static [Lesson], &'static LessonFileError> {
    file::lessons_of(variant.game())
}
