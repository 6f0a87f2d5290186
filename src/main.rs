//! The `arbiter` command line: parses the arguments and hands them to the library.
//!
//! Every game subcommand goes through [`judge`], written once over [`Game`]; `gen` and
//! `validate` go through the list of games, [`arbiter::game::GAMES`].

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter::game::{self, AnyGame, Notation};
use arbiter::render::Style;
use arbiter::run::{self, Folder, Format, RunError, Views};
use arbiter::{Game, cheesy, gioco, go, hex};
use clap::{CommandFactory, Parser, Subcommand};

// The readers of game records allocate a little for every property they read (sgf-parse's
// strings); mimalloc makes each of those allocations several times cheaper than glibc's.
// Its v2 line, not the crate's default v3: v3 reserves a 1 GiB arena at the first allocation
// and asks for huge pages on it, so the first touches zero two 2 MiB pages before `main` and
// more for every thread; with v2 a run starts 0.3-0.6 ms sooner (`--version` 1.60 against
// 1.85 ms, fastest of 101 in turn) and no case, big board or solver search was slower.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Adjudicates board-game positions exactly, in the original contest formats.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Hex judge: contest boards and game records (HexGui SGF, trmph).
    ///
    /// Input, told apart by content: the Code Jam APAC 2014 format (T, then T cases of N and N
    /// rows of 'R', 'B', '.'), one line "Case #x: verdict" per case, the verdict "Impossible",
    /// "Red wins", "Blue wins" or "Nobody wins"; or game records, HexGui SGF (when the first
    /// non-blank byte is '(') or trmph links one per line (https://trmph.com/hex/board#11,a1b2
    /// or 11,a1b2), one line per game: "Red wins", "Blue wins" or "Nobody wins" on its final
    /// board. Cells are named as Hex players name them: a1 is the top-left corner, columns
    /// a, b, ... from the left, rows 1, 2, ... from the top. Red (SGF's B) joins top and bottom.
    Hex {
        #[command(flatten)]
        judging: Judging,
        /// Compare each record's RE with its play (mapping the players through a swap of
        /// sides): write only the games that differ, and exit with 1 if any do.
        #[arg(long, conflicts_with = "solve")]
        check: bool,
        /// Solve each position (a board, or a record's final position) with perfect play:
        /// "Red to move: Red wins with c3 d2", "Blue to move: Red wins", or "unknown" when the
        /// budget runs out (exit status 1).
        #[arg(long)]
        solve: bool,
        /// With --solve: the side to move (default: a record's next player; for a board the
        /// side with fewer stones, Red when equal).
        #[arg(long, value_enum, requires = "solve")]
        to_move: Option<SideChoice>,
        /// With --solve, on records: the winner after every move, and the first move that
        /// turned a won position into a lost one.
        #[arg(long, requires = "solve")]
        moves: bool,
        /// With --solve: give up on a position after this many seconds (its line says
        /// "unknown", with what was proved).
        #[arg(long, requires = "solve", value_name = "SECONDS", value_parser = seconds)]
        budget: Option<std::time::Duration>,
        /// With --solve: the transposition table's size in megabytes, for each thread (a
        /// position's moves are solved on --jobs threads, each with a table of its own).
        #[arg(long, requires = "solve", value_name = "MB", default_value_t = hex::solve::DEFAULT_MEGABYTES as u32, value_parser = clap::value_parser!(u32).range(1..=65536))]
        memory: u32,
    },
    /// Il Gioco dell'X: for each full board, "B" if Black joins top and bottom, else "W".
    ///
    /// Input (UVa 260 format): cases of N and N rows of 'b', 'w', ended by a line "0".
    /// Output: one line "<case> B" or "<case> W" per case.
    Gioco(Judging),
    /// Go scoring: contest positions and SGF game records.
    ///
    /// Input: SGF records (when the first non-blank byte is '('), one result per game, or the
    /// Stanford Local 2007 contest format: cases of "n b w", b black and w white "r c" pairs
    /// (1-based), ended by a line "0". Output: for contest input by the contest's rule,
    /// "Black wins by D", "White wins by D" or "Draw"; under a rule set, the result as SGF's
    /// RE writes it: "B+3.5", "W+12" or "0".
    Go {
        #[command(flatten)]
        judging: Judging,
        /// What counts: contest (territory against territory; the default for contest
        /// input) or a rule set (the default for records: the record's RU, else japanese).
        #[arg(long, value_enum)]
        rules: Option<GoRules>,
        /// Points given to White, e.g. 6.5 or 7 (default: the record's KM, else 0).
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<go::Komi>,
        /// Where dead stones come from: the final node's TB/TW markup, arbiter's estimate,
        /// or none (default for records: markup when the final node has it, else estimate;
        /// for contest positions: none).
        #[arg(long, value_enum)]
        dead: Option<DeadChoice>,
        /// Points whose chains are dead, as Go programs name them: --dead-at Q16,R17.
        #[arg(long, value_delimiter = ',', value_name = "POINTS")]
        dead_at: Vec<String>,
        /// Compare each record's RE with the count: write only the games that differ (with
        /// both results and what the count rests on), and exit with 1 if any do.
        #[arg(long)]
        check: bool,
        /// Also write each game back as SGF with the count in it (TB/TW with the dead
        /// stones' points, as KGS writes them, and RE): DIR/case-1.sgf, ...
        #[arg(long, value_name = "DIR")]
        sgf_out: Option<PathBuf>,
    },
    /// Cheesy Chess: for each case, "White" if the king wins with best play, else "Black".
    ///
    /// Input (BAPC 2006 format): the number of cases; each case is the board's rows from the
    /// top ('F' forbidden, 'D' dangerous, '.' open; 8 x 8 in the contest, any size from 1 to
    /// 256 each way here), then "xK yK" and "xP yP" (column from the left, row from below).
    Cheesy(Judging),
    /// Writes a seeded random input file in a game's contest format (same arguments, same
    /// bytes).
    #[command(long_about = gen_about())]
    Gen {
        /// The game.
        #[arg(value_parser = game_names())]
        game: String,
        /// How many cases.
        #[arg(long, default_value_t = 10)]
        cases: usize,
        /// The board side (default: the game's own; see above).
        #[arg(long)]
        size: Option<usize>,
        /// The seed of the random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The kind of case (see above); every kind in turn when absent.
        #[arg(long)]
        mode: Option<String>,
    },
    /// Checks an input file against the original problem's exact format and official limits,
    /// listing every violation with its case and line; exits with 0 only for a valid file.
    Validate {
        /// The game.
        #[arg(value_parser = game_names())]
        game: String,
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
    },
    /// Serves the local web board: a page per game where a position is set up by clicking or
    /// pasted, judged and drawn with its evidence, and the HTTP API the pages use
    /// (POST /api/GAME/judge). Prints the address, serves until interrupted.
    Serve {
        /// The port; 0 picks a free one.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on: this computer only by default; 0.0.0.0 would open the
        /// board to the network.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
    },
}

