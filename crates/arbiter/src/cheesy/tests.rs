//! Cheesy Chess against `docs/src/cheesy.md`, rule by rule, and against a plain game-tree
//! search on random small boards.

use std::collections::BTreeSet;

use super::board::ROW_WORDS;
use super::*;
use proptest::prelude::*;

fn board(rows: &str) -> Board {
    rows.parse().unwrap()
}

fn sq(x: usize, y: usize) -> Square {
    Square { x, y }
}

/// The checked start of a case.
fn start(b: &Board, king: Square, pawn: Square) -> Result<Position, PositionError> {
    Position::new(b.clone(), king, pawn)
}

fn winner(b: &Board, king: Square, pawn: Square) -> &'static str {
    let position = start(b, king, pawn).unwrap();
    let outcome = solve(&position);
    assert_eq!(white_wins(&position), outcome.winner() == Verdict::White);
    match outcome.winner() {
        Verdict::White => "White",
        Verdict::Black => "Black",
    }
}

const SAMPLE_1: &str =
    "........\n.......D\n........\n.....F..\n..DDD...\n..DFDD..\n..DDD...\n........";

#[test]
fn the_statement_samples() {
    assert_eq!(winner(&board(SAMPLE_1), sq(7, 6), sq(3, 7)), "Black");
    assert_eq!(winner(&Board::open(8, 8), sq(3, 1), sq(6, 3)), "White");
}

#[test]
fn capture_on_a_dangerous_field_is_not_allowed() {
    // The king on (1,2) is next to the pawn on (2,2), but the pawn stands on D; (2,1) below
    // it is D too and (1,1) is floating, so the pawn walks home.
    let b = board("...\n.D.\n.D.");
    assert_eq!(winner(&b, sq(1, 2), sq(2, 2)), "Black");
    // Without the D under the pawn, the king takes at once.
    let b = board("...\n...\n.D.");
    assert_eq!(winner(&b, sq(1, 2), sq(2, 2)), "White");
}

#[test]
fn floating_danger_blocks_the_king() {
    // Pawn on (2,3): (1,2) and (3,2) are floating dangerous. From (1,1) the king could step
    // to (1,2) or (2,2) or (2,1); with (2,1) and (2,2) fixed dangerous, only (1,2) is left,
    // and it is floating: the king has no move.
    let b = board("...\n.D.\n.D.");
    let Judgement::Black(lost) = solve(&start(&b, sq(1, 1), sq(2, 3)).unwrap()) else {
        panic!()
    };
    assert_eq!(lost.end, BlackEnd::KingStuck);
    assert_eq!(lost.turns.len(), 1);
    // With the pawn elsewhere (1,2) is open again, and the king has a move.
    let b = board("...\n.D.\n.D.");
    let Judgement::Black(lost) = solve(&start(&b, sq(1, 1), sq(3, 3)).unwrap()) else {
        panic!()
    };
    assert_eq!(lost.end, BlackEnd::PawnHome);
}

#[test]
fn the_king_blocks_the_pawn() {
    // The pawn steps onto D at (3,3), where it cannot be taken; the king then stands right
    // below it, on (3,2), and the pawn cannot move.
    let b = board("....\n..D.\n....\n....");
    let Judgement::White(win) = solve(&start(&b, sq(3, 1), sq(3, 4)).unwrap()) else {
        panic!()
    };
    assert_eq!(win.end, WhiteEnd::Block);
    assert_eq!(win.king_line.len(), 3);
    assert_eq!(*win.king_line.last().unwrap(), sq(3, 2));
}

#[test]
fn the_pawn_reaches_the_bottom_line_but_is_captured_there() {
    // Pawn on (1,2) walks to (1,1); the king, far right, comes to (2,2)... On a 3-wide board
    // with the king on (3,3): turn 0 pawn (1,2): king to (2,2)? (2,1) is floating, (2,2) not.
    // Then pawn to (1,1); the king takes from (2,2).
    let b = Board::open(3, 3);
    let Judgement::White(win) = solve(&start(&b, sq(3, 3), sq(1, 2)).unwrap()) else {
        panic!()
    };
    assert_eq!(win.end, WhiteEnd::Capture);
    assert_eq!(win.king_line, [sq(3, 3), sq(2, 2), sq(1, 1)]);
    assert_eq!(win.pawn_line, [sq(1, 2), sq(1, 1)]);
}

