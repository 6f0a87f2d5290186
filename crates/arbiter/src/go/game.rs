//! Go as a [`Game`]: contest positions and game records, judged by the options a user gives.
//!
//! The input's start says what it is: a game tree's `(`, or text then `(;`, for SGF records
//! ([`super::sgf`]), anything else for the contest format ([`super::stanford`]). Each game
//! of a record is replayed as it is read (so that a broken record is an error naming the
//! game and the move), then scored:
//!
//! by the contest's rule or by a rule set, as the judge's options say ([`super::judge`]).

use std::io::{self, BufRead, Read, Write};

use super::dead::{DeadFrom, Estimator};
use super::judge::Choice;
use super::judge::{Case, Ending, GameCase, Judgement, KomiWithoutRules, Scoring, Source, Verdict};
use super::position::{Position, Stone};
use super::record::{self, RecordError, Warning};
use super::territory::Komi;
use crate::game::{Cases, Game, Notation, Pieces, Written};
use crate::grid::Coord;
use crate::input::{CaseTexts, Cut, ErrorKind, Illegal, InputError, Place};
use crate::render::Style;
use crate::sgf::{Games, Sniffed, sniff_past_text};
use crate::validate::Report;

/// Go scoring with its options: what counts ([`Scoring`]), and whether records are checked.
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
    /// What counts: rules, komi, dead stones.
    pub scoring: Scoring,
    /// Compare each record's `RE` with the count: write only the games that differ.
    pub check: bool,
    /// Judge each record at this move, as GNU Go's `-L`: the position in which move N is to
    /// be played, the moves before it played (1: the setup alone); `None` for its end.
    pub at_move: Option<usize>,
    /// Records written back get the count as their `RE` (a finished game's only), in place
    /// of the recorded result.
    pub replace_result: bool,
}

impl Go {
    /// The contest's rule on contest input, every option the input's own.
    pub const CONTEST: Go = Go {
        scoring: Scoring::CONTEST,
        check: false,
        at_move: None,
        replace_result: false,
    };

    /// Scoring by `rules` with `komi`, the other options the input's own.
    ///
    /// # Errors
    /// Komi with the contest's rule, which has none.
    pub fn new(rules: Option<Choice>, komi: Option<Komi>) -> Result<Go, KomiWithoutRules> {
        Ok(Go {
            scoring: Scoring::new(rules, komi)?,
            ..Go::CONTEST
        })
    }
}

/// Reads one game of a collection, cuts it at the move asked for, and replays it under the
/// rules `go` counts it by.
fn replay_game(go: &Go, game: crate::sgf::GameText) -> Result<Case, InputError> {
    let mut record = super::sgf::record(&game)?;
    let number = game.number;
    record.source = Some(game.text);
    let (rules, _, warning) = go.scoring.rules_of(&record);
    let mut notes: Vec<String> = std::mem::take(&mut record.notes);
    notes.extend(warning);
    let cut = match go.at_move {
        Some(at) => {
            let played = at.saturating_sub(1);
            let moves = record.cut_at_move(played);
            if moves < played {
                notes.push(format!(
                    "--at-move {at}: the record has {moves} moves; judged at its end"
                ));
            }
            played < moves
        }
        None => false,
    };
    let ending = Ending::of(&record, cut);
    let replay = record::replay(record, rules).map_err(|e| record_error(e, number))?;
    Ok(Case::Record(Box::new(GameCase {
        replay,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
        ending,
    })))
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

/// The cases of an input whose start has been sniffed: games of an SGF collection, or
/// contest positions.
fn read_sniffed<'a>(sniffed: Sniffed, input: impl BufRead + 'a) -> Cases<'a, Raw> {
    if sniffed.sgf {
        let games = Games::new(input, sniffed.skipped, sniffed.pos);
        Box::new(games.map(|game| game.map(Raw::Game)))
    } else {
        let positions = super::stanford::cases_from(input, sniffed.token_pos);
        Box::new(positions.map(|position| position.map(Raw::Position)))
    }
}

