//! Side-to-side connections through stones of one colour: chains, cut stones, disjoint chains.
//!
//! Hex and Il Gioco dell'X both ask whether stones of one colour join two opposite sides of a
//! [`Grid`]. A [`Crossing`] names the colour, the two sides and the adjacency, and answers
//! three questions in time linear in the number of cells and without recursion:
//!
//! - [`Crossing::chain`]: one chain of stones from side to side (a shortest one, by BFS);
//! - [`Crossing::cut_stones`]: the stones that lie on *every* chain;
//! - [`Crossing::disjoint_chains`]: two chains sharing no stone, where they exist.
//!
//! Think of a virtual *source* joined to every stone on the first side and a virtual *sink*
//! joined to every stone on the second; a chain is a source–sink path.
//!
//! # Examples
//!
//! ```
//! use arbiter::connect::Crossing;
//! use arbiter::grid::{Adjacency, Coord, Grid, Side};
//!
//! // A vertical line of stones down column 1 of a 3 x 3 board.
//! let mut grid = Grid::new(3, 3);
//! for row in 0..3 {
//!     grid.set(Coord { row, col: 1 }, 1);
//! }
//! let crossing = Crossing::new(&grid, Adjacency::HexRising, 1, Side::Top, Side::Bottom);
//! let chain = crossing.chain().unwrap();
//! assert_eq!(chain.len(), 3);
//! // A single line: every one of its stones is on every chain.
//! assert_eq!(crossing.cut_stones(&chain), chain);
//! assert!(crossing.disjoint_chains(&chain).is_none());
//! ```

use std::collections::{HashMap, HashSet};

use crate::grid::{Adjacency, Grid, Offsets, Side};

/// Marks a cell the search has not reached.
const UNSEEN: u32 = u32::MAX;
/// Marks a chain's first cell, whose parent is the virtual source.
const ROOT: u32 = u32::MAX - 1;

/// The question "do the stones of value `stone` join side `from` to side `to`?" on one grid.
#[derive(Clone, Copy, Debug)]
pub struct Crossing<'g> {
    grid: &'g Grid,
    offsets: Offsets,
    stone: u8,
    from: Side,
    to: Side,
}

