//! The Hex judge: is a Hex position impossible, won by Red, won by Blue, or won by nobody?
//!
//! The rules are those of `docs/specs/hex.md`: an N x N rhombus of hexagons, Red joining the top and
//! bottom rows, Blue the left and right columns, and a position is `Impossible` when no legal
//! game reaches it. [`judge`] returns a [`Judgement`] that carries its evidence: the stone
//! counts, the winning chain and every stone that could have been played last, or the rule
//! that makes the position impossible, with the chains that show it.
//!
//! Boards may be rectangular (game records can be, `SZ[w:h]`): Red joins the top and bottom
//! rows, Blue the left and right columns, and every rule holds as on a square board.
//!
//! The conventions Hex players write with (cell names like `b3`, Red as SGF's `B`) live here,
//! next to the adjacency, in one place: [`cell_name`], [`parse_cell`], [`Stone::sgf`]. Each
//! format is a module of its own: the contest's in [`gcj`], game records in [`sgf`] (HexGui)
//! and [`trmph`], replayed by [`record`]; [`Hex`] reads them all as one [`Game`].
//!
//! # Examples
//!
//! ```
//! use arbiter::grid::Coord;
//! use arbiter::hex::{judge, Board, Stone, Verdict};
//!
//! let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
//! let judgement = judge(&board);
//! assert_eq!(judgement.verdict.to_string(), "Blue wins");
//! let Verdict::Win(win) = judgement.verdict else { unreachable!() };
//! assert_eq!(win.winner, Stone::Blue);
//! // The centre stone lies on every blue chain, so it alone can have been the last move.
//! assert_eq!(win.last_stones, [Coord { row: 1, col: 1 }]);
//! ```

pub mod gcj;
#[cfg(feature = "generate")]
pub mod generate;
mod judge;
pub mod record;
pub mod sgf;
pub mod show;
pub mod solve;
pub mod trmph;

pub use judge::{Answer, Case, Hex, Judged, Raw, RecordJudgement};

use std::fmt;
use std::str::FromStr;

use crate::connect::{Crossing, Winning};
#[cfg(doc)]
use crate::game::Game;
use crate::grid::{Adjacency, Coord, EMPTY, Grid, Side};
use crate::input::InputError;
use crate::input::rows::{self, Alphabet};

/// The Hex judge's adjacency (see `docs/specs/hex.md`; the official data settles it).
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

    const fn cell(self) -> u8 {
        match self {
            Stone::Red => 1,
            Stone::Blue => 2,
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
    use super::{Coord, cell_name};
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
    fn from_grid(grid: Grid) -> Self {
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
        #[cfg(feature = "parallel")]
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

    fn crossing(&self, stone: Stone) -> Crossing<'_> {
        let (from, to) = stone.sides();
        Crossing::new(&self.grid, ADJACENCY, stone.cell(), from, to)
    }

    fn coords(&self, cells: &[usize]) -> Vec<Coord> {
        cells.iter().map(|&cell| self.grid.coord(cell)).collect()
    }
}

fn stone_of(cell: u8) -> Option<Stone> {
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
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
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

/// The judge's answer: the counts and the verdict with its evidence.
///
/// As JSON: `red` and `blue` (the counts), then the verdict's fields (see [`Verdict`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Judgement {
    /// How many stones of each colour the board holds.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub counts: Counts,
    /// What holds, and why.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub verdict: Verdict,
}

/// What holds on a board.
///
/// As JSON, the fields of its evidence: a [`Win`]'s, a [`Reason`]'s, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Verdict {
    /// No legal game reaches the board; the reason names the rule.
    Impossible(Reason),
    /// One colour has connected and a legal game ends here.
    Win(Win),
    /// Nobody has connected and the counts are legal.
    Nobody,
}

/// The evidence of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Win {
    /// The colour that connected.
    pub winner: Stone,
    /// One chain of the winner's stones joining its sides, from the first side to the second.
    #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
    pub chain: Vec<Coord>,
    /// Every stone that could have been the last move: those on every winning chain, in
    /// chain order (never empty).
    #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
    pub last_stones: Vec<Coord>,
}

/// Which rule of `docs/specs/hex.md` makes a board impossible.
///
/// Rule 2 (both colours connected) has no variant: it cannot hold on a Hex board, since a
/// red top-to-bottom chain and a blue left-to-right chain would have to cross (the Hex
/// theorem).
///
/// As JSON: `reason` names the variant (`count_gap`, `winner_behind`, `no_last_stone`), with
/// its fields beside it (`connected` for the connected colour).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "reason", rename_all = "snake_case")
)]
pub enum Reason {
    /// Rule 1: the counts differ by more than one.
    CountGap,
    /// Rule 3: the connected colour has fewer stones than the other, so it did not move last.
    WinnerBehind {
        /// The connected colour.
        #[cfg_attr(feature = "serde", serde(rename = "connected"))]
        winner: Stone,
        /// One of its chains.
        #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
        chain: Vec<Coord>,
    },
    /// Rule 4: no stone lies on every chain of the connected colour, so the game would have
    /// ended before its last stone; two chains sharing no stone prove it.
    NoLastStone {
        /// The connected colour.
        #[cfg_attr(feature = "serde", serde(rename = "connected"))]
        winner: Stone,
        /// Two of its chains with no stone in common.
        #[cfg_attr(feature = "serde", serde(serialize_with = "named::chains"))]
        chains: [Vec<Coord>; 2],
    },
}

