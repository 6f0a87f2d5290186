//! The Hex judge's contest format (Google Code Jam APAC 2014, Round B, problem C).
//!
//! Input: `T`, then `T` cases, each `N` and `N` rows of `N` letters from `R`, `B`, `.`, all
//! separated by any white space. Output: `Case #x: y` per case. [`cases`] streams the boards
//! one at a time; [`write_verdict`] writes one line.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{gcj, judge};
//!
//! let boards: Vec<_> = gcj::cases("2\n1\n.\n2\nBR BB\n".as_bytes()).collect::<Result<_, _>>().unwrap();
//! let mut out = Vec::new();
//! for (case, board) in (1..).zip(&boards) {
//!     gcj::write_verdict(&mut out, case, &judge(board).verdict).unwrap();
//! }
//! assert_eq!(String::from_utf8(out).unwrap(), "Case #1: Nobody wins\nCase #2: Impossible\n");
//! ```

use std::io::{self, BufRead, Write};

use super::{ALPHABET, Board, Verdict};
use crate::input::{CaseReader, Cases, InputError, Tokens};
use crate::validate::{Lines, Report};

/// Reads the boards of a contest input one at a time (see [`cases`]).
pub struct Reader<R> {
    tokens: Tokens<R>,
    /// The declared number of cases, once read.
    declared: Option<u64>,
    read: u64,
}

/// Reads a contest input from `reader`.
pub fn cases<R: BufRead>(reader: R) -> Cases<Reader<R>> {
    Cases::new(Reader {
        tokens: Tokens::new(reader),
        declared: None,
        read: 0,
    })
}

/// Writes the contest line for case `case` (from 1).
///
/// # Errors
/// When writing fails.
pub fn write_verdict(
    out: &mut (impl Write + ?Sized),
    case: usize,
    verdict: &Verdict,
) -> io::Result<()> {
    writeln!(out, "Case #{case}: {verdict}")
}

/// Writes one case in the input format: `N`, then the rows.
///
/// # Errors
/// When writing fails.
pub fn write_case(out: &mut impl Write, board: &Board) -> io::Result<()> {
    writeln!(out, "{}", board.size())?;
    write!(out, "{board}")
}

/// The official limits: at most 100 cases, boards of at most 100 x 100 (the large set).
pub const OFFICIAL_CASES: u64 = 100;
/// See [`OFFICIAL_CASES`].
pub const OFFICIAL_SIZE: u64 = 100;

/// Checks a file against the statement's exact layout and official limits: `T` on the first
/// line, then per case `N` on its own line and `N` rows of `N` letters, a newline after each.
pub fn validate(text: &[u8]) -> Report {
    let mut lines = Lines::new(text);
    if let Some(cases) = lines.number_line("the number of cases T") {
        lines.within(1, cases, 1..=OFFICIAL_CASES, "T");
        for case in 1..=cases {
            lines.case = Some(case as usize);
            let Some(size) = lines.number_line("the board size N") else {
                break;
            };
            let line = lines.line();
            if !lines.within(line, size, 1..=OFFICIAL_SIZE, "N") && size == 0 {
                break;
            }
            for _ in 0..size {
                let Some((line, row)) = lines.next("a board row") else {
                    break;
                };
                lines.row(line, row, size, b"RB.", "'R', 'B' or '.'");
            }
        }
    }
    lines.finish()
}

impl<R: BufRead> CaseReader for Reader<R> {
    type Case = Board;

    fn read_case(&mut self) -> Result<Option<Board>, InputError> {
        let declared = match self.declared {
            Some(declared) => declared,
            None => {
                let (count, _) = self.tokens.number("the number of cases T")?;
                *self.declared.insert(count)
            }
        };
        if self.read == declared {
            self.tokens.finish()?;
            return Ok(None);
        }
        self.read += 1;
        let case = self.read as usize;
        self.board().map(Some).map_err(|e| e.in_case(case))
    }
}

impl<R: BufRead> Reader<R> {
    fn board(&mut self) -> Result<Board, InputError> {
        let size = self.tokens.size("the board size N")?;
        let grid = self.tokens.grid(size, size, &ALPHABET)?;
        Ok(Board::from_grid(grid))
    }
}
