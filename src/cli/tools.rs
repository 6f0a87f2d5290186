//! The commands beside the games: `gen` and `validate` for problem setters, over every game
//! of the registry, and `serve` for the web board.

use std::io::{self, BufRead, Write};
use std::net::SocketAddr;
use std::path::Path;

use super::failure::{Failure, usage};
use arbiter::registry::GameName;
use arbiter::run::{self, RunError};

/// `arbiter gen --help`: every game's modes, sizes and default size, from the generators.
pub(super) fn gen_about() -> String {
    let mut about = String::from(
        "Writes a seeded random input file in a game's contest format (same arguments, same \
         bytes). Without --mode every mode is used in turn.\n",
    );
    for game in GameName::ALL.map(GameName::contest) {
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

/// `arbiter gen`: checks the arguments against the game's generator, then writes the input.
pub(super) fn generate(
    game: GameName,
    cases: usize,
    size: Option<usize>,
    seed: u64,
    mode: Option<&str>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let invalid = |message: String| usage("gen", clap::error::ErrorKind::InvalidValue, message);
    let game = game.contest();
    let size = size.unwrap_or(game.default_size());
    let sizes = game.sizes();
    if !sizes.contains(&size) {
        return Err(invalid(format!(
            "--size must lie in {}..={} for {}",
            sizes.start(),
            sizes.end(),
            game.name()
        )));
    }
    let mode = match mode {
        None => None,
        Some(name) => {
            let modes = game.modes();
            let Some(mode) = modes.iter().position(|&m| m == name) else {
                return Err(invalid(format!(
                    "{} has no mode '{name}'; its modes are {}",
                    game.name(),
                    modes.join(", ")
                )));
            };
            let sizes = game.mode_sizes(mode);
            if !sizes.contains(&size) {
                return Err(invalid(format!(
                    "mode '{name}' needs --size in {}..={}: it cannot keep its promise on \
                     smaller boards",
                    sizes.start(),
                    sizes.end()
                )));
            }
            Some(mode)
        }
    };
    game.write_input(out, cases, size, mode, seed)
        .map_err(RunError::Output)?;
    Ok(true)
}

/// `arbiter validate`: prints the report; `Ok(true)` for a valid file.
pub(super) fn validate(
    game: GameName,
    file: Option<&Path>,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let file = file.filter(|path| path.as_os_str() != "-");
    let source: Box<dyn io::Read> = match file {
        Some(path) => Box::new(run::open_file(path)?),
        None => Box::new(io::stdin()),
    };
    let mut input = io::BufReader::with_capacity(1 << 18, source);
    let report = game
        .contest()
        .validate(&mut input as &mut dyn BufRead)
        .map_err(|error| {
            let error = RunError::Input(arbiter::InputError::io(error));
            match file {
                Some(path) => Failure::File(run::FileError::Run {
                    path: path.to_path_buf(),
                    error,
                }),
                None => Failure::Run(error),
            }
        })?;
    let mut write = || -> io::Result<()> {
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
    write().map_err(RunError::Output)?;
    Ok(report.is_valid())
}

/// `arbiter serve`: runs the web board until interrupted.
pub(super) fn serve(address: SocketAddr) -> Result<bool, Failure> {
    let failed = |error| Failure::Serve { address, error };
    let runtime = tokio::runtime::Runtime::new().map_err(failed)?;
    runtime
        .block_on(crate::serve::serve(address, |bound| {
            println!("arbiter: the web board is at http://{bound}/ (Ctrl-C stops it)");
            let _ = io::stdout().flush();
        }))
        .map_err(failed)?;
    Ok(true)
}
