//! The search against the raw network and against itself.

use super::*;

/// A board from rows of `X`, `O` and `.`, the top row first.
fn board(rows: &str) -> Board {
    let rows: Vec<String> = rows
        .lines()
        .map(|l| l.split_whitespace().collect::<String>())
        .filter(|l| !l.is_empty())
        .collect();
    let mut b = Board::new(rows[0].len(), rows.len());
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.bytes().enumerate() {
            let stone = match c {
                b'X' => Stone::Black,
                b'O' => Stone::White,
                _ => continue,
            };
            let i = b.index(x, y);
            b.set(i, stone);
        }
    }
    b
}

/// Board positions in a settled frame: Black owns the top three rows behind its wall, White
/// the rest behind its own, and the question lies in White's part, at the bottom left.
const FRAME: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    O O O O O O O O O
    . . . . . . . . .";

/// The frame over `rows`, the board's last three rows.
fn framed(rows: &str) -> Board {
    board(&format!("{FRAME}\n{rows}"))
}

/// What the raw network and a search of `visits` say of the chain at `(x, y)`, with
/// `to_move` to move, under Tromp-Taylor rules with komi 7.5: how far the chain's own colour
/// owns its points (from -1 to 1), and the search's reading.
fn read(b: &Board, to_move: Stone, visits: u32, (x, y): (usize, usize)) -> (f32, f32, Reading) {
    let network = Network::bundled().expect("the built-in network");
    let game = Game::new(b.clone(), to_move, NetRules::of(RuleSet::TrompTaylor), 7.5);
    let raw = network.evaluate(&game, to_move).ownership;
    let mut search = Search::new(
        network,
        Settings {
            visits,
            ..Settings::default()
        },
    );
    let reading = search.read_game(&game, to_move);
    let index = b.index(x, y);
    let stones: Vec<usize> = b.stones(index).collect();
    let colour = b.stone(index).expect("a stone");
    let own = |map: &[f32]| {
        let sum: f32 = stones
            .iter()
            .map(|&s| {
                let (x, y) = b.point(s);
                map[y * b.width() + x]
            })
            .sum();
        let white = sum / stones.len() as f32;
        if colour == Stone::White {
            white
        } else {
            -white
        }
    };
    (own(&raw), own(&reading.ownership), reading)
}

/// The point (x, y) of a candidate move.
fn at(candidate: Option<&Candidate>) -> Option<(usize, usize)> {
    candidate.and_then(|c| c.at).map(|at| (at.col, at.row))
}

#[test]
fn a_group_that_needs_one_move_to_live_lives_with_it_to_move_and_dies_without() {
    // Black's five stones at the bottom left have a straight three of eye space (A1 B1 C1):
    // the one who plays its middle first decides.
    let b = framed(
        "O O O O O . . . .
         X X X X O . . . .
         . . . X O . . . .",
    );
    let (_, black_first, reading) = read(&b, Stone::Black, 200, (0, 7));
    assert_eq!(at(reading.best()), Some((1, 8)), "the vital point");
    assert!(black_first > 0.9, "{black_first}");
    let (raw, white_first, reading) = read(&b, Stone::White, 200, (0, 7));
    assert_eq!(at(reading.best()), Some((1, 8)), "the vital point");
    assert!(white_first < -0.9, "{white_first}");
    // The raw network leans the right way but is unsure (a likelihood below 0.9): the
    // search is sure.
    assert!(raw < 0.0 && raw.abs() < 0.8, "{raw}");
}

#[test]
fn a_stone_caught_in_a_ladder_is_read_dead_with_either_side_to_move() {
    // White's stone at C7, in Black's part, has two liberties: Black's atari from below drives
    // it along the diagonal into Black's wall; running first saves nothing.
    let b = board(
        ". . . . . . . . .
         . . X X . . . . .
         . X O . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X X X X X X X X X
         O O O O O O O O O
         . . . . . . . . .
         . . . . . . . . .",
    );
    let (_, black_first, reading) = read(&b, Stone::Black, 200, (2, 2));
    assert_eq!(
        at(reading.best()),
        Some((2, 3)),
        "the atari that starts the ladder"
    );
    assert!(black_first < -0.9, "{black_first}");
    let (_, white_first, reading) = read(&b, Stone::White, 200, (2, 2));
    assert!(white_first < -0.9, "{white_first}");
    // Running is no use: the search does not.
    assert_eq!(at(reading.best()), None);
}

