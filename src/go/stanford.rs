//! Go scoring's contest format (Stanford Local Programming Contest 2007, "Go").
//!
//! Input: cases, then a line holding `0`. A case is `n b w`, then `b` pairs `r c` (black
//! stones), then `w` pairs (white stones), with `1 <= r, c <= n`. Everything is a token
//! separated by any white space: a colour with no stones may have an empty line or none.
//! Output: `Black wins by D`, `White wins by D` or `Draw` per case. [`cases`] streams the
//! positions; [`write_verdict`] writes one line.
//!
//! # Examples
//!
//! ```
//! use arbiter::go::{score, stanford};
//!
//! let input = "2 0 1\n1 1\n0\n";
//! let position = stanford::cases(input.as_bytes()).next().unwrap().unwrap();
//! let mut out = Vec::new();
//! stanford::write_verdict(&mut out, 1, score(&position).verdict()).unwrap();
//! assert_eq!(out, b"White wins by 3\n");
//! ```

use std::fmt;
use std::io::{self, BufRead, Write};

use super::{MAX_SIZE, Position, Stone, Verdict};
use crate::grid::Coord;
use crate::input::{CaseReader, Cases, ErrorKind, InputError, Pos, Tokens};
use crate::validate::{Lines, Report};

/// Reads the positions of a contest input one at a time (see [`cases`]).
pub struct Reader<R> {
    tokens: Tokens<R>,
    read: usize,
    /// The stones' coordinates of the case being read, kept to spare an allocation a case.
    numbers: Vec<(u64, Pos)>,
}

/// Reads a contest input from `reader`.
pub fn cases<R: BufRead>(reader: R) -> Cases<Reader<R>> {
    Cases::new(Reader {
        tokens: Tokens::new(reader),
        read: 0,
        numbers: Vec::new(),
    })
}

/// Writes the contest line for one case (the case number is not part of this format).
///
/// # Errors
/// When writing fails.
pub fn write_verdict(
    out: &mut (impl Write + ?Sized),
    _case: usize,
    verdict: Verdict,
) -> io::Result<()> {
    // Written piece by piece: this runs once a case, and the formatting machinery would
    // cost more than the scoring of a 19 x 19 board.
    match verdict {
        Verdict::Draw => out.write_all(b"Draw\n"),
        Verdict::Win { winner, by } => {
            let winner: &[u8] = if winner == Stone::Black {
                b"Black"
            } else {
                b"White"
            };
            out.write_all(winner)?;
            out.write_all(b" wins by ")?;
            out.write_all(itoa::Buffer::new().format(by).as_bytes())?;
            out.write_all(b"\n")
        }
    }
}

/// Writes one case in the input format (end the input with `0`).
///
/// # Errors
/// When writing fails.
pub fn write_case(out: &mut impl Write, position: &Position) -> io::Result<()> {
    let n = position.size();
    let points = |stone| {
        (0..n * n)
            .map(move |i| Coord {
                row: i / n,
                col: i % n,
            })
            .filter(move |&at| position.get(at) == Some(stone))
    };
    let count = |stone| points(stone).count();
    writeln!(out, "{n} {} {}", count(Stone::Black), count(Stone::White))?;
    for stone in [Stone::Black, Stone::White] {
        let pairs: Vec<String> = points(stone)
            .map(|at| format!("{} {}", at.row + 1, at.col + 1))
            .collect();
        writeln!(out, "{}", pairs.join(" "))?;
    }
    Ok(())
}

/// What a coordinate token is, for messages: "the row of black stone 3 of 12".
struct StoneField {
    stone: Stone,
    number: u64,
    of: u64,
    field: &'static str,
}

impl fmt::Display for StoneField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = self.stone.to_string().to_lowercase();
        if !self.field.is_empty() {
            write!(f, "the {} of ", self.field)?;
        }
        write!(f, "{colour} stone {} of {}", self.number, self.of)
    }
}

/// The official limit on the board size.
pub const OFFICIAL_SIZE: u64 = 19;

