//! Positions set up by clicking, as the web board sets them up: what a game's page needs
//! (its letters, board sides and words: [`Page`]), the rows typed or clicked checked and made
//! into the game's contest text, and where each cell is drawn ([`Grid`]), so that a click
//! finds its cell. Each game implements [`SetUp`] in its own module (`hex::setup`,
//! `gioco::setup`, `go::setup`, `cheesy::setup`); a front holds none of a game's letters or
//! formats, and a new game brings its own.

use crate::render::{self, Slant};

/// The largest board side a position set up by clicking may have.
pub const MAX_SIDE: usize = 64;

/// What a game's page says and offers.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    /// What the page shows, in a few words (the start page's list).
    pub summary: &'static str,
    /// The letters a click cycles through, the first the blank one.
    pub cycle: &'static [&'static str],
    /// The board sides offered.
    pub sizes: &'static [usize],
    /// The side a page starts with.
    pub size: usize,
    /// How to set up a position.
    pub hint: &'static str,
    /// Whether the page offers the solver.
    pub solve: bool,
    /// The heading over the box where a case or a record is pasted: what it takes.
    pub paste: &'static str,
}

/// Where each cell of a picture is, so that a page can turn a click into a cell.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Grid {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Each cell's centre in the picture's units, row by row from the top.
    pub centres: Vec<(f64, f64)>,
    /// How far from its centre a click still hits a cell.
    pub radius: f64,
}

impl Grid {
    /// The grid of a `rows` x `cols` picture whose cell (row, column) is centred at
    /// `centre(row, column)`.
    pub fn of(
        rows: usize,
        cols: usize,
        radius: f64,
        centre: impl Fn(usize, usize) -> (f64, f64),
    ) -> Grid {
        let centres = (0..rows)
            .flat_map(|row| (0..cols).map(move |col| (row, col)))
            .map(|(row, col)| centre(row, col))
            .collect();
        Grid {
            rows,
            cols,
            centres,
            radius,
        }
    }
}

/// The grid of an `n` x `n` rhombus of hexagons slanting as `slant`, as
/// [`render::hex_centre`] draws it (Hex's board, and Il Gioco dell'X's).
pub fn hex_grid(n: usize, slant: Slant) -> Grid {
    Grid::of(n, n, render::HEX_RADIUS, |row, col| {
        render::hex_centre(n, slant, row, col)
    })
}

/// A game whose positions can be set up by clicking.
///
/// # Examples
///
/// ```
/// use arbiter::go::Go;
/// use arbiter::setup::SetUp;
///
/// let rows = ["B.".to_string(), ".W".to_string()];
/// let (text, grid) = Go::contest_text(&rows).unwrap();
/// assert_eq!(text, "2 1 1\n1 1\n2 2\n0\n");
/// assert_eq!(grid.centres.len(), 4);
/// ```
pub trait SetUp {
    /// The game's page.
    const PAGE: Page;

    /// A new board of side `n`, its rows the top one first: empty unless the game says
    /// otherwise.
    fn blank(n: usize) -> Vec<String> {
        vec![".".repeat(n); n]
    }

    /// The rows (the top one first, in the game's letters) as the game's contest text, and
    /// where its cells are drawn.
    ///
    /// # Errors
    /// Rows that break the game's shape or letters, in words.
    fn contest_text(rows: &[String]) -> Result<(String, Grid), String>;

    /// Where the cells of a case's picture are, its rows given: the position's own grid, or
    /// another when the case was scored under a rule set (`ruled`) and its picture differs.
    fn picture_grid(rows: &[String], ruled: bool) -> Option<Grid> {
        let _ = ruled;
        Self::contest_text(rows).ok().map(|(_, grid)| grid)
    }
}

/// The board's rows and columns, checked: at least one row, all of one length, at most
/// [`MAX_SIDE`] each way, only `letters`.
///
/// # Errors
/// What is wrong, in words.
pub fn shape(rows: &[String], letters: &str) -> Result<(usize, usize), String> {
    let cols = rows.first().map_or(0, String::len);
    if rows.is_empty() || cols == 0 {
        return Err("the position has no cells".into());
    }
    if rows.len() > MAX_SIDE || cols > MAX_SIDE {
        return Err(format!(
            "the web board takes boards of at most {MAX_SIDE} x {MAX_SIDE}"
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return Err(format!(
                "row {} has {} cells, row 1 has {cols}",
                i + 1,
                row.len()
            ));
        }
        if let Some(bad) = row.chars().find(|c| !letters.contains(*c)) {
            return Err(format!(
                "row {}: '{bad}' is not one of \"{letters}\"",
                i + 1
            ));
        }
    }
    Ok((rows.len(), cols))
}

/// The side of a board that must be square, checked as [`shape`] checks it.
///
/// # Errors
/// What is wrong, in words.
pub fn side(rows: &[String], letters: &str) -> Result<usize, String> {
    match shape(rows, letters)? {
        (rows, cols) if rows == cols => Ok(rows),
        (rows, cols) => Err(format!("the board must be square, not {rows} x {cols}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|r| r.to_string()).collect()
    }

    #[test]
    fn bad_rows_are_refused_in_words() {
        assert_eq!(shape(&[], "RB."), Err("the position has no cells".into()));
        assert_eq!(
            shape(&rows(&["R.", "R"]), "RB."),
            Err("row 2 has 1 cells, row 1 has 2".into())
        );
        assert_eq!(
            shape(&rows(&["Rx", ".."]), "RB."),
            Err("row 1: 'x' is not one of \"RB.\"".into())
        );
        assert_eq!(
            side(&rows(&["R..", "..."]), "RB."),
            Err("the board must be square, not 2 x 3".into())
        );
        let big = vec![".".repeat(MAX_SIDE + 1)];
        assert!(shape(&big, ".").unwrap_err().contains("at most"));
    }

    #[test]
    fn a_grid_lists_its_centres_row_by_row() {
        let grid = Grid::of(2, 3, 1.0, |row, col| (col as f64, row as f64));
        assert_eq!(
            grid.centres[..4],
            [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (0.0, 1.0)]
        );
        assert_eq!((grid.rows, grid.cols, grid.centres.len()), (2, 3, 6));
    }
}
