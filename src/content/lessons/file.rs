//! The lesson files (`assets/lessons/<game>.json`): compiled into the program, as the puzzles
//! are, so that the web build and a kiosk without files have them too; read once, checked, and
//! any error named by the lesson it is in.

use super::{Lesson, LessonError};
use bao_engine::{PositionSetup, Variant};
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::cell::Cell;
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

/// The four games' files.
const FILES: [(Variant, &str); 4] = [
    (
        Variant::Kujifunza,
        include_str!("../../../assets/lessons/kujifunza.json"),
    ),
    (
        Variant::Kingulu,
        include_str!("../../../assets/lessons/kingulu.json"),
    ),
    (
        Variant::Kigogo,
        include_str!("../../../assets/lessons/kigogo.json"),
    ),
    (
        Variant::Kimasai,
        include_str!("../../../assets/lessons/kimasai.json"),
    ),
];

/// One game's file, read.
type LessonFile = Result<Vec<Lesson>, LessonFileError>;

/// The lessons of `game` (a game, not a reading of Kujifunza), its file read and checked at the
/// first call; a file that is wrong is logged then, once.
pub(super) fn lessons_of(game: Variant) -> Result<&'static [Lesson], &'static LessonFileError> {
    static BOOK: OnceLock<Vec<(Variant, LessonFile)>> = OnceLock::new();
    let book = BOOK.get_or_init(|| {
        FILES
            .iter()
            .map(|&(game, json)| {
                let file = parse_lessons(game, json);
                if let Err(e) = &file {
                    bevy::log::error!("{e}");
                }
                (game, file)
            })
            .collect()
    });
    match book.iter().find(|(g, _)| *g == game) {
        Some((_, Ok(set))) => Ok(set),
        Some((_, Err(e))) => Err(e),
        None => Ok(&[]),
    }
}

/// Why a lesson file could not be read as `game`'s lessons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LessonFileError {
    /// The file's game.
    pub game: Variant,
    /// The entry (from 0) at fault, if the file is an array.
    pub index: Option<usize>,
    /// That entry's `id`, if it has a string one.
    pub id: Option<String>,
    /// What is wrong.
    pub kind: LessonFileErrorKind,
}

/// What is wrong with a lesson file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LessonFileErrorKind {
    /// The text is not JSON, or not an array.
    Json(String),
    /// An entry does not have the lesson format: a missing or unknown field, a wrong type, an
    /// unknown name (of a task, a gate, what a move shows, a reason a pit is blocked).
    Malformed(String),
    /// Another lesson of the file has the same id.
    DuplicateId,
    /// The id does not start with the file's game (`kigogo-…`).
    IdOfOtherGame,
    /// The lesson's own position, or a gate move in it, is wrong.
    Lesson(LessonError),
    /// The exercise's position does not load.
    Exercise(LessonError),
    /// A position is of this other game.
    PositionOfOtherGame(Variant),
}

impl fmt::Display for LessonFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the lessons of {}: ", self.game)?;
        match (&self.id, self.index) {
            (Some(id), _) => write!(f, "lesson {id}: ")?,
            (None, Some(i)) => write!(f, "lesson #{} (no id): ", i + 1)?,
            (None, None) => {}
        }
        match &self.kind {
            LessonFileErrorKind::Json(msg) => write!(f, "bad JSON: {msg}"),
            LessonFileErrorKind::Malformed(msg) => write!(f, "not a lesson: {msg}"),
            LessonFileErrorKind::DuplicateId => write!(f, "another lesson has this id"),
            LessonFileErrorKind::IdOfOtherGame => {
                write!(f, "the id does not start with '{}-'", self.game.id())
            }
            LessonFileErrorKind::Lesson(e) => write!(f, "{e}"),
            LessonFileErrorKind::Exercise(e) => write!(f, "the exercise: {e}"),
            LessonFileErrorKind::PositionOfOtherGame(other) => {
                write!(f, "a position is of {other}, not {}", self.game)
            }
        }
    }
}

impl std::error::Error for LessonFileError {}

/// Parses `game`'s lesson file, a JSON array of [`Lesson`] objects in the order they are
/// taught, and checks what can be checked without playing: unique ids of the game, positions
/// that load and are of the game, gate moves legal in the lesson's position. (What the moves
/// show and whether each exercise can be done are the unit tests' to check.)
///
/// `json` lives as long as the program (the files are compiled in): the lessons' ids borrow
/// from it.
///
/// # Errors
/// A [`LessonFileError`] for text that is not JSON or not an array, or naming the first
/// lesson (by id where it has one) that is not in the format or is wrong.
pub(super) fn parse_lessons(
    game: Variant,
    json: &'static str,
) -> Result<Vec<Lesson>, LessonFileError> {
    let lessons = read_entries(game, json)?;
    let mut ids = HashSet::new();
    for (index, lesson) in lessons.iter().enumerate() {
        let error = |kind| LessonFileError {
            game,
            index: Some(index),
            id: Some(lesson.id.to_owned()),
            kind,
        };
        if !ids.insert(lesson.id) {
            return Err(error(LessonFileErrorKind::DuplicateId));
        }
        check(game, lesson).map_err(error)?;
    }
    Ok(lessons)
}

