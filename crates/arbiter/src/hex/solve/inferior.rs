//! Inferior cells: empty cells the search need not try.
//!
//! A cell is *dead* when its colour can never matter. The six neighbours of a cell touch each
//! other in a ring, so a stone on the cell joins nothing its own colour's neighbours do not
//! join already around the ring, as long as they lie in one run. The rule: a cell is dead when
//! every way of filling its empty neighbours leaves each colour's neighbours (stones, or that
//! colour's side beyond the board) in at most one run around it. Four of one colour in a row
//! is the commonest case (the other two touch each other whatever they become); three of one
//! colour, two of the other and an empty cell between the runs is another. Playing a dead
//! cell is passing, which never helps in Hex (a stone never hurts its owner), so the search
//! leaves dead cells out, and fills them (with the colour of most of their neighbours) to
//! find more.
//!
//! Two adjacent empty cells are *captured* by a colour when that colour may as well own both:
//! if the opponent takes one, the colour takes the other, and the opponent's stone is then
//! dead (so neither loses anything). So a pair is captured when each cell, with its partner
//! the colour's, is dead by the rule above. The commonest case is a second-row stone's two
//! cells on its own side. The search fills captured cells for their owner and never plays
//! them. Pairs that share a cell with another pair are left alone: one answer cannot restore
//! two.
//!
//! Three empty cells in a row (straight or bent) or a triangle are a *captured three* when
//! some fill of them, each cell one colour's, keeps the position's value
//! ([`captured_three`]): each colour, answering every move the opponent makes among the three
//! with one of its own there, can make them come out at least as good for it as the fill (the
//! opponent's stones where the fill has the colour's dead by the rule above, one at a time).
//! The fill may be mixed, one cell one colour's and two the other's, as Benzene's fill-in
//! patterns fill; no pair rule finds these. In Henderson's puzzle 3 on 11 x 11, c9 and d9 for
//! Red and e9 for Blue take the proof from 25,279 positions to 2,161. A move into a three can
//! need an answer inside it, so none of its cells counts as a pass.
//!
//! An acute corner beside a colour's third-row stone is filled whole, five cells at once
//! ([`corners`](super::corners)); a move on one of the cells it leaves empty can spoil it, so
//! the mover's own fill-in ([`fill_in_for`]) leaves it out.
//!
//! A cell is *permanently inferior* for a colour when three of its neighbours in a row are
//! that colour's, the other three are empty, and each end of the empty run is shut (by a
//! stone of the colour beside the end cell and the run, or beside the end cell and the middle
//! empty cell, or by an opponent's stone straight beyond the end cell): filling it for that
//! colour keeps the position's value ([`FillIn::inferior`]; Björnsson, Hayward, Johanson and
//! van Rijswijck's permanently inferior cells, with the ends Benzene's patterns shut them
//! by). Unlike dead and captured cells, which stay so whatever is played, the opponent's
//! move beside such a cell can spoil it; the colour's own moves never do. So the search
//! fills both colours' and plays on (a move that wins the filled position wins the
//! position), but a move counts as a pass only by the mover's own fill-in ([`fill_in_for`]).
//! (On the empty 7 x 7 board's complete set, one thread, this took the positions from
//! 728,000 to 455,000; after 8 x 8's c1, two threads, from 1.95 million to 0.67 million.)
//!
//! A cell the opponent could make dead with one reply is *vulnerable*: a move there is never
//! better than that reply, played by the mover instead ([`vulnerable_cells`]). So is a cell
//! the mover's own stone on a neighbour would leave dead or captured for the mover (*captured
//! by a move*): that stone is worth its own and one on the cell, more than one on the cell
//! alone. (On the empty 7 x 7 board's complete set, the second rule took the mean number of
//! moves searched a position from 11.7 to 9.1 and the positions from 996,000 to 763,000.)
//!
//! On a square board, a move that leaves the position symmetric under a swap of the colours
//! (each side's stones the other's mirrored across the main diagonal, turned a half turn or
//! not) loses: there the side to move wins, by strategy stealing ([`mirror_losses`]).

use super::bits::{Cells, Geometry, MAX_CELLS};
use super::corners::fill_acute_corners;
use super::cutoff::cut_off;
use crate::hex::board::Stone;

/// The six neighbour steps of a cell, in order around it.
const AROUND: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// What is around a cell: two bits a neighbour, in order around it ([`EMPTY`], [`RED`],
/// [`BLUE`], or [`NOBODY`] past a corner), the first lowest; a side beyond the board counts
/// as its colour's stone. Also [`DEAD`]'s index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Ring(u16);

impl Ring {
    /// The ring of `cell` as the stones stand, neighbour by neighbour (the plain reference
    /// [`Rings`] is checked against).
    #[cfg(test)]
    fn of<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], cell: usize) -> Ring {
        let (r, c) = place(geometry, cell);
        let mut ring = 0;
        for (k, (dr, dc)) in AROUND.into_iter().enumerate() {
            ring |= (code_at(geometry, stones, r + dr, c + dc) as u16) << (2 * k);
        }
        Ring(ring)
    }

    /// The `k`-th neighbour's code.
    fn at(self, k: usize) -> usize {
        usize::from(self.0 >> (2 * k) & 3)
    }

    /// The ring with the `k`-th neighbour a stone of `colour` (0 Red, 1 Blue).
    fn with(self, k: usize, colour: usize) -> Ring {
        let code = (colour + 1) as u16;
        Ring(self.0 & !(3 << (2 * k)) | code << (2 * k))
    }

    /// How many neighbours are empty.
    fn empties(self) -> u32 {
        6 - ((self.0 | self.0 >> 1) & 0x555).count_ones()
    }

    /// Whether some colouring of the neighbours `j` and `k` steps round (empty ones) leaves
    /// the cell dead.
    fn can_die(self, j: usize, k: usize) -> bool {
        (0..4).any(|way| {
            self.with(j, way & 1)
                .with(k, way >> 1)
                .dead_fill()
                .is_some()
        })
    }

    /// The pairs of empty neighbours, `j` then `k` steps round (`j` < `k`), whose colouring
    /// can leave the cell dead ([`Ring::can_die`]): bit `6 j + k` each.
    fn dying_pairs(self) -> u64 {
        DYING_PAIRS[usize::from(self.0)]
    }

    /// The colour to fill the cell with when it is dead (see the module's notes), `None` when
    /// it is not.
    fn dead_fill(self) -> Option<usize> {
        match DEAD[usize::from(self.0)] {
            0 => None,
            fill => Some(usize::from(fill - 1)),
        }
    }
}

/// Every cell's [`Ring`] at once, worked out a direction at a time on whole sets (which cells
/// have a Red neighbour that way, which a Blue one, a side counting as its colour's stone) and
/// kept up to date as cells are filled ([`Rings::fill`]): what [`Ring::of`] gives cell by
/// cell, without its division and twelve lookups a cell.
struct Rings {
    ring: [Ring; MAX_CELLS],
}

impl Rings {
    /// The rings of the cells of `cells`, as the stones stand (the others' are left empty).
    fn of<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], cells: B) -> Rings {
        let cols = geometry.cols as isize;
        let mut rings = Rings {
            ring: [Ring::default(); MAX_CELLS],
        };
        let mut codes = [[B::NONE; 2]; 6];
        for (k, (dr, dc)) in AROUND.into_iter().enumerate() {
            // The cells whose neighbour this way is past a row (Red's side) or a column (Blue's).
            let off_row = match dr {
                -1 => geometry.top,
                1 => geometry.bottom,
                _ => B::NONE,
            };
            let off_col = match dc {
                -1 => geometry.left,
                1 => geometry.right,
                _ => B::NONE,
            };
            let on_board = geometry.board & !off_row & !off_col;
            let offset = dr * cols + dc;
            let toward = |set: B| {
                if offset > 0 {
                    set.down(offset as u32)
                } else {
                    set.up((-offset) as u32)
                }
            };
            codes[k] = [
                (toward(stones[0]) & on_board) | off_row,
                (toward(stones[1]) & on_board) | off_col,
            ];
        }
        for cell in cells.iter() {
            let mut ring = 0u16;
            for (k, [red, blue]) in codes.iter().enumerate() {
                let code = u16::from(red.has(cell)) | u16::from(blue.has(cell)) << 1;
                ring |= code << (2 * k);
            }
            rings.ring[cell] = Ring(ring);
        }
        rings
    }

    /// Notes `colour`'s stone on `cell`, in the rings of its empty neighbours.
    fn fill<B: Cells>(
        &mut self,
        geometry: &Geometry<B>,
        stones: [B; 2],
        cell: usize,
        colour: usize,
    ) {
        let ring = self.ring[cell];
        for k in (0..6).filter(|&k| ring.at(k) == EMPTY) {
            let neighbour = step(geometry, cell, k);
            if !(stones[0] | stones[1]).has(neighbour) {
                // Seen from the neighbour, the cell lies the opposite way round.
                self.ring[neighbour] = self.ring[neighbour].with((k + 3) % 6, colour);
            }
        }
    }
}

