//! Side-to-side connections through stones of one colour: chains, cut stones, disjoint chains.
//!
//! Hex and Il Gioco dell'X both ask whether stones of one colour join two opposite sides of a
//! [`Grid`]. A [`Crossing`] names the colour, the two sides and the adjacency, and answers
//! three questions in time linear in the number of cells and without recursion:
//!
//! - [`Crossing::winning`]: whether the stones join the sides, and if so one chain and the
//!   *cut stones*, those on every chain (the Hex theorem turns this into a question about
//!   the other cells, answered in one sequential pass);
//! - [`Crossing::disjoint_chains`]: two chains sharing no stone, where they exist.
//!
//! Think of a virtual *source* joined to every stone on the first side and a virtual *sink*
//! joined to every stone on the second; a chain is a source–sink path. (The module is
//! crate-private plumbing; its test below shows it at work.)

// `pick(c, a, b)` is `if c { a } else { b }` as a conditional move: on random boards every
// such condition is a coin toss, which a branch would mispredict half the time.
use std::collections::{HashMap, HashSet};
use std::hint::select_unpredictable as pick;
use std::ops::Range;

use crate::grid::{Adjacency, Grid, Offsets, Side};
use crate::labels;

/// Marks of the chain search on the stones it looks at, kept in the stones' words of the
/// gaps' label table ([`Gaps::label`], where a stone's word is [`NOT_GAP`], zero, until
/// then). Directions are `1..=6` (see [`Offsets::step`]); the other values are these. Gap
/// labels start above them ([`FIRST_LABEL`]), and the labels below belong to no group, so a
/// look at a marked stone's group finds none: the search needs no table of its own (on a
/// 4000 x 4000 board, 16 MB the system would have to clear).
const UNSEEN: u32 = NOT_GAP;
/// A chain's first cell, reached from the virtual source.
const ROOT: u32 = 7;
/// A stone the chain search has looked at and left out.
const OFF_PATH: u32 = 8;
/// The first label of a gap group: above every mark of the chain search.
const FIRST_LABEL: u32 = OFF_PATH + 1;

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
    /// When `adjacency` is not hexagonal: [`Crossing::winning`] rests on the Hex theorem.
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

    /// Whether the stones join the two sides and, if they do, one chain and the cut stones.
    ///
    /// The adjacency must be hexagonal. Everything rests on the Hex theorem (Gale, 1979): on a
    /// hexagonal board whose every cell is one of two colours, exactly one colour joins its two
    /// sides. Colour our stones one way and every other cell (the *gaps*: empty cells and the
    /// other colour) the other way; then
    ///
    /// - the stones join `from` to `to` exactly when no group of gaps joins the two other
    ///   sides (`near` and `far`);
    /// - a stone lies on every chain exactly when it touches (by adjacency, or by lying on the
    ///   side itself) both a gap group that reaches `near` and one that reaches `far`:
    ///   emptying it then lets the gaps through, and conversely a gap path that the stone's
    ///   removal opens must pass the stone, entering from one such group and leaving to the
    ///   other;
    /// - the stones touching a gap group that reaches `near` (or lying on `near`) contain a
    ///   chain: otherwise, by the theorem again, a path avoiding them would join `near` to
    ///   `far`, and it could only run through gaps of the `near` groups.
    ///
    /// So one sequential union-find pass over the gaps (on a huge board, one a band of rows,
    /// the bands on threads of their own), then a depth-first search over the stones along
    /// the `near` gaps, answer all three, in time linear in the cells and with memory access
    /// mostly in order. The chain is one chain, not always a shortest one.
    pub fn winning(&self) -> Option<Winning> {
        let (near, far) = perpendicular(self.from);
        let mut gaps = Gaps::new(self, near, far, true);
        if gaps.bridged {
            return None;
        }
        let chain = self.chain_along(&mut gaps, near)?;
        let cut_stones = chain
            .iter()
            .copied()
            .filter(|&cell| gaps.touches(self, cell, far))
            .collect();
        Some(Winning { chain, cut_stones })
    }

    /// Whether the stones join the two sides: the first step of [`Crossing::winning`] alone.
    pub fn connects(&self) -> bool {
        let (near, far) = perpendicular(self.from);
        !Gaps::new(self, near, far, false).bridged
    }

    /// Depth-first search from `from` to `to` over the stones that touch `near` gap groups,
    /// trying first the steps that head for `to`: on large boards it finds a chain after a
    /// small part of those stones, where a breadth-first search for a shortest one visits
    /// most of them.
    fn chain_along(&self, gaps: &mut Gaps, near: Side) -> Option<Vec<usize>> {
        let mut stack: Vec<u32> = Vec::new();
        for start in self.stones_on(self.from) {
            gaps.label[start] = if gaps.touches(self, start, near) {
                stack.push(start as u32);
                ROOT
            } else {
                OFF_PATH
            };
        }
        let order = self.directions_toward_end();
        while let Some(cell) = stack.pop() {
            let cell = cell as usize;
            if self.grid.touches(cell, self.to) {
                return Some(self.read_back(&gaps.label, cell));
            }
            for &direction in &order {
                let next = self.offsets.step(cell, direction);
                if gaps.label[next] != UNSEEN || !self.is_stone(next) {
                    continue;
                }
                gaps.label[next] = if gaps.touches(self, next, near) {
                    stack.push(next as u32);
                    u32::from(direction)
                } else {
                    OFF_PATH
                };
            }
        }
        None
    }

    /// The directions (as in [`Offsets::step`]) in the order to push them
    /// on the search stack: the step that heads most for `to` last, so that it is tried first.
    fn directions_toward_end(&self) -> Vec<u8> {
        let (toward_row, toward_col) = match self.to {
            Side::Top => (-1, 0),
            Side::Bottom => (1, 0),
            Side::Left => (0, -1),
            Side::Right => (0, 1),
        };
        let mut order: Vec<(isize, u8)> = (1..)
            .zip(self.adjacency.steps())
            .map(|(direction, &(dr, dc))| (dr * toward_row + dc * toward_col, direction))
            .collect();
        order.sort();
        order.into_iter().map(|(_, direction)| direction).collect()
    }

    /// Follows the recorded directions from `end` back to a root; returns the chain from it.
    fn read_back(&self, came_from: &[u32], end: usize) -> Vec<usize> {
        let mut chain = vec![end];
        let mut at = end;
        while came_from[at] != ROOT {
            at = self.offsets.back(at, came_from[at] as u8);
            chain.push(at);
        }
        chain.reverse();
        chain
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

/// One row's labelling in [`Gaps::new`]: the row's cell values, the labels of the row above
/// (with its border cells) and the row's own, to be written.
struct RowLabels<'a> {
    values: &'a [u8],
    stone: u8,
    above: &'a [u32],
    here: &'a mut [u32],
}

