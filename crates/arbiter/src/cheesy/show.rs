//! Cheesy Chess's evidence for people: a plain-language account with a board diagram
//! ([`explain`]) and an SVG picture ([`svg`]). The JSON record is the outcome's own
//! serialisation.
//!
//! # Examples
//!
//! ```
//! use arbiter::cheesy::{show, solve, Board, Position, Square};
//! use arbiter::render::Style;
//!
//! let position = Position::new(Board::open(3, 3), Square { x: 1, y: 1 }, Square { x: 2, y: 3 }).unwrap();
//! let mut text = Vec::new();
//! show::explain(&position, &solve(&position), Style::default(), &mut text).unwrap();
//! assert!(text.starts_with(b"White wins in 1 move by blocking"));
//! ```

use std::io::{self, Write};

use super::board::{Board, Field, Position, Square};
use super::verdict::{Barrier, BlackEnd, Judgement, WhiteEnd};
use crate::render::{self, Ink, Style, Svg, paint};

fn path(squares: &[Square]) -> String {
    let all: Vec<String> = squares.iter().map(Square::to_string).collect();
    all.join(" -> ")
}

fn barrier_words(barrier: Barrier) -> &'static str {
    match barrier {
        Barrier::Forbidden => "forbidden",
        Barrier::Dangerous => "dangerous",
        Barrier::Floating => "floating dangerous when the king would have stepped there",
        Barrier::OutOfReach => "out of reach in time",
        Barrier::PawnOnDangerous => "reachable, but the pawn stands on a dangerous field",
    }
}

/// The mark of move `i` (from 1) on the diagram: 1-9, then a-z, then `+`.
fn move_mark(i: usize) -> char {
    match i {
        1..=9 => char::from(b'0' + i as u8),
        10..=35 => char::from(b'a' + (i - 10) as u8),
        _ => '+',
    }
}

/// Writes what happened in words, then the board from the top: `K` and `P` the starts, `F`
/// and `D` the fields, the king's moves numbered (White wins) or the pawn's walk as `v` (Black
/// wins).
///
/// # Errors
/// When writing fails.
pub fn explain(
    position: &Position,
    outcome: &Judgement,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (board, king, pawn) = (position.board(), position.king(), position.pawn());
    let mut marks: Vec<(Square, String)> = Vec::new();
    let reason = match outcome {
        Judgement::White(win) => {
            let moves = win.king_line.len() - 1;
            let how = match win.end {
                WhiteEnd::Capture => "capturing the pawn",
                WhiteEnd::Block => "blocking the pawn from below",
                WhiteEnd::PawnStuck => "moving while the pawn is stuck above a forbidden field",
            };
            for (i, &at) in win.king_line.iter().enumerate().skip(1) {
                marks.push((at, paint(&move_mark(i).to_string(), Ink::Good, style)));
            }
            format!(
                "White wins in {} by {how}.\nKing: {}.\nPawn: {}.\n",
                if moves == 1 {
                    "1 move".to_string()
                } else {
                    format!("{moves} moves")
                },
                path(&win.king_line),
                path(&win.pawn_line)
            )
        }
        Judgement::Black(lost) => {
            let walk: Vec<Square> = lost.turns.iter().map(|t| t.pawn).collect();
            for &at in walk.iter().skip(1) {
                marks.push((at, paint("v", Ink::Danger, style)));
            }
            let last = lost.turns.last().expect("at least one turn");
            let ending = match lost.end {
                BlackEnd::PawnHome => format!(
                    "the pawn reaches the bottom line at {} and the king cannot take it there",
                    last.pawn
                ),
                BlackEnd::KingStuck => format!(
                    "with the pawn on {}, no square the king can reach leaves it an open field",
                    last.pawn
                ),
            };
            let mut text = format!("Black wins: {ending}.\nPawn: {}.\n", path(&walk));
            for turn in &lost.turns {
                let reasons: Vec<String> = turn
                    .capture_from
                    .iter()
                    .map(|a| format!("{} {}", a.square, barrier_words(a.barrier)))
                    .collect();
                text.push_str(&format!(
                    "  pawn on {}: the king could be on {} square{}; next to the pawn: {}.\n",
                    turn.pawn,
                    turn.king_count,
                    if turn.king_count == 1 { "" } else { "s" },
                    reasons.join(", ")
                ));
            }
            text
        }
    };
    marks.push((king, paint("K", Ink::Highlight, style)));
    marks.push((pawn, paint("P", Ink::Red, style)));
    let mut diagram = String::new();
    for y in (1..=board.height()).rev() {
        diagram.push_str(&format!("{y:>3} "));
        for x in 1..=board.width() {
            let at = Square { x, y };
            let mark = marks
                .iter()
                .rev()
                .find(|(s, _)| *s == at)
                .map(|(_, m)| m.clone());
            let field = match board.field(at) {
                Field::Open => paint(".", Ink::Dim, style),
                Field::Forbidden => paint("F", Ink::Dim, style),
                Field::Dangerous => paint("D", Ink::Danger, style),
            };
            diagram.push_str(&format!(" {}", mark.unwrap_or(field)));
        }
        diagram.push('\n');
    }
    let columns: String = (1..=board.width())
        .map(|x| format!(" {}", x % 10))
        .collect();
    writeln!(out, "{reason}{diagram}    {columns}")
}

