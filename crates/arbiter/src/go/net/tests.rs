//! The network against KataGo itself: `kata-raw-nn`'s outputs on positions GNU Go played, of
//! several sizes and rules (`tests/data/go/net/katago-raw-nn.txt`, with the command that made
//! it in `make_fixtures.py` beside it).

use super::*;
use crate::go::Stone;
use crate::go::board::{Board, other};
use crate::go::record::parse_gtp;
use crate::go::rules::RuleSet;

/// One position of the fixtures: how it was reached, and what KataGo said of it.
struct Fixture {
    size: usize,
    rules: RuleSet,
    komi: f32,
    moves: Vec<(Stone, Option<String>)>,
    white_win: f32,
    white_lead: f32,
    /// Each point's move probability, row by row from the top; `None` where KataGo says the
    /// move is illegal.
    policy: Vec<Option<f32>>,
    pass: f32,
    ownership: Vec<f32>,
}

fn fixtures() -> Vec<Fixture> {
    let text = include_str!("../../../../../tests/data/go/net/katago-raw-nn.txt");
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(head) = line.strip_prefix("position ") else {
            continue;
        };
        let head: Vec<&str> = head.split_whitespace().collect();
        let size: usize = head[0].parse().unwrap();
        let rules: RuleSet = head[1].parse().unwrap();
        let komi: f32 = head[2].parse().unwrap();
        let moves_line = lines.next().unwrap().strip_prefix("moves").unwrap();
        let words: Vec<&str> = moves_line.split_whitespace().collect();
        let moves = words
            .chunks(2)
            .map(|pair| {
                let stone = if pair[0] == "B" {
                    Stone::Black
                } else {
                    Stone::White
                };
                let at = (pair[1] != "PASS").then(|| pair[1].to_string());
                (stone, at)
            })
            .collect();
        let values: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let value = |name: &str| -> f32 {
            let i = values.iter().position(|v| *v == name).unwrap();
            values[i + 1].parse().unwrap()
        };
        assert_eq!(lines.next(), Some("policy"));
        let mut policy = Vec::new();
        for _ in 0..size {
            policy.extend(
                lines
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .map(|v| v.parse::<f32>().ok().filter(|p| !p.is_nan())),
            );
        }
        let pass = lines.next().unwrap().strip_prefix("policyPass ").unwrap();
        let pass: f32 = pass.trim().parse().unwrap();
        assert_eq!(lines.next(), Some("whiteOwnership"));
        let mut ownership = Vec::new();
        for _ in 0..size {
            ownership.extend(
                lines
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .map(|v| v.parse::<f32>().unwrap()),
            );
        }
        assert_eq!(lines.next(), Some("end"));
        found.push(Fixture {
            size,
            rules,
            komi,
            moves,
            white_win: value("whiteWin"),
            white_lead: value("whiteLead"),
            policy,
            pass,
            ownership,
        });
    }
    found
}

fn replay(fixture: &Fixture) -> Game {
    let board = Board::new(fixture.size, fixture.size);
    let mut game = Game::new(
        board,
        Stone::Black,
        NetRules::of(fixture.rules),
        fixture.komi,
    );
    for (stone, at) in &fixture.moves {
        let at = at.as_ref().map(|name| {
            let coord = parse_gtp(name, fixture.size, fixture.size).expect("a point");
            game.board.index(coord.col, coord.row)
        });
        game.play(*stone, at);
    }
    game
}

