//! The Hex judge's evidence for people: a plain-language reason with a slanted board diagram
//! ([`explain`], [`explain_record`]) and an SVG picture ([`svg`], [`svg_record`]), cells
//! named as Hex players name them (`b3`), the diagrams and pictures labelled with column
//! letters and row numbers as HexGui draws them. The JSON record is the judgement's own
//! serialisation.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{judge, show, Board};
//! use arbiter::render::Style;
//!
//! let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
//! let mut text = Vec::new();
//! show::explain(&board, &judge(&board), Style::default(), &mut text).unwrap();
//! assert!(text.starts_with(b"Blue joins left to right"));
//! ```

use std::io::{self, Write};

use super::board::{Board, Stone, cell_name, column_name};
use super::judge::sides_of;
use super::judge::{BoardJudgement, BoardVerdict, Reason, RecordJudgement};
use super::record::{Connector, Replay};
use crate::grid::Coord;
use crate::render::{self, EdgeLabels, HexLook, Ink, Mark, Size, Slant, Style};

/// What a cell of the evidence is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Other,
    Chain,
    Last,
    /// An empty cell that is a winning move.
    Move,
}

/// The role of every cell, row by row: the chains shown, and the possible last stones.
struct Evidence {
    cols: usize,
    roles: Vec<Role>,
}

impl Evidence {
    fn none(board: &Board) -> Self {
        Evidence {
            cols: board.cols(),
            roles: vec![Role::Other; board.cells()],
        }
    }

    fn mark(&mut self, cells: &[Coord], role: Role) {
        for at in cells {
            self.roles[at.row * self.cols + at.col] = role;
        }
    }

    fn of(board: &Board, verdict: &BoardVerdict) -> Self {
        let mut evidence = Evidence::none(board);
        match verdict {
            BoardVerdict::Win(win) => {
                evidence.mark(&win.chain, Role::Chain);
                evidence.mark(&win.last_stones, Role::Last);
            }
            BoardVerdict::Impossible(Reason::WinnerBehind { chain, .. }) => {
                evidence.mark(chain, Role::Chain);
            }
            BoardVerdict::Impossible(Reason::NoLastStone { chains, .. }) => {
                evidence.mark(&chains[0], Role::Chain);
                evidence.mark(&chains[1], Role::Chain);
            }
            BoardVerdict::Impossible(Reason::CountGap) | BoardVerdict::Nobody => {}
        }
        evidence
    }

    /// A record's evidence: the winning chain, and the winning move's cell.
    fn of_record(replay: &Replay, record: &RecordJudgement) -> Self {
        let mut evidence = Evidence::none(&replay.board);
        evidence.mark(&record.chain, Role::Chain);
        if let Some(won) = &replay.won
            && record.winner.is_some()
            && let Connector::Stone(at) = won.by
            && replay.board.get(at).is_some()
        {
            evidence.mark(&[at], Role::Last);
        }
        evidence
    }

    /// Whether any cell is marked: a chain shown or a possible last stone.
    fn marks_anything(&self) -> bool {
        self.roles.iter().any(|role| *role != Role::Other)
    }

    fn role(&self, row: usize, col: usize) -> Role {
        self.roles[row * self.cols + col]
    }
}

/// Writes cells by their names, separated by spaces.
fn coords(out: &mut dyn Write, list: &[Coord]) -> io::Result<()> {
    for (i, at) in list.iter().enumerate() {
        write!(out, "{}{}", if i == 0 { "" } else { " " }, cell_name(*at))?;
    }
    Ok(())
}

fn stones(n: usize) -> String {
    format!("{n} stone{}", if n == 1 { "" } else { "s" })
}

fn sides(stone: Stone) -> &'static str {
    sides_of(stone)
}

