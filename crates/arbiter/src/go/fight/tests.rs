use std::collections::HashMap;

use proptest::prelude::*;
use proptest::strategy::ValueTree;

use super::*;

/// Black's seven stones and White's three share two liberties, each its only ones: whoever
/// fills one is captured (the seki of `ownership`'s tests).
const SEKI: [&str; 3] = ["OOOOOOO..", "XXXXXXO..", ".OOO.XO.."];

/// The same with a third liberty for Black at F9, which White's five on the top row need too.
const RACE: [&str; 3] = ["OOOOO.O..", "XXXXXXO..", ".OOO.XO.."];

#[test]
fn chains_that_share_their_only_liberties_live_in_seki() {
    let b = Board::from_rows(&SEKI);
    assert_eq!(read(&b, b.index(0, 1)), Some(Fate::Alive));
    assert_eq!(read(&b, b.index(1, 2)), Some(Fate::Alive));
}

#[test]
fn a_chain_in_atari_that_cannot_get_out_is_dead() {
    // Black's corner stone has one liberty, where it would have none.
    let b = Board::from_rows(&["XO..", ".O..", "O..."]);
    assert_eq!(read(&b, b.index(0, 0)), Some(Fate::Dead));
    assert_eq!(read(&b, b.index(1, 0)), Some(Fate::Alive));
}

#[test]
fn a_race_won_by_whoever_moves_first_is_unsettled() {
    let b = Board::from_rows(&RACE);
    // White's five on the top row: Black takes them at F9, or White joins them to its wall
    // there, and the seki of the three is back.
    assert_eq!(read(&b, b.index(0, 0)), Some(Fate::Unsettled));
    // White's three: Black, moving first, fills A7 and takes them at E7; White, moving
    // first, joins its five to the wall and lives in seki.
    assert_eq!(read(&b, b.index(1, 2)), Some(Fate::Unsettled));
    // Black's chain lives either way.
    assert_eq!(read(&b, b.index(0, 1)), Some(Fate::Alive));
}

