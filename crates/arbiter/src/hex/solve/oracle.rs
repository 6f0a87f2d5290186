//! The plain exhaustive search: every move, to the end, nothing pruned and nothing assumed
//! (no connections, no inferior cells, no move ordering; a position's value is remembered so
//! that move orders reaching it are not searched again). Far too slow beyond a dozen or so
//! empty cells, but obviously right, so the property tests hold the solver to it.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::solve::bits::Geometry;
//! use arbiter::hex::solve::oracle::wins;
//!
//! // On the empty 2 x 2 board the first player (Red) wins.
//! let geometry: Geometry<u64> = Geometry::new(2, 2);
//! assert!(wins(&geometry, [0, 0], 0));
//! ```

use std::collections::HashMap;

use super::bits::{Cells, Geometry};

/// Whether the side to move (`to_move`: 0 Red, 1 Blue) wins with perfect play.
pub fn wins<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], to_move: usize) -> bool {
    value(geometry, stones, to_move, &mut HashMap::new())
}

fn value<B: Cells>(
    geometry: &Geometry<B>,
    mut stones: [B; 2],
    to_move: usize,
    known: &mut HashMap<[B; 2], bool>,
) -> bool {
    if let Some(&value) = known.get(&stones) {
        return value;
    }
    let them = to_move ^ 1;
    if geometry.joins(stones[them], geometry.sides(them == 0)) {
        return false;
    }
    if geometry.joins(stones[to_move], geometry.sides(to_move == 0)) {
        return true;
    }
    let position = stones;
    let empty = geometry.board & !(stones[0] | stones[1]);
    let mut result = false;
    for cell in empty.iter() {
        stones[to_move] |= B::bit(cell);
        let reply_wins = value(geometry, stones, them, known);
        stones[to_move] &= !B::bit(cell);
        if !reply_wins {
            result = true;
            break;
        }
    }
    // Within one search the side to move follows from the stones: they are the key.
    known.insert(position, result);
    result
}

/// Every winning move of the side to move.
pub fn winning_moves<B: Cells>(
    geometry: &Geometry<B>,
    mut stones: [B; 2],
    to_move: usize,
) -> Vec<usize> {
    let empty = geometry.board & !(stones[0] | stones[1]);
    let mut found = Vec::new();
    for cell in empty.iter() {
        stones[to_move] |= B::bit(cell);
        if !wins(geometry, stones, to_move ^ 1) {
            found.push(cell);
        }
        stones[to_move] &= !B::bit(cell);
    }
    found
}