/// `arbiter serve`: runs the web board until interrupted.
fn serve(host: std::net::IpAddr, port: u16) -> Result<bool, Failure> {
    let failed = |error: io::Error| Failure::Run {
        file: None,
        error: RunError::Output(error),
    };
    let runtime = tokio::runtime::Runtime::new().map_err(failed)?;
    let address = std::net::SocketAddr::new(host, port);
    runtime
        .block_on(arbiter::serve::serve(address, |bound| {
            println!("arbiter: the web board is at http://{bound}/ (Ctrl-C stops it)");
            let _ = io::stdout().flush();
        }))
        .map_err(failed)?;
    Ok(true)
}

/// `arbiter gen --help`: every game's modes, sizes and default size, from the generators.
fn gen_about() -> String {
    let mut about = String::from(
        "Writes a seeded random input file in a game's contest format (same arguments, same \
         bytes). Without --mode every mode is used in turn.\n",
    );
    for game in game::GAMES {
        let sizes = game.sizes();
        about.push_str(&format!(
            "\n{}: modes {}; sizes {}..={}, default {}",
            game.name(),
            game.modes().join(", "),
            sizes.start(),
            sizes.end(),
            game.default_size()
        ));
    }
    about
}

/// The names of every game, for clap.
fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(game::GAMES.map(|game| game.name()))
}

