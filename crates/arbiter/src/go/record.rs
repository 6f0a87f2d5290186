//! Game records in arbiter's own terms, and their replay.
//!
//! A [`Record`] is what a game record says, whatever its format: the board's size, setup
//! stones and moves in order, komi, handicap, rules, the recorded result and the final
//! territory markup. [`replay`] plays it out on a board: captures,
//! prisoners, suicide and ko judged by the rule set. A record is history: a move that breaks
//! the ko or suicide rule is played as recorded and reported as a [`Breach`]; a move onto a
//! stone or off the board is an error, since no board could show it.
//!
//! Points are [`Coord`]s from the top-left corner (SGF's order); [`gtp`] names them as Go
//! programs do (`Q16`: column letter without I, row number from the bottom).
//!
//! # Examples
//!
//! ```
//! use arbiter::go::record::{gtp, parse_gtp};
//! use arbiter::Coord;
//!
//! assert_eq!(gtp(Coord { row: 3, col: 15 }, 19, 19), "Q16");
//! assert_eq!(parse_gtp("q16", 19, 19), Some(Coord { row: 3, col: 15 }));
//! assert_eq!(gtp(Coord { row: 0, col: 8 }, 19, 19), "J19");
//! ```

use std::collections::HashSet;
use std::fmt;

use super::board::{self, Board};
use super::position::Stone;
use super::rules::{Ko, RuleSet};
use super::territory::Komi;
use crate::grid::Coord;

/// What a game record says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The setup stones and moves, in the record's order.
    pub events: Vec<Event>,
    /// `KM`: komi, when recorded.
    pub komi: Option<Komi>,
    /// `HA`: the number of handicap stones (0 for none).
    pub handicap: usize,
    /// `RU` as written, when recorded.
    pub rules: Option<String>,
    /// `RE` as written, when recorded.
    pub result: Option<String>,
    /// `PL` of the last node that has one: who moves next.
    pub to_play: Option<Stone>,
    /// The final node's `TB` and `TW`, when it has either.
    pub markup: Option<Markup>,
    /// The record's text, when it was read from one (to write it back with the scoring).
    pub source: Option<String>,
    /// How the reader read what needed reading (a komi in another unit), to be told as a
    /// warning.
    pub notes: Vec<String>,
    /// Who played, when and where, as the record says.
    pub info: GameInfo,
    /// The comments of the main line (`C`), each with the number of moves played when it
    /// was made (0: before the first move).
    pub comments: Vec<(usize, String)>,
}

/// What a record says of its game beside the moves: the players, their ranks, the date and
/// the event (`PB`, `PW`, `BR`, `WR`, `DT`, `EV`), each as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameInfo {
    /// `PB`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub black: Option<String>,
    /// `PW`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub white: Option<String>,
    /// `BR`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub black_rank: Option<String>,
    /// `WR`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub white_rank: Option<String>,
    /// `DT`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub date: Option<String>,
    /// `EV`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub event: Option<String>,
}

impl Record {
    /// Cuts the record after its move `at` (0: before the first move, setup kept), so that
    /// it ends at the position after that move; its final markup and `PL`, which speak of
    /// the end, go with the rest when anything is cut. Returns how many moves the whole
    /// record has.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::go::sgf::record_of;
    ///
    /// let mut record = record_of("(;SZ[9]AB[aa];B[ee];W[cc];B[];W[]TB[ab])").unwrap();
    /// assert_eq!(record.cut_at_move(1), 4);
    /// assert_eq!(record.events.len(), 2);
    /// assert!(record.markup.is_none());
    /// ```
    pub fn cut_at_move(&mut self, at: usize) -> usize {
        let mut moves = 0;
        let mut keep = self.events.len();
        for (i, event) in self.events.iter().enumerate() {
            if matches!(event, Event::Move { .. }) {
                if moves == at && keep == self.events.len() {
                    keep = i;
                }
                moves += 1;
            }
        }
        if keep < self.events.len() {
            self.events.truncate(keep);
            self.markup = None;
            self.to_play = None;
        }
        moves
    }
}

