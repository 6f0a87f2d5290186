//! The Go judge with its options ([`Go`]): what counts (the contest's rule or a rule set),
//! komi and dead stones, and the judgement of a case with everything it rests on.
//!
//! A contest position is counted by the contest's rule unless real rules are asked for; a
//! game record by a rule set (the record's `RU` by default, else japanese), with komi (`KM`
//! by default, else 0), handicap compensation, prisoners, and dead stones from the markup,
//! the user's list, or arbiter's estimate (by default the markup when the final node has
//! `TB`/`TW`, else the estimate).

use super::board;
use super::dead::{self, Call, DeadFrom, Estimate, Estimator};
use super::estimate::{self, Terms as EstimateTerms};
use super::markup::{self, MarkDifference, TerritoryFrom};
use super::position::{Position, Stone};
use super::record::{self, Marked, PointError, RecordError, Replay, Warning, gtp, parse_gtp};
use super::rules::RuleSet;
use super::scoring::{self, Count, Scored, Stones, Terms};
use super::sgf::Recorded;
use super::territory::{ContestVerdict, GameResult, Komi, Score, Territory};
use crate::grid::Coord;

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
    pub network: Option<super::net::Shared>,
    /// The visits of the search that reads the chains the network leaves unsure (`None`:
    /// [`DEFAULT_VISITS`](super::dead::DEFAULT_VISITS); 0: the network alone).
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

/// One Go case: a contest position, or a replayed game record.
#[derive(Clone, Debug)]
pub enum Case {
    /// A contest position.
    Position(Position),
    /// A game record, replayed.
    Record(Box<GameCase>),
}

/// A replayed game record, with a note on how it was read.
#[derive(Clone, Debug)]
pub struct GameCase {
    /// The replay.
    pub replay: Replay,
    /// Something the reading found worth a warning beyond the moves' own.
    pub note: Option<String>,
    /// How the game ended, as far as the position judged goes.
    pub ending: Ending,
}

/// How a record's game ended: whether its position is one to count, or the record's own
/// result stands, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Ending {
    /// The moves end with two passes: finished, to be counted.
    Passes,
    /// The final node carries territory markup: finished, to be counted.
    Markup,
    /// `RE` says a player resigned: the recorded result stands.
    Resignation,
    /// `RE` says a player lost on time.
    Time,
    /// `RE` says a player forfeited.
    Forfeit,
    /// None of these: the game stopped before its end (or is judged before it, at a move).
    Unfinished,
    /// A position: contest input, or a record of setup stones without a move, counted as
    /// it stands.
    Position,
}

impl Ending {
    /// How a record ended: `RE`'s resignation, time or forfeit first; then two passes at the
    /// end of the moves, or territory markup on the final node. A record cut at a move
    /// (`cut`) has only its passes: its markup and `RE` speak of a later position.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::go::Ending;
    /// use arbiter::go::sgf::record_of;
    ///
    /// let ending = |text| Ending::of(&record_of(text).unwrap(), false);
    /// assert_eq!(ending("(;SZ[9];B[ee];W[];B[])"), Ending::Passes);
    /// assert_eq!(ending("(;SZ[9]RE[W+R];B[ee];W[];B[])"), Ending::Resignation);
    /// assert_eq!(ending("(;SZ[9]RE[B+2.5];B[ee];W[cc])"), Ending::Unfinished);
    /// assert_eq!(ending("(;SZ[9]RE[B+2.5];B[ee]TB[aa])"), Ending::Markup);
    /// ```
    pub fn of(record: &record::Record, cut: bool) -> Ending {
        if !cut
            && let Some(Recorded::Win { how, .. }) = record.result.as_deref().map(Recorded::read)
        {
            match how.trim().to_ascii_lowercase().chars().next() {
                Some('r') => return Ending::Resignation,
                Some('t') => return Ending::Time,
                Some('f') => return Ending::Forfeit,
                _ => {}
            }
        }
        let mut moves = record.events.iter().rev().filter_map(|e| match e {
            record::Event::Move { at, .. } => Some(at.is_none()),
            record::Event::Setup { .. } => None,
        });
        let last = moves.next();
        if last.is_none() && !cut {
            // No move at all: a position set up (a diagram), counted as it stands.
            Ending::Position
        } else if last == Some(true) && moves.next() == Some(true) {
            Ending::Passes
        } else if record.markup.is_some() && !cut {
            Ending::Markup
        } else {
            Ending::Unfinished
        }
    }

