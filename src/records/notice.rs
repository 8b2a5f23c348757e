//! The one-line messages of the records: what was saved or deleted, and what went wrong, with
//! their texts in the current language.

use crate::i18n::I18n;
use crate::storage::StorageError;
use bao_engine::link::LinkError;
use bao_engine::{MoveProblem, ParseMoveErrorKind, PlayErrorKind, RecordError};
use bevy::prelude::*;
use std::fmt;

/// The one-line message the overlay shows after a records action, or a problem found at start.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub enum Notice {
    /// Nothing to say.
    #[default]
    None,
    /// The game was saved under this name.
    Saved(String),
    /// A save failed; nothing was changed.
    SaveFailed(StorageError),
    /// This many moves were copied to the clipboard.
    Copied(usize),
    /// The saved game of this name was deleted.
    Deleted(String),
    /// A saved game could not be opened; it and the game on the board are untouched.
    OpenFailed {
        /// The saved game's name.
        name: String,
        /// Why.
        error: LoadError,
    },
    /// A pasted move list could not be played; the game on the board is untouched.
    PasteFailed(PasteError),
    /// The settings file could not be read; the defaults are used.
    SettingsBroken(String),
    /// The lesson progress could not be read; the lessons start fresh.
    LessonsBroken(String),
    /// The puzzles solved could not be read; none is marked solved.
    PuzzlesBroken(String),
    /// A game's link was copied to the clipboard.
    LinkCopied,
    /// A game's link could not be opened (or made); the game on the board is untouched.
    LinkFailed(LinkError),
}

/// Why a saved game could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The store could not be read.
    Storage(StorageError),
    /// There is no saved game of that name (any more).
    Missing,
    /// The record is corrupt, newer, of an unknown variant, or has a bad move.
    Record(RecordError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Storage(e) => write!(f, "{e}"),
            LoadError::Missing => f.write_str("the saved game is no longer there"),
            LoadError::Record(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// A pasted move list that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError {
    /// There are no moves in the text.
    Empty,
    /// Move `number` (1-based) cannot be read or played.
    BadMove {
        /// 1-based move number.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        problem: MoveProblem,
    },
}

impl fmt::Display for PasteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasteError::Empty => f.write_str("the text has no moves"),
            PasteError::BadMove {
                number,
                text,
                problem,
            } => write!(f, "move {number} ('{text}') cannot be played: {problem}"),
        }
    }
}

impl std::error::Error for PasteError {}

impl Notice {
    /// The notice in the current language; `None` for nothing to say.
    pub fn text(&self, i18n: &I18n) -> Option<String> {
        Some(match self {
            Notice::None => return None,
            Notice::Saved(name) => i18n.tr_args("records-saved", &[("name", name.clone().into())]),
            Notice::Deleted(name) => {
                i18n.tr_args("records-deleted", &[("name", name.clone().into())])
            }
            Notice::Copied(count) => i18n.tr_args("records-copied", &[("count", (*count).into())]),
            Notice::SaveFailed(error) => i18n.tr_args(
                "records-save-failed",
                &[("reason", error.to_string().into())],
            ),
            Notice::OpenFailed { name, error } => i18n.tr_args(
                "records-open-failed",
                &[
                    ("name", name.clone().into()),
                    ("problem", load_problem(error, i18n).into()),
                ],
            ),
            Notice::PasteFailed(PasteError::Empty) => i18n.tr("records-paste-empty"),
            Notice::PasteFailed(PasteError::BadMove {
                number,
                text,
                problem,
            }) => i18n.tr_args(
                "records-paste-bad-move",
                &[
                    ("number", (*number).into()),
                    ("move", text.clone().into()),
                    ("reason", move_problem(problem, i18n).into()),
                ],
            ),
            Notice::SettingsBroken(reason) => i18n.tr_args(
                "records-settings-broken",
                &[("reason", reason.clone().into())],
            ),
            Notice::LessonsBroken(_) => i18n.tr("lessons-progress-reset"),
            Notice::PuzzlesBroken(_) => i18n.tr("puzzles-progress-reset"),
            Notice::LinkCopied => i18n.tr("records-link-copied"),
            Notice::LinkFailed(error) => link_problem(error, i18n),
        })
    }
}

/// What is wrong with a saved game, in the current language (a damaged file's parser message
/// and an invalid start position's detail stay in the engine's English).
fn load_problem(error: &LoadError, i18n: &I18n) -> String {
    let detail = |key: &str, text: String| i18n.tr_args(key, &[("detail", text.into())]);
    match error {
        LoadError::Missing => i18n.tr("records-problem-missing"),
        LoadError::Storage(e) => detail("records-problem-storage", e.to_string()),
        LoadError::Record(RecordError::Corrupt(e)) => detail("records-problem-corrupt", e.clone()),
        LoadError::Record(RecordError::NewerFormat { found, supported }) => i18n.tr_args(
            "records-problem-newer",
            &[
                ("found", (*found).into()),
                ("supported", (*supported).into()),
            ],
        ),
        LoadError::Record(RecordError::UnknownVariant(v)) => {
            i18n.tr_args("records-problem-variant", &[("variant", v.clone().into())])
        }
        LoadError::Record(RecordError::BadStart(e)) => {
            detail("records-problem-start", e.to_string())
        }
        LoadError::Record(RecordError::VariantMismatch { .. }) => {
            i18n.tr("records-problem-mismatch")
        }
        LoadError::Record(RecordError::BadMove {
            number,
            text,
            problem,
        }) => i18n.tr_args(
            "records-problem-move",
            &[
                ("number", (*number).into()),
                ("move", text.clone().into()),
                ("reason", move_problem(problem, i18n).into()),
            ],
        ),
        LoadError::Record(RecordError::ResultMismatch { stored, replayed }) => i18n.tr_args(
            "records-problem-result",
            &[
                ("stored", stored.clone().into()),
                ("replayed", replayed.clone().into()),
            ],
        ),
    }
}

/// What is wrong with a game's link, in the current language.
fn link_problem(error: &LinkError, i18n: &I18n) -> String {
    match error {
        LinkError::NotALink => i18n.tr("records-link-not-a-link"),
        LinkError::Damaged(_) => i18n.tr("records-link-damaged"),
        LinkError::NewerFormat { .. } => i18n.tr("records-link-newer"),
        LinkError::IllegalGame(_) => i18n.tr("records-link-illegal"),
        LinkError::BadRecord(error) => load_problem(&LoadError::Record(error.clone()), i18n),
    }
}

/// Why a written move cannot be played, in the current language.
fn move_problem(problem: &MoveProblem, i18n: &I18n) -> String {
    let key = match problem {
        MoveProblem::Unplayable(e) => match e.kind {
            PlayErrorKind::GameOver => "records-why-game-over",
            PlayErrorKind::Illegal => "records-why-illegal",
            PlayErrorKind::KichwaNotChosen => "records-why-kichwa-not-chosen",
        },
        MoveProblem::Unreadable(e) => match e.kind {
            ParseMoveErrorKind::BadRow => "records-why-row",
            ParseMoveErrorKind::BadNumber => "records-why-number",
            ParseMoveErrorKind::BadSuffix => "records-why-suffix",
            ParseMoveErrorKind::ChoiceWithoutDirection => "records-why-choice-direction",
            ParseMoveErrorKind::TooManyChoices => "records-why-too-many-choices",
        },
    };
    i18n.tr(key)
}
