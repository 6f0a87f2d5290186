//! Running the real `arbiter` binary on files and text, for the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A shipped test data file.
pub fn data(game: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(game)
        .join(name)
}

/// Runs `arbiter ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter starts");
    // The child may stop reading early (bad input): a broken pipe here is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().expect("arbiter finishes")
}

/// Runs `arbiter GAME FILE` on a shipped data file and checks the output byte for byte.
///
/// `expected` is compared exactly, except that a missing final newline in it is added (one
/// official sample file lacks it; every line arbiter writes ends in a newline).
pub fn assert_reproduces(game: &str, input: &str, expected: &str) {
    let input = data(game, input);
    let output = run(&[game, input.to_str().unwrap()], b"");
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut want = std::fs::read(data(game, expected)).unwrap();
    if want.last() != Some(&b'\n') {
        want.push(b'\n');
    }
    assert!(
        output.stdout == want,
        "{game} {input:?}: output differs from {expected}"
    );
}

/// Runs `arbiter GAME` on `input` and checks a clean failure: non-zero exit, the answers
/// before the bad case on stdout, and one stderr line holding every part of `message`.
pub fn assert_rejects(game: &str, input: &[u8], stdout: &str, message: &[&str]) {
    let output = run(&[game], input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        stdout,
        "stderr: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line of error: {stderr}");
    for part in message {
        assert!(stderr.contains(part), "{stderr:?} should contain {part:?}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}
