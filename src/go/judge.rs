//! Go as a [`Game`]: contest positions and game records, judged by the options a user gives.
//!
//! The input's first non-blank byte says what it is: `(` for SGF records
//! ([`super::sgf`]), anything else for the contest format ([`super::stanford`]). Each game
//! of a record is replayed as it is read (so that a broken record is an error naming the
//! game and the move), then scored:
//!
//! - by the contest's rule (`Choice::Contest`, the default for contest input): territory
//!   against territory, every stone alive unless dead stones are asked for;
//! - or by a rule set (`Choice::Rules`; for records the default is the record's `RU`, else
//!   japanese), with komi (default: `KM`, else 0), handicap compensation, prisoners, and
//!   dead stones from the markup, the user's list, or arbiter's estimate (for records the
//!   default is the markup when the final node has `TB`/`TW`, else the estimate).

use std::io::{self, BufRead, Write};

use super::dead::{self, DeadFrom};
use super::record::{self, RecordError, Replay, Warning, gtp, parse_gtp};
use super::rules::RuleSet;
use super::scoring::{self, Count, Scored, Stones, Terms};
use super::sgf::Recorded;
use super::{GameResult, Komi, Position, Score, Stone, Territory, Verdict, board};
use crate::game::{Cases, Game, Notation, Pieces, Written};
use crate::grid::Coord;
use crate::input::{CaseTexts, Cut, ErrorKind, Illegal, InputError, Place};
use crate::render::Style;
use crate::sgf::{Games, sniff};
use crate::validate::Report;

/// What counts: the contest's rule, or a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Territory against territory, no komi, the contest's wording.
    Contest,
    /// A rule set, results written as SGF's `RE` writes them.
    Rules(RuleSet),
}

/// Go scoring with its options. Every option left `None` takes the input's own (see the
/// module's notes).
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::go::{Choice, Go};
/// use arbiter::go::rules::RuleSet;
///
/// let game = Go::new(Some(Choice::Rules(RuleSet::Chinese)), None).unwrap();
/// let record = "(;SZ[5]KM[0.5];B[cc];W[];B[])";
/// let raw = game.read(record.as_bytes()).next().unwrap().unwrap();
/// let case = game.prepare(raw).unwrap();
/// // Black's stone and every empty point: 25 points against White's 0.5.
/// assert_eq!(game.verdict(&case).to_string(), "B+24.5");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// What counts.
    pub rules: Option<Choice>,
    /// Komi.
    pub komi: Option<Komi>,
    /// Where dead stones come from (the user's list aside).
    pub dead: Option<DeadFrom>,
    /// Points whose chains are dead, in Go programs' notation (`Q16`).
    pub dead_at: Vec<String>,
    /// Compare each record's `RE` with the count: write only the games that differ.
    pub check: bool,
}

/// The error of [`Go::new`]: komi with the contest's rule, which has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("komi needs real rules: the contest's rule has no komi")]
pub struct KomiWithoutRules;

impl Go {
    /// The contest's rule on contest input, every option the input's own.
    pub const CONTEST: Go = Go {
        rules: None,
        komi: None,
        dead: None,
        dead_at: Vec::new(),
        check: false,
    };

    /// Scoring by `rules` with `komi`, the other options the input's own.
    ///
    /// # Errors
    /// Komi with the contest's rule, which has none.
    pub fn new(rules: Option<Choice>, komi: Option<Komi>) -> Result<Go, KomiWithoutRules> {
        if rules == Some(Choice::Contest) && komi.is_some() {
            return Err(KomiWithoutRules);
        }
        Ok(Go {
            rules,
            komi,
            ..Go::default()
        })
    }

