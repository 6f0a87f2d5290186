//! The Hex judge against the rules of `docs/src/hex.md`, one test per rule, and against a brute
//! force on random boards.

use super::board::stone_of;
use super::*;
use crate::grid::{Coord, Side};
use proptest::prelude::*;

fn board(rows: &str) -> Board {
    rows.parse().unwrap()
}

fn c(row: usize, col: usize) -> Coord {
    Coord { row, col }
}

fn verdict_of(rows: &str) -> BoardVerdict {
    judge(&board(rows)).verdict
}

#[test]
fn rule_1_counts_differing_by_more_than_one_are_impossible() {
    assert_eq!(
        verdict_of("RR.\n...\n..."),
        BoardVerdict::Impossible(Reason::CountGap)
    );
    // Even a connected colour loses to rule 1, which comes first.
    assert_eq!(
        verdict_of("R..\nR..\nR.."),
        BoardVerdict::Impossible(Reason::CountGap)
    );
}

#[test]
fn rule_2_both_colours_connected_never_occurs_on_a_hex_board() {
    // A red top-to-bottom chain separates left from right, so rule 2 cannot fire on any board
    // (the property test `judge_agrees_with_brute_force` checks this on random boards too).
    // With the mirrored adjacency it could: this board would then connect both colours.
    let b = board("RB\nBR");
    assert_eq!(b.crossing(Stone::Red).winning(), None);
    assert!(b.crossing(Stone::Blue).winning().is_some());
}

#[test]
fn rule_3_connected_colour_with_fewer_stones_is_impossible() {
    let v = verdict_of("R.B\nRB.\nRBB");
    assert_eq!(
        v,
        BoardVerdict::Impossible(Reason::WinnerBehind {
            winner: Stone::Red,
            chain: vec![c(0, 0), c(1, 0), c(2, 0)],
        })
    );
}

#[test]
fn either_colour_asked_first_whether_it_joined_gives_the_same_verdict() {
    // The colour with more stones is asked first. Blue, a stone more, has joined: found at once.
    let v = verdict_of("BBB\nRR.\n...");
    assert!(
        matches!(v, BoardVerdict::Win(ref w) if w.winner == Stone::Blue),
        "{v:?}"
    );
    // Blue, a stone more, has not: Red is asked next (and is behind, rule 3).
    let v = verdict_of("R.B\nRB.\nRBB");
    assert!(matches!(
        v,
        BoardVerdict::Impossible(Reason::WinnerBehind {
            winner: Stone::Red,
            ..
        })
    ));
    // Equal counts: Red first, which has not joined; then Blue, which has.
    let v = verdict_of("BBB\nRR.\nR..");
    assert!(
        matches!(v, BoardVerdict::Win(ref w) if w.winner == Stone::Blue),
        "{v:?}"
    );
}

#[test]
fn rule_4_two_disjoint_chains_leave_no_last_stone() {
    // Sample case 6: Blue's two full rows are disjoint chains.
    let BoardVerdict::Impossible(Reason::NoLastStone { winner, chains }) =
        verdict_of("BBBB\nBBBB\nRRR.\nRRRR")
    else {
        panic!("expected rule 4");
    };
    assert_eq!(winner, Stone::Blue);
    let rows: Vec<Vec<usize>> = chains
        .iter()
        .map(|chain| chain.iter().map(|c| c.row).collect())
        .collect();
    assert_eq!(rows, [vec![0; 4], vec![1; 4]]);
}

#[test]
fn rule_4_a_chain_with_a_side_branch_still_has_last_stones() {
    // Sample case 5: Blue's top row plus a branch; only the top row's stones are on every chain.
    let BoardVerdict::Win(win) = verdict_of("BBBB\nBBB.\nRRR.\nRRRR") else {
        panic!("expected a win");
    };
    assert_eq!(win.winner, Stone::Blue);
    assert_eq!(win.last_stones, [c(0, 3)]);
}

#[test]
fn a_cut_stone_joining_two_halves_is_the_last_move() {
    // Random set case 300: a bridge-edge approach gets this wrong.
    let BoardVerdict::Win(win) = verdict_of("RRB\nBBB\nBRR") else {
        panic!("expected a win");
    };
    assert_eq!(win.winner, Stone::Blue);
    assert_eq!(win.last_stones, [c(1, 1)]);
}

