//! Case framing: how a contest input says where its cases begin and end.
//!
//! Contest inputs come in two shapes: "a count, then that many cases" (the Hex judge, Cheesy
//! Chess) and "cases until a line holding 0" (Il Gioco dell'X, Go scoring), where the 0 stands
//! in the place of a case's first number. [`Framed`] reads either shape once for every format;
//! a format supplies only a [`Body`], which reads one case.
//!
//! A framed input yields each case, then, at the first problem, one error, and then stops. It
//! checks that nothing follows the last case.
//!
//! To read on many threads, [`Framed::cutting`] leaves cases whose layout its [`Body`] can
//! find at a glance ([`Body::frame`]) as their texts, many consecutive cases copied out of the
//! reader's buffer in one piece, a [`CaseTexts`], for [`read_texts`] to read on another thread
//! exactly as they would have been read in the stream: the same cases, or the same error at
//! the same line and column. Only the glance is left to the thread that reads the input, so
//! the cases of one file are read on every core.

use std::io::{self, BufRead};
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};

use super::error::{InputError, Pos};
use super::tokens::{Tokens, is_space};

/// The largest number of cases a counted input may declare: far more than any file holds,
/// and nothing is allocated for it.
const MAX_CASES: u64 = 1_000_000_000_000;

/// How an input frames its cases.
#[derive(Clone, Debug)]
pub(crate) enum Framing {
    /// A count, then that many cases; `count` names the count in messages.
    Counted {
        /// What the count is, e.g. "the number of cases T".
        count: &'static str,
    },
    /// Cases until a 0 where a case's first number would be.
    UntilZero {
        /// What a case's first number is, e.g. "the board size N, or 0 to end".
        lead: &'static str,
        /// The values a case's first number may take (0 always ends the input).
        range: RangeInclusive<u64>,
    },
}

/// Reads one case of a format.
pub(crate) trait Body<R> {
    /// What a case is.
    type Case;

    /// Reads one case from `tokens`; `lead` is the case's first number when the framing
    /// has read it (the until-zero framing).
    ///
    /// # Errors
    /// The first problem of the case, with its place (the framing adds the case number).
    fn read(
        &mut self,
        tokens: &mut Tokens<R>,
        lead: Option<(u64, Pos)>,
    ) -> Result<Self::Case, InputError>;

    /// The length of the next case's text at the start of `buf` (the white space before it,
    /// and one byte of white space after it, included; for the until-zero framing, the case's
    /// first number too), found at a glance (see [`Glance`]) without reading the case: the
    /// tokens [`Body::read`] would take, counted the same way, all within `buf`. `None` when
    /// unsure (a count out of range, a case that may go past `buf`, the 0 that ends the
    /// input): the case is then read in the stream. Every byte up to `b' '` may be taken for
    /// white space: texts with control bytes other than `\n` are read in the stream anyway
    /// ([`Tokens::quick`] declines them). By default, always `None`.
    fn frame(&self, buf: &[u8]) -> Option<usize> {
        let _ = buf;
        None
    }

    /// [`Body::frame`], with the number of lines of the case's text when the glance held
    /// every byte of it to a layout of its own (as [`Tokens::quick_lines`] asks): the text
    /// cut is then not looked at again. By default, [`Body::frame`] and `None`.
    fn frame_lines(&self, buf: &[u8]) -> Option<(usize, Option<usize>)> {
        self.frame(buf).map(|length| (length, None))
    }

    /// [`Body::read`], for a case of texts whose every case [`Body::frame_lines`] held to its
    /// layout when they were cut (the same bytes): what that glance checked need not be
    /// checked again. By default, [`Body::read`].
    ///
    /// # Errors
    /// As [`Body::read`].
    fn read_vouched(
        &mut self,
        tokens: &mut Tokens<R>,
        lead: Option<(u64, Pos)>,
    ) -> Result<Self::Case, InputError> {
        self.read(tokens, lead)
    }
}

/// The texts of consecutive cases, cut from an input in one piece by `Framed::cutting` to
/// be read on another thread (`read_texts`): their bytes, where they start in the input,
/// the first case's number and how many cases they hold.
#[derive(Clone, Debug)]
pub struct CaseTexts {
    bytes: Vec<u8>,
    pos: Pos,
    first: u64,
    count: u64,
    /// Whether [`Body::frame_lines`] held every case to its layout as it was cut.
    vouched: bool,
    /// Where the bytes' buffer goes back to once read.
    spares: Arc<Spares>,
}

