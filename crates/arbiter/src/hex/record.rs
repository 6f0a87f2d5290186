//! Hex game records in one shape, whatever file they came from (HexGui SGF in
//! [`super::sgf`], trmph in [`super::trmph`]), and their replay.
//!
//! A [`Record`] is the board's shape, the setup and moves in order, and what the record says
//! about its result. [`replay`] plays it out on a [`Board`] and keeps what a Hex player asks
//! of a record beyond its final position: the move at which the winner connected and the
//! moves played after it ([`Won`]), a resignation or forfeit, and whether the players swapped
//! sides (so that `RE`, which names a player, can be read against the board's colours).
//!
//! A record is history: a move out of turn, or a swap anywhere but at move 2, is played as
//! recorded and reported as a [`Warning`]. A move onto a stone or off the board is an error
//! ([`RecordError`]), since no board could show it.
//!
//! Swaps (see `docs/src/records.md`): `swap-pieces` replaces every stone by one of the
//! other colour on its mirror cell (row and column exchanged), so that colours keep their
//! sides; `swap-sides` leaves the board alone and the players exchange colours.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::record::{replay, Action, Record};
//! use arbiter::hex::Stone;
//!
//! // Red a1, Blue swaps pieces (the stone becomes Blue, on a1's mirror: a1), Red a2, and
//! // Blue's b1 joins a1 to the right side.
//! let record = Record::alternating(2, 2, ["a1", "swap-pieces", "a2", "b1"]).unwrap();
//! let replay = replay(record).unwrap();
//! let won = replay.won.as_ref().unwrap();
//! assert_eq!((won.winner, won.number), (Stone::Blue, 4));
//! assert_eq!(replay.record.moves().nth(1).unwrap().action, Action::SwapPieces);
//! ```

use std::fmt;

use super::board::{ADJACENCY, Board, Stone, cell_name, parse_cell};
use crate::grid::Coord;
use crate::input::Pos;
use crate::labels;

/// The largest side a record's board may have: records are read into boards of at most
/// `MAX_SIDE` x `MAX_SIDE` cells (HexGui's limit is 63; the contest's largest boards, 100,
/// fit, so that every board arbiter writes as a record reads back).
pub const MAX_SIDE: usize = 128;

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A stone on a cell.
    Place(Coord),
    /// The second player takes the first stone: every stone changes colour and moves to its
    /// mirror cell.
    SwapPieces,
    /// The players exchange colours; the board stays as it is.
    SwapSides,
    /// No stone.
    Pass,
    /// The mover gives up.
    Resign,
    /// The mover loses by forfeit.
    Forfeit,
}

impl Action {
    /// Reads a move as HexGui reads it: trimmed, in any case, `swap-pieces`, `swap-sides`,
    /// `swap` (swap-sides), `pass`, `resign`, `forfeit`, a cell name (`b3`), or a cell in
    /// Go-like letters (`bc` for `b3`, as Little Golem writes). `None` for anything else.
    ///
    /// ```
    /// use arbiter::hex::record::Action;
    /// use arbiter::grid::Coord;
    ///
    /// assert_eq!(Action::parse("SWAP"), Some(Action::SwapSides));
    /// assert_eq!(Action::parse("b3"), Some(Action::Place(Coord { row: 2, col: 1 })));
    /// assert_eq!(Action::parse("bc"), Action::parse("b3"));
    /// assert_eq!(Action::parse("swop"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Action> {
        let text = text.trim().to_ascii_lowercase();
        let action = match text.as_str() {
            "swap-pieces" => Action::SwapPieces,
            "swap-sides" | "swap" => Action::SwapSides,
            "pass" => Action::Pass,
            "resign" => Action::Resign,
            "forfeit" => Action::Forfeit,
            _ => return parse_point(&text).map(Action::Place),
        };
        Some(action)
    }

    /// The cell a stone goes on, for a placement.
    pub fn cell(self) -> Option<Coord> {
        match self {
            Action::Place(at) => Some(at),
            _ => None,
        }
    }
}

