//! What every game command takes ([`Judging`]: the input files and the views) and how it
//! judges them, written once for every game as a [`Visit`]: one file (or standard input) on
//! every core with [`run::run_parallel`], or many files side by side with
//! [`run::judge_files`], a progress bar on standard error for long runs.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use super::failure::{Failure, usage};
use arbiter::game::Game;
use arbiter::registry::{Judge, Visit};
use arbiter::render::Style;
use arbiter::run::{self, Folder, Format, Views, Warning};

use super::ByName;

/// What every game command takes: the input and the views.
#[derive(clap::Args)]
pub(super) struct Judging {
    /// The input files; standard input when none or "-". With more than one, they are judged
    /// in parallel and each output line starts with its file's name and a colon, as grep
    /// writes (a JSON record gets a "file" field instead; records written by --format sgf
    /// or trmph follow one another unchanged).
    files: Vec<PathBuf>,
    /// No progress bar (one is drawn on standard error for long runs, only when it is a
    /// terminal).
    #[arg(long, short)]
    quiet: bool,
    /// After each verdict, say why in plain words and draw the board (with --format json,
    /// as each record's "explanation").
    #[arg(long)]
    explain: bool,
    /// The output: the contest's lines, one JSON object per case (JSON Lines), or each case
    /// as a game record: sgf (hex: a legal game reaching each board that is not Impossible,
    /// or the record itself normalised; go: the record with its count) or trmph (hex).
    #[arg(long, value_parser = ByName::<Format>::new(), default_value = "contest")]
    format: Format,
    /// Also draw each case as an SVG picture named after its input file: DIR/game.svg for the
    /// first case of game.sgf, DIR/game-2.svg for its second, ...; from standard input
    /// DIR/case-1.svg, DIR/case-2.svg, ... (pictures of an earlier run named so are removed
    /// first).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Write each input file's output (in the --format chosen) to a file of its own in DIR,
    /// named after it, in place of standard output: game.sgf gives DIR/game.sgf with
    /// --format sgf, DIR/game.trmph, DIR/game.jsonl or DIR/game.txt with the others
    /// (standard input gives DIR/stdin.EXT).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Colour the explanations: auto (when writing to a terminal and NO_COLOR is not set),
    /// always, or never.
    #[arg(long, value_enum, default_value_t = clap::ColorChoice::Auto)]
    color: clap::ColorChoice,
    /// Judge on this many threads (default: one per core); the output is the same.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

impl Judging {
    /// The threads to judge on: `--jobs`, or one per core.
    pub(super) fn jobs(&self) -> usize {
        self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        )
    }

    /// Judges the input with `judge` and writes every view asked for; `records` is the
    /// folder for game records (`--sgf-out`). `Ok(false)` when something asked for was not
    /// done (a picture not written) or an answer disagrees with its input (`--check`).
    pub(super) fn judge(
        &self,
        judge: &Judge,
        records: Option<&Path>,
        out: &mut impl Write,
    ) -> Result<bool, Failure> {
        // rayon's pool, sized once: every thread a run uses comes from it.
        arbiter::pool::set_threads(self.jobs());
        if matches!(judge, Judge::HexSolver(_) | Judge::GoReview(_)) {
            // A position (or a game's review) may take minutes: each answer is written as soon as it is found,
            // with a spinner on a terminal meanwhile.
            let progress = Progress::of_solving(self);
            let watching = match judge {
                Judge::HexSolver(analysis) => {
                    Some(SolverWatch::start(&progress.bar, analysis.settings.budget))
                }
                _ => None,
            };
            let mut out = AsItComes {
                out,
                bar: &progress.bar,
            };
            let result = judge.visit(JudgeInputs {
                judging: self,
                records,
                out: &mut out,
            });
            drop(watching);
            progress.bar.finish_and_clear();
            return result;
        }
        judge.visit(JudgeInputs {
            judging: self,
            records,
            out,
        })
    }