/// Writes a short reason in plain words, then the board: stones on the evidence chains in
/// capitals, others in small letters, and `@` for each stone that could have been the last
/// move.
///
/// # Errors
/// When writing fails.
pub fn explain(
    board: &Board,
    judgement: &BoardJudgement,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let counts = judgement.counts;
    let tally = format!("Red has {}, Blue {}.", stones(counts.red), counts.blue);
    match &judgement.verdict {
        BoardVerdict::Win(win) => {
            write!(
                out,
                "{} joins {} with a chain of {}: ",
                win.winner,
                sides(win.winner),
                stones(win.chain.len())
            )?;
            coords(out, &win.chain)?;
            write!(
                out,
                ".\n{tally} {} could have been the last move (on every winning chain): ",
                stones(win.last_stones.len())
            )?;
            coords(out, &win.last_stones)?;
            writeln!(out, ".")?;
        }
        BoardVerdict::Nobody => writeln!(out, "Nobody joins their sides. {tally}")?,
        BoardVerdict::Impossible(reason) => {
            write!(
                out,
                "Impossible by rule {}: {reason}. {tally}",
                reason.rule()
            )?;
            match reason {
                Reason::CountGap => {}
                Reason::WinnerBehind { chain, .. } => {
                    write!(out, " Chain: ")?;
                    coords(out, chain)?;
                    write!(out, ".")?;
                }
                Reason::NoLastStone { chains, .. } => {
                    write!(out, " Chain 1: ")?;
                    coords(out, &chains[0])?;
                    write!(out, ". Chain 2: ")?;
                    coords(out, &chains[1])?;
                    write!(out, ".")?;
                }
            }
            writeln!(out)?;
        }
    }
    let evidence = Evidence::of(board, &judgement.verdict);
    diagram(board, &evidence, style, out)?;
    // A board with nothing marked (nobody wins, or the counts alone make it impossible) is
    // drawn in small letters only: no legend for marks it does not use.
    if !evidence.marks_anything() {
        return Ok(());
    }
    writeln!(
        out,
        "  (capitals: the chains shown; small letters: other stones; @: possible last stones)"
    )
}

/// The board as a slanted diagram with column letters and row numbers: stones of the
/// evidence in capitals (`@` for the marked cell), other stones in small letters.
fn diagram(
    board: &Board,
    evidence: &Evidence,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let size = Size {
        rows: board.rows(),
        cols: board.cols(),
    };
    render::hex_diagram(
        out,
        size,
        Slant::Right,
        Some(&column_name),
        style,
        |row, col| {
            let Some(stone) = board.get(Coord { row, col }) else {
                return match evidence.role(row, col) {
                    Role::Move => Mark::new('*', Ink::Highlight),
                    _ => Mark::new('.', Ink::Dim),
                };
            };
            let ink = match stone {
                Stone::Red => Ink::Red,
                Stone::Blue => Ink::Blue,
            };
            match evidence.role(row, col) {
                Role::Last | Role::Move => Mark::new('@', Ink::Highlight),
                Role::Chain => Mark::new(stone.letter(), ink),
                Role::Other => {
                    let small = stone.letter().to_ascii_lowercase();
                    Mark::new(small, if style.color { ink } else { Ink::Dim })
                }
            }
        },
    )
}