/// Checks a file against the statement's layout and official limits: per case a line
/// `n b w` (`1 <= n <= 19`, `1 <= b + w <= n * n`), a line of the `b` black pairs and a line
/// of the `w` white pairs (a colour without stones may have an empty line or none), every
/// point on the board and none twice; then a line `0`.
pub fn validate(text: &[u8]) -> Report {
    let mut lines = Lines::new(text);
    for case in 1.. {
        lines.case = Some(case);
        let Some((line, header)) = lines.next("the line 'n b w', or 0 to end") else {
            break;
        };
        if header == b"0" {
            break;
        }
        let Some(counts) = lines.numbers(line, header, 3, "the line 'n b w'") else {
            break;
        };
        let (n, black, white) = (counts[0], counts[1], counts[2]);
        lines.within(line, n, 1..=OFFICIAL_SIZE, "n");
        // Sizes are still unchecked here: a hostile n must not overflow.
        lines.within(
            line,
            black.saturating_add(white),
            1..=n.saturating_mul(n),
            "b + w",
        );
        let mut taken = std::collections::HashSet::new();
        for (stone, count) in [(Stone::Black, black), (Stone::White, white)] {
            let colour = stone.to_string().to_lowercase();
            if count == 0 {
                // The empty line of a colour without stones may be there or not.
                if lines.peek() == Some(b"") {
                    lines.next("an empty line");
                }
                continue;
            }
            let what = format!("the {count} {colour} pairs");
            let Some((line, pairs)) = lines.next(&what) else {
                break;
            };
            let Some(numbers) = lines.numbers(line, pairs, count.saturating_mul(2) as usize, &what)
            else {
                continue;
            };
            for pair in numbers.chunks(2) {
                let (r, c) = (pair[0], pair[1]);
                if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
                    lines.violation(
                        line,
                        format!("{colour} stone ({r}, {c}) is off the {n} x {n} board"),
                    );
                } else if !taken.insert((r, c)) {
                    lines.violation(
                        line,
                        format!("{colour} stone ({r}, {c}) is on a point already taken"),
                    );
                }
            }
        }
    }
    lines.finish()
}

impl<R: BufRead> CaseReader for Reader<R> {
    type Case = Position;

    fn read_case(&mut self) -> Result<Option<Position>, InputError> {
        let case = self.read + 1;
        let expected = "the board size n, or 0 to end";
        let (n, _) = self
            .tokens
            .number_in(0..=MAX_SIZE as u64, expected)
            .map_err(|e| e.in_case(case))?;
        if n == 0 {
            self.tokens.finish()?;
            return Ok(None);
        }
        self.read = case;
        self.position(n).map(Some).map_err(|e| e.in_case(case))
    }
}

impl<R: BufRead> Reader<R> {
    fn position(&mut self, n: u64) -> Result<Position, InputError> {
        let points = n * n;
        let (black, header) = self
            .tokens
            .number_in(0..=points, "the number of black stones b")?;
        let (white, _) = self.tokens.number_in(
            0..=points - black,
            format_args!("the number of white stones w, with b + w at most n * n = {points}"),
        )?;
        let mut position = Position::new(n as usize);
        // A count that does not match the pairs given shifts every later token; say so with
        // whatever error that causes.
        let hint = |e: InputError| {
            let counts = format!("b = {black} and w = {white} on line {}", header.line);
            with_hint(e, &format!("do the counts {counts} match the pairs given?"))
        };
        for (stone, count) in [(Stone::Black, black), (Stone::White, white)] {
            let field = |k: usize, field| StoneField {
                stone,
                number: k as u64 / 2 + 1,
                of: count,
                field,
            };
            let expected = |k: usize| field(k, if k.is_multiple_of(2) { "row" } else { "column" });
            let pairs = &mut self.numbers;
            self.tokens
                .numbers_in(2 * count as usize, 1..=n, expected, pairs)
                .map_err(hint)?;
            for (k, pair) in pairs.chunks_exact(2).enumerate() {
                let ((row, pos), (col, _)) = (pair[0], pair[1]);
                let at = Coord {
                    row: row as usize - 1,
                    col: col as usize - 1,
                };
                if let Err(occupied) = position.place(at, stone) {
                    let what = field(2 * k, "");
                    return Err(hint(two_on_one_point(pos, what, occupied.by, row, col)));
                }
            }
        }
        Ok(position)
    }
}

fn two_on_one_point(pos: Pos, what: StoneField, by: Stone, row: u64, col: u64) -> InputError {
    let by = by.to_string().to_lowercase();
    let message = format!("{what} is on ({row}, {col}), which already holds a {by} stone");
    InputError::rule(pos, message)
}

/// Adds a hint to the message of an "expected" error.
fn with_hint(mut error: InputError, hint: &str) -> InputError {
    match &mut error.kind {
        ErrorKind::Unexpected { found, .. } => {
            found.push_str(&format!(" ({hint})"));
        }
        ErrorKind::UnexpectedEnd { expected } | ErrorKind::Rule(expected) => {
            expected.push_str(&format!(" ({hint})"));
        }
        _ => {}
    }
    error
}