impl<'g> Crossing<'g> {
    /// Sets up the question; nothing is computed yet.
    pub fn new(grid: &'g Grid, adjacency: Adjacency, stone: u8, from: Side, to: Side) -> Self {
        Crossing {
            grid,
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

    /// A shortest chain of stones from `from` to `to`, as cell indices in order, or `None`.
    ///
    /// Breadth-first search from every stone on `from`; the first stone taken off the queue
    /// that lies on `to` ends a shortest chain, read back through the parent links.
    pub fn chain(&self) -> Option<Vec<usize>> {
        let mut parent = vec![UNSEEN; self.grid.index_bound()];
        let mut queue: Vec<u32> = Vec::new();
        for start in self.stones_on(self.from) {
            parent[start] = ROOT;
            queue.push(start as u32);
        }
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            let cell = cell as usize;
            if self.grid.touches(cell, self.to) {
                return Some(read_back(&parent, cell));
            }
            for next in self.offsets.around(cell) {
                if self.is_stone(next) && parent[next] == UNSEEN {
                    parent[next] = cell as u32;
                    queue.push(next as u32);
                }
            }
        }
        None
    }

    /// The stones of `chain` that lie on every chain, in chain order.
    ///
    /// `chain` must be a chain of this crossing (for instance from [`Crossing::chain`]).
    ///
    /// Why this is exact: number the chain's stones 1..=k, the source 0 and the sink k+1. Call
    /// a *jump* any way to get from chain position `lo` to position `hi` without using the chain
    /// stones strictly between them: an edge between two chain stones (or a chain stone and a
    /// side), or a connected group of other stones touching positions `lo` and `hi`. If a
    /// jump has `lo < m < hi`, the chain up to `lo`, the jump, and the chain from `hi` avoid
    /// stone `m`, so `m` is not on every chain. If no jump spans `m`, put every stone on the
    /// source's side of `m` or the sink's side (chain stones by position, other groups by the
    /// positions they touch, which all lie on one side since no jump spans `m`): no edge
    /// crosses, so without `m` source and sink are apart, and `m` is on every chain. Each
    /// stone is visited a bounded number of times, so this is linear.
    pub fn cut_stones(&self, chain: &[usize]) -> Vec<usize> {
        let k = chain.len() as u32;
        let sink = k + 1;
        // Per cell: 1..=k a chain position, UNSEEN not reached, 0 a stone of a group visited.
        let mut mark = vec![UNSEEN; self.grid.index_bound()];
        for (position, &cell) in (1..).zip(chain) {
            mark[cell] = position;
        }
        let mut spans = vec![0i64; chain.len() + 2];
        let mut jump = |lo: u32, hi: u32| {
            if hi > lo + 1 {
                spans[lo as usize + 1] += 1;
                spans[hi as usize] -= 1;
            }
        };
        // Jumps made of a single edge from a chain stone.
        for (position, &cell) in (1..).zip(chain) {
            if self.grid.touches(cell, self.from) {
                jump(0, position);
            }
            if self.grid.touches(cell, self.to) {
                jump(position, sink);
            }
            for next in self.offsets.around(cell) {
                if let Some(&other) = mark.get(next).filter(|&&m| m != UNSEEN && m != 0) {
                    jump(position.min(other), position.max(other));
                }
            }
        }
        // Jumps through groups of other stones: only groups next to the chain or a side matter.
        let seeds: Vec<usize> = chain
            .iter()
            .flat_map(|&cell| self.offsets.around(cell))
            .chain(self.stones_on(self.from))
            .chain(self.stones_on(self.to))
            .collect();
        let mut queue = Vec::new();
        for seed in seeds {
            if !self.is_stone(seed) || mark[seed] != UNSEEN {
                continue;
            }
            let (lo, hi) = self.group_reach(seed, sink, &mut mark, &mut queue);
            if lo < hi {
                jump(lo, hi);
            }
        }
        let mut covered = 0;
        let mut cut = Vec::new();
        for (position, &cell) in chain.iter().enumerate() {
            covered += spans[position + 1];
            if covered == 0 {
                cut.push(cell);
            }
        }
        cut
    }

    /// Visits the group of non-chain stones holding `seed` and returns the lowest and highest
    /// chain positions it touches (0 for the source side, `sink` for the sink side).
    fn group_reach(
        &self,
        seed: usize,
        sink: u32,
        mark: &mut [u32],
        queue: &mut Vec<usize>,
    ) -> (u32, u32) {
        let (mut lo, mut hi) = (u32::MAX, 0);
        queue.clear();
        queue.push(seed);
        mark[seed] = 0;
        while let Some(cell) = queue.pop() {
            if self.grid.touches(cell, self.from) {
                lo = 0;
            }
            if self.grid.touches(cell, self.to) {
                hi = sink;
            }
            for next in self.offsets.around(cell) {
                if !self.is_stone(next) {
                    continue;
                }
                match mark[next] {
                    UNSEEN => {
                        mark[next] = 0;
                        queue.push(next);
                    }
                    0 => {}
                    position => {
                        lo = lo.min(position);
                        hi = hi.max(position);
                    }
                }
            }
        }
        (lo, hi)
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
        let mut parent = vec![UNSEEN; 2 * cells + 1];
        let mut queue = Vec::new();
        for start in self.stones_on(self.from) {
            if start != chain[0] {
                parent[2 * start] = ROOT;
                queue.push(2 * start);
            }
        }
        let mut head = 0;
        let mut found = false;
        while let Some(&state) = queue.get(head) {
            head += 1;
            let cell = state / 2;
            let visit = |next: usize, parent: &mut Vec<u32>, queue: &mut Vec<usize>| {
                if parent[next] == UNSEEN {
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
        while parent[at] != ROOT {
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

/// Stand-ins for the two sides in flow edges (no cell index reaches them).
const SOURCE: usize = usize::MAX - 1;
const SINK: usize = usize::MAX;

/// Follows parent links from `end` back to a root and returns the chain from the root.
fn read_back(parent: &[u32], end: usize) -> Vec<usize> {
    let mut chain = vec![end];
    let mut at = end;
    while parent[at] != ROOT {
        at = parent[at] as usize;
        chain.push(at);
    }
    chain.reverse();
    chain
}
