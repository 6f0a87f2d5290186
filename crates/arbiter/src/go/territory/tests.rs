//! Go scoring against `docs/src/go.md`, rule by rule, against hand-counted positions under
//! area and territory scoring, and against a plain flood fill on random boards.

use super::*;
use crate::go::{Occupied, generate, stanford};
use crate::grid::Coord;
use proptest::prelude::*;

fn position(diagram: &str) -> Position {
    diagram.parse().unwrap()
}

fn c(row: usize, col: usize) -> Coord {
    Coord { row, col }
}

#[test]
fn a_region_touching_only_black_is_black_territory() {
    let p = position(".X.\nXX.\n...");
    let t = territory(&p);
    assert_eq!(t.region_at(c(0, 0)).unwrap().owner(), Some(Stone::Black));
    assert_eq!(t.region_at(c(0, 0)).unwrap().points, 1);
    assert_eq!(t.region_at(c(1, 1)), None, "a stone is in no region");
}

#[test]
fn a_region_touching_only_white_is_white_territory() {
    let t = territory(&position("O.\n.."));
    assert_eq!(t.regions().len(), 1);
    assert_eq!(t.regions()[0].owner(), Some(Stone::White));
    assert_eq!(t.points_of(Stone::White), 3);
}

#[test]
fn a_region_touching_both_colours_is_neutral() {
    let t = territory(&position("X.O\n...\n..."));
    assert_eq!(t.regions().len(), 1);
    assert_eq!(t.regions()[0].owner(), None);
    assert_eq!(
        (t.points_of(Stone::Black), t.points_of(Stone::White)),
        (0, 0)
    );
}

#[test]
fn a_region_touching_no_stone_is_neutral() {
    let t = territory(&position("...\n...\n..."));
    assert_eq!(t.regions()[0].owner(), None);
    assert_eq!(t.regions()[0].points, 9);
}

#[test]
fn regions_are_four_connected_diagonals_do_not_join_or_bound() {
    // The two empty corners touch only diagonally: two regions. The white stone at (1,1)
    // touches (0,0) only diagonally, so it does not bound that region.
    let p = position(".X\nXO");
    let t = territory(&p);
    assert_eq!(t.regions().len(), 1);
    assert_eq!(t.region_at(c(0, 0)).unwrap().owner(), Some(Stone::Black));
    let p = position(".X.\nX.X\n.X.");
    assert_eq!(territory(&p).regions().len(), 5);
}

#[test]
fn stones_and_komi_do_not_count_in_the_contest_rule() {
    // Black has 8 stones and 1 point; White has 1 stone and 0 points: Black by 1.
    let s = score(&position("XXX\nX.X\nXXX"));
    assert_eq!(
        s.verdict(),
        ContestVerdict::Win {
            winner: Stone::Black,
            by: 1
        }
    );
    // The middle column touches both colours: neutral, although the stones differ in number.
    let s = score(&position("XXO\nX.O\nX.O"));
    assert_eq!(s.verdict().to_string(), "Draw");
}

#[test]
fn the_statement_sample_scores_as_published() {
    assert_eq!(score(&position("X")).verdict().to_string(), "Draw");
    assert_eq!(
        score(&position("O.\n..")).verdict().to_string(),
        "White wins by 3"
    );
    // The third sample case, placed from its pairs.
    let mut p = Position::new(5);
    let black = [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 1),
        (2, 3),
        (3, 1),
        (3, 3),
        (4, 1),
        (4, 3),
        (5, 1),
        (5, 2),
        (5, 3),
    ];
    let white = [(1, 4), (2, 4), (3, 4), (3, 5)];
    for (stone, list) in [(Stone::Black, &black[..]), (Stone::White, &white[..])] {
        for &(r, col) in list {
            p.place(c(r - 1, col - 1), stone).unwrap();
        }
    }
    assert_eq!(score(&p).verdict().to_string(), "Black wins by 1");
}