    /// Whether the position is one to count: the game ended with passes or was marked up
    /// (or is a position, not a record).
    pub fn finished(self) -> bool {
        matches!(self, Ending::Passes | Ending::Markup | Ending::Position)
    }

    /// Whether the record's own result stands: the game ended by resignation, time or
    /// forfeit.
    pub fn decided_by_record(self) -> bool {
        matches!(self, Ending::Resignation | Ending::Time | Ending::Forfeit)
    }

    /// How a decided game ended, in words.
    fn words(self) -> &'static str {
        match self {
            Ending::Resignation => "resignation",
            Ending::Time => "time",
            Ending::Forfeit => "forfeit",
            Ending::Passes => "two passes",
            Ending::Markup => "territory markup",
            Ending::Unfinished => "unfinished",
            Ending::Position => "a position",
        }
    }
}

/// Where a setting came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Source {
    /// The command line (or the library caller).
    Option,
    /// The record.
    Record,
    /// Neither: the default.
    Default,
}

/// The answer of a scored case: the result, with what it rests on (for `--check`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The result.
    pub result: GameResult,
    /// What the record's `RE` says.
    pub recorded: Option<String>,
    /// The rule set, and where it comes from.
    pub rules: (RuleSet, Source),
    /// Komi, and where it comes from.
    pub komi: (Komi, Source),
    /// Where the dead stones come from, and how many there are.
    pub dead: (DeadFrom, usize),
    /// What estimated them, when arbiter did.
    pub estimated_by: Option<Estimator>,
    /// How the game ended: whether the count is the verdict.
    pub ending: Ending,
    /// The moves played up to the position counted.
    pub moves: usize,
    /// Whose territory was counted: arbiter's, or the record's marks.
    pub territory: TerritoryFrom,
}

impl Counted {
    /// Whether the game is finished and the record's `RE` is a score that differs from the
    /// count (the count of an unfinished game is an estimate, not a result to check).
    pub fn differs(&self) -> bool {
        self.agreement() == Agreement::Differs
    }

    /// How the count stands against the record's `RE`, as `--check` compares them: a
    /// finished game's count against a recorded score.
    pub fn agreement(&self) -> Agreement {
        let recorded = self.recorded.as_deref().map(Recorded::read);
        let score = recorded.and_then(|r| r.score());
        match score {
            Some(score) if self.ending.finished() && score == self.result => Agreement::Agrees,
            Some(_) if self.ending.finished() => Agreement::Differs,
            _ => Agreement::Unchecked,
        }
    }

    /// The result the record holds for a game decided by resignation, time or forfeit, as
    /// SGF writes it short (`B+R`, `W+T`, `B+F`).
    pub fn recorded_result(&self) -> Option<String> {
        let letter = match self.ending {
            Ending::Resignation => 'R',
            Ending::Time => 'T',
            Ending::Forfeit => 'F',
            _ => return None,
        };
        match self.recorded.as_deref().map(Recorded::read) {
            Some(Recorded::Win { winner, .. }) => Some(format!("{}+{letter}", winner.letter())),
            _ => None,
        }
    }

    /// The verdict in words: the count of a finished game (`B+3.5`), the recorded result of
    /// a game decided otherwise (`B+R (as recorded: resignation)`), or, for an unfinished
    /// game, the estimate labelled as one.
    fn words(&self) -> String {
        if self.ending.finished() {
            return self.result.to_string();
        }
        match self.recorded_result() {
            Some(recorded) => format!("{recorded} (as recorded: {})", self.ending.words()),
            None => format!(
                "unfinished after move {}: estimate {}",
                self.moves, self.result
            ),
        }
    }
}

/// The answer of one case: the contest's line, or a result under a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The contest's verdict: `Black wins by 3`.
    Contest(ContestVerdict),
    /// A result: `B+3.5`.
    Scored(Box<Counted>),
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Contest(verdict) => verdict.fmt(f),
            Verdict::Scored(counted) => f.write_str(&counted.words()),
        }
    }
}

