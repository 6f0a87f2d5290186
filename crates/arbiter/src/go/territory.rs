//! The contest's count: every empty region of a position and its owner ([`territory`]), the
//! points of each colour ([`score`]), and the results Go programs write (`B+3.5`).

// `pick(c, a, b)` is `if c { a } else { b }` as a conditional move: on random boards every
// such condition is a coin toss, which a branch would mispredict half the time.
use std::fmt;
use std::hint::select_unpredictable as pick;
use std::str::FromStr;

use super::position::{Position, Stone};
use crate::grid::{Adjacency, Coord, EMPTY, Grid, Shape};
use crate::labels;

/// One empty region: a maximal 4-connected set of empty points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Region {
    /// The first point of the region in reading order (top row first, then left to right).
    pub first: Coord,
    /// How many points it has.
    pub points: usize,
    /// The colour whose territory this is: the only colour next to it, or `None` (neutral)
    /// when it touches both colours or no stone at all.
    pub owner: Option<Stone>,
}

impl Region {
    /// The colour whose territory this is (see [`Region::owner`]).
    pub fn owner(&self) -> Option<Stone> {
        self.owner
    }
}

/// The territory map of a position: every empty region, and which region each point is in.
///
/// As JSON: `regions`, each with its `first` point, its `points` and its `owner`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Territory {
    regions: Vec<Region>,
    /// Per grid index: the region number, or [`NO_REGION`] for a stone or the border.
    #[cfg_attr(feature = "serde", serde(skip))]
    region_of: Vec<u32>,
    #[cfg_attr(feature = "serde", serde(skip))]
    shape: Shape,
}

const NO_REGION: u32 = u32::MAX;

impl Territory {
    /// Every empty region, in the reading order of their first points.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The region holding an empty point, or `None` for a stone.
    pub fn region_at(&self, at: Coord) -> Option<&Region> {
        let number = self.region_of[self.shape.index(at)];
        self.regions.get(number as usize)
    }

    /// The points of one colour's territory.
    pub fn points_of(&self, stone: Stone) -> usize {
        self.regions
            .iter()
            .filter(|region| region.owner() == Some(stone))
            .map(|region| region.points)
            .sum()
    }
}

/// Finds every empty region and its owner, by one flood fill per region (an explicit stack,
/// no recursion), in time linear in the points.
pub fn territory(position: &Position) -> Territory {
    let grid = &position.grid;
    let mut region_of = vec![NO_REGION; grid.index_bound()];
    let mut regions = Vec::new();
    let mut stack = Vec::new();
    for row in 0..position.size() {
        let first = grid.index(Coord { row, col: 0 });
        for start in first..first + position.size() {
            if grid.get(start) == EMPTY && region_of[start] == NO_REGION {
                let number = regions.len() as u32;
                let region = flood(grid, start, number, &mut region_of, &mut stack);
                regions.push(region);
            }
        }
    }
    Territory {
        regions,
        region_of,
        shape: grid.shape(),
    }
}

/// Which colours a cell's value shows: bit 1 black, bit 2 white (nothing for empty or border).
const COLOURS: [u8; 256] = {
    let mut table = [0; 256];
    table[Stone::Black.cell() as usize] = 1;
    table[Stone::White.cell() as usize] = 2;
    table
};

/// Fills the region of the empty point `start`, numbering its points `number`.
fn flood(
    grid: &Grid,
    start: usize,
    number: u32,
    region_of: &mut [u32],
    stack: &mut Vec<usize>,
) -> Region {
    let offsets = grid.offsets(Adjacency::Orthogonal);
    let (mut points, mut colours) = (0, 0);
    region_of[start] = number;
    stack.clear();
    stack.push(start);
    while let Some(point) = stack.pop() {
        points += 1;
        for next in offsets.around(point) {
            let cell = grid.get(next);
            colours |= COLOURS[usize::from(cell)];
            if cell == EMPTY && region_of[next] == NO_REGION {
                region_of[next] = number;
                stack.push(next);
            }
        }
    }
    Region {
        first: grid.coord(start),
        points,
        owner: match colours {
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => None,
        },
    }
}

/// One player's count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tally {
    /// Stones on the board.
    pub stones: usize,
    /// Points of territory.
    pub territory: usize,
}

/// Both players' counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Score {
    /// Black's stones and territory.
    pub black: Tally,
    /// White's stones and territory.
    pub white: Tally,
}

