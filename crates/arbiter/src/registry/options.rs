//! Each game's options, typed once: [`GoOptions`] and [`HexOptions`] hold what a front was
//! asked (each field's default is "not given"), and their `judge` (in the registry, beside
//! `Judge`) checks the limits, applies the defaults and makes the judge. The command line
//! fills them from its flags one to one; the web board and the Python package deserialise them
//! (with the `serde` feature) from a request's query or keyword arguments, each value as text
//! or as its own type (`komi=7.5` or `7.5`, `check=true` or `True`, `dead_at="Q16,R17"` or a
//! list).
//!
//! # Examples
//!
//! ```
//! use arbiter::registry::{GoOptions, Judge};
//!
//! let options = GoOptions { komi: Some("7.5".parse().unwrap()), ..GoOptions::default() };
//! let Judge::Go(go) = options.judge().unwrap() else { unreachable!() };
//! assert_eq!(go.scoring.komi.unwrap().to_string(), "7.5");
//! ```

use std::path::PathBuf;
use std::time::Duration;

use crate::go::dead::DeadFrom;
use crate::go::markup::TerritoryFrom;
use crate::go::{Choice, Komi};
use crate::hex::Stone;
use crate::hex::solve::StoreError;

/// Why options make no judge.
#[derive(Debug, thiserror::Error)]
pub enum OptionError {
    /// An option the game does not take.
    #[error("no option {option} for {game}: {takes}")]
    Unknown {
        /// The game.
        game: &'static str,
        /// The option, as given.
        option: String,
        /// What the game takes, in words: "it takes none", "its options are ...".
        takes: String,
    },
    /// A value the option cannot be, or options that do not go together: `name=value: what
    /// it takes`.
    #[error("{option}={value}: {takes}")]
    Value {
        /// The option.
        option: &'static str,
        /// Its value, as given.
        value: String,
        /// What it takes, in words.
        takes: String,
    },
    /// Options as given that could not be read (a value the option cannot be, a value of no
    /// option's type), in the deserialiser's words: `dead=maybe: markup, estimate, playouts
    /// or none`.
    #[error("{0}")]
    Given(String),
    /// Komi with the contest's rule, which has none.
    #[error("komi={0}: the contest's rule has no komi; name a rule set")]
    KomiWithoutRules(Komi),
    /// A network file that cannot be used.
    #[error("network={}: {why}", .path.display())]
    Network {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// A solution store that cannot be opened.
    #[error("db={}: {error}", .path.display())]
    Store {
        /// The file.
        path: PathBuf,
        /// Why.
        error: StoreError,
    },
}

/// Go scoring's options (`arbiter go`): every field `None` or empty takes the input's own
/// or the default.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize), serde(default))]
pub struct GoOptions {
    /// What counts: the contest's rule or a rule set.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::rules"))]
    pub rules: Option<Choice>,
    /// Points given to White.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::komi"))]
    pub komi: Option<Komi>,
    /// Where dead stones come from.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::dead"))]
    pub dead: Option<DeadFrom>,
    /// Whose territory counts in a record with territory markup.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::territory"))]
    pub territory: Option<TerritoryFrom>,
    /// Chains marked dead on top of the source, each named by a stone (`Q16`).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "de::points", alias = "dead-at")
    )]
    pub dead_at: Vec<String>,
    /// Chains marked alive after `dead_at`.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "de::points", alias = "alive-at")
    )]
    pub alive_at: Vec<String>,
    /// Judge each record at move N (from 1).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "de::at_move", alias = "at-move")
    )]
    pub at_move: Option<usize>,
    /// Compare each record's `RE` with the count.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::check"))]
    pub check: bool,
    /// A KataGo model file in place of the built-in network.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::file"))]
    pub network: Option<PathBuf>,
    /// The search's visits (at most `go::dead::MAX_VISITS`; 0: the network alone).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::visits"))]
    pub visits: Option<u32>,
    /// Review each record move by move.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::review"))]
    pub review: bool,
}

impl GoOptions {
    /// The option names, as the registry's `GameName::options` lists them.
    pub const NAMES: &'static [&'static str] = &[
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
    ];
}

