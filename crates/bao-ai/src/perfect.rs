//! Perfect play where it is proven: the shipped proofs of the Kujifunza start positions
//! ([`crate::proof::bundled`]) and Kingulu's endgame table once the game has installed one
//! ([`crate::tables::installed`]). A [`crate::Searcher`] asked for perfect play
//! ([`crate::Searcher::with_perfect_play`]) looks here before it searches, and plays what it
//! finds at once.

use crate::{proof, tables};
use bao_engine::{Game, Move, Player, Variant};

/// What is known for certain about a position, and so about the move played from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The position is in a checked proof (KU-10): `winner` wins by force, and the move keeps
    /// the game in the proof whatever the reply.
    ProvenWin {
        /// The side that wins.
        winner: Player,
    },
    /// Kingulu's endgame table (KN-8): each side's final score with perfect play from here.
    Table {
        /// South's final score.
        south: u32,
        /// North's final score.
        north: u32,
        /// `false` when the position is decided by repetition (KN-9) and the scores are the
        /// table's estimate.
        exact: bool,
    },
}

/// The perfect move in `game` and what is known, or `None` where nothing is proven.
pub(crate) fn perfect_move(game: &Game) -> Option<(Move, Known)> {
    if game.outcome().is_over() {
        return None;
    }
    proven_move(game).or_else(|| table_move(game))
}

/// A proof's move. A proof never repeats a position along its lines (KU-11), but a game that
/// came into it from elsewhere may already hold some of its positions twice; then the proof's
/// promise does not cover this game, and the search decides.
fn proven_move(game: &Game) -> Option<(Move, Known)> {
    let book = proof::bundled(game.position().variant())?;
    let mv = book.winning_move(game.position())?;
    let fresh = game
        .positions()
        .iter()
        .all(|p| game.positions().iter().filter(|q| *q == p).count() < 2);
    fresh.then_some((
        mv,
        Known::ProvenWin {
            winner: book.winner(),
        },
    ))
}

/// The installed endgame table's move (Kingulu only).
fn table_move(game: &Game) -> Option<(Move, Known)> {
    if game.position().variant() != Variant::Kingulu {
        return None;
    }
    let table = tables::installed()?;
    let value = table.probe(game.position())?;
    let mv = table.table_move(game)?;
    Some((
        mv,
        Known::Table {
            south: value.south,
            north: value.north,
            exact: value.exact,
        },
    ))
}
