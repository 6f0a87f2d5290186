//! Seeded random Hex boards of the kinds that make hard test cases likely.
//!
//! The benchmarks and test-data tools draw their boards from here, so a seed always gives the
//! same boards. Every mode is described on [`Mode`].
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::generate::{board, Mode};
//! use arbiter::hex::{judge, BoardVerdict};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
//! let b = board(20, Mode::ToWin, &mut rng);
//! assert!(matches!(judge(&b).verdict, BoardVerdict::Win(_)));
//! ```

use std::io::{self, Write};
use std::ops::RangeInclusive;

use rand::Rng;
use rand::seq::SliceRandom;

use super::board::{Board, Stone};
use crate::game::Generate;
use crate::grid::Coord;

/// What kind of board to make. Each mode's promise about the judge's verdict is tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A random legal game stopped at a random point, at the latest when someone connects:
    /// the verdict is `Nobody wins` or a win.
    Game,
    /// A random legal game played until someone connects: the verdict is a win.
    ToWin,
    /// A random game played one to N moves past its first connection: the connection stays,
    /// so the verdict is a win (when a stone on every chain can still have been last) or
    /// `Impossible` by rule 3 or 4, never `Nobody wins`.
    PastWin,
    /// Every cell independently red, blue or empty: the counts are usually far apart.
    Fill,
    /// Two full lines of one colour (two chains with no stone in common), the rest filled at
    /// random with legal counts: `Impossible` by rule 4. Boards of at least 4 x 4 (smaller
    /// ones cannot hold two lines with legal counts).
    TwoChains,
    /// One colour's two halves joined by a single stone, with legal counts: Red wins, and
    /// that stone could have been the last.
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

    /// The board sides the mode can keep its promise on.
    pub fn sizes(self) -> RangeInclusive<usize> {
        match self {
            Mode::TwoChains => 4..=SIZES_MAX,
            _ => 1..=SIZES_MAX,
        }
    }
}

/// The largest side the generators take: a board and its move order, 10 bytes a cell.
const SIZES_MAX: usize = 10_000;

