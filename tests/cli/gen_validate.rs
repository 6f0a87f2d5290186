//! The problem setters' tools: every generator mode makes files that validate and that the
//! judges read; a seed fixes the bytes; validation catches each kind of violation.

use crate::common;

use arbiter::run::{Views, run as judge_all};
use arbiter::{AnyGame, Game, Generate, cheesy, gioco, go, hex};
use common::run;

/// Generates `cases` cases of side `size` and mode `mode` (an index into the game's modes).
fn generated(
    game: &dyn AnyGame,
    cases: usize,
    size: usize,
    mode: Option<usize>,
    seed: u64,
) -> Vec<u8> {
    let mut out = Vec::new();
    game.write_input(&mut out, cases, size, mode, seed).unwrap();
    out
}

/// The game's report on `text`.
fn validated(game: &dyn AnyGame, text: &[u8]) -> arbiter::validate::Report {
    game.validate(&mut &text[..]).unwrap()
}

/// The game's contest output on `text`, which must be read without error.
fn judged<G: Game>(game: &G, text: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    judge_all(game, text, &mut out, &Views::default(), &mut |_| {}).unwrap();
    out
}

fn assert_valid(report: arbiter::validate::Report, what: &str) {
    assert!(report.is_valid(), "{what}: {:?}", report.violations);
    assert!(report.warnings.is_empty(), "{what}: {:?}", report.warnings);
}

#[test]
fn every_hex_mode_validates_and_is_judged() {
    for (i, mode) in hex::generate::Mode::NAMES.iter().enumerate() {
        let sizes = Generate::mode_sizes(&hex::Hex::CONTEST, i);
        for size in [1, 2, 4, 7, 100].into_iter().filter(|s| sizes.contains(s)) {
            let text = generated(&hex::Hex::CONTEST, 5, size, Some(i), i as u64);
            assert_valid(
                validated(&hex::Hex::CONTEST, &text),
                &format!("hex {mode} {size}"),
            );
            let out = judged(&hex::Hex::CONTEST, &text);
            assert_eq!(out.split(|&b| b == b'\n').count(), 6);
        }
    }
}

#[test]
fn every_gioco_mode_validates_and_is_judged() {
    for (i, mode) in gioco::generate::Mode::NAMES.iter().enumerate() {
        for size in [2, 3, 9, 200] {
            let text = generated(&gioco::Gioco, 4, size, Some(i), i as u64);
            assert_valid(
                validated(&gioco::Gioco, &text),
                &format!("gioco {mode} {size}"),
            );
            let out = judged(&gioco::Gioco, &text);
            assert_eq!(out.split(|&b| b == b'\n').count(), 5);
        }
    }
}

#[test]
fn every_go_mode_validates_and_is_scored() {
    for (i, mode) in go::generate::Mode::NAMES.iter().enumerate() {
        for size in [1, 2, 5, 19] {
            let text = generated(&go::Go::CONTEST, 6, size, Some(i), i as u64);
            assert_valid(
                validated(&go::Go::CONTEST, &text),
                &format!("go {mode} {size}"),
            );
            let out = judged(&go::Go::CONTEST, &text);
            assert_eq!(out.split(|&b| b == b'\n').count(), 7);
        }
    }
}

