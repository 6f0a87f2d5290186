//! Hex as a [`Game`]: contest boards and game records, told apart by their content.
//!
//! The input's start says what it is: a game tree's `(`, or text then `(;`, for HexGui SGF
//! ([`super::sgf`]), a trmph link or a size and a comma for trmph lines ([`super::trmph`]),
//! anything else for the contest format ([`super::gcj`]), whose answers stay exactly the
//! contest's.
//!
//! Each record is replayed as it is read ([`super::record`]); its line is the verdict of its
//! final position: `Red wins`, `Blue wins` or `Nobody wins`. With `check`, the record's `RE`
//! is read against the board instead (mapping the players through a swap of sides), and only
//! the games where they differ are written.
//!
//! Any board that is not Impossible can be written as a record ([`Game::write_record`]): a
//! legal game that reaches it, with a stone that lies on every winning chain played last, and
//! a swap of pieces first when Blue has the extra stone (so Blue moved first).

use std::fmt;
use std::io::{self, BufRead, Read, Write};

use super::board::{Board, Stone};
use super::gcj;
use super::judge::{
    BoardJudgement, BoardVerdict, Outcome, RecordJudgement, RecordVerdict, judge, judge_record,
    player_name, record_verdict,
};
use super::record::{self, Action, Event, Move, Record, RecordError, Replay, Warning};
use crate::game::{Cases, Game, Notation, Written};
use crate::grid::Coord;
use crate::input::{ErrorKind, Illegal, InputError, Place, Pos};
use crate::render::Style;
use crate::sgf::{GameText, Games, Sniffed, sniff_past_text};
use crate::validate::Report;

/// The Hex judge with its options.
///
/// # Examples
///
/// ```
/// use arbiter::Game;
/// use arbiter::hex::{Hex, Outcome, Stone, Verdict};
///
/// let hex = Hex::CONTEST;
/// let board = hex.prepare(hex.read("1\n1\nB\n".as_bytes()).next().unwrap().unwrap()).unwrap();
/// assert_eq!(hex.verdict(&board), Verdict::Contest(Outcome::Win(Stone::Blue)));
///
/// let game = hex.prepare(hex.read("3,a1b1a2b2a3".as_bytes()).next().unwrap().unwrap()).unwrap();
/// assert_eq!(hex.verdict(&game).to_string(), "Red wins");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hex {
    /// Compare each record's `RE` with the board: write only the games that differ.
    pub check: bool,
    /// Judge each record at this move, as GNU Go's `-L` does for Go: the position in which
    /// move N is to be played (1: the setup alone); `None` for its end.
    pub at_move: Option<usize>,
}

impl Hex {
    /// The contest's judge: no options.
    pub const CONTEST: Hex = Hex {
        check: false,
        at_move: None,
    };
}

/// The cases of an input whose start has been sniffed: games of an SGF collection, trmph
/// links, or contest boards, told apart by their first bytes.
fn read_sniffed<'a>(sniffed: Sniffed, mut input: impl BufRead + 'a) -> Cases<'a, Raw> {
    if sniffed.sgf {
        let games = Games::new(input, sniffed.skipped, sniffed.pos);
        return Box::new(games.map(|game| game.map(Raw::Sgf)));
    }
    // Blank space before the first token may be left in the input (all of it that was in
    // the reader's buffer with the token): look past it, so that the format found is the
    // same whatever the buffer.
    let blank = match input.fill_buf() {
        Ok(buf) => buf.iter().take_while(|b| b.is_ascii_whitespace()).count() as u64,
        Err(e) => return Box::new(std::iter::once(Err(InputError::io(e)))),
    };
    let mut head = Vec::new();
    if let Err(e) = input
        .by_ref()
        .take(blank + SNIFF_BYTES)
        .read_to_end(&mut head)
    {
        return Box::new(std::iter::once(Err(InputError::io(e))));
    }
    let trmph = super::trmph::looks_like(&head);
    let input = io::Cursor::new(head).chain(input);
    if trmph {
        let lines = super::trmph::lines(input, sniffed.pos);
        Box::new(lines.map(|line| line.map(Raw::Trmph)))
    } else {
        let boards = gcj::cases_from(input, sniffed.token_pos);
        Box::new(boards.map(|board| board.map(Raw::Board)))
    }
}

