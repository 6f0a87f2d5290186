//! Strict checking of contest input files, for problem setters.
//!
//! The judges ([`crate::input`]) read any white space between tokens, as a forgiving reader
//! should. A test file for a contest must be stricter: the exact line layout of the statement,
//! single spaces, a final newline, no stray characters, and the official limits. [`Lines`]
//! walks a file line by line and collects every [`Violation`] with its case and line, so that
//! one run reports them all; each game's format module says what its layout is
//! (`hex::gcj::validate`, `gioco::uva::validate`, `go::stanford::validate`,
//! `cheesy::bapc::validate`).
//!
//! # Examples
//!
//! ```
//! use arbiter::validate::Lines;
//!
//! let mut lines = Lines::new(b"3 4\n1  2\n");
//! let (_, first) = lines.next("the header").unwrap();
//! assert_eq!(lines.numbers(1, first, 2, "the header"), Some(vec![3, 4]));
//! let (number, second) = lines.next("the pair").unwrap();
//! assert_eq!(lines.numbers(number, second, 2, "the pair"), None);
//! let report = lines.finish();
//! assert_eq!(report.violations[0].to_string(), "line 2: the pair: expected 2 numbers separated by single spaces, found '1  2'");
//! ```

use std::fmt;

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

/// A file's lines, read in order, with the violations found so far.
pub struct Lines<'a> {
    lines: Vec<&'a [u8]>,
    next: usize,
    /// The case being read, for the violations.
    pub case: Option<usize>,
    report: Report,
}

impl<'a> Lines<'a> {
    /// Splits `text` into lines; flags carriage returns, tabs, control and non-ASCII bytes,
    /// and a missing final newline (a warning).
    pub fn new(text: &'a [u8]) -> Self {
        let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        let mut report = Report::default();
        if text.last() == Some(&b'\n') {
            lines.pop();
        } else if !text.is_empty() {
            report.warnings.push(Violation {
                case: None,
                line: lines.len(),
                message: "the file does not end with a newline".into(),
            });
        }
        for (number, line) in (1..).zip(&lines) {
            if let Some(at) = line.iter().position(|&b| !(b' '..=b'~').contains(&b)) {
                report.violations.push(Violation {
                    case: None,
                    line: number,
                    message: format!(
                        "column {}: stray character {} (only printable ASCII and single spaces)",
                        at + 1,
                        describe(&line[at..=at])
                    ),
                });
            }
        }
        Lines {
            lines,
            next: 0,
            case: None,
            report,
        }
    }

    /// Records a violation at `line` in the current case.
    pub fn violation(&mut self, line: usize, message: impl Into<String>) {
        self.report.violations.push(Violation {
            case: self.case,
            line,
            message: message.into(),
        });
    }

    /// The next line and its number; records "missing `what`" at the end of the file.
    pub fn next(&mut self, what: &str) -> Option<(usize, &'a [u8])> {
        let Some(&line) = self.lines.get(self.next) else {
            let after = self.lines.len() + 1;
            self.violation(after, format!("missing {what}: the file ends here"));
            return None;
        };
        self.next += 1;
        Some((self.next, line))
    }

    /// The next line holding one number, which it returns; records what is wrong otherwise.
    pub fn number_line(&mut self, what: &str) -> Option<u64> {
        let (line, text) = self.next(what)?;
        self.numbers(line, text, 1, what).map(|numbers| numbers[0])
    }

    /// The number of the last line taken.
    pub fn line(&self) -> usize {
        self.next
    }

    /// The next line without taking it.
    pub fn peek(&self) -> Option<&'a [u8]> {
        self.lines.get(self.next).copied()
    }

    /// Reads `text` as exactly `count` plain numbers separated by single spaces (no sign, no
    /// leading zero), or records a violation and returns `None`.
    pub fn numbers(
        &mut self,
        line: usize,
        text: &[u8],
        count: usize,
        what: &str,
    ) -> Option<Vec<u64>> {
        let parsed: Option<Vec<u64>> = if text.is_empty() {
            Some(Vec::new())
        } else {
            text.split(|&b| b == b' ').map(plain_number).collect()
        };
        match parsed {
            Some(numbers) if numbers.len() == count => Some(numbers),
            _ => {
                let message = format!(
                    "{what}: expected {count} number{} separated by single spaces, found {}",
                    if count == 1 { "" } else { "s" },
                    describe(text)
                );
                self.violation(line, message);
                None
            }
        }
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

    /// Ends the check: any line left over is a violation.
    pub fn finish(mut self) -> Report {
        self.case = None;
        if self.next < self.lines.len() {
            let line = self.next + 1;
            let found = describe(self.lines[self.next]);
            self.violation(line, format!("unexpected {found} after the last case"));
        }
        self.report
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
