//! Side-to-side connections through stones of one colour: chains, cut stones, disjoint chains.
//!
//! Hex and Il Gioco dell'X both ask whether stones of one colour join two opposite sides of a
//! [`Grid`]. A [`Crossing`] names the colour, the two sides and the adjacency, and answers
//! three questions in time linear in the number of cells and without recursion:
//!
//! - [`Crossing::connects`]: whether the stones join the sides;
//! - [`Crossing::winning`]: whether they do, and if so one chain and the *cut stones*, those
//!   on every chain;
//! - [`Crossing::disjoint_chains`]: two chains sharing no stone, where they exist.
//!
//! The first two walk along the edge between the stones and the other cells (the *gaps*)
//! instead of looking at every cell: on a board from a random game that edge is a small part
//! of the board (some n^1.75 of its n^2 cells).
//!
//! Think of a virtual *source* joined to every stone on the first side and a virtual *sink*
//! joined to every stone on the second; a chain is a source–sink path. (The module is
//! crate-private plumbing; its tests below show it at work.)

// `pick(c, a, b)` is `if c { a } else { b }` as a conditional move: on random boards every
// such condition is a coin toss, which a branch would mispredict half the time.
use std::collections::{HashMap, HashSet};
use std::hint::select_unpredictable as pick;
use std::sync::atomic::{AtomicBool, Ordering};

use fixedbitset::FixedBitSet;

use crate::grid::{Adjacency, BORDER, Grid, Offsets, Side};

/// Marks a state the augmenting search has not reached (u32 parent links).
const NO_PARENT: u32 = u32::MAX;
/// Marks a state reached from the virtual source.
const FROM_SOURCE: u32 = u32::MAX - 1;

/// The question "do the stones of value `stone` join side `from` to side `to`?" on one grid.
#[derive(Clone, Copy, Debug)]
pub struct Crossing<'g> {
    grid: &'g Grid,
    adjacency: Adjacency,
    offsets: Offsets,
    stone: u8,
    from: Side,
    to: Side,
}

impl<'g> Crossing<'g> {
    /// Sets up the question; nothing is computed yet.
    ///
    /// # Panics
    /// When `adjacency` is not hexagonal: the answers rest on the Hex theorem.
    pub fn new(grid: &'g Grid, adjacency: Adjacency, stone: u8, from: Side, to: Side) -> Self {
        assert!(
            adjacency != Adjacency::Orthogonal,
            "crossings need a hexagonal grid"
        );
        Crossing {
            grid,
            adjacency,
            offsets: grid.offsets(adjacency),
            stone,
            from,
            to,
        }
    }

    fn is_stone(&self, index: usize) -> bool {
        self.grid.get(index) == self.stone
    }

    fn stones_on(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.grid
            .side_cells(side)
            .filter(move |&index| self.is_stone(index))
    }

    /// Whether the stones join the two sides: one [walk](Crossing::walk), nothing kept.
    pub fn connects(&self) -> bool {
        let (near, far) = perpendicular(self.from);
        self.walk(near, far, &AtomicBool::new(false), |_| ()) == Walked::Crossed
    }

