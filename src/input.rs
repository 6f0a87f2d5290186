//! Streaming, position-aware token reading shared by every contest format.
//!
//! All four contest formats are sequences of white-space separated tokens (numbers and board
//! rows), so one reader serves them all. It streams: it holds one buffer of the underlying
//! reader and the current token, never the whole input, so memory follows what has been read.
//! Every token carries its line and column, so every error can say where it happened.
//! CRLF line endings, tabs and runs of blank space are all plain separators.
//!
//! # Examples
//!
//! ```
//! use arbiter::input::Tokens;
//!
//! let mut tokens = Tokens::new("2\r\n  RB\n".as_bytes());
//! assert_eq!(tokens.number("the case count").unwrap().0, 2);
//! let row = tokens.token("a row").unwrap();
//! assert_eq!(row.text, b"RB");
//! assert_eq!((row.pos.line, row.pos.column), (2, 3));
//! ```

use std::fmt;
use std::io::{self, BufRead};

use crate::grid::{Grid, MAX_SIDE};

/// A place in the input: 1-based line and column (columns count bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in bytes, from 1.
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// One white-space separated token and where it starts.
#[derive(Debug)]
pub struct Token<'a> {
    /// The token's bytes (never empty, never containing white space).
    pub text: &'a [u8],
    /// Where the token starts.
    pub pos: Pos,
}

/// What went wrong while reading input.
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    /// The underlying reader failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The input ended where more was required.
    #[error("unexpected end of input: expected {expected}")]
    UnexpectedEnd {
        /// What the format required at this point.
        expected: String,
    },
    /// A token was present but not what the format allows here.
    #[error("expected {expected}, found {found}")]
    Unexpected {
        /// What the format required at this point.
        expected: String,
        /// A printable excerpt of what was there instead.
        found: String,
    },
    /// Well-formed input that breaks a rule of the game (two stones on one point, a piece
    /// starting where it may not).
    #[error("{0}")]
    Rule(String),
    /// Anything found after the input's last case.
    #[error("unexpected {found} after the last case")]
    Trailing {
        /// A printable excerpt of the extra token.
        found: String,
    },
}

/// An input error with its place: the case being read (if any) and the line and column.
#[derive(Debug, thiserror::Error)]
pub struct InputError {
    /// The 1-based case number being read, or `None` before the first case (e.g. the count).
    pub case: Option<usize>,
    /// Where in the input; `None` for errors that have no place (a failing reader).
    pub pos: Option<Pos>,
    /// What went wrong.
    #[source]
    pub kind: ErrorKind,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(case) = self.case {
            write!(f, "case {case}, ")?;
        }
        if let Some(pos) = self.pos {
            write!(f, "{pos}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl InputError {
    /// An error at `pos` saying what was expected and what was found.
    pub fn unexpected(pos: Pos, expected: impl Into<String>, found: &[u8]) -> Self {
        InputError {
            case: None,
            pos: Some(pos),
            kind: ErrorKind::Unexpected {
                expected: expected.into(),
                found: describe(found),
            },
        }
    }

    /// An error at `pos` for input that breaks a rule of the game.
    pub fn rule(pos: Pos, message: impl Into<String>) -> Self {
        InputError {
            case: None,
            pos: Some(pos),
            kind: ErrorKind::Rule(message.into()),
        }
    }

    /// Attaches the case number, keeping one already set.
    pub fn in_case(mut self, case: usize) -> Self {
        self.case.get_or_insert(case);
        self
    }
}

/// Quotes a token for an error message: printable, and at most a few dozen characters long.
pub fn describe(text: &[u8]) -> String {
    const MAX: usize = 24;
    let shown = &text[..text.len().min(MAX)];
    let mut out = format!("'{}'", shown.escape_ascii());
    if text.len() > MAX {
        out.push_str(&format!(" (… {} bytes in all)", text.len()));
    }
    out
}

/// A streaming reader of white-space separated tokens with line and column tracking.
pub struct Tokens<R> {
    reader: R,
    token: Vec<u8>,
    line: usize,
    column: usize,
    /// Where the input ended, for errors at the end.
    end: Pos,
}

/// White space, as a table: one load per byte in the hot loops.
const SPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 6 {
        table[[b' ', b'\n', b'\r', b'\t', b'\x0b', b'\x0c'][i] as usize] = true;
        i += 1;
    }
    table
};

#[inline(always)]
fn is_space(byte: u8) -> bool {
    SPACE[usize::from(byte)]
}

impl<R: BufRead> Tokens<R> {
    /// Reads tokens from `reader`.
    pub fn new(reader: R) -> Self {
        Tokens {
            reader,
            token: Vec::new(),
            line: 1,
            column: 1,
            end: Pos { line: 1, column: 1 },
        }
    }

