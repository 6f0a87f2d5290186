//! Judging an input case by case and writing every view of each: written once, for every
//! game, over [`Game`](crate::Game). One job a module, this one only their front: `one` judges an input on one thread
//! ([`run`]); `parallel` on the pool's threads ([`run_parallel`]); `files` many files side by
//! side ([`judge_files`]); `views` says which views are asked for ([`Views`]) and writes every
//! view of a judged case; `folder` names the files a view writes one a case ([`Folder`]);
//! `outcome` says how a run ended ([`RunError`], [`Warning`], [`Summary`]).
//!
//! A case's answer is written as soon as it is judged, so the cases before a bad one keep
//! their answers, and input is never held longer than one case ([`run`]), or a few batches
//! of cases a thread ([`run_parallel`], on the pool's threads). Without views only the
//! contest answer is computed ([`Game::verdict`](crate::Game::verdict)); with them the whole judgement. Many files
//! are judged side by side by [`judge_files`].
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::Hex;
//! use arbiter::run::{run, Views};
//!
//! let mut out = Vec::new();
//! let error = run(&Hex::CONTEST, "2\n1\nR\n1\nX\n".as_bytes(), &mut out, &Views::default(), &mut |_| {})
//!     .unwrap_err();
//! assert_eq!(out, b"Case #1: Red wins\n");
//! assert_eq!(error.to_string(), "case 2, line 5, column 1: expected 'R', 'B' or '.', found 'X'");
//! ```

mod files;
mod folder;
mod one;
mod outcome;
mod parallel;
mod views;

pub use files::{FileDone, FileError, judge_files, open_file, stems};
pub use folder::{Folder, FolderError};
pub use one::run;
pub use outcome::{RunError, Summary, Warning};
pub use parallel::{BATCH_WEIGHT, run_parallel};
#[cfg(feature = "serde")]
pub use views::judged_record;
pub use views::{Format, Views};
