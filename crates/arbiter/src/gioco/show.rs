//! Il Gioco dell'X's evidence for people: a plain-language reason with a slanted board
//! diagram ([`explain`]) and an SVG picture ([`svg`]). The JSON record is the judgement's own
//! serialisation.
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::{judge, show, Board};
//! use arbiter::render::Style;
//!
//! let board: Board = "bw wb".parse().unwrap();
//! let mut text = Vec::new();
//! show::explain(&board, &judge(&board), Style::default(), &mut text).unwrap();
//! assert!(text.starts_with(b"Black joins top to bottom"));
//! ```

use std::io::{self, Write};

use super::board::{Board, Stone};
use super::judge::Judgement;
use crate::grid::Coord;
use crate::render::{self, HexLook, Ink, Mark, Size, Slant, Style};

/// Whether each cell lies on the winning chain, row by row.
fn on_chain(board: &Board, judgement: &Judgement) -> Vec<bool> {
    let size = board.size();
    let mut chain = vec![false; size * size];
    for at in judgement.chain.iter().flatten() {
        chain[at.row * size + at.col] = true;
    }
    chain
}

/// Writes a short reason in plain words, then the board, rows slanting left (this game's
/// orientation): the winning chain in capitals, other cells in small letters.
///
/// # Errors
/// When writing fails.
pub fn explain(
    board: &Board,
    judgement: &Judgement,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    match (&judgement.chain, judgement.winner) {
        (Some(chain), Stone::Black) => writeln!(
            out,
            "Black joins top to bottom with a chain of {} cells.",
            chain.len()
        )?,
        (Some(chain), Stone::White) => writeln!(
            out,
            "Black does not join top to bottom, so White wins; White joins left to right \
             with a chain of {} cells.",
            chain.len()
        )?,
        (None, _) => writeln!(out, "Black does not join top to bottom, so White wins.")?,
    }
    let chain = on_chain(board, judgement);
    let size = board.size();
    render::hex_diagram(
        out,
        Size::square(size),
        Slant::Left,
        None,
        style,
        |row, col| {
            let letter = board.get(Coord { row, col }).letter();
            if chain[row * size + col] {
                Mark::new(letter.to_ascii_uppercase(), Ink::Highlight)
            } else {
                Mark::new(letter, Ink::Dim)
            }
        },
    )?;
    writeln!(out, "  (capitals: the winning chain)")
}

/// Writes the board as hexagons slanting left, black and white, the winning chain outlined;
/// the top and bottom bands are Black's sides, the left and right White's.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg(board: &Board, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
    let size = board.size();
    render::check_picture_size(size * size)?;
    let chain = on_chain(board, judgement);
    let sides = (BLACK, "#bbbbbb");
    render::hex_board_svg(
        out,
        Size::square(size),
        Slant::Left,
        sides,
        None,
        |row, col| HexLook {
            fill: match board.get(Coord { row, col }) {
                Stone::Black => BLACK,
                Stone::White => WHITE,
            },
            outlined: chain[row * size + col],
            dotted: false,
        },
    )
}

/// Picture colours.
pub const BLACK: &str = "#222222";
/// See [`BLACK`].
pub const WHITE: &str = "#f7f7f7";
