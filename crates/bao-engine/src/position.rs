//! A checked game position: the seeds in every pit, captured seeds, Kingulu's reserved holes and
//! the player to move.

use crate::notation::Kichwa;
use crate::pit::{Direction, Geometry, Pit, PitName};
use crate::variant::{Player, Variant};

/// The most pits any variant has (4×12).
pub(crate) const MAX_CELLS: usize = 48;

/// A legal game position of one variant.
///
/// A `Position` can only be built by [`Position::new`] (the start of a game), by playing moves,
/// or from a [`crate::PositionSetup`] that passed validation, so code that holds one can trust it:
/// the seed total is the variant's, no Kimasai pit holds more than one seed, and reserved holes
/// exist only in Kingulu, on the row opposite their owner.
///
/// Two positions are equal when board, reserved holes, captured counts and the side to move are
/// equal: the notion of "the same position" that repetition uses (docs/rules.md, 'Repetition').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) to_move: Player,
    /// Seeds per cell, in circuit order (see [`crate::pit`]); cells past the variant's pit count
    /// stay 0.
    pub(crate) cells: [u8; MAX_CELLS],
    /// Seeds each player has captured and taken off the board (Kingulu, Kigogo, Kimasai).
    pub(crate) captured: [u8; 2],
    /// Bit `c` of `reserved[p]` set: cell `c` is a hole reserved by player `p` (Kingulu, KN-5).
    pub(crate) reserved: [u16; 2],
}

impl Position {
    /// The start position of `variant` (KU-1, KN-1, KG-1, KM-1), South to move.
    pub fn new(variant: Variant) -> Position {
        let g = Geometry::of(variant);
        let mut cells = [0; MAX_CELLS];
        for (cell, seeds) in cells.iter_mut().enumerate().take(variant.pit_count()) {
            *seeds = match variant {
                Variant::Kujifunza | Variant::KujifunzaChoice => 2,
                Variant::Kingulu => 4,
                Variant::Kigogo | Variant::Kimasai => {
                    // KG-1, KM-1: each player's a1 starts empty.
                    let name = g.name_of_cell(cell);
                    let empty = name.row == crate::Row::Front && name.number == 1;
                    match (variant, empty) {
                        (_, true) => 0,
                        (Variant::Kigogo, false) => 2,
                        _ => 1,
                    }
                }
            };
        }
        Position {
            variant,
            to_move: Player::South,
            cells,
            captured: [0; 2],
            reserved: [0; 2],
        }
    }

    /// The variant being played.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The player whose turn it is.
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    pub(crate) const fn geometry(&self) -> Geometry {
        Geometry::of(self.variant)
    }

    /// Seeds in `pit`, or `None` if the pit is not on this variant's board.
    pub fn seeds(&self, pit: Pit) -> Option<u8> {
        self.geometry().cell(pit).map(|c| self.cells[c])
    }

    /// Seeds in the pit `player` calls `name`, or `None` if no such pit exists.
    pub fn seeds_named(&self, player: Player, name: PitName) -> Option<u8> {
        self.geometry()
            .cell_of_name(player, name)
            .map(|c| self.cells[c])
    }

    /// The absolute pit `player` calls `name`.
    pub fn pit_named(&self, player: Player, name: PitName) -> Option<Pit> {
        let g = self.geometry();
        g.cell_of_name(player, name).map(|c| g.pit(c))
    }

    /// The name of `pit` from its owner's seat, and the owner.
    pub fn name_of(&self, pit: Pit) -> Option<(Player, PitName)> {
        let g = self.geometry();
        g.cell(pit).map(|c| (g.owner(c), g.name_of_cell(c)))
    }

    /// `player`'s sowing circuit in `+` order (docs/rules.md, 'Directions and circuits'):
    /// `b1 … bn an … a1` in the four-row games, where each player sows around their own pits;
    /// Kingulu's one circuit of 12 from South `a1` (KN-1), the same for both players.
    pub fn circuit(&self, player: Player) -> Vec<Pit> {
        let g = self.geometry();
        let start = g.ring_start(player);
        (start..start + g.ring).map(|c| g.pit(c)).collect()
    }

