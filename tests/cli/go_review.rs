//! `arbiter go --review`: every view of a record reviewed move by move, and the records it
//! refuses with a clear error.

use crate::common::{data, run};

fn record(name: &str) -> String {
    data("go", &format!("records/{name}"))
        .to_str()
        .unwrap()
        .to_string()
}

fn stdout(args: &[&str], stdin: &[u8]) -> String {
    let output = run(args, stdin);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_table_says_who_won_from_where_the_biggest_mistakes_first_then_every_move() {
    let game = record("master-2016-12-29-yu-zhiying-magist.sgf");
    let table = stdout(&["go", "--review", "--visits", "0", &game], b"");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "113 moves on 19 x 19, japanese rules, komi 6.5: read by the raw network."
    );
    assert!(
        lines[1].starts_with("Black won, never behind again after move "),
        "{table}"
    );
    assert_eq!(lines[3], "Biggest mistakes");
    // The mistakes, the biggest first.
    let losses: Vec<f32> = lines[5..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().nth(3).unwrap().parse().unwrap())
        .collect();
    assert!(
        !losses.is_empty() && losses.windows(2).all(|w| w[0] >= w[1]),
        "{losses:?}"
    );
    assert!(table.contains("\nEvery move\n"));
    // One row a position: the start and 113 moves.
    let every = table.split("\nEvery move\n").nth(1).unwrap();
    assert_eq!(every.lines().count(), 1 + 114);
}

#[test]
fn json_is_one_record_a_position_then_the_summary() {
    let game = record("master-2016-12-29-magist-ding-shixiong.sgf");
    let out = stdout(
        &["go", "--review", "--visits", "0", "--format", "json", &game],
        b"",
    );
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, moves) = records.split_last().unwrap();
    assert_eq!(moves.len(), 152);
    for (n, record) in moves.iter().enumerate() {
        assert_eq!(record["record"], "move");
        assert_eq!(record["move_number"], n);
        for field in [
            "color",
            "move",
            "black_lead",
            "black_win",
            "best_move",
            "loss",
        ] {
            assert!(record.get(field).is_some(), "{field} in {record}");
        }
    }
    assert_eq!(moves[1]["color"], "B");
    assert!(moves[1]["move"].as_str().unwrap().len() >= 2);
    assert_eq!(summary["record"], "summary");
    assert_eq!(summary["players"]["white"], "Ding Shixiong");
    let black = &summary["black"];
    let counted: u64 = ["1", "3", "6", "12"]
        .iter()
        .map(|s| black["mistakes"][s].as_u64().unwrap())
        .sum();
    let own_losses = moves
        .iter()
        .filter(|m| m["color"] == "B" && m["loss"].as_f64().unwrap() >= 1.0)
        .count();
    assert_eq!(counted as usize, own_losses);
}

#[test]
fn the_picture_draws_the_graph_and_the_board_at_the_worst_move() {
    let folder = std::env::temp_dir().join(format!("arbiter-review-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let game = record("master-2016-12-29-yu-zhiying-magist.sgf");
    let svg_dir = folder.to_str().unwrap();
    stdout(
        &["go", "--review", "--visits", "0", "--svg", svg_dir, &game],
        b"",
    );
    let picture =
        std::fs::read_to_string(folder.join("master-2016-12-29-yu-zhiying-magist.svg")).unwrap();
    assert!(picture.starts_with("<svg"));
    assert!(
        picture.contains("Black&apos;s lead and chance to win")
            || picture.contains("Black's lead and chance to win")
    );
    assert!(
        picture.contains("Move 43: Black G12 lost"),
        "the worst move's caption"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn records_the_network_cannot_review_are_clear_errors() {
    let refused = |input: &[u8]| {
        let output = run(&["go", "--review", "--visits", "0"], input);
        assert!(!output.status.success());
        String::from_utf8(output.stderr).unwrap()
    };
    assert!(refused(b"(;SZ[21];B[aa])").contains("the review needs a board of 19 x 19 or smaller"));
    assert!(refused(b"(;SZ[9]AB[ee])").contains("the record has no move to review"));
    assert!(refused(b"3 1 0\n2 2\n0\n").contains("a review needs a game record (SGF)"));
    // A game of passes alone is reviewed.
    let passes = stdout(
        &["go", "--review", "--visits", "0"],
        b"(;SZ[9]KM[7];B[];W[])",
    );
    assert!(passes.starts_with("2 moves on 9 x 9"), "{passes}");
    // The review takes no option of the count's.
    let output = run(&["go", "--review", "--check"], b"");
    assert_eq!(output.status.code(), Some(2));
}
