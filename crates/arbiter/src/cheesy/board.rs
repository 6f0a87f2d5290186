//! The Cheesy Chess board and position: fields forbidden, dangerous or open, and the king's
//! and the pawn's squares, checked against the statement's promises when made.
//!
//! # Examples
//!
//! ```
//! use arbiter::cheesy::{Board, Field, Position, Square};
//!
//! let board: Board = "...\n.F.\n...".parse().unwrap();
//! assert_eq!(board.field(Square { x: 2, y: 2 }), Field::Forbidden);
//! assert!(Position::new(board, Square { x: 2, y: 2 }, Square { x: 1, y: 3 }).is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use smallvec::SmallVec;

use crate::input::{InputError, Pos};

/// The largest width or height of a board.
pub const MAX_SIDE: usize = 256;

/// The largest board (in squares) whose Black-win evidence lists every square the king could
/// stand on at every turn: 64 x 64. Past it the turns give the squares' count alone, since the
/// lists would take turns x squares, the board's size times its height.
pub const LISTED_SQUARES: usize = 4096;

/// A square: `x` is the column counted from the left, `y` the row counted from below, both
/// from 1 (the contest's convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Square {
    /// Column, 1 at the left.
    pub x: usize,
    /// Row, 1 at the bottom.
    pub y: usize,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// What a field of the board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `.`: open, unless the pawn makes it floating dangerous.
    Open,
    /// `F`: neither piece may come here.
    Forbidden,
    /// `D`: the pawn may come here, the king may not.
    Dangerous,
}

impl Field {
    /// The letter of the contest format.
    pub const fn letter(self) -> char {
        match self {
            Field::Open => '.',
            Field::Forbidden => 'F',
            Field::Dangerous => 'D',
        }
    }

    /// The field of a contest letter.
    pub const fn of_letter(letter: u8) -> Option<Field> {
        match letter {
            b'.' => Some(Field::Open),
            b'F' => Some(Field::Forbidden),
            b'D' => Some(Field::Dangerous),
            _ => None,
        }
    }
}

/// A board of fields, `width` x `height`, each from 1 to [`MAX_SIDE`].
///
/// Held as two sets of bits, the `F` fields and the `D` fields (see `Fields`): the solvers
/// work on sets of squares, and a board of at most 64 squares (the contest's 8 x 8) is two
/// words, so that a case is small to move from the reader to the judge (80 bytes, where rows
/// of words held inline made 208, moved by a call to `memcpy` each time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    fields: Fields,
}

/// A board's `F` and `D` fields as sets of bits, in the one form its size calls for (so that
/// two equal boards are equal as values).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Fields {
    /// At most 64 squares: square (`x`, `y`) is bit `(y - 1) * width + (x - 1)`, the layout
    /// of the one-word solver ([`word`]).
    Words { forbidden: u64, dangerous: u64 },
    /// More: a row at a time from the top row (y = height) down, [`Board::words`] words a
    /// row, bit `x - 1` of a row for column `x`.
    Rows {
        forbidden: Box<[u64]>,
        dangerous: Box<[u64]>,
    },
}

/// The most 64-bit words a row of a board takes: [`MAX_SIDE`] squares.
pub(crate) const ROW_WORDS: usize = MAX_SIDE.div_ceil(64);

/// Bit rows of a board being built, inline up to 8 words (the contest's 8 x 8 board).
type RowBits = SmallVec<[u64; 8]>;
/// Why a board or a start position is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side is 0 or over [`MAX_SIDE`], or the rows differ in length.
    #[error("a board needs 1 to {MAX_SIDE} rows of 1 to {MAX_SIDE} fields, all as long")]
    Shape,
    /// A square lies off the board.
    #[error("{0} is off the {1} x {2} board")]
    OffBoard(Square, usize, usize),
    /// The king starts on a forbidden or fixed dangerous field.
    #[error("the king may not start on {0}, a {1} field")]
    KingOnClosedField(Square, &'static str),
    /// The pawn starts on a forbidden field.
    #[error("the pawn may not start on {0}, a forbidden field")]
    PawnOnForbidden(Square),
    /// King and pawn start on one square.
    #[error("the king and the pawn both start on {0}")]
    SameSquare(Square),
}

