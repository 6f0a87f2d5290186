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
//! stanford::write_verdict(&mut out, score(&position).verdict()).unwrap();
//! assert_eq!(out, b"White wins by 3\n");
//! ```

use std::io::{self, BufRead, Write};

use super::position::{MAX_SIZE, Position, Stone};
use super::territory::ContestVerdict;
use crate::grid::Coord;
use crate::input::cases::{self, Body, CaseTexts, Cut, Framed, Framing, Glance};
use crate::input::tokens::Tokens;
use crate::input::{InputError, Pos};
use crate::validate::{Lines, Report};

/// Reads a contest input from `reader`, one position at a time; after the first error,
/// nothing.
pub fn cases<R: BufRead>(reader: R) -> impl Iterator<Item = Result<Position, InputError>> {
    cases_from(reader, Pos { line: 1, column: 1 })
}

/// [`cases`] for a reader that starts at `pos` of its input.
pub(crate) fn cases_from<R: BufRead>(
    reader: R,
    pos: Pos,
) -> impl Iterator<Item = Result<Position, InputError>> {
    Framed::starting_at(reader, FRAMING, Positions::default(), pos)
}

/// [`cases_from`], the cases whose counts are plain numbers left as their texts for
/// [`read_texts`] (see [`Framed::cutting`]).
pub(crate) fn cut_cases_from<R: BufRead>(
    reader: R,
    pos: Pos,
) -> impl Iterator<Item = Result<Cut<Position>, InputError>> {
    Framed::starting_at(reader, FRAMING, Positions::default(), pos).cutting()
}

/// Reads the cases of texts cut by [`cut_cases_from`], as [`cases`] would have read them.
pub(crate) fn read_texts(texts: CaseTexts) -> impl Iterator<Item = Result<Position, InputError>> {
    cases::read_texts(texts, FRAMING, Positions::default())
}

/// The cases' framing: cases until a 0 where the size would be.
const FRAMING: Framing = Framing::UntilZero {
    lead: "the board size n, or 0 to end",
    range: 1..=MAX_SIZE as u64,
};

/// Reads one case's counts and stones, its size read by the framing.
#[derive(Default)]
struct Positions {
    /// The stones' coordinates of the case being read, kept to spare an allocation a case.
    numbers: Vec<(u64, Pos)>,
}

/// Writes the contest line for one case (the case number is not part of this format).
///
/// # Errors
/// When writing fails.
pub fn write_verdict(out: &mut (impl Write + ?Sized), verdict: ContestVerdict) -> io::Result<()> {
    // Written piece by piece: this runs once a case, and the formatting machinery would
    // cost more than the scoring of a 19 x 19 board.
    match verdict {
        ContestVerdict::Draw => out.write_all(b"Draw\n"),
        ContestVerdict::Win { winner, by } => {
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
pub fn write_case(out: &mut (impl Write + ?Sized), position: &Position) -> io::Result<()> {
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

/// A contest case puts a stone on a point that already holds one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} stone {number} of {of} is on ({row}, {col}), which already holds a {} stone",
    stone.name(),
    by.name()
)]
pub struct Clash {
    /// The colour of the stone placed.
    pub stone: Stone,
    /// Which of its colour's stones it is, from 1.
    pub number: u64,
    /// How many stones of its colour the case declares.
    pub of: u64,
    /// The point's row, from 1 as the contest writes it.
    pub row: u64,
    /// The point's column, from 1.
    pub col: u64,
    /// The stone already there.
    pub by: Stone,
}

/// What a coordinate token is, for messages: "the row of black stone 3 of 12".
struct StoneField {
    stone: Stone,
    number: u64,
    of: u64,
    field: &'static str,
}

impl std::fmt::Display for StoneField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (colour, number, of) = (self.stone.name(), self.number, self.of);
        write!(f, "the {} of {colour} stone {number} of {of}", self.field)
    }
}

/// The official limit on the board size.
pub const OFFICIAL_SIZE: u64 = 19;

