//! The network's evaluations a second on one thread, in batches: the positions of a contest
//! input on standard input (as `arbiter gen go` writes them), each with either side to move,
//! evaluated `BATCH` at a time (default 8) for `ROUNDS` rounds (default 3); the best round's
//! rate is printed. `benches/go_peers.py` runs it beside KataGo's own CPU backend on the same
//! positions.
//!
//!     arbiter gen go --cases 100 --size 19 --seed 7 | cargo bench --bench go_network_rate

use std::io::Read;
use std::time::Instant;

use arbiter::go::net::Network;
use arbiter::go::rules::RuleSet;
use arbiter::go::{Position, Stone, stanford};

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let positions: Vec<Position> = stanford::cases(text.as_bytes())
        .map(|p| p.expect("a contest position"))
        .collect();
    let setting = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (batch, rounds) = (setting("BATCH", 8), setting("ROUNDS", 3));
    let asked: Vec<(&Position, Stone)> = positions
        .iter()
        .flat_map(|p| [(p, Stone::Black), (p, Stone::White)])
        .collect();
    let network = Network::bundled().unwrap();
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let start = Instant::now();
        for chunk in asked.chunks(batch) {
            let evaluations = network.evaluate_positions(chunk, RuleSet::Japanese, 6.5);
            assert!(evaluations.is_some_and(|e| e.len() == chunk.len()));
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} evaluations in batches of {batch}: {:.1} a second",
        asked.len(),
        asked.len() as f64 / best
    );
}
