//! Records as players keep them, on real records (`tests/data/go/records/`, see its
//! SOURCES note): a record's own result is never changed, a game that did not end is said to
//! be unfinished, groups are marked dead or alive by hand, a record is judged at any move,
//! folders of records keep their names, and text before a record is skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{data, run};

fn record(name: &str) -> PathBuf {
    data("go", &format!("records/{name}"))
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

fn stdout(args: &[&str]) -> String {
    let output = run(args, b"");
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    serde_json::from_str(stdout(&args).trim()).unwrap()
}

/// One JSON record per line.
fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let mut args = args.to_vec();
    args.extend(["--format", "json"]);
    stdout(&args)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// A fresh folder for a test's outputs.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const RESIGNED: [&str; 4] = [
    "alphago-self-play-g31.sgf",
    "tencent-2018-final-1-golaxy-fineart.sgf",
    "wbaduk-2017-deepzengo.sgf",
    "commented-tencent-final-1.sgf",
];

#[test]
fn a_resigned_game_keeps_its_recorded_result_marked_as_such() {
    for name in RESIGNED {
        let path = text(&record(name));
        assert_eq!(
            stdout(&["go", &path]),
            "W+R (as recorded: resignation)\n",
            "{name}"
        );
        let judged = json(&["go", &path]);
        assert_eq!(judged["finished"], false, "{name}");
        assert_eq!(judged["ending"], "resignation", "{name}");
        assert_eq!(judged["result"], "W+R", "{name}");
        // The position as it stands, counted, is there as an estimate, never as the result.
        assert!(judged["estimate"].as_str().unwrap().contains('+'), "{name}");
        assert!(judged["margin"].is_number(), "{name}");
        // Not a score: --check has nothing to compare.
        assert!(stdout(&["go", "--check", &path]).is_empty());
    }
}

#[test]
fn a_counted_game_without_its_passes_is_an_estimate_labelled_everywhere() {
    // Fox Go Server records end at the last stone, without the passes: unfinished by the
    // rule, so an estimate; their komi, written in hundredths (KM[750]), is read as 7.5.
    let path = text(&record("fox-2018-08-23-jinmao-w+3.5.sgf"));
    let output = run(&["go", &path], b"");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "unfinished after move 260: estimate W+3.5\n",
        "the estimate agrees with the recorded W+3.5"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("KM[750] read as komi 7.5"), "{stderr}");
    let judged = json(&["go", &path]);
    assert_eq!(judged["finished"], false);
    assert_eq!(judged["ending"], "unfinished");
    assert!(judged.get("result").is_none(), "no result: {judged}");
    assert_eq!(judged["estimate"], "W+3.5");
    assert_eq!(judged["margin"], -3.5);
    assert_eq!(judged["komi"], 7.5);
    let explained = stdout(&["go", "--explain", &path]);
    assert!(
        explained
            .starts_with("unfinished after move 260: estimate W+3.5\nThe game is not finished"),
        "{explained}"
    );
    let pictures = scratch("caption");
    stdout(&["go", "--svg", &text(&pictures), &path]);
    let svg = std::fs::read_to_string(pictures.join("fox-2018-08-23-jinmao-w+3.5.svg")).unwrap();
    assert!(
        svg.contains("Unfinished after move 260: estimate W+3.5"),
        "the caption says so"
    );
    std::fs::remove_dir_all(pictures).unwrap();
    // An estimate is not checked against the record.
    assert!(stdout(&["go", "--check", &path]).is_empty());
}

#[test]
fn a_game_ending_in_two_passes_or_marked_up_is_counted() {
    let finished = text(&record("katago-rules-tromp-taylor.sgf"));
    let judged = json(&["go", &finished]);
    assert_eq!(judged["finished"], true);
    assert_eq!(judged["ending"], "passes");
    assert_eq!(judged["result"], "B+1.5");
    assert!(judged.get("estimate").is_none());
    // KataGo's rule string: positional superko, area scoring, suicide allowed.
    assert_eq!(judged["rules"], "tromp-taylor");
}

