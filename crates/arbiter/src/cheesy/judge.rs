//! Solving a position: [`solve`] (the verdict with its evidence), [`white_wins`] (the verdict
//! alone, as fast as possible) and [`table`] (every king start at once).

use super::board::Position;
use super::verdict::{Judgement, Table};
use super::{bits, word};

/// Solves one position: who wins with White to move, and the evidence.
///
/// # Examples
///
/// ```
/// use arbiter::cheesy::{solve, Board, Judgement, Position, Square, WhiteEnd};
///
/// // A pawn above a forbidden field cannot move: any king move wins.
/// let board: Board = "...\n.F.\n...".parse().unwrap();
/// let position = Position::new(board, Square { x: 1, y: 1 }, Square { x: 2, y: 3 }).unwrap();
/// assert!(matches!(solve(&position), Judgement::White(w) if w.end == WhiteEnd::PawnStuck));
/// ```
pub fn solve(position: &Position) -> Judgement {
    bits::solve(position.board(), position.king(), position.pawn())
}

/// The contest's question alone, without the evidence: whether White wins.
pub fn white_wins(position: &Position) -> bool {
    let (board, king, pawn) = (&position.board(), position.king(), position.pawn());
    word::white_wins(board, king, pawn).unwrap_or_else(|| bits::white_wins(board, king, pawn))
}

/// Who wins from every king start on the position's board with its pawn start (the
/// position's own king start is one of them).
///
/// # Examples
///
/// ```
/// use arbiter::cheesy::{table, Board, Position, Square};
///
/// let board: Board = "........\n".repeat(8).parse().unwrap();
/// let position = Position::new(board, Square { x: 1, y: 1 }, Square { x: 6, y: 3 }).unwrap();
/// let t = table(&position);
/// assert_eq!(t.white_wins(Square { x: 3, y: 1 }), Some(true));
/// assert_eq!(t.white_wins(Square { x: 6, y: 3 }), None);
/// ```
pub fn table(position: &Position) -> Table {
    bits::table(position.board(), position.pawn())
}