    /// Whether the stones join the two sides and, if they do, one chain and the cut stones.
    ///
    /// Two [walks](Crossing::walk), one from each end of the `from` side, on two threads on
    /// a big board. The first runs between the stones joined to `from` and the gaps joined to
    /// `near` and ends on `to` exactly when the stones join the sides; the stones its hand
    /// touches then hold a chain: they are joined one to the next, from a stone on `from` to
    /// one on `to`, and erasing each loop as it closes leaves a chain. The second walk, from
    /// the `far` end, touches the stones next to the gaps joined to `far`.
    ///
    /// A stone lies on every chain exactly when it touches (by adjacency, or by lying on the
    /// side itself) both a gap group that reaches `near` and one that reaches `far`: emptying
    /// it then lets the gaps through, and conversely a gap path that the stone's removal
    /// opens must pass the stone, entering from one such group and leaving to the other (the
    /// Hex theorem: a two-coloured board is crossed by exactly one colour). The first walk
    /// touches every stone on the chain, the second every stone joined to `from` that
    /// touches a `far` gap group: the cut stones are the chain's stones the second walk
    /// touched. The chain is one chain, not always a shortest one.
    pub fn winning(&self) -> Option<Winning> {
        let (near, far) = perpendicular(self.from);
        let stop = AtomicBool::new(false);
        let along_near = || {
            let mut chain = LoopErased::new(self.grid);
            let walked = self.walk(near, far, &stop, |stones| chain.extend(stones));
            (walked == Walked::Crossed).then(|| chain.straightened(self))
        };
        let along_far = || {
            let mut touched = FixedBitSet::with_capacity(self.grid.index_bound());
            let walked = self.walk(far, near, &stop, |stones| {
                stones
                    .iter()
                    .for_each(|&cell| touched.insert(cell as usize));
            });
            (walked == Walked::Crossed).then_some(touched)
        };
        let big = self.grid.rows() * self.grid.cols() >= TWO_WALKERS_CELLS;
        let (chain, touched) = if big && crate::pool::threads() > 1 {
            crate::pool::join(along_near, along_far)
        } else {
            let chain = along_near()?;
            (Some(chain), along_far())
        };
        debug_assert_eq!(chain.is_some(), touched.is_some(), "both walks cross");
        let (chain, touched) = (chain?, touched?);
        let cut_stones = chain
            .iter()
            .copied()
            .filter(|&cell| touched.contains(cell))
            .collect();
        Some(Winning { chain, cut_stones })
    }

    /// Walks the edge between the stones joined to `from` and the gaps joined to `start` (a
    /// side perpendicular to `from`; `end` is the side across from it), starting in the
    /// corner where `from` and `start` meet, and hands `trace` every stone its stones' hand
    /// steps onto, in order, a few at a time (border cells beyond `from` included: the walk is
    /// back on that side). It ends when the stones' hand reaches `to` ([`Walked::Crossed`]),
    /// when the gaps' hand reaches `end` ([`Walked::Blocked`], raising `stop`), or when it
    /// finds `stop` raised by another walk ([`Walked::Stopped`]).
    ///
    /// Picture two hands, one on a stone and one on a gap next to it, both cells next to a
    /// third, the cell *ahead*: if it is a stone the stones' hand moves onto it, otherwise the
    /// gaps' hand does, and the walk turns on. (The border counts as stones beyond `from` and
    /// `to`, as gaps beyond `start` and `end` and at the corners.) This is the exploration
    /// path of percolation theory: it never crosses itself, so it takes at most one step for
    /// each pair of neighbours, and by the Hex theorem it ends on `to` exactly when the
    /// stones join the sides, on `end` exactly when the gaps do. On a board from a random
    /// game it follows a fractal edge of some n^1.75 steps on an n x n board, not n^2.
    ///
    /// The step is written without a branch on the cell ahead (a coin toss on a random
    /// board): the two ways the walk can turn are both worked out, and one is picked.
    fn walk(
        &self,
        start: Side,
        end: Side,
        stop: &AtomicBool,
        mut trace: impl FnMut(&[u32]),
    ) -> Walked {
        let grid = self.grid;
        let cells = grid.values();
        let kinds = self.border_kinds(start, end);
        let ring = grid.ring_offsets(self.adjacency);
        // The ring three times over: indices up to 5 + 2 * 5 need no reduction.
        let ring: [isize; 18] = std::array::from_fn(|i| ring[i % 6]);
        let corner = grid.corner(self.from, start);
        let mut stones = grid.beyond(corner, self.from);
        let (mut gap, turn) = first_gap(grid, &ring, stones, corner, start);
        let back = 6 - turn;
        // The offset from the stones' hand to the cell ahead.
        let mut ahead_offset = ring[gap + turn];
        let mut buffer = [0u32; TRACE_CHUNK];
        let mut traced = 0;
        let limit = 6 * cells.len();
        for _ in 0..limit {
            let ahead = stones.wrapping_add_signed(ahead_offset);
            let value = cells[ahead];
            let kind = if value & BORDER == 0 {
                u8::from(value == self.stone)
            } else {
                kinds[usize::from(value & SIDE_FLAGS)]
            };
            let onto_stone = kind & STONE != 0;
            // Onto a stone: the gap stays, now in direction `gap - turn` of the new stone,
            // and the cell ahead is the stone's neighbour in direction `gap`. Onto a gap: the
            // stone stays, the gap is the one ahead (direction `gap + turn`).
            stones = pick(onto_stone, ahead, stones);
            ahead_offset = pick(onto_stone, ring[gap], ring[gap + 2 * turn]);
            let turned = pick(onto_stone, gap + back, gap + turn);
            gap = if turned >= 6 { turned - 6 } else { turned };
            if kind & pick(onto_stone, STONES_ARRIVE, GAPS_ARRIVE) != 0 {
                trace(&buffer[..traced]);
                if onto_stone {
                    return Walked::Crossed;
                }
                stop.store(true, Ordering::Relaxed);
                return Walked::Blocked;
            }
            buffer[traced] = stones as u32;
            traced += usize::from(onto_stone);
            if traced == TRACE_CHUNK {
                trace(&buffer);
                traced = 0;
                if stop.load(Ordering::Relaxed) {
                    return Walked::Stopped;
                }
            }
        }
        unreachable!("a walk takes at most one step for each pair of neighbours")
    }

