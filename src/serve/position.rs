//! A position set up on the web board, sent as JSON (`{"rows": ["R..", ".B.", "..."]}`), made
//! into the game's contest text, and the picture's cell centres that let a click find its cell.
//!
//! The letters, sizes, blank boards and contest texts are each game's own
//! (`arbiter::setup::SetUp`, in the game's module, reached through the list of games); this
//! module only carries them to the page and back.

use serde::{Deserialize, Serialize};

use arbiter::registry::GameName;
pub use arbiter::setup::{Grid, MAX_SIDE};

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
    /// The heading over the box where a case or a record is pasted.
    pub paste: &'static str,
    /// A new board of each side offered, its rows the top one first.
    pub blank: Vec<(usize, Vec<String>)>,
}

impl Setup {
    /// The page of `game`.
    pub fn of(game: GameName) -> Setup {
        let page = game.page();
        Setup {
            name: game.name(),
            title: game.title(),
            summary: page.summary,
            cycle: page.cycle,
            sizes: page.sizes,
            size: page.size,
            hint: page.hint,
            solve: page.solve,
            paste: page.paste,
            blank: page.sizes.iter().map(|&n| (n, game.blank(n))).collect(),
        }
    }
}

/// A position as the page sends it.
#[derive(Clone, Debug, Deserialize)]
pub struct Position {
    /// The rows, the top one first.
    pub rows: Vec<String>,
}

impl Position {
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
        game.contest_text(&self.rows)
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
        assert_eq!(GameName::Cheesy.blank(3), ["..P", "...", "K.."]);
        assert_eq!(GameName::Gioco.blank(2), ["bw", "wb"]);
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
