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
use crate::named::Named;
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

/// Why [`GameName::judge_with`] refused its options: which option, and what it takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

impl GameName {
    /// The game's judge with options named as the command line names them (`rules`,
    /// `komi`, `dead`, `dead_at`, `at_move`, `solve`, ...; `-` and `_` alike), each given as
    /// its text: the one place where fronts other than the command line (the web board, the
    /// Python package) turn named options into a judge. Points are listed with commas
    /// (`dead_at` = `"Q16,R17"`), switches are `true` or `false`.
    ///
    /// | game | options |
    /// |---|---|
    /// | go | `rules`, `komi`, `dead`, `dead_at`, `alive_at`, `at_move`, `check`, `network` (a file), `visits`; `review` (every move, with `rules`, `komi`, `at_move`, `network`, `visits`) |
    /// | hex | `at_move`, `check`; `solve`, with `to_move`, `moves`, `winner`, `budget` (seconds, 0 none), `memory` (MB), `jobs`, `db` (a solution store's file) |
    /// | gioco, cheesy | none |
    ///
    /// # Errors
    /// An option the game does not take, or a value it cannot be, in words.
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
    pub fn judge_with<'a>(
        self,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Judge, OptionError> {
        let mut given = std::collections::BTreeMap::new();
        let known = self.options();
        for (name, value) in options {
            let name = name.replace('-', "_");
            if !known.contains(&name.as_str()) {
                let takes = if known.is_empty() {
                    "it takes none".to_string()
                } else {
                    format!("its options are {}", known.join(", "))
                };
                return Err(OptionError(format!("no option {name} for {self}: {takes}")));
            }
            given.insert(name, value.trim());
        }
        let options = Options(given);
        match self {
            GameName::Go => options.go(),
            GameName::Hex if options.switch("solve")? => options.hex_solver(),
            GameName::Hex => Ok(Judge::Hex(hex::Hex {
                check: options.switch("check")?,
                at_move: options.move_number()?,
            })),
            other => Ok(other.judge()),
        }
    }

    /// The options of [`GameName::options`] that judge a position from its text alone: none
    /// that names a file on the machine (`network`, `db`) or starts the solver, which a
    /// front serving others (the web board) leaves out.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::registry::GameName;
    ///
    /// assert_eq!(GameName::Hex.options_from_text(), ["at_move"]);
    /// assert!(!GameName::Go.options_from_text().contains(&"network"));
    /// ```
    pub fn options_from_text(self) -> &'static [&'static str] {
        match self {
            GameName::Go => &[
                "rules",
                "komi",
                "dead",
                "dead_at",
                "alive_at",
                "at_move",
                "visits",
                "review",
                "territory",
            ],
            GameName::Hex => &["at_move"],
            GameName::Gioco | GameName::Cheesy => &[],
        }
    }

    /// The options [`GameName::judge_with`] takes for the game.
    pub fn options(self) -> &'static [&'static str] {
        match self {
            GameName::Go => &[
                "rules",
                "komi",
                "dead",
                "dead_at",
                "alive_at",
                "at_move",
                "check",
                "network",
                "visits",
                "review",
                "territory",
            ],
            GameName::Hex => &[
                "at_move", "check", "solve", "to_move", "moves", "winner", "pruned", "budget",
                "memory", "jobs", "db",
            ],
            GameName::Gioco | GameName::Cheesy => &[],
        }
    }
}

/// Options by name, each as its text, for [`GameName::judge_with`].
struct Options<'a>(std::collections::BTreeMap<String, &'a str>);

