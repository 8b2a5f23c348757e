//! The proven winning moves, for the Expert level: a [`ProofBook`] is read from a proof file
//! through the checker's walk, so a file that does not prove its result is never used.

use super::check::{ProofError, ProofErrorKind, ProofSummary, walk};
use bao_engine::{Move, Player, Position, Variant};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The winning side's move in every position of a checked proof where it is to move.
#[derive(Clone, Debug)]
pub struct ProofBook {
    summary: ProofSummary,
    moves: HashMap<Position, Move>,
}

impl ProofBook {
    /// Checks a proof file and keeps its winning moves.
    ///
    /// # Errors
    /// The checker's [`ProofError`] when the file does not prove its claim.
    pub fn from_bytes(bytes: &[u8]) -> Result<ProofBook, ProofError> {
        let mut moves = HashMap::new();
        let summary = walk(bytes, |pos, mv| {
            moves.insert(*pos, mv);
        })?;
        Ok(ProofBook { summary, moves })
    }

    /// The rule set of the proof.
    pub fn variant(&self) -> Variant {
        self.summary.variant
    }

    /// The side that wins by force from the proof's root.
    pub fn winner(&self) -> Player {
        self.summary.winner
    }

    /// The position the proof starts from.
    pub fn root(&self) -> &Position {
        &self.summary.root
    }

    /// Distinct positions in the proof.
    pub fn positions(&self) -> u64 {
        self.summary.positions
    }

    /// The proven winning move in `position`: `Some` only where the winner is to move in a
    /// position of the proof. Playing it against any reply keeps the game inside the proof,
    /// so the win follows without a position ever repeating (KU-11).
    pub fn winning_move(&self, position: &Position) -> Option<Move> {
        self.moves.get(position).copied()
    }
}

/// The shipped proof of `variant`'s start position, checked once on first use; `None` where
/// no proof is shipped.
///
/// On `wasm32` only proofs under 64 KiB are built in: the web build's download is capped, and
/// a larger book would cost every visitor the bytes.
pub fn bundled(variant: Variant) -> Option<&'static ProofBook> {
    static KUJIFUNZA: OnceLock<Option<ProofBook>> = OnceLock::new();
    static KUJIFUNZA_CHOICE: OnceLock<Option<ProofBook>> = OnceLock::new();
    let (cell, bytes) = match variant {
        Variant::Kujifunza => (&KUJIFUNZA, KUJIFUNZA_PROOF),
        Variant::KujifunzaChoice => (&KUJIFUNZA_CHOICE, KUJIFUNZA_CHOICE_PROOF),
        _ => return None,
    };
    cell.get_or_init(|| load(variant, bytes)).as_ref()
}

/// `assets/proofs/kujifunza.proof`: South wins (KU-8, KU-10), 142 positions in 278 bytes, so
/// the web build has it too (under its 64 KiB limit for a built-in proof). A larger proof would
/// be included under `#[cfg(not(target_arch = "wasm32"))]` and answer `None` on the web.
const KUJIFUNZA_PROOF: &[u8] = include_bytes!("../../../../assets/proofs/kujifunza.proof");

/// `assets/proofs/kujifunza-choice.proof`: South wins in three plies (KU-8c), 223 bytes.
const KUJIFUNZA_CHOICE_PROOF: &[u8] =
    include_bytes!("../../../../assets/proofs/kujifunza-choice.proof");

/// A shipped file that fails its check is not used: the game then plays without the book.
fn load(variant: Variant, bytes: &[u8]) -> Option<ProofBook> {
    let book = ProofBook::from_bytes(bytes).ok()?;
    (book.variant() == variant && *book.root() == Position::new(variant)).then_some(book)
}

/// Checks that `bytes` is a proof for `variant`.
///
/// # Errors
/// The checker's error, or [`ProofErrorKind::WrongVariant`].
pub fn book_for(variant: Variant, bytes: &[u8]) -> Result<ProofBook, ProofError> {
    let book = ProofBook::from_bytes(bytes)?;
    if book.variant() != variant {
        return Err(ProofError::new(ProofErrorKind::WrongVariant {
            expected: variant,
            found: book.variant(),
        }));
    }
    Ok(book)
}
