//! The board of Il Gioco dell'X: full, every cell black or white, with its adjacency.
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::{Board, Stone};
//! use arbiter::Coord;
//!
//! let board: Board = "bw\nwb".parse().unwrap();
//! assert_eq!(board.get(Coord { row: 0, col: 1 }), Stone::White);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::connect::Crossing;
use crate::grid::{Adjacency, Coord, Grid, Side};
use crate::input::InputError;
use crate::input::rows::{self, Alphabet};

/// Il Gioco dell'X's adjacency: (i-1, j-1), (i-1, j), (i, j-1), (i, j+1), (i+1, j), (i+1, j+1).
pub const ADJACENCY: Adjacency = Adjacency::HexFalling;

/// A cell's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Stone {
    /// Black (`b`) joins the top row to the bottom row.
    Black,
    /// White (`w`) joins the left column to the right column.
    White,
}

impl Stone {
    const fn cell(self) -> u8 {
        match self {
            Stone::Black => 1,
            Stone::White => 2,
        }
    }

    /// The two sides this colour must join.
    pub const fn sides(self) -> (Side, Side) {
        match self {
            Stone::Black => (Side::Top, Side::Bottom),
            Stone::White => (Side::Left, Side::Right),
        }
    }

    /// The letter the contest input uses: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Stone::Black => 'b',
            Stone::White => 'w',
        }
    }

    /// The letter the contest output uses: `B` or `W`.
    pub const fn verdict_letter(self) -> char {
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

/// The contest's letters for the cells: a board is always full.
pub(crate) const ALPHABET: Alphabet = Alphabet::new(
    &[(b'b', Stone::Black.cell()), (b'w', Stone::White.cell())],
    "'b' or 'w'",
);

/// A full N x N board: every cell is black or white.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub(crate) grid: Grid,
}

impl Board {
    /// A `size` x `size` board with every cell `fill`.
    ///
    /// # Panics
    /// When `size` is 0 or larger than [`crate::grid::MAX_SIDE`].
    pub fn new(size: usize, fill: Stone) -> Self {
        let mut grid = Grid::with_capacity(size, size);
        let row = vec![fill.cell(); size];
        for _ in 0..size {
            grid.push_row_mapped(&row, |cell| cell);
        }
        grid.close();
        Board { grid }
    }

    pub(crate) fn from_grid(grid: Grid) -> Self {
        debug_assert_eq!(grid.rows(), grid.cols());
        Board { grid }
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        self.grid.rows()
    }

    /// The colour of a cell.
    pub fn get(&self, at: Coord) -> Stone {
        if self.grid.get(self.grid.index(at)) == Stone::Black.cell() {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Colours a cell.
    pub fn set(&mut self, at: Coord, stone: Stone) {
        self.grid.set(at, stone.cell());
    }

    pub(crate) fn crossing(&self, stone: Stone) -> Crossing<'_> {
        let (from, to) = stone.sides();
        Crossing::new(&self.grid, ADJACENCY, stone.cell(), from, to)
    }
}

impl FromStr for Board {
    type Err = InputError;

    /// Reads rows of `b` and `w` separated by white space; the number of rows is the size.
    fn from_str(text: &str) -> Result<Self, InputError> {
        rows::square_grid(text, &ALPHABET).map(Board::from_grid)
    }
}

impl fmt::Display for Board {
    /// The rows in the contest's letters, one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size() {
            let letters: String = (0..self.size())
                .map(|col| self.get(Coord { row, col }).letter())
                .collect();
            writeln!(f, "{letters}")?;
        }
        Ok(())
    }
}