impl Board {
    /// A board from its rows, top row first.
    ///
    /// # Errors
    /// [`PositionError::Shape`] when there are no rows or more than [`MAX_SIDE`], or a row is
    /// empty, longer than [`MAX_SIDE`] or of another length than the first.
    pub fn from_rows(rows: &[Vec<Field>]) -> Result<Self, PositionError> {
        let width = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|row| row.len() != width) {
            return Err(PositionError::Shape);
        }
        Board::from_fields(width, rows.concat())
    }

    /// A board of `width` columns from its fields, row by row from the top row.
    ///
    /// # Errors
    /// [`PositionError::Shape`] when a side would be 0 or over [`MAX_SIDE`], or the fields do
    /// not fill whole rows.
    pub fn from_fields(width: usize, fields: Vec<Field>) -> Result<Self, PositionError> {
        let fits = |n| (1..=MAX_SIDE).contains(&n);
        if !fits(width) || !fields.len().is_multiple_of(width) || !fits(fields.len() / width) {
            return Err(PositionError::Shape);
        }
        let mut rows = BitRows::new(width);
        for row in fields.chunks(width) {
            rows.push_row(row.iter().copied());
        }
        Ok(rows.finish().expect("sides checked"))
    }

    /// The contest's 8 x 8 board from its rows' `F` and `D` bits, top row first (bit `x - 1`
    /// of a row for column `x`, at most 8 bits a row): made whole, without a row at a time.
    pub(crate) fn contest(forbidden: [u64; 8], dangerous: [u64; 8]) -> Self {
        // The top row is row 8: bits 56 to 63.
        let board = |rows: [u64; 8]| (0..8).fold(0, |word, row| word | rows[row] << (56 - 8 * row));
        Board {
            width: 8,
            height: 8,
            fields: Fields::Words {
                forbidden: board(forbidden),
                dangerous: board(dangerous),
            },
        }
    }

    /// An open board.
    ///
    /// # Panics
    /// When a side is 0 or over [`MAX_SIDE`].
    pub fn open(width: usize, height: usize) -> Self {
        Board::from_fields(width, vec![Field::Open; width * height]).expect("sides in range")
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The 64-bit words of each row of [`Board::forbidden_row`] and [`Board::dangerous_row`]:
    /// the width divided by 64, rounded up.
    fn words(&self) -> usize {
        words_for(self.width)
    }

    /// Row `y` (from 1 at the bottom) of the `F` fields and of the `D` fields: bit `x - 1`
    /// of word `(x - 1) / 64` for column `x`, the words past [`Board::words`] 0.
    ///
    /// # Panics
    /// When the row is off the board.
    pub(crate) fn row(&self, y: usize) -> ([u64; ROW_WORDS], [u64; ROW_WORDS]) {
        assert!((1..=self.height).contains(&y), "row {y} is off the board");
        let (mut forbidden_row, mut dangerous_row) = ([0; ROW_WORDS], [0; ROW_WORDS]);
        match &self.fields {
            Fields::Words {
                forbidden,
                dangerous,
            } => {
                let (shift, mask) = ((y - 1) * self.width, u64::MAX >> (64 - self.width));
                forbidden_row[0] = forbidden >> shift & mask;
                dangerous_row[0] = dangerous >> shift & mask;
            }
            Fields::Rows {
                forbidden,
                dangerous,
            } => {
                let words = self.words();
                let start = (self.height - y) * words;
                forbidden_row[..words].copy_from_slice(&forbidden[start..start + words]);
                dangerous_row[..words].copy_from_slice(&dangerous[start..start + words]);
            }
        }
        (forbidden_row, dangerous_row)
    }

    /// The `F` and the `D` fields of a board of at most 64 squares as words, square (`x`,
    /// `y`) at bit `(y - 1) * width + (x - 1)`; `None` for a larger board.
    pub(crate) fn words_of_squares(&self) -> Option<(u64, u64)> {
        match self.fields {
            Fields::Words {
                forbidden,
                dangerous,
            } => Some((forbidden, dangerous)),
            Fields::Rows { .. } => None,
        }
    }

    /// Whether a square is on the board.
    pub fn contains(&self, at: Square) -> bool {
        (1..=self.width).contains(&at.x) && (1..=self.height).contains(&at.y)
    }

    /// The word that holds a square on the board in each set of [`Board::sets`], and its bit
    /// there: the one place that knows where each form puts a square.
    fn bit(&self, at: Square) -> (usize, u64) {
        assert!(self.contains(at), "{at} is off the board");
        match self.fields {
            Fields::Words { .. } => (0, 1 << ((at.y - 1) * self.width + (at.x - 1))),
            Fields::Rows { .. } => {
                let word = (self.height - at.y) * self.words() + (at.x - 1) / 64;
                (word, 1 << ((at.x - 1) % 64))
            }
        }
    }

    /// The `F` and the `D` fields as words (one each for a board of at most 64 squares).
    fn sets(&self) -> (&[u64], &[u64]) {
        match &self.fields {
            Fields::Words {
                forbidden,
                dangerous,
            } => (
                std::slice::from_ref(forbidden),
                std::slice::from_ref(dangerous),
            ),
            Fields::Rows {
                forbidden,
                dangerous,
            } => (forbidden, dangerous),
        }
    }

    /// [`Board::sets`], to change.
    fn sets_mut(&mut self) -> (&mut [u64], &mut [u64]) {
        match &mut self.fields {
            Fields::Words {
                forbidden,
                dangerous,
            } => (
                std::slice::from_mut(forbidden),
                std::slice::from_mut(dangerous),
            ),
            Fields::Rows {
                forbidden,
                dangerous,
            } => (forbidden, dangerous),
        }
    }

    /// The field at a square on the board.
    ///
    /// # Panics
    /// When the square is off the board.
    pub fn field(&self, at: Square) -> Field {
        let (word, bit) = self.bit(at);
        let (forbidden, dangerous) = self.sets();
        if forbidden[word] & bit != 0 {
            Field::Forbidden
        } else if dangerous[word] & bit != 0 {
            Field::Dangerous
        } else {
            Field::Open
        }
    }

    /// Sets the field at a square on the board.
    ///
    /// # Panics
    /// When the square is off the board.
    pub fn set(&mut self, at: Square, field: Field) {
        let (word, bit) = self.bit(at);
        let (forbidden, dangerous) = self.sets_mut();
        forbidden[word] &= !bit;
        dangerous[word] &= !bit;
        match field {
            Field::Forbidden => forbidden[word] |= bit,
            Field::Dangerous => dangerous[word] |= bit,
            Field::Open => {}
        }
    }
}