/// A cell's row and column, signed for stepping off the board.
fn place<B: Cells>(geometry: &Geometry<B>, cell: usize) -> (isize, isize) {
    (
        (cell / geometry.cols) as isize,
        (cell % geometry.cols) as isize,
    )
}

/// What is at row `r`, column `c`, on the board or off it: [`EMPTY`], [`RED`] or [`BLUE`]
/// (a stone, or a side beyond the board: past the first or last row Red's, past the first or
/// last column Blue's), or [`NOBODY`] past a corner.
fn code_at<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], r: isize, c: isize) -> usize {
    let off_row = r < 0 || r >= geometry.rows as isize;
    let off_col = c < 0 || c >= geometry.cols as isize;
    match (off_row, off_col) {
        (true, true) => NOBODY,
        (true, false) => RED,
        (false, true) => BLUE,
        (false, false) => {
            let at = r as usize * geometry.cols + c as usize;
            if stones[0].has(at) {
                RED
            } else if stones[1].has(at) {
                BLUE
            } else {
                EMPTY
            }
        }
    }
}

/// The cell `k` steps around from `cell` (which must be on the board).
fn step<B: Cells>(geometry: &Geometry<B>, cell: usize, k: usize) -> usize {
    let (dr, dc) = AROUND[k];
    (cell as isize + dr * geometry.cols as isize + dc) as usize
}

/// What each neighbour is, two bits each in [`DEAD`]'s index.
const EMPTY: usize = 0;
const RED: usize = 1;
const BLUE: usize = 2;
const NOBODY: usize = 3;

/// For every ring of six neighbours (two bits each, [`EMPTY`] to [`NOBODY`], the first
/// neighbour lowest): 0 when a cell so surrounded is not dead, else 1 + the colour to fill it
/// with (the colour of four in a row when there are, else of most neighbours).
static DEAD: [u8; 1 << 12] = dead_table();

const fn dead_table() -> [u8; 1 << 12] {
    let mut table = [0; 1 << 12];
    let mut index = 0;
    while index < 1 << 12 {
        let (mut red, mut blue, mut empty) = (0u8, 0u8, 0u8);
        let mut k = 0;
        while k < 6 {
            match (index >> (2 * k)) & 3 {
                RED => red |= 1 << k,
                BLUE => blue |= 1 << k,
                EMPTY => empty |= 1 << k,
                _ => {}
            }
            k += 1;
        }
        if every_filling_keeps_one_run(red, blue, empty) {
            let fill = if four_in_a_row(red) {
                0
            } else if four_in_a_row(blue) || blue.count_ones() > red.count_ones() {
                1
            } else {
                0
            };
            table[index] = 1 + fill;
        }
        index += 1;
    }
    table
}

/// For every ring (as [`DEAD`]'s index), [`Ring::dying_pairs`].
static DYING_PAIRS: std::sync::LazyLock<Vec<u64>> = std::sync::LazyLock::new(|| {
    (0..1 << 12)
        .map(|index| {
            let ring = Ring(index as u16);
            let open = |k: &usize| ring.at(*k) == EMPTY;
            (0..6)
                .filter(open)
                .flat_map(|j| (j + 1..6).filter(open).map(move |k| (j, k)))
                .filter(|&(j, k)| ring.can_die(j, k))
                .fold(0, |pairs, (j, k)| pairs | 1 << (6 * j + k))
        })
        .collect()
});

/// Whether each way of giving the `empty` neighbours to either colour leaves both colours'
/// neighbours in at most one run around the ring.
const fn every_filling_keeps_one_run(red: u8, blue: u8, empty: u8) -> bool {
    let mut to_red = empty;
    loop {
        if !one_run(red | to_red) || !one_run(blue | (empty & !to_red)) {
            return false;
        }
        if to_red == 0 {
            return true;
        }
        to_red = (to_red - 1) & empty;
    }
}

/// Whether the neighbours of `ring` (bit k: the k-th around) make at most one run.
const fn one_run(ring: u8) -> bool {
    let before = ((ring << 1) | (ring >> 5)) & 0b11_1111;
    // Each run starts at a neighbour whose predecessor is not in it; a full ring has none.
    (ring & !before).count_ones() <= 1
}

/// Whether `ring` has four neighbours in a row.
const fn four_in_a_row(ring: u8) -> bool {
    let mut start = 0;
    while start < 6 {
        let four = (0b1111u8 << start | 0b1111u8 >> (6 - start)) & 0b11_1111;
        if ring & four == four {
            return true;
        }
        start += 1;
    }
    false
}

/// The dead cells of a position, found by the ring rule (see the module's notes), filling as
/// it goes until no more are found.
#[cfg(test)]
pub fn dead_cells<B: Cells>(geometry: &Geometry<B>, stones: [B; 2]) -> B {
    filled_in(geometry, stones).0
}

/// The dead cells, and the stones with them filled in.
#[cfg(test)]
pub fn filled_in<B: Cells>(geometry: &Geometry<B>, mut stones: [B; 2]) -> (B, [B; 2]) {
    let empty = geometry.board & !(stones[0] | stones[1]);
    let mut rings = Rings::of(geometry, stones, empty);
    let dead = fill_dead(geometry, &mut stones, &mut rings, empty);
    (dead, stones)
}

/// Fills the dead cells among `look` and then among the neighbours of each cell filled,
/// until no more are found (a cell filled can leave only its neighbours dead); returns them.
fn fill_dead<B: Cells>(
    geometry: &Geometry<B>,
    stones: &mut [B; 2],
    rings: &mut Rings,
    mut look: B,
) -> B {
    let mut dead = B::NONE;
    while !look.is_empty() {
        let mut found = B::NONE;
        for cell in look.iter() {
            if let Some(colour) = rings.ring[cell].dead_fill() {
                found |= B::bit(cell);
                stones[colour] |= B::bit(cell);
                rings.fill(geometry, *stones, cell, colour);
            }
        }
        dead |= found;
        look = geometry.neighbours(found) & !(stones[0] | stones[1]);
    }
    dead
}

/// What [`fill_in`] found in a position: its dead cells, each colour's captured and
/// permanently inferior cells, and the stones with all of them filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillIn<B> {
    /// The dead cells.
    pub dead: B,
    /// Red's captured cells and Blue's.
    pub captured: [B; 2],
    /// The cells of captured threes ([`captured_three`]) filled with Red and with Blue. A
    /// move there is not a pass: the opponent's reply inside the three may be needed.
    pub threes: [B; 2],
    /// Which acute corners ([`corners`](super::corners)) were filled, a bit each: as with a
    /// three, a move on a corner's cells is not a pass, and a move on one of the cells it
    /// leaves empty can spoil it ([`spoils`](super::corners::spoils)).
    pub corners: u8,
    /// The cells permanently inferior for Red and for Blue ([`perm_inferior`]).
    pub inferior: [B; 2],
    /// The cells Red may as well own because Blue cannot use them, and those Blue may as well
    /// own ([`cut_off`](super::cutoff)): empty cells filled, and stones of the other colour
    /// that count as the owner's.
    pub cut_off: [B; 2],
    /// The stones, each dead cell filled (see [`filled_in`]), each captured or permanently
    /// inferior cell its owner's, and each cut-off cell or stone the colour's that may as
    /// well own it (so a stone may have changed colour).
    pub stones: [B; 2],
}