impl Drop for CaseTexts {
    fn drop(&mut self) {
        self.spares.give(std::mem::take(&mut self.bytes));
    }
}

/// Buffers of case texts read and handed back, for the next texts cut: memory the allocator
/// would otherwise take afresh from the system (and the system zero) for every piece.
#[derive(Debug, Default)]
struct Spares(Mutex<Vec<Vec<u8>>>);

/// The most spare buffers kept: a few for every thread that reads texts.
const MAX_SPARES: usize = 64;

impl Spares {
    fn take(&self) -> Vec<u8> {
        let spare = self.0.lock().ok().and_then(|mut spares| spares.pop());
        spare.unwrap_or_default()
    }

    fn give(&self, mut bytes: Vec<u8>) {
        if bytes.capacity() == 0 {
            return;
        }
        bytes.clear();
        if let Ok(mut spares) = self.0.lock()
            && spares.len() < MAX_SPARES
        {
            spares.push(bytes);
        }
    }
}

impl CaseTexts {
    /// The texts' length in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the texts are empty (never, for texts cut from an input).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// How many cases the texts hold.
    pub fn cases(&self) -> usize {
        self.count as usize
    }
}

/// What `Framed::cutting` (and [`crate::Game::read_for_threads`]) yields: a case read in the
/// stream, or the texts of consecutive cases for another thread to read.
#[derive(Debug)]
pub enum Cut<C> {
    /// A case read.
    Read(C),
    /// The texts of one or more consecutive cases.
    Texts(CaseTexts),
}

/// Reads the cases of texts cut by [`Framed::cutting`], as [`Framed`] would have read them in
/// the stream: the same cases, or the same first error, with the cases' numbers; after an
/// error, nothing.
pub(crate) fn read_texts<B: Body<io::Cursor<Vec<u8>>>>(
    mut texts: CaseTexts,
    framing: Framing,
    body: B,
) -> impl Iterator<Item = Result<B::Case, InputError>> {
    let bytes = std::mem::take(&mut texts.bytes);
    TextCases {
        tokens: Tokens::starting_at(io::Cursor::new(bytes), texts.pos),
        next: texts.first,
        failed: false,
        texts,
        framing,
        body,
    }
}

/// The cases of [`CaseTexts`] being read; their buffer goes back to the spares when done.
struct TextCases<B> {
    tokens: Tokens<io::Cursor<Vec<u8>>>,
    /// The texts, their bytes taken into `tokens` until dropped.
    texts: CaseTexts,
    framing: Framing,
    body: B,
    next: u64,
    failed: bool,
}

impl<B> Drop for TextCases<B> {
    fn drop(&mut self) {
        self.texts.bytes = std::mem::take(self.tokens.reader_mut().get_mut());
    }
}

impl<B: Body<io::Cursor<Vec<u8>>>> Iterator for TextCases<B> {
    type Item = Result<B::Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.next == self.texts.first + self.texts.count {
            return None;
        }
        let case = self.next as usize;
        self.next += 1;
        let lead = match &self.framing {
            Framing::Counted { .. } => None,
            // The glance took a first number in range.
            Framing::UntilZero { lead, range } => {
                match self.tokens.number_in(range.clone(), lead) {
                    Ok(lead) => Some(lead),
                    Err(e) => {
                        self.failed = true;
                        return Some(Err(e.in_case(case)));
                    }
                }
            }
        };
        let read = if self.texts.vouched {
            self.body.read_vouched(&mut self.tokens, lead)
        } else {
            self.body.read(&mut self.tokens, lead)
        };
        self.failed = read.is_err();
        Some(read.map_err(|e| e.in_case(case)))
    }
}

/// A quick look at the tokens at the start of a buffer, for [`Body::frame`]: no places, no
/// errors, and `None` as soon as a token may go past the buffer's end.
pub(crate) struct Glance<'a> {
    buf: &'a [u8],
    at: usize,
}

impl<'a> Glance<'a> {
    /// Looks at `buf` from its start.
    pub fn new(buf: &'a [u8]) -> Self {
        Glance { buf, at: 0 }
    }

