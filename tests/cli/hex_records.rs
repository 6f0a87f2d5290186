//! `arbiter hex` on game records (HexGui SGF, trmph), run as a process: the conventions of
//! `docs/src/records.md` by name, records that go on after a win, `--check`, writing
//! records (`--format sgf`, `--format trmph`) and reading them back, and bad records.

use crate::common;

use common::{Feed, data, run, run_bounded};

fn records(name: &str) -> String {
    data("hex", &format!("records/{name}"))
        .to_str()
        .unwrap()
        .to_string()
}

/// Runs `arbiter hex ARGS` on `input`, expecting success; returns standard output.
fn hex(args: &[&str], input: &[u8]) -> String {
    let mut all = vec!["hex"];
    all.extend_from_slice(args);
    let output = run(&all, input);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// One JSON record per line.
fn json(args: &[&str], input: &[u8]) -> Vec<serde_json::Value> {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    hex(&all, input)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

// ---- The conventions, by name

#[test]
fn a1_is_the_acute_top_left_corner() {
    // On 2 x 2, a1 touches b1 and a2 but not b2: Red a1 b2 does not connect, Red b1 a2 does.
    assert_eq!(hex(&[], b"2,a1b1b2"), "Nobody wins\n");
    assert_eq!(hex(&[], b"2,b1a1a2"), "Red wins\n");
}

#[test]
fn red_is_sgf_black_and_joins_top_to_bottom() {
    // B's stones down the first column: Red, joining the top row to the bottom row.
    let game = b"(;FF[4]GM[11]SZ[3];B[a1];W[b1];B[a2];W[b2];B[a3])";
    assert_eq!(hex(&[], game), "Red wins\n");
    // W's stones along the first row: Blue, joining the left column to the right.
    let game = b"(;FF[4]GM[11]SZ[3];B[a2];W[a1];B[b2];W[b1];B[a3];W[c1])";
    assert_eq!(hex(&[], game), "Blue wins\n");
}

#[test]
fn the_hexwiki_game_is_won_by_red_with_the_documented_path() {
    let records = json(&[&records("hexwiki-win.trmph")], b"");
    let game = &records[0];
    assert_eq!(game["verdict"], "Red wins");
    assert_eq!(game["won_at"], 35);
    assert_eq!(game["winning_move"], "e4");
    let chain: Vec<&str> = game["chain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cell| cell["cell"].as_str().unwrap())
        .collect();
    // HexWiki's path, top to bottom.
    assert_eq!(
        chain,
        [
            "b1", "a2", "a3", "b3", "c2", "d2", "e2", "e3", "e4", "f4", "f5", "f6", "e7"
        ]
    );
    // Each cell keeps its row and column beside its name.
    assert_eq!(game["chain"][0]["row"], 0);
    assert_eq!(game["chain"][0]["col"], 1);
}

#[test]
fn each_swap_spelling_is_read_as_hexgui_reads_it() {
    let games = json(&[&records("games.sgf")], b"");
    let verdicts: Vec<&str> = games
        .iter()
        .map(|g| g["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        [
            "Blue wins",
            "Red wins",
            "Red wins",
            "Red wins",
            "Nobody wins",
            "Red wins"
        ]
    );
    // Game 1, swap-pieces: Red's a3 becomes Blue's c1, which b2 touches; Blue's a2 joins
    // a2 b2 c1 at move 6, and c3 c2 follow.
    assert_eq!(games[0]["won_at"], 6);
    assert_eq!(games[0]["after"], serde_json::json!(["c3", "c2"]));
    assert_eq!(
        (games[0]["red"].as_u64(), games[0]["blue"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(games[0]["side_swaps"], 0);
    // Game 2, swap-sides: the stone stays Red; the players exchange colours.
    assert_eq!(games[1]["side_swaps"], 1);
    assert_eq!(games[1]["won_at"], 6);
    // Game 3: written by HexGui 0.9, whose swap-pieces is a swap of sides.
    assert_eq!(games[2]["side_swaps"], 1);
    assert_eq!(games[2]["warnings"].as_array().unwrap().len(), 0);
    // Game 6: `SWAP` in capitals, and Little Golem's Go-like points: game 2 again.
    assert_eq!(games[5]["chain"], games[1]["chain"]);
    assert_eq!(games[5]["side_swaps"], 1);
    // Every game's RE agrees with its play.
    for (n, game) in games.iter().enumerate() {
        assert_ne!(game["agrees"], false, "game {}", n + 1);
    }
}

#[test]
fn an_unknown_swap_spelling_is_an_error_naming_the_game_and_the_move() {
    let output = run(
        &["hex"],
        b"(;GM[11]SZ[3];B[a1])(;GM[11]SZ[3];B[a1];W[swop])",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(output.stdout, b"Nobody wins\n");
    assert!(
        stderr.contains("game 2, move 2: \"swop\" is not a move"),
        "{stderr}"
    );
}

#[test]
fn trmph_with_and_without_the_address() {
    let moves = "7,d4d3e3f1f2g1e2e1b3c1a2a1b1c4b5b6d6d5c5c6f4e5f5e6f6f7e7b4d2d1c2b2a3f3e4";
    for prefix in [
        "https://trmph.com/hex/board#",
        "http://www.trmph.com/hex/board#",
        "#",
        "",
    ] {
        let line = format!("{prefix}{moves}\n");
        assert_eq!(hex(&[], line.as_bytes()), "Red wins\n", "{prefix}");
    }
    // One game per line; blank lines are skipped; a trailing result some collections add is
    // ignored.
    let file = format!("\n3,a1b1a2b2a3\n\n{moves} 1\n3,b2\n");
    assert_eq!(
        hex(&[], file.as_bytes()),
        "Red wins\nRed wins\nNobody wins\n"
    );
}

#[test]
fn setup_and_a_rectangular_board_with_play_after_the_win() {
    // Game 4: 4 columns by 2 rows; setup a1 b1 for Red and a2 for Blue; Red's b2 joins b1
    // to the bottom row at move 1, and two moves follow.
    let games = json(&[&records("games.sgf")], b"");
    let game = &games[3];
    assert_eq!(game["won_at"], 1);
    assert_eq!(game["winning_move"], "b2");
    assert_eq!(game["after"], serde_json::json!(["c1", "d1"]));
    let text = hex(
        &[&records("games.sgf"), "--explain", "--color", "never"],
        b"",
    );
    assert!(
        text.contains("Red joins top to bottom at move 1 (b2)"),
        "{text}"
    );
    assert!(
        text.contains("2 moves were played after it: 2.c1 3.d1."),
        "{text}"
    );
}

#[test]
fn a_game_that_goes_on_after_a_win_names_the_winning_move() {
    // Red joins a1 a2 a3 at move 5; Blue and Red play two more moves.
    let text = hex(&["--explain", "--color", "never"], b"3,a1b1a2b2a3c3c1");
    assert!(
        text.starts_with("Red wins\nRed joins top to bottom at move 5 (a3)"),
        "{text}"
    );
    assert!(
        text.contains("2 moves were played after it: 6.c3 7.c1."),
        "{text}"
    );
    // The diagram is labelled with column letters and row numbers, the winning move marked.
    assert!(
        text.contains("    a b c\n1   R b r\n2    R b .\n3     @ . b\n"),
        "{text}"
    );
}

#[test]
fn a_resignation_is_told_and_the_board_has_no_winner() {
    let text = hex(
        &[&records("games.sgf"), "--explain", "--color", "never"],
        b"",
    );
    assert!(
        text.contains(
            "Nobody wins\nNobody joins their sides after 3 moves.\nRed resigned at move 3."
        ),
        "{text}"
    );
    assert!(text.contains("RE[W+Resign] agrees."), "{text}");
}

// ---- --check

#[test]
fn check_reads_re_through_a_swap_of_sides() {
    // Red connects; after a swap of sides Red is held by White's player, so RE[W+] agrees and
    // RE[B+] does not.
    let agree = b"(;FF[4]GM[11]SZ[3]RE[W+];B[b2];W[swap-sides];W[a1];B[b1];W[a2];B[b3])";
    let output = run(&["hex", "--check"], agree);
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
    let disagree = b"(;FF[4]GM[11]SZ[3]RE[W+];B[a1];W[b1];B[a2];W[b2];B[a3])\
                     (;FF[4]GM[11]SZ[3]RE[B+];B[b2];W[swap-sides];W[a1];B[b1];W[a2];B[b3])";
    let output = run(&["hex", "--check"], disagree);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout,
        "game 1: RE[W+] names White's player, but Red (Black's player (who moved first)) joins \
         top to bottom at move 5\n\
         game 2: RE[B+] names Black's player (who moved first), but Red (White's player) joins \
         top to bottom at move 6\n"
    );
}

#[test]
fn check_without_a_winner_on_the_board_or_a_result_is_silent() {
    let output = run(&["hex", "--check"], b"(;GM[11]SZ[5]RE[B+];B[c3])\n");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
    let output = run(&["hex", "--check"], b"5,c3d4c4");
    assert_eq!(output.status.code(), Some(0));
}

// ---- Writing records

#[test]
fn boards_become_legal_games_that_read_back_as_the_same_boards() {
    let sample = data("hex", "hex_sample_ts1_input.txt");
    let sample = sample.to_str().unwrap();
    let output = run(&["hex", sample, "--format", "sgf"], b"");
    assert_eq!(
        output.status.code(),
        Some(0),
        "Impossible boards have no game: not a failure"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "case 4: no SGF record: no legal game reaches this board (Impossible by rule 1"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("case 6: no SGF record"), "{stderr}");
    let sgf = output.stdout;
    assert_eq!(sgf.iter().filter(|&&b| b == b'\n').count(), 5);
    // Read back, the games end in the contest's verdicts (the impossible cases 4 and 6 left
    // out).
    assert_eq!(
        hex(&[], &sgf),
        "Nobody wins\nBlue wins\nRed wins\nBlue wins\nBlue wins\n"
    );
    // Case 7 has Blue's extra stone: Blue moved first, by a swap of Red's first stone.
    let text = String::from_utf8(sgf).unwrap();
    let case7 = text.lines().last().unwrap();
    assert!(case7.contains(";W[swap-pieces]"), "{case7}");
    // And a won board's last move lies on every chain: case 5's is d1.
    let case5 = text.lines().nth(3).unwrap();
    assert!(case5.ends_with(";W[d1])"), "{case5}");
}

#[test]
fn trmph_is_written_for_games_red_starts() {
    let output = run(
        &["hex", "--format", "trmph"],
        b"2\n3\nR..\n.B.\n...\n2\n.B\n..\n",
    );
    assert_eq!(
        output.status.code(),
        Some(1),
        "a game trmph cannot hold is a failure"
    );
    assert_eq!(output.stdout, b"https://trmph.com/hex/board#3,a1b2\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("case 2: no trmph record: Blue moved first here"),
        "{stderr}"
    );
}

#[test]
fn records_are_written_back_normalised() {
    let games = hex(&[&records("games.sgf"), "--format", "sgf"], b"");
    let lines: Vec<&str> = games.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(
        lines[0],
        "(;FF[4]GM[11]AP[arbiter]SZ[3]PB[Alice]PW[Bob]RE[W+];B[a3];W[swap-pieces];B[a1];W[b2];\
         B[b1];W[a2];B[c3];W[c2])"
    );
    // HexGui 0.9's swap-pieces is written as the swap of sides it meant.
    assert!(lines[2].contains(";W[swap-sides]"), "{}", lines[2]);
    // Little Golem's points become cell names.
    assert!(
        lines[5].contains(";B[b2];W[swap-sides];W[a1];B[b1]"),
        "{}",
        lines[5]
    );
    // What was written reads back with the same answers.
    assert_eq!(
        hex(&[], games.as_bytes()),
        hex(&[&records("games.sgf")], b"")
    );
    // As trmph: what trmph can hold (no setup, no swap of pieces).
    let output = run(&["hex", &records("games.sgf"), "--format", "trmph"], b"");
    let trmph = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        trmph,
        "https://trmph.com/hex/board#3,b2a1b1a2b3\n\
         https://trmph.com/hex/board#3,b2a1b1a2b3\n\
         https://trmph.com/hex/board#5,c3d2\n\
         https://trmph.com/hex/board#3,b2a1b1a2b3\n"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "game 1: no trmph record: trmph cannot hold this game: it has a swap of pieces"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "game 4: no trmph record: trmph cannot hold this game: its board is not square"
        ),
        "{stderr}"
    );
}

#[test]
fn record_formats_are_refused_where_they_make_no_sense() {
    let output = run(&["cheesy", "--format", "sgf"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cheesy writes no SGF records"));
    let output = run(&["hex", "--format", "sgf", "--explain"], b"");
    assert_eq!(output.status.code(), Some(2));
}

// ---- Pictures

#[test]
fn pictures_carry_column_letters_and_row_numbers() {
    let dir = std::env::temp_dir().join(format!("arbiter-hex-records-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    hex(&["--svg", dir_arg], b"4,a1b1a2b2a3b3a4");
    let svg = std::fs::read_to_string(dir.join("case-1.svg")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    for label in [">a<", ">d<", ">1<", ">4<"] {
        assert_eq!(svg.matches(label).count(), 2, "{label} on both edges");
    }
}

// ---- Bad records: one clear error naming the game and the move, no panic

fn assert_bad(input: &[u8], stdout: &str, parts: &[&str]) {
    let output = run(&["hex"], input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), stdout);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{stderr:?} should contain {part:?}");
    }
    assert!(!stderr.contains("panicked"));
}

#[test]
fn a_move_onto_a_stone() {
    assert_bad(
        b"(;GM[11]SZ[3];B[a1])(;GM[11]SZ[3];B[a1];W[b2];B[b2])",
        "Nobody wins\n",
        &["game 2, move 3: b2 is played onto a blue stone"],
    );
    assert_bad(
        b"3,a1b1\n3,a1a1\n",
        "Nobody wins\n",
        &["game 2, move 2: a1 is played onto a red stone"],
    );
}

#[test]
fn a_move_off_the_board() {
    assert_bad(
        b"(;GM[11]SZ[3];B[d1])",
        "",
        &["game 1, move 1: d1 is off the 3 x 3 board"],
    );
    assert_bad(
        b"3,a1a4",
        "",
        &["game 1, move 2: a4 is off the 3 x 3 board"],
    );
    assert_bad(
        b"(;GM[11]SZ[3]AB[a9])",
        "",
        &["game 1", "setup AB: a9 is off the 3 x 3 board"],
    );
}

#[test]
fn a_truncated_file() {
    assert_bad(
        b"(;GM[11]SZ[3];B[a1])\n(;GM[11]SZ[3];B[a1];W[b",
        "Nobody wins\n",
        &["game 2", "truncated"],
    );
}

#[test]
fn a_bad_size() {
    assert_bad(
        b"(;GM[11]SZ[0];B[a1])",
        "",
        &["game 1", "SZ[0] is not a board size"],
    );
    assert_bad(
        b"(;GM[11]SZ[3:0])",
        "",
        &["game 1", "SZ[3:0] is not a board size"],
    );
    assert_bad(
        b"(;GM[11]SZ[x])",
        "",
        &["game 1", "SZ[x] is not a board size"],
    );
    assert_bad(b"0,a1", "", &["game 1", "size 1 to 128"]);
}

#[test]
fn a_bad_trmph_move_names_its_column() {
    assert_bad(
        b"https://trmph.com/hex/board#5,a1b2%3",
        "",
        &["game 1, move 3 (line 1, column 35): expected a cell like a1, found '%'"],
    );
}

#[test]
fn a_ten_megabyte_trmph_line_is_an_error_at_its_first_broken_move() {
    // Ten million bytes of moves on an 11 x 11 board: the 122nd move must repeat a cell.
    let mut line = b"11,".to_vec();
    let cells: Vec<String> = (0..121)
        .map(|i| format!("{}{}", (b'a' + i % 11) as char, i / 11 + 1))
        .collect();
    while line.len() < 10_000_000 {
        for cell in &cells {
            line.extend_from_slice(cell.as_bytes());
        }
    }
    line.push(b'\n');
    assert_bad(
        &line,
        "",
        &["game 1, move 122", "a1 is played onto a red stone"],
    );
    // Without a broken move before the cut, the line itself is refused, after its last move.
    let long = format!("5,{}", "a1".repeat(1 << 20));
    let output = run(&["hex"], long.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game 1, move 2"), "{stderr}");
    let endless = run_bounded(
        &["hex"],
        Feed::Repeat(b"11,".to_vec(), b"k11".to_vec()),
        256,
    );
    assert_eq!(endless.status.code(), Some(1), "{}", endless.stderr);
    assert!(
        endless.stderr.contains("game 1, move 2"),
        "{}",
        endless.stderr
    );
}

// ---- Records as they are found (see SOURCES: PlayHex's own, and swap-pieces for swap-sides)

#[test]
fn swap_pieces_that_only_replays_as_swap_sides_is_read_so_with_a_warning() {
    let path = records("swap-pieces-for-swap-sides.sgf");
    let output = run(&["hex", &path], b"");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "Red wins\nNobody wins\n"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Why, each time: a colour that moves again at once, or a move onto the mirrored stone.
    assert!(
        stderr.contains(
            "game 1: swap-pieces read as swap-sides: read literally, move 3 Blue moved out of turn"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "game 2: swap-pieces read as swap-sides: read literally, c2 is played onto a blue stone"
        ),
        "{stderr}"
    );
    // Read so, the record agrees with its RE: the second player, Red after the swap, won.
    assert_eq!(hex(&["--check", &path], b""), "");
    // A swap-pieces that replays literally is read literally: PlayHex writes it so.
    let playhex = run(&["hex", &records("playhex-2024-08-27.sgf")], b"");
    assert!(playhex.status.success() && playhex.stderr.is_empty());
    let judged = json(&["--explain", &records("playhex-2024-08-27.sgf")], b"");
    assert!(
        judged[0]["explanation"]
            .as_str()
            .unwrap()
            .contains("\n 1   . b . "),
        "a2 moved to its mirror b1: {}",
        judged[0]["explanation"]
    );
}

#[test]
fn at_move_n_judges_and_solves_the_position_move_n_is_played_in() {
    let game = b"(;FF[4]GM[11]SZ[3];B[a3];W[b1];B[a2];W[c1];B[a1])";
    assert_eq!(hex(&[], game), "Red wins\n");
    assert_eq!(hex(&["--at-move", "5"], game), "Nobody wins\n");
    assert_eq!(
        hex(&["--solve", "--at-move", "5"], game),
        "Red to move: Red wins with a1\n"
    );
    let output = run(&["hex", "--at-move", "9"], game);
    assert!(String::from_utf8_lossy(&output.stderr).contains("the record has 5 moves"));
}

#[test]
fn the_solver_writes_each_answer_as_soon_as_it_is_found() {
    // A finished 5 x 5 game, then an 11 x 11 opening that takes the whole budget: the first
    // answer is read while the second is still being searched.
    use std::io::BufRead;
    let dir = std::env::temp_dir().join(format!("arbiter-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.sgf");
    std::fs::write(
        &file,
        "(;FF[4]GM[11]SZ[5];B[a1];W[b1];B[a2];W[b2];B[a3];W[b3];B[a4];W[b4];B[a5])\n\
         (;FF[4]GM[11]SZ[11];B[f6])\n",
    )
    .unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["hex", "--solve", "--budget", "30", file.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let still_searching = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    std::fs::remove_dir_all(dir).unwrap();
    assert_eq!(first, "Blue to move: Red wins");
    assert!(
        still_searching,
        "the first answer came before the second was found"
    );
}
