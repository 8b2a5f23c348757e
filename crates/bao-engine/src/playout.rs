//! Random playouts to the end of the game: the measure of engine speed (`bao-cli bench`) and a
//! building block for Monte Carlo search. No allocation per move once the repetition table has
//! grown to the game's length.

use crate::game::repetition_limit;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::variant::Variant;
use std::collections::HashMap;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// The outcome, or `Ongoing` if the ply limit was reached first.
    pub outcome: Outcome,
    /// Plies played.
    pub plies: u32,
    /// The final position.
    pub position: Position,
}

/// Plays random games; keeps its repetition table between runs so that it allocates only while
/// the table grows.
#[derive(Debug, Default)]
pub struct Playout {
    seen: HashMap<Position, u32>,
}

impl Playout {
    /// A playout runner with an empty table.
    pub fn new() -> Playout {
        Playout::default()
    }

    /// Plays from `start` until the game ends (repetition included) or `max_plies` plies have
    /// been played. `random_below(k)` must return a number in `0..k`; each legal move is chosen
    /// with equal probability (reservoir sampling over the successors, so every move is simulated
    /// once).
    pub fn run(
        &mut self,
        start: &Position,
        mut random_below: impl FnMut(usize) -> usize,
        max_plies: u32,
    ) -> PlayoutResult {
        self.seen.clear();
        self.seen.insert(*start, 1);
        let limit = repetition_limit(start.variant());
        let mut position = *start;
        let mut plies = 0;
        while plies < max_plies {
            let mut count = 0;
            let mut chosen = position;
            position.for_each_move(|_, next| {
                count += 1;
                if random_below(count) == 0 {
                    chosen = *next;
                }
            });
            if count == 0 {
                return PlayoutResult {
                    outcome: position.outcome(),
                    plies,
                    position,
                };
            }
            position = chosen;
            plies += 1;
            let seen = self.seen.entry(position).or_insert(0);
            *seen += 1;
            if *seen >= limit {
                let outcome = match position.static_outcome() {
                    Some(o) => o,
                    None if position.variant() == Variant::Kingulu => {
                        position.kingulu_result(EndReason::Repetition)
                    }
                    None => Outcome::Draw {
                        reason: EndReason::Repetition,
                    },
                };
                return PlayoutResult {
                    outcome,
                    plies,
                    position,
                };
            }
        }
        PlayoutResult {
            outcome: Outcome::Ongoing,
            plies,
            position,
        }
    }
}
