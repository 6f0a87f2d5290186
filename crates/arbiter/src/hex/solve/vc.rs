//! Virtual connections (Anshelevich's H-search): which of a colour's pieces it can join
//! whatever the opponent does (a *full* connection), and which it can join if it moves first
//! (a *semi* connection, through its *key* cell), each with its *carrier*, the empty cells
//! it needs.
//!
//! The pieces are the colour's two sides, its groups of stones and the empty cells. Two
//! adjacent pieces are fully connected through nothing. Then two rules, applied until
//! nothing new comes:
//!
//! - AND: full connections x–z and z–y with disjoint carriers make a full connection x–y
//!   when z is a group of stones, and a semi connection keyed at z when z is an empty cell;
//! - OR: semi connections x–y whose carriers have nothing in common make a full one (the
//!   opponent cannot intrude into all of them at once).
//!
//! A full connection between the colour's two sides means it has won; a semi connection,
//! that it wins by moving first; the cells every one of the opponent's semi connections needs
//! are the only moves that can stop them (the *mustplay* region, [`super::mustplay`]).
//! Bridges and the edge templates of the second and third rows (the ziggurat) come out of
//! the rules; the tests name them. Second-row ladders, which the rules reach only one OR step
//! a cell at a time, can be added whole to the base connections ([`super::ladder`]), and so
//! can the ladders Benzene's pattern file draws ([`super::ladder_patterns`]).
//!
//! As in Pawlewicz's builder for Benzene, a full connection is kept only when it shrinks the
//! intersection of the pair's carriers (a superset of a known one never is), semi connections
//! are combined by the OR rule only once their intersection is empty, and the AND rule does not
//! pass through the sides (which would connect everything along them). Each list has a fixed
//! cap, so a build is bounded. Optionally ([`Connections::with_smallest_first`]) the OR rule
//! takes the semis smallest first, as Benzene keeps its lists, and a full connection smaller
//! than each the pair has is kept too.
//!
//! A build can start from the connections of an earlier one ([`Connections::build_from`],
//! [`Kept`]) on a board holding every stone that one held, as Benzene's builder starts a
//! child's connections from its parent's: a stone only helps its colour, so a kept connection
//! still holds unless the opponent's new stones meet its carrier, and the rules combine only
//! what changed.
//!
//! Optionally ([`Connections::with_captured_bridges`]) the rules take in captured bridges, as
//! Benzene's builder does (its captured sets; Pawlewicz, Hayward, Henderson and Arneson,
//! "Stronger virtual connections in Hex", 2015): an empty cell's two neighbours that it shares
//! with a wall of three of the colour's stones in a row (or its side) are captured once the
//! cell is played, as an intrusion into either, answered in the other, is a dead stone. So two
//! connections whose carriers meet only in the captured bridges of their ends (and, for the
//! AND rule, of the piece between them) still combine, their carrier taking in the bridges:
//! the same game with the bridges filled in for the colour, which the colour can force.

use std::collections::VecDeque;

use super::bits::{Cells, Geometry};
use super::ladder::Ladders;
use super::ladder_patterns::LadderPatterns;
use super::templates::Templates;

/// The most carriers kept for one pair, full or semi.
const MAX_FULLS: usize = 12;
/// See [`MAX_FULLS`].
const MAX_SEMIS: usize = 24;
/// The most cells of a pair's full intersection the OR rule tries to avoid in one go: fewer
/// leave connections unfound that the search must then prove move by move, more cost each
/// build more than they find (`benches/hex_solve_techniques.rs` measures a choice).
const MAX_OR_TRIES: usize = 20;

/// What a build found between the colour's two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideToSide<B> {
    /// The stones already join the sides.
    pub joined: bool,
    /// A smallest carrier of a full connection, if there is one.
    pub full: Option<B>,
    /// A semi connection's key and carrier (a smallest one), if there is one.
    pub semi: Option<(usize, B)>,
    /// The intersection of every semi connection's carrier (all cells when there is none).
    pub semi_intersection: B,
    /// Whether there is any semi connection.
    pub any_semi: bool,
}

/// One of an empty cell's six possible captured bridges (one a pair of adjacent
/// neighbours): the bridge's two cells, and the wall of three cells beyond them, each touching
/// one or both of the bridge's cells. Played, the cell holds the bridge whenever the wall is
/// the colour's: an intrusion into one of its cells, answered in the other, is left touching
/// four of the colour's cells in a row, so is dead.
#[derive(Clone, Copy, Debug)]
struct Bridge<B> {
    /// The bridge's two cells (none when one is off the board).
    cells: B,
    /// The wall's cells on the board.
    wall: B,
    /// Where the wall's other cells are.
    beyond: Beyond,
}

/// Where a [`Bridge`]'s wall cells off the board lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Beyond {
    /// None is off the board.
    Nothing,
    /// Past a row, Red's side.
    Rows,
    /// Past a column, Blue's side.
    Columns,
    /// Past both (a corner): no colour's.
    Corner,
}

impl<B: Cells> Bridge<B> {
    /// The six bridges of the cell at `row`, `col`, in turn around it.
    fn around(geometry: &Geometry<B>, row: usize, col: usize) -> [Bridge<B>; 6] {
        // The neighbours' directions, each adjacent to the next.
        const TURN: [(isize, isize); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];
        let (rows, cols) = (geometry.rows as isize, geometry.cols as isize);
        let at = |(dr, dc): (isize, isize)| {
            let (r, c) = (row as isize + dr, col as isize + dc);
            let off_row = r < 0 || r >= rows;
            let off_col = c < 0 || c >= cols;
            match (off_row, off_col) {
                (false, false) => Ok(r as usize * geometry.cols + c as usize),
                (true, false) => Err(Beyond::Rows),
                (false, true) => Err(Beyond::Columns),
                (true, true) => Err(Beyond::Corner),
            }
        };
        std::array::from_fn(|k| {
            let (one, two) = (TURN[k], TURN[(k + 1) % 6]);
            let mut bridge = Bridge {
                cells: B::NONE,
                wall: B::NONE,
                beyond: Beyond::Nothing,
            };
            let (Ok(a), Ok(b)) = (at(one), at(two)) else {
                return bridge;
            };
            bridge.cells = B::bit(a) | B::bit(b);
            let wall = [
                (2 * one.0, 2 * one.1),
                (one.0 + two.0, one.1 + two.1),
                (2 * two.0, 2 * two.1),
            ];
            for step in wall {
                match (at(step), bridge.beyond) {
                    (Ok(cell), _) => bridge.wall |= B::bit(cell),
                    (Err(side), Beyond::Nothing) => bridge.beyond = side,
                    (Err(side), beyond) if side != beyond => bridge.beyond = Beyond::Corner,
                    _ => {}
                }
            }
            bridge
        })
    }

    /// Whether the cell holds this bridge for the colour (Red when `red`) whose stones are
    /// `own`, the empty cells being `empty`.
    fn holds(&self, red: bool, own: B, empty: B) -> bool {
        let beyond_is_own = match self.beyond {
            Beyond::Nothing => true,
            Beyond::Rows => red,
            Beyond::Columns => !red,
            Beyond::Corner => false,
        };
        !self.cells.is_empty()
            && beyond_is_own
            && self.cells.subset_of(empty)
            && self.wall.subset_of(own)
    }
}

/// Every pair's carriers of one kind, full or semi, in flat arrays indexed by pair: the
/// figures the rules read most (each pair's intersection, count and processed marks, one
/// [`Head`] a pair, read with one bounds check) lie together in a few tens of kilobytes, and
/// each pair's carriers in one run of slots, so that a build
/// stays in the processor's nearest caches (a list of vectors per pair spread it over half a
/// megabyte, and every rule waited on memory).
#[derive(Clone, Debug)]
struct Lists<B> {
    /// Slots per pair.
    cap: usize,
    /// Per pair, what the rules read first (one place, one bounds check).
    heads: Vec<Head<B>>,
    /// Per pair: `cap` slots, the first `len` its carriers.
    carriers: Vec<B>,
    /// For semis, per slot: the carrier's key (empty for fulls).
    keys: Vec<u16>,
}

/// One pair's figures in a [`Lists`].
#[derive(Clone, Copy, Debug)]
struct Head<B> {
    /// The intersection of its carriers (every cell when there is none).
    meet: B,
    /// For fulls: which carriers the AND rule has combined already, a bit each.
    processed: u32,
    /// For fulls: which carriers were put back unchanged from kept connections, a bit each
    /// ([`Connections::build_from`]).
    restored: u32,
    /// How many carriers it has.
    len: u8,
    /// For semis: queued for the OR rule.
    queued: bool,
}

impl<B: Cells> Head<B> {
    /// A pair with no carrier.
    fn empty() -> Self {
        Head {
            meet: !B::NONE,
            processed: 0,
            restored: 0,
            len: 0,
            queued: false,
        }
    }
}

