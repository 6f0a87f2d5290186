//! The cases the Go judge takes: a contest position, or a replayed record and how it ended.

use crate::go::position::Position;
use crate::go::record::{self, Replay};
use crate::go::sgf::Recorded;

/// One Go case: a contest position, or a replayed game record.
#[derive(Clone, Debug)]
pub enum Case {
    /// A contest position.
    Position(Position),
    /// A game record, replayed.
    Record(Box<GameCase>),
}

/// A replayed game record, with a note on how it was read.
#[derive(Clone, Debug)]
pub struct GameCase {
    /// The replay.
    pub replay: Replay,
    /// Something the reading found worth a warning beyond the moves' own.
    pub note: Option<String>,
    /// How the game ended, as far as the position judged goes.
    pub ending: Ending,
}

/// How a record's game ended: whether its position is one to count, or the record's own
/// result stands, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Ending {
    /// The moves end with two passes: finished, to be counted.
    Passes,
    /// The final node carries territory markup: finished, to be counted.
    Markup,
    /// `RE` says a player resigned: the recorded result stands.
    Resignation,
    /// `RE` says a player lost on time.
    Time,
    /// `RE` says a player forfeited.
    Forfeit,
    /// None of these: the game stopped before its end (or is judged before it, at a move).
    Unfinished,
    /// A position: contest input, or a record of setup stones without a move, counted as
    /// it stands.
    Position,
}

impl Ending {
    /// How a record ended: `RE`'s resignation, time or forfeit first; then two passes at the
    /// end of the moves, or territory markup on the final node. A record cut at a move
    /// (`cut`) has only its passes: its markup and `RE` speak of a later position.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::go::Ending;
    /// use arbiter::go::sgf::record_of;
    ///
    /// let ending = |text| Ending::of(&record_of(text).unwrap(), false);
    /// assert_eq!(ending("(;SZ[9];B[ee];W[];B[])"), Ending::Passes);
    /// assert_eq!(ending("(;SZ[9]RE[W+R];B[ee];W[];B[])"), Ending::Resignation);
    /// assert_eq!(ending("(;SZ[9]RE[B+2.5];B[ee];W[cc])"), Ending::Unfinished);
    /// assert_eq!(ending("(;SZ[9]RE[B+2.5];B[ee]TB[aa])"), Ending::Markup);
    /// ```
    pub fn of(record: &record::Record, cut: bool) -> Ending {
        if !cut
            && let Some(Recorded::Win { how, .. }) = record.result.as_deref().map(Recorded::read)
        {
            match how.trim().to_ascii_lowercase().chars().next() {
                Some('r') => return Ending::Resignation,
                Some('t') => return Ending::Time,
                Some('f') => return Ending::Forfeit,
                _ => {}
            }
        }
        let mut moves = record.events.iter().rev().filter_map(|e| match e {
            record::Event::Move { at, .. } => Some(at.is_none()),
            record::Event::Setup { .. } => None,
        });
        let last = moves.next();
        if last.is_none() && !cut {
            // No move at all: a position set up (a diagram), counted as it stands.
            Ending::Position
        } else if last == Some(true) && moves.next() == Some(true) {
            Ending::Passes
        } else if record.markup.is_some() && !cut {
            Ending::Markup
        } else {
            Ending::Unfinished
        }
    }

    /// Whether the position is one to count: the game ended with passes or was marked up
    /// (or is a position, not a record).
    pub fn finished(self) -> bool {
        matches!(self, Ending::Passes | Ending::Markup | Ending::Position)
    }

    /// Whether the record's own result stands: the game ended by resignation, time or
    /// forfeit.
    pub fn decided_by_record(self) -> bool {
        matches!(self, Ending::Resignation | Ending::Time | Ending::Forfeit)
    }

    /// How a decided game ended, in words.
    pub(super) fn words(self) -> &'static str {
        match self {
            Ending::Resignation => "resignation",
            Ending::Time => "time",
            Ending::Forfeit => "forfeit",
            Ending::Passes => "two passes",
            Ending::Markup => "territory markup",
            Ending::Unfinished => "unfinished",
            Ending::Position => "a position",
        }
    }
}
