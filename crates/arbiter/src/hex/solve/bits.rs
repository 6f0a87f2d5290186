//! Sets of cells as machine words (bitboards), and the board's geometry over them.
//!
//! The solver stores a position as two sets of cells and does everything a set at a time: a
//! cell is bit `row * cols + col`, so the six neighbours of every cell of a set are six shifts
//! of the set, masked where a row wraps into the next. [`Cells`] is implemented for `u64`
//! (boards of up to 64 cells, such as 8 x 8), `u128` (up to 128, such as 11 x 11) and
//! [`Wide`] (up to 256, such as 16 x 16); the solver is generic over it, so a small board runs
//! on single machine words.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// The largest board the solver takes, in cells (16 x 16).
pub const MAX_CELLS: usize = 256;

/// A set of cells, at most [`Cells::CAPACITY`] of them.
pub trait Cells:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// How many cells a set can hold.
    const CAPACITY: usize;
    /// No cell.
    const NONE: Self;

    /// The set of cell `i` alone.
    fn bit(i: usize) -> Self;
    /// Whether cell `i` is in the set.
    fn has(self, i: usize) -> bool;
    /// The number of cells.
    fn count(self) -> u32;
    /// The lowest cell, if any.
    fn first(self) -> Option<usize>;
    /// The set without its lowest cell.
    fn without_first(self) -> Self;
    /// Every cell moved up by `n` (cells past the capacity are lost).
    fn up(self, n: u32) -> Self;
    /// Every cell moved down by `n`.
    fn down(self, n: u32) -> Self;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::NONE
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    fn subset_of(self, other: Self) -> bool {
        self & !other == Self::NONE
    }

    /// Whether the two sets share a cell.
    #[inline]
    fn meets(self, other: Self) -> bool {
        self & other != Self::NONE
    }

    /// The cells, lowest first.
    #[inline]
    fn iter(self) -> CellIter<Self> {
        CellIter(self)
    }

    /// The set of cells `0..n`.
    fn below(n: usize) -> Self {
        (0..n).fold(Self::NONE, |set, i| set | Self::bit(i))
    }
}

/// The cells of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct CellIter<B>(B);

impl<B: Cells> Iterator for CellIter<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let first = self.0.first()?;
        self.0 = self.0.without_first();
        Some(first)
    }
}

macro_rules! word_cells {
    ($word:ty) => {
        impl Cells for $word {
            const CAPACITY: usize = <$word>::BITS as usize;
            const NONE: Self = 0;

            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }

            #[inline]
            fn has(self, i: usize) -> bool {
                self >> i & 1 == 1
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn first(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }

            #[inline]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline]
            fn up(self, n: u32) -> Self {
                self << n
            }

            #[inline]
            fn down(self, n: u32) -> Self {
                self >> n
            }

            #[inline]
            fn below(n: usize) -> Self {
                if n >= Self::CAPACITY {
                    !0
                } else {
                    (1 << n) - 1
                }
            }
        }
    };
}

word_cells!(u64);
word_cells!(u128);

/// A set of up to 256 cells: two 128-bit words, the low one first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide([u128; 2]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline]
    fn bitand(self, other: Wide) -> Wide {
        Wide([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline]
    fn bitor(self, other: Wide) -> Wide {
        Wide([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }
}

impl BitXor for Wide {
    type Output = Wide;
    #[inline]
    fn bitxor(self, other: Wide) -> Wide {
        Wide([self.0[0] ^ other.0[0], self.0[1] ^ other.0[1]])
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1]])
    }
}

impl BitAndAssign for Wide {
    #[inline]
    fn bitand_assign(&mut self, other: Wide) {
        *self = *self & other;
    }
}

impl BitOrAssign for Wide {
    #[inline]
    fn bitor_assign(&mut self, other: Wide) {
        *self = *self | other;
    }
}

impl Cells for Wide {
    const CAPACITY: usize = 256;
    const NONE: Self = Wide([0, 0]);