/// What the reader cuts out of a Hex input: a contest board, or a game's text, to be parsed
/// and replayed by [`Game::prepare`].
#[derive(Clone, Debug)]
pub enum Raw {
    /// A contest board.
    Board(Board),
    /// One game of an SGF collection.
    Sgf(GameText),
    /// One line of a trmph file.
    Trmph(super::trmph::Line),
}

/// One Hex case: a contest board, or a replayed game record.
#[derive(Clone, Debug)]
pub enum Case {
    /// A contest board.
    Board(Board),
    /// A game record, replayed.
    Record(Box<Replay>),
}

/// The answer of a case: the contest's, or a record's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The contest's verdict on a board.
    Contest(Outcome),
    /// A record's: who joins their sides on the final board, and what `RE` says.
    Record(Box<RecordVerdict>),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Contest(outcome) => outcome.fmt(f),
            Verdict::Record(answer) => match answer.winner {
                Some(winner) => write!(f, "{winner} wins"),
                None => f.write_str("Nobody wins"),
            },
        }
    }
}

/// A case judged: a contest board's judgement, or a record's.
///
/// As JSON: a board's fields (see [`BoardJudgement`]), or a record's (see [`RecordJudgement`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Judgement {
    /// A contest board.
    Board(BoardJudgement),
    /// A game record.
    Record(Box<RecordJudgement>),
}

/// How many bytes of the input, past the blank space before its first token, are looked at
/// to tell trmph from the contest format.
const SNIFF_BYTES: u64 = 64;

impl Game for Hex {
    const NAME: &'static str = "hex";
    type Raw = Raw;
    type Case = Case;
    type Verdict = Verdict;
    type Judgement = Judgement;
    const NOTATIONS: &'static [Notation] = &[Notation::Sgf, Notation::Trmph];