/// What every game subcommand takes: the input and the views.
#[derive(clap::Args)]
struct Judging {
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
    #[arg(long, value_enum, default_value_t = FormatChoice::Contest)]
    format: FormatChoice,
    /// Also draw each case as an SVG picture, DIR/case-1.svg, DIR/case-2.svg, ... (pictures
    /// of an earlier run there are removed first).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Colour the explanations: auto (when writing to a terminal and NO_COLOR is not set),
    /// always, or never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Judge on this many threads (default: one per core); the output is the same.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FormatChoice {
    Contest,
    Json,
    Sgf,
    Trmph,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SideChoice {
    Red,
    Blue,
}

/// A number of seconds, whole or not, as a duration.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    std::time::Duration::try_from_secs_f64(value)
        .map_err(|_| format!("{text:?} is not a number of seconds from 0 up"))
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// What `arbiter go` counts by.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GoRules {
    /// The contest's output: territory against territory, no komi.
    Contest,
    /// Japanese rules: territory and prisoners, no territory in seki.
    #[value(alias = "territory")]
    Japanese,
    /// Korean rules: as Japanese.
    Korean,
    /// Chinese rules: stones and territory, handicap compensation.
    #[value(alias = "area")]
    Chinese,
    /// The AGA's: area counting, handicap compensation less one, superko.
    Aga,
    /// New Zealand rules: area counting, suicide allowed, superko.
    NewZealand,
    /// Tromp-Taylor: the board as it stands, positional superko.
    TrompTaylor,
}

impl GoRules {
    fn choice(self) -> go::Choice {
        use go::rules::RuleSet;
        match self {
            GoRules::Contest => go::Choice::Contest,
            GoRules::Japanese => go::Choice::Rules(RuleSet::Japanese),
            GoRules::Korean => go::Choice::Rules(RuleSet::Korean),
            GoRules::Chinese => go::Choice::Rules(RuleSet::Chinese),
            GoRules::Aga => go::Choice::Rules(RuleSet::Aga),
            GoRules::NewZealand => go::Choice::Rules(RuleSet::NewZealand),
            GoRules::TrompTaylor => go::Choice::Rules(RuleSet::TrompTaylor),
        }
    }
}

/// Where `arbiter go` takes dead stones from.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DeadChoice {
    /// The final node's TB/TW.
    Markup,
    /// arbiter's own judgement.
    Estimate,
    /// Every stone is alive.
    None,
}

/// Why a command failed; printed once, as one line.
#[derive(Debug, thiserror::Error)]
enum Failure {
    /// The input could not be opened.
    #[error("cannot open {}: {error}", path.display())]
    Open { path: PathBuf, error: io::Error },
    /// The run stopped; `file` names the input when it is a file.
    #[error("{}{error}", file.as_ref().map(|f| format!("{}: ", f.display())).unwrap_or_default())]
    Run {
        file: Option<PathBuf>,
        error: RunError,
    },
    /// A view's folder is unusable.
    #[error(transparent)]
    Folder(#[from] run::FolderError),
}

/// The input named on the command line: a path, or standard input for none or "-".
fn input_path(file: Option<&PathBuf>) -> Option<&Path> {
    file.map(PathBuf::as_path)
        .filter(|path| path.as_os_str() != "-")
}

/// Opens FILE, or standard input for none or "-".
///
/// The buffer is the outer layer, so that the readers' per-token calls (`fill_buf`,
/// `consume`) are plain inlined code; only the refills go through the trait object.
fn open(file: Option<&Path>) -> Result<BufReader<Box<dyn Read + Send>>, Failure> {
    Ok(buffered(source(file)?))
}

/// The bytes of FILE, or of standard input for none or "-", unbuffered.
fn source(file: Option<&Path>) -> Result<Box<dyn Read + Send>, Failure> {
    Ok(match file {
        Some(path) => {
            let failed = |error| Failure::Open {
                path: path.to_path_buf(),
                error,
            };
            if path.is_dir() {
                let error = io::Error::new(io::ErrorKind::IsADirectory, "it is a folder");
                return Err(failed(error));
            }
            Box::new(File::open(path).map_err(failed)?)
        }
        None => Box::new(io::stdin()),
    })
}

/// A reader's bytes behind a large buffer.
fn buffered<R: Read>(source: R) -> BufReader<R> {
    BufReader::with_capacity(1 << 18, source)
}

impl Judging {
    fn style(&self) -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: match self.color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => !no_color && io::stdout().is_terminal(),
            },
        }
    }

    /// The views asked for, with their folders made ready before anything is judged; `records`
    /// is the folder for game records, for the games that write them. A record format the
    /// game does not write, or explanations mixed into records, is a usage error.
    fn views<G: Game>(&self, records: Option<&Path>) -> Result<Views, Failure> {
        let notation = match self.format {
            FormatChoice::Sgf => Some(Notation::Sgf),
            FormatChoice::Trmph => Some(Notation::Trmph),
            FormatChoice::Contest | FormatChoice::Json => None,
        };
        if let Some(notation) = notation {
            if !G::NOTATIONS.contains(&notation) {
                let message = format!("{} writes no {notation} records", G::NAME);
                usage_error(G::NAME, clap::error::ErrorKind::InvalidValue, &message);
            }
            if self.explain {
                let message = "--explain would break the records of --format sgf or trmph; \
                               use --format json --explain";
                usage_error(G::NAME, clap::error::ErrorKind::ArgumentConflict, message);
            }
        }
        let folder = |dir: Option<&Path>, extension, what| -> Result<Option<Folder>, Failure> {
            let Some(dir) = dir else {
                return Ok(None);
            };
            let (folder, removed) = Folder::prepare(dir, extension, what)?;
            if removed > 0 {
                eprintln!(
                    "arbiter: removed {removed} {} of an earlier run from {}",
                    if removed == 1 {
                        &what[..what.len() - 1]
                    } else {
                        what
                    },
                    dir.display()
                );
            }
            Ok(Some(folder))
        };
        Ok(Views {
            format: match (self.format, notation) {
                (_, Some(notation)) => Format::Record(notation),
                (FormatChoice::Json, None) => Format::Json,
                _ => Format::Contest,
            },
            explain: self.explain,
            pictures: folder(self.svg.as_deref(), "svg", "pictures")?,
            records: folder(records, "sgf", "records")?,
            style: self.style(),
        })
    }
}

