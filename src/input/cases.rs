//! Case framing: how a contest input says where its cases begin and end.
//!
//! Contest inputs come in two shapes: "a count, then that many cases" (the Hex judge, Cheesy
//! Chess) and "cases until a line holding 0" (Il Gioco dell'X, Go scoring), where the 0 stands
//! in the place of a case's first number. [`Framed`] reads either shape once for every format;
//! a format supplies only a [`Body`], which reads one case.
//!
//! A framed input yields each case, then, at the first problem, one error, and then stops. It
//! checks that nothing follows the last case.

use std::io::BufRead;
use std::ops::RangeInclusive;

use super::error::{InputError, Pos};
use super::tokens::Tokens;

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

    /// A case of `n` numbers, `n` being the lead (until-zero) or the case's first number.
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