    /// The next token, or `None` at the end of the input.
    ///
    /// # Errors
    /// Only when the underlying reader fails.
    pub fn next_token(&mut self) -> Result<Option<Token<'_>>, InputError> {
        let found = self.scan(|text, token: &mut Vec<u8>| token.extend_from_slice(text))?;
        Ok(found.map(|((), pos)| Token {
            text: &self.token,
            pos,
        }))
    }

    /// Finds the next token and hands its bytes to `take`, straight from the reader's buffer
    /// when the token lies within it (the common case: no copy), else once its pieces are
    /// gathered. `take` also gets `self.token`, cleared, to keep what it wants of the token.
    fn scan<T>(
        &mut self,
        take: impl FnOnce(&[u8], &mut Vec<u8>) -> T,
    ) -> Result<Option<(T, Pos)>, InputError> {
        let io_error = |e: io::Error| InputError {
            case: None,
            pos: None,
            kind: ErrorKind::Io(io::Error::new(e.kind(), format!("cannot read input: {e}"))),
        };
        let mut start = None;
        let mut pieces = Vec::new();
        self.token.clear();
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io_error(e)),
            };
            if buf.is_empty() {
                self.end = Pos {
                    line: self.line,
                    column: self.column,
                };
                break;
            }
            let mut used = 0;
            if start.is_none() {
                while used < buf.len() && is_space(buf[used]) {
                    if buf[used] == b'\n' {
                        self.line += 1;
                        self.column = 1;
                    } else {
                        self.column += 1;
                    }
                    used += 1;
                }
                if used < buf.len() {
                    start = Some(Pos {
                        line: self.line,
                        column: self.column,
                    });
                }
            }
            let body = used;
            used += buf[body..]
                .iter()
                .position(|&b| is_space(b))
                .unwrap_or(buf.len() - body);
            self.column += used - body;
            let finished = used < buf.len();
            if finished && pieces.is_empty() {
                let taken = take(&buf[body..used], &mut self.token);
                self.reader.consume(used);
                return Ok(start.map(|pos| (taken, pos)));
            }
            pieces.extend_from_slice(&buf[body..used]);
            self.reader.consume(used);
            if finished {
                break;
            }
        }
        let Some(pos) = start else {
            return Ok(None);
        };
        let taken = take(&pieces, &mut self.token);
        Ok(Some((taken, pos)))
    }

    fn end_error(&self, expected: &str) -> InputError {
        InputError {
            case: None,
            pos: Some(self.end),
            kind: ErrorKind::UnexpectedEnd {
                expected: expected.to_string(),
            },
        }
    }

    /// The next token, which must exist; `expected` names it for the error message.
    ///
    /// # Errors
    /// At the end of input, or when the reader fails.
    pub fn token(&mut self, expected: &str) -> Result<Token<'_>, InputError> {
        // Two steps keep the borrow checker content: look, then re-borrow.
        if self.next_token()?.is_none() {
            return Err(self.end_error(expected));
        }
        Ok(Token {
            text: &self.token,
            pos: self.last_pos(),
        })
    }

    fn last_pos(&self) -> Pos {
        Pos {
            line: self.line,
            column: self.column - self.token.len(),
        }
    }

    /// The next token as a non-negative decimal number, with its position.
    ///
    /// # Errors
    /// At the end of input, when the token is not a plain decimal number (a sign, letters,
    /// or too many digits), or when the reader fails.
    pub fn number(&mut self, expected: &str) -> Result<(u64, Pos), InputError> {
        let token = self.token(expected)?;
        match parse_number(token.text) {
            Some(n) => Ok((n, token.pos)),
            None => Err(InputError::unexpected(token.pos, expected, token.text)),
        }
    }

    /// The next number, which must lie in `range`; `expected` says what it is.
    ///
    /// # Errors
    /// As [`Tokens::number`], and when the number lies outside `range`.
    pub fn number_in(
        &mut self,
        range: std::ops::RangeInclusive<u64>,
        expected: impl fmt::Display,
    ) -> Result<(u64, Pos), InputError> {
        if let Some(found) = self.quick_number(&range) {
            return Ok(found);
        }
        // Described only on failure: this runs for every number of the input.
        let described = || format!("{expected} ({}..={})", range.start(), range.end());
        let scanned = self.scan(|text, keep: &mut Vec<u8>| {
            let number = parse_number(text).filter(|n| range.contains(n));
            if number.is_none() {
                keep.extend_from_slice(text);
            }
            number
        })?;
        match scanned {
            None => Err(self.end_error(&described())),
            Some((Some(n), pos)) => Ok((n, pos)),
            Some((None, pos)) => Err(InputError::unexpected(pos, described(), &self.token)),
        }
    }

    /// The common case of [`Tokens::number_in`], done in one pass over the reader's buffer: a
    /// run of digits in `range`, followed by white space within the buffer. Consumes nothing
    /// and returns `None` in every other case, for the general path to handle.
    #[inline]
    fn quick_number(&mut self, range: &std::ops::RangeInclusive<u64>) -> Option<(u64, Pos)> {
        let buf = self.reader.fill_buf().ok()?;
        let start = Pos {
            line: self.line,
            column: self.column,
        };
        let found = number_at(buf, 0, start).filter(|found| range.contains(&found.value))?;
        self.reader.consume(found.end);
        (self.line, self.column) = (found.after.line, found.after.column);
        Some((found.value, found.pos))
    }

    /// Reads `count` numbers in `range` into `out` (cleared first), each with its position;
    /// `expected(k)` describes the `k`-th (from 0) for errors.
    ///
    /// The same as `count` calls of [`Tokens::number_in`], but the numbers that lie whole in
    /// the reader's buffer are read in one tight loop, keeping the bookkeeping of lines and
    /// columns out of the way.
    ///
    /// # Errors
    /// As [`Tokens::number_in`], for the first number that fails.
    pub fn numbers_in<D: fmt::Display>(
        &mut self,
        count: usize,
        range: std::ops::RangeInclusive<u64>,
        expected: impl Fn(usize) -> D,
        out: &mut Vec<(u64, Pos)>,
    ) -> Result<(), InputError> {
        out.clear();
        while out.len() < count {
            if self.quick_numbers(count - out.len(), &range, out) == 0 {
                // A number across the buffer's end, at the end of input, or a bad one.
                let found = self.number_in(range.clone(), expected(out.len()))?;
                out.push(found);
            }
        }
        Ok(())
    }

    /// Reads up to `want` numbers in `range` that lie whole in the reader's buffer, each
    /// followed by white space there; stops before anything else. Returns how many it read.
    fn quick_numbers(
        &mut self,
        want: usize,
        range: &std::ops::RangeInclusive<u64>,
        out: &mut Vec<(u64, Pos)>,
    ) -> usize {
        let Ok(buf) = self.reader.fill_buf() else {
            return 0;
        };
        let mut at = Pos {
            line: self.line,
            column: self.column,
        };
        let (mut taken, mut used) = (0, 0);
        while taken < want {
            let Some(found) = number_at(buf, used, at).filter(|f| range.contains(&f.value)) else {
                break;
            };
            out.push((found.value, found.pos));
            (taken, used, at) = (taken + 1, found.end, found.after);
        }
        self.reader.consume(used);
        (self.line, self.column) = (at.line, at.column);
        taken
    }

    /// Succeeds only when no token is left.
    ///
    /// # Errors
    /// When a token remains (with its position) or the reader fails.
    pub fn finish(&mut self) -> Result<(), InputError> {
        match self.next_token()? {
            None => Ok(()),
            Some(token) => Err(InputError {
                case: None,
                pos: Some(token.pos),
                kind: ErrorKind::Trailing {
                    found: describe(token.text),
                },
            }),
        }
    }
}

