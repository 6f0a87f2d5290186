//! The Hex judge: is a board impossible, won by Red, won by Blue, or won by nobody? And what a
//! game record's final position and play show.
//!
//! [`judge`] applies the four rules of `docs/src/hex.md` in time linear in the board's
//! cells and returns a [`BoardJudgement`] that carries its evidence: the stone counts, the
//! winning chain and every stone that could have been played last, or the rule that makes the
//! board impossible, with the chains that show it.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{judge, Board, BoardVerdict};
//!
//! let board: Board = "RRB\nBBB\nBRR".parse().unwrap();
//! let judgement = judge(&board);
//! assert_eq!(judgement.verdict.to_string(), "Blue wins");
//! assert!(matches!(judgement.verdict, BoardVerdict::Win(_)));
//! ```

use std::fmt;

#[cfg(feature = "serde")]
use super::board::named;
use super::board::{Board, Counts, Stone, cell_name};
use super::record::{Action, Connector, Replay, Warning};
use crate::connect::Winning;
use crate::grid::Coord;

/// The judge's answer: the counts and the verdict with its evidence.
///
/// As JSON: `red` and `blue` (the counts), then the verdict's fields (see [`BoardVerdict`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BoardJudgement {
    /// How many stones of each colour the board holds.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub counts: Counts,
    /// What holds, and why.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub verdict: BoardVerdict,
}

/// What holds on a board.
///
/// As JSON, the fields of its evidence: a [`Win`]'s, a [`Reason`]'s, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum BoardVerdict {
    /// No legal game reaches the board; the reason names the rule.
    Impossible(Reason),
    /// One colour has connected and a legal game ends here.
    Win(Win),
    /// Nobody has connected and the counts are legal.
    Nobody,
}

/// The evidence of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Win {
    /// The colour that connected.
    pub winner: Stone,
    /// One chain of the winner's stones joining its sides, from the first side to the second.
    #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
    pub chain: Vec<Coord>,
    /// Every stone that could have been the last move: those on every winning chain, in
    /// chain order (never empty).
    #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
    pub last_stones: Vec<Coord>,
}

/// Which rule of `docs/src/hex.md` makes a board impossible.
///
/// Rule 2 (both colours connected) has no variant: it cannot hold on a Hex board, since a
/// red top-to-bottom chain and a blue left-to-right chain would have to cross (the Hex
/// theorem).
///
/// As JSON: `reason` names the variant (`count_gap`, `winner_behind`, `no_last_stone`), with
/// its fields beside it (`connected` for the connected colour).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "reason", rename_all = "snake_case")
)]
pub enum Reason {
    /// Rule 1: the counts differ by more than one.
    CountGap,
    /// Rule 3: the connected colour has fewer stones than the other, so it did not move last.
    WinnerBehind {
        /// The connected colour.
        #[cfg_attr(feature = "serde", serde(rename = "connected"))]
        winner: Stone,
        /// One of its chains.
        #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
        chain: Vec<Coord>,
    },
    /// Rule 4: no stone lies on every chain of the connected colour, so the game would have
    /// ended before its last stone; two chains sharing no stone prove it.
    NoLastStone {
        /// The connected colour.
        #[cfg_attr(feature = "serde", serde(rename = "connected"))]
        winner: Stone,
        /// Two of its chains with no stone in common.
        #[cfg_attr(feature = "serde", serde(serialize_with = "named::chains"))]
        chains: [Vec<Coord>; 2],
    },
}

impl Reason {
    /// The number of the rule in `docs/src/hex.md`.
    pub fn rule(&self) -> u8 {
        match self {
            Reason::CountGap => 1,
            Reason::WinnerBehind { .. } => 3,
            Reason::NoLastStone { .. } => 4,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::CountGap => f.write_str("the stone counts differ by more than one"),
            Reason::WinnerBehind { winner, .. } => {
                write!(
                    f,
                    "{winner} is connected but has fewer stones than its opponent"
                )
            }
            Reason::NoLastStone { winner, .. } => write!(
                f,
                "{winner} has two chains with no common stone, so no stone can have been last"
            ),
        }
    }
}

