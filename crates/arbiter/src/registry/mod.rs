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

mod options;

pub use options::{GoOptions, HexOptions, OptionError};

use options::limits;

use std::path::PathBuf;

use crate::game::{AnyGame, Game};
use crate::go::dead::DEFAULT_VISITS;
use crate::hex::solve::{Analysis, DEFAULT_BUDGET, DEFAULT_MEGABYTES, Question, Settings, Store};
use crate::setup::{Grid, Page, SetUp};
use crate::{cheesy, gioco, go, hex};

/// A game, by the name the command line, the web board and JSON records give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

impl crate::named::Named for GameName {
    const ALL: &'static [GameName] = &GameName::ALL;

    fn name(self) -> &'static str {
        GameName::name(self)
    }

    fn help(self) -> &'static str {
        GameName::help(self)
    }
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

    /// The game in a line, for help.
    pub const fn help(self) -> &'static str {
        match self {
            GameName::Hex => "The Hex judge, and Hex game records",
            GameName::Gioco => "Il Gioco dell'X",
            GameName::Go => "Go scoring: contest positions and game records",
            GameName::Cheesy => "Cheesy Chess",
        }
    }

    /// The game's page on the web board ([`SetUp::PAGE`]).
    pub const fn page(self) -> Page {
        match self {
            GameName::Hex => hex::Hex::PAGE,
            GameName::Gioco => gioco::Gioco::PAGE,
            GameName::Go => go::Go::PAGE,
            GameName::Cheesy => cheesy::Cheesy::PAGE,
        }
    }

    /// A new board of side `n` for the game's page ([`SetUp::blank`]).
    pub fn blank(self, n: usize) -> Vec<String> {
        match self {
            GameName::Hex => hex::Hex::blank(n),
            GameName::Gioco => gioco::Gioco::blank(n),
            GameName::Go => go::Go::blank(n),
            GameName::Cheesy => cheesy::Cheesy::blank(n),
        }
    }

    /// A position set up by clicking, as the game's contest text, and where its cells are
    /// drawn ([`SetUp::contest_text`]).
    ///
    /// # Errors
    /// Rows that break the game's shape or letters, in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::registry::GameName;
    ///
    /// let rows = ["R.".to_string(), "RB".to_string()];
    /// let (text, _) = GameName::Hex.contest_text(&rows).unwrap();
    /// assert_eq!(text, "1\n2\nR.\nRB\n");
    /// ```
    pub fn contest_text(self, rows: &[String]) -> Result<(String, Grid), String> {
        match self {
            GameName::Hex => hex::Hex::contest_text(rows),
            GameName::Gioco => gioco::Gioco::contest_text(rows),
            GameName::Go => go::Go::contest_text(rows),
            GameName::Cheesy => cheesy::Cheesy::contest_text(rows),
        }
    }

    /// Where the cells of a case's picture are ([`SetUp::picture_grid`]).
    pub fn picture_grid(self, rows: &[String], ruled: bool) -> Option<Grid> {
        match self {
            GameName::Hex => hex::Hex::picture_grid(rows, ruled),
            GameName::Gioco => gioco::Gioco::picture_grid(rows, ruled),
            GameName::Go => go::Go::picture_grid(rows, ruled),
            GameName::Cheesy => cheesy::Cheesy::picture_grid(rows, ruled),
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
    /// A Go game reviewed move by move.
    #[cfg(feature = "net")]
    GoReview(go::review::GoReview),
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
            #[cfg(feature = "net")]
            Judge::GoReview(_) => GameName::Go,
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
            #[cfg(feature = "net")]
            Judge::GoReview(game) => visit.visit(game),
            Judge::Cheesy(game) => visit.visit(game),
        }
    }
}

impl GameName {
    /// The game's judge with options deserialised from any serde source (a request's query,
    /// Python's keyword arguments, JSON): each named as the command line names them (`rules`,
    /// `komi`, `dead_at`, `solve`, ...), each value as text or as its own type, into the
    /// game's options ([`GoOptions`], [`HexOptions`]; Il Gioco dell'X and Cheesy Chess take
    /// none).
    ///
    /// # Errors
    /// An option the game does not take, or a value it cannot be, in words.
    #[cfg(feature = "serde")]
    pub fn judge_from<'de, D: serde::Deserializer<'de>>(
        self,
        options: D,
    ) -> Result<Judge, OptionError> {
        match self {
            GameName::Go => self.given::<GoOptions, D>(options)?.judge(),
            GameName::Hex => self.given::<HexOptions, D>(options)?.judge(),
            GameName::Gioco | GameName::Cheesy => {
                self.given::<NoOptions, D>(options)?;
                Ok(self.judge())
            }
        }
    }