/// What is wrong with one lesson of `game`'s file, if anything.
fn check(game: Variant, lesson: &Lesson) -> Result<(), LessonFileErrorKind> {
    let of_game = lesson
        .id
        .strip_prefix(game.id())
        .is_some_and(|topic| topic.starts_with('-'));
    if !of_game {
        return Err(LessonFileErrorKind::IdOfOtherGame);
    }
    let start = lesson.start().map_err(LessonFileErrorKind::Lesson)?;
    let exercise = lesson
        .exercise_start()
        .map_err(LessonFileErrorKind::Exercise)?;
    for variant in [start.variant(), exercise.variant()] {
        if variant != game {
            return Err(LessonFileErrorKind::PositionOfOtherGame(variant));
        }
    }
    lesson.gate_moves().map_err(LessonFileErrorKind::Lesson)?;
    Ok(())
}

/// The file's lessons, in the format but not yet checked.
fn read_entries(game: Variant, json: &'static str) -> Result<Vec<Lesson>, LessonFileError> {
    let read = Cell::new(0);
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let lessons = deserializer
        .deserialize_seq(Entries { read: &read })
        .and_then(|lessons| deserializer.end().map(|()| lessons));
    lessons.map_err(|e| malformed(game, json, read.get(), &e))
}

/// The error of a file that did not deserialize after `read` whole lessons: the JSON's own
/// error if the text is not a JSON array, else the entry after them, named by its id.
fn malformed(game: Variant, json: &str, read: usize, e: &serde_json::Error) -> LessonFileError {
    let entries = match serde_json::from_str::<Vec<Value>>(json) {
        Ok(entries) => entries,
        Err(not_an_array) => {
            return LessonFileError {
                game,
                index: None,
                id: None,
                kind: LessonFileErrorKind::Json(not_an_array.to_string()),
            };
        }
    };
    let id = entries
        .get(read)
        .and_then(|entry| entry.get("id"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    LessonFileError {
        game,
        index: Some(read),
        id,
        kind: LessonFileErrorKind::Malformed(e.to_string()),
    }
}

/// Reads the file's array one lesson at a time, counting those read, so that an error can be
/// put on the lesson it is in (serde's error has only a line and a column).
struct Entries<'a> {
    /// Lessons read so far.
    read: &'a Cell<usize>,
}

impl Visitor<'static> for Entries<'_> {
    type Value = Vec<Lesson>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of lessons")
    }

    fn visit_seq<A: SeqAccess<'static>>(self, mut seq: A) -> Result<Vec<Lesson>, A::Error> {
        let mut lessons = Vec::new();
        while let Some(lesson) = seq.next_element::<Lesson>()? {
            lessons.push(lesson);
            self.read.set(lessons.len());
        }
        Ok(lessons)
    }
}

/// Reads a position as the engine's text format does, but refuses a field the format does not
/// have (the engine's `PositionSetup` ignores one, and a misspelt `reserved` would silently
/// leave a Kingulu position without its holes): every field written must come back when the
/// position read is written again.
pub(super) fn strict_position<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<PositionSetup, D::Error> {
    let written = Value::deserialize(deserializer)?;
    let setup = PositionSetup::deserialize(&written).map_err(D::Error::custom)?;
    let read = serde_json::to_value(&setup).map_err(D::Error::custom)?;
    match unknown_field(&written, &read) {
        Some(field) => Err(D::Error::custom(format!(
            "unknown field `{field}` in a position"
        ))),
        None => Ok(setup),
    }
}

/// The first field of `written` (as `captured.east`) that `read`, the same value as read and
/// written again, does not have.
fn unknown_field(written: &Value, read: &Value) -> Option<String> {
    match (written, read) {
        (Value::Object(written), Value::Object(read)) => written.iter().find_map(|(key, value)| {
            let Some(again) = read.get(key) else {
                return Some(key.clone());
            };
            unknown_field(value, again).map(|inner| format!("{key}.{inner}"))
        }),
        (Value::Array(written), Value::Array(read)) => written
            .iter()
            .zip(read)
            .find_map(|(value, again)| unknown_field(value, again)),
        _ => None,
    }
}
