//! What each technique of the Hex solver buys, and which openings are slow: prints tables, as
//! the performance page shows them (not a criterion benchmark: a search of many seconds is
//! measured once).
//!
//! ```sh
//! cargo bench --bench hex_solve_techniques                  # 6 x 6, a minute a technique at most
//! N=7 BUDGET=120 cargo bench --bench hex_solve_techniques   # 7 x 7
//! N=7 OPENINGS=a4,c3 cargo bench --bench hex_solve_techniques -- openings
//! ```
//!
//! `techniques`: the empty N x N board's complete set with each technique turned off in turn
//! (one thread, BUDGET seconds each): winning and unknown openings, positions, connection
//! builds, time. `openings`: each opening of the empty board (one of each pair the half turn
//! maps onto each other, or those named by OPENINGS), Blue to move after it: who wins, the
//! positions searched and the time, one table shared by all.

use std::time::{Duration, Instant};

use arbiter::grid::Coord;
use arbiter::hex::solve::{Settings, Solver, Techniques, solve};
use arbiter::hex::{Board, Stone, cell_name};

fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn techniques(n: usize) {
    let budget = Duration::from_secs(setting("BUDGET", 60));
    let all = Techniques::default();
    let variants = [
        ("nothing", all),
        (
            "dead, captured and dominated cells",
            Techniques {
                inferior: false,
                ..all
            },
        ),
        (
            "decompositions",
            Techniques {
                decompositions: false,
                ..all
            },
        ),
        (
            "the parent's fill-in handed down",
            Techniques {
                inherited_fill: false,
                ..all
            },
        ),
        (
            "mustplay",
            Techniques {
                mustplay: false,
                ..all
            },
        ),
        (
            "(turned on instead) ladders found whole",
            Techniques {
                ladders: true,
                ..all
            },
        ),
        (
            "connections (and so mustplay)",
            Techniques {
                connections: false,
                mustplay: false,
                ..all
            },
        ),
        (
            "progressive widening",
            Techniques {
                widening: false,
                ..all
            },
        ),
        (
            "move ordering by resistance (centre first)",
            Techniques {
                ordering: false,
                ..all
            },
        ),
        (
            "transposition table",
            Techniques {
                transposition: false,
                ..all
            },
        ),
    ];
    println!("| {n} x {n}, turned off | winning | unknown | positions | builds | time |");
    println!("|---|---|---|---|---|---|");
    for (name, techniques) in variants {
        let settings = Settings {
            budget: Some(budget),
            techniques,
            threads: 1,
            ..Settings::default()
        };
        let started = Instant::now();
        let solution = solve(&Board::new(n), Stone::Red, &settings).expect("a small board");
        println!(
            "| {name} | {} | {} | {} | {} | {:.2?} |",
            solution.winning_moves.len(),
            solution.unknown_moves.len(),
            solution.stats.nodes,
            solution.stats.vc_builds,
            started.elapsed()
        );
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
        techniques(n);
    }
    if wants("openings") {
        openings(n);
    }
}
