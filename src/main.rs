//! The `arbiter` command line: one subcommand per game, wired to the library.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter::contest::{self, RunError};
use arbiter::input::{ErrorKind, InputError};
use arbiter::render::Style;
use arbiter::{cheesy, gioco, go, hex};
use clap::{Parser, Subcommand};

/// Adjudicates board-game positions exactly, in the original contest formats.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Hex judge: for each board, "Impossible", "Red wins", "Blue wins" or "Nobody wins".
    ///
    /// Input (Code Jam APAC 2014 format): T, then T cases of N and N rows of 'R', 'B', '.'.
    /// Output: one line "Case #x: verdict" per case.
    Hex {
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Il Gioco dell'X: for each full board, "B" if Black joins top and bottom, else "W".
    ///
    /// Input (UVa 260 format): cases of N and N rows of 'b', 'w', ended by a line "0".
    /// Output: one line "<case> B" or "<case> W" per case.
    Gioco {
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Go scoring: for each position, "Black wins by D", "White wins by D" or "Draw".
    ///
    /// Input (Stanford Local 2007 format): cases of "n b w", b black and w white "r c"
    /// pairs (1-based), ended by a line "0". With --rules area or territory, each line is the
    /// result in SGF notation instead: "B+3.5", "W+12" or "0" for a draw.
    Go {
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
        /// How to count: the contest's territory difference, territory scoring (territory
        /// plus komi), or area scoring (stones plus territory plus komi).
        #[arg(long, value_enum, default_value_t = GoRules::Contest)]
        rules: GoRules,
        /// Points given to White, e.g. 6.5 or 7 (needs --rules area or territory).
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<go::Komi>,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Cheesy Chess: for each case, "White" if the king wins with best play, else "Black".
    ///
    /// Input (BAPC 2006 format): the number of cases; each case is the board's rows from the
    /// top ('F' forbidden, 'D' dangerous, '.' open; 8 x 8 in the contest, any size from 1 to
    /// 256 each way here), then "xK yK" and "xP yP" (column from the left, row from below).
    Cheesy {
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
        #[command(flatten)]
        show: ShowArgs,
    },
    /// Writes a seeded random input file in a game's contest format (same arguments, same
    /// bytes).
    ///
    /// Modes: hex: game, to-win, past-win, fill, two-chains, cut-stone; gioco: balanced,
    /// game, winding; go: sparse, dense, one-colour, walled; cheesy: random, edge. Without
    /// --mode every mode is used in turn.
    Gen {
        /// The game.
        game: GameName,
        /// How many cases.
        #[arg(long, default_value_t = 10)]
        cases: usize,
        /// The board side (default: 11 for hex, 20 for gioco, 19 for go, 8 for cheesy).
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
        game: GameName,
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
    },
}

/// How to show the evidence, shared by every game.
#[derive(clap::Args)]
struct ShowArgs {
    /// After each verdict, say why in plain words and draw the board.
    #[arg(long)]
    explain: bool,
    /// The output: the contest's lines, or one JSON object per case (JSON Lines).
    #[arg(long, value_enum, default_value_t = Format::Contest)]
    format: Format,
    /// Also draw each case as an SVG picture, DIR/case-1.svg, DIR/case-2.svg, ...
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Colour the explanations: auto (when writing to a terminal and NO_COLOR is not set),
    /// always, or never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Contest,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ShowArgs {
    /// Whether anything beyond the contest output is asked for.
    fn active(&self) -> bool {
        self.explain || self.format == Format::Json || self.svg.is_some()
    }

    fn style(&self) -> Style {
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: match self.color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => !no_color && io::stdout().is_terminal(),
            },
        }
    }

    /// Writes one case: its contest line or JSON record, its explanation, its picture. The
    /// closures are called only for what is asked.
    fn write(
        &self,
        out: &mut impl Write,
        case: usize,
        line: impl FnOnce(&mut dyn Write) -> io::Result<()>,
        json: impl FnOnce() -> serde_json::Value,
        explain: impl FnOnce(Style) -> String,
        svg: impl FnOnce() -> String,
    ) -> io::Result<()> {
        if self.format == Format::Json {
            writeln!(out, "{}", json())?;
        } else {
            line(out)?;
            if self.explain {
                writeln!(out, "{}", explain(self.style()))?;
            }
        }
        if let Some(dir) = &self.svg {
            std::fs::create_dir_all(dir)?;
            std::fs::write(dir.join(format!("case-{case}.svg")), svg())?;
        }
        Ok(())
    }
}

/// The games, as `gen` and `validate` name them.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GameName {
    Hex,
    Gioco,
    Go,
    Cheesy,
}

/// The scoring choices of `arbiter go`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GoRules {
    /// The contest's output: territory against territory, no komi.
    Contest,
    /// Territory scoring (Japanese, Korean): territory plus komi, in SGF notation.
    Territory,
    /// Area scoring (Chinese, AGA, Tromp-Taylor): stones plus territory plus komi.
    Area,
}