impl<B: Cells> FillIn<B> {
    /// The cells `colour` (0 Red, 1 Blue) may as well own: its captured and permanently
    /// inferior cells. A move there by that colour is a pass when this is [`fill_in_for`]
    /// that colour (in [`fill_in`] some may be the colour's only thanks to the opponent's
    /// permanently inferior cells, which the colour's move there can spoil).
    pub fn owned(&self, colour: usize) -> B {
        self.captured[colour] | self.inferior[colour]
    }

    /// The moves of `mover` that are passes, when this is [`fill_in_for`] `mover`: a stone on
    /// a dead cell joins nothing, one on a cell `mover` has captured leaves its partner dead,
    /// one on a cell permanently inferior for `mover` is one its filling would have put
    /// there, and one on a cut-off cell is either the one the filling put there or one
    /// `mover` cannot use (which counts as the opponent's, as the filling has it), so after
    /// each the position is, filled in, the one where `mover` passed. All of them have one
    /// value, the pass's. (The cut-off sets hold stones too, those a colour cannot use: the
    /// moves are the set's empty cells.)
    pub fn passes(&self, mover: Stone) -> B {
        self.dead | self.cut_off[0] | self.cut_off[1] | self.owned(mover.index())
    }
}

/// Which rules a fill-in uses besides the ring rules (dead cells, captured pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Fill Red's permanently inferior cells, and Blue's.
    pub inferior: [bool; 2],
    /// Give each colour the cells and stones the other cannot use
    /// ([`cut_off`](super::cutoff)).
    pub cut_off: bool,
    /// Fill the captured threes ([`captured_three`]).
    pub threes: bool,
    /// Fill the acute corners a third-row stone takes ([`corners`](super::corners)).
    pub corners: bool,
}

impl Rules {
    /// Every rule: [`fill_in`].
    pub const ALL: Rules = Rules {
        inferior: [true; 2],
        cut_off: true,
        threes: true,
        corners: true,
    };

    /// The rules whose cells stay fillable after any move by `mover`: [`fill_in_for`].
    pub fn for_mover(mover: Stone) -> Rules {
        let mut inferior = [false; 2];
        inferior[mover.index()] = true;
        Rules {
            inferior,
            cut_off: true,
            threes: true,
            // A move of either colour beside a corner can spoil it.
            corners: false,
        }
    }

    /// These rules, with or without the cut-off cells.
    pub fn cutting_off(self, cut_off: bool) -> Rules {
        Rules { cut_off, ..self }
    }

    /// These rules, with or without the captured threes.
    pub fn with_threes(self, threes: bool) -> Rules {
        Rules { threes, ..self }
    }

    /// These rules, with or without the acute corners.
    pub fn with_corners(self, corners: bool) -> Rules {
        Rules { corners, ..self }
    }
}

/// Fills in a position's dead cells, captured pairs and threes, acute corners, permanently
/// inferior cells and the cells and stones each colour cannot use, again and again: a cell
/// filled can leave more cells dead, captured, inferior or cut off. The filled position has
/// the position's value, and a move that wins it wins the position (the search searches it
/// instead).
#[cfg(test)]
pub fn fill_in<B: Cells>(geometry: &Geometry<B>, stones: [B; 2]) -> FillIn<B> {
    fill_in_with(geometry, stones, Rules::ALL)
}

/// [`fill_in`] that stays right after any move by `mover`: the opponent's permanently
/// inferior cells and the acute corners are left out, so that every cell filled stays
/// fillable whatever `mover` plays (dead cells stay dead, captured pairs captured and cut-off
/// cells cut off whatever is played, and a colour's permanently inferior cells stay fillable
/// after that colour's moves, while the opponent's move beside one can spoil it). So a move by
/// `mover` on a cell this fills for `mover` is a pass, and a move dominated in this filled
/// position is dominated in the position.
#[cfg(test)]
pub fn fill_in_for<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], mover: Stone) -> FillIn<B> {
    fill_in_with(geometry, stones, Rules::for_mover(mover))
}

/// [`fill_in`] by the `rules` given.
pub fn fill_in_with<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], rules: Rules) -> FillIn<B> {
    let mut fill = FillIn {
        dead: B::NONE,
        captured: [B::NONE; 2],
        threes: [B::NONE; 2],
        corners: 0,
        inferior: [B::NONE; 2],
        cut_off: [B::NONE; 2],
        stones,
    };
    let mut look = geometry.board & !(stones[0] | stones[1]);
    let mut rings = Rings::of(geometry, stones, look);
    loop {
        fill.dead |= fill_dead(geometry, &mut fill.stones, &mut rings, look);
        let captured = captured_with(geometry, fill.stones, &rings);
        let mut both = captured[0] | captured[1];
        for (colour, cells) in captured.into_iter().enumerate() {
            fill.captured[colour] |= cells;
            fill.stones[colour] |= cells;
            for cell in cells.iter() {
                rings.fill(geometry, fill.stones, cell, colour);
            }
        }
        if both.is_empty() {
            let found = fill_perm_inferior(geometry, &mut fill.stones, &mut rings, rules.inferior);
            for (colour, cells) in found.into_iter().enumerate() {
                fill.inferior[colour] |= cells;
            }
            both = found[0] | found[1];
        }
        if both.is_empty() && rules.cut_off {
            both = fill_cut_off(geometry, &mut fill, stones);
            if !both.is_empty() {
                let empty = geometry.board & !(fill.stones[0] | fill.stones[1]);
                rings = Rings::of(geometry, fill.stones, empty);
            }
        }
        // The threes last, the dearest to look for.
        if both.is_empty() && rules.threes {
            let found = fill_captured_threes(geometry, &mut fill.stones, &mut rings);
            for (colour, cells) in found.into_iter().enumerate() {
                fill.threes[colour] |= cells;
            }
            both = found[0] | found[1];
        }
        if both.is_empty() && rules.corners {
            let (found, filled) = fill_acute_corners(geometry, &mut fill.stones);
            fill.corners |= filled;
            for (colour, cells) in found.into_iter().enumerate() {
                for cell in cells.iter() {
                    rings.fill(geometry, fill.stones, cell, colour);
                }
            }
            both = found[0] | found[1];
        }
        if both.is_empty() {
            return fill;
        }
        look = geometry.neighbours(both) & !(fill.stones[0] | fill.stones[1]);
    }
}

/// The stones with each dead stone of `colour` (0 Red, 1 Blue) turned the other colour's, one
/// at a time, in the order of the cells, until none is left: a dead stone's colour never
/// matters (its neighbours' runs are the same whatever it is), so the position keeps its
/// value. Two positions that differ only in which of two cells holds a dead stone of `colour`
/// come out alike (an intrusion into the other colour's bridge, answered on either of its two
/// cells, say), and the search takes what it proved of one for the other
/// ([`Techniques::dead_alike`](super::dfpn::Techniques::dead_alike)).
pub fn dead_turned<B: Cells>(geometry: &Geometry<B>, mut stones: [B; 2], colour: usize) -> [B; 2] {
    let (from, to) = (colour, 1 - colour);
    let mut rings = Rings::of(geometry, stones, stones[from]);
    let mut look = stones[from];
    while !look.is_empty() {
        let mut made = B::NONE;
        for cell in look.iter() {
            if rings.ring[cell].dead_fill().is_none() {
                continue;
            }
            stones[from] &= !B::bit(cell);
            stones[to] |= B::bit(cell);
            made |= B::bit(cell);
            // The stones of `colour` beside it see one of the other colour now.
            let (r, c) = place(geometry, cell);
            for (k, (dr, dc)) in AROUND.into_iter().enumerate() {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr >= geometry.rows as isize || nc >= geometry.cols as isize
                {
                    continue;
                }
                let neighbour = nr as usize * geometry.cols + nc as usize;
                if stones[from].has(neighbour) {
                    rings.ring[neighbour] = rings.ring[neighbour].with((k + 3) % 6, to);
                }
            }
        }
        // A stone turned can leave only its neighbours of `colour` dead.
        look = geometry.neighbours(made) & stones[from];
    }
    stones
}

