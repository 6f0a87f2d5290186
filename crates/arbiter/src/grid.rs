//! Square grids of cells with a one-cell border, and the neighbourhoods the games use.
//!
//! Hex, Il Gioco dell'X and Go are all played on a rectangle of cells; they differ only in which
//! cells are neighbours. `Grid` stores one byte per cell in row-major order and surrounds the
//! board with a ring of *border* cells. The border makes every neighbour a fixed index offset
//! (no bounds checks on the hot path) and tells which side of the board a cell touches: each
//! border cell carries the [`Side`]s it lies beyond.
//!
//! The two hexagonal adjacencies are mirror images ([`Adjacency::HexRising`] for the Hex judge,
//! [`Adjacency::HexFalling`] for Il Gioco dell'X); [`Adjacency::Orthogonal`] is Go's.
//!
//! # Examples
//!
//! ```
//! use arbiter::grid::{Adjacency, Coord};
//!
//! // The Hex judge's neighbours of (1, 1), and Il Gioco dell'X's: mirror images.
//! let around = |adjacency: Adjacency| -> Vec<Coord> {
//!     let mut cells: Vec<Coord> = adjacency
//!         .steps()
//!         .iter()
//!         .map(|&(dr, dc)| Coord { row: (1 + dr) as usize, col: (1 + dc) as usize })
//!         .collect();
//!     cells.sort();
//!     cells
//! };
//! assert!(around(Adjacency::HexRising).contains(&Coord { row: 0, col: 2 }));
//! assert!(around(Adjacency::HexFalling).contains(&Coord { row: 0, col: 0 }));
//! assert_eq!(around(Adjacency::Orthogonal).len(), 4);
//! ```

use std::fmt;

/// A cell's place on a board: row from the top, column from the left, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Coord {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A side of a rectangular board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Row 0.
    Top,
    /// The last row.
    Bottom,
    /// Column 0.
    Left,
    /// The last column.
    Right,
}

impl Side {
    /// The bit a border cell carries when it lies beyond this side.
    pub(crate) const fn flag(self) -> u8 {
        match self {
            Side::Top => 1,
            Side::Bottom => 2,
            Side::Left => 4,
            Side::Right => 8,
        }
    }
}

/// Which cells are neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    /// The Hex judge's hexagons: (r-1,c), (r-1,c+1), (r,c-1), (r,c+1), (r+1,c-1), (r+1,c).
    HexRising,
    /// Il Gioco dell'X's hexagons: (r-1,c-1), (r-1,c), (r,c-1), (r,c+1), (r+1,c), (r+1,c+1).
    HexFalling,
    /// Go's points: (r-1,c), (r,c-1), (r,c+1), (r+1,c).
    Orthogonal,
}

impl Adjacency {
    /// The neighbour offsets as (row, column) steps.
    pub const fn steps(self) -> &'static [(isize, isize)] {
        match self {
            Adjacency::HexRising => &[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)],
            Adjacency::HexFalling => &[(-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)],
            Adjacency::Orthogonal => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
        }
    }

    /// A hexagonal adjacency's six steps in turn around a cell (clockwise on the page), so that
    /// each is a neighbour of the next and the last of the first.
    ///
    /// # Panics
    /// For [`Adjacency::Orthogonal`], whose steps are no ring of neighbours.
    pub(crate) const fn ring(self) -> [(isize, isize); 6] {
        match self {
            Adjacency::HexRising => [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)],
            Adjacency::HexFalling => [(-1, -1), (-1, 0), (0, 1), (1, 1), (1, 0), (0, -1)],
            Adjacency::Orthogonal => panic!("orthogonal steps make no ring"),
        }
    }
}

/// The value of an empty cell.
pub const EMPTY: u8 = 0;
/// Border cells have this bit set, plus the flags of the sides they lie beyond.
pub(crate) const BORDER: u8 = 0x80;

/// The largest number of rows or columns a grid may have: indices stay within `u32`.
pub const MAX_SIDE: usize = 65_000;

