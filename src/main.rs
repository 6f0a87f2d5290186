//! The `arbiter` command line: parses the arguments, hands them to [`arbiter_cli::cli::run`] and
//! reports how it ended.

use std::process::ExitCode;

use arbiter_cli::cli::{Cli, Failure};
use clap::Parser;

// The readers of game records allocate a little for every property they read (sgf-parse's
// strings); mimalloc makes each of those allocations several times cheaper than glibc's. Its
// v2 line, not the crate's default v3: v3 asks for huge pages on the arena it reserves at the
// first allocation, so that a run's first touches zero whole 2 MiB pages, before `main` and
// for every thread, which costs a small run more than it saves.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match arbiter_cli::cli::run(&cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(Failure::Usage(usage)) => usage.error().exit(),
        // `arbiter hex big.in | head` is not an error.
        Err(failure) if failure.is_broken_pipe() => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("arbiter: {failure}");
            ExitCode::FAILURE
        }
    }
}