    /// The game's options `T` from `options`; an option `T` does not know is an error.
    #[cfg(feature = "serde")]
    fn given<'de, T: serde::Deserialize<'de>, D: serde::Deserializer<'de>>(
        self,
        options: D,
    ) -> Result<T, OptionError> {
        /// The options and any others given.
        #[derive(serde::Deserialize)]
        struct Given<T> {
            #[serde(flatten)]
            options: T,
            #[serde(flatten)]
            others: std::collections::BTreeMap<String, serde::de::IgnoredAny>,
        }
        let given: Given<T> = serde::Deserialize::deserialize(options)
            .map_err(|e: D::Error| OptionError::Given(e.to_string()))?;
        match given.others.into_keys().next() {
            Some(option) => Err(OptionError::Unknown {
                game: self.name(),
                option,
                takes: match self.options() {
                    [] => "it takes none".to_string(),
                    names => format!("its options are {}", names.join(", ")),
                },
            }),
            None => Ok(given.options),
        }
    }

    /// [`GameName::judge_from`] with options given as names and texts (`("komi", "7.5")`);
    /// empty texts are options not given, points are listed with commas (`"Q16,R17"`),
    /// switches are `true` or `false`.
    ///
    /// | game | options |
    /// |---|---|
    /// | go | `rules`, `komi`, `dead`, `dead_at`, `alive_at`, `at_move`, `check`, `network` (a file), `visits`, `territory`; `review` (every move, with `rules`, `komi`, `at_move`, `network`, `visits`) |
    /// | hex | `at_move`, `check`; `solve`, with `to_move`, `moves`, `winner`, `pruned`, `budget` (seconds, 0 none), `memory` (MB), `jobs`, `db` (a solution store's file) |
    /// | gioco, cheesy | none |
    ///
    /// # Errors
    /// As [`GameName::judge_from`].
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::registry::{GameName, Judge};
    ///
    /// let judge = GameName::Go.judge_with([("rules", "chinese"), ("komi", "7.5")]).unwrap();
    /// let Judge::Go(go) = judge else { unreachable!() };
    /// assert_eq!(go.scoring.komi.unwrap().to_string(), "7.5");
    /// assert_eq!(
    ///     GameName::Gioco.judge_with([("komi", "7")]).unwrap_err().to_string(),
    ///     "no option komi for gioco: it takes none"
    /// );
    /// ```
    #[cfg(feature = "serde")]
    pub fn judge_with<'a>(
        self,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Judge, OptionError> {
        let options = serde::de::value::MapDeserializer::<_, serde::de::value::Error>::new(
            options.into_iter(),
        );
        self.judge_from(options)
    }

    /// The options of [`GameName::options`] that judge a position from its text alone: all
    /// but [`GameName::NOT_FROM_TEXT`], those that name a file on the machine (`network`,
    /// `db`), start the solver or compare a record's result, which a front serving others
    /// (the web board) leaves out.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::registry::GameName;
    ///
    /// assert_eq!(GameName::Hex.options_from_text(), ["at_move"]);
    /// assert!(!GameName::Go.options_from_text().contains(&"network"));
    /// ```
    pub fn options_from_text(self) -> Vec<&'static str> {
        self.options()
            .iter()
            .copied()
            .filter(|option| !Self::NOT_FROM_TEXT.contains(option))
            .collect()
    }

    /// The options a front serving others leaves out ([`GameName::options_from_text`]).
    pub const NOT_FROM_TEXT: &'static [&'static str] = &[
        "check", "network", "db", "solve", "to_move", "moves", "winner", "pruned", "budget",
        "memory", "jobs",
    ];

    /// The options the game takes, as its options type names them ([`GoOptions::NAMES`],
    /// [`HexOptions::NAMES`]).
    pub fn options(self) -> &'static [&'static str] {
        match self {
            GameName::Go => GoOptions::NAMES,
            GameName::Hex => HexOptions::NAMES,
            GameName::Gioco | GameName::Cheesy => &[],
        }
    }
}

