//! Perfect play on small boards: who wins a Hex position, and with which moves.
//!
//! A full Hex board always has exactly one winner, so every position has one too, with perfect
//! play by both sides. [`solve`] finds it for the side to move and, by solving the position
//! after each of its moves, every winning move (the complete set, not just one) or, when it
//! loses, the winner's answer to each of its moves: a proof a player can follow.
//!
//! The search is a depth-first proof-number search (`dfpn`) over positions stored as
//! bitboards (`bits`, `position`), with a transposition table of fixed size (`table`), and the
//! techniques of the strongest Hex solvers, each in a private module of its own: virtual
//! connections built by H-search (`vc`), with the edge templates it cannot derive added
//! (`templates`), the mustplay region (`mustplay`), dead and
//! captured cells (`inferior`), the cells and stones a colour cannot use because they are
//! cut off from its sides (`cutoff`), the regions combinatorial decompositions give a colour
//! (`decompose`), and move ordering by electrical resistance (`resistance`);
//! each can be turned off ([`Techniques`]). `oracle`, a plain
//! exhaustive search, is what the tests hold the solver to; [`Analysis`] is the solver as a
//! [`Game`](crate::Game) (`arbiter hex --solve`).
//!
//! A time budget stops the search honestly: the moves proved by then are reported, the rest
//! are unknown.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{Board, Stone};
//! use arbiter::hex::solve::{solve, Settings};
//!
//! // The empty 2 x 2 board: Red wins, with a2 or b1 (the obtuse corners).
//! let board = Board::new(2);
//! let solution = solve(&board, Stone::Red, &Settings::default()).unwrap();
//! assert_eq!(solution.winner, Some(Stone::Red));
//! let names: Vec<String> = solution.winning_moves.iter().map(|&at| arbiter::hex::cell_name(at).to_string()).collect();
//! assert_eq!(names, ["b1", "a2"]);
//! ```

mod bits;
mod corners;
mod cutoff;
mod decompose;
mod dfpn;
mod game;
mod inferior;
mod ladder;
mod ladder_patterns;
mod mustplay;
#[cfg(test)]
mod oracle;
mod position;
mod progress;
mod resistance;
mod solver;
mod store;
mod table;
mod templates;
mod vc;

pub use bits::MAX_CELLS;
pub use dfpn::{LARGE_BOARD_CELLS, Stats, Techniques};
pub use game::{Analysis, Judgement, LostAt, MoveValue, Question, Verdict, line};
pub use progress::{Progress, progress};
pub use solver::{
    DEFAULT_BUDGET, DEFAULT_BUDGET_SECONDS, DEFAULT_MEGABYTES, MAX_MEGABYTES, Numbers, OpenMove,
    Reply, Settings, Solution, SolveError, Solver, solve,
};
pub use store::{Proved, SharedStore, Store, StoreError, VERSION as STORE_VERSION, WORTH_KEEPING};

#[cfg(test)]
mod tests;