/// A contest format's way of reading one case at a time.
pub trait CaseReader {
    /// What one case is.
    type Case;

    /// The next case, or `None` after the last one (having checked that nothing follows).
    ///
    /// # Errors
    /// The first problem of the input, with its case and place.
    fn read_case(&mut self) -> Result<Option<Self::Case>, InputError>;
}

/// The cases of a contest input, read one at a time.
///
/// Yields `Err` once, at the first problem, and then stops.
pub struct Cases<T> {
    reader: T,
    stopped: bool,
}

impl<T> Cases<T> {
    /// The cases `reader` reads.
    pub fn new(reader: T) -> Self {
        Cases {
            reader,
            stopped: false,
        }
    }
}

impl<T: CaseReader> Iterator for Cases<T> {
    type Item = Result<T::Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        let next = self.reader.read_case().transpose();
        self.stopped = !matches!(next, Some(Ok(_)));
        next
    }
}

/// The letters a game writes its cells with, and the cell value of each.
#[derive(Clone, Debug)]
pub struct Alphabet {
    cells: [u8; 256],
    /// The letters as an error message lists them, e.g. `'R', 'B' or '.'`.
    pub letters: &'static str,
}

impl Alphabet {
    /// What [`Alphabet::cell`] gives for a byte that is not one of the letters.
    pub const NOT_A_CELL: u8 = 0x7f;

