//! Whole commands side by side, as the performance page reports them: arbiter against the
//! original contest solutions (compiled with `g++ -O2` from `../shared/seeds-cpp/` when that
//! folder and g++ are there), against `wc -l` on the same file, and on one job against two,
//! with two one-job runs at once beside them: what the machine's two cores give two
//! independent streams of the same work, the ceiling for two jobs.
//!
//! Each group runs its commands in one criterion run, so that their ratio holds however fast
//! the machine is at the time (it varies by a third from minute to minute). The inputs are
//! made by `arbiter gen` into a folder under the system's temporary folder, once.
//!
//! ```sh
//! cargo bench --bench commands
//! ```

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

/// The folder of the inputs and the compiled contest solutions.
fn folder() -> PathBuf {
    let folder = std::env::temp_dir().join("arbiter-bench");
    std::fs::create_dir_all(&folder).expect("a folder for the inputs");
    folder
}

/// `arbiter gen <args>` into `name`, unless it is there already.
fn input(name: &str, args: &[&str]) -> PathBuf {
    let path = folder().join(name);
    if !path.exists() {
        let out = File::create(&path).expect("an input file");
        let status = Command::new(ARBITER)
            .arg("gen")
            .args(args)
            .stdout(out)
            .status()
            .expect("arbiter gen runs");
        assert!(status.success(), "arbiter gen {args:?}");
    }
    path
}

/// The contest solution `seed_<name>.cpp`, compiled, or `None` without the sources or g++.
fn seed(name: &str) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/seeds-cpp")
        .join(format!("seed_{name}.cpp"));
    let binary = folder().join(format!("seed_{name}"));
    if !binary.exists() {
        let built = Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&binary)
            .arg(&source)
            .status()
            .is_ok_and(|status| status.success());
        if !built {
            eprintln!(
                "no contest solution for {name}: {} or g++ missing",
                source.display()
            );
            return None;
        }
    }
    Some(binary)
}

/// Runs `program` with `args`, the input on standard input, the output thrown away.
fn run(program: &Path, args: &[&str], input: &Path) {
    let status = Command::new(program)
        .args(args)
        .stdin(File::open(input).expect("the input"))
        .stdout(Stdio::null())
        .status()
        .expect("the command runs");
    assert!(status.success(), "{} {args:?}", program.display());
}

/// Runs two of [`run`] at once and waits for both: what the machine's cores give two
/// independent streams of the same work, the most that two jobs of one command can hope for.
fn run_two_at_once(program: &Path, args: &[&str], input: &Path) {
    let spawn = || {
        Command::new(program)
            .args(args)
            .stdin(File::open(input).expect("the input"))
            .stdout(Stdio::null())
            .spawn()
            .expect("the command runs")
    };
    let (mut first, mut second) = (spawn(), spawn());
    for child in [&mut first, &mut second] {
        let status = child.wait().expect("the command ends");
        assert!(status.success(), "{} {args:?}", program.display());
    }
}

/// One figure of the performance page: a group of commands on one generated input.
struct Figure {
    /// The group's name.
    name: &'static str,
    /// The input's file name.
    file: &'static str,
    /// `arbiter gen` arguments making it; the first is the game.
    generate: &'static [&'static str],
    /// The contest solution to run against (`seed_<name>.cpp`), if any.
    seed: Option<&'static str>,
    /// Whether `wc -l` on the same file is timed too.
    wc: bool,
    /// The `--jobs` values arbiter runs with.
    jobs: &'static [usize],
}

const FIGURES: [Figure; 7] = [
    Figure {
        name: "cheesy 100000 cases 8x8",
        file: "cheesy100k.in",
        generate: &["cheesy", "--cases", "100000", "--seed", "8"],
        seed: Some("cheesy"),
        wc: false,
        jobs: &[1, 2],
    },
    Figure {
        name: "go 100000 cases 19x19",
        file: "go100k.in",
        generate: &["go", "--cases", "100000", "--size", "19", "--seed", "19"],
        seed: Some("go"),
        wc: false,
        jobs: &[1, 2],
    },
    Figure {
        name: "go 10000 SGF records 19x19",
        file: "go10k.sgf",
        generate: &[
            "go", "--cases", "10000", "--size", "19", "--mode", "finished", "--seed", "3",
        ],
        seed: None,
        wc: false,
        jobs: &[1, 2],
    },
    Figure {
        name: "hex one 4000x4000 board",
        file: "hex4000.in",
        generate: &[
            "hex", "--cases", "1", "--size", "4000", "--seed", "2", "--mode", "to-win",
        ],
        seed: None,
        wc: true,
        jobs: &[1, 2],
    },
    // Equal counts, and Blue joined: Red, asked first, is walked for nothing (the worst
    // case; the board above is one of equal counts that Red joined).
    Figure {
        name: "hex one 4000x4000 board won by Blue",
        file: "hex4000-blue.in",
        generate: &[
            "hex", "--cases", "1", "--size", "4000", "--seed", "3", "--mode", "to-win",
        ],
        seed: None,
        wc: true,
        jobs: &[2],
    },
    Figure {
        name: "hex 100 boards 100x100",
        file: "hex100.in",
        generate: &[
            "hex", "--cases", "100", "--size", "100", "--seed", "2", "--mode", "to-win",
        ],
        seed: Some("hex"),
        wc: false,
        jobs: &[1, 2],
    },
    Figure {
        name: "gioco one 2000x2000 board",
        file: "gioco2000.in",
        generate: &[
            "gioco", "--cases", "1", "--size", "2000", "--seed", "2", "--mode", "game",
        ],
        seed: Some("xgame"),
        wc: true,
        jobs: &[1, 2],
    },
];

/// Each figure's group: the contest solution (if any), `wc -l` (if asked), then arbiter on
/// each of its jobs.
fn commands(c: &mut Criterion) {
    for figure in &FIGURES {
        let file = input(figure.file, figure.generate);
        let game = figure.generate[0];
        let mut group = c.benchmark_group(figure.name);
        group.sample_size(10);
        if let Some(seed) = figure.seed.and_then(seed) {
            group.bench_function("C++ solution", |b| b.iter(|| run(&seed, &[], &file)));
        }
        if figure.wc {
            group.bench_function("wc -l", |b| b.iter(|| run(Path::new("wc"), &["-l"], &file)));
        }
        for &jobs in figure.jobs {
            let jobs_arg = jobs.to_string();
            let args = [game, "--jobs", jobs_arg.as_str()];
            group.bench_function(format!("arbiter --jobs {jobs}"), |b| {
                b.iter(|| run(Path::new(ARBITER), &args, &file))
            });
        }
        if figure.jobs.len() > 1 {
            // The ceiling for `--jobs 2`: twice the work of `--jobs 1` in this time at best.
            let args = [game, "--jobs", "1"];
            group.bench_function("two arbiter --jobs 1 at once", |b| {
                b.iter(|| run_two_at_once(Path::new(ARBITER), &args, &file))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, commands);
criterion_main!(benches);
