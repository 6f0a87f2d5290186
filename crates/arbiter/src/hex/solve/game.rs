//! Perfect play as a [`Game`]: `arbiter hex --solve`.
//!
//! Each position (a contest board, or a record's final position) gets one line: the side to
//! move, the winner, and when the side to move wins, every winning move:
//! `Red to move: Red wins with c3 d2 b4`, `Blue to move: Red wins`, or `Red to move: unknown`
//! when the budget ran out first (with what was proved); when it ran out after a winning move
//! was found, the winning moves found so far and how many moves are unresolved
//! (`Red to move: Red wins with c3 (4 moves unresolved)`). The side to move is the record's
//! next player (after a resignation, the side that resigned: the position is as it was, and
//! it was theirs to play), or for a board the side with fewer stones (Red when equal), unless
//! chosen.
//!
//! With `moves`, a record is analysed move by move: the winner after every move, and every
//! move that turned a won position into a lost one (each swing of the game), with the moves
//! that would have won there. The positions are solved from the end back, so that each proof
//! helps the position before it, until one is left open.

use std::fmt;
use std::io::{self, BufRead, Write};

use super::solver::{Settings, Solution, Solver};
use crate::game::{Cases, Game};
use crate::grid::Coord;
use crate::hex::board::{Board, Stone, cell_name};
use crate::hex::game::{Case, Hex, Raw};
use crate::hex::record::{self, Action};
use crate::hex::{gcj, show};
use crate::input::InputError;
use crate::render::Style;
use crate::validate::Report;

/// The solver as a game: its settings and what it is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The solver's settings.
    pub settings: Settings,
    /// The side to move, when chosen (for every position; else each position's own).
    pub to_move: Option<Stone>,
    /// Analyse records move by move.
    pub moves: bool,
    /// What is asked of each position: every winning move, those among the moves worth
    /// trying, or only who wins.
    pub question: Question,
    /// Solve each record at this move: the position in which move N is to be played; `None`
    /// for its end.
    pub at_move: Option<usize>,
    /// The solution store every solver consults and adds to (`--db`), saved after each
    /// position.
    pub store: Option<super::SharedStore>,
}

/// What the solver is asked of each position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Question {
    /// Every winning move: each move of the side to move proved ([`Solver::solve`]).
    #[default]
    EveryMove,
    /// The winning moves among those inferior-cell analysis leaves, the others listed apart
    /// ([`Solver::solve_considered`], as Benzene's `dfpn-solver-find-winning`).
    ConsideredMoves,
    /// Only who wins: no search of the moves ([`Solver::decide`], as Benzene's
    /// `dfpn-solve-state`), far quicker when one winning move is all the search needs.
    Winner,
}

/// One analysed position's answer: its line, and whether the search ran out of time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The lines (the per-move analysis, then the position's own).
    pub lines: Vec<String>,
    /// Whether anything was left unknown.
    pub unknown: bool,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.lines.last().map_or("", String::as_str))
    }
}

/// A position solved, with a record's move-by-move analysis.
///
/// As JSON: the solution's fields (`to_move`, `winner`, `winning_moves`, `losing_moves`,
/// `replies`, `unknown_moves`, `stats`), and with `moves`, `positions` and `lost_at`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Judgement {
    /// The final position's solution.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub solution: Solution,
    /// Move by move: the winner after each move.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub positions: Option<Vec<MoveValue>>,
    /// The first move that turned a won position into a lost one.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub lost_at: Option<LostAt>,
    /// Every move that turned a won position into a lost one, in order (the first is
    /// `lost_at`): each swing of the game.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub swings: Option<Vec<LostAt>>,
    /// The solved board, for the views.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub board: Board,
    /// The answer's lines.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub answer: Verdict,
}

/// The winner after one move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveValue {
    /// The move's number (0 for the start, before any move).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub number: usize,
    /// The colour that moved (none for the start).
    pub played_by: Option<Stone>,
    /// The move as HexGui writes it (`c3`, `swap-pieces`).
    pub played: Option<String>,
    /// The colour to move after it, by the record (after a resignation, the side that
    /// resigned).
    pub to_move: Option<Stone>,
    /// The winner with perfect play from there (none when unknown).
    pub winner: Option<Stone>,
}