/// A cell as HexGui reads a point: a cell name, or two letters (column, row) as Little Golem
/// writes them.
pub fn parse_point(text: &str) -> Option<Coord> {
    match text.as_bytes() {
        &[col, row] if col.is_ascii_alphabetic() && row.is_ascii_alphabetic() => Some(Coord {
            row: usize::from(row.to_ascii_lowercase() - b'a'),
            col: usize::from(col.to_ascii_lowercase() - b'a'),
        }),
        _ => parse_cell(text),
    }
}

impl fmt::Display for Action {
    /// As HexGui writes it: the cell's name, or the special move's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(at) => write!(f, "{}", cell_name(*at)),
            Action::SwapPieces => f.write_str("swap-pieces"),
            Action::SwapSides => f.write_str("swap-sides"),
            Action::Pass => f.write_str("pass"),
            Action::Resign => f.write_str("resign"),
            Action::Forfeit => f.write_str("forfeit"),
        }
    }
}

/// One move of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The move's number, from 1 (special moves count).
    pub number: usize,
    /// The colour that moves (SGF's `B` is Red).
    pub colour: Stone,
    /// What it does.
    pub action: Action,
    /// Where the move is written, when the format says (a trmph line).
    pub pos: Option<Pos>,
}

/// One step of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move.
    Move(Move),
    /// Stones put down (`AB`, `AW`) or cells emptied (`AE`: `stone` is `None`).
    Setup {
        /// The stones' colour, or `None` to empty the cells.
        stone: Option<Stone>,
        /// The cells, in order.
        cells: Vec<Coord>,
    },
    /// `PL`: the colour that moves next.
    ToPlay(Stone),
}

/// What a Hex game record says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The setup and moves, in the record's order.
    pub events: Vec<Event>,
    /// `RE` as written, when recorded.
    pub result: Option<String>,
    /// The root's game information as written (`PB`, `PW`, `EV`, `DT`, ...): identifier and
    /// value, in the record's order, kept when the record is written back.
    pub info: Vec<(String, String)>,
}

impl Record {
    /// An empty record of a `rows` x `cols` board.
    ///
    /// # Errors
    /// A side outside `1..=MAX_SIDE`.
    pub fn new(rows: usize, cols: usize) -> Result<Record, RecordError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(RecordError::Size { rows, cols });
        }
        Ok(Record {
            rows,
            cols,
            events: Vec::new(),
            result: None,
            info: Vec::new(),
        })
    }

    /// A record of alternating moves, Red first, written as HexGui writes them (`a1`,
    /// `swap-pieces`, `pass`, ...); a swap of sides leaves the turn with the same colour.
    ///
    /// # Errors
    /// A bad size, or a move that is not one.
    pub fn alternating<'a>(
        rows: usize,
        cols: usize,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Record, RecordError> {
        let mut record = Record::new(rows, cols)?;
        let mut colour = Stone::Red;
        for (number, text) in (1..).zip(moves) {
            let action = Action::parse(text).ok_or_else(|| RecordError::NotAMove {
                number,
                text: text.to_string(),
            })?;
            record.events.push(Event::Move(Move {
                number,
                colour,
                action,
                pos: None,
            }));
            colour = next_to_move(colour, action);
        }
        Ok(record)
    }

    /// Cuts the record after its move `at` (0: before the first move, setup kept), so that
    /// it ends at the position after that move; its `RE`, which speaks of the end, goes with
    /// the rest when anything is cut. Returns how many moves the whole record has.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::hex::sgf::record_of;
    ///
    /// let mut record = record_of("(;GM[11]SZ[3]RE[B+];B[a1];W[b2];B[c3])").unwrap();
    /// assert_eq!(record.cut_at_move(2), 3);
    /// assert_eq!(record.moves().count(), 2);
    /// assert_eq!(record.result, None);
    /// ```
    pub fn cut_at_move(&mut self, at: usize) -> usize {
        let total = self.moves().count();
        if at < total {
            let mut moves = 0;
            let keep = self.events.iter().position(|event| {
                let here = matches!(event, Event::Move(_)) && moves == at;
                moves += usize::from(matches!(event, Event::Move(_)));
                here
            });
            if let Some(keep) = keep {
                self.events.truncate(keep);
            }
            self.result = None;
        }
        total
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.events.iter().filter_map(|event| match event {
            Event::Move(m) => Some(m),
            _ => None,
        })
    }
}

