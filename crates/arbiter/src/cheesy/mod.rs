//! Cheesy Chess: a king against a pawn on a board of forbidden and dangerous fields, solved
//! exactly under optimal play.
//!
//! The rules are those of `docs/src/cheesy.md`. White's king moves first, one step in any of
//! eight directions onto an *open* field: not forbidden (`F`), not fixed dangerous (`D`), not
//! floating dangerous (diagonally below the pawn). Black's pawn steps straight down onto any
//! field but `F` or the king. The king wins by capturing the pawn (on an open field) or by
//! leaving it unable to move above the bottom line; the pawn wins when the king cannot move or
//! when it stands on the bottom line unable to move.
//!
//! The pawn has no choices, so the game is a question about the king alone: is there a line
//! of king moves that wins? [`solve`] answers it for one position with a forward sweep over the
//! squares the king can reach at each turn (sets of squares held as rows of bits), and returns
//! the shortest winning line or the reason Black wins. [`table`] answers it for every king
//! start at once with one backward (retrograde) sweep. Boards may be 1 to 256 squares each
//! way; the contest's is 8 x 8. The contest format lives in [`bapc`].
//!
//! # Examples
//!
//! ```
//! use arbiter::cheesy::{solve, Board, Judgement, Position, Square};
//!
//! let board: Board = "........\n".repeat(8).parse().unwrap();
//! // The statement's second sample: the king walks over and takes the pawn.
//! let position = Position::new(board, Square { x: 3, y: 1 }, Square { x: 6, y: 3 }).unwrap();
//! let Judgement::White(win) = solve(&position) else { panic!() };
//! assert_eq!(win.king_line.first(), Some(&Square { x: 3, y: 1 }));
//! ```

pub mod bapc;
mod bits;
mod board;
mod game;
#[cfg(feature = "generate")]
pub mod generate;
mod judge;
pub mod setup;
pub mod show;
mod verdict;
mod word;

pub use board::{Board, Field, LISTED_SQUARES, MAX_SIDE, Position, PositionError, Square};
pub use game::Cheesy;
pub use judge::{solve, table, white_wins};
pub use verdict::{
    Approach, Barrier, BlackEnd, BlackWin, Judgement, Table, Turn, Verdict, WhiteEnd, WhiteWin,
};

#[cfg(test)]
mod tests;
