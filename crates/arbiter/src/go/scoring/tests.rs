//! Scoring by rule set against `docs/src/go.md`, rule by rule, on hand-checked
//! positions, and the relation between area and territory counting as a property.

use proptest::prelude::*;

use super::*;
use crate::go::board::Board;
use crate::go::rules::RuleSet::*;

/// A position from rows of `X`, `O` and `.`.
fn stones(rows: &[&str]) -> Position {
    let mut s = Position::rectangle(rows[0].len(), rows.len());
    for (row, line) in rows.iter().enumerate() {
        for (col, c) in line.bytes().enumerate() {
            let stone = match c {
                b'X' => Some(Stone::Black),
                b'O' => Some(Stone::White),
                _ => None,
            };
            s.set(Coord { row, col }, stone);
        }
    }
    s
}

fn terms(rules: RuleSet, komi_halves: i64, handicap: usize) -> Terms {
    Terms {
        rules,
        komi: Komi::from_halves(komi_halves),
        handicap,
    }
}

fn c(row: usize, col: usize) -> Coord {
    Coord { row, col }
}

/// Black walls off the left, White the right; one neutral column between.
const WALLED: [&str; 4] = ["..X.O..", "..X.O..", "..X.O..", "..X.O.."];

#[test]
fn territory_rules_count_territory_and_prisoners() {
    let scored = score(&stones(&WALLED), &[], [3, 1], terms(Japanese, 13, 0));
    assert_eq!((scored.black.territory, scored.white.territory), (8, 8));
    assert_eq!((scored.black.captures, scored.white.captures), (3, 1));
    // Black 8 + 3, White 8 + 1 + 6.5.
    assert_eq!(scored.result.to_string(), "W+4.5");
    assert_eq!(
        score(&stones(&WALLED), &[], [3, 1], terms(Korean, 13, 0)).result,
        scored.result,
        "Korean rules count as Japanese"
    );
}

#[test]
fn area_rules_count_stones_and_territory_not_prisoners() {
    for rules in [Chinese, Aga, NewZealand] {
        let scored = score(&stones(&WALLED), &[], [3, 1], terms(rules, 15, 0));
        // Black 4 stones + 8, White 4 + 8 + 7.5.
        assert_eq!(scored.result.to_string(), "W+7.5", "{rules}");
    }
}

#[test]
fn dead_stones_come_off_and_are_prisoners_of_the_other_side() {
    let mut rows = WALLED;
    rows[1] = ".OX.O..";
    let dead = [c(1, 1)];
    let japanese = score(&stones(&rows), &dead, [0, 0], terms(Japanese, 0, 0));
    assert_eq!(japanese.black.dead, 1);
    assert_eq!(
        japanese.black.territory, 8,
        "the dead stone's point is territory"
    );
    assert_eq!(japanese.result.to_string(), "B+1");
    let chinese = score(&stones(&rows), &dead, [0, 0], terms(Chinese, 0, 0));
    assert_eq!(
        chinese.result.to_string(),
        "0",
        "prisoners do not count under area rules"
    );
}

#[test]
fn tromp_taylor_counts_the_board_as_it_stands() {
    let mut rows = WALLED;
    rows[1] = ".OX.O..";
    let scored = score(&stones(&rows), &[c(1, 1)], [0, 0], terms(TrompTaylor, 0, 0));
    assert!(scored.dead.is_empty(), "dead stones stay");
    // The white stone makes Black's left region touch White: no territory there.
    assert_eq!(scored.black.territory, 0);
    assert_eq!(scored.white.stones, 5);
    assert_eq!(scored.result.to_string(), "W+9");
}

#[test]
fn handicap_compensation_follows_the_rule_set() {
    // An even position: White gets only the compensation.
    let even = ["XX..OO", "XX..OO"];
    for (rules, result) in [
        (Japanese, "0"),
        (Chinese, "W+4"),
        (Aga, "W+3"),
        (NewZealand, "0"),
    ] {
        let scored = score(&stones(&even), &[], [0, 0], terms(rules, 0, 4));
        assert_eq!(scored.result.to_string(), result, "{rules}");
    }
}