/// Where a record's game was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LostAt {
    /// The move's number.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub number: usize,
    /// The colour that played it, and had a win before it.
    pub colour: Stone,
    /// The move.
    pub played: String,
    /// Every move that would have kept the win.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::hex::board::named::cells")
    )]
    pub winning_moves: Vec<Coord>,
}

impl Analysis {
    /// The side to move in a position: the choice, else the record's next player, else the
    /// side with fewer stones (Red when equal).
    fn side_to_move(&self, board: &Board, recorded: Option<Stone>) -> Stone {
        self.to_move.or(recorded).unwrap_or_else(|| {
            let counts = board.counts();
            if counts.blue < counts.red {
                Stone::Blue
            } else {
                Stone::Red
            }
        })
    }

    /// The side to move in a position of the walk back through a record: the record's,
    /// else as [`Analysis::side_to_move`] decides.
    fn side_to_move_in_record(&self, board: &Board, recorded: Option<Stone>) -> Stone {
        recorded.unwrap_or_else(|| self.side_to_move(board, None))
    }

    fn solver(&self, board: &Board) -> Result<Solver, super::SolveError> {
        let mut solver = Solver::new(board.rows(), board.cols(), &self.settings)?;
        if let Some(store) = &self.store {
            solver.keep_proofs_in(store);
        }
        Ok(solver)
    }

    /// Solves a case, with a record's move-by-move analysis when asked.
    fn analyse(&self, case: &Case) -> Judgement {
        let (board, recorded) = match case {
            Case::Board(board) => (board.clone(), None),
            Case::Record(replay) => (
                replay.board.clone(),
                replay.to_move.or(replay.ending.map(|ending| ending.loser)),
            ),
        };
        let to_move = self.side_to_move(&board, recorded);
        let mut solver = match self.solver(&board) {
            Ok(solver) => solver,
            Err(error) => return too_large(board, to_move, &error),
        };
        let (positions, swings, mut lines) = match case {
            Case::Record(replay) if self.moves => self.move_by_move(replay, &mut solver),
            _ => (None, None, Vec::new()),
        };
        let lost_at = swings
            .as_ref()
            .and_then(|s: &Vec<LostAt>| s.first().cloned());
        // The walk back gave the final position its budget already: when it left it open,
        // asking again would spend the budget a second time on what is no nearer a proof.
        let left_open = positions
            .as_ref()
            .and_then(|p: &Vec<MoveValue>| p.last())
            .is_some_and(|last| {
                last.winner.is_none()
                    && self.side_to_move_in_record(&board, last.to_move) == to_move
            });
        let solution = match self.question {
            _ if left_open => Solution::nothing_proved(to_move),
            Question::EveryMove => solver.solve(&board, to_move),
            Question::ConsideredMoves => solver.solve_considered(&board, to_move),
            Question::Winner => solver.decide(&board, to_move),
        };
        let unknown = solution.winner.is_none()
            || !solution.unknown_moves.is_empty()
            || positions
                .as_ref()
                .is_some_and(|p: &Vec<MoveValue>| p.iter().any(|m| m.winner.is_none()));
        lines.push(line(&solution));
        if let Some(store) = &self.store {
            // Kept as it grows: a run stopped later keeps this position's proofs. A store
            // that cannot be written is said once, when the command line saves it last.
            let _ = store.lock().save();
        }
        Judgement {
            solution,
            positions,
            lost_at,
            swings,
            board,
            answer: Verdict { lines, unknown },
        }
    }

