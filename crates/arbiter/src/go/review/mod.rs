//! Where a Go game was won and lost: the network (or its search) asked after every move.
//!
//! [`review`] replays a record's main line and reads every position with the side to move
//! as in the game: Black's lead in points and Black's chance to win. Each move is then held
//! against the best move found from the position before it: its *loss* is the lead its
//! player gave up against that move (none when the move played is the best found). The
//! [`Summary`] says it as players read it: each player's mistakes by size ([`SIZES`]: 1, 3,
//! 6 and 12 points and more), the average loss a move, the biggest mistakes, and the move
//! after which the winner never again fell behind.
//!
//! Two ways to read a position, as `visits` says:
//! - `0`, the raw network: the position's own evaluation, the best move the policy's first,
//!   its lead the network's value of the position after it (one more evaluation where the
//!   game went elsewhere); the positions are evaluated in batches shared among threads;
//! - `N`, a search of N visits a position ([`crate::go::search`]), the tree kept from one
//!   position to the next (the visits already below the move played count towards the next
//!   position's N) within stretches of 32 positions, which are read side by side: the best
//!   move the most visited, its lead the search's.
//!
//! The review of a position depends only on the record and the settings, never on the
//! thread count.
//!
//! # Examples
//!
//! ```
//! use arbiter::go::net::Network;
//! use arbiter::go::review::{Settings, review};
//! use arbiter::go::sgf::record_of;
//!
//! let record = record_of("(;SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[aa])").unwrap();
//! let network = Network::bundled().unwrap();
//! let review = review(&record, network, Settings { visits: 0, ..Settings::default() }).unwrap();
//! assert_eq!(review.moves.len(), 5); // the start, then four moves
//! // W[aa], a move in the corner, is White's worst.
//! let worst = review.summary.white.biggest[0];
//! assert_eq!(worst.move_number, 4);
//! assert!(worst.loss > 1.0);
//! ```

mod game;
#[cfg(feature = "serde")]
mod json;
mod moves;
mod show;
#[cfg(test)]
mod tests;

pub use game::{GoReview, ReviewCase, Table};
#[cfg(feature = "serde")]
pub use json::records;
pub use moves::{
    Best, Decided, MoveReview, PlayerSummary, Review, ReviewError, SIZES, Settings, Summary,
    review, review_with,
};
pub use show::{svg, write_table};