impl Reason {
    /// The number of the rule in `docs/specs/hex.md`.
    pub fn rule(&self) -> u8 {
        match self {
            Reason::CountGap => 1,
            Reason::WinnerBehind { .. } => 3,
            Reason::NoLastStone { .. } => 4,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::CountGap => f.write_str("the stone counts differ by more than one"),
            Reason::WinnerBehind { winner, .. } => {
                write!(
                    f,
                    "{winner} is connected but has fewer stones than its opponent"
                )
            }
            Reason::NoLastStone { winner, .. } => write!(
                f,
                "{winner} has two chains with no common stone, so no stone can have been last"
            ),
        }
    }
}

impl Verdict {
    /// The contest's answer, without the evidence.
    pub fn outcome(&self) -> Outcome {
        match self {
            Verdict::Impossible(_) => Outcome::Impossible,
            Verdict::Win(win) => Outcome::Win(win.winner),
            Verdict::Nobody => Outcome::Nobody,
        }
    }
}

impl fmt::Display for Verdict {
    /// The contest wording: `Impossible`, `Red wins`, `Blue wins` or `Nobody wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.outcome().fmt(f)
    }
}

/// The contest's answer for a board, without its evidence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No legal game reaches the board.
    Impossible,
    /// This colour has connected, and a legal game ends here.
    Win(Stone),
    /// Nobody has connected and the counts are legal.
    Nobody,
}

impl fmt::Display for Outcome {
    /// The contest wording: `Impossible`, `Red wins`, `Blue wins` or `Nobody wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Impossible => f.write_str("Impossible"),
            Outcome::Win(winner) => write!(f, "{winner} wins"),
            Outcome::Nobody => f.write_str("Nobody wins"),
        }
    }
}

/// Judges a board by the four rules of `docs/specs/hex.md`, in time linear in its cells.
///
/// # Examples
///
/// ```
/// use arbiter::hex::{judge, Board, Reason, Verdict};
///
/// // Blue's top two rows are two chains with no stone in common (rule 4).
/// let board: Board = "BBBB\nBBBB\nRRR.\nRRRR".parse().unwrap();
/// let judgement = judge(&board);
/// assert!(matches!(judgement.verdict, Verdict::Impossible(Reason::NoLastStone { .. })));
/// assert_eq!((judgement.counts.red, judgement.counts.blue), (7, 8));
/// ```
pub fn judge(board: &Board) -> Judgement {
    let counts = board.counts();
    Judgement {
        counts,
        verdict: verdict(board, counts),
    }
}

/// The colour that joins its sides on `board`, with one of its chains (from its first side
/// to its second); `None` when neither does. At most one colour can (the Hex theorem), and
/// unlike [`judge`] this asks nothing of the counts or the last move: it is what a game
/// record's final position shows.
///
/// # Examples
///
/// ```
/// use arbiter::hex::{connection, Board, Stone};
///
/// // Red's first column joins top and bottom; Blue has one stone more, which the judge
/// // would not allow, but the connection is there all the same.
/// let board: Board = "RBB\nRB.\nRBB".parse().unwrap();
/// let (winner, chain) = connection(&board).unwrap();
/// assert_eq!((winner, chain.len()), (Stone::Red, 3));
/// ```
pub fn connection(board: &Board) -> Option<(Stone, Vec<Coord>)> {
    let (stone, winning) = joining(board, board.counts())?;
    Some((stone, board.coords(&winning.chain)))
}

/// The colour that joins its sides, with one of its chains and its cut stones.
///
/// The colour with more stones is asked first (Red when the counts are equal): the side that
/// moved first and last has one more, and in a game played to its end the last mover is the
/// one that joined, so one question usually settles it (the other colour, asked first,
/// costs its walks for nothing: with equal counts, a 4000 x 4000 board Blue won takes 50 ms,
/// one Red won 36, whole commands).
fn joining(board: &Board, counts: Counts) -> Option<(Stone, Winning)> {
    let order = if counts.blue > counts.red {
        [Stone::Blue, Stone::Red]
    } else {
        [Stone::Red, Stone::Blue]
    };
    order
        .into_iter()
        .find_map(|stone| Some((stone, board.crossing(stone).winning()?)))
}

fn verdict(board: &Board, counts: Counts) -> Verdict {
    // Rule 1.
    if counts.red.abs_diff(counts.blue) > 1 {
        return Verdict::Impossible(Reason::CountGap);
    }
    // Rule 2 never holds: a red top-to-bottom chain and a blue left-to-right chain would cross,
    // and chains on a hexagonal board cannot cross without sharing a cell (the Hex theorem; the
    // property tests check it against a brute force that looks at both colours). So once one
    // colour connects the other need not be looked at.
    let Some((winner, winning)) = joining(board, counts) else {
        return Verdict::Nobody;
    };
    let loser = if winner == Stone::Red {
        Stone::Blue
    } else {
        Stone::Red
    };
    // Rule 3.
    if counts.of(winner) < counts.of(loser) {
        return Verdict::Impossible(Reason::WinnerBehind {
            winner,
            chain: board.coords(&winning.chain),
        });
    }
    // Rule 4.
    if winning.cut_stones.is_empty() {
        let [first, second] = board
            .crossing(winner)
            .disjoint_chains(&winning.chain)
            .expect("Menger: no stone on every chain means two disjoint chains");
        return Verdict::Impossible(Reason::NoLastStone {
            winner,
            chains: [board.coords(&first), board.coords(&second)],
        });
    }
    Verdict::Win(Win {
        winner,
        chain: board.coords(&winning.chain),
        last_stones: board.coords(&winning.cut_stones),
    })
}

#[cfg(test)]
mod tests;