/// Territory markup: the points each colour's territory includes (on KGS and NNGS, with the
/// points under the other colour's dead stones).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    /// `TB`.
    pub black: Vec<Coord>,
    /// `TW`.
    pub white: Vec<Coord>,
}

/// One step of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Stones put down (`AB`, `AW`) or points emptied (`AE`: `stone` is `None`).
    Setup {
        /// The stones' colour, or `None` to empty the points.
        stone: Option<Stone>,
        /// The points.
        points: Vec<Coord>,
    },
    /// A move (`B`, `W`): on a point, or a pass (`None`).
    Move {
        /// The move's number, from 1.
        number: usize,
        /// Who moves.
        stone: Stone,
        /// Where, or `None` for a pass.
        at: Option<Coord>,
    },
}

/// A rule a recorded move breaks (it is played as recorded all the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Breach {
    /// The move left its own chain without a liberty, which the rules forbid.
    Suicide,
    /// The move retook a ko at once.
    Ko,
    /// The move repeated an earlier position (superko).
    Superko,
}

/// A recorded move that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    /// The move's number.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub number: usize,
    /// Where it was played, as Go programs name the point.
    pub point: String,
    /// The rule it breaks.
    pub breach: Breach,
    /// The rules it breaks them under.
    pub rules: RuleSet,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.breach {
            Breach::Suicide => "is suicide",
            Breach::Ko => "retakes a ko at once",
            Breach::Superko => "repeats an earlier position",
        };
        write!(
            f,
            "move {} ({}) {what}, which {} rules forbid; played as recorded",
            self.number, self.point, self.rules
        )
    }
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A move onto a stone.
    #[error("move {number} ({point}) is played onto a {} stone", by.name())]
    Occupied {
        /// The move's number.
        number: usize,
        /// The point.
        point: String,
        /// The stone already there.
        by: Stone,
    },
    /// A move or a setup stone off the board.
    #[error("{what} {point} is off the {width} x {height} board")]
    OffBoard {
        /// "move 12", or "setup stone".
        what: String,
        /// The point as the record writes it.
        point: String,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A board size arbiter does not play on.
    #[error("a board of {width} x {height}: game records go from 1 x 1 to 52 x 52")]
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A point the user marked dead or alive that is not a stone on the board.
    #[error("{point}, marked {marked}: {why}")]
    Marked {
        /// The point as the user wrote it.
        point: String,
        /// Dead or alive.
        marked: Marked,
        /// What is wrong with it.
        why: PointError,
    },
    /// The record's text breaks SGF (unbalanced brackets, a broken tree...).
    #[error("{0}")]
    Syntax(String),
}

/// How the user marked a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marked {
    /// Dead (`--dead-at`).
    Dead,
    /// Alive (`--alive-at`).
    Alive,
}

impl fmt::Display for Marked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Marked::Dead => "dead",
            Marked::Alive => "alive",
        })
    }
}

/// Why a point named as Go programs name them is not a stone of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    /// Not a column's letters then a row's number.
    #[error("not a point: a column letter and a row number from the bottom, as Q16")]
    Syntax,
    /// A column letter `I`, which Go programs skip.
    #[error("I is not a Go column: Go programs skip it (H is followed by J)")]
    ColumnI,
    /// Off the board.
    #[error("off the {width} x {height} board (columns {first} to {last}, rows 1 to {height})")]
    OffBoard {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The first column's letter.
        first: String,
        /// The last column's letter.
        last: String,
    },
    /// An empty point.
    #[error("no stone there: a group is named by one of its stones")]
    Empty,
}