#[test]
fn two_stones_on_one_point_are_refused() {
    let mut p = Position::new(3);
    p.place(c(1, 1), Stone::Black).unwrap();
    let err = p.place(c(1, 1), Stone::White).unwrap_err();
    assert_eq!(
        err,
        Occupied {
            at: c(1, 1),
            by: Stone::Black
        }
    );
    assert_eq!(p.get(c(1, 1)), Some(Stone::Black));
}

/// A finished 5 x 5 game counted by hand:
///
/// ```text
/// . X O . .
/// X X O . .
/// . X O O O
/// X X O . .
/// . X O . .
/// ```
/// Black: 7 stones (column 1, and (1,0), (3,0)) and 3 points ((0,0), (2,0), (4,0)).
/// White: 7 stones (column 2, and (2,3), (2,4)) and 8 points (the two 2 x 2 corners).
#[test]
fn area_and_territory_scoring_on_a_finished_game() {
    let p = position(".XO..\nXXO..\n.XOOO\nXXO..\n.XO..");
    let s = score(&p);
    assert_eq!(
        s.black,
        Tally {
            stones: 7,
            territory: 3
        }
    );
    assert_eq!(
        s.white,
        Tally {
            stones: 7,
            territory: 8
        }
    );
    // Territory: 3 against 8.
    assert_eq!(s.result(Rules::Territory, Komi::ZERO).to_string(), "W+5");
    assert_eq!(
        s.result(Rules::Territory, "6.5".parse().unwrap())
            .to_string(),
        "W+11.5"
    );
    // Area: 10 against 15.
    assert_eq!(s.result(Rules::Area, Komi::ZERO).to_string(), "W+5");
    assert_eq!(
        s.result(Rules::Area, "7.5".parse().unwrap()).to_string(),
        "W+12.5"
    );
    assert_eq!(
        s.result(Rules::Area, "-5".parse().unwrap()).to_string(),
        "0"
    );
}

#[test]
fn area_and_territory_scoring_differ_when_stone_counts_differ() {
    // Black has a wall of 3 stones and 3 points; White has 2 stones and no territory (the
    // corner (0, 2) touches both colours).
    let p = position(".X.\n.XO\n.XO");
    let s = score(&p);
    assert_eq!(
        s.black,
        Tally {
            stones: 3,
            territory: 3
        }
    );
    assert_eq!(
        s.white,
        Tally {
            stones: 2,
            territory: 0
        }
    );
    assert_eq!(s.result(Rules::Territory, Komi::ZERO).to_string(), "B+3");
    assert_eq!(s.result(Rules::Area, Komi::ZERO).to_string(), "B+4");
    assert_eq!(s.result(Rules::Area, "4".parse().unwrap()).to_string(), "0");
    assert_eq!(
        s.result(Rules::Area, "4.5".parse().unwrap()).to_string(),
        "W+0.5"
    );
}

#[test]
fn komi_is_whole_or_half_points() {
    for (text, halves, shown) in [
        ("6.5", 13, "6.5"),
        ("7", 14, "7"),
        ("-0.5", -1, "-0.5"),
        ("+3.50", 7, "3.5"),
        ("0", 0, "0"),
    ] {
        let komi: Komi = text.parse().unwrap();
        assert_eq!(komi, Komi::from_halves(halves));
        assert_eq!(komi.to_string(), shown);
    }
    for bad in [
        "",
        "6.25",
        "abc",
        "1e3",
        ".5",
        "--1",
        "-",
        "99999999999999999",
    ] {
        assert!(bad.parse::<Komi>().is_err(), "{bad}");
    }
}

// ---- Brute force: for every empty point, flood its region from scratch.

