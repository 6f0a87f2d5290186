//! A position set up on the web board, sent as JSON (`{"rows": ["R..", ".B.", "..."]}`), made
//! into the game's contest text, and the picture's cell centres that let a click find its cell.
//!
//! Each game's rows use its own letters, the top row first: Hex `R`, `B`, `.`; Il Gioco
//! dell'X `b`, `w`; Go `B`, `W`, `.`; Cheesy Chess `F`, `D`, `.` and one `K` (the king) and
//! one `P` (the pawn) on open fields.

use serde::{Deserialize, Serialize};

use arbiter::registry::GameName;
use arbiter::render::{self, Slant};

/// The largest board side the web board sets up.
pub const MAX_SIDE: usize = 64;

/// What a game's page needs to set up positions by clicking: its letters, sizes and words.
#[derive(Clone, Debug, Serialize)]
pub struct Setup {
    /// The game's name, in addresses.
    pub name: &'static str,
    /// The game's title.
    pub title: &'static str,
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
    /// A new board of each side offered, its rows the top one first.
    pub blank: Vec<(usize, Vec<String>)>,
}

impl Setup {
    /// The page of `game`.
    pub fn of(game: GameName) -> Setup {
        let (summary, cycle, sizes, size, hint): (_, &[&str], &[usize], _, _) = match game {
            GameName::Hex => (
                "who has joined their sides, and perfect play on small boards",
                &[".", "R", "B"],
                &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13],
                7,
                "Click a cell: empty, Red, Blue. Red joins top and bottom.",
            ),
            GameName::Gioco => (
                "the full board's winning chain",
                &["b", "w"],
                &[2, 3, 4, 5, 6, 7, 8, 10, 12],
                6,
                "Click a cell: black, white. The board is always full.",
            ),
            GameName::Go => (
                "territory, dead stones and the score of positions and SGF games",
                &[".", "B", "W"],
                &[5, 7, 9, 13, 19],
                9,
                "Click a point: empty, Black, White.",
            ),
            GameName::Cheesy => (
                "can the king catch the pawn?",
                &[".", "F", "D", "K", "P"],
                &[3, 4, 5, 6, 7, 8],
                8,
                "Click a field: open, forbidden (F), dangerous (D), the king (K), the pawn (P).",
            ),
        };
        Setup {
            name: game.name(),
            title: game.title(),
            summary,
            cycle,
            sizes,
            size,
            hint,
            solve: game == GameName::Hex,
            blank: sizes.iter().map(|&n| (n, blank(game, n))).collect(),
        }
    }
}

/// A new board of side `n`: empty; Il Gioco dell'X's full, in a checkerboard; Cheesy Chess's
/// with the king in the bottom-left corner and the pawn in the top-right one.
fn blank(game: GameName, n: usize) -> Vec<String> {
    let mut rows: Vec<String> = (0..n)
        .map(|r| match game {
            GameName::Gioco => (0..n)
                .map(|c| if (r + c) % 2 == 1 { 'w' } else { 'b' })
                .collect(),
            _ => ".".repeat(n),
        })
        .collect();
    if game == GameName::Cheesy {
        rows[n - 1].replace_range(0..1, "K");
        rows[0].replace_range(n - 1..n, "P");
    }
    rows
}

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
    /// use arbiter::registry::GameName;
    /// use arbiter_cli::serve::position::Position;
    ///
    /// let position = Position { rows: vec!["B.".into(), ".W".into()] };
    /// let (text, grid) = position.contest_text(GameName::Go).unwrap();
    /// assert_eq!(text, "2 1 1\n1 1\n2 2\n0\n");
    /// assert_eq!(grid.centres.len(), 4);
    /// ```
    pub fn contest_text(&self, game: GameName) -> Result<(String, Grid), String> {
        match game {
            GameName::Hex => {
                let n = self.side("RB.")?;
                let text = format!("1\n{n}\n{}\n", self.rows.join("\n"));
                Ok((text, hex_grid(n, Slant::Right)))
            }
            GameName::Gioco => {
                let n = self.side("bw")?;
                let text = format!("{n}\n{}\n0\n", self.rows.join("\n"));
                Ok((text, hex_grid(n, Slant::Left)))
            }
            GameName::Go => {
                let n = self.side("BW.")?;
                Ok((self.go_text(n), go_grid(n)))
            }
            GameName::Cheesy => {
                let (rows, cols) = self.shape("FD.KP")?;
                Ok((self.cheesy_text(rows)?, cheesy_grid(rows, cols)))
            }
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
            centres.push(arbiter::go::show::point_centre(arbiter::Coord { row, col }));
        }
    }
    Grid {
        rows: n,
        cols: n,
        centres,
        radius: arbiter::go::show::STEP / 2.0,
    }
}