/// Reads a point named as Go programs name it (`Q16`, `q16`) on a board of `width` columns
/// and `height` rows, saying what is wrong with a name that is not one of its points.
///
/// # Errors
/// Not a point's name, the column `I`, or a point off the board.
///
/// # Examples
///
/// ```
/// use arbiter::go::record::{parse_point, PointError};
/// use arbiter::Coord;
///
/// assert_eq!(parse_point("D4", 19, 19), Ok(Coord { row: 15, col: 3 }));
/// assert_eq!(parse_point("I5", 19, 19), Err(PointError::ColumnI));
/// assert!(matches!(parse_point("Z99", 19, 19), Err(PointError::OffBoard { .. })));
/// assert_eq!(parse_point("5D", 19, 19), Err(PointError::Syntax));
/// ```
pub fn parse_point(text: &str, width: usize, height: usize) -> Result<Coord, PointError> {
    let text = text.trim().to_ascii_uppercase();
    let split = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (letters, digits) = text.split_at(split);
    let number: usize = match digits.parse() {
        Ok(n) if !letters.is_empty() && letters.len() <= 2 => n,
        _ => return Err(PointError::Syntax),
    };
    if letters.contains('I') {
        return Err(PointError::ColumnI);
    }
    let col = (0..width).find(|&c| column_name(c) == letters);
    match col {
        Some(col) if (1..=height).contains(&number) => Ok(Coord {
            row: height - number,
            col,
        }),
        _ => Err(PointError::OffBoard {
            width,
            height,
            first: column_name(0),
            last: column_name(width.max(1) - 1),
        }),
    }
}

/// A record played out: the final position, what was captured, and what broke the rules.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The record.
    pub record: Record,
    /// The rules it was replayed (and is to be scored) under.
    pub rules: RuleSet,
    /// The final position.
    pub(crate) board: Board,
    /// Stones captured during the game by Black (White's stones) and by White.
    pub captured: [usize; 2],
    /// The moves that break the rules.
    pub warnings: Vec<Warning>,
    /// The number of moves (passes included).
    pub moves: usize,
}