    #[inline]
    fn bit(i: usize) -> Self {
        if i < 128 {
            Wide([1 << i, 0])
        } else {
            Wide([0, 1 << (i - 128)])
        }
    }

    #[inline]
    fn has(self, i: usize) -> bool {
        if i < 128 {
            self.0[0] >> i & 1 == 1
        } else {
            self.0[1] >> (i - 128) & 1 == 1
        }
    }

    #[inline]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }

    #[inline]
    fn first(self) -> Option<usize> {
        if self.0[0] != 0 {
            Some(self.0[0].trailing_zeros() as usize)
        } else if self.0[1] != 0 {
            Some(128 + self.0[1].trailing_zeros() as usize)
        } else {
            None
        }
    }

    #[inline]
    fn without_first(self) -> Self {
        if self.0[0] != 0 {
            Wide([self.0[0] & (self.0[0] - 1), self.0[1]])
        } else {
            Wide([0, self.0[1] & self.0[1].wrapping_sub(1)])
        }
    }

    #[inline]
    fn up(self, n: u32) -> Self {
        match n {
            0 => self,
            1..128 => Wide([self.0[0] << n, self.0[1] << n | self.0[0] >> (128 - n)]),
            128..256 => Wide([0, self.0[0] << (n - 128)]),
            _ => Self::NONE,
        }
    }

    #[inline]
    fn down(self, n: u32) -> Self {
        match n {
            0 => self,
            1..128 => Wide([self.0[0] >> n | self.0[1] << (128 - n), self.0[1] >> n]),
            128..256 => Wide([self.0[1] >> (n - 128), 0]),
            _ => Self::NONE,
        }
    }

    #[inline]
    fn below(n: usize) -> Self {
        match n {
            0..128 => Wide([(1 << n) - 1, 0]),
            128 => Wide([!0, 0]),
            129..256 => Wide([!0, (1 << (n - 128)) - 1]),
            _ => Wide([!0, !0]),
        }
    }
}

/// A board's shape as masks: which bits are cells, and which lie on each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry<B> {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Every cell.
    pub board: B,
    /// The top row, the bottom row, the left column, the right column.
    pub top: B,
    /// See [`Geometry::top`].
    pub bottom: B,
    /// See [`Geometry::top`].
    pub left: B,
    /// See [`Geometry::top`].
    pub right: B,
}

