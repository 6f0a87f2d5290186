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
//! let position = bapc::cases(input.as_bytes()).next().unwrap().unwrap();
//! let mut out = Vec::new();
//! bapc::write_verdict(&mut out, white_wins(&position).into()).unwrap();
//! assert_eq!(out, b"White\n");
//! ```

use std::io::{self, BufRead, Write};

use super::board::{BitRows, Board, Field, MAX_SIDE, Position, PositionError, Square};
use super::verdict::Verdict;
use crate::input::cases::{self, Body, CaseTexts, Cut, Framed, Framing, Glance};
use crate::input::tokens::{self, Tokens};
use crate::input::{InputError, Pos};
use crate::swar::{bytes_equal, leading_above_space};
use crate::validate::{Lines, Report};

/// Reads a contest input from `reader`, one checked position at a time; after the first
/// error, nothing.
pub fn cases<R: BufRead>(reader: R) -> impl Iterator<Item = Result<Position, InputError>> {
    Framed::new(reader, FRAMING, Positions)
}

/// The cases' framing: a count, then the cases.
const FRAMING: Framing = Framing::Counted {
    count: "the number of cases",
};

/// [`cases`], the cases in the usual layout left as their texts for [`read_texts`] (see
/// [`Framed::cutting`]).
pub(crate) fn cut_cases<R: BufRead>(
    reader: R,
) -> impl Iterator<Item = Result<Cut<Position>, InputError>> {
    Framed::new(reader, FRAMING, Positions).cutting()
}

/// Reads the cases of texts cut by [`cut_cases`], as [`cases`] would have read them.
pub(crate) fn read_texts(texts: CaseTexts) -> impl Iterator<Item = Result<Position, InputError>> {
    cases::read_texts(texts, FRAMING, Positions)
}

/// Reads one case: the rows, the king's square, the pawn's.
struct Positions;

/// Writes the contest line for one case: `White` or `Black`.
///
/// # Errors
/// When writing fails.
pub fn write_verdict(out: &mut (impl Write + ?Sized), winner: Verdict) -> io::Result<()> {
    out.write_all(match winner {
        Verdict::White => b"White\n",
        Verdict::Black => b"Black\n",
    })
}

impl From<bool> for Verdict {
    /// `White` for `true` (White wins), else `Black`.
    fn from(white_wins: bool) -> Self {
        if white_wins {
            Verdict::White
        } else {
            Verdict::Black
        }
    }
}

/// Writes one case in the input format (after the number of cases).
///
/// # Errors
/// When writing fails.
pub fn write_case(out: &mut (impl Write + ?Sized), position: &Position) -> io::Result<()> {
    write!(out, "{}", position.board())?;
    let (king, pawn) = (position.king(), position.pawn());
    writeln!(out, "{} {}", king.x, king.y)?;
    writeln!(out, "{} {}", pawn.x, pawn.y)
}

/// The contest's board: 8 x 8.
pub const OFFICIAL_SIDE: u64 = 8;

