//! The move trace: the ordered physical steps of a move, one seed at a time, for the 3D app to
//! animate. Replaying a trace on the position before the move gives exactly the position after
//! it ([`TraceReplay`]).

use crate::notation::Kichwa;
use crate::pit::{Direction, Pit};
use crate::position::Position;
use crate::variant::Player;
use std::fmt;

/// Where captured seeds go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureTo {
    /// Into the mover's hand, to be sown again from a kichwa (Kujifunza, KU-7).
    Hand,
    /// Off the board, onto the capturer's pile (Kingulu, Kigogo, Kimasai).
    OffBoard,
}

/// Why captured seeds re-enter at the kichwa they do (KU-8, KU-8c): what a caption says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReEntry {
    /// The capture was made from a kimbi (`a1`, `a2`, `a7`, `a8`): the kichwa on that side.
    Kimbi,
    /// The capture was made from a middle pit and the move keeps its direction (KU-8).
    KeepsDirection,
    /// The capture was made from a middle pit and the mover chose the kichwa (KU-8c; a
    /// [`Step::Choice`] comes just before).
    Chosen,
}

/// One physical step of a move. Pits are absolute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The move starts: all `count` seeds are lifted from `pit` into the hand.
    Lift {
        /// The start pit.
        pit: Pit,
        /// Seeds lifted.
        count: u8,
    },
    /// One seed from the hand is dropped into `pit`.
    Sow {
        /// Where the seed falls.
        pit: Pit,
    },
    /// A lap ended in an occupied pit: all its `count` seeds (the last one included) are lifted
    /// for the next lap (relay, docs/rules.md, 'Laps and relays').
    Relay {
        /// The pit emptied.
        pit: Pit,
        /// Seeds lifted.
        count: u8,
    },
    /// `count` seeds are taken out of `pit` by `by`.
    Capture {
        /// The pit emptied.
        pit: Pit,
        /// Seeds taken.
        count: u8,
        /// The capturing player.
        by: Player,
        /// Where the seeds go.
        to: CaptureTo,
    },
    /// `kujifunza-choice`: the mover chose the kichwa for a capture from a middle pit (KU-8c).
    Choice {
        /// The kichwa chosen.
        kichwa: Kichwa,
    },
    /// Kujifunza: captured seeds in the hand are sown from `pit`, a kichwa, first seed into the
    /// kichwa itself, continuing in `direction` (KU-7).
    ReEnter {
        /// The kichwa.
        pit: Pit,
        /// Left or right kichwa.
        kichwa: Kichwa,
        /// The direction of the rest of the move.
        direction: Direction,
        /// Why this kichwa (KU-8, KU-8c).
        why: ReEntry,
    },
    /// Kingulu: `pit` becomes a hole reserved by `owner` (kuweka mtoto, KN-5).
    Reserve {
        /// The new reserved hole.
        pit: Pit,
        /// Who reserved it.
        owner: Player,
    },
    /// Kingulu: the second-to-last seed of the lap is moved from `from` into the newly reserved
    /// hole `to` (KN-5).
    MoveToReserved {
        /// Where the seed was.
        from: Pit,
        /// The reserved hole.
        to: Pit,
    },
    /// Kingulu: the seed that just fell into reserved hole `pit` is taken by its `owner` as
    /// captured (KN-6).
    Toll {
        /// The reserved hole.
        pit: Pit,
        /// The hole's owner, who takes the seed.
        owner: Player,
    },
}

/// Records steps while the engine plays a move. The no-op recorder `()` compiles away, so the
/// fast path and the traced path share one implementation of the rules.
pub(crate) trait Tracer {
    fn step(&mut self, make: impl FnOnce() -> Step);
}

impl Tracer for () {
    #[inline(always)]
    fn step(&mut self, _make: impl FnOnce() -> Step) {}
}

impl Tracer for Vec<Step> {
    #[inline]
    fn step(&mut self, make: impl FnOnce() -> Step) {
        self.push(make());
    }
}

/// A step could not be applied: the trace does not belong to this position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceError {
    /// Index of the offending step.
    pub index: usize,
    /// What was wrong.
    pub reason: &'static str,
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "trace step {} cannot be applied: {}",
            self.index, self.reason
        )
    }
}

