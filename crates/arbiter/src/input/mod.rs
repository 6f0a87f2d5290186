//! Reading contest inputs: errors with their places, bounded tokens, case framing, board rows.
//!
//! - [`error`]: [`InputError`], what went wrong and where (public: every reader returns it);
//! - `tokens`: the streaming token reader every format is built on, bounded by what it
//!   expects at each step, with line and column;
//! - `cases`: "a count, then cases" and "cases until 0", written once;
//! - `rows`: board rows of cell letters, read into a grid;
//! - `lines`: lines of bounded length (trmph files, `validate`).
//!
//! Only the errors are public: the readers themselves are reached through each game's format
//! module (`hex::gcj::cases`, `go::stanford::cases`, ...).

pub mod error;

pub(crate) mod cases;
#[cfg(test)]
pub(crate) mod edits;
pub(crate) mod lines;
pub(crate) mod rows;
pub(crate) mod tokens;

pub use cases::{CaseTexts, Cut};
pub use error::{ErrorKind, Illegal, InputError, Place, Pos, describe};