impl Options<'_> {
    /// An option's text, `None` when not given or empty.
    fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).copied().filter(|text| !text.is_empty())
    }

    fn bad(name: &str, text: &str, takes: &str) -> OptionError {
        OptionError(format!("{name}={text}: {takes}"))
    }

    /// A switch: `true`/`false` (also `1`/`0`, `yes`/`no`); not given is false.
    fn switch(&self, name: &str) -> Result<bool, OptionError> {
        match self.get(name) {
            None => Ok(false),
            Some("true" | "True" | "1" | "yes") => Ok(true),
            Some("false" | "False" | "0" | "no") => Ok(false),
            Some(text) => Err(Self::bad(name, text, "true or false")),
        }
    }

    /// A whole number from `least` up.
    fn number(&self, name: &str, least: usize) -> Result<Option<usize>, OptionError> {
        match self.get(name) {
            None => Ok(None),
            Some(text) => match text.parse::<usize>() {
                Ok(n) if n >= least => Ok(Some(n)),
                _ => Err(Self::bad(
                    name,
                    text,
                    &format!("a whole number from {least}"),
                )),
            },
        }
    }

    fn move_number(&self) -> Result<Option<usize>, OptionError> {
        self.number("at_move", 1)
    }

    /// Points listed with commas.
    fn points(&self, name: &str) -> Vec<String> {
        self.get(name).map_or_else(Vec::new, |list| {
            list.split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_string)
                .collect()
        })
    }

    fn go(&self) -> Result<Judge, OptionError> {
        use crate::go::dead::DeadFrom;
        let rules = match self.get("rules") {
            None => None,
            Some("contest") => Some(go::Choice::Contest),
            Some(name) => Some(go::Choice::Rules(
                name.parse()
                    .map_err(|e: go::rules::UnknownRules| OptionError(e.to_string()))?,
            )),
        };
        let komi = match self.get("komi") {
            None => None,
            Some(text) => Some(
                text.parse()
                    .map_err(|e: go::KomiError| Self::bad("komi", text, &e.to_string()))?,
            ),
        };
        let mut go = go::Go::new(rules, komi).map_err(|e| OptionError(e.to_string()))?;
        go.scoring.dead = match self.get("dead") {
            None => None,
            Some(text) => Some(
                DeadFrom::from_name(text)
                    .ok_or_else(|| Self::bad("dead", text, "markup, estimate, playouts or none"))?,
            ),
        };
        go.scoring.territory = match self.get("territory") {
            None => None,
            Some(text) => Some(
                go::markup::TerritoryFrom::from_name(text)
                    .ok_or_else(|| Self::bad("territory", text, "count or markup"))?,
            ),
        };
        go.scoring.dead_at = self.points("dead_at");
        go.scoring.alive_at = self.points("alive_at");
        go.at_move = self.move_number()?;
        go.check = self.switch("check")?;
        go.scoring.visits = match self.get("visits") {
            None => None,
            Some(text) => Some(
                text.parse::<u32>()
                    .ok()
                    .filter(|&v| v <= go::dead::MAX_VISITS)
                    .ok_or_else(|| {
                        let range =
                            format!("a number of visits from 0 to {}", go::dead::MAX_VISITS);
                        Self::bad("visits", text, &range)
                    })?,
            ),
        };
        if let Some(path) = self.get("network") {
            Self::network(&mut go, path)?;
        }
        if self.switch("review")? {
            return Self::review(go);
        }
        Ok(Judge::Go(go))
    }

    /// The Go judge's options made a review's.
    #[cfg(feature = "net")]
    fn review(go: go::Go) -> Result<Judge, OptionError> {
        let settings = go::review::Settings {
            visits: go.scoring.visits.unwrap_or(go::dead::DEFAULT_VISITS),
            ..Default::default()
        };
        Ok(Judge::GoReview(go::review::GoReview { go, settings }))
    }

    #[cfg(not(feature = "net"))]
    fn review(_: go::Go) -> Result<Judge, OptionError> {
        Err(OptionError(
            "review=true: this build has no network (the `net` feature)".into(),
        ))
    }

    /// Reads a KataGo model file for the Go judge's estimates.
    #[cfg(feature = "net")]
    fn network(go: &mut go::Go, path: &str) -> Result<(), OptionError> {
        let network = go::net::Network::read_file(std::path::Path::new(path))
            .map_err(|e| Self::bad("network", path, &e.to_string()))?;
        go.scoring.network = Some(go::net::Shared::new(network));
        Ok(())
    }

    #[cfg(not(feature = "net"))]
    fn network(_: &mut go::Go, path: &str) -> Result<(), OptionError> {
        let why = "this build of arbiter has no networks (feature net)";
        Err(Self::bad("network", path, why))
    }

    fn hex_solver(&self) -> Result<Judge, OptionError> {
        use hex::solve::{
            Analysis, DEFAULT_BUDGET, DEFAULT_MEGABYTES, MAX_MEGABYTES, Question, Settings,
        };
        let to_move = match self.get("to_move") {
            None => None,
            Some("red" | "Red" | "black" | "b" | "B") => Some(hex::Stone::Red),
            Some("blue" | "Blue" | "white" | "w" | "W") => Some(hex::Stone::Blue),
            Some(text) => return Err(Self::bad("to_move", text, "red or blue")),
        };
        let budget = match self.get("budget") {
            None => Some(DEFAULT_BUDGET),
            Some(text) => {
                let seconds = text
                    .parse::<f64>()
                    .ok()
                    .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok())
                    .ok_or_else(|| Self::bad("budget", text, "a number of seconds from 0 up"))?;
                (!seconds.is_zero()).then_some(seconds)
            }
        };
        let megabytes = self.number("memory", 1)?.unwrap_or(DEFAULT_MEGABYTES);
        if megabytes > MAX_MEGABYTES {
            return Err(Self::bad(
                "memory",
                &megabytes.to_string(),
                &format!("at most {MAX_MEGABYTES} (MB)"),
            ));
        }
        Ok(Judge::HexSolver(Analysis {
            settings: Settings {
                budget,
                megabytes,
                threads: self.number("jobs", 1)?.unwrap_or(1),
                ..Default::default()
            },
            to_move,
            moves: self.switch("moves")?,
            question: match (self.switch("winner")?, self.switch("pruned")?) {
                (true, true) => {
                    let why = "not with winner=true (one question a position)";
                    return Err(Self::bad("pruned", "true", why));
                }
                (true, false) => Question::Winner,
                (false, true) => Question::ConsideredMoves,
                (false, false) => Question::EveryMove,
            },
            at_move: self.move_number()?,
            store: match self.get("db") {
                None => None,
                Some(path) => Some(
                    hex::solve::Store::open(std::path::Path::new(path))
                        .map_err(|e| Self::bad("db", path, &e.to_string()))?
                        .shared(),
                ),
            },
        }))
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
    fn the_options_from_text_are_options_of_the_game_and_name_no_file() {
        for game in GameName::ALL {
            for option in game.options_from_text() {
                assert!(game.options().contains(option), "{game} {option}");
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
            GameName::Go.judge_with([("rules", ""), ("komi", " ")]),
            Ok(GameName::Go.judge())
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