/// The index of a colour in per-colour arrays: Black 0, White 1.
pub(crate) const fn side(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

/// Plays a record out under `rules`.
///
/// # Errors
/// A board size outside 1 to 52, a move onto a stone, or a point off the board.
pub fn replay(record: Record, rules: RuleSet) -> Result<Replay, RecordError> {
    let (width, height) = (record.width, record.height);
    if !(1..=board::MAX_SIDE).contains(&width) || !(1..=board::MAX_SIDE).contains(&height) {
        return Err(RecordError::Size { width, height });
    }
    let mut board = Board::new(width, height);
    let mut captured = [0, 0];
    let mut warnings = Vec::new();
    let mut moves = 0;
    // Positions seen, for superko: hashes of the board, and of board and player to move.
    let mut seen: HashSet<u64> = HashSet::new();
    const WHITE_TO_MOVE: u64 = 0x5bd1_e995_7f4a_7c15;
    let situation = |board: &Board, mover: Stone| match mover {
        Stone::Black => board.hash() ^ WHITE_TO_MOVE,
        Stone::White => board.hash(),
    };
    let off_board = |what: String, at: Coord| RecordError::OffBoard {
        what,
        point: sgf_point(at),
        width,
        height,
    };
    let ko = rules.ko();
    for event in &record.events {
        match event {
            Event::Setup { stone, points } => {
                for &at in points {
                    if at.col >= width || at.row >= height {
                        return Err(off_board("setup stone".into(), at));
                    }
                    let index = board.index(at.col, at.row);
                    board.clear(index);
                    if let Some(stone) = stone {
                        board.set(index, *stone);
                    }
                }
                seen.clear();
            }
            Event::Move { number, stone, at } => {
                moves += 1;
                let Some(at) = at else {
                    board.pass();
                    continue;
                };
                if at.col >= width || at.row >= height {
                    return Err(off_board(format!("move {number}"), *at));
                }
                let index = board.index(at.col, at.row);
                // Named only when there is something to say about the move.
                let point = || gtp(*at, width, height);
                if let Some(by) = board.stone(index) {
                    return Err(RecordError::Occupied {
                        number: *number,
                        point: point(),
                        by,
                    });
                }
                // A position, as the ko rule tells positions apart: with the player to move
                // (situational) or without (positional).
                let key = |board: &Board, to_move: Stone| match ko {
                    Ko::Situational => situation(board, to_move),
                    _ => board.hash(),
                };
                if ko != Ko::Simple && seen.is_empty() {
                    // The position before the first move counts too.
                    seen.insert(key(&board, *stone));
                }
                let played = board.play(index, *stone);
                let mut breach = |breach| {
                    warnings.push(Warning {
                        number: *number,
                        point: point(),
                        breach,
                        rules,
                    })
                };
                if played.suicided > 0 && !rules.allows_suicide() {
                    breach(Breach::Suicide);
                }
                match ko {
                    Ko::Simple if played.retook_ko => breach(Breach::Ko),
                    Ko::Simple => {}
                    Ko::Situational | Ko::Positional => {
                        if !seen.insert(key(&board, board::other(*stone))) {
                            breach(Breach::Superko);
                        }
                    }
                }
                captured[side(*stone)] += played.captured;
                // A suicided chain is the opponent's to count.
                captured[side(board::other(*stone))] += played.suicided;
            }
        }
    }
    Ok(Replay {
        record,
        rules,
        board,
        captured,
        warnings,
        moves,
    })
}

/// A point as SGF writes it: two letters, `a` to `z` then `A` to `Z`, column first.
pub fn sgf_point(at: Coord) -> String {
    let letter = |n: usize| match n {
        0..=25 => char::from(b'a' + n as u8),
        26..=51 => char::from(b'A' + (n - 26) as u8),
        _ => '?',
    };
    format!("{}{}", letter(at.col), letter(at.row))
}

/// The column letters of Go programs: `A` to `Z` without `I`, then `AA`, `AB`, ... for boards
/// wider than 25.
fn column_name(col: usize) -> String {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    if col < 25 {
        char::from(LETTERS[col]).to_string()
    } else {
        let (high, low) = ((col - 25) / 25, (col - 25) % 25);
        format!(
            "{}{}",
            char::from(LETTERS[high.min(24)]),
            char::from(LETTERS[low])
        )
    }
}

/// A point as Go programs name it: the column letter (`A` to `T` on 19 x 19, no `I`) and the
/// row number counted from the bottom.
pub fn gtp(at: Coord, width: usize, height: usize) -> String {
    debug_assert!(at.col < width && at.row < height);
    format!("{}{}", column_name(at.col), height - at.row)
}

/// Reads a point named as Go programs name it (`Q16`, `q16`), on a board of `width` columns and
/// `height` rows; `None` for anything else or a point off the board.
pub fn parse_gtp(text: &str, width: usize, height: usize) -> Option<Coord> {
    parse_point(text, width, height).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(number: usize, stone: Stone, col: usize, row: usize) -> Event {
        Event::Move {
            number,
            stone,
            at: Some(Coord { row, col }),
        }
    }

    fn record(width: usize, height: usize, events: Vec<Event>) -> Record {
        Record {
            width,
            height,
            events,
            ..Record::default()
        }
    }

    #[test]
    fn captures_count_as_prisoners_of_the_capturer() {
        use Stone::*;
        // Black's stone at b2 (1,1) surrounded by four white moves.
        let r = record(
            3,
            3,
            vec![
                mv(1, Black, 1, 1),
                mv(2, White, 1, 0),
                mv(3, Black, 0, 0),
                mv(4, White, 0, 1),
                mv(5, Black, 2, 2),
                mv(6, White, 2, 1),
                mv(7, Black, 2, 0),
                mv(8, White, 1, 2),
            ],
        );
        let replay = replay(r, RuleSet::Japanese).unwrap();
        // Move 4 (White) takes the corner stone at A3; move 7 (Black) takes C2, which
        // had no liberty left once A3... once B3 and the centre closed it in.
        assert_eq!(replay.captured, [1, 1]);
        assert!(replay.warnings.is_empty());
        assert_eq!(replay.moves, 8);
    }

    #[test]
    fn suicide_is_a_warning_only_where_the_rules_forbid_it() {
        use Stone::*;
        let events = vec![mv(1, White, 1, 0), mv(2, White, 0, 1), mv(3, Black, 0, 0)];
        let japanese = replay(record(3, 3, events.clone()), RuleSet::Japanese).unwrap();
        assert_eq!(japanese.warnings.len(), 1);
        assert_eq!(japanese.warnings[0].breach, Breach::Suicide);
        assert_eq!(japanese.warnings[0].point, "A3");
        // Played as recorded: the stone is gone, and it is White's prisoner.
        assert_eq!(japanese.captured, [0, 1]);
        let nz = replay(record(3, 3, events), RuleSet::NewZealand).unwrap();
        assert!(nz.warnings.is_empty());
    }

    #[test]
    fn an_immediate_ko_retake_is_a_warning_under_simple_ko() {
        use Stone::*;
        // The classic ko: Black takes at (2,1), White retakes at (1,1) at once.
        let setup = vec![
            Event::Setup {
                stone: Some(Black),
                points: vec![
                    Coord { row: 0, col: 1 },
                    Coord { row: 1, col: 0 },
                    Coord { row: 2, col: 1 },
                ],
            },
            Event::Setup {
                stone: Some(White),
                points: vec![
                    Coord { row: 0, col: 2 },
                    Coord { row: 1, col: 1 },
                    Coord { row: 1, col: 3 },
                    Coord { row: 2, col: 2 },
                ],
            },
        ];
        let mut events = setup.clone();
        events.push(mv(1, Black, 2, 1));
        events.push(mv(2, White, 1, 1));
        let japanese = replay(record(4, 3, events.clone()), RuleSet::Japanese).unwrap();
        assert_eq!(
            japanese
                .warnings
                .iter()
                .map(|w| w.breach)
                .collect::<Vec<_>>(),
            [Breach::Ko]
        );
        let aga = replay(record(4, 3, events), RuleSet::Aga).unwrap();
        assert_eq!(
            aga.warnings.iter().map(|w| w.breach).collect::<Vec<_>>(),
            [Breach::Superko]
        );
    }

    #[test]
    fn a_move_onto_a_stone_or_off_the_board_is_an_error_naming_the_move() {
        use Stone::*;
        let r = record(5, 5, vec![mv(1, Black, 2, 2), mv(2, White, 2, 2)]);
        assert_eq!(
            replay(r, RuleSet::Japanese).unwrap_err().to_string(),
            "move 2 (C3) is played onto a black stone"
        );
        let r = record(5, 5, vec![mv(1, Black, 7, 1)]);
        assert_eq!(
            replay(r, RuleSet::Japanese).unwrap_err().to_string(),
            "move 1 hb is off the 5 x 5 board"
        );
    }

    #[test]
    fn gtp_names_skip_i_and_count_rows_from_the_bottom() {
        let c = |row, col| Coord { row, col };
        assert_eq!(gtp(c(18, 0), 19, 19), "A1");
        assert_eq!(gtp(c(0, 18), 19, 19), "T19");
        assert_eq!(gtp(c(10, 7), 19, 19), "H9");
        assert_eq!(gtp(c(10, 8), 19, 19), "J9");
        assert_eq!(parse_gtp("T19", 19, 19), Some(c(0, 18)));
        assert_eq!(parse_gtp("I5", 19, 19), None);
        assert_eq!(parse_gtp("U1", 19, 19), None);
        assert_eq!(parse_gtp("A20", 19, 19), None);
        assert_eq!(parse_gtp("B2", 9, 9), Some(c(7, 1)));
        // Past Z: two letters.
        assert_eq!(gtp(c(0, 25), 52, 52), "AA52");
        assert_eq!(parse_gtp("AA52", 52, 52), Some(c(0, 25)));
    }
}
