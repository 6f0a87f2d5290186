//! Seeded random Cheesy Chess cases, of the kinds that make hard cases likely.
//!
//! Every case keeps the statement's promises: the king starts on a field that is neither `F`
//! nor `D`, the pawn on one that is not `F`, and not on the king's.
//!
//! # Examples
//!
//! ```
//! use arbiter::cheesy::generate::{case, Mode};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64::seed_from_u64(5);
//! let c = case(8, 8, Mode::Edge, &mut rng);
//! assert_eq!(c.board().width(), 8);
//! ```

use std::io::{self, Write};
use std::ops::RangeInclusive;

use rand::Rng;

use super::board::{Board, Field, Position, Square};
use crate::game::Generate;

/// What kind of case to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Random `F` and `D` fields, the pieces anywhere the rules allow.
    Random,
    /// A random board with one edge situation forced: the pawn on the first or last line, the
    /// king next to or below the pawn, the pawn on `D`, `F` or `D` below the pawn, or the king
    /// on a floating dangerous field.
    Edge,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 2] = [Mode::Random, Mode::Edge];

    /// The modes' names on the command line, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 2] = ["random", "edge"];
}

/// A `width` x `height` case of the given mode, drawn from `rng`.
///
/// # Panics
/// When a side is 0 or over [`super::MAX_SIDE`], or the board has fewer than 2 squares.
pub fn case(width: usize, height: usize, mode: Mode, rng: &mut impl Rng) -> Position {
    assert!(width * height >= 2, "two pieces need two squares");
    let mut board = Board::open(width, height);
    let density = rng.random_range(0..=40);
    for y in 1..=height {
        for x in 1..=width {
            let roll = rng.random_range(0..100);
            let field = if roll < density / 2 {
                Field::Forbidden
            } else if roll < density {
                Field::Dangerous
            } else {
                Field::Open
            };
            board.set(Square { x, y }, field);
        }
    }
    let any = |rng: &mut dyn rand::RngCore| Square {
        x: rng.random_range(1..=width),
        y: rng.random_range(1..=height),
    };
    let mut pawn = any(rng);
    let mut king = any(rng);
    if mode == Mode::Edge {
        let near = |rng: &mut dyn rand::RngCore, at: Square| Square {
            x: (at.x + rng.random_range(0..=2))
                .saturating_sub(1)
                .clamp(1, width),
            y: (at.y + rng.random_range(0..=2))
                .saturating_sub(1)
                .clamp(1, height),
        };
        match rng.random_range(0..7) {
            0 => pawn.y = 1,
            1 => pawn.y = height,
            2 => king = near(rng, pawn),
            3 => {
                king = Square {
                    x: pawn.x,
                    y: pawn.y.saturating_sub(1).max(1),
                }
            }
            4 => board.set(pawn, Field::Dangerous),
            5 if pawn.y > 1 => {
                let below = Square {
                    x: pawn.x,
                    y: pawn.y - 1,
                };
                let field = if rng.random() {
                    Field::Forbidden
                } else {
                    Field::Dangerous
                };
                board.set(below, field);
            }
            _ if pawn.y > 1 => {
                let x = if rng.random() {
                    pawn.x + 1
                } else {
                    pawn.x.saturating_sub(1)
                };
                king = Square {
                    x: x.clamp(1, width),
                    y: pawn.y - 1,
                };
            }
            _ => {}
        }
    }
    // Keep the statement's promises, moving what must move.
    if board.field(pawn) == Field::Forbidden {
        board.set(pawn, Field::Open);
    }
    if king == pawn {
        king = if pawn.x < width {
            Square {
                x: pawn.x + 1,
                ..pawn
            }
        } else if pawn.x > 1 {
            Square {
                x: pawn.x - 1,
                ..pawn
            }
        } else {
            Square {
                y: if pawn.y > 1 { pawn.y - 1 } else { pawn.y + 1 },
                ..pawn
            }
        };
    }
    board.set(king, Field::Open);
    Position::new(board, king, pawn).expect("every mode keeps the statement's promises")
}

impl Generate for super::Cheesy {
    const MODES: &'static [&'static str] = &Mode::NAMES;
    const DEFAULT_SIZE: usize = 8;
    const SIZES: RangeInclusive<usize> = 2..=super::MAX_SIDE;

    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()> {
        let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(seed);
        writeln!(out, "{cases}")?;
        for number in 0..cases {
            let mode = mode.map_or(Mode::ALL[number % Mode::ALL.len()], |m| Mode::ALL[m]);
            super::bapc::write_case(out, &case(size, size, mode, &mut rng))?;
        }
        Ok(())
    }
}