    /// What the walk between the stones and the gaps joined to `start` makes of each border
    /// cell, by the side flags it carries: gaps beyond `start` and `end` (the corners too),
    /// ending the walk beyond `end`; stones beyond `from` and `to`, ending it beyond `to`.
    fn border_kinds(&self, start: Side, end: Side) -> [u8; 16] {
        std::array::from_fn(|flags| {
            let flags = flags as u8;
            let beyond = |side: Side| flags & side.flag() != 0;
            if beyond(start) || beyond(end) {
                if beyond(end) { GAPS_ARRIVE } else { 0 }
            } else if beyond(self.from) || beyond(self.to) {
                STONE | if beyond(self.to) { STONES_ARRIVE } else { 0 }
            } else {
                0
            }
        })
    }

    /// Two chains that share no stone, or `None` when every chain passes one common stone.
    ///
    /// `chain` must be a chain of this crossing. By Menger's theorem two stone-disjoint chains
    /// exist exactly when no single stone lies on every chain. This finds them as a flow of
    /// two: `chain` is the first unit, and one breadth-first search for an augmenting path in
    /// the residual graph (every stone split into an entry and an exit joined by a unit
    /// edge) finds the second; the union of both, with edges used in opposite directions
    /// cancelled, splits into two disjoint chains.
    pub fn disjoint_chains(&self, chain: &[usize]) -> Option<[Vec<usize>; 2]> {
        let augmenting = self.augmenting_path(chain)?;
        // Flow edges between cells; SOURCE and SINK stand for the two sides.
        let mut flow: HashSet<(usize, usize)> = HashSet::new();
        let ends = std::iter::once(SOURCE)
            .chain(chain.iter().copied())
            .chain(std::iter::once(SINK));
        let ends: Vec<usize> = ends.collect();
        flow.extend(ends.windows(2).map(|w| (w[0], w[1])));
        for (a, b) in augmenting {
            if !flow.remove(&(b, a)) {
                flow.insert((a, b));
            }
        }
        let mut next: HashMap<usize, usize> = HashMap::new();
        let mut starts = Vec::new();
        for &(a, b) in &flow {
            if a == SOURCE {
                starts.push(b);
            } else {
                next.insert(a, b);
            }
        }
        let walk = |start: usize| {
            let mut path = vec![start];
            let mut at = start;
            while let Some(&b) = next.get(&at).filter(|&&b| b != SINK) {
                path.push(b);
                at = b;
            }
            path
        };
        let mut chains = [walk(starts[0]), walk(starts[1])];
        chains.sort();
        Some(chains)
    }

