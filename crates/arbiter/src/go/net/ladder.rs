//! Ladders, as KataGo's input features read them: is a chain in atari captured however it
//! runs (the defender moving first), and which of a two-liberty chain's liberties lets the
//! attacker capture it so?
//!
//! The search is a depth-first minimax over the one chain: the defender may extend on its
//! liberty or capture an enemy chain in atari next to it; the attacker plays on one of its two
//! liberties. Its answers are KataGo's, assumptions included, since the network learnt from
//! them: a ko the attacker leaves counts as the defender's escape; a double ko that the
//! defender cannot fight out counts as a capture; of two liberties far apart, the attacker
//! never plays the one that lets the defender reach three liberties at the other; and a
//! search past 25,000 moves counts as no ladder. The stack is explicit (a board a level), so
//! a long ladder is no deep recursion.

use crate::go::board::{Board, other};
use crate::go::position::Stone;

/// Moves searched before a ladder is taken to fail.
const BUDGET: usize = 25_000;

/// Whether the chain at `at`, with one liberty and its owner to move, is captured in a ladder.
pub(crate) fn captured(board: &Board, at: usize) -> bool {
    if board.liberty_count(at, 2) != 1 {
        return false;
    }
    // The defender's first move ignores any ko: every ko counts as working for it.
    let mut board = board.clone();
    board.pass();
    search(board, at, true)
}

/// The liberties of the chain at `at`, which has two, where an attacker's move leaves it
/// captured in a ladder (in the order the liberties are found).
pub(crate) fn working_moves(board: &Board, at: usize) -> Vec<usize> {
    let Some(defender) = board.stone(at) else {
        return Vec::new();
    };
    let liberties = board.liberties(at);
    if liberties.len() != 2 {
        return Vec::new();
    }
    liberties
        .into_iter()
        .filter(|&move_| {
            if !board.is_legal(move_, other(defender)) {
                return false;
            }
            let mut after = board.clone();
            after.play(move_, other(defender));
            captured(&after, at)
        })
        .collect()
}

/// A level of the search: the position, the moves to try in it, and the next to try.
struct Level {
    board: Board,
    moves: Vec<usize>,
    next: usize,
}

/// Whether the chain at `at` is captured, the defender to move first when `defender_first`.
fn search(root: Board, at: usize, defender_first: bool) -> bool {
    let defender = match root.stone(at) {
        Some(stone) => stone,
        None => return false,
    };
    let attacker = other(defender);
    let limit = root.width() * root.height() * 3 / 2 + 1;
    let mut stack: Vec<Level> = Vec::new();
    let mut nodes = 0;
    // The answer of the level just left, and the board to enter.
    let mut entering = Some(root);
    let mut answer = false;
    loop {
        let depth = stack.len();
        if let Some(board) = entering.take() {
            let defends = depth.is_multiple_of(2) == defender_first;
            if depth >= limit - 1 {
                // Too deep: a ladder.
                answer = true;
            } else if let Some(known) = decided(&board, at, defends) {
                answer = known;
            } else {
                match moves(&board, at, defends, defender, attacker) {
                    Ok(moves) => {
                        stack.push(Level {
                            board,
                            moves,
                            next: 0,
                        });
                        answer = defends;
                    }
                    Err(known) => answer = known,
                }
            }
            if stack.len() == depth {
                // Decided without a level of its own: back to the level above.
                if depth == 0 {
                    return answer;
                }
            }
        }
        let top = match stack.len().checked_sub(1) {
            Some(top) => top,
            None => return answer,
        };
        let defends = (top % 2 == 0) == defender_first;
        let level = &mut stack[top];
        // A defender's move that escapes, or an attacker's that captures, settles the level.
        if level.next > 0 && answer != defends {
            stack.pop();
            continue;
        }
        // The next legal move, if any is left.
        let mover = if defends { defender } else { attacker };
        let mut played = None;
        while level.next < level.moves.len() {
            let move_ = level.moves[level.next];
            level.next += 1;
            if level.board.is_legal(move_, mover) {
                let mut board = level.board.clone();
                board.play(move_, mover);
                played = Some(board);
                break;
            }
        }
        match played {
            Some(board) => {
                nodes += 1;
                if nodes >= BUDGET {
                    return false;
                }
                entering = Some(board);
            }
            None => {
                // Every move failed: captured for a defender, no capture for an attacker.
                answer = defends;
                stack.pop();
                if stack.is_empty() {
                    return answer;
                }
            }
        }
    }
}

