//! Issue 17's defects, each reproduced as a hostile new user found it, and the general rule
//! behind each: every reader bounded by what it expects, every view streamed or capped,
//! honest evidence, complete validation, generators that keep their promises, clear
//! messages. Memory bounds are checked as `prlimit --as` checks them: the run's address
//! space is limited, and a program that tries to hold more aborts.

use crate::common;

use std::path::PathBuf;

use common::{Bounded, Feed, run, run_bounded};

/// A folder of its own for one test, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn assert_one_line_error(run: &Bounded, parts: &[&str]) {
    assert_eq!(run.status.code(), Some(1), "stderr: {}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    for part in parts {
        assert!(
            run.stderr.contains(part),
            "{:?} should contain {part:?}",
            run.stderr
        );
    }
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

/// An address space far above what a small input needs, far below what an unbounded read
/// would take.
const SMALL_MB: u64 = 256;

// ---- 1. Every reader stops at the length it expects.

#[test]
fn an_endless_token_is_a_located_error_not_an_abort() {
    for game in ["hex", "gioco", "go", "cheesy"] {
        let run = run_bounded(&[game, "/dev/zero"], Feed::Bytes(Vec::new()), SMALL_MB);
        assert_one_line_error(&run, &["/dev/zero", "line 1, column 1", "more than"]);
    }
}

#[test]
fn an_endless_row_on_standard_input_is_a_located_error() {
    // (printf '1\n1\n'; yes R | tr -d '\n') | arbiter hex
    let run = run_bounded(&["hex"], Feed::Endless(b"1\n1\n".to_vec(), b'R'), SMALL_MB);
    assert_one_line_error(
        &run,
        &["case 1, line 3, column 1", "a row of 1 cells", "more than"],
    );
}

#[test]
fn a_hundred_megabyte_row_on_a_one_cell_board_is_read_no_further_than_its_bound() {
    let mut input = b"1\n1\n".to_vec();
    input.resize(input.len() + (100 << 20), b'B');
    let run = run_bounded(&["hex"], Feed::Bytes(input), SMALL_MB);
    assert_one_line_error(&run, &["case 1, line 3, column 1", "more than 7 bytes"]);
}

#[test]
fn validate_reads_an_endless_line_no_further_than_its_bound() {
    for game in ["hex", "gioco", "go", "cheesy"] {
        let run = run_bounded(
            &["validate", game, "/dev/zero"],
            Feed::Bytes(Vec::new()),
            SMALL_MB,
        );
        let report = String::from_utf8_lossy(&run.stdout);
        assert_eq!(run.status.code(), Some(1), "{report}");
        assert!(
            report.contains("line 1: the line is longer than"),
            "{report}"
        );
    }
}

// ---- 2. JSON records are streamed, and evidence grows with the board, not its square.

/// One 256 x 256 Cheesy Chess case that Black wins after 255 turns: the pawn walks down a
/// column of dangerous fields (no capture, no block) while the king roams the board.
fn long_cheesy_walk() -> Vec<u8> {
    let mut input = b"1\n".to_vec();
    for _ in 0..256 {
        input.push(b'D');
        input.extend_from_slice(&[b'.'; 255]);
        input.push(b'\n');
    }
    input.extend_from_slice(b"256 1\n1 256\n");
    input
}

