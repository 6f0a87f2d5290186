//! The judge's options: what counts, komi, dead stones, the network's reading.

use super::report::Source;
use crate::go::dead::DeadFrom;
use crate::go::markup::TerritoryFrom;
use crate::go::record::{self};
use crate::go::rules::RuleSet;
use crate::go::territory::Komi;

/// What counts: the contest's rule, or a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Territory against territory, no komi, the contest's wording.
    Contest,
    /// A rule set, results written as SGF's `RE` writes them.
    Rules(RuleSet),
}

impl Choice {
    /// Every choice: the contest's rule, then each rule set.
    pub const ALL: [Choice; 7] = [
        Choice::Contest,
        Choice::Rules(RuleSet::Japanese),
        Choice::Rules(RuleSet::Korean),
        Choice::Rules(RuleSet::Chinese),
        Choice::Rules(RuleSet::Aga),
        Choice::Rules(RuleSet::NewZealand),
        Choice::Rules(RuleSet::TrompTaylor),
    ];
}

/// `--rules`: `contest`, or a rule set by its name (`japanese`, `new-zealand`, ...) or its
/// alias (`territory`, `area`).
impl crate::named::Named for Choice {
    const ALL: &'static [Choice] = &Choice::ALL;

    fn name(self) -> &'static str {
        match self {
            Choice::Contest => "contest",
            Choice::Rules(rules) => rules.name(),
        }
    }

    fn help(self) -> &'static str {
        match self {
            Choice::Contest => "The contest's output: territory against territory, no komi",
            Choice::Rules(rules) => rules.summary(),
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            Choice::Contest => &[],
            Choice::Rules(rules) => rules.aliases(),
        }
    }
}

/// What counts in a Go case: the rules, komi and dead stones. Every option left `None` takes
/// the input's own (see the module's notes).
///
/// # Examples
///
/// ```
/// use arbiter::go::{Choice, Scoring};
/// use arbiter::go::rules::RuleSet;
///
/// let scoring = Scoring::new(Some(Choice::Rules(RuleSet::Chinese)), None).unwrap();
/// assert_eq!(scoring.komi, None);
/// assert!(Scoring::new(Some(Choice::Contest), Some("6.5".parse().unwrap())).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scoring {
    /// What counts.
    pub rules: Option<Choice>,
    /// Komi.
    pub komi: Option<Komi>,
    /// Where dead stones come from (the user's list aside).
    pub dead: Option<DeadFrom>,
    /// Points whose chains are marked dead on top of the source, in Go programs' notation
    /// (`Q16`), as players click groups on a server after a game.
    pub dead_at: Vec<String>,
    /// Points whose chains are marked alive on top of the source (after `dead_at`).
    pub alive_at: Vec<String>,
    /// The network that estimates dead stones, when not the bundled one.
    #[cfg(feature = "net")]
    pub network: Option<crate::go::net::Shared>,
    /// The visits of the search that reads the chains the network leaves unsure (`None`:
    /// [`DEFAULT_VISITS`](crate::go::dead::DEFAULT_VISITS); 0: the network alone).
    pub visits: Option<u32>,
    /// Whose territory counts in a finished record with territory markup (`None`: arbiter's
    /// count, the marks giving the dead stones).
    pub territory: Option<TerritoryFrom>,
}

/// The error of [`Scoring::new`]: komi with the contest's rule, which has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("komi needs real rules: the contest's rule has no komi")]
pub struct KomiWithoutRules;

impl Scoring {
    /// The contest's rule on contest input, every option the input's own.
    pub const CONTEST: Scoring = Scoring {
        rules: None,
        komi: None,
        dead: None,
        dead_at: Vec::new(),
        alive_at: Vec::new(),
        #[cfg(feature = "net")]
        network: None,
        visits: None,
        territory: None,
    };

    /// Scoring by `rules` with `komi`, the other options the input's own.
    ///
    /// # Errors
    /// Komi with the contest's rule, which has none.
    pub fn new(rules: Option<Choice>, komi: Option<Komi>) -> Result<Scoring, KomiWithoutRules> {
        if rules == Some(Choice::Contest) && komi.is_some() {
            return Err(KomiWithoutRules);
        }
        Ok(Scoring {
            rules,
            komi,
            ..Scoring::default()
        })
    }

    /// The rule set a record is replayed and scored under, and where it comes from; a
    /// warning when its `RU` names no rule set arbiter knows.
    pub(crate) fn rules_of(&self, record: &record::Record) -> (RuleSet, Source, Option<String>) {
        match self.rules {
            Some(Choice::Rules(rules)) => (rules, Source::Option, None),
            Some(Choice::Contest) | None => match &record.rules {
                None => (RuleSet::Japanese, Source::Default, None),
                Some(text) => match RuleSet::from_record(text) {
                    Some(rules) => (rules, Source::Record, None),
                    None => {
                        let warning =
                            format!("RU[{text}] names no rule set arbiter knows: japanese used");
                        (RuleSet::Japanese, Source::Default, Some(warning))
                    }
                },
            },
        }
    }
}
