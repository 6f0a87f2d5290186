//! Many input files at once: judged in parallel, the outputs in the order given, each line led
//! by its file's name (as grep does), a bad file reported without stopping the others, and
//! no progress bar outside a terminal.

use crate::common;

use common::run;

const HEX: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex.in");
const TRMPH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex-games.trmph");
const SGF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/hex-games.sgf");

fn stdout_of(args: &[&str]) -> (i32, String, String) {
    let output = run(args, b"");
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn each_line_is_led_by_its_files_name_in_the_order_given() {
    let (code, out, _) = stdout_of(&["hex", TRMPH, HEX, SGF, "--jobs", "2"]);
    assert_eq!(code, 0);
    let (_, alone, _) = stdout_of(&["hex", HEX]);
    let mut expected = format!("{TRMPH}:Red wins\n{TRMPH}:Nobody wins\n");
    for line in alone.lines() {
        expected.push_str(&format!("{HEX}:{line}\n"));
    }
    expected.push_str(&format!("{SGF}:Red wins\n"));
    assert_eq!(out, expected);
}

#[test]
fn explanations_have_every_line_named() {
    let (_, out, _) = stdout_of(&["hex", "--explain", "--color", "never", TRMPH, SGF]);
    assert!(
        out.lines()
            .all(|line| line.starts_with(TRMPH) || line.starts_with(SGF))
    );
    assert!(out.contains(&format!("{SGF}:    a b c d\n")), "{out}");
}

#[test]
fn json_records_get_a_file_field() {
    let (_, out, _) = stdout_of(&["hex", "--format", "json", SGF, TRMPH]);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["file"], SGF);
    assert_eq!(records[0]["case"], 1);
    assert_eq!(records[2]["file"], TRMPH);
    assert_eq!(records[2]["case"], 2);
}

#[test]
fn written_records_follow_one_another_unchanged() {
    let (_, both, _) = stdout_of(&["hex", "--format", "sgf", SGF, TRMPH]);
    let (_, first, _) = stdout_of(&["hex", "--format", "sgf", SGF]);
    let (_, second, _) = stdout_of(&["hex", "--format", "sgf", TRMPH]);
    assert_eq!(both, first + &second);
}

#[test]
fn a_bad_file_is_reported_and_the_others_still_judged() {
    let dir = std::env::temp_dir().join(format!("arbiter-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "2\n2\nRB\nR.\n2\nRX\n..\n").unwrap();
    let bad = bad.to_str().unwrap();
    let missing = dir.join("missing.in");
    let missing = missing.to_str().unwrap();
    let (code, out, err) = stdout_of(&["hex", bad, missing, TRMPH]);
    assert_eq!(code, 1);
    // The bad file's first case is still written; the file after it is judged.
    assert!(
        out.starts_with(&format!("{bad}:Case #1: Red wins\n")),
        "{out}"
    );
    assert!(out.ends_with(&format!("{TRMPH}:Nobody wins\n")), "{out}");
    assert!(err.contains(bad) && err.contains("case 2"), "{err}");
    assert!(err.contains(&format!("cannot open {missing}")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pictures_and_records_of_many_files_are_named_after_them() {
    let dir = std::env::temp_dir().join(format!("arbiter-many-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (svg, sgf) = (dir.join("svg"), dir.join("sgf"));
    let (code, _, err) = stdout_of(&[
        "hex",
        "--svg",
        svg.to_str().unwrap(),
        "--sgf-out",
        sgf.to_str().unwrap(),
        HEX,
        SGF,
    ]);
    assert_eq!(code, 0, "{err}");
    let names = |dir: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let stem = |path: &str| {
        std::path::Path::new(path)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    let pictures = names(&svg);
    // The first case of each file under its name, the next ones numbered after it.
    assert!(
        pictures.contains(&format!("{}.svg", stem(HEX))),
        "{pictures:?}"
    );
    assert!(
        pictures.contains(&format!("{}-2.svg", stem(HEX))),
        "{pictures:?}"
    );
    assert!(
        pictures.contains(&format!("{}.svg", stem(SGF))),
        "{pictures:?}"
    );
    assert!(
        !pictures.iter().any(|p| p.starts_with("case-")),
        "{pictures:?}"
    );
    assert!(names(&sgf).contains(&format!("{}.sgf", stem(SGF))));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_progress_bar_is_drawn_outside_a_terminal() {
    let files: Vec<&str> = std::iter::repeat_n(HEX, 30).collect();
    let mut args = vec!["hex"];
    args.extend(&files);
    let (code, out, err) = stdout_of(&args);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 30 * 7);
    assert_eq!(err, "");
}
