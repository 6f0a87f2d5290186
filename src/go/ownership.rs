//! Dead stones from KataGo's network's ownership map, as Go servers mark them after a game,
//! with the position's certain life and death and seki over it.
//!
//! The rule, chain by chain:
//!
//! 1. **Certain**: Benson's unconditional life decides where it applies: a chain no attack can
//!    capture is alive, an enemy stone inside an eye of such chains is dead.
//! 2. **Ownership**: the network is asked twice, once with each side to move (a finished
//!    board does not say whose turn it is, and a point that changes hands with the turn is
//!    unsettled), and the two maps are averaged. A chain is dead when, averaged over its
//!    stones, the other colour owns its points by more than [`OWNERSHIP_THRESHOLD`](super::dead::OWNERSHIP_THRESHOLD); otherwise alive (a
//!    stone the network is unsure of stays on the board).
//!
//! Seki is the network's to judge: it reads the rules (territory rules tax seki), and a
//! liberty-counting rule over it did worse on the servers' boards: a chain that shares two
//! liberties with a small enemy chain, neither able to fill one, still dies when the enemy
//! throws the small chain in and leaves it a two-point eye.
//!
//! The network takes boards of up to 19 x 19; `super::estimate` falls back to playouts on
//! larger ones.

use super::Stone;
use super::board::{self, Board};
use super::dead::{self, Call, ChainCall, Estimate, Estimator, OWNERSHIP_THRESHOLD as THRESHOLD};
use super::net::{Game, NetRules, Network};
use super::rules::RuleSet;

/// The ownership map of a finished board, from -1 (White's) to 1 (Black's), per point from row
/// 0: the mean of the network's maps with either side to move.
pub(crate) fn ownership(network: &Network, board: &Board, rules: RuleSet, komi: f32) -> Vec<f32> {
    let map = |to_move: Stone| {
        let game = Game::new(board.clone(), to_move, NetRules::of(rules), komi);
        network.evaluate(&game, to_move).ownership
    };
    let (black_first, white_first) = (map(Stone::Black), map(Stone::White));
    // The network says White's ownership.
    black_first
        .iter()
        .zip(&white_first)
        .map(|(a, b)| -(a + b) / 2.0)
        .collect()
}

/// The estimate of a finished board's dead stones from its ownership map (see the module's
/// notes).
pub(crate) fn estimate(board: &Board, ownership: Vec<f32>) -> Estimate {
    let width = board.width();
    let fate = dead::certain(board);
    let black_owns = |p: usize| {
        let (x, y) = board.point(p);
        ownership[y * width + x]
    };
    let chains: Vec<ChainCall> = board::chains(board)
        .into_iter()
        .map(|(stone, stones)| {
            let sum: f32 = stones.iter().map(|&s| black_owns(s)).sum();
            let mean = sum / stones.len() as f32;
            let own = match stone {
                Stone::Black => mean,
                Stone::White => -mean,
            };
            let taken = ((1.0 - own) / 2.0).clamp(0.0_f32, 1.0);
            let (dead, call) = match fate[stones[0]] {
                Some(dead) => (dead, Call::Certain),
                None => (own < -THRESHOLD, Call::Ownership),
            };
            ChainCall {
                stones,
                stone,
                dead,
                call,
                taken,
            }
        })
        .collect();
    Estimate {
        by: Estimator::Network,
        chains,
        ownership: Some(ownership),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A uniform map: every point `value` (Black's ownership).
    fn map(b: &Board, value: f32) -> Vec<f32> {
        vec![value; b.width() * b.height()]
    }

    #[test]
    fn a_chain_is_dead_when_the_other_colour_owns_its_points_past_the_threshold() {
        let b = Board::from_rows(&[".....", ".X...", ".....", ".....", "....."]);
        let just_past = estimate(&b, map(&b, -THRESHOLD - 0.01));
        assert_eq!(just_past.dead().len(), 1);
        assert_eq!(just_past.chains[0].call, Call::Ownership);
        let short_of_it = estimate(&b, map(&b, -THRESHOLD + 0.01));
        assert!(short_of_it.dead().is_empty());
        assert!((short_of_it.chains[0].taken - (1.0 + THRESHOLD - 0.01) / 2.0).abs() < 1e-6);
    }

    #[test]
    fn benson_s_certain_life_outweighs_the_map() {
        // Black's wall with three eyes across the top is unconditionally alive; the white
        // stone in one of them can never make an eye. The map says the opposite of both.
        let b = Board::from_rows(&["O.X.X", "XXXXX", ".....", ".....", "....."]);
        let white_owns_all = estimate(&b, map(&b, -1.0));
        let black_owns_all = estimate(&b, map(&b, 1.0));
        for chain in white_owns_all.chains.iter().chain(&black_owns_all.chains) {
            assert_eq!(chain.call, Call::Certain, "{chain:?}");
            assert_eq!(chain.dead, chain.stone == Stone::White, "{chain:?}");
        }
    }
}