    /// The pit after `pit` along `player`'s circuit in `direction`: where a move from `pit`
    /// drops its first seed. `None` if `pit` is not on that circuit.
    pub fn next_pit(&self, player: Player, pit: Pit, direction: Direction) -> Option<Pit> {
        let g = self.geometry();
        let cell = g.cell(pit)?;
        let start = g.ring_start(player);
        if !(start..start + g.ring).contains(&cell) {
            return None;
        }
        Some(g.pit(g.step(player, cell, direction)))
    }

    /// Bao la Kujifunza (KU-7): `player`'s kichwa on that side, the end pit of their front row
    /// (`a1` left, `a8` right), where captured seeds re-enter. `None` in the other games.
    pub fn kichwa(&self, player: Player, kichwa: Kichwa) -> Option<Pit> {
        if !self.variant.is_kujifunza() {
            return None;
        }
        let g = self.geometry();
        g.kichwa_cell(player, kichwa).map(|c| g.pit(c))
    }

    /// Bao la Kujifunza (KU-8): `player`'s four kimbi, the two pits at each end of the front row
    /// (`a1`, `a2`, `a7`, `a8`), each with whether it is also a kichwa; empty in the other games.
    pub fn kimbi(&self, player: Player) -> Vec<(Pit, bool)> {
        if !self.variant.is_kujifunza() {
            return Vec::new();
        }
        let n = self.variant.cols() as u8;
        [(1, true), (2, false), (n - 1, false), (n, true)]
            .into_iter()
            .filter_map(|(number, kichwa)| {
                let name = PitName {
                    row: crate::Row::Front,
                    number,
                };
                self.pit_named(player, name).map(|pit| (pit, kichwa))
            })
            .collect()
    }

    /// The board as absolute rows of seed counts (docs/rules.md, 'Position text format').
    pub fn rows(&self) -> Vec<Vec<u8>> {
        let v = self.variant;
        (0..v.rows())
            .map(|r| {
                (0..v.cols())
                    .map(|c| self.seeds(Pit::new(r as u8, c as u8)).unwrap_or(0))
                    .collect()
            })
            .collect()
    }

    /// Seeds `player` has captured and taken off the board.
    pub const fn captured(&self, player: Player) -> u8 {
        self.captured[player.index()]
    }

    /// The player who reserved `pit` (Kingulu, KN-5), if anyone did.
    pub fn reserved_by(&self, pit: Pit) -> Option<Player> {
        let cell = self.geometry().cell(pit)?;
        self.reserved_owner(cell)
    }

    /// All reserved holes with their owners, in cell order.
    pub fn reserved_holes(&self) -> Vec<(Pit, Player)> {
        let g = self.geometry();
        (0..self.variant.pit_count())
            .filter_map(|c| self.reserved_owner(c).map(|p| (g.pit(c), p)))
            .collect()
    }

    pub(crate) const fn reserved_owner(&self, cell: usize) -> Option<Player> {
        // Only Kingulu's 12 cells can be reserved; the bit masks have no bit for larger cells.
        if cell >= u16::BITS as usize {
            None
        } else if self.reserved[0] & (1 << cell) != 0 {
            Some(Player::South)
        } else if self.reserved[1] & (1 << cell) != 0 {
            Some(Player::North)
        } else {
            None
        }
    }

    /// Seeds on `player`'s side of the board (their own pits, reserved holes on it included).
    pub fn seeds_on_side(&self, player: Player) -> u32 {
        let g = self.geometry();
        (0..self.variant.pit_count())
            .filter(|&c| g.owner(c) == player)
            .map(|c| u32::from(self.cells[c]))
            .sum()
    }

    /// Whether `player`'s front row is empty (bao hamna, KU-10).
    pub(crate) fn front_row_empty(&self, player: Player) -> bool {
        let g = self.geometry();
        let start = g.ring_start(player);
        (start + g.n..start + 2 * g.n).all(|c| self.cells[c] == 0)
    }

    /// Seeds on the board plus seeds captured: always the variant's total.
    pub fn seed_total(&self) -> u32 {
        self.cells.iter().map(|&s| u32::from(s)).sum::<u32>()
            + u32::from(self.captured[0])
            + u32::from(self.captured[1])
    }