#[test]
fn a_pawn_on_the_bottom_line_wins_unless_taken_at_once() {
    let b = Board::open(3, 3);
    assert_eq!(winner(&b, sq(3, 3), sq(1, 1)), "Black");
    assert_eq!(winner(&b, sq(2, 2), sq(1, 1)), "White");
    let Judgement::Black(lost) = solve(&start(&b, sq(3, 3), sq(1, 1)).unwrap()) else {
        panic!()
    };
    assert_eq!(lost.end, BlackEnd::PawnHome);
}

#[test]
fn a_pawn_stuck_above_a_forbidden_field_loses() {
    let b = board("...\n.F.\n...");
    let Judgement::White(win) = solve(&start(&b, sq(1, 1), sq(2, 3)).unwrap()) else {
        panic!()
    };
    assert_eq!(win.end, WhiteEnd::PawnStuck);
    assert_eq!(win.king_line.len(), 2);
}

#[test]
fn a_stuck_pawn_still_needs_a_king_that_can_move() {
    // The pawn on (1,3) is above F; the king on (3,1) is walled in by D: Black wins.
    let b = board("...\nFDD\n.D.");
    assert_eq!(winner(&b, sq(3, 1), sq(1, 3)), "Black");
}

#[test]
fn a_king_starting_on_a_floating_dangerous_field_is_fine() {
    // The king starts on (1,2), diagonally below the pawn on (2,3): allowed, and it must
    // move; stepping to (2,2) blocks.
    let b = Board::open(3, 3);
    assert!(start(&b, sq(1, 2), sq(2, 3)).is_ok());
    assert_eq!(winner(&b, sq(1, 2), sq(2, 3)), "White");
}

#[test]
fn a_king_with_no_move_loses() {
    let mut b = board("DDD\nDDD\nDDD");
    b.set(sq(2, 2), Field::Open);
    // King on (2,2) surrounded by D, the pawn above it on D too: White moves first and has no
    // open field, so Black wins (although the king blocks the pawn).
    let Judgement::Black(lost) = solve(&start(&b, sq(2, 2), sq(2, 3)).unwrap()) else {
        panic!()
    };
    assert_eq!(lost.end, BlackEnd::KingStuck);
}

#[test]
fn the_black_win_of_the_first_sample_names_the_floating_square() {
    let Judgement::Black(lost) = solve(&start(&board(SAMPLE_1), sq(7, 6), sq(3, 7)).unwrap())
    else {
        panic!()
    };
    assert_eq!(lost.end, BlackEnd::PawnHome);
    let last = lost.turns.last().unwrap();
    assert_eq!(last.pawn, sq(3, 1));
    assert!(
        last.capture_from.contains(&Approach {
            square: sq(4, 1),
            barrier: Barrier::Floating
        }),
        "{last:?}"
    );
}

#[test]
fn a_stuck_king_loses_as_stuck_even_with_the_pawn_home() {
    // Issue 17: the king on (1,1) has no open field (F beside it, the floating square
    // (2,2) above... off this one-row board); the pawn already stands on the bottom line.
    // The game ends because White cannot move: king_stuck, not pawn_home.
    let b = board(".F.");
    let Judgement::Black(lost) = solve(&start(&b, sq(1, 1), sq(3, 1)).unwrap()) else {
        panic!()
    };
    assert_eq!(lost.end, BlackEnd::KingStuck);
    check_black_win(&b, &lost, sq(1, 1), sq(3, 1));
}