    fn style(&self) -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: match self.color {
                clap::ColorChoice::Always => true,
                clap::ColorChoice::Never => false,
                clap::ColorChoice::Auto => !no_color && io::stdout().is_terminal(),
            },
        }
    }

    /// The views asked for, with their folders made ready before anything is judged. A
    /// record format the game does not write, or explanations mixed into records, is a usage
    /// error.
    fn views<G: Game>(&self, records: Option<&Path>) -> Result<Views, Failure> {
        if let Some(notation) = self.format.notation() {
            if !G::NOTATIONS.contains(&notation) {
                let message = format!("{} writes no {notation} records", G::NAME);
                return Err(usage(
                    G::NAME,
                    clap::error::ErrorKind::InvalidValue,
                    message,
                ));
            }
            if self.explain {
                let message = "--explain would break the records of --format sgf or trmph; \
                               use --format json --explain";
                return Err(usage(
                    G::NAME,
                    clap::error::ErrorKind::ArgumentConflict,
                    message,
                ));
            }
        }
        Ok(Views {
            format: self.format,
            explain: self.explain,
            pictures: folder(self.svg.as_deref(), "svg", "pictures")?,
            records: folder(records, "sgf", "records")?,
            style: self.style(),
            file: None,
            stem: None,
        })
    }

    /// Refuses to write a record (`--sgf-out`) over an input file: `game.sgf` with
    /// `--sgf-out` its own folder would be written over.
    fn check_records<G: Game>(&self, views: &Views) -> Result<(), Failure> {
        let Some(records) = &views.records else {
            return Ok(());
        };
        let inputs: Vec<PathBuf> = self
            .files
            .iter()
            .filter(|f| f.as_os_str() != "-")
            .cloned()
            .collect();
        for (file, stem) in inputs.iter().zip(run::stems(&inputs)) {
            let written = records.path(1, Some(&stem));
            if same_file(file, &written) {
                let message = format!(
                    "--sgf-out: the record {} would overwrite its input",
                    written.display()
                );
                return Err(usage(
                    G::NAME,
                    clap::error::ErrorKind::ArgumentConflict,
                    message,
                ));
            }
        }
        Ok(())
    }

    /// The folder `--out` writes each input's output into, made ready; the output files
    /// must not be input files.
    fn outputs<G: Game>(&self) -> Result<Option<Folder>, Failure> {
        let Some(dir) = self.out.as_deref() else {
            return Ok(None);
        };
        let extension = match self.format {
            Format::Contest => "txt",
            Format::Json => "jsonl",
            Format::Sgf => "sgf",
            Format::Trmph => "trmph",
        };
        let (folder, _) = Folder::prepare(dir, extension, "outputs")?;
        let inputs: Vec<PathBuf> = if self.files.is_empty() {
            Vec::new()
        } else {
            self.files.clone()
        };
        for (file, stem) in inputs.iter().zip(run::stems(&inputs)) {
            let written = folder.whole(&stem);
            if same_file(file, &written) {
                let message = format!(
                    "--out {}: the output {} would overwrite its input",
                    dir.display(),
                    written.display()
                );
                return Err(usage(
                    G::NAME,
                    clap::error::ErrorKind::ArgumentConflict,
                    message,
                ));
            }
        }
        Ok(Some(folder))
    }

    /// The one input named (`None` for standard input, also named "-").
    fn input(&self) -> Option<&Path> {
        self.files
            .first()
            .map(PathBuf::as_path)
            .filter(|path| path.as_os_str() != "-")
    }
}

/// Whether two paths name one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A view's folder made ready, saying how many files of an earlier run it removed.
fn folder(
    dir: Option<&Path>,
    extension: &'static str,
    what: &'static str,
) -> Result<Option<Folder>, Failure> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let (folder, removed) = Folder::prepare(dir, extension, what)?;
    if removed > 0 {
        let what = if removed == 1 {
            &what[..what.len() - 1]
        } else {
            what
        };
        eprintln!(
            "arbiter: removed {removed} {what} of an earlier run from {}",
            dir.display()
        );
    }
    Ok(Some(folder))
}

/// Judging the command's inputs with the game inside a [`Judge`].
struct JudgeInputs<'a, W> {
    judging: &'a Judging,
    records: Option<&'a Path>,
    out: &'a mut W,
}

impl<W: Write> Visit for JudgeInputs<'_, W> {
    type Output = Result<bool, Failure>;

    fn visit<G: Game>(self, game: &G) -> Result<bool, Failure> {
        if self.judging.files.len() > 1 {
            return judge_many(game, self.judging, self.records, self.out);
        }
        judge_input(game, self.judging, self.records, self.out)
    }
}

