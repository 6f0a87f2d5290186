//! Scoring a finished game by a rule set: dead stones off, territory, seki, the points that
//! must still be filled, prisoners, komi and handicap compensation (`docs/src/go.md`).
//!
//! The board is any size (a contest position can be 1024 x 1024), so this works on a plain
//! array of points with flood fills rather than on the playing board.

use super::record::side;
use super::rules::{Counting, RuleSet};
use super::{GameResult, HalfPoints, Komi, Stone};
use crate::grid::Coord;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn cell(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

fn stone_of(cell: u8) -> Option<Stone> {
    match cell {
        BLACK => Some(Stone::Black),
        WHITE => Some(Stone::White),
        _ => None,
    }
}

/// A final position to score: the stones, row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stones {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Stones {
    /// An empty board.
    pub fn new(width: usize, height: usize) -> Self {
        Stones {
            width,
            height,
            cells: vec![EMPTY; width * height],
        }
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The stone on a point.
    pub fn get(&self, at: Coord) -> Option<Stone> {
        stone_of(self.cells[at.row * self.width + at.col])
    }

    /// Puts a stone on a point or empties it.
    pub fn set(&mut self, at: Coord, stone: Option<Stone>) {
        self.cells[at.row * self.width + at.col] = stone.map_or(EMPTY, cell);
    }

    fn coord(&self, i: usize) -> Coord {
        Coord {
            row: i / self.width,
            col: i % self.width,
        }
    }

    /// The orthogonal neighbours of point `i`.
    fn around(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (row, col) = (i / self.width, i % self.width);
        let w = self.width;
        [
            (row > 0).then(|| i - w),
            (col > 0).then(|| i - 1),
            (col + 1 < w).then(|| i + 1),
            (row + 1 < self.height).then(|| i + w),
        ]
        .into_iter()
        .flatten()
    }

    /// The diagonal neighbours of point `i`, and how many of the four are off the board.
    fn diagonals(&self, i: usize) -> (Vec<usize>, usize) {
        let (row, col) = (i / self.width, i % self.width);
        let mut inside = Vec::with_capacity(4);
        for (dr, dc) in [(-1isize, -1isize), (-1, 1), (1, -1), (1, 1)] {
            match (row.checked_add_signed(dr), col.checked_add_signed(dc)) {
                (Some(r), Some(c)) if r < self.height && c < self.width => {
                    inside.push(r * self.width + c)
                }
                _ => {}
            }
        }
        let off = 4 - inside.len();
        (inside, off)
    }
}

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

/// Scores `stones` with `dead` stones, `captured` prisoners (by Black, by White) and `terms`.
/// Tromp-Taylor scores the board as it stands: its dead stones stay.
pub fn score(stones: &Stones, dead: &[Coord], captured: [usize; 2], terms: Terms) -> Scored {
    let counting = terms.rules.counting();
    let mut board = stones.clone();
    let mut taken = [0usize; 2];
    let mut dead_list = Vec::new();
    if counting != Counting::TrompTaylor {
        for &at in dead {
            if let Some(stone) = board.get(at) {
                board.set(at, None);
                taken[side(stone)] += 1;
                dead_list.push(at);
            }
        }
    }
    dead_list.sort();
    let chains = Chains::of(&board);
    let regions = Regions::of(&board, &chains);
    let (seki_chains, seki_points) = if counting == Counting::Territory {
        seki(&board, &chains, &regions)
    } else {
        (vec![false; chains.liberties.len()], Vec::new())
    };
    let fill = if counting == Counting::Territory {
        must_fill(&board, &chains, &regions)
    } else {
        vec![false; board.cells.len()]
    };
    let mut territory = vec![None; board.cells.len()];
    for (r, points) in regions.points.iter().enumerate() {
        let Some(owner) = regions.owner[r] else {
            continue;
        };
        let in_seki = regions.chains[r].iter().any(|&c| seki_chains[c]);
        if in_seki {
            continue;
        }
        for &p in points {
            if !fill[p] {
                territory[p] = Some(owner);
            }
        }
    }
    let mut count = [Count::default(), Count::default()];
    for (i, &c) in board.cells.iter().enumerate() {
        if let Some(stone) = stone_of(c) {
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
    let coords = |flags: &[bool]| -> Vec<Coord> {
        (0..flags.len())
            .filter(|&i| flags[i])
            .map(|i| board.coord(i))
            .collect()
    };
    let seki: Vec<bool> = (0..board.cells.len())
        .map(|i| board.cells[i] != EMPTY && seki_chains[chains.of[i] as usize])
        .collect();
    Scored {
        black: count[0],
        white: count[1],
        result,
        territory,
        dead: dead_list,
        seki: coords(&seki),
        seki_points: seki_points.into_iter().map(|i| board.coord(i)).collect(),
        fill: coords(&fill),
    }
}

/// The chains of a board: per point its chain's number, per chain its stones and liberties.
struct Chains {
    /// Per point: the chain's number (`u32::MAX` for an empty point).
    of: Vec<u32>,
    /// Per chain: its liberties, each once.
    liberties: Vec<Vec<usize>>,
    /// Per chain: its colour.
    colour: Vec<Stone>,
}

impl Chains {
    fn of(board: &Stones) -> Self {
        let mut chains = Chains {
            of: vec![u32::MAX; board.cells.len()],
            liberties: Vec::new(),
            colour: Vec::new(),
        };
        let mut stack = Vec::new();
        let mut seen_liberty = vec![u32::MAX; board.cells.len()];
        for start in 0..board.cells.len() {
            let Some(stone) = stone_of(board.cells[start]) else {
                continue;
            };
            if chains.of[start] != u32::MAX {
                continue;
            }
            let number = chains.liberties.len() as u32;
            let mut liberties = Vec::new();
            chains.of[start] = number;
            stack.push(start);
            while let Some(p) = stack.pop() {
                for n in board.around(p) {
                    if board.cells[n] == EMPTY {
                        if seen_liberty[n] != number {
                            seen_liberty[n] = number;
                            liberties.push(n);
                        }
                    } else if board.cells[n] == cell(stone) && chains.of[n] == u32::MAX {
                        chains.of[n] = number;
                        stack.push(n);
                    }
                }
            }
            chains.liberties.push(liberties);
            chains.colour.push(stone);
        }
        chains
    }
}

/// The empty regions of a board: their points, the chains next to them, their owner.
struct Regions {
    points: Vec<Vec<usize>>,
    chains: Vec<Vec<usize>>,
    owner: Vec<Option<Stone>>,
    /// Per point: its region (`u32::MAX` for a stone).
    of: Vec<u32>,
}

impl Regions {
    fn of(board: &Stones, chains: &Chains) -> Self {
        let mut regions = Regions {
            points: Vec::new(),
            chains: Vec::new(),
            owner: Vec::new(),
            of: vec![u32::MAX; board.cells.len()],
        };
        let mut stack = Vec::new();
        for start in 0..board.cells.len() {
            if board.cells[start] != EMPTY || regions.of[start] != u32::MAX {
                continue;
            }
            let number = regions.points.len() as u32;
            let (mut points, mut around) = (Vec::new(), Vec::new());
            let mut colours = 0u8;
            regions.of[start] = number;
            stack.push(start);
            while let Some(p) = stack.pop() {
                points.push(p);
                for n in board.around(p) {
                    match board.cells[n] {
                        EMPTY if regions.of[n] == u32::MAX => {
                            regions.of[n] = number;
                            stack.push(n);
                        }
                        EMPTY => {}
                        c => {
                            colours |= c;
                            around.push(chains.of[n] as usize);
                        }
                    }
                }
            }
            around.sort_unstable();
            around.dedup();
            regions.points.push(points);
            regions.chains.push(around);
            regions.owner.push(stone_of(colours));
        }
        regions
    }
}

/// Seki (territory rules): a shared liberty of a black and a white chain that neither side can
/// fill without putting its own chain into atari (or capturing) marks both chains as in seki;
/// so do the chains that share an eye with a chain in seki. Returns the chains in seki and the
/// shared liberties.
fn seki(board: &Stones, chains: &Chains, regions: &Regions) -> (Vec<bool>, Vec<usize>) {
    let mut in_seki = vec![false; chains.liberties.len()];
    let mut points = Vec::new();
    for (r, region) in regions.points.iter().enumerate() {
        if regions.owner[r].is_some() {
            continue;
        }
        for &p in region {
            let next: Vec<usize> = board
                .around(p)
                .filter(|&n| board.cells[n] != EMPTY)
                .map(|n| chains.of[n] as usize)
                .collect();
            let has = |stone| next.iter().any(|&c| chains.colour[c] == stone);
            if !has(Stone::Black) || !has(Stone::White) {
                continue;
            }
            if safe_to_fill(board, chains, p, Stone::Black)
                || safe_to_fill(board, chains, p, Stone::White)
            {
                continue;
            }
            points.push(p);
            for &c in &next {
                in_seki[c] = true;
            }
        }
    }
    // A chain that shares an eye with a chain in seki lives in the same seki.
    loop {
        let mut changed = false;
        for (r, around) in regions.chains.iter().enumerate() {
            if regions.owner[r].is_some() && around.iter().any(|&c| in_seki[c]) {
                for &c in around {
                    changed |= !in_seki[c];
                    in_seki[c] = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (in_seki, points)
}

/// Whether `stone` can play on the empty point `p` without leaving its chain there in atari:
/// it captures, or the joined chain keeps two liberties or more.
fn safe_to_fill(board: &Stones, chains: &Chains, p: usize, stone: Stone) -> bool {
    let mut liberties: Vec<usize> = Vec::new();
    for n in board.around(p) {
        match stone_of(board.cells[n]) {
            None => liberties.push(n),
            Some(s) if s == stone => {
                liberties.extend(
                    chains.liberties[chains.of[n] as usize]
                        .iter()
                        .copied()
                        .filter(|&l| l != p),
                );
            }
            Some(_) => {
                if chains.liberties[chains.of[n] as usize] == [p] {
                    return true;
                }
            }
        }
    }
    liberties.sort_unstable();
    liberties.dedup();
    liberties.len() >= 2
}

/// The points of a colour's territory that it must still fill (territory rules): the last
/// liberty of its own chain in atari, and a false eye whose chains must connect through it:
/// two or more of its chains around, the enemy holding enough diagonals to make the eye
/// false, and a chain around it that the enemy can really put in atari (its one other
/// liberty is a point where an enemy stone would not itself be in atari).
fn must_fill(board: &Stones, chains: &Chains, regions: &Regions) -> Vec<bool> {
    let mut fill = vec![false; board.cells.len()];
    for (r, region) in regions.points.iter().enumerate() {
        let Some(owner) = regions.owner[r] else {
            continue;
        };
        for &p in region {
            let around: Vec<usize> = {
                let mut around: Vec<usize> = board
                    .around(p)
                    .filter(|&n| board.cells[n] == cell(owner))
                    .map(|n| chains.of[n] as usize)
                    .collect();
                around.sort_unstable();
                around.dedup();
                around
            };
            if around.iter().any(|&c| chains.liberties[c] == [p]) {
                fill[p] = true;
                continue;
            }
            if region.len() != 1 || around.len() < 2 {
                continue;
            }
            let (diagonals, off) = board.diagonals(p);
            let enemy = diagonals
                .iter()
                .filter(|&&d| stone_of(board.cells[d]).is_some_and(|s| s != owner))
                .count();
            let false_eye = (off > 0 && enemy >= 1) || enemy >= 2;
            let threatened = around.iter().any(|&c| {
                let liberties = &chains.liberties[c];
                liberties.len() == 2
                    && liberties
                        .iter()
                        .filter(|&&l| l != p)
                        .any(|&q| safe_to_fill(board, chains, q, super::board::other(owner)))
            });
            if false_eye && threatened {
                fill[p] = true;
            }
        }
    }
    fill
}

#[cfg(test)]
mod tests;
