//! arbiter adjudicates board-game positions exactly and shows why.
//!
//! Each game has a module holding its model and its judge, with its contest format in a
//! submodule of its own:
//!
//! - [`hex`]: the Hex judge (is a position impossible, won by Red or Blue, or by nobody?),
//!   with the contest format in [`hex::gcj`];
//! - [`gioco`]: Il Gioco dell'X (who connected on a full hexagonal board?), with the contest
//!   format in [`gioco::uva`];
//! - [`go`]: Go scoring (territory by the contest's rule, area and territory scoring with
//!   komi), with the contest format in [`go::stanford`];
//! - [`cheesy`]: Cheesy Chess (king against pawn, solved exactly, with a whole-board table),
//!   with the contest format in [`cheesy::bapc`].
//!
//! Shared pieces live once: [`grid`] (boards with a border, neighbourhoods), [`connect`]
//! (side-to-side chains, cut stones, disjoint chains), [`input`] (streaming token reading with
//! line and column), [`contest`] (read, judge, write, case after case), [`render`] (terminal
//! diagrams and SVG pictures) and [`validate`]
//! (strict checks of test files for problem setters).
//!
//! # Examples
//!
//! ```
//! let board: arbiter::hex::Board = "BR\nBB".parse().unwrap();
//! assert_eq!(arbiter::hex::judge(&board).verdict.to_string(), "Impossible");
//! ```

pub mod cheesy;
pub mod connect;
pub mod contest;
pub mod gioco;
pub mod go;
pub mod grid;
pub mod hex;
pub mod input;
mod labels;
pub mod render;
pub mod validate;