#[test]
fn one_stone_on_a_one_by_one_board_connects_at_once() {
    let BoardVerdict::Win(win) = verdict_of("R") else {
        panic!()
    };
    assert_eq!(
        (win.winner, win.chain, win.last_stones),
        (Stone::Red, vec![c(0, 0)], vec![c(0, 0)])
    );
    assert_eq!(verdict_of("B").to_string(), "Blue wins");
    assert_eq!(verdict_of(".").to_string(), "Nobody wins");
}

#[test]
fn corner_cells_belong_to_both_sides() {
    // (0, 2) is on the top row and the right column; (2, 0) on the bottom row and left column.
    let BoardVerdict::Win(win) = verdict_of("R.B\n.BR\nB..") else {
        panic!()
    };
    assert_eq!(win.winner, Stone::Blue);
    assert_eq!(win.chain, [c(2, 0), c(1, 1), c(0, 2)]);
    let b = board("B.R\n.RB\nR..");
    assert_eq!(judge(&b).verdict.to_string(), "Red wins");
}

#[test]
fn adjacency_is_the_rising_diagonal() {
    // (0, 1)-(1, 0) are neighbours; (0, 0)-(1, 1) are not.
    assert_eq!(verdict_of(".R\nRB").to_string(), "Red wins");
    assert_eq!(verdict_of("RB\n.R").to_string(), "Nobody wins");
}

#[test]
fn no_connection_with_legal_counts_is_nobody() {
    assert_eq!(verdict_of("RB.\n.R.\nB.."), BoardVerdict::Nobody);
    assert_eq!(verdict_of("...\n...\n..."), BoardVerdict::Nobody);
}

#[test]
fn counts_are_reported_for_every_verdict() {
    let j = judge(&board("RR.\n...\n..."));
    assert_eq!(j.counts, Counts { red: 2, blue: 0 });
}

#[test]
fn board_text_round_trips() {
    let text = "RB.\n.R.\nB..\n";
    assert_eq!(board(text).to_string(), text);
    assert!("RB\nR".parse::<Board>().is_err());
    assert!("RX\nRR".parse::<Board>().is_err());
}

#[test]
fn a_long_winding_chain_needs_no_recursion() {
    // A serpentine red path over a 1500 x 1500 board: about 1.1 million chain stones. The
    // test thread's default stack would overflow on any recursion this deep.
    let n = 1500;
    let mut b = Board::new(n);
    for row in 0..n {
        for col in 0..n {
            let wall = row % 4 == 1 && col != n - 1 || row % 4 == 3 && col != 0;
            let stone = if wall { Stone::Blue } else { Stone::Red };
            b.set(c(row, col), Some(stone));
        }
    }
    let j = judge(&b);
    // Not legal by counts, so judge the crossing directly too.
    assert!(matches!(
        j.verdict,
        BoardVerdict::Impossible(Reason::CountGap)
    ));
    let winning = b.crossing(Stone::Red).winning().unwrap();
    assert!(winning.chain.len() > n * n / 3);
    assert!(!winning.cut_stones.is_empty());
}

// ---- Brute force: plain coordinates, the spec's neighbour list, one BFS per removed stone.

type Plain = Vec<Vec<Option<Stone>>>;

fn plain(b: &Board) -> Plain {
    (0..b.rows())
        .map(|r| (0..b.cols()).map(|col| b.get(c(r, col))).collect())
        .collect()
}

/// The shape of a plain board: rows and columns.
fn shape(p: &Plain) -> (usize, usize) {
    (p.len(), p.first().map_or(0, Vec::len))
}

fn spec_neighbours((rows, cols): (usize, usize), at: Coord) -> Vec<Coord> {
    let steps = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];
    steps
        .iter()
        .filter_map(|&(dr, dc)| {
            let r = at.row.checked_add_signed(dr)?;
            let col = at.col.checked_add_signed(dc)?;
            (r < rows && col < cols).then_some(c(r, col))
        })
        .collect()
}

fn on_first_side(stone: Stone, at: Coord) -> bool {
    match stone {
        Stone::Red => at.row == 0,
        Stone::Blue => at.col == 0,
    }
}

fn on_second_side((rows, cols): (usize, usize), stone: Stone, at: Coord) -> bool {
    match stone {
        Stone::Red => at.row == rows - 1,
        Stone::Blue => at.col == cols - 1,
    }
}

