//! Cheesy Chess's contest format (BAPC 2006 preliminaries), and the same format for boards
//! of other sizes.
//!
//! Input: the number of cases; each case is the board's rows from the top (8 rows of 8
//! letters `F`, `D`, `.` in the contest; here any number of rows of one length, from 1 to
//! 256), then `xK yK` (the king) and `xP yP` (the pawn): column from the left, row from
//! below, from 1. Output: `White` or `Black` per case. [`cases`] streams the cases;
//! [`write_verdict`] writes one line.
//!
//! # Examples
//!
//! ```
//! use arbiter::cheesy::{bapc, white_wins};
//!
//! let input = "1\n...\n.F.\n...\n1 1\n2 3\n";
//! let case = bapc::cases(input.as_bytes()).next().unwrap().unwrap();
//! let white = white_wins(&case.board, case.king, case.pawn).unwrap();
//! let mut out = Vec::new();
//! bapc::write_verdict(&mut out, 1, white).unwrap();
//! assert_eq!(out, b"White\n");
//! ```

use std::io::{self, BufRead, Write};

use super::{Board, Field, MAX_SIDE, PositionError, Square};
use crate::input::{self, CaseReader, Cases, InputError, Pos, Tokens};
use crate::validate::{Lines, Report};

/// One case: a board and the two pieces' starts (checked against the statement's promises).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The board.
    pub board: Board,
    /// The king's start.
    pub king: Square,
    /// The pawn's start.
    pub pawn: Square,
}

/// Reads the cases of a contest input one at a time (see [`cases`]).
pub struct Reader<R> {
    tokens: Tokens<R>,
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

/// Writes the contest line for one case: `White` or `Black`.
///
/// # Errors
/// When writing fails.
pub fn write_verdict(
    out: &mut (impl Write + ?Sized),
    _case: usize,
    white_wins: bool,
) -> io::Result<()> {
    out.write_all(if white_wins { b"White\n" } else { b"Black\n" })
}

/// Writes one case in the input format (after the number of cases).
///
/// # Errors
/// When writing fails.
pub fn write_case(out: &mut impl Write, case: &Case) -> io::Result<()> {
    write!(out, "{}", case.board)?;
    writeln!(out, "{} {}", case.king.x, case.king.y)?;
    writeln!(out, "{} {}", case.pawn.x, case.pawn.y)
}

/// The contest's board: 8 x 8.
pub const OFFICIAL_SIDE: u64 = 8;

/// Checks a file against the statement's exact layout and promises: the number of cases on
/// the first line; per case 8 rows of 8 letters `F`, `D`, `.`, then `xK yK` and `xP yP` on
/// lines of their own (1 to 8, one space), the king not on `F` or `D`, the pawn not on `F`
/// and not on the king.
pub fn validate(text: &[u8]) -> Report {
    let mut lines = Lines::new(text);
    let Some(cases) = lines.number_line("the number of cases") else {
        return lines.finish();
    };
    lines.within(1, cases, 1..=u64::MAX, "the number of cases");
    for case in 1..=cases {
        lines.case = Some(case as usize);
        let mut rows = Vec::new();
        for _ in 0..OFFICIAL_SIDE {
            let Some((line, row)) = lines.next("a board row") else {
                return lines.finish();
            };
            if lines.row(line, row, OFFICIAL_SIDE, b"FD.", "'F', 'D' or '.'") {
                rows.push(
                    row.iter()
                        .filter_map(|&b| Field::of_letter(b))
                        .collect::<Vec<_>>(),
                );
            }
        }
        let square = |lines: &mut Lines<'_>, what: &str| {
            let (line, text) = lines.next(what)?;
            let xy = lines.numbers(line, text, 2, what)?;
            let inside = lines.within(line, xy[0], 1..=OFFICIAL_SIDE, "the column")
                & lines.within(line, xy[1], 1..=OFFICIAL_SIDE, "the row");
            inside.then_some((
                line,
                Square {
                    x: xy[0] as usize,
                    y: xy[1] as usize,
                },
            ))
        };
        let king = square(&mut lines, "the king's line 'xK yK'");
        let pawn = square(&mut lines, "the pawn's line 'xP yP'");
        if let (Ok(board), Some((king_line, king)), Some((pawn_line, pawn))) =
            (Board::from_rows(&rows), king, pawn)
            && let Err(e) = board.check_start(king, pawn)
        {
            let line = match e {
                PositionError::PawnOnForbidden(_) | PositionError::SameSquare(_) => pawn_line,
                _ => king_line,
            };
            lines.violation(line, e.to_string());
        }
    }
    lines.finish()
}

