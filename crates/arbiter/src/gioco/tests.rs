//! Il Gioco dell'X against `docs/src/gioco.md`, rule by rule, and against a brute force.

use super::*;
use crate::grid::Coord;
use proptest::prelude::*;

fn board(rows: &str) -> Board {
    rows.parse().unwrap()
}

fn c(row: usize, col: usize) -> Coord {
    Coord { row, col }
}

#[test]
fn sample_boards_give_the_statement_answers() {
    assert_eq!(winner(&board("bbwb wwbw bbwb bwww")), Stone::White);
    assert_eq!(winner(&board("bbwb wwbw bwwb wwbb")), Stone::Black);
}

#[test]
fn adjacency_is_the_falling_diagonal() {
    // The worked board of the spec: (2,0) does not touch (1,1) under this adjacency, so Black
    // is stopped and White goes (1,0) -> (2,1) -> (2,2) -> (2,3).
    let j = judge(&board("bbwb wbbb bwww wbwb"));
    assert_eq!(j.winner, Stone::White);
    assert_eq!(j.chain.unwrap(), [c(1, 0), c(2, 1), c(2, 2), c(2, 3)]);
    // (0,0)-(1,1) are neighbours; (0,1)-(1,0) are not.
    assert_eq!(winner(&board("bw wb")), Stone::Black);
    assert_eq!(winner(&board("wb bw")), Stone::White);
}

#[test]
fn black_wins_by_joining_top_and_bottom() {
    let j = judge(&board("wbw wbw wbw"));
    assert_eq!(j.winner, Stone::Black);
    assert_eq!(j.chain.unwrap(), [c(0, 1), c(1, 1), c(2, 1)]);
}

#[test]
fn otherwise_white_wins_by_joining_left_and_right() {
    let j = judge(&board("bbb www bbb"));
    assert_eq!(j.winner, Stone::White);
    assert_eq!(j.chain.unwrap(), [c(1, 0), c(1, 1), c(1, 2)]);
}

#[test]
fn a_one_cell_board_is_won_by_its_colour() {
    assert_eq!(winner(&board("b")), Stone::Black);
    assert_eq!(winner(&board("w")), Stone::White);
}

#[test]
fn cells_must_be_black_or_white() {
    let err = "bw b.".parse::<Board>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 5: expected 'b' or 'w', found '.'"
    );
}

// ---- Brute force from the spec's neighbour list.

fn plain(b: &Board) -> Vec<Vec<Stone>> {
    (0..b.size())
        .map(|r| (0..b.size()).map(|col| b.get(c(r, col))).collect())
        .collect()
}

fn spec_neighbours(n: usize, at: Coord) -> impl Iterator<Item = Coord> {
    [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)]
        .into_iter()
        .filter_map(move |(dr, dc)| {
            let r = at.row.checked_add_signed(dr)?;
            let col = at.col.checked_add_signed(dc)?;
            (r < n && col < n).then_some(c(r, col))
        })
}

fn brute_connected(p: &[Vec<Stone>], stone: Stone) -> bool {
    let n = p.len();
    let starts = |at: &Coord| match stone {
        Stone::Black => at.row == 0,
        Stone::White => at.col == 0,
    };
    let ends = |at: &Coord| match stone {
        Stone::Black => at.row == n - 1,
        Stone::White => at.col == n - 1,
    };
    let mut seen = vec![vec![false; n]; n];
    let mut todo: Vec<Coord> = (0..n * n)
        .map(|i| c(i / n, i % n))
        .filter(|at| starts(at) && p[at.row][at.col] == stone)
        .collect();
    for at in &todo {
        seen[at.row][at.col] = true;
    }
    while let Some(at) = todo.pop() {
        if ends(&at) {
            return true;
        }
        for nb in spec_neighbours(n, at) {
            if p[nb.row][nb.col] == stone && !seen[nb.row][nb.col] {
                seen[nb.row][nb.col] = true;
                todo.push(nb);
            }
        }
    }
    false
}

