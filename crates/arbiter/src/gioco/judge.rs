//! Who joined their sides on a full board: [`winner`] (the contest's answer alone) and
//! [`judge`] (with one winning chain).

use std::fmt;

use super::board::{Board, Stone};
use crate::grid::Coord;

/// The winner and its evidence.
///
/// As JSON: `winner` (`"black"` or `"white"`) and `chain`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Judgement {
    /// Black if Black joins top and bottom, otherwise White (the contest's rule).
    pub winner: Stone,
    /// One chain of the winner's cells joining its two sides, first side first. On a full
    /// board it always exists (the Hex theorem); `None` would mean the theorem failed.
    pub chain: Option<Vec<Coord>>,
}

/// The contest's question alone: Black if Black joins top and bottom, otherwise White.
///
/// Cheaper than [`judge`]: it settles Black's connection without building a chain.
///
/// # Examples
///
/// ```
/// use arbiter::gioco::{winner, Board, Stone};
///
/// let board: Board = "bbwb wwbw bwwb wwbb".parse().unwrap();
/// assert_eq!(winner(&board), Stone::Black);
/// ```
pub fn winner(board: &Board) -> Stone {
    if board.crossing(Stone::Black).connects() {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The winner with one winning chain, in time linear in the cells.
pub fn judge(board: &Board) -> Judgement {
    let coords = |chain: Vec<usize>| chain.into_iter().map(|c| board.grid.coord(c)).collect();
    if let Some(black) = board.crossing(Stone::Black).winning() {
        return Judgement {
            winner: Stone::Black,
            chain: Some(coords(black.chain)),
        };
    }
    Judgement {
        winner: Stone::White,
        chain: board
            .crossing(Stone::White)
            .winning()
            .map(|w| coords(w.chain)),
    }
}

/// The contest's answer: the winner, written `B` or `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict(pub Stone);

impl fmt::Display for Verdict {
    /// The contest's letter: `B` or `W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.verdict_letter())
    }
}
