//! A position set up on the web board, sent as JSON (`{"rows": ["R..", ".B.", "..."]}`), made
//! into the game's contest text, and the picture's cell centres that let a click find its cell.
//!
//! Each game's rows use its own letters, the top row first: Hex `R`, `B`, `.`; Il Gioco
//! dell'X `b`, `w`; Go `B`, `W`, `.`; Cheesy Chess `F`, `D`, `.` and one `K` (the king) and
//! one `P` (the pawn) on open fields.

use serde::Deserialize;

use crate::render::{self, Slant};

/// The largest board side the web board sets up.
pub const MAX_SIDE: usize = 64;

/// A position as the page sends it.
#[derive(Clone, Debug, Deserialize)]
pub struct Position {
    /// The rows, the top one first.
    pub rows: Vec<String>,
}

/// Where each cell of a picture is, so that the page can turn a click into a cell.
#[derive(Clone, Debug, serde::Serialize)]
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

impl Position {
    /// The board's rows and columns, checked: at least one row, all of one length, at most
    /// [`MAX_SIDE`] each way, only `letters`.
    fn shape(&self, letters: &str) -> Result<(usize, usize), String> {
        let rows = self.rows.len();
        let cols = self.rows.first().map_or(0, String::len);
        if rows == 0 || cols == 0 {
            return Err("the position has no cells".into());
        }
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(format!(
                "the web board takes boards of at most {MAX_SIDE} x {MAX_SIDE}"
            ));
        }
        for (i, row) in self.rows.iter().enumerate() {
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
        Ok((rows, cols))
    }

    /// The square side of a board that must be square.
    fn side(&self, letters: &str) -> Result<usize, String> {
        match self.shape(letters)? {
            (rows, cols) if rows == cols => Ok(rows),
            (rows, cols) => Err(format!("the board must be square, not {rows} x {cols}")),
        }
    }

    /// The position as the contest text of `game`, and where its cells are drawn.
    ///
    /// # Errors
    /// A position that breaks the shape or letters of its game, in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::serve::position::Position;
    ///
    /// let position = Position { rows: vec!["B.".into(), ".W".into()] };
    /// let (text, grid) = position.contest_text("go").unwrap();
    /// assert_eq!(text, "2 1 1\n1 1\n2 2\n0\n");
    /// assert_eq!(grid.centres.len(), 4);
    /// ```
    pub fn contest_text(&self, game: &str) -> Result<(String, Grid), String> {
        match game {
            "hex" => {
                let n = self.side("RB.")?;
                let text = format!("1\n{n}\n{}\n", self.rows.join("\n"));
                Ok((text, hex_grid(n, Slant::Right)))
            }
            "gioco" => {
                let n = self.side("bw")?;
                let text = format!("{n}\n{}\n0\n", self.rows.join("\n"));
                Ok((text, hex_grid(n, Slant::Left)))
            }
            "go" => {
                let n = self.side("BW.")?;
                Ok((self.go_text(n), go_grid(n)))
            }
            "cheesy" => {
                let (rows, cols) = self.shape("FD.KP")?;
                Ok((self.cheesy_text(rows)?, cheesy_grid(rows, cols)))
            }
            other => Err(format!("no game called {other}")),
        }
    }

    /// Stanford's format: `n b w`, the black points, the white points (row and column from
    /// 1, the top row first), then `0`.
    fn go_text(&self, n: usize) -> String {
        let points = |letter: char| -> Vec<String> {
            let mut points = Vec::new();
            for (r, row) in self.rows.iter().enumerate() {
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

    /// BAPC's format: the rows with the pieces' fields open, then the king's and the pawn's
    /// squares (column from the left, row from below, from 1).
    fn cheesy_text(&self, rows: usize) -> Result<String, String> {
        let find = |piece: char, name: &str| -> Result<String, String> {
            let mut at = None;
            for (r, row) in self.rows.iter().enumerate() {
                for (c, cell) in row.chars().enumerate() {
                    if cell == piece {
                        if at.is_some() {
                            return Err(format!("more than one {name}"));
                        }
                        at = Some(format!("{} {}", c + 1, rows - r));
                    }
                }
            }
            at.ok_or_else(|| format!("no {name} ({piece}) on the board"))
        };
        let (king, pawn) = (find('K', "king")?, find('P', "pawn")?);
        let board: Vec<String> = self
            .rows
            .iter()
            .map(|row| row.replace(['K', 'P'], "."))
            .collect();
        Ok(format!("1\n{}\n{king}\n{pawn}\n", board.join("\n")))
    }
}

fn hex_grid(n: usize, slant: Slant) -> Grid {
    let mut centres = Vec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            centres.push(render::hex_centre(n, slant, row, col));
        }
    }
    Grid {
        rows: n,
        cols: n,
        centres,
        radius: render::HEX_RADIUS,
    }
}

fn go_grid(n: usize) -> Grid {
    let mut centres = Vec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            centres.push(crate::go::show::point_centre(crate::Coord { row, col }));
        }
    }
    Grid {
        rows: n,
        cols: n,
        centres,
        radius: crate::go::show::STEP / 2.0,
    }
}

fn cheesy_grid(rows: usize, cols: usize) -> Grid {
    let square = crate::cheesy::show::SQUARE;
    let mut centres = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for col in 0..cols {
            centres.push((square * (col as f64 + 0.5), square * (row as f64 + 0.5)));
        }
    }
    Grid {
        rows,
        cols,
        centres,
        radius: square / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(rows: &[&str]) -> Position {
        Position {
            rows: rows.iter().map(|r| r.to_string()).collect(),
        }
    }

    #[test]
    fn each_game_gets_its_contest_text() {
        let (hex, grid) = position(&["R.", "RB"]).contest_text("hex").unwrap();
        assert_eq!(hex, "1\n2\nR.\nRB\n");
        assert_eq!(grid.centres.len(), 4);
        let (gioco, _) = position(&["bw", "wb"]).contest_text("gioco").unwrap();
        assert_eq!(gioco, "2\nbw\nwb\n0\n");
        let (go, _) = position(&["B.", ".W"]).contest_text("go").unwrap();
        assert_eq!(go, "2 1 1\n1 1\n2 2\n0\n");
        let (cheesy, _) = position(&["..P", ".F.", "K.D"])
            .contest_text("cheesy")
            .unwrap();
        assert_eq!(cheesy, "1\n...\n.F.\n..D\n1 1\n3 3\n");
    }

    #[test]
    fn bad_positions_are_refused_in_words() {
        let refused = |rows: &[&str], game| position(rows).contest_text(game).unwrap_err();
        assert_eq!(
            refused(&["R.", "R"], "hex"),
            "row 2 has 1 cells, row 1 has 2"
        );
        assert_eq!(
            refused(&["Rx", ".."], "hex"),
            "row 1: 'x' is not one of \"RB.\""
        );
        assert_eq!(
            refused(&["R..", "..."], "hex"),
            "the board must be square, not 2 x 3"
        );
        assert_eq!(refused(&[], "go"), "the position has no cells");
        assert_eq!(refused(&["K.", "K."], "cheesy"), "more than one king");
        assert_eq!(refused(&["K.", ".."], "cheesy"), "no pawn (P) on the board");
        let big = ".".repeat(MAX_SIDE + 1);
        assert!(refused(&[&big], "go").contains("at most"));
    }
}
