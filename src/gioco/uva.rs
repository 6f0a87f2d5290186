//! Il Gioco dell'X's contest format (UVa 260).
//!
//! Input: cases until a line holding `0`; a case is `N` and `N` rows of `N` letters `b`/`w`,
//! all separated by any white space. Output: `<case> B` or `<case> W` per case, numbered
//! from 1. [`cases`] streams the boards; [`write_verdict`] writes one line.
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::{uva, winner};
//!
//! let input = "2\nbw\nbw\n2\nbb\nww\n0\n";
//! let mut out = Vec::new();
//! for (case, board) in (1..).zip(uva::cases(input.as_bytes())) {
//!     uva::write_verdict(&mut out, case, winner(&board.unwrap())).unwrap();
//! }
//! assert_eq!(out, b"1 B\n2 W\n");
//! ```

use std::io::{self, BufRead, Write};

use super::{ALPHABET, Board, Stone};
use crate::grid::MAX_SIDE;
use crate::input::{CaseReader, Cases, InputError, Tokens};
use crate::validate::{Lines, Report};

/// Reads the boards of a contest input one at a time (see [`cases`]).
pub struct Reader<R> {
    tokens: Tokens<R>,
    read: usize,
}

/// Reads a contest input from `reader`.
pub fn cases<R: BufRead>(reader: R) -> Cases<Reader<R>> {
    Cases::new(Reader {
        tokens: Tokens::new(reader),
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
    winner: Stone,
) -> io::Result<()> {
    writeln!(out, "{case} {}", winner.verdict_letter())
}

/// Writes one case in the input format: `N`, then the rows (end the input with `0`).
///
/// # Errors
/// When writing fails.
pub fn write_case(out: &mut impl Write, board: &Board) -> io::Result<()> {
    writeln!(out, "{}", board.size())?;
    write!(out, "{board}")
}

/// The official limit on the board size.
pub const OFFICIAL_SIZE: u64 = 200;

/// Checks a file against the statement's exact layout and official limits: per case `N` on
/// its own line and `N` rows of `N` letters `b`/`w`, then a line `0`, a newline after each.
pub fn validate(text: &[u8]) -> Report {
    let mut lines = Lines::new(text);
    for case in 1.. {
        lines.case = Some(case);
        let Some(size) = lines.number_line("the board size N, or 0 to end") else {
            break;
        };
        if size == 0 {
            break;
        }
        let line = lines.line();
        lines.within(line, size, 1..=OFFICIAL_SIZE, "N");
        for _ in 0..size {
            let Some((line, row)) = lines.next("a board row") else {
                break;
            };
            lines.row(line, row, size, b"bw", "'b' or 'w'");
        }
    }
    lines.finish()
}

impl<R: BufRead> CaseReader for Reader<R> {
    type Case = Board;

    fn read_case(&mut self) -> Result<Option<Board>, InputError> {
        let case = self.read + 1;
        let in_case = |e: InputError| e.in_case(case);
        let expected = "the board size N, or 0 to end";
        let (size, _) = self
            .tokens
            .number_in(0..=MAX_SIDE as u64, expected)
            .map_err(in_case)?;
        if size == 0 {
            self.tokens.finish()?;
            return Ok(None);
        }
        self.read = case;
        let size = size as usize;
        let grid = self.tokens.grid(size, size, &ALPHABET).map_err(in_case)?;
        Ok(Some(Board::from_grid(grid)))
    }
}
