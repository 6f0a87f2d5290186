//! `arbiter go` on SGF game records, run as a process: collections, replay, every rule set,
//! handicap, dead stones from each source, seki, `--check`, `--sgf-out`, the views, bad
//! records, and GNU Go as a second opinion (live where it is installed, and on a corpus of its
//! games either way).

use crate::common;

use common::{Feed, data, run, run_bounded, sgf_files};

fn lines(args: &[&str], input: &[u8]) -> Vec<String> {
    let output = run(args, input);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn json(args: &[&str], input: &[u8]) -> serde_json::Value {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    let output = run(&args, input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON record")
}

fn file(name: &str) -> String {
    data("go", name).to_str().unwrap().to_string()
}

// ---- Reading SGF

#[test]
fn sgf_is_read_when_the_first_non_blank_byte_opens_a_tree() {
    let record = b"\n  (;SZ[5];B[cc];W[];B[])";
    assert_eq!(lines(&["go", "--rules", "chinese"], record), ["B+25"]);
    // Anything else is the contest format.
    assert_eq!(lines(&["go"], b"1 1 0\n1 1\n0\n"), ["Draw"]);
}

#[test]
fn a_collection_gives_one_result_per_game() {
    let results = lines(&["go", &file("gnugo-9x9.sgf")], b"");
    assert_eq!(results.len(), 30);
    assert!(
        results
            .iter()
            .all(|r| r.starts_with("B+") || r.starts_with("W+") || r == "0")
    );
}

#[test]
fn every_pass_spelling_is_a_pass() {
    let spelled = |first: &str, second: &str| {
        let record = format!("(;SZ[9]KM[0.5];B[ee];W[{first}];B[{second}];W[])");
        lines(&["go", "--dead", "none"], record.as_bytes())
    };
    let results = [
        spelled("", ""),
        spelled("tt", ""),
        spelled("", "tt"),
        spelled("tt", "tt"),
    ];
    assert!(results.iter().all(|r| r == &["B+79.5"]), "{results:?}");
    // Past 19 x 19, `tt` is a point like any other.
    let record = b"(;SZ[21]KM[0.5];B[tt];W[aa])";
    let record = json(&["go", "--dead", "none"], record);
    assert_eq!(record["black"]["stones"], 1);
}

#[test]
fn rectangular_and_largest_boards_are_read() {
    let record = b"(;SZ[13:9]KM[0.5];B[gd];W[];B[])";
    assert_eq!(
        lines(&["go", "--rules", "chinese", "--dead", "none"], record),
        ["B+116.5"]
    );
    let record = b"(;SZ[52]KM[0.5];B[ZZ];W[];B[])";
    assert_eq!(
        lines(&["go", "--rules", "chinese", "--dead", "none"], record),
        ["B+2703.5"]
    );
}

// ---- Replay

#[test]
fn captures_are_prisoners_of_the_capturer() {
    // White takes the black stone at B8 with four moves; under Japanese rules the prisoner
    // counts for White.
    let record = b"(;SZ[9]KM[0];B[bb];W[ab];B[ii];W[cb];B[ih];W[ba];B[hi];W[bc];B[];W[])";
    let record = json(&["go", "--dead", "none"], record);
    assert_eq!(record["white"]["captures"], 1);
    assert_eq!(record["black"]["captures"], 0);
}

#[test]
fn a_move_breaking_the_rules_is_a_warning_and_played_as_recorded() {
    // Black plays into White's one-point eye: suicide, which Japanese rules forbid.
    let record = b"(;SZ[5]KM[0]RU[Japanese];B[ee];W[ba];B[ed];W[ab];B[aa];W[])";
    let output = run(&["go"], record);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: game 1: move 5 (A5) is suicide, which japanese rules forbid; played as recorded"),
        "{stderr}"
    );
    let record = json(&["go"], record);
    assert_eq!(record["warnings"][0]["breach"], "suicide");
    assert_eq!(record["warnings"][0]["point"], "A5");
    // New Zealand rules allow it: no warning.
    let output = run(
        &["go", "--rules", "new-zealand"],
        b"(;SZ[5];W[ba];W[ab];B[aa])",
    );
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_ko_retaken_at_once_is_a_warning_under_every_ko_rule() {
    // The ko shape; Black takes at C2, White retakes at B2 at once.
    let record = b"(;SZ[4]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb])";
    for (rules, breach) in [
        ("japanese", "ko"),
        ("aga", "superko"),
        ("tromp-taylor", "superko"),
    ] {
        let record = json(&["go", "--rules", rules, "--dead", "none"], record);
        assert_eq!(record["warnings"][0]["breach"], breach, "{rules}");
    }
}

// ---- Scoring by rule set

#[test]
fn a_handicap_game_under_each_rule_set() {
    // Two handicap stones, one white stone, komi 0.5: every point is dame, so the result is
    // stones (area rules), komi, and the compensation each rule set gives White.
    let record = b"(;SZ[9]HA[2]KM[0.5]AB[cc][gg];W[ee];B[];W[])";
    for (rules, result) in [
        ("japanese", "W+0.5"),
        ("korean", "W+0.5"),
        ("chinese", "W+1.5"),
        ("aga", "W+0.5"),
        ("new-zealand", "B+0.5"),
        ("tromp-taylor", "B+0.5"),
    ] {
        let got = lines(&["go", "--rules", rules, "--dead", "none"], record);
        assert_eq!(got, [result], "{rules}");
    }
}

#[test]
fn rules_and_komi_come_from_the_record_unless_given() {
    let record = b"(;SZ[5]KM[7.5]RU[Chinese];B[cc];W[];B[])";
    assert_eq!(lines(&["go"], record), ["B+17.5"]);
    assert_eq!(lines(&["go", "--komi", "0.5"], record), ["B+24.5"]);
    assert_eq!(lines(&["go", "--rules", "japanese"], record), ["B+16.5"]);
    // Neither recorded: Japanese, no komi.
    assert_eq!(lines(&["go"], b"(;SZ[5];B[cc];W[];B[])"), ["B+24"]);
    let record = json(&["go"], b"(;SZ[5]RU[Ancient];B[cc])");
    assert_eq!(record["rules"], "japanese");
}

/// Every stone in seki (see `crates/arbiter/src/go/scoring/tests.rs` for the shapes).
const SEKI_WITH_EYES: &[u8] =
    b"(;SZ[5:4]KM[0]AB[aa][ba][ca][da][bb][cb][ac][bc][cc][ad]AW[ea][db][eb][dc][cd][dd][ed];B[];W[])";
const SEKI_WITHOUT_EYES: &[u8] =
    b"(;SZ[5:4]KM[0]AB[aa][ba][ab][bb][cb][ac][ad][bd][cd][dd]AW[da][ea][eb][bc][cc][dc][ec][ed];B[];W[])";

#[test]
fn seki_under_territory_and_area_rules() {
    for record in [SEKI_WITH_EYES, SEKI_WITHOUT_EYES] {
        // The estimate leaves both groups alive.
        let japanese = json(&["go", "--rules", "japanese"], record);
        assert_eq!(japanese["dead"].as_array().unwrap().len(), 0);
        let stones = if record == SEKI_WITH_EYES { 17 } else { 18 };
        assert_eq!(
            japanese["seki"].as_array().unwrap().len(),
            stones,
            "{japanese}"
        );
        assert_eq!(japanese["black"]["territory"], 0);
        assert_eq!(japanese["white"]["territory"], 0);
        assert_eq!(japanese["result"], "0");
    }
    let with_eyes = json(&["go", "--rules", "chinese"], SEKI_WITH_EYES);
    assert_eq!(with_eyes["result"], "B+3", "11 against 8: the eyes count");
    let without = json(&["go", "--rules", "chinese"], SEKI_WITHOUT_EYES);
    assert_eq!(without["result"], "B+2", "10 against 8");
}

// ---- Dead stones

/// A finished 9 x 9 game: White owns the top, Black the bottom, one black stone left dead in
/// White's area; the markup gives its point to White, as KGS writes it.
const MARKED: &[u8] = b"(;SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]\
    AW[ad][bd][cd][dd][ed][fd][gd][hd][id]AB[ae][be][ce][de][ee][fe][ge][he][ie][db]\
    ;W[];B[]TW[aa][ba][ca][da][ea][fa][ga][ha][ia][ab][bb][cb][db][eb][fb][gb][hb][ib]\
    [ac][bc][cc][dc][ec][fc][gc][hc][ic]\
    TB[af][bf][cf][df][ef][ff][gf][hf][if][ag][bg][cg][dg][eg][fg][gg][hg][ig]\
    [ah][bh][ch][dh][eh][fh][gh][hh][ih][ai][bi][ci][di][ei][fi][gi][hi][ii])";

#[test]
fn json_says_how_the_count_stands_against_the_recorded_result() {
    // MARKED is counted B+1.5 against its RE[W+6.5].
    assert_eq!(json(&["go"], MARKED)["agreement"], "differs");
    let agreeing = String::from_utf8_lossy(MARKED).replace("RE[W+6.5]", "RE[B+1.5]");
    assert_eq!(json(&["go"], agreeing.as_bytes())["agreement"], "agrees");
    // A resignation, a record without RE, and an unfinished game: nothing to compare.
    let resigned = String::from_utf8_lossy(MARKED).replace("RE[W+6.5]", "RE[W+R]");
    assert_eq!(json(&["go"], resigned.as_bytes())["agreement"], "unchecked");
    let unsaid = String::from_utf8_lossy(MARKED).replace("RE[W+6.5]", "");
    assert_eq!(json(&["go"], unsaid.as_bytes())["agreement"], "unchecked");
    let unfinished = b"(;SZ[9]KM[6.5]RE[B+3];B[ee])";
    assert_eq!(json(&["go"], unfinished)["agreement"], "unchecked");
}

#[test]
fn dead_stones_from_the_markup_the_estimate_marks_or_none() {
    let markup = json(&["go"], MARKED);
    assert_eq!(markup["dead_from"], "markup");
    assert_eq!(markup["dead"], serde_json::json!(["D8"]));
    // 36 points and no prisoner for Black; 27 points and one dead stone for White.
    assert_eq!(markup["result"], "B+1.5");
    assert_eq!(markup["recorded"], "W+6.5");
    let estimate = json(&["go", "--dead", "estimate"], MARKED);
    assert_eq!(estimate["dead"], markup["dead"]);
    // Marks toggle whole chains on top of the source, as players click groups on a server.
    let listed = json(&["go", "--dead", "none", "--dead-at", "d8"], MARKED);
    assert_eq!(
        (listed["dead_from"].clone(), listed["dead"].clone()),
        ("none".into(), markup["dead"].clone())
    );
    assert_eq!(listed["marked_dead"], serde_json::json!(["D8"]));
    let revived = json(&["go", "--alive-at", "D8"], MARKED);
    assert_eq!(revived["dead_from"], "markup");
    assert_eq!(revived["dead"], serde_json::json!([]));
    assert_eq!(revived["marked_alive"], serde_json::json!(["D8"]));
    // A whole wall marked dead on top of the markup: its nine stones and D8.
    let wall = json(&["go", "--dead-at", "A6"], MARKED);
    assert_eq!(
        wall["dead"].as_array().unwrap().len(),
        10,
        "{}",
        wall["dead"]
    );
    let none = json(&["go", "--dead", "none"], MARKED);
    assert_eq!(none["dead"], serde_json::json!([]));
    assert_eq!(
        none["result"], "B+29.5",
        "the black stone spoils White's area"
    );
    // Each wrong point its own error.
    for (option, point, said) in [
        ("--dead-at", "E8", "E8, marked dead: no stone there"),
        ("--alive-at", "I5", "I5, marked alive: I is not a Go column"),
        (
            "--dead-at",
            "Z99",
            "Z99, marked dead: off the 9 x 9 board (columns A to J",
        ),
        ("--dead-at", "K1", "K1, marked dead: off the 9 x 9 board"),
        ("--dead-at", "A10", "A10, marked dead: off the 9 x 9 board"),
        ("--dead-at", "4D", "4D, marked dead: not a point"),
    ] {
        let output = run(&["go", option, point], MARKED);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{point}");
        assert!(stderr.contains(&format!("game 1: {said}")), "{stderr}");
    }
}

// ---- --check and --sgf-out

#[test]
fn check_lists_the_games_whose_recorded_score_differs() {
    let output = run(&["go", "--check"], MARKED);
    assert_eq!(output.status.code(), Some(1));
    let report = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        report,
        "game 1: recorded W+6.5, counted B+1.5: rules japanese (from the record), komi 6.5 (from \
         the record), dead stones from the markup (1)\n"
    );
    // Results that are not scores are not compared.
    for re in ["W+R", "B+Resign", "W+T", "B+", "Void", "?", "Draw"] {
        let record = format!("(;SZ[5]RE[{re}];B[cc])");
        let output = run(&["go", "--check"], record.as_bytes());
        assert!(output.status.success() && output.stdout.is_empty(), "{re}");
    }
}

#[test]
fn finished_games_from_the_generator_score_as_recorded() {
    let games = run(
        &[
            "gen", "go", "--mode", "finished", "--cases", "20", "--size", "13", "--seed", "3",
        ],
        b"",
    );
    assert!(games.status.success());
    for dead in ["markup", "estimate"] {
        let output = run(&["go", "--check", "--dead", dead], &games.stdout);
        assert!(
            output.status.success(),
            "{dead}: {}",
            String::from_utf8_lossy(&output.stdout)
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn records_written_back_read_back_with_the_same_count() {
    let dir = std::env::temp_dir().join(format!("arbiter-sgf-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let output = run(&["go", "--sgf-out", dir.to_str().unwrap()], MARKED);
    assert!(output.status.success());
    let written = std::fs::read_to_string(dir.join("case-1.sgf")).unwrap();
    // The record's own result is kept; the count goes beside it.
    assert!(
        written.starts_with("(;SZ[9]KM[6.5]RU[Japanese]RE[W+6.5]"),
        "{written}"
    );
    assert!(written.contains("TW["), "{written}");
    assert!(
        written.contains(
            "C[arbiter: counted B+1.5 under japanese rules, komi 6.5; dead stones from the \
             record's markup: D8; the recorded result W+6.5 is kept.]"
        ),
        "{written}"
    );
    // Asked for, the count replaces RE; the dead stone's point is in White's markup, as
    // KGS writes it, so the record checks.
    let output = run(
        &["go", "--replace-result", "--sgf-out", dir.to_str().unwrap()],
        MARKED,
    );
    assert!(output.status.success());
    let written = std::fs::read_to_string(dir.join("case-1.sgf")).unwrap();
    assert!(written.starts_with("(;RE[B+1.5]SZ[9]"), "{written}");
    let output = run(&["go", "--check", "--dead", "markup"], written.as_bytes());
    assert!(output.status.success() && output.stdout.is_empty());
    // A contest position under a rule set gets a record of its own.
    let output = run(
        &[
            "go",
            "--rules",
            "chinese",
            "--sgf-out",
            dir.to_str().unwrap(),
        ],
        b"3 1 0\n2 2\n0\n",
    );
    assert!(output.status.success());
    let written = std::fs::read_to_string(dir.join("case-1.sgf")).unwrap();
    assert!(
        written.starts_with("(;GM[1]FF[4]CA[UTF-8]AP[arbiter]SZ[3]RU[chinese]KM[0]AB[bb]"),
        "{written}"
    );
    assert!(written.ends_with("RE[B+9])\n"), "{written}");
    std::fs::remove_dir_all(dir).unwrap();
}

// ---- Evidence

#[test]
fn json_has_the_result_and_what_it_rests_on() {
    let record = json(&["go"], MARKED);
    for field in [
        "result",
        "recorded",
        "rules",
        "komi",
        "handicap",
        "dead_from",
        "black",
        "white",
        "dead",
        "seki",
        "territory",
        "warnings",
    ] {
        assert!(record.get(field).is_some(), "{field} in {record}");
    }
    assert_eq!(record["verdict"], "B+1.5");
    assert_eq!(record["komi"], 6.5);
    assert_eq!(record["white"]["dead"], 1);
    assert_eq!(record["white"]["total"], 34.5);
    assert_eq!(record["territory"]["white"].as_array().unwrap().len(), 27);
}

#[test]
fn explain_counts_line_by_line_on_a_board_with_go_coordinates() {
    let text =
        String::from_utf8(run(&["go", "--explain", "--color", "never"], MARKED).stdout).unwrap();
    assert!(
        text.contains("B+1.5 under japanese rules, komi 6.5 (the record says W+6.5)."),
        "{text}"
    );
    assert!(
        text.contains("Dead stones (from the record's markup): D8."),
        "{text}"
    );
    for line in [
        "  stones",
        "  territory",
        "  prisoners",
        "  komi",
        "  compensation",
        "  total",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    assert!(text.contains("      A  B  C  D  E  F  G  H  J"), "{text}");
    assert!(text.contains("  8   -  -  -  x  -  -  -  -  - 8"), "{text}");
}

// ---- Bad input

fn assert_record_error(input: &[u8], parts: &[&str]) {
    let output = run(&["go"], input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{stderr:?} should contain {part:?}");
    }
    assert!(!stderr.contains("panicked"));
}

#[test]
fn a_size_that_is_no_size_is_one_sentence_saying_so() {
    for size in ["1000000", "x"] {
        let input = format!("(;GM[1]SZ[{size}];B[cc])");
        let sentence = format!(
            "game 1, line 1, column 8 (byte 7): SZ[{size}] is not a board size: game records go \
             from SZ[1] to SZ[52], or SZ[columns:rows]"
        );
        assert_record_error(input.as_bytes(), &[&sentence]);
        let output = run(&["go"], input.as_bytes());
        assert!(!String::from_utf8_lossy(&output.stderr).contains("expected a Go record"));
    }
}

#[test]
fn broken_records_are_errors_naming_the_game_and_the_place() {
    // Where the reader stopped: at the end, for a record cut short.
    assert_record_error(
        b"(;SZ[9];B[aa];W[",
        &["game 1, line 1, column 17 (byte 16)", "truncated"],
    );
    assert_record_error(
        b"(;SZ[9]\n;B[aa](;W[bb])",
        &[
            "game 1, line 2, column 15 (byte 22)",
            "ends inside a game",
            "its game starts at line 1, column 1",
        ],
    );
    assert_record_error(b"(;SZ[9];B[aa]))", &["byte 14", "a ')' that closes no '('"]);
    assert_record_error(b"(;SZ[0];B[aa])", &["game 1", "a board of 0 x 0"]);
    assert_record_error(b"(;SZ[99];B[aa])", &["game 1", "a board of 99 x 99"]);
    assert_record_error(
        b"(;SZ[9];B[aa])(;SZ[9];B[aa];W[zz])",
        &["game 2, move 2", "move 2 zz is off the 9 x 9 board"],
    );
    assert_record_error(
        b"(;SZ[9];B[aa];W[bb];B[bb])",
        &["game 1, move 3", "(B8) is played onto a white stone"],
    );
    assert_record_error(
        b"(;SZ[9];B[aa];W[b])",
        &[
            "game 1, line 1, column 15 (byte 14)",
            "move 2 W[b] is not a point",
        ],
    );
    assert_record_error(
        b"(;GM[3];B[aa])",
        &[
            "game 1, line 1, column 3 (byte 2)",
            "not a game of Go (GM[3])",
        ],
    );
    assert_record_error(
        b"(\x00\xff\xfe;B[\x01\x02",
        &["game 1, line 1, column 10 (byte 9)", "truncated"],
    );
    // A line of commentary before the record is skipped, as readers skip it, and places
    // count from the file's start.
    assert_record_error(
        b"Game 1, commented\n(;SZ[9];B[aa];W[",
        &["game 1, line 2, column 17 (byte 34)", "truncated"],
    );
}

/// Every SGF error is said at the byte where the reading stopped, with what was expected
/// there: sgf-parse says what it refuses but not where.
#[test]
fn sgf_errors_are_said_where_the_reading_stopped() {
    // A property with no value would swallow the next node (`XX;W` read as one identifier).
    assert_record_error(
        b"(;GM[1]SZ[9];B[cc]XX;W[dd])",
        &[
            "game 1, line 1, column 21 (byte 20)",
            "expected '[' opening the property's value, found ';' (after move 1)",
        ],
    );
    assert_record_error(
        b"(;SZ[9]\n;B[cc]\n;W[dd]B2[ee])",
        &[
            "game 1, line 3, column 8 (byte 22)",
            "expected a property identifier of letters and '[' opening its value, found '2'",
        ],
    );
    assert_record_error(
        b"(;SZ[9];B[cc](;W[dd])C[x])",
        &["column 22 (byte 21)", "'(' or ')' after a variation"],
    );
    assert_record_error(b"(;SZ[9];[cc])", &["byte 8", "a property identifier"]);
    assert_record_error(
        b"(B[cc])",
        &["byte 1", "';' starting the tree's first node, found 'B'"],
    );
    assert_record_error(
        b"(;GM[1]SZ[9]GM[4];B[cc])",
        &["game 1, line 1, column 13 (byte 12)", "unexpected property"],
    );
    // Values: at the property that holds them.
    assert_record_error(
        b"(;SZ[9];B[cc]\n;W[dd]AB[cc][zzz])",
        &["line 2, column 7 (byte 20)", "AB[cc][zzz] is not a point"],
    );
}

/// A 20 MB comment is read as its first 64 KiB, with a warning: sgf-parse holds a value as
/// characters of four bytes while reading it, and the comment once took 250 MB to read.
#[test]
fn a_huge_comment_costs_a_bounded_multiple_of_its_size() {
    let mut record = b"(;GM[1]SZ[9];B[cc]C[".to_vec();
    record.extend(std::iter::repeat_n(b'x', 20_000_000));
    record.extend(b"];W[dd])");
    let run = run_bounded(&["go", "--dead", "none"], Feed::Bytes(record), 192);
    assert_eq!(run.status.code(), Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "warning: game 1: the value at line 1, column 20 holds 20000000 bytes: its first \
             65536 are read"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn an_endless_variation_is_refused_in_bounded_memory() {
    let run = run_bounded(
        &["go"],
        Feed::Repeat(b"(;SZ[19]".to_vec(), b";B[aa];W[bb]".to_vec()),
        256,
    );
    assert_eq!(
        run.status.code(),
        Some(1),
        "{:?} {}",
        run.status,
        run.stderr
    );
    assert!(
        run.stderr.contains("more than 10000 nodes in a row"),
        "{}",
        run.stderr
    );
}

// ---- GNU Go as a second opinion

#[test]
fn the_estimate_scores_gnu_go_s_games_as_gnu_go_does() {
    // Each record's RE is GNU Go's own count; --check lists the games where arbiter's
    // estimate counts otherwise. Two unsettled semeais are all that differ.
    let mut differ = 0;
    for (name, games) in [
        ("gnugo-9x9.sgf", 30),
        ("gnugo-13x13.sgf", 10),
        ("gnugo-19x19.sgf", 10),
    ] {
        assert_eq!(lines(&["go", &file(name)], b"").len(), games);
        let output = run(&["go", "--check", &file(name)], b"");
        differ += String::from_utf8(output.stdout).unwrap().lines().count();
    }
    assert!(differ <= 2, "{differ} of 50 games differ from GNU Go");
}

/// Plays a game of GNU Go against itself through GTP and returns it as SGF with GNU Go's
/// count, or `None` when GNU Go is not installed.
fn gnu_go_game(size: usize, seed: u32) -> Option<(String, String)> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut gnugo = Command::new("/usr/games/gnugo")
        .args(["--mode", "gtp", "--level", "1", "--seed", &seed.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut to = gnugo.stdin.take().unwrap();
    let mut from = BufReader::new(gnugo.stdout.take().unwrap());
    let mut ask = |command: &str| -> String {
        writeln!(to, "{command}").unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            from.read_line(&mut line).unwrap();
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        answer.trim_start_matches(['=', ' ']).trim().to_string()
    };
    ask(&format!("boardsize {size}"));
    ask("komi 6.5");
    let letters = "ABCDEFGHJKLMNOPQRST";
    let (mut moves, mut passes, mut colour) = (String::new(), 0, "B");
    while passes < 2 {
        let played = ask(&format!(
            "genmove {}",
            if colour == "B" { "black" } else { "white" }
        ));
        let point = if played.eq_ignore_ascii_case("pass") {
            passes += 1;
            String::new()
        } else if played.eq_ignore_ascii_case("resign") {
            return None;
        } else {
            passes = 0;
            let col = letters.find(&played[..1]).unwrap();
            let row = size - played[1..].parse::<usize>().unwrap();
            format!(
                "{}{}",
                (b'a' + col as u8) as char,
                (b'a' + row as u8) as char
            )
        };
        moves.push_str(&format!(";{colour}[{point}]"));
        colour = if colour == "B" { "W" } else { "B" };
    }
    let score = ask("final_score");
    ask("quit");
    let _ = gnugo.wait();
    Some((format!("(;SZ[{size}]KM[6.5]RU[Japanese]{moves})"), score))
}

#[test]
fn the_estimate_agrees_with_gnu_go_playing_live() {
    if !std::path::Path::new("/usr/games/gnugo").exists() {
        eprintln!("GNU Go is not installed: skipped");
        return;
    }
    let mut agree = 0;
    let seeds = [101, 102, 103, 104];
    for seed in seeds {
        let Some((record, score)) = gnu_go_game(9, seed) else {
            agree += 1;
            continue;
        };
        if lines(&["go"], record.as_bytes()) == [score.clone()] {
            agree += 1;
        } else {
            eprintln!(
                "seed {seed}: GNU Go {score}, arbiter {:?}",
                lines(&["go"], record.as_bytes())
            );
        }
    }
    assert!(agree >= seeds.len() - 1, "{agree} of {} agree", seeds.len());
}

/// The network shipped in `models/`, as a path.
fn bundled_network() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/models/g170-b6c96-s175395328-d26788732.bin.gz"
    )
    .to_string()
}

#[test]
fn a_network_file_that_cannot_be_read_is_a_clear_error_naming_it() {
    let dir = std::env::temp_dir().join(format!("arbiter-network-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bytes = std::fs::read(bundled_network()).unwrap();
    let truncated = dir.join("truncated.bin.gz");
    std::fs::write(&truncated, &bytes[..bytes.len() / 3]).unwrap();
    let game = "(;SZ[9]KM[6.5];B[ee];W[cc];B[];W[])";
    for (file, says) in [
        (truncated.display().to_string(), "not a readable gzip file"),
        (file("gnugo-9x9.sgf"), "not a readable gzip file"),
        ("/no/such/network.bin.gz".to_string(), "No such file"),
    ] {
        let output = run(&["go", "--network", &file], game.as_bytes());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("--network {file}: {says}")),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // The bundled network, named, gives the built-in answer.
    let named = run(&["go", "--network", &bundled_network()], game.as_bytes());
    let built_in = run(&["go"], game.as_bytes());
    assert!(named.status.success());
    assert_eq!(named.stdout, built_in.stdout);
}

/// A finished `size` x `size` game: Black's wall on column C, White's on column E, and a white
/// stone in Black's corner at A1 (the top left, as SGF counts).
fn walled(size: usize) -> String {
    let letters: Vec<char> = ('a'..='z').collect();
    let column = |x: usize| {
        (0..size)
            .map(|y| format!("[{}{}]", letters[x], letters[y]))
            .collect::<String>()
    };
    format!(
        "(;SZ[{size}]KM[0.5]AB{}AW{}[aa];B[];W[])",
        column(2),
        column(4)
    )
}

#[test]
fn a_board_wider_than_the_network_takes_falls_back_to_the_playouts_with_a_warning() {
    let output = run(&["go", "--format", "json"], walled(21).as_bytes());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains(
            "the network takes boards of up to 19 x 19, and this one is 21 x 21: dead stones \
             estimated by playouts"
        ),
        "{stderr}"
    );
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["estimated_by"], "playouts");
    assert_eq!(record["dead"], serde_json::json!(["A21"]));
    assert!(record.get("ownership").is_none());
    // On 19 x 19 the network judges, and says so.
    let output = run(&["go", "--format", "json"], walled(19).as_bytes());
    let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(record["estimated_by"], "network");
    assert_eq!(record["dead"], serde_json::json!(["A19"]));
    assert_eq!(record["ownership"].as_array().unwrap().len(), 19);
    assert!(String::from_utf8_lossy(&output.stderr).is_empty());
}

/// How many of a corpus's games `arbiter go --check` with `options` finds counted as
/// recorded.
fn right_in(folder: &str, options: &[&str]) -> (usize, usize) {
    let files = sgf_files("go", folder);
    let mut args = vec!["go", "--check"];
    args.extend(options);
    args.extend(files.iter().map(String::as_str));
    let output = run(&args, b"");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("error"), "{stderr}");
    let differ = String::from_utf8_lossy(&output.stdout).lines().count();
    (files.len() - differ, files.len())
}

#[test]
fn the_network_scores_the_finished_games_of_the_corpus_as_their_play_out_does() {
    let (right, games) = right_in("corpus", &["--dead", "estimate"]);
    assert_eq!(games, 282);
    assert!(right >= 274, "{right} of {games}");
    let (raw, _) = right_in("corpus", &["--dead", "estimate", "--visits", "0"]);
    assert!(raw >= 274, "the raw network: {raw} of {games}");
    let (by_playouts, _) = right_in("corpus", &["--dead", "playouts"]);
    assert!(by_playouts >= 252, "{by_playouts} of {games}");
    assert!(right > by_playouts);
}

#[test]
fn the_search_reads_the_big_dead_groups_of_programs_games_that_the_raw_network_misses() {
    // Games where one side played random moves: whole groups left dead on the board.
    let (searched, games) = right_in("corpus-random", &[]);
    let (raw, _) = right_in("corpus-random", &["--visits", "0"]);
    assert_eq!(games, 43);
    assert!(searched >= 40, "{searched} of {games}");
    assert!(
        raw <= 36 && searched > raw,
        "the raw network: {raw} of {games}"
    );
}

/// Each game's dead stones by `options`, as JSON lists, in the corpus's order.
fn dead_stones_in(files: &[String], options: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["go", "--format", "json"];
    args.extend(options);
    args.extend(files.iter().map(String::as_str));
    let output = run(&args, b"");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), files.len());
    records.iter().map(|r| r["dead"].clone()).collect()
}

#[test]
fn the_estimate_finds_the_dead_stones_kgs_players_marked() {
    // 896 finished KGS games of strong players, 19 x 19: the final node's TB/TW are the dead
    // stones both players agreed on. The estimate never sees them (`--dead estimate`).
    let files = sgf_files("go", "kgs");
    assert_eq!(files.len(), 896);
    let marked = dead_stones_in(&files, &["--dead", "markup"]);
    let searched = dead_stones_in(&files, &["--dead", "estimate"]);
    let raw = dead_stones_in(&files, &["--dead", "estimate", "--visits", "0"]);
    let as_marked =
        |found: &[serde_json::Value]| found.iter().zip(&marked).filter(|(a, b)| a == b).count();
    let (searched, raw) = (as_marked(&searched), as_marked(&raw));
    assert!(searched >= 869, "the search: {searched} of 896");
    assert!(raw >= 856, "the raw network: {raw} of 896");
}

#[test]
fn each_chain_the_search_decided_says_so_with_its_visits() {
    // Game 3003: a 19-stone chain the network and the search both leaned to keep alive, and
    // that the play-out captures (KataGo's own play-out took it too).
    let game = file("corpus-random/game-3003.sgf");
    let record = json(&["go", &game], b"");
    assert_eq!(record["visits"], 100);
    let decided_by = |list: &str, by: &str| {
        record[list]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["decided_by"] == by)
            .map(|c| (c["stones"].as_array().unwrap().len(), c["visits"].clone()))
            .collect::<Vec<_>>()
    };
    let played_out = decided_by("dead_chains", "playout");
    assert!(
        played_out.contains(&(19, serde_json::json!(100))),
        "{played_out:?}"
    );
    assert!(!decided_by("dead_chains", "network").is_empty());
    assert_eq!(record["result"], "B+348.5", "as recorded");
    let raw = json(&["go", "--visits", "0", &game], b"");
    assert_eq!(raw["visits"], 0);
    assert_ne!(
        raw["result"], "B+348.5",
        "the raw network keeps the chain alive"
    );
    // Words: each dead chain's step.
    let explained = lines(&["go", "--explain", "--color", "never", &game], b"").join("\n");
    assert!(
        explained.contains("captured in the search's play-out (100 visits a move"),
        "{explained}"
    );
}

#[test]
fn a_game_that_did_not_finish_is_estimated_without_a_play_out() {
    // Game 3003 cut before its last moves: an estimate, by the raw network unless a search is
    // asked for, and never played out (the finished game's 19-stone chain was played out).
    let game = file("corpus-random/game-3003.sgf");
    let steps = |record: &serde_json::Value| {
        let mut steps: Vec<String> = ["dead_chains", "close_calls"]
            .iter()
            .flat_map(|list| record[list].as_array().unwrap())
            .map(|c| c["decided_by"].as_str().unwrap().to_string())
            .collect();
        steps.sort();
        steps.dedup();
        steps
    };
    let estimate = json(&["go", "--at-move", "270", &game], b"");
    assert_eq!(estimate["finished"], false);
    assert_eq!(estimate["visits"], 0);
    assert_eq!(steps(&estimate), ["network"]);
    let read = json(&["go", "--at-move", "270", "--visits", "100", &game], b"");
    assert_eq!(read["visits"], 100);
    assert!(
        steps(&read).contains(&"search".to_string()),
        "{:?}",
        steps(&read)
    );
    assert!(
        !steps(&read).contains(&"playout".to_string()),
        "{:?}",
        steps(&read)
    );
}

#[test]
fn visits_out_of_range_are_a_usage_error() {
    let game = file("corpus-random/game-3003.sgf");
    for bad in ["-1", "100001", "many"] {
        let output = run(&["go", &format!("--visits={bad}"), &game], b"");
        assert_eq!(output.status.code(), Some(2), "--visits {bad}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("--visits"), "{stderr}");
    }
}

/// A 5 x 5 game, finished and marked: Black owns columns A and B, White column E; the marks
/// leave A5 out (Black 9 points, White 5), as a record's markup may leave a point out.
const MARKED_ONE_SHORT: &[u8] = b"(;SZ[5]KM[0]RE[B+4]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de];\
    B[];W[]TB[ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])";

/// Rule: a record's territory markup gives the dead stones, arbiter counts the territory, and
/// every point where the marks and the count differ is said, in the explanation and JSON.
#[test]
fn a_marked_record_is_recounted_and_the_marks_that_differ_are_named() {
    let output = run(&["go", "--explain", "--color", "never"], MARKED_ONE_SHORT);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("\nB+5 under japanese rules, komi 0 (the record says B+4).\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "The record's markup differs from the count at 1 point (--territory markup counts \
             as marked):\n  A5: marked no one's, counted Black's.\n"
        ),
        "{text}"
    );
    let output = run(&["go", "--format", "json"], MARKED_ONE_SHORT);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        json["markup_differs"],
        serde_json::json!([{"points": ["A5"], "marked": null, "counted": "black"}])
    );
    assert!(json.get("territory_from").is_none(), "{json}");
}

/// Rule: `--territory markup` counts a finished record as its marks say: each marked point
/// without a living stone for the colour that marked it, under territory and area rules.
#[test]
fn territory_markup_counts_as_marked() {
    let output = run(&["go", "--territory", "markup"], MARKED_ONE_SHORT);
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "B+4\n");
    assert!(output.stderr.is_empty());
    // Area: 5 stones and 9 marked points against 5 and 5.
    let output = run(
        &["go", "--territory", "markup", "--rules", "chinese"],
        MARKED_ONE_SHORT,
    );
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "B+4\n");
    let output = run(
        &["go", "--territory", "markup", "--format", "json"],
        MARKED_ONE_SHORT,
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["territory_from"], "markup");
    assert_eq!(json["agreement"], "agrees");
    assert!(json.get("markup_differs").is_none(), "{json}");
    // A white stone inside Black's marks is dead, a prisoner, and its point Black's.
    let with_dead = b"(;SZ[5]KM[0]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa];B[];W[]\
        TB[aa][ba][ab][bb][ac][bc][ad][bd][ae][be]TW[ea][eb][ec][ed][ee])";
    let output = run(
        &[
            "go",
            "--territory",
            "markup",
            "--explain",
            "--color",
            "never",
        ],
        with_dead,
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("\nB+6 under japanese rules"), "{text}");
    assert!(
        text.contains("Dead stones (from the record's markup): A5."),
        "{text}"
    );
    assert!(
        text.contains("Territory as the record marks it (TB/TW)"),
        "{text}"
    );
    // Written back, the note says so.
    let output = run(
        &["go", "--territory", "markup", "--format", "sgf"],
        MARKED_ONE_SHORT,
    );
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("territory as marked")
    );
}

