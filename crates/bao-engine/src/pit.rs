//! Pits on the board: absolute coordinates, the owner-relative names of the notation, sowing
//! directions, and the engine's internal circuit order.
//!
//! Internally the board is a flat array of *cells* laid out in sowing order (docs/rules.md,
//! 'Directions and circuits', 'The engine's cell order'): in the four-row games player `p`'s
//! circuit of `2n` pits occupies cells `p·2n .. (p+1)·2n` starting with `b1` and going
//! counterclockwise (`b1 … bn an … a1`); in Kingulu the single circuit of 12 starts at South `a1`
//! (South's row is cells 0–5, North's 6–11). Sowing is then index arithmetic modulo the circuit
//! length.

use crate::variant::{Player, Variant};
use std::fmt;

/// A pit in absolute coordinates (docs/rules.md, 'Rows and columns'): `row` counted top to
/// bottom and `col` left to right, both as South sees the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit {
    /// Row, 0 at the top (North's back row, or North's row in Kingulu).
    pub row: u8,
    /// Column, 0 at South's left.
    pub col: u8,
}

impl Pit {
    /// The pit at `row`, `col`.
    pub const fn new(row: u8, col: u8) -> Pit {
        Pit { row, col }
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// Which of a player's rows a pit name refers to: `a` (front, or Kingulu's only row) or `b`
/// (back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Row {
    /// `a`: the front row, next to the opponent (Kingulu: the player's only row).
    Front,
    /// `b`: the back row, at the player's edge of the board.
    Back,
}

/// A pit named from its owner's seat (docs/rules.md, 'Pit names'): `a3` is the third front-row
/// pit from the owner's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PitName {
    /// Front (`a`) or back (`b`) row.
    pub row: Row,
    /// 1-based number from the owner's left.
    pub number: u8,
}

impl fmt::Display for PitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.row {
            Row::Front => 'a',
            Row::Back => 'b',
        };
        write!(f, "{letter}{}", self.number)
    }
}

/// A sowing direction: `+` counterclockwise or `-` clockwise, seen from above (docs/rules.md,
/// 'Directions and circuits').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// `+`, counterclockwise: along a player's circuit `b1 → … → bn → an → … → a1`.
    CounterClockwise,
    /// `-`, clockwise.
    Clockwise,
}

