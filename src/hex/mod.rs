//! The Hex judge: is a Hex position impossible, won by Red, won by Blue, or won by nobody?
//!
//! The rules are those of `docs/specs/hex.md`: an N x N rhombus of hexagons, Red joining the top and
//! bottom rows, Blue the left and right columns, and a position is `Impossible` when no legal
//! game reaches it. [`judge`] returns a [`Judgement`] that carries its evidence: the stone
//! counts, the winning chain and every stone that could have been played last, or the rule
//! that makes the position impossible, with the chains that show it.
//!
//! The contest format (Google Code Jam APAC 2014) lives apart, in [`gcj`].
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
pub mod show;

use std::fmt;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use crate::connect::Crossing;
use crate::game::{Cases, Game};
use crate::grid::{Adjacency, Coord, EMPTY, Grid, Side};
use crate::input::InputError;
use crate::input::rows::{self, Alphabet};
use crate::render::Style;
use crate::validate::Report;

/// The Hex judge's adjacency (see `docs/specs/hex.md`; the official data settles it).
pub const ADJACENCY: Adjacency = Adjacency::HexRising;

/// A stone's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Stone {
    /// Red joins the top row to the bottom row.
    Red,
    /// Blue joins the left column to the right column.
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
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Red => "Red",
            Stone::Blue => "Blue",
        })
    }
}

/// An N x N Hex board.
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
        Board {
            grid: Grid::new(size, size),
        }
    }

    /// Wraps a grid filled by a reader (values 0 empty, 1 red, 2 blue).
    fn from_grid(grid: Grid) -> Self {
        debug_assert_eq!(grid.rows(), grid.cols());
        Board { grid }
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        self.grid.rows()
    }

    /// The stone at `at`, if any.
    pub fn get(&self, at: Coord) -> Option<Stone> {
        stone_of(self.grid.get(self.grid.index(at)))
    }

    /// Puts a stone on `at`, or clears it with `None`.
    pub fn set(&mut self, at: Coord, stone: Option<Stone>) {
        self.grid.set(at, stone.map_or(EMPTY, Stone::cell));
    }

    /// How many stones of each colour the board holds.
    pub fn counts(&self) -> Counts {
        // Border cells never equal a stone, so the whole cell array can be counted at once,
        // in a loop the compiler turns into vector instructions.
        let count = |stone: Stone| {
            let cell = stone.cell();
            self.grid
                .values()
                .iter()
                .filter(|&&value| value == cell)
                .count()
        };
        Counts {
            red: count(Stone::Red),
            blue: count(Stone::Blue),
        }
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
    /// without the size line; the number of rows is the size.
    fn from_str(text: &str) -> Result<Self, InputError> {
        rows::square_grid(text, &ALPHABET).map(Board::from_grid)
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
        for row in 0..self.size() {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counts {
    /// Red stones.
    pub red: usize,
    /// Blue stones.
    pub blue: usize,
}

impl Counts {
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
    pub chain: Vec<Coord>,
    /// Every stone that could have been the last move: those on every winning chain, in
    /// chain order (never empty).
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
        chain: Vec<Coord>,
    },
    /// Rule 4: no stone lies on every chain of the connected colour, so the game would have
    /// ended before its last stone; two chains sharing no stone prove it.
    NoLastStone {
        /// The connected colour.
        #[cfg_attr(feature = "serde", serde(rename = "connected"))]
        winner: Stone,
        /// Two of its chains with no stone in common.
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

fn verdict(board: &Board, counts: Counts) -> Verdict {
    // Rule 1.
    if counts.red.abs_diff(counts.blue) > 1 {
        return Verdict::Impossible(Reason::CountGap);
    }
    // Rule 2 never holds: a red top-to-bottom chain and a blue left-to-right chain would cross,
    // and chains on a hexagonal board cannot cross without sharing a cell (the Hex theorem; the
    // property tests check it against a brute force that looks at both colours). So once one
    // colour connects the other need not be looked at.
    let Some((winner, winning)) = Stone::ALL
        .into_iter()
        .find_map(|stone| Some((stone, board.crossing(stone).winning()?)))
    else {
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

/// The Hex judge as a [`Game`]: boards in the contest format, answered as the contest asks.
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::hex::{Hex, Outcome, Stone};
///
/// let board = Hex.read("1\n1\nB\n".as_bytes()).next().unwrap().unwrap();
/// assert_eq!(Hex.verdict(&board), Outcome::Win(Stone::Blue));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hex;

impl Game for Hex {
    const NAME: &'static str = "hex";
    type Raw = Board;
    type Case = Board;
    type Verdict = Outcome;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Board> {
        Box::new(gcj::cases(input))
    }

    fn weight(&self, raw: &Board) -> usize {
        raw.size() * raw.size()
    }

    fn prepare(&self, raw: Board) -> Result<Board, InputError> {
        Ok(raw)
    }

    fn verdict(&self, board: &Board) -> Outcome {
        judge(board).verdict.outcome()
    }

    fn judge(&self, board: &Board) -> Judgement {
        judge(board)
    }

    fn verdict_of(&self, judgement: &Judgement) -> Outcome {
        judgement.verdict.outcome()
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        verdict: &Outcome,
    ) -> io::Result<()> {
        gcj::write_verdict(out, number, *verdict)
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
        gcj::validate(input)
    }
}

#[cfg(test)]
mod tests;
