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
//!     gcj::write_verdict(&mut out, case, judge(board).verdict.outcome()).unwrap();
//! }
//! assert_eq!(String::from_utf8(out).unwrap(), "Case #1: Nobody wins\nCase #2: Impossible\n");
//! ```

use std::io::{self, BufRead, Write};

use super::board::{ALPHABET, Board};
use super::judge::Outcome;
use crate::input::cases::{Body, Framed, Framing};
use crate::input::rows;
use crate::input::tokens::Tokens;
use crate::input::{InputError, Pos};
use crate::validate::{Lines, Report};

/// Reads a contest input from `reader`, one board at a time; after the first error, nothing.
pub fn cases<R: BufRead>(reader: R) -> impl Iterator<Item = Result<Board, InputError>> {
    let framing = Framing::Counted {
        count: "the number of cases T",
    };
    Framed::new(reader, framing, Boards)
}

/// [`cases`] of an input whose first byte is at `pos` of its file (blank lines before it were
/// read already).
pub fn cases_from<R: BufRead>(
    reader: R,
    pos: Pos,
) -> impl Iterator<Item = Result<Board, InputError>> {
    let framing = Framing::Counted {
        count: "the number of cases T",
    };
    Framed::starting_at(reader, framing, Boards, pos)
}

/// Reads one case: `N`, then `N` rows.
struct Boards;

impl<R: BufRead> Body<R> for Boards {
    type Case = Board;

    fn read(&mut self, tokens: &mut Tokens<R>, _: Option<(u64, Pos)>) -> Result<Board, InputError> {
        let (size, _) = tokens.number_in(1..=crate::grid::MAX_SIDE as u64, "the board size N")?;
        let size = size as usize;
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
    outcome: Outcome,
) -> io::Result<()> {
    writeln!(out, "Case #{case}: {outcome}")
}

/// Writes one case in the input format: `N`, then the rows.
///
/// # Errors
/// When writing fails, or for a board that is not square (the contest's boards are).
pub fn write_case(out: &mut (impl Write + ?Sized), board: &Board) -> io::Result<()> {
    if !board.is_square() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the contest format holds square boards only",
        ));
    }
    writeln!(out, "{}", board.rows())?;
    write!(out, "{board}")
}

/// The official limits: at most 100 cases, boards of at most 100 x 100 (the large set).
pub const OFFICIAL_CASES: u64 = 100;
/// See [`OFFICIAL_CASES`].
pub const OFFICIAL_SIZE: u64 = 100;

/// Checks a file against the statement's exact layout and official limits: `T` on the first
/// line, then per case `N` on its own line and `N` rows of `N` letters, a newline after each.
///
/// # Errors
/// Only when reading fails.
pub fn validate(input: &mut dyn BufRead) -> io::Result<Report> {
    let mut lines = Lines::new(input)?;
    if let Some(cases) = lines.number_line("the number of cases T")? {
        lines.within(1, cases, 1..=OFFICIAL_CASES, "T");
        for case in 1..=cases {
            lines.case = Some(case as usize);
            let Some(size) = lines.number_line("the board size N")? else {
                break;
            };
            let line = lines.line();
            if !lines.within(line, size, 1..=OFFICIAL_SIZE, "N") && size == 0 {
                break;
            }
            for _ in 0..size {
                let Some((line, row)) = lines.next("a board row")? else {
                    break;
                };
                lines.row(line, &row, size, b"RB.", "'R', 'B' or '.'");
            }
        }
    }
    lines.finish()
}
