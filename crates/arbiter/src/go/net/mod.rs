//! A Go network evaluated by arbiter: KataGo's networks (model version 8, such as the 6-block
//! g170 network built into the command line), read from their own file format and run on the
//! CPU, for the ownership of every point of a finished game and its score.
//!
//! - `model`: the `.bin.gz` format, read and checked;
//! - `forward`: the network's forward pass, convolutions as matrix products
//!   (`matrixmultiply`), the 3 x 3 ones by Winograd's minimal filtering (`winograd`);
//! - `features`: a position as the network reads it (stones, liberties, ko, history, ladders,
//!   area, rules and komi), with `ladder` and `area` for the two that take a search;
//! - `network`: [`Network`] and its [`Evaluation`].
//!
//! The outputs are KataGo's own: tests hold them to `kata-raw-nn`'s on positions of several
//! sizes and rules (`tests/data/go/net/`).

mod area;
mod features;
mod forward;
mod ladder;
mod model;
mod network;
mod winograd;

pub(crate) use area::area;
pub(crate) use features::{Game, NetRules};
pub(crate) use forward::{Workspace, large_tiles_for};
pub use model::{Model, ModelError};
pub use network::{Evaluation, MAX_SIDE, Network, Shared};

#[cfg(test)]
mod tests;
