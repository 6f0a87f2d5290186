//! `arbiter gtp` run as a process: a session on standard input, its answers on standard
//! output, the scoring commands giving what `arbiter go` gives (the browser-less side of
//! `web-tests/gtp.test.mjs`, which drives it with Sabaki's GTP library beside GNU Go).

use crate::common::{data, run};

fn session(commands: &str) -> Vec<String> {
    let output = run(&["gtp"], commands.as_bytes());
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .split("\n\n")
        .filter(|answer| !answer.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn a_loaded_record_is_scored_as_the_command_line_scores_it() {
    let file = data("go", "corpus/game-002.sgf");
    let file = file.to_str().unwrap();
    let answers = session(&format!(
        "1 loadsgf {file}\n2 final_score\n3 final_status_list dead\n4 loadsgf {file} 50\n\
         5 final_score\n6 loadsgf /no/such/file.sgf\n7 name\n"
    ));
    let cli = run(&["go", file], b"");
    let counted = String::from_utf8(cli.stdout).unwrap();
    assert_eq!(answers[0], "=1");
    assert_eq!(answers[1], format!("=2 {}", counted.trim()));
    let json = run(&["go", "--format", "json", file], b"");
    let judged: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let dead: Vec<&str> = judged["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(answers[2], format!("=3 {}", dead.join(" ")));
    // Loaded up to move 50 (as GNU Go's loadsgf), the position is another.
    assert_eq!(answers[3], "=4");
    assert_ne!(answers[4], answers[1].replace("=2", "=5"));
    assert!(
        answers[5].starts_with("?6 cannot load file"),
        "{}",
        answers[5]
    );
    assert_eq!(answers[6], "=7 arbiter");
}

#[test]
fn rules_are_chosen_as_kgs_and_arbiter_name_them() {
    let answers = session(
        "boardsize 5\nkomi 0.5\nplay b c3\nplay w pass\nplay b pass\nfinal_score\n\
         kgs-rules chinese\nfinal_score\narbiter-rules tromp-taylor\nfinal_score\n\
         kgs-rules ancient\n",
    );
    // Japanese: 24 points; Chinese: 25 (the stone counts).
    assert_eq!(answers[5], "= B+23.5");
    assert_eq!(answers[7], "= B+24.5");
    assert_eq!(answers[9], "= B+24.5");
    assert_eq!(answers[10], "? unknown rules ancient");
}

#[test]
fn htp_answers_hexgui_s_own_session() {
    // HexGui's sequence on connecting and solving (HexGui.java): name, version, the analyze
    // commands, the board, a move, then its Solve button's two commands.
    let output = run(
        &["htp", "--budget", "30"],
        b"name\nversion\nhexgui-analyze_commands\nboardsize 4 4\nclear_board\n\
          play black a1\nundo\nparam_dfpn use_guifx 1\ndfpn-solve-state black\n\
          dfpn-solver-find-winning black\nquit\n",
    );
    assert!(output.status.success());
    let answers: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .split("\n\n")
        .filter(|a| !a.is_empty() && !a.starts_with("gogui-gfx:"))
        .map(str::to_string)
        .collect();
    assert_eq!(answers[0], "= arbiter");
    assert!(answers[2].contains("dfpn-solver-find-winning %m"));
    assert_eq!(answers[8], "= black");
    // The published 4 x 4 answer: the short diagonal.
    assert_eq!(answers[9], "= d1 c2 b3 a4");
}