/// Explains a game record: who joins their sides on the final board, at which move and with
/// which chain, the moves played after it, a resignation, a swap of sides and what `RE` says
/// against it; then the final board, the winning chain in capitals and the winning move `@`.
///
/// # Errors
/// When writing fails.
pub fn explain_record(
    replay: &Replay,
    record: &RecordJudgement,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let counts = record.counts;
    let moves = format!(
        "{} move{}",
        replay.moves,
        if replay.moves == 1 { "" } else { "s" }
    );
    match record.winner {
        Some(winner) => {
            write!(out, "{winner} joins {}", sides(winner))?;
            match (&replay.won, &record.winning_move) {
                (Some(won), Some(by)) if won.number == 0 => write!(out, " in the setup ({by})")?,
                (Some(won), Some(by)) => write!(out, " at move {} ({by})", won.number)?,
                _ => {}
            }
            write!(out, " with a chain of {}: ", stones(record.chain.len()))?;
            coords(out, &record.chain)?;
            writeln!(out, ".")?;
            match record.after.len() {
                0 => writeln!(out, "It was the game's last move ({moves} in all).")?,
                n => {
                    let first = replay.moves - n + 1;
                    write!(
                        out,
                        "{n} move{} played after it:",
                        if n == 1 { " was" } else { "s were" }
                    )?;
                    for (number, played) in (first..).zip(&record.after) {
                        write!(out, " {number}.{played}")?;
                    }
                    writeln!(out, ".")?;
                }
            }
        }
        None => writeln!(out, "Nobody joins their sides after {moves}.")?,
    }
    if let Some(ending) = &record.ending {
        let how = if ending.how == "resign" {
            "resigned"
        } else {
            "forfeited"
        };
        writeln!(out, "{} {how} at move {}.", ending.loser, ending.number)?;
    }
    write!(out, "Red has {}, Blue {}.", stones(counts.red), counts.blue)?;
    if replay.side_swaps % 2 == 1 {
        write!(
            out,
            " The players swapped sides: Black's player (who moved first) ends with Blue."
        )?;
    }
    writeln!(out)?;
    if let Some(recorded) = &record.recorded {
        match (record.agrees, &record.answer.found) {
            (Some(true), _) => writeln!(out, "RE[{recorded}] agrees.")?,
            (Some(false), Some((_, how))) => {
                writeln!(out, "RE[{recorded}] disagrees: {how}.")?;
            }
            _ => writeln!(
                out,
                "RE[{recorded}]: the play neither confirms nor contradicts it."
            )?,
        }
    }
    for warning in &record.warnings {
        writeln!(out, "Note: {warning}.")?;
    }
    let evidence = Evidence::of_record(replay, record);
    diagram(&replay.board, &evidence, style, out)?;
    writeln!(
        out,
        "  (capitals: the winning chain; @: the winning move; small letters: other stones)"
    )
}

/// Writes the board as hexagons: red and blue stones, the evidence chains outlined, the
/// possible last stones dotted, Red's sides (top, bottom) and Blue's (left, right) as
/// coloured bands.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg(board: &Board, judgement: &BoardJudgement, out: &mut dyn Write) -> io::Result<()> {
    picture(board, &Evidence::of(board, &judgement.verdict), out)
}

/// Draws a game record's final board as [`svg`] draws a board: the winning chain outlined
/// and the winning move dotted.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg_record(
    replay: &Replay,
    record: &RecordJudgement,
    out: &mut dyn Write,
) -> io::Result<()> {
    picture(&replay.board, &Evidence::of_record(replay, record), out)
}

/// The picture of a board with its evidence, column letters along the top and bottom and row
/// numbers along the sides.
fn picture(board: &Board, evidence: &Evidence, out: &mut dyn Write) -> io::Result<()> {
    render::check_picture_size(board.cells())?;
    let size = Size {
        rows: board.rows(),
        cols: board.cols(),
    };
    let row_name = |row: usize| (row + 1).to_string();
    let labels = EdgeLabels {
        column: &column_name,
        row: &row_name,
    };
    render::hex_board_svg(
        out,
        size,
        Slant::Right,
        (RED, BLUE),
        Some(labels),
        |row, col| {
            let role = evidence.role(row, col);
            HexLook {
                fill: match board.get(Coord { row, col }) {
                    Some(Stone::Red) => RED,
                    Some(Stone::Blue) => BLUE,
                    None => EMPTY,
                },
                outlined: role != Role::Other,
                dotted: matches!(role, Role::Last | Role::Move),
            }
        },
    )
}