impl<B: Cells> Lists<B> {
    fn new(pairs: usize, cap: usize, keyed: bool) -> Self {
        debug_assert!(cap <= 32 && cap <= u8::MAX as usize);
        Lists {
            cap,
            heads: vec![Head::empty(); pairs],
            carriers: vec![B::NONE; pairs * cap],
            keys: if keyed {
                vec![0; pairs * cap]
            } else {
                Vec::new()
            },
        }
    }

    /// The pair's carriers.
    #[inline]
    fn of(&self, pair: usize) -> &[B] {
        let start = pair * self.cap;
        &self.carriers[start..start + self.heads[pair].len as usize]
    }

    /// The pair's keys (semis only).
    fn keys_of(&self, pair: usize) -> &[u16] {
        let start = pair * self.cap;
        &self.keys[start..start + self.heads[pair].len as usize]
    }

    fn is_full(&self, pair: usize) -> bool {
        self.heads[pair].len as usize >= self.cap
    }

    fn clear(&mut self, pair: usize) {
        self.heads[pair] = Head::empty();
    }

    /// Whether some carrier of the pair lies within `carrier`. (Each holds the intersection
    /// of all, so none does when the intersection does not: then the carriers are not read.)
    #[inline]
    fn superset_of_any(&self, pair: usize, carrier: B) -> bool {
        self.heads[pair].meet.subset_of(carrier)
            && self.of(pair).iter().any(|&c| c.subset_of(carrier))
    }

    /// Whether every carrier of the pair has more cells than `carrier`.
    #[inline]
    fn all_larger_than(&self, pair: usize, carrier: B) -> bool {
        let cells = carrier.count();
        self.of(pair).iter().all(|c| c.count() > cells)
    }

    /// Removes every carrier of the pair that contains `carrier`; says whether any went. (A
    /// first look that only reads spares the sweep when none does, as most often.)
    #[inline(always)]
    fn remove_supersets(&mut self, pair: usize, carrier: B) -> bool {
        if !carrier.subset_of(self.heads[pair].meet)
            && self.of(pair).iter().all(|&c| !carrier.subset_of(c))
        {
            return false;
        }
        self.sweep(pair, carrier, false) == Some(true)
    }

    /// Adds `carrier` (keyed at `key`) to a list no carrier of which contains another, in one
    /// pass over it: not when some carrier lies within it, else in place of the carriers that
    /// contain it. Says whether it went in. The list must have room.
    #[inline(always)]
    fn insert_minimal(&mut self, pair: usize, carrier: B, key: u16) -> bool {
        if self.sweep(pair, carrier, true).is_none() {
            return false;
        }
        self.push(pair, carrier, key);
        true
    }

    /// Removes every carrier of the pair that contains `carrier` and says whether any went;
    /// but with `refuse_covered`, when some carrier lies within `carrier`, removes none and
    /// says `None`. (In a list no carrier of which contains another, that is found before any
    /// removal: one containing `carrier` and one within it would contain each other.)
    #[inline(always)]
    fn sweep(&mut self, pair: usize, carrier: B, refuse_covered: bool) -> Option<bool> {
        let start = pair * self.cap;
        let before = self.heads[pair].len as usize;
        let may_be_covered = refuse_covered && self.heads[pair].meet.subset_of(carrier);
        let mut len = before;
        let mut i = 0;
        while i < len {
            let c = self.carriers[start + i];
            if may_be_covered && c.subset_of(carrier) {
                debug_assert_eq!(len, before);
                return None;
            }
            if carrier.subset_of(c) {
                self.swap_remove(pair, i, len);
                len -= 1;
            } else {
                i += 1;
            }
        }
        self.heads[pair].len = len as u8;
        if len != before {
            self.heads[pair].meet = self.of(pair).iter().fold(!B::NONE, |m, &c| m & c);
        }
        Some(len != before)
    }

    /// Moves the last of the pair's `len` carriers into slot `i`, with its key and its
    /// processed and restored marks (the caller shortens the list).
    #[inline]
    fn swap_remove(&mut self, pair: usize, i: usize, len: usize) {
        let start = pair * self.cap;
        let last = len - 1;
        self.carriers[start + i] = self.carriers[start + last];
        if !self.keys.is_empty() {
            self.keys[start + i] = self.keys[start + last];
        }
        let head = &mut self.heads[pair];
        for marks in [&mut head.processed, &mut head.restored] {
            let moved = if i < last {
                (*marks >> last & 1) << i
            } else {
                0
            };
            *marks = (*marks & !(1 << i) & !(1 << last)) | moved;
        }
    }

    /// Adds a carrier (with its key, for semis), not yet processed.
    #[inline(always)]
    fn push(&mut self, pair: usize, carrier: B, key: u16) {
        let len = self.heads[pair].len as usize;
        let slot = pair * self.cap + len;
        self.carriers[slot] = carrier;
        if !self.keys.is_empty() {
            self.keys[slot] = key;
        }
        self.heads[pair].processed &= !(1 << len);
        self.heads[pair].restored &= !(1 << len);
        self.heads[pair].len += 1;
        self.heads[pair].meet &= carrier;
    }
}

/// At most the two sides, without allocating.
#[derive(Default)]
struct SideList {
    sides: [u16; 2],
    len: usize,
}

impl FromIterator<u16> for SideList {
    fn from_iter<I: IntoIterator<Item = u16>>(iter: I) -> Self {
        let mut list = SideList::default();
        for side in iter {
            list.sides[list.len] = side;
            list.len += 1;
        }
        list
    }
}

impl SideList {
    fn pop(&mut self) -> Option<u16> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.sides[self.len]
        })
    }
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    Empty,
    Group,
    Side,
    Absent,
}

/// The virtual-connection engine's workspace for one board shape: reused build after build,
/// so that building allocates nothing once warm.
#[derive(Clone, Debug)]
pub struct Connections<B> {
    cells: usize,
    fulls: Lists<B>,
    semis: Lists<B>,
    /// The pairs with any connection, by index and by their two pieces.
    touched: Vec<(u32, u16, u16)>,
    /// Per piece: the cells (as pieces) it has a full connection with, and the sides.
    full_cells: Vec<B>,
    full_sides: Vec<u8>,
    piece: Vec<Piece>,
    /// Per cell: the piece it belongs to (a stone's group's captain, a side, or itself).
    captain: Vec<u16>,
    /// The full connections the AND rule is to combine: their pieces, carrier, and whether
    /// it is a kept one only shrunk ([`Connections::build_from`]).
    queue: VecDeque<(u16, u16, B, bool)>,
    or_queue: Vec<(u16, u16)>,
    or_scratch: Vec<B>,
    pieces: Vec<(u16, B)>,
    /// The ladders of this board shape, when they are to be added ([`super::ladder`]).
    ladders: Option<Ladders<B>>,
    ladders_found: Vec<(usize, usize, B)>,
    /// The edge templates of this board shape, when they are to be added
    /// ([`super::templates`]).
    templates: Option<Templates<B>>,
    /// The ladders Benzene's patterns draw, when they are to be added
    /// ([`super::ladder_patterns`]).
    ladder_patterns: Option<LadderPatterns<B>>,
    /// The OR rule takes the semis smallest first, and a full carrier smaller than each of
    /// the pair's is kept ([`Connections::with_smallest_first`]).
    smallest_first: bool,
    /// Each cell's six possible bridges, when captured bridges are taken in
    /// ([`Connections::with_captured_bridges`]); else none.
    bridges: Vec<[Bridge<B>; 6]>,
    /// Per piece: the captured bridge of the last build (an empty cell's first that holds;
    /// none for stones and sides, or when captured bridges are not taken in).
    captured: Vec<B>,
    /// The colour (Red when `true`) and stones, the colour's then the opponent's, of the
    /// last build, unless its stones had joined the sides.
    last: Option<(bool, B, B)>,
    /// The pairs whose connections a build from kept ones dropped or changed, for the OR
    /// rule to look at again.
    changed: Vec<(u16, u16)>,
}

/// How a kept full connection came back ([`Connections::build_from`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Restored {
    /// As it was: combined already with every other kept connection.
    Unchanged,
    /// The same pieces, its carrier less the colour's new stones.
    Shrunk,
    /// Its pieces changed (a cell now the colour's, or joined to other stones), or it was
    /// a semi connection keyed at a new stone.
    Changed,
}

/// A key no semi connection has: a full connection's, in [`Kept`].
const NO_KEY: u16 = u16::MAX;

