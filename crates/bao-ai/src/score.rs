//! Search scores as the user interface shows them.

use crate::eval::{MATE, SEED, WIN_BOUND};
use std::fmt;

/// The value of a move or position for the player to move: seeds ahead (in hundredths), or a
/// game won or lost in a number of plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub(crate) i32);

impl Score {
    /// The raw value: hundredths of a seed, or beyond ±990,000 a won or lost game.
    pub const fn centiseeds(self) -> i32 {
        self.0
    }

    /// Seeds ahead (negative: behind) as the evaluation counts them.
    pub fn seeds(self) -> f32 {
        self.0 as f32 / SEED as f32
    }

    /// Plies (moves of either player) to a forced win, counting the move that scored.
    pub const fn win_in(self) -> Option<u32> {
        if self.0 > WIN_BOUND {
            Some((MATE - self.0) as u32)
        } else {
            None
        }
    }

    /// Plies to a forced loss.
    pub const fn loss_in(self) -> Option<u32> {
        if self.0 < -WIN_BOUND {
            Some((MATE + self.0) as u32)
        } else {
            None
        }
    }

    /// Whether the game is won or lost by force.
    pub const fn is_decided(self) -> bool {
        self.0.abs() > WIN_BOUND
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.win_in() {
            write!(f, "win in {n}")
        } else if let Some(n) = self.loss_in() {
            write!(f, "loss in {n}")
        } else {
            write!(f, "{:+.1}", self.seeds())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_seeds_or_a_decided_game() {
        assert_eq!(Score(250).to_string(), "+2.5");
        assert_eq!(Score(-100).to_string(), "-1.0");
        assert_eq!(Score(MATE - 3).to_string(), "win in 3");
        assert_eq!(Score(-(MATE - 4)).to_string(), "loss in 4");
        assert!(Score(MATE - 3) > Score(9000));
        assert_eq!(Score(MATE - 3).win_in(), Some(3));
        assert_eq!(Score(150).win_in(), None);
    }
}
