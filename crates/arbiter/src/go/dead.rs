//! Which stones on a finished board are dead: from the record's territory markup, from a list
//! the user gives, or estimated by arbiter itself ([`Estimate`]).
//!
//! An estimate calls every chain on the board alive or dead and says why ([`Call`]):
//! Benson's unconditional life is certain; the rest is judged by KataGo's network's ownership
//! map (`super::ownership`), or by seeded random playouts where no network can serve
//! (`super::playouts`). `super::estimate` chooses between them.

use super::board::{self, Board};
use super::position::{Position, Stone};
use super::record::{Markup, RecordError};
use crate::grid::Coord;

/// Where the verdict on dead stones comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum DeadFrom {
    /// The final node's TB/TW: a stone on the other colour's territory is dead.
    Markup,
    /// arbiter's own judgement: Benson's certain life, then the network's ownership map
    /// (playouts where the network cannot serve).
    Estimate,
    /// arbiter's judgement by seeded playouts alone, without the network.
    Playouts,
    /// Every stone is alive.
    None,
}

impl crate::named::Named for DeadFrom {
    const ALL: &'static [DeadFrom] = &[
        DeadFrom::Markup,
        DeadFrom::Estimate,
        DeadFrom::Playouts,
        DeadFrom::None,
    ];

    fn name(self) -> &'static str {
        match self {
            DeadFrom::Markup => "markup",
            DeadFrom::Estimate => "estimate",
            DeadFrom::Playouts => "playouts",
            DeadFrom::None => "none",
        }
    }

    fn help(self) -> &'static str {
        match self {
            DeadFrom::Markup => {
                "The final node's TB/TW: a stone on the other colour's territory is dead"
            }
            DeadFrom::Estimate => {
                "arbiter's own judgement: Benson's certain life, then the network's ownership \
                 map (playouts where the network cannot serve)"
            }
            DeadFrom::Playouts => {
                "arbiter's judgement by seeded playouts alone, without the network"
            }
            DeadFrom::None => "Every stone is alive",
        }
    }
}

/// What judged an estimate's open chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Estimator {
    /// KataGo's network's ownership map.
    Network,
    /// Seeded random playouts.
    Playouts,
}

/// What decided an estimate's call on a chain, in the order the steps are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Call {
    /// Benson's unconditional life: a chain no attack can capture, or an enemy stone inside
    /// an eye of such chains, where it can never make an eye of its own.
    Benson,
    /// The network's ownership map alone: the chain's points, on average, belong to the
    /// other colour clearly (dead) or to its own colour clearly (alive); with no search
    /// (`--visits 0`), by more than [`OWNERSHIP_THRESHOLD`] either way.
    Network,
    /// A search on the network, from the position with each side to move: its ownership,
    /// averaged over the search's tree, is clear one way or the other.
    Search,
    /// The position played out by the search, both sides, until two passes: the chain was
    /// captured (dead) or stood to the end (alive).
    Playout,
    /// The fight of a shut-in chain read to the end, every sequence of moves in the few
    /// points it is about tried: captured even when its owner moves first (dead), or not
    /// even when the other colour does (alive, or alive in seki).
    Reading,
    /// Eye space in a finished game (the playout estimate's second step).
    EyeSpace,
    /// Seeded random playouts.
    Playouts,
}

/// One chain of an estimate, called alive or dead.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainCall {
    /// Its stones, in the board's order of points.
    pub stones: Vec<usize>,
    /// Its colour.
    pub stone: Stone,
    /// The verdict.
    pub dead: bool,
    /// What decided it.
    pub call: Call,
    /// How likely the chain's points end up the other colour's, by the step that decided it
    /// (for a play-out, by the search before it), averaged over the chain; 1 or 0 for a
    /// certain call.
    pub taken: f32,
    /// The visits of each search behind the call (a search's, or each move's of a
    /// play-out); 0 for the other steps.
    pub visits: u32,
}

/// An estimate of a finished board's dead stones: every chain called, and what the network
/// saw when it was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// What judged the chains Benson's algorithm leaves open.
    pub by: Estimator,
    /// Every chain on the board.
    pub chains: Vec<ChainCall>,
    /// The network's ownership map: per point, from row 0, from -1 (White's) to 1 (Black's).
    pub ownership: Option<Vec<f32>>,
    /// The visits of each search, when a search read the position (0: the raw network
    /// alone).
    pub visits: u32,
}

impl Estimate {
    /// The dead stones, in the board's order of points.
    pub fn dead(&self) -> Vec<usize> {
        let mut dead: Vec<usize> = self
            .chains
            .iter()
            .filter(|c| c.dead)
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        dead.sort_unstable();
        dead
    }
}

/// The visits of the search that reads the chains the network leaves unsure, by default
/// (measured on finished games: see the guide's performance page).
pub const DEFAULT_VISITS: u32 = 100;