/// The connections of one build, kept so that a later build for the same colour, on a board
/// holding every stone this one held, starts from them ([`Connections::build_from`]), as
/// Benzene's builder starts a child's connections from its parent's: a stone only ever
/// helps its colour, so each kept connection still holds, its carrier less the colour's new
/// stones, unless the opponent's new stones meet it.
#[derive(Clone, Debug, Default)]
pub struct Kept<B> {
    /// The colour and stones of the build kept (none kept: `None`).
    of: Option<(bool, B, B)>,
    /// Each connection: its two pieces (by node), key ([`NO_KEY`] for a full one) and
    /// carrier.
    connections: Vec<(u16, u16, u16, B)>,
}

impl<B: Cells> Kept<B> {
    /// Whether these connections can start a build for the colour (Red when `red`) whose
    /// stones are `own`, the opponent's `theirs`: they are that colour's, and the board they
    /// were built on holds no stone the new one does not.
    pub fn fits(&self, red: bool, own: B, theirs: B) -> bool {
        self.of.is_some_and(|(r, kept_own, kept_theirs)| {
            r == red && kept_own.subset_of(own) && kept_theirs.subset_of(theirs)
        })
    }

    /// The bytes they take.
    pub fn bytes(&self) -> usize {
        self.connections.capacity() * std::mem::size_of::<(u16, u16, u16, B)>()
    }

    /// How many connections are kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.connections.len()
    }

    /// Whether none is.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.connections.is_empty()
    }
}

impl<B: Cells> Connections<B> {
    /// A workspace for boards of this geometry; with `ladders`, second-row ladders found
    /// whole are added to the base connections, with `templates` the edge templates of the
    /// fourth to sixth rows.
    pub fn new(geometry: &Geometry<B>, ladders: bool, templates: bool) -> Self {
        let cells = geometry.cells();
        let stride = cells + 2;
        let pairs = stride * (stride + 1) / 2;
        Connections {
            cells,
            fulls: Lists::new(pairs, MAX_FULLS, false),
            semis: Lists::new(pairs, MAX_SEMIS, true),
            touched: Vec::new(),
            full_cells: vec![B::NONE; stride],
            full_sides: vec![0; stride],
            piece: vec![Piece::Absent; stride],
            captain: vec![0; cells],
            queue: VecDeque::new(),
            or_queue: Vec::new(),
            or_scratch: Vec::new(),
            pieces: Vec::new(),
            ladders: ladders.then(|| Ladders::new(geometry)),
            ladders_found: Vec::new(),
            templates: templates.then(|| Templates::new(geometry)),
            ladder_patterns: None,
            smallest_first: false,
            bridges: Vec::new(),
            captured: vec![B::NONE; stride],
            last: None,
            changed: Vec::new(),
        }
    }

    /// This workspace, its OR rule taking each pair's semi connections smallest first (as
    /// Benzene keeps its lists) and offering their union whether or not the pair has a full
    /// connection, and a full carrier kept when it is smaller than each the pair has, even
    /// if it leaves their intersection as it was. In Benzene's browne-02, Red's c8 joins the
    /// bottom through c9 or through b8, b9, a10, b10 and a11; taken as they came, the semis
    /// gave a carrier of eight cells through e7 and d8, smallest first one of six, which the
    /// AND rule then combines with Red's other connections.
    pub fn with_smallest_first(mut self, smallest_first: bool) -> Self {
        self.smallest_first = smallest_first;
        self
    }

    /// Whether the OR rule takes the semis smallest first ([`Connections::with_smallest_first`]).
    pub fn smallest_first(&self) -> bool {
        self.smallest_first
    }

    /// Sets the OR rule's order for the builds to come ([`Connections::with_smallest_first`]).
    pub fn set_smallest_first(&mut self, smallest_first: bool) {
        self.smallest_first = smallest_first;
    }

    /// With `on`, the ladders of Benzene's patterns (a start, the ladder, an escape) are added
    /// to the base connections before the rules run ([`super::ladder_patterns`]).
    pub fn with_ladder_patterns(mut self, geometry: &Geometry<B>, on: bool) -> Self {
        self.ladder_patterns = on.then(|| LadderPatterns::new(geometry));
        self
    }

    /// This workspace, its rules taking in captured bridges (the module's docs): carriers
    /// that meet only in the captured bridges of the ends of the connection they make, and of
    /// the piece between for the AND rule, combine, the bridges added to the carrier. In
    /// Benzene's henderson-83 after Blue's i10, Red's f8 and Blue's f5, Blue's e6 has the
    /// bridge d6 and d7 to its stones c6, c7 and c8; Blue's connection from e6 to its side
    /// (through f4, d5 and those two) and from e6 to f7 (through them, f6 and the cells round
    /// e8) share only them, so Blue joins f7 to its side keyed at e6, the semi connection that
    /// makes Blue's sides joined.
    pub fn with_captured_bridges(mut self, geometry: &Geometry<B>, captured_bridges: bool) -> Self {
        self.bridges = if captured_bridges {
            (0..self.cells)
                .map(|cell| Bridge::around(geometry, cell / geometry.cols, cell % geometry.cols))
                .collect()
        } else {
            Vec::new()
        };
        self
    }

    /// Finds each empty cell's captured bridge, its first that holds (none for the others).
    fn find_captured(&mut self, red: bool, own: B, empty: B) {
        if self.bridges.is_empty() {
            return;
        }
        self.captured.fill(B::NONE);
        for cell in empty.iter() {
            if let Some(bridge) = self.bridges[cell]
                .iter()
                .find(|bridge| bridge.holds(red, own, empty))
            {
                self.captured[cell] = bridge.cells;
            }
        }
    }

    /// The cells the carriers of connections between `ends` may share: the ends' captured
    /// bridges, each taken only if it meets none taken before, and none of the ends.
    #[inline]
    fn shareable(&self, ends: &[u16]) -> B {
        if self.bridges.is_empty() {
            return B::NONE;
        }
        let mut shared = B::NONE;
        let mut themselves = B::NONE;
        for &end in ends {
            let bridge = self.captured[end as usize];
            if !bridge.meets(shared) {
                shared |= bridge;
            }
            if !self.is_side(end) {
                themselves |= B::bit(end as usize);
            }
        }
        shared & !themselves
    }

    /// A pair's index: the pairs are a triangle, (0, 0), (0, 1), (1, 1), (0, 2), ...
    #[inline]
    fn pair(&self, x: u16, y: u16) -> usize {
        let (lo, hi) = if x < y { (x, y) } else { (y, x) };
        let hi = hi as usize;
        hi * (hi + 1) / 2 + lo as usize
    }

    fn is_side(&self, node: u16) -> bool {
        node as usize >= self.cells
    }

    /// Whether the pair has no connection yet (so is not in `touched`).
    fn is_untouched(&self, pair: usize) -> bool {
        self.fulls.heads[pair].len == 0 && self.semis.heads[pair].len == 0
    }

    /// Notes the pair in `touched` before its first connection goes in.
    fn touch(&mut self, pair: usize, x: u16, y: u16) {
        if self.is_untouched(pair) {
            self.touched.push((pair as u32, x, y));
        }
    }

    #[inline(never)]
    fn clear(&mut self) {
        for &(pair, _, _) in &self.touched {
            self.fulls.clear(pair as usize);
            self.semis.clear(pair as usize);
        }
        self.touched.clear();
        self.full_cells.fill(B::NONE);
        self.full_sides.fill(0);
        self.piece.fill(Piece::Absent);
        self.queue.clear();
        self.or_queue.clear();
    }

    /// Notes that `x` and `y` have a full connection, in the per-piece neighbour sets.
    fn link(&mut self, x: u16, y: u16) {
        for (a, b) in [(x, y), (y, x)] {
            if self.is_side(b) {
                self.full_sides[a as usize] |= 1 << (b as usize - self.cells);
            } else {
                self.full_cells[a as usize] |= B::bit(b as usize);
            }
        }
    }

    /// Adds a full connection unless a known one makes it useless; queues it for the AND rule.
    #[inline(never)]
    fn add_full(&mut self, x: u16, y: u16, carrier: B) {
        self.insert_full(x, y, carrier, None);
    }

    /// [`Connections::add_full`]; a kept connection (`Some`) goes in even when it would not
    /// shrink the intersection (it did when it was found: the pair's carriers come back in
    /// another order). A kept one `Unchanged` (the AND rule has combined it with every other
    /// kept one) is marked processed and restored, and not queued; one `Shrunk` is queued to
    /// be combined only with those not restored.
    #[inline(always)]
    fn insert_full(&mut self, x: u16, y: u16, carrier: B, kept: Option<Restored>) {
        let pair = self.pair(x, y);
        if self.fulls.superset_of_any(pair, carrier) || self.fulls.is_full(pair) {
            return;
        }
        let removed = self.fulls.remove_supersets(pair, carrier);
        if kept.is_none()
            && !removed
            && self.fulls.heads[pair].meet.subset_of(carrier)
            && !(self.smallest_first && self.fulls.all_larger_than(pair, carrier))
        {
            // It would not shrink the intersection (nor, smallest first, the smallest
            // carrier): nothing new for the mustplay or the OR.
            return;
        }
        self.touch(pair, x, y);
        self.fulls.push(pair, carrier, 0);
        self.semis.remove_supersets(pair, carrier);
        self.link(x, y);
        match kept {
            Some(Restored::Unchanged) => {
                let slot = self.fulls.heads[pair].len - 1;
                self.fulls.heads[pair].processed |= 1 << slot;
                self.fulls.heads[pair].restored |= 1 << slot;
            }
            Some(Restored::Shrunk) => self.queue.push_back((x, y, carrier, true)),
            Some(Restored::Changed) | None => self.queue.push_back((x, y, carrier, false)),
        }
    }