#[test]
fn starts_that_break_the_statement_are_refused() {
    let b = board("F.\n.D");
    assert_eq!(
        start(&b, sq(1, 2), sq(2, 2)),
        Err(PositionError::KingOnClosedField(sq(1, 2), "forbidden"))
    );
    assert_eq!(
        start(&b, sq(2, 1), sq(1, 1)),
        Err(PositionError::KingOnClosedField(sq(2, 1), "dangerous"))
    );
    assert_eq!(
        start(&b, sq(1, 1), sq(1, 2)),
        Err(PositionError::PawnOnForbidden(sq(1, 2)))
    );
    assert_eq!(
        start(&b, sq(1, 1), sq(1, 1)),
        Err(PositionError::SameSquare(sq(1, 1)))
    );
    assert_eq!(
        start(&b, sq(3, 1), sq(1, 1)),
        Err(PositionError::OffBoard(sq(3, 1), 2, 2))
    );
}

#[test]
fn wide_boards_use_several_words_a_row() {
    // 200 columns: the king must cross words to reach the pawn.
    let b = Board::open(200, 3);
    assert_eq!(winner(&b, sq(130, 1), sq(128, 3)), "White");
    assert_eq!(winner(&b, sq(1, 1), sq(200, 3)), "Black");
    let t = table(&start(&b, sq(1, 1), sq(128, 3)).unwrap());
    assert_eq!(t.white_wins(sq(130, 1)), Some(true));
    assert_eq!(t.white_wins(sq(1, 1)), Some(false));
}

/// Fields of every kind on a board of `width` x `height`, row by row from the top.
fn fields_of(width: usize, height: usize) -> impl Strategy<Value = Vec<Field>> {
    let field = prop::sample::select(vec![Field::Open, Field::Forbidden, Field::Dangerous]);
    prop::collection::vec(field, width * height)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A board holds what it is made of, in either of its forms (one word a set up to 64
    /// squares, rows of words past it): each field, each row's bits, and the same value
    /// whether made whole or field by field from an open board.
    #[test]
    fn a_board_holds_its_fields_in_either_form(
        (width, height, fields) in (1usize..=130, 1usize..=4)
            .prop_flat_map(|(w, h)| (Just(w), Just(h), fields_of(w, h)))
    ) {
        let board = Board::from_fields(width, fields.clone()).unwrap();
        let mut built = Board::open(width, height);
        for (k, &field) in fields.iter().enumerate() {
            let at = sq(k % width + 1, height - k / width);
            prop_assert_eq!(board.field(at), field, "{}", at);
            built.set(at, field);
        }
        prop_assert_eq!(&built, &board);
        prop_assert_eq!(board.words_of_squares().is_some(), width * height <= 64);
        for y in 1..=height {
            let (forbidden, dangerous) = board.row(y);
            for x in 1..=MAX_SIDE {
                let bit = |words: [u64; ROW_WORDS]| words[(x - 1) / 64] >> ((x - 1) % 64) & 1 == 1;
                let field = (x <= width).then(|| board.field(sq(x, y)));
                prop_assert_eq!(bit(forbidden), field == Some(Field::Forbidden));
                prop_assert_eq!(bit(dangerous), field == Some(Field::Dangerous));
            }
        }
    }
}

/// A case is moved several times between its reading and its judging: small enough, it is
/// moved in a few instructions, not by a call to `memcpy` (208 bytes were, at 29
/// instructions a move and nine moves a case).
#[test]
fn a_position_is_small_to_move() {
    let size = std::mem::size_of::<Position>();
    assert!(size <= 96, "{size} bytes");
}

// ---- A plain game-tree search, straight from the rules.

fn open_for_king(b: &Board, at: Square, pawn: Square) -> bool {
    let floating = at.y + 1 == pawn.y && at.x.abs_diff(pawn.x) == 1;
    b.field(at) == Field::Open && !floating
}

/// White to move: some king move captures, or leads to a win. With no move at all the loop
/// finds nothing, and Black wins, as the rules say.
fn tree_white_wins(b: &Board, king: Square, pawn: Square) -> bool {
    for dy in -1isize..=1 {
        for dx in -1isize..=1 {
            let (Some(x), Some(y)) = (king.x.checked_add_signed(dx), king.y.checked_add_signed(dy))
            else {
                continue;
            };
            let to = sq(x, y);
            if to == king || !b.contains(to) || !open_for_king(b, to, pawn) {
                continue;
            }
            if to == pawn || tree_black_moves(b, to, pawn) {
                return true;
            }
        }
    }
    false
}

fn tree_black_moves(b: &Board, king: Square, pawn: Square) -> bool {
    if pawn.y == 1 {
        return false;
    }
    let below = sq(pawn.x, pawn.y - 1);
    if b.field(below) == Field::Forbidden || below == king {
        return true;
    }
    tree_white_wins(b, king, below)
}

fn small_case() -> impl Strategy<Value = (Board, Square, Square)> {
    case_of((1usize..=5, 1usize..=5).prop_filter("two squares", |(w, h)| w * h >= 2))
}

/// Random legal cases on boards of the given sides: fields `F` and `D` 2 in 10 each.
fn case_of(
    sides: impl Strategy<Value = (usize, usize)>,
) -> impl Strategy<Value = (Board, Square, Square)> {
    sides
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                prop::collection::vec(0u8..10, w * h),
                (1..=w, 1..=h, 1..=w, 1..=h),
            )
        })
        .prop_filter_map("a legal start", |(w, cells, (kx, ky, px, py))| {
            let rows: Vec<Vec<Field>> = cells
                .chunks(w)
                .map(|row| {
                    row.iter()
                        .map(|&v| match v {
                            0 | 1 => Field::Forbidden,
                            2 | 3 => Field::Dangerous,
                            _ => Field::Open,
                        })
                        .collect()
                })
                .collect();
            let b = Board::from_rows(&rows).unwrap();
            let (king, pawn) = (sq(kx, ky), sq(px, py));
            start(&b, king, pawn).is_ok().then_some((b, king, pawn))
        })
}

