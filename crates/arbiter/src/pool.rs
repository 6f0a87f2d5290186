//! arbiter's one pool of threads: rayon's global pool. Everything that runs on more than one
//! thread runs there: the batches of a big input and many files (`run`), a huge Hex or Il
//! Gioco dell'X board's two walks (`connect`) and its stone counts (`hex`), the solver's moves.
//!
//! The command says how many threads the pool may have (`--jobs`, [`set_threads`]), and the
//! pool starts the first time something splits ([`start`]), not before: a small input starts
//! no thread it would not use. An embedder that never calls [`set_threads`] gets rayon's own
//! pool, one thread a core.

use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The threads asked for by [`set_threads`]; 0 for rayon's default.
static THREADS: AtomicUsize = AtomicUsize::new(0);
/// Whether the global pool has been started with [`THREADS`] threads.
static STARTED: Once = Once::new();

/// Sets how many threads the pool may have. Only the first split starts the pool: a call
/// after that changes nothing.
///
/// # Examples
///
/// ```
/// arbiter::pool::set_threads(2);
/// // The first split starts the pool.
/// let (left, right) = arbiter::pool::join(|| (1..=10).sum::<u32>(), || (1..=10).product::<u32>());
/// assert_eq!((left, right), (55, 3_628_800));
/// ```
pub fn set_threads(threads: usize) {
    THREADS.store(threads, Ordering::Relaxed);
}

/// Starts the pool, with the threads [`set_threads`] asked for, unless it runs already.
pub fn start() {
    STARTED.call_once(|| {
        let threads = THREADS.load(Ordering::Relaxed);
        if threads > 0 {
            // Fails only when rayon's pool runs already (the embedder's, or one built by a
            // rayon call before this one): that pool is used as it is.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global();
        }
    });
}

/// How many threads a split case runs on, starting the pool.
pub fn threads() -> usize {
    start();
    rayon::current_num_threads()
}

/// Runs `op` on this thread with a scope whose spawned work runs on the pool's threads,
/// starting it; returns when all of it has finished.
pub fn in_place_scope<'scope, R>(op: impl FnOnce(&rayon::Scope<'scope>) -> R) -> R {
    start();
    rayon::in_place_scope(op)
}

/// Runs `work` on one of the pool's threads, starting it, and returns at once.
pub fn spawn(work: impl FnOnce() + Send + 'static) {
    start();
    rayon::spawn(work);
}

/// Runs `a` and `b` on two of the pool's threads, starting it.
pub fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    start();
    rayon::join(a, b)
}