/// Two chains whose only liberties are the same two points: neither can fill one without
/// being taken (a seki without eyes).
const SHARED_SEKI: [&str; 4] = ["XX.OO", "XXX.O", "XOOOO", "XXXXO"];

/// Each chain has one eye, and they share one liberty (a seki with eyes).
const EYED_SEKI: [&str; 4] = ["XXXXO", ".XXOO", "XXXO.", "X.OOO"];

#[test]
fn a_seki_without_eyes_gives_no_territory_under_any_rules() {
    let japanese = score(&stones(&SHARED_SEKI), &[], [0, 0], terms(Japanese, 0, 0));
    assert_eq!(japanese.seki.len(), 18, "every stone is in the seki");
    assert!(
        japanese.seki_points.is_empty(),
        "the shared liberties are dame, as goscorer has them"
    );
    assert_eq!((japanese.black.territory, japanese.white.territory), (0, 0));
    let chinese = score(&stones(&SHARED_SEKI), &[], [0, 0], terms(Chinese, 0, 0));
    assert_eq!((chinese.black.stones, chinese.white.stones), (10, 8));
    assert_eq!(
        chinese.result.to_string(),
        "B+2",
        "the shared points are no one's"
    );
}

#[test]
fn a_seki_s_eyes_are_territory_under_area_rules_only() {
    let japanese = score(&stones(&EYED_SEKI), &[], [0, 0], terms(Japanese, 0, 0));
    // The eyes are the seki's own points; the shared liberty is dame.
    assert_eq!(japanese.seki_points, [c(1, 0), c(2, 4)]);
    assert_eq!((japanese.black.territory, japanese.white.territory), (0, 0));
    assert_eq!(japanese.result.to_string(), "0");
    let chinese = score(&stones(&EYED_SEKI), &[], [0, 0], terms(Chinese, 0, 0));
    assert_eq!((chinese.black.territory, chinese.white.territory), (1, 1));
    assert_eq!(chinese.result.to_string(), "B+3", "11 against 8");
}

#[test]
fn the_last_liberty_of_a_chain_in_atari_is_not_territory() {
    // Black's corner stone has one liberty, (0,1), inside Black's own area: Black must
    // still fill it, so under territory rules it is no one's.
    let rows = ["X.X..", "OXX..", "OOX..", "..X..", "..X.."];
    let japanese = score(&stones(&rows), &[], [0, 0], terms(Japanese, 0, 0));
    assert_eq!(japanese.fill, [c(0, 1)]);
    let chinese = score(&stones(&rows), &[], [0, 0], terms(Chinese, 0, 0));
    assert!(chinese.fill.is_empty(), "area rules are unaffected");
    assert_eq!(chinese.black.territory, japanese.black.territory + 1);
}

#[test]
fn a_false_eye_between_chains_the_enemy_can_attack_must_be_filled() {
    // (2,2) joins four black stones; White holds all four diagonals, and White can take a
    // stone's other liberty, (0,2), without being in atari there: a false eye to fill.
    let rows = [".......", ".OXO...", ".X.X...", ".OXO...", "......."];
    let japanese = score(&stones(&rows), &[], [0, 0], terms(Japanese, 0, 0));
    assert_eq!(japanese.fill, [c(2, 2)]);
    // The same point with no enemy on the diagonals is a real eye.
    let rows = [".......", "..X....", ".X.X...", "..X....", "......."];
    let japanese = score(&stones(&rows), &[], [0, 0], terms(Japanese, 0, 0));
    assert!(japanese.fill.is_empty());
    assert!(japanese.territory[2 * 7 + 2] == Some(Stone::Black));
}