impl GoOptions {
    /// The judge these options ask for: Go scoring, or with `review` a review.
    ///
    /// # Errors
    /// A value past its limits, komi with the contest's rule, a network that cannot be read.
    pub fn judge(self) -> Result<Judge, OptionError> {
        within("at_move", self.at_move, limits::from_one)?;
        within("visits", self.visits, limits::visits)?;
        let mut go = go::Go::new(self.rules, self.komi)
            .map_err(|_| OptionError::KomiWithoutRules(self.komi.unwrap_or_default()))?;
        go.scoring.dead = self.dead;
        go.scoring.territory = self.territory;
        go.scoring.dead_at = self.dead_at;
        go.scoring.alive_at = self.alive_at;
        go.scoring.visits = self.visits;
        go.at_move = self.at_move;
        go.check = self.check;
        if let Some(path) = self.network {
            read_network(&mut go, path)?;
        }
        if self.review {
            return review(go);
        }
        Ok(Judge::Go(go))
    }
}

impl HexOptions {
    /// The judge these options ask for: the Hex judge, or with `solve` the solver.
    ///
    /// # Errors
    /// A value past its limits, `winner` with `pruned`, a store that cannot be opened.
    pub fn judge(self) -> Result<Judge, OptionError> {
        within("at_move", self.at_move, limits::from_one)?;
        if !self.solve {
            return Ok(Judge::Hex(hex::Hex {
                check: self.check,
                at_move: self.at_move,
            }));
        }
        let megabytes = self.memory.unwrap_or(DEFAULT_MEGABYTES);
        within("memory", Some(megabytes), limits::megabytes)?;
        within("jobs", self.jobs, limits::from_one)?;
        let question = match (self.winner, self.pruned) {
            (true, true) => {
                let why = "not with winner=true (one question a position)";
                return Err(bad("pruned", true, why));
            }
            (true, false) => Question::Winner,
            (false, true) => Question::ConsideredMoves,
            (false, false) => Question::EveryMove,
        };
        let store = match self.db {
            None => None,
            Some(path) => match Store::open(&path) {
                Ok(store) => Some(store.shared()),
                Err(error) => return Err(OptionError::Store { path, error }),
            },
        };
        let budget = self.budget.unwrap_or(DEFAULT_BUDGET);
        Ok(Judge::HexSolver(Analysis {
            settings: Settings {
                budget: (!budget.is_zero()).then_some(budget),
                megabytes,
                threads: self.jobs.unwrap_or(1),
                ..Default::default()
            },
            to_move: self.to_move,
            moves: self.moves,
            question,
            at_move: self.at_move,
            store,
        }))
    }
}

/// `value` of `option` held to its limit, when given.
fn within<T: Copy + ToString>(
    option: &'static str,
    value: Option<T>,
    limit: fn(T) -> Result<T, String>,
) -> Result<(), OptionError> {
    if let Some(value) = value {
        limit(value).map_err(|takes| bad(option, value, takes))?;
    }
    Ok(())
}

/// A value an option cannot be, or options that do not go together.
fn bad(option: &'static str, value: impl ToString, takes: impl ToString) -> OptionError {
    OptionError::Value {
        option,
        value: value.to_string(),
        takes: takes.to_string(),
    }
}

/// The Go judge made a review's, reading with the judge's visits.
#[cfg(feature = "net")]
fn review(go: go::Go) -> Result<Judge, OptionError> {
    let settings = go::review::Settings {
        visits: go.scoring.visits.unwrap_or(DEFAULT_VISITS),
        ..Default::default()
    };
    Ok(Judge::GoReview(go::review::GoReview { go, settings }))
}

#[cfg(not(feature = "net"))]
fn review(_: go::Go) -> Result<Judge, OptionError> {
    let _ = DEFAULT_VISITS;
    Err(bad(
        "review",
        true,
        "this build has no network (the `net` feature)",
    ))
}

/// Reads a KataGo model file for the Go judge's estimates.
#[cfg(feature = "net")]
fn read_network(go: &mut go::Go, path: PathBuf) -> Result<(), OptionError> {
    match go::net::Network::read_file(&path) {
        Ok(network) => {
            go.scoring.network = Some(go::net::Shared::new(network));
            Ok(())
        }
        Err(error) => Err(OptionError::Network {
            path,
            why: error.to_string(),
        }),
    }
}

#[cfg(not(feature = "net"))]
fn read_network(_: &mut go::Go, path: PathBuf) -> Result<(), OptionError> {
    let why = "this build of arbiter has no networks (feature net)".to_string();
    Err(OptionError::Network { path, why })
}