/// Gives each colour, Red first, the empty cells and the stones its opponent cannot use
/// ([`cut_off`]), each against the stones as the earlier ones left them, leaving alone the
/// cells filled already (`stones` are the position's); returns them.
fn fill_cut_off<B: Cells>(geometry: &Geometry<B>, fill: &mut FillIn<B>, stones: [B; 2]) -> B {
    let mut changed = B::NONE;
    for colour in 0..2 {
        let filled = (fill.stones[0] | fill.stones[1]) & !(stones[0] | stones[1]);
        let settled = filled | fill.cut_off[0] | fill.cut_off[1];
        let cells = cut_off(geometry, fill.stones, 1 - colour, settled);
        fill.cut_off[colour] |= cells;
        fill.stones[colour] |= cells;
        fill.stones[1 - colour] &= !cells;
        changed |= cells;
    }
    changed
}

/// Fills each empty cell permanently inferior for a colour ([`perm_inferior`]) of those
/// `colours` names with that colour, one after the other (each against the stones as the
/// earlier ones left them); returns them, Red's and Blue's.
fn fill_perm_inferior<B: Cells>(
    geometry: &Geometry<B>,
    stones: &mut [B; 2],
    rings: &mut Rings,
    colours: [bool; 2],
) -> [B; 2] {
    let mut found = [B::NONE; 2];
    let empty = geometry.board & !(stones[0] | stones[1]);
    for cell in empty.iter() {
        let ring = rings.ring[cell];
        let inferior = |colour: &usize| {
            colours[*colour] && perm_inferior(geometry, *stones, cell, ring, *colour)
        };
        if let Some(colour) = (0..2).find(inferior) {
            found[colour] |= B::bit(cell);
            stones[colour] |= B::bit(cell);
            rings.fill(geometry, *stones, cell, colour);
        }
    }
    found
}

/// Whether the empty `cell` is permanently inferior for `colour` (0 Red, 1 Blue) as the
/// stones stand ([`perm_inferior`]).
#[cfg(test)]
pub fn is_perm_inferior<B: Cells>(
    geometry: &Geometry<B>,
    stones: [B; 2],
    cell: usize,
    colour: usize,
) -> bool {
    perm_inferior(
        geometry,
        stones,
        cell,
        Ring::of(geometry, stones, cell),
        colour,
    )
}

/// Whether the empty `cell` (its neighbours `ring`) is *permanently inferior* for `colour`
/// (0 Red, 1 Blue), so that filling it with `colour` keeps the position's value: three of its
/// neighbours in a row are `colour`'s (stones or its side), the other three are empty, and
/// each end of the empty run is shut: by a `colour` stone beside both that end's cell and the
/// `colour` run's (the *flank*), by a `colour` stone beside both that end's cell and the
/// middle empty cell, or by an opponent's stone straight beyond that end's cell. (Björnsson,
/// Hayward, Johanson and van Rijswijck's permanently inferior cells, the three kinds of end
/// of Benzene's patterns; the rule was checked against the exhaustive search on a random
/// sample of 200,000 boards up to 5 x 5, and a fixed sample of them is a test.)
fn perm_inferior<B: Cells>(
    geometry: &Geometry<B>,
    stones: [B; 2],
    cell: usize,
    ring: Ring,
    colour: usize,
) -> bool {
    let (mine, theirs) = (colour + 1, 2 - colour);
    let (r, c) = place(geometry, cell);
    // The cell two steps out between neighbours k and k + 1, and straight out past k.
    let between = |k: usize| {
        let ((ar, ac), (br, bc)) = (AROUND[k % 6], AROUND[(k + 1) % 6]);
        code_at(geometry, stones, r + ar + br, c + ac + bc)
    };
    let beyond = |k: usize| {
        let (dr, dc) = AROUND[k % 6];
        code_at(geometry, stones, r + 2 * dr, c + 2 * dc)
    };
    (0..6).any(|k| {
        (0..3).all(|i| ring.at((k + i) % 6) == mine)
            && (3..6).all(|i| ring.at((k + i) % 6) == EMPTY)
            && (between(k + 2) == mine || between(k + 3) == mine || beyond(k + 3) == theirs)
            && (between(k + 5) == mine || between(k + 4) == mine || beyond(k + 5) == theirs)
    })
}

/// The cells captured by each colour (see the module's notes), the dead cells filled first.
/// Only pairs that share no cell with another pair count: one answer cannot restore two.
#[cfg(test)]
pub fn captured_cells<B: Cells>(geometry: &Geometry<B>, stones: [B; 2]) -> [B; 2] {
    captured_in_filled(geometry, filled_in(geometry, stones).1)
}

/// [`captured_cells`] of stones whose dead cells [`filled_in`] has filled already (the search
/// fills them anyway: once, not twice, an expansion).
#[cfg(test)]
pub fn captured_in_filled<B: Cells>(geometry: &Geometry<B>, stones: [B; 2]) -> [B; 2] {
    let empty = geometry.board & !(stones[0] | stones[1]);
    captured_with(geometry, stones, &Rings::of(geometry, stones, empty))
}

/// [`captured_in_filled`], the empty cells' rings known.
fn captured_with<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], rings: &Rings) -> [B; 2] {
    let empty = geometry.board & !(stones[0] | stones[1]);
    let rings = &rings.ring;
    let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
    let (mut once, mut more) = (B::NONE, B::NONE);
    for cell in empty.iter() {
        let ring = rings[cell];
        for k in (0..6).filter(|&k| ring.at(k) == EMPTY) {
            let partner = step(geometry, cell, k);
            if partner < cell {
                continue;
            }
            if let Some(colour) =
                (0..2).find(|&colour| pair_captured(ring, k, rings[partner], colour))
            {
                for c in [cell, partner] {
                    more |= once & B::bit(c);
                    once |= B::bit(c);
                }
                pairs.push((colour, cell, partner));
            }
        }
    }
    let mut captured = [B::NONE; 2];
    for (colour, a, b) in pairs {
        let pair = B::bit(a) | B::bit(b);
        if !pair.meets(more) {
            captured[colour] |= pair;
        }
    }
    captured
}

/// Whether a cell (its neighbours `ring`) and its partner `k` steps round it (`partner`'s
/// ring) are captured by `colour`: each dead once the other is `colour`'s, so that the
/// opponent's stone on either is answered on the other, and is dead.
fn pair_captured(ring: Ring, k: usize, partner: Ring, colour: usize) -> bool {
    ring.with(k, colour).dead_fill().is_some()
        && partner.with((k + 3) % 6, colour).dead_fill().is_some()
}

/// Fills each captured three (see [`captured_three`]) found among the empty cells, one after
/// the other (each against the stones as the earlier ones left them); returns the cells
/// filled, Red's and Blue's.
fn fill_captured_threes<B: Cells>(
    geometry: &Geometry<B>,
    stones: &mut [B; 2],
    rings: &mut Rings,
) -> [B; 2] {
    let mut found = [B::NONE; 2];
    let empty = geometry.board & !(stones[0] | stones[1]);
    // Every cell of a three must be able to die once the other two are filled: the middle
    // once its two neighbours in the three are ([`Ring::dying_pairs`]), and an end, which
    // cannot with more than two empty neighbours outside the three, has at most four in all.
    let few = |ring: Ring| ring.empties() <= 4;
    for middle in empty.iter() {
        let ring = rings.ring[middle];
        if (stones[0] | stones[1]).has(middle) {
            continue;
        }
        let pairs = ring.dying_pairs();
        if pairs == 0 {
            continue;
        }
        for j in 0..6 {
            for k in (j + 1..6).filter(|k| pairs >> (6 * j + k) & 1 == 1) {
                let (a, b) = (step(geometry, middle, j), step(geometry, middle, k));
                let triangle = k == j + 1 || (j, k) == (0, 5);
                // A triangle is met from each of its cells: taken from its lowest.
                if (triangle && (a < middle || b < middle))
                    || (stones[0] | stones[1]).meets(B::bit(middle) | B::bit(a) | B::bit(b))
                    || !few(rings.ring[a])
                    || !few(rings.ring[b])
                {
                    continue;
                }
                let cells = [a, middle, b];
                let known = |rings: &Rings| {
                    let key = cells
                        .iter()
                        .enumerate()
                        .fold(6 * j as u64 + k as u64, |key, (i, &cell)| {
                            key | u64::from(rings.ring[cell].0) << (6 + 12 * i)
                        });
                    known_three(key, || captured_three(&Three::new(geometry, cells, rings)))
                };
                if let Some(fill) = known(rings) {
                    for (cell, code) in cells.into_iter().zip(fill) {
                        let colour = code - 1;
                        found[colour] |= B::bit(cell);
                        stones[colour] |= B::bit(cell);
                        rings.fill(geometry, *stones, cell, colour);
                    }
                    break;
                }
            }
            if (stones[0] | stones[1]).has(middle) {
                break;
            }
        }
    }
    found
}

