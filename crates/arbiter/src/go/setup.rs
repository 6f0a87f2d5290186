//! Go positions set up by clicking ([`SetUp`]): `B`, `W` and `.` on a square board, made into
//! Stanford's contest format; and the grid of a game's picture.

use super::game::Go;
use super::show::{STEP, game_point_centre, point_centre};
use crate::grid::Coord;
use crate::setup::{self, Grid, Page, SetUp};

impl SetUp for Go {
    const PAGE: Page = Page {
        summary: "territory, dead stones and the score of positions and SGF games",
        cycle: &[".", "B", "W"],
        sizes: &[5, 7, 9, 13, 19],
        size: 9,
        hint: "Click a point: empty, Black, White.",
        solve: false,
        paste: "Or paste a case or an SGF record",
    };

    fn contest_text(rows: &[String]) -> Result<(String, Grid), String> {
        let n = setup::side(rows, "BW.")?;
        let grid = Grid::of(n, n, STEP / 2.0, |row, col| {
            point_centre(Coord { row, col })
        });
        Ok((stanford_text(rows, n), grid))
    }

    /// A game scored under a rule set is drawn as a game ([`super::show::svg_game`]).
    fn picture_grid(rows: &[String], ruled: bool) -> Option<Grid> {
        if ruled {
            return Some(game_grid(rows.len(), rows.first()?.len()));
        }
        Self::contest_text(rows).ok().map(|(_, grid)| grid)
    }
}

/// Stanford's format: `n b w`, the black points, the white points (row and column from 1, the
/// top row first), then `0`.
fn stanford_text(rows: &[String], n: usize) -> String {
    let points = |letter: char| -> Vec<String> {
        let mut points = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.chars().enumerate() {
                if cell == letter {
                    points.push(format!("{} {}", r + 1, c + 1));
                }
            }
        }
        points
    };
    let (black, white) = (points('B'), points('W'));
    let mut text = format!("{n} {} {}\n", black.len(), white.len());
    for point in black.iter().chain(&white) {
        text.push_str(point);
        text.push('\n');
    }
    text.push_str("0\n");
    text
}

/// The grid of a Go game's picture under a rule set ([`super::show::svg_game`]).
pub fn game_grid(rows: usize, cols: usize) -> Grid {
    Grid::of(rows, cols, STEP / 2.0, |row, col| {
        game_point_centre(Coord { row, col })
    })
}
