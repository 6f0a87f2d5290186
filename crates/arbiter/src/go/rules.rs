//! The rule sets Go is played under, and what each says about suicide, ko, counting, seki and
//! handicap (`docs/src/go.md`).
//!
//! # Examples
//!
//! ```
//! use arbiter::go::rules::{Counting, RuleSet};
//!
//! let rules: RuleSet = "Japanese".parse().unwrap();
//! assert_eq!(rules.counting(), Counting::Territory);
//! assert_eq!(RuleSet::from_record("AGA rules"), Some(RuleSet::Aga));
//! assert_eq!(RuleSet::Aga.compensation(4), 3);
//! ```

use std::fmt;
use std::str::FromStr;

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum RuleSet {
    /// Japanese rules: territory and prisoners, simple ko, no suicide, no territory in seki.
    Japanese,
    /// Korean rules: counted as Japanese.
    Korean,
    /// Chinese rules: stones and territory, simple ko, no suicide, White gets the handicap.
    Chinese,
    /// The American Go Association's: area counting, situational superko, no suicide,
    /// White gets the handicap less one.
    Aga,
    /// New Zealand rules: area counting, situational superko, suicide allowed.
    NewZealand,
    /// Tromp-Taylor: the board as it stands, positional superko, suicide allowed.
    TrompTaylor,
}

/// What a player's score is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Territory plus prisoners (captures and dead stones).
    Territory,
    /// Stones on the board plus territory.
    Area,
    /// Stones plus the empty points that reach only that colour, every stone alive.
    TrompTaylor,
}

/// Which repetitions a rule set forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ko {
    /// Only the immediate retake of a single-stone ko.
    Simple,
    /// A position repeated with the same player to move.
    Situational,
    /// A position repeated whoever moves.
    Positional,
}

impl RuleSet {
    /// Every rule set, in the order the documentation lists them.
    pub const ALL: [RuleSet; 6] = [
        RuleSet::Japanese,
        RuleSet::Korean,
        RuleSet::Chinese,
        RuleSet::Aga,
        RuleSet::NewZealand,
        RuleSet::TrompTaylor,
    ];