thread_local! {
    /// Answers of [`captured_three`] already worked out, by [`known_three`]'s keys: a search
    /// meets the same few thousand threes over and over.
    static KNOWN_THREES: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![0; 1 << 14]);
}

/// The answer of [`captured_three`] for the three whose shape and rings `key` holds (the middle
/// cell's directions to the ends, 6 j + k, in its six lowest bits, then the three cells' rings
/// as they stand, 12 bits each), from a table of answers kept on each thread, or from
/// `work_out` (then kept): the answer depends on nothing else.
fn known_three(key: u64, work_out: impl FnOnce() -> Option<[usize; 3]>) -> Option<[usize; 3]> {
    const KEY: u64 = (1 << 42) - 1;
    const PRESENT: u64 = 1 << 63;
    let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 50) as usize;
    KNOWN_THREES.with(|known| {
        let mut known = known.borrow_mut();
        let entry = known[slot];
        let answer = if entry & PRESENT != 0 && entry & KEY == key {
            (entry >> 42 & 0xf) as usize
        } else {
            // 0 for none, else 1 + the fill's colours, a bit a cell (set for Blue).
            let answer = work_out().map_or(0, |fill| {
                1 + (0..3).fold(0, |way, a| way | (fill[a] - RED) << a)
            });
            known[slot] = PRESENT | (answer as u64) << 42 | key;
            answer
        };
        (answer > 0).then(|| std::array::from_fn(|a| RED + ((answer - 1) >> a & 1)))
    })
}

/// Three empty cells in a row (straight or bent) or a triangle, and what is around them: the
/// ground of [`captured_three`].
struct Three {
    /// Each cell's neighbours as the stones stand (the three empty).
    rings: [Ring; 3],
    /// Where round each cell each other one lies, if beside it.
    links: [[Option<usize>; 3]; 3],
}

impl Three {
    fn new<B: Cells>(geometry: &Geometry<B>, cells: [usize; 3], rings: &Rings) -> Three {
        let ring = |a: usize| rings.ring[cells[a]];
        let links = std::array::from_fn(|a| {
            std::array::from_fn(|b| {
                (0..6).find(|&k| {
                    a != b && ring(a).at(k) == EMPTY && step(geometry, cells[a], k) == cells[b]
                })
            })
        });
        Three {
            rings: std::array::from_fn(ring),
            links,
        }
    }

    /// The `a`-th cell's neighbours with the three coloured as `codes` says ([`EMPTY`],
    /// [`RED`] or [`BLUE`] each).
    fn ring(&self, a: usize, codes: [usize; 3]) -> Ring {
        (0..3).fold(self.rings[a], |ring, b| match self.links[a][b] {
            Some(k) if codes[b] != EMPTY => ring.with(k, codes[b] - 1),
            _ => ring,
        })
    }

    /// Whether the `a`-th cell can be dead once the other two are filled some way.
    fn can_die(&self, a: usize) -> bool {
        (0..4).any(|way| {
            let mut codes = [EMPTY; 3];
            for (i, b) in (0..3).filter(|&b| b != a).enumerate() {
                codes[b] = RED + (way >> i & 1);
            }
            self.ring(a, codes).dead_fill().is_some()
        })
    }

    /// Whether `colour` ([`RED`] or [`BLUE`]), answering each of the opponent's moves in the
    /// three with one of its own there, can make it come out at least as good for it as
    /// `fill`. The opponent, moving first, ends with two of the three cells and `colour` with
    /// one (a cell the opponent never takes is `colour`'s in the end, or the game was over:
    /// no worse for `colour`); so `colour` holds the fill when two cells are each good for it
    /// to end with ([`Three::at_least`]): whichever the opponent takes first, the other is
    /// left to answer on.
    fn holds(&self, fill: [usize; 3], colour: usize) -> bool {
        let good = |b: &usize| {
            let mut codes = [3 - colour; 3];
            codes[*b] = colour;
            self.at_least(codes, fill, colour)
        };
        (0..3).filter(good).nth(1).is_some()
    }

    /// Whether the three filled as `codes` is at least as good for `colour` as filled as
    /// `fill`: each of the opponent's stones where `fill` has `colour`'s is dead, or dead
    /// once others are turned (a dead stone's colour never matters), `colour`'s own stones
    /// where `fill` has the opponent's kept as they are or else first given to the opponent
    /// (which can only be worse for `colour`).
    fn at_least(&self, codes: [usize; 3], fill: [usize; 3], colour: usize) -> bool {
        let given = std::array::from_fn(|a| if fill[a] != colour { fill[a] } else { codes[a] });
        self.turns_dead(codes, fill, colour)
            || (given != codes && self.turns_dead(given, fill, colour))
    }

    /// Whether the opponent's stones of `codes` where `fill` has `colour`'s can be turned
    /// `colour`'s one at a time, each dead when turned.
    fn turns_dead(&self, mut codes: [usize; 3], fill: [usize; 3], colour: usize) -> bool {
        loop {
            let mut wrong = (0..3).filter(|&a| codes[a] != colour && fill[a] == colour);
            let Some(first) = wrong.next() else {
                return true;
            };
            let dead = std::iter::once(first)
                .chain(wrong)
                .find(|&a| self.ring(a, codes).dead_fill().is_some());
            match dead {
                Some(a) => codes[a] = colour,
                None => return false,
            }
        }
    }
}

/// A fill of three empty cells ([`Three`]) that keeps the position's value, if one does:
/// each colour, answering each of the opponent's moves in the three with one of its own
/// there, can make the three come out at least as good for it as the fill, by the ring rule
/// (the opponent's stones that differ from the fill dead, one at a time). Each cell's colour
/// in the fill ([`RED`] or [`BLUE`]).
///
/// Then the position is worth the same with the three so filled: each colour can play in it
/// as in the filled position, answering the opponent's moves in the three there (a stone
/// more of its own never hurting). The pair of [`pair_captured`] is the case of two cells;
/// three can hold a mixed fill, one cell one colour's and two the other's (as Benzene's
/// fill-in patterns do), which no pair rule finds: in Henderson's puzzle 3 (11 x 11), Red's
/// c9 and d9 with Blue's e9 beside Red's c10 and Blue's b9, c8, d10 and e8 group.
fn captured_three(three: &Three) -> Option<[usize; 3]> {
    if !(0..3).all(|a| three.can_die(a)) {
        return None;
    }
    (0..8)
        .map(|way: usize| std::array::from_fn(|a| RED + (way >> a & 1)))
        .find(|&fill| {
            // A colour the fill gives nothing has nothing to hold.
            [RED, BLUE]
                .into_iter()
                .all(|colour| !fill.contains(&colour) || three.holds(fill, colour))
        })
}

/// The cells where a move by `mover` is dominated. A cell the opponent could kill with one
/// reply (a *vulnerable* cell: with the reply it is dead) is never better for the mover than
/// that reply, played by the mover instead. Following each cell to its killer, the killer's
/// killer and so on ends at a cell that is not vulnerable, or goes round a cycle; every cell
/// is dominated but the ends and one cell of each cycle, so a dominating move always stays.
pub fn vulnerable_cells<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], mover: Stone) -> B {
    let empty = geometry.board & !(stones[0] | stones[1]);
    let killer = killers(geometry, stones, mover);
    let mut dominated = B::NONE;
    for cell in empty.iter() {
        if killer[cell] == usize::MAX {
            continue;
        }
        // Walk the killers; on coming back round, the cycle's lowest cell stays.
        let mut walk = vec![cell];
        let mut at = killer[cell];
        let kept = loop {
            if at == usize::MAX || killer[at] == usize::MAX {
                break false;
            }
            if let Some(start) = walk.iter().position(|&c| c == at) {
                let lowest = walk[start..].iter().copied().min().expect("a cycle");
                break lowest == cell;
            }
            walk.push(at);
            at = killer[at];
        };
        if !kept {
            dominated |= B::bit(cell);
        }
    }
    dominated
}

