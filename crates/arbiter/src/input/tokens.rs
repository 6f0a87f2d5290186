//! Streaming, bounded, position-aware reading of white-space separated tokens.
//!
//! All four contest formats are sequences of tokens (numbers and board rows), so one reader
//! serves them all. It streams: it holds one buffer of the underlying reader and at most one
//! token, and every read says how long its token may be, so an endless token (`/dev/zero`, a
//! 100 MB row) is an error after a bounded number of bytes, not an allocation of the whole.
//! Every token carries its line and column; a line ends at `\n`, `\r\n` or a lone `\r`, and
//! columns count characters.

use std::fmt;
use std::io::{self, BufRead};
use std::ops::RangeInclusive;

use super::error::{ErrorKind, InputError, Pos, describe, describe_cut};

/// One token and where it starts.
#[derive(Debug)]
pub(crate) struct Token<'a> {
    /// The token's bytes (never empty, never containing white space).
    pub text: &'a [u8],
    /// Where the token starts.
    pub pos: Pos,
}

/// The longest number token read as a number: more digits are an error, not a big number.
const NUMBER_BYTES: usize = 20;

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

/// Whether a byte is white space (space, tab, the line ends, vertical tab, form feed).
#[inline(always)]
pub(crate) fn is_space(byte: u8) -> bool {
    SPACE[usize::from(byte)]
}

/// The reading position: line and column, and whether the last byte was a `\r` (so that a
/// following `\n` does not start another line).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor {
    line: usize,
    column: usize,
    after_cr: bool,
}

impl Cursor {
    /// The start of an input.
    pub(crate) fn start() -> Self {
        Cursor {
            line: 1,
            column: 1,
            after_cr: false,
        }
    }

    /// Whether the last byte stepped over was a `\r`.
    pub(crate) fn after_cr(self) -> bool {
        self.after_cr
    }

    pub(crate) fn pos(self) -> Pos {
        Pos {
            line: self.line,
            column: self.column,
        }
    }

    /// Steps over one white-space byte.
    #[inline(always)]
    pub(crate) fn space(&mut self, byte: u8) {
        match byte {
            b'\n' => {
                self.line += usize::from(!self.after_cr);
                self.column = 1;
                self.after_cr = false;
            }
            b'\r' => {
                self.line += 1;
                self.column = 1;
                self.after_cr = true;
            }
            _ => {
                self.column += 1;
                self.after_cr = false;
            }
        }
    }

    /// Steps over a token's bytes (whole characters; nothing for none).
    #[inline(always)]
    fn text(&mut self, text: &[u8]) {
        if !text.is_empty() {
            self.column += characters(text);
            self.after_cr = false;
        }
    }
}

/// The length of the token at the start of `text`: the bytes before the first white space,
/// or all of them.
#[inline]
fn token_length(text: &[u8]) -> usize {
    // Sixteen bytes at a time while none can be white space (all of it is at most b' '):
    // board rows are long, and a minimum over a block is a few vector instructions.
    const BLOCK: usize = 16;
    let mut start = 0;
    for block in text.chunks_exact(BLOCK) {
        if block.iter().fold(u8::MAX, |least, &b| least.min(b)) <= b' ' {
            break;
        }
        start += BLOCK;
    }
    let rest = &text[start..];
    start + rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len())
}

/// The number of characters in UTF-8 text: its bytes less those that continue a character
/// (0x80 to 0xbf, negative below -0x40 as signed bytes: one comparison, which vectorises).
#[inline]
fn characters(text: &[u8]) -> usize {
    let continuing: usize = text.iter().map(|&b| usize::from((b as i8) < -0x40)).sum();
    text.len() - continuing
}

/// How many bytes [`Tokens::quick`] counts at a time in byte counters.
const STRETCH: usize = 255;

/// A streaming reader of white-space separated tokens with line and column tracking.
pub(crate) struct Tokens<R> {
    reader: R,
    token: Vec<u8>,
    at: Cursor,
    /// Where the input ended, for errors at the end.
    end: Pos,
}

impl<R: BufRead> Tokens<R> {
    /// Reads tokens from `reader`.
    pub fn new(reader: R) -> Self {
        Self::starting_at(reader, Pos { line: 1, column: 1 })
    }