impl BoardVerdict {
    /// The contest's answer, without the evidence.
    pub fn outcome(&self) -> Outcome {
        match self {
            BoardVerdict::Impossible(_) => Outcome::Impossible,
            BoardVerdict::Win(win) => Outcome::Win(win.winner),
            BoardVerdict::Nobody => Outcome::Nobody,
        }
    }
}

impl fmt::Display for BoardVerdict {
    /// The contest wording: `Impossible`, `Red wins`, `Blue wins` or `Nobody wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.outcome().fmt(f)
    }
}

/// The contest's answer for a board, without its evidence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No legal game reaches the board.
    Impossible,
    /// This colour has connected, and a legal game ends here.
    Win(Stone),
    /// Nobody has connected and the counts are legal.
    Nobody,
}

impl fmt::Display for Outcome {
    /// The contest wording: `Impossible`, `Red wins`, `Blue wins` or `Nobody wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Impossible => f.write_str("Impossible"),
            Outcome::Win(winner) => write!(f, "{winner} wins"),
            Outcome::Nobody => f.write_str("Nobody wins"),
        }
    }
}

/// Judges a board by the four rules of `docs/src/hex.md`, in time linear in its cells.
///
/// # Examples
///
/// ```
/// use arbiter::hex::{judge, Board, Reason, BoardVerdict};
///
/// // Blue's top two rows are two chains with no stone in common (rule 4).
/// let board: Board = "BBBB\nBBBB\nRRR.\nRRRR".parse().unwrap();
/// let judgement = judge(&board);
/// assert!(matches!(judgement.verdict, BoardVerdict::Impossible(Reason::NoLastStone { .. })));
/// assert_eq!((judgement.counts.red, judgement.counts.blue), (7, 8));
/// ```
pub fn judge(board: &Board) -> BoardJudgement {
    let counts = board.counts();
    BoardJudgement {
        counts,
        verdict: verdict(board, counts),
    }
}

/// The colour that joins its sides on `board`, with one of its chains (from its first side
/// to its second); `None` when neither does. At most one colour can (the Hex theorem), and
/// unlike [`judge`] this asks nothing of the counts or the last move: it is what a game
/// record's final position shows.
///
/// # Examples
///
/// ```
/// use arbiter::hex::{connection, Board, Stone};
///
/// // Red's first column joins top and bottom; Blue has one stone more, which the judge
/// // would not allow, but the connection is there all the same.
/// let board: Board = "RBB\nRB.\nRBB".parse().unwrap();
/// let (winner, chain) = connection(&board).unwrap();
/// assert_eq!((winner, chain.len()), (Stone::Red, 3));
/// ```
pub fn connection(board: &Board) -> Option<(Stone, Vec<Coord>)> {
    let (stone, winning) = joining(board, board.counts())?;
    Some((stone, board.coords(&winning.chain)))
}

/// The colour that joins its sides, with one of its chains and its cut stones.
///
/// The colour with more stones is asked first (Red when the counts are equal): the side that
/// moved first and last has one more, and in a game played to its end the last mover is the
/// one that joined, so one question usually settles it (the other colour, asked first,
/// costs its walks for nothing).
fn joining(board: &Board, counts: Counts) -> Option<(Stone, Winning)> {
    let order = if counts.blue > counts.red {
        [Stone::Blue, Stone::Red]
    } else {
        [Stone::Red, Stone::Blue]
    };
    order
        .into_iter()
        .find_map(|stone| Some((stone, board.crossing(stone).winning()?)))
}