/// Judges the input with `game` and writes every view asked for; `Ok(false)` when something
/// asked for was not done (a picture not written) or an answer disagrees with its input
/// (`--check`).
fn judge<G: Game>(
    game: &G,
    judging: &Judging,
    records: Option<&Path>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    if judging.files.len() > 1 {
        return judge_files(game, judging, records, out);
    }
    let views = judging.views::<G>(records)?;
    let file = input_path(judging.files.first());
    let source = source(file)?;
    let progress = Progress::of_file(judging, file);
    let input = buffered(progress.bar.wrap_read(source));
    let mut warned = false;
    let named = file
        .map(|f| format!("{}: ", f.display()))
        .unwrap_or_default();
    let mut warn = |warning: run::Warning| {
        warned |= warning.unfinished;
        progress
            .bar
            .suspend(|| eprintln!("arbiter: {named}warning: {warning}"));
    };
    // A file smaller than a batch is judged by one thread anyway: this one, without starting
    // others (which took 1.1 ms of a one-case file's 3.4 ms).
    let small = file
        .and_then(|f| std::fs::metadata(f).ok())
        .is_some_and(|meta| meta.is_file() && meta.len() < run::BATCH_WEIGHT as u64);
    let jobs = if small { 1 } else { jobs(judging) };
    // A huge board's two walks and its stone counts run on rayon's threads, started when a
    // case first splits: no more of them than asked for.
    arbiter::pool::set_threads(jobs);
    let result = run::run_parallel(game, input, out, &views, jobs, &mut warn);
    progress.bar.finish_and_clear();
    match result {
        Ok(summary) => Ok(!warned && summary.disagreements == 0),
        Err(error) => Err(Failure::Run {
            file: file.map(Path::to_path_buf),
            error,
        }),
    }
}

/// The threads to judge on: `--jobs`, or one per core.
fn jobs(judging: &Judging) -> usize {
    judging.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    )
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
                .expect("a valid template")
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

    /// A bar over many files.
    fn of_files(judging: &Judging, files: usize) -> Self {
        let template = "{spinner} [{bar:40}] {pos}/{len} files {elapsed} (ETA {eta})";
        Self::new(judging, files as u64, files >= Self::MANY_FILES, template)
    }
}

/// What judging one of many files gave: its output, its warnings and how it ended.
struct FileRun {
    output: Vec<u8>,
    warnings: Vec<String>,
    result: Result<bool, Failure>,
}

