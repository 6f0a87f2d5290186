//! Hex positions set up by clicking ([`SetUp`]): `R`, `B` and `.` on a square board, made into
//! the contest's text (one case).

use super::Hex;
use crate::render::{self, Slant};
use crate::setup::{self, Grid, Page, SetUp};

impl SetUp for Hex {
    const PAGE: Page = Page {
        summary: "who has joined their sides, and perfect play on small boards",
        cycle: &[".", "R", "B"],
        sizes: &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13],
        size: 7,
        hint: "Click a cell: empty, Red, Blue. Red joins top and bottom.",
        solve: true,
    };

    fn contest_text(rows: &[String]) -> Result<(String, Grid), String> {
        let n = setup::side(rows, "RB.")?;
        let text = format!("1\n{n}\n{}\n", rows.join("\n"));
        Ok((text, grid(n, Slant::Right)))
    }
}

/// Where the cells of an `n` x `n` rhombus slanting as `slant` are drawn.
pub(crate) fn grid(n: usize, slant: Slant) -> Grid {
    Grid::of(n, n, render::HEX_RADIUS, |row, col| {
        render::hex_centre(n, slant, row, col)
    })
}