fn verdict(board: &Board, counts: Counts) -> BoardVerdict {
    // Rule 1.
    if counts.red.abs_diff(counts.blue) > 1 {
        return BoardVerdict::Impossible(Reason::CountGap);
    }
    // Rule 2 never holds: a red top-to-bottom chain and a blue left-to-right chain would cross,
    // and chains on a hexagonal board cannot cross without sharing a cell (the Hex theorem; the
    // property tests check it against a brute force that looks at both colours). So once one
    // colour connects the other need not be looked at.
    let Some((winner, winning)) = joining(board, counts) else {
        return BoardVerdict::Nobody;
    };
    let loser = if winner == Stone::Red {
        Stone::Blue
    } else {
        Stone::Red
    };
    // Rule 3.
    if counts.of(winner) < counts.of(loser) {
        return BoardVerdict::Impossible(Reason::WinnerBehind {
            winner,
            chain: board.coords(&winning.chain),
        });
    }
    // Rule 4.
    if winning.cut_stones.is_empty() {
        let [first, second] = board
            .crossing(winner)
            .disjoint_chains(&winning.chain)
            .expect("Menger: no stone on every chain means two disjoint chains");
        return BoardVerdict::Impossible(Reason::NoLastStone {
            winner,
            chains: [board.coords(&first), board.coords(&second)],
        });
    }
    BoardVerdict::Win(Win {
        winner,
        chain: board.coords(&winning.chain),
        last_stones: board.coords(&winning.cut_stones),
    })
}

/// A record's answer, with what `--check` compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordVerdict {
    /// The colour joining its sides on the final board.
    pub winner: Option<Stone>,
    /// `RE` as written, when the record has it.
    pub recorded: Option<String>,
    /// The player `RE` names as the winner (`B`, who moved first, or `W`).
    pub claimed: Option<char>,
    /// The player who won by the record's own play (a connection, or the other player's
    /// resignation or forfeit), and how, in words.
    pub found: Option<(char, String)>,
}

impl RecordVerdict {
    /// Whether `RE` names a winner and the record's play shows the other.
    pub fn differs(&self) -> bool {
        matches!((self.claimed, &self.found), (Some(claimed), Some((found, _))) if claimed != *found)
    }
}

/// What a record shows: the final position's connection and how the game got there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RecordJudgement {
    /// The final board's stones.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub counts: Counts,
    /// The colour joining its sides on the final board (`null` for nobody).
    pub winner: Option<Stone>,
    /// One chain of the winner's stones joining its sides, from the first side to the second.
    #[cfg_attr(feature = "serde", serde(serialize_with = "named::cells"))]
    pub chain: Vec<Coord>,
    /// The number of the move that made the connection.
    pub won_at: Option<usize>,
    /// That move: a cell's name, `swap-pieces`, or `setup`.
    pub winning_move: Option<String>,
    /// The moves played after the connection, as HexGui writes them (`d4`, `pass`).
    pub after: Vec<String>,
    /// The number of moves in the record.
    pub moves: usize,
    /// How many times the players swapped sides.
    pub side_swaps: usize,
    /// A resignation or forfeit: who, how, and at which move.
    pub ending: Option<EndingNote>,
    /// The record's `RE`, as written.
    pub recorded: Option<String>,
    /// Whether `RE` agrees with the record's play (`null` when either says nothing).
    pub agrees: Option<bool>,
    /// Moves that break the rules, played as recorded.
    pub warnings: Vec<Warning>,
    /// The answer, for the verdict.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub answer: RecordVerdict,
}

/// A resignation or forfeit, for the JSON record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct EndingNote {
    /// The colour that gave up.
    pub loser: Stone,
    /// `resign` or `forfeit`.
    pub how: String,
    /// The move's number.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub number: usize,
}

/// The colour joining its sides on a board, with one chain.
fn winner_of(board: &Board) -> Option<(Stone, Vec<Coord>)> {
    connection(board)
}

/// "Black's player" or "White's player": how `RE` names the players.
pub(super) fn player_name(player: char) -> &'static str {
    if player == 'B' {
        "Black's player (who moved first)"
    } else {
        "White's player"
    }
}

/// The sides a colour joins, in words.
pub(super) fn sides_of(colour: Stone) -> &'static str {
    match colour {
        Stone::Red => "top to bottom",
        Stone::Blue => "left to right",
    }
}

