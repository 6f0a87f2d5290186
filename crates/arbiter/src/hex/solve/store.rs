//! The solution store: every position the solver has proved, kept in a file from one run to
//! the next (`arbiter hex --solve --db FILE`), as Benzene's DfpnDB keeps its proofs.
//!
//! A position asked again is answered from the store at once, and so is every position the
//! search meets that an earlier search proved (a game's positions after each move, `--moves`,
//! share most of theirs; the web board's "Solve" asks the same positions over and over). The
//! store keeps the proofs that cost the search some work ([`WORTH_KEEPING`] positions or
//! more) and every position asked: the cheap ones are found again faster than they are read.
//!
//! A position is known by its board's shape and its 64-bit Zobrist hash, as the search's own
//! table knows it; the keys are fixed (`position::Keys`), and the file says which keys it was
//! made with, so that a store made with other keys is refused rather than misread.
//!
//! # The file
//!
//! Little-endian throughout: the magic bytes `arbiter hex solutions\n`, the format's version
//! (u32, [`VERSION`]), the keys' fingerprint (u64), the number of entries (u64), the entries
//! (14 bytes each: rows u8, columns u8, whether the side to move wins u8, a flag byte (0),
//! the winning move's cell u16, the hash u64), and a checksum of everything before it (u64,
//! FNV-1a). A file that is not one, of another version, cut short or changed is an error
//! that says which.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::solve::{Settings, Solver, Store};
//! use arbiter::hex::{Board, Stone};
//!
//! let path = std::env::temp_dir().join(format!("arbiter-doc-{}.db", std::process::id()));
//! let store = Store::open(&path).unwrap().shared();
//! let mut solver = Solver::new(4, 4, &Settings::default()).unwrap();
//! solver.keep_proofs_in(&store);
//! let first = solver.solve(&Board::new(4), Stone::Red);
//! store.lock().save().unwrap();
//!
//! // Another solver, another run: the answer comes from the file.
//! let again = Store::open(&path).unwrap().shared();
//! assert!(again.lock().len() > 0);
//! let mut solver = Solver::new(4, 4, &Settings::default()).unwrap();
//! solver.keep_proofs_in(&again);
//! let second = solver.solve(&Board::new(4), Stone::Red);
//! assert_eq!(second.winning_moves, first.winning_moves);
//! assert!(second.stats.nodes < first.stats.nodes);
//! std::fs::remove_file(&path).unwrap();
//! ```

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The file's first bytes.
const MAGIC: &[u8; 22] = b"arbiter hex solutions\n";
/// The format's version.
pub const VERSION: u32 = 1;
/// The bytes before the entries: magic, version, fingerprint, count.
const HEADER: usize = MAGIC.len() + 4 + 8 + 8;
/// The bytes of one entry.
const ENTRY: usize = 14;
/// The search's proofs kept: those that took at least this many positions to find.
pub const WORTH_KEEPING: u64 = 64;

/// What the store knows of a proved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proved {
    /// Whether the side to move wins.
    pub wins: bool,
    /// A winning move's cell (row by row from a1), when it wins.
    pub best: u16,
}

/// The proofs of one board shape, by hash.
pub(crate) type Known = HashMap<u64, Proved>;

/// Why a store cannot be read or written: the file, and what is wrong with it.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// The file is not a solution store of this arbiter.
    #[error("{}: {why}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong, in words.
        why: String,
    },
}

/// Every position proved, by board shape: what [`crate::hex::solve::Solver`] consults and adds
/// to, kept in a file.
#[derive(Debug, Default)]
pub struct Store {
    path: PathBuf,
    shapes: BTreeMap<(u8, u8), Arc<Known>>,
    /// Entries added since the file was read or written.
    added: usize,
}

/// A store shared by the solvers of a run (and the threads of each); two handles are equal
/// when they share one store.
#[derive(Clone, Debug)]
pub struct SharedStore(Arc<Mutex<Store>>);