/// [`read_sniffed`] for threads: contest positions cut at a glance.
fn cut_sniffed<'a>(sniffed: Sniffed, input: impl BufRead + 'a) -> Pieces<'a, Raw> {
    if sniffed.sgf {
        let games = Games::new(input, sniffed.skipped, sniffed.pos);
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

/// What the reader cuts out of a Go input: a contest position, or a game's text, to be parsed
/// and replayed by [`Game::prepare`].
#[derive(Clone, Debug)]
pub enum Raw {
    /// A contest position, read whole.
    Position(Position),
    /// One game of an SGF collection.
    Game(crate::sgf::GameText),
}

impl Game for Go {
    const NAME: &'static str = "go";
    type Raw = Raw;
    type Case = Case;
    type Verdict = Verdict;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, mut input: R) -> Cases<'a, Raw> {
        match sniff_past_text(&mut input) {
            Err(e) => Box::new(std::iter::once(Err(InputError::io(e)))),
            Ok((sniffed, Some(head))) => read_sniffed(sniffed, io::Cursor::new(head).chain(input)),
            Ok((sniffed, None)) => read_sniffed(sniffed, input),
        }
    }

    fn read_for_threads<'a, R: BufRead + 'a>(&'a self, mut input: R) -> Pieces<'a, Raw> {
        match sniff_past_text(&mut input) {
            Err(e) => Box::new(std::iter::once(Err(InputError::io(e)))),
            Ok((sniffed, Some(head))) => cut_sniffed(sniffed, io::Cursor::new(head).chain(input)),
            Ok((sniffed, None)) => cut_sniffed(sniffed, input),
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
                (replay_game(self, game)?, Some(number))
            }
        };
        self.scoring.check(&case).map_err(|e| match game {
            Some(number) => record_error(e, number),
            None => record_error(e, 0).without_case(),
        })?;
        Ok(case)
    }

    fn is_game_record(&self, case: &Case) -> bool {
        matches!(case, Case::Record(_))
    }

    fn played(&self, case: &Case) -> Option<Vec<crate::game::Played>> {
        let Case::Record(recorded) = case else {
            return None;
        };
        let moves = recorded
            .replay
            .record
            .events
            .iter()
            .filter_map(|e| match e {
                record::Event::Move { stone, at, .. } => Some(crate::game::Played {
                    stone: match stone {
                        Stone::Black => 'B',
                        Stone::White => 'W',
                    },
                    at: *at,
                }),
                record::Event::Setup { .. } => None,
            });
        Some(moves.collect())
    }

    fn board_rows(&self, case: &Case) -> Option<Vec<String>> {
        let letter = |stone| match stone {
            Some(Stone::Black) => 'B',
            Some(Stone::White) => 'W',
            None => '.',
        };
        let rows = match case {
            Case::Position(position) => (0..position.size())
                .map(|row| {
                    (0..position.size())
                        .map(|col| letter(position.get(Coord { row, col })))
                        .collect()
                })
                .collect(),
            Case::Record(recorded) => {
                let board = &recorded.replay.board;
                (0..board.height())
                    .map(|row| {
                        (0..board.width())
                            .map(|col| letter(board.stone(board.index(col, row))))
                            .collect()
                    })
                    .collect()
            }
        };
        Some(rows)
    }

    fn warnings(&self, case: &Case) -> Vec<String> {
        match case {
            Case::Position(_) => self.scoring.estimate_warning(case).into_iter().collect(),
            Case::Record(recorded) => recorded
                .note
                .iter()
                .cloned()
                .chain(recorded.replay.warnings.iter().map(Warning::to_string))
                .chain(self.scoring.estimate_warning(case))
                .chain(self.scoring.markup_warning(case))
                .collect(),
        }
    }

    fn verdict(&self, case: &Case) -> Verdict {
        self.scoring.verdict_of_case(case)
    }

    fn judge(&self, case: &Case) -> Judgement {
        self.scoring.judgement(case)
    }

    fn verdict_of(&self, judgement: &Judgement) -> Verdict {
        judgement.verdict()
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        outcome: &Verdict,
    ) -> io::Result<()> {
        match outcome {
            Verdict::Contest(verdict) if !self.check => {
                super::stanford::write_verdict(out, *verdict)
            }
            Verdict::Scored(_) if !self.check => writeln!(out, "{outcome}"),
            Verdict::Scored(counted) if counted.differs() => {
                let source = |from: Source| match from {
                    Source::Option => "given",
                    Source::Record => "from the record",
                    Source::Default => "by default",
                };
                let dead = match (counted.dead.0, counted.estimated_by) {
                    (DeadFrom::Markup, _) => "from the markup",
                    (_, Some(Estimator::Network)) => "estimated by the network",
                    (_, Some(Estimator::Playouts)) => "estimated by playouts",
                    (DeadFrom::Estimate | DeadFrom::Playouts, None) => "estimated",
                    (DeadFrom::None, _) => "none",
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

    fn disagrees(&self, outcome: &Verdict) -> bool {
        self.check && matches!(outcome, Verdict::Scored(counted) if counted.differs())
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
        let width = detail.position.width();
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
            match detail.position.get(at) {
                Some(Stone::Black) => white.push(at),
                Some(Stone::White) => black.push(at),
                None => {}
            }
        }
        let finished = game.ending.finished();
        let text = match case {
            Case::Record(recorded) if recorded.replay.record.source.is_some() => {
                let source = recorded.replay.record.source.as_deref().unwrap_or_default();
                let replaced = (self.replace_result && finished).then(|| game.result.to_string());
                let markup = finished.then_some((&black[..], &white[..]));
                let note = super::show::record_note(game, replaced.is_some());
                super::sgf::with_scoring(
                    source,
                    super::sgf::WriteBack {
                        markup,
                        note: &note,
                        result: replaced.as_deref(),
                    },
                )
            }
            _ => super::sgf::position_record(
                &detail.position,
                (game.rules, game.komi, game.result),
                &black,
                &white,
            ),
        };
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
        Ok(Written::Record)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        super::stanford::validate(input)
    }
}