/// Scores a position: both players' stones and territory.
///
/// Counts the same points as [`territory`] (a property test checks it) without building the
/// map. Boards up to 62 a side go by runs of empty points (`score_by_runs`); larger ones
/// point by point, in three branch-light passes:
///
/// 1. in reading order, each empty point takes a provisional region label from its upper or
///    left neighbour (or a fresh one), labels that meet are merged (union-find), and each
///    empty point marks its label with the colours of the stones around it;
/// 2. each label learns its root, and each root the colours of its labels;
/// 3. each empty point counts for the owner of its root.
///
/// Marks are plain stores and counts are sums in registers: on random positions every
/// branch on a point's contents would be a coin toss for the processor, and every
/// read-modify-write of a label's counter would wait on the one before.
pub fn score(position: &Position) -> Score {
    if position.size() <= RUNS_UP_TO {
        score_by_runs(position)
    } else {
        score_by_points(position)
    }
}

/// [`score`] for any board, point by point (see there).
fn score_by_points(position: &Position) -> Score {
    let grid = &position.grid;
    let size = position.size();
    let (up, left) = (size + 2, 1);
    let mut label = vec![0u32; grid.index_bound()];
    let mut regions = Regions::default();
    let mut score = Score {
        black: Tally::default(),
        white: Tally::default(),
    };
    // Room for a fresh label at every point, so that taking one is a plain store.
    regions.make_room(size * size);
    let values = grid.values();
    for row in 0..size {
        let first = grid.index(Coord { row, col: 0 });
        for cell in first..first + size {
            let value = values[cell];
            let empty = value == EMPTY;
            let (by_up, by_left) = (label[cell - up], label[cell - left]);
            let fresh = regions.len as u32;
            let shared = pick(by_up != 0, by_up, pick(by_left != 0, by_left, fresh));
            let own = pick(empty, shared, 0);
            label[cell] = own;
            regions.take(empty & (shared == fresh));
            let colour = COLOURS[usize::from(value)];
            let around = COLOURS[usize::from(values[cell - up])]
                | COLOURS[usize::from(values[cell - left])]
                | COLOURS[usize::from(values[cell + left])]
                | COLOURS[usize::from(values[cell + up])];
            // Label 0 (a stone's) takes the marks that concern no region.
            regions.mark(own, around);
            score.black.stones += usize::from(colour == 1);
            score.white.stones += usize::from(colour == 2);
            // Kept opaque: left alone, the compiler splits this test into unpredictable
            // branches.
            let meet = u8::from(empty)
                & u8::from(by_up != 0)
                & u8::from(by_left != 0)
                & u8::from(by_up != by_left);
            if std::hint::black_box(meet) != 0 {
                labels::union(&mut regions.parent, by_up, by_left);
            }
        }
    }
    let owners = regions.owners();
    for row in 0..size {
        let first = grid.index(Coord { row, col: 0 });
        for &own in &label[first..first + size] {
            let owner = owners[own as usize];
            score.black.territory += usize::from(owner == 1);
            score.white.territory += usize::from(owner == 2);
        }
    }
    score
}

/// The largest board [`score_by_runs`] takes: a row must fit a 64-bit mask with a spare bit on
/// each side.
const RUNS_UP_TO: usize = 62;

/// [`score`] for boards of up to [`RUNS_UP_TO`] points a side, by runs instead of points.
///
/// Each row is three bit masks (empty, black, white); a region is a union of *runs*, maximal
/// stretches of empty points in a row, and two runs in adjacent rows join when their masks
/// overlap. A random 19 x 19 position has about a hundred runs against 361 points, and each
/// run's colours come from a few mask operations, so this does a fraction of the work of the
/// point-by-point pass.
fn score_by_runs(position: &Position) -> Score {
    let n = position.size();
    let mut score = Score {
        black: Tally::default(),
        white: Tally::default(),
    };
    // Bit c + 1 of a row mask is column c: bits 0 and n + 1 stay clear as the border.
    let masks = |row: usize| -> (u64, u64) {
        let cells = position.grid.row(row);
        let mask = |stone: Stone| crate::swar::row_equal(cells, stone.cell()) << 1;
        (mask(Stone::Black), mask(Stone::White))
    };
    // A row has at most n / 2 + 1 runs.
    let most = n * (n / 2 + 1);
    let mut runs: Vec<u32> = Vec::with_capacity(most);
    let mut colours: Vec<u8> = Vec::with_capacity(most);
    let mut points: Vec<u32> = Vec::with_capacity(most);
    let mut above: Vec<(u64, u32)> = Vec::with_capacity(n / 2 + 1);
    let mut here: Vec<(u64, u32)> = Vec::with_capacity(n / 2 + 1);
    let (mut black_above, mut white_above) = (0, 0);
    let (mut black, mut white) = masks(0);
    for row in 0..n {
        let (black_below, white_below) = if row + 1 < n { masks(row + 1) } else { (0, 0) };
        score.black.stones += black.count_ones() as usize;
        score.white.stones += white.count_ones() as usize;
        let board = ((1u64 << n) - 1) << 1;
        let mut empty = board & !black & !white;
        here.clear();
        while empty != 0 {
            let lowest = empty & empty.wrapping_neg();
            let run = empty & !empty.wrapping_add(lowest);
            empty &= !run;
            let id = runs.len() as u32;
            let wide = run | run << 1 | run >> 1;
            let touches = |stones_here: u64, above: u64, below: u64| {
                (wide & stones_here) | (run & above) | (run & below) != 0
            };
            runs.push(id);
            colours.push(
                u8::from(touches(black, black_above, black_below))
                    | u8::from(touches(white, white_above, white_below)) << 1,
            );
            points.push(run.count_ones());
            for &(mask, other) in &above {
                if mask & run != 0 {
                    labels::union(&mut runs, id, other);
                }
            }
            here.push((run, id));
        }
        std::mem::swap(&mut above, &mut here);
        (black_above, white_above) = (black, white);
        (black, white) = (black_below, white_below);
    }
    // Parents are never larger, so one pass in order settles each run's root, and each root
    // has gathered its runs' colours and points before the second pass reads them.
    labels::flatten(&mut runs, |id, root| {
        colours[root] |= colours[id];
        points[root] += points[id];
    });
    for id in 0..runs.len() {
        if runs[id] as usize == id {
            let points = points[id] as usize;
            match colours[id] {
                1 => score.black.territory += points,
                2 => score.white.territory += points,
                _ => {}
            }
        }
    }
    score
}