/// Each cell's *killer* for a move by `mover` (see [`vulnerable_cells`]): an empty neighbour
/// whose taking by the opponent would leave the cell dead; or else, failing one, a neighbour
/// that *captures* the cell, whose taking by `mover` would leave it dead or captured by
/// `mover` (then the mover's stone there makes the cell worth a stone of its own, so a move
/// on the cell is never better); `usize::MAX` for a cell with neither (or not empty).
pub fn killers<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], mover: Stone) -> Vec<usize> {
    let empty = geometry.board & !(stones[0] | stones[1]);
    let (me, opponent) = (mover.index(), mover.other().index());
    let rings = Rings::of(geometry, stones, empty).ring;
    let mut killer = vec![usize::MAX; geometry.cells()];
    for cell in empty.iter() {
        let ring = rings[cell];
        let open = |k: &usize| ring.at(*k) == EMPTY;
        let dies = |k: &usize| open(k) && ring.with(*k, opponent).dead_fill().is_some();
        // After the mover's stone k steps round: the cell dead, or captured with a partner
        // j steps round (whose own ring has the stone too when the two are neighbours round
        // the cell: seen from the partner, k lies two steps on from the cell, or four).
        let captures = |k: &usize| {
            let after = ring.with(*k, me);
            open(k)
                && (after.dead_fill().is_some()
                    || (0..6).filter(|j| j != k && open(j)).any(|j| {
                        let partner = rings[step(geometry, cell, j)];
                        let partner = if (j + 1) % 6 == *k {
                            partner.with((j + 2) % 6, me)
                        } else if (*k + 1) % 6 == j {
                            partner.with((j + 4) % 6, me)
                        } else {
                            partner
                        };
                        pair_captured(after, j, partner, me)
                    }))
        };
        if let Some(k) = (0..6).find(dies).or_else(|| (0..6).find(captures)) {
            killer[cell] = step(geometry, cell, k);
        }
    }
    killer
}

/// The moves of `mover` that hand the opponent a position symmetric under a swap of the
/// colours, on a square board: the mover's stones, with the move, the opponent's mirrored
/// across the main diagonal (or mirrored and turned a half turn, the other symmetry that swaps
/// the sides). In such a position the side to move wins: were it to lose, it could move
/// anywhere and then play, mirrored, the winning strategy of the side that is not to move, an
/// extra stone never hurting (strategy stealing). So each such move loses, and the search
/// leaves it out, as Benzene's does. Only a mover with one stone fewer than its opponent can
/// make the position symmetric with one move.
pub fn mirror_losses<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], mover: Stone) -> B {
    let (mine, theirs) = (stones[mover.index()], stones[1 - mover.index()]);
    if geometry.rows != geometry.cols || theirs.count() != mine.count() + 1 {
        return B::NONE;
    }
    let empty = geometry.board & !(mine | theirs);
    let mut losses = B::NONE;
    for turned in [false, true] {
        let image = theirs.iter().fold(B::NONE, |set, cell| {
            let cell = geometry.transposed(cell);
            set | B::bit(if turned { geometry.rotated(cell) } else { cell })
        });
        // One cell short of the mover's stones (which it then holds all of, by the counts).
        let missing = image & !mine;
        if missing.count() == 1 && missing.subset_of(empty) {
            losses |= missing;
        }
    }
    losses
}

#[cfg(test)]
mod tests {
    use super::super::bits::Wide;
    use super::*;

    /// Places `cells` (a cell and 0 Red, 1 Blue, 2 none) on a `rows` x `cols` board of set
    /// type `B`, then fills `fills` one by one: the rings worked out on whole sets, and kept
    /// up at each fill, must be every empty cell's ring as [`Ring::of`] reads it.
    fn rings_agree<B: Cells>(
        rows: usize,
        cols: usize,
        cells: &[(usize, usize)],
        fills: &[(usize, usize)],
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let geometry: Geometry<B> = Geometry::new(rows, cols);
        let n = geometry.cells();
        let mut stones = [B::NONE; 2];
        for &(cell, what) in cells {
            let cell = cell % n;
            if what < 2 && !(stones[0] | stones[1]).has(cell) {
                stones[what] |= B::bit(cell);
            }
        }
        let empty = geometry.board & !(stones[0] | stones[1]);
        let mut rings = Rings::of(&geometry, stones, empty);
        let check = |rings: &Rings, stones: [B; 2]| {
            for cell in (geometry.board & !(stones[0] | stones[1])).iter() {
                proptest::prop_assert_eq!(rings.ring[cell], Ring::of(&geometry, stones, cell));
            }
            Ok(())
        };
        check(&rings, stones)?;
        for &(cell, colour) in fills {
            let cell = cell % n;
            if !(stones[0] | stones[1]).has(cell) {
                stones[colour] |= B::bit(cell);
                rings.fill(&geometry, stones, cell, colour);
                check(&rings, stones)?;
            }
        }
        Ok(())
    }

    proptest::proptest! {
        /// On every shape up to 16 x 16, in the set type the solver uses for it (a 64-bit word
        /// up to 64 cells, a 128-bit one up to 128, two of those beyond).
        #[test]
        fn the_rings_of_whole_sets_are_each_cells_ring(
            rows in 1usize..=16,
            cols in 1usize..=16,
            cells in proptest::collection::vec((0usize..256, 0usize..3), 0..120),
            fills in proptest::collection::vec((0usize..256, 0usize..2), 0..30),
        ) {
            match rows * cols {
                0..=64 => rings_agree::<u64>(rows, cols, &cells, &fills)?,
                65..=128 => rings_agree::<u128>(rows, cols, &cells, &fills)?,
                _ => rings_agree::<super::super::bits::Wide>(rows, cols, &cells, &fills)?,
            }
        }
    }

    #[test]
    fn a_move_that_leaves_the_position_symmetric_under_a_colour_swap_loses() {
        // 5 x 5, Red c1 (row 0, column 2, cell 2), Blue to move: Blue a3 (cell 10, c1
        // mirrored across the main diagonal) or e3 (cell 14, mirrored and turned) leaves Red
        // to move in a symmetric position, which Red wins.
        let geometry = g(5);
        let red = u64::bit(2);
        assert_eq!(
            mirror_losses(&geometry, [red, 0], Stone::Blue),
            u64::bit(10) | u64::bit(14)
        );
        // Red to move has as many stones as Blue: no move makes the position symmetric.
        assert_eq!(mirror_losses(&geometry, [red, u64::bit(10)], Stone::Red), 0);
        // Red on c1 and e5, Blue on a3: mirrored, Red's stones ask Blue for a3 and e5 (taken);
        // mirrored and turned, for e3 and a1 (two moves): no move restores a symmetry.
        assert_eq!(
            mirror_losses(&geometry, [red | u64::bit(24), u64::bit(10)], Stone::Blue),
            0
        );
        // Not on an oblong board.
        assert_eq!(
            mirror_losses(&Geometry::<u64>::new(4, 5), [red, 0], Stone::Blue),
            0
        );
    }

