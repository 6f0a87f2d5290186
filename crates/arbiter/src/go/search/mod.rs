//! Reading a Go position with the network: a search of the moves that follow, as KataGo
//! reads (PUCT: a Monte Carlo tree search whose every leaf is the network's evaluation and
//! whose moves are tried by the network's policy and the values found so far).
//!
//! A [`Search`] makes a fixed number of visits from a position and says what it read
//! ([`Reading`]): the chances and the lead averaged over the visits, each move it tried, and
//! the ownership of every point averaged over the tree as KataGo's `ownership` averages it
//! (each node's own map weighted against its children's, a child's share growing with the
//! square of its visits). The raw network judges a group by its shape; the search plays the
//! fight out, so a ladder, a capturing race or a group one move from life is read, not
//! guessed.
//!
//! The search is deterministic: the same position and settings give the same reading on any
//! number of threads. Leaves are gathered a batch at a time by one thread (virtual losses keep
//! a batch's descents apart, in an order fixed by the tree), the batch is evaluated by the
//! network in one pass (its matrix products run over the whole batch, split among threads),
//! and the values are backed up in the batch's order. A position's evaluation does not depend
//! on the positions beside it in a batch, so neither the batch's split nor the thread count
//! changes any number.
//!
//! # Examples
//!
//! ```
//! use arbiter::go::net::Network;
//! use arbiter::go::rules::RuleSet;
//! use arbiter::go::search::{Search, Settings};
//! use arbiter::go::{Position, Stone};
//!
//! // White's stone in the middle has one liberty left: it is Black's.
//! let position: Position = "
//!     .....
//!     .XXX.
//!     .XOX.
//!     .X.X.
//!     ....."
//!     .parse()
//!     .unwrap();
//! let network = Network::bundled().unwrap();
//! let mut search = Search::new(network, Settings { visits: 16, ..Settings::default() });
//! let reading = search.read(&position, Stone::Black, RuleSet::Chinese, 0.5).unwrap();
//! assert_eq!(reading.visits, 16);
//! // The white stone at C3 (row 2, column 2) is Black's.
//! assert!(reading.ownership[2 * 5 + 2] < -0.5);
//! ```

mod reading;
mod tree;

#[cfg(test)]
mod tests;

use super::board::{Board, other};
use super::net::{Game, NetRules, Network};
use super::position::{Position, Stone};
use super::rules::RuleSet;

pub use reading::{Candidate, Reading, Settings};
pub(crate) use tree::Tree;

/// A search on a network, ready to read positions.
#[derive(Clone, Debug)]
pub struct Search<'n> {
    network: &'n Network,
    settings: Settings,
}

impl<'n> Search<'n> {
    /// A search on `network`.
    pub fn new(network: &'n Network, settings: Settings) -> Search<'n> {
        Search { network, settings }
    }

    /// Its settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Reads `position` with `to_move` to move under `rules` with White's `komi`, as if the
    /// game started from it; `None` when the board is wider than the network takes.
    pub fn read(
        &mut self,
        position: &Position,
        to_move: Stone,
        rules: RuleSet,
        komi: f32,
    ) -> Option<Reading> {
        if position.width().max(position.height()) > super::net::MAX_SIDE {
            return None;
        }
        let board = Board::of_position(position)?;
        let game = Game::new(board, to_move, NetRules::of(rules), komi);
        Some(self.read_game(&game, to_move))
    }

    /// Reads a game's position with `to_move` to move.
    pub(crate) fn read_game(&mut self, game: &Game, to_move: Stone) -> Reading {
        let mut tree = Tree::new(game.clone(), to_move);
        tree.search(self.network, self.settings);
        tree.reading()
    }

    /// Plays `game` out from its position, `to_move` first, each move the one a search of
    /// these settings prefers (the tree kept from one move to the next), until both sides pass
    /// in turn, `max_moves` are played, or `settled` says that nothing is left to learn from
    /// the board and the search's reading of it (White's ownership): the board at the end,
    /// and the last reading's ownership.
    pub(crate) fn play_out(
        &mut self,
        game: &Game,
        to_move: Stone,
        max_moves: usize,
        mut settled: impl FnMut(&Board, &[f32]) -> bool,
    ) -> PlayedOut {
        let mut tree = Tree::new(game.clone(), to_move);
        let mut passes = 0;
        let mut moves = 0;
        let mut ownership = Vec::new();
        while passes < 2 && moves < max_moves {
            tree.search(self.network, self.settings);
            let reading = tree.reading();
            ownership = reading.ownership.clone();
            if settled(&tree.root().board, &ownership) {
                break;
            }
            let board = &tree.root().board;
            let mover = tree.to_move();
            let at = reading
                .best()
                .and_then(|c| c.at)
                .map(|at| board.index(at.col, at.row))
                .or_else(|| cleanup(tree.root(), mover));
            passes = if at.is_none() { passes + 1 } else { 0 };
            tree.advance(at);
            moves += 1;
        }
        PlayedOut {
            board: tree.root().board.clone(),
            ended: passes >= 2,
            ownership,
        }
    }
}

/// Instead of a pass in a play-out: a move that takes an enemy stone out of `mover`'s
/// pass-alive area (an empty point of it next to an enemy stone), so that under Tromp-Taylor's
/// count, which takes every stone left on the board as alive, no dead stone stays on the board
/// for want of a reason to capture it (KataGo's cleanup before a pass does the same).
fn cleanup(game: &Game, mover: Stone) -> Option<usize> {
    let board = &game.board;
    let area = super::net::area(board, game.rules.suicide);
    let width = board.width();
    board.points().find(|&index| {
        let (x, y) = board.point(index);
        area[y * width + x] == Some(mover)
            && board.is_empty(index)
            && board
                .around(index)
                .iter()
                .any(|&n| board.stone(n) == Some(other(mover)))
            && game.is_legal(index, mover)
    })
}

/// A position played out by the search.
#[derive(Clone, Debug)]
pub(crate) struct PlayedOut {
    /// The board at the end.
    pub board: Board,
    /// Whether it ended with two passes.
    pub ended: bool,
    /// White's ownership as the last search read it, row by row.
    pub ownership: Vec<f32>,
}