#[test]
fn a_large_cheesy_record_stays_small_and_streams() {
    let input = long_cheesy_walk();
    let plain = run_bounded(&["cheesy"], Feed::Bytes(input.clone()), SMALL_MB);
    assert_eq!(plain.stdout, b"Black\n");
    let json = run_bounded(
        &["cheesy", "--format", "json"],
        Feed::Bytes(input),
        SMALL_MB,
    );
    assert!(json.status.success(), "{}", json.stderr);
    let record: serde_json::Value =
        serde_json::from_slice(&json.stdout[..json.stdout_len.min(json.stdout.len())])
            .expect("one JSON record");
    let turns = record["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 256);
    // Past 64 x 64 the turns count the king's squares instead of listing them.
    assert!(turns[255]["king_count"].as_u64().unwrap() > 60_000);
    assert!(turns[255].get("king_squares").is_none());
    assert!(json.stdout_len < 1 << 20, "{} bytes", json.stdout_len);
}

/// A `size` x `size` Hex board whose Red stones make one snake, every third row joined at
/// alternate ends down to the bottom row, with blue stones on other cells until the counts
/// are legal: Red wins, and every stone of the snake could have been the last.
fn snake(size: usize) -> Vec<u8> {
    let mut cells = vec![b'.'; size * size];
    let mut red = 0;
    let last = (size - 1) / 3 * 3;
    for row in (0..size).step_by(3) {
        cells[row * size..(row + 1) * size].fill(b'R');
        red += size;
        let end = if (row / 3) % 2 == 0 { size - 1 } else { 0 };
        let until = if row == last { size } else { row + 3 };
        for down in row + 1..until {
            cells[down * size + end] = b'R';
            red += 1;
        }
    }
    let mut blue = 0;
    for cell in cells.iter_mut() {
        if blue + 1 == red {
            break;
        }
        if *cell == b'.' {
            *cell = b'B';
            blue += 1;
        }
    }
    let mut input = format!("1\n{size}\n").into_bytes();
    for row in cells.chunks(size) {
        input.extend_from_slice(row);
        input.push(b'\n');
    }
    input
}

#[test]
fn a_large_hex_record_is_streamed_in_memory_near_the_plain_run() {
    let input = snake(1500);
    let plain = run_bounded(&["hex"], Feed::Bytes(input.clone()), SMALL_MB);
    assert_eq!(plain.stdout, b"Case #1: Red wins\n", "{}", plain.stderr);
    // The evidence: a chain of some 750,000 stones, every one a possible last stone. Held
    // as coordinates (16 bytes a stone, twice), never as a JSON tree, it fits in the same
    // address space as the plain run (the old JSON tree took 649 MB).
    let json = run_bounded(&["hex", "--format", "json"], Feed::Bytes(input), SMALL_MB);
    assert!(json.status.success(), "{:?} {}", json.status, json.stderr);
    assert!(
        json.stdout
            .starts_with(br#"{"game":"hex","case":1,"verdict":"Red wins""#)
    );
    assert!(json.stdout_len > 10 << 20, "{} bytes", json.stdout_len);
}

// ---- 3 and 4. Pictures: streamed, capped, and their folder checked before anything else.

#[test]
fn a_board_too_big_to_draw_is_refused_and_the_verdict_still_written() {
    let dir = scratch("big-picture");
    let size = 600;
    let mut input = format!("{size}\n").into_bytes();
    for row in 0..size {
        input.extend((0..size).map(|col| if (row + col) % 2 == 0 { b'b' } else { b'w' }));
        input.push(b'\n');
    }
    input.extend_from_slice(b"0\n");
    let run = run_bounded(
        &["gioco", "--svg", dir.to_str().unwrap()],
        Feed::Bytes(input),
        SMALL_MB,
    );
    assert_eq!(
        String::from_utf8_lossy(&run.stdout).lines().count(),
        1,
        "the verdict"
    );
    assert!(
        run.stderr.contains("more than the 250000 a picture shows"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("case-1.svg"), "{}", run.stderr);
    assert_eq!(
        run.status.code(),
        Some(1),
        "a picture asked for and not drawn"
    );
    assert!(!dir.join("case-1.svg").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_picture_folder_that_is_a_file_is_refused_before_any_case_is_judged() {
    let dir = scratch("svg-file");
    let file = dir.join("not-a-folder");
    std::fs::write(&file, b"").unwrap();
    let output = run(&["hex", "--svg", file.to_str().unwrap()], b"1\n1\nR\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty(), "nothing judged");
    assert!(
        stderr.contains(&format!("cannot write pictures into {}", file.display())),
        "{stderr}"
    );
    assert!(stderr.contains("it is not a folder"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_picture_folder_that_cannot_be_made_is_refused_naming_it() {
    let output = run(
        &["go", "--svg", "/proc/arbiter-no-such-folder"],
        b"1 1 0\n1 1\n0\n",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty(), "nothing judged");
    assert!(stderr.contains("/proc/arbiter-no-such-folder"), "{stderr}");
}

#[test]
fn pictures_of_an_earlier_run_are_removed_and_said_so() {
    let dir = scratch("stale");
    std::fs::write(dir.join("case-7.svg"), b"<svg/>").unwrap();
    std::fs::write(dir.join("notes.txt"), b"mine").unwrap();
    let output = run(&["hex", "--svg", dir.to_str().unwrap()], b"2\n1\nR\n1\nB\n");
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("removed 1 picture of an earlier run"),
        "{stderr}"
    );
    assert!(!dir.join("case-7.svg").exists());
    assert!(dir.join("case-1.svg").exists() && dir.join("case-2.svg").exists());
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"mine");
    std::fs::remove_dir_all(dir).unwrap();
}

// ---- 5. Honest evidence.

#[test]
fn a_king_with_no_first_move_is_stuck_not_beaten_by_the_pawn() {
    let input = b"1\n.F.\n1 1\n3 1\n";
    let json = run(&["cheesy", "--format", "json"], input);
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["end"], "king_stuck");
    let explain = run(&["cheesy", "--explain", "--color", "never"], input);
    let text = String::from_utf8_lossy(&explain.stdout);
    assert!(
        text.contains("no square the king can reach leaves it an open field"),
        "{text}"
    );
    assert!(!text.contains("reaches the bottom line"), "{text}");
}

// ---- 6. validate: every promise, every violation, and its place kept.

#[test]
fn validate_knows_the_gioco_promises() {
    let output = run(&["validate", "gioco"], b"2\nbb\nbb\n0\n");
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("the board holds 4 black and 0 white cells"),
        "{report}"
    );
    let output = run(&["validate", "gioco"], b"1\nb\n0\n");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        report.contains("N is 1, outside the official 2..=200"),
        "{report}"
    );
}

#[test]
fn validate_keeps_its_place_after_a_malformed_line() {
    let output = run(&["validate", "go"], b"2 1 0 \n1 3\n2 2 0\n1 1 1 1\n0\n");
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    for line in [
        "case 1, line 1: the line 'n b w': expected 3 numbers separated by single spaces, found '2 1 0 '",
        "case 1, line 2: black stone (1, 3) is off the 2 x 2 board",
        "case 2, line 4: black stone (1, 1) is on a point already taken",
        "3 violations",
    ] {
        assert!(
            report.lines().any(|l| l == line),
            "{report:?} should list {line:?}"
        );
    }
    assert!(!report.contains("after the last case"), "{report}");
}

// ---- 7. Generators keep the promises their modes are named for.

fn judged_lines(game: &str, input: &[u8]) -> Vec<String> {
    let output = run(&[game], input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn generated(args: &[&str]) -> Vec<u8> {
    let output = run(args, b"");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

#[test]
fn every_hex_two_chains_board_is_impossible_by_rule_4() {
    for size in ["4", "5", "9", "40"] {
        let input = generated(&[
            "gen",
            "hex",
            "--mode",
            "two-chains",
            "--cases",
            "200",
            "--size",
            size,
        ]);
        let output = run(&["hex", "--format", "json"], &input);
        let records = String::from_utf8(output.stdout).unwrap();
        let rule_4 = records
            .lines()
            .filter(|l| l.contains(r#""reason":"no_last_stone""#))
            .count();
        assert_eq!(rule_4, 200, "size {size}");
    }
    let output = run(&["gen", "hex", "--mode", "two-chains", "--size", "3"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("needs --size in 4..=10000"));
}

#[test]
fn every_hex_mode_keeps_its_promise() {
    let count = |mode: &str, allowed: &[&str]| {
        let input = generated(&[
            "gen", "hex", "--mode", mode, "--cases", "300", "--size", "9",
        ]);
        let output = run(&["hex", "--format", "json"], &input);
        let records = String::from_utf8(output.stdout).unwrap();
        let kept = records
            .lines()
            .filter(|record| allowed.iter().any(|a| record.contains(a)))
            .count();
        assert_eq!(kept, 300, "{mode}: {records}");
    };
    count(
        "game",
        &[
            r#""verdict":"Nobody wins""#,
            r#""verdict":"Red wins""#,
            r#""verdict":"Blue wins""#,
        ],
    );
    count(
        "to-win",
        &[r#""verdict":"Red wins""#, r#""verdict":"Blue wins""#],
    );
    count(
        "past-win",
        &[
            r#""verdict":"Red wins""#,
            r#""verdict":"Blue wins""#,
            r#""reason":"winner_behind""#,
            r#""reason":"no_last_stone""#,
        ],
    );
    count("cut-stone", &[r#""verdict":"Red wins""#]);
}

#[test]
fn every_gioco_board_has_counts_at_most_one_apart() {
    for mode in ["balanced", "game", "winding"] {
        for size in ["2", "3", "7", "20"] {
            let input = generated(&[
                "gen", "gioco", "--mode", mode, "--cases", "100", "--size", size,
            ]);
            let report = run(&["validate", "gioco"], &input);
            assert!(
                report.status.success(),
                "{mode} {size}: {}",
                String::from_utf8_lossy(&report.stdout)
            );
            assert_eq!(judged_lines("gioco", &input).len(), 100);
        }
    }
    let input = generated(&[
        "gen", "gioco", "--mode", "game", "--cases", "100", "--size", "5",
    ]);
    let text = String::from_utf8(input).unwrap();
    for board in text
        .split(|c: char| c.is_ascii_digit())
        .filter(|b| b.contains('b'))
    {
        let black = board.matches('b').count();
        let white = board.matches('w').count();
        assert!(
            black == white || black == white + 1,
            "Black moves first: {board}"
        );
    }
}

#[test]
fn go_one_colour_boards_hold_one_colour() {
    let input = generated(&[
        "gen",
        "go",
        "--mode",
        "one-colour",
        "--cases",
        "50",
        "--size",
        "9",
    ]);
    let text = String::from_utf8(input).unwrap();
    for header in text.lines().step_by(3).take(50) {
        let counts: Vec<usize> = header.split(' ').map(|n| n.parse().unwrap()).collect();
        assert!(counts[1] == 0 || counts[2] == 0, "{header}");
    }
}

// ---- 8. Messages.

#[test]
fn usage_errors_after_parsing_show_the_subcommand_usage() {
    let output = run(&["gen", "go", "--mode", "nonsense"], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.contains("Usage: arbiter gen"), "{stderr}");
    let output = run(&["go", "--rules", "contest", "--komi", "6.5"], b"");
    assert!(String::from_utf8_lossy(&output.stderr).contains("Usage: arbiter go"));
}

#[test]
fn a_folder_or_unreadable_input_is_named() {
    let dir = scratch("input-folder");
    let output = run(&["hex", dir.to_str().unwrap()], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.contains(&format!("cannot open {}: it is a folder", dir.display())),
        "{stderr}"
    );
    let output = run(&["validate", "hex", dir.to_str().unwrap()], b"");
    assert!(String::from_utf8_lossy(&output.stderr).contains("it is a folder"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_row_length_counts_characters_not_bytes() {
    let output = run(&["hex"], "1\n3\nＲＲ\n".as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("a row of 3 cells from 'R', 'B' or '.' (this row has 2)"),
        "{stderr}"
    );
    assert!(stderr.contains("found 'ＲＲ'"), "{stderr}");
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    assert_eq!(
        judged_lines("hex", b"1\r2\rRB\rR.\r"),
        ["Case #1: Red wins"]
    );
    let output = run(&["hex"], b"1\r1\rX\r");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("case 1, line 3, column 1"), "{stderr}");
}

#[test]
fn explain_with_json_puts_the_explanation_in_the_record() {
    let output = run(
        &["hex", "--explain", "--format", "json", "--color", "never"],
        b"1\n1\nR\n",
    );
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        record["explanation"]
            .as_str()
            .unwrap()
            .starts_with("Red joins top to bottom")
    );
}

#[test]
fn a_komi_out_of_range_says_the_range() {
    let output = run(&["go", "--rules", "area", "--komi", "1000000000000"], b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr.contains("from -10000000 to 10000000"), "{stderr}");
}

// ---- Inputs the fuzzers found (fuzz/run), kept by name

/// Runs every view of a file the fuzzers found, as the fuzz target did.
fn fuzz_find(name: &str) -> Vec<u8> {
    std::fs::read(common::data("fuzz", name)).unwrap()
}

#[test]
fn fuzz_go_433_empty_board_in_8_bytes_is_judged_and_bounded_by_the_size_cap() {
    // `0433 0 0` declares an empty 433 x 433 board: the contest format lets a few bytes
    // describe it, so the board (not the input) bounds memory, with n <= 1024.
    let input = fuzz_find("go-433-empty-board-in-8-bytes.in");
    let checked = arbiter::selfcheck::every_view(&arbiter::go::Go::CONTEST, &input, false);
    assert_eq!(checked.cases, 1);
}

#[test]
fn fuzz_go_982_board_explained_in_json_is_judged() {
    // `982 3 ...`: a 982 x 982 board explained inside a JSON record; the harness once asked
    // for coloured explanations there (20 MB of escape codes), not what `--format json` writes
    // to a file.
    let input = fuzz_find("go-982-board-explained-in-json.in");
    let checked = arbiter::selfcheck::every_view(&arbiter::go::Go::CONTEST, &input, false);
    assert!(checked.cases >= 1, "{checked:?}");
}

#[test]
fn fuzz_go_723_board_too_big_to_draw_is_judged_and_its_picture_refused() {
    // 723 x 723 points: over the 250,000 cells a picture shows, so the picture is refused
    // with its reason (the harness once took that for a failure).
    let input = fuzz_find("go-723-board-too-big-to-draw.in");
    let checked = arbiter::selfcheck::every_view(&arbiter::go::Go::CONTEST, &input, false);
    assert_eq!(checked.cases, 1);
    let output = run(&["go", "--svg", "/tmp/arbiter-fuzz-723"], &input);
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("more than the 250000 a picture shows")
    );
}

#[test]
fn fuzz_go_sgf_two_stones_on_a_big_empty_board_are_estimated_in_time_linear_in_the_board() {
    // Two Black stones on an empty board (19 x 19 when the record gives no size, and 52 x 52,
    // the largest SGF allows): all is open, so the dead-stone estimate plays its playouts over
    // the whole board. Listing the empty points afresh every move, and walking whole chains
    // for their liberties, made that quadratic: 0.45 s for 52 x 52 natively, over the fuzz
    // timeout under coverage instrumentation (0.05 s now; 1.0 and 1.6 s under the fuzzer).
    for (name, verdict) in [
        ("go-sgf-two-stones-default-19.sgf", "B+358.5"),
        ("go-sgf-two-stones-52.sgf", "B+2701.5"),
    ] {
        let input = fuzz_find(name);
        let checked = arbiter::selfcheck::every_view(&arbiter::go::Go::CONTEST, &input, false);
        assert_eq!(checked.cases, 1, "{name}: {checked:?}");
        let output = run(&["go"], &input);
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).trim(),
            verdict,
            "{name}"
        );
    }
}

#[test]
fn fuzz_hex_boards_whose_pictures_pass_a_megabyte_are_drawn() {
    // A 111 x 111 trmph board, and 64 x 64 SGF and trmph games: the harness once kept every
    // view in memory; the pictures are big by nature, so views now stream to a sink.
    for name in [
        "hex-trmph-111-picture-over-1mb.in",
        "hex-sgf-64-picture-over-1mb.sgf",
        "hex-trmph-64-picture-over-1mb.trmph",
    ] {
        let input = fuzz_find(name);
        let checked = arbiter::selfcheck::every_view(&arbiter::hex::Hex::CONTEST, &input, true);
        assert!(checked.cases >= 1, "{name}: {checked:?}");
    }
}

#[test]
fn fuzz_hex_sgf_setup_values_name_one_bad_value_whatever_the_set_order() {
    // Game 4 sets up `AB` with several values that are not cells; they come as a set, and
    // the error named whichever came first, so reading twice gave two messages.
    let input = fuzz_find("hex-sgf-setup-set-order.sgf");
    let checked = arbiter::selfcheck::every_view(&arbiter::hex::Hex::CONTEST, &input, true);
    assert_eq!(checked.cases, 3);
    assert!(checked.refused);
}

#[test]
fn fuzz_hex_sgf_a_stray_closing_paren_is_placed_on_its_own_line() {
    // A ')' between games was reported on the line where the reader's buffer started, so
    // reading through a small buffer named another line than reading the whole file (found
    // by the self-check that now also reads every input in pieces of 256 bytes).
    let input = fuzz_find("hex-sgf-stray-paren-line.sgf");
    let checked = arbiter::selfcheck::every_view(&arbiter::hex::Hex::CONTEST, &input, true);
    assert_eq!(checked.cases, 2);
    assert!(checked.refused);
    let mut out = Vec::new();
    let error = arbiter::run::run(
        &arbiter::hex::Hex::CONTEST,
        std::io::BufReader::with_capacity(16, &input[..]),
        &mut out,
        &arbiter::Views::default(),
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "game 2, line 6, column 46 (byte 313): expected SGF, found a ')' that closes no '('"
    );
}