/// A case judged: by the contest's rule, or scored under a rule set.
///
/// As JSON: the contest's `black` and `white` (`stones`, `territory`) and `regions`; or a
/// scored game's fields (see [`GameJudgement`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Judgement {
    /// By the contest's rule.
    Contest(ContestCount),
    /// Under a rule set.
    Scored(Box<GameJudgement>),
}

impl Judgement {
    /// The verdict the judgement holds.
    pub fn verdict(&self) -> Verdict {
        match self {
            Judgement::Contest(count) => Verdict::Contest(count.score.verdict()),
            Judgement::Scored(game) => Verdict::Scored(Box::new(game.counted.clone())),
        }
    }
}

/// The contest's count: both players' stones and territory, and the territory map.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ContestCount {
    /// Both players' stones and territory.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub score: Score,
    /// Every empty region with its owner.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub territory: Territory,
    /// The position counted (dead stones taken off, when any were asked for).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub position: Position,
}

/// How a count stands against the result a record holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Agreement {
    /// The game is finished and its recorded score is the count.
    Agrees,
    /// The game is finished and its recorded score is not the count.
    Differs,
    /// Nothing to compare: no recorded score (none, a resignation, `Void`), or a game not
    /// finished, whose count is an estimate.
    Unchecked,
}

/// A game scored under a rule set: the result and everything it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameJudgement {
    /// Whether the game is finished (two passes, or territory markup): whether its count
    /// is its result.
    pub finished: bool,
    /// How it ended.
    pub ending: Ending,
    /// The moves played up to the position counted.
    pub moves: usize,
    /// The count: `B+3.5`, `W+12`, `0`; for a game that is not finished, an estimate.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub result: GameResult,
    /// The result, as SGF's `RE` writes it: the count of a finished game, the recorded
    /// result of a game decided by resignation, time or forfeit (`B+R`), none for any other
    /// unfinished game.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "result", skip_serializing_if = "Option::is_none")
    )]
    pub verdict_result: Option<String>,
    /// For a game that is not finished: the count of its position as it stands, an
    /// estimate (`W+12.5`), not a result.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub estimate: Option<String>,
    /// For a game that is not finished: the margin the estimate rests on, in points, Black's
    /// lead positive and White's negative.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub margin: Option<Margin>,
    /// The record's `RE` as written, when it has one.
    pub recorded: Option<String>,
    /// How the count stands against `recorded` ([`Counted::agreement`]).
    pub agreement: Agreement,
    /// The rule set.
    pub rules: RuleSet,
    /// Komi.
    pub komi: Komi,
    /// Handicap stones.
    pub handicap: usize,
    /// Where the dead stones come from.
    pub dead_from: DeadFrom,
    /// Black's count.
    pub black: Count,
    /// White's count.
    pub white: Count,
    /// The dead stones, as Go programs name their points.
    pub dead: Vec<String>,
    /// The points the user marked dead (their chains' stones are among `dead`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub marked_dead: Vec<String>,
    /// The points the user marked alive (their chains' stones are not among `dead`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub marked_alive: Vec<String>,
    /// What estimated the dead stones, when arbiter did.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub estimated_by: Option<Estimator>,
    /// When the network estimated them: the visits of the search that read what it left
    /// unsure (0: the network alone).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub visits: Option<u32>,
    /// The dead chains an estimate found, each with why and how sure.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub dead_chains: Vec<DeadChain>,
    /// Chains an estimate left alive though it was unsure of them: the other colour takes
    /// their points with a likelihood of 0.35 or more, or the search had to read them.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub close_calls: Vec<DeadChain>,
    /// The network's ownership map, when it was asked: row by row from the top, from -1
    /// (White's) to 1 (Black's), to two decimals.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub ownership: Option<Vec<Vec<Hundredths>>>,
    /// The stones in seki.
    pub seki: Vec<String>,
    /// Each colour's territory points.
    pub territory: TerritoryPoints,
    /// Whose territory was counted, when it was the record's marks (`markup`; absent when
    /// arbiter counted it).
    #[cfg_attr(
        feature = "serde",
        serde(rename = "territory_from", skip_serializing_if = "is_counted")
    )]
    pub territory_from: TerritoryFrom,
    /// Where a finished record's territory marks and the count disagree, point by point.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub markup_differs: Vec<MarkDifference>,
    /// Moves that break the rules, played as recorded.
    pub warnings: Vec<Warning>,
    /// The position and the map behind the count, for the views.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub detail: Detail,
    /// What the verdict rests on.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub counted: Counted,
}