/// Checks a file against the statement's exact layout and promises: the number of cases on
/// the first line; per case 8 rows of 8 letters `F`, `D`, `.`, then `xK yK` and `xP yP` on
/// lines of their own (1 to 8, one space), the king not on `F` or `D`, the pawn not on `F`
/// and not on the king.
///
/// # Errors
/// Only when reading fails.
pub fn validate(input: &mut dyn BufRead) -> io::Result<Report> {
    let mut lines = Lines::new(input)?;
    let Some(cases) = lines.number_line("the number of cases")? else {
        return lines.finish();
    };
    lines.within(1, cases, 1..=u64::MAX, "the number of cases");
    for case in 1..=cases {
        lines.case = Some(case as usize);
        let mut rows = Vec::new();
        for _ in 0..OFFICIAL_SIDE {
            let Some((line, row)) = lines.next("a board row")? else {
                return lines.finish();
            };
            if lines.row(line, &row, OFFICIAL_SIDE, b"FD.", "'F', 'D' or '.'") {
                rows.push(
                    row.iter()
                        .filter_map(|&b| Field::of_letter(b))
                        .collect::<Vec<_>>(),
                );
            }
        }
        let king = square(&mut lines, "the king's line 'xK yK'")?;
        let pawn = square(&mut lines, "the pawn's line 'xP yP'")?;
        if let (Ok(board), Some((king_line, king)), Some((pawn_line, pawn))) =
            (Board::from_rows(&rows), king, pawn)
            && let Err(e) = Position::new(board, king, pawn)
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

/// A line `x y` of a square on the official board, with its line number.
fn square(lines: &mut Lines<'_>, what: &str) -> io::Result<Option<(usize, Square)>> {
    let Some((line, text)) = lines.next(what)? else {
        return Ok(None);
    };
    let Some(xy) = lines.numbers(line, &text, 2, what) else {
        return Ok(None);
    };
    let inside = lines.within(line, xy[0], 1..=OFFICIAL_SIDE, "the column")
        & lines.within(line, xy[1], 1..=OFFICIAL_SIDE, "the row");
    let square = Square {
        x: xy[0] as usize,
        y: xy[1] as usize,
    };
    Ok(inside.then_some((line, square)))
}

impl<R: BufRead> Body<R> for Positions {
    type Case = Position;

    fn read(
        &mut self,
        tokens: &mut Tokens<R>,
        _: Option<(u64, Pos)>,
    ) -> Result<Position, InputError> {
        if let Some(position) = tokens.quick_lines(quick_case) {
            return Ok(position);
        }
        let (board, x, king_pos) = rows(tokens)?;
        let (width, height) = (board.width() as u64, board.height() as u64);
        let (y, _) = tokens.number_in(1..=height, "the king's row yK")?;
        let king = Square {
            x: x as usize,
            y: y as usize,
        };
        let (x, pawn_pos) = tokens.number_in(1..=width, "the pawn's column xP")?;
        let (y, _) = tokens.number_in(1..=height, "the pawn's row yP")?;
        let pawn = Square {
            x: x as usize,
            y: y as usize,
        };
        Position::new(board, king, pawn).map_err(|e| {
            let pos = match e {
                PositionError::PawnOnForbidden(_) | PositionError::SameSquare(_) => pawn_pos,
                _ => king_pos,
            };
            InputError::illegal(pos, e)
        })
    }

    /// The tokens [`Positions::read`] takes: rows up to the first token that starts with a
    /// digit (the first token is a row whatever it is), then the king's column and three more
    /// numbers. (The contest's layout, a case of the usual one, is tried first by
    /// [`Positions::frame_lines`], which cutting calls.)
    fn frame(&self, buf: &[u8]) -> Option<usize> {
        if let Some(length) = usual_frame(buf) {
            return Some(length);
        }
        let mut glance = Glance::new(buf);
        glance.token()?;
        for _ in 0..=MAX_SIDE {
            if glance.token()?[0].is_ascii_digit() {
                glance.skip(3)?;
                return Some(glance.end());
            }
        }
        // Too many rows: read in the stream, which says so.
        None
    }

    /// A case in the contest's layout has its ten lines of plain bytes ([`contest_frame`]).
    fn frame_lines(&self, buf: &[u8]) -> Option<(usize, Option<usize>)> {
        match contest_frame(buf) {
            Some(length) => Some((length, Some(CONTEST_LINES))),
            None => <Self as Body<R>>::frame(self, buf).map(|length| (length, None)),
        }
    }

    /// A case cut in the contest's layout ([`Positions::frame_lines`]) is read without
    /// checking that layout again.
    fn read_vouched(
        &mut self,
        tokens: &mut Tokens<R>,
        lead: Option<(u64, Pos)>,
    ) -> Result<Position, InputError> {
        let vouched = |buf: &[u8]| {
            let case: &[u8; CONTEST_LENGTH] = buf.get(..CONTEST_LENGTH)?.try_into().ok()?;
            debug_assert!(contest_frame(case).is_some(), "a contest case was cut");
            Some((contest_fields(case)?, CONTEST_LENGTH, Some(CONTEST_LINES)))
        };
        match tokens.quick_lines(vouched) {
            Some(position) => Ok(position),
            None => self.read(tokens, lead),
        }
    }
}

/// The contest's layout exactly: 8 lines of 8 printable ASCII bytes (tokens of `!` to `~`),
/// none but the first starting with a digit, then `x y` and `x y` of one digit each: 80
/// bytes, ten plain lines ([`Body::frame_lines`]). `None` for anything else. Each byte is
/// held to what its place calls for ([`CONTEST_LAYOUT`]) in one pass without a branch, which
/// the compiler turns into vector instructions (the thread that cuts cases for the others
/// does this for every case).
#[inline]
fn contest_frame(buf: &[u8]) -> Option<usize> {
    let case: &[u8; CONTEST_LENGTH] = buf.get(..CONTEST_LENGTH)?.try_into().ok()?;
    let wrong = case
        .iter()
        .zip(&CONTEST_LAYOUT)
        .fold(0u8, |wrong, (&byte, &place)| {
            let token = u8::from(byte.wrapping_sub(b'!') < b'~' - b' ');
            let digit = u8::from(byte.wrapping_sub(b'0') < 10);
            let (line_feed, space) = (u8::from(byte == b'\n'), u8::from(byte == b' '));
            wrong
                | (place & TOKEN & !(token * TOKEN))
                | (place & NOT_DIGIT & (digit * NOT_DIGIT))
                | (place & DIGIT & !(digit * DIGIT))
                | (place & LINE_FEED & !(line_feed * LINE_FEED))
                | (place & SPACE & !(space * SPACE))
        });
    (wrong == 0).then_some(CONTEST_LENGTH)
}

/// The length of a case in the contest's layout.
const CONTEST_LENGTH: usize = 80;
/// Its lines: eight rows and two squares.
const CONTEST_LINES: usize = 10;
/// What a byte of [`CONTEST_LAYOUT`] must be, as flags: `!` to `~`, not a digit, a digit,
/// `\n`, `b' '`.
const TOKEN: u8 = 1;
const NOT_DIGIT: u8 = 2;
const DIGIT: u8 = 4;
const LINE_FEED: u8 = 8;
const SPACE: u8 = 16;
/// Each byte's place in the contest's layout: rows of 8 letters and a line feed (a row after
/// the first not starting with a digit), then `d d\nd d\n`.
const CONTEST_LAYOUT: [u8; CONTEST_LENGTH] = {
    let mut layout = [0; CONTEST_LENGTH];
    let mut at = 0;
    while at < 72 {
        layout[at] = match at % 9 {
            8 => LINE_FEED,
            0 if at > 0 => TOKEN | NOT_DIGIT,
            _ => TOKEN,
        };
        at += 1;
    }
    while at < CONTEST_LENGTH {
        layout[at] = match at % 4 {
            0 | 2 => TOKEN | DIGIT,
            1 => SPACE,
            _ => LINE_FEED,
        };
        at += 1;
    }
    layout
};

/// The length of the case at the start of `buf` in the usual layout, found a word at a time:
/// lines of the same number of bytes above `b' '` (so each a token), ended by `\n`, up to the
/// first line that starts with a digit, then four tokens each ended by one space or line
/// feed. `None` for anything else (which [`Positions::frame`] then glances at token by
/// token).
fn usual_frame(buf: &[u8]) -> Option<usize> {
    let width = token_length(buf, 0)?;
    let mut at = 0;
    for _ in 0..=MAX_SIDE {
        if token_length(buf, at)? != width || *buf.get(at + width)? != b'\n' {
            return None;
        }
        at += width + 1;
        if buf.get(at)?.is_ascii_digit() {
            for _ in 0..4 {
                let length = token_length(buf, at)?;
                if length == 0 || !matches!(buf.get(at + length)?, b' ' | b'\n') {
                    return None;
                }
                at += length + 1;
            }
            return Some(at);
        }
    }
    None
}

/// How many bytes above `b' '` follow `buf[at]` (at most about [`MAX_SIDE`]), eight at a
/// time; `None` when the buffer may end first.
#[inline]
fn token_length(buf: &[u8], at: usize) -> Option<usize> {
    let mut word_at = at;
    while word_at - at <= MAX_SIDE {
        let word = buf.get(word_at..word_at + 8)?;
        let run = leading_above_space(u64::from_le_bytes(word.try_into().ok()?));
        if run < 8 {
            return Some(word_at - at + run);
        }
        word_at += 8;
    }
    None
}

/// The board's rows, up to the first token that is not a row: the king's column, which is
/// returned with its position.
fn rows<R: BufRead>(tokens: &mut Tokens<R>) -> Result<(Board, u64, Pos), InputError> {
    let mut rows: Option<BitRows> = None;
    loop {
        let width = rows.as_ref().map_or(0, BitRows::width);
        // A row is at most MAX_SIDE letters; the king's column a few digits.
        let token = if width == 0 {
            tokens.token(
                MAX_SIDE,
                format_args!("a board row of 1 to {MAX_SIDE} fields 'F', 'D' or '.'"),
            )?
        } else {
            tokens.token(
                MAX_SIDE,
                format_args!("a board row of {width} fields, or the king's column"),
            )?
        };
        if token.text[0].is_ascii_digit() && width > 0 {
            let x = tokens::number_of(&token, 1..=width as u64, "the king's column xK")?;
            let board = rows
                .and_then(BitRows::finish)
                .expect("rows checked while read");
            return Ok((board, x, token.pos));
        }
        if let Some(at) = token
            .text
            .iter()
            .position(|&b| Field::of_letter(b).is_none())
        {
            let column = token.pos.column
                + token.text[..at]
                    .iter()
                    .filter(|&&b| b & 0xc0 != 0x80)
                    .count();
            let pos = Pos {
                line: token.pos.line,
                column,
            };
            let end = at
                + 1
                + token.text[at + 1..]
                    .iter()
                    .take_while(|&&b| b & 0xc0 == 0x80)
                    .count();
            return Err(InputError::unexpected(
                pos,
                "'F', 'D' or '.'",
                &token.text[at..end],
            ));
        }
        let rows = rows.get_or_insert_with(|| BitRows::new(token.text.len()));
        if token.text.len() != rows.width() {
            let expected = format!("a board row of {width} fields");
            return Err(InputError::unexpected(token.pos, expected, token.text));
        }
        if rows.height() == MAX_SIDE {
            let expected = format!("the king's column after at most {MAX_SIDE} rows");
            return Err(InputError::unexpected(token.pos, expected, token.text));
        }
        rows.push_row(token.text.iter().filter_map(|&b| Field::of_letter(b)));
    }
}

/// A case in its usual layout, read in one pass from the reader's buffer (see
/// [`Tokens::quick_lines`]): blank lines or spaces, rows of at most 64 letters each on a line
/// of its own, then `xK yK` and `xP yP` on lines of their own (one space, each line ending in
/// `\n`), all within `buf`, and a start the rules allow. Returns the position, the bytes read
/// and, for a case in the contest's layout ([`contest_case`]), the lines they make; `None` for
/// anything else, which the general reader reads and reports on.
fn quick_case(buf: &[u8]) -> Option<(Position, usize, Option<usize>)> {
    let mut at = buf.iter().position(|&b| b != b'\n' && b != b' ')?;
    if let Some(position) = contest_case(&buf[at..]) {
        // The white space before the case, and its ten lines.
        let before = buf[..at].iter().filter(|&&b| b == b'\n').count();
        return Some((position, at + CONTEST_LENGTH, Some(before + CONTEST_LINES)));
    }
    let (forbidden, dangerous, width) = row_bits(&buf[at..])?;
    let mut rows = BitRows::new(width);
    rows.push_word_row(forbidden, dangerous);
    at += width + 1;
    while !buf.get(at)?.is_ascii_digit() {
        let (forbidden, dangerous, length) = row_bits(&buf[at..])?;
        if length != width || rows.height() == MAX_SIDE {
            return None;
        }
        rows.push_word_row(forbidden, dangerous);
        at += width + 1;
    }
    let board = rows.finish()?;
    let mut square = || {
        let (x, after) = small_number(buf, at, b' ')?;
        let (y, after) = small_number(buf, after, b'\n')?;
        at = after;
        Some(Square { x, y })
    };
    let (king, pawn) = (square()?, square()?);
    Some((Position::new(board, king, pawn).ok()?, at, None))
}

/// The case at the start of `buf` when it is in the contest's layout ([`contest_frame`]),
/// its 64 fields all `F`, `D` or `.` and its position legal: read a row to a word, the board
/// made whole. `None` for anything else, which [`quick_case`] then reads row by row.
#[inline]
fn contest_case(buf: &[u8]) -> Option<Position> {
    contest_frame(buf)?;
    contest_fields(buf.get(..CONTEST_LENGTH)?.try_into().ok()?)
}

/// The position of a case known to be in the contest's layout ([`contest_frame`]), when its
/// 64 fields are all `F`, `D` or `.` and the start is legal.
#[inline]
fn contest_fields(buf: &[u8; CONTEST_LENGTH]) -> Option<Position> {
    let (mut forbidden, mut dangerous) = ([0; 8], [0; 8]);
    let mut letters = u64::MAX;
    for (row, line) in buf.chunks_exact(9).take(8).enumerate() {
        let bytes = u64::from_le_bytes(line[..8].try_into().expect("eight bytes"));
        let (f, d) = (bytes_equal(bytes, b'F'), bytes_equal(bytes, b'D'));
        letters &= f | d | bytes_equal(bytes, b'.');
        (forbidden[row], dangerous[row]) = (f, d);
    }
    if letters != 0xff {
        return None;
    }
    let digit = |at: usize| usize::from(buf[at] - b'0');
    let king = Square {
        x: digit(72),
        y: digit(74),
    };
    let pawn = Square {
        x: digit(76),
        y: digit(78),
    };
    Position::new(Board::contest(forbidden, dangerous), king, pawn).ok()
}

/// A row of 1 to 64 letters `F`, `D`, `.` ended by `\n` at the start of `text`: its `F` and
/// `D` fields as bits (bit `x - 1` for column `x`) and its length. Eight letters at a time;
/// `None` for anything else, or fewer than eight bytes left to look at.
#[inline]
fn row_bits(text: &[u8]) -> Option<(u64, u64, usize)> {
    let (mut forbidden, mut dangerous) = (0u64, 0u64);
    for (k, chunk) in text.chunks_exact(8).take(9).enumerate() {
        let bytes = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let (f, d) = (bytes_equal(bytes, b'F'), bytes_equal(bytes, b'D'));
        let letters = f | d | bytes_equal(bytes, b'.');
        let run = (!letters).trailing_zeros() as usize;
        let kept = (1u64 << run) - 1;
        let shift = 8 * k;
        if run > 0 && shift >= 64 {
            return None;
        }
        forbidden |= (f & kept) << (shift % 64);
        dangerous |= (d & kept) << (shift % 64);
        let length = shift + run;
        if run < 8 {
            let ended = bytes_equal(bytes, b'\n') >> run & 1 == 1;
            return (ended && length > 0).then_some((forbidden, dangerous, length));
        }
        // A row of a multiple of eight letters (the contest's): its end without another
        // eight bytes.
        if text.get(length) == Some(&b'\n') {
            return Some((forbidden, dangerous, length));
        }
    }
    None
}

/// One to three digits at `buf[at..]` followed by `end`: the number and the index after `end`.
#[inline]
fn small_number(buf: &[u8], at: usize, end: u8) -> Option<(usize, usize)> {
    let digits = buf
        .get(at..)?
        .iter()
        .take(4)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 3 || *buf.get(at + digits)? != end {
        return None;
    }
    let number = buf[at..at + digits]
        .iter()
        .fold(0, |n, &b| n * 10 + usize::from(b - b'0'));
    Some((number, at + digits + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`contest_frame`]'s rule, a byte and a row at a time.
    fn contest_frame_by_bytes(buf: &[u8]) -> Option<usize> {
        let case = buf.get(..CONTEST_LENGTH)?;
        let rows = (0..8).all(|r| {
            let row = &case[9 * r..9 * r + 8];
            row.iter().all(|&b| (b'!'..=b'~').contains(&b))
                && case[9 * r + 8] == b'\n'
                && (r == 0 || !row[0].is_ascii_digit())
        });
        let squares = &case[72..];
        let digits = [0, 2, 4, 6].iter().all(|&i| squares[i].is_ascii_digit());
        let between = squares[1] == b' ' && squares[3] == b'\n';
        let again = squares[5] == b' ' && squares[7] == b'\n';
        (rows && digits && between && again).then_some(CONTEST_LENGTH)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The branch-free check against the plain one, on contest cases with a few bytes
        /// changed (to the bytes that matter to it) and cut short.
        #[test]
        fn the_contest_frame_is_the_plain_rule(
            changes in prop::collection::vec(
                (0usize..CONTEST_LENGTH, prop::sample::select(b" \n\t\r.FD09a\x80\xff".to_vec())),
                0..3,
            ),
            length in prop::sample::select(vec![CONTEST_LENGTH, CONTEST_LENGTH + 5, 79, 0]),
        ) {
            let mut case = b"........\n.F......\n......D.\n........\n........\n....F...\n\
                ........\nD.......\n5 4\n2 8\nnext".to_vec();
            for (at, byte) in changes {
                case[at] = byte;
            }
            case.truncate(length);
            prop_assert_eq!(contest_frame(&case), contest_frame_by_bytes(&case));
        }
    }
}