impl<R: BufRead> CaseReader for Reader<R> {
    type Case = Case;

    fn read_case(&mut self) -> Result<Option<Case>, InputError> {
        let declared = match self.declared {
            Some(declared) => declared,
            None => *self
                .declared
                .insert(self.tokens.number("the number of cases")?.0),
        };
        if self.read == declared {
            self.tokens.finish()?;
            return Ok(None);
        }
        self.read += 1;
        let case = self.read as usize;
        self.case().map(Some).map_err(|e| e.in_case(case))
    }
}

impl<R: BufRead> Reader<R> {
    fn case(&mut self) -> Result<Case, InputError> {
        let (rows, x, king_pos) = self.rows()?;
        let (width, height) = (rows[0].len() as u64, rows.len() as u64);
        let board = Board::from_rows(&rows).expect("rows checked while read");
        let (y, _) = self.tokens.number_in(1..=height, "the king's row yK")?;
        let king = Square {
            x: x as usize,
            y: y as usize,
        };
        let (x, pawn_pos) = self.tokens.number_in(1..=width, "the pawn's column xP")?;
        let (y, _) = self.tokens.number_in(1..=height, "the pawn's row yP")?;
        let pawn = Square {
            x: x as usize,
            y: y as usize,
        };
        if let Err(e) = board.check_start(king, pawn) {
            let pos = match e {
                PositionError::PawnOnForbidden(_) | PositionError::SameSquare(_) => pawn_pos,
                _ => king_pos,
            };
            return Err(InputError::rule(pos, e.to_string()));
        }
        Ok(Case { board, king, pawn })
    }

    /// The board's rows, up to the first token that is not a row: the king's column, which is
    /// returned with its position.
    fn rows(&mut self) -> Result<(Vec<Vec<Field>>, u64, Pos), InputError> {
        let mut rows: Vec<Vec<Field>> = Vec::new();
        loop {
            let expected = match rows.first() {
                None => "a board row of 'F', 'D' or '.'".to_string(),
                Some(first) => format!(
                    "a board row of {} fields, or the king's column",
                    first.len()
                ),
            };
            let token = self.tokens.token(&expected)?;
            if token.text[0].is_ascii_digit() && !rows.is_empty() {
                let width = rows[0].len() as u64;
                let x = input::number_of(&token, 1..=width, "the king's column xK")?;
                return Ok((rows, x, token.pos));
            }
            let width = rows.first().map_or(token.text.len(), Vec::len);
            if let Some(at) = token
                .text
                .iter()
                .position(|&b| Field::of_letter(b).is_none())
            {
                let pos = Pos {
                    line: token.pos.line,
                    column: token.pos.column + at,
                };
                return Err(InputError::unexpected(
                    pos,
                    "'F', 'D' or '.'",
                    &token.text[at..=at],
                ));
            }
            if token.text.len() != width || width > MAX_SIDE {
                let expected = format!(
                    "a board row of {} fields (1..={MAX_SIDE})",
                    width.min(MAX_SIDE)
                );
                return Err(InputError::unexpected(token.pos, expected, token.text));
            }
            if rows.len() == MAX_SIDE {
                let expected = format!("the king's column after at most {MAX_SIDE} rows");
                return Err(InputError::unexpected(token.pos, expected, token.text));
            }
            rows.push(
                token
                    .text
                    .iter()
                    .filter_map(|&b| Field::of_letter(b))
                    .collect(),
            );
        }
    }
}