    /// The next token, white space before it skipped; `None` when the buffer ends before
    /// white space ends the token.
    #[inline]
    pub fn token(&mut self) -> Option<&'a [u8]> {
        let (buf, mut at) = (self.buf, self.at);
        while at < buf.len() && is_space(buf[at]) {
            at += 1;
        }
        let start = at;
        while at < buf.len() && !is_space(buf[at]) {
            at += 1;
        }
        if at == buf.len() {
            return None;
        }
        self.at = at;
        Some(&buf[start..at])
    }

    /// Steps over `count` tokens.
    pub fn skip(&mut self, count: u64) -> Option<()> {
        for _ in 0..count {
            self.token()?;
        }
        Some(())
    }

    /// Steps over `count` tokens as [`Glance::skip`] does, whole blocks first
    /// ([`Glance::skip_blocks`]), then eight bytes at a time: a long run of short tokens (Go's
    /// coordinates) costs several instructions a byte token by token. Every byte up to `b' '`
    /// is taken for white space, as it is in the texts [`Tokens::quick`] takes (which have no
    /// other control bytes than `\n`).
    pub fn skip_many(&mut self, count: u64) -> Option<()> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x80 * ONES;
        let buf = self.buf;
        let (mut at, mut left) = self.skip_blocks(count);
        // Bit 7 when the byte before `at` is white space: at first, a byte that is not white
        // space at `at` starts a token, as for `token`, which takes whatever is there.
        let mut space_before = if at > self.at {
            u64::from(buf[at - 1] <= b' ') << 7
        } else {
            0x80
        };
        while left > 0 {
            let Some(word) = buf.get(at..at + 8) else {
                break;
            };
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            // Bit 7 of each byte that is at most b' ' (no borrow crosses a byte: each is
            // 0x80 or more before the subtraction).
            let space = !((word | HIGH) - 0x21 * ONES) & !word & HIGH;
            let starts = !space & HIGH & (space << 8 | space_before);
            // The starts counted by adding the bytes (each 0 or 1) into the top one: a
            // multiplication, where `count_ones` without the POPCNT instruction (not in the
            // x86-64 baseline) is a dozen.
            let found = (starts >> 7).wrapping_mul(ONES) >> 56;
            if found < left {
                left -= found;
                space_before = space >> 56;
                at += 8;
                continue;
            }
            let mut last = starts;
            for _ in 1..left {
                last &= last - 1;
            }
            let start = last.trailing_zeros() / 8;
            self.at = at + start as usize;
            let ends = space >> (8 * start);
            if ends != 0 {
                self.at += ends.trailing_zeros() as usize / 8;
                return Some(());
            }
            // The token runs on past the word.
            return self.skip(1);
        }
        if space_before == 0 && left < count {
            // In the middle of a token already counted: step to its end first.
            while !is_space(*buf.get(at)?) {
                at += 1;
            }
        }
        self.at = at;
        self.skip(left)
    }

    /// Steps over whole blocks of [`BLOCK`] bytes while they start fewer tokens than are
    /// left to skip; returns where it stopped and how many are left. The starts of a block
    /// are counted without a branch a byte, which the compiler turns into vector
    /// instructions: about one instruction a byte, where the words of [`Glance::skip_many`]
    /// take four.
    fn skip_blocks(&self, count: u64) -> (usize, u64) {
        let (buf, mut at, mut left) = (self.buf, self.at, count);
        // Each byte with the one before it; at first the byte before `at` counts as white
        // space (a token there is taken whole, as `token` takes it).
        let Some(before) = at.checked_sub(1) else {
            return (at, left);
        };
        let mut first = u64::from(buf.get(at).is_some_and(|&b| b > b' ') && buf[before] > b' ');
        while let Some(block) = buf.get(at - 1..at + BLOCK) {
            let found = first + token_starts(block.try_into().expect("a block and a byte"));
            if found >= left {
                break;
            }
            (at, left, first) = (at + BLOCK, left - found, 0);
        }
        (at, left)
    }

    /// The length looked at, with the byte of white space after the last token.
    pub fn end(&self) -> usize {
        // `token` found white space after the last token.
        self.at + 1
    }
}

/// The bytes [`Glance::skip_blocks`] counts the token starts of at once.
const BLOCK: usize = 64;

/// The token starts among the last [`BLOCK`] bytes of `bytes` (a byte above `b' '` after one
/// that is not), the first byte only looked at as the one before.
#[inline]
fn token_starts(bytes: &[u8; BLOCK + 1]) -> u64 {
    let (before, bytes) = (&bytes[..BLOCK], &bytes[1..]);
    let starts = bytes
        .iter()
        .zip(before)
        .fold(0u8, |starts, (&byte, &before)| {
            starts + (u8::from(byte > b' ') & u8::from(before <= b' '))
        });
    u64::from(starts)
}