impl SharedStore {
    /// The store, for this thread alone while the guard lives.
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        // A thread that panicked holding it left whole entries: the store stays usable.
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl PartialEq for SharedStore {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedStore {}

impl Store {
    /// The store kept in `path`: read when the file exists, empty (and written there on
    /// [`Store::save`]) when it does not.
    ///
    /// # Errors
    /// A file that cannot be read, or that is not a store this arbiter wrote (another
    /// format, another version, other hash keys, cut short, or changed since).
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let mut store = Store {
            path: path.to_path_buf(),
            ..Store::default()
        };
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(store),
            Err(error) => {
                return Err(StoreError::Io {
                    path: path.to_path_buf(),
                    error,
                });
            }
        };
        let unreadable = |why: String| StoreError::Unreadable {
            path: path.to_path_buf(),
            why,
        };
        for (shape, hash, proved) in entries(&bytes).map_err(unreadable)? {
            Arc::make_mut(store.shapes.entry(shape).or_default()).insert(hash, proved);
        }
        Ok(store)
    }

    /// The store, to be shared by solvers.
    pub fn shared(self) -> SharedStore {
        SharedStore(Arc::new(Mutex::new(self)))
    }

    /// The file it is kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The positions it holds.
    pub fn len(&self) -> usize {
        self.shapes.values().map(|known| known.len()).sum()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What it knows of a position of a `rows` x `cols` board by its hash.
    pub fn get(&self, rows: usize, cols: usize, hash: u64) -> Option<Proved> {
        self.shapes.get(&shape(rows, cols)?)?.get(&hash).copied()
    }

    /// The proofs of one shape, for a search to consult while it runs.
    pub(crate) fn known(&self, rows: usize, cols: usize) -> Option<Arc<Known>> {
        self.shapes.get(&shape(rows, cols)?).cloned()
    }

    /// Adds proofs of positions of a `rows` x `cols` board.
    pub fn add(
        &mut self,
        rows: usize,
        cols: usize,
        proofs: impl IntoIterator<Item = (u64, Proved)>,
    ) {
        let Some(shape) = shape(rows, cols) else {
            return;
        };
        let known = Arc::make_mut(self.shapes.entry(shape).or_default());
        for (hash, proved) in proofs {
            if known.insert(hash, proved).is_none() {
                self.added += 1;
            }
        }
    }

    /// Writes the store to its file (to a file beside it first, then renamed over it, so that
    /// a run stopped while writing leaves the old store whole). Nothing is written when
    /// nothing was added.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&mut self) -> Result<(), StoreError> {
        if self.added == 0 && self.path.exists() {
            return Ok(());
        }
        let failed = |error| StoreError::Io {
            path: self.path.clone(),
            error,
        };
        let mut bytes = Vec::with_capacity(HEADER + self.len() * ENTRY + 8);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&fingerprint().to_le_bytes());
        bytes.extend_from_slice(&(self.len() as u64).to_le_bytes());
        for (&(rows, cols), known) in &self.shapes {
            let mut sorted: Vec<(&u64, &Proved)> = known.iter().collect();
            sorted.sort_unstable_by_key(|&(hash, _)| *hash);
            for (hash, proved) in sorted {
                bytes.extend_from_slice(&[rows, cols, u8::from(proved.wins), 0]);
                bytes.extend_from_slice(&proved.best.to_le_bytes());
                bytes.extend_from_slice(&hash.to_le_bytes());
            }
        }
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let mut beside = self.path.clone().into_os_string();
        beside.push(".new");
        let beside = PathBuf::from(beside);
        let written = write_beside(&beside, &bytes, &self.path);
        if written.is_err() {
            // A failed write (a full disk) leaves no half file behind: the store is the
            // last file written whole.
            let _ = std::fs::remove_file(&beside);
        }
        written.map_err(failed)?;
        self.added = 0;
        Ok(())
    }
}