    /// Adds a semi connection keyed at `key`; queues the pair for the OR rule once its
    /// carriers have nothing in common. (Inlined into the AND rule's innermost loop, with
    /// the list steps it takes: as a call of its own, saving and restoring the registers
    /// cost about a tenth of its work.)
    #[inline]
    fn add_semi<const CAPTURES: bool>(&mut self, x: u16, y: u16, carrier: B, key: u16) {
        let pair = self.pair(x, y);
        if self.semis.is_full(pair) || self.fulls.superset_of_any(pair, carrier) {
            return;
        }
        // Asked before the insertion, which may first empty the list.
        let untouched = self.is_untouched(pair);
        if !self.semis.insert_minimal(pair, carrier, key) {
            return;
        }
        if untouched {
            self.touched.push((pair as u32, x, y));
        }
        let meet = self.semis.heads[pair].meet;
        if !self.semis.heads[pair].queued
            && (meet.is_empty() || (CAPTURES && meet.subset_of(self.shareable(&[x, y]))))
        {
            self.semis.heads[pair].queued = true;
            self.or_queue.push((x, y));
        }
    }

    /// Builds every connection of the colour whose stones are `own` (Red when `red`), the
    /// opponent's being `theirs`, and says what joins the colour's two sides.
    pub fn build(&mut self, geometry: &Geometry<B>, red: bool, own: B, theirs: B) -> SideToSide<B> {
        self.build_with(geometry, red, own, theirs, None)
    }

    /// [`Connections::build`], starting from the connections `kept` of an earlier build when
    /// they fit this one ([`Kept::fits`]: the same colour, and every stone they were built on
    /// still there), as Benzene's builder starts a child's connections from its parent's.
    /// Those the opponent's new stones meet are dropped; the others go in with their carriers
    /// less the colour's new stones, a semi connection keyed at one of them made full. The
    /// rules then combine only what is new: a connection whose carrier shrank, whose end is a
    /// new stone or joined other stones, or one the rules make from such. So the result may
    /// lack a connection a build from nothing finds (one an earlier connection, since
    /// dropped, kept out), never holds one that does not hold.
    pub fn build_from(
        &mut self,
        geometry: &Geometry<B>,
        red: bool,
        own: B,
        theirs: B,
        kept: &Kept<B>,
    ) -> SideToSide<B> {
        let kept = kept.fits(red, own, theirs).then_some(kept);
        self.build_with(geometry, red, own, theirs, kept)
    }

    /// Keeps the connections of the last build in `kept`, for a later
    /// [`Connections::build_from`] (nothing when its stones had joined the sides).
    pub fn keep(&self, kept: &mut Kept<B>) {
        kept.connections.clear();
        kept.of = self.last;
        if self.last.is_none() {
            return;
        }
        for &(pair, x, y) in &self.touched {
            let pair = pair as usize;
            for &carrier in self.fulls.of(pair) {
                kept.connections.push((x, y, NO_KEY, carrier));
            }
            let semis = self.semis.of(pair).iter().zip(self.semis.keys_of(pair));
            for (&carrier, &key) in semis {
                kept.connections.push((x, y, key, carrier));
            }
        }
    }

    /// [`Connections::build`], from the connections `kept` if any.
    fn build_with(
        &mut self,
        geometry: &Geometry<B>,
        red: bool,
        own: B,
        theirs: B,
        kept: Option<&Kept<B>>,
    ) -> SideToSide<B> {
        self.clear();
        self.last = None;
        let empty = geometry.board & !(own | theirs);
        let (first, second) = geometry.sides(red);
        let side_a = self.cells as u16;
        let side_b = side_a + 1;
        // Groups: the stones joined to each side belong to it; the others have a captain.
        let reach_a = geometry.flood(first & own, own);
        let reach_b = geometry.flood(second & own, own);
        if reach_a.meets(second) {
            self.changed.clear();
            return SideToSide {
                joined: true,
                full: Some(B::NONE),
                semi: None,
                semi_intersection: !B::NONE,
                any_semi: false,
            };
        }
        self.piece[side_a as usize] = Piece::Side;
        self.piece[side_b as usize] = Piece::Side;
        // Each piece's cells, to find what touches it.
        let mut pieces = std::mem::take(&mut self.pieces);
        pieces.clear();
        pieces.push((side_a, reach_a));
        pieces.push((side_b, reach_b));
        for cell in reach_a.iter() {
            self.captain[cell] = side_a;
        }
        for cell in reach_b.iter() {
            self.captain[cell] = side_b;
        }
        let mut rest = own & !reach_a & !reach_b;
        while let Some(cell) = rest.first() {
            let group = geometry.flood(B::bit(cell), own);
            rest &= !group;
            for stone in group.iter() {
                self.captain[stone] = cell as u16;
            }
            self.piece[cell] = Piece::Group;
            pieces.push((cell as u16, group));
        }
        for cell in empty.iter() {
            self.captain[cell] = cell as u16;
            self.piece[cell] = Piece::Empty;
        }
        self.find_captured(red, own, empty);
        if let Some(kept) = kept {
            self.restore(kept, own, theirs);
        }
        // Base connections: every empty cell with each piece it touches.
        for &(node, cells) in &pieces {
            let mut touching = geometry.neighbours(cells) & empty;
            if node == side_a {
                touching |= first & empty;
            } else if node == side_b {
                touching |= second & empty;
            }
            for cell in touching.iter() {
                self.add_full(node, cell as u16, B::NONE);
            }
        }
        self.pieces = pieces;
        for cell in empty.iter() {
            let later = geometry.neighbours(B::bit(cell)) & empty & !B::below(cell + 1);
            for other in later.iter() {
                self.add_full(cell as u16, other as u16, B::NONE);
            }
        }
        self.add_ladders(red, (own, theirs), [reach_a, reach_b]);
        self.add_templates(red, (own, theirs));
        self.add_ladder_patterns(red, (own, theirs));
        self.requeue_changed();
        self.close();
        self.last = Some((red, own, theirs));
        self.side_to_side(side_a, side_b)
    }

    /// Puts back the kept connections that still hold on this build's board (`own` the
    /// colour's stones, `theirs` the opponent's), as [`Connections::build_from`] says: those
    /// that did not change marked processed (the AND rule combined them with each other
    /// when they were built), the others queued; the pairs of both noted for the OR rule.
    fn restore(&mut self, kept: &Kept<B>, own: B, theirs: B) {
        let Some((_, kept_own, kept_theirs)) = kept.of else {
            return;
        };
        let added_own = own & !kept_own;
        let added_theirs = theirs & !kept_theirs;
        self.changed.clear();
        for &(x, y, key, carrier) in &kept.connections {
            let (Some((x, x_moved)), Some((y, y_moved))) = (
                self.node_now(x, theirs, added_own),
                self.node_now(y, theirs, added_own),
            ) else {
                continue;
            };
            if x == y {
                continue;
            }
            if carrier.meets(added_theirs) {
                self.changed.push((x, y));
                continue;
            }
            let shrunk = carrier & !added_own;
            let moved = x_moved || y_moved;
            let fresh = moved || shrunk != carrier;
            if key == NO_KEY || added_own.has(key as usize) {
                let how = if moved || key != NO_KEY {
                    Restored::Changed
                } else if fresh {
                    Restored::Shrunk
                } else {
                    Restored::Unchanged
                };
                self.insert_full(x, y, shrunk, Some(how));
            } else {
                self.restore_semi(x, y, shrunk, key);
            }
            if fresh {
                self.changed.push((x, y));
            }
        }
    }

    /// The piece a kept piece (by node) belongs to now, and whether it changed: a cell now
    /// the colour's (a stone of its own, or joined to others). `None` when the opponent has
    /// taken it.
    fn node_now(&self, node: u16, theirs: B, added_own: B) -> Option<(u16, bool)> {
        if self.is_side(node) {
            return Some((node, false));
        }
        let cell = node as usize;
        if theirs.has(cell) {
            return None;
        }
        let now = self.captain[cell];
        Some((now, now != node || added_own.has(cell)))
    }

