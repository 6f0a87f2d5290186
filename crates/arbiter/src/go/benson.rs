//! Benson's unconditional life: the chains that no sequence of enemy moves can capture, even
//! if their owner never answers (D. B. Benson, "Life in the game of Go", 1976).
//!
//! For one colour: its chains, and its *enclosed regions*, the connected sets of points that
//! are not its stones. A region is *vital* to a chain when every empty point of it is a
//! liberty of that chain. Repeat until nothing changes: drop every chain with fewer than two
//! vital regions among the regions still in play, then drop every region that touches a
//! dropped chain. The chains left are unconditionally alive. Enemy stones inside a region left
//! in play that is vital to one of them cannot make an eye there (every empty point of it
//! touches the living chain), so they are dead for certain.

use super::board::Board;
use super::position::Stone;

/// What Benson's algorithm proves for one colour.
#[derive(Clone, Debug, Default)]
pub(crate) struct Certain {
    /// Per point: the stone is in an unconditionally alive chain.
    pub alive: Vec<bool>,
    /// Per point: an enemy stone inside a region where it can never make an eye.
    pub dead: Vec<bool>,
}

/// Runs Benson's algorithm for `stone`'s chains on `board`.
pub(crate) fn unconditional(board: &Board, stone: Stone) -> Certain {
    let cells = board.index(board.width() - 1, board.height() - 1) + board.width() + 3;
    // Chains: numbered by their head's index.
    let heads: Vec<usize> = {
        let mut heads: Vec<usize> = board
            .points()
            .filter(|&p| board.stone(p) == Some(stone))
            .map(|p| board.chain(p))
            .collect();
        heads.sort_unstable();
        heads.dedup();
        heads
    };
    // Regions: the connected sets of points that are not `stone`'s.
    const NONE: u32 = u32::MAX;
    let mut region_of = vec![NONE; cells];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for start in board.points() {
        if board.stone(start) == Some(stone) || region_of[start] != NONE {
            continue;
        }
        let number = regions.len() as u32;
        let mut points = Vec::new();
        region_of[start] = number;
        stack.push(start);
        while let Some(p) = stack.pop() {
            points.push(p);
            for n in board.around(p) {
                if !board.is_edge(n) && board.stone(n) != Some(stone) && region_of[n] == NONE {
                    region_of[n] = number;
                    stack.push(n);
                }
            }
        }
        regions.push(points);
    }
    // For each region: the chains next to it, and those it is vital to.
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut vital_to: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, points) in regions.iter().enumerate() {
        let mut around: Vec<usize> = Vec::new();
        for &p in points {
            for n in board.around(p) {
                if board.stone(n) == Some(stone) {
                    around.push(board.chain(n));
                }
            }
        }
        around.sort_unstable();
        around.dedup();
        for &chain in &around {
            let vital = points.iter().filter(|&&p| board.is_empty(p)).all(|&p| {
                board
                    .around(p)
                    .iter()
                    .any(|&n| board.stone(n) == Some(stone) && board.chain(n) == chain)
            });
            if vital {
                vital_to[r].push(chain);
            }
        }
        borders[r] = around;
    }
    let mut chain_in = vec![false; cells];
    for &h in &heads {
        chain_in[h] = true;
    }
    let mut region_in = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for &h in &heads {
            if !chain_in[h] {
                continue;
            }
            let vital = (0..regions.len())
                .filter(|&r| region_in[r] && vital_to[r].contains(&h))
                .count();
            if vital < 2 {
                chain_in[h] = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_in[r] && borders[r].iter().any(|&h| !chain_in[h]) {
                region_in[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut certain = Certain {
        alive: vec![false; cells],
        dead: vec![false; cells],
    };
    for p in board.points() {
        if board.stone(p) == Some(stone) && chain_in[board.chain(p)] {
            certain.alive[p] = true;
        }
    }
    for (r, points) in regions.iter().enumerate() {
        if region_in[r] && vital_to[r].iter().any(|&h| chain_in[h]) {
            for &p in points {
                if board.stone(p).is_some() {
                    certain.dead[p] = true;
                }
            }
        }
    }
    certain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_with_two_real_eyes_is_unconditionally_alive() {
        let b = Board::from_rows(&[".X.X.", "XXXXX", ".....", ".....", "....."]);
        let certain = unconditional(&b, Stone::Black);
        assert!(certain.alive[b.index(1, 0)]);
        assert!(certain.alive[b.index(4, 1)]);
    }

    #[test]
    fn a_group_with_one_eye_is_not() {
        let b = Board::from_rows(&[".X...", "XX...", ".....", ".....", "....."]);
        let certain = unconditional(&b, Stone::Black);
        assert!(!certain.alive[b.index(1, 0)]);
    }

    #[test]
    fn enemy_stones_in_a_small_eye_of_a_living_group_are_dead() {
        // Black lives with eyes at (0,0) and (4,0); a white stone sits in the second eye,
        // which is still vital (its one empty point... there is none: the stone fills it).
        let b = Board::from_rows(&[".XX.O", "XXXXX", ".....", ".....", "....."]);
        let certain = unconditional(&b, Stone::Black);
        assert!(certain.alive[b.index(1, 0)]);
        assert!(certain.dead[b.index(4, 0)]);
    }
}
