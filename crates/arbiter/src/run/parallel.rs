//! [`run_parallel`]: an input judged on the pool's threads in batches of bounded weight, the
//! answers written in input order as the batches come back.

use std::io::{self, BufRead, Write};

use super::one::{one_case, run};
use super::outcome::{RunError, Summary, Warning};
use super::views::Views;
use crate::game::Game;
use crate::input::{Cut, InputError};

/// The most weight ([`Game::weight`]: cells, or bytes of a record or of case texts) read
/// ahead in one batch: a millisecond or two of work, so that the threads share a file of
/// small cases evenly to its end (with bigger batches, one thread is often left to judge the
/// last alone). A file smaller than this is one batch, judged by one thread whatever `jobs`
/// says.
pub const BATCH_WEIGHT: usize = 1 << 17;
/// The most cases in one batch: enough to make a thread's turn worth its hand-over, few
/// enough to share the work of a file out evenly.
const BATCH_CASES: usize = 1024;

/// Consecutive pieces of the input (cases, or texts of many), each with its first case's
/// number.
type Batch<R> = Vec<(usize, Result<Cut<R>, InputError>)>;

/// The most batches read and not yet written, a few a thread: memory stays within this many
/// batches however slow one case is.
const BATCHES_A_JOB: usize = 4;

/// A batch judged on the pool, in turn `.0` of the input, with its emptied vector to be
/// filled again.
type Done<R> = (usize, Judged, Batch<R>);