    /// The rule set a record is replayed and scored under, and where it comes from; a
    /// warning when its `RU` names no rule set arbiter knows.
    fn rules_of(&self, record: &record::Record) -> (RuleSet, Source, Option<String>) {
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

    /// Reads and replays one game of a collection.
    fn replay_game(&self, game: crate::sgf::GameText) -> Result<Case, InputError> {
        let mut record = super::sgf::record(&game)?;
        let number = game.number;
        record.source = Some(game.text);
        let (rules, _, warning) = self.rules_of(&record);
        let replay = record::replay(record, rules).map_err(|e| record_error(e, number))?;
        Ok(Case::Record(Box::new(GameCase {
            replay,
            note: warning,
        })))
    }
}

/// A record's error as an input error naming the game and, for a move, the move.
fn record_error(error: RecordError, game: usize) -> InputError {
    let place = match &error {
        RecordError::Occupied { number, .. } => Some(Place::Move {
            number: *number,
            pos: None,
        }),
        RecordError::OffBoard { what, .. } => what
            .strip_prefix("move ")
            .and_then(|n| n.parse().ok())
            .map(|number| Place::Move { number, pos: None }),
        _ => None,
    };
    InputError::new(place, ErrorKind::Illegal(Illegal::new(error))).in_game(game)
}

/// What the reader cuts out of a Go input: a contest position, or a game's text, to be parsed
/// and replayed by [`Game::prepare`].
#[derive(Clone, Debug)]
pub enum Raw {
    /// A contest position, read whole.
    Position(Position),
    /// One game of an SGF collection.
    Game(crate::sgf::GameText),
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
}

impl Counted {
    /// Whether the record's `RE` is a score that differs from the count.
    pub fn differs(&self) -> bool {
        let recorded = self.recorded.as_deref().map(Recorded::read);
        recorded
            .and_then(|r| r.score())
            .is_some_and(|score| score != self.result)
    }
}

/// The answer of one case: the contest's line, or a result under a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The contest's verdict: `Black wins by 3`.
    Contest(Verdict),
    /// A result: `B+3.5`.
    Scored(Box<Counted>),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Contest(verdict) => verdict.fmt(f),
            Outcome::Scored(counted) => counted.result.fmt(f),
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

/// A game scored under a rule set: the result and everything it rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameJudgement {
    /// The result: `B+3.5`, `W+12`, `0`.
    pub result: GameResult,
    /// The record's `RE` as written, when it has one.
    pub recorded: Option<String>,
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
    /// The stones in seki.
    pub seki: Vec<String>,
    /// Each colour's territory points.
    pub territory: TerritoryPoints,
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
        warnings: Vec<Warning>,
    },
}

/// Judging a checked case cannot fail: the reader has checked the board size and the dead
/// stones list.
const CHECKED: &str = "the reader checks the board size and the dead-stone list";

impl GameJudgement {
    /// The judgement of a scored game, with its points named as Go programs name them.
    fn new(detail: Detail, counted: Counted, handicap: usize, warnings: Vec<Warning>) -> Self {
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
        GameJudgement {
            result: scored.result,
            recorded: counted.recorded.clone(),
            rules: counted.rules.0,
            komi: counted.komi.0,
            handicap,
            dead_from: counted.dead.0,
            black: scored.black,
            white: scored.white,
            dead: scored.dead.iter().map(name).collect(),
            seki: scored.seki.iter().map(name).collect(),
            territory,
            warnings,
            counted,
            detail,
        }
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

impl Game for Go {
    const NAME: &'static str = "go";
    type Raw = Raw;
    type Case = Case;
    type Verdict = Outcome;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, mut input: R) -> Cases<'a, Raw> {
        let sniffed = match sniff(&mut input) {
            Ok(sniffed) => sniffed,
            Err(e) => return Box::new(std::iter::once(Err(InputError::io(e)))),
        };
        if sniffed.sgf {
            let games = Games::new(input, sniffed.skipped, sniffed.pos.line);
            Box::new(games.map(|game| game.map(Raw::Game)))
        } else {
            let positions = super::stanford::cases_from(input, sniffed.token_pos);
            Box::new(positions.map(|position| position.map(Raw::Position)))
        }
    }

    fn read_for_threads<'a, R: BufRead + 'a>(&'a self, mut input: R) -> Pieces<'a, Raw> {
        let sniffed = match sniff(&mut input) {
            Ok(sniffed) => sniffed,
            Err(e) => return Box::new(std::iter::once(Err(InputError::io(e)))),
        };
        if sniffed.sgf {
            let games = Games::new(input, sniffed.skipped, sniffed.pos.line);
            Box::new(games.map(|game| game.map(|game| Cut::Read(Raw::Game(game)))))
        } else {
            let positions = super::stanford::cut_cases_from(input, sniffed.token_pos);
            Box::new(positions.map(|piece| {
                piece.map(|piece| match piece {
                    Cut::Read(position) => Cut::Read(Raw::Position(position)),
                    Cut::Texts(texts) => Cut::Texts(texts),
                })
            }))
        }
    }

    fn read_texts(&self, texts: CaseTexts) -> Cases<'_, Raw> {
        Box::new(super::stanford::read_texts(texts).map(|position| position.map(Raw::Position)))
    }

    fn weight(&self, raw: &Raw) -> usize {
        match raw {
            Raw::Position(position) => position.size() * position.size(),
            Raw::Game(game) => game.text.len(),
        }
    }

