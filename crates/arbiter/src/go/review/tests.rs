//! The review against KataGo's own network outputs on real games, and its summary's rules.

use super::moves::*;
use super::moves::{black_win, decided};
use crate::go::Stone;
use crate::go::net::Network;
use crate::go::record::Record;
use crate::go::sgf::record_of;

fn raw() -> Settings {
    Settings {
        visits: 0,
        ..Settings::default()
    }
}

fn network() -> &'static Network {
    Network::bundled().expect("the bundled network")
}

/// A record from `tests/data/go/`.
fn record_at(path: &str) -> Record {
    let text = std::fs::read_to_string(format!(
        "{}/../../tests/data/go/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("a fixture game");
    record_of(&text).expect("a record")
}

/// KataGo's `kata-raw-nn` on every position of 21 real games of 9 x 9, 13 x 13 and 19 x 19
/// (`tests/data/go/review/katago-raw-nn.txt`, made by `make_fixtures.py` beside it): Black's
/// lead and chance to win in each position, and the policy's best move, are the review's
/// within 1e-3. The position after a second pass that ends the game is left out: KataGo
/// takes the game as over there (under territory rules, into its encore), which changes its
/// inputs; the review reads it as the network reads a position played on.
#[test]
fn every_position_s_lead_and_chance_are_kata_raw_nn_s() {
    let text = include_str!("../../../../../tests/data/go/review/katago-raw-nn.txt");
    let mut games = 0;
    let mut positions = 0;
    let mut sizes = std::collections::BTreeSet::new();
    for block in text.split("end\n").filter(|b| !b.trim().is_empty()) {
        let mut lines = block.lines();
        let head: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let (path, moves): (&str, usize) = (head[1], head[2].parse().unwrap());
        let record = record_at(path);
        sizes.insert(record.width);
        let review = review(&record, network(), raw()).unwrap();
        assert_eq!(review.moves.len(), moves + 1, "{path}");
        let ends_with_two_passes = review.moves.len() > 2
            && review.moves[review.moves.len() - 2..]
                .iter()
                .all(|m| m.pass);
        for line in lines {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let k: usize = fields[0].parse().unwrap();
            if k == moves && ends_with_two_passes {
                continue;
            }
            let number = |i: usize| fields[i].parse::<f32>().unwrap();
            let (white_win, white_loss, white_lead) = (number(1), number(2), number(4));
            let ours = &review.moves[k];
            let black_lead = -white_lead;
            let black_chance = black_win(white_win, white_loss);
            assert!(
                (ours.black_lead - black_lead).abs() <= 1e-3,
                "{path} position {k}: lead {} against KataGo's {black_lead}",
                ours.black_lead
            );
            assert!(
                (ours.black_win - black_chance).abs() <= 1e-3,
                "{path} position {k}: chance {} against KataGo's {black_chance}",
                ours.black_win
            );
            if let Some(next) = review.moves.get(k + 1) {
                let best = next.best.expect("a best move before every move");
                assert_eq!(review.move_name(best.at), fields[5], "{path} position {k}");
            }
            positions += 1;
        }
        games += 1;
    }
    assert!(games >= 20, "{games} games");
    assert!(positions >= 2500, "{positions} positions");
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [9, 13, 19]);
}

#[test]
fn a_move_that_is_the_best_found_loses_nothing() {
    let record = record_at("records/master-2016-12-29-yu-zhiying-magist.sgf");
    let review = review(&record, network(), raw()).unwrap();
    let mut best_played = 0;
    for m in &review.moves[1..] {
        let best = m.best.unwrap();
        if best.at == m.at {
            assert_eq!(m.loss, 0.0, "move {}", m.move_number);
            best_played += 1;
        } else {
            // A move's loss is its player's lead given up against the best move's.
            let sign = if m.color == Some(Stone::Black) {
                1.0
            } else {
                -1.0
            };
            let expected = (sign * (best.black_lead - m.black_lead)).max(0.0);
            assert_eq!(m.loss, expected, "move {}", m.move_number);
        }
    }
    assert!(best_played > 10, "{best_played}");
}

#[test]
fn the_summary_counts_mistakes_by_size_and_lists_the_biggest_first() {
    let record = record_at("records/alphago-self-play-g31.sgf");
    let review = review(&record, network(), raw()).unwrap();
    for (player, stone) in [
        (&review.summary.black, Stone::Black),
        (&review.summary.white, Stone::White),
    ] {
        let own: Vec<&MoveReview> = review
            .moves
            .iter()
            .filter(|m| m.color == Some(stone))
            .collect();
        assert_eq!(player.moves, own.len());
        // Brute force: each size's count, straight from its bounds.
        for (size, &least) in SIZES.iter().enumerate() {
            let upper = SIZES.get(size + 1).copied().unwrap_or(f32::INFINITY);
            let count = own
                .iter()
                .filter(|m| m.loss >= least && m.loss < upper)
                .count();
            assert_eq!(player.mistakes[size], count, "size {least}");
        }
        let average = own.iter().map(|m| m.loss).sum::<f32>() / own.len() as f32;
        assert!((player.average_loss - average).abs() < 1e-5);
        assert!(player.biggest.len() <= 5);
        assert!(player.biggest.windows(2).all(|w| w[0].loss >= w[1].loss));
        // None left out is bigger than the smallest listed.
        if let Some(smallest) = player.biggest.last() {
            let bigger = own.iter().filter(|m| m.loss > smallest.loss).count();
            assert!(bigger < player.biggest.len());
        }
    }
}

#[test]
fn the_game_is_decided_after_the_winner_s_last_time_behind() {
    let position = |n: usize, black_lead: f32| MoveReview {
        move_number: n,
        color: Some(if n % 2 == 1 {
            Stone::Black
        } else {
            Stone::White
        }),
        at: None,
        pass: true,
        black_lead,
        black_win: 0.5,
        best: None,
        loss: 0.0,
    };
    let leads = [1.0, -2.0, 3.0, -1.0, 4.0, 5.0];
    let moves: Vec<MoveReview> = leads
        .iter()
        .enumerate()
        .map(|(n, &l)| position(n, l))
        .collect();
    assert_eq!(decided(&moves, Stone::Black), Decided::After(4));
    assert_eq!(decided(&moves[..4], Stone::Black), Decided::BehindAtEnd);
    assert_eq!(decided(&moves[..1], Stone::Black), Decided::NeverBehind);
    assert_eq!(decided(&moves, Stone::White), Decided::BehindAtEnd);
}

#[test]
fn the_winner_is_the_record_s_else_the_lead_s() {
    let mut record = record_of("(;SZ[9]KM[7]RE[W+R];B[ee];W[])").unwrap();
    let review = review(&record, network(), raw()).unwrap();
    assert_eq!(review.summary.winner, Some(Stone::White));
    record.result = None;
    let again = super::review(&record, network(), raw()).unwrap();
    let lead = again.moves.last().unwrap().black_lead;
    let expected = if lead > 0.0 {
        Stone::Black
    } else {
        Stone::White
    };
    assert_eq!(again.summary.winner, Some(expected));
}

#[test]
fn a_pass_only_game_is_reviewed() {
    let record = record_of("(;SZ[9]KM[7];B[];W[])").unwrap();
    let review = review(&record, network(), raw()).unwrap();
    assert_eq!(review.moves.len(), 3);
    assert!(review.moves[1].pass && review.moves[2].pass);
}

#[test]
fn a_record_without_moves_and_a_board_past_19_are_refused() {
    let empty = record_of("(;SZ[9]AB[ee])").unwrap();
    assert_eq!(
        review(&empty, network(), raw()).unwrap_err(),
        ReviewError::NoMoves
    );
    let wide = record_of("(;SZ[21];B[aa])").unwrap();
    let error = review(&wide, network(), raw()).unwrap_err();
    assert_eq!(
        error,
        ReviewError::TooBig {
            width: 21,
            height: 21
        }
    );
    assert!(error.to_string().contains("19 x 19 or smaller"));
}

#[test]
fn the_review_does_not_depend_on_the_threads() {
    let record = record_at("corpus/game-000.sgf");
    let one = review(&record, network(), raw()).unwrap();
    let two = review(
        &record,
        network(),
        Settings {
            threads: 2,
            ..raw()
        },
    )
    .unwrap();
    assert_eq!(one, two);
    let searched = Settings {
        visits: 8,
        ..Settings::default()
    };
    let one = review(&record, network(), searched).unwrap();
    let three = review(
        &record,
        network(),
        Settings {
            threads: 3,
            ..searched
        },
    )
    .unwrap();
    assert_eq!(one, three);
}

#[test]
fn a_search_finds_a_capture_the_played_move_missed() {
    // White's stone at D4 (in atari) can be taken by Black at D3; Black plays in a corner.
    let record =
        record_of("(;SZ[7]KM[0.5]RU[Chinese];B[cd];W[dd];B[dc];W[ag];B[ed];W[gg];B[aa])").unwrap();
    let review = review(
        &record,
        network(),
        Settings {
            visits: 64,
            ..Settings::default()
        },
    )
    .unwrap();
    let last = review.moves.last().unwrap();
    assert_eq!(review.move_name(last.best.unwrap().at), "D3");
    assert!(last.loss > 3.0, "{}", last.loss);
}

#[test]
fn a_second_move_by_the_same_player_keeps_the_search_right() {
    // Handicap stones played as moves: Black twice, then White.
    let record = record_of("(;SZ[9]KM[0.5];B[cc];B[gg];W[ee];B[eg])").unwrap();
    let review = review(
        &record,
        network(),
        Settings {
            visits: 16,
            ..Settings::default()
        },
    )
    .unwrap();
    assert_eq!(review.moves.len(), 5);
    assert_eq!(review.moves[2].color, Some(Stone::Black));
}
