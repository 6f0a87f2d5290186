//! Judging an input case by case and writing every view of each: written once, for every
//! game, over [`Game`].
//!
//! A case's answer is written as soon as it is judged, so the cases before a bad one keep
//! their answers, and input is never held longer than one case ([`run`]), or a few batches
//! of cases a thread ([`run_parallel`], on the pool's threads). Without views only the
//! contest answer is computed ([`Game::verdict`]); with them the whole judgement. Many files
//! are judged side by side by [`judge_files`].
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::Hex;
//! use arbiter::run::{run, Views};
//!
//! let mut out = Vec::new();
//! let error = run(&Hex::CONTEST, "2\n1\nR\n1\nX\n".as_bytes(), &mut out, &Views::default(), &mut |_| {})
//!     .unwrap_err();
//! assert_eq!(out, b"Case #1: Red wins\n");
//! assert_eq!(error.to_string(), "case 2, line 5, column 1: expected 'R', 'B' or '.', found 'X'");
//! ```

use std::fmt;
use std::fs;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::game::{Game, Notation, Written};
use crate::input::Cut;
use crate::input::InputError;
use crate::render::Style;

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input is not in the game's formats (or could not be read).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

/// What a case's line is written as. A game record format writes each case as the game's
/// record ([`Game::write_record`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The contest's lines, exactly.
    #[default]
    Contest,
    /// One JSON object per case (JSON Lines).
    #[cfg(feature = "serde")]
    Json,
    /// Each case as an SGF game record, one after another: a collection.
    Sgf,
    /// Each case as a trmph link, one a line.
    Trmph,
}

impl crate::named::Named for Format {
    const ALL: &'static [Format] = &[
        Format::Contest,
        #[cfg(feature = "serde")]
        Format::Json,
        Format::Sgf,
        Format::Trmph,
    ];

    fn name(self) -> &'static str {
        match self {
            Format::Contest => "contest",
            #[cfg(feature = "serde")]
            Format::Json => "json",
            Format::Sgf => "sgf",
            Format::Trmph => "trmph",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Format::Contest => "The contest's lines, exactly",
            #[cfg(feature = "serde")]
            Format::Json => "One JSON object per case (JSON Lines)",
            Format::Sgf => "Each case as an SGF game record, one after another: a collection",
            Format::Trmph => "Each case as a trmph link, one a line",
        }
    }
}

impl Format {
    /// The game-record notation the format writes, if it writes records.
    pub const fn notation(self) -> Option<Notation> {
        match self {
            Format::Sgf => Some(Notation::Sgf),
            Format::Trmph => Some(Notation::Trmph),
            _ => None,
        }
    }
}

/// Which views of each case to write beside its answer.
#[derive(Clone, Debug, Default)]
pub struct Views {
    /// The contest line, a JSON record or a game record.
    pub format: Format,
    /// Explain each answer in words with a diagram (after the contest line, or as the
    /// `explanation` field of a JSON record).
    pub explain: bool,
    /// Draw each case as an SVG picture into this folder.
    pub pictures: Option<Folder>,
    /// Write each case back as a game record with its judgement into this folder.
    pub records: Option<Folder>,
    /// Whether the explanations are coloured.
    pub style: Style,
    /// The name of the input, given to each JSON record as its `file` field (when many files
    /// are judged together).
    pub file: Option<String>,
    /// The name the input's pictures and records are named after (`game` for `game.sgf`:
    /// `game.svg`, `game-2.svg`, ...), when many files are judged together; `None` names them
    /// by case number (`case-1.svg`).
    pub stem: Option<String>,
}

impl Views {
    /// Whether anything beyond the contest answer is asked for.
    fn needs_judgement(&self) -> bool {
        self.explain
            || self.format != Format::Contest
            || self.pictures.is_some()
            || self.records.is_some()
    }
}