/// Checks a file against the statement's layout and official limits: per case a line
/// `n b w` (`1 <= n <= 19`, `1 <= b + w <= n * n`), a line of the `b` black pairs and a line
/// of the `w` white pairs (a colour without stones may have an empty line or none), every
/// point on the board and none twice; then a line `0`.
///
/// # Errors
/// Only when reading fails.
pub fn validate(input: &mut dyn BufRead) -> io::Result<Report> {
    let mut lines = Lines::new(input)?;
    for case in 1.. {
        lines.case = Some(case);
        let Some((line, header)) = lines.next("the line 'n b w', or 0 to end")? else {
            break;
        };
        if header == b"0" {
            break;
        }
        let Some(counts) = lines.numbers(line, &header, 3, "the line 'n b w'") else {
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
            let colour = stone.name();
            if count == 0 {
                // The empty line of a colour without stones may be there or not.
                if lines.peek()? == Some(b"") {
                    lines.next("an empty line")?;
                }
                continue;
            }
            let what = format!("the {count} {colour} pairs");
            let Some((line, pairs)) = lines.next(&what)? else {
                break;
            };
            let Some(numbers) =
                lines.numbers(line, &pairs, count.saturating_mul(2) as usize, &what)
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

impl<R: BufRead> Body<R> for Positions {
    type Case = Position;

    fn read(
        &mut self,
        tokens: &mut Tokens<R>,
        lead: Option<(u64, Pos)>,
    ) -> Result<Position, InputError> {
        let n = lead.expect("the framing reads the size").0;
        if let Some(position) = tokens.quick(|buf| quick_case(buf, n as usize)) {
            return Ok(position);
        }
        let points = n * n;
        let (black, header) = tokens.number_in(0..=points, "the number of black stones b")?;
        let (white, _) = tokens.number_in(
            0..=points - black,
            format_args!("the number of white stones w, with b + w at most n * n = {points}"),
        )?;
        let mut position = Position::new(n as usize);
        // A count that does not match the pairs given shifts every later token; say so with
        // whatever error that causes.
        let hint = |e: InputError| {
            let counts = format!("b = {black} and w = {white} on line {}", header.line);
            e.with_hint(format!("do the counts {counts} match the pairs given?"))
        };
        for (stone, count) in [(Stone::Black, black), (Stone::White, white)] {
            let field = |k: usize| StoneField {
                stone,
                number: k as u64 / 2 + 1,
                of: count,
                field: if k.is_multiple_of(2) { "row" } else { "column" },
            };
            let pairs = &mut self.numbers;
            tokens
                .numbers_in(2 * count as usize, 1..=n, field, pairs)
                .map_err(hint)?;
            for (k, pair) in pairs.chunks_exact(2).enumerate() {
                let ((row, pos), (col, _)) = (pair[0], pair[1]);
                let at = Coord {
                    row: row as usize - 1,
                    col: col as usize - 1,
                };
                if let Err(occupied) = position.place(at, stone) {
                    let clash = Clash {
                        stone,
                        number: k as u64 + 1,
                        of: count,
                        row,
                        col,
                        by: occupied.by,
                    };
                    return Err(hint(InputError::illegal(pos, clash)));
                }
            }
        }
        Ok(position)
    }

    /// The tokens of a case, its size (the framing's lead) first: the size, the two counts,
    /// then two coordinates a stone, skipped eight bytes at a time. `None` unless the size and
    /// the counts are plain numbers in range (the stream reads and reports on the rest).
    fn frame(&self, buf: &[u8]) -> Option<usize> {
        let mut glance = Glance::new(buf);
        let n = plain_number(glance.token()?).filter(|n| (1..=MAX_SIZE).contains(n))?;
        let points = n * n;
        let black = plain_number(glance.token()?).filter(|&b| b <= points)?;
        let white = plain_number(glance.token()?).filter(|&w| w <= points - black)?;
        glance.skip_many(2 * (black + white) as u64)?;
        Some(glance.end())
    }
}

/// A token of one to seven digits without a leading zero (or a lone `0`): its value.
fn plain_number(token: &[u8]) -> Option<usize> {
    let plain = (1..=7).contains(&token.len())
        && token.iter().all(u8::is_ascii_digit)
        && (token[0] != b'0' || token.len() == 1);
    plain.then(|| token.iter().fold(0, |n, &d| 10 * n + usize::from(d - b'0')))
}

/// A case after its size `n` in its usual layout, read in one pass from the reader's buffer
/// (see [`Tokens::quick`]): numbers of at most four digits separated by spaces and line feeds,
/// the counts in range, every coordinate on the board, no point taken twice, the last number
/// ended by white space within `buf`. Returns the position and the bytes read up to the last
/// digit, or `None` for anything else, which the general reader reads and reports on.
fn quick_case(buf: &[u8], n: usize) -> Option<(Position, usize)> {
    let mut at = 0;
    let points = n * n;
    let black = next_number(buf, &mut at).filter(|&b| b <= points)?;
    let white = next_number(buf, &mut at).filter(|&w| w <= points - black)?;
    let mut position = Position::new(n);
    for (stone, count) in [(Stone::Black, black), (Stone::White, white)] {
        for _ in 0..count {
            let row = next_number(buf, &mut at).filter(|r| (1..=n).contains(r))?;
            let col = next_number(buf, &mut at).filter(|c| (1..=n).contains(c))?;
            let point = Coord {
                row: row - 1,
                col: col - 1,
            };
            position.place(point, stone).ok()?;
        }
    }
    Some((position, at))
}

/// At `buf[*at..]`: one or more spaces or line feeds, then one to four digits that a space or
/// a line feed ends within `buf`; moves `at` past the digits.
#[inline(always)]
fn next_number(buf: &[u8], at: &mut usize) -> Option<usize> {
    let separator = |b: &u8| *b == b' ' || *b == b'\n';
    let mut i = *at;
    if !separator(buf.get(i)?) {
        return None;
    }
    while buf.get(i).is_some_and(separator) {
        i += 1;
    }
    let start = i;
    let mut value = 0;
    while let Some(digit) = buf.get(i).map(|b| b.wrapping_sub(b'0')).filter(|&d| d <= 9) {
        // A fifth digit: not this layout (and never a number that overflows).
        if i - start == 4 {
            return None;
        }
        value = value * 10 + usize::from(digit);
        i += 1;
    }
    if i == start || !separator(buf.get(i)?) {
        return None;
    }
    *at = i;
    Some(value)
}