    /// The winner after each move of a record, and every move that threw a win away.
    fn move_by_move(
        &self,
        replay: &record::Replay,
        solver: &mut Solver,
    ) -> (Option<Vec<MoveValue>>, Option<Vec<LostAt>>, Vec<String>) {
        // The start, then the board after each move.
        let mut steps: Vec<Step> = Vec::new();
        if let Ok((board, to_move)) = record::start(&replay.record) {
            steps.push((None, board, to_move));
        }
        let _ = record::replay_watching(replay.record.clone(), |step| {
            let played = (step.played.number, step.played.colour, step.played.action);
            let to_move = match step.played.action {
                // A resignation leaves the position as it was, with the one who gave up to move.
                Action::Resign | Action::Forfeit => step.to_move.or(Some(step.played.colour)),
                _ => step.to_move,
            };
            steps.push((Some(played), step.board.clone(), to_move));
        });
        // Solved from the end back: each proof stays in the solver's table (and the store) and
        // helps the position before it. The walk stops at the first position the budget leaves
        // open: the ones before it, further from the end, are harder still.
        let mut winners: Vec<Option<Stone>> = vec![None; steps.len()];
        let mut open_at = None;
        for (i, (_, board, recorded)) in steps.iter().enumerate().rev() {
            winners[i] = solver.winner(board, self.side_to_move_in_record(board, *recorded));
            if winners[i].is_none() {
                open_at = Some(i);
                break;
            }
        }
        // A move by a colour that had a win before it and not after it is a swing.
        let mut values: Vec<MoveValue> = Vec::new();
        let mut lines = Vec::new();
        let mut swings: Vec<LostAt> = Vec::new();
        for (i, (played, board, recorded)) in steps.iter().enumerate() {
            let (to_move, winner) = (self.side_to_move_in_record(board, *recorded), winners[i]);
            if let (Some((number, colour, action)), Some(before)) = (played, i.checked_sub(1)) {
                let had_a_win = winners[before] == Some(*colour);
                if had_a_win && winner.is_some_and(|w| w != *colour) {
                    swings.push(LostAt {
                        number: *number,
                        colour: *colour,
                        played: action.to_string(),
                        winning_moves: solver.solve(&steps[before].1, *colour).winning_moves,
                    });
                }
            }
            let verdict = match winner {
                Some(winner) => format!("{to_move} to move: {winner} wins"),
                None => format!("{to_move} to move: unknown"),
            };
            lines.push(match played {
                None => format!("start: {verdict}"),
                Some((n, colour, action)) => format!("{n}. {colour} {action}: {verdict}"),
            });
            values.push(MoveValue {
                number: played.map_or(0, |(n, _, _)| n),
                played_by: played.map(|(_, colour, _)| colour),
                played: played.map(|(_, _, action)| action.to_string()),
                to_move: *recorded,
                winner,
            });
        }
        if let Some(open) = open_at.filter(|&open| open > 0) {
            let at = match steps[open].0 {
                Some((n, _, _)) => format!("after move {n}"),
                None => "at the start".to_string(),
            };
            lines.push(format!(
                "read back from the end: the last {} positions proved; the one {at} was not \
                 within the budget, so none before it was tried",
                steps.len() - open - 1
            ));
        }
        for (i, lost) in swings.iter().enumerate() {
            let names: Vec<String> = lost
                .winning_moves
                .iter()
                .map(|&at| cell_name(at).to_string())
                .collect();
            lines.push(format!(
                "{} {}. {} {}: {} had a win before it (with {}) and not after it",
                if i == 0 { "lost at" } else { "lost again at" },
                lost.number,
                lost.colour,
                lost.played,
                lost.colour,
                names.join(" ")
            ));
        }
        if swings.is_empty() {
            lines.push(match values.first().and_then(|v| v.winner) {
                Some(winner) => format!("no move lost the game: {winner} wins from the start"),
                None => "where the game was lost is unknown".to_string(),
            });
        }
        (Some(values), Some(swings), lines)
    }
}

/// One position of a record: the move that made it (number, colour, move; none for the
/// start), the board, and the side the record gives to move.
type Step = (Option<(usize, Stone, Action)>, Board, Option<Stone>);