/// What a gap cell's label comes from, in [`RowLabels::label`]'s first loop (a gap that
/// takes an upper neighbour's label is marked by that label's being non-zero).
const FRESH: u32 = 1;
/// The cell takes its left neighbour's label.
const COPY: u32 = 2;
/// The cell's label and its upper neighbour `O`'s are to be merged.
const MERGE: u32 = 4;

/// The first loop of [`RowLabels::label`]: for each cell of a row, the label it takes from
/// above (`up`, zero when none or when it is no gap) and its [`FRESH`], [`COPY`] and [`MERGE`]
/// marks, from the cell values and the labels of its two upper neighbours (`mids`, `ones`).
/// Written on indices into slices of one length, with no branch, so that it is vectorised.
#[inline(never)]
fn cell_kinds(
    values: &[u8],
    stone: u8,
    mids: &[u32],
    ones: &[u32],
    up: &mut [u32],
    kind: &mut [u32],
) {
    let n = values.len();
    let (mids, ones, up, kind) = (&mids[..n], &ones[..n], &mut up[..n], &mut kind[..n]);
    // (Plain `if`s here, not `pick`: the hint would keep the loop from being vectorised.)
    for c in 0..n {
        let gap = u32::from(values[c] != stone);
        // The first cell has no left neighbour: a stone stands in for it.
        let left_gap = if c == 0 {
            0
        } else {
            u32::from(values[c - 1] != stone)
        };
        let (mid, one) = (mids[c], ones[c]);
        let mid_gap = u32::from(mid != NOT_GAP);
        let above = if mid_gap == 1 { mid } else { one };
        let alone = gap & u32::from(above == NOT_GAP);
        let one_gap = u32::from(one != NOT_GAP);
        let fresh = (alone & (left_gap ^ 1)) * FRESH;
        let copy = (alone & left_gap) * COPY;
        let merge = (gap & (mid_gap ^ 1) & one_gap & left_gap) * MERGE;
        kind[c] = fresh | copy | merge;
        up[c] = if gap == 1 { above } else { NOT_GAP };
    }
}

