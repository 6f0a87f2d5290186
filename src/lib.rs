//! The fronts of arbiter, over the library of games (the `arbiter` crate in `crates/arbiter`):
//! how people and programs reach the judges.
//!
//! - [`cli`]: the `arbiter` command line (its arguments with clap's derive, and what each
//!   command does); the binary only parses, calls [`cli::run`] and reports how it ended;
//! - [`serve`]: the local web board (`arbiter serve`), axum on tokio;
//! - [`gtp`]: a Go Text Protocol engine that scores, for GoGui, Sabaki and match referees;
//! - [`htp`]: the Hex Text Protocol as HexGui speaks it to Benzene, for its solver menus.
//!
//! Everything a front does with a game goes through the library's list of games
//! (`arbiter::registry`) and its `Game` trait; no rule of any game lives here.

pub mod cli;
pub mod gtp;
pub mod htp;
pub mod serve;
