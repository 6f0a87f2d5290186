//! arbiter's estimate of a finished game's dead stones: by the network's ownership map
//! (`super::ownership`) where it can serve, by seeded playouts (`super::playouts`) where it
//! cannot, with the reason said.
//!
//! The network serves boards of up to 19 x 19 in builds with the `net` feature (the command
//! line's). A larger board, a build without it, or `--dead playouts` gets the playouts.

use super::board::Board;
use super::dead::{DeadFrom, Estimate};
use super::position::Stone;
use super::rules::RuleSet;

/// What an estimate needs besides the board.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EstimateTerms {
    /// The rule set the game is scored by.
    pub rules: RuleSet,
    /// White's komi with its handicap compensation, in points.
    pub komi: f32,
    /// Who moves next (the playouts start with either side; the network is asked with each).
    pub to_move: Stone,
    /// The network, when not the bundled one.
    #[cfg(feature = "net")]
    pub network: Option<super::net::Shared>,
    /// The visits of the search that reads what the network leaves unsure (0: the network
    /// alone).
    pub visits: u32,
    /// Threads that share the search's batches.
    pub threads: usize,
    /// Whether the position is a finished game's (or a position given to count): only then
    /// are the chains the search leaves unsure played out. An unfinished game's estimate
    /// (a resigned game, a record cut at a move) takes the search's reading as it stands,
    /// when a search is asked for at all: playing a game out from its middle is a game's
    /// worth of searching, for an estimate.
    pub finished: bool,
}

/// Why the network cannot serve a `width` x `height` board, when it cannot.
pub(crate) fn without_network(width: usize, height: usize) -> Option<String> {
    #[cfg(feature = "net")]
    {
        let side = super::net::MAX_SIDE;
        if width > side || height > side {
            return Some(format!(
                "the network takes boards of up to {side} x {side}, and this one is {width} x \
                 {height}: dead stones estimated by playouts"
            ));
        }
        match super::net::Network::bundled() {
            Ok(_) => None,
            Err(e) => Some(format!(
                "the network could not be read ({e}): dead stones estimated by playouts"
            )),
        }
    }
    #[cfg(not(feature = "net"))]
    {
        let _ = (width, height);
        Some(
            "this build has no network (the `net` feature): dead stones estimated by playouts"
                .into(),
        )
    }
}

/// The estimate of `board`'s dead stones by `from` ([`DeadFrom::Estimate`]: the network where
/// it serves; [`DeadFrom::Playouts`]: the playouts).
pub(crate) fn estimate(board: &Board, from: DeadFrom, terms: EstimateTerms) -> Estimate {
    #[cfg(feature = "net")]
    if from == DeadFrom::Estimate {
        let side = super::net::MAX_SIDE;
        let network = match &terms.network {
            Some(chosen) => Some(chosen.network()),
            None => super::net::Network::bundled().ok(),
        };
        if let Some(network) = network.filter(|_| board.width() <= side && board.height() <= side) {
            let reading = super::ownership::Reading {
                rules: terms.rules,
                komi: terms.komi,
                visits: terms.visits,
                threads: terms.threads,
                play_out: terms.finished,
            };
            return super::ownership::estimate(network, board, reading);
        }
    }
    let _ = from;
    super::playouts::estimate(board, terms.to_move)
}
