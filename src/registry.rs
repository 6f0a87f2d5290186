//! Every game arbiter judges, listed once: [`GameName`] names each game, and [`Judge`] holds a
//! game's judge with its options.
//!
//! The fronts (the command line, `gen` and `validate`, the web board, the fuzz targets) go
//! through these two types rather than naming the games themselves, so that a new game is
//! added here and in its own module, not in every front. [`Game`] is generic (its cases and
//! verdicts are types of their own), so a front that works on any game is written once as a
//! [`Visit`], and [`Judge::visit`] runs it with the game inside.
//!
//! # Examples
//!
//! ```
//! use arbiter::Game;
//! use arbiter::registry::{GameName, Visit};
//!
//! /// The verdict of the first case of a text, whatever the game.
//! struct First<'a>(&'a str);
//!
//! impl Visit for First<'_> {
//!     type Output = String;
//!
//!     fn visit<G: Game>(self, game: &G) -> String {
//!         let raw = game.read(self.0.as_bytes()).next().unwrap().unwrap();
//!         game.verdict(&game.prepare(raw).unwrap()).to_string()
//!     }
//! }
//!
//! let go: GameName = "go".parse().unwrap();
//! assert_eq!(go.judge().visit(First("2 1 0\n1 1\n0\n")), "Black wins by 3");
//! assert_eq!(GameName::Gioco.judge().visit(First("1\nb\n0\n")), "B");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::game::{AnyGame, Game};
use crate::{cheesy, gioco, go, hex};

/// A game, by the name the command line, the web board and JSON records give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum GameName {
    /// The Hex judge, and Hex game records.
    Hex,
    /// Il Gioco dell'X.
    Gioco,
    /// Go scoring: contest positions and game records.
    Go,
    /// Cheesy Chess.
    Cheesy,
}

impl GameName {
    /// Every game, in the order the documentation lists them.
    pub const ALL: [GameName; 4] = [
        GameName::Hex,
        GameName::Gioco,
        GameName::Go,
        GameName::Cheesy,
    ];

    /// The game's name: `hex`, `gioco`, `go` or `cheesy`.
    pub const fn name(self) -> &'static str {
        match self {
            GameName::Hex => hex::Hex::NAME,
            GameName::Gioco => gioco::Gioco::NAME,
            GameName::Go => go::Go::NAME,
            GameName::Cheesy => cheesy::Cheesy::NAME,
        }
    }

    /// The game's title, as people write it: `Il Gioco dell'X`.
    pub const fn title(self) -> &'static str {
        match self {
            GameName::Hex => "Hex",
            GameName::Gioco => "Il Gioco dell'X",
            GameName::Go => "Go",
            GameName::Cheesy => "Cheesy Chess",
        }
    }

    /// The game's contest judge with its type erased, for the tools that treat every game
    /// alike: `validate`, and `gen` with the `generate` feature.
    pub fn contest(self) -> &'static dyn AnyGame {
        static GO: go::Go = go::Go::CONTEST;
        match self {
            GameName::Hex => &hex::Hex::CONTEST,
            GameName::Gioco => &gioco::Gioco,
            GameName::Go => &GO,
            GameName::Cheesy => &cheesy::Cheesy,
        }
    }

    /// The game's judge with the options a contest input needs: none.
    pub fn judge(self) -> Judge {
        match self {
            GameName::Hex => Judge::Hex(hex::Hex::CONTEST),
            GameName::Gioco => Judge::Gioco(gioco::Gioco),
            GameName::Go => Judge::Go(go::Go::CONTEST),
            GameName::Cheesy => Judge::Cheesy(cheesy::Cheesy),
        }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`GameName::from_str`]: no game has this name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no game is called '{0}': the games are hex, gioco, go and cheesy")]
pub struct UnknownGame(pub String);

impl FromStr for GameName {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<Self, UnknownGame> {
        GameName::ALL
            .into_iter()
            .find(|game| game.name() == name)
            .ok_or_else(|| UnknownGame(name.to_owned()))
    }
}

/// A game's judge with its options: what a front has been asked to judge with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judge {
    /// The Hex judge (contest boards and game records).
    Hex(hex::Hex),
    /// The Hex solver: perfect play on each position.
    HexSolver(hex::solve::Analysis),
    /// Il Gioco dell'X.
    Gioco(gioco::Gioco),
    /// Go scoring, with its rules, komi and dead stones.
    Go(go::Go),
    /// Cheesy Chess.
    Cheesy(cheesy::Cheesy),
}

impl Judge {
    /// The game judged.
    pub fn game(&self) -> GameName {
        match self {
            Judge::Hex(_) | Judge::HexSolver(_) => GameName::Hex,
            Judge::Gioco(_) => GameName::Gioco,
            Judge::Go(_) => GameName::Go,
            Judge::Cheesy(_) => GameName::Cheesy,
        }
    }

    /// Runs `visit` with the judge inside, as its own type.
    pub fn visit<V: Visit>(&self, visit: V) -> V::Output {
        match self {
            Judge::Hex(game) => visit.visit(game),
            Judge::HexSolver(game) => visit.visit(game),
            Judge::Gioco(game) => visit.visit(game),
            Judge::Go(game) => visit.visit(game),
            Judge::Cheesy(game) => visit.visit(game),
        }
    }
}

/// Work written once for every game: [`Judge::visit`] runs it with the game inside.
pub trait Visit {
    /// What the work gives.
    type Output;

    /// Does the work with `game`.
    fn visit<G: Game>(self, game: &G) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_its_name_and_judged_by_its_own_judge() {
        for game in GameName::ALL {
            assert_eq!(game.name().parse::<GameName>(), Ok(game));
            assert_eq!(game.contest().name(), game.name());
            assert_eq!(game.judge().game(), game);
        }
        assert_eq!(
            "chess".parse::<GameName>().unwrap_err().to_string(),
            "no game is called 'chess': the games are hex, gioco, go and cheesy"
        );
    }
}
