//! goscorer's own test suite: every board of its snapshot tests
//! (`tests/data/go/goscorer/`, its `python/expected_test_output/`), with each map it
//! prints (territory, seki, false eyes, unscorable false eyes, dame, eye values) held to
//! goscorer's.

use super::*;

/// A board as goscorer's tests write it (`x` `o` stones, `b` `w` dead ones, `.` empty): its
/// width, position and dead flags.
fn read(rows: &[&str]) -> (usize, Position, Vec<bool>) {
    let (height, width) = (rows.len(), rows[0].len());
    let mut position = Position::rectangle(width, height);
    let mut dead = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        for (col, c) in text.bytes().enumerate() {
            let stone = match c {
                b'x' | b'b' => Some(Stone::Black),
                b'o' | b'w' => Some(Stone::White),
                _ => None,
            };
            position.set(crate::grid::Coord { row, col }, stone);
            dead.push(c == b'b' || c == b'w');
        }
    }
    (width, position, dead)
}

/// The maps goscorer's `test.py` prints for a board.
fn maps(rows: &[&str]) -> String {
    let (width, position, dead) = read(rows);
    let scores = territory_scoring(&position, &dead);
    let stones: Vec<Option<Stone>> = position.stones().collect();
    let mut out = String::new();
    let mut section = |name: &str, f: &dyn Fn(usize, u8) -> char| {
        out.push_str(name);
        out.push_str(":\n");
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                out.push(f(y * width + x, c));
            }
            out.push('\n');
        }
    };
    section("BOARD", &|_, c| c as char);
    section("TERRITORY", &|p, c| match scores[p].territory {
        Some(Stone::Black) => 'z',
        Some(Stone::White) => 'a',
        None => c as char,
    });
    section("SEKI", &|p, _| {
        let stone = stones[p].is_some();
        match (scores[p].seki, stone) {
            (Some(Stone::Black), true) => 'x',
            (Some(Stone::White), true) => 'o',
            (Some(Stone::Black), false) => 'z',
            (Some(Stone::White), false) => 'a',
            (None, _) => '.',
        }
    });
    section("FALSE EYES", &|p, c| {
        if scores[p].false_eye { 'F' } else { c as char }
    });
    section("UNSCORABLE FALSE EYES", &|p, c| {
        if scores[p].unscorable { 'F' } else { c as char }
    });
    section("DAME", &|p, c| if scores[p].dame { '1' } else { c as char });
    section("EYEVALUE", &|p, c| match scores[p].eye_value {
        0 => c as char,
        v => char::from(b'0' + v),
    });
    out
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn every_board_of_goscorer_s_test_suite_gets_goscorer_s_maps() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/go/goscorer");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("test_"))
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), 91);
    let mut failed = Vec::new();
    for path in &names {
        let expected = std::fs::read_to_string(path).unwrap();
        let board: Vec<&str> = expected
            .lines()
            .skip(1)
            .take_while(|line| !line.ends_with(':'))
            .map(str::trim)
            .collect();
        let actual = maps(&board);
        if words(&actual) != words(&expected) {
            failed.push(format!(
                "{}:\nexpected\n{expected}\nactual\n{actual}",
                path.display()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} differ:\n{}",
        failed.len(),
        names.len(),
        failed.join("\n")
    );
}

/// goscorer's maps of many boards at once, by its own Python (`GOSCORER_PY`: the path of its
/// `python/goscorer.py`), in the form of [`maps`], followed by an `AREA:` map (`z`/`a`).
fn goscorer_maps(script: &str, boards: &[Vec<String>]) -> Vec<String> {
    const DRIVER: &str = r#"
import json, sys, os
sys.setrecursionlimit(100000)
sys.path.insert(0, os.path.dirname(sys.argv[1]))
from goscorer import territory_scoring, area_scoring, EMPTY, BLACK, WHITE
for line in sys.stdin:
    rows = json.loads(line)
    stones = [[{"x": BLACK, "b": BLACK, "o": WHITE, "w": WHITE}.get(c, EMPTY) for c in r] for r in rows]
    dead = [[c in "bw" for c in r] for r in rows]
    s = territory_scoring(stones, dead)
    area = area_scoring(stones, dead)
    def section(name, f):
        out = name + ":\n"
        for y, r in enumerate(rows):
            out += "".join(f(s[y][x], c, stones[y][x], area[y][x]) for x, c in enumerate(r)) + "\n"
        return out
    out = section("BOARD", lambda p, c, v, a: c)
    out += section("TERRITORY", lambda p, c, v, a: "z" if p.is_territory_for == BLACK else "a" if p.is_territory_for == WHITE else c)
    out += section("SEKI", lambda p, c, v, a: ("x" if v != EMPTY else "z") if p.belongs_to_seki_group == BLACK else ("o" if v != EMPTY else "a") if p.belongs_to_seki_group == WHITE else ".")
    out += section("FALSE EYES", lambda p, c, v, a: "F" if p.is_false_eye else c)
    out += section("UNSCORABLE FALSE EYES", lambda p, c, v, a: "F" if p.is_unscorable_false_eye else c)
    out += section("DAME", lambda p, c, v, a: "1" if p.is_dame else c)
    out += section("EYEVALUE", lambda p, c, v, a: c if p.eye_value == 0 else str(p.eye_value))
    out += section("AREA", lambda p, c, v, a: "z" if a == BLACK else "a" if a == WHITE else ".")
    print(json.dumps(out), flush=True)
"#;
    use std::io::Write;
    let mut child = std::process::Command::new("python3")
        .args(["-c", DRIVER, script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut input = String::new();
    for board in boards {
        input.push_str(&serde_json::to_string(board).unwrap());
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "goscorer's Python failed");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<String>(line).unwrap())
        .collect()
}

/// A random board as a game leaves it: random legal moves that fill no own eye, a random
/// number of them (so some boards are full, some still open), then some chains marked dead.
fn random_board(rng: &mut rand_pcg::Pcg64Mcg) -> Vec<String> {
    use crate::go::board::{Board as Play, other};
    use rand::Rng;
    let (width, height) = (rng.random_range(3..=13), rng.random_range(3..=13));
    let mut board = Play::new(width, height);
    let points: Vec<usize> = board.points().collect();
    let moves = rng.random_range(points.len() / 2..=3 * points.len());
    let mut colour = Stone::Black;
    for _ in 0..moves {
        let candidates: Vec<usize> = points
            .iter()
            .copied()
            .filter(|&p| board.is_legal(p, colour) && !board.is_eye(p, colour))
            .collect();
        if let Some(&p) = candidates.get(rng.random_range(0..candidates.len().max(1))) {
            board.play(p, colour);
        }
        colour = other(colour);
    }
    let dead_chance = rng.random_range(0.0..0.3);
    let mut dead = vec![false; points.last().unwrap() + 1];
    for &p in &points {
        if board.stone(p).is_some() && board.chain(p) == p && rng.random_bool(dead_chance) {
            for s in board.stones(p) {
                dead[s] = true;
            }
        }
    }
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| {
                    let p = board.index(x, y);
                    match (board.stone(p), dead[p]) {
                        (Some(Stone::Black), false) => 'x',
                        (Some(Stone::Black), true) => 'b',
                        (Some(Stone::White), false) => 'o',
                        (Some(Stone::White), true) => 'w',
                        (None, _) => '.',
                    }
                })
                .collect()
        })
        .collect()
}

