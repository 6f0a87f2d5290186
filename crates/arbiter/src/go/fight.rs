//! Exact reading of a closed-in fight: whether a chain can be captured, by trying every
//! sequence of moves in the small area the fight is about.
//!
//! A network judges a chain by its shape, and a search on it (`super::search`) reads the
//! likely moves; both can be sure and wrong in a capturing race, where one move too many or
//! too few decides, and the stones of both sides are short of liberties. Where a chain is shut
//! in, the points that matter are few, and the fight can be read to the end instead:
//!
//! - **The area** of a chain's fight: the empty points joined to its liberties (at most
//!   [`MOST_POINTS`] of them, else the chain is not shut in and is not read); then the
//!   chains beside them or the chain whose liberties all lie in the area or that have at most
//!   [`WEAK`] liberties (the chains a race could capture: their liberties join the area), and
//!   the same way the chains beside those; the stones of every chain fought over (their
//!   points are empty again once captured). The other chains beside the area are its walls:
//!   no move in it can capture them, so a verdict holds only if they live.
//! - **The game**: both sides play in the area or pass, under simple ko, until the chain is
//!   captured (the attacker wins) or both pass in turn with it on the board (its owner wins:
//!   it lives, or lives in seki). A chain with a liberty outside the area has got out and
//!   cannot be captured there. Another chain fought over that reaches a liberty outside the
//!   area cannot be followed there: the game is read once with such moves and once without.
//!   Neither side fills its own eye (a point whose neighbours are all its stones, with no
//!   more than one enemy diagonal, none on the edge).
//! - **The verdict**: dead when it is captured even with its owner to move, alive when it is
//!   not even with the attacker to move, unsettled when whoever moves first wins, each as both
//!   games find it; no verdict when they differ, or when a game is not read to the end within
//!   [`BUDGET`] positions (a ko fight whose cycles outlast the depth, a wide area).
//!
//! Every position read to the end is kept in a table by its hash, whose to move, ko and last
//! pass, so that each is read once; positions a budget cut short are not kept.
//!
//! Reading the area alone is what makes it exact and fast, and what it leaves out: a move
//! outside the area (an approach from outside, the capture of a strong surrounding chain)
//! is not tried. The network estimate (`super::ownership`) takes a verdict only once the
//! walls are called alive, and a capture only once the chains that make it are.

use std::collections::HashMap;

use super::board::{Board, other};
use super::position::Stone;

/// The most empty points joined to a chain's liberties for it to count as shut in.
pub(crate) const MOST_POINTS: usize = 14;

/// A chain beside the fight with at most this many liberties can be captured in it: its
/// liberties join the area.
pub(crate) const WEAK: usize = 3;

/// The most positions one verdict reads before it gives up.
pub(crate) const BUDGET: usize = 60_000;

/// What reading says of a chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Captured even when its owner moves first.
    Dead,
    /// Not captured even when the attacker moves first (alive, or alive in seki).
    Alive,
    /// Captured if the attacker moves first, saved if its owner does.
    Unsettled,
}

/// The fight of one chain: where it is played, and the chains around it that it cannot
/// capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fight {
    /// A stone of the chain read.
    stone: usize,
    /// Per board index: whether a move there is tried.
    playable: Vec<bool>,
    /// A stone of each chain beside the fight with a liberty outside it: no move in the fight
    /// can capture it, so the verdict holds only if it lives.
    walls: Vec<usize>,
    /// Whether an enemy chain is fought over too: a race, not a chain alone against walls.
    race: bool,
}

impl Fight {
    /// The fight of the chain of `stone`, or `None` when more than [`MOST_POINTS`] empty
    /// points are joined to its liberties.
    pub(crate) fn of(board: &Board, stone: usize) -> Option<Fight> {
        let (playable, fighting) = area(board, stone)?;
        let mut walls: Vec<usize> = Vec::new();
        for p in board.points().filter(|&p| playable[p]) {
            for n in board.around(p) {
                if board.stone(n).is_some()
                    && !fighting.contains(&board.chain(n))
                    && !walls.iter().any(|&w| board.chain(w) == board.chain(n))
                {
                    walls.push(n);
                }
            }
        }
        let colour = board.stone(stone)?;
        let race = fighting
            .iter()
            .any(|&head| board.stone(head) != Some(colour));
        Some(Fight {
            stone,
            playable,
            walls,
            race,
        })
    }