/// What the verdict needs; the judgement adds the points' names.
enum Counting {
    Contest(ContestCount),
    Scored {
        detail: Box<Detail>,
        counted: Counted,
        handicap: usize,
        estimated: Option<Estimated>,
        warnings: Vec<Warning>,
        markup_differs: Vec<MarkDifference>,
    },
}

/// An estimate's findings, as Go programs name the points.
struct Estimated {
    by: Estimator,
    visits: Option<u32>,
    dead: Vec<DeadChain>,
    close: Vec<DeadChain>,
    ownership: Option<Vec<Vec<Hundredths>>>,
}

/// How likely the other colour must be to take a chain's points for the chain to be a close
/// call when it is left alive.
const CLOSE: f32 = 0.35;

impl Estimated {
    fn of(estimate: Estimate, board: &board::Board) -> Estimated {
        let (width, height) = (board.width(), board.height());
        let chain = |call: &dead::ChainCall| DeadChain {
            stones: call
                .stones
                .iter()
                .map(|&p| {
                    let (x, y) = board.point(p);
                    gtp(Coord { row: y, col: x }, width, height)
                })
                .collect(),
            colour: call.stone,
            call: call.call,
            visits: (call.visits > 0).then_some(call.visits),
            confidence: Hundredths::of(if call.dead {
                call.taken
            } else {
                1.0 - call.taken
            }),
        };
        // Alive, though the network leaned the other way or the search had to read it.
        let close = |call: &&dead::ChainCall| {
            !call.dead
                && (call.taken >= CLOSE && call.call != Call::Benson
                    || matches!(call.call, Call::Search | Call::Playout))
        };
        Estimated {
            by: estimate.by,
            visits: (estimate.by == Estimator::Network).then_some(estimate.visits),
            dead: estimate
                .chains
                .iter()
                .filter(|c| c.dead)
                .map(chain)
                .collect(),
            close: estimate.chains.iter().filter(close).map(chain).collect(),
            ownership: estimate.ownership.map(|map| {
                map.chunks(width)
                    .map(|row| row.iter().map(|&o| Hundredths::of(o)).collect())
                    .collect()
            }),
        }
    }
}

/// Judging a checked case cannot fail: the reader has checked the board size and the dead
/// stones list.
const CHECKED: &str = "the reader checks the board size and the dead-stone list";

impl GameJudgement {
    /// The judgement of a scored game, with its points named as Go programs name them.
    fn new(
        detail: Detail,
        counted: Counted,
        handicap: usize,
        estimated: Option<Estimated>,
        warnings: Vec<Warning>,
        marked: (Vec<String>, Vec<String>),
    ) -> Self {
        let (width, height) = (detail.stones.width(), detail.stones.height());
        let name = |at: &Coord| gtp(*at, width, height);
        let mut territory = TerritoryPoints::default();
        for (i, owner) in detail.scored.territory.iter().enumerate() {
            let at = Coord {
                row: i / width,
                col: i % width,
            };
            match owner {
                Some(Stone::Black) => territory.black.push(name(&at)),
                Some(Stone::White) => territory.white.push(name(&at)),
                None => {}
            }
        }
        let scored = &detail.scored;
        let (estimated_by, visits, dead_chains, close_calls, ownership) = match estimated {
            Some(e) => (Some(e.by), e.visits, e.dead, e.close, e.ownership),
            None => (None, None, Vec::new(), Vec::new(), None),
        };
        let ending = counted.ending;
        let verdict_result = if ending.finished() {
            Some(scored.result.to_string())
        } else {
            counted.recorded_result()
        };
        let estimate = (!ending.finished()).then(|| scored.result.to_string());
        GameJudgement {
            finished: ending.finished(),
            ending,
            moves: counted.moves,
            result: scored.result,
            verdict_result,
            estimate,
            margin: (!ending.finished()).then(|| Margin::of(scored.result)),
            marked_dead: marked.0,
            marked_alive: marked.1,
            recorded: counted.recorded.clone(),
            agreement: counted.agreement(),
            rules: counted.rules.0,
            komi: counted.komi.0,
            handicap,
            dead_from: counted.dead.0,
            black: scored.black,
            white: scored.white,
            dead: scored.dead.iter().map(name).collect(),
            estimated_by,
            visits,
            dead_chains,
            close_calls,
            ownership,
            seki: scored.seki.iter().map(name).collect(),
            territory,
            territory_from: counted.territory,
            markup_differs: Vec::new(),
            warnings,
            counted,
            detail,
        }
    }
}

