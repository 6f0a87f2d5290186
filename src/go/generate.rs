//! Seeded random Go positions of the kinds that make hard scoring cases likely.
//!
//! # Examples
//!
//! ```
//! use arbiter::go::generate::{position, Mode};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64::seed_from_u64(3);
//! let p = position(19, Mode::Walled, &mut rng);
//! assert_eq!(p.size(), 19);
//! ```

use std::io::{self, Write};
use std::ops::RangeInclusive;

use rand::Rng;

use super::{Position, Stone};
use crate::game::Generate;
use crate::grid::Coord;

/// What kind of position to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Few stones (about a tenth of the points), of both colours.
    Sparse,
    /// Many stones (about three quarters of the points), of both colours.
    Dense,
    /// Stones of one colour only: every region is that colour's, or neutral if there are none.
    OneColour,
    /// A black wall and a white wall across the board, each side sprinkled with its own
    /// colour: real walled territories, with neutral points between the walls.
    Walled,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 4] = [Mode::Sparse, Mode::Dense, Mode::OneColour, Mode::Walled];

    /// The modes' names on the command line, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 4] = ["sparse", "dense", "one-colour", "walled"];
}

/// A `size` x `size` position of the given mode, drawn from `rng`. It always holds at least
/// one stone (the contest requires `b + w >= 1`).
///
/// # Panics
/// When `size` is 0 or larger than [`super::MAX_SIZE`].
pub fn position(size: usize, mode: Mode, rng: &mut impl Rng) -> Position {
    let mut p = Position::new(size);
    let points = (0..size).flat_map(move |row| (0..size).map(move |col| Coord { row, col }));
    let either = |rng: &mut dyn rand::RngCore| {
        if rng.random() {
            Stone::Black
        } else {
            Stone::White
        }
    };
    match mode {
        Mode::Sparse | Mode::Dense => {
            let percent = if mode == Mode::Sparse { 10 } else { 75 };
            for at in points {
                if rng.random_range(0..100) < percent {
                    p.place(at, either(rng)).expect("each point once");
                }
            }
        }
        Mode::OneColour => {
            let stone = either(rng);
            let percent = rng.random_range(1..=60);
            for at in points {
                if rng.random_range(0..100) < percent {
                    p.place(at, stone).expect("each point once");
                }
            }
        }
        Mode::Walled => {
            let wall = rng.random_range(0..size);
            let gap = rng.random_range(1..=3).min(size - wall);
            for at in points {
                let stone = if at.col == wall {
                    Some(Stone::Black)
                } else if at.col + 1 == wall + gap && at.col > wall {
                    Some(Stone::White)
                } else if at.col < wall && rng.random_range(0..100) < 8 {
                    Some(Stone::Black)
                } else if at.col >= wall + gap && rng.random_range(0..100) < 8 {
                    Some(Stone::White)
                } else {
                    None
                };
                if let Some(stone) = stone {
                    p.place(at, stone).expect("each point once");
                }
            }
        }
    }
    if (0..size * size).all(|i| {
        p.get(Coord {
            row: i / size,
            col: i % size,
        })
        .is_none()
    }) {
        let at = Coord {
            row: rng.random_range(0..size),
            col: rng.random_range(0..size),
        };
        p.place(at, either(rng)).expect("the board is empty");
    }
    p
}

impl Generate for super::Go {
    const MODES: &'static [&'static str] = &Mode::NAMES;
    const DEFAULT_SIZE: usize = 19;
    const SIZES: RangeInclusive<usize> = 1..=super::MAX_SIZE;

    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()> {
        let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(seed);
        for case in 0..cases {
            let mode = mode.map_or(Mode::ALL[case % Mode::ALL.len()], |m| Mode::ALL[m]);
            super::stanford::write_case(out, &position(size, mode, &mut rng))?;
        }
        writeln!(out, "0")
    }
}