/// The 64-bit words a row of `width` squares takes.
fn words_for(width: usize) -> usize {
    width.div_ceil(64)
}

/// A board built row by row from the top, as the contest lists it.
pub(crate) struct BitRows {
    width: usize,
    height: usize,
    forbidden: RowBits,
    dangerous: RowBits,
}

impl BitRows {
    /// No rows yet, of `width` squares each (1 to [`MAX_SIDE`]).
    pub fn new(width: usize) -> Self {
        BitRows {
            width,
            height: 0,
            forbidden: RowBits::new(),
            dangerous: RowBits::new(),
        }
    }

    /// The squares a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The rows so far.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Adds the next row down (`width` fields).
    pub fn push_row(&mut self, row: impl IntoIterator<Item = Field>) {
        let start = self.forbidden.len();
        let words = words_for(self.width);
        self.height += 1;
        self.forbidden.resize(start + words, 0);
        self.dangerous.resize(start + words, 0);
        for (x, field) in row.into_iter().enumerate() {
            let (word, bit) = (start + x / 64, 1 << (x % 64));
            match field {
                Field::Forbidden => self.forbidden[word] |= bit,
                Field::Dangerous => self.dangerous[word] |= bit,
                Field::Open => {}
            }
        }
    }

    /// Adds the next row down as its words of `F` and `D` bits (one word a row: at most 64
    /// squares wide).
    pub fn push_word_row(&mut self, forbidden: u64, dangerous: u64) {
        debug_assert_eq!(words_for(self.width), 1);
        self.height += 1;
        self.forbidden.push(forbidden);
        self.dangerous.push(dangerous);
    }

