//! How a command fails ([`Failure`]), each way a type of its own, printed once as one line.

use std::io;
use std::net::SocketAddr;

use arbiter::run::{FileError, FolderError, RunError};

/// Why a command failed; printed once, as one line (a usage error as clap prints it).
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The command line asks for something that cannot be done; printed as clap prints its
    /// own errors, with the command's usage ([`Usage::error`]).
    #[error("{}", .0.message)]
    Usage(Usage),
    /// An input file could not be judged to its end.
    #[error(transparent)]
    File(#[from] FileError),
    /// Standard input could not be judged to its end, or the output could not be written.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A view's folder is unusable.
    #[error(transparent)]
    Folder(#[from] FolderError),
    /// The Hex solver's solution store (`--db`) could not be read or written.
    #[error("the solution store {0}")]
    Store(#[from] arbiter::hex::solve::StoreError),
    /// The web board could not start.
    #[error("cannot serve the web board on {address}: {error}")]
    Serve {
        /// The address asked for.
        address: SocketAddr,
        /// Why.
        error: io::Error,
    },
}

impl Failure {
    /// Whether the output's reader went away (`arbiter hex big.in | head`), which is not an
    /// error.
    pub fn is_broken_pipe(&self) -> bool {
        let output = match self {
            Failure::Run(RunError::Output(error)) => error,
            Failure::File(FileError::Run {
                error: RunError::Output(error),
                ..
            }) => error,
            _ => return false,
        };
        output.kind() == io::ErrorKind::BrokenPipe
    }
}

/// A command line that asks for something that cannot be done.
#[derive(Debug)]
pub struct Usage {
    /// The subcommand whose usage it breaks.
    pub subcommand: &'static str,
    /// Which way, as clap names them.
    pub kind: clap::error::ErrorKind,
    /// What is wrong.
    pub message: String,
}

/// A usage error of `subcommand`.
pub(super) fn usage(
    subcommand: &'static str,
    kind: clap::error::ErrorKind,
    message: impl std::fmt::Display,
) -> Failure {
    Failure::Usage(Usage {
        subcommand,
        kind,
        message: message.to_string(),
    })
}
