//! A whole move told in sentences, each one a note of the move's trace ([`super::steps`]): what
//! a lesson's card says its move did, what an exercise's move did, and (through
//! [`last_move_of`]) which move a puzzle's verdict is about. Nothing here is written beside a
//! move: every sentence names a step the engine took, with its pit, its seeds and whose row.
//!
//! A move that relays many times would fill a card, so a run of relays after the first is told
//! as one sentence with their number.

use super::steps::{StepNote, step_notes};
use crate::i18n::I18n;
use bao_engine::{Game, Move, MoveSummary, Player, Position, Variant};

#[cfg(test)]
mod tests;

/// The sentences of the move `mv` from `before`, in order; empty for a move that is not legal
/// there.
pub(crate) fn move_story(before: &Position, mv: Move, i18n: &I18n) -> Vec<String> {
    told_notes(before, mv)
        .into_iter()
        .map(|told| told.text(before.variant(), i18n))
        .collect()
}

/// A note of the trace, or a run of relays after the first told as their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Told {
    /// One step's note.
    Note(StepNote),
    /// This many more relays, each as the one before.
    MoreRelays(usize),
}

impl Told {
    /// The sentence in the current language.
    pub(crate) fn text(&self, variant: Variant, i18n: &I18n) -> String {
        match self {
            Told::Note(note) => note.text(variant, i18n),
            Told::MoreRelays(count) => {
                i18n.tr_args("explain-more-relays", &[("count", (*count).into())])
            }
        }
    }
}

/// The notes of `mv` from `before`, the relays after a move's first relay in a run counted.
pub(crate) fn told_notes(before: &Position, mv: Move) -> Vec<Told> {
    let Ok((_, steps)) = before.play_traced(mv) else {
        return Vec::new();
    };
    let mut told = Vec::new();
    let mut run = 0;
    for noted in step_notes(before, &steps) {
        let relay = matches!(noted.note, StepNote::Relay { .. });
        if relay && run > 0 {
            run += 1;
            continue;
        }
        if run > 1 {
            told.push(Told::MoreRelays(run - 1));
        }
        run = usize::from(relay);
        told.push(Told::Note(noted.note));
    }
    if run > 1 {
        told.push(Told::MoreRelays(run - 1));
    }
    told
}

/// The move `mv` from `before` in one line, as the kiosk's caption tells a whole move (what it
/// sowed, captured, reserved, and the tolls paid); `None` for a move that is not legal there.
pub(crate) fn move_line(before: &Position, mv: Move, i18n: &I18n) -> Option<String> {
    let (_, steps) = before.play_traced(mv).ok()?;
    let summary = MoveSummary::of(before, mv, &steps)?;
    Some(super::captions::move_caption(i18n, &summary))
}

/// The last move `player` made in `game`, with the position it was made from.
pub(crate) fn last_move_of(game: &Game, player: Player) -> Option<(Position, Move)> {
    game.positions()
        .iter()
        .zip(game.moves())
        .rev()
        .find(|(before, _)| before.to_move() == player)
        .map(|(before, &mv)| (*before, mv))
}