/// The per-row workspace of [`RowLabels::label`]: a label and a kind a cell, and the
/// columns where a merge is due.
#[derive(Default)]
struct RowScratch {
    up: Vec<u32>,
    kind: Vec<u32>,
    merges: Vec<u32>,
}

impl RowLabels<'_> {
    /// Labels the row's gaps, the earlier neighbours above at columns `M` (the middle one,
    /// which touches the other two earlier neighbours) and `O` of each window of three of the
    /// row above centred on a cell's column, fresh labels from `parent.len()` on, each a
    /// group of its own in the forest `parent` until the groups the row joins are merged.
    ///
    /// A gap takes the middle upper neighbour's label, else the other upper neighbour's, else
    /// its left neighbour's, else a fresh one; a merge is needed only when the middle one is
    /// not a gap and both others are. Everything but the left neighbour is known before the
    /// row is labelled, so a first loop ([`cell_kinds`]) works it out for every cell at once
    /// (in vector instructions, several cells at a time, without a branch), and only the
    /// copying from the left runs cell after cell: what each cell waits for from the one
    /// before is one conditional move, where doing it all in one pass made it a chain of
    /// four. Callgrind, a 4000 x 4000 Hex board: the labelling 780 -> 580 million
    /// instructions; the whole judgement 88 -> 77 ms (in turn, fastest of nine).
    #[inline]
    fn label<const M: usize, const O: usize>(
        self,
        parent: &mut Vec<u32>,
        scratch: &mut RowScratch,
    ) {
        let first = parent.len() as u32;
        let n = self.values.len();
        let RowScratch { up, kind, merges } = scratch;
        up.resize(n, 0);
        kind.resize(n, 0);
        let (mids, ones) = (&self.above[M..M + n], &self.above[O..O + n]);
        // Here, after the slicing (not before it), this check lets the compiler prove more of
        // the indexing below in bounds: 429 -> 395 million instructions on a 4000 x 4000 board.
        if n == 0 {
            return;
        }
        cell_kinds(self.values, self.stone, mids, ones, up, kind);
        merges.resize(n + 1, 0);
        let (up, kind, here) = (&up[..n], &kind[..n], &mut self.here[..n]);
        let (mut next, mut left, mut pending) = (first, NOT_GAP, 0);
        for column in 0..n {
            let kind = kind[column];
            let label = pick(kind & FRESH != 0, next, up[column]);
            next += kind & FRESH;
            left = pick(kind & COPY != 0, left, label);
            here[column] = left;
            // Written at every cell, kept where a merge is due: no branch.
            merges[pending] = column as u32;
            pending += (kind / MERGE) as usize;
        }
        parent.extend(first..next);
        for &column in &merges[..pending] {
            let column = column as usize;
            labels::union(parent, ones[column], here[column - 1]);
        }
    }
}

/// Marks a cell that is not a gap, in [`Gaps::label`]. Gap labels start at [`FIRST_LABEL`],
/// and a zero value lets the table start out as untouched zeroed memory.
const NOT_GAP: u32 = 0;
/// Side flags of a gap group.
const NEAR: u8 = 1;
const FAR: u8 = 2;

