//! How far the solver is with the position it is on: process-wide counters that the searches
//! bump as they go and a front reads while it waits (the command line's spinner on a
//! terminal). Relaxed atomics: a glance at the work, never part of an answer.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::solve::{Settings, progress, solve};
//! use arbiter::hex::{Board, Stone};
//!
//! let board: Board = "...\n...\n...".parse().unwrap();
//! solve(&board, Stone::Red, &Settings::default()).unwrap();
//! let seen = progress();
//! assert_eq!(seen.moves, 9);
//! assert_eq!(seen.winning + seen.losing, 9);
//! ```

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

static POSITIONS: AtomicU64 = AtomicU64::new(0);
static MOVES: AtomicUsize = AtomicUsize::new(0);
static WINNING: AtomicUsize = AtomicUsize::new(0);
static LOSING: AtomicUsize = AtomicUsize::new(0);
/// When the position was started, in milliseconds since [`EPOCH`].
static STARTED: AtomicU64 = AtomicU64::new(0);
static EPOCH: OnceLock<Instant> = OnceLock::new();

/// What the solver has done on the position it is on (the last one started, when several
/// are solved at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions searched so far (counted a thousand or so at a time).
    pub positions: u64,
    /// The moves to decide at the root (0 before a position is started).
    pub moves: usize,
    /// Root moves proved to win.
    pub winning: usize,
    /// Root moves proved to lose.
    pub losing: usize,
    /// Time since the position was started.
    pub elapsed: Duration,
}

fn now() -> u64 {
    let epoch = EPOCH.get_or_init(Instant::now);
    epoch.elapsed().as_millis() as u64
}

/// What the solver has done so far on its position.
pub fn progress() -> Progress {
    Progress {
        positions: POSITIONS.load(Relaxed),
        moves: MOVES.load(Relaxed),
        winning: WINNING.load(Relaxed),
        losing: LOSING.load(Relaxed),
        elapsed: Duration::from_millis(now().saturating_sub(STARTED.load(Relaxed))),
    }
}

/// A position is started, with `moves` root moves to decide.
pub(crate) fn position_started(moves: usize) {
    STARTED.store(now(), Relaxed);
    POSITIONS.store(0, Relaxed);
    WINNING.store(0, Relaxed);
    LOSING.store(0, Relaxed);
    MOVES.store(moves, Relaxed);
}

/// `positions` more positions searched.
pub(crate) fn searched(positions: u64) {
    POSITIONS.fetch_add(positions, Relaxed);
}

/// The position's moves all decided (some by a proof that takes in many at once): the
/// counts at its end.
pub(crate) fn position_finished(winning: usize, losing: usize) {
    WINNING.store(winning, Relaxed);
    LOSING.store(losing, Relaxed);
}

/// A root move decided: a win, a loss, or unknown.
pub(crate) fn move_decided(wins: Option<bool>) {
    match wins {
        Some(true) => WINNING.fetch_add(1, Relaxed),
        Some(false) => LOSING.fetch_add(1, Relaxed),
        None => 0,
    };
}
