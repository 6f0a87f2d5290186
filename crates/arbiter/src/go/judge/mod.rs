//! The Go judge with its options ([`Go`]): what counts (the contest's rule or a rule set),
//! komi and dead stones, and the judgement of a case with everything it rests on.
//!
//! A contest position is counted by the contest's rule unless real rules are asked for; a
//! game record by a rule set (the record's `RU` by default, else japanese), with komi (`KM`
//! by default, else 0), handicap compensation, prisoners, and dead stones from the markup,
//! the user's list, or arbiter's estimate (by default the markup when the final node has
//! `TB`/`TW`, else the estimate).
//!
//! The options ([`options`]), the cases ([`case`]), the count of a case ([`count`]) and what
//! it reports ([`report`]) each have a module of their own.

mod case;
mod count;
mod options;
mod report;

pub use case::*;
pub use options::*;
pub use report::*;