    /// The second unit of flow, as cell-to-cell moves: a move `(a, b)` sends flow from `a` to
    /// `b`, or, where `(b, a)` is an edge of `chain`, cancels that edge.
    fn augmenting_path(&self, chain: &[usize]) -> Option<Vec<(usize, usize)>> {
        let cells = self.grid.index_bound();
        let mut position = HashMap::with_capacity(chain.len());
        for (i, &cell) in chain.iter().enumerate() {
            position.insert(cell, i);
        }
        let on_chain = |cell: usize| position.get(&cell).copied();
        // States: 2 * cell is a stone's entry, 2 * cell + 1 its exit; the sink is `sink`.
        let sink = 2 * cells;
        let mut parent = vec![NO_PARENT; 2 * cells + 1];
        let mut queue = Vec::new();
        for start in self.stones_on(self.from) {
            if start != chain[0] {
                parent[2 * start] = FROM_SOURCE;
                queue.push(2 * start);
            }
        }
        let mut head = 0;
        let mut found = false;
        while let Some(&state) = queue.get(head) {
            head += 1;
            let cell = state / 2;
            let visit = |next: usize, parent: &mut Vec<u32>, queue: &mut Vec<usize>| {
                if parent[next] == NO_PARENT {
                    parent[next] = state as u32;
                    queue.push(next);
                }
            };
            if state % 2 == 0 {
                match on_chain(cell) {
                    // Entry of a free stone: through the stone.
                    None => visit(state + 1, &mut parent, &mut queue),
                    // Entry of a chain stone: back along the chain edge into it.
                    Some(i) if i > 0 => visit(2 * chain[i - 1] + 1, &mut parent, &mut queue),
                    Some(_) => {}
                }
                continue;
            }
            let at = on_chain(cell);
            if at.is_some() {
                // Exit of a chain stone: back through the stone, cancelling its use.
                visit(state - 1, &mut parent, &mut queue);
            }
            if self.grid.touches(cell, self.to) && at != Some(chain.len() - 1) {
                parent[sink] = state as u32;
                found = true;
                break;
            }
            let successor = at.and_then(|i| chain.get(i + 1)).copied();
            for next in self.offsets.around(cell) {
                if self.is_stone(next) && Some(next) != successor {
                    visit(2 * next, &mut parent, &mut queue);
                }
            }
        }
        if !found {
            return None;
        }
        // Read the states back, keeping the moves between different cells.
        let mut states = vec![sink];
        let mut at = sink;
        while parent[at] != FROM_SOURCE {
            at = parent[at] as usize;
            states.push(at);
        }
        states.reverse();
        let cell_of = |state: usize| if state == sink { SINK } else { state / 2 };
        let mut moves = vec![(SOURCE, cell_of(states[0]))];
        for pair in states.windows(2) {
            let (a, b) = (cell_of(pair[0]), cell_of(pair[1]));
            if a != b {
                moves.push((a, b));
            }
        }
        Some(moves)
    }
}

/// A chain of a crossing and the stones that lie on every chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winning {
    /// One chain, as cell indices from the `from` side to the `to` side.
    pub chain: Vec<usize>,
    /// The stones on every chain (all of them on `chain`), in chain order.
    pub cut_stones: Vec<usize>,
}

/// The two sides across a crossing from `from`: the first is `near`, the second `far`.
fn perpendicular(from: Side) -> (Side, Side) {
    match from {
        Side::Top | Side::Bottom => (Side::Left, Side::Right),
        Side::Left | Side::Right => (Side::Top, Side::Bottom),
    }
}

/// The side flags of a border cell's value.
const SIDE_FLAGS: u8 = 0x0f;
/// A walk's kinds of cells: a stone, for the stones' hand (the border beyond `from` and `to`
/// too).
const STONE: u8 = 1;
/// The stones' hand arriving here ends the walk: the stones join the sides.
const STONES_ARRIVE: u8 = 2;
/// The gaps' hand arriving here ends the walk: the gaps join the other two sides.
const GAPS_ARRIVE: u8 = 4;

/// A walk hands its trace on in chunks of this many stones (and looks at the stop flag after
/// each): a few kilobytes on the stack.
const TRACE_CHUNK: usize = 1024;

/// Boards of at least this many cells have their two walks on two threads (when the pool has
/// two): a walk then takes a millisecond or more. Smaller boards come in batches, whose cases
/// the threads share already, and splitting them as well costs more than it saves.
const TWO_WALKERS_CELLS: usize = 1 << 20;

/// How a [walk](Crossing::walk) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walked {
    /// The stones' hand reached `to`: the stones join the sides.
    Crossed,
    /// The gaps' hand reached the side across: the stones do not join theirs.
    Blocked,
    /// Another walk settled the question first.
    Stopped,
}

