//! Where a position lives in the table: the active seeds (those in unreserved pits) seen from the
//! mover's seat, the reserved mask, and their rank in the combinatorial number system.

use bao_engine::{CapturedSetup, Pit, Player, Position, PositionSetup, ReservedSetup, Variant};

/// Kingulu's pits, in the engine's cell order: South `a1 … a6`, then North `a1 … a6` (KN-1).
pub(crate) const CELLS: usize = 12;
/// Every reserved mask: bit `c` set when cell `c` is a reserved hole.
pub(crate) const MASKS: usize = 1 << CELLS;
/// The most active seeds a table can hold: values are stored in 4 bits.
pub const MAX_TABLE_SEEDS: u32 = 15;
/// Kingulu's seed total (KN-1).
pub(crate) const TOTAL_SEEDS: u32 = 48;

/// The absolute pit of cell `c`: South's row is row 1 (`a1` at column 0), North's row 0 (North's
/// `a1` at column 5, on South's right).
pub(crate) const fn cell_pit(c: usize) -> Pit {
    if c < 6 {
        Pit::new(1, c as u8)
    } else {
        Pit::new(0, (11 - c) as u8)
    }
}

/// The board turned half round: South's pits become North's and back. Kingulu's one circuit
/// (KN-1) maps onto itself, so this is an exact symmetry of the rules with the players swapped.
pub(crate) const fn rotate_mask(mask: u16) -> u16 {
    ((mask << 6) | (mask >> 6)) & 0xFFF
}

const BINOM_N: usize = CELLS + MAX_TABLE_SEEDS as usize + 1;

/// Binomial coefficients `C(n, r)` for every `n` the index needs.
static BINOM: [[u64; BINOM_N]; BINOM_N] = binomials();