#[test]
fn the_network_says_what_katago_says_on_every_fixture_position() {
    let network = Network::bundled().expect("the built-in network");
    let fixtures = fixtures();
    assert!(fixtures.len() >= 50, "{} positions", fixtures.len());
    let mut worst = 0.0f32;
    for (i, fixture) in fixtures.iter().enumerate() {
        let game = replay(fixture);
        let evaluation = network.evaluate(&game, game.next_player());
        assert_eq!(evaluation.ownership.len(), fixture.ownership.len());
        for (p, (ours, theirs)) in evaluation
            .ownership
            .iter()
            .zip(&fixture.ownership)
            .enumerate()
        {
            let gap = (ours - theirs).abs();
            worst = worst.max(gap);
            assert!(
                gap <= 1e-3,
                "position {i} ({} x {} {}), point {p}: {ours} against KataGo's {theirs}",
                fixture.size,
                fixture.size,
                fixture.rules
            );
        }
        assert!(
            (evaluation.white_lead - fixture.white_lead).abs() <= 0.01,
            "position {i}: lead {} against {}",
            evaluation.white_lead,
            fixture.white_lead
        );
        assert!(
            (evaluation.white_win - fixture.white_win).abs() <= 1e-4,
            "position {i}: win {} against {}",
            evaluation.white_win,
            fixture.white_win
        );
        assert_eq!(evaluation.policy.len(), fixture.policy.len());
        for (p, (&ours, theirs)) in evaluation.policy.iter().zip(&fixture.policy).enumerate() {
            match theirs {
                None => assert_eq!(ours, -1.0, "position {i}, point {p}: illegal for KataGo"),
                Some(theirs) => assert!(
                    (ours - theirs).abs() <= 1e-4,
                    "position {i} ({} x {} {}), point {p}: policy {ours} against KataGo's {theirs}",
                    fixture.size,
                    fixture.size,
                    fixture.rules
                ),
            }
        }
        assert!(
            (evaluation.pass - fixture.pass).abs() <= 1e-4,
            "position {i}: pass {} against {}",
            evaluation.pass,
            fixture.pass
        );
    }
    assert!(worst < 1e-3);
}

#[test]
fn a_position_evaluated_in_a_batch_gets_what_it_gets_alone_by_the_same_tiles() {
    let network = Network::bundled().expect("the built-in network");
    let fixtures = fixtures();
    let games: Vec<Game> = fixtures
        .iter()
        .filter(|f| f.size == 9)
        .take(8)
        .map(replay)
        .collect();
    let batch: Vec<(&Game, Stone)> = games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            // Now and then the other side to move, as the search asks.
            let to_move = game.next_player();
            (game, if i % 3 == 2 { other(to_move) } else { to_move })
        })
        .collect();
    assert!(batch.len() >= 4);
    for large in [false, true] {
        let together = network.evaluate_tiled(&batch, large, &mut Default::default());
        for (&one, together) in batch.iter().zip(&together) {
            let alone = network.evaluate_tiled(&[one], large, &mut Default::default());
            assert_eq!(&alone[0], together);
        }
    }
}

#[test]
fn the_network_says_what_katago_says_in_batches_too() {
    // Eight positions at a time: the larger Winograd tiles.
    let network = Network::bundled().expect("the built-in network");
    let fixtures = fixtures();
    for size in [9, 13, 19] {
        let chosen: Vec<&Fixture> = fixtures.iter().filter(|f| f.size == size).take(8).collect();
        let games: Vec<Game> = chosen.iter().map(|f| replay(f)).collect();
        let batch: Vec<(&Game, Stone)> = games.iter().map(|g| (g, g.next_player())).collect();
        let evaluations = network.evaluate_batch(&batch, &mut Default::default());
        for (fixture, evaluation) in chosen.iter().zip(&evaluations) {
            for (ours, theirs) in evaluation.ownership.iter().zip(&fixture.ownership) {
                assert!((ours - theirs).abs() <= 1e-3, "{size}: {ours} {theirs}");
            }
            for (&ours, theirs) in evaluation.policy.iter().zip(&fixture.policy) {
                if let Some(theirs) = theirs {
                    assert!((ours - theirs).abs() <= 1e-4, "{size}: {ours} {theirs}");
                }
            }
            assert!((evaluation.white_win - fixture.white_win).abs() <= 1e-4);
        }
    }
}