/// Who moves after `colour` made `action`: the other colour, except after a swap of sides,
/// when the colour that was to move (now held by the other player) moves again.
pub fn next_to_move(colour: Stone, action: Action) -> Stone {
    match action {
        Action::SwapSides => colour,
        _ => colour.other(),
    }
}

/// A recorded move that breaks the rules; it is played as recorded all the same.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Warning {
    /// The move's number.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub number: usize,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {}: {}; played as recorded",
            self.number, self.problem
        )
    }
}

/// Why a record cannot be replayed. The messages leave out the move's number, which
/// [`RecordError::move_number`] gives (errors of the readers name it before the message).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The board's size is out of range.
    #[error(
        "a board of {cols} x {rows} cells: records are read on boards of 1 to {MAX_SIDE} each way"
    )]
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A move's text is not a move.
    #[error(
        "{text:?} is not a move (a cell like a1, or swap-pieces, swap-sides, pass, resign, forfeit)"
    )]
    NotAMove {
        /// The move's number.
        number: usize,
        /// The text.
        text: String,
    },
    /// A move onto a stone.
    #[error("{} is played onto a {} stone", cell_name(*at), by.to_string().to_lowercase())]
    Occupied {
        /// The move's number.
        number: usize,
        /// The cell.
        at: Coord,
        /// The stone already there.
        by: Stone,
    },
    /// A move, or a setup stone (`number` is `None`), off the board.
    #[error("{}{} is off the {cols} x {rows} board", setup.map(|id| format!("setup {id}: ")).unwrap_or_default(), cell_name(*at))]
    OffBoard {
        /// The move's number.
        number: Option<usize>,
        /// For setup, the property (`AB`, `AW`, `AE`).
        setup: Option<&'static str>,
        /// The cell.
        at: Coord,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A swap of pieces on a board that is not square, where cells have no mirror.
    #[error("swap-pieces on a {cols} x {rows} board, where cells have no mirror")]
    SwapOnRectangle {
        /// The move's number.
        number: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

impl RecordError {
    /// The number of the move the error is about, if it is about one.
    pub fn move_number(&self) -> Option<usize> {
        match self {
            RecordError::NotAMove { number, .. }
            | RecordError::Occupied { number, .. }
            | RecordError::SwapOnRectangle { number, .. } => Some(*number),
            RecordError::OffBoard { number, .. } => *number,
            RecordError::Size { .. } => None,
        }
    }
}

/// How the winner came to win: the moment the final connection was made, and what followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Won {
    /// The colour that connected.
    pub winner: Stone,
    /// The number of the move that connected (for setup stones, of the move before them:
    /// 0 when the record's setup already connects).
    pub number: usize,
    /// What made the connection.
    pub by: Connector,
    /// The moves played after it.
    pub after: Vec<Move>,
}

/// What made a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connector {
    /// A stone played on this cell.
    Stone(Coord),
    /// A swap of pieces (on a 1 x 1 board, or late in a game).
    Swap,
    /// Setup stones.
    Setup,
}

/// A game that ended without a connection: a resignation or a forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The colour that resigned or forfeited.
    pub loser: Stone,
    /// Resign or forfeit.
    pub action: Action,
    /// The move's number.
    pub number: usize,
}

/// A record played out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The record.
    pub record: Record,
    /// The final board.
    pub board: Board,
    /// The number of moves.
    pub moves: usize,
    /// The connection on the final board, and when it was made.
    pub won: Option<Won>,
    /// The first resignation or forfeit, if any.
    pub ending: Option<Ending>,
    /// How many times the players swapped sides: when odd, SGF's `B` player (who moved first)
    /// holds Blue at the end, and `RE[B+]` means Blue's win.
    pub side_swaps: usize,
    /// The colour to move next (none once the game has ended by resignation or forfeit).
    pub to_move: Option<Stone>,
    /// Moves that break the rules, played as recorded.
    pub warnings: Vec<Warning>,
    /// How the record was read where it needed reading (a `swap-pieces` read as
    /// `swap-sides`, a move number past its end), to be told as a warning.
    pub notes: Vec<String>,
}

