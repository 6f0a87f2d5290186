//! The search's memory of positions it has met, by their Zobrist hash, in a fixed amount of
//! memory: one table type for both of its stores, the proof numbers ([`Entry`]) and the
//! expansions (`dfpn`'s).
//!
//! Hex positions recur by many move orders, so the search keeps what it learns of each. The
//! table is an array of four-slot buckets. It starts small and grows (fourfold, rehashing) as
//! it fills, up to its memory budget, which it never passes; a new entry in a full bucket
//! replaces its entry worth least ([`Slot::worth`]). A bucket fills up long before the
//! table does, the more often the fewer its slots: with two a bucket, three quarters full,
//! the table lost so many entries before it grew that henderson-63 took 198,031 positions,
//! with four 151,695, the 8 x 8 sample 514,946 and 457,783 (the guide's performance page).
//!
//! The threads working on one proof share their tables ([`Shared`]): shards, each a table
//! behind a lock of its own, so that two threads seldom wait on each other.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// What a table holds for one position.
pub(crate) trait Slot: Copy {
    /// An empty slot.
    const EMPTY: Self;
    /// The position's hash; 0 marks an empty slot (the search's keys never hash a position to
    /// 0).
    fn hash(&self) -> u64;
    /// What keeping the slot is worth: in a full bucket, the slot worth least makes room.
    fn worth(&self) -> u32;
}

/// What the search knows of a position's proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The position's hash.
    pub hash: u64,
    /// Proof number: how hard it looks to prove a win for the side to move.
    pub phi: u32,
    /// Disproof number: how hard it looks to prove its loss.
    pub delta: u32,
    /// The best move found (for a won position, a winning one).
    pub best: u16,
    /// The work spent on the position.
    pub work: u32,
}

impl Slot for Entry {
    const EMPTY: Self = Entry {
        hash: 0,
        phi: 0,
        delta: 0,
        best: 0,
        work: 0,
    };

    fn hash(&self) -> u64 {
        self.hash
    }

    /// The work spent on the position: what keeping it saves.
    fn worth(&self) -> u32 {
        self.work
    }
}

/// The slots a bucket has: a hash's slot is one of them.
const BUCKET: usize = 4;

/// A table of slots `S` within a memory budget.
#[derive(Clone, Debug)]
pub(crate) struct Table<S> {
    slots: Vec<S>,
    mask: usize,
    /// The most slots the budget allows.
    limit: usize,
    /// Slots in use.
    occupied: usize,
}

impl<S: Slot> Table<S> {
    /// The slots a table starts with (or its limit, when smaller).
    const START: usize = 1 << 14;

    /// A table of at most `megabytes` MB (rounded down to a power of two of slots, at least
    /// two buckets).
    #[cfg(test)]
    pub fn with_megabytes(megabytes: usize) -> Self {
        Self::with_bytes(megabytes.max(1) << 20, Self::START)
    }

    /// A table of at most `bytes` bytes (rounded down to a power of two of slots, at least two
    /// buckets), starting with `start` slots (a power of two) or its limit when smaller.
    fn with_bytes(bytes: usize, start: usize) -> Self {
        let slots = bytes / std::mem::size_of::<S>();
        let limit = if slots.is_power_of_two() {
            slots
        } else {
            slots.next_power_of_two() / 2
        }
        .max(2 * BUCKET);
        let start = limit.min(start.next_power_of_two()).max(2 * BUCKET);
        Table {
            slots: vec![S::EMPTY; start],
            mask: start - BUCKET,
            limit,
            occupied: 0,
        }
    }

    /// The number of slots the table has now.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The number of slots the table may grow to.
    #[cfg(test)]
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The first slot of the bucket of `hash`.
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & self.mask
    }

    /// The slot for `hash`, if the table holds one.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<S> {
        let at = self.bucket(hash);
        self.slots[at..at + BUCKET]
            .iter()
            .find(|slot| slot.hash() == hash && hash != 0)
            .copied()
    }

    /// Stores a slot, over the same position's or the bucket's one worth less.
    pub fn store(&mut self, slot: S) {
        if slot.hash() == 0 {
            return;
        }
        if self.occupied * 4 >= self.slots.len() * 3 && self.slots.len() < self.limit {
            self.grow();
        }
        self.put(slot);
    }

    /// Grows fourfold (within the budget), moving every slot to its new bucket.
    fn grow(&mut self) {
        let size = (self.slots.len() * 4).min(self.limit);
        let old = std::mem::replace(&mut self.slots, vec![S::EMPTY; size]);
        self.mask = size - BUCKET;
        self.occupied = 0;
        for slot in old.into_iter().filter(|slot| slot.hash() != 0) {
            self.put(slot);
        }
    }

    fn put(&mut self, slot: S) {
        let at = self.bucket(slot.hash());
        let bucket = &self.slots[at..at + BUCKET];
        let place = match bucket.iter().position(|s| s.hash() == slot.hash()) {
            Some(same) => at + same,
            None => {
                // The slot worth least (an empty one is worth nothing), the first of equals.
                let victim = (0..BUCKET)
                    .min_by_key(|&i| (bucket[i].hash() != 0, bucket[i].worth()))
                    .map_or(at, |i| at + i);
                if self.slots[victim].hash() == 0 {
                    self.occupied += 1;
                }
                victim
            }
        };
        self.slots[place] = slot;
    }
}