/// The groups of gaps (cells that are not the crossing's stones), with the sides each reaches.
///
/// Each gap carries a provisional group *label*; labels that turn out to be one group are
/// merged in a union-find forest over the labels. There are far fewer labels than cells, so the
/// forest stays small and close in memory, which matters more here than anything else.
struct Gaps {
    /// Per cell: its provisional label, or [`NOT_GAP`].
    label: Vec<u32>,
    /// The labels' groups.
    forest: Forest,
    /// Some group reaches both `near` and `far`.
    bridged: bool,
}

/// The union-find forest over the gaps' labels, with the sides each group reaches.
struct Forest {
    /// Per label: its parent label in the forest (itself for a root). Label 0 is unused.
    parent: Vec<u32>,
    /// Per label: the [`NEAR`] and [`FAR`] flags of its group (label 0, no group, has none).
    reach: Vec<u8>,
}

impl Gaps {
    /// One pass over the cells in order, labelling each gap from its gap neighbours seen before,
    /// then one look at the cells along `near` and `far` for the sides each group reaches.
    ///
    /// On a hexagonal grid a cell has three earlier neighbours, and the middle one touches the
    /// other two, so their groups are already one whenever it is a gap. A new gap therefore
    /// takes the label of its first earlier gap neighbour, chosen without branching; a merge
    /// is needed only when the middle neighbour is not a gap and both others are. (On random
    /// boards every branch on a cell's contents is a coin toss for the processor, so the
    /// common path has none.)
    ///
    /// With `every_cell`, each cell's label is kept for the questions after this one
    /// ([`Gaps::every_cell`], in bands of rows on threads of their own on a huge board);
    /// without, only two rows of labels are (the sides each group reaches noted as its cells are
    /// labelled), for [`Crossing::connects`], which asks nothing more: on a big board that is
    /// a few kilobytes where a label a cell would be four bytes a cell.
    fn new(crossing: &Crossing<'_>, near: Side, far: Side, every_cell: bool) -> Self {
        if every_cell {
            Gaps::every_cell(crossing, near, far, band_count(crossing.grid))
        } else {
            Gaps::two_rows(crossing, near, far, band_count(crossing.grid))
        }
    }

    /// Empty groups: the labels below [`FIRST_LABEL`] are no group's, roots of their own.
    fn reserved() -> Vec<u32> {
        (0..FIRST_LABEL).collect()
    }

    /// [`Gaps::new`] keeping a label a cell, the rows cut into `bands` bands labelled each on
    /// its own (on threads of their own when there are more than one, see [`band_count`]):
    /// each band's labels counted from [`FIRST_LABEL`] as if the row above it held no gap,
    /// then moved past the bands' before it, and the groups that meet across the seams
    /// merged. Band by band or not, the groups are the same.
    fn every_cell(crossing: &Crossing<'_>, near: Side, far: Side, bands: usize) -> Self {
        let grid = crossing.grid;
        let (rows, cols) = (grid.rows(), grid.cols());
        let stride = cols + 2;
        let mut label = vec![NOT_GAP; (rows + 2) * stride];
        let bands = bands.clamp(1, rows);
        let starts: Vec<usize> = (0..=bands).map(|band| band * rows / bands).collect();
        let forests = for_each_band(&mut label, stride, &starts, |band, table| {
            let mut parent = Gaps::reserved();
            label_band(crossing, starts[band]..starts[band + 1], table, &mut parent);
            parent
        });
        let forests = forests.into_iter().map(|parent| Forest {
            parent,
            reach: Vec::new(),
        });
        let (Forest { parent, .. }, offsets) = Forest::joined(forests);
        // The table's labels are moved on some threads while the forest is finished on
        // another: the forest needs only the labels of the rows at each seam and of the cells
        // along both sides, read (and moved) first.
        let table_row = |row: usize| &label[row * stride..(row + 1) * stride];
        let seams: Vec<[Vec<u32>; 2]> = (1..bands)
            .map(|band| {
                // The band's first row is the table's row below `starts[band]`.
                let row = starts[band];
                [
                    moved(table_row(row), offsets[band - 1]),
                    moved(table_row(row + 1), offsets[band]),
                ]
            })
            .collect();
        let side_label = |cell: usize| {
            let band = starts.partition_point(|&start| start < cell / stride) - 1;
            moved_label(label[cell], offsets[band])
        };
        let sides = [(near, NEAR), (far, FAR)].map(|(side, flag)| {
            (
                grid.side_cells(side).map(side_label).collect::<Vec<_>>(),
                flag,
            )
        });
        let mut forest = Forest {
            parent,
            reach: Vec::new(),
        };
        let ((), bridged) = both(
            || {
                for_each_band(&mut label, stride, &starts, |band, table| {
                    let offset = offsets[band];
                    if offset != 0 {
                        for label in table.iter_mut() {
                            *label = moved_label(*label, offset);
                        }
                    }
                });
            },
            || {
                for [above, below] in &seams {
                    forest.merge_across(crossing.adjacency, above, below);
                }
                forest.reach = vec![0; forest.parent.len()];
                for (labels, flag) in &sides {
                    forest.mark(labels, *flag);
                }
                forest.settle()
            },
        );
        Gaps {
            label,
            forest,
            bridged,
        }
    }

