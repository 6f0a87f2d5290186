//! Who wins a Cheesy Chess position ([`Verdict`]), and why ([`Judgement`]): White's shortest
//! winning line, or what the pawn does and why no king line works.

use std::fmt;

use super::board::Square;

/// Who wins, with the evidence.
///
/// As JSON: the fields of a [`WhiteWin`] or a [`BlackWin`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Judgement {
    /// White wins; the shortest winning line.
    White(WhiteWin),
    /// Black wins; what the pawn does and why no king line works.
    Black(BlackWin),
}

impl Judgement {
    /// Who wins.
    pub fn winner(&self) -> Verdict {
        match self {
            Judgement::White(_) => Verdict::White,
            Judgement::Black(_) => Verdict::Black,
        }
    }
}

/// The contest's answer: who wins with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// White's king.
    White,
    /// Black's pawn.
    Black,
}

impl fmt::Display for Verdict {
    /// The contest's word: `White` or `Black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::White => "White",
            Verdict::Black => "Black",
        })
    }
}

/// How White wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum WhiteEnd {
    /// The king's last move takes the pawn.
    Capture,
    /// The king's last move lands right below the pawn, which cannot move.
    Block,
    /// The pawn stands above a forbidden field, not on the bottom line: once the king has
    /// moved, the pawn cannot.
    PawnStuck,
}

/// A White win: the king's squares from its start to its last move, shortest first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WhiteWin {
    /// How the line ends.
    pub end: WhiteEnd,
    /// The king's start, then the square after each of its moves.
    pub king_line: Vec<Square>,
    /// The pawn's square before each of the king's moves.
    pub pawn_line: Vec<Square>,
}

/// How Black wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum BlackEnd {
    /// At some turn every square the king could stand on leaves it no open field to move to.
    KingStuck,
    /// The pawn reaches the bottom line and the king cannot take it there.
    PawnHome,
}

/// Why the king is not on a square next to the pawn at some turn, ready to take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Barrier {
    /// The square is forbidden.
    Forbidden,
    /// The square is fixed dangerous.
    Dangerous,
    /// The square was floating dangerous at the turn before, when the king would have had to
    /// step onto it.
    Floating,
    /// No line of king moves gets there in time.
    OutOfReach,
    /// The king can be there, but the pawn stands on a fixed dangerous field, which the king
    /// may not enter, so it cannot take the pawn.
    PawnOnDangerous,
}

/// One White turn of a lost game: where the pawn stood and why the king could not take it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Turn {
    /// The pawn's square.
    pub pawn: Square,
    /// How many squares the king could be on at this turn, over all its lines.
    pub king_count: usize,
    /// Those squares, on boards of at most [`LISTED_SQUARES`](super::LISTED_SQUARES) squares
    /// (`None` on larger ones, so that the evidence grows with the board, not with its
    /// square).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub king_squares: Option<Vec<Square>>,
    /// Each square next to the pawn, with why the king could not take the pawn from there.
    pub capture_from: Vec<Approach>,
}

/// A square next to the pawn, and why the king could not take the pawn from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Approach {
    /// The square.
    pub square: Square,
    /// Why it did not serve.
    pub barrier: Barrier,
}

/// A Black win: the pawn's walk and, turn by turn, why no king line works.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BlackWin {
    /// How the game ends.
    pub end: BlackEnd,
    /// Every White turn, in order, with the king's possibilities.
    pub turns: Vec<Turn>,
}

/// Who wins from every king start, for one board and pawn start, by one backward sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub(super) width: usize,
    pub(super) height: usize,
    /// Row-major from the top: `Some(true)` White wins, `Some(false)` Black wins, `None` the
    /// king cannot start there (`F`, `D` or the pawn's square).
    pub(super) wins: Vec<Option<bool>>,
}

impl Table {
    /// Whether White wins with the king starting on `king`; `None` for a square the king may
    /// not start on, or one off the board.
    pub fn white_wins(&self, king: Square) -> Option<bool> {
        let inside = (1..=self.width).contains(&king.x) && (1..=self.height).contains(&king.y);
        inside
            .then(|| self.wins[(self.height - king.y) * self.width + king.x - 1])
            .flatten()
    }
}

impl fmt::Display for Table {
    /// One row of letters per board row, top first: `W` White wins, `B` Black wins, `-` the
    /// king cannot start there.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.wins.chunks(self.width) {
            let letters: String = row
                .iter()
                .map(|win| match win {
                    Some(true) => 'W',
                    Some(false) => 'B',
                    None => '-',
                })
                .collect();
            writeln!(f, "{letters}")?;
        }
        Ok(())
    }
}
