//! The contest's question for boards of at most 64 squares (the contest's 8 x 8 among them):
//! the forward sweep of [`super::bits`], with every set of squares one 64-bit word.
//!
//! Square (`x`, `y`) is bit `(y - 1) * width + (x - 1)`, so a row of the board is `width`
//! consecutive bits and a king move over a whole set is two masked shifts sideways and two
//! shifts by a row. Nothing is allocated. The
//! rules are the general sweep's, line for line; a property test holds the two to the same
//! answers.

use super::board::{Board, Square};

/// Whether White wins, for a board of at most 64 squares; `None` for a larger one.
pub(super) fn white_wins(board: &Board, king: Square, pawn: Square) -> Option<bool> {
    Sets::of(board).map(|sets| sets.white_wins(king, pawn))
}

/// A board's fields as one-word square sets.
struct Sets {
    width: usize,
    /// Every square of the board.
    full: u64,
    /// The squares of the first column, and of the last.
    first_column: u64,
    last_column: u64,
    /// `F` or `D`: closed to the king whatever the pawn does.
    closed: u64,
    /// `F`.
    forbidden: u64,
}

impl Sets {
    fn of(board: &Board) -> Option<Self> {
        let (forbidden, dangerous) = board.words_of_squares()?;
        let (width, height) = (board.width(), board.height());
        let first_column = (0..height).fold(0, |column, y| column | 1 << (y * width));
        Some(Sets {
            width,
            full: u64::MAX >> (64 - width * height),
            first_column,
            last_column: first_column << (width - 1),
            closed: forbidden | dangerous,
            forbidden,
        })
    }

    /// The bit of the square in column `x` and row `y`, both from 0.
    fn bit(&self, x: usize, y: usize) -> u64 {
        1 << (y * self.width + x)
    }

    /// The squares one king move away from a square of `set` (the king must move).
    fn step(&self, set: u64) -> u64 {
        let sideways = (set & !self.first_column) >> 1 | (set & !self.last_column) << 1;
        let row = set | sideways;
        let width = self.width as u32;
        let vertical = row.checked_shl(width).unwrap_or(0) | row.checked_shr(width).unwrap_or(0);
        (sideways | vertical) & self.full
    }

    /// The sweep: the king's possible squares turn by turn until a turn decides, as
    /// `bits::sweep` does.
    fn white_wins(&self, king: Square, pawn: Square) -> bool {
        let (px, py0) = (pawn.x - 1, pawn.y - 1);
        let open = self.full & !self.closed;
        let mut kings = self.bit(king.x - 1, king.y - 1);
        for py in (0..=py0).rev() {
            let mut moves = self.step(kings) & open;
            // Floating dangerous: diagonally below the pawn.
            if py > 0 {
                if px > 0 {
                    moves &= !self.bit(px - 1, py - 1);
                }
                if px + 1 < self.width {
                    moves &= !self.bit(px + 1, py - 1);
                }
            }
            if moves & self.bit(px, py) != 0 {
                return true;
            }
            if moves == 0 || py == 0 {
                return false;
            }
            let below = self.bit(px, py - 1);
            if self.forbidden & below != 0 || moves & below != 0 {
                return true;
            }
            kings = moves;
        }
        unreachable!("the pawn reaches the bottom line by turn {py0}")
    }
}