fn brute_connected(p: &Plain, stone: Stone) -> bool {
    let n = shape(p);
    let mut seen = vec![vec![false; n.1]; n.0];
    let mut todo: Vec<Coord> = Vec::new();
    for r in 0..n.0 {
        for col in 0..n.1 {
            if p[r][col] == Some(stone) && on_first_side(stone, c(r, col)) {
                seen[r][col] = true;
                todo.push(c(r, col));
            }
        }
    }
    while let Some(at) = todo.pop() {
        if on_second_side(n, stone, at) {
            return true;
        }
        for nb in spec_neighbours(n, at) {
            if p[nb.row][nb.col] == Some(stone) && !seen[nb.row][nb.col] {
                seen[nb.row][nb.col] = true;
                todo.push(nb);
            }
        }
    }
    false
}

/// Stones whose removal disconnects `stone`'s sides.
fn brute_last_stones(p: &Plain, stone: Stone) -> Vec<Coord> {
    let n = shape(p);
    let mut out = Vec::new();
    for r in 0..n.0 {
        for col in 0..n.1 {
            if p[r][col] == Some(stone) {
                let mut without = p.clone();
                without[r][col] = None;
                if !brute_connected(&without, stone) {
                    out.push(c(r, col));
                }
            }
        }
    }
    out
}

fn brute_verdict(p: &Plain) -> &'static str {
    let count = |s| p.iter().flatten().filter(|&&x| x == Some(s)).count();
    let (red, blue) = (count(Stone::Red), count(Stone::Blue));
    if red.abs_diff(blue) > 1 {
        return "Impossible";
    }
    let (rc, bc) = (
        brute_connected(p, Stone::Red),
        brute_connected(p, Stone::Blue),
    );
    let winner = match (rc, bc) {
        (true, true) => panic!("rule 2 cannot hold on a hex board:\n{p:?}"),
        (false, false) => return "Nobody wins",
        (true, false) => Stone::Red,
        (false, true) => Stone::Blue,
    };
    let (mine, theirs) = if winner == Stone::Red {
        (red, blue)
    } else {
        (blue, red)
    };
    if mine < theirs || brute_last_stones(p, winner).is_empty() {
        return "Impossible";
    }
    if winner == Stone::Red {
        "Red wins"
    } else {
        "Blue wins"
    }
}

/// A chain is valid when it is a path of `stone`s from its first side to its second.
fn assert_valid_chain(p: &Plain, stone: Stone, chain: &[Coord]) {
    let n = shape(p);
    assert!(!chain.is_empty());
    assert!(
        chain.iter().all(|at| p[at.row][at.col] == Some(stone)),
        "chain of {stone}"
    );
    assert!(
        on_first_side(stone, chain[0]),
        "chain starts on the first side"
    );
    assert!(
        on_second_side(n, stone, *chain.last().unwrap()),
        "chain ends on the second side"
    );
    for pair in chain.windows(2) {
        assert!(
            spec_neighbours(n, pair[0]).contains(&pair[1]),
            "chain is connected"
        );
    }
}

fn check_against_brute_force(b: &Board) {
    let p = plain(b);
    let judgement = judge(b);
    assert_eq!(
        judgement.verdict.to_string(),
        brute_verdict(&p),
        "board:\n{b}"
    );
    match &judgement.verdict {
        BoardVerdict::Win(win) => {
            assert_valid_chain(&p, win.winner, &win.chain);
            let mut last = win.last_stones.clone();
            last.sort();
            assert_eq!(last, brute_last_stones(&p, win.winner), "board:\n{b}");
        }
        BoardVerdict::Impossible(Reason::WinnerBehind { winner, chain }) => {
            assert_valid_chain(&p, *winner, chain);
        }
        BoardVerdict::Impossible(Reason::NoLastStone { winner, chains }) => {
            assert_valid_chain(&p, *winner, &chains[0]);
            assert_valid_chain(&p, *winner, &chains[1]);
            assert!(
                chains[0].iter().all(|s| !chains[1].contains(s)),
                "chains are disjoint"
            );
        }
        BoardVerdict::Impossible(Reason::CountGap) | BoardVerdict::Nobody => {}
    }
}

/// How a random game stops.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// After a given number of moves, or at the win if that comes first.
    After(usize),
    /// At the first connection.
    AtWin,
    /// A given number of moves past the first connection.
    PastWin(usize),
}