/// The visits of each move of a play-out for a reading of `visits`: as many (at least 8), up to
/// [`DEFAULT_VISITS`], since a play-out makes a search a move. A play-out decides the chains the
/// reading left unsure, so it reads as deeply as the reading did: on the games of
/// `tests/data/go/corpus-random/`, whose truth is a play-out by KataGo, a quarter of the
/// visits a move called 38 of 43 right, half 39, as many 40, at three times the seconds.
pub fn playout_visits(visits: u32) -> u32 {
    visits.clamp(8, DEFAULT_VISITS)
}

/// The most visits a reading may be asked for.
pub const MAX_VISITS: u32 = 100_000;

/// What `--visits` takes, in words, for the fronts' errors.
pub fn visits_range() -> String {
    format!("a number of visits from 0 to {MAX_VISITS}")
}

/// How clearly (from -1 to 1, on average over a chain) the raw network must give a chain's
/// points to one colour for its call to stand without a search: a likelihood of 0.8 (see the
/// guide's performance page for how it was chosen). Stricter sends more chains to the search
/// but is no better: 0.7 (a likelihood of 0.85) scored one more of the 895 marked KGS games
/// (`tests/data/go/kgs/`) as recorded and lost one of the 85 server boards, 0.8 (0.9) three
/// more and two, in half again the time.
pub const CLEAR: f32 = 0.6;

/// How clearly the search's ownership must give a chain's points to one colour for its call
/// to stand without a play-out: a likelihood of 0.75.
pub const SURE: f32 = 0.5;

/// With no search (`--visits 0`): how far, on average over a chain, the other colour must own
/// its points for the network's estimate to call the chain dead: ownership runs from -1 (the
/// chain's colour owns the point for sure) to 1 (the other colour does), so this is a
/// likelihood above 0.65 that the other colour takes them. Tried from 0 to 0.6 on the 85
/// boards of Go servers' tests (`tests/data/go/ogs-*`), 0.2 to 0.4 did best.
pub const OWNERSHIP_THRESHOLD: f32 = 0.3;

/// Benson's certain verdicts for both colours: per point, `Some(dead)` for a stone whose fate
/// no play can change.
pub(crate) fn certain(board: &Board) -> Vec<Option<bool>> {
    let cells = board.points().last().map_or(0, |p| p + 1);
    let mut fate = vec![None; cells];
    for stone in [Stone::Black, Stone::White] {
        let certain = super::benson::unconditional(board, stone);
        for p in board.points() {
            if certain.alive[p] {
                fate[p] = Some(false);
            } else if certain.dead[p] {
                fate[p] = Some(true);
            }
        }
    }
    fate
}

/// The stones standing on points the markup gives to the other colour, row by row.
pub(crate) fn from_markup(position: &Position, markup: &Markup) -> Vec<Coord> {
    let mut dead = Vec::new();
    for (points, owner) in [(&markup.black, Stone::Black), (&markup.white, Stone::White)] {
        for &at in points {
            let inside = at.col < position.width() && at.row < position.height();
            if inside && position.get(at) == Some(board::other(owner)) {
                dead.push(at);
            }
        }
    }
    dead.sort_unstable();
    dead.dedup();
    dead
}

/// The whole chains of the points the user marked (dead or alive), in order.
///
/// # Errors
/// A point that holds no stone.
pub(crate) fn chains_of(board: &Board, points: &[Coord]) -> Result<Vec<usize>, RecordError> {
    let mut chains = Vec::new();
    for &at in points {
        let inside = at.col < board.width() && at.row < board.height();
        let p = inside.then(|| board.index(at.col, at.row));
        match p.filter(|&p| board.stone(p).is_some()) {
            Some(p) => chains.extend(board.stones(p)),
            None => {
                return Err(RecordError::Syntax(format!(
                    "({}, {}) holds no stone",
                    at.col, at.row
                )));
            }
        }
    }
    chains.sort_unstable();
    chains.dedup();
    Ok(chains)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dead_points(b: &Board, dead: &[usize]) -> Vec<String> {
        dead.iter()
            .map(|&p| {
                let (x, y) = b.point(p);
                crate::go::record::gtp(Coord { row: y, col: x }, b.width(), b.height())
            })
            .collect()
    }

    #[test]
    fn markup_on_the_other_colour_s_territory_marks_dead_stones() {
        let mut stones = Position::rectangle(3, 3);
        stones.set(Coord { row: 0, col: 0 }, Some(Stone::Black));
        stones.set(Coord { row: 0, col: 2 }, Some(Stone::White));
        let markup = Markup {
            black: vec![Coord { row: 0, col: 2 }, Coord { row: 0, col: 1 }],
            white: vec![],
        };
        assert_eq!(from_markup(&stones, &markup), [Coord { row: 0, col: 2 }]);
    }

    #[test]
    fn a_marked_point_stands_for_its_whole_chain() {
        let b = Board::from_rows(&["XX.", "...", "..O"]);
        let dead = chains_of(&b, &[Coord { row: 0, col: 0 }]).unwrap();
        assert_eq!(dead_points(&b, &dead), ["A3", "B3"]);
        assert!(chains_of(&b, &[Coord { row: 1, col: 1 }]).is_err());
    }
}
