//! Cheesy Chess: 100,000 seeded random 8 x 8 cases (solving alone, and the whole contest
//! pipeline on the input text in memory), and the whole-board table of a 256 x 256 board.

use std::hint::black_box;

use arbiter::cheesy::bapc;
use arbiter::cheesy::generate::{Mode, case};
use arbiter::cheesy::{Cheesy, Position, Square, table, white_wins};
use arbiter::run::{Views, run};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;

fn cases(count: usize) -> Vec<Position> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(8);
    (0..count)
        .map(|i| case(8, 8, Mode::ALL[i % Mode::ALL.len()], &mut rng))
        .collect()
}

fn whole_command(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    run(&Cheesy, input, &mut out, &Views::default(), &mut |_| {}).unwrap();
    out
}

fn cheesy(c: &mut Criterion) {
    let cases = cases(100_000);
    let mut input = format!("{}\n", cases.len()).into_bytes();
    for case in &cases {
        bapc::write_case(&mut input, case).unwrap();
    }
    let mut group = c.benchmark_group("cheesy 100000 cases 8x8");
    group.sample_size(10);
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("solve", |b| {
        b.iter(|| {
            for c in &cases {
                black_box(white_wins(c));
            }
        })
    });
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("whole command", |b| {
        b.iter(|| whole_command(black_box(&input)))
    });
    group.finish();

    let mut rng = rand_pcg::Pcg64::seed_from_u64(256);
    let big = case(256, 256, Mode::Random, &mut rng);
    let pawn = Square {
        x: big.pawn().x,
        y: 256,
    };
    let mut board = big.board().clone();
    board.set(pawn, arbiter::cheesy::Field::Open);
    // The table covers every king start; any legal one makes the position.
    let position = (1..=256)
        .flat_map(|y| (1..=256).map(move |x| Square { x, y }))
        .find_map(|king| Position::new(board.clone(), king, pawn).ok())
        .expect("an open square for the king");
    let mut group = c.benchmark_group("cheesy table 256x256");
    group.sample_size(20);
    group.throughput(Throughput::Elements(256 * 256));
    group.bench_function("table", |b| b.iter(|| table(black_box(&position))));
    group.finish();
}

criterion_group!(benches, cheesy);
criterion_main!(benches);