    /// Puts back a kept semi connection unless a known one makes it useless (not queued for
    /// the OR rule: [`Connections::requeue_changed`] does that).
    fn restore_semi(&mut self, x: u16, y: u16, carrier: B, key: u16) {
        let pair = self.pair(x, y);
        if self.semis.is_full(pair) || self.fulls.superset_of_any(pair, carrier) {
            return;
        }
        let untouched = self.is_untouched(pair);
        if self.semis.insert_minimal(pair, carrier, key) && untouched {
            self.touched.push((pair as u32, x, y));
        }
    }

    /// Queues for the OR rule each pair whose kept connections changed, when its semis can
    /// combine.
    fn requeue_changed(&mut self) {
        let changed = std::mem::take(&mut self.changed);
        for &(x, y) in &changed {
            let pair = self.pair(x, y);
            let head = self.semis.heads[pair];
            let combine = head.meet.is_empty()
                || (!self.bridges.is_empty()
                    && head.len > 0
                    && head.meet.subset_of(self.shareable(&[x, y])));
            if !head.queued && combine {
                self.semis.heads[pair].queued = true;
                self.or_queue.push((x, y));
            }
        }
        self.changed = changed;
        self.changed.clear();
    }

    /// Adds the ladders along the colour's sides, each a full connection from a cell to a
    /// side before the rules run (`joined`: the stones joined to each side).
    fn add_ladders(&mut self, red: bool, stones: (B, B), joined: [B; 2]) {
        let Some(ladders) = &mut self.ladders else {
            return;
        };
        let mut found = std::mem::take(&mut self.ladders_found);
        found.clear();
        ladders.find(red, stones, joined, |cell, side, carrier| {
            found.push((cell, side, carrier));
        });
        let first_side = self.cells as u16;
        for &(cell, side, carrier) in &found {
            self.add_full(self.captain[cell], first_side + side as u16, carrier);
        }
        self.ladders_found = found;
    }

    /// Adds the edge templates that fit, each a full connection from a cell to a side before
    /// the rules run.
    fn add_templates(&mut self, red: bool, stones: (B, B)) {
        let Some(templates) = self.templates.take() else {
            return;
        };
        templates.find(red, stones, |cell, side, carrier| {
            self.add_to_side(cell, side, carrier)
        });
        self.templates = Some(templates);
    }

    /// Adds the ladders of Benzene's patterns that fit, each a full connection from a cell to
    /// a side before the rules run.
    fn add_ladder_patterns(&mut self, red: bool, stones: (B, B)) {
        let Some(mut patterns) = self.ladder_patterns.take() else {
            return;
        };
        patterns.find(red, stones, |cell, side, carrier| {
            self.add_to_side(cell, side, carrier)
        });
        self.ladder_patterns = Some(patterns);
    }

    /// Adds a full connection from a cell's piece to the colour's side (0 its first, 1 its
    /// second), unless the piece is that side already (a stone joined to it).
    fn add_to_side(&mut self, cell: usize, side: usize, carrier: B) {
        let (from, to) = (self.captain[cell], (self.cells + side) as u16);
        if from != to {
            self.add_full(from, to, carrier);
        }
    }

    /// Applies the AND and OR rules until nothing new comes (with captured bridges or
    /// without, each its own code: the rules' innermost loops stay as lean as they were).
    fn close(&mut self) {
        if self.bridges.is_empty() {
            self.close_with::<false>();
        } else {
            self.close_with::<true>();
        }
    }

    /// [`Connections::close`], taking in captured bridges when `CAPTURES`.
    fn close_with<const CAPTURES: bool>(&mut self) {
        loop {
            if let Some((x, y, carrier, shrunk)) = self.queue.pop_front() {
                self.and_rule::<CAPTURES>(x, y, carrier, shrunk);
            } else if let Some((x, y)) = self.or_queue.pop() {
                self.or_rule::<CAPTURES>(x, y);
            } else {
                return;
            }
        }
    }

    /// Combines a new full connection x–y with every processed full connection at either end
    /// (when it is a kept one only `shrunk`, with those not restored unchanged: with those,
    /// its carrier before combined when it was built, their union then kept, shrunk too).
    fn and_rule<const CAPTURES: bool>(&mut self, x: u16, y: u16, carrier: B, shrunk: bool) {
        let pair = self.pair(x, y);
        let Some(at) = self.fulls.of(pair).iter().position(|&c| c == carrier) else {
            // Replaced by a smaller one since it was queued.
            return;
        };
        if self.fulls.heads[pair].processed >> at & 1 == 1 {
            return;
        }
        self.fulls.heads[pair].processed |= 1 << at;
        for (end, middle) in [(x, y), (y, x)] {
            match self.piece[middle as usize] {
                Piece::Empty | Piece::Group => {
                    self.and_through::<CAPTURES>(end, middle, carrier, shrunk)
                }
                _ => {}
            }
        }
    }

    /// AND through `middle`: `end`–`middle` (carrier `carrier`) with each `middle`–`other`.
    #[inline(never)]
    fn and_through<const CAPTURES: bool>(
        &mut self,
        end: u16,
        middle: u16,
        carrier: B,
        shrunk: bool,
    ) {
        let through_empty = self.piece[middle as usize] == Piece::Empty;
        let end_bit = if self.is_side(end) {
            B::NONE
        } else {
            B::bit(end as usize)
        };
        let mut others = self.full_cells[middle as usize] & !carrier & !end_bit;
        let sides = self.full_sides[middle as usize];
        let side_targets = (0..2u16)
            .filter(move |s| sides >> s & 1 == 1)
            .map(|s| self.cells as u16 + s);
        let mut next_side = side_targets.collect::<SideList>();
        // The captured bridges of the two pieces known (none without captured bridges): two
        // carriers may share no cell outside them and the other end's.
        let bridges_near = if CAPTURES {
            self.captured[end as usize] | self.captured[middle as usize]
        } else {
            B::NONE
        };
        loop {
            let other = if let Some(cell) = others.first() {
                others = others.without_first();
                cell as u16
            } else if let Some(side) = next_side.pop() {
                side
            } else {
                return;
            };
            if other == end {
                continue;
            }
            let pair = self.pair(middle, other);
            // Every carrier meets this one (but, with captured bridges, perhaps only in the
            // bridges of the three pieces): nothing to combine.
            let overlap = self.fulls.heads[pair].meet & (carrier | end_bit);
            if !overlap.is_empty()
                && (!CAPTURES || !overlap.subset_of(bridges_near | self.captured[other as usize]))
            {
                continue;
            }
            // What the carriers may share, worked out when first wanted.
            let mut shareable = None;
            // The processed carriers (adding to the pair end–other leaves this one alone).
            let head = &self.fulls.heads[pair];
            let mut processed = if shrunk {
                head.processed & !head.restored
            } else {
                head.processed
            };
            while processed != 0 {
                let i = processed.trailing_zeros() as usize;
                processed &= processed - 1;
                let second = self.fulls.carriers[pair * MAX_FULLS + i];
                let shared = second & (carrier | end_bit);
                let bridges = if shared.is_empty() {
                    B::NONE
                } else if !CAPTURES {
                    continue;
                } else {
                    let bridges =
                        *shareable.get_or_insert_with(|| self.shareable(&[end, middle, other]));
                    if !shared.subset_of(bridges) {
                        continue;
                    }
                    bridges
                };
                if through_empty {
                    let union = carrier | second | bridges | B::bit(middle as usize);
                    self.add_semi::<CAPTURES>(end, other, union, middle);
                } else {
                    self.add_full(end, other, carrier | second | bridges);
                }
            }
        }
    }

    /// OR: from semi connections x–y with nothing in common, full connections that shrink
    /// the intersection of the pair's full carriers.
    #[inline(never)]
    fn or_rule<const CAPTURES: bool>(&mut self, x: u16, y: u16) {
        let pair = self.pair(x, y);
        self.semis.heads[pair].queued = false;
        // The captured bridges of the ends, only when the semis need them (a plain OR,
        // when they have nothing in common, keeps the bridges' cells out of the carriers).
        let meet = self.semis.heads[pair].meet;
        let shareable = if meet.is_empty() || !CAPTURES {
            B::NONE
        } else {
            self.shareable(&[x, y])
        };
        if !meet.subset_of(shareable) {
            return;
        }
        let mut semis = std::mem::take(&mut self.or_scratch);
        semis.clear();
        semis.extend_from_slice(self.semis.of(pair));
        if self.smallest_first {
            semis.sort_unstable_by_key(|carrier| carrier.count());
        }
        // The first full carrier, if the pair has none (smallest first, one smaller than each
        // it has): the semis greedily, until their intersection is empty.
        if self.fulls.heads[pair].len == 0 || self.smallest_first {
            let union = greedy_union(&semis, None, shareable);
            self.add_full(x, y, union);
        }
        // More are worth having only if they avoid some cell of the intersection of the
        // pair's full carriers (the mustplay and the AND rule gain by it).
        let mut candidates = self.fulls.heads[pair].meet & !shareable;
        let mut tries = 0;
        while let Some(avoid) = candidates.first() {
            tries += 1;
            if tries > MAX_OR_TRIES {
                break;
            }
            match greedy_union_avoiding(&semis, avoid, shareable) {
                Some(union) => {
                    self.add_full(x, y, union);
                    candidates &= union;
                }
                None => candidates = candidates.without_first(),
            }
        }
        self.or_scratch = semis;
    }

