//! The count of a case: the dead stones from their source, the score under the rules,
//! and the checks that make judging a checked case safe.

use super::case::{Case, Ending};
use super::options::{Choice, Scoring};
use super::report::{
    CaseCount, ContestCount, Counted, Detail, Estimated, GameJudgement, Hundredths, Judgement,
    Source, Verdict,
};
use crate::go::board;
use crate::go::dead::{self, DeadFrom};
use crate::go::estimate::{self, EstimateTerms};
use crate::go::markup::{self, TerritoryFrom};
use crate::go::position::{Position, Stone};
use crate::go::record::{self, Marked, PointError, RecordError, Replay, gtp, parse_gtp};
use crate::go::rules::RuleSet;
use crate::go::scoring::{self, Terms};
use crate::go::territory::Komi;
use crate::grid::Coord;

/// Judging a checked case cannot fail: the reader has checked the board size and the dead
/// stones list.
const CHECKED: &str = "the reader checks the board size and the dead-stone list";

impl Scoring {
    /// The verdict alone, found as cheaply as possible: a contest position counted by the
    /// contest's rule, every stone alive, needs no judgement.
    pub fn verdict_of_case(&self, case: &Case) -> Verdict {
        match (case, self.contest_for(case)) {
            (Case::Position(position), true) if self.dead.is_none() && self.dead_at.is_empty() => {
                Verdict::Contest(crate::go::territory::score(position).verdict())
            }
            _ => match self.count(case).expect(CHECKED) {
                CaseCount::Contest(count) => Verdict::Contest(count.score.verdict()),
                CaseCount::Scored { counted, .. } => Verdict::Scored(Box::new(counted)),
            },
        }
    }

    /// The judgement of a case checked by the reader.
    pub fn judgement(&self, case: &Case) -> Judgement {
        match self.count(case).expect(CHECKED) {
            CaseCount::Contest(count) => Judgement::Contest(count),
            CaseCount::Scored {
                detail,
                counted,
                handicap,
                estimated,
                warnings,
                markup_differs,
            } => {
                let (width, height) = (detail.position.width(), detail.position.height());
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
            Case::Position(position) => (position.width(), position.height()),
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
    fn count(&self, case: &Case) -> Result<CaseCount, RecordError> {
        let contest = self.contest_for(case);
        let (position, captured, rules, record) = match case {
            Case::Position(position) => {
                let rules = match self.rules {
                    Some(Choice::Rules(rules)) => (rules, Source::Option),
                    _ => (RuleSet::Japanese, Source::Default),
                };
                (position.clone(), [0, 0], rules, None)
            }
            Case::Record(recorded) => {
                let replay = &recorded.replay;
                let (rules, from, _) = self.rules_of(&replay.record);
                (
                    replay.board.position(),
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
        let (dead, dead_from, estimated) = self.dead_stones(case, &position, record, terms)?;
        if contest {
            let mut position = position;
            for &at in &dead {
                position.remove(at);
            }
            let territory = crate::go::territory::territory(&position);
            let score = crate::go::territory::score_of(&position, &territory);
            return Ok(CaseCount::Contest(ContestCount {
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
            .map(|m| markup::owners(m, position.width(), position.height()));
        let territory = match (&marks, self.territory) {
            (Some(_), Some(TerritoryFrom::Markup)) => TerritoryFrom::Markup,
            _ => TerritoryFrom::Count,
        };
        let scored = match (&owners, &marks) {
            // Counted as marked: every point without a living stone is its marker's.
            (_, Some(marks)) if territory == TerritoryFrom::Markup => {
                scoring::score_by_owners(&position, &dead, captured, terms, marks)
            }
            (Some(owners), _) => {
                scoring::score_by_owners(&position, &dead, captured, terms, owners)
            }
            _ => scoring::score(&position, &dead, captured, terms),
        };
        // Counted as marked, the marks and the count agree by construction.
        let markup_differs = match &marks {
            Some(marks) if territory == TerritoryFrom::Count => {
                markup::differences(marks, &position, &scored)
            }
            _ => Vec::new(),
        };
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
        Ok(CaseCount::Scored {
            detail: Box::new(Detail { position, scored }),
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
            (None, true) => Some(
                "--territory markup: the record has no territory markup (TB/TW); its territory \
                 is counted"
                    .to_string(),
            ),
            // Resigned with marks, or cut before its end (`--at-move`), which drops them.
            (_, false) => Some(
                "--territory markup: the position judged is not a finished game's, so no marks \
                 speak of it; its territory is estimated"
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
            Case::Position(position) => (position.width(), position.height()),
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
        position: &Position,
        record: Option<&Replay>,
        terms: EstimateTerms,
    ) -> Result<(Vec<Coord>, DeadFrom, Option<Estimated>), RecordError> {
        let (width, height) = (position.width(), position.height());
        // The playing board, with its chains: the record's own, or one built for a position.
        let board = || match record {
            Some(replay) => Ok(replay.board.clone()),
            None => board::Board::of_position(position).ok_or(RecordError::Size { width, height }),
        };
        let from = self.dead_from(case);
        let (mut found, estimated) = match from {
            DeadFrom::None => (Vec::new(), None),
            DeadFrom::Markup => match record.and_then(|r| r.record.markup.as_ref()) {
                Some(markup) => (dead::from_markup(position, markup), None),
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
const UNFINISHED_OWNERSHIP: f32 = 0.5;

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

fn coords(board: &board::Board, points: &[usize]) -> Vec<Coord> {
    points
        .iter()
        .map(|&p| {
            let (x, y) = board.point(p);
            Coord { row: y, col: x }
        })
        .collect()
}