/// Whether arbiter counted the territory (serde's test for leaving `territory_from` out).
#[cfg(feature = "serde")]
fn is_counted(from: &TerritoryFrom) -> bool {
    *from == TerritoryFrom::Count
}

/// A chain an estimate called, as Go programs name its points.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DeadChain {
    /// Its stones.
    pub stones: Vec<String>,
    /// Its colour.
    pub colour: Stone,
    /// What decided its call: `benson`, `network`, `search`, `playout` (or, for the playout
    /// estimate, `eye-space` and `playouts`).
    #[cfg_attr(feature = "serde", serde(rename = "decided_by"))]
    pub call: Call,
    /// The visits of each search behind a `search` or `playout` call.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub visits: Option<u32>,
    /// How sure the estimate is of its call, from 0 to 1: for a dead chain, how likely its
    /// points end up the other colour's (see [`dead::ChainCall::taken`]); for a chain left
    /// alive, how likely they stay its own.
    pub confidence: Hundredths,
}

/// A lead in half points, Black's positive and White's negative, written in JSON as a
/// number of points (`-12.5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margin(pub i64);

impl Margin {
    /// Black's lead in a result.
    pub fn of(result: GameResult) -> Margin {
        match result {
            GameResult::Draw => Margin(0),
            GameResult::Win { winner, margin } => {
                let halves = i64::try_from(margin.0).unwrap_or(i64::MAX);
                Margin(if winner == Stone::Black {
                    halves
                } else {
                    -halves
                })
            }
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Margin {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0 as f64 / 2.0)
    }
}

/// A number from -1 to 1 to two decimals, written in JSON as a number (`0.97`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hundredths(pub i8);

impl Hundredths {
    /// The nearest hundredth of `value`, clamped to -1..=1.
    pub fn of(value: f32) -> Hundredths {
        Hundredths((value.clamp(-1.0, 1.0) * 100.0).round() as i8)
    }
}

impl std::fmt::Display for Hundredths {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let n = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", n / 100, n % 100)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Hundredths {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(f64::from(self.0) / 100.0)
    }
}

/// Each colour's territory, as Go programs name the points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TerritoryPoints {
    /// Black's.
    pub black: Vec<String>,
    /// White's.
    pub white: Vec<String>,
}

/// The final position and the scoring map, kept for the explanation and the pictures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detail {
    /// The final position, dead stones still on it.
    pub stones: Stones,
    /// The scoring map.
    pub scored: Scored,
}

impl Scoring {
    /// The verdict alone, found as cheaply as possible: a contest position counted by the
    /// contest's rule, every stone alive, needs no judgement.
    pub fn verdict_of_case(&self, case: &Case) -> Verdict {
        match (case, self.contest_for(case)) {
            (Case::Position(position), true) if self.dead.is_none() && self.dead_at.is_empty() => {
                Verdict::Contest(super::territory::score(position).verdict())
            }
            _ => match self.count(case).expect(CHECKED) {
                Counting::Contest(count) => Verdict::Contest(count.score.verdict()),
                Counting::Scored { counted, .. } => Verdict::Scored(Box::new(counted)),
            },
        }
    }

    /// The judgement of a case checked by the reader.
    pub fn judgement(&self, case: &Case) -> Judgement {
        match self.count(case).expect(CHECKED) {
            Counting::Contest(count) => Judgement::Contest(count),
            Counting::Scored {
                detail,
                counted,
                handicap,
                estimated,
                warnings,
                markup_differs,
            } => {
                let (width, height) = (detail.stones.width(), detail.stones.height());
                let names = |points: &[String]| -> Vec<String> {
                    points
                        .iter()
                        .filter_map(|name| parse_gtp(name, width, height))
                        .map(|at| gtp(at, width, height))
                        .collect()
                };
                let marked = (names(&self.dead_at), names(&self.alive_at));
                let mut game =
                    GameJudgement::new(*detail, counted, handicap, estimated, warnings, marked);
                game.markup_differs = markup_differs;
                Judgement::Scored(Box::new(game))
            }
        }
    }