/// The Hex judge's and solver's options (`arbiter hex`): every field `None` or `false` takes
/// the default.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize), serde(default))]
pub struct HexOptions {
    /// Judge or solve each record at move N (from 1).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "de::at_move", alias = "at-move")
    )]
    pub at_move: Option<usize>,
    /// Compare each record's `RE` with its play.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::check"))]
    pub check: bool,
    /// Solve each position with perfect play.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::solve"))]
    pub solve: bool,
    /// The side to move (solving).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "de::to_move", alias = "to-move")
    )]
    pub to_move: Option<Stone>,
    /// The winner after every move of a record (solving).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::moves"))]
    pub moves: bool,
    /// Only who wins (solving).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::winner"))]
    pub winner: bool,
    /// Only the moves inferior-cell analysis leaves (solving).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::pruned"))]
    pub pruned: bool,
    /// The time a position (solving; zero: no limit; default `hex::solve::DEFAULT_BUDGET`).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::budget"))]
    pub budget: Option<Duration>,
    /// The table's megabytes a thread (solving; 1 to `hex::solve::MAX_MEGABYTES`, default
    /// `hex::solve::DEFAULT_MEGABYTES`).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::memory"))]
    pub memory: Option<usize>,
    /// The threads a position (solving; default 1).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::jobs"))]
    pub jobs: Option<usize>,
    /// A solution store's file (solving).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "de::file"))]
    pub db: Option<PathBuf>,
}

impl HexOptions {
    /// The option names, as the registry's `GameName::options` lists them.
    pub const NAMES: &'static [&'static str] = &[
        "at_move", "check", "solve", "to_move", "moves", "winner", "pruned", "budget", "memory",
        "jobs", "db",
    ];
}

/// The limits of the options that have them, written once: for the values read from text and
/// for those a front sets itself (checked by `judge`). Each error is what the option takes.
pub(super) mod limits {
    use crate::go::dead::{MAX_VISITS, visits_range};
    use crate::hex::solve::MAX_MEGABYTES;

    /// What a whole number from 1 up is called.
    pub(super) const FROM_ONE: &str = "a whole number from 1";

    /// A move number, a number of threads: from 1.
    pub(in crate::registry) fn from_one(n: usize) -> Result<usize, String> {
        if n >= 1 { Ok(n) } else { Err(FROM_ONE.into()) }
    }

    /// The search's visits: up to [`MAX_VISITS`].
    pub(in crate::registry) fn visits(visits: u32) -> Result<u32, String> {
        if visits <= MAX_VISITS {
            Ok(visits)
        } else {
            Err(visits_range())
        }
    }

    /// The solver's table: from 1 megabyte up to [`MAX_MEGABYTES`].
    pub(in crate::registry) fn megabytes(megabytes: usize) -> Result<usize, String> {
        match from_one(megabytes)? {
            megabytes if megabytes <= MAX_MEGABYTES => Ok(megabytes),
            _ => Err(format!("at most {MAX_MEGABYTES} (MB)")),
        }
    }
}

/// Each option's value read from its text, its error what the option takes.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
mod parse {
    use std::time::Duration;

    use super::limits;
    use crate::go::dead::{DeadFrom, visits_range};
    use crate::go::markup::TerritoryFrom;
    use crate::go::rules::RuleSet;
    use crate::go::{self, Choice, Komi};
    use crate::hex::Stone;

    pub(super) fn rules(text: &str) -> Result<Choice, String> {
        match text {
            "contest" => Ok(Choice::Contest),
            name => name
                .parse::<RuleSet>()
                .map(Choice::Rules)
                .map_err(|e| e.to_string()),
        }
    }

    pub(super) fn komi(text: &str) -> Result<Komi, String> {
        text.parse().map_err(|e: go::KomiError| e.to_string())
    }

    pub(super) fn dead(text: &str) -> Result<DeadFrom, String> {
        use crate::named::Named;
        DeadFrom::from_name(text).ok_or_else(|| "markup, estimate, playouts or none".into())
    }

    pub(super) fn territory(text: &str) -> Result<TerritoryFrom, String> {
        use crate::named::Named;
        TerritoryFrom::from_name(text).ok_or_else(|| "count or markup".into())
    }

    pub(super) fn switch(text: &str) -> Result<bool, String> {
        match text {
            "true" | "True" | "1" | "yes" => Ok(true),
            "false" | "False" | "0" | "no" => Ok(false),
            _ => Err("true or false".into()),
        }
    }

    /// A whole number from 1 up.
    pub(super) fn from_one(text: &str) -> Result<usize, String> {
        let n = text.parse::<usize>().map_err(|_| limits::FROM_ONE)?;
        limits::from_one(n)
    }

    pub(super) fn visits(text: &str) -> Result<u32, String> {
        text.parse::<u32>()
            .map_err(|_| visits_range())
            .and_then(limits::visits)
    }