/// Plays the cells of `order` alternately, `first` moving first.
fn play(n: usize, order: &[usize], first: Stone, stop: Stop) -> Board {
    let mut b = Board::new(n);
    let mut to_move = first;
    let mut past_win: Option<usize> = None;
    for (moves, &cell) in order.iter().enumerate() {
        if let Stop::After(limit) = stop
            && moves >= limit
        {
            break;
        }
        if let (Some(left), Stop::PastWin(extra)) = (past_win, stop)
            && left >= extra
        {
            break;
        }
        b.set(c(cell / n, cell % n), Some(to_move));
        if let Some(left) = past_win.as_mut() {
            *left += 1;
        } else if brute_connected(&plain(&b), to_move) {
            if !matches!(stop, Stop::PastWin(_)) {
                break;
            }
            past_win = Some(0);
        }
        to_move = if to_move == Stone::Red {
            Stone::Blue
        } else {
            Stone::Red
        };
    }
    b
}

fn shuffled(n: usize, keys: &[u32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n * n).collect();
    order.sort_by_key(|&i| keys[i % keys.len()].rotate_left(i as u32 % 29) ^ i as u32);
    order
}

fn random_game() -> impl Strategy<Value = Board> {
    let stop = prop_oneof![
        (0usize..60).prop_map(Stop::After),
        Just(Stop::AtWin),
        (0usize..6).prop_map(Stop::PastWin),
    ];
    (
        1usize..=7,
        prop::collection::vec(any::<u32>(), 49),
        any::<bool>(),
        stop,
    )
        .prop_map(|(n, keys, red_first, stop)| {
            let first = if red_first { Stone::Red } else { Stone::Blue };
            play(n, &shuffled(n, &keys), first, stop)
        })
}

fn random_fill() -> impl Strategy<Value = Board> {
    (1usize..=6)
        .prop_flat_map(|n| (Just(n), prop::collection::vec(0u8..3, n * n)))
        .prop_map(|(n, cells)| {
            let mut b = Board::new(n);
            for (i, &v) in cells.iter().enumerate() {
                b.set(c(i / n, i % n), stone_of(v));
            }
            b
        })
}

