//! Perfect play where it is proven: the shipped proofs of the Kujifunza start positions
//! ([`crate::proof::bundled`]), Kingulu's endgame table once the game has installed one
//! ([`crate::tables::installed`]), and in Kujifunza a proof made on the spot ([`LiveProof`]). A
//! [`crate::Searcher`] asked for perfect play ([`crate::Searcher::with_perfect_play`]) looks
//! here before it searches, and plays what it finds at once.

use crate::proof::{self, SolveLimits, Solver, Verdict};
use crate::tables;
use bao_engine::{Game, Move, Player, Position, Variant};

/// What is known for certain about a position, and so about the move played from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The position is in a checked proof, or a live proof has just proven it (KU-10):
    /// `winner` wins by force, and the move keeps the game in the proof whatever the reply. A
    /// live proof never passes through a position of the game so far, nor twice through one,
    /// so the repetition rule (KU-11) cannot draw it.
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

/// Whether a live proof is tried in `variant` before the search, decided by measurement on
/// positions of self-play games (four random plies, then a small Expert search's moves): what
/// df-pn proves with the game's positions avoided, and whether Expert's search at its full
/// budget, without perfect play, sees the same wins:
///
/// * `kujifunza` (KU-10): yes. Of 60 positions up to 40 plies after a 4-ply opening, 28 were
///   proven wins for the side to move within 50,000 positions (25 within 5,000), and Expert's
///   search saw a forced win in only 23 of the 30 proven within 200,000. A live proof costs
///   about 15 ms a move on average.
/// * `kujifunza-choice` (KU-8c): yes, as it costs nothing: its positions are decided within
///   5,000 positions (27 of 40 proven wins, about 1 ms a move), though Expert's search saw
///   every one of those wins too.
/// * Kigogo (KG-5) and Kimasai (KM-4): no. Within 40 plies of the start no position was proven
///   within 200,000 positions; later in the game (40 to 200 plies) 6 of 40 Kigogo and 7 of 40
///   Kimasai positions were, but Expert's search (3 and 4 million nodes) saw every one of those
///   wins, and the proofs cost 36 to 92 ms a move at 50,000 positions: only time lost.
/// * Kingulu is decided by the seeds counted at the end (KN-8), not by a win: its endgame table
///   plays it.
pub(crate) const fn live_proofs(variant: Variant) -> bool {
    matches!(variant, Variant::Kujifunza | Variant::KujifunzaChoice)
}

/// A proof made on the spot (df-pn, [`Solver`]) that the side to move wins from a position of
/// the game, in slices of a given number of positions, with the game's earlier positions
/// avoided ([`Solver::avoid`]): if it succeeds within its budget, its move is a
/// [`Known::ProvenWin`]. The solver is made at the first slice, so a searcher that never thinks
/// costs nothing.
#[derive(Clone, Debug)]
pub(crate) struct LiveProof {
    /// The most positions the proof may evaluate.
    limit: u64,
    solver: Option<Box<Solver>>,
}

/// What a slice of a live proof ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LiveStep {
    /// Undecided, with budget left.
    Going,
    /// Over: the proven move, or `None` (refuted, or the budget is spent).
    Done(Option<(Move, Known)>),
}

impl LiveProof {
    /// Table bytes per position of the budget: about twice the slots the proof can fill.
    const TABLE_BYTES_PER_POSITION: usize = 64;

    /// A live proof of at most `limit` positions.
    pub(crate) fn new(limit: u64) -> LiveProof {
        LiveProof {
            limit,
            solver: None,
        }
    }

    /// Positions evaluated so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.solver.as_ref().map_or(0, |s| s.nodes())
    }

    /// Goes on for about `slice` more positions (the last step may pass it by one position's
    /// moves) from `root`, the side to move attacking, `history` (keys of the game's positions)
    /// avoided. The positions evaluated, in order, depend only on the total given, not on how
    /// it was sliced.
    pub(crate) fn step(
        &mut self,
        root: &Position,
        history: impl Iterator<Item = u64>,
        slice: u64,
    ) -> LiveStep {
        let limit = self.limit;
        let solver = self.solver.get_or_insert_with(|| {
            let limits = SolveLimits {
                nodes: 0,
                table_bytes: usize::try_from(limit)
                    .unwrap_or(usize::MAX)
                    .saturating_mul(Self::TABLE_BYTES_PER_POSITION),
            };
            let mut solver = Solver::new(*root, root.to_move(), limits);
            solver.avoid_keys(history);
            Box::new(solver)
        });
        solver.set_budget(solver.nodes().saturating_add(slice.max(1)).min(limit));
        match solver.run(&mut |_| {}) {
            Verdict::Proven => LiveStep::Done(solver.winning_move().map(|mv| {
                (
                    mv,
                    Known::ProvenWin {
                        winner: root.to_move(),
                    },
                )
            })),
            Verdict::Disproven { .. } => LiveStep::Done(None),
            Verdict::Unknown { .. } if solver.nodes() >= limit => LiveStep::Done(None),
            Verdict::Unknown { .. } => LiveStep::Going,
        }
    }
}