fn check(b: &Board) {
    let p = plain(b);
    let (black, white) = (
        brute_connected(&p, Stone::Black),
        brute_connected(&p, Stone::White),
    );
    assert!(
        black != white,
        "the Hex theorem: exactly one colour connects\n{b}"
    );
    let j = judge(b);
    assert_eq!(
        j.winner,
        if black { Stone::Black } else { Stone::White },
        "\n{b}"
    );
    assert_eq!(winner(b), j.winner);
    let chain = j.chain.expect("the winner has a chain");
    let n = b.size();
    assert!(chain.iter().all(|&at| b.get(at) == j.winner));
    let (first, last) = (chain[0], *chain.last().unwrap());
    match j.winner {
        Stone::Black => assert!(first.row == 0 && last.row == n - 1),
        Stone::White => assert!(first.col == 0 && last.col == n - 1),
    }
    for pair in chain.windows(2) {
        assert!(
            spec_neighbours(n, pair[0]).any(|nb| nb == pair[1]),
            "chain is connected"
        );
    }
}

fn random_board() -> impl Strategy<Value = Board> {
    (1usize..=14, 1u8..=9)
        .prop_flat_map(|(n, density)| {
            (
                Just(n),
                prop::collection::vec(0u8..10, n * n),
                Just(density),
            )
        })
        .prop_map(|(n, cells, density)| {
            let mut b = Board::new(n, Stone::White);
            for (i, &v) in cells.iter().enumerate() {
                if v < density {
                    b.set(c(i / n, i % n), Stone::Black);
                }
            }
            b
        })
}

/// One long winding chain of `stone` (a serpentine), the rest the other colour, with a few
/// cells flipped so that the chain may break.
fn winding_board() -> impl Strategy<Value = Board> {
    (
        2usize..=16,
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..4),
    )
        .prop_map(|(n, black, flips)| {
            let (path, rest) = if black {
                (Stone::Black, Stone::White)
            } else {
                (Stone::White, Stone::Black)
            };
            let mut b = Board::new(n, rest);
            for i in 0..n {
                for j in 0..n {
                    // Black winds along rows, joined at alternate ends; White along columns.
                    let on_path =
                        i % 2 == 0 || (i % 4 == 1 && j == n - 1) || (i % 4 == 3 && j == 0);
                    if on_path {
                        let at = if black { c(i, j) } else { c(j, i) };
                        b.set(at, path);
                    }
                }
            }
            for f in flips {
                let at = c(f as usize % n, (f as usize / n) % n);
                let now = b.get(at);
                b.set(
                    at,
                    if now == Stone::Black {
                        Stone::White
                    } else {
                        Stone::Black
                    },
                );
            }
            b
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn hex_theorem_and_judge_on_random_full_boards(b in random_board()) {
        check(&b);
    }

    #[test]
    fn hex_theorem_and_judge_on_winding_chains(b in winding_board()) {
        check(&b);
    }
}

#[test]
fn a_two_thousand_cell_serpentine_needs_no_recursion() {
    let n = 2000;
    let mut b = Board::new(n, Stone::White);
    for i in (0..n).step_by(2) {
        for j in 0..n {
            b.set(c(i, j), Stone::Black);
        }
    }
    for i in (1..n).step_by(2) {
        b.set(c(i, if i % 4 == 1 { n - 1 } else { 0 }), Stone::Black);
    }
    let j = judge(&b);
    assert_eq!(j.winner, Stone::Black);
    assert!(j.chain.unwrap().len() > n * n / 3);
}

/// Boards of at least 2^20 cells have the two walks of [`judge`] on threads of their own
/// (`connect`), where the contest's question ([`winner`]) takes one walk: both agree with the
/// brute force there too.
#[cfg(feature = "generate")]
#[test]
fn big_boards_walked_on_two_threads_are_judged_as_the_brute_force_judges_them() {
    use super::generate::{self, Mode};
    use rand::SeedableRng;

    let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
    for mode in Mode::ALL {
        check(&generate::board(1100, mode, &mut rng));
    }
}