/// Picture geometry: the side of a square.
pub const SQUARE: f64 = 40.0;
/// Picture colours.
pub const LIGHT: &str = "#f0d9b5";
/// See [`LIGHT`].
pub const DARK: &str = "#b58863";
/// See [`LIGHT`].
pub const FORBIDDEN: &str = "#444444";
/// See [`LIGHT`].
pub const DANGEROUS: &str = "#e76f51";
/// See [`LIGHT`].
pub const KING: &str = "#f5b700";
/// See [`LIGHT`].
pub const PAWN: &str = "#111111";
/// See [`LIGHT`].
pub const KING_PATH: &str = "#1d4ed8";

/// The centre of a square in the picture (the top row first, as on the board).
pub fn square_centre(board: &Board, at: Square) -> (f64, f64) {
    (
        SQUARE * (at.x as f64 - 0.5),
        SQUARE * ((board.height() - at.y) as f64 + 0.5),
    )
}

/// Writes a chessboard with the forbidden and dangerous fields, the king and the pawn at
/// their starts, the king's winning line (White) or the pawn's walk (Black).
///
/// # Errors
/// When writing fails.
pub fn svg(position: &Position, outcome: &Judgement, out: &mut dyn Write) -> io::Result<()> {
    let (board, king, pawn) = (position.board(), position.king(), position.pawn());
    render::check_picture_size(board.width() * board.height())?;
    let (w, h) = (
        SQUARE * board.width() as f64,
        SQUARE * board.height() as f64,
    );
    let mut svg = Svg::new(out, w, h);
    for y in 1..=board.height() {
        for x in 1..=board.width() {
            let at = Square { x, y };
            let (cx, cy) = square_centre(board, at);
            let fill = match board.field(at) {
                Field::Forbidden => FORBIDDEN,
                Field::Dangerous => DANGEROUS,
                Field::Open if (x + y) % 2 == 0 => DARK,
                Field::Open => LIGHT,
            };
            svg.rect(
                cx - SQUARE / 2.0,
                cy - SQUARE / 2.0,
                SQUARE,
                SQUARE,
                fill,
                None,
            );
        }
    }
    let line = match outcome {
        Judgement::White(win) => win.king_line.clone(),
        Judgement::Black(lost) => lost.turns.iter().map(|t| t.pawn).collect(),
    };
    let points: Vec<(f64, f64)> = line.iter().map(|&s| square_centre(board, s)).collect();
    let colour = if matches!(outcome, Judgement::White(_)) {
        KING_PATH
    } else {
        PAWN
    };
    svg.polyline(&points, colour, 4.0);
    let (kx, ky) = square_centre(board, king);
    svg.circle(kx, ky, SQUARE * 0.35, KING, Some(("#000000", 1.5)));
    svg.text(kx, ky, SQUARE * 0.4, "#000000", "K");
    let (px, py) = square_centre(board, pawn);
    svg.circle(px, py, SQUARE * 0.25, PAWN, Some(("#ffffff", 1.5)));
    svg.finish()
}
