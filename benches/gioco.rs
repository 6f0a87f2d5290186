//! Il Gioco dell'X throughput on seeded balanced random boards: 100 boards of 200 x 200 and
//! one 2000 x 2000 board, for the contest question alone, the full judgement (with the chain),
//! and the whole contest pipeline on the input text in memory.

use std::hint::black_box;

use arbiter::gioco::generate::{Mode, board};
use arbiter::gioco::{Board, Gioco, judge, uva, winner};
use arbiter::run::{Views, run};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;

fn boards(count: usize, size: usize, seed: u64) -> Vec<Board> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    (0..count)
        .map(|_| board(size, Mode::Game, &mut rng))
        .collect()
}

fn input_text(boards: &[Board]) -> Vec<u8> {
    let mut text = Vec::new();
    for b in boards {
        uva::write_case(&mut text, b).unwrap();
    }
    text.extend_from_slice(b"0\n");
    text
}

fn whole_command(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    run(&Gioco, input, &mut out, &Views::default(), &mut |_| {}).unwrap();
    out
}

fn bench_set(c: &mut Criterion, name: &str, boards: &[Board], samples: usize) {
    let input = input_text(boards);
    let cells: usize = boards.iter().map(|b| b.size() * b.size()).sum();
    let mut group = c.benchmark_group(name);
    group.sample_size(samples);
    group.throughput(Throughput::Elements(cells as u64));
    group.bench_function("winner", |b| {
        b.iter(|| {
            for board in boards {
                black_box(winner(board));
            }
        })
    });
    group.bench_function("judge with chain", |b| {
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

fn gioco(c: &mut Criterion) {
    bench_set(c, "gioco 100 boards 200x200", &boards(100, 200, 1), 20);
    bench_set(c, "gioco 2000x2000", &boards(1, 2000, 2), 20);
}

criterion_group!(benches, gioco);
criterion_main!(benches);