    /// [`Gaps::new`] keeping two rows of labels a band, the rows cut into `bands` bands
    /// labelled each on its own (on threads of their own when there are more than one), as
    /// [`Gaps::every_cell`] cuts them: each band keeps its first and last rows' labels, for
    /// the groups that meet across the seams to be merged.
    fn two_rows(crossing: &Crossing<'_>, near: Side, far: Side, bands: usize) -> Self {
        let rows = crossing.grid.rows();
        let bands = bands.clamp(1, rows);
        let starts: Vec<usize> = (0..=bands).map(|band| band * rows / bands).collect();
        let mut pieces = for_each(bands, |band| {
            Band::in_two_rows(crossing, near, far, starts[band]..starts[band + 1])
        });
        let (mut forest, offsets) = Forest::joined(pieces.iter_mut().map(|piece| {
            std::mem::replace(
                &mut piece.forest,
                Forest {
                    parent: Vec::new(),
                    reach: Vec::new(),
                },
            )
        }));
        let seams: Vec<[Vec<u32>; 2]> = pieces
            .iter()
            .zip(&offsets)
            .map(|(piece, &offset)| {
                [&piece.first_row, &piece.last_row].map(|row| moved(row, offset))
            })
            .collect();
        for pair in seams.windows(2) {
            forest.merge_across(crossing.adjacency, &pair[0][1], &pair[1][0]);
        }
        // Each label's sides to its root (parents come before their labels).
        for label in (1..forest.parent.len()).rev() {
            let root = labels::find(&mut forest.parent, label as u32) as usize;
            forest.reach[root] |= forest.reach[label];
        }
        let bridged = forest.settle();
        let [_, last] = seams.into_iter().next_back().expect("a band");
        Gaps {
            label: last,
            forest,
            bridged,
        }
    }

    /// The root label of a cell's group, or `None` when the cell is not a gap.
    #[cfg(test)]
    fn group(&mut self, cell: usize) -> Option<usize> {
        let label = self.label[cell];
        (label != NOT_GAP).then(|| labels::find(&mut self.forest.parent, label) as usize)
    }

    /// Whether a stone lies on `side` or next to a gap group that reaches it.
    fn touches(&self, crossing: &Crossing<'_>, stone: usize, side: Side) -> bool {
        if crossing.grid.touches(stone, side) {
            return true;
        }
        let flag = if side == perpendicular(crossing.from).0 {
            NEAR
        } else {
            FAR
        };
        crossing
            .offsets
            .around(stone)
            .any(|next| self.forest.reach[self.label[next] as usize] & flag != 0)
    }
}