/// Judges one input, a file or standard input, on every thread asked for.
fn judge_input<G: Game>(
    game: &G,
    judging: &Judging,
    records: Option<&Path>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let mut views = judging.views::<G>(records)?;
    judging.check_records::<G>(&views)?;
    let file = judging.input();
    // Pictures and records of a named file are named after it, as with many files; those of
    // standard input by case number.
    views.stem = file.map(|f| run::stems(&[f.to_path_buf()])[0].clone());
    if let Some(outputs) = judging.outputs::<G>()? {
        let stem = file.map_or_else(
            || "stdin".to_string(),
            |f| run::stems(&[f.to_path_buf()])[0].clone(),
        );
        let path = outputs.whole(&stem);
        let created = std::fs::File::create(&path).map_err(|error| run::FileError::Run {
            path: path.clone(),
            error: run::RunError::Output(error),
        })?;
        let mut written = io::BufWriter::new(created);
        let good = judge_one(game, judging, views, file, &mut written)?;
        written.flush().map_err(|error| run::FileError::Run {
            path,
            error: run::RunError::Output(error),
        })?;
        return Ok(good);
    }
    judge_one(game, judging, views, file, out)
}

/// Judges one input into `out`.
fn judge_one<G: Game>(
    game: &G,
    judging: &Judging,
    views: Views,
    file: Option<&Path>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let source: Box<dyn Read + Send> = match file {
        Some(path) => Box::new(run::open_file(path)?),
        None => Box::new(io::stdin()),
    };
    let progress = Progress::of_file(judging, file);
    // The buffer is the outer layer, so that the readers' per-token calls (`fill_buf`,
    // `consume`) are plain inlined code; only the refills go through the trait object.
    let input = io::BufReader::with_capacity(1 << 18, progress.bar.wrap_read(source));
    let mut unfinished = false;
    let named = file
        .map(|f| format!("{}: ", f.display()))
        .unwrap_or_default();
    let mut warn = |warning: Warning| {
        unfinished |= warning.unfinished;
        progress
            .bar
            .suspend(|| eprintln!("arbiter: {named}warning: {warning}"));
    };
    // A file smaller than a batch is judged by one thread anyway: this one, without starting
    // others.
    let small = file
        .and_then(|f| std::fs::metadata(f).ok())
        .is_some_and(|meta| meta.is_file() && meta.len() < run::BATCH_WEIGHT as u64);
    let jobs = if small { 1 } else { judging.jobs() };
    let result = run::run_parallel(game, input, out, &views, jobs, &mut warn);
    progress.bar.finish_and_clear();
    match (result, file) {
        (Ok(summary), _) => Ok(!unfinished && summary.disagreements == 0),
        (Err(error), None) => Err(error.into()),
        (Err(error), Some(path)) => Err(run::FileError::Run {
            path: path.to_path_buf(),
            error,
        }
        .into()),
    }
}

/// Judges many files side by side, their outputs in the order given; a file that fails is
/// reported and the others are still judged. `Ok(false)` when any file failed, warned of
/// something undone or disagreed.
fn judge_many<G: Game>(
    game: &G,
    judging: &Judging,
    records: Option<&Path>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let views = judging.views::<G>(records)?;
    judging.check_records::<G>(&views)?;
    let outputs = judging.outputs::<G>()?;
    let progress = Progress::of_files(judging, judging.files.len());
    let mut all_good = true;
    let files = &judging.files;
    run::judge_files(
        game,
        files,
        &views,
        outputs.as_ref(),
        out,
        &mut |file, done| {
            progress.bar.suspend(|| {
                for warning in &done.warnings {
                    eprintln!("arbiter: {}: warning: {warning}", file.display());
                }
                if let Some(failure) = &done.failure {
                    eprintln!("arbiter: {failure}");
                }
            });
            all_good &= done.good;
            progress.bar.inc(1);
        },
    )?;
    progress.bar.finish_and_clear();
    Ok(all_good)
}

/// Output written through at once, line by line, around a spinner that counts the answers.
struct AsItComes<'a, W> {
    out: &'a mut W,
    bar: &'a indicatif::ProgressBar,
}

impl<W: Write> Write for AsItComes<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let lines = bytes.iter().filter(|&&b| b == b'\n').count();
        self.bar.suspend(|| {
            self.out.write_all(bytes)?;
            if lines > 0 {
                self.out.flush()?;
            }
            Ok::<(), io::Error>(())
        })?;
        self.bar.inc(lines as u64);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A progress bar on standard error, drawn only when it is a terminal, the run is long