    /// What joins the two sides.
    fn side_to_side(&self, side_a: u16, side_b: u16) -> SideToSide<B> {
        let pair = self.pair(side_a, side_b);
        let full = self
            .fulls
            .of(pair)
            .iter()
            .copied()
            .min_by_key(|c| c.count());
        let semi = self
            .semis
            .of(pair)
            .iter()
            .zip(self.semis.keys_of(pair))
            .min_by_key(|(c, _)| c.count())
            .map(|(&c, &k)| (k as usize, c));
        SideToSide {
            joined: false,
            full,
            semi,
            semi_intersection: self.semis.heads[pair].meet,
            any_semi: self.semis.heads[pair].len > 0,
        }
    }

    /// Every pair of pieces the last build joined by a full connection, with how many cells
    /// every one of the pair's carriers needs: `(x, y, needed)`, a piece being a cell (an
    /// empty cell, or the first stone of a group) or a side (the cell count for the colour's
    /// first side, one more for its second). Nothing when the stones had joined the sides.
    pub fn links(&self) -> impl Iterator<Item = (usize, usize, u32)> + '_ {
        self.touched.iter().filter_map(move |&(pair, x, y)| {
            let pair = pair as usize;
            (self.fulls.heads[pair].len > 0)
                .then(|| (x as usize, y as usize, self.fulls.heads[pair].meet.count()))
        })
    }

    /// The colour's pieces of the last build (one whose stones had not joined the sides): its
    /// two sides, each with the stones joined to it, then each other group of its stones, by
    /// node (a side's is the cell count for the colour's first side, one more for its second;
    /// a group's, one of its stones).
    pub fn pieces(&self) -> &[(u16, B)] {
        &self.pieces
    }

    /// The full carriers between two pieces of the last build, by node.
    pub fn full_carriers(&self, x: u16, y: u16) -> &[B] {
        self.fulls.of(self.pair(x, y))
    }

    /// A carrier of a full connection between two pieces of the last build (by node) that
    /// lies within `area`, if the build shows one: one of the pair's full carriers, or else
    /// the union of semi carriers within `area` that have nothing in common (the OR rule
    /// kept to `area`). The OR rule keeps a full carrier only when it shrinks the
    /// intersection of the pair's, so a small one found after a larger one that holds it is
    /// not among the full carriers; its semis are.
    pub fn full_within(&self, x: u16, y: u16, area: B) -> Option<B> {
        let pair = self.pair(x, y);
        if let Some(&carrier) = self.fulls.of(pair).iter().find(|c| c.subset_of(area)) {
            return Some(carrier);
        }
        let (mut union, mut meet) = (B::NONE, !B::NONE);
        for &semi in self.semis.of(pair) {
            if semi.subset_of(area) && !meet.subset_of(semi) {
                union |= semi;
                meet &= semi;
                if meet.is_empty() {
                    return Some(union);
                }
            }
        }
        None
    }

    /// Whether piece `x` of the last build is a stone or a side (else an empty cell).
    pub fn is_stone(&self, x: usize) -> bool {
        matches!(self.piece[x], Piece::Group | Piece::Side)
    }

    /// The full carriers between two cells (or a cell and a side: `None` for the colour's
    /// first side, as a cell index past the board for its second), for tests and pictures.
    #[cfg(test)]
    pub fn fulls_between(&self, x: usize, y: usize) -> Vec<B> {
        let (x, y) = (self.node_of(x), self.node_of(y));
        self.fulls.of(self.pair(x, y)).to_vec()
    }

    /// The semi carriers between two cells, as [`Connections::fulls_between`] names them.
    #[cfg(test)]
    pub fn semis_between(&self, x: usize, y: usize) -> Vec<B> {
        let (x, y) = (self.node_of(x), self.node_of(y));
        self.semis.of(self.pair(x, y)).to_vec()
    }

    /// The piece a cell (or side, past the board) belongs to.
    #[cfg(test)]
    fn node_of(&self, cell: usize) -> u16 {
        if cell >= self.cells {
            cell as u16
        } else {
            self.captain[cell]
        }
    }
}

/// The union of semi carriers taken in turn, each that shrinks the intersection, until the
/// intersection lies within `shareable` (the caller knows it can), with `shareable` when the
/// intersection is not empty; those containing `avoid` are skipped.
#[inline]
fn greedy_union<B: Cells>(semis: &[B], avoid: Option<usize>, shareable: B) -> B {
    let mut intersection = !B::NONE;
    let mut union = B::NONE;
    for &semi in semis {
        if avoid.is_some_and(|cell| semi.has(cell)) || intersection.subset_of(semi) {
            continue;
        }
        intersection &= semi;
        union |= semi;
        if intersection.subset_of(shareable) {
            break;
        }
    }
    if intersection.is_empty() {
        union
    } else {
        union | shareable
    }
}