/// Something worth telling the user that does not stop the run: a picture that could not be
/// written, a record that breaks a rule of its game.
#[derive(Debug)]
pub struct Warning {
    /// The case it concerns (from 1).
    pub case: usize,
    /// Whether the case is a game of a collection of records (said "game 3", not "case 3").
    pub game: bool,
    /// What happened.
    pub message: String,
    /// Whether something asked for was not done (a picture not written), which makes the
    /// run fail in the end; a note on the input (a recorded move that breaks the rules) does
    /// not.
    pub unfinished: bool,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.game { "game" } else { "case" };
        write!(f, "{unit} {}: {}", self.case, self.message)
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases judged.
    pub cases: usize,
    /// Cases whose answer disagrees with what the input claims ([`Game::disagrees`]).
    pub disagreements: usize,
}

/// Judges every case of `input` with `game` and writes each answer with the chosen `views`;
/// `warn` hears every [`Warning`] as it happens.
///
/// # Errors
/// The first input error (after the answers of all earlier cases are written) or output
/// error. A picture that cannot be written is a warning, not an error: the answers go on.
pub fn run<G: Game>(
    game: &G,
    input: impl BufRead,
    out: &mut impl Write,
    views: &Views,
    warn: &mut dyn FnMut(Warning),
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    for (number, raw) in (1..).zip(game.read(input)) {
        let disagrees = one_case(game, number, raw, views, out, warn)?;
        summary.cases += 1;
        summary.disagreements += usize::from(disagrees);
    }
    Ok(summary)
}

/// Prepares, judges and writes one case; says whether its answer disagrees with its input.
fn one_case<G: Game>(
    game: &G,
    number: usize,
    raw: Result<G::Raw, InputError>,
    views: &Views,
    out: &mut impl Write,
    warn: &mut dyn FnMut(Warning),
) -> Result<bool, RunError> {
    let case = raw
        .and_then(|raw| game.prepare(raw))
        .map_err(|e| e.in_case(number))?;
    for message in game.warnings(&case) {
        warn(Warning {
            case: number,
            game: game.is_game_record(&case),
            message,
            unfinished: false,
        });
    }
    let verdict = if views.needs_judgement() {
        write_views(game, number, &case, out, views, warn)?
    } else {
        let verdict = game.verdict(&case);
        game.write_line(out, number, &verdict)?;
        verdict
    };
    Ok(game.disagrees(&verdict))
}

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

/// An input file opened for reading; a folder is refused, and so is a file named `.sgf`
/// that holds no game tree where one could start (a record is read as one by its name).
///
/// # Errors
/// When the file cannot be opened, is a folder, or is named `.sgf` and holds no `(;`.
pub fn open_file(path: &Path) -> Result<fs::File, FileError> {
    let failed = |error| FileError::Open {
        path: path.to_path_buf(),
        error,
    };
    if path.is_dir() {
        let error = io::Error::new(io::ErrorKind::IsADirectory, "it is a folder");
        return Err(failed(error));
    }
    let named_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if named_sgf {
        use io::Read;
        let mut head = Vec::new();
        let file = fs::File::open(path).map_err(failed)?;
        file.take(1 << 18).read_to_end(&mut head).map_err(failed)?;
        if !crate::sgf::holds_game(&head) {
            let error = io::Error::new(
                io::ErrorKind::InvalidData,
                "named .sgf, it holds no SGF game tree: no '(;' in its first 256 KiB",
            );
            return Err(failed(error));
        }
    }
    fs::File::open(path).map_err(failed)
}

/// Why one input file of a run could not be judged to its end.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be opened.
    #[error("cannot open {}: {error}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// The run stopped in the file.
    #[error("{}: {error}", path.display())]
    Run {
        /// The file.
        path: PathBuf,
        /// Why.
        error: RunError,
    },
}

/// What became of one file of many ([`judge_files`]), once its output is written.
#[derive(Debug)]
pub struct FileDone {
    /// What it warned of, in order.
    pub warnings: Vec<Warning>,
    /// Why it stopped before its end, if it did (the answers before are written).
    pub failure: Option<FileError>,
    /// Whether it went to its end with nothing left undone and no answer disagreeing with its
    /// input ([`Game::disagrees`]).
    pub good: bool,
}

