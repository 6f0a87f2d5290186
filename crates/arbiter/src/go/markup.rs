//! A record's territory markup (`TB`/`TW` on its final node) held against arbiter's count:
//! whose territory stands ([`TerritoryFrom`]: the count by default, or the marks as they are
//! written), and the points where the marks and the count disagree (`differences`), named
//! for the explanation and JSON.
//!
//! arbiter recounts a marked record by default: servers and editors mark what their players
//! clicked, and a mark left off a point (or a false eye marked) changes the score. A user who
//! wants the record's own count asks for it; either way, every point where the two differ is
//! said.
//!
//! # Examples
//!
//! ```
//! use arbiter::Game;
//! use arbiter::go::markup::TerritoryFrom;
//! use arbiter::go::{Go, Judgement};
//!
//! // Black owns columns A and B, White column E; the markup leaves A5 out.
//! let record = "(;SZ[5]KM[0]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de];B[];W[]\
//!     TB[ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])";
//! let judged = |go: &Go| {
//!     let raw = go.read(record.as_bytes()).next().unwrap().unwrap();
//!     match go.judge(&go.prepare(raw).unwrap()) {
//!         Judgement::Scored(game) => *game,
//!         Judgement::Contest(_) => unreachable!("a record is scored"),
//!     }
//! };
//! let mut go = Go::new(None, None).unwrap();
//! let counted = judged(&go);
//! assert_eq!(counted.result.to_string(), "B+5");
//! assert_eq!(counted.markup_differs[0].points, ["A5"]);
//! go.scoring.territory = Some(TerritoryFrom::Markup);
//! assert_eq!(judged(&go).result.to_string(), "B+4");
//! ```

use super::position::{Position, Stone};
use super::record::{Markup, gtp};
use super::scoring::Scored;
use crate::grid::Coord;

/// Whose territory counts in a record that carries territory markup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum TerritoryFrom {
    /// arbiter's count (the default): the marks give the dead stones only.
    #[default]
    Count,
    /// The marks as written: every point without a living stone is the territory of the
    /// colour that marked it, or no one's.
    Markup,
}

impl crate::named::Named for TerritoryFrom {
    const ALL: &'static [TerritoryFrom] = &[TerritoryFrom::Count, TerritoryFrom::Markup];

    fn name(self) -> &'static str {
        match self {
            TerritoryFrom::Count => "count",
            TerritoryFrom::Markup => "markup",
        }
    }

    fn help(self) -> &'static str {
        match self {
            TerritoryFrom::Count => {
                "arbiter counts the territory; the markup gives the dead stones, and where its \
                 marks differ from the count is said"
            }
            TerritoryFrom::Markup => {
                "the final node's TB/TW as written: each marked point without a living stone is \
                 the marking colour's territory, an unmarked one no one's"
            }
        }
    }
}

/// Each point's owner by the marks, row by row (a point marked both ways is no one's).
pub(crate) fn owners(markup: &Markup, width: usize, height: usize) -> Vec<Option<Stone>> {
    let mut owners = vec![None; width * height];
    let mut marked_twice = Vec::new();
    for (points, owner) in [(&markup.black, Stone::Black), (&markup.white, Stone::White)] {
        for &at in points {
            if at.col < width && at.row < height {
                let point = &mut owners[at.row * width + at.col];
                if point.is_some_and(|other| other != owner) {
                    marked_twice.push(at.row * width + at.col);
                }
                *point = Some(owner);
            }
        }
    }
    for i in marked_twice {
        owners[i] = None;
    }
    owners
}

/// Points on which the record's marks and the count disagree, all of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MarkDifference {
    /// The points, as Go programs name them, row by row from the top.
    pub points: Vec<String>,
    /// Whose territory the marks make them (`null`: no one's).
    pub marked: Option<Stone>,
    /// Whose territory the count makes them (`null`: no one's: neutral, seki, or still to
    /// be filled).
    pub counted: Option<Stone>,
}

/// The points without a living stone where `owners` (the marks) and the count `scored` of
/// `position` disagree, grouped by what each says, marked Black's first.
pub(crate) fn differences(
    owners: &[Option<Stone>],
    position: &Position,
    scored: &Scored,
) -> Vec<MarkDifference> {
    let (width, height) = (position.width(), position.height());
    let mut found: Vec<MarkDifference> = Vec::new();
    let points = owners.iter().zip(&scored.territory).zip(position.stones());
    for (i, ((&marked, &counted), stone)) in points.enumerate() {
        let at = Coord {
            row: i / width,
            col: i % width,
        };
        let living = stone.is_some() && scored.dead.binary_search(&at).is_err();
        if living || marked == counted {
            continue;
        }
        let name = gtp(at, width, height);
        match found
            .iter_mut()
            .find(|d| d.marked == marked && d.counted == counted)
        {
            Some(kind) => kind.points.push(name),
            None => found.push(MarkDifference {
                points: vec![name],
                marked,
                counted,
            }),
        }
    }
    let rank = |owner: Option<Stone>| match owner {
        Some(Stone::Black) => 0,
        Some(Stone::White) => 1,
        None => 2,
    };
    found.sort_by_key(|d| (rank(d.marked), rank(d.counted)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Coord;

    #[test]
    fn a_point_marked_both_ways_is_no_one_s() {
        let at = |row, col| Coord { row, col };
        let markup = Markup {
            black: vec![at(0, 0), at(0, 1)],
            white: vec![at(0, 1), at(1, 1), at(5, 5)],
        };
        assert_eq!(
            owners(&markup, 2, 2),
            [Some(Stone::Black), None, None, Some(Stone::White)]
        );
    }
}
