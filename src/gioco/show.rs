//! Il Gioco dell'X's evidence for people and programs: a plain-language reason with a slanted
//! board diagram ([`explain`]), a JSON record ([`json`]) and an SVG picture ([`svg`]).
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::{judge, show, Board};
//! use arbiter::render::Style;
//!
//! let board: Board = "bw wb".parse().unwrap();
//! let text = show::explain(&board, &judge(&board), Style::default());
//! assert!(text.starts_with("Black joins top to bottom"));
//! ```

use std::collections::HashSet;

use serde_json::{Value, json};

use super::{Board, Judgement, Stone};
use crate::grid::Coord;
use crate::render::{self, HexLook, Ink, Slant, Style, paint};

fn chain_cells(judgement: &Judgement) -> HashSet<Coord> {
    judgement.chain.iter().flatten().copied().collect()
}

/// A short reason in plain words, then the board, rows slanting left (this game's
/// orientation): the winning chain in capitals, other cells in small letters.
pub fn explain(board: &Board, judgement: &Judgement, style: Style) -> String {
    let reason = match (&judgement.chain, judgement.winner) {
        (Some(chain), Stone::Black) => {
            format!(
                "Black joins top to bottom with a chain of {} cells.",
                chain.len()
            )
        }
        (Some(chain), Stone::White) => format!(
            "Black does not join top to bottom, so White wins; White joins left to right \
             with a chain of {} cells.",
            chain.len()
        ),
        (None, _) => "Black does not join top to bottom, so White wins.".to_string(),
    };
    let chain = chain_cells(judgement);
    let diagram = render::hex_diagram(board.size(), Slant::Left, |row, col| {
        let at = Coord { row, col };
        let stone = board.get(at);
        if chain.contains(&at) {
            paint(
                &stone.letter().to_ascii_uppercase().to_string(),
                Ink::Highlight,
                style,
            )
        } else {
            paint(&stone.letter().to_string(), Ink::Dim, style)
        }
    });
    format!("{reason}\n{diagram}  (capitals: the winning chain)\n")
}

/// One JSON record: the case, the contest verdict, the winner and its chain.
pub fn json(case: usize, judgement: &Judgement) -> Value {
    json!({
        "game": "gioco",
        "case": case,
        "verdict": judgement.winner.verdict_letter().to_string(),
        "winner": judgement.winner.to_string().to_lowercase(),
        "chain": judgement.chain,
    })
}

/// The board as hexagons slanting left, black and white, the winning chain outlined; the
/// top and bottom bands are Black's sides, the left and right White's.
pub fn svg(board: &Board, judgement: &Judgement) -> String {
    let chain = chain_cells(judgement);
    render::hex_board_svg(board.size(), Slant::Left, (BLACK, "#bbbbbb"), |row, col| {
        let at = Coord { row, col };
        HexLook {
            fill: if board.get(at) == Stone::Black {
                BLACK
            } else {
                WHITE
            },
            outlined: chain.contains(&at),
            dotted: false,
        }
    })
}

/// Picture colours.
pub const BLACK: &str = "#222222";
/// See [`BLACK`].
pub const WHITE: &str = "#f7f7f7";