    /// Whether an enemy chain is fought over too (a capturing race), not only the chain
    /// against walls it cannot capture (the shape of its eyes alone).
    pub(crate) fn is_race(&self) -> bool {
        self.race
    }

    /// A stone of each chain the fight cannot capture.
    pub(crate) fn walls(&self) -> &[usize] {
        &self.walls
    }

    /// Reads the fight to the end: the chain's fate, or `None` when the reading does not end
    /// within the budget.
    pub(crate) fn read(&self, board: &Board) -> Option<Fate> {
        read_within(board, self.stone, &self.playable)
    }
}

/// Reads the fight of the chain of `stone`: its fate, or `None` when it is not shut in or the
/// reading does not end within the budget.
#[cfg(test)]
fn read(board: &Board, stone: usize) -> Option<Fate> {
    Fight::of(board, stone)?.read(board)
}

/// Reads the fight of the chain of `stone` played on the points `playable` (by board index):
/// once letting the chains fought over reach out of the area, once not, and the fate both
/// readings find.
fn read_within(board: &Board, stone: usize, playable: &[bool]) -> Option<Fate> {
    let reaching_out = read_game(board, stone, playable, true)?;
    (read_game(board, stone, playable, false)? == reaching_out).then_some(reaching_out)
}

/// Reads one game of the fight (`reach_out`: whether a chain fought over may take a liberty
/// outside the area).
fn read_game(board: &Board, stone: usize, playable: &[bool], reach_out: bool) -> Option<Fate> {
    let colour = board.stone(stone)?;
    let depth = 2 * playable.iter().filter(|&&p| p).count() + 6;
    let mut start = board.clone();
    start.pass();
    let mut reader = Reader {
        playable,
        target: stone,
        colour,
        reach_out,
        table: HashMap::new(),
        positions: 0,
    };
    if !reader.captured(&start, other(colour), false, depth)? {
        return Some(Fate::Alive);
    }
    Some(if reader.captured(&start, colour, false, depth)? {
        Fate::Dead
    } else {
        Fate::Unsettled
    })
}

/// The points where the fight of the chain of `stone` is played (by board index), and the
/// chains fought over (by head), or `None` when more than [`MOST_POINTS`] empty points are
/// joined to its liberties.
///
/// The chains fought over: the chain read; the chains beside it or its empty points whose
/// liberties all lie there, or that have at most [`WEAK`] liberties (those join the area);
/// and, the same way, the chains beside those (the ones a race to capture them would take).
/// Their stones are in the area too: their points are empty again once captured. The
/// liberties that join bring the area's empty points to at most `MOST_POINTS + 2 * WEAK`,
/// or there is no fight to read.
fn area(board: &Board, stone: usize) -> Option<(Vec<bool>, Vec<usize>)> {
    let cells = board.points().last().map_or(0, |p| p + 1);
    let mut playable = vec![false; cells];
    let mut empties = 0;
    let mut stack = board.liberties(stone);
    while let Some(p) = stack.pop() {
        if playable[p] {
            continue;
        }
        playable[p] = true;
        empties += 1;
        if empties > MOST_POINTS {
            return None;
        }
        stack.extend(board.around(p).into_iter().filter(|&n| board.is_empty(n)));
    }
    let mut fighting = vec![board.chain(stone)];
    for s in board.stones(stone) {
        playable[s] = true;
    }
    // First the chains beside the area so far, then those beside the chains that joined.
    let mut near: Vec<usize> = board.points().filter(|&p| playable[p]).collect();
    // Each chain beside is looked at once per ring (its liberties counted once).
    for _ in 0..2 {
        let mut joined: Vec<usize> = Vec::new();
        let mut looked: Vec<usize> = Vec::new();
        for &p in &near {
            for n in board.around(p) {
                if board.stone(n).is_none() || playable[n] || looked.contains(&board.chain(n)) {
                    continue;
                }
                looked.push(board.chain(n));
                let liberties = board.liberties(n);
                if liberties.len() <= WEAK || liberties.iter().all(|&l| playable[l]) {
                    joined.push(board.chain(n));
                }
            }
        }
        near.clear();
        for &head in &joined {
            for liberty in board.liberties(head) {
                if !playable[liberty] {
                    playable[liberty] = true;
                    empties += 1;
                }
            }
            for s in board.stones(head) {
                playable[s] = true;
                near.push(s);
            }
            fighting.push(head);
        }
    }
    (empties <= MOST_POINTS + 2 * WEAK).then_some((playable, fighting))
}

