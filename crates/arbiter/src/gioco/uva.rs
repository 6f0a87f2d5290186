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

use super::board::{ALPHABET, Board, Stone};
use crate::grid::MAX_SIDE;
use crate::input::cases::{Body, Framed, Framing};
use crate::input::rows;
use crate::input::tokens::Tokens;
use crate::input::{InputError, Pos};
use crate::validate::{Lines, Report};

/// Reads a contest input from `reader`, one board at a time; after the first error, nothing.
pub fn cases<R: BufRead>(reader: R) -> impl Iterator<Item = Result<Board, InputError>> {
    let framing = Framing::UntilZero {
        lead: "the board size N, or 0 to end",
        range: 1..=MAX_SIDE as u64,
    };
    Framed::new(reader, framing, Boards)
}

/// Reads one case's rows, its size read by the framing.
struct Boards;

impl<R: BufRead> Body<R> for Boards {
    type Case = Board;

    fn read(
        &mut self,
        tokens: &mut Tokens<R>,
        lead: Option<(u64, Pos)>,
    ) -> Result<Board, InputError> {
        let size = lead.expect("the framing reads the size").0 as usize;
        rows::grid(tokens, size, size, &ALPHABET).map(Board::from_grid)
    }
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
pub fn write_case(out: &mut (impl Write + ?Sized), board: &Board) -> io::Result<()> {
    writeln!(out, "{}", board.size())?;
    write!(out, "{board}")
}

/// The official limits on the board size.
pub const OFFICIAL_SIZES: std::ops::RangeInclusive<u64> = 2..=200;

/// Checks a file against the statement's exact layout, official limits and promises: per
/// case `N` on its own line (2 <= N <= 200) and `N` rows of `N` letters `b`/`w` from a game
/// played out, so that the counts of the two colours differ by at most one; then a line `0`,
/// a newline after each.
///
/// # Errors
/// Only when reading fails.
pub fn validate(input: &mut dyn BufRead) -> io::Result<Report> {
    let mut lines = Lines::new(input)?;
    for case in 1.. {
        lines.case = Some(case);
        let Some(size) = lines.number_line("the board size N, or 0 to end")? else {
            break;
        };
        if size == 0 {
            break;
        }
        let line = lines.line();
        if !lines.within(line, size, OFFICIAL_SIZES, "N") && size > 10 * OFFICIAL_SIZES.end() {
            // Rows far past the limit are not read one by one as this case's.
            break;
        }
        let (mut black, mut white, mut whole) = (0u64, 0u64, true);
        for _ in 0..size {
            let Some((line, row)) = lines.next("a board row")? else {
                whole = false;
                break;
            };
            whole &= lines.row(line, &row, size, b"bw", "'b' or 'w'");
            black += row.iter().filter(|&&b| b == b'b').count() as u64;
            white += row.iter().filter(|&&b| b == b'w').count() as u64;
        }
        if whole && black.abs_diff(white) > 1 {
            let message = format!(
                "the board holds {black} black and {white} white cells: a game played out \
                 leaves counts at most one apart"
            );
            lines.violation(line, message);
        }
    }
    lines.finish()
}