fn brute_scores(p: &Position) -> (usize, usize) {
    let n = p.size();
    let (mut black, mut white) = (0, 0);
    for r in 0..n {
        for col in 0..n {
            if p.get(c(r, col)).is_some() {
                continue;
            }
            let mut seen = vec![vec![false; n]; n];
            let mut todo = vec![c(r, col)];
            seen[r][col] = true;
            let (mut b, mut w) = (false, false);
            while let Some(at) = todo.pop() {
                let around = [(0, 1), (1, 0), (0, -1), (-1, 0)];
                for (dr, dc) in around {
                    let (Some(rr), Some(cc)) =
                        (at.row.checked_add_signed(dr), at.col.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if rr >= n || cc >= n {
                        continue;
                    }
                    match p.get(c(rr, cc)) {
                        Some(Stone::Black) => b = true,
                        Some(Stone::White) => w = true,
                        None if !seen[rr][cc] => {
                            seen[rr][cc] = true;
                            todo.push(c(rr, cc));
                        }
                        None => {}
                    }
                }
            }
            black += usize::from(b && !w);
            white += usize::from(w && !b);
        }
    }
    (black, white)
}

fn random_position() -> impl Strategy<Value = Position> {
    (1usize..=12, 0u8..=10)
        .prop_flat_map(|(n, density)| {
            (
                Just(n),
                Just(density),
                prop::collection::vec(0u8..20, n * n),
            )
        })
        .prop_map(|(n, density, cells)| {
            let mut p = Position::new(n);
            for (i, &v) in cells.iter().enumerate() {
                if v < 2 * density {
                    let stone = if v % 2 == 0 {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    p.place(c(i / n, i % n), stone).unwrap();
                }
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn territory_agrees_with_a_plain_flood_fill(p in random_position()) {
        let s = score(&p);
        prop_assert_eq!((s.black.territory, s.white.territory), brute_scores(&p));
        prop_assert_eq!(score_by_points(&p), s, "the point-by-point pass for large boards");
        prop_assert_eq!(score_by_runs(&p), s);
        let t = territory(&p);
        prop_assert_eq!((t.points_of(Stone::Black), t.points_of(Stone::White)), brute_scores(&p));
        let empty: usize = t.regions().iter().map(|r| r.points).sum();
        let n = p.size();
        prop_assert_eq!(empty + s.black.stones + s.white.stones, n * n);
    }
}

#[test]
fn boards_past_the_run_limit_score_point_by_point_and_agree() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(70);
    for mode in generate::Mode::ALL {
        let p = generate::position(RUNS_UP_TO + 8, mode, &mut rng);
        let s = score(&p);
        assert_eq!(
            (s.black.territory, s.white.territory),
            brute_scores(&p),
            "{mode:?}"
        );
        assert_eq!(s, score_of(&p, &territory(&p)));
    }
}

/// Every case of `text` as read (each position's diagram, or the error's message), through a
/// reader buffer of `capacity` bytes.
fn read_all(text: &[u8], capacity: usize) -> Vec<Result<String, String>> {
    let reader = std::io::BufReader::with_capacity(capacity, text);
    stanford::cases(reader)
        .map(|case| case.map(|p| format!("{p:?}")).map_err(|e| e.to_string()))
        .collect()
}

/// A contest file of random positions, then up to three edits: each replaces, inserts or
/// removes one byte.
fn edited_file() -> impl Strategy<Value = Vec<u8>> {
    let file = (prop::collection::vec(random_position(), 1..5)).prop_map(|positions| {
        let mut text = Vec::new();
        for p in &positions {
            stanford::write_case(&mut text, p).unwrap();
        }
        text.extend_from_slice(b"0\n");
        text
    });
    crate::input::edits::edited(file, b"0123456789 \n\r\txX")
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

    /// Cases cut for threads, many to a piece, and read back from their texts, against the
    /// cases read in the stream: the same verdicts and the same first error, with reader
    /// buffers that cut some cases (read in the stream then) and that hold many.
    #[test]
    fn cases_cut_for_threads_read_back_as_in_the_stream(
        text in edited_file(),
        capacity in prop::sample::select(vec![100usize, 333, 1 << 16]),
    ) {
        crate::game::pieces_read_as_the_stream(&crate::go::Go::CONTEST, &text, capacity)?;
    }
}
