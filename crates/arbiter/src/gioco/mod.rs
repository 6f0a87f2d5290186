//! Il Gioco dell'X: on a full hexagonal board, which colour has connected?
//!
//! The rules are those of `docs/src/gioco.md`: an N x N board, every cell black or white,
//! with the mirror image of the Hex judge's adjacency ([`ADJACENCY`]). Black wins when a black
//! chain joins the top row to the bottom row; otherwise White wins, and on a full board White
//! then joins the left column to the right column (the Hex theorem, which
//! [`judge`] checks rather than assumes: the chain it returns is looked for, not presumed).
//!
//! The geometry and the connection search are the Hex judge's (the crate's `connect` module), with the
//! orientation as a parameter. The contest format (UVa 260) lives in [`uva`].
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::{judge, Board, Stone};
//!
//! let board: Board = "bbwb wwbw bbwb bwww".parse().unwrap();
//! let judgement = judge(&board);
//! assert_eq!(judgement.winner, Stone::White);
//! assert_eq!(judgement.chain.unwrap().len(), 4);
//! ```

mod board;
mod game;
#[cfg(feature = "generate")]
pub mod generate;
mod judge;
pub mod setup;
pub mod show;
pub mod uva;

pub use board::{ADJACENCY, Board, Stone};
pub use game::Gioco;
pub use judge::{Judgement, Verdict, judge, winner};

#[cfg(test)]
mod tests;
