//! The solver against the exhaustive oracle and the published facts.

use super::bits::{Cells, Geometry};
use super::dfpn::{Search, Techniques};
use super::position::Position;
use super::*;
use crate::grid::Coord;
use crate::hex::{Board, Stone, cell_name, parse_cell};

fn names(cells: &[Coord]) -> Vec<String> {
    cells.iter().map(|&at| cell_name(at).to_string()).collect()
}

fn winning_first_moves(n: usize) -> Vec<String> {
    let solution = solve(&Board::new(n), Stone::Red, &Settings::default()).unwrap();
    assert_eq!(solution.winner, Some(Stone::Red));
    names(&solution.winning_moves)
}

#[test]
fn on_2x2_the_winning_first_moves_are_a2_and_b1() {
    assert_eq!(winning_first_moves(2), ["b1", "a2"]);
}

#[test]
fn on_4x4_the_winning_first_moves_are_the_short_diagonal() {
    assert_eq!(winning_first_moves(4), ["d1", "c2", "b3", "a4"]);
}

#[test]
fn small_empty_boards_agree_with_the_oracle() {
    for n in 1..=3 {
        let geometry: Geometry<u64> = Geometry::new(n, n);
        let expected: Vec<Coord> = super::oracle::winning_moves(&geometry, [0, 0], 0)
            .into_iter()
            .map(|cell| Coord {
                row: cell / n,
                col: cell % n,
            })
            .collect();
        let solution = solve(&Board::new(n), Stone::Red, &Settings::default()).unwrap();
        assert_eq!(solution.winning_moves, expected, "{n} x {n}");
    }
}

#[test]
fn a_decided_position_is_decided() {
    let board: Board = "R..\nR..\nR..".parse().unwrap();
    let solution = solve(&board, Stone::Blue, &Settings::default()).unwrap();
    assert!(solution.decided);
    assert_eq!(solution.winner, Some(Stone::Red));
    assert!(solution.winning_moves.is_empty());
}

#[test]
fn a_losing_side_gets_the_winners_answer_to_each_move() {
    // 2 x 2, Red b1... Blue to move after Red's winning b1: every Blue move has a Red answer.
    let board: Board = ".R\n..".parse().unwrap();
    let solution = solve(&board, Stone::Blue, &Settings::default()).unwrap();
    assert_eq!(solution.winner, Some(Stone::Red));
    assert_eq!(solution.replies.len(), 3);
    for reply in &solution.replies {
        let answer = reply.reply.expect("an answer");
        let mut after = board.clone();
        after.set(reply.played, Some(Stone::Blue));
        after.set(answer, Some(Stone::Red));
        assert!(crate::hex::connection(&after).is_some(), "{after}");
    }
}

/// 9 x 9 after Red's centre opening e5: Red wins (Yang's proof by hand, 2003; Pawlewicz and
/// Hayward's solver, 2013). Within `BUDGET` seconds (default 7200) on every core, the winner
/// is Red or not found; arbiter proved it in 82 minutes on two cores (the performance page).
#[test]
#[ignore]
fn on_9x9_after_e5_red_wins() {
    red_wins_9x9_after("e5", 7200);
}

/// 9 x 9 after Red's f4: Red wins (Pawlewicz and Hayward's solver, 2013, every opening).
/// Within `BUDGET` seconds (default 10800) on every core, the winner is Red or not found;
/// arbiter proved it in 2.2 hours on one thread (the performance page).
#[test]
#[ignore]
fn on_9x9_after_f4_red_wins() {
    red_wins_9x9_after("f4", 10800);
}

/// Asks who wins 9 x 9 after Red's `opening`, Blue to move, within `BUDGET` seconds
/// (`default` unless told) on every core: Red, or not found.
fn red_wins_9x9_after(opening: &str, default: u64) {
    let seconds = setting("BUDGET", default);
    let settings = Settings {
        budget: Some(std::time::Duration::from_secs(seconds)),
        threads: std::thread::available_parallelism().map_or(1, usize::from),
        ..Settings::default()
    };
    let mut board = Board::new(9);
    board.set(parse_cell(opening).unwrap(), Some(Stone::Red));
    let mut solver = Solver::new(9, 9, &settings).unwrap();
    let started = std::time::Instant::now();
    let winner = solver.winner(&board, Stone::Blue);
    eprintln!(
        "9 x 9 after {opening}: {winner:?} in {:.0} s, {} positions",
        started.elapsed().as_secs_f64(),
        solver.positions()
    );
    assert_ne!(winner, Some(Stone::Blue));
}

#[test]
fn a_search_out_of_time_says_unknown() {
    let settings = Settings {
        budget: Some(std::time::Duration::ZERO),
        ..Settings::default()
    };
    let solution = solve(&Board::new(9), Stone::Red, &settings).unwrap();
    assert_eq!(solution.winner, None);
    assert!(!solution.unknown_moves.is_empty());
}

/// The openings of one of Benzene's regression files (`tests/data/hex/solver/`): the board's
/// rows and columns (`boardsize` gives the width first), and each first move of Black (Red)
/// with whether Black wins after it.
#[test]
fn one_proof_names_the_move_it_proved() {
    let mut solver = Solver::new(6, 6, &Settings::default()).unwrap();
    let board = Board::new(6);
    let solution = solver.decide(&board, Stone::Red);
    assert_eq!(solution.winner, Some(Stone::Red));
    assert!(solution.winning_moves.is_empty() && solution.open_moves.is_empty());
    assert_eq!(solution.numbers, None);
    let proved = solution.proof_move.expect("a winning move");
    let mut after = board.clone();
    after.set(proved, Some(Stone::Red));
    let mut fresh = Solver::new(6, 6, &Settings::default()).unwrap();
    assert_eq!(fresh.winner(&after, Stone::Blue), Some(Stone::Red));
    // The losing side's proof names no move.
    let lost = fresh.decide(&after, Stone::Blue);
    assert_eq!((lost.winner, lost.proof_move), (Some(Stone::Red), None));
}

#[test]
fn one_proof_out_of_time_says_where_it_stopped() {
    let settings = Settings {
        budget: Some(std::time::Duration::from_millis(50)),
        ..Settings::default()
    };
    let mut solver = Solver::new(9, 9, &settings).unwrap();
    let solution = solver.decide(&Board::new(9), Stone::Red);
    assert_eq!(solution.winner, None);
    let numbers = solution.numbers.expect("the root's numbers");
    assert!(numbers.proof >= 1 && numbers.disproof >= 1, "{numbers:?}");
    // The moves the search tries, each once; those it reached carry their numbers. (The
    // root's numbers are those of the search's last pass over it, its children's what the
    // table holds when the clock stopped it, perhaps deep inside one of them: the two need
    // not agree, so no bound between them is held here.)
    let mut cells: Vec<Coord> = solution.open_moves.iter().map(|m| m.played).collect();
    assert!(cells.len() > 10, "{}", cells.len());
    cells.sort();
    cells.dedup();
    assert_eq!(cells.len(), solution.open_moves.len());
    assert!(solution.open_moves.iter().any(|m| m.numbers.is_some()));
}

fn benzene_openings(text: &str) -> (usize, usize, Vec<(Coord, bool)>) {
    let mut shape = (0, 0);
    let mut opening = None;
    let mut openings = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["boardsize", width, height] => {
                shape = (height.parse().unwrap(), width.parse().unwrap())
            }
            ["play", "b", cell] => opening = Some(parse_cell(cell).unwrap()),
            ["#?", verdict] => openings.push((opening.take().unwrap(), *verdict == "[black]")),
            _ => {}
        }
    }
    (shape.0, shape.1, openings)
}

/// Checks every opening of a Benzene regression file against the complete solution of the
/// empty board, Red to move, and gives the solution.
fn check_benzene_openings(text: &str, settings: &Settings) -> Solution {
    let (rows, cols, openings) = benzene_openings(text);
    assert!(!openings.is_empty());
    let solution = solve(&Board::with_shape(rows, cols), Stone::Red, settings).unwrap();
    assert!(solution.unknown_moves.is_empty());
    for (opening, black_wins) in openings {
        assert_eq!(
            solution.winning_moves.contains(&opening),
            black_wins,
            "{} on {rows} x {cols}",
            cell_name(opening)
        );
        assert_ne!(solution.losing_moves.contains(&opening), black_wins);
    }
    solution
}