#[test]
fn a_seki_keeps_both_chains_alive_and_their_shared_liberties_neutral() {
    // Black's seven stones and White's three inside share A1 and E1; whoever fills one is
    // captured, and White's three are too many to throw in.
    let b = framed(
        "O O O O O O O . .
         X X X X X X O . .
         . O O O . X O . .",
    );
    for to_move in [Stone::Black, Stone::White] {
        let (_, black, reading) = read(&b, to_move, 200, (0, 7));
        let (_, white, _) = read(&b, to_move, 200, (1, 8));
        assert!(black > 0.7 && white > 0.7, "{to_move:?}: {black} {white}");
        for x in [0, 4] {
            let shared = reading.ownership[8 * 9 + x];
            assert!(shared.abs() < 0.5, "{to_move:?}: ({x}, 8) {shared}");
        }
        // Nothing is worth playing: the search passes.
        assert_eq!(at(reading.best()), None, "{to_move:?}");
    }
    // With White to move the raw network doubts Black's chain; the search does not.
    let (raw, searched, _) = read(&b, Stone::White, 200, (0, 7));
    assert!(raw < 0.8 && searched > raw + 0.1, "{raw} {searched}");
}

#[test]
fn a_capturing_race_is_won_by_the_side_to_move() {
    // Black's seven stones have A1, D1 and E1; White's two inside have A1 and D1. Black to
    // move takes D1 and captures; White to move takes D1 and the rest is seki.
    let b = framed(
        "O O O O O O O . .
         X X X X X X O . .
         . O O . . X O . .",
    );
    let (_, inside, reading) = read(&b, Stone::Black, 200, (1, 8));
    assert_eq!(at(reading.best()), Some((3, 8)));
    assert!(inside < -0.9, "White's two are Black's: {inside}");
    let (raw_black, black, reading) = read(&b, Stone::White, 200, (0, 7));
    let (raw_inside, inside, _) = read(&b, Stone::White, 200, (1, 8));
    assert_eq!(at(reading.best()), Some((3, 8)));
    assert!(black > 0.5 && inside > 0.5, "seki: {black} {inside}");
    // The raw network is unsure of both (likelihoods below 0.9); the search, surer.
    assert!(raw_black < black && raw_inside < inside);
    assert!(
        raw_black < 0.8 && raw_inside < 0.8,
        "{raw_black} {raw_inside}"
    );
}

#[test]
fn a_search_makes_exactly_its_visits_and_reads_the_same_on_any_number_of_threads() {
    let b = framed(
        "O O O O O O O . .
         X X X X X X O . .
         . O O . . X O . .",
    );
    let network = Network::bundled().unwrap();
    let game = Game::new(b, Stone::White, NetRules::of(RuleSet::Japanese), 6.5);
    let reading = |visits, batch, threads| {
        let settings = Settings {
            visits,
            batch,
            threads,
            ..Settings::default()
        };
        Search::new(network, settings).read_game(&game, Stone::White)
    };
    for visits in [1, 7, 50] {
        let one = reading(visits, 8, 1);
        assert_eq!(one.visits, visits);
        let sum: u32 = one.moves.iter().map(|c| c.visits).sum();
        assert_eq!(sum, visits - 1, "the root's own visit and its children's");
        for threads in [2, 3] {
            assert_eq!(
                reading(visits, 8, threads),
                one,
                "{visits} visits, {threads} threads"
            );
        }
        assert_eq!(reading(visits, 8, 1), one, "the same twice");
    }
}

#[test]
fn one_visit_is_the_raw_network() {
    let b = framed(
        "O O O O O . . . .
         X X X X O . . . .
         . . . X O . . . .",
    );
    let network = Network::bundled().unwrap();
    let game = Game::new(b, Stone::Black, NetRules::of(RuleSet::Chinese), 7.5);
    let raw = network.evaluate(&game, Stone::Black);
    // A batch of one, as the network evaluates a position alone.
    let reading = Search::new(
        network,
        Settings {
            visits: 1,
            batch: 1,
            ..Settings::default()
        },
    )
    .read_game(&game, Stone::Black);
    assert_eq!(reading.ownership, raw.ownership);
    assert_eq!(reading.white_win, raw.white_win);
    assert_eq!(reading.white_lead, raw.white_lead);
    assert!(reading.moves.is_empty());
}

#[test]
fn a_play_out_captures_the_dead_and_ends_with_two_passes() {
    // White's stone at B1, inside Black's group with an eye at E1, has no life.
    let b = framed(
        "O O O O O O O . .
         X X X X X X O . .
         . O . X . X O . .",
    );
    let network = Network::bundled().unwrap();
    let game = Game::new(
        b.clone(),
        Stone::White,
        NetRules::of(RuleSet::TrompTaylor),
        7.5,
    );
    let weight: f32 = std::env::var("W")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let settings = Settings {
        visits: 32,
        score_weight: weight,
        ..Settings::default()
    };
    let played = Search::new(network, settings).play_out(&game, Stone::White, 200, |_, _| false);
    assert!(played.ended, "two passes");
    let end = &played.board;
    assert_ne!(end.stone(end.index(1, 8)), Some(Stone::White));
    // Black's group and the frame stand.
    assert_eq!(end.stone(end.index(0, 7)), Some(Stone::Black));
    assert_eq!(end.stone(end.index(0, 3)), Some(Stone::Black));
    assert_eq!(end.stone(end.index(0, 4)), Some(Stone::White));
}