    /// Reads tokens from `reader`, which starts at `pos` of its input (what came before was
    /// read to find out the format).
    pub fn starting_at(reader: R, pos: Pos) -> Self {
        Tokens {
            reader,
            token: Vec::new(),
            at: Cursor {
                line: pos.line,
                column: pos.column,
                after_cr: false,
            },
            end: pos,
        }
    }

    /// Finds the next token of at most `max` bytes and hands its bytes to `take`, straight
    /// from the reader's buffer when the token lies within it (the common case: no copy),
    /// else once its pieces are gathered. `take` also gets `self.token`, cleared, to keep what
    /// it wants of the token.
    ///
    /// A longer token is [`Scanned::TooLong`] after reading `max + 1` of its bytes, its first
    /// bytes kept in `self.token` for the message.
    fn scan<T>(
        &mut self,
        max: usize,
        take: impl FnOnce(&[u8], &mut Vec<u8>) -> T,
    ) -> Result<Scanned<T>, InputError> {
        let mut start = None;
        let mut pieces = Vec::new();
        self.token.clear();
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(read_error(e)),
            };
            if buf.is_empty() {
                self.end = self.at.pos();
                break;
            }
            let mut used = 0;
            if start.is_none() {
                while used < buf.len() && is_space(buf[used]) {
                    self.at.space(buf[used]);
                    used += 1;
                }
                if used < buf.len() {
                    start = Some(self.at.pos());
                }
            }
            let body = used;
            let room = max + 1 - pieces.len();
            let window = &buf[body..buf.len().min(body.saturating_add(room))];
            let length = token_length(window);
            used += length;
            let piece = &buf[body..used];
            self.at.text(piece);
            let too_long = pieces.len() + length > max;
            let finished = used < buf.len() && !too_long;
            if finished && pieces.is_empty() {
                let taken = take(piece, &mut self.token);
                self.reader.consume(used);
                return Ok(match start {
                    Some(pos) => Scanned::Token(taken, pos),
                    None => Scanned::End,
                });
            }
            pieces.extend_from_slice(piece);
            self.reader.consume(used);
            if too_long {
                self.token
                    .extend_from_slice(&pieces[..pieces.len().min(SHOWN)]);
                return Ok(Scanned::TooLong(start.expect("a token has started")));
            }
            if finished {
                break;
            }
        }
        let Some(pos) = start else {
            return Ok(Scanned::End);
        };
        let taken = take(&pieces, &mut self.token);
        Ok(Scanned::Token(taken, pos))
    }

    /// The error for a token longer than `max` bytes, its first bytes in `self.token`.
    fn too_long(&self, pos: Pos, max: usize, expected: String) -> InputError {
        let found = describe_cut(&self.token, max as u64, true);
        InputError::new(Some(pos.into()), ErrorKind::Unexpected { expected, found })
    }

    /// Where the next byte stands.
    pub fn pos(&self) -> Pos {
        self.at.pos()
    }

    /// The reader, to take back what it holds when done.
    pub fn reader_mut(&mut self) -> &mut R {
        &mut self.reader
    }

    /// Whether the last byte read was a `\r` (a line feed next would end the same line).
    pub fn after_cr(&self) -> bool {
        self.at.after_cr
    }

    /// An error at the end of the input, saying what was expected there.
    pub fn end_error(&self, expected: impl Into<String>) -> InputError {
        InputError::end(self.end, expected)
    }

    /// The next token, at most `max` bytes long; `None` at the end of the input.
    ///
    /// # Errors
    /// When the token is longer (naming `expected`), or the reader fails.
    pub fn next_token(
        &mut self,
        max: usize,
        expected: impl FnOnce() -> String,
    ) -> Result<Option<Token<'_>>, InputError> {
        match self.scan(max, |text, token| token.extend_from_slice(text))? {
            Scanned::End => Ok(None),
            Scanned::TooLong(pos) => Err(self.too_long(pos, max, expected())),
            Scanned::Token((), pos) => Ok(Some(Token {
                text: &self.token,
                pos,
            })),
        }
    }

    /// The next token, which must exist and be at most `max` bytes long; `expected` names it
    /// for the error message (and is only written out for one).
    ///
    /// # Errors
    /// At the end of input, for a longer token, or when the reader fails.
    pub fn token(
        &mut self,
        max: usize,
        expected: impl fmt::Display,
    ) -> Result<Token<'_>, InputError> {
        let pos = match self.next_token(max, || expected.to_string())? {
            Some(token) => token.pos,
            None => return Err(self.end_error(expected.to_string())),
        };
        Ok(Token {
            text: &self.token,
            pos,
        })
    }

    /// The next number, which must lie in `range`; `expected` says what it is.
    ///
    /// # Errors
    /// At the end of input, when the token is not a plain decimal number in `range` (a sign,
    /// letters, too many digits), or when the reader fails.
    pub fn number_in(
        &mut self,
        range: RangeInclusive<u64>,
        expected: impl fmt::Display,
    ) -> Result<(u64, Pos), InputError> {
        if let Some(found) = self.quick_number(&range) {
            return Ok(found);
        }
        // Described only on failure: this runs for every number of the input.
        let described = || format!("{expected} ({}..={})", range.start(), range.end());
        let scanned = self.scan(NUMBER_BYTES, |text, keep: &mut Vec<u8>| {
            let number = parse_number(text).filter(|n| range.contains(n));
            if number.is_none() {
                keep.extend_from_slice(text);
            }
            number
        })?;
        match scanned {
            Scanned::End => Err(self.end_error(described())),
            Scanned::TooLong(pos) => Err(self.too_long(pos, NUMBER_BYTES, described())),
            Scanned::Token(Some(n), pos) => Ok((n, pos)),
            Scanned::Token(None, pos) => Err(InputError::unexpected(pos, described(), &self.token)),
        }
    }

    /// The common case of [`Tokens::number_in`], done in one pass over the reader's buffer: a
    /// run of digits in `range`, followed by white space within the buffer. Consumes nothing
    /// and returns `None` in every other case, for the general path to handle.
    #[inline]
    fn quick_number(&mut self, range: &RangeInclusive<u64>) -> Option<(u64, Pos)> {
        let buf = self.reader.fill_buf().ok()?;
        let found = number_at(buf, 0, self.at).filter(|found| range.contains(&found.value))?;
        self.reader.consume(found.end);
        self.at = found.after;
        Some((found.value, found.pos))
    }

    /// A game's common layout, read in one pass straight from the reader's buffer: `parse`
    /// gets what the buffer holds and returns a value with the number of bytes it used, which
    /// are then consumed. The used bytes must be printable ASCII, spaces and `\n`s (no `\r`,
    /// tab or other control byte), so that the line and column follow from the `\n`s alone
    /// and `parse` may take every byte up to `b' '` for white space. When `parse` declines (a
    /// layout of its own not met, a case cut by the buffer's end, anything to report), or the
    /// bytes break that rule, nothing is consumed and `None` is returned: the general path
    /// reads the same bytes and says what is wrong where.
    #[inline]
    pub fn quick<T>(&mut self, parse: impl FnOnce(&[u8]) -> Option<(T, usize)>) -> Option<T> {
        self.quick_lines(|buf| parse(buf).map(|(value, used)| (value, used, None)))
    }

    /// [`Tokens::quick`], for a `parse` that may also say how many lines the bytes it used
    /// make, having held every one of them to a layout of its own: `Some(lines)` promises
    /// that they are all printable ASCII, spaces or `\n`s, `lines` of them `\n`s, the last
    /// byte one. Those bytes are then not looked at again (two passes over them, as long as
    /// reading the contest's Cheesy Chess case).
    #[inline]
    pub fn quick_lines<T>(
        &mut self,
        parse: impl FnOnce(&[u8]) -> Option<(T, usize, Option<usize>)>,
    ) -> Option<T> {
        let buf = self.reader.fill_buf().ok()?;
        let (value, used, lines) = parse(buf)?;
        let text = buf.get(..used)?;
        if let Some(lines) = lines {
            debug_assert!(
                text.last() == Some(&b'\n')
                    && text.iter().filter(|&&b| b == b'\n').count() == lines
                    && text
                        .iter()
                        .all(|&b| b == b'\n' || (b' '..=b'~').contains(&b)),
                "the layout promised plain lines"
            );
            // A `\n` right after a `\r` ends the line the `\r` ended.
            let continued = self.at.after_cr && text.first() == Some(&b'\n');
            self.at.line += lines.saturating_sub(usize::from(continued));
            self.at.column = 1;
            self.at.after_cr = false;
            self.reader.consume(used);
            return Some(value);
        }
        // Passes that vectorise, 255 bytes at a time (byte counters), sixteen bytes to a
        // vector instruction: the newlines, whether any byte is not plain ASCII or is a control
        // byte other than `\n`, and which stretch holds the last newline.
        let (mut newlines, mut odd, mut last_stretch) = (0, 0, None);
        for (k, chunk) in text.chunks(STRETCH).enumerate() {
            let found = chunk.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
            // Outside b' '..=b'~' (a control byte, DEL or not ASCII), and not a `\n`.
            odd |= chunk.iter().fold(0u8, |odd, &b| {
                odd | (u8::from(b.wrapping_sub(b' ') > b'~' - b' ') & u8::from(b != b'\n'))
            });
            newlines += usize::from(found);
            if found > 0 {
                last_stretch = Some(k);
            }
        }
        if odd != 0 {
            return None;
        }
        let last_newline = last_stretch.and_then(|k| {
            let stretch = &text[k * STRETCH..text.len().min((k + 1) * STRETCH)];
            Some(k * STRETCH + stretch.iter().rposition(|&b| b == b'\n')?)
        });
        match last_newline {
            Some(last) => {
                // A `\n` right after a `\r` ends the line the `\r` ended.
                let continued = self.at.after_cr && text[0] == b'\n';
                self.at.line += newlines - usize::from(continued);
                self.at.column = used - last;
            }
            None => self.at.column += used,
        }
        if used > 0 {
            self.at.after_cr = false;
        }
        self.reader.consume(used);
        Some(value)
    }

    /// Reads `count` numbers in `range` into `out` (cleared first), each with its position;
    /// `expected(k)` describes the `k`-th (from 0) for errors.
    ///
    /// The same as `count` calls of [`Tokens::number_in`], but the numbers that lie whole in
    /// the reader's buffer are read in one tight loop.
    ///
    /// # Errors
    /// As [`Tokens::number_in`], for the first number that fails.
    pub fn numbers_in<D: fmt::Display>(
        &mut self,
        count: usize,
        range: RangeInclusive<u64>,
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
        range: &RangeInclusive<u64>,
        out: &mut Vec<(u64, Pos)>,
    ) -> usize {
        let Ok(buf) = self.reader.fill_buf() else {
            return 0;
        };
        let (mut taken, mut used, mut at) = (0, 0, self.at);
        while taken < want {
            let Some(found) = number_at(buf, used, at).filter(|f| range.contains(&f.value)) else {
                break;
            };
            out.push((found.value, found.pos));
            (taken, used, at) = (taken + 1, found.end, found.after);
        }
        self.reader.consume(used);
        self.at = at;
        taken
    }

    /// Succeeds only when no token is left.
    ///
    /// # Errors
    /// When a token remains (with its position; only its first bytes are read) or the
    /// reader fails.
    pub fn finish(&mut self) -> Result<(), InputError> {
        let trailing = |pos: Pos, found: String| {
            InputError::new(Some(pos.into()), ErrorKind::Trailing { found })
        };
        match self.scan(SHOWN, |text, keep| keep.extend_from_slice(text))? {
            Scanned::End => Ok(()),
            Scanned::Token((), pos) => Err(trailing(pos, describe(&self.token))),
            Scanned::TooLong(pos) => {
                Err(trailing(pos, describe_cut(&self.token, SHOWN as u64, true)))
            }
        }
    }
}

