//! The Hex board and the conventions Hex players write with: [`Stone`] (Red, SGF's `B`, joins
//! top and bottom), cell names such as `b3` ([`cell_name`], [`parse_cell`]), and the stone
//! counts.
//!
//! # Examples
//!
//! ```
//! use arbiter::grid::Coord;
//! use arbiter::hex::{cell_name, parse_cell, Board, Stone};
//!
//! let board: Board = "R.\n.B".parse().unwrap();
//! assert_eq!(board.get(Coord { row: 1, col: 1 }), Some(Stone::Blue));
//! assert_eq!(cell_name(Coord { row: 1, col: 1 }).to_string(), "b2");
//! assert_eq!(parse_cell("b2"), Some(Coord { row: 1, col: 1 }));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::connect::Crossing;
use crate::grid::{Adjacency, Coord, EMPTY, Grid, Side};
use crate::input::InputError;
use crate::input::rows::{self, Alphabet};

/// The Hex judge's adjacency (see `docs/src/hex.md`; the official data settles it).
pub const ADJACENCY: Adjacency = Adjacency::HexRising;

/// A stone's colour, and the side its player joins (HexWiki's and Benzene's conventions, the
/// contest's too): Red moves first and joins the top row to the bottom row; SGF's `B` (and
/// Benzene's black) is Red, `W` is Blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Stone {
    /// Red moves first and joins the top row to the bottom row (vertical).
    Red,
    /// Blue joins the left column to the right column (horizontal).
    Blue,
}

impl Stone {
    /// Both colours, Red first.
    pub const ALL: [Stone; 2] = [Stone::Red, Stone::Blue];

    pub(crate) const fn cell(self) -> u8 {
        match self {
            Stone::Red => 1,
            Stone::Blue => 2,
        }
    }

    /// The colour's index in pairs kept per colour: 0 for Red, 1 for Blue.
    pub const fn index(self) -> usize {
        match self {
            Stone::Red => 0,
            Stone::Blue => 1,
        }
    }

    /// The other colour.
    pub const fn other(self) -> Stone {
        match self {
            Stone::Red => Stone::Blue,
            Stone::Blue => Stone::Red,
        }
    }

    /// The two sides this colour must join.
    pub const fn sides(self) -> (Side, Side) {
        match self {
            Stone::Red => (Side::Top, Side::Bottom),
            Stone::Blue => (Side::Left, Side::Right),
        }
    }

    /// The letter the contest format uses: `R` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Stone::Red => 'R',
            Stone::Blue => 'B',
        }
    }

    /// SGF's letter for this colour: `B` for Red, `W` for Blue.
    ///
    /// ```
    /// use arbiter::hex::Stone;
    ///
    /// assert_eq!((Stone::Red.sgf(), Stone::Blue.sgf()), ('B', 'W'));
    /// assert_eq!(Stone::from_sgf('W'), Some(Stone::Blue));
    /// ```
    pub const fn sgf(self) -> char {
        match self {
            Stone::Red => 'B',
            Stone::Blue => 'W',
        }
    }

    /// The colour SGF's `B` or `W` names.
    pub const fn from_sgf(letter: char) -> Option<Stone> {
        match letter {
            'B' => Some(Stone::Red),
            'W' => Some(Stone::Blue),
            _ => None,
        }
    }
}

impl crate::named::Named for Stone {
    const ALL: &'static [Stone] = &[Stone::Red, Stone::Blue];

    fn name(self) -> &'static str {
        match self {
            Stone::Red => "red",
            Stone::Blue => "blue",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Stone::Red => "Red moves first and joins the top row to the bottom row (vertical)",
            Stone::Blue => "Blue joins the left column to the right column (horizontal)",
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Red => "Red",
            Stone::Blue => "Blue",
        })
    }
}

/// The letters of column `col` (from 0), as HexGui and trmph write them: `a` to `z`, then
/// `aa`, `ab`, ... (a column's letters never end a row number, so names read back uniquely).
///
/// ```
/// use arbiter::hex::column_name;
///
/// assert_eq!([column_name(0), column_name(25), column_name(26), column_name(52)], ["a", "z", "aa", "ba"]);
/// ```
pub fn column_name(col: usize) -> String {
    let mut letters = Vec::new();
    let mut rest = col + 1;
    while rest > 0 {
        rest -= 1;
        letters.push(b'a' + (rest % 26) as u8);
        rest /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// A cell's name as Hex players write it: its column's letters, then its row number from 1.
/// `a1` is the top-left cell, an acute corner: contest cell (r, c) is [`column_name`]`(c)`
/// followed by r + 1.
///
/// ```
/// use arbiter::grid::Coord;
/// use arbiter::hex::cell_name;
///
/// assert_eq!(cell_name(Coord { row: 0, col: 0 }).to_string(), "a1");
/// assert_eq!(cell_name(Coord { row: 2, col: 1 }).to_string(), "b3");
/// ```
pub const fn cell_name(at: Coord) -> CellName {
    CellName(at)
}

/// A cell written by its name ([`cell_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName(pub Coord);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.0.col), self.0.row + 1)
    }
}