impl Replay {
    /// The player, as `RE` names players (`B` for the one who moved first), who holds
    /// `colour` at the end of the record.
    pub fn player_of(&self, colour: Stone) -> char {
        if self.side_swaps % 2 == 1 {
            colour.other().sgf()
        } else {
            colour.sgf()
        }
    }
}

/// Plays a record out.
///
/// # Errors
/// A move onto a stone or off the board, setup off the board, or swap-pieces on a board that
/// is not square.
pub fn replay(record: Record) -> Result<Replay, RecordError> {
    replay_watching(record, |_| {})
}

/// Plays a record out, reading a `swap-pieces` that cannot be meant literally as
/// `swap-sides`: records in the wild (Olympiad files marked `AP[HexGui:1.0.]`, files
/// written by Benzene's `twogtp.py`) write `swap-pieces` for a swap of sides. When the record
/// read literally fails (a later move lands on the mirrored stone) or has a move out of
/// turn (the first player's colour moves again right after the swap), and read with
/// `swap-sides` it replays with neither, it is read so, with a note that says why
/// ([`Replay::notes`]).
///
/// # Errors
/// As [`replay`], of the record read literally.
///
/// # Examples
///
/// ```
/// use arbiter::hex::{record, sgf};
///
/// // Blue swaps, then Blue moves again: only a swap of sides (the first player now holds
/// // Blue) lets Blue move now.
/// let text = "(;FF[4]GM[11]SZ[3];B[a1];W[swap-pieces];W[b2];B[c3])";
/// let replay = record::replay_reading_swaps(sgf::record_of(text).unwrap()).unwrap();
/// assert!(replay.notes[0].contains("read as swap-sides"));
/// assert!(replay.warnings.is_empty());
/// ```
pub fn replay_reading_swaps(record: Record) -> Result<Replay, RecordError> {
    let has_swap_pieces = record.moves().any(|m| m.action == Action::SwapPieces);
    if !has_swap_pieces {
        return replay(record);
    }
    let literal = replay(record.clone());
    let out_of_turn = |replay: &Replay| {
        replay
            .warnings
            .iter()
            .find(|w| w.problem.contains("out of turn"))
            .map(|w| format!("move {} {}", w.number, w.problem))
    };
    let why = match &literal {
        Err(error) => error.to_string(),
        Ok(replay) => match out_of_turn(replay) {
            Some(why) => why,
            None => return literal,
        },
    };
    let mut sides = record;
    for event in &mut sides.events {
        if let Event::Move(m) = event
            && m.action == Action::SwapPieces
        {
            m.action = Action::SwapSides;
        }
    }
    match replay(sides) {
        Ok(mut replay) if out_of_turn(&replay).is_none() => {
            let note = format!(
                "swap-pieces read as swap-sides: read literally, {why} (records marked \
                 AP[HexGui:1.0.] and written by Benzene's twogtp.py spell a swap of sides so)"
            );
            replay.notes.push(note);
            Ok(replay)
        }
        _ => literal,
    }
}

/// The board after one move of a record, as [`replay_watching`] shows it.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// The move just played.
    pub played: &'a Move,
    /// The board just after it.
    pub board: &'a Board,
    /// The colour to move next, by the record (none after a resignation).
    pub to_move: Option<Stone>,
}

/// [`replay`], showing `watch` the board after each move.
///
/// # Errors
/// As [`replay`].
pub fn replay_watching(
    record: Record,
    mut watch: impl FnMut(Step<'_>),
) -> Result<Replay, RecordError> {
    let (rows, cols) = (record.rows, record.cols);
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(RecordError::Size { rows, cols });
    }
    let mut play = Play {
        board: Board::with_shape(rows, cols),
        links: Links::new(rows, cols),
        won: None,
        ending: None,
        side_swaps: 0,
        to_move: Some(Stone::Red),
        warnings: Vec::new(),
        moves: 0,
        swap_at: None,
        stones: 0,
    };
    for event in &record.events {
        match event {
            Event::Setup { stone, cells } => play.setup(*stone, cells, rows, cols)?,
            Event::ToPlay(colour) => play.to_move = Some(*colour),
            Event::Move(m) => {
                play.play(m)?;
                watch(Step {
                    played: m,
                    board: &play.board,
                    to_move: play.to_move,
                });
            }
        }
    }
    Ok(Replay {
        record,
        board: play.board,
        moves: play.moves,
        won: play.won,
        ending: play.ending,
        side_swaps: play.side_swaps,
        to_move: play.to_move,
        warnings: play.warnings,
        notes: Vec::new(),
    })
}