/// What [`Tokens::scan`] found.
enum Scanned<T> {
    /// The end of the input.
    End,
    /// A token, as `take` made it, and where it starts.
    Token(T, Pos),
    /// A token longer than allowed, and where it starts.
    TooLong(Pos),
}

/// How many bytes of an overlong token an error message keeps.
const SHOWN: usize = 64;

fn read_error(e: io::Error) -> InputError {
    InputError::io(io::Error::new(e.kind(), format!("cannot read input: {e}")))
}

/// A number found in a buffer by [`number_at`].
struct Found {
    value: u64,
    /// Where the number starts.
    pos: Pos,
    /// The buffer index just past it.
    end: usize,
    /// The reading position just past it.
    after: Cursor,
}

/// In `buf` from index `i` (at `at`): white space, then a run of at most 18 digits that white
/// space ends within `buf`. `None` for anything else: a sign, a letter, a longer number, or
/// one that the buffer's end may cut.
#[inline(always)]
fn number_at(buf: &[u8], mut i: usize, mut at: Cursor) -> Option<Found> {
    while i < buf.len() && is_space(buf[i]) {
        at.space(buf[i]);
        i += 1;
    }
    let start = i;
    let mut value: u64 = 0;
    while i < buf.len() && buf[i].is_ascii_digit() && i - start < 18 {
        value = value * 10 + u64::from(buf[i] - b'0');
        i += 1;
    }
    let ended = i < buf.len() && is_space(buf[i]);
    (i > start && ended).then(|| {
        let pos = at.pos();
        at.column += i - start;
        at.after_cr = false;
        Found {
            value,
            pos,
            end: i,
            after: at,
        }
    })
}