/// Judges many files, several at once (each on one thread), and writes their outputs in the
/// order given, each line led by the file's name; a file that fails is reported and the
/// others are still judged. `Ok(false)` when any file failed, warned or disagreed.
fn judge_files<G: Game>(
    game: &G,
    judging: &Judging,
    records: Option<&Path>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    use rayon::prelude::*;
    if judging.svg.is_some() || records.is_some() {
        let message = "pictures and records are named by case number: give one input file";
        usage_error(G::NAME, clap::error::ErrorKind::ArgumentConflict, message);
    }
    let views = judging.views::<G>(None)?;
    let jobs = jobs(judging);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| Failure::Run {
            file: None,
            error: RunError::Output(io::Error::other(e)),
        })?;
    let progress = Progress::of_files(judging, judging.files.len());
    let mut all_good = true;
    // A few files a thread at a time: the outputs held at once stay bounded.
    for chunk in judging.files.chunks(jobs * 4) {
        let runs: Vec<FileRun> = pool.install(|| {
            chunk
                .par_iter()
                .map(|file| judge_one_file(game, file, &views))
                .collect()
        });
        for (file, run) in chunk.iter().zip(runs) {
            let name = file.display().to_string();
            write_prefixed(out, &name, &run.output, &views.format).map_err(|error| {
                Failure::Run {
                    file: None,
                    error: RunError::Output(error),
                }
            })?;
            progress.bar.suspend(|| {
                for warning in &run.warnings {
                    eprintln!("arbiter: {name}: warning: {warning}");
                }
            });
            match run.result {
                Ok(good) => all_good &= good,
                Err(failure) => {
                    all_good = false;
                    progress.bar.suspend(|| eprintln!("arbiter: {failure}"));
                }
            }
            progress.bar.inc(1);
        }
    }
    progress.bar.finish_and_clear();
    Ok(all_good)
}

/// Judges one file of many into memory.
fn judge_one_file<G: Game>(game: &G, file: &Path, views: &Views) -> FileRun {
    let mut output = Vec::new();
    let mut warnings = Vec::new();
    let mut unfinished = false;
    let result = open(Some(file)).and_then(|input| {
        let mut warn = |warning: run::Warning| {
            unfinished |= warning.unfinished;
            warnings.push(warning.to_string());
        };
        run::run(game, input, &mut output, views, &mut warn).map_err(|error| Failure::Run {
            file: Some(file.to_path_buf()),
            error,
        })
    });
    let result = result.map(|summary| !unfinished && summary.disagreements == 0);
    FileRun {
        output,
        warnings,
        result,
    }
}

/// Writes one file's output with its name: before each line as `name:`, or as a JSON
/// record's first field; game records go unchanged.
fn write_prefixed(
    out: &mut impl Write,
    name: &str,
    output: &[u8],
    format: &Format,
) -> io::Result<()> {
    match format {
        Format::Record(_) => out.write_all(output),
        Format::Json => {
            let field = serde_json::to_string(name).map_err(io::Error::other)?;
            for line in output.split_inclusive(|&b| b == b'\n') {
                match line.strip_prefix(b"{") {
                    Some(rest) => {
                        write!(out, "{{\"file\":{field},").and_then(|()| out.write_all(rest))?
                    }
                    None => out.write_all(line)?,
                }
            }
            Ok(())
        }
        Format::Contest => {
            for line in output.split_inclusive(|&b| b == b'\n') {
                write!(out, "{name}:")?;
                out.write_all(line)?;
            }
            Ok(())
        }
    }
}

/// Exits as clap does for a bad command line: the message, the subcommand's usage, status 2.
fn usage_error(subcommand: &str, kind: clap::error::ErrorKind, message: &str) -> ! {
    let mut command = Cli::command();
    command.build();
    let command = command
        .find_subcommand_mut(subcommand)
        .expect("a subcommand of arbiter");
    command.error(kind, message).exit()
}

/// The Go scoring that `arbiter go`'s options ask for.
fn go_game(
    rules: Option<GoRules>,
    komi: Option<go::Komi>,
    dead: Option<DeadChoice>,
    dead_at: &[String],
    check: bool,
) -> go::Go {
    let mut game = go::Go::new(rules.map(GoRules::choice), komi).unwrap_or_else(|_| {
        let message = "--komi needs a rule set: the contest's rule has no komi";
        usage_error("go", clap::error::ErrorKind::ArgumentConflict, message)
    });
    game.dead = dead.map(|dead| match dead {
        DeadChoice::Markup => go::dead::DeadFrom::Markup,
        DeadChoice::Estimate => go::dead::DeadFrom::Estimate,
        DeadChoice::None => go::dead::DeadFrom::None,
    });
    game.dead_at = dead_at.to_vec();
    game.check = check;
    game
}

