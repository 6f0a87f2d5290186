//! Standard output that shows each answer soon after it is written: buffered, so that a
//! hundred thousand fast answers cost a few system calls, and flushed by a watcher thread
//! whenever written bytes have waited [`PROMPT`], so that slow answers (a game read with a
//! search, a position solved) appear as they are decided, not when the buffer fills.

use std::io::{self, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Duration;

/// How long written bytes may wait in the buffer.
pub const PROMPT: Duration = Duration::from_millis(100);

/// The buffered writer and whether it holds bytes not yet flushed.
struct Shared<W: Write> {
    out: io::BufWriter<W>,
    pending: bool,
    done: bool,
    /// The watcher's last flush, failed (a closed pipe): the next write or flush says so.
    failed: Option<io::Error>,
}

/// A writer shared with the watcher thread; see the module's notes.
pub struct Prompt<W: Write> {
    shared: Arc<(Mutex<Shared<W>>, Condvar)>,
}

impl<W: Write> Prompt<W> {
    fn lock(&self) -> MutexGuard<'_, Shared<W>> {
        self.shared.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<W: Write> Write for Prompt<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut shared = self.lock();
        if let Some(error) = shared.failed.take() {
            return Err(error);
        }
        let written = shared.out.write(bytes)?;
        if !shared.pending && written > 0 {
            shared.pending = true;
            self.shared.1.notify_one();
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut shared = self.lock();
        if let Some(error) = shared.failed.take() {
            return Err(error);
        }
        shared.pending = false;
        shared.out.flush()
    }
}

/// Runs `work` with a [`Prompt`] over `out`, then flushes what is left; the watcher thread
/// ends with it. A flush by the watcher that fails (a closed pipe) is kept for the next write
/// or the last flush to return.
pub fn with_prompt<W: Write + Send, T>(
    out: W,
    work: impl FnOnce(&mut Prompt<W>) -> T,
) -> (T, io::Result<()>) {
    let shared = Arc::new((
        Mutex::new(Shared {
            out: io::BufWriter::with_capacity(1 << 16, out),
            pending: false,
            done: false,
            failed: None,
        }),
        Condvar::new(),
    ));
    let mut prompt = Prompt {
        shared: Arc::clone(&shared),
    };
    thread::scope(|scope| {
        // A small stack: the watcher only waits and flushes, and a command's start pays for
        // its thread. Without a thread, the output is flushed when the buffer fills, and at
        // the end.
        let watcher = thread::Builder::new().stack_size(64 << 10);
        let _ = watcher.spawn_scoped(scope, || watch(&shared));
        // The watcher is told the work is done however it ends, a panic too: the scope
        // waits for it.
        let ended = Ended(&shared);
        let result = work(&mut prompt);
        let flushed = prompt.flush();
        drop(ended);
        (result, flushed)
    })
}

/// Tells the watcher, when dropped, that the work is done.
struct Ended<'a, W: Write>(&'a (Mutex<Shared<W>>, Condvar));

impl<W: Write> Drop for Ended<'_, W> {
    fn drop(&mut self) {
        let (lock, written) = self.0;
        lock.lock().unwrap_or_else(PoisonError::into_inner).done = true;
        written.notify_one();
    }
}

/// The watcher: waits for bytes to be written, lets them wait [`PROMPT`] (more may come),
/// flushes them, until the work is done (which wakes it at once: a command's end never
/// waits for it).
fn watch<W: Write>(shared: &(Mutex<Shared<W>>, Condvar)) {
    let (lock, written) = shared;
    let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        while !state.pending && !state.done {
            state = written.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        (state, _) = written
            .wait_timeout_while(state, PROMPT, |state| !state.done)
            .unwrap_or_else(PoisonError::into_inner);
        if state.done {
            return;
        }
        if state.pending {
            state.pending = false;
            if let Err(error) = state.out.flush() {
                state.failed = Some(error);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Instant;

    /// A writer that tells a channel what reached it.
    struct Seen(mpsc::Sender<Vec<u8>>);

    impl Write for Seen {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            let _ = self.0.send(bytes.to_vec());
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn an_answer_reaches_the_output_while_the_next_is_still_being_worked_out() {
        let (tx, rx) = mpsc::channel();
        let ((), flushed) = with_prompt(Seen(tx), |out| {
            out.write_all(b"first\n").unwrap();
            let start = Instant::now();
            // The next answer is slow: the first must be out before it is.
            let seen = rx.recv_timeout(Duration::from_secs(5)).unwrap();
            assert_eq!(seen, b"first\n");
            assert!(start.elapsed() >= PROMPT / 2);
            out.write_all(b"second\n").unwrap();
        });
        flushed.unwrap();
    }

    #[test]
    fn a_panic_in_the_work_ends_the_watcher_and_is_raised_again() {
        let outcome = std::panic::catch_unwind(|| {
            with_prompt(Vec::new(), |out: &mut Prompt<Vec<u8>>| {
                out.write_all(b"before\n").unwrap();
                panic!("a bug");
            })
        });
        assert!(outcome.is_err());
    }

    #[test]
    fn fast_answers_reach_the_output_together_and_in_order() {
        let (tx, rx) = mpsc::channel();
        let ((), flushed) = with_prompt(Seen(tx), |out| {
            for n in 0..1000 {
                writeln!(out, "{n}").unwrap();
            }
        });
        flushed.unwrap();
        let chunks: Vec<Vec<u8>> = rx.try_iter().collect();
        assert!(chunks.len() < 10, "{} writes", chunks.len());
        let all: Vec<u8> = chunks.concat();
        let expected: String = (0..1000).map(|n| format!("{n}\n")).collect();
        assert_eq!(all, expected.as_bytes());
    }
}