/// Rule: `--territory markup` on a record without marks (or not finished) counts, and says
/// why in a warning; a value other than count or markup is a usage error.
#[test]
fn territory_markup_without_marks_is_a_warning_and_a_bad_value_an_error() {
    let output = run(&["go", "--territory", "markup"], b"(;SZ[5];B[cc];W[];B[])");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "B+24\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "arbiter: warning: game 1: --territory markup: the record has no territory markup \
         (TB/TW); its territory is counted\n"
    );
    // Cut before its end, or resigned with marks: the marks speak of no position judged.
    let resigned = b"(;SZ[5]RE[W+R];B[cc];W[]TB[aa])";
    for (args, input) in [
        (
            &["--territory", "markup", "--at-move", "2"][..],
            MARKED_ONE_SHORT,
        ),
        (&["--territory", "markup"][..], &resigned[..]),
    ] {
        let output = run(&[&["go"][..], args].concat(), input);
        assert!(
            String::from_utf8(output.stderr).unwrap().ends_with(
                "--territory markup: the position judged is not a finished game's, so no marks \
                 speak of it; its territory is estimated\n"
            ),
            "{args:?}"
        );
    }
    let output = run(&["go", "--territory", "mine"], b"");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("count") && stderr.contains("markup"),
        "{stderr}"
    );
}
