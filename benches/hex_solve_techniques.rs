//! What each technique of the Hex solver buys, and which openings are slow: prints tables, as
//! the performance page shows them (not a criterion benchmark: a search of many seconds is
//! measured once).
//!
//! ```sh
//! cargo bench --bench hex_solve_techniques -- techniques    # about 90 minutes, one core
//! BUDGET=60 cargo bench --bench hex_solve_techniques -- techniques
//! SWITCHES=,cut_off cargo bench --bench hex_solve_techniques -- techniques   # two rows
//! N=7 OPENINGS=a4,c3 cargo bench --bench hex_solve_techniques -- openings
//! ```
//!
//! `techniques`: one table, a row for each technique turned off in turn (a field of
//! `Techniques`, its switch; SWITCHES names the rows to run, the empty name for "nothing"),
//! one thread, BUDGET seconds (300 unless told) for each position:
//! the empty 7 x 7 board's complete set (winning openings, positions, time) and an 8 x 8 sample,
//! who wins after Red's a1, c1 and d1 (proved, positions, time), each on a fresh solver. The
//! positions are the same from run to run; the times drift with the machine. `openings`: each
//! opening of the empty N x N board (one of each pair the half turn maps onto each other, or
//! those named by OPENINGS), Blue to move after it: who wins, the positions searched and the
//! time, one table shared by all.

use std::time::{Duration, Instant};

use arbiter::grid::Coord;
use arbiter::hex::solve::{Settings, Solver, Techniques, solve};
use arbiter::hex::{Board, Stone, cell_name, parse_cell};
use indicatif::HumanCount;

fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// The 8 x 8 sample: Red's openings after which who wins is asked.
const SAMPLE: [&str; 3] = ["a1", "c1", "d1"];

/// What one column of the table adds up: positions proved, positions searched, time.
#[derive(Default)]
struct Column {
    proved: usize,
    positions: u64,
    time: Duration,
}

