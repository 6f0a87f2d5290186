//! The Hex judge: is a Hex position impossible, won by Red, won by Blue, or won by nobody?
//!
//! The rules are those of `docs/src/hex.md`: an N x N rhombus of hexagons, Red joining the top and
//! bottom rows, Blue the left and right columns, and a position is `Impossible` when no legal
//! game reaches it. [`judge`] returns a [`BoardJudgement`] that carries its evidence: the stone
//! counts, the winning chain and every stone that could have been played last, or the rule
//! that makes the position impossible, with the chains that show it.
//!
//! Boards may be rectangular (game records can be, `SZ[w:h]`): Red joins the top and bottom
//! rows, Blue the left and right columns, and every rule holds as on a square board.
//!
//! The conventions Hex players write with (cell names like `b3`, Red as SGF's `B`) live here,
//! next to the adjacency, in one place: [`cell_name`], [`parse_cell`], [`Stone::sgf`]. Each
//! format is a module of its own: the contest's in [`gcj`], game records in [`sgf`] (HexGui)
//! and [`trmph`], replayed by [`record`]; [`Hex`] reads them all as one [`Game`](crate::Game).
//!
//! # Examples
//!
//! ```
//! use arbiter::grid::Coord;
//! use arbiter::hex::{judge, Board, BoardVerdict, Stone};
//!
//! let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
//! let judgement = judge(&board);
//! assert_eq!(judgement.verdict.to_string(), "Blue wins");
//! let BoardVerdict::Win(win) = judgement.verdict else { unreachable!() };
//! assert_eq!(win.winner, Stone::Blue);
//! // The centre stone lies on every blue chain, so it alone can have been the last move.
//! assert_eq!(win.last_stones, [Coord { row: 1, col: 1 }]);
//! ```

mod board;
mod game;
pub mod gcj;
#[cfg(feature = "generate")]
pub mod generate;
mod judge;
pub mod record;
pub mod setup;
pub mod sgf;
pub mod show;
pub mod solve;
pub mod trmph;

pub use board::{ADJACENCY, Board, CellName, Counts, Stone, cell_name, column_name, parse_cell};
pub use game::{Case, Hex, Judgement, Raw, Verdict};
pub use judge::{
    BoardJudgement, BoardVerdict, EndingNote, Outcome, Reason, RecordJudgement, RecordVerdict, Win,
    connection, judge, judge_record,
};

#[cfg(test)]
mod tests;