/// The answer at a position without searching, when the chain's liberties settle it.
fn decided(board: &Board, at: usize, defends: bool) -> Option<bool> {
    if board.stone(at).is_none() {
        return Some(true);
    }
    let liberties = board.liberty_count(at, 3);
    match (defends, liberties) {
        (false, 0 | 1) => Some(true),
        (false, _) if liberties >= 3 => Some(false),
        (true, _) if liberties >= 2 => Some(false),
        // A ko the attacker left: the ladder is taken to fail.
        (true, _) if board.ko().is_some() => Some(false),
        _ => None,
    }
}

/// The moves to search at a position the liberties do not settle, or its answer when a bound
/// settles it.
fn moves(
    board: &Board,
    at: usize,
    defends: bool,
    defender: Stone,
    attacker: Stone,
) -> Result<Vec<usize>, bool> {
    if defends {
        let mut moves = liberty_gaining_captures(board, at, attacker);
        let lone = board.liberties(at);
        for liberty in lone {
            if !moves.contains(&liberty) {
                moves.push(liberty);
            }
        }
        let last = *moves.last().expect("a chain in atari has its liberty");
        let (low, high) = liberty_bounds(board, last, defender);
        if low >= 3 {
            return Err(false);
        }
        if moves.len() == 1 && high <= 1 {
            return Err(true);
        }
        return Ok(moves);
    }
    let mut moves = board.liberties(at);
    if moves.len() != 2 {
        return Err(moves.len() <= 1);
    }
    let libs0 = immediate_liberties(board, moves[0]);
    let libs1 = immediate_liberties(board, moves[1]);
    // A double ko the defender cannot win: both liberties ko mouths the defender's stones
    // would fill with no gain, and nothing of the attacker's in atari.
    if libs0 == 0
        && libs1 == 0
        && would_be_ko_capture(board, moves[0], attacker)
        && would_be_ko_capture(board, moves[1], attacker)
        && liberties_after_play(board, moves[0], defender, 3) <= 2
        && liberties_after_play(board, moves[1], defender, 3) <= 2
        && liberty_gaining_captures(board, at, attacker).is_empty()
    {
        return Err(true);
    }
    let adjacent = board.around(moves[0]).contains(&moves[1]);
    if !adjacent {
        if libs0 >= 3 && libs1 >= 3 {
            return Err(false);
        } else if libs0 >= 3 {
            moves.truncate(1);
        } else if libs1 >= 3 {
            moves.swap(0, 1);
            moves.truncate(1);
        }
    }
    if moves.len() > 1 {
        let score0 = libs0 * 2 + connection_liberties_x2(board, moves[0], defender);
        let score1 = libs1 * 2 + connection_liberties_x2(board, moves[1], defender);
        if score1 > score0 {
            moves.swap(0, 1);
        }
    }
    Ok(moves)
}

/// The moves that capture an enemy chain in atari next to the chain at `at`: its liberties.
fn liberty_gaining_captures(board: &Board, at: usize, enemy: Stone) -> Vec<usize> {
    let mut heads = Vec::new();
    let mut moves = Vec::new();
    for stone in board.stones(at) {
        for next in board.around(stone) {
            if board.stone(next) == Some(enemy) {
                let head = board.chain(next);
                if !heads.contains(&head) && board.liberty_count(next, 2) == 1 {
                    heads.push(head);
                    for liberty in board.liberties(next) {
                        if !moves.contains(&liberty) {
                            moves.push(liberty);
                        }
                    }
                }
            }
        }
    }
    moves
}

/// The empty points next to `point`.
fn immediate_liberties(board: &Board, point: usize) -> usize {
    board
        .around(point)
        .iter()
        .filter(|&&n| board.is_empty(n))
        .count()
}

/// Bounds on the liberties a stone of `stone` on `point` would have.
fn liberty_bounds(board: &Board, point: usize, stone: Stone) -> (usize, usize) {
    let (mut immediate, mut captures, mut from_captures, mut connection, mut best_connection) =
        (0, 0, 0, 0, 0);
    for next in board.around(point) {
        match board.stone(next) {
            None if board.is_empty(next) => immediate += 1,
            Some(s) if s == stone => {
                let libs = board.liberty_count(next, usize::MAX) - 1;
                connection += libs;
                best_connection = best_connection.max(libs);
            }
            Some(_) if board.liberty_count(next, 2) == 1 => {
                captures += 1;
                from_captures += board.chain_size(next);
            }
            Some(_) | None => {}
        }
    }
    (
        captures + best_connection.max(immediate),
        immediate + from_captures + connection,
    )
}

