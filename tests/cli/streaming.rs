//! Output that streams: each answer is written as soon as it is decided, in input order,
//! however many cases follow, on one thread or many. The first answers come out while the
//! input is still open, so a reader has them while the rest is still to be judged.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Finished 9 x 9 games in one SGF collection, as `arbiter gen` writes them.
fn games(cases: usize) -> Vec<u8> {
    let made = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "gen", "go", "--mode", "finished", "--size", "9", "--seed", "5",
        ])
        .args(["--cases", &cases.to_string()])
        .output()
        .unwrap();
    assert!(made.status.success());
    made.stdout
}

#[test]
fn the_first_answers_are_out_while_the_input_is_still_open() {
    let text = games(6000);
    // The collection cut after its first 3,000 games (far more than a batch of work).
    let cut = text
        .windows(2)
        .enumerate()
        .filter(|(_, pair)| pair == b"(;")
        .nth(3000)
        .unwrap()
        .0;
    let (head, tail) = text.split_at(cut);
    let whole = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["go", "--jobs", "2", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(&text)?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(whole.status.success());
    assert_eq!(whole.stdout.iter().filter(|&&b| b == b'\n').count(), 6000);
    for jobs in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["go", "--jobs", jobs, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(head).unwrap();
        input.flush().unwrap();
        let (first_line, got) = mpsc::channel();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let reader = std::thread::spawn(move || {
            let mut first = String::new();
            out.read_line(&mut first).unwrap();
            first_line.send(()).unwrap();
            let mut rest = Vec::new();
            out.read_to_end(&mut rest).unwrap();
            [first.into_bytes(), rest].concat()
        });
        let streamed = got.recv_timeout(Duration::from_secs(60));
        // The rest of the input, then its end: the command can finish.
        input.write_all(tail).unwrap();
        drop(input);
        let output = reader.join().unwrap();
        assert!(child.wait().unwrap().success());
        assert!(
            streamed.is_ok(),
            "--jobs {jobs}: no answer came out before the input ended"
        );
        assert!(
            output == whole.stdout,
            "--jobs {jobs}: the same answers in the same order"
        );
    }
}

/// Many files: the first file's answers come out while a later one is still being read (a
/// named pipe that no one has written to yet), on one thread and on two. Files were once
/// judged a few at a time, and none written before all of them were done.
#[test]
fn many_files_stream_the_first_file_s_answers_while_a_later_one_is_still_open() {
    let dir = std::env::temp_dir().join(format!("arbiter-streaming-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = dir.join("first.sgf");
    std::fs::write(&first, games(40)).unwrap();
    for jobs in ["1", "2"] {
        let later = dir.join(format!("later-{jobs}.txt"));
        let path = std::ffi::CString::new(later.to_str().unwrap()).unwrap();
        // SAFETY: a path made above, and a mode.
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["go", "--jobs", jobs])
            .args([&first, &later])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let (first_line, got) = mpsc::channel();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let reader = std::thread::spawn(move || {
            let mut line = String::new();
            out.read_line(&mut line).unwrap();
            first_line.send(line.clone()).unwrap();
            let mut rest = String::new();
            out.read_to_string(&mut rest).unwrap();
            line + &rest
        });
        let streamed = got.recv_timeout(Duration::from_secs(60));
        // Now the later file: opened, written and closed, so that the command can finish.
        std::fs::write(&later, games(3)).unwrap();
        let output = reader.join().unwrap();
        assert!(child.wait().unwrap().success());
        let streamed = streamed.unwrap_or_else(|_| {
            panic!("--jobs {jobs}: nothing came out before the later file was written")
        });
        assert!(
            streamed.starts_with(&format!("{}:", first.display())),
            "{streamed}"
        );
        assert_eq!(output.lines().count(), 43, "--jobs {jobs}");
        assert!(
            output
                .lines()
                .last()
                .unwrap()
                .starts_with(&format!("{}:", later.display()))
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