/// The first step of a walk: the direction from the stones' hand (`stones`, beyond `from`
/// next to `corner`) to the gaps' hand (beyond `start`, next to both), and which way round
/// the ring (`turn`: 1, or 5 for the other way) the corner lies from it, the first cell ahead.
fn first_gap(
    grid: &Grid,
    ring: &[isize; 18],
    stones: usize,
    corner: usize,
    start: Side,
) -> (usize, usize) {
    let cells = grid.values();
    for gap in 0..6 {
        let Some(&value) = cells.get(stones.wrapping_add_signed(ring[gap])) else {
            continue;
        };
        if value & BORDER == 0 || value & start.flag() == 0 {
            continue;
        }
        for turn in [1, 5] {
            if stones.wrapping_add_signed(ring[gap + turn]) == corner {
                return (gap, turn);
            }
        }
    }
    unreachable!("a corner cell has border cells beyond both its sides, next to each other")
}

/// The stones a walk's stones' hand steps onto, made a chain: each loop erased as it closes
/// (a stone met again cuts off the stones since), all of it whenever the hand is back beyond
/// the first side.
struct LoopErased<'g> {
    grid: &'g Grid,
    /// The chain so far, from a stone on the first side.
    cells: Vec<u32>,
    /// The stones of `cells`.
    on_chain: FixedBitSet,
}

impl<'g> LoopErased<'g> {
    fn new(grid: &'g Grid) -> Self {
        LoopErased {
            grid,
            cells: Vec::new(),
            on_chain: FixedBitSet::with_capacity(grid.index_bound()),
        }
    }

    /// Takes the next stones the hand stepped onto.
    fn extend(&mut self, stones: &[u32]) {
        for &stone in stones {
            let cell = stone as usize;
            if self.grid.get(cell) & BORDER != 0 {
                self.cut_back_to(None);
            } else if self.on_chain.contains(cell) {
                self.cut_back_to(Some(stone));
            } else {
                self.cells.push(stone);
                self.on_chain.insert(cell);
            }
        }
    }

    /// The chain without its detours: it starts at its last stone on the first side, ends at
    /// its first on the second, and leaves a stone out wherever the stones before and after
    /// it are neighbours (the walk hugs the gaps, and rounds every corner of them).
    fn straightened(self, crossing: &Crossing<'_>) -> Vec<usize> {
        let grid = crossing.grid;
        let mut chain: Vec<usize> = Vec::with_capacity(self.cells.len());
        for cell in self.cells {
            let cell = cell as usize;
            if grid.touches(cell, crossing.from) {
                chain.clear();
            }
            while chain.len() >= 2
                && crossing
                    .offsets
                    .around(chain[chain.len() - 2])
                    .any(|next| next == cell)
            {
                chain.pop();
            }
            chain.push(cell);
            if grid.touches(cell, crossing.to) {
                break;
            }
        }
        chain
    }

    /// Drops the chain's stones after `last` (all of them for `None`).
    fn cut_back_to(&mut self, last: Option<u32>) {
        while let Some(&cell) = self.cells.last() {
            if Some(cell) == last {
                break;
            }
            self.cells.pop();
            self.on_chain.set(cell as usize, false);
        }
    }
}