/// The cases of a framed input, read one at a time.
pub(crate) struct Framed<R, B> {
    tokens: Tokens<R>,
    body: B,
    framing: Framing,
    /// The declared number of cases, once read (the counted framing).
    declared: Option<u64>,
    read: u64,
    stopped: bool,
    /// Cases to read in the stream before cutting again: those of texts that could not be
    /// cut as they stood (a control byte other than `\n`, or one that is not ASCII, in them).
    in_stream: u64,
    spares: Arc<Spares>,
}

impl<R: BufRead, B: Body<R>> Framed<R, B> {
    /// The cases of `reader`, framed by `framing`, each read by `body`.
    pub fn new(reader: R, framing: Framing, body: B) -> Self {
        Self::starting_at(reader, framing, body, Pos { line: 1, column: 1 })
    }

    /// As [`Framed::new`], for a reader that starts at `pos` of its input.
    pub fn starting_at(reader: R, framing: Framing, body: B, pos: Pos) -> Self {
        Framed {
            tokens: Tokens::starting_at(reader, pos),
            body,
            framing,
            declared: None,
            read: 0,
            stopped: false,
            in_stream: 0,
            spares: Arc::default(),
        }
    }

    /// The next case, or `None` after the last one (having checked that nothing follows).
    fn next_case(&mut self) -> Result<Option<B::Case>, InputError> {
        let case = self.read as usize + 1;
        let lead = match &self.framing {
            Framing::Counted { count } => {
                let declared = match self.declared {
                    Some(declared) => declared,
                    None => *self
                        .declared
                        .insert(self.tokens.number_in(0..=MAX_CASES, count)?.0),
                };
                if self.read == declared {
                    self.tokens.finish()?;
                    return Ok(None);
                }
                None
            }
            Framing::UntilZero { lead, range } => {
                let (first, pos) = self
                    .tokens
                    .number_in(0..=*range.end(), lead)
                    .map_err(|e| e.in_case(case))?;
                if first == 0 {
                    self.tokens.finish()?;
                    return Ok(None);
                }
                if !range.contains(&first) {
                    let expected = format!("{lead} ({}..={})", range.start(), range.end());
                    let found = first.to_string();
                    return Err(
                        InputError::unexpected(pos, expected, found.as_bytes()).in_case(case)
                    );
                }
                Some((first, pos))
            }
        };
        self.read += 1;
        let read = self.body.read(&mut self.tokens, lead);
        read.map(Some).map_err(|e| e.in_case(case))
    }
}

impl<R: BufRead, B: Body<R>> Framed<R, B> {
    /// The cases, those whose layout [`Body::frame`] finds left as their texts, many
    /// consecutive cases in one piece (see [`read_texts`]), the others read.
    pub fn cutting(self) -> impl Iterator<Item = Result<Cut<B::Case>, InputError>> {
        let mut framed = self;
        std::iter::from_fn(move || {
            if let Some(texts) = framed.cut() {
                return Some(Ok(Cut::Texts(texts)));
            }
            framed.in_stream = framed.in_stream.saturating_sub(1);
            framed.next().map(|case| case.map(Cut::Read))
        })
    }

    /// The texts of the next cases that are due and that [`Body::frame`] finds within the
    /// reader's buffer, up to [`TEXTS_BYTES`] bytes.
    fn cut(&mut self) -> Option<CaseTexts> {
        let due = match self.framing {
            Framing::Counted { .. } => self.declared.map_or(0, |n| n - self.read),
            Framing::UntilZero { .. } => u64::MAX,
        };
        // After a `\r` a line feed ends the same line: left to the stream.
        if self.stopped || due == 0 || self.in_stream > 0 || self.tokens.after_cr() {
            return None;
        }
        let (pos, body) = (self.tokens.pos(), &self.body);
        let mut count = 0;
        let mut bytes = self.spares.take();
        let cut = self.tokens.quick_lines(|buf| {
            // The lines of the texts, while every case's are known.
            let (mut length, mut lines) = (0, Some(0));
            while count < due {
                let Some((next, next_lines)) = body.frame_lines(&buf[length..]) else {
                    break;
                };
                if length > 0 && length + next > TEXTS_BYTES {
                    break;
                }
                length += next;
                lines = lines.zip(next_lines).map(|(lines, more)| lines + more);
                count += 1;
            }
            bytes.extend_from_slice(&buf[..length]);
            (count > 0).then_some((lines.is_some(), length, lines))
        });
        let Some(vouched) = cut else {
            self.spares.give(bytes);
            // Cases framed, but not as plain text: read in the stream, without framing
            // them again one at a time.
            self.in_stream = count;
            return None;
        };
        let first = self.read + 1;
        self.read += count;
        Some(CaseTexts {
            bytes,
            pos,
            first,
            count,
            vouched,
            spares: Arc::clone(&self.spares),
        })
    }
}