    /// The name arbiter writes and reads: `japanese`, `new-zealand`, ...
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Japanese => "japanese",
            RuleSet::Korean => "korean",
            RuleSet::Chinese => "chinese",
            RuleSet::Aga => "aga",
            RuleSet::NewZealand => "new-zealand",
            RuleSet::TrompTaylor => "tromp-taylor",
        }
    }

    /// The rule set in a few words: what counts, and what sets it apart.
    pub const fn summary(self) -> &'static str {
        match self {
            RuleSet::Japanese => "Japanese rules: territory and prisoners, no territory in seki",
            RuleSet::Korean => "Korean rules: as Japanese",
            RuleSet::Chinese => "Chinese rules: stones and territory, handicap compensation",
            RuleSet::Aga => "The AGA's: area counting, handicap compensation less one, superko",
            RuleSet::NewZealand => "New Zealand rules: area counting, suicide allowed, superko",
            RuleSet::TrompTaylor => "Tromp-Taylor: the board as it stands, positional superko",
        }
    }

    /// Other names the command line takes for the rule set (`territory`, `area`).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            RuleSet::Japanese => &["territory"],
            RuleSet::Chinese => &["area"],
            _ => &[],
        }
    }

    /// What a score counts.
    pub const fn counting(self) -> Counting {
        match self {
            RuleSet::Japanese | RuleSet::Korean => Counting::Territory,
            RuleSet::Chinese | RuleSet::Aga | RuleSet::NewZealand => Counting::Area,
            RuleSet::TrompTaylor => Counting::TrompTaylor,
        }
    }

    /// Whether a move may leave its own chain without a liberty (the chain is removed).
    pub const fn allows_suicide(self) -> bool {
        matches!(self, RuleSet::NewZealand | RuleSet::TrompTaylor)
    }

    /// Which repetitions are forbidden.
    pub const fn ko(self) -> Ko {
        match self {
            RuleSet::Japanese | RuleSet::Korean | RuleSet::Chinese => Ko::Simple,
            RuleSet::Aga | RuleSet::NewZealand => Ko::Situational,
            RuleSet::TrompTaylor => Ko::Positional,
        }
    }

    /// The points White is given for a handicap of `handicap` stones.
    pub const fn compensation(self, handicap: usize) -> usize {
        match self {
            RuleSet::Chinese => handicap,
            RuleSet::Aga => handicap.saturating_sub(1),
            _ => 0,
        }
    }

    /// The rule set an SGF `RU` value names, as it is spelled in the wild (`Japanese`,
    /// `jp`, `Chinese`, `cn`, `AGA`, `NZ`, `Korean`, `tromp-taylor`, `TT`, Ing's `GOE`, the
    /// servers' variants such as `chinese-ogs`, and KataGo's rule strings such as
    /// `koPOSITIONALscoreAREAtaxNONEsui1button0`), or `None` for a value arbiter does not
    /// know.
    pub fn from_record(text: &str) -> Option<RuleSet> {
        let alphanumeric: String = text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if alphanumeric.contains("score") && alphanumeric.starts_with("ko") {
            return RuleSet::from_katago(&alphanumeric);
        }
        // Years and editions (`Japanese 1989`, `AGA 2004`) say nothing of the counting.
        let letters: String = alphanumeric
            .chars()
            .filter(char::is_ascii_alphabetic)
            .collect();
        let word = letters
            .trim_end_matches("rules")
            .trim_end_matches("rule")
            .trim_end_matches("ruleset");
        Self::by_name(word)
            .or_else(|| Self::by_prefix(word))
            .or_else(|| Self::by_spelling(word))
    }

    /// A rule set by one of the names records give it.
    fn by_name(word: &str) -> Option<RuleSet> {
        Some(match word {
            // Ing's rules (Goe): area counting, situational superko, suicide allowed.
            "goe" | "ing" | "ings" | "ingsst" => RuleSet::NewZealand,
            "chineseogs" | "chinesekgs" | "stonescoring" | "area" | "areascoring" => {
                RuleSet::Chinese
            }
            "agabutton" | "bga" | "british" => RuleSet::Aga,
            "japanese" | "jp" | "jpn" | "japan" | "ja" | "nihon" | "nihonkiin" | "jgc"
            | "territory" | "territoryscoring" => RuleSet::Japanese,
            "korean" | "kr" | "kor" | "korea" | "ko" => RuleSet::Korean,
            "chinese" | "cn" | "chn" | "china" | "zh" => RuleSet::Chinese,
            "aga" | "american" | "us" | "usa" => RuleSet::Aga,
            "nz" | "newzealand" => RuleSet::NewZealand,
            "tromptaylor" | "tt" | "cgos" => RuleSet::TrompTaylor,
            _ => return None,
        })
    }

    /// A rule set by the start of a longer name (`Japanese (Nihon Kiin)`, `Korean Baduk`,
    /// `Ing's SST`).
    fn by_prefix(word: &str) -> Option<RuleSet> {
        const PREFIXES: [(&str, RuleSet); 9] = [
            ("japan", RuleSet::Japanese),
            ("nihonkiin", RuleSet::Japanese),
            ("chinese", RuleSet::Chinese),
            ("korea", RuleSet::Korean),
            ("aga", RuleSet::Aga),
            ("american", RuleSet::Aga),
            ("newzealand", RuleSet::NewZealand),
            ("ings", RuleSet::NewZealand),
            ("tromp", RuleSet::TrompTaylor),
        ];
        PREFIXES
            .iter()
            .find(|(prefix, _)| word.starts_with(prefix))
            .map(|&(_, rules)| rules)
    }

    /// A rule set whose full name is within two letters of `word` (`Japaneese`,
    /// `Chineese`, `Korian`, `Tromp-Tailor`).
    fn by_spelling(word: &str) -> Option<RuleSet> {
        const NAMES: [(&str, RuleSet); 5] = [
            ("japanese", RuleSet::Japanese),
            ("chinese", RuleSet::Chinese),
            ("korean", RuleSet::Korean),
            ("newzealand", RuleSet::NewZealand),
            ("tromptaylor", RuleSet::TrompTaylor),
        ];
        if word.len() < 5 {
            return None;
        }
        NAMES
            .iter()
            .find(|(name, _)| edit_distance(word, name) <= 2)
            .map(|&(_, rules)| rules)
    }
}

/// The fewest letters to insert, delete or change to make `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