/// The options of a game that takes none.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct NoOptions {}

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
    fn the_options_from_text_are_options_of_the_game_and_name_no_file() {
        for game in GameName::ALL {
            for option in game.options_from_text() {
                assert!(game.options().contains(&option), "{game} {option}");
            }
            for reads_a_file in ["network", "db", "solve"] {
                assert!(!game.options_from_text().contains(&reads_a_file));
            }
        }
    }

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

    #[test]
    fn options_by_name_make_the_judge_the_command_line_makes() {
        let judge = GameName::Go
            .judge_with([
                ("rules", "Chinese"),
                ("komi", "7"),
                ("dead", "none"),
                ("dead-at", "Q16, R17,"),
                ("alive_at", "C3"),
                ("at_move", "120"),
                ("check", "true"),
            ])
            .unwrap();
        let Judge::Go(go) = judge else {
            panic!("not a Go judge")
        };
        assert_eq!(
            go.scoring.rules,
            Some(go::Choice::Rules(go::rules::RuleSet::Chinese))
        );
        assert_eq!(go.scoring.komi.unwrap().to_string(), "7");
        assert_eq!(go.scoring.dead, Some(go::dead::DeadFrom::None));
        assert_eq!(go.scoring.dead_at, ["Q16", "R17"]);
        assert_eq!(go.scoring.alive_at, ["C3"]);
        assert_eq!((go.at_move, go.check), (Some(120), true));
        // Empty values are options not given.
        assert_eq!(
            GameName::Go
                .judge_with([("rules", ""), ("komi", " ")])
                .unwrap(),
            GameName::Go.judge()
        );
        let Judge::Hex(hex) = GameName::Hex.judge_with([("check", "1")]).unwrap() else {
            panic!("not the Hex judge")
        };
        assert!(hex.check);
        let solver = GameName::Hex
            .judge_with([
                ("solve", "true"),
                ("to_move", "blue"),
                ("budget", "0"),
                ("jobs", "2"),
            ])
            .unwrap();
        let Judge::HexSolver(analysis) = solver else {
            panic!("not the Hex solver")
        };
        assert_eq!(analysis.to_move, Some(hex::Stone::Blue));
        assert_eq!(analysis.settings.budget, None);
        assert_eq!(analysis.settings.threads, 2);
        let default = GameName::Hex.judge_with([("solve", "yes")]).unwrap();
        let Judge::HexSolver(analysis) = default else {
            panic!("not the Hex solver")
        };
        assert_eq!(
            analysis.settings.budget,
            Some(std::time::Duration::from_secs(60))
        );
    }

    #[test]
    fn options_a_game_does_not_take_or_values_it_cannot_be_are_refused_in_words() {
        let refused = |game: GameName, option: (&str, &str)| {
            game.judge_with([option]).unwrap_err().to_string()
        };
        assert_eq!(
            refused(GameName::Cheesy, ("komi", "7")),
            "no option komi for cheesy: it takes none"
        );
        assert_eq!(
            refused(GameName::Hex, ("rules", "aga")),
            "no option rules for hex: its options are at_move, check, solve, to_move, moves, winner, pruned, budget, memory, jobs, db"
        );
        let both =
            GameName::Hex.judge_with([("solve", "true"), ("winner", "true"), ("pruned", "1")]);
        assert_eq!(
            both.unwrap_err().to_string(),
            "pruned=true: not with winner=true (one question a position)"
        );
        assert_eq!(
            refused(GameName::Go, ("komi", "lots")).split(':').next(),
            Some("komi=lots")
        );
        assert_eq!(
            refused(GameName::Go, ("dead", "maybe")),
            "dead=maybe: markup, estimate, playouts or none"
        );
        assert_eq!(
            refused(GameName::Go, ("territory", "mine")),
            "territory=mine: count or markup"
        );
        assert_eq!(
            refused(GameName::Go, ("at_move", "0")),
            "at_move=0: a whole number from 1"
        );
        assert_eq!(
            refused(GameName::Go, ("check", "perhaps")),
            "check=perhaps: true or false"
        );
        assert!(refused(GameName::Go, ("rules", "chess")).contains("chess"));
        assert!(
            refused(GameName::Go, ("network", "/no/such.bin.gz"))
                .starts_with("network=/no/such.bin.gz: ")
        );
        assert_eq!(
            GameName::Hex
                .judge_with([("solve", "true"), ("to_move", "green")])
                .unwrap_err()
                .to_string(),
            "to_move=green: red or blue"
        );
        assert_eq!(
            GameName::Hex
                .judge_with([("solve", "true"), ("budget", "-1")])
                .unwrap_err()
                .to_string(),
            "budget=-1: a number of seconds from 0 up"
        );
    }
}
