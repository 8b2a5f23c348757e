//! A fast, platform-independent 64-bit key for positions: the transposition table and the
//! repetition checks of the search compare keys instead of whole positions.

use bao_engine::Position;
use std::hash::{Hash, Hasher};

/// Multiply-rotate hashing in the style of `FxHash`, with a final avalanche so that the low bits
/// (the table index) depend on every input byte.
///
/// Lengths and discriminants (`usize`, `isize`) are hashed as 64-bit values, so a key is the
/// same on 32-bit targets (`wasm32`) as on the desktop, and a search with the same seed plays
/// the same move on both.
struct KeyHasher(u64);

const K: u64 = 0x517c_c1b7_2722_0a95;

impl KeyHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.add(i as i64 as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The avalanche step of splitmix64.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The key of a position: equal positions (board, reserved holes, captured seeds, side to move)
/// have equal keys.
#[inline]
pub(crate) fn key_of(position: &Position) -> u64 {
    let mut h = KeyHasher(0);
    position.hash(&mut h);
    h.finish()
}

/// A well-mixed 64-bit value from two inputs: the deterministic noise of the easy level and the
/// seeding of move order use it.
#[inline]
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    let mut h = KeyHasher(a);
    h.add(b);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::Variant;

    #[test]
    fn equal_positions_have_equal_keys_and_moves_change_them() {
        for v in Variant::ALL {
            let start = Position::new(v);
            assert_eq!(key_of(&start), key_of(&Position::new(v)));
            let mut positions = std::collections::HashSet::new();
            positions.insert(start);
            start.for_each_move(|_, next| {
                positions.insert(*next);
                next.for_each_move(|_, after| {
                    positions.insert(*after);
                });
            });
            let mut keys: Vec<u64> = positions.iter().map(key_of).collect();
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(
                keys.len(),
                positions.len(),
                "{v}: distinct positions, distinct keys"
            );
        }
    }
}