/// How many shards a [`Shared`] table has (a power of two): enough that two threads seldom
/// want the same lock at once.
const SHARDS: usize = 16;

/// A table shared by the threads of one search: [`SHARDS`] tables, each behind a lock of its
/// own, the shard picked by a hash's top bits (the bucket within it by its low bits), within
/// one memory budget.
#[derive(Debug)]
pub(crate) struct Shared<S> {
    shards: Box<[Mutex<Table<S>>]>,
}

impl<S: Slot> Shared<S> {
    /// A shared table of at most `megabytes` MB in all.
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bytes = (megabytes.max(1) << 20) / SHARDS;
        let start = Table::<S>::START / SHARDS;
        Shared {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(Table::with_bytes(bytes, start)))
                .collect(),
        }
    }

    /// The shard that holds `hash`, locked (a thread that panicked while holding it left
    /// whole slots behind: every write is one slot).
    fn shard(&self, hash: u64) -> MutexGuard<'_, Table<S>> {
        let at = (hash >> (64 - SHARDS.trailing_zeros())) as usize;
        self.shards[at]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The slot for `hash`, if the table holds one.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<S> {
        self.shard(hash).get(hash)
    }

    /// Stores a slot, as [`Table::store`] does.
    pub fn store(&self, slot: S) {
        self.shard(slot.hash()).store(slot);
    }

    /// The number of slots the shards have now.
    pub fn capacity(&self) -> usize {
        (0..SHARDS)
            .map(|at| {
                self.shards[at]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .capacity()
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn worked(hash: u64, work: u32) -> Entry {
        Entry {
            hash,
            work,
            ..Entry::default()
        }
    }

    #[test]
    fn a_stored_entry_is_found_by_its_hash_alone() {
        let mut table = Table::with_megabytes(1);
        table.store(Entry {
            hash: 42,
            phi: 0,
            delta: u32::MAX,
            best: 7,
            work: 10,
        });
        assert_eq!(table.get(42).map(|e| e.best), Some(7));
        assert!(table.get(43).is_none());
    }

    #[test]
    fn the_table_grows_within_its_memory_and_keeps_the_more_worked_entry() {
        let mut table = Table::with_megabytes(1);
        assert!(table.limit() * std::mem::size_of::<Entry>() <= 1 << 20);
        for hash in 1..200_000u64 {
            table.store(worked(hash * 0x9e37_79b9_7f4a_7c15, 1));
        }
        assert_eq!(table.capacity(), table.limit());
        // Full: a fifth position in a bucket evicts the least worked of the four there.
        let bucket_mate = |hash: u64| hash + (table.mask + BUCKET) as u64;
        let mates: Vec<u64> = std::iter::successors(Some(8u64), |&h| Some(bucket_mate(h)))
            .take(BUCKET + 1)
            .collect();
        for (i, &hash) in mates[..BUCKET].iter().enumerate() {
            table.store(worked(hash, 100 - 10 * i as u32));
        }
        let least = mates[BUCKET - 1];
        let fifth = mates[BUCKET];
        table.store(worked(fifth, 95));
        assert!(table.get(least).is_none());
        for &hash in mates.iter().filter(|&&h| h != least) {
            assert!(table.get(hash).is_some());
        }
        // Stored again, a position keeps one slot.
        table.store(worked(fifth, 99));
        assert_eq!(table.get(fifth).map(|e| e.work), Some(99));
        assert!(table.get(mates[0]).is_some());
    }

    #[test]
    fn a_shared_table_keeps_what_any_thread_stores_within_its_memory() {
        let table: Shared<Entry> = Shared::with_megabytes(1);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 1..=100u64 {
                        let hash = (i * 4 + thread).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        table.store(worked(hash, 1));
                    }
                });
            }
        });
        for thread in 0..4u64 {
            for i in 1..=100u64 {
                let hash = (i * 4 + thread).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                assert_eq!(table.get(hash).map(|e| e.hash), Some(hash));
            }
        }
        assert!(table.capacity() * std::mem::size_of::<Entry>() <= 1 << 20);
    }
}