/// Judges many files, several at once on the pool's threads ([`crate::pool`]), each on one,
/// and writes their outputs in the order given, each led by its file's name: `name:` before
/// each contest line (as grep writes), a `file` field first in each JSON record, game
/// records as they are; or, given `outputs`, each file's output into a file of its own
/// there, named after it ([`Folder::whole`]). Pictures and records are named after their
/// files too ([`stems`]). A file that fails is reported and the others are still judged;
/// `done` hears of each file as its output is written.
///
/// # Errors
/// When the output cannot be written.
pub fn judge_files<G: Game>(
    game: &G,
    files: &[PathBuf],
    views: &Views,
    outputs: Option<&Folder>,
    out: &mut impl Write,
    done: &mut dyn FnMut(&Path, FileDone),
) -> Result<(), RunError> {
    use rayon::prelude::*;
    let threads = crate::pool::threads();
    let stems = stems(files);
    let named: Vec<(&PathBuf, &String)> = files.iter().zip(&stems).collect();
    // A few files a thread at a time: the outputs held at once stay bounded.
    for chunk in named.chunks(threads * 4) {
        let runs: Vec<(Vec<u8>, FileDone)> = chunk
            .par_iter()
            .map(|(file, stem)| judge_file(game, file, stem, views))
            .collect();
        for ((file, stem), (output, mut file_done)) in chunk.iter().zip(runs) {
            match outputs {
                Some(folder) => {
                    let path = folder.whole(stem);
                    if let Err(error) = fs::write(&path, &output) {
                        file_done.good = false;
                        file_done.failure.get_or_insert(FileError::Run {
                            path,
                            error: RunError::Output(error),
                        });
                    }
                }
                None => write_named(out, &file.display().to_string(), &output, views.format)?,
            }
            done(file, file_done);
        }
    }
    Ok(())
}

/// The names files' outputs are named after: each file's name without its extension
/// (`game` for `games/game.sgf`), or, where two files share that name, the whole path with
/// its separators as `_` (`a_game`, `b_game`).
///
/// # Examples
///
/// ```
/// use std::path::PathBuf;
///
/// let files = ["a/game.sgf", "b/game.sgf", "c/other.txt"].map(PathBuf::from);
/// assert_eq!(arbiter::run::stems(&files), ["a_game", "b_game", "other"]);
/// ```
pub fn stems(files: &[PathBuf]) -> Vec<String> {
    let stem = |file: &PathBuf| {
        file.file_stem()
            .map_or_else(|| "input".to_string(), |s| s.to_string_lossy().into_owned())
    };
    let short: Vec<String> = files.iter().map(stem).collect();
    files
        .iter()
        .zip(&short)
        .map(|(file, name)| {
            if short.iter().filter(|other| *other == name).count() == 1 {
                return name.clone();
            }
            let whole = file.with_extension("");
            let parts: Vec<String> = whole
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect();
            parts.join("_")
        })
        .collect()
}

/// Judges one file of many into memory: its output, and what became of it.
fn judge_file<G: Game>(game: &G, file: &Path, stem: &str, views: &Views) -> (Vec<u8>, FileDone) {
    let mut output = Vec::new();
    let mut warnings = Vec::new();
    let mut unfinished = false;
    let views = Views {
        file: Some(file.display().to_string()),
        stem: Some(stem.to_string()),
        ..views.clone()
    };
    let result = open_file(file).and_then(|input| {
        let input = io::BufReader::with_capacity(1 << 18, input);
        let mut warn = |warning: Warning| {
            unfinished |= warning.unfinished;
            warnings.push(warning);
        };
        run(game, input, &mut output, &views, &mut warn).map_err(|error| FileError::Run {
            path: file.to_path_buf(),
            error,
        })
    });
    let (good, failure) = match result {
        Ok(summary) => (!unfinished && summary.disagreements == 0, None),
        Err(failure) => (false, Some(failure)),
    };
    let file_done = FileDone {
        warnings,
        failure,
        good,
    };
    (output, file_done)
}

/// Writes one file's output with its name before each contest line; JSON records name it
/// themselves and game records go unchanged.
fn write_named(out: &mut impl Write, name: &str, output: &[u8], format: Format) -> io::Result<()> {
    if format != Format::Contest {
        return out.write_all(output);
    }
    for line in output.split_inclusive(|&b| b == b'\n') {
        write!(out, "{name}:")?;
        out.write_all(line)?;
    }
    Ok(())
}