/// [`run`] on the threads of rayon's pool ([`crate::pool`]) when `jobs` is more than one.
///
/// This thread reads the input into batches of bounded weight, cases whose layout the
/// format finds at a glance left as their texts, many consecutive cases in one piece
/// ([`Game::read_for_threads`]), and hands each to the pool, which judges it
/// ([`Game::read_texts`], then each case) into a buffer of its own. Between batches, and
/// whenever `BATCHES_A_JOB` batches a job are out, it writes the buffers that are back, in
/// input order, so the output is [`run`]'s, byte for byte, and the first bad case still
/// comes after the answers of every case before it. A batch of a single case read whole (a
/// huge board) is judged here once the batches before it are written, and written as it is
/// judged, as [`run`] writes it; its own work splits over the pool.
///
/// # Errors
/// As [`run`].
pub fn run_parallel<G: Game>(
    game: &G,
    input: impl BufRead,
    out: &mut impl Write,
    views: &Views,
    jobs: usize,
    warn: &mut dyn FnMut(Warning),
) -> Result<Summary, RunError> {
    if jobs <= 1 {
        return run(game, input, out, views, warn);
    }
    let stopped = std::sync::atomic::AtomicBool::new(false);
    // A panic while judging (a bug) is carried here and raised again once the pool is done,
    // so that the writer, waiting for the batch, is not left waiting.
    let panicked = std::sync::Mutex::new(None);
    let (to_writer, judged) = std::sync::mpsc::channel::<Done<G::Raw>>();
    let mut writer = InTurn {
        summary: Summary::default(),
        next: 0,
        waiting: std::collections::BTreeMap::new(),
        emptied: Vec::new(),
    };
    let limit = BATCHES_A_JOB * jobs;
    let result = crate::pool::in_place_scope(|scope| {
        let hand_over = |turn: usize, mut batch: Batch<G::Raw>| {
            let to_writer = to_writer.clone();
            let (stopped, panicked) = (&stopped, &panicked);
            scope.spawn(move |_| {
                let judged = if stopped.load(std::sync::atomic::Ordering::Relaxed) {
                    Judged::default()
                } else {
                    let judging =
                        std::panic::AssertUnwindSafe(|| judge_batch(game, &mut batch, views));
                    std::panic::catch_unwind(judging).unwrap_or_else(|payload| {
                        if let Ok(mut panicked) = panicked.lock() {
                            panicked.get_or_insert(payload);
                        }
                        let error = io::Error::other("a judging thread panicked");
                        Judged {
                            outcome: Err(RunError::Output(error)),
                            ..Judged::default()
                        }
                    })
                };
                // The writer gone, it has stopped: nothing is left to do.
                let _ = to_writer.send((turn, judged, batch));
            });
        };
        let result = read_in_batches(game, input, |turn, mut batch| {
            // A single case read whole, or an error: judged here, in turn.
            if let [(_, Ok(Cut::Read(_)) | Err(_))] = batch[..] {
                while writer.next < turn {
                    let done = judged.recv().expect("every batch handed over comes back");
                    writer.arrive(done, out, warn)?;
                }
                let (number, piece) = batch.pop().expect("one case");
                writer.single(game, number, piece, views, out, warn)?;
                return Ok(Some(batch));
            }
            hand_over(turn, batch);
            while writer.out_of(turn + 1) >= limit {
                let done = judged.recv().expect("every batch handed over comes back");
                writer.arrive(done, out, warn)?;
            }
            while let Ok(done) = judged.try_recv() {
                writer.arrive(done, out, warn)?;
            }
            Ok(writer.emptied.pop())
        })
        .and_then(|turns| {
            while writer.next < turns {
                let done = judged.recv().expect("every batch handed over comes back");
                writer.arrive(done, out, warn)?;
            }
            Ok(writer.summary)
        });
        if result.is_err() {
            stopped.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        result
    });
    if let Ok(Some(payload)) = panicked.into_inner() {
        std::panic::resume_unwind(payload);
    }
    result
}

/// Reads `input` for threads into batches of bounded weight and hands each to `batch` with
/// its turn, the first 0; `batch` may give back an emptied vector to fill next. Returns how
/// many batches there were.
fn read_in_batches<G: Game>(
    game: &G,
    input: impl BufRead,
    mut batch: impl FnMut(usize, Batch<G::Raw>) -> Result<Option<Batch<G::Raw>>, RunError>,
) -> Result<usize, RunError> {
    let (mut filling, mut weight, mut turn, mut number) = (Vec::new(), 0, 0, 1);
    for piece in game.read_for_threads(input) {
        let (cases, piece_weight) = match &piece {
            Ok(Cut::Read(raw)) => (1, game.weight(raw)),
            Ok(Cut::Texts(texts)) => (texts.cases(), texts.len()),
            Err(_) => (1, 1),
        };
        weight += piece_weight.max(1);
        let failed = piece.is_err();
        filling.push((number, piece));
        number += cases;
        if weight >= BATCH_WEIGHT || filling.len() >= BATCH_CASES || failed {
            let full = std::mem::take(&mut filling);
            if let Some(emptied) = batch(turn, full)? {
                filling = emptied;
            }
            (weight, turn) = (0, turn + 1);
            if failed {
                return Ok(turn);
            }
        }
    }
    if !filling.is_empty() {
        batch(turn, filling)?;
        turn += 1;
    }
    Ok(turn)
}

/// The writer of [`run_parallel`]: the batches judged on the pool, written in input order.
struct InTurn<R> {
    summary: Summary,
    /// The turn of the next batch to write.
    next: usize,
    /// Batches judged before their turn.
    waiting: std::collections::BTreeMap<usize, (Judged, Batch<R>)>,
    /// Written batches' vectors, to be filled again: memory reused, not asked of the system
    /// afresh (zeroed pages) every batch.
    emptied: Vec<Batch<R>>,
}

impl<R> InTurn<R> {
    /// The batches handed over and not yet written, once turn `handed` has been handed over.
    fn out_of(&self, handed: usize) -> usize {
        handed - self.next
    }

    /// A judged batch is back: writes it, and every one waiting after it, when its turn has
    /// come.
    fn arrive(
        &mut self,
        (turn, judged, batch): Done<R>,
        out: &mut impl Write,
        warn: &mut dyn FnMut(Warning),
    ) -> Result<(), RunError> {
        self.waiting.insert(turn, (judged, batch));
        while let Some((judged, batch)) = self.waiting.remove(&self.next) {
            self.next += 1;
            self.emptied.push(batch);
            for warning in judged.warnings {
                warn(warning);
            }
            out.write_all(&judged.output)?;
            self.summary.cases += judged.cases;
            self.summary.disagreements += judged.disagreements;
            judged.outcome?;
        }
        Ok(())
    }

    /// Judges and writes a batch's single case here, in its turn, as [`run`] does.
    fn single<G: Game<Raw = R>>(
        &mut self,
        game: &G,
        number: usize,
        piece: Result<Cut<R>, InputError>,
        views: &Views,
        out: &mut impl Write,
        warn: &mut dyn FnMut(Warning),
    ) -> Result<(), RunError> {
        self.next += 1;
        let mut outcome = Ok(());
        each_case(game, number, piece, |number, raw| {
            match one_case(game, number, raw, views, out, warn) {
                Ok(disagrees) => {
                    self.summary.cases += 1;
                    self.summary.disagreements += usize::from(disagrees);
                    true
                }
                Err(e) => {
                    outcome = Err(e);
                    false
                }
            }
        });
        outcome
    }
}

/// Judges a batch's cases in turn, up to the first that fails, leaving its vector empty.
fn judge_batch<G: Game>(game: &G, batch: &mut Batch<G::Raw>, views: &Views) -> Judged {
    let mut judged = Judged::default();
    for (number, piece) in batch.drain(..) {
        let added = each_case(game, number, piece, |number, raw| {
            judged.add(game, number, raw, views)
        });
        if !added {
            break;
        }
    }
    judged
}

/// Hands each case of a piece to `judge` with its number, texts read as the game reads
/// them ([`Game::read_texts`]), until `judge` says it failed; says whether all went well.
fn each_case<G: Game>(
    game: &G,
    number: usize,
    piece: Result<Cut<G::Raw>, InputError>,
    mut judge: impl FnMut(usize, Result<G::Raw, InputError>) -> bool,
) -> bool {
    match piece {
        Ok(Cut::Texts(texts)) => (number..)
            .zip(game.read_texts(texts))
            .all(|(number, raw)| judge(number, raw)),
        Ok(Cut::Read(raw)) => judge(number, Ok(raw)),
        Err(e) => judge(number, Err(e)),
    }
}

/// Consecutive cases judged by a worker of [`run_parallel`]: their output and warnings, kept
/// for their turn, up to the first that failed.
struct Judged {
    output: Vec<u8>,
    warnings: Vec<Warning>,
    cases: usize,
    disagreements: usize,
    outcome: Result<(), RunError>,
}

impl Default for Judged {
    fn default() -> Self {
        Judged {
            output: Vec::new(),
            warnings: Vec::new(),
            cases: 0,
            disagreements: 0,
            outcome: Ok(()),
        }
    }
}

impl Judged {
    /// Judges the next case; says whether it went well (the cases after one that failed are
    /// not judged).
    fn add<G: Game>(
        &mut self,
        game: &G,
        number: usize,
        raw: Result<G::Raw, InputError>,
        views: &Views,
    ) -> bool {
        let mut note = |warning| self.warnings.push(warning);
        match one_case(game, number, raw, views, &mut self.output, &mut note) {
            Ok(disagrees) => {
                self.cases += 1;
                self.disagreements += usize::from(disagrees);
                true
            }
            Err(e) => {
                self.outcome = Err(e);
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Many small Hex boards, one bad near the end.
    fn boards(cases: usize, bad_at: Option<usize>) -> String {
        let mut text = format!("{cases}\n");
        for case in 1..=cases {
            let cell = if Some(case) == bad_at {
                'X'
            } else {
                ['R', 'B', '.'][case % 3]
            };
            text.push_str(&format!("2\n{cell}.\n.{cell}\n"));
        }
        text
    }

    fn judged(text: &str, jobs: usize) -> (Vec<u8>, Result<usize, String>) {
        let mut out = Vec::new();
        let game = crate::hex::Hex::CONTEST;
        let result = run_parallel(
            &game,
            text.as_bytes(),
            &mut out,
            &Views::default(),
            jobs,
            &mut |_| {},
        );
        (
            out,
            result
                .map(|summary| summary.cases)
                .map_err(|e| e.to_string()),
        )
    }

    #[test]
    fn the_pool_writes_what_one_thread_writes_in_the_same_order() {
        let text = boards(30_000, None);
        let (one, cases) = judged(&text, 1);
        assert_eq!(cases, Ok(30_000));
        assert_eq!(judged(&text, 2), (one.clone(), Ok(30_000)));
        assert_eq!(judged(&text, 3), (one, Ok(30_000)));
    }

    #[test]
    fn a_bad_case_among_many_batches_stops_the_run_after_every_answer_before_it() {
        let text = boards(30_000, Some(25_000));
        let (one, error) = judged(&text, 1);
        assert_eq!(one.iter().filter(|&&b| b == b'\n').count(), 24_999);
        assert!(error.unwrap_err().starts_with("case 25000"));
        assert_eq!(judged(&text, 2).0, one);
    }
}