#[test]
fn on_6x6_every_opening_wins_or_loses_as_benzene_solved_it() {
    let text = include_str!("../../../../../tests/data/hex/solver/dfpn-solve-6x6.tst");
    let solution = check_benzene_openings(text, &Settings::default());
    // The file lists every cell; 24 of the 36 first moves win.
    assert_eq!(solution.winning_moves.len(), 24);
    assert_eq!(solution.losing_moves.len(), 12);
}

#[test]
fn on_6_columns_by_7_rows_the_side_with_the_shorter_crossing_wins_after_every_opening() {
    let text = include_str!("../../../../../tests/data/hex/solver/dfs-solve-6x7.tst");
    check_benzene_openings(text, &Settings::default());
}

/// Benzene's 7 x 7 openings and the published count (27 of 49 win), from the complete set
/// of the empty board on every core (about 35 s on 2 cores; run with `--ignored`).
#[test]
#[ignore]
fn on_7x7_every_opening_wins_or_loses_as_benzene_solved_it() {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let settings = Settings {
        threads,
        ..Settings::default()
    };
    let text = include_str!("../../../../../tests/data/hex/solver/dfpn-solve-7x7.tst");
    let solution = check_benzene_openings(text, &settings);
    assert_eq!(solution.winning_moves.len(), 27);
}

/// The 8 x 8 board is beyond a test's time: its complete set took Benzene's authors a cluster.
/// This checks, within `BUDGET` seconds (default 1200) on every core, that the published count
/// (32 of 64 openings win) is what Benzene's file says with the images of its openings, that
/// the winner found, if any, is Red, and that every opening proved in the budget wins or loses
/// as Benzene solved it; it prints how many were proved (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn on_8x8_every_opening_proved_wins_or_loses_as_benzene_solved_it() {
    let text = include_str!("../../../../../tests/data/hex/solver/dfpn-solve-8x8.tst");
    let (rows, cols, openings) = benzene_openings(text);
    // The file lists the openings of columns a to d; the others are their images by the
    // half-turn, which leaves the empty board as it is.
    assert_eq!((rows, cols, openings.len()), (8, 8, 32));
    let image = |at: Coord| Coord {
        row: 7 - at.row,
        col: 7 - at.col,
    };
    let mut published: Vec<Coord> = openings
        .iter()
        .filter(|&&(_, black_wins)| black_wins)
        .flat_map(|&(at, _)| [at, image(at)])
        .collect();
    published.sort_by_key(|at| (at.row, at.col));
    assert_eq!(published.len(), 32);
    let seconds = setting("BUDGET", 1200);
    let settings = Settings {
        budget: Some(std::time::Duration::from_secs(seconds)),
        threads: std::thread::available_parallelism().map_or(1, usize::from),
        ..Settings::default()
    };
    let started = std::time::Instant::now();
    let solution = solve(&Board::new(8), Stone::Red, &settings).unwrap();
    assert_ne!(solution.winner, Some(Stone::Blue));
    for at in &solution.winning_moves {
        assert!(published.contains(at), "{} wins", cell_name(*at));
    }
    for at in &solution.losing_moves {
        assert!(!published.contains(at), "{} loses", cell_name(*at));
    }
    if solution.unknown_moves.is_empty() {
        assert_eq!(solution.winning_moves, published);
    }
    eprintln!(
        "8 x 8 in {:.0?}: winner {:?}, winning {}, losing {}, unknown {} ({} positions)",
        started.elapsed(),
        solution.winner,
        names(&solution.winning_moves).join(" "),
        names(&solution.losing_moves).join(" "),
        solution.unknown_moves.len(),
        solution.stats.nodes
    );
}

/// A setting of an ignored measuring test, from the environment (`N=7`, `BUDGET=120`), or
/// `default`.
fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

pub(super) fn dfpn_wins<B: Cells>(
    geometry: Geometry<B>,
    stones: [B; 2],
    to_move: usize,
    techniques: Techniques,
) -> bool {
    let mut search = Search::new(geometry, 1, techniques);
    let mut position = Position::new(stones, Stone::ALL[to_move], &search.keys);
    search.solve(&mut position).unwrap()
}

use proptest::prelude::*;

/// A random position of `rows` x `cols` cells: each cell a stone with chance `fill` in 100
/// (Red or Blue alike), else empty.
pub(super) fn random_position(
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
    fill: u32,
) -> impl Strategy<Value = (usize, usize, u64, u64, usize)> {
    (rows, cols)
        .prop_flat_map(move |(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(0u32..100, rows * cols),
                0usize..2,
            )
        })
        .prop_map(move |(rows, cols, dice, to_move)| {
            let (mut red, mut blue) = (0u64, 0u64);
            for (cell, &d) in dice.iter().enumerate() {
                if d < fill / 2 {
                    red |= 1 << cell;
                } else if d < fill {
                    blue |= 1 << cell;
                }
            }
            (rows, cols, red, blue, to_move)
        })
}

fn check_against_oracle(rows: usize, cols: usize, red: u64, blue: u64, to_move: usize) {
    let geometry: Geometry<u64> = Geometry::new(rows, cols);
    let expected = super::oracle::wins(&geometry, [red, blue], to_move);
    for techniques in [
        Techniques::default(),
        Techniques {
            connections: false,
            mustplay: false,
            ..Techniques::default()
        },
        Techniques {
            ladders: true,
            ..Techniques::default()
        },
        Techniques {
            movers_connections: true,
            ..Techniques::default()
        },
        Techniques {
            kept_connections: true,
            movers_connections: true,
            ..Techniques::default()
        },
        Techniques {
            templates: false,
            ..Techniques::default()
        },
        Techniques {
            inferior: false,
            ..Techniques::default()
        },
        Techniques {
            decompositions: false,
            ..Techniques::default()
        },
        Techniques {
            cut_off: false,
            ..Techniques::default()
        },
        Techniques {
            captured_threes: false,
            ..Techniques::default()
        },
        Techniques {
            acute_corners: false,
            ..Techniques::default()
        },
        Techniques {
            or_smallest_first: true,
            ..Techniques::default()
        },
        Techniques {
            both_orders: false,
            ..Techniques::default()
        },
        Techniques {
            captured_bridges: true,
            ..Techniques::default()
        },
        Techniques {
            inherited_fill: false,
            ..Techniques::default()
        },
        Techniques {
            dead_alike: false,
            ..Techniques::default()
        },
        Techniques {
            widening: false,
            ..Techniques::default()
        },
        Techniques {
            ordering: false,
            ..Techniques::default()
        },
    ] {
        let found = dfpn_wins(geometry, [red, blue], to_move, techniques);
        assert_eq!(
            found, expected,
            "{rows}x{cols} red {red:b} blue {blue:b} to move {to_move} {techniques:?}"
        );
    }
    let together = dfpn_wins_together(geometry, [red, blue], to_move);
    assert_eq!(
        together,
        (expected, expected),
        "{rows}x{cols} red {red:b} blue {blue:b} to move {to_move}, two threads"
    );
}

/// Two searches sharing their tables, each on a thread of its own, both proving the
/// position at once (each sends the other elsewhere while they meet): what each found.
fn dfpn_wins_together<B: Cells>(
    geometry: Geometry<B>,
    stones: [B; 2],
    to_move: usize,
) -> (bool, bool) {
    let mut main = Search::new(geometry, 1, Techniques::default());
    let mut helper = main.helper();
    let start = Position::new(stones, Stone::ALL[to_move], &main.keys);
    let (mine, theirs) = std::thread::scope(|scope| {
        let theirs = scope.spawn(move || helper.solve(&mut start.clone()));
        (main.solve(&mut start.clone()), theirs.join().unwrap())
    });
    assert!(main.is_idle(), "a search left a position marked busy");
    (mine.unwrap(), theirs.unwrap())
}