/// The most letters a column name may have when read ([`parse_cell`]): 18,278 columns.
const MAX_COLUMN_LETTERS: usize = 3;
/// The most digits a row number may have when read.
const MAX_ROW_DIGITS: usize = 7;

/// The cell a name such as `b3` or `B3` names: letters, then a row number from 1. No check
/// against a board is made; `None` for anything that is not a name.
///
/// ```
/// use arbiter::grid::Coord;
/// use arbiter::hex::parse_cell;
///
/// assert_eq!(parse_cell("b3"), Some(Coord { row: 2, col: 1 }));
/// assert_eq!(parse_cell("AA10"), Some(Coord { row: 9, col: 26 }));
/// assert_eq!(parse_cell("b0"), None);
/// assert_eq!(parse_cell("3b"), None);
/// ```
pub fn parse_cell(name: &str) -> Option<Coord> {
    let letters = name.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (column, row) = name.split_at(letters);
    if !(1..=MAX_COLUMN_LETTERS).contains(&letters)
        || !(1..=MAX_ROW_DIGITS).contains(&row.len())
        || !row.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let col = column.bytes().fold(0, |col, letter| {
        col * 26 + usize::from(letter.to_ascii_lowercase() - b'a') + 1
    });
    let row: usize = row.parse().ok()?;
    Some(Coord {
        row: row.checked_sub(1)?,
        col: col - 1,
    })
}

/// Cells in JSON: the row and column objects, with the cell's name beside them.
#[cfg(feature = "serde")]
pub(crate) mod named {
    use super::cell_name;
    use crate::grid::Coord;
    use serde::Serializer;
    use serde::ser::SerializeStruct;

    /// One cell: `{"row": 2, "col": 1, "cell": "b3"}`.
    pub(super) struct Named<'a>(pub &'a Coord);

    impl serde::Serialize for Named<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut cell = s.serialize_struct("Cell", 3)?;
            cell.serialize_field("row", &self.0.row)?;
            cell.serialize_field("col", &self.0.col)?;
            cell.serialize_field("cell", &cell_name(*self.0).to_string())?;
            cell.end()
        }
    }

    /// One cell.
    pub(crate) fn cell<S: Serializer>(cell: &Coord, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&Named(cell), s)
    }

    /// One cell, or `null`.
    pub(crate) fn maybe_cell<S: Serializer>(cell: &Option<Coord>, s: S) -> Result<S::Ok, S::Error> {
        match cell {
            Some(cell) => serde::Serialize::serialize(&Named(cell), s),
            None => s.serialize_none(),
        }
    }

    /// A list of cells.
    pub(crate) fn cells<S: Serializer>(cells: &[Coord], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cells.iter().map(Named))
    }

    /// Two lists of cells.
    pub(crate) fn chains<S: Serializer>(chains: &[Vec<Coord>; 2], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            chains
                .iter()
                .map(|chain| chain.iter().map(Named).collect::<Vec<_>>()),
        )
    }
}

/// A Hex board of any rectangular shape; the contest's boards are square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid,
}

impl Board {
    /// An empty board of `size` x `size` cells, `size` in `1..=MAX_SIDE`.
    ///
    /// # Panics
    /// When `size` is 0 or larger than [`crate::grid::MAX_SIDE`].
    pub fn new(size: usize) -> Self {
        Board::with_shape(size, size)
    }

    /// An empty board of `rows` rows and `cols` columns, each in `1..=MAX_SIDE`.
    ///
    /// # Panics
    /// When either is 0 or larger than [`crate::grid::MAX_SIDE`].
    pub fn with_shape(rows: usize, cols: usize) -> Self {
        Board {
            grid: Grid::new(rows, cols),
        }
    }