/// Explains a solved position: the verdict in words, then the board with every winning move
/// of the side to move marked `*` (or, when it loses, the winner's answers to its moves).
///
/// # Errors
/// When writing fails.
pub fn explain_solution(
    board: &Board,
    solution: &super::solve::Solution,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mover = solution.to_move;
    match solution.winner {
        _ if solution.decided => {
            let winner = solution.winner.expect("a decided position has a winner");
            writeln!(
                out,
                "{winner} has joined {} already: the game is over.",
                sides(winner)
            )?;
        }
        Some(winner) if winner == mover && solution.winning_moves.is_empty() => {
            writeln!(
                out,
                "{mover} to move wins with perfect play; the budget ran out before a winning move \
                 was proved ({} moves unresolved).",
                solution.unknown_moves.len()
            )?;
        }
        Some(winner) if winner == mover => {
            let tried = solution.winning_moves.len()
                + solution.losing_moves.len()
                + solution.unknown_moves.len();
            write!(
                out,
                "{mover} to move wins with perfect play; {} of the {tried} {} {}: ",
                solution.winning_moves.len(),
                match solution.untried_moves.is_empty() {
                    true => "empty cells",
                    false => "moves tried",
                },
                if solution.winning_moves.len() == 1 {
                    "wins"
                } else {
                    "win"
                }
            )?;
            coords(out, &solution.winning_moves)?;
            match solution.unknown_moves.len() {
                0 => writeln!(out, ".")?,
                unknown => writeln!(
                    out,
                    "; the budget ran out before {unknown} more were resolved."
                )?,
            }
            if !solution.untried_moves.is_empty() {
                write!(
                    out,
                    "Not tried, as inferior (on a dead cell, a cell a side has captured, or \
                     dominated by a move tried; any may win too): "
                )?;
                coords(out, &solution.untried_moves)?;
                writeln!(out, ".")?;
            }
        }
        Some(winner) => {
            writeln!(
                out,
                "{mover} to move loses with perfect play: {winner} has an answer to every move:"
            )?;
            for reply in &solution.replies {
                let answer = reply
                    .reply
                    .map_or("?".to_string(), |at| cell_name(at).to_string());
                write!(out, " {}→{answer}", cell_name(reply.played))?;
            }
            writeln!(out)?;
        }
        None => {
            write!(out, "Unknown: the budget ran out. Proved so far: winning ")?;
            coords(out, &solution.winning_moves)?;
            write!(out, "; losing ")?;
            coords(out, &solution.losing_moves)?;
            write!(out, "; {} moves unresolved", solution.unknown_moves.len())?;
            match solution.untried_moves.len() {
                0 => writeln!(out, ".")?,
                untried => writeln!(out, "; {untried} inferior moves not tried.")?,
            }
        }
    }
    writeln!(
        out,
        "Searched {} positions ({} decided without search, {} connection builds).",
        solution.stats.nodes, solution.stats.decided, solution.stats.vc_builds
    )?;
    let evidence = Evidence::of_solution(board, solution);
    diagram(board, &evidence, style, out)?;
    writeln!(out, "  (*: a winning move for the side to move)")
}

/// Draws a solved position: the board, with every winning move of the side to move dotted.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg_solution(
    board: &Board,
    solution: &super::solve::Solution,
    out: &mut dyn Write,
) -> io::Result<()> {
    picture(board, &Evidence::of_solution(board, solution), out)
}

impl Evidence {
    /// A solution's evidence: the winning moves (none for a decided position).
    fn of_solution(board: &Board, solution: &super::solve::Solution) -> Self {
        let mut evidence = Evidence::none(board);
        if !solution.decided {
            evidence.mark(&solution.winning_moves, Role::Move);
        }
        evidence
    }
}

/// Picture colours.
pub const RED: &str = "#d62828";
/// See [`RED`].
pub const BLUE: &str = "#1d4ed8";
/// See [`RED`].
pub const EMPTY: &str = "#e8e8e8";