/// A full carrier from semi carriers without `avoid`, if they have nothing in common but
/// cells of `shareable`.
#[inline]
fn greedy_union_avoiding<B: Cells>(semis: &[B], avoid: usize, shareable: B) -> Option<B> {
    let without = semis
        .iter()
        .filter(|s| !s.has(avoid))
        .fold(!B::NONE, |i, &s| i & s);
    without
        .subset_of(shareable)
        .then(|| greedy_union(semis, Some(avoid), shareable))
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::ladder::tests::{sprinkle, sprinkle_one_in, xorshift};
    use super::*;

    #[test]
    fn a_centre_stone_bridges_to_both_sides() {
        use crate::hex::solve::bits::{Cells, Geometry};
        use crate::hex::solve::vc::Connections;

        // 3 x 3, Red stone in the centre: a bridge to each side, so Red has won already.
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let mut vcs = Connections::new(&geometry, false, false);
        let found = vcs.build(&geometry, true, u64::bit(4), 0);
        assert!(found.full.is_some());
    }

    fn geometry(n: usize) -> Geometry<u64> {
        Geometry::new(n, n)
    }

    /// The index of the cell named `name` ("c7").
    pub(in crate::hex::solve) fn cell(g: &Geometry<u64>, name: &str) -> usize {
        let at = crate::hex::parse_cell(name).unwrap();
        g.index(at.row, at.col)
    }

    /// The set of the cells named.
    pub(in crate::hex::solve) fn set(g: &Geometry<u64>, names: &[&str]) -> u64 {
        names.iter().fold(0, |s, n| s | u64::bit(cell(g, n)))
    }

    #[test]
    fn removing_carriers_keeps_each_remaining_ones_processed_mark() {
        let mut lists: Lists<u64> = Lists::new(3, MAX_FULLS, false);
        let pair = 2;
        for (i, carrier) in [0b0011u64, 0b0110, 0b1000, 0b0111].into_iter().enumerate() {
            lists.push(pair, carrier, 0);
            if i % 2 == 1 {
                lists.heads[pair].processed |= 1 << i;
            }
        }
        // 0b0110 and 0b0111 contain 0b0110: both go; 0b1000 (unprocessed) stays unprocessed.
        assert!(lists.remove_supersets(pair, 0b0110));
        assert_eq!(lists.of(pair), [0b0011, 0b1000]);
        assert_eq!(
            lists.heads[pair].processed, 0,
            "no mark past the end, none moved wrongly"
        );
        assert_eq!(lists.heads[pair].meet, 0);
        // The last one, processed, moves into a removed one's place with its mark.
        lists.heads[pair].processed = 0b10;
        assert!(lists.remove_supersets(pair, 0b0011));
        assert_eq!(lists.of(pair), [0b1000]);
        assert_eq!(lists.heads[pair].processed, 0b1);
        assert_eq!(lists.heads[pair].meet, 0b1000);
        assert!(!lists.superset_of_any(pair, 0b0111));
        assert!(lists.superset_of_any(pair, 0b1001));
        // The last one itself going leaves no mark behind.
        assert!(lists.remove_supersets(pair, 0b1000));
        assert!(lists.of(pair).is_empty());
        assert_eq!(lists.heads[pair].processed, 0);
        assert_eq!(lists.heads[pair].meet, !0);
    }

    proptest::proptest! {
        /// Inserting in one pass keeps what a plain list would (refuse a carrier some carrier
        /// lies within; else drop those that contain it and add it), carrier after carrier:
        /// the same carriers with the same keys, and their intersection.
        #[test]
        fn inserting_in_one_pass_keeps_what_a_plain_list_keeps(
            carriers in proptest::collection::vec(1u64..1 << 12, 1..60),
        ) {
            let mut lists: Lists<u64> = Lists::new(2, MAX_SEMIS, true);
            let mut plain: Vec<(u64, u16)> = Vec::new();
            let pair = 1;
            for (key, carrier) in carriers.into_iter().enumerate() {
                if lists.is_full(pair) {
                    break;
                }
                let key = key as u16;
                let kept = !plain.iter().any(|&(c, _)| c & !carrier == 0);
                if kept {
                    plain.retain(|&(c, _)| carrier & !c != 0);
                    plain.push((carrier, key));
                }
                proptest::prop_assert_eq!(lists.insert_minimal(pair, carrier, key), kept);
                let mut got: Vec<(u64, u16)> = lists
                    .of(pair)
                    .iter()
                    .copied()
                    .zip(lists.keys_of(pair).iter().copied())
                    .collect();
                got.sort_unstable();
                let mut want = plain.clone();
                want.sort_unstable();
                proptest::prop_assert_eq!(got, want);
                let meet = plain.iter().fold(!0u64, |m, &(c, _)| m & c);
                proptest::prop_assert_eq!(lists.heads[pair].meet, meet);
            }
        }
    }

    #[test]
    fn a_bridge_is_a_full_connection_through_its_two_cells() {
        // Red b2 and c3... on 4 x 4: b2 (1,1) and c3 (2,2) share neighbours c2 and b3.
        let g = geometry(4);
        let mut vcs = Connections::new(&g, false, false);
        vcs.build(&g, true, set(&g, &["b2", "c3"]), 0);
        let fulls = vcs.fulls_between(cell(&g, "b2"), cell(&g, "c3"));
        assert!(fulls.contains(&set(&g, &["c2", "b3"])), "{fulls:?}");
    }

    #[test]
    fn a_second_row_stone_is_joined_to_its_side() {
        // The bridge to the edge: Red b2 reaches the top through a1... no: through b1 or c1.
        let g = geometry(4);
        let mut vcs = Connections::new(&g, false, false);
        vcs.build(&g, true, set(&g, &["b2"]), 0);
        let top = g.cells();
        let fulls = vcs.fulls_between(cell(&g, "b2"), top);
        assert!(fulls.contains(&set(&g, &["b1", "c1"])), "{fulls:?}");
    }

    #[test]
    fn the_ziggurat_joins_a_third_row_stone_to_its_side() {
        // Template IIIa: Red c3 on 5 x 5 reaches the top through b2 c2 (row 2), a1 b1 c1 d1
        // (row 1) and d2? The ziggurat's cells: c3's side, two cells of row 2, three of row 1
        // and the row-3 cell beside it. Found as a full connection to the top.
        let g = geometry(5);
        let mut vcs = Connections::new(&g, false, false);
        vcs.build(&g, true, set(&g, &["c3"]), 0);
        let top = g.cells();
        let fulls = vcs.fulls_between(cell(&g, "c3"), top);
        assert!(!fulls.is_empty(), "no connection to the top");
        assert!(fulls.iter().all(|c| c.count() <= 8), "{fulls:?}");
    }

    #[test]
    fn a_second_row_ladder_to_an_escape_joins_the_stone_to_its_side() {
        // 8 x 8: Red c7 on the second row from the bottom, Blue on b8 below it. Red ladders
        // along the second row (d7, e7, f7), Blue blocking below each, to an escape stone of
        // Red's: on the second row (g7), the third (g6, f6) or the first (h8). H-search finds
        // it cell by cell; an escape on the fourth row (g5) is no escape.
        let g = geometry(8);
        let mut vcs = Connections::new(&g, false, false);
        let bottom = g.cells() + 1;
        for escape in ["g7", "g6", "f6", "h8"] {
            vcs.build(&g, true, set(&g, &["c7", escape]), set(&g, &["b8"]));
            let fulls = vcs.fulls_between(cell(&g, "c7"), bottom);
            // The ladder's first steps: c7's free cell below, d7 and the cell below it.
            let ladder = set(&g, &["c8", "d7", "d8"]);
            assert!(
                fulls.iter().any(|&c| ladder & !c == 0),
                "escape {escape}: {fulls:?}"
            );
        }
        vcs.build(&g, true, set(&g, &["c7", "g5"]), set(&g, &["b8"]));
        assert!(vcs.fulls_between(cell(&g, "c7"), bottom).is_empty());
    }

    #[test]
    fn a_build_with_ladders_joins_each_ladders_pair_and_some_h_search_alone_does_not() {
        // Random 8 x 8 positions, each colour on about one cell in seven: each pair a ladder
        // joins is joined in the build (the ladder's carrier kept unless others make it
        // useless), and some pairs H-search alone does not join at all.
        let g = geometry(8);
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut alone, mut with) = (
            Connections::new(&g, false, false),
            Connections::new(&g, true, false),
        );
        let mut ladders = Ladders::new(&g);
        let (mut found, mut missed_alone) = (0, 0);
        for _ in 0..300 {
            let (own, theirs) = sprinkle(g.cells(), &mut random);
            let red = random().is_multiple_of(2);
            let (first, second) = g.sides(red);
            let joined = [g.flood(first & own, own), g.flood(second & own, own)];
            let mut connections = Vec::new();
            ladders.find(red, (own, theirs), joined, |cell, side, carrier| {
                connections.push((cell, side, carrier))
            });
            if with.build(&g, red, own, theirs).joined {
                continue;
            }
            alone.build(&g, red, own, theirs);
            for (cell, side, _) in connections {
                let side = g.cells() + side;
                assert!(!with.fulls_between(cell, side).is_empty());
                found += 1;
                missed_alone += usize::from(alone.fulls_between(cell, side).is_empty());
            }
        }
        eprintln!("{found} ladder pairs, {missed_alone} not joined by H-search alone");
        assert!(
            found > 1000 && missed_alone > 0,
            "{found} found, {missed_alone} missed"
        );
    }

    #[test]
    fn captured_bridges_join_only_sides_the_oracle_says_are_joined() {
        // Random 4 x 4 positions, stones on about two cells in five: what a build with captured bridges says joins the colour's
        // sides holds in the exhaustive oracle (a full connection wins with the opponent to
        // move, a semi connection's key wins), and in some the bridges join sides the plain
        // rules leave apart.
        use super::super::oracle::wins;
        let g = geometry(4);
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut plain = Connections::new(&g, false, true);
        let mut bridged = Connections::new(&g, false, true).with_captured_bridges(&g, true);
        let (mut claims, mut more) = (0, 0);
        for _ in 0..3000 {
            let (own, theirs) = sprinkle_one_in(5, g.cells(), &mut random);
            let red = random().is_multiple_of(2);
            let (me, them) = if red { (0, 1) } else { (1, 0) };
            let mut stones = [0; 2];
            (stones[me], stones[them]) = (own, theirs);
            let found = bridged.build(&g, red, own, theirs);
            if found.joined {
                continue;
            }
            if found.full.is_some() {
                assert!(!wins(&g, stones, them), "{stones:?}: a full connection");
            } else if let Some((key, _)) = found.semi {
                let mut after = stones;
                after[me] |= u64::bit(key);
                assert!(!wins(&g, after, them), "{stones:?}: the semi's key {key}");
            } else {
                continue;
            }
            claims += 1;
            let alone = plain.build(&g, red, own, theirs);
            let strength =
                |s: &SideToSide<u64>| u8::from(s.semi.is_some()) + 2 * u8::from(s.full.is_some());
            more += usize::from(strength(&found) > strength(&alone));
        }
        eprintln!("{claims} claims checked, {more} the plain rules do not make");
        assert!(claims > 100 && more > 0, "{claims} claims, {more} more");
    }

    #[test]
    fn an_intrusion_breaks_a_bridge_into_a_semi_connection() {
        let g = geometry(4);
        let mut vcs = Connections::new(&g, false, false);
        // Blue on c2 intrudes into the b2–c3 bridge: one way is left, through b3.
        vcs.build(&g, true, set(&g, &["b2", "c3"]), set(&g, &["c2"]));
        let (b2, c3) = (cell(&g, "b2"), cell(&g, "c3"));
        assert!(vcs.fulls_between(b2, c3).is_empty());
        assert_eq!(vcs.semis_between(b2, c3), [set(&g, &["b3"])]);
    }

    #[test]
    fn a_chain_of_bridges_from_side_to_side_is_a_win() {
        // Red b1... on 4 x 4: a2-ish diagonal of bridges: b1? Use c1 b3 a4? Not bridges.
        // Red b2 and c3 on 4 x 4: each bridges to its side (b2 to the top, c3 to the bottom)
        // and to each other: a full connection from top to bottom.
        let g = geometry(4);
        let mut vcs = Connections::new(&g, false, false);
        let found = vcs.build(&g, true, set(&g, &["b2", "c3"]), 0);
        assert!(found.full.is_some());
        // Blue with nothing on the board has no connection at all between its sides.
        let blue = vcs.build(&g, false, 0, set(&g, &["b2", "c3"]));
        assert!(blue.full.is_none() && !blue.any_semi);
    }

    #[test]
    fn one_move_from_joining_is_a_semi_connection_with_that_key() {
        let g = geometry(3);
        let mut vcs = Connections::new(&g, false, false);
        // Red a1, a3; Blue b1, b2: a2 joins Red (the only way).
        let found = vcs.build(
            &g,
            true,
            set(&g, &["a1", "a3"]),
            set(&g, &["b1", "b2", "c2"]),
        );
        assert!(found.full.is_none());
        let (key, carrier) = found.semi.unwrap();
        assert_eq!(key, cell(&g, "a2"));
        assert_eq!(carrier, set(&g, &["a2"]));
    }

    #[test]
    fn a_build_from_kept_connections_takes_in_the_colours_new_stone() {
        // 3 x 3, Red's b1 kept, then Red's b2 added: b1 and b2 reach the bottom by a bridge.
        let g = geometry(3);
        let mut vcs = Connections::new(&g, false, false);
        let before = vcs.build(&g, true, set(&g, &["b1"]), 0);
        assert!(before.full.is_none());
        let mut kept = Kept::default();
        vcs.keep(&mut kept);
        assert!(!kept.is_empty());
        let found = vcs.build_from(&g, true, set(&g, &["b1", "b2"]), 0, &kept);
        assert!(found.full.is_some());
    }

    #[test]
    fn kept_connections_fit_only_the_same_colour_on_a_board_holding_their_stones() {
        let g = geometry(3);
        let mut vcs = Connections::new(&g, false, false);
        vcs.build(&g, true, set(&g, &["b1"]), set(&g, &["a2"]));
        let mut kept = Kept::default();
        vcs.keep(&mut kept);
        let (b1, a2) = (set(&g, &["b1"]), set(&g, &["a2"]));
        assert!(kept.fits(true, b1, a2));
        assert!(kept.fits(true, b1 | set(&g, &["c3"]), a2 | set(&g, &["b3"])));
        assert!(!kept.fits(false, b1, a2), "the other colour");
        assert!(!kept.fits(true, 0, a2), "Red's b1 gone");
        assert!(!kept.fits(true, b1, 0), "Blue's a2 gone");
        assert!(!Kept::default().fits(true, b1, a2), "nothing kept");
    }

    #[test]
    fn with_no_new_stone_a_build_from_kept_connections_has_just_them() {
        let g = geometry(5);
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let mut vcs = Connections::new(&g, false, true);
        for _ in 0..200 {
            let (own, theirs) = sprinkle_one_in(6, g.cells(), &mut random);
            let red = random().is_multiple_of(2);
            if vcs.build(&g, red, own, theirs).joined {
                continue;
            }
            let (mut kept, mut again) = (Kept::default(), Kept::default());
            vcs.keep(&mut kept);
            vcs.build_from(&g, red, own, theirs, &kept);
            vcs.keep(&mut again);
            let sorted = |k: &Kept<u64>| {
                let mut all: Vec<_> = k
                    .connections
                    .iter()
                    .map(|&(x, y, key, c)| (x.min(y), x.max(y), key, c))
                    .collect();
                all.sort_unstable();
                all
            };
            let (before, after) = (sorted(&kept), sorted(&again));
            let lost: Vec<_> = before.iter().filter(|c| !after.contains(c)).collect();
            let gained: Vec<_> = after.iter().filter(|c| !before.contains(c)).collect();
            assert!(
                lost.is_empty() && gained.is_empty(),
                "{own:#x} {theirs:#x}: lost {lost:?}, gained {gained:?}"
            );
        }
    }

    /// Whether the colour whose stones are `own` joins `from` to `to` (each a set of cells
    /// that touch the piece: a side's edge row, a group's stones) playing second inside
    /// `free`, the opponent holding every other empty cell: every move tried.
    fn joins_playing_second(
        g: &Geometry<u64>,
        own: u64,
        (from, to): (u64, u64),
        free: u64,
        known: &mut std::collections::HashMap<(u64, u64), bool>,
    ) -> bool {
        if g.flood(from & own, own).meets(to) {
            return true;
        }
        if free == 0 {
            return false;
        }
        if let Some(&joined) = known.get(&(own, free)) {
            return joined;
        }
        // The opponent takes each free cell in turn; the colour must have an answer to each.
        let joined = free.iter().all(|taken| {
            let left = free & !u64::bit(taken);
            left.iter().any(|answer| {
                let after = own | u64::bit(answer);
                joins_playing_second(g, after, (from, to), left & !u64::bit(answer), known)
            })
        });
        known.insert((own, free), joined);
        joined
    }

    /// Checks every connection of the last build of `vcs` (for the colour whose stones are
    /// `own`, Red when `red`, the opponent's `theirs`) by trying every move, those with
    /// carriers of at most `most` cells; says how many it checked.
    fn check_every_connection(
        g: &Geometry<u64>,
        vcs: &Connections<u64>,
        red: bool,
        (own, theirs): (u64, u64),
        most: u32,
    ) -> usize {
        let empty = g.board & !(own | theirs);
        let (first, second) = g.sides(red);
        // A piece's cells that touch it, and the colour's stones with it played if empty.
        let piece = |node: u16| match node as usize {
            n if n == g.cells() => (first, own),
            n if n == g.cells() + 1 => (second, own),
            n if own.has(n) => (g.flood(u64::bit(n), own), own),
            n => (u64::bit(n), own | u64::bit(n)),
        };
        let mut checked = 0;
        for &(pair, x, y) in &vcs.touched {
            let pair = pair as usize;
            let ((from, with_x), (to, with_y)) = (piece(x), piece(y));
            let stones = with_x | with_y;
            let mut known = std::collections::HashMap::new();
            for &carrier in vcs.fulls.of(pair) {
                if carrier.count() <= most {
                    assert!(
                        joins_playing_second(g, stones, (from, to), carrier & empty, &mut known),
                        "full {x}-{y} {carrier:#x}"
                    );
                    checked += 1;
                }
            }
            let semis = vcs.semis.of(pair).iter().zip(vcs.semis.keys_of(pair));
            for (&carrier, &key) in semis {
                if carrier.count() <= most {
                    let key = u64::bit(key as usize);
                    assert!(
                        carrier.meets(key) && empty.meets(key),
                        "semi {x}-{y}: key {key:#x}"
                    );
                    let mut known = std::collections::HashMap::new();
                    assert!(
                        joins_playing_second(
                            g,
                            stones | key,
                            (from, to),
                            carrier & empty & !key,
                            &mut known
                        ),
                        "semi {x}-{y} {carrier:#x} key {key:#x}"
                    );
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn every_connection_a_build_from_kept_ones_finds_holds_when_every_move_is_tried() {
        // Random 5 x 5 positions (each colour on about one cell in six), their connections
        // kept, then stones of both colours added (each on about one cell in nine left
        // empty): every connection of the build from the kept ones, its carrier of at most
        // eight cells, holds against every defence; and the build from the kept ones joins
        // the sides about as often as a build from nothing.
        let g = geometry(5);
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut vcs = Connections::new(&g, false, true);
        let mut kept = Kept::default();
        let (mut checked, mut restored) = (0, 0);
        let (mut from_nothing, mut from_kept) = (0, 0);
        for _ in 0..400 {
            let (own, theirs) = sprinkle_one_in(6, g.cells(), &mut random);
            let red = random().is_multiple_of(2);
            if vcs.build(&g, red, own, theirs).joined {
                continue;
            }
            vcs.keep(&mut kept);
            let empty = g.board & !(own | theirs);
            let (more_own, more_theirs) = sprinkle_one_in(9, g.cells(), &mut random);
            let (own, theirs) = (
                own | (more_own & empty),
                theirs | (more_theirs & empty & !more_own),
            );
            let found = vcs.build_from(&g, red, own, theirs, &kept);
            if found.joined {
                continue;
            }
            restored += kept.len();
            checked += check_every_connection(&g, &vcs, red, (own, theirs), 8);
            let strength =
                |s: &SideToSide<u64>| u32::from(s.semi.is_some()) + 2 * u32::from(s.full.is_some());
            from_kept += strength(&found);
            from_nothing += strength(&vcs.build(&g, red, own, theirs));
        }
        eprintln!(
            "{checked} connections checked, {restored} kept; strength {from_kept} against {from_nothing}"
        );
        assert!(checked > 10_000 && restored > 10_000, "{checked} checked");
        assert!(
            from_kept * 10 >= from_nothing * 9,
            "{from_kept} against {from_nothing}"
        );
    }
}
