//! What a run tells its caller: why it stopped ([`RunError`]), what it warned of on the way
//! ([`Warning`]), and what it did ([`Summary`]).

use std::fmt;
use std::io;

use crate::input::InputError;

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input is not in the game's formats (or could not be read).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

/// Something worth telling the user that does not stop the run: a picture that could not be
/// written, a record that breaks a rule of its game.
#[derive(Debug)]
pub struct Warning {
    /// The case it concerns (from 1).
    pub case: usize,
    /// Whether the case is a game of a collection of records (said "game 3", not "case 3").
    pub game: bool,
    /// What happened.
    pub message: String,
    /// Whether something asked for was not done (a picture not written), which makes the
    /// run fail in the end; a note on the input (a recorded move that breaks the rules) does
    /// not.
    pub unfinished: bool,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = if self.game { "game" } else { "case" };
        write!(f, "{unit} {}: {}", self.case, self.message)
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases judged.
    pub cases: usize,
    /// Cases whose answer disagrees with what the input claims ([`Game::disagrees`](crate::Game::disagrees)).
    pub disagreements: usize,
}