#[test]
fn text_before_a_record_is_skipped_as_readers_skip_it() {
    let commented = text(&record("commented-tencent-final-1.sgf"));
    let plain = text(&record("tencent-2018-final-1-golaxy-fineart.sgf"));
    let (a, b) = (json(&["go", &commented]), json(&["go", &plain]));
    assert_eq!(a["estimate"], b["estimate"]);
    assert_eq!(a["moves"], b["moves"]);
    // On standard input too, where there is no name to go by.
    let bytes = std::fs::read(record("commented-tencent-final-1.sgf")).unwrap();
    let output = run(&["go"], &bytes);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "W+R (as recorded: resignation)\n"
    );
    // A file named .sgf with no game in it is said to be so, not read as a contest file.
    let dir = scratch("not-sgf");
    std::fs::create_dir_all(&dir).unwrap();
    let bogus = dir.join("notes.sgf");
    std::fs::write(&bogus, "no game here\n").unwrap();
    let output = run(&["go", &text(&bogus)], b"");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("it holds no SGF game tree"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn at_move_n_judges_the_position_move_n_is_played_in_as_gnu_go_l() {
    let path = text(&record("alphago-self-play-g31.sgf"));
    let judged = json(&["go", "--at-move", "100", &path]);
    assert_eq!(judged["moves"], 99);
    assert_eq!(judged["finished"], false);
    assert_eq!(judged["ending"], "unfinished", "the resignation came later");
    assert_eq!(
        stdout(&["go", "--at-move", "1", &path]),
        "unfinished after move 0: estimate W+7.5\n",
        "the empty board: komi"
    );
    // Past the end: the whole record, with a warning.
    let output = run(&["go", "--at-move", "1000", &path], b"");
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("the record has 312 moves"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "W+R (as recorded: resignation)\n"
    );
    assert_eq!(
        run(&["go", "--at-move", "0", &path], b"").status.code(),
        Some(2)
    );
    // The same position as GNU Go's -L 100, stone for stone.
    let gnugo = Path::new("/usr/games/gnugo");
    if gnugo.exists() {
        let output = Command::new(gnugo)
            .args(["--mode", "gtp", "-l", &path, "-L", "100"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(b"list_stones black\nlist_stones white\nquit\n")?;
                child.wait_with_output()
            })
            .unwrap();
        let answers = String::from_utf8_lossy(&output.stdout);
        let counts: Vec<usize> = answers
            .split("\n\n")
            .filter(|a| a.starts_with('='))
            .take(2)
            .map(|a| a.trim_start_matches('=').split_whitespace().count())
            .collect();
        // Every stone on the board: the living ones, and those the estimate takes as dead
        // (the other side's prisoners).
        let on_board = |colour: &str, other: &str| {
            (judged[colour]["stones"].as_u64().unwrap() + judged[other]["dead"].as_u64().unwrap())
                as usize
        };
        assert_eq!(
            counts,
            [on_board("black", "white"), on_board("white", "black")]
        );
    }
}

#[test]
fn records_written_back_keep_their_words_and_read_back_in_sgfmill() {
    let dir = scratch("kept");
    let names = [
        "alphago-self-play-g31.sgf",
        "fox-2018-08-23-jinmao-w+3.5.sgf",
        "katago-rules-tromp-taylor.sgf",
        "commented-tencent-final-1.sgf",
    ];
    let inputs: Vec<String> = names.iter().map(|name| text(&record(name))).collect();
    let mut args = vec!["go", "-q", "--sgf-out", dir.to_str().unwrap()];
    args.extend(inputs.iter().map(String::as_str));
    stdout(&args);
    // Each named after its file.
    for name in names {
        let written = std::fs::read_to_string(dir.join(name)).unwrap();
        let original = std::fs::read_to_string(record(name)).unwrap();
        let re = |text: &str| {
            text.split("RE[")
                .nth(1)
                .map(|rest| rest.split(']').next().unwrap().to_string())
        };
        assert_eq!(re(&written), re(&original), "{name}: RE kept");
        assert!(written.contains("C[arbiter: "), "{name}");
    }
    let finished = std::fs::read_to_string(dir.join("katago-rules-tromp-taylor.sgf")).unwrap();
    assert!(finished.contains("TB[") && finished.contains("counted B+1.5"));
    let unfinished = std::fs::read_to_string(dir.join("fox-2018-08-23-jinmao-w+3.5.sgf")).unwrap();
    assert!(!unfinished.contains("TB[") && !unfinished.contains("TW["));
    assert!(unfinished.contains("unfinished after move 260: an estimate, not a result"));
    // Read back by sgfmill (PyPI), the game tree is the record's own, the final node's
    // comment and markup aside.
    // Asked quietly: without sgfmill, the skip below says so in one line of its own.
    let sgfmill = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if sgfmill {
        let script = r#"
import sys
from sgfmill import sgf

def nodes(game):
    out, stack = [], [game.get_root()]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(list(node)))
    return out

for original, written in zip(sys.argv[1::2], sys.argv[2::2]):
    text = open(original, 'rb').read()
    a = sgf.Sgf_game.from_bytes(text[text.index(b'(;'):])
    b = sgf.Sgf_game.from_bytes(open(written, 'rb').read())
    na, nb = nodes(a), nodes(b)
    assert len(na) == len(nb), (original, len(na), len(nb))
    for x, y in zip(na, nb):
        kx = set(x.properties()) - {'C', 'TB', 'TW'}
        ky = set(y.properties()) - {'C', 'TB', 'TW'}
        assert kx == ky, (original, kx, ky)
        for key in kx:
            assert x.get_raw_list(key) == y.get_raw_list(key), (original, key)
        if 'C' in x.properties():
            assert y.get('C').startswith(x.get('C').rstrip()), (original, 'comment kept')
print('ok', len(sys.argv) // 2)
"#;
        let mut args = vec!["-c".to_string(), script.to_string()];
        for name in names {
            args.push(text(&record(name)));
            args.push(text(&dir.join(name)));
        }
        let output = Command::new("python3").args(&args).output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "ok 4");
        // Hex records written by --format sgf read back too, each move where it was.
        let hex = data("hex", "records/games.sgf");
        let written = run(&["hex", "--format", "sgf", &text(&hex)], b"");
        let script = r#"
import sys
from sgfmill import sgf_grammar
data = sys.stdin.buffer.read()
games = sgf_grammar.parse_sgf_collection(data)
moves = [sum(1 for node in game.sequence if 'B' in node or 'W' in node) for game in games]
print(len(games), moves)
"#;
        let mut child = Command::new("python3")
            .args(["-c", script])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(&written.stdout)
                .unwrap();
        }
        let read = child.wait_with_output().unwrap();
        let expected = json_lines(&["hex", &text(&hex)]);
        let moves: Vec<u64> = expected
            .iter()
            .map(|game| game["moves"].as_u64().unwrap())
            .collect();
        assert_eq!(
            String::from_utf8_lossy(&read.stdout).trim(),
            format!("{} {moves:?}", moves.len())
        );
    } else {
        eprintln!("sgfmill is not installed (pip install sgfmill): the read-back is skipped");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn many_files_keep_their_names_in_every_folder() {
    let dir = scratch("names");
    let a = text(&record("wbaduk-2017-deepzengo.sgf"));
    let b = text(&data("go", "gnugo-9x9.sgf"));
    let svg = dir.join("svg");
    let sgf = dir.join("sgf");
    let out = dir.join("out");
    stdout(&[
        "go",
        "-q",
        "--svg",
        svg.to_str().unwrap(),
        "--sgf-out",
        sgf.to_str().unwrap(),
        &a,
        &b,
    ]);
    assert!(svg.join("wbaduk-2017-deepzengo.svg").exists());
    assert!(sgf.join("wbaduk-2017-deepzengo.sgf").exists());
    // Several games in one file: numbered after its name.
    assert!(svg.join("gnugo-9x9.svg").exists() && svg.join("gnugo-9x9-30.svg").exists());
    assert!(sgf.join("gnugo-9x9-2.sgf").exists());
    // --out: each file's output in a file of its own, in the format asked for.
    stdout(&[
        "go",
        "--format",
        "sgf",
        "--out",
        out.to_str().unwrap(),
        &a,
        &b,
    ]);
    let collection = std::fs::read_to_string(out.join("gnugo-9x9.sgf")).unwrap();
    assert_eq!(collection.matches("(;").count(), 30);
    stdout(&[
        "hex",
        "--format",
        "trmph",
        "--out",
        out.to_str().unwrap(),
        &text(&data("hex", "records/hexwiki-win.trmph")),
    ]);
    assert!(out.join("hexwiki-win.trmph").exists());
    // Never over an input.
    let output = run(
        &["go", "--format", "sgf", "--out", &text(&record("")), &a],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A game that ended by resignation is counted as an estimate of territory by the network's
/// ownership: no region of an open position is called seki (its borders are not closed).
#[test]
fn a_resigned_game_s_estimate_calls_no_seki() {
    let path = record("master-2016-12-29-yu-zhiying-magist.sgf");
    let explained = stdout(&["go", "--explain", &text(&path)]);
    assert!(
        explained.starts_with("B+R (as recorded: resignation)"),
        "{explained}"
    );
    assert!(!explained.contains("Seki:"), "{explained}");
    let record = json(&["go", &text(&path)]);
    assert_eq!(record["seki"], serde_json::json!([]));
    let territory = &record["territory"];
    assert!(
        territory["black"].as_array().unwrap().len() > 50,
        "{territory}"
    );
    assert!(
        territory["white"].as_array().unwrap().len() > 50,
        "{territory}"
    );
}

/// A record whose root repeats GM with its value (as some servers write) is read, with a
/// warning; with another value it stays an error.
#[test]
fn a_root_that_repeats_gm_is_read_with_a_warning() {
    let output = run(&["go", "-"], b"(;GM[1]GM[1]SZ[9];B[cc])");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "unfinished after move 1: estimate B+3\n"
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "arbiter: warning: game 1: the root repeats GM[1]: read once\n"
    );
    let output = run(&["go", "-"], b"(;GM[1]GM[4]SZ[9];B[cc])");
    assert_eq!(output.status.code(), Some(1));
}
