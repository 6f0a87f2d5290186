//! Scoring a finished game by a rule set: dead stones off, territory, seki, the points that
//! must still be filled, prisoners, komi and handicap compensation (`docs/src/go.md`).
//!
//! The board is any size (a contest position can be 1024 x 1024), so this works on the
//! position's points with flood fills rather than on the playing board.

use super::position::{Position, Stone};
use super::record::side;
use super::rules::{Counting, RuleSet};
use super::territory::{GameResult, HalfPoints, Komi};
use crate::grid::Coord;

/// What the scoring is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The rule set.
    pub rules: RuleSet,
    /// Komi, given to White.
    pub komi: Komi,
    /// Handicap stones (0 for none), for the compensation some rules give White.
    pub handicap: usize,
}

/// One player's count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Count {
    /// Living stones on the board.
    pub stones: usize,
    /// Points of territory.
    pub territory: usize,
    /// Enemy stones captured during the game.
    pub captures: usize,
    /// Enemy stones dead on the board at the end, taken off.
    pub dead: usize,
    /// Komi (White only).
    pub komi: Komi,
    /// Handicap compensation (White only).
    pub compensation: usize,
    /// The player's total under the rules, in half points.
    pub total: HalfPoints,
}

impl Count {
    /// Prisoners: captures and dead stones.
    pub fn prisoners(&self) -> usize {
        self.captures + self.dead
    }
}

/// A scored position: both counts, the result, and the map behind them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// Black's count.
    pub black: Count,
    /// White's count.
    pub white: Count,
    /// The result: `B+3.5`, `W+12`, `0`.
    pub result: GameResult,
    /// Per point (row by row): whose territory it is, if anyone's.
    pub territory: Vec<Option<Stone>>,
    /// The dead stones taken off, row by row.
    pub dead: Vec<Coord>,
    /// The stones in seki, row by row.
    pub seki: Vec<Coord>,
    /// The empty points next to a seki, which no one counts under territory rules.
    pub seki_points: Vec<Coord>,
    /// The points that must still be filled (territory rules), which count for no one.
    pub fill: Vec<Coord>,
}

/// Scores `position` with `dead` stones, `captured` prisoners (by Black, by White) and `terms`.
/// Tromp-Taylor scores the board as it stands: its dead stones stay. Territory rules count as
/// goscorer does: no territory for groups alive only in seki, none on false eyes
/// that must eventually be filled; area rules count every point that reaches only one colour
/// (`go::seki`, after lightvector's goscorer).
pub fn score(position: &Position, dead: &[Coord], captured: [usize; 2], terms: Terms) -> Scored {
    score_with(position, dead, captured, terms, None)
}

/// Counts a position as [`score`] does, but each point that holds no living stone goes to
/// the side `owners` gives it (row by row), or to no one; no region is a territory by its
/// borders, no seki is told, and nothing is left to fill. The owners are an estimate's for an
/// unfinished game, whose borders are not yet closed, or a finished record's territory
/// markup, counted as marked.
pub fn score_by_owners(
    position: &Position,
    dead: &[Coord],
    captured: [usize; 2],
    terms: Terms,
    owners: &[Option<Stone>],
) -> Scored {
    score_with(position, dead, captured, terms, Some(owners))
}

fn score_with(
    position: &Position,
    dead: &[Coord],
    captured: [usize; 2],
    terms: Terms,
    owners: Option<&[Option<Stone>]>,
) -> Scored {
    let counting = terms.rules.counting();
    let width = position.width();
    let points: Vec<Option<Stone>> = position.stones().collect();
    let coord = |i: usize| Coord {
        row: i / width,
        col: i % width,
    };
    let mut is_dead = vec![false; points.len()];
    let mut taken = [0usize; 2];
    let mut dead_list = Vec::new();
    if counting != Counting::TrompTaylor {
        for &at in dead {
            let i = at.row * width + at.col;
            if let Some(stone) = position.get(at)
                && !is_dead[i]
            {
                is_dead[i] = true;
                taken[side(stone)] += 1;
                dead_list.push(at);
            }
        }
    }
    dead_list.sort();
    let (mut territory, mut seki, mut seki_points, mut fill) =
        (vec![None; points.len()], Vec::new(), Vec::new(), Vec::new());
    if let Some(owners) = owners {
        for (i, owner) in territory.iter_mut().enumerate() {
            let living = points[i].is_some() && !is_dead[i];
            if !living {
                *owner = owners.get(i).copied().flatten();
            }
        }
    } else if counting == Counting::Territory {
        let map = super::seki::territory_scoring(position, &is_dead);
        for (i, point) in map.into_iter().enumerate() {
            territory[i] = point.territory;
            let living = points[i].is_some() && !is_dead[i];
            if point.seki.is_some() {
                if living {
                    seki.push(coord(i));
                } else if points[i].is_none() {
                    seki_points.push(coord(i));
                }
            }
            if point.unscorable && !living {
                fill.push(coord(i));
            }
        }
    } else {
        territory = super::seki::area_scoring(position, &is_dead);
        // Area counts the stones apart: territory is the empty points and the dead stones.
        for (i, owner) in territory.iter_mut().enumerate() {
            if points[i].is_some() && !is_dead[i] {
                *owner = None;
            }
        }
    }
    let mut count = [Count::default(), Count::default()];
    for (i, &point) in points.iter().enumerate() {
        if let Some(stone) = point
            && !is_dead[i]
        {
            count[side(stone)].stones += 1;
        }
        if let Some(owner) = territory[i] {
            count[side(owner)].territory += 1;
        }
    }
    // Dead stones taken off are prisoners of the other side.
    count[0].dead = taken[1];
    count[1].dead = taken[0];
    count[0].captures = captured[0];
    count[1].captures = captured[1];
    count[1].komi = terms.komi;
    count[1].compensation = terms.rules.compensation(terms.handicap);
    let points = |c: &Count| -> i64 {
        let base = match counting {
            Counting::Territory => c.territory + c.prisoners(),
            Counting::Area | Counting::TrompTaylor => c.stones + c.territory,
        };
        2 * (base + c.compensation) as i64
    };
    let black = points(&count[0]);
    let white = points(&count[1]) + terms.komi.halves();
    count[0].total = HalfPoints(black.max(0) as u64);
    count[1].total = HalfPoints(white.max(0) as u64);
    let result = match black - white {
        0 => GameResult::Draw,
        lead => GameResult::Win {
            winner: if lead > 0 { Stone::Black } else { Stone::White },
            margin: HalfPoints(lead.unsigned_abs()),
        },
    };
    Scored {
        black: count[0],
        white: count[1],
        result,
        territory,
        dead: dead_list,
        seki,
        seki_points,
        fill,
    }
}

#[cfg(test)]
mod tests;