/// The board and the colour to move before the record's first move: its setup, and `PL`.
pub fn start(record: &Record) -> Result<(Board, Option<Stone>), RecordError> {
    let mut first = record.clone();
    let moves = first
        .events
        .iter()
        .position(|e| matches!(e, Event::Move(_)))
        .unwrap_or(first.events.len());
    first.events.truncate(moves);
    let replay = replay(first)?;
    Ok((replay.board, replay.to_move))
}

/// The state of a replay.
struct Play {
    board: Board,
    links: Links,
    won: Option<Won>,
    ending: Option<Ending>,
    side_swaps: usize,
    to_move: Option<Stone>,
    warnings: Vec<Warning>,
    moves: usize,
    /// The move number at which a swap may come (right after the only stone is placed).
    swap_at: Option<usize>,
    /// The number of stones on the board.
    stones: usize,
}

impl Play {
    fn setup(
        &mut self,
        stone: Option<Stone>,
        cells: &[Coord],
        rows: usize,
        cols: usize,
    ) -> Result<(), RecordError> {
        for &at in cells {
            if !self.board.contains(at) {
                let id = match stone {
                    Some(Stone::Red) => "AB",
                    Some(Stone::Blue) => "AW",
                    None => "AE",
                };
                return Err(RecordError::OffBoard {
                    number: None,
                    setup: Some(id),
                    at,
                    rows,
                    cols,
                });
            }
            let before = self.board.get(at);
            self.board.set(at, stone);
            match (before, stone) {
                (Some(_), _) => self.links.stale = true,
                (None, Some(colour)) => self.links.add(&self.board, at, colour),
                (None, None) => {}
            }
        }
        self.swap_at = None;
        let counts = self.board.counts();
        self.stones = counts.red + counts.blue;
        self.after_change(self.moves, Connector::Setup);
        Ok(())
    }

    fn play(&mut self, m: &Move) -> Result<(), RecordError> {
        self.moves += 1;
        let number = m.number;
        if let Some(ending) = self.ending {
            self.warn(
                number,
                format!(
                    "played after {} {} at move {}",
                    ending.loser,
                    if ending.action == Action::Resign {
                        "resigned"
                    } else {
                        "forfeited"
                    },
                    ending.number
                ),
            );
        } else if let Some(expected) = self.to_move
            && expected != m.colour
        {
            self.warn(
                number,
                format!("{} moved out of turn ({expected} was to move)", m.colour),
            );
        }
        if let Some(won) = &mut self.won {
            won.after.push(*m);
        }
        match m.action {
            Action::Place(at) => self.place(m, at)?,
            Action::SwapPieces => {
                self.check_swap(m);
                self.swap_pieces(number)?;
            }
            Action::SwapSides => {
                self.check_swap(m);
                self.side_swaps += 1;
            }
            Action::Pass => {}
            Action::Resign | Action::Forfeit => {
                if self.ending.is_none() {
                    self.ending = Some(Ending {
                        loser: m.colour,
                        action: m.action,
                        number,
                    });
                }
            }
        }
        self.to_move = match m.action {
            Action::Resign | Action::Forfeit => None,
            action => Some(next_to_move(m.colour, action)),
        };
        Ok(())
    }

    fn place(&mut self, m: &Move, at: Coord) -> Result<(), RecordError> {
        if !self.board.contains(at) {
            return Err(RecordError::OffBoard {
                number: Some(m.number),
                setup: None,
                at,
                rows: self.board.rows(),
                cols: self.board.cols(),
            });
        }
        if let Some(by) = self.board.get(at) {
            return Err(RecordError::Occupied {
                number: m.number,
                at,
                by,
            });
        }
        self.board.set(at, Some(m.colour));
        self.links.add(&self.board, at, m.colour);
        self.stones += 1;
        self.swap_at = (self.stones == 1).then_some(m.number + 1);
        self.after_change(m.number, Connector::Stone(at));
        Ok(())
    }