/// The squares one legal king step from `from`, the pawn standing on `pawn`.
fn king_steps(b: &Board, from: Square, pawn: Square) -> BTreeSet<Square> {
    let mut steps = BTreeSet::new();
    for dy in -1isize..=1 {
        for dx in -1isize..=1 {
            let (Some(x), Some(y)) = (from.x.checked_add_signed(dx), from.y.checked_add_signed(dy))
            else {
                continue;
            };
            let to = sq(x, y);
            if to != from && b.contains(to) && open_for_king(b, to, pawn) {
                steps.insert(to);
            }
        }
    }
    steps
}

/// Checks a Black win's evidence against the rules, turn by turn: the pawn's walk, the
/// squares the king could stand on (exactly those one legal step from the turn before), that
/// none of them captures or blocks, each barrier's reason, and the stated end.
fn check_black_win(b: &Board, lost: &BlackWin, king: Square, pawn: Square) {
    let mut reach = BTreeSet::from([king]);
    for (t, turn) in lost.turns.iter().enumerate() {
        assert_eq!(
            turn.pawn,
            sq(pawn.x, pawn.y - t),
            "the pawn walks straight down"
        );
        assert_eq!(turn.king_count, reach.len(), "turn {t}");
        if let Some(listed) = &turn.king_squares {
            assert_eq!(
                listed.iter().copied().collect::<BTreeSet<_>>(),
                reach,
                "turn {t}"
            );
        }
        let mut next = BTreeSet::new();
        for &k in &reach {
            next.extend(king_steps(b, k, turn.pawn));
        }
        assert!(
            !next.contains(&turn.pawn),
            "turn {t}: the king could capture"
        );
        if turn.pawn.y > 1 {
            assert!(
                !next.contains(&sq(turn.pawn.x, turn.pawn.y - 1)),
                "turn {t}: the king could block"
            );
        }
        let around: BTreeSet<Square> =
            king_steps(&Board::open(b.width(), b.height()), turn.pawn, sq(0, 0))
                .into_iter()
                .collect();
        let named: BTreeSet<Square> = turn.capture_from.iter().map(|a| a.square).collect();
        assert_eq!(
            named, around,
            "turn {t}: every square next to the pawn is named"
        );
        for approach in &turn.capture_from {
            let at = approach.square;
            let inside = reach.contains(&at);
            match approach.barrier {
                Barrier::Forbidden => assert_eq!(b.field(at), Field::Forbidden),
                Barrier::Dangerous => assert_eq!(b.field(at), Field::Dangerous),
                Barrier::PawnOnDangerous => {
                    assert!(inside && b.field(turn.pawn) == Field::Dangerous)
                }
                Barrier::Floating => {
                    assert!(!inside && t > 0 && at.y == turn.pawn.y && at.x.abs_diff(pawn.x) == 1)
                }
                Barrier::OutOfReach => assert!(!inside && b.field(at) == Field::Open),
            }
        }
        let last = t + 1 == lost.turns.len();
        if last {
            match lost.end {
                BlackEnd::KingStuck => assert!(next.is_empty(), "stuck, yet the king can move"),
                BlackEnd::PawnHome => {
                    assert!(
                        !next.is_empty(),
                        "the king cannot move: stuck, not pawn home"
                    );
                    assert_eq!(turn.pawn.y, 1, "home is the bottom line");
                }
            }
        } else {
            let stuck_below = b.field(sq(turn.pawn.x, turn.pawn.y - 1)) == Field::Forbidden;
            assert!(
                !next.is_empty() && !stuck_below,
                "turn {t}: the game went on"
            );
        }
        reach = next;
    }
}

