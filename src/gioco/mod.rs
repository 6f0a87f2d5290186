//! Il Gioco dell'X: on a full hexagonal board, which colour has connected?
//!
//! The rules are those of `docs/specs/gioco.md`: an N x N board, every cell black or white,
//! with the mirror image of the Hex judge's adjacency ([`ADJACENCY`]). Black wins when a black
//! chain joins the top row to the bottom row; otherwise White wins, and on a full board White
//! then joins the left column to the right column (the Hex theorem, which
//! [`judge`] checks rather than assumes: the chain it returns is looked for, not presumed).
//!
//! The geometry and the connection search are the Hex judge's (the crate's `connect` module), with the
//! orientation as a parameter. The contest format (UVa 260) lives in [`uva`].
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::{judge, Board, Stone};
//!
//! let board: Board = "bbwb wwbw bbwb bwww".parse().unwrap();
//! let judgement = judge(&board);
//! assert_eq!(judgement.winner, Stone::White);
//! assert_eq!(judgement.chain.unwrap().len(), 4);
//! ```

#[cfg(feature = "generate")]
pub mod generate;
pub mod show;
pub mod uva;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use crate::connect::Crossing;
use crate::game::{Cases, Game};
use crate::grid::{Adjacency, Coord, Grid, Side};
use crate::input::InputError;
use crate::input::rows::{self, Alphabet};
use crate::render::Style;
use crate::validate::Report;

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
    grid: Grid,
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

    fn from_grid(grid: Grid) -> Self {
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

    fn crossing(&self, stone: Stone) -> Crossing<'_> {
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

/// The winner and its evidence.
///
/// As JSON: `winner` (`"black"` or `"white"`) and `chain`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Judgement {
    /// Black if Black joins top and bottom, otherwise White (the contest's rule).
    pub winner: Stone,
    /// One chain of the winner's cells joining its two sides, first side first. On a full
    /// board it always exists (the Hex theorem); `None` would mean the theorem failed.
    pub chain: Option<Vec<Coord>>,
}

/// The contest's question alone: Black if Black joins top and bottom, otherwise White.
///
/// Cheaper than [`judge`]: it settles Black's connection without building a chain.
///
/// # Examples
///
/// ```
/// use arbiter::gioco::{winner, Board, Stone};
///
/// let board: Board = "bbwb wwbw bwwb wwbb".parse().unwrap();
/// assert_eq!(winner(&board), Stone::Black);
/// ```
pub fn winner(board: &Board) -> Stone {
    if board.crossing(Stone::Black).connects() {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The winner with one winning chain, in time linear in the cells.
pub fn judge(board: &Board) -> Judgement {
    let coords = |chain: Vec<usize>| chain.into_iter().map(|c| board.grid.coord(c)).collect();
    if let Some(black) = board.crossing(Stone::Black).winning() {
        return Judgement {
            winner: Stone::Black,
            chain: Some(coords(black.chain)),
        };
    }
    Judgement {
        winner: Stone::White,
        chain: board
            .crossing(Stone::White)
            .winning()
            .map(|w| coords(w.chain)),
    }
}

/// The contest's answer: the winner, written `B` or `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict(pub Stone);

impl fmt::Display for Verdict {
    /// The contest's letter: `B` or `W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.verdict_letter())
    }
}

/// Il Gioco dell'X as a [`Game`]: full boards in the contest format (UVa 260).
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::gioco::Gioco;
///
/// let board = Gioco.read("2\nbw\nbw\n0\n".as_bytes()).next().unwrap().unwrap();
/// assert_eq!(Gioco.verdict(&board).to_string(), "B");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gioco;

impl Game for Gioco {
    const NAME: &'static str = "gioco";
    type Raw = Board;
    type Case = Board;
    type Verdict = Verdict;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Board> {
        Box::new(uva::cases(input))
    }

    fn weight(&self, raw: &Board) -> usize {
        raw.size() * raw.size()
    }

    fn prepare(&self, raw: Board) -> Result<Board, InputError> {
        Ok(raw)
    }

    fn verdict(&self, board: &Board) -> Verdict {
        Verdict(winner(board))
    }

    fn judge(&self, board: &Board) -> Judgement {
        judge(board)
    }

    fn verdict_of(&self, judgement: &Judgement) -> Verdict {
        Verdict(judgement.winner)
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        verdict: &Verdict,
    ) -> io::Result<()> {
        uva::write_verdict(out, number, verdict.0)
    }

    fn explain(
        &self,
        board: &Board,
        judgement: &Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        show::explain(board, judgement, style, out)
    }

    fn draw(&self, board: &Board, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
        show::svg(board, judgement, out)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        uva::validate(input)
    }
}

#[cfg(test)]
mod tests;
