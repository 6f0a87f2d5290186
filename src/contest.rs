//! Running a contest format: read a case, judge it, write its line; repeat until the input
//! ends or fails.
//!
//! Every game's format module supplies an iterator of parsed cases and a function that writes
//! one verdict; [`run`] joins them. A verdict is written as soon as its case is judged, so the
//! cases before a bad one keep their answers, and input is never held longer than one case.
//!
//! # Examples
//!
//! ```
//! use arbiter::{contest, hex};
//!
//! let mut out = Vec::new();
//! let input = "2\n1\nR\n1\nX\n";
//! let error = contest::run(hex::gcj::cases(input.as_bytes()), hex::judge, &mut out, |out, case, judgement| {
//!     hex::gcj::write_verdict(out, case, &judgement.verdict)
//! })
//! .unwrap_err();
//! assert_eq!(out, b"Case #1: Red wins\n");
//! assert_eq!(
//!     error.to_string(),
//!     "case 2, line 5, column 1: expected 'R', 'B' or '.', found 'X'"
//! );
//! ```

use std::io::{self, Write};

use crate::input::InputError;

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input is not in the contest format (or could not be read).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

/// Judges every case of `cases` with `judge` and writes each answer with `write`, which gets
/// the 1-based case number.
///
/// # Errors
/// The first input error (after the answers of all earlier cases are written) or output error.
pub fn run<C, V, W: Write>(
    cases: impl IntoIterator<Item = Result<C, InputError>>,
    mut judge: impl FnMut(&C) -> V,
    out: &mut W,
    mut write: impl FnMut(&mut W, usize, V) -> io::Result<()>,
) -> Result<(), RunError> {
    each(cases, out, |out, number, case| {
        write(out, number, judge(&case))
    })
}

/// Hands every case of `cases`, with its 1-based number, to `each`, which judges it and writes
/// whatever it likes (the explanations, JSON and pictures use this).
///
/// # Errors
/// As [`run`].
pub fn each<C, W: Write>(
    cases: impl IntoIterator<Item = Result<C, InputError>>,
    out: &mut W,
    mut each: impl FnMut(&mut W, usize, C) -> io::Result<()>,
) -> Result<(), RunError> {
    for (number, case) in (1..).zip(cases) {
        each(out, number, case?)?;
    }
    Ok(())
}