/// Judges one case and writes the views of it; returns its verdict.
fn write_views<G: Game>(
    game: &G,
    number: usize,
    case: &G::Case,
    out: &mut impl Write,
    views: &Views,
    warn: &mut dyn FnMut(Warning),
) -> io::Result<G::Verdict> {
    let judgement = game.judge(case);
    let verdict = game.verdict_of(&judgement);
    let record_case = game.is_game_record(case);
    match views.format {
        Format::Contest => {
            game.write_line(out, number, &verdict)?;
            if views.explain {
                game.explain(case, &judgement, views.style, out)?;
                writeln!(out)?;
            }
        }
        #[cfg(feature = "serde")]
        Format::Json => write_json(game, number, case, (&verdict, &judgement), views, out)?,
        Format::Sgf | Format::Trmph => {
            let notation = views.format.notation().expect("a record format");
            let mut record = Vec::new();
            match game.write_record(case, &judgement, notation, &mut record) {
                Ok(Written::Record) => out.write_all(&record)?,
                Ok(Written::Nothing(why)) => warn(Warning {
                    case: number,
                    game: record_case,
                    message: format!("no {notation} record: {why}"),
                    unfinished: false,
                }),
                Err(error) if error.kind() == io::ErrorKind::Unsupported => warn(Warning {
                    case: number,
                    game: record_case,
                    message: format!("no {notation} record: {error}"),
                    unfinished: true,
                }),
                Err(error) => return Err(error),
            }
        }
    }
    if let Some(pictures) = &views.pictures {
        let path = pictures.path(number, views.stem.as_deref());
        let drawn = write_file(&path, |out| game.draw(case, &judgement, out));
        if let Err(error) = drawn {
            warn(Warning {
                case: number,
                game: record_case,
                message: format!("cannot write the picture {}: {error}", path.display()),
                unfinished: true,
            });
        }
    }
    if let Some(records) = &views.records {
        let path = records.path(number, views.stem.as_deref());
        let mut nothing = None;
        let written = write_file(&path, |out| {
            match game.write_record(case, &judgement, Notation::Sgf, out)? {
                Written::Record => {}
                Written::Nothing(why) => nothing = Some(why),
            }
            Ok(())
        });
        match (written, nothing) {
            (Err(error), _) => warn(Warning {
                case: number,
                game: record_case,
                message: format!("cannot write the record {}: {error}", path.display()),
                unfinished: true,
            }),
            // Nothing to write, as `--format sgf` says (an Impossible board has no game).
            (Ok(()), Some(why)) => warn(Warning {
                case: number,
                game: record_case,
                message: format!("no record {}: {why}", path.display()),
                unfinished: false,
            }),
            (Ok(()), None) => {}
        }
    }
    Ok(verdict)
}

/// Writes a file with `write`. The file is made when the first bytes come, so that a view
/// refused before it starts (a board too big to draw) leaves no file behind.
fn write_file(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let mut file = BufWriter::new(LazyFile { path, file: None });
    write(&mut file)?;
    file.flush()
}

/// A file made on its first write.
struct LazyFile<'p> {
    path: &'p Path,
    file: Option<fs::File>,
}

impl Write for LazyFile<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(fs::File::create(self.path)?),
        };
        file.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), Write::flush)
    }
}

/// One case's JSON record: the game, the case number, the answer's words, then the
/// judgement's own fields.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct Record<'a, V: fmt::Display, J> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    game: &'static str,
    case: usize,
    #[serde(serialize_with = "as_text")]
    verdict: &'a V,
    #[serde(flatten)]
    judgement: &'a J,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
}

