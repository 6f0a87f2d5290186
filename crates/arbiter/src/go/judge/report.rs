//! What the judge reports: the verdict, the count it rests on, and the judgement of a game
//! with every point named, as the views and JSON write it.

use super::case::Ending;
use crate::go::board;
use crate::go::dead::{self, Call, DeadFrom, Estimate, Estimator};
use crate::go::markup::{MarkDifference, TerritoryFrom};
use crate::go::position::{Position, Stone};
use crate::go::record::{Warning, gtp};
use crate::go::rules::RuleSet;
use crate::go::scoring::{Count, Scored};
use crate::go::sgf::Recorded;
use crate::go::territory::{ContestVerdict, GameResult, Komi, Score, Territory};
use crate::grid::Coord;

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
pub(super) enum CaseCount {
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
pub(super) struct Estimated {
    pub(super) by: Estimator,
    pub(super) visits: Option<u32>,
    pub(super) dead: Vec<DeadChain>,
    pub(super) close: Vec<DeadChain>,
    pub(super) ownership: Option<Vec<Vec<Hundredths>>>,
}

/// How likely the other colour must be to take a chain's points for the chain to be a close
/// call when it is left alive.
const CLOSE: f32 = 0.35;

impl Estimated {
    pub(super) fn of(estimate: Estimate, board: &board::Board) -> Estimated {
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

impl GameJudgement {
    /// The judgement of a scored game, with its points named as Go programs name them.
    pub(super) fn new(
        detail: Detail,
        counted: Counted,
        handicap: usize,
        estimated: Option<Estimated>,
        warnings: Vec<Warning>,
        marked: (Vec<String>, Vec<String>),
    ) -> Self {
        let (width, height) = (detail.position.width(), detail.position.height());
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
    pub position: Position,
    /// The scoring map.
    pub scored: Scored,
}
