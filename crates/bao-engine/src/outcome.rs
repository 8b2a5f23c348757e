//! How a game ends: win, draw or still going, with the reason (docs/rules.md, 'Game end';
//! KU-10, KN-8, KG-5, KM-4).

use crate::position::Position;
use crate::variant::{Player, Variant};
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Kujifunza, KU-10: the loser's front row is empty (bao hamna).
    BaoHamna,
    /// The player to move has no legal move (KU-10, KG-5, KM-4 blockade).
    Blockade,
    /// Kigogo, Kimasai (KG-5, KM-4): the player to move has no seeds left.
    NoSeeds,
    /// Kingulu, KN-8: the player to move has no legal move; the seeds were counted.
    FinalScore,
    /// A repeated position (KU-11, KN-9 scored as KN-8, KG-5, KM-4).
    Repetition,
}

impl EndReason {
    /// The id used in JSON output.
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::BaoHamna => "bao_hamna",
            EndReason::Blockade => "blockade",
            EndReason::NoSeeds => "no_seeds",
            EndReason::FinalScore => "final_score",
            EndReason::Repetition => "repetition",
        }
    }
}

/// The state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` has won.
    Win {
        /// The winner.
        winner: Player,
        /// Why the game ended.
        reason: EndReason,
    },
    /// Nobody has won.
    Draw {
        /// Why the game ended.
        reason: EndReason,
    },
}

impl Outcome {
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if there is one.
    pub const fn winner(&self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// The reason the game ended.
    pub const fn reason(&self) -> Option<EndReason> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => Some(*reason),
        }
    }

    /// `"ongoing"`, `"win"` or `"draw"`.
    pub const fn result_id(&self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win { .. } => "win",
            Outcome::Draw { .. } => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "ongoing"),
            Outcome::Win { winner, reason } => write!(f, "{winner} wins ({})", reason.id()),
            Outcome::Draw { reason } => write!(f, "draw ({})", reason.id()),
        }
    }
}

impl Position {
    /// The outcome judged from this position alone (every rule but repetition, which needs the
    /// game's history: see [`crate::Game`]).
    pub fn outcome(&self) -> Outcome {
        if let Some(o) = self.static_outcome() {
            return o;
        }
        let mut any = false;
        self.generate(&mut |_, _| any = true);
        if any {
            Outcome::Ongoing
        } else if self.variant == Variant::Kingulu {
            self.kingulu_result(EndReason::FinalScore)
        } else {
            // KU-10, KG-5, KM-4: no legal move loses.
            Outcome::Win {
                winner: self.to_move.opponent(),
                reason: EndReason::Blockade,
            }
        }
    }

    /// The ends that need no move generation: bao hamna (KU-10) and no seeds (KG-5, KM-4).
    pub(crate) fn static_outcome(&self) -> Option<Outcome> {
        let me = self.to_move;
        let win = |winner: Player, reason| Some(Outcome::Win { winner, reason });
        match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => {
                // KU-10: the player to move loses with an empty front row; a move that emptied
                // the mover's own front row (and not the opponent's, checked first) loses too.
                if self.front_row_empty(me) {
                    win(me.opponent(), EndReason::BaoHamna)
                } else if self.front_row_empty(me.opponent()) {
                    win(me, EndReason::BaoHamna)
                } else {
                    None
                }
            }
            Variant::Kigogo | Variant::Kimasai if self.seeds_on_side(me) == 0 => {
                win(me.opponent(), EndReason::NoSeeds)
            }
            _ => None,
        }
    }

    /// KN-8: a player's score is the seeds in their own unreserved pits, in the holes they
    /// reserved, and those they captured. The two scores add up to 48.
    pub fn kingulu_score(&self, player: Player) -> u32 {
        let g = self.geometry();
        let on_board: u32 = (0..self.variant.pit_count())
            .filter(|&c| match self.reserved_owner(c) {
                Some(owner) => owner == player,
                None => g.owner(c) == player,
            })
            .map(|c| u32::from(self.cells[c]))
            .sum();
        on_board + u32::from(self.captured(player))
    }

    /// KN-8, KN-9: the higher score wins; 24–24 is a draw.
    pub(crate) fn kingulu_result(&self, reason: EndReason) -> Outcome {
        let south = self.kingulu_score(Player::South);
        let north = self.kingulu_score(Player::North);
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Player::South,
                reason,
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Player::North,
                reason,
            },
            std::cmp::Ordering::Equal => Outcome::Draw { reason },
        }
    }
}