    pub(super) fn to_move(text: &str) -> Result<Stone, String> {
        match text {
            "red" | "Red" | "black" | "b" | "B" => Ok(Stone::Red),
            "blue" | "Blue" | "white" | "w" | "W" => Ok(Stone::Blue),
            _ => Err("red or blue".into()),
        }
    }

    pub(super) fn seconds(text: &str) -> Result<Duration, String> {
        text.parse::<f64>()
            .ok()
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .ok_or_else(|| "a number of seconds from 0 up".into())
    }

    pub(super) fn megabytes(text: &str) -> Result<usize, String> {
        from_one(text).and_then(limits::megabytes)
    }
}

/// The options' deserialisers: any value, text or of its own type, read as its text by the
/// option's [`parse`] function; empty text is an option not given.
#[cfg(feature = "serde")]
mod de {
    use std::fmt;
    use std::path::PathBuf;
    use std::time::Duration;

    use serde::de::{self, Deserializer, SeqAccess, Visitor};

    use super::parse;
    use crate::go::dead::DeadFrom;
    use crate::go::markup::TerritoryFrom;
    use crate::go::{Choice, Komi};
    use crate::hex::Stone;

    /// A value as its text: a string as it is, a number or a switch written out, a list
    /// joined with commas, nothing as empty.
    struct Text;

    impl<'de> Visitor<'de> for Text {
        type Value = String;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("text, a number, true or false, or a list of points")
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<String, E> {
            Ok(text.to_string())
        }

        fn visit_bool<E: de::Error>(self, value: bool) -> Result<String, E> {
            Ok(value.to_string())
        }

        fn visit_i64<E: de::Error>(self, value: i64) -> Result<String, E> {
            Ok(value.to_string())
        }

        fn visit_u64<E: de::Error>(self, value: u64) -> Result<String, E> {
            Ok(value.to_string())
        }

        fn visit_f64<E: de::Error>(self, value: f64) -> Result<String, E> {
            Ok(value.to_string())
        }

        fn visit_none<E: de::Error>(self) -> Result<String, E> {
            Ok(String::new())
        }

        fn visit_unit<E: de::Error>(self) -> Result<String, E> {
            Ok(String::new())
        }

        fn visit_some<D: Deserializer<'de>>(self, inner: D) -> Result<String, D::Error> {
            inner.deserialize_any(Text)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<String, A::Error> {
            let mut texts = Vec::new();
            while let Some(text) = items.next_element_seed(TextSeed)? {
                texts.push(text);
            }
            Ok(texts.join(","))
        }
    }

    struct TextSeed;