impl<B: Cells> Geometry<B> {
    /// The geometry of a `rows` x `cols` board.
    ///
    /// # Panics
    /// When the board has no cell or more than the set type holds.
    pub fn new(rows: usize, cols: usize) -> Self {
        assert!(rows >= 1 && cols >= 1 && rows * cols <= B::CAPACITY);
        let cell = |row: usize, col: usize| B::bit(row * cols + col);
        let mut geometry = Geometry {
            rows,
            cols,
            board: B::below(rows * cols),
            top: B::NONE,
            bottom: B::NONE,
            left: B::NONE,
            right: B::NONE,
        };
        for col in 0..cols {
            geometry.top |= cell(0, col);
            geometry.bottom |= cell(rows - 1, col);
        }
        for row in 0..rows {
            geometry.left |= cell(row, 0);
            geometry.right |= cell(row, cols - 1);
        }
        geometry
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The cell at (`row`, `col`).
    pub fn index(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// Every cell next to a cell of `set` (the set's own cells included when they neighbour
    /// each other): (r-1, c), (r-1, c+1), (r, c-1), (r, c+1), (r+1, c-1), (r+1, c).
    #[inline]
    pub fn neighbours(&self, set: B) -> B {
        let cols = self.cols as u32;
        // A step to the right may not leave the last column; one to the left not the first.
        let right_ok = set & !self.right;
        let left_ok = set & !self.left;
        let mut around = right_ok.up(1) | left_ok.down(1) | set.up(cols) | set.down(cols);
        around |= left_ok.up(cols - 1) | right_ok.down(cols - 1);
        around & self.board
    }

    /// The cells of `within` joined to `from` through cells of `within`: a flood fill.
    #[inline]
    pub fn flood(&self, from: B, within: B) -> B {
        let mut reached = from & within;
        loop {
            let grown = (reached | self.neighbours(reached)) & within;
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }

    /// The two sides a colour joins: Red's top and bottom, Blue's left and right.
    pub fn sides(&self, red: bool) -> (B, B) {
        if red {
            (self.top, self.bottom)
        } else {
            (self.left, self.right)
        }
    }

    /// Whether `stones` join the two sides `(from, to)`.
    #[inline]
    pub fn joins(&self, stones: B, (from, to): (B, B)) -> bool {
        self.flood(from & stones, stones).meets(to)
    }

    /// The cell's mirror across the long diagonal turned a half turn: (r, c) to
    /// (rows-1-r, cols-1-c), the board's symmetry that keeps each colour's sides.
    pub fn rotated(&self, cell: usize) -> usize {
        self.cells() - 1 - cell
    }

    /// The cell's mirror across the main diagonal, (r, c) to (c, r), on a square board: a
    /// symmetry of the grid that swaps the colours' sides (top and bottom become left and
    /// right).
    pub fn transposed(&self, cell: usize) -> usize {
        debug_assert_eq!(self.rows, self.cols);
        (cell % self.cols) * self.cols + cell / self.cols
    }
}

/// The cells near one side seen along it in one direction: `at(depth, i)` is the cell on
/// the `depth`-th row from the side (1 is the side's own row) at position `i` along it,
/// laid out so that the second-row cell `i` stands over the first-row cells `i` (its back
/// foot) and `i + 1` (its forward foot), and the third-row cell `i` over the second-row
/// cells `i` and `i + 1`.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    origin: (isize, isize),
    down: (isize, isize),
    along: (isize, isize),
    /// The cells along the side.
    pub len: usize,
}

impl Frame {
    /// The two directions along each of a colour's sides: the first side's two, then the
    /// second's. (Cells are (row, column); a cell's neighbours are (r-1, c), (r-1, c+1),
    /// (r, c±1), (r+1, c-1), (r+1, c).)
    pub fn of<B: Cells>(geometry: &Geometry<B>, red: bool) -> [[Frame; 2]; 2] {
        let (rows, cols) = (geometry.rows as isize, geometry.cols as isize);
        // Red's sides run along the columns, Blue's along the rows.
        let len = if red { geometry.cols } else { geometry.rows };
        let frame = |origin, down, along| Frame {
            origin,
            down,
            along,
            len,
        };
        if red {
            [
                [
                    frame((0, 0), (1, 0), (0, 1)),
                    frame((0, cols - 1), (1, -1), (0, -1)),
                ],
                [
                    frame((rows - 1, 0), (-1, 1), (0, 1)),
                    frame((rows - 1, cols - 1), (-1, 0), (0, -1)),
                ],
            ]
        } else {
            [
                [
                    frame((0, 0), (0, 1), (1, 0)),
                    frame((rows - 1, 0), (-1, 1), (-1, 0)),
                ],
                [
                    frame((0, cols - 1), (1, -1), (1, 0)),
                    frame((rows - 1, cols - 1), (0, -1), (-1, 0)),
                ],
            ]
        }
    }

    /// The cell at `depth` (1 for the side's own row) and position `i`, if it is on the
    /// board.
    pub fn at<B: Cells>(&self, geometry: &Geometry<B>, depth: usize, i: usize) -> Option<usize> {
        let d = depth as isize - 1;
        let i = i as isize;
        let row = self.origin.0 + d * self.down.0 + i * self.along.0;
        let col = self.origin.1 + d * self.down.1 + i * self.along.1;
        let inside = (0..geometry.rows as isize).contains(&row)
            && (0..geometry.cols as isize).contains(&col);
        inside.then(|| geometry.index(row as usize, col as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_cell_has_six_neighbours() {
        use crate::hex::solve::bits::{Cells, Geometry};

        let geometry: Geometry<u64> = Geometry::new(3, 3);
        // The centre (1, 1) is cell 4; its six neighbours are every cell but the two acute corners.
        let around = geometry.neighbours(u64::bit(4));
        assert_eq!(around.count(), 6);
        assert!(!around.has(0) && !around.has(8));
    }

    fn neighbours_by_rule(rows: usize, cols: usize, cell: usize) -> Vec<usize> {
        let (r, c) = ((cell / cols) as isize, (cell % cols) as isize);
        let mut out: Vec<usize> = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
            .iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows as isize && c < cols as isize)
            .map(|(r, c)| (r as usize) * cols + c as usize)
            .collect();
        out.sort();
        out
    }

    fn check_neighbours<B: Cells>(rows: usize, cols: usize) {
        let geometry: Geometry<B> = Geometry::new(rows, cols);
        for cell in 0..rows * cols {
            let found: Vec<usize> = geometry.neighbours(B::bit(cell)).iter().collect();
            assert_eq!(
                found,
                neighbours_by_rule(rows, cols, cell),
                "{rows}x{cols} cell {cell}"
            );
        }
    }

    #[test]
    fn shifts_give_the_hex_judges_six_neighbours_on_every_shape() {
        for (rows, cols) in [(1, 1), (1, 5), (5, 1), (3, 3), (4, 7), (8, 8)] {
            check_neighbours::<u64>(rows, cols);
            check_neighbours::<u128>(rows, cols);
            check_neighbours::<Wide>(rows, cols);
        }
        check_neighbours::<u128>(11, 11);
        check_neighbours::<Wide>(11, 11);
        check_neighbours::<Wide>(16, 16);
        check_neighbours::<Wide>(13, 19);
    }

    #[test]
    fn wide_sets_shift_across_the_word_boundary() {
        let set = Wide::bit(127) | Wide::bit(3);
        assert_eq!(set.up(1), Wide::bit(128) | Wide::bit(4));
        assert_eq!(set.up(1).down(1), set);
        assert_eq!(Wide::bit(200).down(130), Wide::bit(70));
        assert_eq!(Wide::bit(5).up(130), Wide::bit(135));
        assert_eq!(
            (Wide::bit(128) | Wide::bit(0)).without_first(),
            Wide::bit(128)
        );
        let cells: Vec<usize> = (Wide::bit(1) | Wide::bit(129) | Wide::bit(255))
            .iter()
            .collect();
        assert_eq!(cells, [1, 129, 255]);
    }

    #[test]
    fn flood_follows_chains_only() {
        let g: Geometry<u64> = Geometry::new(3, 3);
        // a1 b1 (row 0) and a2 (row 1) are joined; c3 is apart.
        let stones = u64::bit(0) | u64::bit(1) | u64::bit(3) | u64::bit(8);
        assert_eq!(
            g.flood(u64::bit(0), stones),
            u64::bit(0) | u64::bit(1) | u64::bit(3)
        );
        assert!(g.joins(u64::bit(1) | u64::bit(3) | u64::bit(6), g.sides(true)));
    }

    #[test]
    fn each_frame_stands_its_rows_on_the_side_as_the_board_joins_them() {
        for rows in 1..=7 {
            for cols in 1..=7 {
                let g: Geometry<u64> = Geometry::new(rows, cols);
                for red in [true, false] {
                    let (first, second) = g.sides(red);
                    for (side, frames) in Frame::of(&g, red).iter().enumerate() {
                        let edge = [first, second][side];
                        for frame in frames {
                            let mut on_side = 0;
                            for i in 0..frame.len + 1 {
                                if let Some(cell) = frame.at(&g, 1, i) {
                                    assert!(edge.has(cell));
                                    on_side |= u64::bit(cell);
                                }
                                for depth in [2, 3, 4] {
                                    let Some(cell) = frame.at(&g, depth, i) else {
                                        continue;
                                    };
                                    for j in [i, i + 1] {
                                        if let Some(foot) = frame.at(&g, depth - 1, j) {
                                            assert!(g.neighbours(u64::bit(cell)).has(foot));
                                        }
                                    }
                                }
                            }
                            assert_eq!(on_side, edge, "{rows} x {cols}, red {red}");
                        }
                    }
                }
            }
        }
    }
}