    #[test]
    fn every_mirror_loss_loses_by_exhaustive_search() {
        // Symmetric positions of 4 x 4 (Red stones drawn by a fixed sequence, Blue's their
        // mirror images) with a Blue stone taken back, Blue to move: the move that restores
        // the symmetry is found, and every move found loses.
        let geometry = g(4);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut checked = 0;
        for _ in 0..400 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let red = seed & 0xffff & !(seed >> 16) & !(seed >> 32);
            let blue = red
                .iter()
                .fold(0u64, |set, cell| set | u64::bit(geometry.transposed(cell)));
            if red & blue != 0 || red == 0 || geometry.joins(red, geometry.sides(true)) {
                continue;
            }
            let taken = blue.first().unwrap();
            let blue = blue & !u64::bit(taken);
            let losses = mirror_losses(&geometry, [red, blue], Stone::Blue);
            assert!(losses.has(taken), "red {red:b} blue {blue:b}");
            for cell in losses.iter() {
                let after = [red, blue | u64::bit(cell)];
                assert!(
                    super::super::oracle::wins(&geometry, after, 0),
                    "{red:b} {blue:b} {cell}"
                );
            }
            checked += 1;
        }
        assert!(checked > 20, "only {checked} positions");
    }

    #[test]
    fn four_in_a_row_around_a_cell_make_it_dead() {
        use crate::hex::solve::bits::{Cells, Geometry};
        use crate::hex::solve::inferior::dead_cells;

        // 3 x 3, Red a2 b2 c1 (cells 3, 4, 2): a1's neighbours are the top side twice, b1 and a2,
        // and the left side twice. Red b1 (cell 1) makes four Red in a row around a1: dead.
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let red = u64::bit(1) | u64::bit(3);
        assert!(dead_cells(&geometry, [red, 0]).has(0));
    }

    #[test]
    fn a_second_row_stone_captures_the_two_cells_above_it() {
        use crate::hex::solve::bits::{Cells, Geometry};
        use crate::hex::solve::inferior::fill_in;

        // 4 x 4, Red b2 (cell 5): b1 and c1 (cells 1, 2) are Red's, captured on its top side.
        let geometry: Geometry<u64> = Geometry::new(4, 4);
        let fill = fill_in(&geometry, [u64::bit(5), 0]);
        assert_eq!(fill.captured[0], u64::bit(1) | u64::bit(2));
        assert!(fill.stones[0].has(1) && fill.stones[0].has(2));
    }

    #[test]
    fn a_move_on_a_dead_cell_is_a_pass_for_either_colour() {
        use crate::hex::solve::bits::{Cells, Geometry};

        // 3 x 3, Red b1 a2 (cells 1, 3): a1 is dead (four of Red's in a row around it, two of
        // them the top side), a move there a pass for either colour.
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let red = u64::bit(1) | u64::bit(3);
        assert!(
            fill_in_for(&geometry, [red, 0], Stone::Red)
                .passes(Stone::Red)
                .has(0)
        );
        assert!(
            fill_in_for(&geometry, [red, 0], Stone::Blue)
                .passes(Stone::Blue)
                .has(0)
        );
    }

    #[test]
    fn a_cell_one_reply_from_dead_is_dominated_by_that_reply() {
        // 4 x 4, b2 (cell 5): Blue b1 c1 c2 (cells 1, 2, 6) around it; a Blue reply on b3
        // (cell 9) would make four in a row, so b2 is vulnerable for Red, and b3 dominates it.
        let geometry = g(4);
        let blue = u64::bit(1) | u64::bit(2) | u64::bit(6);
        let dominated = vulnerable_cells(&geometry, [0, blue], Stone::Red);
        assert!(dominated.has(5), "{dominated:b}");
        assert!(!dominated.has(9));
    }

    fn g(n: usize) -> Geometry<u64> {
        Geometry::new(n, n)
    }

    #[test]
    fn a_cell_a_move_beside_it_captures_is_dominated_by_that_move() {
        // The empty 4 x 4 board, Red to move: Red c1 (cell 2) leaves b1 (cell 1) and a1
        // (cell 0) captured by Red (Blue on either is answered on the other, and Blue's
        // stone is dead), so Red c1 is worth Red b1, c1 and a1: c1 dominates b1. No Blue
        // reply would kill b1, so that is its dominator.
        let geometry = g(4);
        assert_eq!(killers(&geometry, [0, 0], Stone::Red)[1], 2);
        // Red c2 (cell 6) leaves c1 and d1 (cells 2, 3) captured, c2 lying beside both (the
        // partner's ring takes the stone too): c2 dominates c1.
        assert_eq!(killers(&geometry, [0, 0], Stone::Red)[2], 6);
        let stones = [u64::bit(6), 0];
        assert_eq!(fill_in(&geometry, stones).captured[0] & 0b1100, 0b1100);
        let stones = [u64::bit(2), 0];
        assert_eq!(
            fill_in(&geometry, stones).captured[0],
            u64::bit(0) | u64::bit(1)
        );
    }

    #[test]
    fn four_in_a_row_of_one_colour_make_a_dead_cell() {
        // 4 x 4, b2 (cell 5): Blue a2 b1 c1 (cells 4, 1, 2) and ... around b2: b1 c1 c2 b3 a3 a2.
        // Blue b1 c1 c2 b3: four in a row.
        let geometry = g(4);
        let blue = u64::bit(1) | u64::bit(2) | u64::bit(6) | u64::bit(9);
        assert!(dead_cells(&geometry, [0, blue]).has(5));
        // Three are not enough.
        let blue = u64::bit(1) | u64::bit(2) | u64::bit(6);
        assert!(!dead_cells(&geometry, [0, blue]).has(5));
    }

    #[test]
    fn three_of_one_colour_two_of_the_other_and_a_gap_between_make_a_dead_cell() {
        // 4 x 4, b2 (cell 5), its ring b1 c1 c2 b3 a3 a2: Red b1 c1 c2, Blue b3 a3, a2 empty.
        // Whoever takes a2, each colour's neighbours stay one run: dead, with no four in a row.
        let geometry = g(4);
        let red = u64::bit(1) | u64::bit(2) | u64::bit(6);
        let blue = u64::bit(9) | u64::bit(8);
        assert!(dead_cells(&geometry, [red, blue]).has(5));
        // With a2 Blue's too, Red's b1 c1 c2 and Blue's b3 a3 a2: still dead.
        assert!(dead_cells(&geometry, [red, blue | u64::bit(4)]).has(5));
        // Blue a2 without a3: Blue's b3 and a2 lie either side of a3; with a3 Red's, a Blue
        // stone on b2 would join them, so b2 could matter.
        assert!(!dead_cells(&geometry, [red, u64::bit(9) | u64::bit(4)]).has(5));
    }

    #[test]
    fn a_reply_that_leaves_a_cell_dead_by_any_run_rule_kills_it() {
        // 4 x 4, b2 (cell 5): Red b1 c1 c2, Blue b3. A Blue reply on a3 (cell 8) leaves three
        // of Red's and two of Blue's around b2 with a2 between: dead. So a3 is b2's killer
        // for Red, though no reply makes four in a row.
        let geometry = g(4);
        let red = u64::bit(1) | u64::bit(2) | u64::bit(6);
        let blue = u64::bit(9);
        assert_eq!(killers(&geometry, [red, blue], Stone::Red)[5], 8);
    }

    #[test]
    fn filling_the_captured_pairs_in_can_leave_more_cells_dead_and_captured() {
        // 4 x 4, Red b2 c3 c4 (cells 5, 10, 14), Blue d2 (cell 7). Dead at first: b4 d3 d4;
        // captured: b1 c1 for Red, a1 a2 and a3 a4 for Blue. Those filled, d1 (cell 3) is
        // dead too, and c2 b3 (cells 6, 9) Red's captured pair.
        let geometry = g(4);
        let stones = [u64::bit(5) | u64::bit(10) | u64::bit(14), u64::bit(7)];
        let (dead, filled) = filled_in(&geometry, stones);
        assert!(!dead.has(3));
        assert!(!captured_in_filled(&geometry, filled)[0].has(6));
        let fill = fill_in(&geometry, stones);
        assert!(fill.dead.has(3), "{:b}", fill.dead);
        assert!(fill.captured[0].has(6) && fill.captured[0].has(9));
        assert_eq!(fill.captured[1], 0b1_0001_0001_0001);
    }

    #[test]
    fn a_sides_cells_count_as_its_colour() {
        // 3 x 3, b1 (cell 1): the top side twice above it, then c1, b2, a2, a1. Red c1 b2.
        let geometry = g(3);
        let red = u64::bit(2) | u64::bit(4);
        assert!(dead_cells(&geometry, [red, 0]).has(1));
    }

    #[test]
    fn a_bridge_carrier_in_the_open_is_not_captured() {
        // 4 x 4: Red b2 and c3 (cells 5, 10) bridge through c2 and b3 (cells 6, 9); a Blue
        // stone on either could still serve Blue, so they are not captured.
        let geometry = g(4);
        let red = u64::bit(5) | u64::bit(10);
        let captured = captured_cells(&geometry, [red, 0]);
        assert!(!captured[0].has(6) && !captured[0].has(9));
    }

    #[test]
    fn an_intruder_that_would_link_two_cells_breaks_the_capture() {
        // 5 x 5 (the solver's counterexample to a looser rule): Blue c3 and b5 flank b4 c4, but
        // a Red stone on b4 would link Red's b3 to a5 on Red's bottom side.
        let geometry: Geometry<u64> = Geometry::new(5, 5);
        let red = [0usize, 3, 7, 11, 18, 19]
            .iter()
            .fold(0u64, |s, &c| s | u64::bit(c));
        let blue = [2usize, 4, 5, 9, 12, 14, 21, 22]
            .iter()
            .fold(0u64, |s, &c| s | u64::bit(c));
        let captured = captured_cells(&geometry, [red, blue]);
        assert!(
            !captured[1].has(16) && !captured[1].has(17),
            "{:b}",
            captured[1]
        );
    }

    #[test]
    fn a_second_row_stone_captures_its_two_cells_on_the_side() {
        // 4 x 4: Red b2 (cell 5) above... below the top row: b1 and c1 (cells 1, 2) have b2 and
        // the top side in common.
        let geometry = g(4);
        let captured = captured_cells(&geometry, [u64::bit(5), 0]);
        assert!(
            captured[0].has(1) && captured[0].has(2),
            "{:b}",
            captured[0]
        );
    }

    /// 5 x 5, around c3 (cell 12): Red b4, c4 and b3 (cells 16, 17, 11) in a row, c2, d2
    /// and d3 (7, 8, 13) empty, and Red b2 (6) beside b3 and c2 shutting the c2 end. `end`
    /// shuts the d3 end.
    fn three_in_a_row_with(end: [&[usize]; 2]) -> [u64; 2] {
        let set = |cells: &[usize]| cells.iter().fold(0u64, |s, &c| s | u64::bit(c));
        [set(&[16, 17, 11, 6]) | set(end[0]), set(end[1])]
    }

    #[test]
    fn three_in_a_row_and_both_ends_shut_by_a_flank_make_a_cell_permanently_inferior() {
        // Red d4 (18) beside c4 and d3 shuts the d3 end.
        let stones = three_in_a_row_with([&[18], &[]]);
        assert!(!dead_cells(&g(5), stones).has(12));
        let fill = fill_in_with(&g(5), stones, Rules::ALL.with_threes(false));
        assert!(fill.inferior[0].has(12), "{fill:?}");
        assert_eq!(fill.stones[0] & u64::bit(12), u64::bit(12));
    }

    #[test]
    fn an_end_is_shut_by_a_stone_beside_it_and_the_middle_or_an_opponent_beyond_it() {
        // Red e2 (9), beside d2 and d3; or Blue e3 (14), straight on past d3.
        for end in [[&[9][..], &[][..]], [&[], &[14]]] {
            let stones = three_in_a_row_with(end);
            let ring = Ring::of(&g(5), stones, 12);
            assert!(perm_inferior(&g(5), stones, 12, ring, 0), "{end:?}");
            let fill = fill_in_with(&g(5), stones, Rules::ALL.with_threes(false));
            assert!(fill.inferior[0].has(12));
        }
    }

    #[test]
    fn an_end_left_open_leaves_the_cell_alone() {
        // Nothing shuts the d3 end; nor does a Blue stone beside it (d4), nor a Red one
        // beyond it that touches neither end cell nor the middle (e4, cell 19).
        for end in [[&[][..], &[][..]], [&[], &[18]], [&[19], &[]]] {
            let stones = three_in_a_row_with(end);
            let ring = Ring::of(&g(5), stones, 12);
            assert!(!perm_inferior(&g(5), stones, 12, ring, 0), "{end:?}");
        }
        // 4 x 3: Blue a2 (3) and the left side beside a3 (6), Red c2 (5), the rest empty.
        // a3 has Blue's side twice and a2 in a row, but filling it for Blue changes the
        // winner of Red to move: the rule must not take it.
        let geometry: Geometry<u64> = Geometry::new(4, 3);
        let stones = [u64::bit(5), u64::bit(3)];
        assert!(!fill_in(&geometry, stones).inferior[1].has(6));
        let filled = [stones[0], stones[1] | u64::bit(6)];
        assert_ne!(
            super::super::oracle::wins(&geometry, stones, 0),
            super::super::oracle::wins(&geometry, filled, 0)
        );
    }

    #[test]
    fn the_movers_fill_in_leaves_out_the_opponents_permanently_inferior_cells() {
        // Without the captured threes (one of them takes c3 first), and without the cut-off
        // cells: with them, this position fills in so far that c3 is a
        // pass for Blue too (Red wins whatever Blue plays there).
        let for_mover = |mover: Stone| {
            fill_in_with(
                &g(5),
                three_in_a_row_with([&[18], &[]]),
                Rules::for_mover(mover)
                    .cutting_off(false)
                    .with_threes(false),
            )
        };
        assert!(for_mover(Stone::Red).inferior[0].has(12));
        assert!(!for_mover(Stone::Blue).inferior[0].has(12));
        assert!(for_mover(Stone::Red).passes(Stone::Red).has(12));
        assert!(!for_mover(Stone::Blue).passes(Stone::Blue).has(12));
    }

    /// Henderson's puzzle 3 (11 x 11, `tests/data/hex/solver/puzzles/11x11-henderson-03.sgf`).
    fn henderson_03() -> (Geometry<Wide>, [Wide; 2]) {
        let geometry = Geometry::new(11, 11);
        let stones = [
            named(&geometry, "h4 g5 g6 a7 c7 f7 b8 a9 a10 c10"),
            named(&geometry, "h5 f6 b7 e7 c8 e8 f8 b9 d10 a11"),
        ];
        (geometry, stones)
    }

    fn named(geometry: &Geometry<Wide>, names: &str) -> Wide {
        super::super::tests::named(geometry, names)
    }

    #[test]
    fn a_cell_and_two_of_the_opponents_beside_it_make_a_captured_three() {
        // Red's c9 and d9 with Blue's e9: Blue's c9 is answered on d9, and is dead; Blue's
        // d9 on c9, and is dead; Red's e9 on d9, and is dead. (With c9 Red's and e9 Blue's,
        // d9 is dead: Benzene's patterns give it Blue.) No pair rule takes any of the three.
        let (geometry, stones) = henderson_03();
        let three = named(&geometry, "c9 d9 e9");
        let without = fill_in_with(&geometry, stones, Rules::ALL.with_threes(false));
        assert!(!(without.stones[0] | without.stones[1]).meets(three));
        let fill = fill_in(&geometry, stones);
        assert_eq!(fill.threes[0] & three, named(&geometry, "c9 d9"));
        assert_eq!(fill.threes[1] & three, named(&geometry, "e9"));
        assert_eq!(fill.stones[0] & three, named(&geometry, "c9 d9"));
        assert_eq!(fill.stones[1] & three, named(&geometry, "e9"));
    }

    #[test]
    fn a_move_into_a_captured_three_is_no_pass() {
        // Red's d9 threatens e9 (d9 and e9 would join c10 to f9 and e10), which Blue must
        // answer: a move into a three is not counted a pass, as one into its mover's pair is.
        let (geometry, stones) = henderson_03();
        for mover in Stone::ALL {
            let fill = fill_in_for(&geometry, stones, mover);
            assert!(!fill.passes(mover).meets(named(&geometry, "c9 d9 e9")));
        }
    }

    #[test]
    fn three_open_cells_are_not_captured() {
        // On the empty board no cell can die, so no three is filled.
        let geometry: Geometry<u64> = Geometry::new(5, 5);
        let fill = fill_in(&geometry, [0, 0]);
        assert_eq!(fill.threes, [0, 0]);
        assert_eq!(fill.stones, [0, 0]);
    }
}