/// A `size` x `size` board of the given mode, drawn from `rng`.
///
/// # Panics
/// When `size` is 0 or larger than [`crate::grid::MAX_SIDE`], or outside the mode's
/// [`Mode::sizes`].
pub fn board(size: usize, mode: Mode, rng: &mut impl Rng) -> Board {
    assert!(
        mode.sizes().contains(&size),
        "{mode:?} cannot keep its promise at {size}"
    );
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

fn other(stone: Stone) -> Stone {
    match stone {
        Stone::Red => Stone::Blue,
        Stone::Blue => Stone::Red,
    }
}

/// A random move order (cells as `row * size + col`) with a random first player.
struct Game {
    size: usize,
    order: Vec<u32>,
    first: Stone,
}

impl Game {
    fn new(size: usize, rng: &mut impl Rng) -> Self {
        let mut order: Vec<u32> = (0..(size * size) as u32).collect();
        order.shuffle(rng);
        let first = if rng.random() {
            Stone::Red
        } else {
            Stone::Blue
        };
        Game { size, order, first }
    }

    /// The colour of move `i` (from 0).
    fn mover(&self, i: usize) -> Stone {
        if i.is_multiple_of(2) {
            self.first
        } else {
            other(self.first)
        }
    }

    /// The board after the first `moves` moves.
    fn after(&self, moves: usize) -> Board {
        let mut b = Board::new(self.size);
        for (i, &cell) in self.order[..moves].iter().enumerate() {
            let at = Coord {
                row: cell as usize / self.size,
                col: cell as usize % self.size,
            };
            b.set(at, Some(self.mover(i)));
        }
        b
    }

    /// The number of moves after which someone first connects, if anyone ever does.
    ///
    /// One pass over the moves, each stone joined to its neighbours of its colour in a
    /// union-find forest whose roots know which of their colour's sides the group touches:
    /// linear in the cells (near enough), where judging board after board would not be.
    fn first_win(&self) -> Option<usize> {
        let n = self.size;
        let mut groups = Groups::new(n * n);
        // Moves this far ahead are touched early: their cells lie at random, and a load
        // started early is waited for less.
        const AHEAD: usize = 16;
        for (i, &cell) in self.order.iter().enumerate() {
            if let Some(&later) = self.order.get(i + AHEAD) {
                groups.touch(later, n);
            }
            let stone = self.mover(i);
            let (row, col) = (cell as usize / n, cell as usize % n);
            let along = match stone {
                Stone::Red => row,
                Stone::Blue => col,
            };
            let sides = u32::from(along == 0) | u32::from(along == n - 1) << 1;
            groups.place(cell, stone.cell(), sides);
            let mut root = cell;
            for &(dr, dc) in super::ADJACENCY.steps() {
                let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
                else {
                    continue;
                };
                if r < n && c < n && groups.colour((r * n + c) as u32) == stone.cell() {
                    root = groups.join(root, (r * n + c) as u32);
                }
            }
            if groups.sides(root) == 3 {
                return Some(i + 1);
            }
        }
        None
    }
}

/// The stones' groups as they are placed: one word a cell holding its parent in a
/// union-find forest, its colour and, for a root, the sides its group touches. One word, so
/// that a look at a cell is one memory access: the cells come in random order, and the time
/// goes on fetching them. Roots join in an order fixed by a hash of their cells, which keeps
/// the trees shallow without a size table.
struct Groups {
    cells: Vec<u32>,
}

impl Groups {
    const PARENT: u32 = (1 << 27) - 1;
    const COLOUR_SHIFT: u32 = 27;
    const SIDES_SHIFT: u32 = 29;

    fn new(cells: usize) -> Self {
        assert!(
            cells <= Self::PARENT as usize,
            "a board of at most 2^27 cells"
        );
        Groups {
            cells: (0..cells as u32).collect(),
        }
    }

    /// Loads the words of `cell` and of its rows' neighbours, ahead of their use.
    fn touch(&self, cell: u32, n: usize) {
        let cell = cell as usize;
        let around = [cell, cell.wrapping_sub(n), cell + n];
        for at in around {
            if let Some(word) = self.cells.get(at) {
                std::hint::black_box(*word);
            }
        }
    }

    fn place(&mut self, cell: u32, colour: u8, sides: u32) {
        self.cells[cell as usize] =
            cell | u32::from(colour) << Self::COLOUR_SHIFT | sides << Self::SIDES_SHIFT;
    }

    fn colour(&self, cell: u32) -> u8 {
        (self.cells[cell as usize] >> Self::COLOUR_SHIFT & 3) as u8
    }

    fn sides(&self, root: u32) -> u32 {
        self.cells[root as usize] >> Self::SIDES_SHIFT & 3
    }

    fn parent(&self, cell: u32) -> u32 {
        self.cells[cell as usize] & Self::PARENT
    }

    fn set_parent(&mut self, cell: u32, parent: u32) {
        let word = &mut self.cells[cell as usize];
        *word = *word & !Self::PARENT | parent;
    }

    /// The root of `cell`'s group, halving the path on the way.
    fn find(&mut self, mut cell: u32) -> u32 {
        while self.parent(cell) != cell {
            let grandparent = self.parent(self.parent(cell));
            self.set_parent(cell, grandparent);
            cell = grandparent;
        }
        cell
    }

    /// Joins the group of root `root` and that of `cell`; returns the joint root.
    fn join(&mut self, root: u32, cell: u32) -> u32 {
        let theirs = self.find(cell);
        if theirs == root {
            return root;
        }
        let rank = |cell: u32| cell.wrapping_mul(0x9e37_79b9);
        let (big, small) = if rank(root) >= rank(theirs) {
            (root, theirs)
        } else {
            (theirs, root)
        };
        self.set_parent(small, big);
        let sides = self.sides(small);
        self.cells[big as usize] |= sides << Self::SIDES_SHIFT;
        big
    }
}

/// Two distinct full lines of one colour (columns for Red, rows for Blue), then random stones
/// of both colours on the other cells with legal counts: the lines' colour has as many
/// stones as the other or one more. Its two lines are chains with no stone in common, so no
/// stone lies on every chain (rule 4), and the other colour cannot connect (the Hex theorem).
fn two_chains(size: usize, rng: &mut impl Rng) -> Board {
    let stone = if rng.random() {
        Stone::Red
    } else {
        Stone::Blue
    };
    let first = rng.random_range(0..size);
    let second = (first + rng.random_range(1..size)) % size;
    let on_line = |at: Coord| {
        let line = match stone {
            Stone::Red => at.col,
            Stone::Blue => at.row,
        };
        line == first || line == second
    };
    let mut b = Board::new(size);
    let mut free = Vec::new();
    for at in coords(size) {
        if on_line(at) {
            b.set(at, Some(stone));
        } else {
            free.push(at);
        }
    }
    free.shuffle(rng);
    // The other colour needs 2n - 1 or 2n stones to face the lines' 2n; what is left is
    // shared out in equal numbers.
    let lead = usize::from(rng.random::<bool>());
    let theirs = 2 * size - lead;
    let spare = (free.len() - theirs) / 2;
    let extra = rng.random_range(0..=spare);
    let (theirs_at, rest) = free.split_at(theirs + extra);
    for &at in theirs_at {
        b.set(at, Some(other(stone)));
    }
    for &at in &rest[..extra] {
        b.set(at, Some(stone));
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
    const SIZES: RangeInclusive<usize> = 1..=SIZES_MAX;

    fn mode_sizes(&self, mode: usize) -> RangeInclusive<usize> {
        Mode::ALL[mode].sizes()
    }

    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()> {
        let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(seed);
        // In turn, the modes that can keep their promise at this size.
        let modes: Vec<Mode> = match mode {
            Some(m) => vec![Mode::ALL[m]],
            None => Mode::ALL
                .into_iter()
                .filter(|m| m.sizes().contains(&size))
                .collect(),
        };
        writeln!(out, "{cases}")?;
        for case in 0..cases {
            let mode = modes[case % modes.len()];
            super::gcj::write_case(out, &board(size, mode, &mut rng))?;
        }
        Ok(())
    }
}