    /// An alphabet of `(letter, cell value)` pairs; `letters` lists them for messages.
    pub const fn new(pairs: &[(u8, u8)], letters: &'static str) -> Self {
        let mut cells = [Self::NOT_A_CELL; 256];
        let mut i = 0;
        while i < pairs.len() {
            cells[pairs[i].0 as usize] = pairs[i].1;
            i += 1;
        }
        Alphabet { cells, letters }
    }

    /// The cell value of a letter, or [`Alphabet::NOT_A_CELL`].
    #[inline]
    pub fn cell(&self, letter: u8) -> u8 {
        self.cells[usize::from(letter)]
    }
}

impl<R: BufRead> Tokens<R> {
    /// A board size: a number in `1..=MAX_SIDE`; `expected` names it.
    ///
    /// # Errors
    /// As [`Tokens::number_in`].
    pub fn size(&mut self, expected: &str) -> Result<usize, InputError> {
        Ok(self.number_in(1..=MAX_SIDE as u64, expected)?.0 as usize)
    }

    /// `rows` tokens of `cols` letters of `alphabet` each, as a grid.
    ///
    /// Memory grows with the rows actually read, whatever `rows` says.
    ///
    /// # Errors
    /// A missing row, a row of another length, or a letter outside the alphabet, with its
    /// line and column.
    pub fn grid(
        &mut self,
        rows: usize,
        cols: usize,
        alphabet: &Alphabet,
    ) -> Result<Grid, InputError> {
        let mut grid = Grid::with_capacity(rows, cols);
        for _ in 0..rows {
            let expected = format!("a row of {cols} cells from {}", alphabet.letters);
            let row = self.token(&expected)?;
            if row.text.len() != cols {
                let expected = format!("{expected} (this row has {})", row.text.len());
                return Err(InputError::unexpected(row.pos, expected, row.text));
            }
            let cells = grid.push_row_mapped(row.text, |letter| alphabet.cell(letter));
            if let Some(at) = cells.iter().position(|&c| c == Alphabet::NOT_A_CELL) {
                let pos = Pos {
                    line: row.pos.line,
                    column: row.pos.column + at,
                };
                return Err(InputError::unexpected(
                    pos,
                    alphabet.letters,
                    &row.text[at..=at],
                ));
            }
        }
        grid.close();
        Ok(grid)
    }
}

/// A whole text of rows (any number, all as long as there are rows) as a square grid: the
/// reading behind the games' `FromStr` implementations.
///
/// # Errors
/// No rows, too many, or as [`Tokens::grid`].
pub fn square_grid(text: &str, alphabet: &Alphabet) -> Result<Grid, InputError> {
    let size = text.split_ascii_whitespace().count();
    if size == 0 || size > MAX_SIDE {
        let expected = format!("1 to {MAX_SIDE} rows of cells from {}", alphabet.letters);
        let found = format!("{size} rows");
        return Err(InputError::unexpected(
            Pos { line: 1, column: 1 },
            expected,
            found.as_bytes(),
        ));
    }
    let mut tokens = Tokens::new(text.as_bytes());
    let grid = tokens.grid(size, size, alphabet)?;
    Ok(grid)
}

/// A number found in a buffer by [`number_at`].
struct Found {
    value: u64,
    /// Where the number starts.
    pos: Pos,
    /// The buffer index just past it.
    end: usize,
    /// The line and column just past it.
    after: Pos,
}

