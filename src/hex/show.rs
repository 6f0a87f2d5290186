//! The Hex judge's evidence for people: a plain-language reason with a slanted board diagram
//! ([`explain`]) and an SVG picture ([`svg`]). The JSON record is the judgement's own
//! serialisation.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{judge, show, Board};
//! use arbiter::render::Style;
//!
//! let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
//! let mut text = Vec::new();
//! show::explain(&board, &judge(&board), Style::default(), &mut text).unwrap();
//! assert!(text.starts_with(b"Blue joins left to right"));
//! ```

use std::io::{self, Write};

use super::{Board, Judgement, Reason, Stone, Verdict};
use crate::grid::Coord;
use crate::render::{self, HexLook, Ink, Mark, Size, Slant, Style};

/// What a cell of the evidence is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Other,
    Chain,
    Last,
}

/// The role of every cell, row by row: the chains shown, and the possible last stones.
struct Evidence {
    cols: usize,
    roles: Vec<Role>,
}

impl Evidence {
    fn of(board: &Board, verdict: &Verdict) -> Self {
        let cols = board.size();
        let mut evidence = Evidence {
            cols,
            roles: vec![Role::Other; board.size() * cols],
        };
        let mut mark = |cells: &[Coord], role| {
            for at in cells {
                evidence.roles[at.row * cols + at.col] = role;
            }
        };
        match verdict {
            Verdict::Win(win) => {
                mark(&win.chain, Role::Chain);
                mark(&win.last_stones, Role::Last);
            }
            Verdict::Impossible(Reason::WinnerBehind { chain, .. }) => mark(chain, Role::Chain),
            Verdict::Impossible(Reason::NoLastStone { chains, .. }) => {
                mark(&chains[0], Role::Chain);
                mark(&chains[1], Role::Chain);
            }
            Verdict::Impossible(Reason::CountGap) | Verdict::Nobody => {}
        }
        evidence
    }

    fn role(&self, row: usize, col: usize) -> Role {
        self.roles[row * self.cols + col]
    }
}

/// Writes cells as `(row, col)` separated by spaces.
fn coords(out: &mut dyn Write, list: &[Coord]) -> io::Result<()> {
    for (i, at) in list.iter().enumerate() {
        write!(out, "{}{at}", if i == 0 { "" } else { " " })?;
    }
    Ok(())
}

fn stones(n: usize) -> String {
    format!("{n} stone{}", if n == 1 { "" } else { "s" })
}

fn sides(stone: Stone) -> &'static str {
    match stone {
        Stone::Red => "top to bottom",
        Stone::Blue => "left to right",
    }
}

/// Writes a short reason in plain words, then the board: stones on the evidence chains in
/// capitals, others in small letters, and `@` for each stone that could have been the last
/// move.
///
/// # Errors
/// When writing fails.
pub fn explain(
    board: &Board,
    judgement: &Judgement,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let counts = judgement.counts;
    let tally = format!("Red has {}, Blue {}.", stones(counts.red), counts.blue);
    match &judgement.verdict {
        Verdict::Win(win) => {
            write!(
                out,
                "{} joins {} with a chain of {}: ",
                win.winner,
                sides(win.winner),
                stones(win.chain.len())
            )?;
            coords(out, &win.chain)?;
            write!(
                out,
                ".\n{tally} {} could have been the last move (on every winning chain): ",
                stones(win.last_stones.len())
            )?;
            coords(out, &win.last_stones)?;
            writeln!(out, ".")?;
        }
        Verdict::Nobody => writeln!(out, "Nobody joins their sides. {tally}")?,
        Verdict::Impossible(reason) => {
            write!(
                out,
                "Impossible by rule {}: {reason}. {tally}",
                reason.rule()
            )?;
            match reason {
                Reason::CountGap => {}
                Reason::WinnerBehind { chain, .. } => {
                    write!(out, " Chain: ")?;
                    coords(out, chain)?;
                    write!(out, ".")?;
                }
                Reason::NoLastStone { chains, .. } => {
                    write!(out, " Chain 1: ")?;
                    coords(out, &chains[0])?;
                    write!(out, ". Chain 2: ")?;
                    coords(out, &chains[1])?;
                    write!(out, ".")?;
                }
            }
            writeln!(out)?;
        }
    }
    let evidence = Evidence::of(board, &judgement.verdict);
    let size = Size::square(board.size());
    render::hex_diagram(out, size, Slant::Right, None, style, |row, col| {
        let Some(stone) = board.get(Coord { row, col }) else {
            return Mark::new('.', Ink::Dim);
        };
        let ink = match stone {
            Stone::Red => Ink::Red,
            Stone::Blue => Ink::Blue,
        };
        match evidence.role(row, col) {
            Role::Last => Mark::new('@', Ink::Highlight),
            Role::Chain => Mark::new(stone.letter(), ink),
            Role::Other => {
                let small = stone.letter().to_ascii_lowercase();
                Mark::new(small, if style.color { ink } else { Ink::Dim })
            }
        }
    })?;
    writeln!(
        out,
        "  (capitals: the chains shown; small letters: other stones; @: possible last stones)"
    )
}

/// Writes the board as hexagons: red and blue stones, the evidence chains outlined, the
/// possible last stones dotted, Red's sides (top, bottom) and Blue's (left, right) as
/// coloured bands.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg(board: &Board, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
    render::check_picture_size(board.size() * board.size())?;
    let evidence = Evidence::of(board, &judgement.verdict);
    let size = Size::square(board.size());
    render::hex_board_svg(out, size, Slant::Right, (RED, BLUE), None, |row, col| {
        let role = evidence.role(row, col);
        HexLook {
            fill: match board.get(Coord { row, col }) {
                Some(Stone::Red) => RED,
                Some(Stone::Blue) => BLUE,
                None => EMPTY,
            },
            outlined: role != Role::Other,
            dotted: role == Role::Last,
        }
    })
}

/// Picture colours.
pub const RED: &str = "#d62828";
/// See [`RED`].
pub const BLUE: &str = "#1d4ed8";
/// See [`RED`].
pub const EMPTY: &str = "#e8e8e8";
