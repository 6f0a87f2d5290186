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

use std::io::{self, Write};
use std::ops::RangeInclusive;

use rand::Rng;
use rand::seq::SliceRandom;

use super::board::{Board, Stone};
use crate::game::Generate;
use crate::grid::Coord;

/// What kind of board to make. Every mode keeps the statement's promise of a board from a
/// game played out: the two colours' counts differ by at most one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Counts as even as possible (either colour may have the odd cell), the cells shuffled.
    Balanced,
    /// A game played out with Black first: the cells in random order, Black and White
    /// alternating, so Black has as many cells as White or one more.
    Game,
    /// One long winding chain (a serpentine) of a random colour, joining that colour's sides,
    /// thickened here and there at random to balance the counts, with a pair of cells
    /// exchanged now and then so that it may break.
    Winding,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 3] = [Mode::Balanced, Mode::Game, Mode::Winding];

    /// The modes' names on the command line, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 3] = ["balanced", "game", "winding"];
}

fn other(stone: Stone) -> Stone {
    match stone {
        Stone::Black => Stone::White,
        Stone::White => Stone::Black,
    }
}

fn coords(size: usize) -> impl Iterator<Item = Coord> {
    (0..size).flat_map(move |row| (0..size).map(move |col| Coord { row, col }))
}

/// A `size` x `size` full board of the given mode, drawn from `rng`.
///
/// # Panics
/// When `size` is 0 or larger than [`crate::grid::MAX_SIDE`].
pub fn board(size: usize, mode: Mode, rng: &mut impl Rng) -> Board {
    match mode {
        Mode::Balanced => {
            let first = if rng.random() {
                Stone::Black
            } else {
                Stone::White
            };
            alternating(size, first, rng)
        }
        Mode::Game => alternating(size, Stone::Black, rng),
        Mode::Winding => winding(size, rng),
    }
}

/// The cells in random order, coloured `first`, the other, `first`, ...
fn alternating(size: usize, first: Stone, rng: &mut impl Rng) -> Board {
    let mut b = Board::new(size, other(first));
    let mut order: Vec<Coord> = coords(size).collect();
    order.shuffle(rng);
    for &at in order.iter().step_by(2) {
        b.set(at, first);
    }
    b
}

/// A serpentine of one colour along every third line, joined at alternate ends, reaching
/// both of its colour's sides; cells of the lines just after each serpentine line are added at
/// random (they touch only the line before them, so no short cut appears) until the counts
/// balance; then a few pairs of cells are exchanged.
fn winding(size: usize, rng: &mut impl Rng) -> Board {
    let path = if rng.random() {
        Stone::Black
    } else {
        Stone::White
    };
    // (i, j): i runs from the colour's first side to its second, j across.
    let at = |i: usize, j: usize| match path {
        Stone::Black => Coord { row: i, col: j },
        Stone::White => Coord { row: j, col: i },
    };
    let mut on = vec![false; size * size];
    let turn_at = |line: usize| {
        if (line / 3).is_multiple_of(2) {
            size - 1
        } else {
            0
        }
    };
    let last = (size - 1) / 3 * 3;
    for i in (0..size).step_by(3) {
        on[i * size..(i + 1) * size].fill(true);
        // Down to the next line at this line's end, or to the far side after the last line.
        let until = if i == last { size } else { i + 3 };
        for k in i + 1..until {
            on[k * size + turn_at(i)] = true;
        }
    }
    let mut count = on.iter().filter(|&&c| c).count();
    // The path's colour takes the odd cell of an odd board at random, or when it needs it.
    let half = size * size / 2;
    let odd = size * size % 2 == 1;
    let target = half + usize::from(odd && (rng.random::<bool>() || count > half));
    let mut straight = false;
    if count > target {
        // Too small a board for a serpentine: one straight line down instead.
        on.fill(false);
        for i in 0..size {
            on[i * size] = true;
        }
        (count, straight) = (size, true);
    }
    // A straight line takes cells anywhere; a serpentine only on the lines just after its
    // own, where they make no short cut.
    let mut spare: Vec<usize> = (0..size * size)
        .filter(|&cell| (straight || cell / size % 3 == 1) && !on[cell])
        .collect();
    spare.shuffle(rng);
    for &cell in spare.iter().take(target.saturating_sub(count)) {
        on[cell] = true;
    }
    let mut b = Board::new(size, other(path));
    for cell in (0..size * size).filter(|&cell| on[cell]) {
        b.set(at(cell / size, cell % size), path);
    }
    // Exchange a few pairs of cells of different colours: the counts stay, the chain may
    // break.
    for _ in 0..rng.random_range(0..=2) {
        let pick = |rng: &mut dyn rand::RngCore| Coord {
            row: rng.random_range(0..size),
            col: rng.random_range(0..size),
        };
        let (a, b2) = (pick(rng), pick(rng));
        let (ca, cb) = (b.get(a), b.get(b2));
        b.set(a, cb);
        b.set(b2, ca);
    }
    b
}

impl Generate for super::Gioco {
    const MODES: &'static [&'static str] = &Mode::NAMES;
    const DEFAULT_SIZE: usize = 20;
    const SIZES: RangeInclusive<usize> = 2..=10_000;

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
            super::uva::write_case(out, &board(size, mode, &mut rng))?;
        }
        writeln!(out, "0")
    }
}
