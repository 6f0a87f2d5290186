//! Go scoring: the territory of a finished position, by the contest's rule and by the rules Go
//! players use.
//!
//! The contest's rule (`docs/src/go.md`): a region is a maximal 4-connected set of empty
//! points; it is Black's territory when every stone next to it is black, White's when every
//! one is white, and neutral otherwise (both colours, or no stone at all). A player's score is
//! the points of their territory. [`territory`] finds every region with its owner (a
//! territory map); [`Score`] turns it into the contest [`Verdict`] or, under [`Rules::Area`]
//! (stones plus territory) or [`Rules::Territory`] (territory alone) with a [`Komi`], into a
//! [`GameResult`] written as Go programs and SGF's `RE` property write it: `B+3.5`, `W+12`, `0`.
//!
//! Every stone on the board counts as alive: the position is taken as the players agreed it
//! at the end of the game, dead stones already removed. The contest format lives in
//! [`stanford`].
//!
//! # Examples
//!
//! ```
//! use arbiter::go::{score, Komi, Position, Rules};
//!
//! // X is black, O is white, . is empty.
//! let position: Position = "
//!     .X.O.
//!     XX.OO
//!     .X.O.
//!     .X.O.
//!     XX.OO"
//!     .parse()
//!     .unwrap();
//! let score = score(&position);
//! // Black: (0,0) and (2,0)-(3,0); White: (0,4) and (2,4)-(3,4); column 2 touches both.
//! assert_eq!((score.black.territory, score.white.territory), (3, 3));
//! assert_eq!(score.verdict().to_string(), "Draw");
//! // Area: 7 stones + 3 points each, and komi for White.
//! let komi: Komi = "6.5".parse().unwrap();
//! assert_eq!(score.result(Rules::Area, komi).to_string(), "W+6.5");
//! ```

mod benson;
pub(crate) mod board;
pub mod dead;
mod estimate;
#[cfg(feature = "net")]
mod fight;
mod game;
#[cfg(feature = "generate")]
pub mod generate;
mod judge;
pub mod markup;
#[cfg(feature = "net")]
pub mod net;
#[cfg(feature = "net")]
mod ownership;
pub mod playouts;
mod position;
pub mod record;
#[cfg(feature = "net")]
pub mod review;
pub mod rules;
pub mod scoring;
#[cfg(feature = "net")]
pub mod search;
mod seki;
#[cfg(test)]
mod server_boards;
pub mod setup;
pub mod sgf;
pub mod show;
pub mod stanford;
mod territory;

pub use game::{Go, Raw};
pub use judge::{
    Agreement, Case, Choice, ContestCount, Counted, DeadChain, Detail, Ending, GameCase,
    GameJudgement, Hundredths, Judgement, KomiWithoutRules, Scoring, Source, TerritoryPoints,
    Verdict,
};
pub use position::{MAX_SIZE, Occupied, Position, Stone};
pub use territory::{
    ContestVerdict, GameResult, HalfPoints, Komi, KomiError, Region, Rules, Score, Tally,
    Territory, score, score_of, territory,
};
