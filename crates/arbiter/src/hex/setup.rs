//! Hex positions set up by clicking ([`SetUp`]): `R`, `B` and `.` on a square board, made into
//! the contest's text (one case).

use super::game::Hex;
use crate::render::Slant;
use crate::setup::{self, Grid, Page, SetUp};

impl SetUp for Hex {
    const PAGE: Page = Page {
        summary: "who has joined their sides, and perfect play on small boards",
        cycle: &[".", "R", "B"],
        sizes: &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13],
        size: 7,
        hint: "Click a cell: empty, Red, Blue. Red joins top and bottom.",
        solve: true,
        paste: "Or paste a case, an SGF record or a trmph link",
    };

    fn contest_text(rows: &[String]) -> Result<(String, Grid), String> {
        let n = setup::side(rows, "RB.")?;
        let text = format!("1\n{n}\n{}\n", rows.join("\n"));
        Ok((text, setup::hex_grid(n, Slant::Right)))
    }
}