/// A board too big for the solver: an unknown answer saying why.
fn too_large(board: Board, to_move: Stone, error: &super::SolveError) -> Judgement {
    let solution = Solution::nothing_proved(to_move);
    Judgement {
        solution,
        positions: None,
        lost_at: None,
        swings: None,
        board,
        answer: Verdict {
            lines: vec![format!("{to_move} to move: unknown ({error})")],
            unknown: true,
        },
    }
}

/// The answer's line for a solution.
pub fn line(solution: &Solution) -> String {
    let mover = solution.to_move;
    let names = |cells: &[Coord]| -> String {
        cells
            .iter()
            .map(|&at| cell_name(at).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // When the budget ran out after the winner was found, more moves may win; so may the
    // moves not tried.
    let mut left = Vec::new();
    match solution.unknown_moves.len() {
        0 => {}
        1 => left.push("1 move unresolved".to_string()),
        unknown => left.push(format!("{unknown} moves unresolved")),
    }
    match solution.untried_moves.len() {
        0 => {}
        1 => left.push("1 inferior move not tried".to_string()),
        untried => left.push(format!("{untried} inferior moves not tried")),
    }
    let unresolved = match left.is_empty() {
        true => String::new(),
        false => format!(" ({})", left.join(", ")),
    };
    match solution.winner {
        Some(winner) if winner == mover && !solution.winning_moves.is_empty() => {
            format!(
                "{mover} to move: {winner} wins with {}{unresolved}",
                names(&solution.winning_moves)
            )
        }
        Some(winner) => format!("{mover} to move: {winner} wins{unresolved}"),
        None if solution.winning_moves.is_empty()
            && solution.losing_moves.is_empty()
            && solution.unknown_moves.is_empty() =>
        {
            format!("{mover} to move: unknown")
        }
        None => {
            let mut proved = Vec::new();
            if !solution.winning_moves.is_empty() {
                proved.push(format!("wins with {}", names(&solution.winning_moves)));
            }
            if !solution.losing_moves.is_empty() {
                proved.push(format!("loses with {}", names(&solution.losing_moves)));
            }
            proved.extend(left);
            format!("{mover} to move: unknown ({})", proved.join("; "))
        }
    }
}

impl Game for Analysis {
    const NAME: &'static str = "hex";
    type Raw = Raw;
    type Case = Case;
    type Verdict = Verdict;
    type Judgement = Judgement;

    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Raw> {
        Hex::CONTEST.read(input)
    }

    fn weight(&self, raw: &Raw) -> usize {
        // Solving a position is far more work than reading it: one position a batch.
        Hex::CONTEST.weight(raw).max(1 << 20)
    }

    fn prepare(&self, raw: Raw) -> Result<Case, InputError> {
        let reader = Hex {
            at_move: self.at_move,
            ..Hex::CONTEST
        };
        reader.prepare(raw)
    }

    fn warnings(&self, case: &Case) -> Vec<String> {
        Hex::CONTEST.warnings(case)
    }

    fn is_game_record(&self, case: &Case) -> bool {
        Hex::CONTEST.is_game_record(case)
    }

    fn board_rows(&self, case: &Case) -> Option<Vec<String>> {
        Hex::CONTEST.board_rows(case)
    }

    fn verdict(&self, case: &Case) -> Verdict {
        self.analyse(case).answer
    }

    fn judge(&self, case: &Case) -> Judgement {
        self.analyse(case)
    }

    fn verdict_of(&self, judgement: &Judgement) -> Verdict {
        judgement.answer.clone()
    }

    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        _number: usize,
        answer: &Verdict,
    ) -> io::Result<()> {
        for line in &answer.lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    fn disagrees(&self, answer: &Verdict) -> bool {
        answer.unknown
    }

    fn explain(
        &self,
        _case: &Case,
        judgement: &Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        show::explain_solution(&judgement.board, &judgement.solution, style, out)
    }

    fn draw(&self, _case: &Case, judgement: &Judgement, out: &mut dyn Write) -> io::Result<()> {
        show::svg_solution(&judgement.board, &judgement.solution, out)
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        gcj::validate(input)
    }
}