/// Provisional region labels: a union-find forest and the colours each label has met.
struct Regions {
    /// The number of labels taken (label 0, "no region", included).
    len: usize,
    /// Per label: its parent, a smaller or equal label (itself for a root).
    parent: Vec<u32>,
    /// Per label: whether it has met a black stone.
    black: Vec<bool>,
    /// Per label: whether it has met a white stone.
    white: Vec<bool>,
}

impl Default for Regions {
    fn default() -> Self {
        Regions {
            len: 1,
            parent: vec![0],
            black: vec![false],
            white: vec![false],
        }
    }
}

impl Regions {
    /// Room for `count` more labels, so that taking one, and marking it before it is known
    /// whether it is taken, are plain stores.
    fn make_room(&mut self, count: usize) {
        let room = self.len + count + 1;
        self.parent.resize(room, 0);
        self.black.resize(room, false);
        self.white.resize(room, false);
    }

    /// Takes the fresh label if `taken`.
    #[inline(always)]
    fn take(&mut self, taken: bool) {
        self.parent[self.len] = self.len as u32;
        self.len += usize::from(taken);
    }

    /// Marks `label` with `colours` (bit 1 black, bit 2 white) by plain stores: a colour not
    /// met stores into label 0.
    #[inline(always)]
    fn mark(&mut self, label: u32, colours: u8) {
        self.black[pick(colours & 1 != 0, label, 0) as usize] = true;
        self.white[pick(colours & 2 != 0, label, 0) as usize] = true;
    }

    /// Per label: the owner of its region, 1 Black, 2 White, 0 neutral (and 0 for label 0).
    fn owners(mut self) -> Vec<u8> {
        // Parents are never larger, so one pass in order settles each label's root, and a
        // root has gathered all its labels' colours before the second pass reads it.
        self.parent.truncate(self.len);
        let (black, white) = (&mut self.black, &mut self.white);
        labels::flatten(&mut self.parent, |label, root| {
            black[root] |= black[label];
            white[root] |= white[label];
        });
        let mut owners = vec![0u8; self.len];
        for (label, owner) in owners.iter_mut().enumerate().skip(1) {
            let root = self.parent[label] as usize;
            *owner = match (self.black[root], self.white[root]) {
                (true, false) => 1,
                (false, true) => 2,
                _ => 0,
            };
        }
        owners
    }
}

/// Scores a position whose territory map is already at hand.
pub fn score_of(position: &Position, territory: &Territory) -> Score {
    let mut score = Score {
        black: Tally::default(),
        white: Tally::default(),
    };
    for row in 0..position.size() {
        for &cell in position.grid.row(row) {
            score.black.stones += usize::from(cell == Stone::Black.cell());
            score.white.stones += usize::from(cell == Stone::White.cell());
        }
    }
    score.black.territory = territory.points_of(Stone::Black);
    score.white.territory = territory.points_of(Stone::White);
    score
}

/// How points are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Rules {
    /// Territory scoring (Japanese and Korean rules): territory only. With every stone alive
    /// and no prisoners recorded, this is the contest's count.
    Territory,
    /// Area scoring (Chinese rules, AGA, New Zealand, Tromp-Taylor): stones plus territory.
    Area,
}

/// Komi: points given to White, in whole or half points (negative for reverse komi).
///
/// As JSON: a number (`6.5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(into = "f64"))]
pub struct Komi {
    halves: i64,
}