    fn prepare(&self, raw: Raw) -> Result<Case, InputError> {
        let (case, game) = match raw {
            Raw::Position(position) => (Case::Position(position), None),
            Raw::Game(game) => {
                let number = game.number;
                (self.replay_game(game)?, Some(number))
            }
        };
        self.check(&case).map_err(|e| match game {
            Some(number) => record_error(e, number),
            None => record_error(e, 0).without_case(),
        })?;
        Ok(case)
    }

    fn is_game_record(&self, case: &Case) -> bool {
        matches!(case, Case::Record(_))
    }

    fn warnings(&self, case: &Case) -> Vec<String> {
        match case {
            Case::Position(_) => Vec::new(),
            Case::Record(recorded) => recorded
                .note
                .iter()
                .cloned()
                .chain(recorded.replay.warnings.iter().map(Warning::to_string))
                .collect(),
        }
    }

    fn verdict(&self, case: &Case) -> Outcome {
        match (case, self.contest_for(case)) {
            (Case::Position(position), true) if self.dead.is_none() && self.dead_at.is_empty() => {
                Outcome::Contest(super::score(position).verdict())
            }
            _ => match self.count(case).expect(CHECKED) {
                Counting::Contest(count) => Outcome::Contest(count.score.verdict()),
                Counting::Scored { counted, .. } => Outcome::Scored(Box::new(counted)),
            },
        }
    }

    fn judge(&self, case: &Case) -> Judgement {
        match self.count(case).expect(CHECKED) {
            Counting::Contest(count) => Judgement::Contest(count),
            Counting::Scored {
                detail,
                counted,
                handicap,
                warnings,
            } => Judgement::Scored(Box::new(GameJudgement::new(
                *detail, counted, handicap, warnings,
            ))),
        }
    }

    fn verdict_of(&self, judgement: &Judgement) -> Outcome {
        match judgement {
            Judgement::Contest(count) => Outcome::Contest(count.score.verdict()),
            Judgement::Scored(game) => Outcome::Scored(Box::new(game.counted.clone())),
        }
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        outcome: &Outcome,
    ) -> io::Result<()> {
        match outcome {
            Outcome::Contest(verdict) if !self.check => {
                super::stanford::write_verdict(out, *verdict)
            }
            Outcome::Scored(counted) if !self.check => writeln!(out, "{}", counted.result),
            Outcome::Scored(counted) if counted.differs() => {
                let source = |from: Source| match from {
                    Source::Option => "given",
                    Source::Record => "from the record",
                    Source::Default => "by default",
                };
                let dead = match counted.dead.0 {
                    DeadFrom::Markup => "from the markup",
                    DeadFrom::Estimate => "estimated",
                    DeadFrom::None => "none",
                    DeadFrom::List => "as listed",
                };
                writeln!(
                    out,
                    "game {number}: recorded {}, counted {}: rules {} ({}), komi {} ({}), dead \
                     stones {dead} ({})",
                    counted.recorded.as_deref().unwrap_or("?"),
                    counted.result,
                    counted.rules.0,
                    source(counted.rules.1),
                    counted.komi.0,
                    source(counted.komi.1),
                    counted.dead.1
                )
            }
            _ => Ok(()),
        }
    }

    fn disagrees(&self, outcome: &Outcome) -> bool {
        self.check && matches!(outcome, Outcome::Scored(counted) if counted.differs())
    }

    fn explain(
        &self,
        case: &Case,
        judgement: &Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match judgement {
            Judgement::Contest(count) => {
                let position = match case {
                    Case::Position(position) => position,
                    Case::Record(_) => &count.position,
                };
                super::show::explain(position, count, style, out)
            }
            Judgement::Scored(game) => super::show::explain_game(game, style, out),
        }
    }

    fn draw(&self, case: &Case, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
        let _ = case;
        match judgement {
            Judgement::Contest(count) => super::show::svg(&count.position, &count.territory, out),
            Judgement::Scored(game) => super::show::svg_game(game, out),
        }
    }

    const NOTATIONS: &'static [Notation] = &[Notation::Sgf];