/// The most bytes of case texts cut in one piece (fewer when the reader's buffer holds
/// fewer): half a batch of `run_parallel`, so that batches end near their weight.
const TEXTS_BYTES: usize = 1 << 16;

impl<R: BufRead, B: Body<R>> Iterator for Framed<R, B> {
    type Item = Result<B::Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stopped {
            return None;
        }
        let next = self.next_case().transpose();
        self.stopped = !matches!(next, Some(Ok(_)));
        next
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    proptest::proptest! {
        #[test]
        fn skipping_many_tokens_at_once_is_skipping_them_one_by_one(
            text in proptest::collection::vec(
                proptest::sample::select(b"abc1 \n\nabcd  \n12 a\nbc1 \n\nabcd  \n12 \t".to_vec()),
                0..700,
            ),
            start in 0usize..80,
            count in 0u64..200,
        ) {
            let start = start.min(text.len());
            let mut one_by_one = Glance { buf: &text, at: start };
            let mut many = Glance { buf: &text, at: start };
            let expected = one_by_one.skip(count).map(|()| one_by_one.end());
            proptest::prop_assert_eq!(many.skip_many(count).map(|()| many.end()), expected);
        }
    }

    #[test]
    fn a_glance_takes_no_token_the_buffer_may_cut() {
        let mut glance = Glance::new(b" ab\ncd");
        assert_eq!(glance.token(), Some(&b"ab"[..]));
        assert_eq!(glance.token(), None, "cd may go on past the buffer");
        let mut glance = Glance::new(b" ab\ncd 7\n");
        assert_eq!(glance.skip(3), Some(()));
        assert_eq!(glance.end(), 9, "the case's text ends after the line feed");
        assert_eq!(glance.token(), None);
    }

    struct Numbers;

    impl<R: BufRead> Body<R> for Numbers {
        type Case = Vec<u64>;

        fn read(
            &mut self,
            tokens: &mut Tokens<R>,
            lead: Option<(u64, Pos)>,
        ) -> Result<Vec<u64>, InputError> {
            let n = match lead {
                Some((n, _)) => n,
                None => tokens.number_in(1..=9, "n")?.0,
            };
            (0..n)
                .map(|_| Ok(tokens.number_in(0..=99, "a number")?.0))
                .collect()
        }

        fn frame(&self, buf: &[u8]) -> Option<usize> {
            let mut glance = Glance::new(buf);
            // Not the 0 that ends an input framed until zero.
            let n = std::str::from_utf8(glance.token()?).ok()?.parse().ok()?;
            glance.skip_many(n).filter(|()| n > 0)?;
            Some(glance.end())
        }
    }

    /// The cases of `text` cut for threads, each piece's cases read back from its texts;
    /// with how many pieces were texts.
    fn read_cut(text: &str, framing: Framing) -> (Vec<Result<Vec<u64>, String>>, usize) {
        let (mut cases, mut texts) = (Vec::new(), 0);
        let reader = io::BufReader::with_capacity(16, text.as_bytes());
        for piece in Framed::new(reader, framing.clone(), Numbers).cutting() {
            match piece {
                Ok(Cut::Read(case)) => cases.push(Ok(case)),
                Ok(Cut::Texts(cut)) => {
                    texts += 1;
                    cases.extend(read_texts(cut, framing.clone(), Numbers));
                }
                Err(e) => cases.push(Err(e)),
            }
        }
        // Up to the first error, as a run stops there.
        let failed = cases
            .iter()
            .position(Result::is_err)
            .map_or(cases.len(), |at| at + 1);
        let cases = cases.into_iter().take(failed);
        (
            cases.map(|case| case.map_err(|e| e.to_string())).collect(),
            texts,
        )
    }