    /// Warns of a swap anywhere but right after the first stone.
    fn check_swap(&mut self, m: &Move) {
        if self.swap_at != Some(m.number) {
            self.warn(
                m.number,
                format!("{} anywhere but right after the first stone", m.action),
            );
        }
        self.swap_at = None;
    }

    fn swap_pieces(&mut self, number: usize) -> Result<(), RecordError> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        if rows != cols {
            return Err(RecordError::SwapOnRectangle { number, rows, cols });
        }
        let mut swapped = Board::with_shape(rows, cols);
        for colour in Stone::ALL {
            for at in self.board.stones(colour) {
                let mirror = Coord {
                    row: at.col,
                    col: at.row,
                };
                swapped.set(mirror, Some(colour.other()));
            }
        }
        self.board = swapped;
        self.links.stale = true;
        self.after_change(number, Connector::Swap);
        Ok(())
    }

    /// Notes a connection made, or lost (stones taken off by setup or a swap).
    fn after_change(&mut self, number: usize, by: Connector) {
        if self.links.stale {
            self.links.rebuild(&self.board);
        }
        let connected = Stone::ALL
            .into_iter()
            .find(|&colour| self.links.connects(colour));
        match (connected, &self.won) {
            (Some(winner), None) => {
                self.won = Some(Won {
                    winner,
                    number,
                    by,
                    after: Vec::new(),
                });
            }
            (Some(winner), Some(won)) if won.winner != winner => {
                self.won = Some(Won {
                    winner,
                    number,
                    by,
                    after: Vec::new(),
                });
            }
            (None, Some(_)) => self.won = None,
            _ => {}
        }
    }

    fn warn(&mut self, number: usize, problem: String) {
        self.warnings.push(Warning { number, problem });
    }
}

/// Which stones are joined, kept up to date as stones are added: a union-find over the
/// cells and the four sides. Taking stones off marks it stale; it is then built again from
/// the board.
struct Links {
    cols: usize,
    cells: usize,
    parent: Vec<u32>,
    stale: bool,
}

impl Links {
    fn new(rows: usize, cols: usize) -> Self {
        let cells = rows * cols;
        Links {
            cols,
            cells,
            parent: (0..(cells + 4) as u32).collect(),
            stale: false,
        }
    }

    fn node(&self, at: Coord) -> u32 {
        (at.row * self.cols + at.col) as u32
    }

    /// The nodes standing for a colour's two sides.
    fn sides(&self, colour: Stone) -> (u32, u32) {
        let base = self.cells as u32;
        match colour {
            Stone::Red => (base, base + 1),
            Stone::Blue => (base + 2, base + 3),
        }
    }

    fn add(&mut self, board: &Board, at: Coord, colour: Stone) {
        let node = self.node(at);
        let (first, second) = self.sides(colour);
        let (on_first, on_second) = match colour {
            Stone::Red => (at.row == 0, at.row + 1 == board.rows()),
            Stone::Blue => (at.col == 0, at.col + 1 == board.cols()),
        };
        if on_first {
            labels::union(&mut self.parent, node, first);
        }
        if on_second {
            labels::union(&mut self.parent, node, second);
        }
        for &(dr, dc) in ADJACENCY.steps() {
            let (Some(row), Some(col)) =
                (at.row.checked_add_signed(dr), at.col.checked_add_signed(dc))
            else {
                continue;
            };
            let next = Coord { row, col };
            if board.contains(next) && board.get(next) == Some(colour) {
                let other = self.node(next);
                labels::union(&mut self.parent, node, other);
            }
        }
    }

    fn connects(&mut self, colour: Stone) -> bool {
        let (first, second) = self.sides(colour);
        labels::find(&mut self.parent, first) == labels::find(&mut self.parent, second)
    }