/// Writes `bytes` to `beside`, then puts it in the place of `path` at once.
fn write_beside(beside: &Path, bytes: &[u8], path: &Path) -> std::io::Result<()> {
    let mut file = std::fs::File::create(beside)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(beside, path)
}

/// A board shape as the file writes it; `None` past 255 rows or columns (no solver board).
fn shape(rows: usize, cols: usize) -> Option<(u8, u8)> {
    Some((u8::try_from(rows).ok()?, u8::try_from(cols).ok()?))
}

/// One entry of a store file: the board's shape, the position's hash, its proof.
type Line = ((u8, u8), u64, Proved);

/// The entries of a store file, checked: the shape, the hash and the proof of each.
fn entries(bytes: &[u8]) -> Result<Vec<Line>, String> {
    if !bytes.starts_with(MAGIC) {
        return Err(format!(
            "not an arbiter solution store: it does not start with {:?}",
            String::from_utf8_lossy(MAGIC)
        ));
    }
    if bytes.len() < HEADER + 8 {
        return Err(format!(
            "cut short: {} bytes, and a store's header and checksum alone take {}",
            bytes.len(),
            HEADER + 8
        ));
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(
        bytes[MAGIC.len()..MAGIC.len() + 4]
            .try_into()
            .expect("4 bytes"),
    );
    if version != VERSION {
        return Err(format!(
            "a store of format version {version}; this arbiter reads version {VERSION}"
        ));
    }
    if word(MAGIC.len() + 4) != fingerprint() {
        return Err(
            "made with other hash keys than this arbiter's: its positions cannot be looked up"
                .into(),
        );
    }
    let count = word(MAGIC.len() + 12);
    let held = bytes.len() - HEADER - 8;
    if count != (held / ENTRY) as u64 || !held.is_multiple_of(ENTRY) {
        return Err(format!(
            "cut short or changed: it says {count} entries and holds {held} bytes of entries ({ENTRY} bytes each)"
        ));
    }
    let body = bytes.len() - 8;
    if checksum(&bytes[..body]) != word(body) {
        return Err("changed since it was written: its checksum does not match".into());
    }
    bytes[HEADER..body]
        .chunks_exact(ENTRY)
        .enumerate()
        .map(|(n, entry)| {
            let (rows, cols, wins) = (entry[0], entry[1], entry[2]);
            let best = u16::from_le_bytes([entry[4], entry[5]]);
            let hash = u64::from_le_bytes(entry[6..14].try_into().expect("8 bytes"));
            let cells = usize::from(rows) * usize::from(cols);
            if wins > 1 || entry[3] != 0 || cells == 0 || usize::from(best) >= cells {
                return Err(format!("entry {} is not one arbiter writes", n + 1));
            }
            let proved = Proved {
                wins: wins == 1,
                best,
            };
            Ok(((rows, cols), hash, proved))
        })
        .collect()
}

/// FNV-1a over the bytes.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What identifies the search's hash keys: positions hashed with other keys are other
/// numbers.
fn fingerprint() -> u64 {
    let keys = super::position::Keys::new(2);
    let probe: super::position::Position<u64> =
        super::position::Position::new([1, 2], crate::hex::Stone::Blue, &keys);
    probe.hash
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("arbiter-store-{}-{name}", std::process::id()))
    }

    fn proved(wins: bool, best: u16) -> Proved {
        Proved { wins, best }
    }

    #[test]
    fn a_store_keeps_its_positions_from_one_run_to_the_next() {
        let path = temporary("round-trip");
        let _ = std::fs::remove_file(&path);
        let mut store = Store::open(&path).unwrap();
        assert!(store.is_empty());
        store.add(7, 7, [(11, proved(true, 24)), (12, proved(false, 0))]);
        store.add(3, 4, [(11, proved(false, 0))]);
        store.save().unwrap();
        let again = Store::open(&path).unwrap();
        assert_eq!(again.len(), 3);
        assert_eq!(again.get(7, 7, 11), Some(proved(true, 24)));
        assert_eq!(again.get(3, 4, 11), Some(proved(false, 0)));
        assert_eq!(again.get(4, 3, 11), None, "another shape, another position");
        std::fs::remove_file(&path).unwrap();
    }

    /// A write that fails (here the file's place taken by a folder; on a full disk, the
    /// write itself) names the store and leaves no `FILE.new` behind.
    #[test]
    fn a_failed_save_names_the_store_and_leaves_no_half_file() {
        let path = temporary("failed");
        let _ = std::fs::remove_dir_all(&path);
        let mut store = Store::open(&path).unwrap();
        store.add(5, 5, [(7, proved(true, 3))]);
        std::fs::create_dir(&path).unwrap();
        let error = store.save().unwrap_err().to_string();
        assert!(error.starts_with(&path.display().to_string()), "{error}");
        let mut beside = path.clone().into_os_string();
        beside.push(".new");
        assert!(
            !PathBuf::from(beside).exists(),
            "a half-written FILE.new is left"
        );
        std::fs::remove_dir_all(&path).unwrap();
    }

    #[test]
    fn a_corrupt_or_foreign_file_is_an_error_that_says_what_is_wrong() {
        let path = temporary("bad");
        let mut store = Store::open(&path).unwrap();
        store.add(5, 5, [(99, proved(true, 12))]);
        store.save().unwrap();
        let good = std::fs::read(&path).unwrap();
        let refused = |bytes: &[u8]| {
            std::fs::write(&path, bytes).unwrap();
            Store::open(&path).unwrap_err().to_string()
        };
        let named = path.display().to_string();
        assert!(
            refused(b"(;FF[4]GM[11])")
                .starts_with(&format!("{named}: not an arbiter solution store"))
        );
        assert!(refused(&good[..good.len() - 3]).contains("cut short"));
        let mut changed = good.clone();
        changed[HEADER + 7] ^= 1;
        assert!(refused(&changed).contains("checksum does not match"));
        let mut newer = good.clone();
        newer[MAGIC.len()] = 2;
        assert!(refused(&newer).contains("format version 2; this arbiter reads version 1"));
        let mut rekeyed = good.clone();
        rekeyed[MAGIC.len() + 4] ^= 1;
        assert!(refused(&rekeyed).contains("other hash keys"));
        // A huge count in a small file allocates nothing.
        let mut boastful = good.clone();
        boastful[MAGIC.len() + 12..MAGIC.len() + 20].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(refused(&boastful).contains("says 18446744073709551615 entries"));
        // A cell off the board, with a checksum to match.
        let mut off = good[..good.len() - 8].to_vec();
        off[HEADER + 4] = 200;
        let sum = checksum(&off);
        off.extend_from_slice(&sum.to_le_bytes());
        assert!(refused(&off).contains("entry 1 is not one arbiter writes"));
        std::fs::remove_file(&path).unwrap();
    }

    proptest::proptest! {
        /// Any bytes, after a store's own header or not, are read or refused, never a panic.
        #[test]
        fn any_bytes_are_read_or_refused(
            header in proptest::bool::ANY,
            body in proptest::collection::vec(proptest::num::u8::ANY, 0..200),
        ) {
            let mut bytes = Vec::new();
            if header {
                bytes.extend_from_slice(MAGIC);
                bytes.extend_from_slice(&VERSION.to_le_bytes());
                bytes.extend_from_slice(&fingerprint().to_le_bytes());
            }
            bytes.extend_from_slice(&body);
            let _ = entries(&bytes);
        }
    }

    #[test]
    fn a_file_that_cannot_be_read_is_named() {
        let folder = std::env::temp_dir();
        let error = Store::open(&folder).unwrap_err().to_string();
        assert!(error.starts_with(&folder.display().to_string()), "{error}");
    }
}