/// A token already read, as a number in `range`; `expected` says what it is.
///
/// # Errors
/// When the token is not a plain decimal number in `range`.
pub(crate) fn number_of(
    token: &Token<'_>,
    range: RangeInclusive<u64>,
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
        while let Some(t) = tokens.next_token(100, String::new).unwrap() {
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
    fn a_lone_carriage_return_ends_a_line() {
        let got = all_tokens(b"a\rb\r\nc\n\rd");
        let lines: Vec<usize> = got.iter().map(|t| t.1).collect();
        assert_eq!(lines, [1, 2, 3, 5]);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let got = all_tokens("ＲＲ x".as_bytes());
        assert_eq!((got[1].1, got[1].2), (1, 4));
    }

    #[test]
    fn an_endless_token_stops_at_its_bound() {
        // A reader that never ends: the error must come after a bounded read.
        let endless = io::repeat(b'R');
        let mut tokens = Tokens::new(io::BufReader::with_capacity(1 << 16, endless));
        let error = tokens.token(1000, "a row of 1000 cells").unwrap_err();
        let text = error.to_string();
        assert!(text.starts_with("line 1, column 1: expected a row of 1000 cells, found 'RRR"));
        assert!(text.ends_with("(… more than 1000 bytes in all)"), "{text}");
        let mut tokens = Tokens::new(io::BufReader::new(io::repeat(b'7')));
        let error = tokens.number_in(0..=9, "N").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("expected N (0..=9), found '7777")
        );
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
    fn a_quick_read_keeps_lines_and_columns() {
        // Letters read quickly, then the general path: positions as if every token had been
        // read one by one.
        let mut tokens = Tokens::new("ab\ncd e\r\nf g".as_bytes());
        let quick = tokens.quick(|buf| Some((buf[..2].to_vec(), 3)));
        assert_eq!(quick.as_deref(), Some(&b"ab"[..]));
        let cd = tokens.next_token(9, String::new).unwrap().unwrap().pos;
        assert_eq!((cd.line, cd.column), (2, 1));
        assert!(tokens.quick(|_| None::<((), usize)>).is_none());
        // A `\r` is left to the general path.
        assert!(tokens.quick(|buf| Some(((), buf.len()))).is_none());
        let e = tokens.next_token(9, String::new).unwrap().unwrap().pos;
        assert_eq!((e.line, e.column), (2, 4));
        tokens.next_token(9, String::new).unwrap().unwrap();
        // Within a line, the column moves on.
        assert!(tokens.quick(|_| Some(((), 1))).is_some());
        let g = tokens.next_token(9, String::new).unwrap().unwrap().pos;
        assert_eq!((g.line, g.column), (3, 3));
    }

    #[test]
    fn a_quick_read_of_known_lines_moves_to_the_next_line() {
        // Two lines the layout vouched for, after a line of its own: the next token is read
        // at the start of the third line, as if the bytes had been looked at.
        let mut tokens = Tokens::new("5\nab\ncd\n  x".as_bytes());
        tokens.next_token(9, String::new).unwrap().unwrap();
        let read = tokens.quick_lines(|buf| Some((buf[1..3].to_vec(), 7, Some(3))));
        assert_eq!(read.as_deref(), Some(&b"ab"[..]));
        let x = tokens.next_token(9, String::new).unwrap().unwrap().pos;
        assert_eq!((x.line, x.column), (4, 3));
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
        tokens.number_in(0..=9, "T").unwrap();
        let err = tokens.number_in(0..=9, "N").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 1: unexpected end of input: expected N (0..=9)"
        );
    }

    #[test]
    fn trailing_text_is_named_without_reading_it_all_into_memory() {
        let mut tokens = Tokens::new("1 xyz".as_bytes());
        tokens.number_in(0..=9, "T").unwrap();
        assert_eq!(
            tokens.finish().unwrap_err().to_string(),
            "line 1, column 3: unexpected 'xyz' after the last case"
        );
    }
}
