//! The transposition table: results of searched positions, found again by key.

use crate::eval::WIN_BOUND;
use bao_engine::{Direction, Kichwa, Move, PitName, Row};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// A table entry as the search reads and writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

/// A fixed-size table: each entry is two `u64`s (the key, and the packed entry), so the table
/// is allocated zeroed (the operating system supplies the pages lazily) and probing and storing
/// allocate nothing. Two slots per bucket: the first keeps the deeper result, the second the
/// newest.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `1 << bits` entries, or one that stores nothing for `bits == 0`.
    pub(crate) fn new(bits: u32) -> Table {
        if bits == 0 {
            return Table {
                slots: Vec::new(),
                mask: 0,
            };
        }
        let len = 1usize << bits.max(1);
        Table {
            slots: vec![[0u64; 2]; len],
            mask: (len - 1) & !1,
        }
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        let i = (key as usize) & self.mask;
        let [k, data] = *self.slots[i..i + 2]
            .iter()
            .find(|s| s[0] == key && s[1] != 0)?;
        debug_assert_eq!(k, key);
        let mut e = unpack(data)?;
        e.score = from_stored(e.score, ply);
        Some(e)
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, ply: u32, entry: Entry) {
        if self.slots.is_empty() {
            return;
        }
        let i = (key as usize) & self.mask;
        let data = pack(Entry {
            score: to_stored(entry.score, ply),
            ..entry
        });
        let [deep_key, deep_data] = self.slots[i];
        let deep_depth = (deep_data >> 32) as u8;
        let slot = if deep_key == key || deep_data == 0 || entry.depth >= deep_depth {
            i
        } else {
            i + 1
        };
        self.slots[slot] = [key, data];
    }
}

// Packed layout: bits 0..32 score, 32..40 depth, 40..42 bound (1 exact, 2 lower, 3 upper),
// 48..64 the move (0: none). A stored entry is never 0 since its bound is not.

fn pack(e: Entry) -> u64 {
    let bound: u64 = match e.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(e.score as u32)
        | (u64::from(e.depth) << 32)
        | (bound << 40)
        | (u64::from(e.mv.map_or(0, pack_move)) << 48)
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        score: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound,
        mv: unpack_move((data >> 48) as u16),
    })
}

/// A move in 16 bits, never 0: bit 0 set, bit 1 back row, bits 2..6 pit number, bits 6..8
/// direction (0 none, 1 `+`, 2 `-`), bits 8..11 number of kichwa choices, bits 11..15 choices
/// (set: right).
pub(crate) fn pack_move(m: Move) -> u16 {
    let pit = m.pit();
    let row = u16::from(pit.row == Row::Back);
    let dir = match m.direction() {
        None => 0,
        Some(Direction::CounterClockwise) => 1,
        Some(Direction::Clockwise) => 2,
    };
    let mut choices = 0u16;
    for (i, k) in m.choices().enumerate() {
        if k == Kichwa::Right {
            choices |= 1 << i;
        }
    }
    1 | (row << 1)
        | (u16::from(pit.number & 15) << 2)
        | (dir << 6)
        | ((m.choice_count() as u16) << 8)
        | (choices << 11)
}

pub(crate) fn unpack_move(bits: u16) -> Option<Move> {
    if bits & 1 == 0 {
        return None;
    }
    let pit = PitName {
        row: if bits & 2 != 0 { Row::Back } else { Row::Front },
        number: ((bits >> 2) & 15) as u8,
    };
    let mut m = match (bits >> 6) & 3 {
        1 => Move::with_direction(pit, Direction::CounterClockwise),
        2 => Move::with_direction(pit, Direction::Clockwise),
        _ => Move::new(pit),
    };
    for i in 0..((bits >> 8) & 7) {
        let k = if bits & (1 << (11 + i)) != 0 {
            Kichwa::Right
        } else {
            Kichwa::Left
        };
        m = m.with_choice(k)?;
    }
    Some(m)
}

/// Win scores count plies from the root; the table stores them counted from the node.
#[inline]
fn to_stored(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_stored(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::{Position, Variant};

    #[test]
    fn every_legal_move_packs_and_unpacks_unchanged() {
        for v in Variant::ALL {
            let mut positions = vec![Position::new(v)];
            Position::new(v).for_each_move(|_, p| positions.push(*p));
            for p in positions {
                for m in p.legal_moves() {
                    assert_eq!(unpack_move(pack_move(m)), Some(m), "{v} {m}");
                }
            }
        }
        let chained: Move = "a6+/R/L/R/L".parse().unwrap();
        assert_eq!(unpack_move(pack_move(chained)), Some(chained));
    }

    #[test]
    fn entries_round_trip_through_the_table() {
        let mut t = Table::new(4);
        let e = Entry {
            mv: Some("b7".parse().unwrap()),
            score: -1234,
            depth: 9,
            bound: Bound::Lower,
        };
        t.store(99, 0, e);
        assert_eq!(t.probe(99, 0), Some(e));
        assert_eq!(t.probe(98, 0), None);
        // A won score is stored relative to the node and read back relative to the root.
        let win = Entry {
            score: crate::eval::MATE - 10,
            ..e
        };
        t.store(77, 4, win);
        assert_eq!(
            t.probe(77, 6).map(|x| x.score),
            Some(crate::eval::MATE - 12)
        );
    }
}