impl std::error::Error for TraceError {}

/// Applies a move trace to the position before the move, step by step: what the 3D app shows
/// between two engine positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceReplay {
    position: Position,
    hand: u32,
    applied: usize,
}

impl TraceReplay {
    /// Starts from the position before the move.
    pub fn new(before: &Position) -> TraceReplay {
        TraceReplay {
            position: *before,
            hand: 0,
            applied: 0,
        }
    }

    /// Seeds currently in the mover's hand.
    pub const fn hand(&self) -> u32 {
        self.hand
    }

    /// The board as it stands after the steps applied so far (the side to move is still the
    /// mover's).
    pub const fn board(&self) -> &Position {
        &self.position
    }

    /// Applies one step.
    ///
    /// # Errors
    /// A [`TraceError`] if the step cannot happen on the current board (a pit off the board, more
    /// seeds taken than there are, a seed sown from an empty hand).
    pub fn apply(&mut self, step: &Step) -> Result<(), TraceError> {
        let err = |reason| TraceError {
            index: self.applied,
            reason,
        };
        let g = self.position.geometry();
        let cell = |pit: Pit| g.cell(pit).ok_or_else(|| err("pit off the board"));
        let pos = &mut self.position;
        match *step {
            Step::Lift { pit, count } | Step::Relay { pit, count } => {
                let c = cell(pit)?;
                if pos.cells[c] != count {
                    return Err(err("lifted count differs from the pit's seeds"));
                }
                pos.cells[c] = 0;
                self.hand += u32::from(count);
            }
            Step::Sow { pit } => {
                let c = cell(pit)?;
                if self.hand == 0 {
                    return Err(err("sowing from an empty hand"));
                }
                self.hand -= 1;
                pos.cells[c] += 1;
            }
            Step::Capture { pit, count, by, to } => {
                let c = cell(pit)?;
                if pos.cells[c] < count {
                    return Err(err("capturing more seeds than the pit holds"));
                }
                pos.cells[c] -= count;
                match to {
                    CaptureTo::Hand => self.hand += u32::from(count),
                    CaptureTo::OffBoard => pos.captured[by.index()] += count,
                }
            }
            Step::Choice { .. } | Step::ReEnter { .. } => {}
            Step::Reserve { pit, owner } => {
                let c = cell(pit)?;
                let bit = 1u16
                    .checked_shl(c as u32)
                    .filter(|_| pos.variant == crate::Variant::Kingulu)
                    .ok_or_else(|| err("holes are reserved only in Kingulu"))?;
                pos.reserved[owner.index()] |= bit;
            }
            Step::MoveToReserved { from, to } => {
                let (f, t) = (cell(from)?, cell(to)?);
                if pos.cells[f] == 0 {
                    return Err(err("moving a seed from an empty pit"));
                }
                pos.cells[f] -= 1;
                pos.cells[t] += 1;
            }
            Step::Toll { pit, owner } => {
                let c = cell(pit)?;
                if pos.cells[c] == 0 {
                    return Err(err("toll from an empty hole"));
                }
                pos.cells[c] -= 1;
                pos.captured[owner.index()] += 1;
            }
        }
        self.applied += 1;
        Ok(())
    }

    /// Ends the move: the hand must be empty; the turn passes to the opponent.
    ///
    /// # Errors
    /// A [`TraceError`] if seeds are still in the hand.
    pub fn finish(mut self) -> Result<Position, TraceError> {
        if self.hand != 0 {
            return Err(TraceError {
                index: self.applied,
                reason: "seeds left in the hand at the end of the move",
            });
        }
        self.position.to_move = self.position.to_move.opponent();
        Ok(self.position)
    }

    /// Applies every step of `steps` to `before` and finishes the move.
    ///
    /// # Errors
    /// The first [`TraceError`].
    pub fn replay(before: &Position, steps: &[Step]) -> Result<Position, TraceError> {
        let mut r = TraceReplay::new(before);
        for s in steps {
            r.apply(s)?;
        }
        r.finish()
    }
}