/// Checks the complete set of winning moves (and the losing ones) against the oracle's, with
/// every technique and with the inferior cells off (the complete set infers the value of
/// passes and dominated moves from others when they are on).
fn check_moves_against_oracle(rows: usize, cols: usize, red: u64, blue: u64, to_move: usize) {
    let geometry: Geometry<u64> = Geometry::new(rows, cols);
    if (0..2).any(|side| geometry.joins([red, blue][side], geometry.sides(side == 0))) {
        return;
    }
    let coord = |cell: usize| Coord {
        row: cell / cols,
        col: cell % cols,
    };
    let expected: Vec<Coord> = super::oracle::winning_moves(&geometry, [red, blue], to_move)
        .into_iter()
        .map(coord)
        .collect();
    let mut board = Board::with_shape(rows, cols);
    for cell in 0..rows * cols {
        for (side, stones) in [red, blue].into_iter().enumerate() {
            if stones & (1 << cell) != 0 {
                board.set(coord(cell), Some(Stone::ALL[side]));
            }
        }
    }
    for techniques in [
        Techniques::default(),
        Techniques {
            inferior: false,
            ..Techniques::default()
        },
    ] {
        let settings = Settings {
            techniques,
            ..Settings::default()
        };
        let solution = solve(&board, Stone::ALL[to_move], &settings).unwrap();
        assert_eq!(solution.winning_moves, expected, "{board}{techniques:?}");
        let empty = rows * cols - (red | blue).count_ones() as usize;
        assert_eq!(solution.losing_moves.len(), empty - expected.len());
    }
    check_considered_moves(&board, Stone::ALL[to_move], &expected);
}

/// Checks [`Solver::solve_considered`] against every winning move (`expected`, the oracle's):
/// it names only winning moves, at least one whenever the side to move wins, proves every
/// move lost when it loses, and names, proves lost or leaves out each move once.
fn check_considered_moves(board: &Board, to_move: Stone, expected: &[Coord]) {
    let mut solver = Solver::new(board.rows(), board.cols(), &Settings::default()).unwrap();
    let tried = solver.solve_considered(board, to_move);
    let wins = !expected.is_empty();
    assert_eq!(tried.winner == Some(to_move), wins, "{board}");
    assert_eq!(tried.winning_moves.is_empty(), !wins, "{board}");
    assert!(tried.winning_moves.iter().all(|at| expected.contains(at)));
    assert!(tried.losing_moves.iter().all(|at| !expected.contains(at)));
    assert!(wins || tried.untried_moves.is_empty(), "{board}");
    let mut every = [tried.winning_moves, tried.losing_moves, tried.untried_moves].concat();
    every.sort();
    let empty: Vec<Coord> = (0..board.rows())
        .flat_map(|row| (0..board.cols()).map(move |col| Coord { row, col }))
        .filter(|&at| board.get(at).is_none())
        .collect();
    assert_eq!(every, empty, "{board}");
}

/// The cells named (`"a1 c3"`) on `geometry`'s board.
pub(super) fn named<B: Cells>(geometry: &Geometry<B>, names: &str) -> B {
    names.split_whitespace().fold(B::NONE, |set, name| {
        let at = parse_cell(name).unwrap();
        set | B::bit(geometry.index(at.row, at.col))
    })
}

/// The final position of one of Benzene's puzzles (`tests/data/hex/solver/puzzles/`).
fn puzzle_board(name: &str) -> Board {
    record_board(&format!("solver/puzzles/{name}.sgf"))
}

