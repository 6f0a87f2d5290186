//! The `arbiter` command line: one subcommand per game, wired to the library.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::contest::{self, RunError};
use arbiter::hex;
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
}

fn open(file: Option<&PathBuf>) -> io::Result<Box<dyn BufRead>> {
    const BUFFER: usize = 1 << 16;
    Ok(match file {
        Some(path) if path.as_os_str() != "-" => {
            Box::new(BufReader::with_capacity(BUFFER, File::open(path)?))
        }
        _ => Box::new(BufReader::with_capacity(BUFFER, io::stdin())),
    })
}

fn run(game: &Game, out: &mut impl Write) -> Result<(), RunError> {
    match game {
        Game::Hex { file } => {
            let input = open(file.as_ref()).map_err(|e| cannot_open(file.as_ref(), e))?;
            contest::run(
                hex::gcj::cases(input),
                hex::judge,
                out,
                |out, case, judgement| hex::gcj::write_verdict(out, case, &judgement.verdict),
            )
        }
    }
}

fn cannot_open(file: Option<&PathBuf>, error: io::Error) -> RunError {
    let name = file.map_or("standard input".into(), |p| p.display().to_string());
    RunError::Output(io::Error::new(
        error.kind(),
        format!("cannot open {name}: {error}"),
    ))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