/// A record's verdict, found as cheaply as possible: the final board's winner, what `RE`
/// claims, and what the play shows.
pub fn record_verdict(replay: &Replay) -> RecordVerdict {
    answer(replay, winner_of(&replay.board))
}

/// A record's answer: the final board's winner, what `RE` claims, and what the play shows.
fn answer(replay: &Replay, connection: Option<(Stone, Vec<Coord>)>) -> RecordVerdict {
    let winner = connection.map(|(winner, _)| winner);
    let recorded = replay.record.result.clone();
    let claimed = recorded.as_deref().and_then(claimed_winner);
    let found = match (winner, &replay.won, replay.ending) {
        (Some(winner), Some(won), _) => {
            let player = replay.player_of(winner);
            let when = match won.by {
                Connector::Setup if won.number == 0 => "in the setup".to_string(),
                Connector::Setup => format!("by setup after move {}", won.number),
                _ => format!("at move {}", won.number),
            };
            Some((
                player,
                format!(
                    "{winner} ({}) joins {} {when}",
                    player_name(player),
                    sides_of(winner)
                ),
            ))
        }
        (_, _, Some(ending)) => {
            let player = replay.player_of(ending.loser.other());
            let how = if ending.action == Action::Resign {
                "resigned"
            } else {
                "forfeited"
            };
            Some((
                player,
                format!(
                    "{} ({}) {how} at move {}",
                    ending.loser,
                    player_name(replay.player_of(ending.loser)),
                    ending.number
                ),
            ))
        }
        _ => None,
    };
    RecordVerdict {
        winner,
        recorded,
        claimed,
        found,
    }
}

/// The player an `RE` value names as the winner: `B+...` or `W+...`, or a lone `B` or `W`
/// as Little Golem writes it, in any case.
fn claimed_winner(result: &str) -> Option<char> {
    let result = result.trim().to_ascii_uppercase();
    match result.as_bytes() {
        [b'B'] | [b'B', b'+', ..] => Some('B'),
        [b'W'] | [b'W', b'+', ..] => Some('W'),
        _ => None,
    }
}

/// Everything a replayed record shows: the final board's connection, the move that made it,
/// a resignation, and whether `RE` agrees.
pub fn judge_record(replay: &Replay) -> RecordJudgement {
    let connection = winner_of(&replay.board);
    let chain = connection
        .as_ref()
        .map(|(_, chain)| chain.clone())
        .unwrap_or_default();
    let answer = answer(replay, connection);
    let won = replay.won.as_ref().filter(|_| answer.winner.is_some());
    RecordJudgement {
        counts: replay.board.counts(),
        winner: answer.winner,
        chain,
        won_at: won.map(|won| won.number),
        winning_move: won.map(|won| match won.by {
            Connector::Stone(at) => cell_name(at).to_string(),
            Connector::Swap => "swap-pieces".to_string(),
            Connector::Setup => "setup".to_string(),
        }),
        after: won
            .map(|won| won.after.iter().map(|m| m.action.to_string()).collect())
            .unwrap_or_default(),
        moves: replay.moves,
        side_swaps: replay.side_swaps,
        ending: replay.ending.map(|ending| EndingNote {
            loser: ending.loser,
            how: ending.action.to_string(),
            number: ending.number,
        }),
        agrees: match (answer.claimed, &answer.found) {
            (Some(claimed), Some((found, _))) => Some(claimed == *found),
            _ => None,
        },
        recorded: answer.recorded.clone(),
        warnings: replay.warnings.clone(),
        answer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn re_names_players_in_any_case() {
        assert_eq!(claimed_winner("B+"), Some('B'));
        assert_eq!(claimed_winner("w+Resign"), Some('W'));
        assert_eq!(claimed_winner(" B+R "), Some('B'));
        assert_eq!(claimed_winner("W"), Some('W'));
        assert_eq!(claimed_winner("Void"), None);
        assert_eq!(claimed_winner("Black"), None);
        assert_eq!(claimed_winner("?"), None);
    }
}