    /// The board; `None` when it has no rows or more than [`MAX_SIDE`], or the width is out
    /// of range.
    pub fn finish(self) -> Option<Board> {
        let (width, height) = (self.width, self.height);
        let fits = |n| (1..=MAX_SIDE).contains(&n);
        if !fits(width) || !fits(height) {
            return None;
        }
        let fields = if width * height <= 64 {
            // One word a row, the top row first: row y's bits go to (y - 1) * width.
            let squares = |rows: &RowBits| {
                (rows.iter().enumerate())
                    .fold(0, |set, (k, &row)| set | row << ((height - 1 - k) * width))
            };
            Fields::Words {
                forbidden: squares(&self.forbidden),
                dangerous: squares(&self.dangerous),
            }
        } else {
            Fields::Rows {
                forbidden: self.forbidden.into_vec().into_boxed_slice(),
                dangerous: self.dangerous.into_vec().into_boxed_slice(),
            }
        };
        Some(Board {
            width,
            height,
            fields,
        })
    }
}

/// A start position that keeps the statement's promises: a board, the king on a field that
/// is neither `F` nor `D`, the pawn on one that is not `F` and not the king's. Checked once,
/// by [`Position::new`]; the solvers take it and cannot fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    king: Square,
    pawn: Square,
}

impl Position {
    /// Checks a start against the rules of the statement.
    ///
    /// # Errors
    /// A square off the board, the king on `F` or `D`, the pawn on `F`, or both on one square.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::cheesy::{Board, Position, PositionError, Square};
    ///
    /// let board: Board = "F.\n..".parse().unwrap();
    /// let corner = Square { x: 1, y: 2 };
    /// assert_eq!(
    ///     Position::new(board, corner, Square { x: 2, y: 1 }),
    ///     Err(PositionError::KingOnClosedField(corner, "forbidden"))
    /// );
    /// ```
    pub fn new(board: Board, king: Square, pawn: Square) -> Result<Self, PositionError> {
        for at in [king, pawn] {
            if !board.contains(at) {
                return Err(PositionError::OffBoard(at, board.width, board.height));
            }
        }
        match board.field(king) {
            Field::Forbidden => return Err(PositionError::KingOnClosedField(king, "forbidden")),
            Field::Dangerous => return Err(PositionError::KingOnClosedField(king, "dangerous")),
            Field::Open => {}
        }
        if board.field(pawn) == Field::Forbidden {
            return Err(PositionError::PawnOnForbidden(pawn));
        }
        if king == pawn {
            return Err(PositionError::SameSquare(king));
        }
        Ok(Position { board, king, pawn })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The king's start.
    pub fn king(&self) -> Square {
        self.king
    }

    /// The pawn's start.
    pub fn pawn(&self) -> Square {
        self.pawn
    }
}

impl FromStr for Board {
    type Err = InputError;

    /// Reads rows of `F`, `D` and `.` separated by white space, top row first.
    fn from_str(text: &str) -> Result<Self, InputError> {
        let mut rows = Vec::new();
        for (line, row) in text.lines().enumerate() {
            let Some(start) = row.find(|c: char| !c.is_whitespace()) else {
                continue;
            };
            let token = row[start..].trim_end();
            let fields: Option<Vec<Field>> = token.bytes().map(Field::of_letter).collect();
            let pos = Pos {
                line: line + 1,
                column: start + 1,
            };
            let Some(fields) = fields else {
                return Err(InputError::unexpected(
                    pos,
                    "a row of 'F', 'D' or '.'",
                    token.as_bytes(),
                ));
            };
            rows.push(fields);
        }
        Board::from_rows(&rows).map_err(|e| {
            let pos = Pos { line: 1, column: 1 };
            InputError::unexpected(pos, e.to_string(), text.as_bytes())
        })
    }
}

impl fmt::Display for Board {
    /// The rows in the contest's letters, top row first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in (1..=self.height).rev() {
            let letters: String = (1..=self.width)
                .map(|x| self.field(Square { x, y }).letter())
                .collect();
            writeln!(f, "{letters}")?;
        }
        Ok(())
    }
}
