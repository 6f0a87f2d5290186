//! The transposition table: what the search knows of positions it has met, in a fixed amount
//! of memory.
//!
//! Hex positions recur by many move orders, so the search keeps, per position (by its Zobrist
//! hash), its proof and disproof numbers, the best move found and the work spent on it. The
//! table is an array of two-entry buckets. It starts small and grows (fourfold, rehashing)
//! as it fills, up to its memory budget, which it never passes; once there, a new entry
//! replaces the bucket's entry with less work behind it.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::solve::table::{Entry, Table};
//!
//! let mut table = Table::with_megabytes(1);
//! table.store(Entry { hash: 42, phi: 0, delta: u32::MAX, best: 7, work: 10 });
//! assert_eq!(table.get(42).map(|e| e.best), Some(7));
//! assert!(table.get(43).is_none());
//! ```

/// What the table holds for one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The position's hash (0 marks an empty slot; a real hash of 0 is merely never stored).
    pub hash: u64,
    /// Proof number: how hard it looks to prove a win for the side to move.
    pub phi: u32,
    /// Disproof number: how hard it looks to prove its loss.
    pub delta: u32,
    /// The best move found (for a won position, a winning one).
    pub best: u16,
    /// The work spent on the position, for replacement.
    pub work: u32,
}

/// A table of [`Entry`]s within a memory budget.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
    /// The most entries the budget allows.
    limit: usize,
    /// Slots in use.
    occupied: usize,
    /// Entries stored.
    pub stores: u64,
    /// Entries that replaced another position's.
    pub replaced: u64,
}

/// The size of an entry in bytes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of at most `megabytes` MB (rounded down to a power of two of entries, at least
    /// two buckets).
    pub fn with_megabytes(megabytes: usize) -> Self {
        let entries = (megabytes.max(1) << 20) / ENTRY_BYTES;
        let limit = if entries.is_power_of_two() {
            entries
        } else {
            entries.next_power_of_two() / 2
        }
        .max(4);
        let start = limit.min(1 << 14);
        Table {
            slots: vec![Entry::default(); start],
            mask: start - 2,
            limit,
            occupied: 0,
            stores: 0,
            replaced: 0,
        }
    }

    /// Grows fourfold (within the budget), moving every entry to its new bucket.
    fn grow(&mut self) {
        let size = (self.slots.len() * 4).min(self.limit);
        let old = std::mem::replace(&mut self.slots, vec![Entry::default(); size]);
        self.mask = size - 2;
        self.occupied = 0;
        for entry in old.into_iter().filter(|e| e.hash != 0) {
            self.put(entry);
        }
    }

    /// The number of entries the table can hold now.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The number of entries the table may grow to.
    pub fn limit(&self) -> usize {
        self.limit
    }

    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & self.mask
    }

    /// The entry for `hash`, if the table holds one.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<Entry> {
        let at = self.bucket(hash);
        self.slots[at..at + 2]
            .iter()
            .find(|e| e.hash == hash && hash != 0)
            .copied()
    }

    /// Stores an entry, over the same position's or the bucket's least worked one.
    pub fn store(&mut self, entry: Entry) {
        if entry.hash == 0 {
            return;
        }
        self.stores += 1;
        if self.occupied * 4 >= self.slots.len() * 3 && self.slots.len() < self.limit {
            self.grow();
        }
        self.put(entry);
    }

    fn put(&mut self, entry: Entry) {
        let at = self.bucket(entry.hash);
        let slot = if self.slots[at].hash == entry.hash {
            at
        } else if self.slots[at + 1].hash == entry.hash {
            at + 1
        } else {
            let victim = if self.slots[at].work <= self.slots[at + 1].work {
                at
            } else {
                at + 1
            };
            if self.slots[victim].hash != 0 {
                self.replaced += 1;
            } else {
                self.occupied += 1;
            }
            victim
        };
        self.slots[slot] = entry;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.occupied = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_grows_within_its_memory_and_keeps_the_more_worked_entry() {
        let mut table = Table::with_megabytes(1);
        assert!(table.limit() * ENTRY_BYTES <= 1 << 20);
        for hash in 1..200_000u64 {
            table.store(Entry {
                hash: hash * 0x9e37_79b9_7f4a_7c15,
                work: 1,
                ..Entry::default()
            });
        }
        assert_eq!(table.capacity(), table.limit());
        // Full: a third position in a bucket evicts the less worked of the two there.
        let bucket_mate = |hash: u64| hash + (table.mask as u64 + 2);
        let (a, b) = (8u64, bucket_mate(8));
        let c = bucket_mate(b);
        table.store(Entry {
            hash: a,
            work: 100,
            ..Entry::default()
        });
        table.store(Entry {
            hash: b,
            work: 50,
            ..Entry::default()
        });
        table.store(Entry {
            hash: c,
            work: 60,
            ..Entry::default()
        });
        assert!(table.get(a).is_some());
        assert!(table.get(b).is_none());
        assert!(table.get(c).is_some());
    }
}
