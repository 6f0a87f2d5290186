//! arbiter adjudicates board-game positions exactly and shows why.
//!
//! Every game goes through one interface, [`Game`]: what a case is, how it is read from each
//! of the game's formats, its contest answer and its judgement with the evidence, and how a
//! judgement is explained, drawn and written as JSON. [`run`] judges a whole input over it,
//! with every view. Each game has a module holding its model and its judge, with each format
//! in a submodule of its own:
//!
//! - [`hex`]: the Hex judge (is a position impossible, won by Red or Blue, or by nobody?),
//!   with the contest format in [`hex::gcj`], and game records as Hex players keep them
//!   (HexGui SGF in [`hex::sgf`], trmph in [`hex::trmph`], replayed by [`hex::record`]);
//! - [`gioco`]: Il Gioco dell'X (who connected on a full hexagonal board?), with the contest
//!   format in [`gioco::uva`];
//! - [`go`]: Go scoring (territory by the contest's rule, area and territory scoring with
//!   komi, dead stones and seki), with the contest format in [`go::stanford`] and SGF game
//!   records in [`go::sgf`];
//! - [`cheesy`]: Cheesy Chess (king against pawn, solved exactly, with a whole-board table),
//!   with the contest format in [`cheesy::bapc`].
//!
//! The modules are layers, each using only those below it (the user guide's architecture page
//! draws them, and a test checks them on the source):
//!
//! 1. geometry: [`grid`] (coordinates, sides, neighbourhoods, and the bordered boards behind
//!    them), `connect` (side-to-side chains, cut stones, disjoint chains), [`pool`] (the one
//!    pool of threads);
//! 2. input and rendering: [`input`] (errors with their places, and the bounded streaming
//!    readers behind every format), [`sgf`] (SGF collections cut into games, bounded),
//!    [`validate`] (strict checks of test files for problem setters), [`render`] (terminal
//!    diagrams and SVG pictures);
//! 3. the [`Game`] trait ([`game`]), judging an input over it with every view ([`run`]), and
//!    the invariants the fuzzers check (`selfcheck`);
//! 4. the games, which use none of each other;
//! 5. the list of games: [`registry`].
//!
//! The fronts (the command line, the local web board, the GTP and HTP engines) are a crate of
//! their own over this one, `arbiter-cli` at the workspace's root, and so are the Python
//! module (`python/`): no command-line parser, web server or terminal library is in this
//! crate's graph.
//!
//! # Features
//!
//! - `serde` (default): `Serialize` on the judgement types (the JSON records);
//! - `net` (default): KataGo's network built in, for the dead stones of Go records;
//! - `generate`: seeded generators of test inputs (`hex::generate`, ...).
//!
//! A program that only judges positions can depend on arbiter with
//! `default-features = false`.
//!
//! # Examples
//!
//! ```
//! let board: arbiter::hex::Board = "BR\nBB".parse().unwrap();
//! assert_eq!(arbiter::hex::judge(&board).verdict.to_string(), "Impossible");
//! ```

pub mod cheesy;
mod connect;
pub mod game;
pub mod gioco;
pub mod go;
pub mod grid;
pub mod hex;
pub mod input;
mod labels;
pub mod named;
pub mod pool;
pub mod registry;
pub mod render;
pub mod run;
#[cfg(feature = "serde")]
pub mod selfcheck;
pub mod setup;
pub mod sgf;
mod swar;
pub mod validate;

#[cfg(feature = "generate")]
pub use game::Generate;
pub use game::{AnyGame, Game};
pub use grid::Coord;
pub use input::InputError;
pub use run::{RunError, Views};

/// The README's Rust examples, run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

/// The user guide's Rust examples (its library page), run as documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/library.md")]
struct GuideLibraryExamples;