impl RuleSet {
    /// The rule set nearest a KataGo rule string (lower case, as `kopositionalscorearea...`):
    /// territory scoring is Japanese; under area scoring, the ko rule and suicide choose.
    fn from_katago(word: &str) -> Option<RuleSet> {
        let suicide = word.contains("sui1");
        let ko = ["kosimple", "kosituational", "kopositional"]
            .iter()
            .position(|k| word.starts_with(k))?;
        if word.contains("scoreterritory") {
            return Some(RuleSet::Japanese);
        }
        if !word.contains("scorearea") {
            return None;
        }
        Some(match (ko, suicide) {
            (0, false) => RuleSet::Chinese,
            (1, false) => RuleSet::Aga,
            (2, true) => RuleSet::TrompTaylor,
            (2, false) => RuleSet::Chinese,
            (_, true) => RuleSet::NewZealand,
            _ => return None,
        })
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`RuleSet::from_str`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rule set '{0}': the rule sets are japanese, korean, chinese, aga, new-zealand and \
     tromp-taylor"
)]
pub struct UnknownRules(pub String);

impl FromStr for RuleSet {
    type Err = UnknownRules;

    /// Reads a rule set's name, as [`RuleSet::from_record`] does.
    fn from_str(text: &str) -> Result<Self, UnknownRules> {
        RuleSet::from_record(text).ok_or_else(|| UnknownRules(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spellings_found_in_the_wild_are_read() {
        for (text, rules) in [
            ("Japanese", RuleSet::Japanese),
            ("japanese", RuleSet::Japanese),
            ("JP", RuleSet::Japanese),
            ("Chinese", RuleSet::Chinese),
            ("AGA", RuleSet::Aga),
            ("NZ", RuleSet::NewZealand),
            ("New Zealand", RuleSet::NewZealand),
            ("Korean", RuleSet::Korean),
            ("tromp-taylor", RuleSet::TrompTaylor),
            ("Tromp Taylor", RuleSet::TrompTaylor),
            ("Japanese rules", RuleSet::Japanese),
            ("GOE", RuleSet::NewZealand),
            ("Ing", RuleSet::NewZealand),
            ("chinese-ogs", RuleSet::Chinese),
            ("BGA", RuleSet::Aga),
            (
                "koPOSITIONALscoreAREAtaxNONEsui1button0",
                RuleSet::TrompTaylor,
            ),
            ("koSIMPLEscoreTERRITORYtaxSEKIsui0", RuleSet::Japanese),
            ("koSIMPLEscoreAREAtaxNONEsui0", RuleSet::Chinese),
            ("koSITUATIONALscoreAREAtaxNONEsui0button1", RuleSet::Aga),
            ("koSITUATIONALscoreAREAtaxNONEsui1", RuleSet::NewZealand),
        ] {
            assert_eq!(RuleSet::from_record(text), Some(rules), "{text}");
        }
        // Misspellings, editions and longer names, as records write them.
        for (text, rules) in [
            ("Japaneese", RuleSet::Japanese),
            ("japanse", RuleSet::Japanese),
            ("Japanese (Nihon Kiin)", RuleSet::Japanese),
            ("Japanese 1989", RuleSet::Japanese),
            ("Chineese", RuleSet::Chinese),
            ("Chinese 2017", RuleSet::Chinese),
            ("Korian", RuleSet::Korean),
            ("Korean Baduk", RuleSet::Korean),
            ("AGA 2004", RuleSet::Aga),
            ("Ing's SST", RuleSet::NewZealand),
            ("Tromp-Tailor", RuleSet::TrompTaylor),
            ("New-Zeland", RuleSet::NewZealand),
            ("CGOS", RuleSet::TrompTaylor),
            ("territory", RuleSet::Japanese),
            ("area", RuleSet::Chinese),
        ] {
            assert_eq!(RuleSet::from_record(text), Some(rules), "{text}");
        }
        for unknown in [
            "Ancient Roman",
            "Simple",
            "Lasker",
            "",
            "???",
            "koFOOscoreBAR",
        ] {
            assert_eq!(RuleSet::from_record(unknown), None, "{unknown}");
        }
        for rules in RuleSet::ALL {
            assert_eq!(rules.name().parse::<RuleSet>(), Ok(rules));
        }
    }

    #[test]
    fn each_rule_set_has_its_suicide_ko_and_compensation() {
        use RuleSet::*;
        let table = [
            (Japanese, false, Ko::Simple, 0),
            (Korean, false, Ko::Simple, 0),
            (Chinese, false, Ko::Simple, 4),
            (Aga, false, Ko::Situational, 3),
            (NewZealand, true, Ko::Situational, 0),
            (TrompTaylor, true, Ko::Positional, 0),
        ];
        for (rules, suicide, ko, compensation) in table {
            assert_eq!(rules.allows_suicide(), suicide, "{rules}");
            assert_eq!(rules.ko(), ko, "{rules}");
            assert_eq!(rules.compensation(4), compensation, "{rules}");
        }
        assert_eq!(Aga.compensation(0), 0);
    }
}
