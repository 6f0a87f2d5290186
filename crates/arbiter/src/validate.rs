//! Strict checking of contest input files, for problem setters.
//!
//! The judges read any white space between tokens, as a forgiving reader should. A test file
//! for a contest must be stricter: the exact line layout of the statement, single spaces, a
//! final newline, no stray characters, and the official limits and promises. `Lines` walks a
//! file line by line, as a stream and with a bounded line length, and collects every
//! [`Violation`] with its case and line, so that one run reports them all; after a malformed
//! line it reads on from what the line most likely meant, so one mistake does not hide the
//! rest. Each game's format module says what its layout is (`hex::gcj::validate`,
//! `gioco::uva::validate`, `go::stanford::validate`, `cheesy::bapc::validate`).
//!
//! # Examples
//!
//! ```
//! let go = arbiter::registry::GameName::Go.contest();
//! // A header with two spaces, then a stone off the 2 x 2 board.
//! let report = go.validate(&mut &b"2 1  0\n3 1\n0\n"[..]).unwrap();
//! let lines: Vec<String> = report.violations.iter().map(|v| v.to_string()).collect();
//! assert_eq!(lines, [
//!     "case 1, line 1: the line 'n b w': expected 3 numbers separated by single spaces, found '2 1  0'",
//!     "case 1, line 2: black stone (3, 1) is off the 2 x 2 board",
//! ]);
//! ```

use std::fmt;
use std::io::{self, BufRead};

use crate::input::describe;

/// One way a file breaks the format or the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The 1-based case, when inside one.
    pub case: Option<usize>,
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(case) = self.case {
            write!(f, "case {case}, ")?;
        }
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// What a check found: violations make a file invalid, warnings do not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Breaks of the format or the limits.
    pub violations: Vec<Violation>,
    /// Deviations that official files themselves show (a missing final newline).
    pub warnings: Vec<Violation>,
}

impl Report {
    /// Whether the file is valid.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty()
    }
}

/// The longest line kept: no contest line comes near it, and longer ones are a violation
/// whose rest is skipped, not held.
pub const MAX_LINE: usize = 1 << 20;

/// The most violations a report lists; the count of the rest is reported at the end.
pub const MAX_VIOLATIONS: usize = 1000;

/// A file's lines, read in order as a stream, with the violations found so far.
pub(crate) struct Lines<'r> {
    input: &'r mut dyn BufRead,
    /// The number of lines taken so far (the last line taken, from 1).
    taken: usize,
    /// A line read ahead by [`Lines::peek`].
    ahead: Option<Option<Vec<u8>>>,
    /// Whether the file ended without a newline after its last line.
    unterminated: bool,
    /// Violations beyond [`MAX_VIOLATIONS`], counted only.
    dropped: usize,
    /// A line longer than [`MAX_LINE`] stopped the check: nothing after it is read.
    abandoned: bool,
    /// The case being read, for the violations.
    pub case: Option<usize>,
    report: Report,
}

impl<'r> Lines<'r> {
    /// Starts reading `input`.
    ///
    /// # Errors
    /// Never at present; reading errors come from [`Lines::next`].
    pub fn new(input: &'r mut dyn BufRead) -> io::Result<Self> {
        Ok(Lines {
            input,
            taken: 0,
            ahead: None,
            unterminated: false,
            dropped: 0,
            abandoned: false,
            case: None,
            report: Report::default(),
        })
    }

    /// Records a violation at `line` in the current case.
    pub fn violation(&mut self, line: usize, message: impl Into<String>) {
        if self.report.violations.len() == MAX_VIOLATIONS {
            self.dropped += 1;
            return;
        }
        self.report.violations.push(Violation {
            case: self.case,
            line,
            message: message.into(),
        });
    }