/// The final board of the SGF record `path` (under `tests/data/hex/`).
fn record_board(path: &str) -> Board {
    let path = format!("{}/../../tests/data/hex/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let record = crate::hex::sgf::record_of(&text).unwrap();
    crate::hex::record::replay(record).unwrap().board
}

/// Who wins `board`, `to_move` to move, by a search (one thread) with `techniques`.
fn decide_with(board: &Board, to_move: Stone, techniques: Techniques) -> Solution {
    let settings = Settings {
        techniques,
        ..Settings::default()
    };
    Solver::new(board.rows(), board.cols(), &settings)
        .unwrap()
        .decide(board, to_move)
}

/// The moves tried and left out ([`Solver::solve_considered`], one thread) in the final
/// position of one of Benzene's puzzles, `to_move` to move.
fn considered_in_puzzle(name: &str, to_move: Stone) -> Solution {
    considered_in_puzzle_with(name, to_move, Techniques::default())
}

/// [`considered_in_puzzle`] with `techniques`.
fn considered_in_puzzle_with(name: &str, to_move: Stone, techniques: Techniques) -> Solution {
    let board = puzzle_board(name);
    let settings = Settings {
        techniques,
        ..Settings::default()
    };
    Solver::new(board.rows(), board.cols(), &settings)
        .unwrap()
        .solve_considered(&board, to_move)
}

#[test]
fn moves_into_the_opponents_captured_pair_are_left_untried() {
    // Benzene's 8 x 8 puzzle henderson-92, Red to move: Red wins only with c4. Red's h2 or
    // h3, in the pair Blue's g3 has captured on its edge, loses too, but proving so takes
    // as long as all the rest (Benzene does not try them either).
    let solution = considered_in_puzzle("8x8-henderson-92", Stone::Red);
    assert_eq!(names(&solution.winning_moves), ["c4"]);
    let untried = names(&solution.untried_moves);
    assert!(untried.contains(&"h2".to_string()) && untried.contains(&"h3".to_string()));
    // 12,225 positions on one thread; every move's proof (h2 and h3 with the rest) 32,915
    // (before decompositions, 35,028 and 269,742).
    let nodes = solution.stats.nodes;
    assert!(
        nodes <= 30_000,
        "{nodes} positions: were h2 and h3 searched?"
    );
}

#[test]
fn the_or_rule_smallest_first_leaves_blue_two_moves_in_browne_02() {
    // Benzene's 11 x 11 puzzle browne-02, Blue to move: Blue wins only with c5, the one move
    // Benzene tries. Red's c8 joins the bottom through c9, or through b8, b9, a10, b10 and
    // a11: an OR of the semis taken smallest first gives the six cells, which Red's other
    // connections then combine with, and Red's threats leave Blue c5 and d6 (taken as they
    // came, the semis gave eight cells through e7 and d8, and Blue eleven moves to try).
    // (One order only: the search's both orders at its top, `both_orders`, do the same.)
    let solve = |or_smallest_first| {
        let techniques = Techniques {
            or_smallest_first,
            both_orders: false,
            ..Techniques::default()
        };
        considered_in_puzzle_with("11x11-browne-02", Stone::Blue, techniques)
    };
    let smallest_first = solve(true);
    assert_eq!(names(&smallest_first.winning_moves), ["c5"]);
    assert_eq!(names(&smallest_first.losing_moves), ["d6"]);
    let as_they_came = solve(false);
    assert_eq!(names(&as_they_came.winning_moves), ["c5"]);
    assert!(as_they_came.losing_moves.len() > 2, "{as_they_came:?}");
    assert!(smallest_first.stats.nodes < as_they_came.stats.nodes);
}

#[test]
fn both_or_orders_at_the_top_leave_blue_two_moves_and_see_reds_answer_to_d6_in_browne_02() {
    // Benzene's browne-02 again, Blue to move, with the OR rule's usual order and the other
    // at the top of each search (`both_orders`): Red's threats found by either leave Blue c5
    // and d6, as Benzene's do but for d6; and after Blue's d6, Red's c5 joins it through
    // the left side (b6 to a11) or the stones d7, e8 and f9, a semi connection only the
    // other order builds, so the move is refuted at once, where the usual order alone
    // searched it for some 30 positions (Benzene: one build each).
    let solve = |both_orders| {
        let techniques = Techniques {
            both_orders,
            ..Techniques::default()
        };
        considered_in_puzzle_with("11x11-browne-02", Stone::Blue, techniques)
    };
    let both = solve(true);
    assert_eq!(names(&both.winning_moves), ["c5"]);
    assert_eq!(names(&both.losing_moves), ["d6"]);
    assert!(both.stats.nodes <= 10, "{:?}", both.stats);
    let one = solve(false);
    assert_eq!(names(&one.winning_moves), ["c5"]);
    assert!(one.stats.nodes >= 30, "{:?}", one.stats);
}

#[test]
fn captured_bridges_decide_henderson_83_after_i10_f8_f5_at_once() {
    // Benzene's 11 x 11 puzzle henderson-83 after Blue's i10, Red's f8 and Blue's f5, Red to
    // move: Blue wins, and Benzene sees it at once (one position). Blue's e6 has the bridge d6
    // and d7 to its stones c6, c7 and c8, captured once e6 is played; Blue's connections from
    // e6 to its side and from e6 to f7 share only those two cells, so they combine: Blue's
    // side joins f7, keyed at e6, and so its g7 and h7, which reach the other side. Without
    // captured bridges the search takes hundreds of positions.
    let mut board = puzzle_board("11x11-henderson-83");
    for (name, stone) in [
        ("i10", Stone::Blue),
        ("f8", Stone::Red),
        ("f5", Stone::Blue),
    ] {
        board.set(parse_cell(name).unwrap(), Some(stone));
    }
    let decide = |captured_bridges| {
        let techniques = Techniques {
            captured_bridges,
            ..Techniques::default()
        };
        decide_with(&board, Stone::Red, techniques)
    };
    let bridged = decide(true);
    assert_eq!(bridged.winner, Some(Stone::Blue));
    assert_eq!(bridged.stats.nodes, 1, "{:?}", bridged.stats);
    let plain = decide(false);
    assert_eq!(plain.winner, Some(Stone::Blue));
    assert!(plain.stats.nodes > 100, "{:?}", plain.stats);
}

/// `count` random 7 x 7 positions from `seed`, each colour on about one cell in `one_in` and
/// neither joined: in each, both sides to move, the solver finds the same winner with each
/// of `both`. Each position is handed to `each` (Red's stones, Blue's), for the caller's own
/// count of what its technique found there.
pub(super) fn check_same_winner_on_random_7x7(
    seed: u64,
    one_in: u64,
    count: usize,
    both: [Techniques; 2],
    mut each: impl FnMut(u64, u64),
) {
    use super::ladder::tests::{sprinkle_one_in, xorshift};
    let g: Geometry<u64> = Geometry::new(7, 7);
    let mut random = xorshift(seed);
    let mut positions = 0;
    while positions < count {
        let (red, blue) = sprinkle_one_in(one_in, g.cells(), &mut random);
        if g.joins(red, g.sides(true)) || g.joins(blue, g.sides(false)) {
            continue;
        }
        positions += 1;
        each(red, blue);
        for to_move in 0..2 {
            assert_eq!(
                dfpn_wins(g, [red, blue], to_move, both[0]),
                dfpn_wins(g, [red, blue], to_move, both[1]),
                "red {red:#x} blue {blue:#x} to move {to_move}"
            );
        }
    }
}

#[test]
fn the_solver_finds_the_same_winner_with_the_movers_connections_and_without() {
    // The side to move's connections built at every position (ordering its moves, finding
    // its decompositions) leave the winner as it was.
    let with = Techniques {
        movers_connections: true,
        ..Techniques::default()
    };
    let both = [with, Techniques::default()];
    check_same_winner_on_random_7x7(0xbb67_ae85_84ca_a73b, 6, 100, both, |_, _| {});
}

#[test]
fn the_solver_finds_the_same_winner_with_connections_kept_from_the_parent_and_without() {
    // Each colour's connections built from those an ancestor kept, with the side to move's
    // built at every position (so that both colours' are kept) and without, leave the
    // winner as it was.
    let kept = |movers_connections| Techniques {
        kept_connections: true,
        movers_connections,
        ..Techniques::default()
    };
    for (seed, movers) in [
        (0x3c6e_f372_fe94_f82b, true),
        (0xa54f_f53a_5f1d_36f1, false),
    ] {
        let both = [kept(movers), Techniques::default()];
        check_same_winner_on_random_7x7(seed, 6, 60, both, |_, _| {});
    }
}

#[test]
fn most_builds_start_from_kept_connections_when_both_colours_are_kept() {
    // 6 x 6 after Red's a1, Blue to move (Blue wins): with the side to move's connections
    // built at every position, each colour's are kept at each depth, and most builds start
    // from an ancestor's; without the switch, none does.
    let geometry: Geometry<u64> = Geometry::new(6, 6);
    let stats = |kept_connections| {
        let techniques = Techniques {
            kept_connections,
            movers_connections: true,
            ..Techniques::default()
        };
        let mut search = Search::new(geometry, 8, techniques);
        let mut position = Position::new([1, 0], Stone::Blue, &search.keys);
        assert_eq!(search.solve(&mut position), Some(true));
        search.stats
    };
    let (with, without) = (stats(true), stats(false));
    assert!(2 * with.vc_builds_kept > with.vc_builds, "{with:?}");
    assert_eq!(without.vc_builds_kept, 0);
}

#[test]
fn past_11x11_each_colours_connections_start_from_those_kept_above() {
    // Little Golem's game 1828983 (13 x 13, Blue resigned), its final position, then Blue's
    // g5 and a line below it to Blue's j3 (Red to move, Red wins). Past 11 x 11 the side to
    // move's connections are built at every position and most builds start from those an
    // ancestor kept (`Techniques::large_boards`); the winner is the one found without.
    let mut board = record_board("littlegolem/1828983.sgf");
    for (i, name) in "g5 h6 i5 h5 g6 i7 h8 i9 j3".split(' ').enumerate() {
        let stone = [Stone::Blue, Stone::Red][i % 2];
        board.set(parse_cell(name).unwrap(), Some(stone));
    }
    let large = decide_with(&board, Stone::Red, Techniques::default());
    assert_eq!(large.winner, Some(Stone::Red));
    let stats = large.stats;
    assert!(2 * stats.vc_builds_kept > stats.vc_builds, "{stats:?}");
    let plain = Techniques {
        large_boards: false,
        ..Techniques::default()
    };
    let plain = decide_with(&board, Stone::Red, plain);
    assert_eq!(plain.winner, Some(Stone::Red));
    assert_eq!(plain.stats.vc_builds_kept, 0);
}

#[test]
fn the_acute_corner_settles_a_13x13_line_at_once() {
    // Little Golem's game 1828983 (13 x 13, Blue resigned), its final position, then Blue's
    // g5 and the line Benzene's proof plays down it to Red's l11 (Blue to move, Red wins):
    // Red's l11, on its third row one cell in from the bottom-right corner, takes the corner,
    // k13 to m13 Red's and m11, m12 Blue's, and the search proves the rest in a few
    // positions, where without the corner it tries six Blue moves there.
    let mut board = record_board("littlegolem/1828983.sgf");
    let line = "g5 h6 i5 h5 g6 i7 h8 i9 i8 k7 j8 k8 j9 k9 k10 j10 i12 l11";
    for (i, name) in line.split(' ').enumerate() {
        let stone = [Stone::Blue, Stone::Red][i % 2];
        board.set(parse_cell(name).unwrap(), Some(stone));
    }
    let decide = |acute_corners| {
        let techniques = Techniques {
            acute_corners,
            ..Techniques::default()
        };
        decide_with(&board, Stone::Blue, techniques)
    };
    let cornered = decide(true);
    assert_eq!(cornered.winner, Some(Stone::Red));
    assert!(cornered.stats.nodes <= 20, "{:?}", cornered.stats);
    let plain = decide(false);
    assert_eq!(plain.winner, Some(Stone::Red));
    assert!(
        plain.stats.nodes >= 5 * cornered.stats.nodes,
        "{:?}",
        plain.stats
    );
}

#[test]
fn moves_outside_the_mustplay_region_are_left_untried() {
    // 3 x 3, Red to move: Blue a2 and c2 threaten b2, and every one of Blue's threats needs
    // it. Red's b2 wins (a bridge to each of its sides); any other Red move loses at once to
    // Blue's b2, so the root of `--pruned` does not try it (here the dominated cells leave
    // them out as well: the region itself, which alone would, is checked last).
    let board: Board = "...\nB.B\n...".parse().unwrap();
    let solution = Solver::new(3, 3, &Settings::default())
        .unwrap()
        .solve_considered(&board, Stone::Red);
    assert_eq!(names(&solution.winning_moves), ["b2"]);
    assert!(
        solution.losing_moves.is_empty(),
        "{:?}",
        solution.losing_moves
    );
    assert_eq!(
        names(&solution.untried_moves),
        ["a1", "b1", "c1", "a3", "b3", "c3"]
    );
    // The region itself: b2 alone.
    let geometry = Geometry::<u64>::new(3, 3);
    let mut search = Search::new(geometry, 1, Techniques::default());
    let (filled, must) = search.reduced_for([0, named(&geometry, "a2 c2")], Stone::Red);
    assert_eq!(must & !(filled[0] | filled[1]), named(&geometry, "b2"));
}

#[test]
fn moves_into_a_region_the_opponent_holds_by_a_decomposition_are_left_untried() {
    // Benzene's 9 x 9 puzzle henderson-68, Red to move: Red wins with g7 (and with b4, b5,
    // a6, b6, a7 and b7, in the region along Blue's left side that Blue's side and its c7
    // and d6 close off between Red's groups, where Blue answers and Red must win again;
    // Benzene fills the region in for Blue, and so does arbiter's decomposition).
    let solution = considered_in_puzzle("9x9-henderson-68", Stone::Red);
    let (winning, untried) = (
        names(&solution.winning_moves),
        names(&solution.untried_moves),
    );
    assert!(winning.contains(&"g7".to_string()), "{winning:?}");
    // Each is left out, or named as the winning move the position's own proof found.
    for cell in ["b4", "b5", "a6", "b6", "a7", "b7"] {
        let cell = cell.to_string();
        assert!(
            untried.contains(&cell) || winning.contains(&cell),
            "{cell} tried"
        );
    }
    // 251 positions on one thread; trying the region's moves too, 6,772 (with decompositions
    // at the root only, 3,063 and 15,142).
    let nodes = solution.stats.nodes;
    assert!(
        nodes <= 2_000,
        "{nodes} positions: was the region searched?"
    );
}

/// Checks what the inferior cells claim against the oracle: the dead cells' colours never
/// change the winner (filled as the search fills them, or each the other way); filling each
/// colour's captured cells for it, and the cells dead after, and so on, never does; and a move on a vulnerable cell never wins
/// where its killer, played instead, loses.
fn check_inferior_against_oracle(rows: usize, cols: usize, red: u64, blue: u64, to_move: usize) {
    let geometry: Geometry<u64> = Geometry::new(rows, cols);
    let stones = [red, blue];
    if (0..2).any(|side| geometry.joins(stones[side], geometry.sides(side == 0))) {
        return;
    }
    let wins = |stones: [u64; 2]| super::oracle::wins(&geometry, stones, to_move);
    let expected = wins(stones);
    let shown = format!("{rows}x{cols} red {red:b} blue {blue:b} to move {to_move}");
    let (dead, filled) = inferior::filled_in(&geometry, stones);
    assert_eq!(wins(filled), expected, "dead cells filled: {shown}");
    let flipped = [
        (filled[0] & !dead) | (filled[1] & dead),
        (filled[1] & !dead) | (filled[0] & dead),
    ];
    assert_eq!(
        wins(flipped),
        expected,
        "dead cells filled the other way: {shown}"
    );
    let owned = inferior::fill_in(&geometry, stones).stones;
    assert_eq!(
        wins(owned),
        expected,
        "dead and captured cells filled: {shown}"
    );
    // A move that wins the filled position wins the position (the search searches the one
    // for the other).
    let move_wins = |stones: [u64; 2], at: usize| {
        let mut stones = stones;
        stones[to_move] |= u64::bit(at);
        !super::oracle::wins(&geometry, stones, to_move ^ 1)
    };
    let empty = geometry.board & !(owned[0] | owned[1]);
    for cell in empty.iter().filter(|&cell| move_wins(owned, cell)) {
        assert!(
            move_wins(stones, cell),
            "{cell} wins filled, not unfilled: {shown}"
        );
    }
    // The mover's passes (its moves among them: a cut-off stone is among them too, and no
    // move) have the pass's value.
    let pass_wins = !super::oracle::wins(&geometry, stones, to_move ^ 1);
    let mover = Stone::ALL[to_move];
    let passes = inferior::fill_in_for(&geometry, stones, mover).passes(mover);
    for cell in (passes & geometry.board & !(red | blue)).iter() {
        assert_eq!(
            move_wins(stones, cell),
            pass_wins,
            "{cell} is no pass: {shown}"
        );
    }
    // The complete set's dominated moves (by the mover's own fill-in) are dominated in the
    // position itself.
    let own = inferior::fill_in_for(&geometry, stones, mover).stones;
    let own_killers = inferior::killers(&geometry, own, mover);
    let own_empty = geometry.board & !(own[0] | own[1]);
    for cell in own_empty
        .iter()
        .filter(|&cell| own_killers[cell] != usize::MAX)
    {
        assert!(
            !move_wins(stones, cell) || move_wins(stones, own_killers[cell]),
            "{cell} wins where its killer {} loses: {shown}",
            own_killers[cell]
        );
    }
    let killers = inferior::killers(&geometry, owned, Stone::ALL[to_move]);
    for cell in empty.iter().filter(|&cell| killers[cell] != usize::MAX) {
        let after = |at: usize| {
            let mut stones = owned;
            stones[to_move] |= u64::bit(at);
            !super::oracle::wins(&geometry, stones, to_move ^ 1)
        };
        assert!(
            !after(cell) || after(killers[cell]),
            "{} wins where its killer {} loses: {shown}",
            cell,
            killers[cell]
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_winning_move_is_found_as_the_oracle_finds_them_up_to_4x4(
        (rows, cols, red, blue, to_move) in random_position(1..=4, 1..=4, 40)
    ) {
        check_moves_against_oracle(rows, cols, red, blue, to_move);
    }

    #[test]
    fn every_winning_move_is_found_as_the_oracle_finds_them_on_sparse_5x5(
        (rows, cols, red, blue, to_move) in random_position(5..=5, 5..=5, 60)
    ) {
        prop_assume!(25 - (red | blue).count_ones() <= 11);
        check_moves_against_oracle(rows, cols, red, blue, to_move);
    }

    #[test]
    fn dead_captured_and_vulnerable_cells_keep_the_winner_up_to_4x4(
        (rows, cols, red, blue, to_move) in random_position(1..=4, 1..=4, 50)
    ) {
        check_inferior_against_oracle(rows, cols, red, blue, to_move);
    }

    #[test]
    fn dead_captured_and_vulnerable_cells_keep_the_winner_on_sparse_5x5(
        (rows, cols, red, blue, to_move) in random_position(5..=5, 5..=5, 60)
    ) {
        prop_assume!(25 - (red | blue).count_ones() <= 11);
        check_inferior_against_oracle(rows, cols, red, blue, to_move);
    }

    #[test]
    fn the_solver_agrees_with_the_oracle_up_to_4x4(
        (rows, cols, red, blue, to_move) in random_position(1..=4, 1..=4, 40)
    ) {
        check_against_oracle(rows, cols, red, blue, to_move);
    }

    #[test]
    fn the_solver_agrees_with_the_oracle_on_sparse_5x5(
        (rows, cols, red, blue, to_move) in random_position(5..=5, 5..=5, 55)
    ) {
        // Up to 13 empty cells: beyond, the oracle takes seconds a position.
        prop_assume!(25 - (red | blue).count_ones() <= 13);
        check_against_oracle(rows, cols, red, blue, to_move);
    }
}

/// Stones on about six cells in ten of `geometry`, Red's and Blue's alike, drawn from
/// `random`; `None` when either colour has joined its sides.
fn open_stones(geometry: &Geometry<u64>, random: &mut impl FnMut() -> u64) -> Option<[u64; 2]> {
    let mut stones = [0u64; 2];
    for cell in 0..geometry.cells() {
        match random() % 10 {
            0..=2 => stones[0] |= u64::bit(cell),
            3..=5 => stones[1] |= u64::bit(cell),
            _ => {}
        }
    }
    let joined = (0..2).any(|side| geometry.joins(stones[side], geometry.sides(side == 0)));
    (!joined).then_some(stones)
}

#[test]
fn a_fill_in_handed_down_keeps_the_winner_after_each_move() {
    // What a position's fill-in hands down to the position after a move
    // (`dfpn::Filled::after`) must keep that position's winner: every cell filled stays
    // fillable after the move, unless the move may have spoilt a permanently inferior cell,
    // and then nothing is handed down. Random positions of 4 x 4 to 5 x 5, each move of the
    // side to move, against the oracle; enough of them hand down cells the position after
    // the move would not fill itself, permanently inferior ones and captured threes among
    // them, that the check means something. Permanently inferior cells are counted without
    // the captured threes, which take many of them first.
    use super::dfpn::Filled;
    use super::inferior::Rules;
    use super::ladder::tests::xorshift;
    let mut random = xorshift(0x853c_49e6_748f_ea9b);
    let (mut more, mut inferior_kept, mut threes_kept, mut dropped) = (0, 0, 0, 0);
    for _ in 0..1500 {
        let (rows, cols) = (4 + random() as usize % 2, 4 + random() as usize % 2);
        let geometry: Geometry<u64> = Geometry::new(rows, cols);
        let to_move = (random() % 2) as usize;
        let Some(stones) = open_stones(&geometry, &mut random) else {
            continue;
        };
        for threes in [true, false] {
            let rules = Rules::ALL.with_threes(threes);
            let fill = inferior::fill_in_with(&geometry, stones, rules);
            let filled = Filled {
                stones: fill.stones,
                inferior: fill.inferior[0] | fill.inferior[1],
                corners: fill.corners,
            };
            let wins = |stones| super::oracle::wins(&geometry, stones, 1 - to_move);
            for cell in (geometry.board & !(fill.stones[0] | fill.stones[1])).iter() {
                let mut child = stones;
                child[to_move] |= u64::bit(cell);
                let below = filled.after(&geometry, cell);
                if below == Filled::NONE {
                    dropped += 1;
                    continue;
                }
                let with = below.onto(child);
                assert_eq!(
                    wins(with),
                    wins(child),
                    "{rows}x{cols} red {:#x} blue {:#x}, {} to move, then {cell}, threes {threes}",
                    stones[0],
                    stones[1],
                    ["red", "blue"][to_move]
                );
                let own = inferior::fill_in_with(&geometry, child, rules).stones;
                more += usize::from((with[0] & !own[0]) | (with[1] & !own[1]) != 0);
                inferior_kept += usize::from(!threes && below.inferior != 0);
                threes_kept += usize::from(fill.threes[0] | fill.threes[1] != 0);
            }
        }
    }
    eprintln!(
        "{more} moves handed down cells not found after them, {inferior_kept} permanently \
         inferior ones, {threes_kept} captured threes, {dropped} dropped"
    );
    assert!(
        more >= 100 && inferior_kept >= 50 && threes_kept >= 50 && dropped >= 50,
        "{more} {inferior_kept} {threes_kept} {dropped}"
    );
}

#[test]
fn dead_stones_turned_keep_the_winner() {
    // `inferior::dead_turned`, which the search's `dead_alike` rests on: random positions of
    // 4 x 4 to 5 x 5, the dead stones of each colour turned, either side to move, against
    // the oracle; enough of them have a dead stone of each colour that the check means
    // something.
    use super::ladder::tests::xorshift;
    let mut random = xorshift(0x2545_f491_4f6c_dd1d);
    let mut changed = [0; 2];
    for _ in 0..1500 {
        let (rows, cols) = (4 + random() as usize % 2, 4 + random() as usize % 2);
        let geometry: Geometry<u64> = Geometry::new(rows, cols);
        let Some(stones) = open_stones(&geometry, &mut random) else {
            continue;
        };
        for colour in 0..2 {
            let turned = inferior::dead_turned(&geometry, stones, colour);
            assert_eq!(turned[0] | turned[1], stones[0] | stones[1]);
            assert_eq!(
                turned[colour] & !stones[colour],
                0,
                "only {colour}'s stones turn"
            );
            changed[colour] += usize::from(turned != stones);
            for to_move in 0..2 {
                assert_eq!(
                    super::oracle::wins(&geometry, turned, to_move),
                    super::oracle::wins(&geometry, stones, to_move),
                    "{rows}x{cols} red {:#x} blue {:#x}, {colour}'s turned, {to_move} to move",
                    stones[0],
                    stones[1],
                );
            }
        }
    }
    assert!(changed.iter().all(|&n| n >= 300), "{changed:?}");
}

#[test]
fn an_intrusion_into_a_bridge_answered_leaves_one_position_either_way() {
    // Red's bridge c3-d4 on 6 x 6, Blue stones round its two cells d3 and c4: Blue's d3
    // answered by c4 and Blue's c4 answered by d3 leave the intruder dead, turned Red alike;
    // and the same with the colours swapped (the board mirrored across its long diagonal).
    let geometry: Geometry<u64> = Geometry::new(6, 6);
    for (intruder, mirrored) in [(1, false), (0, true)] {
        let at = |name: &str| {
            let cell = parse_cell(name).expect("a cell");
            let (row, col) = if mirrored {
                (cell.col, cell.row)
            } else {
                (cell.row, cell.col)
            };
            u64::bit(row * 6 + col)
        };
        let set = |names: &[&str]| names.iter().fold(0, |set, name| set | at(name));
        let (owner, intruding) = (
            set(&["c3", "d4"]),
            set(&["d2", "e2", "e3", "b4", "b5", "c5"]),
        );
        let position = |intruded: &str, answer: &str| {
            let mut stones = [0; 2];
            stones[1 - intruder] = owner | at(answer);
            stones[intruder] = intruding | at(intruded);
            stones
        };
        let turned = inferior::dead_turned(&geometry, position("d3", "c4"), intruder);
        assert_eq!(
            turned,
            inferior::dead_turned(&geometry, position("c4", "d3"), intruder)
        );
        let mut expected = [0; 2];
        expected[1 - intruder] = owner | at("c4") | at("d3");
        expected[intruder] = intruding;
        assert_eq!(turned, expected);
    }
}

/// A board of `rows` x `cols` cells with a stone on nearly every cell (one in 20 empty), and
/// a side to move.
fn crowded_board() -> impl Strategy<Value = (Board, Stone)> {
    (1usize..=16, 1usize..=16)
        .prop_flat_map(|(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(0u32..20, rows * cols),
                any::<bool>(),
            )
        })
        .prop_map(|(rows, cols, dice, red)| {
            let mut board = Board::with_shape(rows, cols);
            for (cell, &d) in dice.iter().enumerate() {
                let stone = match d {
                    0 => None,
                    1..=9 => Some(Stone::Red),
                    _ => Some(Stone::Blue),
                };
                board.set(
                    Coord {
                        row: cell / cols,
                        col: cell % cols,
                    },
                    stone,
                );
            }
            (board, if red { Stone::Red } else { Stone::Blue })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The solver never disagrees with the judge: a board with a connection is decided, for
    /// the colour the judge names, on every shape and every bit-set width.
    #[test]
    fn a_joined_board_is_decided_for_the_judges_winner((board, to_move) in crowded_board()) {
        let budget = Settings { budget: Some(std::time::Duration::ZERO), ..Settings::default() };
        let solution = solve(&board, to_move, &budget).unwrap();
        match crate::hex::connection(&board) {
            Some((winner, _)) => {
                prop_assert!(solution.decided, "{board}");
                prop_assert_eq!(solution.winner, Some(winner));
            }
            None => prop_assert!(!solution.decided),
        }
    }
}

#[test]
fn threads_share_the_moves_and_give_the_same_solution() {
    let one = solve(&Board::new(5), Stone::Red, &Settings::default()).unwrap();
    let settings = Settings {
        threads: 3,
        ..Settings::default()
    };
    let three = solve(&Board::new(5), Stone::Red, &settings).unwrap();
    assert_eq!(three.winning_moves, one.winning_moves);
    assert_eq!(three.losing_moves, one.losing_moves);
    // A losing side: the replies too.
    let board: Board = "....\n.R..\n....\n....".parse().unwrap();
    let one = solve(&board, Stone::Red, &Settings::default()).unwrap();
    let two = solve(
        &board,
        Stone::Red,
        &Settings {
            threads: 2,
            ..Settings::default()
        },
    )
    .unwrap();
    assert_eq!(two.winning_moves, one.winning_moves);
    assert_eq!(two.losing_moves, one.losing_moves);
    let board: Board = "..\n.R".parse().unwrap();
    let one = solve(&board, Stone::Blue, &Settings::default()).unwrap();
    let two = solve(
        &board,
        Stone::Blue,
        &Settings {
            threads: 2,
            ..Settings::default()
        },
    )
    .unwrap();
    assert_eq!(two.replies.len(), one.replies.len());
    assert_eq!(two.winner, one.winner);
}

#[test]
fn threads_on_one_proof_find_the_winner_one_thread_finds() {
    let together = Settings {
        threads: 2,
        ..Settings::default()
    };
    // 6 x 6 openings as Benzene solved them: a1 and a2 lose, b2 and c4 win.
    for (opening, winner) in [
        ("a1", Stone::Blue),
        ("a2", Stone::Blue),
        ("b2", Stone::Red),
        ("c4", Stone::Red),
    ] {
        let mut board = Board::new(6);
        let at = parse_cell(opening).unwrap();
        board.set(at, Some(Stone::Red));
        let mut solver = Solver::new(6, 6, &together).unwrap();
        assert_eq!(
            solver.winner(&board, Stone::Blue),
            Some(winner),
            "{opening}"
        );
        // Asked again, the shared table answers at once.
        let before = solver.positions();
        assert_eq!(
            solver.winner(&board, Stone::Blue),
            Some(winner),
            "{opening}"
        );
        assert!(solver.positions() - before <= 2, "{opening}");
    }
}

#[test]
fn a_reply_that_restores_a_colour_swapped_symmetry_loses_without_a_search() {
    // 5 x 5 after Red's c1: Blue's a3 (c1 mirrored across the main diagonal) and e3 (mirrored
    // and turned) leave Red to move in a symmetric position; the complete set finds them lost
    // as the search with the inferior-cell techniques off does.
    let mut board = Board::new(5);
    board.set(parse_cell("c1").unwrap(), Some(Stone::Red));
    let fast = solve(&board, Stone::Blue, &Settings::default()).unwrap();
    let losing = names(&fast.losing_moves);
    assert!(losing.contains(&"a3".to_string()) && losing.contains(&"e3".to_string()));
    let plain = Settings {
        techniques: Techniques {
            inferior: false,
            ..Techniques::default()
        },
        ..Settings::default()
    };
    let slow = solve(&board, Stone::Blue, &plain).unwrap();
    assert_eq!(fast.winner, slow.winner);
    assert_eq!(fast.winning_moves, slow.winning_moves);
    assert_eq!(fast.losing_moves, slow.losing_moves);
}

#[test]
fn a_win_found_before_the_budget_ran_out_names_the_moves_still_unresolved() {
    let at = |name: &str| parse_cell(name).unwrap();
    let mut solution = Solution::nothing_proved(Stone::Red);
    solution.winner = Some(Stone::Red);
    solution.winning_moves = vec![at("g6")];
    solution.losing_moves = vec![at("a1"), at("b1")];
    solution.unknown_moves = vec![at("a7")];
    assert_eq!(
        line(&solution),
        "Red to move: Red wins with g6 (1 move unresolved)"
    );
    solution.unknown_moves.push(at("b7"));
    assert_eq!(
        line(&solution),
        "Red to move: Red wins with g6 (2 moves unresolved)"
    );
    solution.unknown_moves.clear();
    assert_eq!(line(&solution), "Red to move: Red wins with g6");
    // The winner proved, but no move yet.
    solution.winning_moves.clear();
    solution.unknown_moves.push(at("g6"));
    assert_eq!(line(&solution), "Red to move: Red wins (1 move unresolved)");
    // Moves left out as inferior (`--pruned`) are counted apart, won or not.
    solution.untried_moves = vec![at("h1"), at("h2")];
    assert_eq!(
        line(&solution),
        "Red to move: Red wins (1 move unresolved, 2 inferior moves not tried)"
    );
    solution.winning_moves.push(at("g6"));
    solution.unknown_moves.clear();
    solution.untried_moves.pop();
    assert_eq!(
        line(&solution),
        "Red to move: Red wins with g6 (1 inferior move not tried)"
    );
    solution.winner = None;
    solution.unknown_moves.push(at("a7"));
    assert_eq!(
        line(&solution),
        "Red to move: unknown (wins with g6; loses with a1 b1; 1 move unresolved; \
         1 inferior move not tried)"
    );
}

/// Positions answered from a solution store agree with the oracle: the positions of random
/// 4 x 4 games from their fifth move on (before, the oracle takes seconds), each solved completely by solvers that share one store (each position's
/// moves were most often proved as an earlier position's), checked move by move.
#[test]
fn answers_from_a_solution_store_agree_with_the_oracle() {
    use rand::{Rng, SeedableRng};
    let store = super::Store::default().shared();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(38);
    let (rows, cols) = (4, 4);
    let geometry: Geometry<u64> = Geometry::new(rows, cols);
    let coord = |cell: usize| Coord {
        row: cell / cols,
        col: cell % cols,
    };
    let mut play_at_random = |stones: &mut [u64; 2], board: &mut Board, to_move: usize| {
        let empty: Vec<usize> = (0..rows * cols)
            .filter(|&cell| (stones[0] | stones[1]) & (1 << cell) == 0)
            .collect();
        let cell = empty[rng.random_range(0..empty.len())];
        stones[to_move] |= 1 << cell;
        board.set(coord(cell), Some(Stone::ALL[to_move]));
    };
    let mut from_store = 0;
    for _game in 0..12 {
        let mut board = Board::with_shape(rows, cols);
        let mut stones = [0u64, 0u64];
        for turn in 0..12 {
            let to_move = turn % 2;
            if (0..2).any(|side| geometry.joins(stones[side], geometry.sides(side == 0))) {
                break;
            }
            if turn < 4 {
                play_at_random(&mut stones, &mut board, to_move);
                continue;
            }
            let mut solver = Solver::new(rows, cols, &Settings::default()).unwrap();
            solver.keep_proofs_in(&store);
            let solution = solver.solve(&board, Stone::ALL[to_move]);
            let expected: Vec<Coord> = super::oracle::winning_moves(&geometry, stones, to_move)
                .into_iter()
                .map(coord)
                .collect();
            assert_eq!(solution.winning_moves, expected, "{board}");
            if solution.stats.nodes
                < solution.winning_moves.len() as u64 + solution.losing_moves.len() as u64
            {
                from_store += 1;
            }
            play_at_random(&mut stones, &mut board, to_move);
        }
    }
    assert!(!store.lock().is_empty());
    assert!(from_store > 0, "no position was answered from the store");
}

/// 4 x 4, Blue a1 b1, Red d1 c4, Red to move: a3 is permanently inferior for Blue, and with
/// it Blue's, a4 and b4 are Red's captured pair; yet Red's a4 spoils Blue's a3 and wins where
/// passing does not. The complete set must search it, not take it for a pass.
#[test]
fn a_move_that_spoils_the_opponents_permanently_inferior_cell_is_no_pass() {
    check_moves_against_oracle(4, 4, 1 << 3 | 1 << 14, 0b11, 0);
}

/// A random board of 3 x 3 to 5 x 5, from 30% to 70% of it stones, half each colour's; `None`
/// when more than 12 cells are empty (the oracle's limit here) or either colour has joined
/// its sides.
fn crowded_small_position(rng: &mut impl rand::Rng) -> Option<(Geometry<u64>, [u64; 2])> {
    let (rows, cols) = (rng.random_range(3..=5), rng.random_range(3..=5));
    let geometry: Geometry<u64> = Geometry::new(rows, cols);
    let density = rng.random_range(30..70);
    let mut stones = [0u64; 2];
    for cell in 0..rows * cols {
        let d = rng.random_range(0..100);
        if d < density / 2 {
            stones[0] |= u64::bit(cell);
        } else if d < density {
            stones[1] |= u64::bit(cell);
        }
    }
    let empty = geometry.board & !(stones[0] | stones[1]);
    let over = (0..2).any(|side| geometry.joins(stones[side], geometry.sides(side == 0)));
    (empty.count() <= 12 && !over).then_some((geometry, stones))
}

/// Permanently inferior cells on a fixed sample of small positions (a few thousand boards
/// from 3 x 3 to 5 x 5, many of them with such cells): filling one for its colour keeps the
/// winner whoever moves, and keeps it after any move by that colour (so the search may fill
/// them in and play on: the colour's later moves never spoil its own fill-in).
#[test]
fn permanently_inferior_cells_keep_the_winner_and_stay_so_after_their_owners_moves() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(37);
    let mut found = 0;
    while found < 150 {
        let Some((geometry, stones)) = crowded_small_position(&mut rng) else {
            continue;
        };
        let (rows, cols) = (geometry.rows, geometry.cols);
        let empty = geometry.board & !(stones[0] | stones[1]);
        let dead = inferior::dead_cells(&geometry, stones);
        for colour in 0..2 {
            // The first one in the position itself that is not dead anyway.
            let Some(cell) = (empty & !dead)
                .iter()
                .find(|&cell| inferior::is_perm_inferior(&geometry, stones, cell, colour))
            else {
                continue;
            };
            found += 1;
            let shown = format!(
                "{rows}x{cols} red {:b} blue {:b} cell {cell}",
                stones[0], stones[1]
            );
            let mut filled = stones;
            filled[colour] |= u64::bit(cell);
            for to_move in 0..2 {
                assert_eq!(
                    super::oracle::wins(&geometry, stones, to_move),
                    super::oracle::wins(&geometry, filled, to_move),
                    "{shown}, to move {to_move}"
                );
            }
            for other in (empty & !u64::bit(cell)).iter() {
                let (mut after, mut both) = (stones, filled);
                after[colour] |= u64::bit(other);
                both[colour] |= u64::bit(other);
                assert_eq!(
                    super::oracle::wins(&geometry, after, colour ^ 1),
                    super::oracle::wins(&geometry, both, colour ^ 1),
                    "{shown}, after {other}"
                );
            }
        }
    }
}

/// Captured threes on a fixed sample of small positions (boards from 3 x 3 to 5 x 5 with up
/// to 12 empty cells, a few hundred of them with a three filled, mixed fills among them):
/// the fill-in keeps the winner whoever moves, and every move that wins the filled position
/// wins the position. The fill-in without the threes is checked by
/// `check_inferior_against_oracle`; here each position's threes are what changes.
#[test]
fn captured_threes_keep_the_winner_whoever_moves() {
    use super::inferior::Rules;
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(53);
    let (mut found, mut mixed) = (0, 0);
    while found < 300 || mixed < 50 {
        let Some((geometry, stones)) = crowded_small_position(&mut rng) else {
            continue;
        };
        let (rows, cols) = (geometry.rows, geometry.cols);
        let rules = Rules::ALL.cutting_off(false);
        let fill = inferior::fill_in_with(&geometry, stones, rules);
        if fill.threes == [0, 0] {
            continue;
        }
        found += 1;
        mixed += usize::from(fill.threes[0] != 0 && fill.threes[1] != 0);
        let shown = format!(
            "{rows}x{cols} red {:b} blue {:b}, threes {:b} {:b}",
            stones[0], stones[1], fill.threes[0], fill.threes[1]
        );
        for to_move in 0..2 {
            let wins = |stones| super::oracle::wins(&geometry, stones, to_move);
            assert_eq!(
                wins(fill.stones),
                wins(stones),
                "{shown}, to move {to_move}"
            );
            let move_wins = |stones: [u64; 2], at: usize| {
                let mut stones = stones;
                stones[to_move] |= u64::bit(at);
                !super::oracle::wins(&geometry, stones, to_move ^ 1)
            };
            let open = geometry.board & !(fill.stones[0] | fill.stones[1]);
            for cell in open.iter().filter(|&cell| move_wins(fill.stones, cell)) {
                assert!(move_wins(stones, cell), "{shown}: {cell} wins filled only");
            }
        }
    }
}

/// The search, with and without every technique, against the exhaustive search on positions
/// with an acute corner a third-row stone takes ([`corners`](super::corners)): the winner,
/// and the complete set of winning moves.
#[test]
fn positions_with_an_acute_corner_agree_with_the_oracle() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(67);
    let mut found = 0;
    while found < 150 {
        let Some(position) = super::corners::tests::cornered(&mut rng) else {
            continue;
        };
        found += 1;
        let (geometry, stones) = (position.geometry, position.stones);
        let (rows, cols) = (geometry.rows, geometry.cols);
        let to_move = found % 2;
        check_against_oracle(rows, cols, stones[0], stones[1], to_move);
        check_moves_against_oracle(rows, cols, stones[0], stones[1], to_move);
    }
}

/// Writes positions a search leaves open (no technique decides them) to the file `SAMPLE`
/// names, for `benches/benzene_probe.py --from` to ask Benzene's connections about: every
/// `EVERY`-th (400) of the search for the winner of the 8 x 8 board after `OPENING` (c1), a
/// line each, its moves Red first (the performance page, "where Benzene's lead comes from").
#[test]
#[ignore]
fn sample_open_positions() {
    let Ok(path) = std::env::var("SAMPLE") else {
        eprintln!("SAMPLE=FILE names the file to write");
        return;
    };
    let every = setting("EVERY", 400);
    let opening = setting("OPENING", "c1".to_string());
    let geometry: Geometry<u64> = Geometry::new(8, 8);
    let mut search = Search::new(geometry, 512, Techniques::default());
    let at = parse_cell(&opening).unwrap();
    let red = u64::bit(geometry.index(at.row, at.col));
    let mut position = Position::new([red, 0], Stone::Blue, &search.keys);
    search.sample_open(every);
    assert!(search.solve(&mut position).is_some());
    let name = |cell: usize| {
        cell_name(Coord {
            row: cell / geometry.cols,
            col: cell % geometry.cols,
        })
        .to_string()
    };
    let mut lines = String::new();
    for [red, blue] in search.take_sample() {
        let (red, blue): (Vec<usize>, Vec<usize>) = (red.iter().collect(), blue.iter().collect());
        // Red's stones and Blue's by turns (Red moved first and the sides took turns since).
        assert!(red.len() == blue.len() || red.len() == blue.len() + 1);
        let moves: Vec<String> = (0..red.len())
            .flat_map(|i| std::iter::once(red[i]).chain(blue.get(i).copied()))
            .map(name)
            .collect();
        lines += &(moves.join(" ") + "\n");
    }
    std::fs::write(&path, lines).unwrap();
}

/// Arbiter's connections and fill-in beside Benzene's on the positions
/// `benches/benzene_probe.py` wrote to the file `PROBE` names: how many positions each
/// decides (won or lost by a connection) that the other leaves open, with arbiter's own
/// fill-in and with Benzene's, and how many cells each fills (the performance page).
#[test]
#[ignore]
fn probe_against_benzene() {
    use super::vc::Connections;
    let Ok(path) = std::env::var("PROBE") else {
        eprintln!("PROBE=FILE names benches/benzene_probe.py's output");
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let geometry: Geometry<u64> = Geometry::new(8, 8);
    // LADDERS=true adds the ladders found whole (`Techniques::ladders`), TEMPLATES=false
    // leaves out the edge templates (`Techniques::templates`).
    let mut vcs = Connections::new(
        &geometry,
        setting("LADDERS", Techniques::default().ladders),
        setting("TEMPLATES", Techniques::default().templates),
    );
    let cells = |text: &str| named(&geometry, text);
    let mut verdict = |stones: [u64; 2], me: usize| {
        let filled = super::inferior::fill_in(&geometry, stones).stones;
        let mine = vcs.build(&geometry, me == 0, filled[me], filled[1 - me]);
        if mine.joined || mine.semi.is_some() || mine.full.is_some() {
            return "win";
        }
        let theirs = vcs.build(&geometry, me == 1, filled[1 - me], filled[me]);
        if theirs.joined || theirs.full.is_some() {
            "loss"
        } else {
            "open"
        }
    };
    let (mut only_benzene, mut only_arbiter) = ([0; 2], [0; 2]);
    let (mut benzene_fills, mut arbiter_fills, mut positions) = (0, 0, 0);
    for line in text.lines() {
        let parts: Vec<&str> = line.split(" | ").collect();
        let moves: Vec<&str> = parts[0].split_whitespace().collect();
        let mut stones = [0u64; 2];
        for (i, name) in moves.iter().enumerate() {
            stones[i % 2] |= cells(name);
        }
        let benzene_fill = [cells(parts[1]), cells(parts[2])];
        let me = moves.len() % 2;
        let theirs = parts[3].trim();
        let own = verdict(stones, me);
        let given = verdict(
            [stones[0] | benzene_fill[0], stones[1] | benzene_fill[1]],
            me,
        );
        for (k, ours) in [own, given].into_iter().enumerate() {
            only_benzene[k] += usize::from(ours == "open" && theirs != "open");
            only_arbiter[k] += usize::from(ours != "open" && theirs == "open");
        }
        let filled = super::inferior::fill_in(&geometry, stones).stones;
        arbiter_fills += ((filled[0] | filled[1]) & !(stones[0] | stones[1])).count_ones();
        benzene_fills += (benzene_fill[0] | benzene_fill[1]).count_ones();
        positions += 1;
    }
    println!(
        "{positions} positions; cells filled: Benzene {benzene_fills}, arbiter {arbiter_fills}"
    );
    for (k, fill) in ["arbiter's fill-in", "Benzene's fill-in"]
        .iter()
        .enumerate()
    {
        println!(
            "with {fill}: decided by Benzene only {}, by arbiter only {}",
            only_benzene[k], only_arbiter[k]
        );
    }
}