#[test]
fn a_chain_with_room_to_run_is_not_read() {
    let b = Board::from_rows(&[
        ".........",
        ".........",
        ".........",
        "....X....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ]);
    assert_eq!(area(&b, b.index(4, 3)), None);
    assert_eq!(read(&b, b.index(4, 3)), None);
}

#[test]
fn the_area_holds_the_liberties_of_the_weak_chains_beside_it_and_their_stones() {
    let b = Board::from_rows(&RACE);
    let (playable, _) = area(&b, b.index(1, 2)).unwrap();
    // The white three's liberties, and F9, the liberty of White's five beside the black chain
    // next to them.
    for (x, y) in [(0, 2), (4, 2), (5, 0)] {
        assert!(playable[b.index(x, y)], "{x} {y}");
    }
    // The stones of the chains beside it.
    assert!(playable[b.index(0, 1)] && playable[b.index(1, 2)]);
    // Not the liberties of White's wall, which has five.
    assert!(!playable[b.index(7, 0)]);
}

#[test]
fn a_move_reaches_out_when_it_gives_a_chain_fought_over_a_liberty_outside_the_area() {
    let b = Board::from_rows(&["X.O..", ".....", "....."]);
    let mut playable = vec![false; b.points().last().unwrap() + 1];
    for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        playable[b.index(x, y)] = true;
    }
    let reader = Reader {
        playable: &playable,
        target: b.index(0, 0),
        colour: Stone::Black,
        reach_out: false,
        table: HashMap::new(),
        positions: 0,
    };
    let reaches = |x: usize, y: usize, stone: Stone| {
        let mut next = b.clone();
        next.play(b.index(x, y), stone);
        reader.reaches_out(&next, b.index(x, y))
    };
    // A white stone on B2 has C2 and B1, outside the area.
    assert!(reaches(1, 1, Stone::White));
    // On B3 it joins C3's stone, a chain beside the fight.
    assert!(!reaches(1, 0, Stone::White));
    // Black on A2 joins the chain read, which may get out.
    assert!(!reaches(0, 1, Stone::Black));
}

/// Per position (hash, whose move, last pass, ko): whether the chain is captured, or the
/// depth it was left open at.
type Known = HashMap<(u64, Stone, bool, Option<usize>), Result<bool, usize>>;

/// Whether the chain of `target` (colour `colour`) is captured with best play on the whole
/// board, every legal move and the pass tried, `None` past `depth`: the obviously right game
/// the reader plays with its area, table order and eye rule. `known` holds each position's
/// value, or the depth it was left open at.
fn brute_captured(
    board: &Board,
    target: usize,
    colour: Stone,
    to_move: Stone,
    passed: bool,
    depth: usize,
    known: &mut Known,
) -> Option<bool> {
    if board.stone(target) != Some(colour) {
        return Some(true);
    }
    let key = (board.hash(), to_move, passed, board.ko());
    match known.get(&key) {
        Some(Ok(v)) => return Some(*v),
        Some(Err(open)) if *open >= depth => return None,
        _ => {}
    }
    if depth == 0 {
        return None;
    }
    let attacking = to_move != colour;
    let mut results = Vec::new();
    for p in board.points().filter(|&p| board.is_legal(p, to_move)) {
        let mut next = board.clone();
        next.play(p, to_move);
        results.push(brute_captured(
            &next,
            target,
            colour,
            other(to_move),
            false,
            depth - 1,
            known,
        ));
    }
    if passed {
        results.push(Some(false));
    } else {
        let mut next = board.clone();
        next.pass();
        results.push(brute_captured(
            &next,
            target,
            colour,
            other(to_move),
            true,
            depth - 1,
            known,
        ));
    }
    let value = if results.contains(&Some(attacking)) {
        Some(attacking)
    } else if results.contains(&None) {
        None
    } else {
        Some(!attacking)
    };
    known.insert(key, value.ok_or(depth));
    value
}

fn brute_fate(board: &Board, target: usize) -> Option<Fate> {
    let colour = board.stone(target).unwrap();
    let mut start = board.clone();
    start.pass();
    let depth = 2 * board.points().count();
    let mut known = HashMap::new();
    let attacker_first = brute_captured(
        &start,
        target,
        colour,
        other(colour),
        false,
        depth,
        &mut known,
    )?;
    if !attacker_first {
        return Some(Fate::Alive);
    }
    let owner_first = brute_captured(&start, target, colour, colour, false, depth, &mut known)?;
    Some(if owner_first {
        Fate::Dead
    } else {
        Fate::Unsettled
    })
}

/// A small board from a pattern of cells (0 empty, 1 black, 2 white), chains without a
/// liberty taken off.
fn small_board(width: usize, cells: &[u8]) -> Board {
    let mut b = Board::new(width, cells.len() / width);
    for (i, &c) in cells.iter().enumerate() {
        let stone = match c {
            1 => Stone::Black,
            2 => Stone::White,
            _ => continue,
        };
        let p = b.index(i % width, i / width);
        b.set(p, stone);
    }
    let dead: Vec<usize> = b
        .points()
        .filter(|&p| b.stone(p).is_some() && b.liberty_count(p, 1) == 0)
        .collect();
    for p in dead {
        if b.stone(p).is_some() {
            let stones: Vec<usize> = b.stones(p).collect();
            for s in stones {
                b.clear(s);
            }
        }
    }
    b
}

/// How many of the chains on `b` the reader and the game of every move both decide, by fate;
/// fails at the first chain they decide differently.
fn compare_with_every_move(b: &Board) -> Result<[usize; 3], TestCaseError> {
    let everywhere = vec![true; b.points().last().unwrap() + 1];
    let mut decided = [0; 3];
    for target in b.points().filter(|&p| b.stone(p).is_some()) {
        if b.stones(target).min() != Some(target) {
            continue;
        }
        let read = read_within(b, target, &everywhere);
        if let (Some(brute), Some(read)) = (brute_fate(b, target), read) {
            prop_assert_eq!(read, brute, "chain at {:?}", b.point(target));
            decided[read as usize] += 1;
        }
    }
    Ok(decided)
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (
        3usize..=4,
        proptest::collection::vec(
            prop_oneof![2 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
            9..=12,
        ),
    )
        .prop_map(|(height, cells)| small_board(3, &cells[..3 * height.min(cells.len() / 3)]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Played on the whole board, the reader's game (its table, its order, no move in an own
    /// eye) finds every chain's fate as the game of every move does.
    #[test]
    fn the_reading_on_the_whole_board_agrees_with_trying_every_move(b in board_strategy()) {
        compare_with_every_move(&b)?;
    }
}

/// The boards the property test draws hold chains of every fate that both decide.
#[test]
fn the_sampled_boards_hold_every_fate() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut decided = [0; 3];
    for _ in 0..60 {
        let b = board_strategy().new_tree(&mut runner).unwrap().current();
        let found = compare_with_every_move(&b).unwrap();
        for (total, n) in decided.iter_mut().zip(found) {
            *total += n;
        }
    }
    assert!(
        decided.iter().all(|&n| n >= 5),
        "{decided:?} (dead, alive, unsettled)"
    );
}