#[test]
fn every_cheesy_mode_validates_and_is_solved() {
    for (i, mode) in cheesy::generate::Mode::NAMES.iter().enumerate() {
        let text = generated(&cheesy::Cheesy, 200, 8, Some(i), i as u64);
        assert_valid(validated(&cheesy::Cheesy, &text), &format!("cheesy {mode}"));
        let out = judged(&cheesy::Cheesy, &text);
        assert_eq!(out.split(|&b| b == b'\n').count(), 201);
    }
    // Other sizes are read by the judge too.
    for size in [2, 3, 70, 200] {
        let text = generated(&cheesy::Cheesy, 3, size, None, 9);
        assert_eq!(
            cheesy::Cheesy.read(&text[..]).filter(Result::is_ok).count(),
            3
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    for game in ["hex", "gioco", "go", "cheesy"] {
        let first = run(&["gen", game, "--cases", "20", "--seed", "42"], b"");
        let again = run(&["gen", game, "--cases", "20", "--seed", "42"], b"");
        let other = run(&["gen", game, "--cases", "20", "--seed", "43"], b"");
        assert!(first.status.success());
        assert!(!first.stdout.is_empty());
        assert_eq!(first.stdout, again.stdout, "{game}");
        assert_ne!(first.stdout, other.stdout, "{game}");
    }
}

#[test]
fn gen_refuses_unknown_modes_and_sizes() {
    let output = run(&["gen", "go", "--mode", "nonsense"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("sparse, dense, one-colour, walled"));
    let output = run(&["gen", "go", "--size", "5000"], b"");
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["gen", "hex", "--size", "65000"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("1..=10000"));
}

/// Runs `arbiter validate GAME` on `input`; checks the exit status and that each expected
/// violation is listed.
fn assert_violations(game: &str, input: &[u8], expected: &[&str]) {
    let output = run(&["validate", game], input);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    for line in expected {
        assert!(
            report.lines().any(|l| l == *line),
            "{report:?} should list {line:?}"
        );
    }
}

#[test]
fn validation_accepts_official_files() {
    for (game, file) in [
        ("hex", "hex_ts1_input.txt"),
        ("hex", "hex_ts2_input.txt"),
        ("hex", "hex_sample_ts1_input.txt"),
        ("gioco", "sample.in"),
        ("go", "sample.in"),
        ("cheesy", "testdata_a.in"),
        ("cheesy", "sampledata_a.in"),
    ] {
        let path = common::data(game, file);
        let output = run(&["validate", game, path.to_str().unwrap()], b"");
        assert!(
            output.status.success(),
            "{game} {file}: {}",
            String::from_utf8_lossy(&output.stdout)
        );
    }
}

#[test]
fn validation_catches_hex_violations() {
    assert_violations(
        "hex",
        b"101\n2\nRB\nR\n0\n",
        &[
            "line 1: T is 101, outside the official 1..=100",
            "case 1, line 4: expected a row of 2 cells, found 1 cells",
            "case 2, line 5: N is 0, outside the official 1..=100",
        ],
    );
    assert_violations(
        "hex",
        b"1\n101\n",
        &["case 1, line 2: N is 101, outside the official 1..=100"],
    );
    assert_violations(
        "hex",
        b"1\n 2\nRB\nRx\n",
        &[
            "case 1, line 2: the board size N: expected 1 number separated by single spaces, found ' 2'",
        ],
    );
    assert_violations(
        "hex",
        b"1\n2\nRB\nR.\r\n",
        &["line 4: column 3: stray character '\\r' (only printable ASCII and single spaces)"],
    );
    assert_violations(
        "hex",
        b"1\n1\nR\nextra\n",
        &["line 4: unexpected 'extra' after the last case"],
    );
    assert_violations(
        "hex",
        b"2\n1\nR\n",
        &["case 2, line 4: missing the board size N: the file ends here"],
    );
}

#[test]
fn validation_catches_gioco_violations() {
    assert_violations(
        "gioco",
        b"201\n2\nbw\nb.\n",
        &[
            "case 1, line 1: N is 201, outside the official 2..=200",
            "case 1, line 4: column 2: expected 'b' or 'w', found '.'",
        ],
    );
    assert_violations(
        "gioco",
        b"1\nb\n",
        &["case 2, line 3: missing the board size N, or 0 to end: the file ends here"],
    );
}

#[test]
fn validation_catches_go_violations() {
    assert_violations(
        "go",
        b"20 1 0\n1 1\n3 0 0\n3 2 1\n1 1 4 1\n1 1\n2 1 1\n1 1\n\n0\n",
        &[
            "case 1, line 1: n is 20, outside the official 1..=19",
            "case 2, line 3: b + w is 0, outside the official 1..=9",
            "case 3, line 5: black stone (4, 1) is off the 3 x 3 board",
            "case 3, line 6: white stone (1, 1) is on a point already taken",
            "case 4, line 9: the 1 white pairs: expected 2 numbers separated by single spaces, found ''",
        ],
    );
    assert_violations(
        "go",
        b"2 1 0\n1  1\n0",
        &[
            "case 1, line 2: the 1 black pairs: expected 2 numbers separated by single spaces, found '1  1'",
        ],
    );
}

#[test]
fn validation_catches_cheesy_violations() {
    let rows = "........\n".repeat(8);
    let bad = format!(
        "2\nD.......\n{}1 8\n2 8\n{rows}9 1\n3 03\n",
        "........\n".repeat(7)
    );
    assert_violations(
        "cheesy",
        bad.as_bytes(),
        &[
            "case 1, line 10: the king may not start on (1, 8), a dangerous field",
            "case 2, line 20: the column is 9, outside the official 1..=8",
            "case 2, line 21: the pawn's line 'xP yP': expected 2 numbers separated by single spaces, found '3 03'",
        ],
    );
}