    /// Checks what judging `case` with these options needs beyond what the reader checks: a
    /// square board for the contest's rule, at most 52 x 52 for dead-stone work, and a stone
    /// on every point marked dead or alive. Judging a checked case cannot fail.
    pub(crate) fn check(&self, case: &Case) -> Result<(), RecordError> {
        let (width, height) = match case {
            Case::Position(position) => (position.size(), position.size()),
            Case::Record(recorded) => (
                recorded.replay.board.width(),
                recorded.replay.board.height(),
            ),
        };
        if self.contest_for(case) && width != height {
            return Err(RecordError::Syntax(format!(
                "the contest's rule counts square boards, and this one is {width} x {height}"
            )));
        }
        let needs_chains = !self.dead_at.is_empty()
            || !self.alive_at.is_empty()
            || matches!(
                self.dead_from(case),
                DeadFrom::Estimate | DeadFrom::Playouts
            );
        if needs_chains && (width > board::MAX_SIDE || height > board::MAX_SIDE) {
            return Err(RecordError::Size { width, height });
        }
        let holds = |at: Coord| match case {
            Case::Position(position) => position.get(at).is_some(),
            Case::Record(recorded) => {
                let board = &recorded.replay.board;
                board.stone(board.index(at.col, at.row)).is_some()
            }
        };
        for (names, marked) in [
            (&self.dead_at, Marked::Dead),
            (&self.alive_at, Marked::Alive),
        ] {
            for name in names {
                let bad = |why: PointError| RecordError::Marked {
                    point: name.clone(),
                    marked,
                    why,
                };
                let at = record::parse_point(name, width, height).map_err(bad)?;
                if !holds(at) {
                    return Err(bad(PointError::Empty));
                }
            }
        }
        Ok(())
    }

    /// Whether `case` is counted by the contest's rule.
    fn contest_for(&self, case: &Case) -> bool {
        match self.rules {
            Some(Choice::Contest) => true,
            Some(Choice::Rules(_)) => false,
            // Contest input keeps the contest's rule, unless komi asks for real rules.
            None => matches!(case, Case::Position(_)) && self.komi.is_none(),
        }
    }

