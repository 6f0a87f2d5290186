//! The `arbiter` command line: one subcommand per game, wired to the library.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter::contest::{self, RunError};
use arbiter::input::{ErrorKind, InputError};
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
    },
    /// Il Gioco dell'X: for each full board, "B" if Black joins top and bottom, else "W".
    ///
    /// Input (UVa 260 format): cases of N and N rows of 'b', 'w', ended by a line "0".
    /// Output: one line "<case> B" or "<case> W" per case.
    Gioco {
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
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
    },
    /// Cheesy Chess: for each case, "White" if the king wins with best play, else "Black".
    ///
    /// Input (BAPC 2006 format): the number of cases; each case is the board's rows from the
    /// top ('F' forbidden, 'D' dangerous, '.' open; 8 x 8 in the contest, any size from 1 to
    /// 256 each way here), then "xK yK" and "xP yP" (column from the left, row from below).
    Cheesy {
        /// The input file; standard input when absent or "-".
        file: Option<PathBuf>,
    },
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
fn open(file: Option<&PathBuf>) -> Result<Box<dyn BufRead>, RunError> {
    const BUFFER: usize = 1 << 16;
    Ok(match file {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).map_err(|e| cannot_open(path, e))?;
            Box::new(BufReader::with_capacity(BUFFER, file))
        }
        _ => Box::new(BufReader::with_capacity(BUFFER, io::stdin())),
    })
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
        Game::Hex { file } => {
            let cases = hex::gcj::cases(open(file.as_ref())?);
            contest::run(cases, hex::judge, out, |out, case, judgement| {
                hex::gcj::write_verdict(out, case, &judgement.verdict)
            })
        }
        Game::Gioco { file } => {
            let cases = gioco::uva::cases(open(file.as_ref())?);
            contest::run(cases, gioco::winner, out, gioco::uva::write_verdict)
        }
        Game::Go { file, rules, komi } => {
            let cases = go::stanford::cases(open(file.as_ref())?);
            let score = |position: &go::Position| go::score(position);
            let rules = match rules {
                GoRules::Contest => {
                    return contest::run(cases, score, out, |out, case, score| {
                        go::stanford::write_verdict(out, case, score.verdict())
                    });
                }
                GoRules::Territory => go::Rules::Territory,
                GoRules::Area => go::Rules::Area,
            };
            let komi = komi.unwrap_or(go::Komi::ZERO);
            contest::run(cases, score, out, |out, _, score| {
                writeln!(out, "{}", score.result(rules, komi))
            })
        }
        Game::Cheesy { file } => {
            let cases = cheesy::bapc::cases(open(file.as_ref())?);
            let white_wins = |case: &cheesy::bapc::Case| {
                cheesy::white_wins(&case.board, case.king, case.pawn)
                    .expect("the reader checks the start")
            };
            contest::run(cases, white_wins, out, cheesy::bapc::write_verdict)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Game::Go {
        rules: GoRules::Contest,
        komi: Some(_),
        ..
    } = cli.game
    {
        use clap::CommandFactory;
        Cli::command()
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                "--komi needs --rules area or --rules territory (the contest rule has no komi)",
            )
            .exit();
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run(&cli.game, &mut out);
    // Answers already computed are written even when a later case fails.
    let flushed = out.flush();
    let error = match (result, flushed) {
        (Err(error), _) => error,
        (Ok(()), Err(error)) => RunError::Output(error),
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
