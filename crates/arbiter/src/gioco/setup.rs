//! Il Gioco dell'X positions set up by clicking ([`SetUp`]): a full board of `b` and `w`,
//! made into the contest's text (one board, then `0`).

use super::game::Gioco;
use crate::render::Slant;
use crate::setup::{self, Grid, Page, SetUp};

impl SetUp for Gioco {
    const PAGE: Page = Page {
        summary: "the full board's winning chain",
        cycle: &["b", "w"],
        sizes: &[2, 3, 4, 5, 6, 7, 8, 10, 12],
        size: 6,
        hint: "Click a cell: black, white. The board is always full.",
        solve: false,
        paste: "Or paste a case (the contest format)",
    };

    /// The board is always full: a checkerboard.
    fn blank(n: usize) -> Vec<String> {
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| if (r + c) % 2 == 1 { 'w' } else { 'b' })
                    .collect()
            })
            .collect()
    }

    fn contest_text(rows: &[String]) -> Result<(String, Grid), String> {
        let n = setup::side(rows, "bw")?;
        let text = format!("{n}\n{}\n0\n", rows.join("\n"));
        Ok((text, setup::hex_grid(n, Slant::Left)))
    }
}