    /// Wraps a grid filled by a reader (values 0 empty, 1 red, 2 blue).
    pub(crate) fn from_grid(grid: Grid) -> Self {
        Board { grid }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    /// Whether the board is square, as the contest's boards are.
    pub fn is_square(&self) -> bool {
        self.rows() == self.cols()
    }

    /// Whether `at` lies on the board.
    pub fn contains(&self, at: Coord) -> bool {
        at.row < self.rows() && at.col < self.cols()
    }

    /// The stone at `at`, if any.
    ///
    /// # Panics
    /// When `at` is off the board.
    pub fn get(&self, at: Coord) -> Option<Stone> {
        assert!(self.contains(at), "{at} is off the board");
        stone_of(self.grid.get(self.grid.index(at)))
    }

    /// Puts a stone on `at`, or clears it with `None`.
    ///
    /// # Panics
    /// When `at` is off the board.
    pub fn set(&mut self, at: Coord, stone: Option<Stone>) {
        assert!(self.contains(at), "{at} is off the board");
        self.grid.set(at, stone.map_or(EMPTY, Stone::cell));
    }

    /// Every cell holding a stone of `colour`, row by row.
    pub fn stones(&self, colour: Stone) -> impl Iterator<Item = Coord> + '_ {
        (0..self.rows()).flat_map(move |row| {
            self.grid
                .row(row)
                .iter()
                .enumerate()
                .filter(move |&(_, &cell)| cell == colour.cell())
                .map(move |(col, _)| Coord { row, col })
        })
    }

    /// How many stones of each colour the board holds.
    pub fn counts(&self) -> Counts {
        let values = self.grid.values();
        // On a huge board, a piece of it a thread (the counting is a tenth of the judging).
        if values.len() >= 1 << 22 {
            use rayon::prelude::*;
            crate::pool::start();
            return values
                .par_chunks(1 << 20)
                .map(Counts::of_cells)
                .reduce(Counts::default, Counts::add);
        }
        Counts::of_cells(values)
    }

    pub(crate) fn crossing(&self, stone: Stone) -> Crossing<'_> {
        let (from, to) = stone.sides();
        Crossing::new(&self.grid, ADJACENCY, stone.cell(), from, to)
    }

    pub(crate) fn coords(&self, cells: &[usize]) -> Vec<Coord> {
        cells.iter().map(|&cell| self.grid.coord(cell)).collect()
    }
}

pub(crate) fn stone_of(cell: u8) -> Option<Stone> {
    match cell {
        1 => Some(Stone::Red),
        2 => Some(Stone::Blue),
        _ => None,
    }
}

impl FromStr for Board {
    type Err = InputError;

    /// Reads rows of `R`, `B` and `.` separated by white space, as in the contest format but
    /// without the size line: as many rows as are written, each as long as the first.
    fn from_str(text: &str) -> Result<Self, InputError> {
        rows::rect_grid(text, &ALPHABET).map(Board::from_grid)
    }
}

/// The contest's letters for the cells.
pub(crate) const ALPHABET: Alphabet = Alphabet::new(
    &[
        (b'R', Stone::Red.cell()),
        (b'B', Stone::Blue.cell()),
        (b'.', EMPTY),
    ],
    "'R', 'B' or '.'",
);

impl fmt::Display for Board {
    /// The rows in the contest's letters, one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows() {
            let letters: String = self
                .grid
                .row(row)
                .iter()
                .map(|&cell| stone_of(cell).map_or('.', Stone::letter))
                .collect();
            writeln!(f, "{letters}")?;
        }
        Ok(())
    }
}

/// The number of stones of each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counts {
    /// Red stones.
    pub red: usize,
    /// Blue stones.
    pub blue: usize,
}

impl Counts {
    /// The stones among cell values (border cells never equal a stone, so a board's whole
    /// cell array can be counted at once): in byte counters, 255 cells at a time, which the
    /// compiler turns into vector instructions sixteen cells wide.
    fn of_cells(values: &[u8]) -> Counts {
        let count = |stone: Stone| {
            let cell = stone.cell();
            values
                .chunks(255)
                .map(|chunk| {
                    let found = chunk
                        .iter()
                        .fold(0u8, |n, &value| n + u8::from(value == cell));
                    usize::from(found)
                })
                .sum::<usize>()
        };
        Counts {
            red: count(Stone::Red),
            blue: count(Stone::Blue),
        }
    }

    /// Both counts together.
    fn add(self, other: Counts) -> Counts {
        Counts {
            red: self.red + other.red,
            blue: self.blue + other.blue,
        }
    }

    /// The count of one colour.
    pub fn of(self, stone: Stone) -> usize {
        match stone {
            Stone::Red => self.red,
            Stone::Blue => self.blue,
        }
    }
}