    /// Reads the raw next line of the file (without its newline), or `None` at the end;
    /// checks its characters. A line longer than [`MAX_LINE`] ends the check there: it is a
    /// violation, and the rest of the file (which may never end) is not read.
    fn read_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        if self.abandoned {
            return Ok(None);
        }
        let number = self.taken + 1;
        let Some(read) = crate::input::lines::read_capped(&mut self.input, MAX_LINE)? else {
            return Ok(None);
        };
        if read.cut {
            self.abandoned = true;
            let message = format!(
                "the line is longer than {MAX_LINE} bytes: no contest line is, and the rest of \
                 the file is not checked"
            );
            self.report.violations.push(Violation {
                case: None,
                line: number,
                message,
            });
            return Ok(None);
        }
        let (line, ended) = (read.bytes, read.ended);
        self.unterminated = !ended;
        if let Some(at) = line.iter().position(|&b| !(b' '..=b'~').contains(&b)) {
            let message = format!(
                "column {}: stray character {} (only printable ASCII and single spaces)",
                at + 1,
                describe(&line[at..=at])
            );
            self.report.violations.push(Violation {
                case: None,
                line: number,
                message,
            });
        }
        Ok(Some(line))
    }

    /// The next line and its number; records "missing `what`" at the end of the file.
    ///
    /// # Errors
    /// When reading fails.
    pub fn next(&mut self, what: &str) -> io::Result<Option<(usize, Vec<u8>)>> {
        let line = match self.ahead.take() {
            Some(line) => line,
            None => self.read_line()?,
        };
        let Some(line) = line else {
            if !self.abandoned {
                let after = self.taken + 1;
                self.violation(after, format!("missing {what}: the file ends here"));
            }
            return Ok(None);
        };
        self.taken += 1;
        Ok(Some((self.taken, line)))
    }

    /// The next line holding one number, which it returns; records what is wrong otherwise.
    ///
    /// # Errors
    /// When reading fails.
    pub fn number_line(&mut self, what: &str) -> io::Result<Option<u64>> {
        let Some((line, text)) = self.next(what)? else {
            return Ok(None);
        };
        Ok(self.numbers(line, &text, 1, what).map(|numbers| numbers[0]))
    }

    /// The number of the last line taken.
    pub fn line(&self) -> usize {
        self.taken
    }

    /// The next line without taking it.
    ///
    /// # Errors
    /// When reading fails.
    pub fn peek(&mut self) -> io::Result<Option<&[u8]>> {
        if self.ahead.is_none() {
            let line = self.read_line()?;
            self.ahead = Some(line);
        }
        Ok(self.ahead.as_ref().and_then(|line| line.as_deref()))
    }

    /// Reads `text` as `count` plain numbers separated by single spaces (no sign, no leading
    /// zero). Anything else is a violation; the numbers are still returned when the line
    /// holds `count` of them in a looser layout (extra spaces, a leading zero), so that the
    /// check reads on in step with the file.
    pub fn numbers(
        &mut self,
        line: usize,
        text: &[u8],
        count: usize,
        what: &str,
    ) -> Option<Vec<u64>> {
        let strict: Option<Vec<u64>> = if text.is_empty() {
            Some(Vec::new())
        } else {
            text.split(|&b| b == b' ').map(plain_number).collect()
        };
        if let Some(numbers) = strict.filter(|n| n.len() == count) {
            return Some(numbers);
        }
        let message = format!(
            "{what}: expected {count} number{} separated by single spaces, found {}",
            if count == 1 { "" } else { "s" },
            describe(text)
        );
        self.violation(line, message);
        let loose: Option<Vec<u64>> = text
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| std::str::from_utf8(t).ok()?.parse().ok())
            .collect();
        loose.filter(|n| n.len() == count)
    }

    /// Checks that `value` lies in `range`, recording a violation naming `what` otherwise.
    pub fn within(
        &mut self,
        line: usize,
        value: u64,
        range: std::ops::RangeInclusive<u64>,
        what: &str,
    ) -> bool {
        let ok = range.contains(&value);
        if !ok {
            let message = format!(
                "{what} is {value}, outside the official {}..={}",
                range.start(),
                range.end()
            );
            self.violation(line, message);
        }
        ok
    }

    /// Checks that `text` is a row of exactly `width` of the bytes `letters` (named `names` in
    /// messages); records a violation otherwise.
    pub fn row(
        &mut self,
        line: usize,
        text: &[u8],
        width: u64,
        letters: &[u8],
        names: &str,
    ) -> bool {
        if let Some(at) = text.iter().position(|b| !letters.contains(b)) {
            let message = format!(
                "column {}: expected {names}, found {}",
                at + 1,
                describe(&text[at..=at])
            );
            self.violation(line, message);
            return false;
        }
        if text.len() as u64 != width {
            let message = format!(
                "expected a row of {width} cells, found {} cells",
                text.len()
            );
            self.violation(line, message);
            return false;
        }
        true
    }

    /// Ends the check: any line left over is a violation, and a missing final newline a
    /// warning.
    ///
    /// # Errors
    /// When reading fails.
    pub fn finish(mut self) -> io::Result<Report> {
        self.case = None;
        if let Some(text) = self.peek()? {
            let found = describe(text);
            let line = self.taken + 1;
            self.violation(line, format!("unexpected {found} after the last case"));
            // Read to the end, so that a missing final newline is seen on the true last line.
            self.ahead = None;
            self.taken += 1;
            while self.read_line()?.is_some() {
                self.taken += 1;
            }
        }
        if self.unterminated {
            self.report.warnings.push(Violation {
                case: None,
                line: self.taken,
                message: "the file does not end with a newline".into(),
            });
        }
        if self.dropped > 0 {
            let line = self.taken;
            let message = format!("... and {} more violations", self.dropped);
            self.report.violations.push(Violation {
                case: None,
                line,
                message,
            });
        }
        self.report.violations.sort_by_key(|v| v.line);
        Ok(self.report)
    }
}

/// A number without sign or leading zero.
fn plain_number(text: &[u8]) -> Option<u64> {
    let digits = !text.is_empty() && text.iter().all(u8::is_ascii_digit);
    let leading_zero = text.len() > 1 && text[0] == b'0';
    if !digits || leading_zero || text.len() > 18 {
        return None;
    }
    std::str::from_utf8(text).ok()?.parse().ok()
}
