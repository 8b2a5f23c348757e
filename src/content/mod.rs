//! The game's texts, as plain data without Bevy: for each variant where and by whom it is played,
//! its history, its rules in plain language, the local terms, and "show me" examples; the words
//! for how a game ended; and the reasons a click is not a move.
//!
//! The texts themselves live in `assets/i18n/<language>/content.ftl` (see [`crate::i18n`]); the
//! structures here name their translation keys in reading order, so that a test can check every
//! key exists and every key of the file is used. The examples' positions and moves are data,
//! not text, and stay here.
//!
//! Everything historical is translated from the source documents (docs/rules.md, 'Sources');
//! where this program settles a point the sources leave open (docs/rules.md, 'Open points and
//! how they are settled'), the text says it is a house rule.

pub(crate) mod captions;
mod ending;
mod kigogo;
mod kimasai;
mod kingulu;
mod kujifunza;
pub(crate) mod lessons;
pub(crate) mod puzzles;
pub(crate) mod steps;
pub(crate) mod story;

#[cfg(test)]
mod tests;

pub(crate) use ending::{ending, player_name};

use bao_engine::{Move, ParseMoveError, Position, PositionError, Variant};
use std::fmt;

/// Everything the game tells a visitor about one variant. Every `&str` is a translation key.
#[derive(Debug)]
pub(crate) struct VariantText {
    /// Which game.
    pub variant: Variant,
    /// Another name the game is known by, if any.
    pub also_called: Option<&'static str>,
    /// Rows, pits and seeds, in a few words.
    pub board: &'static str,
    /// Where the game is played.
    pub region: &'static str,
    /// Who plays it.
    pub people: &'static str,
    /// Two short lines for the title screen.
    pub summary: [&'static str; 2],
    /// A few paragraphs of history: people, region, sources.
    pub history: &'static [&'static str],
    /// The rules in plain language, in the order of the sources.
    pub rules: Rules,
    /// The local words used in the rules, explained.
    pub terms: &'static [Term],
    /// Points the sources leave open and this program settles (docs/rules.md, 'Open points and how
    /// they are settled').
    pub house_rules: &'static [&'static str],
    /// Short positions that the "show me" button plays on the board.
    pub examples: &'static [ExampleText],
}

/// The rules, organised as the source documents are.
#[derive(Debug)]
pub(crate) struct Rules {
    /// The board and the seeds at the start.
    pub board: &'static [&'static str],
    /// How a move is made.
    pub play: &'static [&'static str],
    /// How seeds are captured.
    pub capture: &'static [&'static str],
    /// How the game ends and who wins.
    pub end: &'static [&'static str],
}

impl Rules {
    /// The four parts with their headings' keys, in reading order.
    pub(crate) fn sections(&self) -> [(&'static str, &'static [&'static str]); 4] {
        [
            ("rules-section-board", self.board),
            ("rules-section-play", self.play),
            ("rules-section-capture", self.capture),
            ("rules-section-end", self.end),
        ]
    }
}

/// A local word and what it means (both translation keys: some words, like "reserved hole",
/// are translated; the games' own Swahili words stay Swahili in every language).
#[derive(Debug)]
pub(crate) struct Term {
    /// The word, as the players say it.
    pub word: &'static str,
    /// Its meaning in the game.
    pub meaning: &'static str,
}

/// A "show me" example: its title and caption (translation keys), a position in the JSON text
/// format of docs/rules.md and moves in notation.
#[derive(Debug)]
pub(crate) struct ExampleText {
    /// A few words for the button (a key).
    pub title: &'static str,
    /// The position to set up, in the JSON text format of docs/rules.md.
    pub position: &'static str,
    /// The moves to play from it, in notation.
    pub moves: &'static [&'static str],
    /// One line saying what happens (a key).
    pub caption: &'static str,
}

/// An example ready for the board.
#[derive(Clone, Debug)]
pub(crate) struct Example {
    /// The position to set up.
    pub position: Position,
    /// The moves to play from it.
    pub moves: Vec<Move>,
}

/// An example's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ExampleError {
    /// The position is not valid.
    Position(PositionError),
    /// A move is not in notation.
    Move(ParseMoveError),
}

impl fmt::Display for ExampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExampleError::Position(e) => write!(f, "example position: {e}"),
            ExampleError::Move(e) => write!(f, "example move: {e}"),
        }
    }
}

impl std::error::Error for ExampleError {}

impl ExampleText {
    /// Parses the position and the moves. Whether the moves are legal is the engine's to say
    /// when they are played (the unit tests play every example).
    ///
    /// # Errors
    /// An [`ExampleError`] if the position or a move cannot be read.
    pub(crate) fn load(&self) -> Result<Example, ExampleError> {
        let position = Position::from_json(self.position).map_err(ExampleError::Position)?;
        let moves = self
            .moves
            .iter()
            .map(|m| m.parse::<Move>().map_err(ExampleError::Move))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Example { position, moves })
    }
}

/// The texts of `variant`.
pub(crate) fn text(variant: Variant) -> &'static VariantText {
    match variant {
        Variant::Kujifunza | Variant::KujifunzaChoice => &kujifunza::TEXT,
        Variant::Kingulu => &kingulu::TEXT,
        Variant::Kigogo => &kigogo::TEXT,
        Variant::Kimasai => &kimasai::TEXT,
    }
}

/// The key of a variant's name as shown (the same words in every language).
pub(crate) const fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Kujifunza | Variant::KujifunzaChoice => "variant-kujifunza",
        Variant::Kingulu => "variant-kingulu",
        Variant::Kigogo => "variant-kigogo",
        Variant::Kimasai => "variant-kimasai",
    }
}

/// The key of the short name of a Kujifunza rule set's kichwa rule (KU-8, KU-8c), for the HUD
/// and the choice on the title card and in the rules panel; `None` for the other games.
pub(crate) const fn kichwa_reading(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Kujifunza => Some("reading-kujifunza"),
        Variant::KujifunzaChoice => Some("reading-kujifunza-choice"),
        _ => None,
    }
}

/// The key of the short name of a Kujifunza rule set's kichwa rule, for the title card's choice
/// ("keeps the direction", "chosen by the player", after [`KICHWA_READING_QUESTION_SHORT`]);
/// `None` for the other games.
pub(crate) const fn kichwa_reading_short(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Kujifunza => Some("reading-kujifunza-short"),
        Variant::KujifunzaChoice => Some("reading-kujifunza-choice-short"),
        _ => None,
    }
}

/// The key of the short question of the title card's choice ("Kichwa:").
pub(crate) const KICHWA_READING_QUESTION_SHORT: &str = "reading-question-short";

/// The key of the question the two readings answer ("Kichwa after a middle capture:").
pub(crate) const KICHWA_READING_QUESTION: &str = "reading-question";

/// The key of the text on how pits are named in the move list, for every variant's rules panel.
pub(crate) const NOTATION: &str = "rules-notation";

#[cfg(test)]
impl VariantText {
    /// Every translation key this variant's texts use, in reading order.
    pub(crate) fn keys(&self) -> Vec<&'static str> {
        let mut keys = vec![variant_name(self.variant)];
        keys.extend(self.also_called);
        keys.extend([self.board, self.region, self.people]);
        keys.extend(self.summary);
        keys.extend(self.history);
        for (heading, points) in self.rules.sections() {
            keys.push(heading);
            keys.extend(points);
        }
        for term in self.terms {
            keys.extend([term.word, term.meaning]);
        }
        keys.extend(self.house_rules);
        for example in self.examples {
            keys.extend([example.title, example.caption]);
        }
        keys
    }
}