/// A band of rows labelled in two rows of labels ([`Gaps::two_rows`]): its forest, the
/// sides its labels' cells lie on, and its first and last rows' labels (each a table row,
/// with its border cells).
struct Band {
    forest: Forest,
    first_row: Vec<u32>,
    last_row: Vec<u32>,
}

impl Band {
    /// Labels the rows `rows`, the row above the first taken to hold no gap, noting the sides
    /// each label's cells lie on (`near` and `far`).
    fn in_two_rows(crossing: &Crossing<'_>, near: Side, far: Side, rows: Range<usize>) -> Band {
        let grid = crossing.grid;
        let cols = grid.cols();
        let stride = cols + 2;
        let mut label = vec![NOT_GAP; 2 * stride];
        let mut forest = Forest {
            parent: Gaps::reserved(),
            reach: vec![0; FIRST_LABEL as usize],
        };
        let side_flags = |side: Side, flag: u8, row: usize| -> (u8, u8, u8) {
            // (every cell of the row, the first cell, the last cell)
            match side {
                Side::Top if row == 0 => (flag, 0, 0),
                Side::Bottom if row + 1 == grid.rows() => (flag, 0, 0),
                Side::Left => (0, flag, 0),
                Side::Right => (0, 0, flag),
                _ => (0, 0, 0),
            }
        };
        let mut scratch = RowScratch::default();
        let mut first_row = Vec::new();
        for (i, row) in rows.clone().enumerate() {
            let (first, second) = label.split_at_mut(stride);
            let (above, here) = if i % 2 == 0 {
                (&*first, second)
            } else {
                (&*second, first)
            };
            label_row(
                crossing,
                row,
                above,
                &mut here[1..=cols],
                &mut forest.parent,
                &mut scratch,
            );
            forest.reach.resize(forest.parent.len(), 0);
            // The sides this row's gaps lie on (label 0, no gap, takes the marks of stones).
            for (side, flag) in [(near, NEAR), (far, FAR)] {
                let (all, first, last) = side_flags(side, flag, row);
                if all != 0 {
                    for &own in &here[1..=cols] {
                        forest.reach[own as usize] |= all;
                    }
                }
                forest.reach[here[1] as usize] |= first;
                forest.reach[here[cols] as usize] |= last;
            }
            if i == 0 {
                first_row = here.to_vec();
            }
        }
        forest.reach[NOT_GAP as usize] = 0;
        // The last row labelled is the second table row when the band has an odd number.
        let last = if rows.len() % 2 == 1 {
            stride..2 * stride
        } else {
            0..stride
        };
        Band {
            forest,
            first_row,
            last_row: label[last].to_vec(),
        }
    }
}

impl Forest {
    /// The forests of bands labelled each on its own as one: each band's labels moved past
    /// those of the bands before it. Returns each band's offset too, for its labels.
    fn joined(forests: impl Iterator<Item = Forest>) -> (Forest, Vec<u32>) {
        let mut joined = Forest {
            parent: Vec::new(),
            reach: Vec::new(),
        };
        let mut offsets = Vec::new();
        for forest in forests {
            let offset = joined.parent.len().saturating_sub(FIRST_LABEL as usize) as u32;
            offsets.push(offset);
            if joined.parent.is_empty() {
                joined = forest;
            } else {
                let tail = FIRST_LABEL as usize..;
                let parents = forest.parent[tail.clone()].iter().map(|&p| p + offset);
                joined.parent.extend(parents);
                if let Some(reach) = forest.reach.get(tail) {
                    joined.reach.extend_from_slice(reach);
                }
            }
        }
        (joined, offsets)
    }

