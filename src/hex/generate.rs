//! Seeded random Hex boards of the kinds that make hard test cases likely.
//!
//! The benchmarks and test-data tools draw their boards from here, so a seed always gives the
//! same boards. Every mode is described on [`Mode`].
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::generate::{board, Mode};
//! use arbiter::hex::{judge, Verdict};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
//! let b = board(20, Mode::ToWin, &mut rng);
//! assert!(matches!(judge(&b).verdict, Verdict::Win(_)));
//! ```

use std::io::{self, Write};
use std::ops::RangeInclusive;

use rand::Rng;
use rand::seq::SliceRandom;

use super::{Board, Stone};
use crate::game::Generate;
use crate::grid::Coord;

/// What kind of board to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A random legal game stopped at a random point (at the latest when someone connects).
    Game,
    /// A random legal game played until someone connects.
    ToWin,
    /// A random game played a few moves past the first connection (usually impossible).
    PastWin,
    /// Every cell independently red, blue or empty (counts usually far apart).
    Fill,
    /// Two full lines of one colour (two stone-disjoint chains) in a random game's board.
    TwoChains,
    /// One colour's two halves joined by a single stone, with balanced counts.
    CutStone,
}

impl Mode {
    /// Every mode, for tools that list or loop over them.
    pub const ALL: [Mode; 6] = [
        Mode::Game,
        Mode::ToWin,
        Mode::PastWin,
        Mode::Fill,
        Mode::TwoChains,
        Mode::CutStone,
    ];

    /// The modes' names on the command line, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 6] = [
        "game",
        "to-win",
        "past-win",
        "fill",
        "two-chains",
        "cut-stone",
    ];
}

/// A `size` x `size` board of the given mode, drawn from `rng`.
///
/// # Panics
/// When `size` is 0 or larger than [`crate::grid::MAX_SIDE`].
pub fn board(size: usize, mode: Mode, rng: &mut impl Rng) -> Board {
    match mode {
        Mode::Game => {
            let game = Game::new(size, rng);
            let stop = rng.random_range(0..=game.first_win().unwrap_or(size * size));
            game.after(stop)
        }
        Mode::ToWin => {
            let game = Game::new(size, rng);
            game.after(game.first_win().unwrap_or(size * size))
        }
        Mode::PastWin => {
            let game = Game::new(size, rng);
            let win = game.first_win().unwrap_or(size * size);
            let extra = rng.random_range(1..=size.max(2));
            game.after((win + extra).min(size * size))
        }
        Mode::Fill => {
            let mut b = Board::new(size);
            for at in coords(size) {
                let stone = [None, Some(Stone::Red), Some(Stone::Blue)][rng.random_range(0..3)];
                b.set(at, stone);
            }
            b
        }
        Mode::TwoChains => two_chains(size, rng),
        Mode::CutStone => cut_stone(size, rng),
    }
}

fn coords(size: usize) -> impl Iterator<Item = Coord> {
    (0..size).flat_map(move |row| (0..size).map(move |col| Coord { row, col }))
}

/// A random move order with a random first player.
struct Game {
    size: usize,
    order: Vec<Coord>,
    first: Stone,
}

impl Game {
    fn new(size: usize, rng: &mut impl Rng) -> Self {
        let mut order: Vec<Coord> = coords(size).collect();
        order.shuffle(rng);
        let first = if rng.random() {
            Stone::Red
        } else {
            Stone::Blue
        };
        Game { size, order, first }
    }

    /// The board after the first `moves` moves.
    fn after(&self, moves: usize) -> Board {
        let mut b = Board::new(self.size);
        let second = if self.first == Stone::Red {
            Stone::Blue
        } else {
            Stone::Red
        };
        for (i, &at) in self.order[..moves].iter().enumerate() {
            b.set(at, Some(if i % 2 == 0 { self.first } else { second }));
        }
        b
    }

    /// The number of moves after which someone first connects, if anyone ever does.
    ///
    /// Stones are never removed, so "someone is connected" only turns on as moves are added:
    /// a binary search over the move count finds the first connection.
    fn first_win(&self) -> Option<usize> {
        let connected = |moves| {
            let b = self.after(moves);
            Stone::ALL
                .iter()
                .any(|&s| b.crossing(s).winning().is_some())
        };
        let (mut lo, mut hi) = (0, self.order.len());
        if !connected(hi) {
            return None;
        }
        while lo < hi {
            let mid = (lo + hi) / 2;
            if connected(mid) {
                hi = mid
            } else {
                lo = mid + 1
            }
        }
        Some(lo)
    }
}

fn two_chains(size: usize, rng: &mut impl Rng) -> Board {
    let game = Game::new(size, rng);
    let mut b = game.after(rng.random_range(0..=size * size));
    let stone = if rng.random() {
        Stone::Red
    } else {
        Stone::Blue
    };
    let lines = [rng.random_range(0..size), rng.random_range(0..size)];
    for line in lines {
        for k in 0..size {
            let at = match stone {
                Stone::Red => Coord { row: k, col: line },
                Stone::Blue => Coord { row: line, col: k },
            };
            b.set(at, Some(stone));
        }
    }
    b
}

/// Red runs down one column, broken at a middle row that is otherwise all blue, and the break
/// is filled by one red stone: that stone lies on every red chain. The rest is random, then
/// evened out so that the counts are legal. (Blue cannot connect: Red does.)
fn cut_stone(size: usize, rng: &mut impl Rng) -> Board {
    let mut b = Board::new(size);
    let (middle, column) = (rng.random_range(0..size), rng.random_range(0..size));
    let mut free = Vec::new();
    for at in coords(size) {
        let stone = if at.col == column {
            Stone::Red
        } else if at.row == middle {
            Stone::Blue
        } else {
            free.push(at);
            if rng.random() {
                Stone::Red
            } else {
                Stone::Blue
            }
        };
        b.set(at, Some(stone));
    }
    // Even the counts out by emptying free cells of the colour in excess.
    free.shuffle(rng);
    let mut counts = b.counts();
    for at in free {
        let excess = if counts.red > counts.blue + 1 {
            Stone::Red
        } else if counts.blue > counts.red {
            Stone::Blue
        } else {
            break;
        };
        if b.get(at) == Some(excess) {
            b.set(at, None);
            match excess {
                Stone::Red => counts.red -= 1,
                Stone::Blue => counts.blue -= 1,
            }
        }
    }
    b
}

impl Generate for super::Hex {
    const MODES: &'static [&'static str] = &Mode::NAMES;
    const DEFAULT_SIZE: usize = 11;
    const SIZES: RangeInclusive<usize> = 1..=10_000;

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
        for case in 0..cases {
            let mode = mode.map_or(Mode::ALL[case % Mode::ALL.len()], |m| Mode::ALL[m]);
            super::gcj::write_case(out, &board(size, mode, &mut rng))?;
        }
        Ok(())
    }
}