/// A rows x cols board of byte-sized cells, surrounded by a border ring.
///
/// Cells are addressed by an opaque `usize` index (see [`Grid::index`]); the games give the
/// byte values their meaning (0 is [`EMPTY`]; values must stay below 0x80).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid. Both sides must lie in `1..=MAX_SIDE`.
    ///
    /// # Panics
    /// When a side is 0 or exceeds [`MAX_SIDE`] (readers check this before building a grid).
    pub fn new(rows: usize, cols: usize) -> Self {
        // The size is the caller's to choose here, so allocate it at once: all empty (zeroed
        // memory), then the border ring, as `with_capacity`, `push_row_mapped` and `close`
        // lay it out.
        let mut grid = Grid::with_capacity(rows, cols);
        let stride = cols + 2;
        grid.cells.resize((rows + 2) * stride, EMPTY);
        for row in grid.cells[stride..(rows + 1) * stride].chunks_exact_mut(stride) {
            row[0] = BORDER | Side::Left.flag();
            row[stride - 1] = BORDER | Side::Right.flag();
        }
        let bottom = &mut grid.cells[(rows + 1) * stride..];
        bottom.fill(BORDER | Side::Bottom.flag());
        bottom[0] |= Side::Left.flag();
        bottom[stride - 1] |= Side::Right.flag();
        grid
    }

    /// A grid to be filled row by row with [`Grid::push_row_mapped`], then [`Grid::close`]d.
    ///
    /// Only the top border is allocated up front: a reader calls this on a declared size before
    /// it has seen the rows, so memory must follow the rows actually pushed.
    pub fn with_capacity(rows: usize, cols: usize) -> Self {
        assert!(
            (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols),
            "grid side outside 1..=MAX_SIDE"
        );
        let stride = cols + 2;
        let mut cells = Vec::with_capacity(stride);
        cells.push(BORDER | Side::Top.flag() | Side::Left.flag());
        cells.extend(std::iter::repeat_n(BORDER | Side::Top.flag(), cols));
        cells.push(BORDER | Side::Top.flag() | Side::Right.flag());
        Grid { rows, cols, cells }
    }

    /// Appends one row given as raw bytes, each translated by `cell_of`, and returns the new
    /// row's cells so that the caller can check them (translating first and checking after
    /// keeps this loop free of branches); [`Grid::pop_row`] takes back a row found bad.
    ///
    /// # Panics
    /// When `row` is not `cols` long or all rows are already there.
    pub fn push_row_mapped(&mut self, row: &[u8], cell_of: impl Fn(u8) -> u8) -> &[u8] {
        assert!(self.rows_pushed() < self.rows, "too many rows");
        assert_eq!(row.len(), self.cols, "row of wrong length");
        self.cells.push(BORDER | Side::Left.flag());
        let start = self.cells.len();
        // Written once, as translated (a fill with zeros first would write every cell twice).
        self.cells.extend(row.iter().map(|&byte| cell_of(byte)));
        self.cells.push(BORDER | Side::Right.flag());
        &self.cells[start..start + self.cols]
    }

    /// Takes back the row [`Grid::push_row_mapped`] pushed last.
    ///
    /// # Panics
    /// When no row has been pushed.
    pub fn pop_row(&mut self) {
        assert!(self.rows_pushed() > 0, "no row to take back");
        self.cells.truncate(self.cells.len() - self.stride());
    }

    fn rows_pushed(&self) -> usize {
        self.cells.len() / self.stride() - 1
    }

    /// Adds the bottom border once every row is pushed.
    ///
    /// # Panics
    /// When rows are missing.
    pub fn close(&mut self) {
        assert_eq!(self.rows_pushed(), self.rows, "rows missing");
        self.cells
            .push(BORDER | Side::Bottom.flag() | Side::Left.flag());
        let cols = self.cols;
        self.cells
            .extend(std::iter::repeat_n(BORDER | Side::Bottom.flag(), cols));
        self.cells
            .push(BORDER | Side::Bottom.flag() | Side::Right.flag());
        if self.cells.capacity() > self.cells.len() + self.cells.len() / 8 {
            self.cells.shrink_to_fit();
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The grid's dimensions.
    pub fn shape(&self) -> Shape {
        Shape {
            rows: self.rows,
            cols: self.cols,
        }
    }

    /// Distance in indices between vertically adjacent cells.
    fn stride(&self) -> usize {
        self.cols + 2
    }

    /// One more than the largest cell index: the size for per-cell side tables.
    pub fn index_bound(&self) -> usize {
        self.cells.len()
    }

    /// The index of a board cell.
    pub fn index(&self, at: Coord) -> usize {
        self.shape().index(at)
    }

    /// The board coordinate of a cell index (which must be inside the board).
    pub fn coord(&self, index: usize) -> Coord {
        Coord {
            row: index / self.stride() - 1,
            col: index % self.stride() - 1,
        }
    }

    /// The value at a cell index.
    #[inline]
    pub fn get(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Every cell value by index, the border included (see [`Grid::index`]).
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// Sets the value of a board cell.
    pub fn set(&mut self, at: Coord, value: u8) {
        debug_assert!(value < BORDER);
        let index = self.index(at);
        self.cells[index] = value;
    }

    /// Whether a board cell lies on `side` of the board.
    #[inline]
    pub fn touches(&self, index: usize, side: Side) -> bool {
        self.cells[self.beyond(index, side)] & (BORDER | side.flag()) == BORDER | side.flag()
    }

    /// The cell next to a board cell on the far side of `side` (a border cell when the board
    /// cell lies on `side`).
    pub fn beyond(&self, index: usize, side: Side) -> usize {
        match side {
            Side::Top => index - self.stride(),
            Side::Bottom => index + self.stride(),
            Side::Left => index - 1,
            Side::Right => index + 1,
        }
    }

    /// The board cell in the corner where two perpendicular sides meet.
    pub fn corner(&self, one: Side, other: Side) -> usize {
        let row = if one == Side::Bottom || other == Side::Bottom {
            self.rows - 1
        } else {
            0
        };
        let col = if one == Side::Right || other == Side::Right {
            self.cols - 1
        } else {
            0
        };
        self.index_of(row, col)
    }

    /// The indices of the board cells along `side`, in order.
    pub fn side_cells(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        let (start, step, count) = match side {
            Side::Top => (self.index_of(0, 0), 1, self.cols),
            Side::Bottom => (self.index_of(self.rows - 1, 0), 1, self.cols),
            Side::Left => (self.index_of(0, 0), self.stride(), self.rows),
            Side::Right => (self.index_of(0, self.cols - 1), self.stride(), self.rows),
        };
        (0..count).map(move |i| start + i * step)
    }

    fn index_of(&self, row: usize, col: usize) -> usize {
        (row + 1) * self.stride() + col + 1
    }

    /// The index offsets of `adjacency`'s neighbours on this grid.
    pub fn offsets(&self, adjacency: Adjacency) -> Offsets {
        let stride = self.stride() as isize;
        let mut offsets = Offsets {
            steps: [0; 6],
            len: 0,
        };
        for &(dr, dc) in adjacency.steps() {
            offsets.steps[offsets.len] = dr * stride + dc;
            offsets.len += 1;
        }
        offsets
    }

    /// The index offsets of a hexagonal adjacency's [`Adjacency::ring`] on this grid.
    pub fn ring_offsets(&self, adjacency: Adjacency) -> [isize; 6] {
        let stride = self.stride() as isize;
        adjacency.ring().map(|(dr, dc)| dr * stride + dc)
    }

    /// The neighbours of a board cell, border cells included.
    #[cfg(test)]
    pub fn neighbours(&self, adjacency: Adjacency, index: usize) -> impl Iterator<Item = usize> {
        self.offsets(adjacency).around(index)
    }

    /// The board cell values of one row.
    pub fn row(&self, row: usize) -> &[u8] {
        let start = self.index_of(row, 0);
        &self.cells[start..start + self.cols]
    }
}

/// The dimensions of a grid, enough to turn coordinates into indices without the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    rows: usize,
    cols: usize,
}

impl Shape {
    /// The index of a board cell, as [`Grid::index`] gives it.
    pub fn index(self, at: Coord) -> usize {
        debug_assert!(at.row < self.rows && at.col < self.cols);
        (at.row + 1) * (self.cols + 2) + at.col + 1
    }
}

/// Neighbour offsets of one adjacency on one grid, ready for the hot loops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Offsets {
    steps: [isize; 6],
    len: usize,
}