    /// Merges the groups of a row's gaps (`below`, the row's table row with its border
    /// cells) with those of their gap neighbours in the row above (`above`, likewise),
    /// labelled in another band.
    fn merge_across(&mut self, adjacency: Adjacency, above: &[u32], below: &[u32]) {
        // The row above's neighbours of a cell, as offsets from its column in the row
        // above's table row (which starts with its left border cell).
        let steps = match adjacency {
            Adjacency::HexRising => [1, 2],
            _ => [0, 1],
        };
        for (col, &own) in below[1..below.len() - 1].iter().enumerate() {
            if own == NOT_GAP {
                continue;
            }
            for step in steps {
                let above = above[col + step];
                if above != NOT_GAP {
                    labels::union(&mut self.parent, own, above);
                }
            }
        }
    }

    /// Flags the groups of `labels` (cells along a side; [`NOT_GAP`] for a stone) with
    /// `flag`.
    fn mark(&mut self, labels: &[u32], flag: u8) {
        for &label in labels {
            if label != NOT_GAP {
                let root = labels::find(&mut self.parent, label) as usize;
                self.reach[root] |= flag;
            }
        }
    }

    /// Every label's sides to the whole group's; says whether some group reaches both.
    fn settle(&mut self) -> bool {
        // Every label's parent is a smaller label, so one pass in order leaves each label
        // holding its group's sides: the searches after this need no root finding.
        let reach = &mut self.reach;
        labels::flatten(&mut self.parent, |label, root| reach[label] = reach[root]);
        self.reach.contains(&(NEAR | FAR))
    }
}

/// A label moved past `offset` (see [`Forest::joined`]); no gap stays no gap.
fn moved_label(label: u32, offset: u32) -> u32 {
    label + if label >= FIRST_LABEL { offset } else { 0 }
}

/// A row's labels moved past `offset`.
fn moved(row: &[u32], offset: u32) -> Vec<u32> {
    row.iter()
        .map(|&label| moved_label(label, offset))
        .collect()
}

/// Labels one row's gaps (see [`RowLabels::label`]), `above` being the labels of the row
/// above with its border cells.
fn label_row(
    crossing: &Crossing<'_>,
    row: usize,
    above: &[u32],
    here: &mut [u32],
    parent: &mut Vec<u32>,
    scratch: &mut RowScratch,
) {
    let row_labels = RowLabels {
        values: crossing.grid.row(row),
        stone: crossing.stone,
        above,
        here,
    };
    match crossing.adjacency {
        // (r-1, c) touches (r-1, c+1) and (r, c-1); then (r-1, c+1).
        Adjacency::HexRising => row_labels.label::<1, 2>(parent, scratch),
        // (r-1, c-1) touches (r-1, c) and (r, c-1); then (r-1, c).
        _ => row_labels.label::<0, 1>(parent, scratch),
    }
}

/// Labels the rows `rows` into `table` (their rows of the label table, border cells
/// included), the row above the first taken to hold no gap.
fn label_band(
    crossing: &Crossing<'_>,
    rows: Range<usize>,
    table: &mut [u32],
    parent: &mut Vec<u32>,
) {
    let stride = crossing.grid.cols() + 2;
    let none = vec![NOT_GAP; stride];
    let mut scratch = RowScratch::default();
    for (i, row) in rows.enumerate() {
        let (before, rest) = table.split_at_mut(i * stride);
        let above = if i == 0 {
            &none[..]
        } else {
            &before[(i - 1) * stride..]
        };
        let here = &mut rest[1..stride - 1];
        label_row(crossing, row, above, here, parent, &mut scratch);
    }
}

/// Boards of at least this many cells are labelled in bands, one a thread ([`band_count`]).
/// At 2^22 the 2000 x 2000 boards of the benchmarks were labelled on one thread; at 2^20,
/// on two threads, the Il Gioco dell'X one takes 20 ms where it took 25, a 2000 x 2000 Hex
/// board 26 where it took 31, a 1100 x 1100 one the same 13 (whole commands, in turn).
#[cfg(feature = "parallel")]
const BAND_CELLS: usize = 1 << 20;