/// A plain flood fill: each empty region's owner is the only colour next to it.
fn flood_owners(s: &Position) -> Vec<Option<Stone>> {
    let (w, h) = (s.width(), s.height());
    let mut owner = vec![None; w * h];
    let mut seen = vec![false; w * h];
    for start in 0..w * h {
        if seen[start] || s.get(c(start / w, start % w)).is_some() {
            continue;
        }
        let (mut region, mut colours, mut stack) = (Vec::new(), (false, false), vec![start]);
        seen[start] = true;
        while let Some(p) = stack.pop() {
            region.push(p);
            let (r, col) = (p / w, p % w);
            let mut next = Vec::new();
            if r > 0 {
                next.push(p - w);
            }
            if r + 1 < h {
                next.push(p + w);
            }
            if col > 0 {
                next.push(p - 1);
            }
            if col + 1 < w {
                next.push(p + 1);
            }
            for n in next {
                match s.get(c(n / w, n % w)) {
                    Some(Stone::Black) => colours.0 = true,
                    Some(Stone::White) => colours.1 = true,
                    None if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        let who = match colours {
            (true, false) => Some(Stone::Black),
            (false, true) => Some(Stone::White),
            _ => None,
        };
        for p in region {
            owner[p] = who;
        }
    }
    owner
}

/// A position reached by random legal play from an empty board: its stones and the
/// prisoners each side took.
fn played(width: usize, height: usize, moves: &[(usize, bool)]) -> (Position, [usize; 2]) {
    let mut board = Board::new(width, height);
    let mut captured = [0, 0];
    let mut mover = Stone::Black;
    for &(pick, pass) in moves {
        let empty: Vec<usize> = board
            .points()
            .filter(|&p| board.is_legal(p, mover))
            .collect();
        if !pass && !empty.is_empty() {
            let p = empty[pick % empty.len()];
            let played = board.play(p, mover);
            captured[crate::go::record::side(mover)] += played.captured;
        } else {
            board.pass();
        }
        mover = crate::go::board::other(mover);
    }
    let mut s = Position::rectangle(width, height);
    for p in board.points() {
        let (x, y) = board.point(p);
        s.set(c(y, x), board.stone(p));
    }
    (s, captured)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The rules say area and territory counting differ by the stones on the board, less
    /// the prisoners, plus the territory that only area counting gives (the eyes of a seki,
    /// the points still to be filled); and area counting's territory is the plain flood fill's.
    #[test]
    fn area_and_territory_results_differ_by_stones_less_prisoners(
        width in 2usize..8,
        height in 2usize..8,
        moves in proptest::collection::vec((0usize..1000, proptest::bool::weighted(0.05)), 0..120),
    ) {
        let (s, captured) = played(width, height, &moves);
        let japanese = score(&s, &[], captured, terms(Japanese, 0, 0));
        let chinese = score(&s, &[], captured, terms(Chinese, 0, 0));
        let lead = |scored: &Scored| scored.black.total.0 as i64 - scored.white.total.0 as i64;
        let diff = |b: usize, w: usize| 2 * (b as i64 - w as i64);
        let area_only = diff(
            chinese.black.territory - japanese.black.territory,
            chinese.white.territory - japanese.white.territory,
        );
        prop_assert_eq!(
            lead(&chinese) - lead(&japanese),
            diff(chinese.black.stones, chinese.white.stones)
                - diff(japanese.black.prisoners(), japanese.white.prisoners())
                + area_only
        );
        // Territory beyond area counting's comes only from seki and points to fill.
        if japanese.seki_points.is_empty() && japanese.fill.is_empty() {
            prop_assert_eq!(area_only, 0);
        }
        prop_assert_eq!(&chinese.territory, &flood_owners(&s));
    }
}

/// A board as goscorer's tests write it: `x` `o` stones, `b` `w` dead ones; its stones and
/// the dead ones' points.
fn goscorer_board(rows: &[&str]) -> (Position, Vec<Coord>) {
    let mut s = Position::rectangle(rows[0].len(), rows.len());
    let mut dead = Vec::new();
    for (row, line) in rows.iter().enumerate() {
        for (col, ch) in line.bytes().enumerate() {
            let stone = match ch {
                b'x' | b'b' => Some(Stone::Black),
                b'o' | b'w' => Some(Stone::White),
                _ => None,
            };
            s.set(c(row, col), stone);
            if ch == b'b' || ch == b'w' {
                dead.push(c(row, col));
            }
        }
    }
    (s, dead)
}

#[test]
fn goscorer_s_final_scores_under_territory_and_area_rules() {
    // The three boards of goscorer's `test_final_scoring` (its Python `test.py`), with the
    // totals its `final_territory_score` and `final_area_score` give them (false eyes not
    // scored, as arbiter never scores them).
    /// A board, the prisoners taken during the game, komi in half points, and goscorer's
    /// territory and area totals.
    type Case = ([&'static str; 5], [usize; 2], i64, [f64; 2], [f64; 2]);
    let boards: [Case; 4] = [
        (
            [
                ".xo.oxxo.",
                "x.o.oxo.o",
                "ooooxxo..",
                "xxxxxxooo",
                "....x.x.o",
            ],
            [0, 0],
            0,
            [4.0, 4.0],
            [21.0, 22.0],
        ),
        (
            [
                ".xo.oxxo.",
                "x.o.oxo.o",
                "ooooxxo..",
                "xxxxxxooo",
                "....x.x.o",
            ],
            [8, 6],
            7,
            [12.0, 13.5],
            [21.0, 25.5],
        ),
        (
            [
                ".xo.oxxo.",
                "x.o.oxo.o",
                "ooooxxob.",
                "xxxxxxooo",
                "w..wx.x.o",
            ],
            [0, 0],
            0,
            [6.0, 5.0],
            [21.0, 22.0],
        ),
        (
            [
                ".xo.oxxo.",
                "x.o.oxo.o",
                "ooooxxo..",
                "xxxxxxo.w",
                "....x.o..",
            ],
            [0, 0],
            0,
            [5.0, 8.0],
            [19.0, 24.0],
        ),
    ];
    for (rows, captured, komi_halves, territory, area) in boards {
        let (stones, dead) = goscorer_board(&rows);
        let japanese = score(&stones, &dead, captured, terms(Japanese, komi_halves, 0));
        let totals = |s: &Scored| [f64::from(s.black.total), f64::from(s.white.total)];
        assert_eq!(totals(&japanese), territory, "{rows:?}");
        let chinese = score(&stones, &dead, [0, 0], terms(Chinese, komi_halves, 0));
        assert_eq!(totals(&chinese), area, "{rows:?}");
    }
}

/// An unfinished position: every point that holds no living stone goes to the side the
/// estimate gives it, or to no one; no seki and nothing to fill, whatever the borders.
#[test]
fn an_unfinished_position_counts_the_owners_it_is_given() {
    let position = stones(&["X.O..", ".XO..", "XXOO.", "....O", "....."]);
    let width = 5;
    // Black owns the left two columns and its dead-looking stone at E2 is White's point.
    let owners: Vec<Option<Stone>> = (0..25)
        .map(|i| match i % width {
            0 | 1 => Some(Stone::Black),
            2 => None,
            _ => Some(Stone::White),
        })
        .collect();
    for rules in [Japanese, Chinese] {
        let scored = score_by_owners(&position, &[], [0, 0], terms(rules, 0, 0), &owners);
        assert!(scored.seki.is_empty() && scored.seki_points.is_empty() && scored.fill.is_empty());
        for (i, owner) in scored.territory.iter().enumerate() {
            let at = Coord {
                row: i / width,
                col: i % width,
            };
            let expected = if position.get(at).is_some() {
                None
            } else {
                owners[i]
            };
            assert_eq!(*owner, expected, "{at:?} under {rules:?}");
        }
        // Brute force: the territory counted is the owners' empty points.
        let empty_of = |stone| {
            (0..25)
                .filter(|&i| {
                    position
                        .get(Coord {
                            row: i / width,
                            col: i % width,
                        })
                        .is_none()
                        && owners[i] == Some(stone)
                })
                .count()
        };
        assert_eq!(scored.black.territory, empty_of(Stone::Black));
        assert_eq!(scored.white.territory, empty_of(Stone::White));
    }
}
