//! `arbiter hex --solve` run as a process: the verdict line, the side to move, `--moves` on
//! records, `--budget` and its honest `unknown`, the JSON proof, and agreement with the judge
//! on decided boards.

mod common;

use common::{data, run};

/// Runs `arbiter hex ARGS` on `input`; returns the exit code and standard output.
fn hex(args: &[&str], input: &[u8]) -> (i32, String) {
    let mut all = vec!["hex"];
    all.extend_from_slice(args);
    let output = run(&all, input);
    (
        output.status.code().expect("an exit code"),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// A contest file of one empty `n` x `n` board.
fn empty_board(n: usize) -> String {
    format!("1\n{n}\n{}", format!("{}\n", ".".repeat(n)).repeat(n))
}

#[test]
fn the_side_to_move_wins_with_every_winning_move_named() {
    let (code, out) = hex(&["--solve"], empty_board(4).as_bytes());
    assert_eq!(code, 0);
    assert_eq!(out, "Red to move: Red wins with d1 c2 b3 a4\n");
}

#[test]
fn a_board_has_the_side_with_fewer_stones_to_move_and_to_move_chooses() {
    // Red a1 (the acute corner) alone: Blue has fewer stones, so Blue moves, and wins only
    // with a2, which threatens both b1 and b2.
    let board = b"1\n2\nR.\n..\n";
    assert_eq!(
        hex(&["--solve"], board).1,
        "Blue to move: Blue wins with a2\n"
    );
    // Chosen: Red moves again and wins with any move.
    assert_eq!(
        hex(&["--solve", "--to-move", "red"], board).1,
        "Red to move: Red wins with b1 a2 b2\n"
    );
}

#[test]
fn a_joined_board_is_decided_and_agrees_with_the_judge() {
    // Every board of the official small data set with a winner: the solver names the same one
    // (when it is the side to move, every empty cell is listed as winning: the game is over).
    let input = data("hex", "hex_ts1_input.txt");
    let expected = std::fs::read_to_string(data("hex", "hex_ts1_output.txt")).unwrap();
    let (_, out) = hex(&["--solve", "--budget", "0", input.to_str().unwrap()], b"");
    let mut checked = 0;
    for (solved, judged) in out.lines().zip(expected.lines()) {
        for winner in ["Red", "Blue"] {
            if judged.ends_with(&format!(": {winner} wins")) {
                let (_, verdict) = solved.split_once(": ").unwrap();
                assert!(
                    verdict.starts_with(&format!("{winner} wins")),
                    "{judged} / {solved}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(out.lines().count(), expected.lines().count());
    assert!(checked >= 20, "{checked}");
}

#[test]
fn a_record_is_solved_at_its_end_with_its_next_player_to_move() {
    // Red b1 on 2 x 2 (a winning opening), Blue to move: Red wins.
    let (code, out) = hex(&["--solve"], b"2,b1\n");
    assert_eq!(code, 0);
    assert_eq!(out, "Blue to move: Red wins\n");
}

#[test]
fn moves_give_the_verdict_after_every_move_and_where_the_game_was_lost() {
    // 2 x 2: Red's a1 throws away the first player's win; Blue's a2 keeps Blue's.
    let (code, out) = hex(&["--solve", "--moves"], b"2,a1a2\n");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "start: Red to move: Red wins\n\
         1. Red a1: Blue to move: Blue wins\n\
         2. Blue a2: Red to move: Blue wins\n\
         lost at 1. Red a1: Red had a win before it (with b1 a2) and not after it\n\
         Red to move: Blue wins\n"
    );
}

#[test]
fn a_game_won_from_the_start_was_lost_nowhere() {
    let (_, out) = hex(&["--solve", "--moves"], b"2,b1\n");
    assert_eq!(
        out,
        "start: Red to move: Red wins\n\
         1. Red b1: Blue to move: Red wins\n\
         no move lost the game: Red wins from the start\n\
         Blue to move: Red wins\n"
    );
}

#[test]
fn a_longer_game_lost_in_the_middle_names_the_move_and_the_wins_it_missed() {
    // 3 x 3: Red b2 (the centre) wins, Blue a3, then Red a1 lets Blue win.
    let (_, out) = hex(&["--solve", "--moves"], b"3,b2a3a1\n");
    assert!(
        out.contains(
            "lost at 3. Red a1: Red had a win before it (with c2 b3 c3) and not after it\n"
        ),
        "{out}"
    );
    assert!(out.ends_with("Blue to move: Blue wins with b3\n"));
}

#[test]
fn out_of_budget_is_unknown_with_what_was_proved_and_fails() {
    let (code, out) = hex(&["--solve", "--budget", "0"], empty_board(8).as_bytes());
    assert_eq!(code, 1);
    assert!(out.starts_with("Red to move: unknown ("), "{out}");
}

#[test]
fn a_board_too_big_to_solve_says_so() {
    let (code, out) = hex(&["--solve"], empty_board(17).as_bytes());
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "Red to move: unknown (a board of 289 cells: the solver takes boards of at most 256)\n"
    );
}

#[test]
fn json_gives_the_winner_the_moves_a_reply_to_every_move_and_the_statistics() {
    // 2 x 2 with Red b1: Blue to move loses, and Red has an answer to each Blue move.
    let (_, out) = hex(&["--solve", "--format", "json"], b"1\n2\n.R\n..\n");
    let value: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(value["to_move"], "blue");
    assert_eq!(value["winner"], "red");
    assert_eq!(value["winning_moves"].as_array().unwrap().len(), 0);
    let replies = value["replies"].as_array().unwrap();
    assert_eq!(replies.len(), 3);
    for reply in replies {
        // Each answer, with b1, joins top and bottom.
        let played = reply["move"]["cell"].as_str().unwrap();
        let answer = reply["reply"]["cell"].as_str().unwrap();
        assert_ne!(played, answer);
        assert!(["a2", "b2"].contains(&answer), "{played} -> {answer}");
    }
    assert!(value["stats"]["nodes"].as_u64().is_some());
    assert!(value["stats"]["milliseconds"].as_u64().is_some());
}

#[test]
fn explain_says_why_and_draws_the_winning_moves() {
    let (_, out) = hex(
        &["--solve", "--explain", "--color", "never"],
        empty_board(2).as_bytes(),
    );
    assert!(out.starts_with("Red to move: Red wins with b1 a2\n"));
    assert!(out.contains("Red to move wins with perfect play; 2 of the 4 empty cells win: b1 a2."));
    assert!(out.contains("1   . *"), "{out}");
}

#[test]
fn solve_does_not_go_with_check_or_a_record_format() {
    let (code, _) = hex(&["--solve", "--check"], b"2,b1\n");
    assert_eq!(code, 2);
    let (code, _) = hex(&["--solve", "--format", "sgf"], b"2,b1\n");
    assert_ne!(code, 0);
}
