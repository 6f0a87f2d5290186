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
//! To read on many threads, [`Framed::cutting`] leaves a case whose layout its [`Body`] can
//! find at a glance ([`Body::frame`]) as its text, a [`CaseText`], for [`read_text`] to read
//! on another thread exactly as it would have been read in the stream: the same case, or the
//! same error at the same line and column. Only the glance is left to the thread that reads
//! the input, so the cases of one file are read on every core.

use std::io::BufRead;
use std::ops::RangeInclusive;

use smallvec::SmallVec;

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
    /// input): the case is then read in the stream. By default, always `None`.
    fn frame(&self, buf: &[u8]) -> Option<usize> {
        let _ = buf;
        None
    }
}

/// A case's text, cut from an input by [`Framed::cutting`] to be read on another thread
/// ([`read_text`]): its bytes, where they start in the input, and the case's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseText {
    /// Inline up to the size of a contest case of Cheesy Chess.
    bytes: SmallVec<[u8; 96]>,
    pos: Pos,
    number: u64,
}

impl CaseText {
    /// The text's length in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the text is empty (never, for a text cut from an input).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

/// A case read in the stream, or left as its text by [`Framed::cutting`].
#[derive(Debug)]
pub(crate) enum Cut<C> {
    /// Read.
    Read(C),
    /// Its text, for [`read_text`].
    Text(CaseText),
}

/// Reads a case from its text, as [`Framed`] would have read it in the stream: the same case,
/// or the same error, with the case's number.
///
/// # Errors
/// The case's first problem.
pub(crate) fn read_text<'a, B: Body<&'a [u8]>>(
    text: &'a CaseText,
    framing: &Framing,
    body: &mut B,
) -> Result<B::Case, InputError> {
    let mut tokens = Tokens::starting_at(&text.bytes[..], text.pos);
    let lead = match framing {
        Framing::Counted { .. } => None,
        // The glance took a first number in range.
        Framing::UntilZero { lead, range } => Some(
            tokens
                .number_in(range.clone(), lead)
                .map_err(|e| e.in_case(text.number as usize))?,
        ),
    };
    body.read(&mut tokens, lead)
        .map_err(|e| e.in_case(text.number as usize))
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

    /// The length looked at, with the byte of white space after the last token.
    pub fn end(&self) -> usize {
        // `token` found white space after the last token.
        self.at + 1
    }
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
    /// The cases, each whose layout [`Body::frame`] finds left as its text (see
    /// [`read_text`]), the others read.
    pub fn cutting(self) -> impl Iterator<Item = Result<Cut<B::Case>, InputError>> {
        let mut framed = self;
        std::iter::from_fn(move || {
            if let Some(text) = framed.cut() {
                return Some(Ok(Cut::Text(text)));
            }
            framed.next().map(|case| case.map(Cut::Read))
        })
    }

    /// The next case's text, when it is due and [`Body::frame`] finds it.
    fn cut(&mut self) -> Option<CaseText> {
        let due = match self.framing {
            Framing::Counted { .. } => self.declared.is_some_and(|n| self.read < n),
            Framing::UntilZero { .. } => true,
        };
        if self.stopped || !due {
            return None;
        }
        let (pos, body) = (self.tokens.pos(), &self.body);
        let bytes = self.tokens.quick(|buf| {
            let length = body.frame(buf)?;
            Some((SmallVec::from_slice(&buf[..length]), length))
        })?;
        self.read += 1;
        Some(CaseText {
            bytes,
            pos,
            number: self.read,
        })
    }
}

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
    use super::*;
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
