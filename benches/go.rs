//! Go scoring throughput: 100,000 seeded random 19 x 19 cases (every generator mode in turn),
//! scored alone and through the whole contest pipeline on the input text in memory; and 1,000
//! finished 19 x 19 game records (`arbiter gen go --mode finished`), read, replayed and scored
//! with the markup's dead stones, the estimate's (the network's) and the playouts', on one
//! thread and on all; and the network's evaluations of 19 x 19 positions, one at a time.

use std::hint::black_box;

use arbiter::go::generate::{Mode, position};
use arbiter::go::{Go, Position, score, stanford};
use arbiter::run::{Views, run};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;

fn positions(count: usize) -> Vec<Position> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(19);
    (0..count)
        .map(|i| position(19, Mode::ALL[i % Mode::ALL.len()], &mut rng))
        .collect()
}

fn whole_command(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    run(
        &Go::CONTEST,
        input,
        &mut out,
        &Views::default(),
        &mut |_| {},
    )
    .unwrap();
    out
}

fn go(c: &mut Criterion) {
    let positions = positions(100_000);
    let mut input = Vec::new();
    for p in &positions {
        stanford::write_case(&mut input, p).unwrap();
    }
    input.extend_from_slice(b"0\n");
    let mut group = c.benchmark_group("go 100000 cases 19x19");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("score", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(score(p));
            }
        })
    });
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("whole command", |b| {
        b.iter(|| whole_command(black_box(&input)))
    });
    group.finish();
}

fn records(c: &mut Criterion) {
    use arbiter::Generate;
    use arbiter::go::dead::DeadFrom;
    let mut text = Vec::new();
    Go::CONTEST
        .write_input(&mut text, 1000, 19, Some(4), 7)
        .unwrap();
    let mut group = c.benchmark_group("go 1000 finished records 19x19");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1000));
    for (name, dead) in [
        ("markup", DeadFrom::Markup),
        ("estimate", DeadFrom::Estimate),
        ("playouts", DeadFrom::Playouts),
    ] {
        let mut game = Go::default();
        game.scoring.dead = Some(dead);
        for jobs in [1, 2] {
            group.bench_function(format!("{name}, {jobs} thread(s)"), |b| {
                b.iter(|| {
                    let mut out = Vec::new();
                    let views = Views::default();
                    arbiter::run::run_parallel(
                        &game,
                        &text[..],
                        &mut out,
                        &views,
                        jobs,
                        &mut |_| {},
                    )
                    .unwrap();
                    out
                })
            });
        }
    }
    group.finish();
}

/// The network alone: one evaluation of a 19 x 19 position on one thread, as KataGo's own
/// CPU backend is measured by `katago benchmark -t 1` (`benches/go_peers.py` runs both).
fn network(c: &mut Criterion) {
    use arbiter::go::Stone;
    use arbiter::go::net::Network;
    use arbiter::go::rules::RuleSet;
    let network = Network::bundled().unwrap();
    let positions = positions(64);
    let mut group = c.benchmark_group("go network 19x19");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    let mut next = positions.iter().cycle();
    group.bench_function("one evaluation", |b| {
        b.iter(|| {
            let position = next.next().unwrap();
            network.evaluate_position(black_box(position), Stone::Black, RuleSet::Japanese, 6.5)
        })
    });
    // Eight positions in one batch, as the search evaluates its leaves.
    group.throughput(Throughput::Elements(8));
    let batches: Vec<Vec<(&arbiter::go::Position, Stone)>> = positions
        .chunks(8)
        .map(|chunk| chunk.iter().map(|p| (p, Stone::Black)).collect())
        .collect();
    let mut next = batches.iter().cycle();
    group.bench_function("batch of 8", |b| {
        b.iter(|| {
            let batch = next.next().unwrap();
            network.evaluate_positions(black_box(batch), RuleSet::Japanese, 6.5)
        })
    });
    group.throughput(Throughput::Elements(2));
    let pairs: Vec<Vec<(&arbiter::go::Position, Stone)>> = positions
        .iter()
        .map(|p| vec![(p, Stone::Black), (p, Stone::White)])
        .collect();
    let mut next = pairs.iter().cycle();
    group.bench_function("both sides to move", |b| {
        b.iter(|| {
            let pair = next.next().unwrap();
            network.evaluate_positions(black_box(pair), RuleSet::Japanese, 6.5)
        })
    });
    group.finish();
}

criterion_group!(benches, go, records, network);
criterion_main!(benches);