/// Opens FILE, or standard input for none or "-".
///
/// The buffer is the outer layer, so that the readers' per-token calls (`fill_buf`,
/// `consume`) are plain inlined code; only the refills go through the trait object.
fn open(file: Option<&PathBuf>) -> Result<BufReader<Box<dyn Read>>, RunError> {
    const BUFFER: usize = 1 << 16;
    let source: Box<dyn Read> = match file {
        Some(path) if path.as_os_str() != "-" => {
            Box::new(File::open(path).map_err(|e| cannot_open(path, e))?)
        }
        _ => Box::new(io::stdin()),
    };
    Ok(BufReader::with_capacity(BUFFER, source))
}

fn cannot_open(path: &Path, error: io::Error) -> RunError {
    let message = format!("cannot open {}: {error}", path.display());
    RunError::Input(InputError {
        case: None,
        pos: None,
        kind: ErrorKind::Io(io::Error::new(error.kind(), message)),
    })
}

fn run(game: &Game, out: &mut impl Write) -> Result<(), RunError> {
    match game {
        Game::Hex { file, show } if show.active() => {
            let cases = hex::gcj::cases(open(file.as_ref())?);
            contest::each(cases, out, |out, case, board| {
                let judgement = hex::judge(&board);
                show.write(
                    out,
                    case,
                    |out| hex::gcj::write_verdict(out, case, &judgement.verdict),
                    || hex::show::json(case, &judgement),
                    |style| hex::show::explain(&board, &judgement, style),
                    || hex::show::svg(&board, &judgement),
                )
            })
        }
        Game::Hex { file, .. } => {
            let cases = hex::gcj::cases(open(file.as_ref())?);
            contest::run(cases, hex::judge, out, |out, case, judgement| {
                hex::gcj::write_verdict(out, case, &judgement.verdict)
            })
        }
        Game::Gioco { file, show } if show.active() => {
            let cases = gioco::uva::cases(open(file.as_ref())?);
            contest::each(cases, out, |out, case, board| {
                let judgement = gioco::judge(&board);
                show.write(
                    out,
                    case,
                    |out| gioco::uva::write_verdict(out, case, judgement.winner),
                    || gioco::show::json(case, &judgement),
                    |style| gioco::show::explain(&board, &judgement, style),
                    || gioco::show::svg(&board, &judgement),
                )
            })
        }
        Game::Gioco { file, .. } => {
            let cases = gioco::uva::cases(open(file.as_ref())?);
            contest::run(cases, gioco::winner, out, gioco::uva::write_verdict)
        }
        Game::Go {
            file,
            rules,
            komi,
            show,
        } => {
            let cases = go::stanford::cases(open(file.as_ref())?);
            let rules = match rules {
                GoRules::Contest => None,
                GoRules::Territory => Some((go::Rules::Territory, komi.unwrap_or(go::Komi::ZERO))),
                GoRules::Area => Some((go::Rules::Area, komi.unwrap_or(go::Komi::ZERO))),
            };
            let line = |out: &mut dyn Write, score: &go::Score| match rules {
                None => go::stanford::write_verdict(out, 0, score.verdict()),
                Some((rules, komi)) => writeln!(out, "{}", score.result(rules, komi)),
            };
            if !show.active() {
                return contest::run(cases, go::score, out, |out, _, score| line(out, &score));
            }
            contest::each(cases, out, |out, case, position| {
                let territory = go::territory(&position);
                let score = go::score_of(&position, &territory);
                show.write(
                    out,
                    case,
                    |out| line(out, &score),
                    || go::show::json(case, &territory, &score, rules),
                    |style| go::show::explain(&position, &territory, &score, rules, style),
                    || go::show::svg(&position, &territory),
                )
            })
        }
        Game::Gen { .. } | Game::Validate { .. } => unreachable!("handled in main"),
        Game::Cheesy { file, show } if show.active() => {
            let cases = cheesy::bapc::cases(open(file.as_ref())?);
            contest::each(cases, out, |out, case, c| {
                let outcome =
                    cheesy::solve(&c.board, c.king, c.pawn).expect("the reader checks the start");
                let white = matches!(outcome, cheesy::Outcome::White(_));
                show.write(
                    out,
                    case,
                    |out| cheesy::bapc::write_verdict(out, case, white),
                    || cheesy::show::json(case, &outcome),
                    |style| cheesy::show::explain(&c.board, c.king, c.pawn, &outcome, style),
                    || cheesy::show::svg(&c.board, c.king, c.pawn, &outcome),
                )
            })
        }
        Game::Cheesy { file, .. } => {
            let cases = cheesy::bapc::cases(open(file.as_ref())?);
            let white_wins = |case: &cheesy::bapc::Case| {
                cheesy::white_wins(&case.board, case.king, case.pawn)
                    .expect("the reader checks the start")
            };
            contest::run(cases, white_wins, out, cheesy::bapc::write_verdict)
        }
    }
}

