//! A position for the solver: each colour's stones as a set of cells, the side to move, and
//! a Zobrist hash kept up to date as stones come and go.

use super::bits::{Cells, Geometry};
use crate::hex::board::Stone;

/// A position: stones of both colours and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<B> {
    /// Each colour's stones, Red's first.
    pub stones: [B; 2],
    /// The side to move.
    pub to_move: Stone,
    /// The Zobrist hash of the stones and the side to move.
    pub hash: u64,
}

/// The random keys of the Zobrist hash: one per cell and colour, one for Blue to move, and one
/// every hash starts from (so that no position, not even the empty board with Red to move,
/// hashes to 0, which the table keeps for its empty slots).
#[derive(Clone, Debug)]
pub struct Keys {
    cells: Vec<[u64; 2]>,
    blue_to_move: u64,
    start: u64,
}

impl Keys {
    /// Keys for `cells` cells, from a fixed seed (the same positions always hash alike).
    pub fn new(cells: usize) -> Self {
        // SplitMix64: small, fast and good enough for hashing.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Keys {
            cells: (0..cells).map(|_| [next(), next()]).collect(),
            blue_to_move: next(),
            start: next(),
        }
    }
}

impl<B: Cells> Position<B> {
    /// A position with these stones and this side to move.
    pub fn new(stones: [B; 2], to_move: Stone, keys: &Keys) -> Self {
        let mut hash = keys.start;
        if to_move == Stone::Blue {
            hash ^= keys.blue_to_move;
        }
        for (side, set) in stones.iter().enumerate() {
            for cell in set.iter() {
                hash ^= keys.cells[cell][side];
            }
        }
        Position {
            stones,
            to_move,
            hash,
        }
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self, geometry: &Geometry<B>) -> B {
        geometry.board & !(self.stones[0] | self.stones[1])
    }

    /// The side to move plays `cell`; the other side moves next.
    #[inline]
    pub fn play(&mut self, cell: usize, keys: &Keys) {
        let side = self.to_move.index();
        self.stones[side] |= B::bit(cell);
        self.hash ^= keys.cells[cell][side] ^ keys.blue_to_move;
        self.to_move = self.to_move.other();
    }

    /// Takes back `cell`, played by the side that moved last.
    #[inline]
    pub fn undo(&mut self, cell: usize, keys: &Keys) {
        self.to_move = self.to_move.other();
        let side = self.to_move.index();
        self.stones[side] &= !B::bit(cell);
        self.hash ^= keys.cells[cell][side] ^ keys.blue_to_move;
    }

    /// Whether `side` joins its two sides.
    #[inline]
    pub fn joined(&self, side: Stone, geometry: &Geometry<B>) -> bool {
        geometry.joins(
            self.stones[side.index()],
            geometry.sides(side == Stone::Red),
        )
    }

    /// The cells where `side` would join its sides with one more stone (all of them when it
    /// is joined already).
    pub fn winning_cells(&self, side: Stone, geometry: &Geometry<B>) -> B {
        let own = self.stones[side.index()];
        let (from, to) = geometry.sides(side == Stone::Red);
        let empty = self.empty(geometry);
        let from_reach = geometry.flood(from & own, own);
        let to_reach = geometry.flood(to & own, own);
        if from_reach.meets(to) {
            return empty;
        }
        let touches_from = geometry.neighbours(from_reach) | from;
        let touches_to = geometry.neighbours(to_reach) | to;
        touches_from & touches_to & empty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_and_undo_keep_the_hash() {
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let keys = Keys::new(9);
        let start = Position::new([0, 0], Stone::Red, &keys);
        let mut position = start;
        position.play(4, &keys);
        position.play(0, &keys);
        assert_eq!(
            position,
            Position::new([u64::bit(4), u64::bit(0)], Stone::Red, &keys)
        );
        position.undo(0, &keys);
        position.undo(4, &keys);
        assert_eq!(position, start);
        assert_eq!(position.empty(&geometry), geometry.board);
    }

    #[test]
    fn winning_cells_complete_a_chain() {
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let keys = Keys::new(9);
        // Red a1 and a3: a2 joins them (and the top to the bottom).
        let position = Position::new([u64::bit(0) | u64::bit(6), 0], Stone::Red, &keys);
        assert_eq!(position.winning_cells(Stone::Red, &geometry), u64::bit(3));
        assert!(!position.joined(Stone::Red, &geometry));
    }
}