/// The liberties a stone of `stone` on `point` would have, counted up to `max`, as KataGo
/// counts them without playing: the empty points next to it, the stones next to it of the
/// enemy chains it captures, and the liberties of the chains it joins, counting the points of
/// captured chains as empty.
fn liberties_after_play(board: &Board, point: usize, stone: Stone, max: usize) -> usize {
    let mut liberties: Vec<usize> = Vec::with_capacity(max.min(16));
    let mut captured: Vec<usize> = Vec::new();
    for next in board.around(point) {
        if board.is_empty(next) {
            liberties.push(next);
        } else if board.stone(next) == Some(other(stone)) && board.liberty_count(next, 2) == 1 {
            liberties.push(next);
            let head = board.chain(next);
            if !captured.contains(&head) {
                captured.push(head);
            }
        } else {
            continue;
        }
        if liberties.len() >= max {
            return max;
        }
    }
    let would_be_empty = |p: usize| {
        board.is_empty(p)
            || (board.stone(p) == Some(other(stone)) && captured.contains(&board.chain(p)))
    };
    let mut joined: Vec<usize> = Vec::new();
    for next in board.around(point) {
        if board.stone(next) != Some(stone) || joined.contains(&board.chain(next)) {
            continue;
        }
        joined.push(board.chain(next));
        for member in board.stones(next) {
            for liberty in board.around(member) {
                if liberty != point && would_be_empty(liberty) && !liberties.contains(&liberty) {
                    liberties.push(liberty);
                    if liberties.len() >= max {
                        return max;
                    }
                }
            }
        }
    }
    liberties.len()
}

/// Whether `stone` on `point` would capture one stone as a ko: every neighbour is the edge or
/// the enemy's, exactly one enemy chain is in atari, and it is one stone.
fn would_be_ko_capture(board: &Board, point: usize, stone: Stone) -> bool {
    if !board.is_empty(point) {
        return false;
    }
    let mut capturable = None;
    for next in board.around(point) {
        if board.is_edge(next) {
            continue;
        }
        if board.stone(next) != Some(other(stone)) {
            return false;
        }
        if board.liberty_count(next, 2) == 1 {
            if capturable.is_some() {
                return false;
            }
            capturable = Some(next);
        }
    }
    capturable.is_some_and(|c| board.chain_size(c) == 1)
}

/// Twice the liberties beyond one and a half of the chains of `stone` next to `point`: how
/// much connecting there helps, the order heuristic of the attacker's moves.
fn connection_liberties_x2(board: &Board, point: usize, stone: Stone) -> usize {
    board
        .around(point)
        .iter()
        .filter(|&&n| board.stone(n) == Some(stone))
        .map(|&n| board.liberty_count(n, usize::MAX))
        .filter(|&libs| libs > 1)
        .map(|libs| libs * 2 - 3)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ladder_across_an_empty_board_captures_and_a_breaker_breaks_it() {
        // White's two stones have one liberty, (3, 3); running down and right, they stay
        // at two liberties until the edges catch them.
        let open = Board::from_rows(&[
            ".........",
            "..XX.....",
            ".XOOX....",
            "..X......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let at = open.index(2, 2);
        assert_eq!(open.liberty_count(at, 5), 1);
        assert!(captured(&open, at));
        // A white stone on the ladder's path lets them out.
        let mut broken = open.clone();
        let breaker = broken.index(6, 6);
        broken.set(breaker, Stone::White);
        assert!(!captured(&broken, at));
    }

    #[test]
    fn a_chain_in_atari_that_captures_its_way_out_is_not_captured() {
        // White's (2, 1) has one liberty, (2, 0); Black's (2, 2) next to it has one too,
        // (3, 2), and taking it gives White liberties.
        let b = Board::from_rows(&[".....", ".XOX.", ".OX..", "..O..", "....."]);
        let at = b.index(2, 1);
        assert_eq!(b.liberty_count(at, 5), 1);
        assert_eq!(b.liberty_count(b.index(2, 2), 5), 1);
        assert!(!captured(&b, at));
    }

    #[test]
    fn a_two_liberty_chain_names_the_liberties_that_ladder_it() {
        // The same white stones with both (2, 3) and (3, 3) free: Black's (2, 3) starts the
        // ladder above.
        let b = Board::from_rows(&[
            ".........",
            "..XX.....",
            ".XOOX....",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let at = b.index(2, 2);
        assert_eq!(b.liberty_count(at, 5), 2);
        assert!(working_moves(&b, at).contains(&b.index(2, 3)));
    }
}