    /// Debug-build check of the invariants every position keeps.
    #[inline]
    pub(crate) fn debug_check(&self) {
        debug_assert_eq!(self.seed_total(), self.variant.total_seeds(), "{self:?}");
        debug_assert!(
            self.variant != Variant::Kimasai || self.cells.iter().all(|&s| s <= 1),
            "{self:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ku_1_start_has_two_seeds_everywhere() {
        let p = Position::new(Variant::Kujifunza);
        assert!(p.rows().iter().flatten().all(|&s| s == 2));
        assert_eq!(p.seed_total(), 64);
    }

    #[test]
    fn circuits_and_next_pits_follow_rules_section_1() {
        let p = Position::new(Variant::Kujifunza);
        let ring = p.circuit(Player::South);
        assert_eq!(ring.len(), 16);
        assert_eq!(ring[0], Pit::new(3, 0)); // b1
        assert_eq!(ring[7], Pit::new(3, 7)); // b8
        assert_eq!(ring[8], Pit::new(2, 7)); // a8
        assert_eq!(ring[15], Pit::new(2, 0)); // a1
        // `+` from a1 goes on to b1, `-` from a1 to a2.
        let a1 = Pit::new(2, 0);
        let plus = p.next_pit(Player::South, a1, Direction::CounterClockwise);
        assert_eq!(plus, Some(Pit::new(3, 0)));
        let minus = p.next_pit(Player::South, a1, Direction::Clockwise);
        assert_eq!(minus, Some(Pit::new(2, 1)));
        // A pit of the other side is not on South's circuit.
        let north = p.next_pit(Player::South, Pit::new(1, 0), Direction::Clockwise);
        assert_eq!(north, None);
        // North's b1 is (0, 7), seen from South's side of the board.
        assert_eq!(p.circuit(Player::North)[0], Pit::new(0, 7));
        // Kingulu (KN-1): one circuit of 12 for both, from South a1 round to North a6.
        let k = Position::new(Variant::Kingulu);
        assert_eq!(k.circuit(Player::North), k.circuit(Player::South));
        assert_eq!(k.circuit(Player::North)[0], Pit::new(1, 0));
        assert_eq!(k.circuit(Player::North)[6], Pit::new(0, 5));
        let last = k.next_pit(Player::South, Pit::new(0, 0), Direction::CounterClockwise);
        assert_eq!(last, Some(Pit::new(1, 0)));
    }

    #[test]
    fn ku_7_ku_8_kichwa_and_kimbi_pits() {
        for v in [Variant::Kujifunza, Variant::KujifunzaChoice] {
            let p = Position::new(v);
            assert_eq!(p.kichwa(Player::South, Kichwa::Left), Some(Pit::new(2, 0)));
            assert_eq!(p.kichwa(Player::South, Kichwa::Right), Some(Pit::new(2, 7)));
            // North's a1 is at its left, South's right: (1, 7).
            assert_eq!(p.kichwa(Player::North, Kichwa::Left), Some(Pit::new(1, 7)));
            assert_eq!(
                p.kimbi(Player::South),
                vec![
                    (Pit::new(2, 0), true),
                    (Pit::new(2, 1), false),
                    (Pit::new(2, 6), false),
                    (Pit::new(2, 7), true),
                ]
            );
        }
        let kigogo = Position::new(Variant::Kigogo);
        assert_eq!(kigogo.kichwa(Player::South, Kichwa::Left), None);
        assert!(kigogo.kimbi(Player::North).is_empty());
    }

    #[test]
    fn kn_1_start_has_four_seeds_everywhere() {
        let p = Position::new(Variant::Kingulu);
        assert_eq!(p.rows(), vec![vec![4; 6]; 2]);
    }

    #[test]
    fn kg_1_start_leaves_both_a1_empty() {
        let p = Position::new(Variant::Kigogo);
        let rows = p.rows();
        assert_eq!(rows[1][11], 0);
        assert_eq!(rows[2][0], 0);
        assert_eq!(p.seed_total(), 92);
        assert_eq!(rows[0], vec![2; 12]);
    }

    #[test]
    fn reserved_by_answers_none_on_four_row_boards() {
        for v in Variant::ALL {
            let p = Position::new(v);
            for r in 0..v.rows() as u8 {
                for c in 0..v.cols() as u8 {
                    assert_eq!(p.reserved_by(Pit::new(r, c)), None);
                }
            }
        }
    }

    #[test]
    fn km_1_start_one_seed_per_pit_but_a1() {
        let p = Position::new(Variant::Kimasai);
        let rows = p.rows();
        assert_eq!(rows[1][11], 0);
        assert_eq!(rows[2][0], 0);
        assert_eq!(rows[1][0], 1);
        assert_eq!(p.seed_total(), 46);
    }
}
