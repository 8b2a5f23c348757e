//! The solver's transposition table: proof and disproof numbers per position, in a fixed amount
//! of memory, with replacement.
//!
//! A bucket holds four entries; a new position takes an empty slot, or else the slot whose
//! subtree cost the least work to build. Proven entries are kept over everything else: the proof
//! file is read out of them afterwards, and a lost one has to be searched again.

/// Proof and disproof numbers are capped here: "infinite" for a decided position.
pub(super) const INF: u32 = 1 << 30;

const WAYS: usize = 4;

/// The values stored for one position, from the attacker's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Values {
    /// Proof number: how many leaves at least must still be proven for the attacker to win.
    pub pn: u32,
    /// Disproof number: how many leaves at least must still be refuted.
    pub dn: u32,
    /// A disproof (`dn == 0`) that came from a repetition on the search path (KU-11): it holds
    /// for that path only, so it is not a fact about the position.
    pub path_dependent: bool,
}

impl Values {
    pub(super) const PROVEN: Values = Values {
        pn: 0,
        dn: INF,
        path_dependent: false,
    };
    pub(super) const DISPROVEN: Values = Values {
        pn: INF,
        dn: 0,
        path_dependent: false,
    };

    pub(super) const fn is_proven(self) -> bool {
        self.pn == 0
    }

    pub(super) const fn is_decided(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

#[derive(Clone, Copy, Default)]
struct Slot {
    /// The position's key; 0 marks an empty slot (a real key of 0 is merely never stored).
    key: u64,
    pn: u32,
    dn: u32,
    /// Positions evaluated below this one, saturated: the replacement priority.
    work: u32,
    path_dependent: bool,
}

impl Slot {
    /// Higher is kept longer: proofs first, then the entries that cost the most to compute.
    fn keep_priority(&self) -> u64 {
        let proven = u64::from(self.pn == 0 && self.key != 0);
        (proven << 32) | u64::from(self.work)
    }
}

/// A transposition table of a fixed size.
#[derive(Clone)]
pub(super) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    used: u64,
}

impl Table {
    /// A table using at most `bytes` of memory (at least one bucket).
    pub(super) fn with_bytes(bytes: usize) -> Table {
        let want = (bytes / (std::mem::size_of::<Slot>() * WAYS)).max(1);
        // A power of two of buckets, so the index is a mask of the key.
        let buckets = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            slots: vec![Slot::default(); buckets * WAYS],
            mask: buckets - 1,
            used: 0,
        }
    }

    /// The bytes the table occupies.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Entries in use.
    pub(super) fn used(&self) -> u64 {
        self.used
    }

    /// Slots in all.
    pub(super) fn capacity(&self) -> u64 {
        self.slots.len() as u64
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let b = (key as usize) & self.mask;
        b * WAYS..b * WAYS + WAYS
    }

    pub(super) fn get(&self, key: u64) -> Option<Values> {
        let key = key.max(1);
        self.slots[self.bucket(key)]
            .iter()
            .find(|s| s.key == key)
            .map(|s| Values {
                pn: s.pn,
                dn: s.dn,
                path_dependent: s.path_dependent,
            })
    }

    pub(super) fn put(&mut self, key: u64, values: Values, work: u64) {
        let key = key.max(1);
        let range = self.bucket(key);
        let bucket = &mut self.slots[range];
        let index = match bucket.iter().position(|s| s.key == key) {
            Some(i) => i,
            None => {
                let (i, victim) = bucket
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, s)| (s.key != 0, s.keep_priority()))
                    .unwrap_or_else(|| unreachable!("a bucket has {WAYS} slots"));
                if victim.key == 0 {
                    self.used += 1;
                }
                i
            }
        };
        bucket[index] = Slot {
            key,
            pn: values.pn,
            dn: values.dn,
            work: u32::try_from(work).unwrap_or(u32::MAX),
            path_dependent: values.path_dependent,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bucket_keeps_proofs_and_costly_entries() {
        let mut t = Table::with_bytes(1);
        assert_eq!(t.capacity(), WAYS as u64);
        t.put(1, Values::PROVEN, 0);
        for k in 2..=4 {
            t.put(k, Values::DISPROVEN, k * 10);
        }
        // Slot 2 (work 20) is the cheapest unproven entry: it goes.
        t.put(9, Values::DISPROVEN, 5);
        assert_eq!(t.get(1), Some(Values::PROVEN));
        assert_eq!(t.get(2), None);
        assert!(t.get(9).is_some() && t.get(3).is_some() && t.get(4).is_some());
        assert_eq!(t.used(), 4);
    }
}