/// In `buf` from index `i` (at line and column `at`): white space, then a run of at most 18
/// digits that white space ends within `buf`. `None` for anything else: a sign, a letter, a
/// longer number, or one that the buffer's end may cut.
#[inline(always)]
fn number_at(buf: &[u8], mut i: usize, at: Pos) -> Option<Found> {
    let Pos {
        mut line,
        mut column,
    } = at;
    while i < buf.len() && is_space(buf[i]) {
        if buf[i] == b'\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
        i += 1;
    }
    let start = i;
    let mut value: u64 = 0;
    while i < buf.len() && buf[i].is_ascii_digit() && i - start < 18 {
        value = value * 10 + u64::from(buf[i] - b'0');
        i += 1;
    }
    let ended = i < buf.len() && is_space(buf[i]);
    (i > start && ended).then(|| Found {
        value,
        pos: Pos { line, column },
        end: i,
        after: Pos {
            line,
            column: column + (i - start),
        },
    })
}

/// A token already read, as a number in `range`; `expected` says what it is.
///
/// # Errors
/// When the token is not a plain decimal number in `range`.
pub fn number_of(
    token: &Token<'_>,
    range: std::ops::RangeInclusive<u64>,
    expected: impl fmt::Display,
) -> Result<u64, InputError> {
    match parse_number(token.text) {
        Some(n) if range.contains(&n) => Ok(n),
        _ => {
            let expected = format!("{expected} ({}..={})", range.start(), range.end());
            Err(InputError::unexpected(token.pos, expected, token.text))
        }
    }
}

/// Parses a plain decimal number: digits only, at most 19 of them (leading zeros allowed).
fn parse_number(text: &[u8]) -> Option<u64> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let digits = text.iter().skip_while(|&&b| b == b'0').count();
    if digits > 19 {
        return None;
    }
    Some(text.iter().fold(0u64, |n, &b| n * 10 + u64::from(b - b'0')))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_tokens(input: &[u8]) -> Vec<(String, usize, usize)> {
        let mut tokens = Tokens::new(io::BufReader::with_capacity(3, input));
        let mut out = Vec::new();
        while let Some(t) = tokens.next_token().unwrap() {
            out.push((
                String::from_utf8_lossy(t.text).into_owned(),
                t.pos.line,
                t.pos.column,
            ));
        }
        out
    }

    #[test]
    fn tokens_span_buffer_boundaries_and_keep_positions() {
        let got = all_tokens(b"12345 ab\r\n\r\n  xyzzy\tq\n");
        let want = [("12345", 1, 1), ("ab", 1, 7), ("xyzzy", 3, 3), ("q", 3, 9)];
        let want: Vec<_> = want
            .iter()
            .map(|&(s, l, c)| (s.to_string(), l, c))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn numbers_in_reads_across_buffer_ends_with_positions() {
        for capacity in [1, 2, 3, 5, 64] {
            let text = "12 3\n 45\n6 78 9\n";
            let mut tokens = Tokens::new(io::BufReader::with_capacity(capacity, text.as_bytes()));
            let mut out = Vec::new();
            tokens
                .numbers_in(6, 0..=99, |k| format!("number {k}"), &mut out)
                .unwrap();
            let found: Vec<(u64, usize, usize)> = out
                .iter()
                .map(|&(n, pos)| (n, pos.line, pos.column))
                .collect();
            let want = [
                (12, 1, 1),
                (3, 1, 4),
                (45, 2, 2),
                (6, 3, 1),
                (78, 3, 3),
                (9, 3, 6),
            ];
            assert_eq!(found, want, "buffer of {capacity}");
            assert!(tokens.finish().is_ok());
        }
    }

    #[test]
    fn numbers_in_names_the_first_bad_number() {
        let mut tokens = Tokens::new("1 2 300 4\n".as_bytes());
        let mut out = Vec::new();
        let err = tokens
            .numbers_in(4, 0..=99, |k| format!("number {k}"), &mut out)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 5: expected number 2 (0..=99), found '300'"
        );
    }

    #[test]
    fn numbers_reject_signs_letters_and_overflow() {
        assert_eq!(parse_number(b"007"), Some(7));
        assert_eq!(parse_number(b"-1"), None);
        assert_eq!(parse_number(b"1e3"), None);
        assert_eq!(parse_number(b"99999999999999999999"), None);
        assert_eq!(parse_number(b"0000000000000000000000042"), Some(42));
    }

    #[test]
    fn end_of_input_names_what_was_expected() {
        let mut tokens = Tokens::new("1\n".as_bytes());
        tokens.number("T").unwrap();
        let err = tokens.number("N").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 1: unexpected end of input: expected N"
        );
    }

    #[test]
    fn describe_escapes_and_truncates() {
        assert_eq!(describe(b"a\xffb"), "'a\\xffb'");
        assert!(describe(&[b'x'; 100]).ends_with("(… 100 bytes in all)"));
    }
}