fn techniques() {
    let budget = Duration::from_secs(setting("BUDGET", 300));
    let all = Techniques::default();
    let variants = [
        ("nothing", "", all),
        (
            "dead, captured, permanently inferior and dominated cells",
            "`inferior`",
            Techniques {
                inferior: false,
                ..all
            },
        ),
        (
            "cells and stones cut off from a colour's sides",
            "`cut_off`",
            Techniques {
                cut_off: false,
                ..all
            },
        ),
        (
            "decompositions",
            "`decompositions`",
            Techniques {
                decompositions: false,
                ..all
            },
        ),
        (
            "the parent's fill-in handed down",
            "`inherited_fill`",
            Techniques {
                inherited_fill: false,
                ..all
            },
        ),
        (
            "positions alike once filled in, the mover's dead stones turned",
            "`dead_alike`",
            Techniques {
                dead_alike: false,
                ..all
            },
        ),
        (
            "captured threes",
            "`captured_threes`",
            Techniques {
                captured_threes: false,
                ..all
            },
        ),
        (
            "acute corners",
            "`acute_corners`",
            Techniques {
                acute_corners: false,
                ..all
            },
        ),
        (
            "both OR orders at the top of each search",
            "`both_orders`",
            Techniques {
                both_orders: false,
                ..all
            },
        ),
        (
            "edge templates of the fourth to sixth rows",
            "`templates`",
            Techniques {
                templates: false,
                ..all
            },
        ),
        (
            "mustplay",
            "`mustplay`",
            Techniques {
                mustplay: false,
                ..all
            },
        ),
        (
            "(turned on instead) the OR rule's semis smallest first",
            "`or_smallest_first`",
            Techniques {
                or_smallest_first: true,
                ..all
            },
        ),
        (
            "(turned on instead) captured bridges",
            "`captured_bridges`",
            Techniques {
                captured_bridges: true,
                ..all
            },
        ),
        (
            "(turned on instead) ladders found whole",
            "`ladders`",
            Techniques {
                ladders: true,
                ..all
            },
        ),
        (
            "(turned on instead) the ladders of Benzene's patterns",
            "`ladder_patterns`",
            Techniques {
                ladder_patterns: true,
                ..all
            },
        ),
        (
            "(turned on instead) the side to move's connections at every position",
            "`movers_connections`",
            Techniques {
                movers_connections: true,
                ..all
            },
        ),
        (
            "(turned on instead) connections built from the parent's, kept",
            "`kept_connections`",
            Techniques {
                kept_connections: true,
                ..all
            },
        ),
        (
            "(turned on instead) both, kept connections and the side to move's",
            "`kept_connections+movers_connections`",
            Techniques {
                kept_connections: true,
                movers_connections: true,
                ..all
            },
        ),
        (
            "connections (and so mustplay)",
            "`connections`",
            Techniques {
                connections: false,
                mustplay: false,
                ..all
            },
        ),
        (
            "progressive widening",
            "`widening`",
            Techniques {
                widening: false,
                ..all
            },
        ),
        (
            "move ordering by resistance (centre first)",
            "`ordering`",
            Techniques {
                ordering: false,
                ..all
            },
        ),
        (
            "transposition table",
            "`transposition`",
            Techniques {
                transposition: false,
                ..all
            },
        ),
    ];
    println!(
        "| turned off | switch | 7 x 7 winning openings (27) | positions | time | 8 x 8 sample proved (3) | positions | time |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let only: Option<Vec<String>> = std::env::var("SWITCHES")
        .ok()
        .map(|names| names.split(',').map(str::to_owned).collect());
    for (name, switch, techniques) in variants {
        let bare = switch.trim_matches('`');
        if only
            .as_ref()
            .is_some_and(|only| !only.iter().any(|name| name == bare))
        {
            continue;
        }
        let settings = Settings {
            budget: Some(budget),
            techniques,
            threads: 1,
            ..Settings::default()
        };
        let started = Instant::now();
        let every = solve(&Board::new(7), Stone::Red, &settings).expect("a small board");
        let unknown = match every.unknown_moves.len() {
            0 => String::new(),
            open => format!(", {open} unknown"),
        };
        let seven = Column {
            proved: every.winning_moves.len(),
            positions: every.stats.nodes,
            time: started.elapsed(),
        };
        let mut sample = Column::default();
        for opening in SAMPLE {
            let mut board = Board::new(8);
            board.set(parse_cell(opening).expect("a cell"), Some(Stone::Red));
            let mut solver = Solver::new(8, 8, &settings).expect("a small board");
            let started = Instant::now();
            let solution = solver.decide(&board, Stone::Blue);
            sample.time += started.elapsed();
            sample.positions += solution.stats.nodes;
            sample.proved += usize::from(solution.winner.is_some());
        }
        println!(
            "| {name} | {switch} | {}{unknown} | {} | {} | {} | {} | {} |",
            seven.proved,
            HumanCount(seven.positions),
            seconds(seven.time),
            sample.proved,
            HumanCount(sample.positions),
            seconds(sample.time),
        );
    }
}

/// Seconds as the guide writes them: three significant figures.
fn seconds(time: Duration) -> String {
    let s = time.as_secs_f64();
    if s >= 100.0 {
        format!("{s:.0} s")
    } else if s >= 10.0 {
        format!("{s:.1} s")
    } else {
        format!("{s:.2} s")
    }
}

fn openings(n: usize) {
    let only: Option<Vec<String>> = std::env::var("OPENINGS")
        .ok()
        .map(|names| names.split(',').map(str::to_owned).collect());
    let settings = Settings {
        megabytes: setting("MEMORY", 256),
        ..Settings::default()
    };
    let mut solver = Solver::new(n, n, &settings).expect("a small board");
    println!("| {n} x {n}, opening | Blue to move | positions | time |");
    println!("|---|---|---|---|");
    for row in 0..n {
        for col in 0..n {
            let at = Coord { row, col };
            let name = cell_name(at).to_string();
            let image = (n - 1 - row) * n + (n - 1 - col);
            let listed = only.as_ref().map(|only| only.contains(&name));
            if listed == Some(false) || (listed.is_none() && image < row * n + col) {
                continue;
            }
            let mut board = Board::new(n);
            board.set(at, Some(Stone::Red));
            let before = solver.positions();
            let started = Instant::now();
            let winner = solver.winner(&board, Stone::Blue);
            let verdict = match winner {
                Some(Stone::Red) => "Red wins: the opening wins",
                Some(Stone::Blue) => "Blue wins: the opening loses",
                None => "unknown",
            };
            println!(
                "| {name} | {verdict} | {} | {:.2?} |",
                solver.positions() - before,
                started.elapsed()
            );
        }
    }
}

fn main() {
    let n = setting("N", 6);
    let asked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wants = |table: &str| asked.is_empty() || asked.iter().any(|a| a == table);
    if wants("techniques") {
        techniques();
    }
    if wants("openings") {
        openings(n);
    }
}
