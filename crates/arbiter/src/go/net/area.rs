//! The area KataGo shows its network under area scoring: Benson's pass-alive chains and the
//! regions they own, then every other stone for its colour.
//!
//! For each colour in turn, the board's regions of empty or enemy points (each grown from an
//! empty point) are found; a region is *vital* to a chain of the colour when every one of its
//! empty points (every point, where suicide is legal) touches the chain. A chain with fewer
//! than two vital regions is not pass-alive; its regions are no longer vital to anyone; and so
//! on until nothing changes. A region bordered only by pass-alive chains is the colour's when
//! it has at most one point touching none of the colour's stones, or holds no enemy stone; a
//! region without enemy stones is the colour's anyway where nothing else claimed its points.

use crate::go::board::{Board, other};
use crate::go::position::Stone;

/// Each point's owner, row by row: the pass-alive areas of both colours, then every other
/// stone's colour.
pub(crate) fn area(board: &Board, suicide_legal: bool) -> Vec<Option<Stone>> {
    let mut owner: Vec<Option<Stone>> = vec![None; board.width() * board.height()];
    let point_of = |index: usize| {
        let (x, y) = board.point(index);
        y * board.width() + x
    };
    for colour in [Stone::Black, Stone::White] {
        colour_area(board, colour, suicide_legal, &mut owner, point_of);
    }
    for index in board.points() {
        let point = point_of(index);
        if owner[point].is_none() {
            owner[point] = board.stone(index);
        }
    }
    owner
}

/// A region of empty or enemy points.
struct Region {
    points: Vec<usize>,
    /// The chains (by head) it is vital to.
    vital: Vec<usize>,
    /// Points touching none of the colour's stones, counted up to two.
    internal: usize,
    holds_enemy: bool,
    /// Whether it borders a chain found not pass-alive.
    borders_dead: bool,
}

fn colour_area(
    board: &Board,
    colour: Stone,
    suicide_legal: bool,
    owner: &mut [Option<Stone>],
    point_of: impl Fn(usize) -> usize,
) {
    let enemy = other(colour);
    let touches = |index: usize| {
        board
            .around(index)
            .iter()
            .any(|&n| board.stone(n) == Some(colour))
    };
    let touches_chain = |index: usize, head: usize| {
        board
            .around(index)
            .iter()
            .any(|&n| board.stone(n) == Some(colour) && board.chain(n) == head)
    };
    let cells = (board.width() + 2) * (board.height() + 2);
    let mut region_of: Vec<Option<usize>> = vec![None; cells];
    let mut regions: Vec<Region> = Vec::new();
    let mut any_stone = false;
    for start in board.points() {
        if region_of[start].is_some() {
            continue;
        }
        if let Some(stone) = board.stone(start) {
            any_stone |= stone == colour;
            continue;
        }
        let index = regions.len();
        let mut vital: Vec<usize> = Vec::new();
        for n in board.around(start) {
            if board.stone(n) == Some(colour) && !vital.contains(&board.chain(n)) {
                vital.push(board.chain(n));
            }
        }
        let mut region = Region {
            points: Vec::new(),
            vital,
            internal: 0,
            holds_enemy: false,
            borders_dead: false,
        };
        let mut queue = vec![start];
        region_of[start] = Some(index);
        let mut at = 0;
        while at < queue.len() {
            let point = queue[at];
            at += 1;
            if !region.vital.is_empty() && (suicide_legal || board.is_empty(point)) {
                region.vital.retain(|&head| touches_chain(point, head));
            }
            if region.internal < 2 && !touches(point) {
                region.internal += 1;
            }
            region.holds_enemy |= board.stone(point) == Some(enemy);
            region.points.push(point);
            for n in board.around(point) {
                let open = board.is_empty(n) || board.stone(n) == Some(enemy);
                if open && region_of[n].is_none() {
                    region_of[n] = Some(index);
                    queue.push(n);
                }
            }
        }
        regions.push(region);
    }
    // The colour's chains by head, in board order, with their vital regions counted.
    let mut heads: Vec<usize> = Vec::new();
    for index in board.points() {
        if board.stone(index) == Some(colour) && board.chain(index) == index {
            heads.push(index);
        }
    }
    let mut vital_count = vec![0usize; cells];
    for region in &regions {
        for &head in &region.vital {
            vital_count[head] += 1;
        }
    }
    let mut dead = vec![false; heads.len()];
    loop {
        let mut killed = false;
        for (i, &head) in heads.iter().enumerate() {
            if dead[i] || vital_count[head] >= 2 {
                continue;
            }
            dead[i] = true;
            killed = true;
            for stone in board.stones(head) {
                for n in board.around(stone) {
                    let Some(r) = region_of[n] else { continue };
                    let open = board.is_empty(n) || board.stone(n) == Some(enemy);
                    if open && !regions[r].borders_dead {
                        regions[r].borders_dead = true;
                        for &h in &regions[r].vital {
                            vital_count[h] -= 1;
                        }
                    }
                }
            }
        }
        if !killed {
            break;
        }
    }
    for (i, &head) in heads.iter().enumerate() {
        if !dead[i] {
            for stone in board.stones(head) {
                owner[point_of(stone)] = Some(colour);
            }
        }
    }
    for region in &regions {
        let safe = !region.borders_dead && any_stone;
        if safe && (region.internal <= 1 || !region.holds_enemy) {
            for &p in &region.points {
                owner[point_of(p)] = Some(colour);
            }
        } else if !region.holds_enemy && any_stone {
            for &p in &region.points {
                let point = point_of(p);
                if owner[point].is_none() {
                    owner[point] = Some(colour);
                }
            }
        }
    }
}