/// enough to want one and `--quiet` is not given; otherwise hidden, at no cost.
struct Progress {
    bar: indicatif::ProgressBar,
}

impl Progress {
    /// Bytes below which a single file is judged too fast to need a bar.
    const LONG_FILE: u64 = 8 << 20;
    /// Files from which a run of many gets a bar.
    const MANY_FILES: usize = 20;

    fn new(judging: &Judging, length: u64, long: bool, template: &str) -> Self {
        let shown = long && !judging.quiet && io::stderr().is_terminal();
        let bar = if shown {
            let bar = indicatif::ProgressBar::new(length);
            let style = indicatif::ProgressStyle::with_template(template)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("=> ");
            bar.set_style(style);
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        Progress { bar }
    }

    /// A bar over the bytes of one input file (none for standard input).
    fn of_file(judging: &Judging, file: Option<&Path>) -> Self {
        let length = file
            .and_then(|f| std::fs::metadata(f).ok())
            .map_or(0, |meta| meta.len());
        let template = "{spinner} [{bar:40}] {bytes}/{total_bytes} {elapsed} (ETA {eta})";
        Self::new(judging, length, length >= Self::LONG_FILE, template)
    }

    /// A spinner while positions are solved: the time, the lines answered, and how far the
    /// solver is with its position.
    fn of_solving(judging: &Judging) -> Self {
        let template = "{spinner} solving {elapsed}: {pos} lines answered{msg}";
        let progress = Self::new(judging, 0, true, template);
        progress
            .bar
            .enable_steady_tick(std::time::Duration::from_millis(200));
        progress
    }

    /// A bar over many files.
    fn of_files(judging: &Judging, files: usize) -> Self {
        let template = "{spinner} [{bar:40}] {pos}/{len} files {elapsed} (ETA {eta})";
        Self::new(judging, files as u64, files >= Self::MANY_FILES, template)
    }
}

/// A thread that writes how far the Hex solver is into the spinner's message, four times a
/// second, until dropped; none when the spinner is hidden.
struct SolverWatch {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SolverWatch {
    fn start(bar: &indicatif::ProgressBar, budget: Option<std::time::Duration>) -> Self {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let thread = (!bar.is_hidden()).then(|| {
            let (bar, stop) = (bar.clone(), std::sync::Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    bar.set_message(solver_words(arbiter::hex::solve::progress(), budget));
                    std::thread::sleep(std::time::Duration::from_millis(250));
                }
            })
        });
        SolverWatch { stop, thread }
    }
}

impl Drop for SolverWatch {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// How far the solver is, as the spinner says it after its lines: the positions searched,
/// the root moves proved and refuted, and the budget left.
fn solver_words(
    progress: arbiter::hex::solve::Progress,
    budget: Option<std::time::Duration>,
) -> String {
    let positions = match progress.positions {
        n if n >= 1_000_000 => format!("{:.1}M", n as f64 / 1e6),
        n if n >= 1_000 => format!("{}k", n / 1_000),
        n => n.to_string(),
    };
    let mut words = format!("; this position: {positions} positions searched");
    if progress.moves > 0 {
        let open = progress
            .moves
            .saturating_sub(progress.winning + progress.losing);
        words += &format!(
            ", {} winning moves, {} losing, {open} open",
            progress.winning, progress.losing
        );
    }
    if let Some(budget) = budget {
        let left = budget.saturating_sub(progress.elapsed);
        words += &format!(", {} s of its {} s left", left.as_secs(), budget.as_secs());
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solver_s_progress_is_said_in_a_few_words() {
        let progress = arbiter::hex::solve::Progress {
            positions: 1_234_567,
            moves: 25,
            winning: 2,
            losing: 13,
            elapsed: std::time::Duration::from_secs(12),
        };
        assert_eq!(
            solver_words(progress, Some(std::time::Duration::from_secs(60))),
            "; this position: 1.2M positions searched, 2 winning moves, 13 losing, 10 open, 48 s of its 60 s left"
        );
        let one_proof = arbiter::hex::solve::Progress {
            moves: 0,
            positions: 900,
            ..progress
        };
        assert_eq!(
            solver_words(one_proof, None),
            "; this position: 900 positions searched"
        );
    }
}
