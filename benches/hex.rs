//! Hex judge throughput on seeded random games played to a win.
//!
//! (a) 100 boards of 100 x 100, (b) one 4000 x 4000 board; each measured for the judge alone
//! and for the whole contest pipeline (parse, judge, write) on the input text in memory.

use std::hint::black_box;

use arbiter::hex::generate::{Mode, board};
use arbiter::hex::{Board, Hex, gcj, judge};
use arbiter::run::{Views, run};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;

fn boards(count: usize, size: usize, seed: u64) -> Vec<Board> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    (0..count)
        .map(|_| board(size, Mode::ToWin, &mut rng))
        .collect()
}

fn input_text(boards: &[Board]) -> Vec<u8> {
    let mut text = format!("{}\n", boards.len()).into_bytes();
    for b in boards {
        gcj::write_case(&mut text, b).unwrap();
    }
    text
}

fn whole_command(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    run(
        &Hex::CONTEST,
        input,
        &mut out,
        &Views::default(),
        &mut |_| {},
    )
    .unwrap();
    out
}

fn bench_set(c: &mut Criterion, name: &str, boards: &[Board], samples: usize) {
    let input = input_text(boards);
    let cells: usize = boards.iter().map(|b| b.cells()).sum();
    let mut group = c.benchmark_group(name);
    group.sample_size(samples);
    group.throughput(Throughput::Elements(cells as u64));
    group.bench_function("judge", |b| {
        b.iter(|| {
            for board in boards {
                black_box(judge(board));
            }
        })
    });
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("whole command", |b| {
        b.iter(|| whole_command(black_box(&input)))
    });
    group.finish();
}

fn hex(c: &mut Criterion) {
    bench_set(c, "hex (a) 100 boards 100x100", &boards(100, 100, 1), 50);
    bench_set(c, "hex (b) 4000x4000", &boards(1, 4000, 2), 10);
}

criterion_group!(benches, hex);
criterion_main!(benches);
