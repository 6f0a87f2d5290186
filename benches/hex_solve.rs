//! The Hex solver on empty boards: the complete set of winning first moves of 5 x 5 and 6 x 6,
//! and of a 6-column, 7-row rectangle (every opening loses). 7 x 7 is too long for criterion's
//! samples; it is measured whole by the command (the performance page), and opening by opening
//! and technique by technique by `benches/hex_solve_techniques.rs`.

use std::hint::black_box;

use arbiter::hex::solve::{Settings, solve};
use arbiter::hex::{Board, Stone};
use criterion::{Criterion, criterion_group, criterion_main};

fn complete_set(c: &mut Criterion, name: &str, board: Board, samples: usize) {
    let mut group = c.benchmark_group("hex solve");
    group.sample_size(samples);
    group.bench_function(name, |b| {
        b.iter(|| solve(black_box(&board), Stone::Red, &Settings::default()).unwrap())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    complete_set(c, "5x5 complete set", Board::new(5), 20);
    complete_set(
        c,
        "6x7 (6 columns) complete set",
        Board::with_shape(7, 6),
        10,
    );
    complete_set(c, "6x6 complete set", Board::new(6), 10);
}

criterion_group!(solver, benches);
criterion_main!(solver);