impl Offsets {
    /// The neighbour indices of `index`.
    #[inline]
    pub fn around(self, index: usize) -> impl Iterator<Item = usize> {
        (0..self.len).map(move |i| index.wrapping_add_signed(self.steps[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_grid_is_the_grid_of_empty_rows_pushed() {
        for (rows, cols) in [(1, 1), (1, 5), (4, 1), (3, 7), (19, 19)] {
            let mut pushed = Grid::with_capacity(rows, cols);
            for _ in 0..rows {
                pushed.push_row_mapped(&vec![EMPTY; cols], |cell| cell);
            }
            pushed.close();
            assert_eq!(Grid::new(rows, cols).cells, pushed.cells, "{rows} x {cols}");
        }
    }

    #[test]
    fn border_tells_the_sides_a_cell_touches() {
        let grid = Grid::new(3, 4);
        let corner = grid.index(Coord { row: 0, col: 3 });
        assert!(grid.touches(corner, Side::Top) && grid.touches(corner, Side::Right));
        assert!(!grid.touches(corner, Side::Bottom) && !grid.touches(corner, Side::Left));
        let middle = grid.index(Coord { row: 1, col: 1 });
        for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
            assert!(!grid.touches(middle, side));
        }
    }

    #[test]
    fn side_cells_walk_each_edge() {
        let grid = Grid::new(2, 3);
        let coords = |side| {
            grid.side_cells(side)
                .map(|i| grid.coord(i))
                .collect::<Vec<_>>()
        };
        let c = |row, col| Coord { row, col };
        assert_eq!(coords(Side::Top), [c(0, 0), c(0, 1), c(0, 2)]);
        assert_eq!(coords(Side::Bottom), [c(1, 0), c(1, 1), c(1, 2)]);
        assert_eq!(coords(Side::Left), [c(0, 0), c(1, 0)]);
        assert_eq!(coords(Side::Right), [c(0, 2), c(1, 2)]);
    }

    #[test]
    fn hex_adjacencies_are_mirror_images() {
        let grid = Grid::new(3, 3);
        let centre = grid.index(Coord { row: 1, col: 1 });
        let around = |adjacency| {
            let mut v: Vec<_> = grid
                .neighbours(adjacency, centre)
                .map(|i| grid.coord(i))
                .collect();
            v.sort();
            v
        };
        let mirrored: Vec<_> = {
            let mut v: Vec<_> = around(Adjacency::HexRising)
                .into_iter()
                .map(|c| Coord {
                    row: c.row,
                    col: 2 - c.col,
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(mirrored, around(Adjacency::HexFalling));
    }

    #[test]
    fn rings_go_round_the_hexagonal_neighbours() {
        for adjacency in [Adjacency::HexRising, Adjacency::HexFalling] {
            let ring = adjacency.ring();
            let mut sorted = ring.to_vec();
            sorted.sort();
            let mut steps = adjacency.steps().to_vec();
            steps.sort();
            assert_eq!(sorted, steps, "{adjacency:?}: the same six steps");
            for (i, &(dr, dc)) in ring.iter().enumerate() {
                let (nr, nc) = ring[(i + 1) % 6];
                assert!(
                    steps.contains(&(nr - dr, nc - dc)),
                    "{adjacency:?}: step {i}"
                );
            }
        }
    }

    #[test]
    fn corners_are_where_two_sides_meet() {
        let grid = Grid::new(3, 4);
        let corner = |one, other| grid.coord(grid.corner(one, other));
        assert_eq!(corner(Side::Top, Side::Left), Coord { row: 0, col: 0 });
        assert_eq!(corner(Side::Right, Side::Bottom), Coord { row: 2, col: 3 });
        assert_eq!(corner(Side::Bottom, Side::Left), Coord { row: 2, col: 0 });
    }

    #[test]
    fn rows_pushed_one_by_one_equal_a_new_grid() {
        let mut grid = Grid::with_capacity(2, 2);
        grid.push_row_mapped(&[7, 7], |_| EMPTY);
        grid.push_row_mapped(&[7, 7], |_| EMPTY);
        grid.close();
        assert_eq!(grid, Grid::new(2, 2));
    }
}
