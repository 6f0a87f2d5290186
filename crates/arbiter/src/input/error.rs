//! What can go wrong while reading a case, and where: [`InputError`].
//!
//! Every reader reports the first problem of its input as one `InputError`: the case being
//! read, the place (line and column, or a move of a game record), what was expected and what
//! was found. An input that is well formed but breaks a rule of its game (two stones on one
//! point, a king starting on a forbidden field) keeps the game's own typed error in
//! [`Illegal`], so that a program can tell the cases apart without reading prose.
//!
//! # Examples
//!
//! ```
//! use arbiter::input::{ErrorKind, InputError, Pos};
//!
//! let error = InputError::unexpected(Pos { line: 3, column: 2 }, "a digit", b"x").in_case(2);
//! assert_eq!(error.to_string(), "case 2, line 3, column 2: expected a digit, found 'x'");
//! assert!(matches!(error.kind(), ErrorKind::Unexpected { .. }));
//! ```

use std::fmt;
use std::io;

/// A place in a text input: line and column, both from 1. Columns count characters, so a
/// wide letter is one column however many bytes it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line number, from 1.
    pub line: usize,
    /// Column number in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Where in an input an error is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A line and column of a text.
    Text(Pos),
    /// A byte offset with its line and column, for inputs read as bytes (game records).
    Byte {
        /// Bytes before the place.
        offset: u64,
        /// The line and column.
        pos: Pos,
    },
    /// A move of a game record (from 1, setup and moves counted together as the record
    /// lists them), with where its text starts when known.
    Move {
        /// The move number.
        number: usize,
        /// Where the move is written.
        pos: Option<Pos>,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Text(pos) => write!(f, "{pos}"),
            Place::Byte { offset, pos } => write!(f, "{pos} (byte {offset})"),
            Place::Move {
                number,
                pos: Some(pos),
            } => write!(f, "move {number} ({pos})"),
            Place::Move { number, pos: None } => write!(f, "move {number}"),
        }
    }
}

impl From<Pos> for Place {
    fn from(pos: Pos) -> Self {
        Place::Text(pos)
    }
}

/// A well-formed case that breaks a rule of its game, with the game's own typed error. The
/// input layer carries it without knowing the games; [`Illegal::downcast_ref`] gives it back.
///
/// # Examples
///
/// ```
/// use arbiter::input::Illegal;
///
/// #[derive(Debug, thiserror::Error)]
/// #[error("two stones on one point")]
/// struct Clash;
///
/// let illegal = Illegal::new(Clash);
/// assert_eq!(illegal.to_string(), "two stones on one point");
/// assert!(illegal.downcast_ref::<Clash>().is_some());
/// ```
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Illegal(Box<dyn std::error::Error + Send + Sync>);

impl Illegal {
    /// A game's own error for a case that breaks one of its rules.
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        Illegal(Box::new(error))
    }

    /// The game's error, when it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref()
    }
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
    /// Well-formed input that breaks a rule of the game.
    #[error(transparent)]
    Illegal(Illegal),
    /// Anything found after the input's last case.
    #[error("unexpected {found} after the last case")]
    Trailing {
        /// A printable excerpt of the extra token.
        found: String,
    },
}

/// An input error with its place: the case being read (if any), where, what went wrong, and
/// a hint at the likely cause when there is one.
///
/// It is one pointer wide, so that the readers' results stay small on the hot paths.
#[derive(Debug)]
pub struct InputError(Box<Detail>);

#[derive(Debug)]
struct Detail {
    case: Option<usize>,
    /// Whether the case is a game of a collection of records (said "game 3", not "case 3").
    game: bool,
    place: Option<Place>,
    kind: ErrorKind,
    hint: Option<String>,
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0.kind)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0.case, self.0.place) {
            (Some(case), Some(place)) => write!(f, "{} {case}, {place}: ", self.unit())?,
            (Some(case), None) => write!(f, "{} {case}: ", self.unit())?,
            (None, Some(place)) => write!(f, "{place}: ")?,
            (None, None) => {}
        }
        write!(f, "{}", self.0.kind)?;
        if let Some(hint) = &self.0.hint {
            write!(f, " ({hint})")?;
        }
        Ok(())
    }
}

impl InputError {
    /// An error of `kind` at `place`.
    pub fn new(place: Option<Place>, kind: ErrorKind) -> Self {
        InputError(Box::new(Detail {
            case: None,
            game: false,
            place,
            kind,
            hint: None,
        }))
    }

    /// An error at `pos` saying what was expected and what was found.
    pub fn unexpected(pos: impl Into<Place>, expected: impl Into<String>, found: &[u8]) -> Self {
        Self::new(
            Some(pos.into()),
            ErrorKind::Unexpected {
                expected: expected.into(),
                found: describe(found),
            },
        )
    }