    fn write_record(
        &self,
        case: &Case,
        judgement: &Judgement,
        notation: Notation,
        out: &mut dyn Write,
    ) -> io::Result<Written> {
        if notation != Notation::Sgf {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!("go writes no {notation} records"),
            ));
        }
        let Judgement::Scored(game) = judgement else {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "a record needs real rules (--rules)",
            ));
        };
        let detail = &game.detail;
        let width = detail.stones.width();
        // As KGS writes it: each side's territory, with the points under the other side's
        // dead stones.
        let mut black = Vec::new();
        let mut white = Vec::new();
        for (i, owner) in detail.scored.territory.iter().enumerate() {
            let at = Coord {
                row: i / width,
                col: i % width,
            };
            match owner {
                Some(Stone::Black) => black.push(at),
                Some(Stone::White) => white.push(at),
                None => {}
            }
        }
        for &at in &detail.scored.dead {
            match detail.stones.get(at) {
                Some(Stone::Black) => white.push(at),
                Some(Stone::White) => black.push(at),
                None => {}
            }
        }
        let result = game.result.to_string();
        let text = match case {
            Case::Record(recorded) if recorded.replay.record.source.is_some() => {
                let source = recorded.replay.record.source.as_deref().unwrap_or_default();
                super::sgf::with_scoring(source, &black, &white, &result)
            }
            _ => super::sgf::position_record(&detail.stones, game, &black, &white),
        };
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
        Ok(Written::Record)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        super::stanford::validate(input)
    }
}

impl Go {
    /// Checks what judging `case` with these options needs beyond what the reader checks: a
    /// square board for the contest's rule, at most 52 x 52 for dead-stone work, and a stone
    /// on every point of the dead-stone list. Judging a checked case cannot fail.
    fn check(&self, case: &Case) -> Result<(), RecordError> {
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
        let needs_chains = !self.dead_at.is_empty() || self.dead == Some(DeadFrom::Estimate);
        if needs_chains && (width > board::MAX_SIDE || height > board::MAX_SIDE) {
            return Err(RecordError::Size { width, height });
        }
        for name in &self.dead_at {
            let holds = |at: Coord| match case {
                Case::Position(position) => position.get(at).is_some(),
                Case::Record(recorded) => {
                    let board = &recorded.replay.board;
                    board.stone(board.index(at.col, at.row)).is_some()
                }
            };
            if !parse_gtp(name, width, height).is_some_and(holds) {
                return Err(RecordError::NoStone {
                    point: name.clone(),
                });
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
        let (dead, dead_from) = self.dead_stones(case, &stones, record)?;
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
        let komi = match (self.komi, record.and_then(|r| r.record.komi)) {
            (Some(komi), _) => (komi, Source::Option),
            (None, Some(komi)) => (komi, Source::Record),
            (None, None) => (Komi::ZERO, Source::Default),
        };
        let handicap = record.map_or(0, |r| r.record.handicap);
        let terms = Terms {
            rules: rules.0,
            komi: komi.0,
            handicap,
        };
        let scored = scoring::score(&stones, &dead, captured, terms);
        let counted = Counted {
            result: scored.result,
            recorded: record.and_then(|r| r.record.result.clone()),
            rules,
            komi,
            dead: (dead_from, scored.dead.len()),
        };
        Ok(Counting::Scored {
            detail: Box::new(Detail { stones, scored }),
            counted,
            handicap,
            warnings: record.map(|r| r.warnings.clone()).unwrap_or_default(),
        })
    }

    /// The dead stones of a case, and where they come from.
    fn dead_stones(
        &self,
        case: &Case,
        stones: &Stones,
        record: Option<&Replay>,
    ) -> Result<(Vec<Coord>, DeadFrom), RecordError> {
        let (width, height) = (stones.width(), stones.height());
        // The playing board, with its chains: the record's own, or one built for a position.
        let board = || match record {
            Some(replay) => Ok(replay.board.clone()),
            None => playing_board(stones).ok_or(RecordError::Size { width, height }),
        };
        if !self.dead_at.is_empty() {
            let points: Vec<Coord> = self
                .dead_at
                .iter()
                .filter_map(|name| parse_gtp(name, width, height))
                .collect();
            let board = board()?;
            let dead = dead::from_list(&board, &points)?;
            return Ok((coords(&board, &dead), DeadFrom::List));
        }
        let from = match (self.dead, case) {
            (Some(from), _) => from,
            (None, Case::Position(_)) => DeadFrom::None,
            (None, Case::Record(_)) => match record.and_then(|r| r.record.markup.as_ref()) {
                Some(_) => DeadFrom::Markup,
                None => DeadFrom::Estimate,
            },
        };
        let found = match from {
            DeadFrom::None | DeadFrom::List => Vec::new(),
            DeadFrom::Markup => match record.and_then(|r| r.record.markup.as_ref()) {
                Some(markup) => dead::from_markup(stones, markup),
                None => Vec::new(),
            },
            DeadFrom::Estimate => {
                let board = board()?;
                let to_move = record.map_or(Stone::Black, next_to_move);
                coords(&board, &dead::estimate(&board, to_move))
            }
        };
        Ok((found, from))
    }
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