/// How many bands of rows to label a grid in: one a thread of the pool (rayon's, sized by
/// `--jobs`) for a board of at least [`BAND_CELLS`] cells, where labelling is most of the
/// time and the system's clearing of the label table's fresh memory a fifth; otherwise one.
fn band_count(grid: &Grid) -> usize {
    #[cfg(feature = "parallel")]
    if grid.rows() * grid.cols() >= BAND_CELLS {
        return rayon::current_num_threads().min(grid.rows());
    }
    let _ = grid;
    1
}

/// Calls `work(band, rows)` for each band of the label table, the band's rows of `table`
/// (rows `starts[band]..starts[band + 1]` of the grid; the table's first row is its top
/// border), on the pool's threads when the feature is on; returns what each gave, in order.
fn for_each_band<T: Send>(
    table: &mut [u32],
    stride: usize,
    starts: &[usize],
    work: impl Fn(usize, &mut [u32]) -> T + Sync,
) -> Vec<T> {
    let mut rest = &mut table[stride..];
    let mut slices = Vec::with_capacity(starts.len() - 1);
    for band in starts.windows(2) {
        let (slice, tail) = std::mem::take(&mut rest).split_at_mut((band[1] - band[0]) * stride);
        slices.push(slice);
        rest = tail;
    }
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if slices.len() > 1 {
            return slices
                .into_par_iter()
                .enumerate()
                .map(|(band, slice)| work(band, slice))
                .collect();
        }
    }
    slices
        .into_iter()
        .enumerate()
        .map(|(band, slice)| work(band, slice))
        .collect()
}

/// Calls `work(band)` for each band `0..bands`, on the pool's threads when the feature is
/// on; returns what each gave, in order.
fn for_each<T: Send>(bands: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if bands > 1 {
            return (0..bands).into_par_iter().map(&work).collect();
        }
    }
    (0..bands).map(work).collect()
}

/// Runs `a` and `b`, on two of the pool's threads when the feature is on.
fn both<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
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

    /// Each gap's group, as the smallest cell of it, and the sides the group reaches.
    fn groups(gaps: &mut Gaps, grid: &Grid) -> Vec<Option<(usize, u8)>> {
        let cells: Vec<usize> = (0..grid.rows())
            .flat_map(|row| (0..grid.cols()).map(move |col| Coord { row, col }))
            .map(|at| grid.index(at))
            .collect();
        let mut first_of_root = HashMap::new();
        cells
            .iter()
            .map(|&cell| {
                let root = gaps.group(cell)?;
                let first = *first_of_root.entry(root).or_insert(cell);
                Some((first, gaps.forest.reach[root]))
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn labelling_in_bands_finds_the_same_groups(
            (rows, cols, values) in (1usize..14, 1usize..14).prop_flat_map(|(rows, cols)| {
                (Just(rows), Just(cols), proptest::collection::vec(0u8..3, rows * cols))
            }),
            bands in 2usize..5,
            rising in proptest::prelude::any::<bool>(),
        ) {
            let mut grid = Grid::new(rows, cols);
            for (i, &value) in values.iter().enumerate() {
                grid.set(Coord { row: i / cols, col: i % cols }, value);
            }
            let adjacency = if rising { Adjacency::HexRising } else { Adjacency::HexFalling };
            for (from, to) in [(Side::Top, Side::Bottom), (Side::Left, Side::Right)] {
                let crossing = Crossing::new(&grid, adjacency, 1, from, to);
                let (near, far) = perpendicular(from);
                let mut whole = Gaps::every_cell(&crossing, near, far, 1);
                let mut banded = Gaps::every_cell(&crossing, near, far, bands);
                let rows_only = Gaps::two_rows(&crossing, near, far, 1);
                let rows_banded = Gaps::two_rows(&crossing, near, far, bands);
                proptest::prop_assert_eq!(groups(&mut whole, &grid), groups(&mut banded, &grid));
                proptest::prop_assert_eq!(whole.bridged, banded.bridged);
                proptest::prop_assert_eq!(whole.bridged, rows_only.bridged);
                proptest::prop_assert_eq!(whole.bridged, rows_banded.bridged);
            }
        }
    }
}
