//! `arbiter go` run as a process on the public data, under the players' rules, and on bad input.

use crate::common;

use common::{assert_rejects, assert_reproduces, data, run};

#[test]
fn reproduces_the_statement_sample() {
    assert_reproduces("go", "sample.in", "sample.out");
}

#[test]
fn reproduces_the_public_random_set() {
    assert_reproduces("go", "generated_random.in", "generated_random.out");
}

#[test]
fn reads_tokens_not_lines() {
    // No line at all for a colour without stones, pairs split over lines, CRLF.
    let output = run(&["go"], b"2 0 1\r\n1\r\n1 3 2 0 1 1\n 2 1 0\n");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.stdout, b"White wins by 3\nBlack wins by 7\n");
}

#[test]
fn area_and_territory_rules_write_sgf_results() {
    let sample = data("go", "sample.in");
    let sample = sample.to_str().unwrap();
    let area = run(&["go", "--rules", "area", "--komi", "7.5", sample], b"");
    assert_eq!(
        String::from_utf8_lossy(&area.stdout),
        "W+6.5\nW+11.5\nB+1.5\n"
    );
    let territory = run(&["go", "--rules", "territory", sample], b"");
    assert_eq!(String::from_utf8_lossy(&territory.stdout), "0\nW+3\nB+3\n");
    let reverse = run(&["go", "--rules", "territory", "--komi", "-1", sample], b"");
    assert_eq!(String::from_utf8_lossy(&reverse.stdout), "B+1\nW+2\nB+4\n");
}

#[test]
fn komi_needs_a_rule_that_counts_it() {
    // The contest's rule has no komi: asking for both is a usage error.
    let output = run(
        &["go", "--rules", "contest", "--komi", "6.5"],
        b"1 1 0 1 1 0\n",
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--komi needs a rule set"), "{stderr}");
    // Komi alone asks for real rules: Japanese, the spec's default.
    let output = run(&["go", "--komi", "6.5"], b"1 1 0\n1 1\n0\n");
    assert_eq!(output.stdout, b"W+6.5\n");
    let output = run(
        &["go", "--rules", "area", "--komi", "6.3"],
        b"1 1 0 1 1 0\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("whole or half number"));
}

const ONE_GOOD_CASE: &str = "Draw\n";

#[test]
fn rejects_a_stone_off_the_board_or_at_zero() {
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n3 1 1\n4 1\n1 1\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 4, column 1",
            "the row of black stone 1 of 1 (1..=3)",
            "found '4'",
        ],
    );
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n3 1 1\n1 1\n1 0\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 5, column 3",
            "the column of white stone 1 of 1 (1..=3)",
            "found '0'",
        ],
    );
}

#[test]
fn rejects_two_stones_on_one_point() {
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n3 2 0\n2 2 2 2\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 4, column 5",
            "black stone 2 of 2 is on (2, 2), which already holds a black stone",
            "do the counts b = 2 and w = 0 on line 3 match the pairs given?",
        ],
    );
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n3 1 1\n2 2\n2 2\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 5, column 1",
            "white stone 1 of 1 is on (2, 2), which already holds a black stone",
        ],
    );
}

#[test]
fn rejects_a_count_that_does_not_match_the_pairs() {
    // b = 3 but only two black pairs: the white pair is read as black, then "0" as white.
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n5 3 1\n1 1 2 2\n3 3\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 6, column 1",
            "do the counts b = 3 and w = 1 on line 3 match the pairs given?",
        ],
    );
}

#[test]
fn rejects_more_stones_than_points() {
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n2 3 2\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 3, column 5",
            "b + w at most n * n = 4",
            "found '2'",
        ],
    );
}

#[test]
fn rejects_a_negative_number() {
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n3 -1 0\n0\n",
        ONE_GOOD_CASE,
        &["case 2, line 3, column 3", "found '-1'"],
    );
}

#[test]
fn rejects_a_missing_terminating_zero() {
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 3, column 1",
            "unexpected end of input",
            "or 0 to end",
        ],
    );
}

#[test]
fn rejects_an_absurd_size() {
    assert_rejects(
        "go",
        b"1 1 0\n1 1\n1000000000 1 0\n1 1\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 3, column 1",
            "the board size n, or 0 to end (0..=1024)",
            "'1000000000'",
        ],
    );
}

#[test]
fn rejects_garbage_without_panicking() {
    assert_rejects(
        "go",
        b"\x7fELF\x02\x01",
        "",
        &["case 1, line 1, column 1", "'\\x7fELF"],
    );
    assert_rejects(
        "go",
        b"",
        "",
        &["case 1, line 1, column 1", "unexpected end of input"],
    );
}