/// Boards with two stone-disjoint chains: two full lines of one colour, then random stones.
fn two_chains() -> impl Strategy<Value = Board> {
    (
        2usize..=7,
        any::<bool>(),
        prop::collection::vec(0u8..3, 49),
        any::<(u8, u8)>(),
    )
        .prop_map(|(n, red, cells, (a, b))| {
            let stone = if red { Stone::Red } else { Stone::Blue };
            let mut board = Board::new(n);
            for (i, &v) in cells.iter().take(n * n).enumerate() {
                board.set(c(i / n, i % n), stone_of(v));
            }
            let (l1, l2) = (a as usize % n, b as usize % n);
            for k in 0..n {
                for line in [l1, l2] {
                    let at = if red { c(k, line) } else { c(line, k) };
                    board.set(at, Some(stone));
                }
            }
            board
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn judge_agrees_with_brute_force_on_random_games(b in random_game()) {
        check_against_brute_force(&b);
    }

    #[test]
    fn judge_agrees_with_brute_force_on_random_fills(b in random_fill()) {
        check_against_brute_force(&b);
    }

    #[test]
    fn judge_agrees_with_brute_force_on_boards_with_two_chains(b in two_chains()) {
        check_against_brute_force(&b);
    }
}

// ---- Rectangular boards, records and their round trips.

fn random_rectangle() -> impl Strategy<Value = Board> {
    (1usize..=6, 1usize..=6)
        .prop_flat_map(|(rows, cols)| {
            (
                Just((rows, cols)),
                prop::collection::vec(0u8..3, rows * cols),
            )
        })
        .prop_map(|((rows, cols), cells)| {
            let mut b = Board::with_shape(rows, cols);
            for (i, &v) in cells.iter().enumerate() {
                b.set(c(i / cols, i % cols), stone_of(v));
            }
            b
        })
}

/// Writes a board as a record in `notation` and reads it back, as the command line does.
fn round_trip(board: &Board, notation: crate::game::Notation) -> Option<record::Replay> {
    use crate::game::{Game, Written};
    let hex = Hex::CONTEST;
    let case = Case::Board(board.clone());
    let judged = hex.judge(&case);
    let mut text = Vec::new();
    match hex.write_record(&case, &judged, notation, &mut text) {
        Ok(Written::Record) => {}
        Ok(Written::Nothing(_)) => {
            assert!(matches!(judge(board).verdict, BoardVerdict::Impossible(_)));
            return None;
        }
        Err(error) => {
            assert_eq!(error.kind(), std::io::ErrorKind::Unsupported, "{error}");
            assert_eq!(notation, crate::game::Notation::Trmph);
            return None;
        }
    }
    let mut raws = hex.read(&text[..]);
    let raw = raws.next().expect("one game").expect("a record that reads");
    assert!(
        raws.next().is_none(),
        "one game: {}",
        String::from_utf8_lossy(&text)
    );
    let Case::Record(replay) = hex.prepare(raw).expect("a record that replays") else {
        panic!("a record, not a board");
    };
    Some(*replay)
}

/// What a board written as a record must read back as: the same board, the same winner, a
/// game that follows the rules (no warnings) and ends at its connection.
fn check_round_trip(board: &Board, notation: crate::game::Notation) {
    let Some(replay) = round_trip(board, notation) else {
        return;
    };
    assert_eq!(&replay.board, board, "{notation} record of\n{board}");
    assert!(replay.warnings.is_empty(), "{:?}", replay.warnings);
    let verdict = judge(board).verdict;
    match (&verdict, &replay.won) {
        (BoardVerdict::Win(win), Some(won)) => {
            assert_eq!(won.winner, win.winner);
            assert_eq!(won.number, replay.moves, "the game ends at its connection");
            assert!(won.after.is_empty());
        }
        (BoardVerdict::Nobody, None) => {}
        _ => panic!("verdict {verdict} but replay {:?}\n{board}", replay.won),
    }
}

/// The number of the move after which a colour first joins its sides, by brute force.
fn brute_first_connection(n: usize, moves: &[Coord]) -> Option<(usize, Stone)> {
    let mut b = Board::new(n);
    let mut colour = Stone::Red;
    for (number, &at) in (1..).zip(moves) {
        b.set(at, Some(colour));
        if brute_connected(&plain(&b), colour) {
            return Some((number, colour));
        }
        colour = colour.other();
    }
    None
}

#[test]
fn a1_is_the_acute_top_left_corner() {
    // a1 touches b1 and a2 but not b2; b1 and a2 touch each other (the obtuse corner's
    // neighbours meet).
    assert_eq!(parse_cell("a1"), Some(c(0, 0)));
    let red = |cells: &[&str]| {
        let mut b = Board::new(2);
        for name in cells {
            b.set(parse_cell(name).unwrap(), Some(Stone::Red));
        }
        connection(&b).map(|(winner, _)| winner)
    };
    assert_eq!(red(&["b1", "a2"]), Some(Stone::Red));
    assert_eq!(red(&["a1", "b2"]), None);
}

#[test]
fn red_is_sgf_black_and_joins_top_to_bottom() {
    assert_eq!(Stone::from_sgf('B'), Some(Stone::Red));
    assert_eq!(Stone::Red.sides(), (Side::Top, Side::Bottom));
    assert_eq!(Stone::Blue.sgf(), 'W');
}

#[test]
fn cell_names_round_trip_past_z() {
    for col in [0, 1, 25, 26, 27, 51, 52, 701, 702, 18_277] {
        for row in [0, 8, 99, 9_999] {
            let at = c(row, col);
            assert_eq!(parse_cell(&cell_name(at).to_string()), Some(at));
        }
    }
    assert_eq!(parse_cell("aaaa1"), None, "more than three letters");
    assert_eq!(parse_cell("a12345678"), None, "more than seven digits");
    assert_eq!(parse_cell("a"), None);
    assert_eq!(parse_cell(""), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn judge_agrees_with_brute_force_on_rectangles(b in random_rectangle()) {
        check_against_brute_force(&b);
        let p = plain(&b);
        let connected = Stone::ALL.into_iter().find(|&s| brute_connected(&p, s));
        prop_assert_eq!(connection(&b).map(|(winner, _)| winner), connected);
    }

    #[test]
    fn a_board_written_as_sgf_reads_back_the_same(b in prop_oneof![random_game(), random_fill()]) {
        check_round_trip(&b, crate::game::Notation::Sgf);
    }

    #[test]
    fn a_board_written_as_trmph_reads_back_the_same(b in prop_oneof![random_game(), random_fill()]) {
        check_round_trip(&b, crate::game::Notation::Trmph);
    }

    #[test]
    fn replay_finds_the_move_that_connected(
        n in 1usize..=7,
        keys in prop::collection::vec(any::<u32>(), 49),
        length in 0usize..=49,
    ) {
        let order: Vec<Coord> = shuffled(n, &keys)
            .into_iter()
            .take(length)
            .map(|cell| c(cell / n, cell % n))
            .collect();
        let names: Vec<String> = order.iter().map(|&at| cell_name(at).to_string()).collect();
        let record = record::Record::alternating(n, n, names.iter().map(String::as_str)).unwrap();
        let replay = record::replay(record).unwrap();
        let found = replay.won.as_ref().map(|won| (won.number, won.winner));
        prop_assert_eq!(found, brute_first_connection(n, &order));
        if let Some(won) = &replay.won {
            prop_assert_eq!(won.after.len(), order.len() - won.number);
        }
    }
}

/// Reads, replays, judges and writes every view of an input, as the command line would:
/// whatever the bytes, nothing panics.
fn every_view_of(input: &[u8]) {
    use crate::game::{Game, Notation};
    let hex = Hex {
        check: true,
        ..Hex::CONTEST
    };
    for raw in hex.read(input) {
        let Ok(raw) = raw else { break };
        let Ok(case) = hex.prepare(raw) else { break };
        let judged = hex.judge(&case);
        let answer = hex.verdict_of(&judged);
        assert_eq!(answer, hex.verdict(&case));
        let mut sink = Vec::new();
        hex.write_line(&mut sink, 1, &answer).unwrap();
        hex.explain(&case, &judged, crate::render::Style::default(), &mut sink)
            .unwrap();
        hex.draw(&case, &judged, &mut sink).unwrap();
        for notation in [Notation::Sgf, Notation::Trmph] {
            let _ = hex.write_record(&case, &judged, notation, &mut sink);
        }
    }
}

fn hostile_input() -> impl Strategy<Value = Vec<u8>> {
    let prefix = prop_oneof![
        Just(&b""[..]),
        Just(&b"(;GM[11]SZ["[..]),
        Just(&b"(;FF[4]GM[11]SZ[4]"[..]),
        Just(&b"(;GM[11]SZ[3:2];B["[..]),
        Just(&b"11,"[..]),
        Just(&b"https://trmph.com/hex/board#"[..]),
        Just(&b"2\n2\n"[..]),
    ];
    let alphabet = prop_oneof![
        Just(b'a'),
        Just(b'c'),
        Just(b'z'),
        Just(b'A'),
        Just(b'1'),
        Just(b'0'),
        Just(b'9'),
        Just(b'['),
        Just(b']'),
        Just(b';'),
        Just(b'('),
        Just(b')'),
        Just(b':'),
        Just(b','),
        Just(b'\n'),
        Just(b' '),
        Just(b'\\'),
        Just(b'B'),
        Just(b'W'),
        Just(b'R'),
        Just(b'.'),
        any::<u8>(),
    ];
    (prefix, prop::collection::vec(alphabet, 0..120)).prop_map(|(prefix, tail)| {
        let mut bytes = prefix.to_vec();
        bytes.extend(tail);
        bytes
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_input_makes_the_readers_panic(input in hostile_input()) {
        every_view_of(&input);
    }
}

#[test]
fn records_of_every_kind_go_through_every_view() {
    for input in [
        &b"(;FF[4]GM[11]SZ[3]RE[W+];B[b2];W[swap-sides];W[a1];B[b1];W[a2];B[b3];W[c1])"[..],
        b"(;GM[11]SZ[1];B[a1];W[swap-pieces];B[resign])",
        b"(;GM[11]SZ[5:3]AB[a1][e3]AW[c2]PL[W];W[d2];AE[a1];B[b1])",
        b"3,a1b1a2b2a3c3c1\n",
    ] {
        every_view_of(input);
    }
}

/// A board of at least 2^22 cells is counted in pieces, and its colours' two walks each run
/// on threads of their own (`connect`, from 2^20 cells): its verdicts keep each generator's
/// promise as on small boards, and its counts are those of a count cell by cell.
#[cfg(feature = "generate")]
#[test]
fn huge_boards_judged_in_pieces_keep_the_generators_promises() {
    use super::generate::{self, Mode};
    use rand::SeedableRng;

    let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
    for mode in [Mode::CutStone, Mode::TwoChains, Mode::PastWin] {
        let board = generate::board(2100, mode, &mut rng);
        let judgement = judge(&board);
        let counted = |colour| board.stones(colour).count();
        assert_eq!(
            (judgement.counts.red, judgement.counts.blue),
            (counted(Stone::Red), counted(Stone::Blue))
        );
        match mode {
            Mode::CutStone => assert_eq!(judgement.verdict.outcome(), Outcome::Win(Stone::Red)),
            Mode::TwoChains => assert!(matches!(
                judgement.verdict,
                BoardVerdict::Impossible(Reason::NoLastStone { .. })
            )),
            _ => assert_ne!(judgement.verdict.outcome(), Outcome::Nobody),
        }
    }
}
