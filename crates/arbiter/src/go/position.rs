//! A Go position: stones on the points of a board, as the contest gives them (square) or as a
//! record ends (any shape SGF allows). The one type of a board's stones: the contest's count,
//! the scoring of a finished game, its markup and its write-back all read it; the playing
//! board (`board::Board`, with chains and captures) is made from it and back.
//!
//! # Examples
//!
//! ```
//! use arbiter::go::{Position, Stone};
//! use arbiter::Coord;
//!
//! let position: Position = "X.\n.O".parse().unwrap();
//! assert_eq!(position.get(Coord { row: 1, col: 1 }), Some(Stone::White));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::grid::{Coord, EMPTY, Grid};
use crate::input::rows::{self, Alphabet};
use crate::input::{InputError, Pos};

/// The largest board side: far past the 52 x 52 that SGF allows, while one board stays a few
/// megabytes of memory.
pub const MAX_SIZE: usize = 1024;

/// A stone's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Stone {
    /// Black (`X` in diagrams).
    Black,
    /// White (`O` in diagrams).
    White,
}

impl Stone {
    pub(crate) const fn cell(self) -> u8 {
        match self {
            Stone::Black => 1,
            Stone::White => 2,
        }
    }

    const fn of_cell(cell: u8) -> Option<Stone> {
        match cell {
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => None,
        }
    }

    /// The colour's name in running text: `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }

    /// The letter Go software uses for this colour in results: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Stone::Black => 'B',
            Stone::White => 'W',
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "Black",
            Stone::White => "White",
        })
    }
}

/// A board position: stones on the points of an n x n board (or of a rectangle, for records).
///
/// Points are [`Coord`]s from 0 (the contest's `(r, c)` is `Coord { row: r - 1, col: c - 1 }`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) grid: Grid,
}

/// The error of [`Position::place`]: the point already holds a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{at} already holds a {} stone", by.name())]
pub struct Occupied {
    /// The point.
    pub at: Coord,
    /// The stone already there.
    pub by: Stone,
}

impl Position {
    /// An empty `size` x `size` board.
    ///
    /// # Panics
    /// When `size` is 0 or larger than [`MAX_SIZE`].
    pub fn new(size: usize) -> Self {
        assert!(
            (1..=MAX_SIZE).contains(&size),
            "board size outside 1..=MAX_SIZE"
        );
        Position::rectangle(size, size)
    }

    /// An empty board of `width` columns and `height` rows, as SGF's `SZ[width:height]`.
    ///
    /// # Panics
    /// When a side is 0 or larger than [`MAX_SIZE`].
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::go::Position;
    ///
    /// let position = Position::rectangle(13, 9);
    /// assert_eq!((position.width(), position.height()), (13, 9));
    /// ```
    pub fn rectangle(width: usize, height: usize) -> Self {
        assert!(
            (1..=MAX_SIZE).contains(&width) && (1..=MAX_SIZE).contains(&height),
            "board side outside 1..=MAX_SIZE"
        );
        Position {
            grid: Grid::new(height, width),
        }
    }

    /// The side of a square board: its number of rows. The contest's boards are square; a
    /// record's may not be ([`Position::width`], [`Position::height`]).
    pub fn size(&self) -> usize {
        debug_assert_eq!(self.width(), self.height(), "size() of a rectangle");
        self.grid.rows()
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.grid.cols()
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.grid.rows()
    }

    /// Every point's stone, row by row from the top.
    pub fn stones(&self) -> impl Iterator<Item = Option<Stone>> + '_ {
        (0..self.height()).flat_map(|row| self.grid.row(row).iter().map(|&c| Stone::of_cell(c)))
    }

    /// The stone on a point, if any.
    pub fn get(&self, at: Coord) -> Option<Stone> {
        Stone::of_cell(self.grid.get(self.grid.index(at)))
    }

    /// Puts a stone on an empty point.
    ///
    /// # Errors
    /// When the point already holds a stone (of either colour); the position is unchanged.
    pub fn place(&mut self, at: Coord, stone: Stone) -> Result<(), Occupied> {
        match self.get(at) {
            Some(by) => Err(Occupied { at, by }),
            None => {
                self.grid.set(at, stone.cell());
                Ok(())
            }
        }
    }

    /// Empties a point.
    pub fn remove(&mut self, at: Coord) {
        self.grid.set(at, EMPTY);
    }

    /// Puts `stone` on a point, whatever was there, or empties it.
    pub(crate) fn set(&mut self, at: Coord, stone: Option<Stone>) {
        self.grid.set(at, stone.map_or(EMPTY, Stone::cell));
    }
}

/// Diagram letters: `X` black, `O` white, `.` empty.
const ALPHABET: Alphabet = Alphabet::new(
    &[
        (b'X', Stone::Black.cell()),
        (b'O', Stone::White.cell()),
        (b'.', EMPTY),
    ],
    "'X', 'O' or '.'",
);

impl FromStr for Position {
    type Err = InputError;

    /// Reads a diagram: rows of `X` (black), `O` (white) and `.` separated by white space.
    fn from_str(text: &str) -> Result<Self, InputError> {
        let grid = rows::square_grid(text, &ALPHABET)?;
        if grid.rows() > MAX_SIZE {
            let pos = Pos { line: 1, column: 1 };
            let found = format!("{} rows", grid.rows());
            return Err(InputError::unexpected(
                pos,
                format!("at most {MAX_SIZE} rows"),
                found.as_bytes(),
            ));
        }
        Ok(Position { grid })
    }
}

impl fmt::Display for Position {
    /// The diagram: `X`, `O` and `.`, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.height() {
            let letters: String = self
                .grid
                .row(row)
                .iter()
                .map(|&cell| match Stone::of_cell(cell) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                })
                .collect();
            writeln!(f, "{letters}")?;
        }
        Ok(())
    }
}
