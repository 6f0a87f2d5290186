//! The Hex judge's evidence for people and programs: a plain-language reason with a slanted
//! board diagram ([`explain`]), a JSON record ([`json`]) and an SVG picture ([`svg`]).
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{judge, show, Board};
//! use arbiter::render::Style;
//!
//! let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
//! let text = show::explain(&board, &judge(&board), Style::default());
//! assert!(text.starts_with("Blue joins left to right"));
//! ```

use std::collections::HashSet;

use serde_json::{Value, json};

use super::{Board, Judgement, Reason, Stone, Verdict};
use crate::grid::Coord;
use crate::render::{self, HexLook, Ink, Slant, Style, paint};

/// The cells to highlight: one or two chains, and the possible last stones.
fn evidence(verdict: &Verdict) -> (HashSet<Coord>, HashSet<Coord>) {
    let mut chains = HashSet::new();
    let mut last = HashSet::new();
    match verdict {
        Verdict::Win(win) => {
            chains.extend(&win.chain);
            last.extend(&win.last_stones);
        }
        Verdict::Impossible(Reason::WinnerBehind { chain, .. }) => chains.extend(chain),
        Verdict::Impossible(Reason::NoLastStone { chains: both, .. }) => {
            chains.extend(&both[0]);
            chains.extend(&both[1]);
        }
        Verdict::Impossible(Reason::CountGap) | Verdict::Nobody => {}
    }
    (chains, last)
}

fn coords(list: &[Coord]) -> String {
    let all: Vec<String> = list.iter().map(Coord::to_string).collect();
    all.join(" ")
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

/// A short reason in plain words, then the board: stones on the evidence chains in capitals,
/// others in small letters, and `@` for each stone that could have been the last move.
pub fn explain(board: &Board, judgement: &Judgement, style: Style) -> String {
    let counts = judgement.counts;
    let tally = format!("Red has {}, Blue {}.", stones(counts.red), counts.blue);
    let reason = match &judgement.verdict {
        Verdict::Win(win) => format!(
            "{} joins {} with a chain of {}: {}.\n{tally} {} could have been the last move \
             (on every winning chain): {}.",
            win.winner,
            sides(win.winner),
            stones(win.chain.len()),
            coords(&win.chain),
            stones(win.last_stones.len()),
            coords(&win.last_stones),
        ),
        Verdict::Nobody => format!("Nobody joins their sides. {tally}"),
        Verdict::Impossible(reason) => {
            let detail = match reason {
                Reason::CountGap => String::new(),
                Reason::WinnerBehind { chain, .. } => format!(" Chain: {}.", coords(chain)),
                Reason::NoLastStone { chains, .. } => format!(
                    " Chain 1: {}. Chain 2: {}.",
                    coords(&chains[0]),
                    coords(&chains[1])
                ),
            };
            format!(
                "Impossible by rule {}: {reason}. {tally}{detail}",
                reason.rule()
            )
        }
    };
    let (chains, last) = evidence(&judgement.verdict);
    let diagram = render::hex_diagram(board.size(), Slant::Right, |row, col| {
        let at = Coord { row, col };
        let Some(stone) = board.get(at) else {
            return paint(".", Ink::Dim, style);
        };
        let ink = if stone == Stone::Red {
            Ink::Red
        } else {
            Ink::Blue
        };
        if last.contains(&at) {
            paint("@", Ink::Highlight, style)
        } else if chains.contains(&at) {
            paint(&stone.letter().to_string(), ink, style)
        } else {
            let small = stone.letter().to_ascii_lowercase().to_string();
            paint(&small, if style.color { ink } else { Ink::Dim }, style)
        }
    });
    let legend =
        "  (capitals: the chains shown; small letters: other stones; @: possible last stones)";
    format!("{reason}\n{diagram}{legend}\n")
}

/// One JSON record: the case, the contest verdict, the counts and the evidence.
pub fn json(case: usize, judgement: &Judgement) -> Value {
    let mut record = json!({
        "game": "hex",
        "case": case,
        "verdict": judgement.verdict.to_string(),
        "red": judgement.counts.red,
        "blue": judgement.counts.blue,
    });
    let colour = |stone: Stone| stone.to_string().to_lowercase();
    match &judgement.verdict {
        Verdict::Win(win) => {
            record["winner"] = json!(colour(win.winner));
            record["chain"] = json!(win.chain);
            record["last_stones"] = json!(win.last_stones);
        }
        Verdict::Nobody => {}
        Verdict::Impossible(reason) => {
            record["rule"] = json!(reason.rule());
            record["reason"] = json!(reason.to_string());
            match reason {
                Reason::CountGap => {}
                Reason::WinnerBehind { winner, chain } => {
                    record["connected"] = json!(colour(*winner));
                    record["chain"] = json!(chain);
                }
                Reason::NoLastStone { winner, chains } => {
                    record["connected"] = json!(colour(*winner));
                    record["chains"] = json!(chains);
                }
            }
        }
    }
    record
}

/// The board as hexagons: red and blue stones, the evidence chains outlined, the possible
/// last stones dotted, Red's sides (top, bottom) and Blue's (left, right) as coloured bands.
pub fn svg(board: &Board, judgement: &Judgement) -> String {
    let (chains, last) = evidence(&judgement.verdict);
    render::hex_board_svg(board.size(), Slant::Right, (RED, BLUE), |row, col| {
        let at = Coord { row, col };
        HexLook {
            fill: match board.get(at) {
                Some(Stone::Red) => RED,
                Some(Stone::Blue) => BLUE,
                None => EMPTY,
            },
            outlined: chains.contains(&at),
            dotted: last.contains(&at),
        }
    })
}

/// Picture colours.
pub const RED: &str = "#d62828";
/// See [`RED`].
pub const BLUE: &str = "#1d4ed8";
/// See [`RED`].
pub const EMPTY: &str = "#e8e8e8";
