//! Running the real `arbiter` binary on files and text, for the integration tests.

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

/// The SGF records of a shipped data folder (`tests/data/GAME/FOLDER/*.sgf`), as paths in
/// name order.
pub fn sgf_files(game: &str, folder: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(data(game, folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .map(|p| p.display().to_string())
        .collect();
    files.sort();
    files
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
    // Fed from a thread, so that a child writing much before it has read everything never
    // waits on us while we wait on it. It may stop reading early (bad input): a broken pipe
    // here is fine.
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("arbiter finishes");
    feeder.join().unwrap();
    output
}

/// Runs `arbiter GAME FILE` on a shipped data file and checks the output byte for byte, and
/// the same with the file on standard input: a file smaller than a batch is judged on one
/// thread, standard input on all, and both must give the same.
///
/// `expected` is compared exactly, except that a missing final newline in it is added (one
/// official sample file lacks it; every line arbiter writes ends in a newline).
pub fn assert_reproduces(game: &str, input: &str, expected: &str) {
    let input = data(game, input);
    let mut want = std::fs::read(data(game, expected)).unwrap();
    if want.last() != Some(&b'\n') {
        want.push(b'\n');
    }
    let text = std::fs::read(&input).unwrap();
    for (how, output) in [
        ("named", run(&[game, input.to_str().unwrap()], b"")),
        ("on standard input", run(&[game, "--jobs", "2"], &text)),
    ] {
        assert!(
            output.status.success(),
            "stderr: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            output.stdout == want,
            "{game} {input:?} {how}: output differs from {expected}"
        );
    }
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

/// What a bounded run of the binary gave: its status, the start of its standard output and
/// the output's whole length, and its standard error.
pub struct Bounded {
    pub status: std::process::ExitStatus,
    /// The first megabyte of standard output.
    pub stdout: Vec<u8>,
    /// How many bytes it wrote to standard output in all.
    pub stdout_len: usize,
    pub stderr: String,
}

/// Where a bounded run's standard input comes from.
pub enum Feed {
    /// These bytes, then the end.
    Bytes(Vec<u8>),
    /// These bytes, then `byte` for ever (until the program stops reading).
    Endless(Vec<u8>, u8),
    /// These bytes, then the pattern again and again (until the program stops reading).
    Repeat(Vec<u8>, Vec<u8>),
}

/// Runs `arbiter ARGS` fed by `feed` with its address space limited to `limit_mb` megabytes
/// (as `prlimit --as` does): a program that tries to hold more than that fails to allocate
/// and aborts, which the status shows.
pub fn run_bounded(args: &[&str], feed: Feed, limit_mb: u64) -> Bounded {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    let limit = limit_mb << 20;
    let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command
        .args(args)
        // One malloc arena: each further one reserves address space it does not use.
        .env("MALLOC_ARENA_MAX", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: between fork and exec the closure makes one async-signal-safe system call.
    unsafe {
        command.pre_exec(move || {
            let bound = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &bound) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().expect("arbiter starts");
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        // The program may stop reading at any point: a broken pipe ends the feed.
        match feed {
            Feed::Bytes(bytes) => {
                let _ = stdin.write_all(&bytes);
            }
            Feed::Endless(start, byte) => {
                if stdin.write_all(&start).is_ok() {
                    let block = vec![byte; 1 << 16];
                    while stdin.write_all(&block).is_ok() {}
                }
            }
            Feed::Repeat(start, pattern) => {
                if stdin.write_all(&start).is_ok() {
                    let block = pattern.repeat((1 << 16) / pattern.len().max(1) + 1);
                    while stdin.write_all(&block).is_ok() {}
                }
            }
        }
    });
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut kept, mut total, mut block) = (Vec::new(), 0, vec![0u8; 1 << 16]);
        while let Ok(n) = out.read(&mut block) {
            if n == 0 {
                break;
            }
            total += n;
            let room = (1usize << 20).saturating_sub(kept.len());
            kept.extend_from_slice(&block[..n.min(room)]);
        }
        (kept, total)
    });
    let mut err = child.stderr.take().unwrap();
    let mut stderr = String::new();
    let _ = err.read_to_string(&mut stderr);
    let status = child.wait().expect("arbiter finishes");
    feeder.join().unwrap();
    let (stdout, stdout_len) = reader.join().unwrap();
    Bounded {
        status,
        stdout,
        stdout_len,
        stderr,
    }
}