fn check_white_line(b: &Board, win: &WhiteWin, pawn: Square) {
    let line = &win.king_line;
    assert_eq!(line.len(), win.pawn_line.len() + 1);
    for (i, pair) in line.windows(2).enumerate() {
        let pawn_now = win.pawn_line[i];
        assert_eq!(pawn_now, sq(pawn.x, pawn.y - i));
        assert!(pair[0].x.abs_diff(pair[1].x) <= 1 && pair[0].y.abs_diff(pair[1].y) <= 1);
        assert_ne!(pair[0], pair[1]);
        assert!(
            open_for_king(b, pair[1], pawn_now),
            "move {i} lands on an open field"
        );
        if i + 1 < win.pawn_line.len() {
            assert_ne!(pair[1], pawn_now, "no capture before the end");
        }
    }
    let last_pawn = *win.pawn_line.last().unwrap();
    let last = *line.last().unwrap();
    match win.end {
        WhiteEnd::Capture => assert_eq!(last, last_pawn),
        WhiteEnd::Block => assert_eq!(last, sq(last_pawn.x, last_pawn.y - 1)),
        WhiteEnd::PawnStuck => {
            assert_eq!(b.field(sq(last_pawn.x, last_pawn.y - 1)), Field::Forbidden)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn solver_agrees_with_a_plain_game_tree_search((b, king, pawn) in small_case()) {
        let position = start(&b, king, pawn).unwrap();
        let outcome = solve(&position);
        let tree = tree_white_wins(&b, king, pawn);
        prop_assert_eq!(outcome.winner() == Verdict::White, tree, "{}", b);
        prop_assert_eq!(white_wins(&position), tree, "{}", b);
        match &outcome {
            Judgement::White(win) => check_white_line(&b, win, pawn),
            Judgement::Black(lost) => check_black_win(&b, lost, king, pawn),
        }
    }

    #[test]
    fn the_table_agrees_with_the_single_position_solver((b, king, pawn) in small_case()) {
        let t = table(&start(&b, king, pawn).unwrap());
        for y in 1..=b.height() {
            for x in 1..=b.width() {
                let king = sq(x, y);
                let expected = start(&b, king, pawn).ok().map(|position| white_wins(&position));
                prop_assert_eq!(t.white_wins(king), expected, "king {} on\n{}", king, b);
            }
        }
    }

    /// The one-word sweep for boards of at most 64 squares against the general one, on
    /// every shape of 2 to 64 squares (8 x 8, 64 x 1, 1 x 64, 5 x 12, ...).
    #[test]
    fn the_one_word_sweep_agrees_with_the_general_sweep(
        (b, king, pawn) in case_of(
            (1usize..=64, 1usize..=64).prop_filter("2 to 64 squares", |(w, h)| (2..=64).contains(&(w * h)))
        )
    ) {
        let expected = bits::white_wins(&b, king, pawn);
        prop_assert_eq!(word::white_wins(&b, king, pawn), Some(expected), "{}", b);
    }
}

#[test]
fn boards_over_64_squares_take_the_general_sweep() {
    let b = Board::open(13, 5);
    assert_eq!(word::white_wins(&b, sq(1, 1), sq(13, 5)), None);
    assert!(!white_wins(&start(&b, sq(1, 1), sq(13, 5)).unwrap()));
}

/// Every case of `text` as read (positions, or the error's message), through a reader
/// buffer of `capacity` bytes.
fn read_all(text: &[u8], capacity: usize) -> Vec<Result<Position, String>> {
    let reader = std::io::BufReader::with_capacity(capacity, text);
    bapc::cases(reader)
        .map(|case| case.map_err(|e| e.to_string()))
        .collect()
}

/// A contest file of 1 to 4 random cases of one size up to 70 x 9, then up to three edits:
/// each replaces, inserts or removes one byte.
fn edited_file() -> impl Strategy<Value = Vec<u8>> {
    edited_file_of((1usize..=70, 1usize..=9))
}

/// Contest files (8 x 8 boards, a few cases), then up to three edits.
fn edited_contest_file() -> impl Strategy<Value = Vec<u8>> {
    edited_file_of((Just(8usize), Just(8usize)))
}

/// Files of up to four cases on boards of the sizes `sizes` gives, then up to three edits.
fn edited_file_of(sizes: impl Strategy<Value = (usize, usize)>) -> impl Strategy<Value = Vec<u8>> {
    let file = (sizes, 1usize..=4, any::<u64>()).prop_map(|((width, height), count, seed)| {
        use rand::SeedableRng;
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut text = format!("{count}\n").into_bytes();
        for _ in 0..count {
            let (w, h) = if width * height < 2 {
                (2, 1)
            } else {
                (width, height)
            };
            let case = generate::case(w, h, generate::Mode::Random, &mut rng);
            bapc::write_case(&mut text, &case).unwrap();
        }
        text
    });
    crate::input::edits::edited(file, b"FD.xX 0123456789\n\r\t\xc3")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The quick reader of a case in its usual layout (a big buffer) against the general
    /// reader alone (a buffer of one byte, which no case fits): the same positions and the
    /// same errors, at the same lines and columns, on files with random edits.
    #[test]
    fn the_quick_reader_reads_as_the_general_one(text in edited_file()) {
        prop_assert_eq!(read_all(&text, 1 << 16), read_all(&text, 1));
    }

    /// As above, on files in the contest's layout, which the quick reader reads a row to a
    /// word and makes the board whole: the same boards, squares and errors.
    #[test]
    fn the_quick_reader_reads_contest_files_as_the_general_one(text in edited_contest_file()) {
        prop_assert_eq!(read_all(&text, 1 << 16), read_all(&text, 1));
    }

    /// Cases cut for threads, many to a piece, and read back from their texts, against the
    /// cases read in the stream: the same verdicts and the same first error, with reader
    /// buffers that cut some cases (read in the stream then) and that hold many.
    #[test]
    fn cases_cut_for_threads_read_back_as_in_the_stream(
        text in edited_file(),
        capacity in prop::sample::select(vec![100usize, 333, 1 << 16]),
    ) {
        crate::game::pieces_read_as_the_stream(&crate::cheesy::Cheesy, &text, capacity)?;
    }

    /// As above, on files in the contest's layout (8 x 8 boards), which are cut with a check
    /// of a few words a case.
    #[test]
    fn contest_cases_cut_for_threads_read_back_as_in_the_stream(
        text in edited_contest_file(),
        capacity in prop::sample::select(vec![100usize, 333, 1 << 16]),
    ) {
        crate::game::pieces_read_as_the_stream(&crate::cheesy::Cheesy, &text, capacity)?;
    }
}