    fn read<'a, R: BufRead + 'a>(&'a self, mut input: R) -> Cases<'a, Raw> {
        match sniff_past_text(&mut input) {
            Err(e) => Box::new(std::iter::once(Err(InputError::io(e)))),
            Ok((sniffed, Some(head))) => read_sniffed(sniffed, io::Cursor::new(head).chain(input)),
            Ok((sniffed, None)) => read_sniffed(sniffed, input),
        }
    }

    fn weight(&self, raw: &Raw) -> usize {
        match raw {
            Raw::Board(board) => board.cells(),
            Raw::Sgf(game) => game.text.len(),
            Raw::Trmph(line) => line.text.len(),
        }
    }

    fn prepare(&self, raw: Raw) -> Result<Case, InputError> {
        let (record, game, cut) = match raw {
            Raw::Board(board) => return Ok(Case::Board(board)),
            Raw::Sgf(game) => (super::sgf::record(&game)?, game.number, None),
            Raw::Trmph(line) => {
                let record = super::trmph::parse(&line).map_err(|e| e.in_game(line.game))?;
                let cut = line.cut.then_some(Pos {
                    line: line.line,
                    column: line.column - 1 + super::trmph::MAX_LINE,
                });
                (record, line.game, cut)
            }
        };
        let mut record = record;
        let mut notes = Vec::new();
        if let Some(at) = self.at_move {
            let played = at.saturating_sub(1);
            let moves = record.cut_at_move(played);
            if moves < played {
                notes.push(format!(
                    "--at-move {at}: the record has {moves} moves; judged at its end"
                ));
            }
        }
        let mut replay = record::replay_reading_swaps(record).map_err(|e| record_error(e, game))?;
        replay.notes.extend(notes);
        if let Some(pos) = cut {
            let error = InputError::new(
                Some(Place::Move {
                    number: replay.moves + 1,
                    pos: Some(pos),
                }),
                ErrorKind::Unexpected {
                    expected: "the end of the game".to_string(),
                    found: format!(
                        "a line longer than {} bytes (its {} moves before the cut replay)",
                        super::trmph::MAX_LINE,
                        replay.moves
                    ),
                },
            );
            return Err(error.in_game(game));
        }
        Ok(Case::Record(Box::new(replay)))
    }

    fn is_game_record(&self, case: &Case) -> bool {
        matches!(case, Case::Record(_))
    }

    fn played(&self, case: &Case) -> Option<Vec<crate::game::Played>> {
        let Case::Record(replay) = case else {
            return None;
        };
        let mut first = None;
        let moves = replay.record.events.iter().filter_map(|e| match e {
            Event::Move(m) => {
                let at = match m.action {
                    Action::Place(cell) => {
                        first.get_or_insert(cell);
                        Some(cell)
                    }
                    // The first stone moves to its mirror cell.
                    Action::SwapPieces => first.map(|c: crate::Coord| crate::Coord {
                        row: c.col,
                        col: c.row,
                    }),
                    _ => None,
                };
                Some(crate::game::Played {
                    stone: match m.colour {
                        Stone::Red => 'R',
                        Stone::Blue => 'B',
                    },
                    at,
                })
            }
            _ => None,
        });
        Some(moves.collect())
    }

    fn board_rows(&self, case: &Case) -> Option<Vec<String>> {
        let board = match case {
            Case::Board(board) => board,
            Case::Record(replay) => &replay.board,
        };
        let rows = (0..board.rows())
            .map(|row| {
                (0..board.cols())
                    .map(|col| match board.get(crate::Coord { row, col }) {
                        Some(Stone::Red) => 'R',
                        Some(Stone::Blue) => 'B',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        Some(rows)
    }

    fn warnings(&self, case: &Case) -> Vec<String> {
        match case {
            Case::Board(_) => Vec::new(),
            Case::Record(replay) => replay
                .notes
                .iter()
                .cloned()
                .chain(replay.warnings.iter().map(Warning::to_string))
                .collect(),
        }
    }

    fn verdict(&self, case: &Case) -> Verdict {
        match case {
            Case::Board(board) => Verdict::Contest(judge(board).verdict.outcome()),
            Case::Record(replay) => Verdict::Record(Box::new(record_verdict(replay))),
        }
    }

    fn judge(&self, case: &Case) -> Judgement {
        match case {
            Case::Board(board) => Judgement::Board(judge(board)),
            Case::Record(replay) => Judgement::Record(Box::new(judge_record(replay))),
        }
    }

    fn verdict_of(&self, judgement: &Judgement) -> Verdict {
        match judgement {
            Judgement::Board(judgement) => Verdict::Contest(judgement.verdict.outcome()),
            Judgement::Record(record) => Verdict::Record(Box::new(record.answer.clone())),
        }
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        answer: &Verdict,
    ) -> io::Result<()> {
        match answer {
            Verdict::Contest(outcome) if !self.check => gcj::write_verdict(out, number, *outcome),
            Verdict::Record(_) if !self.check => writeln!(out, "{answer}"),
            Verdict::Record(record) if record.differs() => {
                let (_, how) = record
                    .found
                    .as_ref()
                    .expect("a differing record has a winner");
                writeln!(
                    out,
                    "game {number}: RE[{}] names {}, but {how}",
                    record.recorded.as_deref().unwrap_or_default(),
                    player_name(record.claimed.expect("a differing record has a claim"))
                )
            }
            _ => Ok(()),
        }
    }

    fn disagrees(&self, answer: &Verdict) -> bool {
        self.check && matches!(answer, Verdict::Record(record) if record.differs())
    }

    fn explain(
        &self,
        case: &Case,
        judgement: &Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match (case, judgement) {
            (Case::Board(board), Judgement::Board(judgement)) => {
                super::show::explain(board, judgement, style, out)
            }
            (Case::Record(replay), Judgement::Record(record)) => {
                super::show::explain_record(replay, record, style, out)
            }
            _ => Err(io::Error::other("a judgement of another case")),
        }
    }

    fn draw(&self, case: &Case, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
        match (case, judgement) {
            (Case::Board(board), Judgement::Board(judgement)) => {
                super::show::svg(board, judgement, out)
            }
            (Case::Record(replay), Judgement::Record(record)) => {
                super::show::svg_record(replay, record, out)
            }
            _ => Err(io::Error::other("a judgement of another case")),
        }
    }

    fn write_record(
        &self,
        case: &Case,
        judgement: &Judgement,
        notation: Notation,
        out: &mut dyn Write,
    ) -> io::Result<Written> {
        let game;
        let record = match (case, judgement) {
            (Case::Record(replay), _) => &replay.record,
            (Case::Board(board), Judgement::Board(judgement)) => {
                let Some(found) = game_reaching(board, judgement) else {
                    let BoardVerdict::Impossible(reason) = &judgement.verdict else {
                        unreachable!("only an impossible board has no game")
                    };
                    return Ok(Written::Nothing(format!(
                        "no legal game reaches this board (Impossible by rule {}: {reason})",
                        reason.rule()
                    )));
                };
                if notation == Notation::Trmph
                    && let Some(why) = trmph_cannot_start(board, &found)
                {
                    return Err(io::Error::new(io::ErrorKind::Unsupported, why));
                }
                game = found;
                &game
            }
            _ => return Err(io::Error::other("a judgement of another case")),
        };
        match notation {
            Notation::Sgf => super::sgf::write_record(out, record)?,
            Notation::Trmph => super::trmph::write_record(out, record)?,
        }
        Ok(Written::Record)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        gcj::validate(input)
    }
}

/// A record's error as an input error naming the game and, for a move, the move (with where
/// it is written, when the format says).
fn record_error(error: RecordError, game: usize) -> InputError {
    let place = error
        .move_number()
        .map(|number| Place::Move { number, pos: None });
    InputError::new(place, ErrorKind::Illegal(Illegal::new(error))).in_game(game)
}

/// A legal game that reaches a board that is not Impossible (`None` for one that is): the
/// stones in alternating order, a stone on every winning chain last, and, when Blue moved
/// first (it has the extra stone, or equal counts and Red won), Red's first stone on the
/// mirror of a blue one, swapped to it by `swap-pieces`. `RE` names the winner.
fn game_reaching(board: &Board, judgement: &BoardJudgement) -> Option<Record> {
    let counts = judgement.counts;
    let (last, winner) = match &judgement.verdict {
        BoardVerdict::Impossible(_) => return None,
        BoardVerdict::Win(win) => (Some(win.last_stones[0]), Some(win.winner)),
        BoardVerdict::Nobody => (None, None),
    };
    let blue_first =
        counts.blue > counts.red || (counts.blue == counts.red && winner == Some(Stone::Red));
    let stones = |colour: Stone| -> Vec<Coord> {
        let mut cells: Vec<Coord> = board.stones(colour).collect();
        if let Some(last) = last
            && board.get(last) == Some(colour)
        {
            cells.retain(|&at| at != last);
            cells.push(last);
        }
        cells
    };
    let (red, blue) = (stones(Stone::Red), stones(Stone::Blue));
    let mut record = Record::new(board.rows(), board.cols()).ok()?;
    let mut moves: Vec<(Stone, Action)> = Vec::with_capacity(board.cells() + 1);
    let mut blue_stones = blue.iter();
    if blue_first {
        let first = *blue_stones
            .next()
            .expect("Blue has a stone when it moved first");
        let mirror = Coord {
            row: first.col,
            col: first.row,
        };
        moves.push((Stone::Red, Action::Place(mirror)));
        moves.push((Stone::Blue, Action::SwapPieces));
    }
    let mut red_stones = red.iter();
    loop {
        match red_stones.next() {
            Some(&at) => moves.push((Stone::Red, Action::Place(at))),
            None => {
                debug_assert!(blue_stones.len() == 0, "counts checked by the judge");
                break;
            }
        }
        if let Some(&at) = blue_stones.next() {
            moves.push((Stone::Blue, Action::Place(at)));
        }
    }
    record.events = (1..)
        .zip(moves)
        .map(|(number, (colour, action))| {
            Event::Move(Move {
                number,
                colour,
                action,
                pos: None,
            })
        })
        .collect();
    record.result = winner.map(|winner| format!("{}+", winner.sgf()));
    Some(record)
}

/// Why a board's game cannot be a trmph link (which starts with Red and has no swap), if it
/// cannot.
fn trmph_cannot_start(board: &Board, game: &Record) -> Option<String> {
    let first = game.moves().nth(1)?;
    if first.action != Action::SwapPieces {
        return None;
    }
    let counts = board.counts();
    Some(format!(
        "Blue moved first here (Red has {}, Blue {}{}), and trmph games start with Red; \
         --format sgf writes it (Red's first stone swapped)",
        counts.red,
        counts.blue,
        if counts.red == counts.blue {
            " and Red connected, so Red moved last"
        } else {
            ""
        }
    ))
}