    #[test]
    fn texts_cut_for_threads_read_back_as_the_stream_reads() {
        let counted = Framing::Counted { count: "T" };
        let until_zero = Framing::UntilZero {
            lead: "n, or 0 to end",
            range: 1..=9,
        };
        for (text, framing) in [
            ("5 1 5 2 6 7\n1 8 1 9 2 1 2 3 3 4 5\n", counted.clone()),
            ("4 1 5 2 6 7\n1 8\n1 9 2 1 2 3 3\n", counted.clone()),
            (
                "4 1 5 2 6 7\n1 8\n1 x 2 1 2 3 3 4 5 2 1 1\n",
                counted.clone(),
            ),
            ("1 5 2 6 7\n1 8\n1 9 2 1 2 3 3 4 5 0\n", until_zero.clone()),
            ("1 5 2 6 7\n1 8\n1 9 12 1 2 3 3 4 5 0\n", until_zero.clone()),
            (
                "1 5 2 6 7\r\n1 8\r\n1 9 2 1 2 3\r3 4 5 0\n",
                until_zero.clone(),
            ),
            ("1 5 2 6\t7\n1 8\n1 9 2 1 2 3\n3 4 5 0\n", until_zero),
        ] {
            let (cut, texts) = read_cut(text, framing.clone());
            assert_eq!(cut, read(text, framing), "{text:?}");
            assert!(texts > 0, "{text:?}: some cases cut as texts");
        }
    }

    #[test]
    fn many_cases_are_cut_in_one_piece_and_odd_bytes_sent_to_the_stream() {
        let text = format!("{}0\n", "2 1 2\n".repeat(1000));
        let framing = Framing::UntilZero {
            lead: "n",
            range: 1..=9,
        };
        let reader = io::BufReader::with_capacity(1 << 12, text.as_bytes());
        let pieces: Vec<_> = Framed::new(reader, framing.clone(), Numbers)
            .cutting()
            .map(|piece| piece.map_err(|e| e.to_string()).unwrap())
            .collect();
        assert!(pieces.len() < 10, "a few pieces of hundreds of cases each");
        // With a carriage return on every line, every case is read in the stream, each
        // framed about once (not once a piece tried, which would take quadratic time).
        let text = text.replace('\n', "\r\n");
        let reader = io::BufReader::with_capacity(1 << 12, text.as_bytes());
        let frames = Cell::new(0);
        let read: Vec<_> = Framed::new(reader, framing, Counting(&frames))
            .cutting()
            .map(Result::unwrap)
            .collect();
        assert_eq!(read.len(), 1000);
        assert!(read.iter().all(|piece| matches!(piece, Cut::Read(_))));
        assert!(
            frames.get() < 2 * 1000,
            "{} frames for 1000 cases",
            frames.get()
        );
    }

    /// [`Numbers`], counting the frames it is asked for.
    struct Counting<'a>(&'a Cell<usize>);

    impl<R: BufRead> Body<R> for Counting<'_> {
        type Case = Vec<u64>;

        fn read(
            &mut self,
            tokens: &mut Tokens<R>,
            lead: Option<(u64, Pos)>,
        ) -> Result<Vec<u64>, InputError> {
            Numbers.read(tokens, lead)
        }

        fn frame(&self, buf: &[u8]) -> Option<usize> {
            self.0.set(self.0.get() + 1);
            <Numbers as Body<R>>::frame(&Numbers, buf)
        }
    }

    fn read(text: &str, framing: Framing) -> Vec<Result<Vec<u64>, String>> {
        Framed::new(text.as_bytes(), framing, Numbers)
            .map(|case| case.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn a_count_then_cases() {
        let framing = Framing::Counted { count: "T" };
        assert_eq!(
            read("2 1 5 2 6 7", framing.clone()),
            [Ok(vec![5]), Ok(vec![6, 7])]
        );
        assert_eq!(
            read("1 1 5 9", framing.clone()),
            [
                Ok(vec![5]),
                Err("line 1, column 7: unexpected '9' after the last case".into())
            ]
        );
        assert_eq!(
            read("2 1 5", framing),
            [
                Ok(vec![5]),
                Err("case 2, line 1, column 6: unexpected end of input: expected n (1..=9)".into())
            ]
        );
    }

    #[test]
    fn cases_until_zero() {
        let framing = Framing::UntilZero {
            lead: "n, or 0 to end",
            range: 1..=3,
        };
        assert_eq!(
            read("1 5 2 6 7 0", framing.clone()),
            [Ok(vec![5]), Ok(vec![6, 7])]
        );
        assert_eq!(
            read("1 5 4 1 1 1 1 0", framing.clone()),
            [
                Ok(vec![5]),
                Err("case 2, line 1, column 5: expected n, or 0 to end (0..=3), found '4'".into())
            ]
        );
        assert_eq!(
            read("1 5", framing),
            [
                Ok(vec![5]),
                Err(
                    "case 2, line 1, column 4: unexpected end of input: expected n, or 0 to end (0..=3)"
                        .into()
                )
            ]
        );
    }
}