    impl<'de> de::DeserializeSeed<'de> for TextSeed {
        type Value = String;

        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
            d.deserialize_any(Text)
        }
    }

    /// The option `name`'s value read by `parse`; `None` for empty text.
    fn read<'de, D: Deserializer<'de>, T>(
        d: D,
        name: &str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, D::Error> {
        let text = d.deserialize_any(Text)?;
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        parse(text)
            .map(Some)
            .map_err(|takes| de::Error::custom(format!("{name}={text}: {takes}")))
    }

    /// One deserialiser an option: its name for its errors, its type, its parse.
    macro_rules! options {
        ($($name:ident: $type:ty = $parse:expr;)*) => {$(
            pub(super) fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<Option<$type>, D::Error> {
                read(d, stringify!($name), $parse)
            }
        )*};
    }

    /// One deserialiser a switch: not given is false.
    macro_rules! switches {
        ($($name:ident)*) => {$(
            pub(super) fn $name<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
                Ok(read(d, stringify!($name), parse::switch)?.unwrap_or(false))
            }
        )*};
    }

    options! {
        rules: Choice = parse::rules;
        komi: Komi = parse::komi;
        dead: DeadFrom = parse::dead;
        territory: TerritoryFrom = parse::territory;
        at_move: usize = parse::from_one;
        visits: u32 = parse::visits;
        to_move: Stone = parse::to_move;
        budget: Duration = parse::seconds;
        memory: usize = parse::megabytes;
        jobs: usize = parse::from_one;
    }

    switches!(check review solve moves winner pruned);

    /// Points listed with commas, or as a list.
    pub(super) fn points<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        let text = d.deserialize_any(Text)?;
        Ok(text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect())
    }

    /// A file's path.
    pub(super) fn file<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PathBuf>, D::Error> {
        read(d, "file", |text| Ok(PathBuf::from(text)))
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::go::dead::MAX_VISITS;
    use crate::go::rules::RuleSet;
    use crate::hex::solve::{DEFAULT_BUDGET, DEFAULT_MEGABYTES, MAX_MEGABYTES};
    use crate::registry::Judge;
    use serde::Deserialize;

    fn from_texts<T: for<'de> Deserialize<'de>>(pairs: &[(&str, &str)]) -> Result<T, String> {
        let map = serde::de::value::MapDeserializer::<_, serde::de::value::Error>::new(
            pairs.iter().copied(),
        );
        T::deserialize(map).map_err(|e| e.to_string())
    }

    #[test]
    fn every_name_listed_is_a_field_and_every_field_is_listed() {
        // Each listed name given a value: a struct naming every field must come out.
        let texts = |name: &str| match name {
            "rules" => "chinese",
            "komi" => "7.5",
            "dead" => "none",
            "territory" => "markup",
            "dead_at" => "Q16,R17",
            "alive_at" => "C3",
            "at_move" => "12",
            "network" | "db" => "/some/file",
            "visits" => "50",
            "to_move" => "blue",
            "budget" => "2.5",
            "memory" | "jobs" => "3",
            _ => "true",
        };
        let go: Vec<_> = GoOptions::NAMES.iter().map(|&n| (n, texts(n))).collect();
        assert_eq!(
            from_texts::<GoOptions>(&go).unwrap(),
            GoOptions {
                rules: Some(Choice::Rules(RuleSet::Chinese)),
                komi: Some("7.5".parse().unwrap()),
                dead: Some(DeadFrom::None),
                territory: Some(TerritoryFrom::Markup),
                dead_at: vec!["Q16".into(), "R17".into()],
                alive_at: vec!["C3".into()],
                at_move: Some(12),
                check: true,
                network: Some("/some/file".into()),
                visits: Some(50),
                review: true,
            }
        );
        let hex: Vec<_> = HexOptions::NAMES.iter().map(|&n| (n, texts(n))).collect();
        assert_eq!(
            from_texts::<HexOptions>(&hex).unwrap(),
            HexOptions {
                at_move: Some(12),
                check: true,
                solve: true,
                to_move: Some(Stone::Blue),
                moves: true,
                winner: true,
                pruned: true,
                budget: Some(Duration::from_millis(2500)),
                memory: Some(3),
                jobs: Some(3),
                db: Some("/some/file".into()),
            }
        );
    }

    #[test]
    fn values_of_their_own_type_read_as_their_text_does() {
        let typed: GoOptions = serde_json::from_value(serde_json::json!({
            "komi": 7.5, "check": true, "visits": 50, "dead_at": ["Q16", "R17"], "rules": null
        }))
        .unwrap();
        let texts: GoOptions = from_texts(&[
            ("komi", "7.5"),
            ("check", "true"),
            ("visits", "50"),
            ("dead_at", "Q16,R17"),
        ])
        .unwrap();
        assert_eq!(typed, texts);
        let refused = serde_json::from_value::<GoOptions>(serde_json::json!({ "visits": 1e9 }));
        assert!(
            refused
                .unwrap_err()
                .to_string()
                .starts_with("visits=1000000000: ")
        );
    }

    #[test]
    fn limits_are_checked_when_the_judge_is_made() {
        let message = |options: GoOptions| options.judge().unwrap_err().to_string();
        let at_move = GoOptions {
            at_move: Some(0),
            ..GoOptions::default()
        };
        assert_eq!(message(at_move), "at_move=0: a whole number from 1");
        let visits = GoOptions {
            visits: Some(MAX_VISITS + 1),
            ..GoOptions::default()
        };
        assert!(message(visits).starts_with("visits="));
        let contest_komi = GoOptions {
            rules: Some(Choice::Contest),
            komi: Some("6.5".parse().unwrap()),
            ..GoOptions::default()
        };
        assert!(matches!(
            contest_komi.judge(),
            Err(OptionError::KomiWithoutRules(_))
        ));
        let memory = HexOptions {
            solve: true,
            memory: Some(MAX_MEGABYTES + 1),
            ..HexOptions::default()
        };
        assert_eq!(
            memory.judge().unwrap_err().to_string(),
            format!("memory={}: at most {MAX_MEGABYTES} (MB)", MAX_MEGABYTES + 1)
        );
        // Every default written once: the solver's budget and table when not given.
        let Ok(Judge::HexSolver(analysis)) = HexOptions {
            solve: true,
            ..HexOptions::default()
        }
        .judge() else {
            panic!("not the solver")
        };
        assert_eq!(analysis.settings.budget, Some(DEFAULT_BUDGET));
        assert_eq!(analysis.settings.megabytes, DEFAULT_MEGABYTES);
    }
}