    /// An error at `pos` where the input ended too early.
    pub fn end(pos: impl Into<Place>, expected: impl Into<String>) -> Self {
        Self::new(
            Some(pos.into()),
            ErrorKind::UnexpectedEnd {
                expected: expected.into(),
            },
        )
    }

    /// An error at `place` for a case that breaks a rule of its game.
    pub fn illegal(
        place: impl Into<Place>,
        error: impl std::error::Error + Send + Sync + 'static,
    ) -> Self {
        Self::new(Some(place.into()), ErrorKind::Illegal(Illegal::new(error)))
    }

    /// The reader failed.
    pub fn io(error: io::Error) -> Self {
        Self::new(None, ErrorKind::Io(error))
    }

    /// Attaches the case number, keeping one already set.
    pub fn in_case(mut self, case: usize) -> Self {
        self.0.case.get_or_insert(case);
        self
    }

    /// Attaches the number of the game of a collection of records the error is in (written
    /// "game 3"), keeping a case number already set.
    pub fn in_game(mut self, game: usize) -> Self {
        if self.0.case.is_none() {
            self.0.case = Some(game);
            self.0.game = true;
        }
        self
    }

    /// "game" for a game of a collection of records, else "case".
    fn unit(&self) -> &'static str {
        if self.0.game { "game" } else { "case" }
    }

    /// Forgets the case number, for the caller to set.
    pub(crate) fn without_case(mut self) -> Self {
        self.0.case = None;
        self.0.game = false;
        self
    }

    /// Adds a hint at the likely cause, keeping one already given.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.0.hint.get_or_insert_with(|| hint.into());
        self
    }

    /// The 1-based case (or game of a collection) being read, or `None` before the first.
    pub fn case(&self) -> Option<usize> {
        self.0.case
    }

    /// Where in the input; `None` for errors that have no place (a failing reader).
    pub fn place(&self) -> Option<Place> {
        self.0.place
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// What probably caused it, in words.
    pub fn hint(&self) -> Option<&str> {
        self.0.hint.as_deref()
    }

    /// The line and column, when the error has them.
    pub fn pos(&self) -> Option<Pos> {
        match self.0.place {
            Some(Place::Text(pos)) | Some(Place::Move { pos: Some(pos), .. }) => Some(pos),
            _ => None,
        }
    }
}

/// Quotes input text for an error message: printable, at most a few dozen characters, with
/// ASCII, and letters or digits of any script in valid UTF-8, shown as themselves; anything
/// else (control characters, symbols, and every non-ASCII byte of a text that is not valid
/// UTF-8, which is likelier binary than text) as escaped bytes.
///
/// # Examples
///
/// ```
/// use arbiter::input::describe;
///
/// assert_eq!(describe(b"R\xffB"), r"'R\xffB'");
/// assert_eq!(describe("Ｒ".as_bytes()), "'Ｒ'");
/// assert!(describe(&[b'x'; 100]).ends_with("(… 100 bytes in all)"));
/// ```
pub fn describe(text: &[u8]) -> String {
    describe_cut(text, text.len() as u64, false)
}

/// [`describe`] for the first bytes of a longer text: `total` bytes in all, or more than
/// `total` when `more` is set (a reader stopped before the end).
pub(crate) fn describe_cut(text: &[u8], total: u64, more: bool) -> String {
    const MAX_CHARS: usize = 24;
    let mut out = String::from("'");
    let mut shown = 0;
    let mut truncated = false;
    // Text with invalid UTF-8 is binary: every byte past ASCII is shown escaped.
    let binary = std::str::from_utf8(text).is_err();
    'chunks: for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown == MAX_CHARS {
                truncated = true;
                break 'chunks;
            }
            if c.is_ascii() {
                out.extend((c as u8).escape_ascii().map(char::from));
            } else if c.is_alphanumeric() && !binary {
                out.push(c);
            } else {
                // Marks, symbols and unassigned code points are more likely garbage than
                // text: show their bytes.
                let mut bytes = [0; 4];
                for byte in c.encode_utf8(&mut bytes).bytes() {
                    out.push_str(&format!("\\x{byte:02x}"));
                }
            }
            shown += 1;
        }
        for &byte in chunk.invalid() {
            if shown == MAX_CHARS {
                truncated = true;
                break 'chunks;
            }
            out.push_str(&format!("\\x{byte:02x}"));
            shown += 1;
        }
    }
    out.push('\'');
    if truncated || total > text.len() as u64 || more {
        let bound = if more { "more than " } else { "" };
        out.push_str(&format!(" (… {bound}{total} bytes in all)"));
    }
    out
}
