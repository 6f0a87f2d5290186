//! `arbiter gioco` run as a process on the public data, the spec's worked board, and bad input.

use crate::common;

use common::{assert_rejects, assert_reproduces, run};

#[test]
fn reproduces_the_statement_sample() {
    assert_reproduces("gioco", "sample.in", "sample.out");
}

#[test]
fn reproduces_the_public_random_set() {
    assert_reproduces("gioco", "generated_random.in", "generated_random.out");
}

#[test]
fn reproduces_the_worked_board_of_the_spec() {
    assert_reproduces("gioco", "worked.in", "worked.out");
}

#[test]
fn accepts_crlf_and_any_blank_space() {
    let output = run(&["gioco"], b"2\r\nbw\r\n  bw\r\n\r\n2 bb ww\t0\r\n");
    assert!(output.status.success());
    assert_eq!(output.stdout, b"1 B\n2 W\n");
}

const ONE_GOOD_CASE: &str = "1 B\n";

#[test]
fn rejects_other_characters() {
    assert_rejects(
        "gioco",
        b"1\nb\n2\nbw\nbx\n0\n",
        ONE_GOOD_CASE,
        &["case 2, line 5, column 2", "expected 'b' or 'w', found 'x'"],
    );
    // Upper case is another character too.
    assert_rejects(
        "gioco",
        b"1\nB\n0\n",
        "",
        &["case 1, line 2, column 1", "found 'B'"],
    );
}

#[test]
fn rejects_a_cell_left_empty() {
    assert_rejects(
        "gioco",
        b"1\nb\n2\nb.\nbw\n0\n",
        ONE_GOOD_CASE,
        &["case 2, line 4, column 2", "expected 'b' or 'w', found '.'"],
    );
}

#[test]
fn rejects_a_row_of_the_wrong_length() {
    assert_rejects(
        "gioco",
        b"1\nb\n3\nbwb\nbw\nbwb\n0\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 5, column 1",
            "a row of 3 cells",
            "(this row has 2)",
            "found 'bw'",
        ],
    );
}

#[test]
fn rejects_a_missing_terminating_zero() {
    assert_rejects(
        "gioco",
        b"1\nb\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 3, column 1",
            "unexpected end of input",
            "or 0 to end",
        ],
    );
}

#[test]
fn rejects_an_absurd_or_negative_size() {
    for size in ["1000000000", "-2", "two"] {
        let input = format!("1\nb\n{size}\nb\n0\n");
        assert_rejects(
            "gioco",
            input.as_bytes(),
            ONE_GOOD_CASE,
            &[
                "case 2, line 3, column 1",
                "board size N",
                &format!("found '{size}'"),
            ],
        );
    }
}

#[test]
fn rejects_garbage_without_panicking() {
    assert_rejects(
        "gioco",
        b"\xde\xad\xbe\xef",
        "",
        &["case 1, line 1, column 1", "'\\xde\\xad"],
    );
    assert_rejects(
        "gioco",
        b"",
        "",
        &["case 1, line 1, column 1", "unexpected end of input"],
    );
}

#[test]
fn rejects_anything_after_the_terminating_zero() {
    assert_rejects(
        "gioco",
        b"1\nb\n0\nbb\n",
        ONE_GOOD_CASE,
        &["line 4, column 1", "after the last case"],
    );
}
