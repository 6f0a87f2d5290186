//! Seeded random full boards for Il Gioco dell'X, of the kinds that make hard cases likely.
//!
//! # Examples
//!
//! ```
//! use arbiter::gioco::generate::{board, Mode};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64::seed_from_u64(1);
//! let b = board(30, Mode::Winding, &mut rng);
//! assert_eq!(b.size(), 30);
//! ```

use rand::Rng;
use rand::seq::SliceRandom;

use super::{Board, Stone};
use crate::grid::Coord;

/// What kind of board to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every cell black or white with equal chance.
    Balanced,
    /// A game played out: the cells in random order, Black and White alternating.
    Game,
    /// One long winding chain (a serpentine) of a random colour, the rest the other colour,
    /// with a few cells flipped so that it may break.
    Winding,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 3] = [Mode::Balanced, Mode::Game, Mode::Winding];

    /// The modes' names on the command line, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 3] = ["balanced", "game", "winding"];

    /// The mode of a command-line name.
    pub fn named(name: &str) -> Option<Mode> {
        Self::NAMES
            .iter()
            .position(|&n| n == name)
            .map(|i| Self::ALL[i])
    }
}

/// A `size` x `size` full board of the given mode, drawn from `rng`.
///
/// # Panics
/// When `size` is 0 or larger than [`crate::grid::MAX_SIDE`].
pub fn board(size: usize, mode: Mode, rng: &mut impl Rng) -> Board {
    let mut b = Board::new(size, Stone::White);
    let coords = (0..size).flat_map(move |row| (0..size).map(move |col| Coord { row, col }));
    match mode {
        Mode::Balanced => {
            for at in coords {
                if rng.random() {
                    b.set(at, Stone::Black);
                }
            }
        }
        Mode::Game => {
            let mut order: Vec<Coord> = coords.collect();
            order.shuffle(rng);
            let first = if rng.random() { 0 } else { 1 };
            for (i, &at) in order.iter().enumerate() {
                if i % 2 == first {
                    b.set(at, Stone::Black);
                }
            }
        }
        Mode::Winding => {
            let black = rng.random::<bool>();
            let (path, rest) = if black {
                (Stone::Black, Stone::White)
            } else {
                (Stone::White, Stone::Black)
            };
            for at in coords {
                let (i, j) = if black {
                    (at.row, at.col)
                } else {
                    (at.col, at.row)
                };
                let turn = (i % 4 == 1 && j == size - 1) || (i % 4 == 3 && j == 0);
                b.set(at, if i % 2 == 0 || turn { path } else { rest });
            }
            for _ in 0..rng.random_range(0..=3) {
                let at = Coord {
                    row: rng.random_range(0..size),
                    col: rng.random_range(0..size),
                };
                let flipped = if b.get(at) == Stone::Black {
                    Stone::White
                } else {
                    Stone::Black
                };
                b.set(at, flipped);
            }
        }
    }
    b
}

/// Writes an Il Gioco dell'X contest input: the boards, then `0`: `cases` of them, each of `mode`, or of every mode in turn when `mode` is
/// `None`, drawn from a generator seeded with `seed`, so the same arguments give the same
/// bytes.
///
/// # Errors
/// When writing fails.
pub fn write_input(
    out: &mut impl std::io::Write,
    cases: usize,
    size: usize,
    mode: Option<Mode>,
    seed: u64,
) -> std::io::Result<()> {
    let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(seed);
    for case in 0..cases {
        let mode = mode.unwrap_or(Mode::ALL[case % Mode::ALL.len()]);
        super::uva::write_case(out, &board(size, mode, &mut rng))?;
    }
    writeln!(out, "0")
}
