//! What a search is asked ([`Settings`]) and what it says ([`Reading`], [`Candidate`]).

use crate::grid::Coord;

/// How a search reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The visits a search makes from its position: each one a network evaluation, or the
    /// count of a game over.
    pub visits: u32,
    /// The leaves evaluated together in one pass of the network.
    pub batch: usize,
    /// The threads that share a batch's evaluation (the reading does not depend on them).
    pub threads: usize,
    /// How much the score counts beside the chance to win, as a multiple of KataGo's own
    /// weights (1). A judge of dead stones wants every point taken, dead stones included, even
    /// once the game is won: it reads with the score counting more.
    pub score_weight: f32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            visits: crate::go::dead::DEFAULT_VISITS,
            batch: 8,
            threads: 1,
            score_weight: 1.0,
        }
    }
}

/// What a search read of a position, from White's point of view as KataGo says it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The visits made.
    pub visits: u32,
    /// White's chance to win, averaged over the visits.
    pub white_win: f32,
    /// White's chance to lose, averaged over the visits.
    pub white_loss: f32,
    /// White's lead in points, averaged over the visits (negative: Black leads).
    pub white_lead: f32,
    /// Each point's ownership averaged over the tree, row by row from the top: 1 White's, -1
    /// Black's.
    pub ownership: Vec<f32>,
    /// The moves tried from the position, the most visited first.
    pub moves: Vec<Candidate>,
}

/// A move the search tried from its position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Where (`row` 0 at the top), or `None` for a pass.
    pub at: Option<Coord>,
    /// The visits it got.
    pub visits: u32,
    /// The network's policy for it.
    pub prior: f32,
    /// White's chance to win after it, averaged over its visits.
    pub white_win: f32,
    /// White's lead after it, averaged over its visits.
    pub white_lead: f32,
}

impl Reading {
    /// The move the search prefers: its most visited, `None` when it tried none.
    pub fn best(&self) -> Option<&Candidate> {
        self.moves.first()
    }
}