#[cfg(feature = "serde")]
fn as_text<S: serde::Serializer>(value: &impl fmt::Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Judges one case and makes its JSON record as a value: what `--format json` writes for it
/// (its input file's name when given, as for one file of many, the game, the case number, the
/// answer's words, the judgement's fields and, with `explain`, the explanation, without
/// colour); the judgement too, for other views of it.
///
/// # Errors
/// When the judgement cannot be written as JSON.
#[cfg(feature = "serde")]
pub fn judged_record<G: Game>(
    game: &G,
    file: Option<&str>,
    number: usize,
    case: &G::Case,
    explain: bool,
) -> serde_json::Result<(serde_json::Value, G::Judgement)> {
    let judgement = game.judge(case);
    let verdict = game.verdict_of(&judgement);
    let explanation = explain.then(|| {
        let mut text = Vec::new();
        // Writing into memory cannot fail.
        let _ = game.explain(case, &judgement, Style { color: false }, &mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let record = serde_json::to_value(Record {
        file,
        game: G::NAME,
        case: number,
        verdict: &verdict,
        judgement: &judgement,
        explanation,
    })?;
    Ok((record, judgement))
}

/// Writes one case's JSON record and a newline, streamed to `out`.
#[cfg(feature = "serde")]
fn write_json<G: Game>(
    game: &G,
    number: usize,
    case: &G::Case,
    (verdict, judgement): (&G::Verdict, &G::Judgement),
    views: &Views,
    out: &mut impl Write,
) -> io::Result<()> {
    let explanation = if views.explain {
        let mut text = Vec::new();
        game.explain(case, judgement, views.style, &mut text)?;
        Some(String::from_utf8_lossy(&text).into_owned())
    } else {
        None
    };
    let record = Record {
        file: views.file.as_deref(),
        game: G::NAME,
        case: number,
        verdict,
        judgement,
        explanation,
    };
    serde_json::to_writer(&mut *out, &record).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// A folder that a view writes one file a case into: `case-1.svg`, `case-2.svg`, ...
#[derive(Clone, Debug)]
pub struct Folder {
    dir: PathBuf,
    extension: &'static str,
}

/// Why a view cannot write into a folder.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {what} into {}: {error}", dir.display())]
pub struct FolderError {
    /// What was to be written there ("pictures", "records").
    pub what: &'static str,
    /// The folder.
    pub dir: PathBuf,
    /// What went wrong.
    pub error: io::Error,
}

impl Folder {
    /// Makes `dir` ready for a run's files named `case-N.<extension>` before anything is
    /// judged: creates it if need be, checks that a file can be written there, and removes
    /// the files of an earlier run (`case-N.<extension>`, and nothing else), so that none is
    /// left mixed in with the new ones. `what` names the files in errors. Returns how many
    /// old files it removed.
    ///
    /// # Errors
    /// When `dir` is not a folder, cannot be made, or cannot be written to.
    pub fn prepare(
        dir: &Path,
        extension: &'static str,
        what: &'static str,
    ) -> Result<(Folder, usize), FolderError> {
        let failed = |error| FolderError {
            what,
            dir: dir.to_path_buf(),
            error,
        };
        if dir.exists() && !dir.is_dir() {
            let error = io::Error::new(io::ErrorKind::NotADirectory, "it is not a folder");
            return Err(failed(error));
        }
        fs::create_dir_all(dir).map_err(failed)?;
        let probe = dir.join(".arbiter-probe");
        fs::write(&probe, b"").map_err(failed)?;
        let _ = fs::remove_file(&probe);
        let mut removed = 0;
        for entry in fs::read_dir(dir).map_err(failed)? {
            let path = entry.map_err(failed)?.path();
            if is_case_file(&path, extension) && path.is_file() {
                fs::remove_file(&path).map_err(failed)?;
                removed += 1;
            }
        }
        let folder = Folder {
            dir: dir.to_path_buf(),
            extension,
        };
        Ok((folder, removed))
    }

    /// The path of case `number`'s file: `case-N.<extension>`, or, named after its input
    /// file's `stem`, `stem.<extension>` for the first case and `stem-N.<extension>` after.
    pub fn path(&self, number: usize, stem: Option<&str>) -> PathBuf {
        let name = match stem {
            None => format!("case-{number}"),
            Some(stem) if number == 1 => stem.to_string(),
            Some(stem) => format!("{stem}-{number}"),
        };
        self.dir.join(format!("{name}.{}", self.extension))
    }

    /// The path of a whole input's output, named after its file's `stem`.
    pub fn whole(&self, stem: &str) -> PathBuf {
        self.dir.join(format!("{stem}.{}", self.extension))
    }
}

/// Whether a file is named as [`Folder`] names them: `case-N.<extension>`.
fn is_case_file(path: &Path, extension: &str) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.strip_prefix("case-")
        .and_then(|rest| rest.strip_suffix(extension))
        .and_then(|rest| rest.strip_suffix('.'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