impl Direction {
    /// The notation symbol, `+` or `-`.
    pub const fn symbol(self) -> char {
        match self {
            Direction::CounterClockwise => '+',
            Direction::Clockwise => '-',
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// Board geometry of a variant: conversions between cells, absolute pits and pit names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    pub variant: Variant,
    /// Pits per row (`n`).
    pub n: usize,
    /// Circuit length: `2n` for four-row games, 12 for Kingulu.
    pub ring: usize,
}

impl Geometry {
    pub const fn of(variant: Variant) -> Geometry {
        Geometry {
            variant,
            n: variant.cols(),
            ring: variant.ring_len(),
        }
    }

    /// First cell of the circuit `player` sows around.
    pub const fn ring_start(&self, player: Player) -> usize {
        if self.variant.is_four_row() {
            player.index() * self.ring
        } else {
            0
        }
    }

    /// The cell `steps` along the circuit from `cell`, in `dir`.
    #[inline]
    pub fn step(&self, player: Player, cell: usize, dir: Direction) -> usize {
        let start = self.ring_start(player);
        let i = cell - start;
        let next = match dir {
            Direction::CounterClockwise => {
                if i + 1 == self.ring {
                    0
                } else {
                    i + 1
                }
            }
            Direction::Clockwise => {
                if i == 0 {
                    self.ring - 1
                } else {
                    i - 1
                }
            }
        };
        start + next
    }

    /// The player whose side of the board a cell is on.
    pub const fn owner(&self, cell: usize) -> Player {
        let half = if self.variant.is_four_row() {
            2 * self.n
        } else {
            self.n
        };
        if cell < half {
            Player::South
        } else {
            Player::North
        }
    }

    /// Whether `cell` is in its owner's front row (Kingulu: every pit is).
    pub const fn is_front(&self, cell: usize) -> bool {
        if self.variant.is_four_row() {
            cell % (2 * self.n) >= self.n
        } else {
            true
        }
    }

    /// Four-row games: the opponent's front and back cells in the column of front cell `cell`
    /// (docs/rules.md, 'Opposite pits'). Kingulu: the facing pit, twice.
    ///
    /// # Panics
    /// In four-row games, if `cell` is not a front-row cell.
    pub const fn opposite(&self, cell: usize) -> (usize, usize) {
        if self.variant.is_four_row() {
            let ring = 2 * self.n;
            let mover = cell / ring;
            let j = cell % ring;
            let opp = (1 - mover) * ring;
            (opp + 3 * self.n - 1 - j, opp + j - self.n)
        } else {
            let o = 2 * self.n - 1 - cell;
            (o, o)
        }
    }

    /// The absolute pit of a cell.
    pub const fn pit(&self, cell: usize) -> Pit {
        let n = self.n;
        if self.variant.is_four_row() {
            let i = cell % (2 * n);
            let (row, col) = match (cell < 2 * n, i < n) {
                (true, true) => (3, i),
                (true, false) => (2, 2 * n - 1 - i),
                (false, true) => (0, n - 1 - i),
                (false, false) => (1, i - n),
            };
            Pit::new(row as u8, col as u8)
        } else if cell < n {
            Pit::new(1, cell as u8)
        } else {
            Pit::new(0, (2 * n - 1 - cell) as u8)
        }
    }

    /// The cell of an absolute pit, or `None` if it is off the board.
    pub const fn cell(&self, pit: Pit) -> Option<usize> {
        let n = self.n;
        let (row, col) = (pit.row as usize, pit.col as usize);
        if col >= n || row >= self.variant.rows() {
            return None;
        }
        Some(if self.variant.is_four_row() {
            match row {
                3 => col,
                2 => 2 * n - 1 - col,
                0 => 2 * n + n - 1 - col,
                _ => 2 * n + n + col,
            }
        } else if row == 1 {
            col
        } else {
            2 * n - 1 - col
        })
    }

    /// The cell `player` calls `name`, or `None` if no such pit exists in this variant.
    pub const fn cell_of_name(&self, player: Player, name: PitName) -> Option<usize> {
        let n = self.n;
        let k = name.number as usize;
        if k == 0 || k > n {
            return None;
        }
        if self.variant.is_four_row() {
            let pos = match name.row {
                Row::Front => 2 * n - k,
                Row::Back => k - 1,
            };
            Some(player.index() * 2 * n + pos)
        } else {
            match name.row {
                Row::Front => Some(player.index() * n + k - 1),
                Row::Back => None,
            }
        }
    }

    /// The cell of `player`'s kichwa (KU-7): the end pit of the front row, `a1` on the left,
    /// `an` on the right; `None` on Kingulu's one-row sides.
    pub const fn kichwa_cell(&self, player: Player, kichwa: crate::Kichwa) -> Option<usize> {
        let number = match kichwa {
            crate::Kichwa::Left => 1,
            crate::Kichwa::Right => self.n as u8,
        };
        if !self.variant.is_four_row() {
            return None;
        }
        self.cell_of_name(
            player,
            PitName {
                row: Row::Front,
                number,
            },
        )
    }

    /// The name a cell has from its owner's seat.
    pub const fn name_of_cell(&self, cell: usize) -> PitName {
        let n = self.n;
        if self.variant.is_four_row() {
            let i = cell % (2 * n);
            if i < n {
                PitName {
                    row: Row::Back,
                    number: (i + 1) as u8,
                }
            } else {
                PitName {
                    row: Row::Front,
                    number: (2 * n - i) as u8,
                }
            }
        } else {
            PitName {
                row: Row::Front,
                number: (cell % n + 1) as u8,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_pits_are_a_bijection() {
        for v in Variant::ALL {
            let g = Geometry::of(v);
            for cell in 0..v.pit_count() {
                assert_eq!(g.cell(g.pit(cell)), Some(cell), "{v} cell {cell}");
                let owner = g.owner(cell);
                assert_eq!(g.cell_of_name(owner, g.name_of_cell(cell)), Some(cell));
            }
        }
    }

    #[test]
    fn pit_names_match_rules_section_1() {
        let g = Geometry::of(Variant::Kigogo);
        let a = |k| PitName {
            row: Row::Front,
            number: k,
        };
        let b = |k| PitName {
            row: Row::Back,
            number: k,
        };
        let pit = |p, name| g.pit(g.cell_of_name(p, name).unwrap());
        // South aK = (2, K-1), bK = (3, K-1); North aK = (1, n-K), bK = (0, n-K).
        assert_eq!(pit(Player::South, a(1)), Pit::new(2, 0));
        assert_eq!(pit(Player::South, b(7)), Pit::new(3, 6));
        assert_eq!(pit(Player::North, a(1)), Pit::new(1, 11));
        assert_eq!(pit(Player::North, b(12)), Pit::new(0, 0));
        let k = Geometry::of(Variant::Kingulu);
        assert_eq!(
            k.pit(k.cell_of_name(Player::South, a(3)).unwrap()),
            Pit::new(1, 2)
        );
        assert_eq!(
            k.pit(k.cell_of_name(Player::North, a(1)).unwrap()),
            Pit::new(0, 5)
        );
    }

    #[test]
    fn counterclockwise_circuit_goes_back_row_right_then_front_row_left() {
        let g = Geometry::of(Variant::Kujifunza);
        let mut cell = g.cell(Pit::new(3, 7)).unwrap(); // South b8
        cell = g.step(Player::South, cell, Direction::CounterClockwise);
        assert_eq!(g.pit(cell), Pit::new(2, 7)); // South a8
        cell = g.cell(Pit::new(2, 0)).unwrap(); // South a1
        cell = g.step(Player::South, cell, Direction::CounterClockwise);
        assert_eq!(g.pit(cell), Pit::new(3, 0)); // South b1
        // North's counterclockwise circuit runs right-to-left along row 0.
        cell = g.cell(Pit::new(0, 5)).unwrap();
        cell = g.step(Player::North, cell, Direction::CounterClockwise);
        assert_eq!(g.pit(cell), Pit::new(0, 4));
        let k = Geometry::of(Variant::Kingulu);
        let south_a6 = k.cell(Pit::new(1, 5)).unwrap();
        let next = k.step(Player::South, south_a6, Direction::CounterClockwise);
        assert_eq!(k.pit(next), Pit::new(0, 5)); // North a1
    }

    #[test]
    fn opposite_pits_share_a_column() {
        for v in Variant::ALL {
            let g = Geometry::of(v);
            for cell in 0..v.pit_count() {
                if !g.is_front(cell) {
                    continue;
                }
                let (front, back) = g.opposite(cell);
                assert_eq!(g.pit(front).col, g.pit(cell).col);
                assert_eq!(g.pit(back).col, g.pit(cell).col);
                assert_ne!(g.owner(front), g.owner(cell));
                assert!(g.is_front(front));
                if v.is_four_row() {
                    assert!(!g.is_front(back));
                }
            }
        }
    }
}