    /// Judges a case: the contest's count, or the score under a rule set with everything
    /// the verdict rests on (the points' names, which only the views need, are left out).
    fn count(&self, case: &Case) -> Result<Counting, RecordError> {
        let contest = self.contest_for(case);
        let (stones, captured, rules, record) = match case {
            Case::Position(position) => {
                let rules = match self.rules {
                    Some(Choice::Rules(rules)) => (rules, Source::Option),
                    _ => (RuleSet::Japanese, Source::Default),
                };
                (stones_of(position), [0, 0], rules, None)
            }
            Case::Record(recorded) => {
                let replay = &recorded.replay;
                let (rules, from, _) = self.rules_of(&replay.record);
                (
                    stones_of_board(&replay.board),
                    replay.captured,
                    (rules, from),
                    Some(replay),
                )
            }
        };
        let komi = match (self.komi, record.and_then(|r| r.record.komi)) {
            (Some(komi), _) => (komi, Source::Option),
            (None, Some(komi)) => (komi, Source::Record),
            (None, None) => (Komi::ZERO, Source::Default),
        };
        let handicap = record.map_or(0, |r| r.record.handicap);
        // An unfinished game (resigned, or cut at a move) is only estimated: by the raw
        // network unless a search is asked for, and never played out.
        let finished = match case {
            Case::Position(_) => true,
            Case::Record(game) => game.ending.finished(),
        };
        let terms = EstimateTerms {
            rules: rules.0,
            komi: (f64::from(komi.0) + rules.0.compensation(handicap) as f64) as f32,
            to_move: record.map_or(Stone::Black, next_to_move),
            #[cfg(feature = "net")]
            network: self.network.clone(),
            visits: self
                .visits
                .unwrap_or(if finished { dead::DEFAULT_VISITS } else { 0 }),
            threads: 1,
            finished,
        };
        let (dead, dead_from, estimated) = self.dead_stones(case, &stones, record, terms)?;
        if contest {
            let mut position = Position::new(stones.width());
            for row in 0..stones.height() {
                for col in 0..stones.width() {
                    let at = Coord { row, col };
                    if let Some(stone) = stones.get(at) {
                        position.place(at, stone).expect("an empty board");
                    }
                }
            }
            for &at in &dead {
                position.remove(at);
            }
            let territory = super::territory(&position);
            let score = super::score_of(&position, &territory);
            return Ok(Counting::Contest(ContestCount {
                score,
                territory,
                position,
            }));
        }
        let terms = Terms {
            rules: rules.0,
            komi: komi.0,
            handicap,
        };
        let owners = (!finished)
            .then(|| estimated.as_ref()?.ownership.as_deref().map(owners_of))
            .flatten();
        // A finished record's marks, each point's owner by them.
        let marks = record
            .filter(|_| finished)
            .and_then(|r| r.record.markup.as_ref())
            .map(|m| markup::owners(m, stones.width(), stones.height()));
        let territory = match (&marks, self.territory) {
            (Some(_), Some(TerritoryFrom::Markup)) => TerritoryFrom::Markup,
            _ => TerritoryFrom::Count,
        };
        let scored = match (&owners, &marks) {
            // Counted as marked: every point without a living stone is its marker's.
            (_, Some(marks)) if territory == TerritoryFrom::Markup => {
                scoring::score_unfinished(&stones, &dead, captured, terms, marks)
            }
            (Some(owners), _) => scoring::score_unfinished(&stones, &dead, captured, terms, owners),
            _ => scoring::score(&stones, &dead, captured, terms),
        };
        let markup_differs = marks
            .map(|marks| markup::differences(&marks, &stones, &scored))
            .unwrap_or_default();
        let (ending, moves) = match case {
            Case::Position(_) => (Ending::Position, 0),
            Case::Record(recorded) => (recorded.ending, recorded.replay.moves),
        };
        let counted = Counted {
            result: scored.result,
            recorded: record.and_then(|r| r.record.result.clone()),
            rules,
            komi,
            dead: (dead_from, scored.dead.len()),
            estimated_by: estimated.as_ref().map(|e| e.by),
            ending,
            moves,
            territory,
        };
        Ok(Counting::Scored {
            detail: Box::new(Detail { stones, scored }),
            counted,
            handicap,
            estimated,
            warnings: record.map(|r| r.warnings.clone()).unwrap_or_default(),
            markup_differs,
        })
    }

    /// Where the dead stones of `case` come from.
    fn dead_from(&self, case: &Case) -> DeadFrom {
        match (self.dead, case) {
            (Some(from), _) => from,
            (None, Case::Position(_)) => DeadFrom::None,
            (None, Case::Record(recorded)) => match recorded.replay.record.markup {
                Some(_) => DeadFrom::Markup,
                None => DeadFrom::Estimate,
            },
        }
    }

    /// Why `--territory markup` cannot count `case` as marked, when it is asked to: the record
    /// has no marks, or it is not finished (cut before its end, or resigned).
    pub(crate) fn markup_warning(&self, case: &Case) -> Option<String> {
        let Case::Record(game) = case else {
            return None;
        };
        if self.territory != Some(TerritoryFrom::Markup) {
            return None;
        }
        match (&game.replay.record.markup, game.ending.finished()) {
            (Some(_), true) => None,
            (None, _) => Some(
                "--territory markup: the record has no territory markup (TB/TW); its territory \
                 is counted"
                    .to_string(),
            ),
            (Some(_), false) => Some(
                "--territory markup: the game is not finished, so its marks speak of a later \
                 position; its territory is estimated"
                    .to_string(),
            ),
        }
    }

    /// Why the network cannot estimate `case`'s dead stones, when it is asked to and cannot.
    pub(crate) fn estimate_warning(&self, case: &Case) -> Option<String> {
        if self.dead_from(case) != DeadFrom::Estimate {
            return None;
        }
        let (width, height) = match case {
            Case::Position(position) => (position.size(), position.size()),
            Case::Record(recorded) => (
                recorded.replay.board.width(),
                recorded.replay.board.height(),
            ),
        };
        estimate::without_network(width, height)
    }