/// The game of one fight, with the positions read to the end.
struct Reader<'a> {
    playable: &'a [bool],
    /// A stone of the chain read.
    target: usize,
    colour: Stone,
    /// Whether a chain fought over, other than the chain read, may take a liberty outside the
    /// area (where the other side cannot follow it).
    reach_out: bool,
    /// Per position (hash with whose move, ko and last pass): whether the chain is captured.
    table: HashMap<u64, bool>,
    positions: usize,
}

impl Reader<'_> {
    /// Whether the chain is captured with best play, `to_move` to move (`passed`: the last
    /// move was a pass); `None` when `depth` or the budget runs out first.
    fn captured(
        &mut self,
        board: &Board,
        to_move: Stone,
        passed: bool,
        depth: usize,
    ) -> Option<bool> {
        if board.stone(self.target) != Some(self.colour) {
            return Some(true);
        }
        if board
            .liberties(self.target)
            .iter()
            .any(|&l| !self.playable[l])
        {
            return Some(false);
        }
        let key = key(board, to_move, passed);
        if let Some(&captured) = self.table.get(&key) {
            return Some(captured);
        }
        if depth == 0 || self.positions >= BUDGET {
            return None;
        }
        self.positions += 1;
        let attacking = to_move != self.colour;
        let mut open = false;
        for at in self.moves(board, to_move) {
            let mut next = board.clone();
            let outcome = match at {
                Some(at) => {
                    next.play(at, to_move);
                    if !self.reach_out && self.reaches_out(&next, at) {
                        continue;
                    }
                    self.captured(&next, other(to_move), false, depth - 1)
                }
                // Two passes in turn end the fight with the chain on the board.
                None if passed => Some(false),
                None => {
                    next.pass();
                    self.captured(&next, other(to_move), true, depth - 1)
                }
            };
            match outcome {
                Some(captured) if captured == attacking => {
                    self.table.insert(key, captured);
                    return Some(captured);
                }
                Some(_) => {}
                None => open = true,
            }
        }
        if open {
            return None;
        }
        self.table.insert(key, !attacking);
        Some(!attacking)
    }

    /// Whether the move just played at `at` gave a chain fought over, other than the chain
    /// read, a liberty outside the area (joining a chain beside the fight, one with stones
    /// outside it, does not count).
    fn reaches_out(&self, board: &Board, at: usize) -> bool {
        board.chain(at) != board.chain(self.target)
            && board.stones(at).all(|s| self.playable[s])
            && board.liberties(at).iter().any(|&l| !self.playable[l])
    }

    /// The moves `to_move` tries, the chain's liberties first, then the rest of the area, a
    /// pass last; never a point of its own eye.
    fn moves(&self, board: &Board, to_move: Stone) -> Vec<Option<usize>> {
        let liberties = board.liberties(self.target);
        let rest = board
            .points()
            .filter(|&p| self.playable[p] && !liberties.contains(&p));
        let mut moves: Vec<Option<usize>> = liberties
            .iter()
            .copied()
            .chain(rest)
            .filter(|&p| board.is_legal(p, to_move) && !board.is_eye(p, to_move))
            .map(Some)
            .collect();
        moves.push(None);
        moves
    }
}

/// A position's key: its hash, whose move, its ko point and whether the last move passed.
fn key(board: &Board, to_move: Stone, passed: bool) -> u64 {
    let mut key = board.hash();
    if to_move == Stone::White {
        key ^= 0x5bd1_e995_9e37_79b9;
    }
    if passed {
        key ^= 0x2545_f491_4f6c_dd1d;
    }
    if let Some(ko) = board.ko() {
        key ^= (ko as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    key
}

#[cfg(test)]
mod tests;