impl From<Komi> for f64 {
    fn from(komi: Komi) -> f64 {
        komi.halves as f64 / 2.0
    }
}

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi { halves: 0 };

    /// The largest komi either way, in points: more than any board arbiter scores holds.
    pub const MAX_POINTS: i64 = 10_000_000;

    /// Komi of `halves` half points (e.g. 13 for 6.5).
    pub const fn from_halves(halves: i64) -> Self {
        Komi { halves }
    }

    /// The komi in half points (13 for 6.5).
    pub const fn halves(self) -> i64 {
        self.halves
    }
}

/// The error of [`Komi::from_str`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "komi must be a whole or half number of points from -{MAX} to {MAX}, such as 6.5, 7 or \
     -0.5, not '{0}'",
    MAX = Komi::MAX_POINTS
)]
pub struct KomiError(pub String);

impl FromStr for Komi {
    type Err = KomiError;

    fn from_str(text: &str) -> Result<Self, KomiError> {
        let error = || KomiError(text.to_string());
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() || whole.len() > 12 || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let half = match fraction.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return Err(error()),
        };
        let halves = whole.parse::<i64>().map_err(|_| error())? * 2 + half;
        if halves > 2 * Self::MAX_POINTS {
            return Err(error());
        }
        Ok(Komi {
            halves: if negative { -halves } else { halves },
        })
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.halves < 0 {
            f.write_str("-")?;
        }
        write!(f, "{}", HalfPoints(self.halves.unsigned_abs()))
    }
}

/// A non-negative number of half points, written `12` or `3.5`.
///
/// As JSON: a number (`3.5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(into = "f64"))]
pub struct HalfPoints(pub u64);

impl From<HalfPoints> for f64 {
    fn from(points: HalfPoints) -> f64 {
        points.0 as f64 / 2.0
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 / 2)?;
        if self.0 % 2 == 1 {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

/// The contest's verdict: who has more territory, and by how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContestVerdict {
    /// Equal territory.
    Draw,
    /// One colour has more territory by `by` points.
    Win {
        /// The colour with more territory.
        winner: Stone,
        /// The difference in points.
        by: usize,
    },
}

impl fmt::Display for ContestVerdict {
    /// The contest wording: `Black wins by 3`, `White wins by 1` or `Draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContestVerdict::Draw => f.write_str("Draw"),
            ContestVerdict::Win { winner, by } => write!(f, "{winner} wins by {by}"),
        }
    }
}

/// A game's result under real rules and komi.
///
/// As JSON: the `RE` text (`"B+3.5"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(into = "String"))]
pub enum GameResult {
    /// Jigo: equal points after komi.
    Draw,
    /// One colour is ahead by `margin`.
    Win {
        /// The colour ahead.
        winner: Stone,
        /// By how much.
        margin: HalfPoints,
    },
}

impl From<GameResult> for String {
    fn from(result: GameResult) -> String {
        result.to_string()
    }
}

impl fmt::Display for GameResult {
    /// SGF's `RE` notation: `B+3.5`, `W+12`, or `0` for a draw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Draw => f.write_str("0"),
            GameResult::Win { winner, margin } => write!(f, "{}+{margin}", winner.letter()),
        }
    }
}

impl Score {
    /// A player's points under `rules`, komi aside.
    pub fn points(&self, stone: Stone, rules: Rules) -> usize {
        let tally = match stone {
            Stone::Black => self.black,
            Stone::White => self.white,
        };
        match rules {
            Rules::Territory => tally.territory,
            Rules::Area => tally.stones + tally.territory,
        }
    }

    /// The contest's verdict: territory against territory.
    pub fn verdict(&self) -> ContestVerdict {
        let (black, white) = (self.black.territory, self.white.territory);
        match black.cmp(&white) {
            std::cmp::Ordering::Equal => ContestVerdict::Draw,
            std::cmp::Ordering::Greater => ContestVerdict::Win {
                winner: Stone::Black,
                by: black - white,
            },
            std::cmp::Ordering::Less => ContestVerdict::Win {
                winner: Stone::White,
                by: white - black,
            },
        }
    }

    /// The result under `rules`, with `komi` added to White's points.
    pub fn result(&self, rules: Rules, komi: Komi) -> GameResult {
        let black = 2 * self.points(Stone::Black, rules) as i64;
        let white = 2 * self.points(Stone::White, rules) as i64 + komi.halves;
        match black - white {
            0 => GameResult::Draw,
            lead => GameResult::Win {
                winner: if lead > 0 { Stone::Black } else { Stone::White },
                margin: HalfPoints(lead.unsigned_abs()),
            },
        }
    }
}

#[cfg(test)]
mod tests;