/// `arbiter gen`: checks the arguments against the game's generator, then writes the input.
fn generate(
    game: &dyn AnyGame,
    cases: usize,
    size: Option<usize>,
    seed: u64,
    mode: Option<&str>,
    out: &mut impl Write,
) -> io::Result<()> {
    let size = size.unwrap_or(game.default_size());
    let sizes = game.sizes();
    if !sizes.contains(&size) {
        let message = format!(
            "--size must lie in {}..={} for {}",
            sizes.start(),
            sizes.end(),
            game.name()
        );
        usage_error("gen", clap::error::ErrorKind::InvalidValue, &message);
    }
    let mode = mode.map(|name| {
        let modes = game.modes();
        let mode = modes.iter().position(|&m| m == name).unwrap_or_else(|| {
            let message = format!(
                "{} has no mode '{name}'; its modes are {}",
                game.name(),
                modes.join(", ")
            );
            usage_error("gen", clap::error::ErrorKind::InvalidValue, &message)
        });
        let sizes = game.mode_sizes(mode);
        if !sizes.contains(&size) {
            let message = format!(
                "mode '{name}' needs --size in {}..={}: it cannot keep its promise on smaller \
                 boards",
                sizes.start(),
                sizes.end()
            );
            usage_error("gen", clap::error::ErrorKind::InvalidValue, &message);
        }
        mode
    });
    game.write_input(out, cases, size, mode, seed)
}

/// `arbiter validate`: prints the report; `Ok(true)` for a valid file.
fn validate(
    game: &dyn AnyGame,
    file: Option<&PathBuf>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let file = input_path(file);
    let mut input = open(file)?;
    let read_failed = |error: io::Error| Failure::Run {
        file: file.map(Path::to_path_buf),
        error: RunError::Input(arbiter::InputError::io(error)),
    };
    let report = game
        .validate(&mut input as &mut dyn BufRead)
        .map_err(read_failed)?;
    let write = |out: &mut dyn Write| -> io::Result<()> {
        for warning in &report.warnings {
            writeln!(out, "warning: {warning}")?;
        }
        for violation in &report.violations {
            writeln!(out, "{violation}")?;
        }
        match report.violations.len() {
            0 => writeln!(out, "valid"),
            1 => writeln!(out, "1 violation"),
            n => writeln!(out, "{n} violations"),
        }
    };
    write(out).map_err(|error| Failure::Run {
        file: None,
        error: RunError::Output(error),
    })?;
    Ok(report.is_valid())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = match &cli.command {
        Command::Hex {
            judging,
            check,
            solve,
            to_move,
            moves,
            budget,
            memory,
        } => {
            if *solve {
                let analysis = hex::solve::Analysis {
                    settings: hex::solve::Settings {
                        budget: *budget,
                        megabytes: *memory as usize,
                        techniques: hex::solve::Techniques::default(),
                        threads: jobs(judging),
                    },
                    to_move: to_move.map(|side| match side {
                        SideChoice::Red => hex::Stone::Red,
                        SideChoice::Blue => hex::Stone::Blue,
                    }),
                    moves: *moves,
                };
                judge(&analysis, judging, None, &mut out)
            } else {
                judge(&hex::Hex { check: *check }, judging, None, &mut out)
            }
        }
        Command::Gioco(judging) => judge(&gioco::Gioco, judging, None, &mut out),
        Command::Go {
            judging,
            rules,
            komi,
            dead,
            dead_at,
            check,
            sgf_out,
        } => {
            let game = go_game(*rules, *komi, *dead, dead_at, *check);
            judge(&game, judging, sgf_out.as_deref(), &mut out)
        }
        Command::Cheesy(judging) => judge(&cheesy::Cheesy, judging, None, &mut out),
        Command::Gen {
            game,
            cases,
            size,
            seed,
            mode,
        } => {
            let game = game::named(game).expect("clap checks the name");
            generate(game, *cases, *size, *seed, mode.as_deref(), &mut out)
                .map(|()| true)
                .map_err(|error| Failure::Run {
                    file: None,
                    error: RunError::Output(error),
                })
        }
        Command::Serve { host, port } => serve(*host, *port),
        Command::Validate { game, file } => {
            let game = game::named(game).expect("clap checks the name");
            validate(game, file.as_ref(), &mut out)
        }
    };
    // Answers already computed are written even when a later case fails.
    let flushed = out.flush();
    let failure = match (result, flushed) {
        (Err(failure), _) => failure,
        (Ok(_), Err(error)) => Failure::Run {
            file: None,
            error: RunError::Output(error),
        },
        (Ok(true), Ok(())) => return ExitCode::SUCCESS,
        (Ok(false), Ok(())) => return ExitCode::FAILURE,
    };
    if let Failure::Run {
        error: RunError::Output(e),
        ..
    } = &failure
        && e.kind() == io::ErrorKind::BrokenPipe
    {
        // `arbiter hex big.in | head` is not an error.
        return ExitCode::SUCCESS;
    }
    eprintln!("arbiter: {failure}");
    ExitCode::FAILURE
}
