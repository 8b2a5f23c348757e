//! Why a pit cannot start a move: the one-line reason the game shows after an illegal click.

use crate::pit::{Direction, Pit};
use crate::position::Position;
use crate::rules::{self, RunEnd};
use crate::variant::{Player, Variant};
use std::fmt;

/// The rule that stops a pit from starting a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StartRefusal {
    /// The game is over.
    GameOver,
    /// The pit is not on this board.
    NotAPit,
    /// The pit belongs to the other player, who is `owner`.
    NotYourPit {
        /// The pit's owner.
        owner: Player,
    },
    /// The pit is empty.
    Empty,
    /// Kingulu KN-2: reserved holes are never played.
    Reserved,
    /// KU-5, KG-3: a single seed cannot start a move (in Kigogo: while a pit has 2 or more).
    Singleton,
    /// KU-4: a capture is possible elsewhere, and captures are compulsory.
    CaptureCompulsory,
    /// KU-3 with KU-4: the pit holds 16 seeds or more, so its first lap goes all the way round
    /// and never captures, wherever it ends; and a capture is possible elsewhere.
    LongFirstLap,
    /// KU-5: a takata starts from the front row while it has a pit of 2 or more seeds.
    FrontRowFirst,
    /// KN-3: the first lap would end in an occupied pit of the mover's own row.
    FirstLapOwnRow,
    /// KG-3, KM-2: the next pit is occupied.
    NextPitOccupied,
    /// docs/rules.md, 'Endless moves': every move from here would need more than 1,000 laps.
    Endless,
}

impl fmt::Display for StartRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            StartRefusal::GameOver => "the game is over",
            StartRefusal::NotAPit => "that is not a pit of this board",
            StartRefusal::NotYourPit {
                owner: Player::South,
            } => "that pit is South's",
            StartRefusal::NotYourPit {
                owner: Player::North,
            } => "that pit is North's",
            StartRefusal::Empty => "that pit is empty",
            StartRefusal::Reserved => "reserved holes are never played",
            StartRefusal::Singleton => "a single seed cannot start a move here",
            StartRefusal::CaptureCompulsory => "a capture is possible, and captures are compulsory",
            StartRefusal::LongFirstLap => {
                "16 seeds or more never capture, and a capture is possible elsewhere"
            }
            StartRefusal::FrontRowFirst => {
                "without a capture, play from the front row while it has a pit of two or more"
            }
            StartRefusal::FirstLapOwnRow => {
                "the first lap would end in an occupied pit of your own row"
            }
            StartRefusal::NextPitOccupied => "the next pit is occupied",
            StartRefusal::Endless => "every move from here would go on endlessly",
        };
        f.write_str(text)
    }
}

impl std::error::Error for StartRefusal {}

impl Position {
    /// Why no legal move starts at `pit`, or `None` if one does.
    pub fn why_not_start(&self, pit: Pit) -> Option<StartRefusal> {
        let g = self.geometry();
        let Some(cell) = g.cell(pit) else {
            return Some(StartRefusal::NotAPit);
        };
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Some(StartRefusal::GameOver);
        }
        let owner = g.owner(cell);
        if owner != self.to_move {
            return Some(StartRefusal::NotYourPit { owner });
        }
        let name = g.name_of_cell(cell);
        if moves.iter().any(|m| m.pit() == name) {
            return None;
        }
        let seeds = self.cells[cell];
        if seeds == 0 {
            return Some(StartRefusal::Empty);
        }
        Some(match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => self.kujifunza_refusal(cell),
            Variant::Kingulu if self.reserved_owner(cell).is_some() => StartRefusal::Reserved,
            Variant::Kingulu => {
                let mut next = *self;
                match rules::kn_run(&mut next, cell, &mut ()) {
                    RunEnd::Forbidden => StartRefusal::FirstLapOwnRow,
                    _ => StartRefusal::Endless,
                }
            }
            Variant::Kigogo if seeds == 1 && self.has_pit_of_two() => StartRefusal::Singleton,
            Variant::Kigogo if seeds >= 2 => StartRefusal::Endless,
            Variant::Kigogo | Variant::Kimasai => StartRefusal::NextPitOccupied,
        })
    }

    fn has_pit_of_two(&self) -> bool {
        let g = self.geometry();
        let start = g.ring_start(self.to_move);
        (start..start + g.ring).any(|c| self.cells[c] >= 2)
    }

    fn kujifunza_refusal(&self, cell: usize) -> StartRefusal {
        if self.cells[cell] < 2 {
            return StartRefusal::Singleton;
        }
        let g = self.geometry();
        let start = g.ring_start(self.to_move);
        let dirs = [Direction::CounterClockwise, Direction::Clockwise];
        let capture_elsewhere = (start..start + g.ring).any(|c| {
            dirs.iter()
                .any(|&d| rules::ku_is_capturing_start(self, c, d))
        });
        if capture_elsewhere && usize::from(self.cells[cell]) >= g.ring {
            StartRefusal::LongFirstLap
        } else if capture_elsewhere {
            StartRefusal::CaptureCompulsory
        } else if !g.is_front(cell) && self.has_front_pit_of_two() {
            StartRefusal::FrontRowFirst
        } else {
            StartRefusal::Endless
        }
    }

    fn has_front_pit_of_two(&self) -> bool {
        let g = self.geometry();
        let start = g.ring_start(self.to_move);
        (start + g.n..start + g.ring).any(|c| self.cells[c] >= 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ku_5_singletons_and_back_row_are_explained() {
        let p = Position::new(Variant::Kujifunza);
        // Opponent's pit.
        assert_eq!(
            p.why_not_start(Pit::new(1, 0)),
            Some(StartRefusal::NotYourPit {
                owner: Player::North
            })
        );
        // At the start South has captures (KU-4), so some pits are refused for that reason.
        let refused: Vec<_> = (0..8)
            .filter_map(|c| p.why_not_start(Pit::new(3, c)))
            .collect();
        assert!(
            refused
                .iter()
                .all(|r| *r == StartRefusal::CaptureCompulsory)
        );
    }

    #[test]
    fn kn_3_first_lap_own_row_is_explained() {
        let p = Position::new(Variant::Kingulu);
        // South a1 with 4 seeds ends its first lap in a5, occupied: forbidden (KN-3).
        assert_eq!(
            p.why_not_start(Pit::new(1, 0)),
            Some(StartRefusal::FirstLapOwnRow)
        );
    }

    #[test]
    fn km_2_occupied_next_pit_is_explained() {
        let p = Position::new(Variant::Kimasai);
        assert_eq!(
            p.why_not_start(Pit::new(3, 0)),
            Some(StartRefusal::NextPitOccupied)
        );
        // a2 → a1 is the one legal move.
        assert_eq!(p.why_not_start(Pit::new(2, 1)), None);
    }
}