/// The grid of a Go game's picture under a rule set ([`arbiter::go::show::svg_game`]).
pub fn game_grid(rows: usize, cols: usize) -> Grid {
    let mut centres = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for col in 0..cols {
            centres.push(arbiter::go::show::game_point_centre(arbiter::Coord {
                row,
                col,
            }));
        }
    }
    Grid {
        rows,
        cols,
        centres,
        radius: arbiter::go::show::STEP / 2.0,
    }
}

fn cheesy_grid(rows: usize, cols: usize) -> Grid {
    let square = arbiter::cheesy::show::SQUARE;
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
        let (hex, grid) = position(&["R.", "RB"]).contest_text(GameName::Hex).unwrap();
        assert_eq!(hex, "1\n2\nR.\nRB\n");
        assert_eq!(grid.centres.len(), 4);
        let (gioco, _) = position(&["bw", "wb"])
            .contest_text(GameName::Gioco)
            .unwrap();
        assert_eq!(gioco, "2\nbw\nwb\n0\n");
        let (go, _) = position(&["B.", ".W"]).contest_text(GameName::Go).unwrap();
        assert_eq!(go, "2 1 1\n1 1\n2 2\n0\n");
        let (cheesy, _) = position(&["..P", ".F.", "K.D"])
            .contest_text(GameName::Cheesy)
            .unwrap();
        assert_eq!(cheesy, "1\n...\n.F.\n..D\n1 1\n3 3\n");
    }

    #[test]
    fn each_page_starts_from_a_board_its_game_reads() {
        for game in GameName::ALL {
            let setup = Setup::of(game);
            for (n, rows) in &setup.blank {
                let position = Position { rows: rows.clone() };
                assert!(position.contest_text(game).is_ok(), "{game} {n}");
            }
        }
        assert_eq!(blank(GameName::Cheesy, 3), ["..P", "...", "K.."]);
        assert_eq!(blank(GameName::Gioco, 2), ["bw", "wb"]);
    }

    #[test]
    fn bad_positions_are_refused_in_words() {
        let refused = |rows: &[&str], game| position(rows).contest_text(game).unwrap_err();
        assert_eq!(
            refused(&["R.", "R"], GameName::Hex),
            "row 2 has 1 cells, row 1 has 2"
        );
        assert_eq!(
            refused(&["Rx", ".."], GameName::Hex),
            "row 1: 'x' is not one of \"RB.\""
        );
        assert_eq!(
            refused(&["R..", "..."], GameName::Hex),
            "the board must be square, not 2 x 3"
        );
        assert_eq!(refused(&[], GameName::Go), "the position has no cells");
        assert_eq!(
            refused(&["K.", "K."], GameName::Cheesy),
            "more than one king"
        );
        assert_eq!(
            refused(&["K.", ".."], GameName::Cheesy),
            "no pawn (P) on the board"
        );
        let big = ".".repeat(MAX_SIDE + 1);
        assert!(refused(&[&big], GameName::Go).contains("at most"));
    }
}
