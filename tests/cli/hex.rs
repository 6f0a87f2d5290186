//! `arbiter hex` run as a process on the official and public data, and on bad input.

use crate::common;

use common::{assert_rejects, assert_reproduces, run};

#[test]
fn reproduces_the_statement_sample() {
    assert_reproduces(
        "hex",
        "hex_sample_ts1_input.txt",
        "hex_sample_ts1_output.txt",
    );
}

#[test]
fn reproduces_the_official_small_set() {
    assert_reproduces("hex", "hex_ts1_input.txt", "hex_ts1_output.txt");
}

#[test]
fn reproduces_the_official_large_set() {
    assert_reproduces("hex", "hex_ts2_input.txt", "hex_ts2_output.txt");
}

#[test]
fn reproduces_the_public_random_set() {
    assert_reproduces("hex", "generated_random.in", "generated_random.out");
}

#[test]
fn reproduces_the_customized_case() {
    assert_reproduces(
        "hex",
        "hex_customized_ts1_input_li-chiun-lin.txt",
        "hex_customized_ts1_output_peer.txt",
    );
}

#[test]
fn reads_standard_input_and_dash() {
    for args in [&["hex"][..], &["hex", "-"][..]] {
        let output = run(args, b"1\n1\nR\n");
        assert_eq!(output.stdout, b"Case #1: Red wins\n");
    }
}

#[test]
fn accepts_crlf_and_any_blank_space_between_tokens() {
    let output = run(&["hex"], b"  2\r\n\r\n1 \t B\r\n2\r\n BR   BB \r\n");
    assert!(output.status.success());
    assert_eq!(output.stdout, b"Case #1: Blue wins\nCase #2: Impossible\n");
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let output = run(&["hex", "no/such/file.in"], b"");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot open no/such/file.in"), "{stderr}");
}

const ONE_GOOD_CASE: &str = "Case #1: Red wins\n";

#[test]
fn rejects_a_wrong_character_with_its_column() {
    assert_rejects(
        "hex",
        b"2\n1\nR\n3\nRB.\nR?.\n...\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 6, column 2",
            "expected 'R', 'B' or '.', found '?'",
        ],
    );
}

#[test]
fn rejects_rows_too_short_or_too_long() {
    for row in ["RB", "RB.."] {
        let input = format!("2\n1\nR\n3\n...\n{row}\n...\n");
        assert_rejects(
            "hex",
            input.as_bytes(),
            ONE_GOOD_CASE,
            &[
                "case 2, line 6, column 1",
                "a row of 3 cells",
                &format!("found '{row}'"),
            ],
        );
    }
}

#[test]
fn rejects_a_missing_row() {
    assert_rejects(
        "hex",
        b"3\n1\nR\n2\nRB\n2\n..\n..\n",
        ONE_GOOD_CASE,
        &["case 2, line 6, column 1", "a row of 2 cells", "found '2'"],
    );
    assert_rejects(
        "hex",
        b"2\n1\nR\n2\nRB\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 6, column 1",
            "unexpected end of input",
            "a row of 2 cells",
        ],
    );
}

#[test]
fn rejects_a_non_number() {
    assert_rejects(
        "hex",
        b"two\n",
        "",
        &["line 1, column 1", "number of cases", "'two'"],
    );
    assert_rejects(
        "hex",
        b"1\nx\n",
        "",
        &["case 1, line 2, column 1", "board size N", "'x'"],
    );
}

#[test]
fn rejects_more_cases_declared_than_present() {
    assert_rejects(
        "hex",
        b"3\n1\nR\n",
        ONE_GOOD_CASE,
        &[
            "case 2, line 4, column 1",
            "unexpected end of input",
            "board size N",
        ],
    );
}

#[test]
fn rejects_a_zero_negative_or_absurd_size() {
    for size in ["0", "-3", "1000000000"] {
        let input = format!("2\n1\nR\n{size}\nR\n");
        assert_rejects(
            "hex",
            input.as_bytes(),
            ONE_GOOD_CASE,
            &[
                "case 2, line 4, column 1",
                "board size N (1..=65000)",
                &format!("'{size}'"),
            ],
        );
    }
}

#[test]
fn a_huge_declared_size_allocates_nothing_before_its_rows() {
    // N = 65000 is allowed, but only one short row follows: the error comes at once.
    assert_rejects(
        "hex",
        b"1\n65000\nRB\n",
        "",
        &["case 1, line 3, column 1", "a row of 65000"],
    );
}

#[test]
fn rejects_empty_input() {
    assert_rejects(
        "hex",
        b"",
        "",
        &["line 1, column 1", "unexpected end of input"],
    );
    assert_rejects(
        "hex",
        b" \n\n",
        "",
        &["line 3, column 1", "unexpected end of input"],
    );
}

#[test]
fn rejects_binary_garbage_without_panicking() {
    assert_rejects(
        "hex",
        b"\x00\xff\xfe\x01garbage",
        "",
        &["line 1, column 1", "'\\x00\\xff"],
    );
    assert_rejects(
        "hex",
        b"1\n2\n\xc3\xa9\xc3\xa9\n..\n",
        "",
        &["case 1, line 3, column 1"],
    );
}

#[test]
fn rejects_anything_after_the_last_case() {
    assert_rejects(
        "hex",
        b"1\n1\nR\nR\n",
        ONE_GOOD_CASE,
        &["line 4, column 1", "after the last case"],
    );
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // 20,000 cases make far more output than a pipe holds, so writes fail once it is closed.
    let cases = 20_000;
    let input = format!("{cases}\n{}", "1\nR\n".repeat(cases));
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("hex")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert!(output.status.success());
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