/// Our area map of a board in goscorer's notation.
fn area_map(rows: &[&str]) -> String {
    let (width, position, dead) = read(rows);
    let area = area_scoring(&position, &dead);
    let mut out = String::from("AREA:\n");
    for row in area.chunks(width) {
        for owner in row {
            out.push(match owner {
                Some(Stone::Black) => 'z',
                Some(Stone::White) => 'a',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

#[test]
fn random_finished_boards_get_goscorer_s_maps_when_its_python_is_at_hand() {
    let Ok(script) = std::env::var("GOSCORER_PY") else {
        eprintln!("GOSCORER_PY is not set: goscorer's Python is not at hand, nothing compared");
        return;
    };
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2026);
    let count: usize = std::env::var("GOSCORER_BOARDS").map_or(3000, |n| n.parse().unwrap());
    let boards: Vec<Vec<String>> = (0..count).map(|_| random_board(&mut rng)).collect();
    let theirs = goscorer_maps(&script, &boards);
    assert_eq!(theirs.len(), boards.len());
    let mut differ = Vec::new();
    for (board, expected) in boards.iter().zip(&theirs) {
        let rows: Vec<&str> = board.iter().map(String::as_str).collect();
        let ours = maps(&rows) + &area_map(&rows);
        if words(&ours) != words(expected) {
            differ.push(format!("expected\n{expected}\nactual\n{ours}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} boards differ; the first:\n{}",
        differ.len(),
        boards.len(),
        differ[0]
    );
}