    fn rebuild(&mut self, board: &Board) {
        for (node, parent) in self.parent.iter_mut().enumerate() {
            *parent = node as u32;
        }
        self.stale = false;
        for colour in Stone::ALL {
            for at in board.stones(colour) {
                self.add(board, at, colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> Coord {
        parse_cell(name).unwrap()
    }

    #[test]
    fn swap_pieces_mirrors_the_stone_and_changes_its_colour() {
        let record = Record::alternating(3, 3, ["b3", "swap-pieces"]).unwrap();
        let replay = replay(record).unwrap();
        assert_eq!(replay.board.get(at("c2")), Some(Stone::Blue));
        assert_eq!(replay.board.get(at("b3")), None);
        assert_eq!(replay.to_move, Some(Stone::Red));
        assert_eq!(replay.side_swaps, 0);
        assert!(replay.warnings.is_empty());
    }

    #[test]
    fn swap_sides_keeps_the_stone_and_the_turn_colour() {
        let record = Record::alternating(3, 3, ["b3", "swap-sides", "a1"]).unwrap();
        let replay = replay(record).unwrap();
        assert_eq!(replay.board.get(at("b3")), Some(Stone::Red));
        assert_eq!(replay.board.get(at("a1")), Some(Stone::Blue));
        assert_eq!(replay.side_swaps, 1);
        // The first player now holds Blue.
        assert_eq!(replay.player_of(Stone::Blue), 'B');
        assert_eq!(replay.player_of(Stone::Red), 'W');
        assert!(replay.warnings.is_empty());
    }

    #[test]
    fn a_late_swap_is_played_with_a_warning() {
        let record = Record::alternating(3, 3, ["a1", "b1", "swap"]).unwrap();
        let replay = replay(record).unwrap();
        assert_eq!(replay.warnings.len(), 1);
        assert!(replay.warnings[0].to_string().contains("move 3"));
    }

    #[test]
    fn the_winning_move_and_the_moves_after_it_are_kept() {
        // Red a1 a2 joins top and bottom of a 2 x 2 board at move 3; then Blue b2 and Red b1.
        let record = Record::alternating(2, 2, ["a1", "b1", "a2", "b2"]).unwrap();
        let replay = replay(record).unwrap();
        let won = replay.won.unwrap();
        assert_eq!(
            (won.winner, won.number, won.by),
            (Stone::Red, 3, Connector::Stone(at("a2")))
        );
        assert_eq!(won.after.len(), 1);
        assert_eq!(won.after[0].action, Action::Place(at("b2")));
    }

    #[test]
    fn a_move_onto_a_stone_or_off_the_board_is_an_error_naming_the_move() {
        let onto = Record::alternating(3, 3, ["a1", "b2", "a1"]).unwrap();
        assert_eq!(
            replay(onto).unwrap_err().to_string(),
            "a1 is played onto a red stone"
        );
        let off = Record::alternating(3, 3, ["a1", "d1"]).unwrap();
        let error = replay(off).unwrap_err();
        assert_eq!(error.to_string(), "d1 is off the 3 x 3 board");
        assert_eq!(error.move_number(), Some(2));
    }

    #[test]
    fn out_of_turn_moves_and_moves_after_a_resignation_warn() {
        let mut record = Record::new(3, 3).unwrap();
        let moves = [
            (Stone::Red, Action::Place(at("a1"))),
            (Stone::Red, Action::Place(at("b1"))),
            (Stone::Blue, Action::Resign),
            (Stone::Red, Action::Place(at("c1"))),
        ];
        for (number, (colour, action)) in (1..).zip(moves) {
            record.events.push(Event::Move(Move {
                number,
                colour,
                action,
                pos: None,
            }));
        }
        let replay = replay(record).unwrap();
        let warnings: Vec<String> = replay.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].contains("move 2: Red moved out of turn"));
        assert!(warnings[1].contains("after Blue resigned at move 3"));
        assert_eq!(replay.ending.unwrap().loser, Stone::Blue);
    }

    #[test]
    fn setup_that_takes_a_stone_off_undoes_a_connection() {
        let mut record = Record::new(2, 2).unwrap();
        record.events.push(Event::Setup {
            stone: Some(Stone::Red),
            cells: vec![at("a1"), at("a2")],
        });
        record.events.push(Event::Setup {
            stone: None,
            cells: vec![at("a2")],
        });
        let replay = replay(record).unwrap();
        assert_eq!(replay.won, None);
    }

    #[test]
    fn boards_larger_than_the_limit_are_refused() {
        assert!(Record::new(MAX_SIDE + 1, 3).is_err());
        assert!(Record::new(0, 3).is_err());
        assert!(Record::new(MAX_SIDE, MAX_SIDE).is_ok());
    }
}