/// Stand-ins for the two sides in flow edges (no cell index reaches them).
const SOURCE: usize = usize::MAX - 1;
const SINK: usize = usize::MAX;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Coord;
    use proptest::prelude::{Just, Strategy};

    #[test]
    fn a_single_line_is_one_chain_and_every_stone_cuts() {
        // A vertical line of stones down column 1 of a 3 x 3 board.
        let mut grid = Grid::new(3, 3);
        for row in 0..3 {
            grid.set(Coord { row, col: 1 }, 1);
        }
        let crossing = Crossing::new(&grid, Adjacency::HexRising, 1, Side::Top, Side::Bottom);
        let winning = crossing.winning().unwrap();
        assert_eq!(winning.chain.len(), 3);
        assert_eq!(winning.cut_stones, winning.chain);
        assert!(crossing.disjoint_chains(&winning.chain).is_none());
    }

    #[test]
    fn a_walk_around_a_loop_keeps_no_loop_in_the_chain() {
        // The stones ring a gap in the middle; the walk along the left goes round the ring's
        // left half, the chain is a simple path, and only the top and bottom stones cut.
        let board = ["..1..", ".111.", ".1.1.", ".111.", "..1.."];
        let mut grid = Grid::new(5, 5);
        for (row, line) in board.iter().enumerate() {
            for (col, value) in line.bytes().enumerate() {
                if value == b'1' {
                    grid.set(Coord { row, col }, 1);
                }
            }
        }
        let crossing = Crossing::new(&grid, Adjacency::HexRising, 1, Side::Top, Side::Bottom);
        let winning = crossing.winning().unwrap();
        let coords: Vec<Coord> = winning.chain.iter().map(|&c| grid.coord(c)).collect();
        let mut distinct = coords.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), coords.len(), "no stone twice: {coords:?}");
        let cut: Vec<Coord> = winning.cut_stones.iter().map(|&c| grid.coord(c)).collect();
        assert_eq!(cut, [Coord { row: 0, col: 2 }, Coord { row: 4, col: 2 }]);
    }

    /// The stones reached from `from` by a breadth-first search, with `removed` taken away:
    /// whether they reach `to`.
    fn brute_connects(crossing: &Crossing<'_>, removed: Option<usize>) -> bool {
        let grid = crossing.grid;
        let stone = |cell: usize| crossing.is_stone(cell) && Some(cell) != removed;
        let mut seen = HashSet::new();
        let mut queue: Vec<usize> = grid
            .side_cells(crossing.from)
            .filter(|&c| stone(c))
            .collect();
        seen.extend(queue.iter().copied());
        while let Some(cell) = queue.pop() {
            if grid.touches(cell, crossing.to) {
                return true;
            }
            for next in crossing.offsets.around(cell) {
                if stone(next) && seen.insert(next) {
                    queue.push(next);
                }
            }
        }
        false
    }

    fn grids() -> impl Strategy<Value = Grid> {
        (1usize..9, 1usize..9, 0u8..4)
            .prop_flat_map(|(rows, cols, empties)| {
                let values = proptest::collection::vec(0u8..3 + empties, rows * cols);
                (Just(rows), Just(cols), values)
            })
            .prop_map(|(rows, cols, values)| {
                let mut grid = Grid::new(rows, cols);
                for (i, &value) in values.iter().enumerate() {
                    // Values past 2 are empty cells, for boards with more of them.
                    let value = if value > 2 { 0 } else { value };
                    grid.set(
                        Coord {
                            row: i / cols,
                            col: i % cols,
                        },
                        value,
                    );
                }
                grid
            })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]

        #[test]
        fn walks_find_what_a_breadth_first_search_finds(
            grid in grids(),
            rising in proptest::prelude::any::<bool>(),
        ) {
            let adjacency = if rising { Adjacency::HexRising } else { Adjacency::HexFalling };
            let sides = [
                (Side::Top, Side::Bottom),
                (Side::Bottom, Side::Top),
                (Side::Left, Side::Right),
                (Side::Right, Side::Left),
            ];
            for (stone, (from, to)) in [1, 2].into_iter().flat_map(|s| sides.map(|p| (s, p))) {
                let crossing = Crossing::new(&grid, adjacency, stone, from, to);
                let connected = brute_connects(&crossing, None);
                proptest::prop_assert_eq!(crossing.connects(), connected);
                let winning = crossing.winning();
                proptest::prop_assert_eq!(winning.is_some(), connected);
                let Some(Winning { chain, cut_stones }) = winning else { continue };
                // The chain: distinct stones, each next to the one before, from side to side.
                proptest::prop_assert!(grid.touches(chain[0], from));
                proptest::prop_assert!(grid.touches(chain[chain.len() - 1], to));
                proptest::prop_assert_eq!(chain.iter().collect::<HashSet<_>>().len(), chain.len());
                for pair in chain.windows(2) {
                    proptest::prop_assert!(crossing.offsets.around(pair[0]).any(|n| n == pair[1]));
                }
                for &cell in &chain {
                    proptest::prop_assert!(crossing.is_stone(cell));
                }
                // The cut stones: exactly the chain's stones whose removal disconnects.
                let brute: Vec<usize> = chain
                    .iter()
                    .copied()
                    .filter(|&cell| !brute_connects(&crossing, Some(cell)))
                    .collect();
                proptest::prop_assert_eq!(cut_stones, brute);
            }
        }
    }
}