const fn binomials() -> [[u64; BINOM_N]; BINOM_N] {
    let mut t = [[0u64; BINOM_N]; BINOM_N];
    let mut n = 0;
    while n < BINOM_N {
        t[n][0] = 1;
        let mut r = 1;
        while r <= n {
            t[n][r] = t[n - 1][r - 1] + if r < n { t[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    t
}

fn binom(n: usize, r: usize) -> u64 {
    if r > n { 0 } else { BINOM[n][r] }
}

/// Ways to put `k` seeds into `free` pits.
pub(crate) fn compositions(k: u32, free: u32) -> u64 {
    if free == 0 {
        u64::from(k == 0)
    } else {
        binom((k + free - 1) as usize, (free - 1) as usize)
    }
}

/// Where each layer `(active seeds, mask)` starts in a table of `max_seeds`: layers ordered by
/// seeds, then by mask.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    max_seeds: u32,
    /// `offsets[k * MASKS + mask]`, plus the total at the end.
    offsets: Vec<u64>,
}

impl Layout {
    pub(crate) fn new(max_seeds: u32) -> Layout {
        let mut offsets = Vec::with_capacity((max_seeds as usize + 1) * MASKS + 1);
        let mut at = 0u64;
        for k in 0..=max_seeds {
            for mask in 0..MASKS as u16 {
                offsets.push(at);
                at += compositions(k, CELLS as u32 - mask.count_ones());
            }
        }
        offsets.push(at);
        Layout { max_seeds, offsets }
    }

    pub(crate) const fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Positions (one side to move) in the whole table.
    pub(crate) fn total(&self) -> u64 {
        self.offsets.last().copied().unwrap_or(0)
    }

    /// The first index of layer `(k, mask)`.
    pub(crate) fn start(&self, k: u32, mask: u16) -> u64 {
        self.offsets[k as usize * MASKS + mask as usize]
    }

    /// The first index of all layers with `k` active seeds; `k = max_seeds + 1` gives the total.
    pub(crate) fn seeds_start(&self, k: u32) -> u64 {
        self.offsets[k as usize * MASKS]
    }

    /// The layer and rank of `index`: `(active seeds, mask, rank)`.
    pub(crate) fn locate(&self, index: u64) -> (u32, u16, u64) {
        // The last layer start not after `index` (empty layers share their start).
        let at = self.offsets.partition_point(|&o| o <= index) - 1;
        let (k, mask) = ((at / MASKS) as u32, (at % MASKS) as u16);
        (k, mask, index - self.offsets[at])
    }

    pub(crate) fn count(k: u32, mask: u16) -> u64 {
        compositions(k, CELLS as u32 - mask.count_ones())
    }

    /// The index of `key`, or `None` when it has more seeds than the table.
    pub(crate) fn index(&self, key: &Key) -> Option<u64> {
        (key.active <= self.max_seeds).then(|| self.start(key.active, key.mask) + key.rank())
    }
}

/// A Kingulu position reduced to what decides the rest of the game, seen from the mover's seat:
/// the mover's pits are cells 0–5. Reserved cells count 0 here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub(crate) seeds: [u8; CELLS],
    pub(crate) mask: u16,
    pub(crate) active: u32,
}

impl Key {
    /// The key of a Kingulu position; `None` in the other games.
    pub(crate) fn of(position: &Position) -> Option<Key> {
        if position.variant() != Variant::Kingulu {
            return None;
        }
        let turn = if position.to_move() == Player::South {
            0
        } else {
            6
        };
        let mut key = Key {
            seeds: [0; CELLS],
            mask: 0,
            active: 0,
        };
        for c in 0..CELLS {
            let pit = cell_pit((c + turn) % CELLS);
            if position.reserved_by(pit).is_some() {
                key.mask |= 1 << c;
            } else {
                let s = position.seeds(pit).unwrap_or(0);
                key.seeds[c] = s;
                key.active += u32::from(s);
            }
        }
        Some(key)
    }

    /// The rank among the keys of the same layer: the free cells' counts as a composition of
    /// `active`, its bar positions ranked in the combinatorial number system.
    pub(crate) fn rank(&self) -> u64 {
        let free = !self.mask & 0xFFF;
        if free == 0 {
            return 0;
        }
        // The last free cell takes what is left: it has no bar.
        let last = (u16::BITS - 1 - free.leading_zeros()) as usize;
        let (mut rank, mut bar, mut j) = (0, 0usize, 0usize);
        for c in (0..last).filter(|c| free & (1 << c) != 0) {
            bar += usize::from(self.seeds[c]);
            rank += binom(bar + j, j + 1);
            j += 1;
        }
        rank
    }

    /// The key of rank `rank` in layer `(k, mask)`.
    pub(crate) fn unrank(k: u32, mask: u16, mut rank: u64) -> Key {
        let free: Vec<usize> = (0..CELLS).filter(|c| mask & (1 << c) == 0).collect();
        let mut key = Key {
            seeds: [0; CELLS],
            mask,
            active: k,
        };
        let f = free.len();
        if f == 0 {
            return key;
        }
        // Bars p_0 < … < p_{f-2} in 0 ..= k + f - 2.
        let mut bars = [0usize; CELLS];
        let mut hi = (k as usize + f).saturating_sub(2);
        for j in (0..f - 1).rev() {
            let mut p = hi;
            while binom(p, j + 1) > rank {
                p -= 1;
            }
            rank -= binom(p, j + 1);
            bars[j] = p;
            hi = p.saturating_sub(1);
        }
        let mut prev: isize = -1;
        for (j, &c) in free.iter().enumerate() {
            let end = if j + 1 < f {
                bars[j] as isize
            } else {
                (k as usize + f - 1) as isize
            };
            key.seeds[c] = (end - prev - 1) as u8;
            prev = end;
        }
        key
    }

    /// Active seeds on the mover's side.
    pub(crate) fn mover_seeds(&self) -> u32 {
        self.seeds[..6].iter().map(|&s| u32::from(s)).sum()
    }
}

/// Seeds `player` holds for good: captured, and in the holes they reserved (KN-6).
pub(crate) fn fixed_score(position: &Position, player: Player) -> u32 {
    let own_active: u32 = (0..CELLS)
        .map(cell_pit)
        .filter(|&pit| {
            position.reserved_by(pit).is_none()
                && position.name_of(pit).map(|(owner, _)| owner) == Some(player)
        })
        .map(|pit| u32::from(position.seeds(pit).unwrap_or(0)))
        .sum();
    position.kingulu_score(player) - own_active
}

/// Builds engine positions of keys (everything off the board captured by the mover, reserved
/// holes empty), reusing one setup.
pub(crate) struct Builder {
    setup: PositionSetup,
    mask: Option<u16>,
}

impl Builder {
    pub(crate) fn new() -> Builder {
        Builder {
            setup: PositionSetup {
                variant: Variant::Kingulu.id().to_owned(),
                to_move: Player::South.id().to_owned(),
                rows: vec![vec![0; 6]; 2],
                captured: CapturedSetup::default(),
                reserved: Vec::new(),
            },
            mask: None,
        }
    }

    /// The position of `key` with South to move.
    pub(crate) fn position(&mut self, key: &Key) -> Position {
        self.position_for(key, Player::South)
    }

    /// The position of `key` with `mover` to move: the key is seen from the mover's seat, so
    /// for North the board is turned half round.
    pub(crate) fn position_for(&mut self, key: &Key, mover: Player) -> Position {
        let turn = if mover == Player::South { 0 } else { 6 };
        let mask = if turn == 0 {
            key.mask
        } else {
            rotate_mask(key.mask)
        };
        if self.mask != Some(mask) {
            self.setup.reserved = (0..CELLS)
                .filter(|c| mask & (1 << c) != 0)
                .map(|c| {
                    let pit = cell_pit(c);
                    // A hole is reserved by the opponent of its row's owner (KN-5).
                    let owner = if c < 6 { Player::North } else { Player::South };
                    ReservedSetup {
                        row: pit.row.into(),
                        col: pit.col.into(),
                        owner: owner.id().to_owned(),
                    }
                })
                .collect();
            self.mask = Some(mask);
        }
        for c in 0..CELLS {
            let pit = cell_pit((c + turn) % CELLS);
            self.setup.rows[pit.row as usize][pit.col as usize] = i64::from(key.seeds[c]);
        }
        let off_board = i64::from(TOTAL_SEEDS - key.active);
        if self.setup.to_move != mover.id() {
            self.setup.to_move = mover.id().to_owned();
        }
        self.setup.captured = if mover == Player::South {
            CapturedSetup {
                south: off_board,
                north: 0,
            }
        } else {
            CapturedSetup {
                south: 0,
                north: off_board,
            }
        };
        Position::from_setup(&self.setup)
            .unwrap_or_else(|e| unreachable!("a table key is a valid position: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        for mask in [0u16, 0b1, 0b1000_0010_0001, 0xFFE, 0xFFF] {
            for k in 0..=6 {
                let count = Layout::count(k, mask);
                for r in 0..count {
                    let key = Key::unrank(k, mask, r);
                    assert_eq!(key.rank(), r, "{mask:b} {k} {key:?}");
                    let sum: u32 = key.seeds.iter().map(|&s| u32::from(s)).sum();
                    assert_eq!(sum, k);
                }
            }
        }
    }

    #[test]
    fn keys_round_trip_through_positions() {
        let mut builder = Builder::new();
        for (mask, k, r) in [(0u16, 5, 17), (0b10_0000_0001, 7, 300), (0xFC0, 3, 2)] {
            let key = Key::unrank(k, mask, r);
            let position = builder.position(&key);
            assert_eq!(Key::of(&position), Some(key));
            assert_eq!(fixed_score(&position, Player::South), TOTAL_SEEDS - k);
            assert_eq!(fixed_score(&position, Player::North), 0);
            let north = builder.position_for(&key, Player::North);
            assert_eq!(Key::of(&north), Some(key));
            assert_eq!(fixed_score(&north, Player::North), TOTAL_SEEDS - k);
        }
        let layout = Layout::new(4);
        for index in [0, 1, 4095, 4096, 50_000, layout.total() - 1] {
            let (k, mask, rank) = layout.locate(index);
            assert_eq!(layout.start(k, mask) + rank, index);
            assert!(rank < Layout::count(k, mask));
        }
    }

    #[test]
    fn cell_order_is_the_engines_circuit() {
        let p = Position::new(Variant::Kingulu);
        let circuit = p.circuit(Player::South);
        for (c, pit) in circuit.iter().enumerate() {
            assert_eq!(cell_pit(c), *pit);
        }
    }
}
