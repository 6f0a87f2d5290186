//! Cheesy Chess positions set up by clicking ([`SetUp`]): fields `F`, `D` and `.`, one `K`
//! (the king) and one `P` (the pawn), made into BAPC's contest text (one case).

use super::game::Cheesy;
use super::show::SQUARE;
use crate::setup::{self, Grid, Page, SetUp};

impl SetUp for Cheesy {
    const PAGE: Page = Page {
        summary: "can the king catch the pawn?",
        cycle: &[".", "F", "D", "K", "P"],
        sizes: &[3, 4, 5, 6, 7, 8],
        size: 8,
        hint: "Click a field: open, forbidden (F), dangerous (D), the king (K), the pawn (P).",
        solve: false,
        paste: "Or paste a case (the contest format)",
    };

    /// Open fields, the king in the bottom-left corner and the pawn in the top-right one.
    fn blank(n: usize) -> Vec<String> {
        let mut rows = vec![".".repeat(n); n];
        rows[n - 1].replace_range(0..1, "K");
        rows[0].replace_range(n - 1..n, "P");
        rows
    }

    fn contest_text(rows: &[String]) -> Result<(String, Grid), String> {
        let (height, width) = setup::shape(rows, "FD.KP")?;
        let grid = Grid::of(height, width, SQUARE / 2.0, |row, col| {
            (SQUARE * (col as f64 + 0.5), SQUARE * (row as f64 + 0.5))
        });
        Ok((bapc_text(rows)?, grid))
    }
}

/// BAPC's format: the rows with the pieces' fields open, then the king's and the pawn's squares
/// (column from the left, row from below, from 1).
fn bapc_text(rows: &[String]) -> Result<String, String> {
    let find = |piece: char, name: &str| -> Result<String, String> {
        let mut at = None;
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.chars().enumerate() {
                if cell == piece {
                    if at.is_some() {
                        return Err(format!("more than one {name}"));
                    }
                    at = Some(format!("{} {}", c + 1, rows.len() - r));
                }
            }
        }
        at.ok_or_else(|| format!("no {name} ({piece}) on the board"))
    };
    let (king, pawn) = (find('K', "king")?, find('P', "pawn")?);
    let board: Vec<String> = rows
        .iter()
        .map(|row| row.replace(['K', 'P'], "."))
        .collect();
    Ok(format!("1\n{}\n{king}\n{pawn}\n", board.join("\n")))
}
