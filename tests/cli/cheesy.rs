//! `arbiter cheesy` run as a process on the jury's data, other board sizes, and bad input.

use crate::common;

use common::{assert_rejects, assert_reproduces, run};

#[test]
fn reproduces_the_jury_test_data() {
    assert_reproduces("cheesy", "testdata_a.in", "testdata_a.out");
}

#[test]
fn reproduces_the_statement_sample() {
    assert_reproduces("cheesy", "sampledata_a.in", "sampledata_a.out");
}

#[test]
fn reproduces_the_public_random_set() {
    assert_reproduces("cheesy", "generated_random.in", "generated_random.out");
}

#[test]
fn boards_of_other_sizes_use_the_same_format() {
    // 3 x 3 with a forbidden field under the pawn, then 1 x 2, then 10 x 1.
    let output = run(
        &["cheesy"],
        b"3\n...\n.F.\n...\n1 1\n2 3\n.\n.\n1 1\n1 2\n..........\n1 1\n10 1\n",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "White\nWhite\nBlack\n"
    );
}

const EIGHT_OPEN_ROWS: &str =
    "........\n........\n........\n........\n........\n........\n........\n........\n";

fn two_cases(second: &str) -> Vec<u8> {
    format!("2\n{EIGHT_OPEN_ROWS}3 1\n6 3\n{second}").into_bytes()
}

const ONE_GOOD_CASE: &str = "White\n";

#[test]
fn rejects_other_characters() {
    let input = two_cases("........\n...X....\n");
    assert_rejects(
        "cheesy",
        &input,
        ONE_GOOD_CASE,
        &["case 2, line 13, column 4", "'F', 'D' or '.'", "found 'X'"],
    );
}

#[test]
fn rejects_rows_of_different_lengths() {
    let input = two_cases("........\n.......\n");
    assert_rejects(
        "cheesy",
        &input,
        ONE_GOOD_CASE,
        &[
            "case 2, line 13, column 1",
            "a board row of 8 fields",
            "found '.......'",
        ],
    );
}

#[test]
fn rejects_coordinates_off_the_board() {
    let input = two_cases(&format!("{EIGHT_OPEN_ROWS}9 1\n6 3\n"));
    assert_rejects(
        "cheesy",
        &input,
        ONE_GOOD_CASE,
        &[
            "case 2, line 20, column 1",
            "the king's column xK (1..=8)",
            "found '9'",
        ],
    );
    let input = two_cases(&format!("{EIGHT_OPEN_ROWS}1 1\n6 0\n"));
    assert_rejects(
        "cheesy",
        &input,
        ONE_GOOD_CASE,
        &[
            "case 2, line 21, column 3",
            "the pawn's row yP (1..=8)",
            "found '0'",
        ],
    );
}

#[test]
fn rejects_king_and_pawn_on_one_square() {
    let input = two_cases(&format!("{EIGHT_OPEN_ROWS}4 4\n4 4\n"));
    assert_rejects(
        "cheesy",
        &input,
        ONE_GOOD_CASE,
        &[
            "case 2, line 21, column 1",
            "the king and the pawn both start on (4, 4)",
        ],
    );
}

#[test]
fn rejects_a_king_starting_on_f_or_d() {
    for (field, word) in [('F', "forbidden"), ('D', "dangerous")] {
        let rows = EIGHT_OPEN_ROWS.replacen('.', &field.to_string(), 1);
        let input = two_cases(&format!("{rows}1 8\n6 3\n"));
        let message = format!("the king may not start on (1, 8), a {word} field");
        assert_rejects(
            "cheesy",
            &input,
            ONE_GOOD_CASE,
            &["case 2, line 20, column 1", &message],
        );
    }
}

#[test]
fn rejects_a_pawn_starting_on_f() {
    let rows = EIGHT_OPEN_ROWS.replacen('.', "F", 1);
    let input = two_cases(&format!("{rows}3 1\n1 8\n"));
    assert_rejects(
        "cheesy",
        &input,
        ONE_GOOD_CASE,
        &[
            "case 2, line 21, column 1",
            "the pawn may not start on (1, 8), a forbidden field",
        ],
    );
}

#[test]
fn rejects_more_cases_declared_than_present() {
    let input = format!("3\n{EIGHT_OPEN_ROWS}3 1\n6 3\n");
    assert_rejects(
        "cheesy",
        input.as_bytes(),
        ONE_GOOD_CASE,
        &[
            "case 2, line 12, column 1",
            "unexpected end of input",
            "board row",
        ],
    );
}

#[test]
fn rejects_a_board_taller_than_256_rows() {
    let input = format!("1\n{}1 1\n1 2\n", ".\n".repeat(300));
    assert_rejects(
        "cheesy",
        input.as_bytes(),
        "",
        &["case 1, line 258, column 1", "after at most 256 rows"],
    );
}

#[test]
fn rejects_garbage_without_panicking() {
    assert_rejects(
        "cheesy",
        b"\x00\x01\x02",
        "",
        &["line 1, column 1", "number of cases"],
    );
    assert_rejects(
        "cheesy",
        b"1\n\xff\xfe\n",
        "",
        &["case 1, line 2, column 1", "'\\xff'"],
    );
    assert_rejects(
        "cheesy",
        b"",
        "",
        &["line 1, column 1", "unexpected end of input"],
    );
}