/// The mode named on the command line, if any; a name the game lacks is a usage error that
/// lists the game's modes.
fn chosen<M>(name: Option<&str>, names: &[&str], named: impl Fn(&str) -> Option<M>) -> Option<M> {
    let name = name?;
    Some(named(name).unwrap_or_else(|| {
        let message = format!("no mode '{name}'; the modes are {}", names.join(", "));
        usage_error(clap::error::ErrorKind::InvalidValue, &message)
    }))
}

/// Exits as clap does for a bad command line: the message, the usage, status 2.
fn usage_error(kind: clap::error::ErrorKind, message: &str) -> ! {
    use clap::CommandFactory;
    Cli::command().error(kind, message).exit()
}

/// `arbiter gen`: checks the arguments, then writes the input.
fn generate(
    game: GameName,
    cases: usize,
    size: Option<usize>,
    seed: u64,
    mode: Option<&str>,
    out: &mut impl Write,
) -> io::Result<()> {
    let size = size.unwrap_or(match game {
        GameName::Hex => 11,
        GameName::Gioco => 20,
        GameName::Go => 19,
        GameName::Cheesy => 8,
    });
    let (low, high) = match game {
        // Generating holds the board and a move order: 10000 a side is about 2 GB already.
        GameName::Hex | GameName::Gioco => (1, 10_000),
        GameName::Go => (1, go::MAX_SIZE),
        GameName::Cheesy => (2, cheesy::MAX_SIDE),
    };
    if !(low..=high).contains(&size) {
        let message = format!("--size must lie in {low}..={high} for this game");
        usage_error(clap::error::ErrorKind::InvalidValue, &message);
    }
    match game {
        GameName::Hex => {
            use hex::generate::{Mode, write_input};
            let mode = chosen(mode, &Mode::NAMES, Mode::named);
            write_input(out, cases, size, mode, seed)
        }
        GameName::Gioco => {
            use gioco::generate::{Mode, write_input};
            let mode = chosen(mode, &Mode::NAMES, Mode::named);
            write_input(out, cases, size, mode, seed)
        }
        GameName::Go => {
            use go::generate::{Mode, write_input};
            let mode = chosen(mode, &Mode::NAMES, Mode::named);
            write_input(out, cases, size, mode, seed)
        }
        GameName::Cheesy => {
            use cheesy::generate::{Mode, write_input};
            let mode = chosen(mode, &Mode::NAMES, Mode::named);
            write_input(out, cases, size, mode, seed)
        }
    }
}

/// `arbiter validate`: prints the report; `Ok(true)` for a valid file.
fn validate(
    game: GameName,
    file: Option<&PathBuf>,
    out: &mut impl Write,
) -> Result<bool, RunError> {
    let mut text = Vec::new();
    open(file)?.read_to_end(&mut text).map_err(|e| {
        RunError::Input(InputError {
            case: None,
            pos: None,
            kind: ErrorKind::Io(e),
        })
    })?;
    let report = match game {
        GameName::Hex => hex::gcj::validate(&text),
        GameName::Gioco => gioco::uva::validate(&text),
        GameName::Go => go::stanford::validate(&text),
        GameName::Cheesy => cheesy::bapc::validate(&text),
    };
    for warning in &report.warnings {
        writeln!(out, "warning: {warning}")?;
    }
    for violation in &report.violations {
        writeln!(out, "{violation}")?;
    }
    match report.violations.len() {
        0 => writeln!(out, "valid")?,
        1 => writeln!(out, "1 violation")?,
        n => writeln!(out, "{n} violations")?,
    }
    Ok(report.is_valid())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Game::Go {
        rules: GoRules::Contest,
        komi: Some(_),
        ..
    } = cli.game
    {
        usage_error(
            clap::error::ErrorKind::ArgumentConflict,
            "--komi needs --rules area or --rules territory (the contest rule has no komi)",
        );
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut invalid = false;
    let result = match &cli.game {
        Game::Gen {
            game,
            cases,
            size,
            seed,
            mode,
        } => generate(*game, *cases, *size, *seed, mode.as_deref(), &mut out)
            .map_err(RunError::Output),
        Game::Validate { game, file } => validate(*game, file.as_ref(), &mut out).map(|valid| {
            invalid = !valid;
        }),
        game => run(game, &mut out),
    };
    // Answers already computed are written even when a later case fails.
    let flushed = out.flush();
    let error = match (result, flushed) {
        (Err(error), _) => error,
        (Ok(()), Err(error)) => RunError::Output(error),
        (Ok(()), Ok(())) if invalid => return ExitCode::FAILURE,
        (Ok(()), Ok(())) => return ExitCode::SUCCESS,
    };
    if let RunError::Output(e) = &error
        && e.kind() == io::ErrorKind::BrokenPipe
    {
        // `arbiter hex big.in | head` is not an error.
        return ExitCode::SUCCESS;
    }
    eprintln!("arbiter: {error}");
    ExitCode::FAILURE
}