    /// The dead stones of a case, where they come from, and the estimate's findings when
    /// arbiter estimated them.
    fn dead_stones(
        &self,
        case: &Case,
        stones: &Stones,
        record: Option<&Replay>,
        terms: EstimateTerms,
    ) -> Result<(Vec<Coord>, DeadFrom, Option<Estimated>), RecordError> {
        let (width, height) = (stones.width(), stones.height());
        // The playing board, with its chains: the record's own, or one built for a position.
        let board = || match record {
            Some(replay) => Ok(replay.board.clone()),
            None => playing_board(stones).ok_or(RecordError::Size { width, height }),
        };
        let from = self.dead_from(case);
        let (mut found, estimated) = match from {
            DeadFrom::None => (Vec::new(), None),
            DeadFrom::Markup => match record.and_then(|r| r.record.markup.as_ref()) {
                Some(markup) => (dead::from_markup(stones, markup), None),
                None => (Vec::new(), None),
            },
            DeadFrom::Estimate | DeadFrom::Playouts => {
                let board = board()?;
                let estimate = estimate::estimate(&board, from, terms);
                let dead = coords(&board, &estimate.dead());
                (dead, Some(Estimated::of(estimate, &board)))
            }
        };
        if !self.dead_at.is_empty() || !self.alive_at.is_empty() {
            let points = |names: &[String]| -> Vec<Coord> {
                names
                    .iter()
                    .filter_map(|name| parse_gtp(name, width, height))
                    .collect()
            };
            let board = board()?;
            let dead = coords(&board, &dead::chains_of(&board, &points(&self.dead_at))?);
            let alive = coords(&board, &dead::chains_of(&board, &points(&self.alive_at))?);
            found.extend(dead);
            found.sort_unstable();
            found.dedup();
            found.retain(|at| alive.binary_search(at).is_err());
        }
        Ok((found, from, estimated))
    }
}

/// How sure the network must be of a point's owner for an unfinished game's estimate to
/// count it (ownership 0.5: a likelihood of 0.75).
pub const UNFINISHED_OWNERSHIP: f32 = 0.5;

/// Each point's owner by an estimate's ownership map (rows of 1 Black's to -1 White's): the
/// side it leans to by [`UNFINISHED_OWNERSHIP`] or more, else no one.
fn owners_of(ownership: &[Vec<Hundredths>]) -> Vec<Option<Stone>> {
    ownership
        .iter()
        .flatten()
        .map(|own| {
            let own = f32::from(own.0) / 100.0;
            if own >= UNFINISHED_OWNERSHIP {
                Some(Stone::Black)
            } else if own <= -UNFINISHED_OWNERSHIP {
                Some(Stone::White)
            } else {
                None
            }
        })
        .collect()
}

/// Who moves after a record's last move: its `PL`, else the other side of the last mover,
/// else Black.
fn next_to_move(replay: &Replay) -> Stone {
    if let Some(stone) = replay.record.to_play {
        return stone;
    }
    let last = replay.record.events.iter().rev().find_map(|e| match e {
        record::Event::Move { stone, .. } => Some(*stone),
        _ => None,
    });
    last.map_or(Stone::Black, board::other)
}

fn stones_of(position: &Position) -> Stones {
    let n = position.size();
    let mut stones = Stones::new(n, n);
    for row in 0..n {
        for col in 0..n {
            let at = Coord { row, col };
            stones.set(at, position.get(at));
        }
    }
    stones
}

fn stones_of_board(board: &board::Board) -> Stones {
    let mut stones = Stones::new(board.width(), board.height());
    for p in board.points() {
        let (x, y) = board.point(p);
        stones.set(Coord { row: y, col: x }, board.stone(p));
    }
    stones
}

/// The playing board of a position of at most 52 x 52 (dead-stone work needs its chains).
fn playing_board(stones: &Stones) -> Option<board::Board> {
    let (width, height) = (stones.width(), stones.height());
    if width > board::MAX_SIDE || height > board::MAX_SIDE {
        return None;
    }
    let mut b = board::Board::new(width, height);
    for row in 0..height {
        for col in 0..width {
            if let Some(stone) = stones.get(Coord { row, col }) {
                let i = b.index(col, row);
                b.set(i, stone);
            }
        }
    }
    Some(b)
}

fn coords(board: &board::Board, points: &[usize]) -> Vec<Coord> {
    points
        .iter()
        .map(|&p| {
            let (x, y) = board.point(p);
            Coord { row: y, col: x }
        })
        .collect()
}
