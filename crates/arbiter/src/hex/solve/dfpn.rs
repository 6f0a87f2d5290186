//! Depth-first proof-number search (Nagai's DFPN, with Pawlewicz and Lew's 1+ε thresholds):
//! the search that proves who wins a position.
//!
//! Every position carries two numbers: φ, how many positions must still be proved won to
//! prove the side to move wins, and δ, how many to prove it loses. A position's φ is the least
//! δ of its children (one winning move suffices) and its δ the sum of their φ (every move must
//! be refuted). The search always descends into the child with the least δ, with thresholds
//! that send it back up as soon as a sibling looks better, and keeps every number it learns in
//! the [transposition table](super::table). Recursion goes one level per move, so its depth is
//! bounded by the number of empty cells.
//!
//! Each position is expanded by the techniques of the other modules, each of which can be
//! turned off to measure what it buys ([`Techniques`]): a colour one move from joining its
//! sides wins, and an opponent with two such cells wins; [dead and captured
//! cells](super::inferior), and those [cut off](super::cutoff) from a colour's sides, are
//! filled in and never tried; [virtual
//! connections](super::vc) decide positions outright (a semi connection between the mover's
//! sides wins, a full one of the opponent's loses), and the regions that
//! [decompositions](super::decompose) give either colour are filled in after them (on the
//! empty 7 x 7 board's complete set, a quarter fewer positions); only the [mustplay](super::mustplay)
//! region is searched; and its moves are tried in the order of the current they carry in the
//! two colours' [circuits](super::resistance), the opponent's built of the connections just
//! found, as Benzene orders them (on the empty 7 x 7 board's complete set, 15% fewer positions
//! than the centre first; after Red's c1 on 8 x 8, 35% fewer). A position starts from what its
//! parent filled in ([`Filled`]), as Benzene's children start from their parent's fill-in:
//! the regions decompositions gave its parent are there at once, on a board with fewer empty
//! cells (on 9 x 9 henderson-67's hardest moves, a third to a half less time). A position
//! whose first fill-in, each dead stone of the side to move turned the opponent's, is a
//! position proved lost is lost too ([`Techniques::dead_alike`]): an intrusion into the
//! opponent's bridge answered on its other cell leaves one position whichever cell was
//! intruded on (on the 8 x 8 sample, 9% fewer positions; on Benzene's 11 x 11 puzzles
//! henderson-63 and -83, 28% and 42% fewer).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

use super::bits::{Cells, Geometry};
use super::corners;
use super::decompose;
use super::inferior::{self, Rules};
use super::mustplay::mustplay;
use super::position::{Keys, Position};
use super::resistance::Circuit;
use super::store::{Known, Proved, WORTH_KEEPING};
use super::table::{Entry, Shared, Slot};
use super::vc::{Connections, Kept, SideToSide};
use crate::hex::board::Stone;

/// Infinity, for proof and disproof numbers: a proved result.
pub const INF: u32 = 1 << 30;

/// Which techniques the search uses; all by default. Turning one off keeps the answers (the
/// tests check it) and shows what it buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// The transposition table.
    pub transposition: bool,
    /// Virtual connections: decide positions by them.
    pub connections: bool,
    /// Search only the mustplay region (needs `connections`).
    pub mustplay: bool,
    /// Build the side to move's connections at every position, as Benzene builds both
    /// colours' (needs `connections`). Without it, a position reached by a move in the
    /// mustplay region, which broke every threat the side to move had, builds only the
    /// opponent's, and orders its moves by the side to move's adjacent cells, not its
    /// connections, and finds no decomposition of the side to move. Off by default (but see
    /// `large_boards`): each position costs half as much again; on, henderson-63 takes a
    /// third fewer positions (in a little less time), one 13 x 13 position of Little Golem's
    /// game 1828983 a quarter of the positions and time, but Benzene's other puzzles past
    /// 9 x 9 take 5% to 25% fewer positions in 15% to 75% more time (the guide's solver
    /// page).
    pub movers_connections: bool,
    /// Start each build of a colour's connections from those the nearest position above it
    /// built for that colour and kept (its parent's, most often, or, when that one did not
    /// build them, an earlier one's; its board must hold every stone theirs held), as
    /// Benzene's builder starts from its parent's: those the opponent's new stones meet
    /// dropped, the others' carriers less the colour's new stones, and the rules applied to
    /// what changed only (`Connections::build_from`). Needs `connections`. Off by default,
    /// but see `large_boards`: the empty 7 x 7 board's complete set and the 8 x 8 sample take
    /// a tenth and a third longer with it, and with `movers_connections` too half as long
    /// again and nearly twice as long (the guide's solver page).
    pub kept_connections: bool,
    /// Past 11 x 11 (more than [`LARGE_BOARD_CELLS`] cells), turn on both
    /// `movers_connections` and `kept_connections` ([`Techniques::for_cells`]): there a
    /// build costs most, and the side to move's connections, each colour's built from its
    /// parent's, take positions of Little Golem's 13 x 13 game 1828983 about two to eight
    /// times less time (the guide's solver page).
    pub large_boards: bool,
    /// Second-row ladders found whole and added to the connections before H-search runs
    /// (ladders, `solve::ladder`; needs `connections`). Off by default: they decide more
    /// positions, but each costs more, and whole searches come out no faster (the guide's
    /// performance page).
    pub ladders: bool,
    /// The edge templates of the fourth to sixth rows (David King's, as Benzene uses them;
    /// `solve::templates`), added to the connections before H-search runs, which cannot
    /// derive them. Needs `connections`.
    pub templates: bool,
    /// The ladders Benzene's pattern file draws, a start and an escape joined by the ladder
    /// between (`solve::ladder_patterns`), added to the connections before H-search runs.
    /// Needs `connections`. Off by default: H-search finds most of them itself, and with them
    /// henderson-63 takes a quarter fewer positions but henderson-83, the 8 x 8 sample and a
    /// 13 x 13 game's final position more (the guide's solver page).
    pub ladder_patterns: bool,
    /// Leave out dead, captured and dominated cells, filling in the dead and captured.
    pub inferior: bool,
    /// Give each colour, in the fill-in, the cells and stones the other can do without: those
    /// cut off from the other's sides (the solver's `cutoff` module). Needs `inferior`.
    pub cut_off: bool,
    /// The OR rule of the connections takes each pair's semi connections smallest first, as
    /// Benzene keeps its lists, and keeps a full connection smaller than each the pair has
    /// (`Connections::with_smallest_first`; needs `connections`). Off by default: Benzene's
    /// browne-02 takes 6 positions instead of 47 and the 8 x 8 sample 7% fewer, but
    /// henderson-63 and henderson-106 a third more (the guide's solver page).
    pub or_smallest_first: bool,
    /// At the position a search is asked about and after each of its moves, build both
    /// colours' connections a second time with the OR rule's other order (smallest first when
    /// the search's is not, and the other way round): each order finds semi connections the
    /// other misses, so the side to move may win by one only the other finds, and a move must
    /// stop the opponent's threats of both (`Connections::with_smallest_first`). Two builds
    /// more a position, at the top of the search only, where a move left out saves a search of
    /// its own: in Benzene's browne-02, Blue has two moves to try instead of eleven, and
    /// Red's answer to the wrong one is seen at once. Needs `connections`.
    pub both_orders: bool,
    /// The connections take in captured bridges, as Benzene's builder does: an empty cell's
    /// two neighbours it shares with a wall of three of the colour's stones are the colour's
    /// once the cell is played, so carriers meeting only there still combine
    /// (`Connections::with_captured_bridges`; needs `connections`).
    pub captured_bridges: bool,
    /// Fill in, too, three empty cells together when each colour, answering the other's moves
    /// among them, makes them come out as well for it as a fill of one colour's cells and the
    /// other's (captured threes, `solve::inferior`; a mixed fill no pair rule finds). Needs
    /// `inferior`.
    pub captured_threes: bool,
    /// Fill in, too, the five cells of an acute corner a colour's stone on its third row,
    /// one cell in from the corner, takes: three of the side's own row for it, two of the
    /// opponent's side for the opponent (`solve::corners`; Benzene's fill-in pattern). Needs
    /// `inferior`.
    pub acute_corners: bool,
    /// Fill in too the regions that combinatorial decompositions give a colour (two of its
    /// pieces touching the same two groups of the opponent's, virtually connected within the
    /// region they close off; Hayward et al. 2003, as Benzene does). Needs `connections` and
    /// `inferior`.
    pub decompositions: bool,
    /// Start each position from what its parent filled in (dead, captured and permanently
    /// inferior cells, decompositions' regions), as Benzene's children start from their
    /// parent's fill-in; dropped below a move that may spoil a permanently inferior cell of
    /// it. Needs `inferior`.
    pub inherited_fill: bool,
    /// Take a position as lost when its first fill-in, each dead stone of the side to move
    /// then turned the opponent's (a dead stone's colour never matters), is a position
    /// proved lost: the two have one value; a loss proved is kept for both. The side to move
    /// in a position it loses has often intruded into the opponent's bridge, answered on its
    /// other cell: its dead intruder turned, the two intrusions leave one position. Needs
    /// `inferior` and `transposition`.
    pub dead_alike: bool,
    /// Progressive widening: pick the next move among the first live half of the moves.
    pub widening: bool,
    /// Try first the moves that carry most current in the two colours' circuits
    /// (`solve::resistance`); else the centre first.
    pub ordering: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            transposition: true,
            connections: true,
            mustplay: true,
            movers_connections: false,
            kept_connections: false,
            large_boards: true,
            ladders: false,
            templates: true,
            ladder_patterns: false,
            inferior: true,
            cut_off: true,
            captured_threes: true,
            acute_corners: true,
            or_smallest_first: false,
            both_orders: true,
            captured_bridges: false,
            decompositions: true,
            inherited_fill: true,
            dead_alike: true,
            widening: true,
            ordering: true,
        }
    }
}

/// Boards of more cells than this (11 x 11) are large ([`Techniques::large_boards`]).
pub const LARGE_BOARD_CELLS: usize = 121;

impl Techniques {
    /// These techniques as a search on a board of `cells` cells uses them: with
    /// `large_boards`, past [`LARGE_BOARD_CELLS`] cells, the side to move's connections built
    /// at every position and each colour's from those kept above.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::hex::solve::Techniques;
    ///
    /// let usual = Techniques::default();
    /// assert!(!usual.for_cells(11 * 11).kept_connections);
    /// let large = usual.for_cells(13 * 13);
    /// assert!(large.kept_connections && large.movers_connections);
    /// let measured = Techniques { large_boards: false, ..usual };
    /// assert!(!measured.for_cells(13 * 13).kept_connections);
    /// ```
    pub fn for_cells(self, cells: usize) -> Techniques {
        if self.large_boards && self.connections && cells > LARGE_BOARD_CELLS {
            Techniques {
                movers_connections: true,
                kept_connections: true,
                ..self
            }
        } else {
            self
        }
    }

    /// `rules` with these techniques' switches of the fill-in: the cut-off cells, the
    /// captured threes and the acute corners (those only where `rules` has them).
    pub(super) fn fill_rules(&self, rules: Rules) -> Rules {
        rules
            .cutting_off(self.cut_off)
            .with_threes(self.captured_threes)
            .with_corners(rules.corners && self.acute_corners)
    }

    /// A connections workspace for `geometry` with these techniques' switches of H-search:
    /// ladders, templates, the OR rule smallest first, captured bridges.
    pub(super) fn connections_workspace<B: Cells>(&self, geometry: &Geometry<B>) -> Connections<B> {
        Connections::new(geometry, self.ladders, self.templates)
            .with_smallest_first(self.or_smallest_first)
            .with_captured_bridges(geometry, self.captured_bridges)
            .with_ladder_patterns(geometry, self.ladder_patterns)
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Positions visited.
    pub nodes: u64,
    /// Positions expanded.
    pub expansions: u64,
    /// Positions decided without search.
    pub decided: u64,
    /// Virtual-connection builds.
    pub vc_builds: u64,
    /// Of those, the builds started from connections an ancestor kept
    /// ([`Techniques::kept_connections`]).
    pub vc_builds_kept: u64,
    /// Positions expanded and left open: with moves to search.
    pub open: u64,
    /// The moves left to search, summed over the open positions: divided by `open`, the
    /// search's mean branching (Benzene reports it as its "consider size").
    pub considered: u64,
    /// Time taken, in milliseconds.
    pub milliseconds: u64,
    /// Time taken, in microseconds: for solves too short for milliseconds to tell (a
    /// puzzle of a few cells, set beside another solver's own time).
    pub microseconds: u64,
    /// The table's capacity in entries.
    pub table_entries: usize,
}

impl Stats {
    /// Adds another search's counts to these (its time and table aside).
    pub fn add(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.expansions += other.expansions;
        self.decided += other.decided;
        self.vc_builds += other.vc_builds;
        self.vc_builds_kept += other.vc_builds_kept;
        self.open += other.open;
        self.considered += other.considered;
    }

    /// What was done since `before`: the counts' differences (time and table aside).
    pub fn since(self, before: Stats) -> Stats {
        Stats {
            nodes: self.nodes - before.nodes,
            expansions: self.expansions - before.expansions,
            decided: self.decided - before.decided,
            vc_builds: self.vc_builds - before.vc_builds,
            vc_builds_kept: self.vc_builds_kept - before.vc_builds_kept,
            open: self.open - before.open,
            considered: self.considered - before.considered,
            ..Stats::default()
        }
    }
}

/// What expanding a position found.
enum Expansion {
    /// The side to move wins, with this move.
    Won(u16),
    /// The side to move loses.
    Lost,
    /// The moves to search, best first.
    Open(Vec<u16>),
}

/// An expansion already made, so that a position the search comes back to is not expanded
/// again: the moves to search, or the decision, by hash. The newer of two colliding
/// expansions is worth more (`age`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Expanded<B> {
    hash: u64,
    /// The moves to search, for [`Expanded::OPEN`].
    moves: B,
    /// The first of them in the order to try them, `u8::MAX` after the last (the rest
    /// follow centre first; so does cell 255 of a 256-cell board, mistaken for the end).
    ranked: [u8; RANKED],
    /// The winning move, for [`Expanded::WON`].
    cell: u16,
    /// [`Expanded::LOST`], [`Expanded::WON`] or [`Expanded::OPEN`].
    kind: u8,
    /// What it filled in, for its children ([`Filled`]).
    filled: Filled<B>,
    /// The hash of the position it filled in, dead stones turned ([`Search::alike`]).
    alike: u64,
    /// When it was made, in expansions since the search began.
    age: u32,
}

/// What a position's expansion filled in (its dead, captured, cut-off and permanently
/// inferior cells, and the regions decompositions gave either colour), handed down to the
/// positions below it, which start from it as Benzene's children start from their parent's
/// fill-in: a cell so filled stays fillable after any move outside it, so a child finds at
/// once what its parent found (a decomposition's region among them, for which it would build
/// the connections again), on a board with fewer empty cells. All but the permanently inferior
/// cells and the acute corners' stay so whatever is played; a permanently inferior cell can
/// be spoiled by a move within two steps of it ([`inferior`]'s docs), an acute corner by a
/// move on one of the three empty cells its fill leaves ([`corners`](super::corners)), and
/// then the whole fill-in, which may rest on them, is dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Filled<B> {
    /// Each colour's stones: the position's, and the cells filled for that colour (a stone
    /// the other colour cannot use among them: [`Filled::onto`]).
    pub stones: [B; 2],
    /// The permanently inferior cells among them, those handed down included.
    pub inferior: B,
    /// The acute corners filled, a bit each ([`corners::spoils`](super::corners::spoils)),
    /// those handed down included.
    pub corners: u8,
}

impl<B: Cells> Filled<B> {
    /// Nothing filled.
    pub const NONE: Self = Filled {
        stones: [B::NONE; 2],
        inferior: B::NONE,
        corners: 0,
    };

    /// `stones` with these filled in over them (a stone the fill-in gave the other colour,
    /// as one the colour cannot use, is the other colour's).
    pub fn onto(self, stones: [B; 2]) -> [B; 2] {
        [
            (stones[0] & !self.stones[1]) | self.stones[0],
            (stones[1] & !self.stones[0]) | self.stones[1],
        ]
    }

    /// What the position after a move on `cell` starts from: all of it, unless the move lands
    /// within two steps of a permanently inferior cell or on an empty cell of an acute
    /// corner (whose pattern it may spoil).
    pub fn after(self, geometry: &Geometry<B>, cell: usize) -> Self {
        let near = self.inferior | geometry.neighbours(self.inferior);
        if (near | geometry.neighbours(near)).has(cell)
            || corners::spoils(geometry, self.corners, cell)
        {
            Filled::NONE
        } else {
            self
        }
    }
}

/// How many of an expansion's moves it keeps in order.
const RANKED: usize = 24;

/// How often (in nodes) the search looks at the clock and at its stop flag: often enough that
/// a budget of milliseconds holds on 11 x 11 (a node there costs a third of a millisecond; every
/// 1,024 nodes, a 20 ms budget ran 0.45 s), rarely enough to cost nothing (a clock reading is
/// some 25 ns, 64 nodes at least a millisecond and a half).
const CLOCK_NODES: u64 = 64;

impl<B: Cells> Expanded<B> {
    const LOST: u8 = 1;
    const WON: u8 = 2;
    const OPEN: u8 = 3;
}

impl<B: Cells> Slot for Expanded<B> {
    const EMPTY: Self = Expanded {
        hash: 0,
        moves: B::NONE,
        ranked: [u8::MAX; RANKED],
        cell: 0,
        kind: 0,
        filled: Filled::NONE,
        alike: 0,
        age: 0,
    };

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Its age: the newer of two stays.
    fn worth(&self) -> u32 {
        self.age
    }
}

/// A search over positions of one board shape, with its table and workspaces.
pub struct Search<B: Cells> {
    /// The board's shape.
    pub geometry: Geometry<B>,
    /// The hash keys.
    pub keys: Keys,
    table: Arc<Shared<Entry>>,
    vcs: Connections<B>,
    /// Per depth below the position given to [`Search::solve`], each colour's connections
    /// the last expansion there built, Red's first ([`Techniques::kept_connections`]).
    kept: Vec<[Kept<B>; 2]>,
    /// The most bytes `kept` may take, and what it takes.
    kept_budget: usize,
    kept_bytes: usize,
    techniques: Techniques,
    /// What the search has done.
    pub stats: Stats,
    deadline: Option<Instant>,
    aborted: bool,
    /// The proof and disproof numbers the last [`Search::solve`] left at its position.
    last_numbers: (u32, u32),
    /// Cell order for trying moves: the centre first.
    order: Vec<u16>,
    /// The workspace of move ordering by resistance.
    circuit: Circuit,
    /// Whether the circuit holds the side to move's connections (else its adjacent cells
    /// are scored).
    mine_scored: bool,
    expanded: Arc<Shared<Expanded<B>>>,
    /// The positions the searches sharing the tables are in ([`Search::helper`]).
    busy: Arc<Busy>,
    /// Set when the searches sharing the tables are to stop ([`Search::stop_together`]).
    stop: Arc<AtomicBool>,
    /// How many moves below the position given to [`Search::solve`] the search is now.
    depth: u32,
    /// How many moves below the position given to [`Search::solve`] connections are built in
    /// both orders ([`Techniques::both_orders`]).
    both_orders_depth: u32,
    /// What the position's parent filled in, which its expansion starts from.
    inherited: Filled<B>,
    /// What the last expansion filled in.
    filled: Filled<B>,
    /// The hash of the position the last expansion filled in, the side to move's dead stones
    /// turned ([`Search::alike`]); 0 when it has none.
    alike: u64,
    /// The solution store's proofs of this board shape, consulted where the table knows
    /// nothing ([`super::store`]).
    known: Option<Arc<Known>>,
    /// The proofs worth keeping found since [`Search::keep_proofs`], when kept.
    proofs: Option<Vec<(u64, Proved)>>,
    /// Every how many positions left open one is kept, and those kept, when asked
    /// ([`Search::sample_open`]); test builds only, off the search's path otherwise.
    #[cfg(test)]
    sampled: Option<(u64, Vec<[B; 2]>)>,
}

/// A winning move among `empty` for the side to move whose connections are `found`: its semi
/// connection's key, or a cell of its full connection's carrier (any cell when the carrier
/// has none); `None` when they do not join its sides.
fn winning_cell<B: Cells>(found: &SideToSide<B>, empty: B) -> Option<usize> {
    match (found.semi, found.full) {
        (Some((key, _)), _) => Some(key),
        (None, Some(carrier)) => (carrier & empty).first().or(empty.first()),
        (None, None) => None,
    }
}

/// How many moves below the position asked about the search builds connections in both
/// orders of the OR rule ([`Techniques::both_orders`]).
const BOTH_ORDERS_DEPTH: u32 = 1;

/// Progressive widening (as in Benzene): how many of a position's moves, in their order, the
/// search picks the next one from. It looks at the first live moves only (those not yet
/// proved to lose), one more than half of them, so that it digs into the likelier moves
/// rather than spreading over every one whose δ ties; the δ of the position still counts
/// every move, and a move proved to win is taken wherever it stands. With fewer than two
/// live moves, all of them. A narrower window digs too long into a hard move; a wider one
/// spreads over every tie.
pub fn widening_window(kids: &[(u32, u32)]) -> usize {
    let live = kids.iter().filter(|&&(phi, _)| phi != 0).count();
    if live < 2 {
        return kids.len();
    }
    let wanted = 1 + live.div_ceil(2);
    let mut seen = 0;
    for (i, &(phi, _)) in kids.iter().enumerate() {
        if phi != 0 {
            seen += 1;
            if seen == wanted {
                return i + 1;
            }
        }
    }
    kids.len()
}

/// The 1+ε of the thresholds: a child is searched until its δ passes its sibling's by a
/// quarter, not by one, which saves many trips up and down.
const EPSILON: f64 = 0.25;

/// The thresholds of a child's search: its φ may grow until the position's δ (`delta`, the
/// sum over the children) would reach `th_delta`, and its δ until it passes `second` (the
/// δ of the move to weigh against it) by the 1+ε margin, within the position's `th_phi`.
fn child_thresholds(
    th_phi: u32,
    th_delta: u32,
    delta: u32,
    (kid_phi, _): (u32, u32),
    second: u32,
) -> (u32, u32) {
    let phi = (th_delta - delta).saturating_add(kid_phi).min(INF);
    let widened = ((second as f64) * (1.0 + EPSILON)) as u32;
    let delta = th_phi.min(second.saturating_add(1).max(widened)).min(INF);
    (phi, delta)
}

/// Whether a thread that finds another in the best move's position (of bounds `phi` and
/// `delta`, `depth` moves below the position searched) takes the next best move instead,
/// when its δ is within the 1+ε margin of the best's. When the position looks lost
/// (refuting every move nearer than proving one), each move must be refuted anyway, so the
/// next one is worth a turn. When it looks won, one move will do, but below the root two
/// threads proving two candidates at once waste less than two in one candidate's tree (on
/// eleven 8 x 8 positions two plies from a1 and c1, a quarter fewer positions); at the root,
/// whose moves' searches are the largest, both stay with the best one, as a second candidate
/// there is seldom needed.
fn spreads_out(phi: u32, delta: u32, depth: u32) -> bool {
    delta <= phi || depth > 0
}

/// Which positions the searches sharing the tables are in, by hash: a few thousand counters
/// (two positions may share one, which only sends a thread elsewhere now and then).
#[derive(Debug)]
struct Busy {
    marks: Box<[AtomicU32]>,
}

impl Busy {
    const SIZE: usize = 1 << 12;

    fn new() -> Self {
        Busy {
            marks: (0..Self::SIZE).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    fn mark(&self, hash: u64) -> &AtomicU32 {
        &self.marks[hash as usize & (Self::SIZE - 1)]
    }

    fn enter(&self, hash: u64) {
        self.mark(hash).fetch_add(1, Ordering::Relaxed);
    }

    fn leave(&self, hash: u64) {
        self.mark(hash).fetch_sub(1, Ordering::Relaxed);
    }

    fn is_busy(&self, hash: u64) -> bool {
        self.mark(hash).load(Ordering::Relaxed) > 0
    }

    /// Whether no search is in any position.
    #[cfg(test)]
    fn is_idle(&self) -> bool {
        self.marks
            .iter()
            .all(|mark| mark.load(Ordering::Relaxed) == 0)
    }
}

impl<B: Cells> Search<B> {
    /// A search on boards of `geometry`, with a table of `megabytes` MB.
    pub fn new(geometry: Geometry<B>, megabytes: usize, techniques: Techniques) -> Self {
        let cells = geometry.cells();
        let techniques = techniques.for_cells(cells);
        let (rows, cols) = (geometry.rows as f64, geometry.cols as f64);
        let mut order: Vec<u16> = (0..cells as u16).collect();
        let distance = |cell: u16| {
            let (r, c) = (
                (cell as usize / geometry.cols) as f64,
                (cell as usize % geometry.cols) as f64,
            );
            // Distance from the centre on the hexagonal grid, roughly.
            let (dr, dc) = (r - (rows - 1.0) / 2.0, c - (cols - 1.0) / 2.0);
            ((dr * dr + dc * dc + dr * dc) * 1000.0) as i64
        };
        order.sort_by_key(|&cell| (distance(cell), cell));
        // A quarter of the memory for expansions, an eighth for the connections kept (when
        // they are), the rest for the table.
        let kept = if techniques.kept_connections {
            megabytes / 8
        } else {
            0
        };
        let (table, expanded) = if techniques.transposition {
            (megabytes - megabytes / 4 - kept, megabytes / 4)
        } else {
            (1, 1)
        };
        Search {
            geometry,
            keys: Keys::new(cells),
            table: Arc::new(Shared::with_megabytes(table)),
            vcs: techniques.connections_workspace(&geometry),
            kept: Vec::new(),
            kept_budget: kept.max(1) << 20,
            kept_bytes: 0,
            techniques,
            stats: Stats::default(),
            deadline: None,
            aborted: false,
            last_numbers: (1, 1),
            order,
            circuit: Circuit::new(&geometry),
            mine_scored: false,
            expanded: Arc::new(Shared::with_megabytes(expanded)),
            busy: Arc::new(Busy::new()),
            stop: Arc::new(AtomicBool::new(false)),
            depth: 0,
            both_orders_depth: BOTH_ORDERS_DEPTH,
            inherited: Filled::NONE,
            filled: Filled::NONE,
            alike: 0,
            known: None,
            proofs: None,
            #[cfg(test)]
            sampled: None,
        }
    }

    /// Another search sharing this one's tables, for a thread of its own: what either
    /// learns, the other reads, and while both work on one proof each sees which positions
    /// the other is in and takes another move there when one is nearly as good (threads on
    /// one proof, as in Pawlewicz and Hayward's parallel DFPN). It has this search's
    /// deadline, store and techniques, and workspaces and statistics of its own.
    pub fn helper(&self) -> Self {
        Search {
            geometry: self.geometry,
            keys: self.keys.clone(),
            table: Arc::clone(&self.table),
            vcs: self.techniques.connections_workspace(&self.geometry),
            kept: Vec::new(),
            kept_budget: self.kept_budget,
            kept_bytes: 0,
            techniques: self.techniques,
            stats: Stats::default(),
            deadline: self.deadline,
            aborted: false,
            last_numbers: (1, 1),
            order: self.order.clone(),
            circuit: Circuit::new(&self.geometry),
            mine_scored: false,
            expanded: Arc::clone(&self.expanded),
            busy: Arc::clone(&self.busy),
            stop: Arc::clone(&self.stop),
            depth: 0,
            both_orders_depth: BOTH_ORDERS_DEPTH,
            inherited: Filled::NONE,
            filled: Filled::NONE,
            alike: 0,
            known: self.known.clone(),
            proofs: self.proofs.as_ref().map(|_| Vec::new()),
            #[cfg(test)]
            sampled: None,
        }
    }

    /// Keeps the stones of every `every`-th position the search expands and leaves open (one
    /// no technique decides), for [`Search::take_sample`]: positions to ask another solver's
    /// connections about (`benches/benzene_probe.py --from`).
    #[cfg(test)]
    pub fn sample_open(&mut self, every: u64) {
        self.sampled = Some((every.max(1), Vec::new()));
    }

    /// The positions kept since [`Search::sample_open`].
    #[cfg(test)]
    pub fn take_sample(&mut self) -> Vec<[B; 2]> {
        self.sampled
            .take()
            .map(|(_, kept)| kept)
            .unwrap_or_default()
    }

    /// Tells every search sharing the tables to stop (each at its next check of the clock,
    /// as at its deadline), or, with `false`, that they may go on.
    pub fn stop_together(&self, stop: bool) {
        self.stop.store(stop, Ordering::Relaxed);
    }

    /// Consults `known` (a solution store's proofs of this shape) where the table knows
    /// nothing, and keeps the proofs worth keeping from now on, for [`Search::take_proofs`].
    pub fn keep_proofs(&mut self, known: Option<Arc<Known>>) {
        self.known = known;
        self.proofs.get_or_insert_with(Vec::new);
    }

    /// The proofs kept since the last call; the store's proofs are let go (the caller adds to
    /// them, and hands them back with [`Search::keep_proofs`]).
    pub fn take_proofs(&mut self) -> Vec<(u64, Proved)> {
        self.known = None;
        self.proofs.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Keeps `position`'s value, found by [`Search::solve`] for a caller that asked for it,
    /// however little work it took: a loss, or a win whose winning move the table still
    /// holds (the store never keeps a win without its move).
    pub fn note(&mut self, position: &Position<B>, wins: bool) {
        if self.proofs.is_none() {
            return;
        }
        let best = match self.lookup(position.hash) {
            _ if !wins => 0,
            Some(entry) if entry.phi == 0 => entry.best,
            _ => return,
        };
        if let Some(proofs) = self.proofs.as_mut() {
            proofs.push((position.hash, Proved { wins, best }));
        }
    }

    /// Stops searching at `deadline` (results found by then stand; the rest is unknown).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.aborted = false;
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether no search sharing the tables is in any position now.
    #[cfg(test)]
    pub fn is_idle(&self) -> bool {
        self.busy.is_idle()
    }

    /// The number of entries the table has room for now.
    pub fn table_entries(&self) -> usize {
        self.table.capacity()
    }

    /// Every cell, the farthest from the centre first.
    pub fn outside_in(&self) -> impl Iterator<Item = usize> + '_ {
        self.order.iter().rev().map(|&cell| cell as usize)
    }

    /// The position `stones` (filled in for `me`, [`inferior::fill_in_for`]) filled in
    /// further, again and again, with the regions that decompositions give either colour
    /// ([decompositions](super::decompose)) and filled in for `me` after each, with the
    /// [mustplay](super::mustplay) region of `me` in the position so reduced (empty when the
    /// opponent has joined its sides or holds a full connection there). The position as it is
    /// and every empty cell when the search does not use connections or the mustplay.
    pub fn reduced_for(&mut self, mut stones: [B; 2], me: Stone) -> ([B; 2], B) {
        let geometry = self.geometry;
        let open = |stones: [B; 2]| geometry.board & !(stones[0] | stones[1]);
        if !(self.techniques.connections && self.techniques.mustplay) {
            return (stones, open(stones));
        }
        'again: loop {
            let mut must = open(stones);
            for side in [me.other(), me] {
                let (own, other) = (stones[side.index()], stones[side.other().index()]);
                let red = side == Stone::Red;
                let found = self.vcs.build(&geometry, red, own, other);
                self.stats.vc_builds += 1;
                if found.joined || found.full.is_some() {
                    // The side to move wins or loses as it stands: every move, or none.
                    return (stones, if side == me { open(stones) } else { B::NONE });
                }
                if side != me {
                    must = mustplay(&found, open(stones));
                }
                if let Some(region) = self.decomposed_region(red, own, other) {
                    stones[side.index()] |= region;
                    let rules = self.techniques.fill_rules(Rules::for_mover(me));
                    stones = inferior::fill_in_with(&geometry, stones, rules).stones;
                    continue 'again;
                }
            }
            let them = me.other();
            let red = them == Stone::Red;
            must &= self.other_order_mustplay(red, stones[them.index()], stones[me.index()]);
            return (stones, must);
        }
    }

    /// The mustplay region against the opponent (Red when `red`), whose stones are `own`,
    /// found by building its connections again with the OR rule's other order
    /// ([`Techniques::both_orders`]): a move outside it loses, as outside the usual
    /// region. Every empty cell when the technique is off; none when the opponent has joined
    /// its sides virtually.
    fn other_order_mustplay(&mut self, red: bool, own: B, other: B) -> B {
        let open = self.geometry.board & !(own | other);
        if !(self.techniques.both_orders && self.techniques.mustplay) {
            return open;
        }
        mustplay(&self.build_in_other_order(red, own, other), open)
    }

    /// A winning move of the side to move (Red when `red`), whose stones are `own`, among the
    /// position's `empty` cells, if its connections built with the OR rule's other order join
    /// its sides ([`Techniques::both_orders`]).
    fn other_order_win(&mut self, red: bool, own: B, other: B, empty: B) -> Option<usize> {
        if !self.techniques.both_orders {
            return None;
        }
        winning_cell(&self.build_in_other_order(red, own, other), empty)
    }

    /// The connections of the colour (Red when `red`) whose stones are `own`, built with the
    /// OR rule's other order ([`Connections::with_smallest_first`]); the workspace keeps its
    /// own order for the builds after.
    fn build_in_other_order(&mut self, red: bool, own: B, other: B) -> SideToSide<B> {
        let usual = self.vcs.smallest_first();
        self.vcs.set_smallest_first(!usual);
        let found = self.vcs.build(&self.geometry, red, own, other);
        self.vcs.set_smallest_first(usual);
        self.stats.vc_builds += 1;
        found
    }

    /// The region a decomposition gives the colour (Red when `red`) whose stones are `own`,
    /// found in the connections just built for it: `None` when the search does not fill
    /// such regions in.
    fn decomposed_region(&self, red: bool, own: B, other: B) -> Option<B> {
        let techniques = self.techniques;
        if !(techniques.decompositions && techniques.inferior && techniques.connections) {
            return None;
        }
        decompose::captured_region(&self.geometry, &self.vcs, red, own, other)
    }

    /// Whether the side to move wins `position`: `None` when the deadline came first.
    pub fn solve(&mut self, position: &mut Position<B>) -> Option<bool> {
        self.inherited = Filled::NONE;
        let (phi, delta) = self.mid(position, INF, INF, false);
        self.last_numbers = (phi, delta);
        if phi == 0 {
            Some(true)
        } else if delta == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// [`Search::solve`] for a position one move below the position asked about (each move
    /// of a position whose moves are solved one by one): as deep below the position asked
    /// about as the search below it, connections in both orders ([`Techniques::both_orders`])
    /// are built only at its top.
    pub fn solve_move(&mut self, position: &mut Position<B>) -> Option<bool> {
        let below = BOTH_ORDERS_DEPTH.saturating_sub(1);
        let depth = std::mem::replace(&mut self.both_orders_depth, below);
        let value = self.solve(position);
        self.both_orders_depth = depth;
        value
    }

    /// Whether the side to move wins `position`, if the table (or the store) holds its proof.
    pub fn proved(&self, position: &Position<B>) -> Option<bool> {
        match self.lookup(position.hash)? {
            entry if entry.phi == 0 => Some(true),
            entry if entry.delta == 0 => Some(false),
            _ => None,
        }
    }

    /// The proof and disproof numbers the last [`Search::solve`] left at its position (where
    /// the deadline stopped it).
    pub fn last_numbers(&self) -> (u32, u32) {
        self.last_numbers
    }

    /// The moves the search would try in a position it left open, best first, each with the
    /// proof and disproof numbers its table holds for the position after it (for the side
    /// to move there), if any: where a search that goes on from here would look.
    pub fn open_moves(&mut self, position: &mut Position<B>) -> Vec<(usize, Option<(u32, u32)>)> {
        self.inherited = Filled::NONE;
        let Expansion::Open(moves) = self.expand(position, false) else {
            return Vec::new();
        };
        moves
            .into_iter()
            .map(|cell| {
                let cell = usize::from(cell);
                position.play(cell, &self.keys);
                let numbers = self.lookup(position.hash).map(|e| (e.phi, e.delta));
                position.undo(cell, &self.keys);
                (cell, numbers)
            })
            .collect()
    }

    /// A winning move of a position the search has proved won for the side to move.
    pub fn winning_move(&mut self, position: &mut Position<B>) -> Option<usize> {
        if self.solve(position) != Some(true) {
            return None;
        }
        self.inherited = Filled::NONE;
        if let Expansion::Won(cell) = self.expand(position, false) {
            return Some(cell as usize);
        }
        // The table's best move, checked (the table may have lost the entry, or its
        // children, to replacement); else every move in turn.
        let empty = position.empty(&self.geometry);
        if let Some(best) = self
            .lookup(position.hash)
            .map(|e| e.best as usize)
            .filter(|&best| empty.has(best))
        {
            position.play(best, &self.keys);
            let refuted = self.solve(position);
            position.undo(best, &self.keys);
            if refuted == Some(false) {
                return Some(best);
            }
        }
        for cell in empty.iter() {
            position.play(cell, &self.keys);
            let value = self.solve(position);
            position.undo(cell, &self.keys);
            if value == Some(false) {
                return Some(cell);
            }
        }
        None
    }

    /// What the table knows of a position, or else the solution store.
    fn lookup(&self, hash: u64) -> Option<Entry> {
        let held = if self.techniques.transposition {
            self.table.get(hash)
        } else {
            None
        };
        held.or_else(|| {
            let proved = self.known.as_ref()?.get(&hash)?;
            let (phi, delta) = if proved.wins { (0, INF) } else { (INF, 0) };
            Some(Entry {
                hash,
                phi,
                delta,
                best: proved.best,
                work: u32::MAX,
            })
        })
    }

    fn store(&mut self, hash: u64, phi: u32, delta: u32, best: u16, work: u64) {
        if let Some(proofs) = self.proofs.as_mut()
            && (phi == 0 || delta == 0)
            && work >= WORTH_KEEPING
        {
            proofs.push((
                hash,
                Proved {
                    wins: phi == 0,
                    best,
                },
            ));
        }
        if self.techniques.transposition {
            self.table.store(Entry {
                hash,
                phi,
                delta,
                best,
                work: work.min(u32::MAX as u64) as u32,
            });
        }
    }

    /// Whether to stop: asked to, or past the deadline (looked at every [`CLOCK_NODES`] nodes).
    fn out_of_time(&mut self) -> bool {
        if self.stats.nodes.is_multiple_of(1024) {
            super::progress::searched(1024);
        }
        if self.stats.nodes.is_multiple_of(CLOCK_NODES)
            && (self.stop.load(Ordering::Relaxed)
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The search proper: works on `position` until its φ reaches `th_phi` or its δ reaches
    /// `th_delta`, and returns them. `blocked`: the last move was in the mustplay region, so
    /// it broke every threat the side to move had (see [`Search::expand`]).
    fn mid(
        &mut self,
        position: &mut Position<B>,
        th_phi: u32,
        th_delta: u32,
        blocked: bool,
    ) -> (u32, u32) {
        self.stats.nodes += 1;
        if self.out_of_time() {
            return (1, 1);
        }
        let start = self.stats.nodes;
        let old_work = match self.lookup(position.hash) {
            Some(entry) if entry.phi >= th_phi || entry.delta >= th_delta => {
                return (entry.phi, entry.delta);
            }
            Some(entry) => entry.work as u64,
            None => 0,
        };
        let moves = match self.expand(position, blocked) {
            Expansion::Won(cell) => {
                self.store(position.hash, 0, INF, cell, 1);
                return (0, INF);
            }
            Expansion::Lost => {
                self.store(position.hash, INF, 0, 0, 1);
                if self.alike != 0 && self.alike != position.hash {
                    self.store(self.alike, INF, 0, 0, 1);
                }
                return (INF, 0);
            }
            Expansion::Open(moves) => moves,
        };
        let (filled, alike) = (self.filled, self.alike);
        let mut hashes = Vec::with_capacity(moves.len());
        let mut kids: Vec<(u32, u32)> = moves
            .iter()
            .map(|&cell| {
                position.play(cell as usize, &self.keys);
                hashes.push(position.hash);
                let bounds = self
                    .lookup(position.hash)
                    .map_or((1, 1), |e| (e.phi, e.delta));
                position.undo(cell as usize, &self.keys);
                bounds
            })
            .collect();
        // Other threads share the tables: show them where this one is, and read their work.
        let shared = Arc::strong_count(&self.busy) > 1;
        if shared {
            self.busy.enter(position.hash);
        }
        let bounds = loop {
            if shared {
                self.refresh(&mut kids, &hashes);
            }
            let mut phi = INF;
            let mut delta: u32 = 0;
            let (mut best, mut second) = (0, INF);
            let window = if self.techniques.widening {
                widening_window(&kids)
            } else {
                kids.len()
            };
            for (i, &(kid_phi, kid_delta)) in kids.iter().enumerate() {
                delta = delta.saturating_add(kid_phi).min(INF);
                // A winning move counts wherever it stands; the others only in the window.
                if i >= window && kid_delta != 0 {
                    continue;
                }
                if kid_delta < phi {
                    second = phi;
                    phi = kid_delta;
                    best = i;
                } else if kid_delta < second {
                    second = kid_delta;
                }
            }
            if phi >= th_phi || delta >= th_delta || self.aborted {
                let work = old_work + (self.stats.nodes - start);
                if !self.aborted || phi == 0 || delta == 0 {
                    self.store(position.hash, phi, delta, moves[best], work);
                }
                if delta == 0 && alike != 0 && alike != position.hash {
                    // A fact about the position filled in, which others may share.
                    self.store(alike, INF, 0, 0, work);
                }
                break (phi, delta);
            }
            let mut pick = best;
            let mut thresholds = child_thresholds(th_phi, th_delta, delta, kids[best], second);
            // Another thread in the best move's position: the next best one, when nearly as
            // good, is worth a turn (see `spreads_out`).
            if shared
                && spreads_out(phi, delta, self.depth)
                && let Some(other) = self.elsewhere(&kids, &hashes, window, best)
            {
                // Searched until its δ passes the best move's as it would pass a second's.
                let other_thresholds =
                    child_thresholds(th_phi, th_delta, delta, kids[other], kids[best].1);
                if kids[other].1 < other_thresholds.1 {
                    (pick, thresholds) = (other, other_thresholds);
                }
            }
            let cell = moves[pick] as usize;
            position.play(cell, &self.keys);
            let blocks = self.techniques.connections
                && self.techniques.mustplay
                && !self.techniques.movers_connections;
            self.depth += 1;
            self.inherited = if self.techniques.inherited_fill {
                filled.after(&self.geometry, cell)
            } else {
                Filled::NONE
            };
            kids[pick] = self.mid(position, thresholds.0, thresholds.1, blocks);
            self.depth -= 1;
            position.undo(cell, &self.keys);
        };
        if shared {
            self.busy.leave(position.hash);
        }
        bounds
    }

    /// Reads the children's bounds again from the table, which other threads add to.
    fn refresh(&self, kids: &mut [(u32, u32)], hashes: &[u64]) {
        for (kid, &hash) in kids.iter_mut().zip(hashes) {
            if let Some(entry) = self.lookup(hash) {
                *kid = (entry.phi, entry.delta);
            }
        }
    }

    /// When another thread is in the best move's position: the next best live move of the
    /// window that no thread is in, if any (the caller checks it is worth a turn).
    fn elsewhere(
        &self,
        kids: &[(u32, u32)],
        hashes: &[u64],
        window: usize,
        best: usize,
    ) -> Option<usize> {
        if !self.busy.is_busy(hashes[best]) {
            return None;
        }
        (0..window.min(kids.len()))
            .filter(|&i| i != best && kids[i].0 != 0 && !self.busy.is_busy(hashes[i]))
            .min_by_key(|&i| kids[i].1)
    }

    /// Decides a position outright when a technique can, or lists the moves worth searching.
    ///
    /// When the last move was in the mustplay region (`blocked`), it lay in the carrier of
    /// every semi connection the side to move had between its sides, and a stone only ever
    /// takes connections away from the other colour: the side to move has none left, so its
    /// own connections are not built.
    fn expand(&mut self, position: &Position<B>, blocked: bool) -> Expansion {
        if let Some(known) = self.expanded.get(position.hash) {
            self.filled = known.filled;
            self.alike = known.alike;
            if self.proved_alike() {
                return Expansion::Lost;
            }
            return match known.kind {
                Expanded::<B>::WON => Expansion::Won(known.cell),
                Expanded::<B>::LOST => Expansion::Lost,
                _ => {
                    let mut moves: Vec<u16> = known
                        .ranked
                        .iter()
                        .take_while(|&&cell| cell != u8::MAX)
                        .map(|&cell| u16::from(cell))
                        .collect();
                    let ranked = moves
                        .iter()
                        .fold(B::NONE, |set, &m| set | B::bit(m as usize));
                    moves.extend(self.in_order(known.moves & !ranked));
                    Expansion::Open(moves)
                }
            };
        }
        self.alike = 0;
        let expansion = self.expand_afresh(position, blocked);
        let mut ranked = [u8::MAX; RANKED];
        let (moves, cell, kind) = match &expansion {
            Expansion::Won(cell) => (B::NONE, *cell, Expanded::<B>::WON),
            Expansion::Lost => (B::NONE, 0, Expanded::<B>::LOST),
            Expansion::Open(moves) => {
                for (slot, &cell) in ranked.iter_mut().zip(moves) {
                    *slot = cell as u8;
                }
                (
                    moves
                        .iter()
                        .fold(B::NONE, |set, &m| set | B::bit(m as usize)),
                    0,
                    Expanded::<B>::OPEN,
                )
            }
        };
        self.expanded.store(Expanded {
            hash: position.hash,
            moves,
            ranked,
            cell,
            kind,
            filled: self.filled,
            alike: self.alike,
            age: self.stats.expansions.min(u64::from(u32::MAX)) as u32,
        });
        expansion
    }

    /// Builds the connections of the colour (Red when `red`) whose stones are `own`, the
    /// opponent's `other`: with [`Techniques::kept_connections`], from the deepest of those
    /// kept at this depth (a build of this position before a decomposition's region was
    /// filled in) and above that fit; else from nothing.
    fn build(&mut self, red: bool, own: B, other: B) -> SideToSide<B> {
        self.stats.vc_builds += 1;
        if self.techniques.kept_connections {
            let colour = usize::from(!red);
            let depth = self.depth as usize;
            let from = self.kept[..self.kept.len().min(depth + 1)]
                .iter()
                .rposition(|kept| kept[colour].fits(red, own, other));
            if let Some(at) = from {
                self.stats.vc_builds_kept += 1;
                return self.vcs.build_from(
                    &self.geometry,
                    red,
                    own,
                    other,
                    &self.kept[at][colour],
                );
            }
        }
        self.vcs.build(&self.geometry, red, own, other)
    }

    /// Keeps the connections just built, of the colour (Red when `red`), at this depth
    /// ([`Techniques::kept_connections`]), unless all kept would take more than their
    /// budget (an eighth of the search's memory).
    fn keep_built(&mut self, red: bool) {
        if !self.techniques.kept_connections {
            return;
        }
        let depth = self.depth as usize;
        if self.kept.len() <= depth {
            self.kept.resize_with(depth + 1, Default::default);
        }
        let slot = &mut self.kept[depth][usize::from(!red)];
        self.kept_bytes -= slot.bytes();
        self.vcs.keep(slot);
        if self.kept_bytes + slot.bytes() > self.kept_budget {
            *slot = Kept::default();
        }
        self.kept_bytes += slot.bytes();
    }

    /// Whether the position the last expansion filled in, the side to move's dead stones
    /// turned, is proved lost ([`Techniques::dead_alike`]): then so is the position expanded.
    fn proved_alike(&mut self) -> bool {
        let lost = self.alike != 0 && self.lookup(self.alike).is_some_and(|e| e.delta == 0);
        if lost {
            self.stats.decided += 1;
        }
        lost
    }

    /// The hash of `stones` (a position filled in) with each dead stone of `me` turned the
    /// opponent's ([`inferior::dead_turned`]), `me` to move: a position of the position's
    /// value.
    fn alike(&self, stones: [B; 2], me: Stone) -> u64 {
        let stones = inferior::dead_turned(&self.geometry, stones, me.index());
        Position::new(stones, me, &self.keys).hash
    }

    /// The cells of `moves`, the centre first.
    fn in_order(&self, moves: B) -> Vec<u16> {
        self.order
            .iter()
            .copied()
            .filter(|&cell| moves.has(cell as usize))
            .collect()
    }

    /// Scores the cells by the side to move's connections, just built, for
    /// [`Search::ranked`] ([`Techniques::ordering`]).
    fn score_my_connections(&mut self) {
        if self.techniques.ordering {
            self.circuit.clear();
            let vcs = &self.vcs;
            self.circuit.add_connected(vcs.links(), |x| vcs.is_stone(x));
            self.mine_scored = true;
        }
    }

    /// The cells of `moves` in the order to try them: those carrying most current in the two
    /// colours' circuits first ([`Techniques::ordering`]): of their connections as far as
    /// they were built (the opponent's always, the last build; the side to move's unless
    /// its last move blocked them), else of adjacent cells. Else the centre first.
    fn ranked(&mut self, position: &Position<B>, moves: B) -> Vec<u16> {
        let mut ordered = self.in_order(moves);
        if self.techniques.ordering && ordered.len() > 1 {
            let me = position.to_move.index();
            if !self.mine_scored {
                self.circuit.clear();
                self.circuit.add_adjacent(position.stones, me);
            }
            if self.techniques.connections {
                let vcs = &self.vcs;
                self.circuit.add_connected(vcs.links(), |x| vcs.is_stone(x));
            } else {
                self.circuit.add_adjacent(position.stones, 1 - me);
            }
            let scores = self.circuit.score();
            // Stable: cells carrying equal current stay centre first.
            ordered.sort_by(|&a, &b| scores[b as usize].total_cmp(&scores[a as usize]));
        }
        ordered
    }

    /// `stones` filled in ([`inferior::fill_in`]), the permanently inferior cells and the
    /// acute corners filled noted in the expansion's [`Filled`].
    fn fill_in(&mut self, stones: [B; 2]) -> [B; 2] {
        let rules = self.techniques.fill_rules(Rules::ALL);
        let fill = inferior::fill_in_with(&self.geometry, stones, rules);
        self.filled.inferior |= fill.inferior[0] | fill.inferior[1];
        self.filled.corners |= fill.corners;
        fill.stones
    }

    /// Whether the position filled in as `stones` (`empty`: the cells empty before it was) is
    /// decided already: won when `me` has joined its sides, lost when the opponent has.
    fn decided_by_stones(&mut self, stones: [B; 2], me: Stone, empty: B) -> Option<Expansion> {
        let geometry = self.geometry;
        let joined =
            |side: Stone| geometry.joins(stones[side.index()], geometry.sides(side == Stone::Red));
        let decided = if joined(me) {
            Expansion::Won(empty.first().expect("an empty cell") as u16)
        } else if joined(me.other()) {
            Expansion::Lost
        } else {
            return None;
        };
        self.stats.decided += 1;
        Some(decided)
    }

    fn expand_afresh(&mut self, position: &Position<B>, blocked: bool) -> Expansion {
        self.stats.expansions += 1;
        self.filled = Filled {
            stones: position.stones,
            inferior: self.inherited.inferior,
            corners: self.inherited.corners,
        };
        let geometry = self.geometry;
        let me = position.to_move;
        let them = me.other();
        if position.joined(them, &geometry) {
            self.stats.decided += 1;
            return Expansion::Lost;
        }
        let empty = position.empty(&geometry);
        if position.joined(me, &geometry) {
            // Only a position given to the search can be so: the game is over.
            self.stats.decided += 1;
            return Expansion::Won(empty.first().unwrap_or(0) as u16);
        }
        if empty.is_empty() {
            // A full board with nobody joined cannot be; the side that did not join loses.
            self.stats.decided += 1;
            return Expansion::Lost;
        }
        let wins = position.winning_cells(me, &geometry);
        if let Some(cell) = wins.first() {
            self.stats.decided += 1;
            return Expansion::Won(cell as u16);
        }
        let threats = position.winning_cells(them, &geometry);
        if threats.count() >= 2 {
            self.stats.decided += 1;
            return Expansion::Lost;
        }
        let mut consider = if threats.is_empty() { empty } else { threats };
        let mut stones = position.stones;
        if self.techniques.inferior {
            consider &= !inferior::mirror_losses(&geometry, stones, me);
            stones = self.inherited.onto(stones);
            stones = self.fill_in(stones);
            if let Some(decided) = self.decided_by_stones(stones, me, empty) {
                return decided;
            }
            if self.techniques.dead_alike && self.techniques.transposition {
                self.alike = self.alike(stones, me);
                if self.proved_alike() {
                    return Expansion::Lost;
                }
            }
        }
        let mut must = geometry.board;
        // The mustplay region of the OR rule's other order, where it is built.
        let mut other_must = geometry.board;
        if self.techniques.connections {
            let sides_me = me == Stone::Red;
            self.mine_scored = false;
            if !blocked {
                loop {
                    let (own, other) = (stones[me.index()], stones[them.index()]);
                    let mine = self.build(sides_me, own, other);
                    if let Some(cell) = winning_cell(&mine, empty) {
                        self.stats.decided += 1;
                        return Expansion::Won(cell as u16);
                    }
                    self.keep_built(sides_me);
                    let Some(region) = self.decomposed_region(sides_me, own, other) else {
                        self.score_my_connections();
                        break;
                    };
                    // The region of the side to move's, filled in for it, and the position
                    // filled in again.
                    stones[me.index()] |= region;
                    stones = self.fill_in(stones);
                    if let Some(decided) = self.decided_by_stones(stones, me, empty) {
                        return decided;
                    }
                }
            }
            if self.depth <= self.both_orders_depth {
                // Even when `blocked`: the move blocked the usual order's semis only.
                let (own, other) = (stones[me.index()], stones[them.index()]);
                if let Some(cell) = self.other_order_win(sides_me, own, other, empty) {
                    self.stats.decided += 1;
                    return Expansion::Won(cell as u16);
                }
                // Built before the usual order, whose connections order the moves.
                let (own, other) = (stones[them.index()], stones[me.index()]);
                other_must = self.other_order_mustplay(!sides_me, own, other);
            }
            let mut theirs = self.build(!sides_me, stones[them.index()], stones[me.index()]);
            loop {
                if theirs.joined || theirs.full.is_some() {
                    self.stats.decided += 1;
                    return Expansion::Lost;
                }
                self.keep_built(!sides_me);
                let (own, other) = (stones[them.index()], stones[me.index()]);
                let Some(region) = self.decomposed_region(!sides_me, own, other) else {
                    break;
                };
                // The opponent's region, filled in for it, and the position filled in again.
                stones[them.index()] |= region;
                stones = self.fill_in(stones);
                if let Some(decided) = self.decided_by_stones(stones, me, empty) {
                    return decided;
                }
                theirs = self.build(!sides_me, stones[them.index()], stones[me.index()]);
            }
            if self.techniques.mustplay {
                let open = geometry.board & !(stones[0] | stones[1]);
                must = mustplay(&theirs, open);
            }
        }
        if self.techniques.inferior {
            // The cells filled in go; dominated moves too, unless nothing would be left (then
            // every move is no better than passing, which the search must still weigh).
            consider &= !(stones[0] | stones[1]);
            let undominated = consider & !inferior::vulnerable_cells(&geometry, stones, me);
            if !undominated.is_empty() {
                consider = undominated;
            }
        }
        consider &= must & other_must;
        if consider.is_empty() {
            self.stats.decided += 1;
            return Expansion::Lost;
        }
        self.stats.open += 1;
        #[cfg(test)]
        if let Some((every, kept)) = &mut self.sampled
            && self.stats.open.is_multiple_of(*every)
        {
            kept.push(position.stones);
        }
        self.stats.considered += u64::from(consider.count());
        self.filled.stones = stones;
        Expansion::Open(self.ranked(position, consider))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::solve::table::Table;

    #[test]
    fn the_widening_window_holds_one_more_than_half_the_live_moves() {
        use crate::hex::solve::dfpn::{INF, widening_window};

        // Six moves, the second proved to lose (φ 0): five live, so the window holds the first
        // 1 + 3 live ones, which reach to the fifth move.
        let kids = [(1, 1), (0, INF), (1, 1), (2, 3), (1, 1), (1, 1)];
        assert_eq!(widening_window(&kids), 5);
        // Two live moves: both.
        assert_eq!(widening_window(&[(1, 1), (0, INF), (1, 1)]), 3);
    }

    #[test]
    fn a_stone_the_fill_in_gave_the_other_colour_is_that_colours_below() {
        // 4 x 4: the parent's fill-in counts Red's b2 as Blue's (cut off) and fills c3 for
        // Red; the child's own stones still have b2 Red's, and a new Blue stone on d4.
        let g: Geometry<u64> = Geometry::new(4, 4);
        let at = |name: &str| u64::bit(crate::hex::solve::vc::tests::cell(&g, name));
        let filled = Filled {
            stones: [at("c3"), at("b2")],
            inferior: 0,
            corners: 0,
        };
        let child = [at("b2"), at("d4")];
        assert_eq!(filled.onto(child), [at("c3"), at("b2") | at("d4")]);
    }

    #[test]
    fn a_move_near_an_inherited_permanently_inferior_cell_drops_the_fill_in() {
        // 5 x 5: the fill-in holds c3 as a permanently inferior cell; a move two steps from
        // it may spoil it, and the child starts from its own stones; one three steps away
        // keeps everything.
        let g: Geometry<u64> = Geometry::new(5, 5);
        let at = |name: &str| crate::hex::solve::vc::tests::cell(&g, name);
        let filled = Filled {
            stones: [u64::bit(at("a1")) | u64::bit(at("c3")), u64::bit(at("e5"))],
            inferior: u64::bit(at("c3")),
            corners: 0,
        };
        for near in ["c4", "b3", "c1", "e3", "a5"] {
            assert_eq!(filled.after(&g, at(near)), Filled::NONE, "{near}");
        }
        for far in ["a2", "b1", "e4", "d5"] {
            assert_eq!(filled.after(&g, at(far)), filled, "{far}");
        }
        // Nothing permanently inferior: every move keeps it.
        let lasting = Filled {
            inferior: 0,
            ..filled
        };
        assert_eq!(lasting.after(&g, at("c4")), lasting);
    }

    #[test]
    fn cells_are_taken_from_the_outside_in() {
        use crate::hex::solve::bits::Geometry;
        use crate::hex::solve::dfpn::{Search, Techniques};

        let search = Search::new(Geometry::<u64>::new(3, 3), 1, Techniques::default());
        let cells: Vec<usize> = search.outside_in().collect();
        assert_eq!(cells.len(), 9);
        assert_eq!(cells.last(), Some(&4)); // the centre
    }

    fn solve(
        n: usize,
        red: &[usize],
        blue: &[usize],
        to_move: Stone,
        techniques: Techniques,
    ) -> bool {
        let geometry: Geometry<u64> = Geometry::new(n, n);
        let mut search = Search::new(geometry, 4, techniques);
        let set = |cells: &[usize]| cells.iter().fold(0u64, |s, &c| s | u64::bit(c));
        let mut position = Position::new([set(red), set(blue)], to_move, &search.keys);
        search.solve(&mut position).unwrap()
    }

    #[test]
    fn of_expansions_that_collide_the_newest_are_kept() {
        let mut expanded: Table<Expanded<u64>> = Table::with_megabytes(1);
        let size = expanded.capacity() as u64;
        let open = |hash, moves, age| Expanded {
            hash,
            moves,
            ranked: [u8::MAX; RANKED],
            cell: 0,
            kind: Expanded::<u64>::OPEN,
            filled: Filled::NONE,
            alike: 0,
            age,
        };
        // Five hashes of one bucket of four: the newest four stay.
        let hashes = [6, 6 + size, 7 + 2 * size, 5 + 3 * size, 4 + 4 * size];
        for (age, &hash) in (1..).zip(&hashes[..4]) {
            expanded.store(open(hash, 1 << age, age));
        }
        for (age, &hash) in (1..).zip(&hashes[..4]) {
            assert_eq!(expanded.get(hash).map(|e| e.moves), Some(1 << age));
        }
        expanded.store(open(hashes[4], 0, 5));
        assert_eq!(expanded.get(hashes[0]), None);
        for (age, &hash) in (2..).zip(&hashes[1..4]) {
            assert_eq!(expanded.get(hash).map(|e| e.moves), Some(1 << age));
        }
        assert_eq!(expanded.get(hashes[4]).map(|e| e.age), Some(5));
        // Putting one again keeps a single copy.
        expanded.store(open(hashes[4], 0b1, 6));
        assert_eq!(expanded.get(hashes[1]).map(|e| e.moves), Some(0b100));
        assert_eq!(expanded.get(hashes[4]).map(|e| e.moves), Some(0b1));
    }

    /// A search with every technique on n x n boards, and the empty board with `to_move`.
    fn on_empty_board(n: usize, to_move: Stone) -> (Search<u64>, Position<u64>) {
        let search = Search::new(Geometry::new(n, n), 4, Techniques::default());
        let position = Position::new([0, 0], to_move, &search.keys);
        (search, position)
    }

    #[test]
    fn the_connections_kept_stay_within_their_budget() {
        // 6 x 6 after Red's a1, Blue to move (Blue wins), both colours' connections kept:
        // with a budget of three builds' connections, the kept ones never take more (where
        // without a bound they do), and the winner is the same.
        let techniques = Techniques {
            kept_connections: true,
            movers_connections: true,
            ..Techniques::default()
        };
        let solve = |budget: Option<usize>| {
            let mut search = Search::new(Geometry::new(6, 6), 8, techniques);
            if let Some(budget) = budget {
                search.kept_budget = budget;
            }
            let mut position = Position::new([1, 0], Stone::Blue, &search.keys);
            (search.solve(&mut position), search)
        };
        let taken =
            |search: &Search<u64>| -> usize { search.kept.iter().flatten().map(Kept::bytes).sum() };
        let (won, free) = solve(None);
        let one_build = free.kept.iter().flatten().map(Kept::bytes).max().unwrap();
        assert!(taken(&free) > 3 * one_build, "{} bytes", taken(&free));
        let (bounded_won, bounded) = solve(Some(3 * one_build));
        assert_eq!(bounded_won, won);
        assert_eq!(taken(&bounded), bounded.kept_bytes);
        assert!(bounded.kept_bytes <= 3 * one_build);
        assert!(bounded.stats.vc_builds_kept > 0);
    }

    #[test]
    fn the_statistics_count_the_positions_left_open_and_their_moves() {
        let (mut search, mut position) = on_empty_board(6, Stone::Blue);
        assert_eq!(search.solve(&mut position), Some(true));
        let stats = search.stats;
        // Blue, moving first, wins the empty 6 x 6 board only after a search: some positions
        // stay open,
        // each with at least one move and at most the board's.
        assert!(
            stats.open > 0 && stats.open <= stats.expansions,
            "{stats:?}"
        );
        assert!(stats.considered >= stats.open && stats.considered <= 36 * stats.open);
    }

    #[test]
    fn the_first_player_wins_every_small_empty_board() {
        for n in 1..=4 {
            assert!(
                solve(n, &[], &[], Stone::Red, Techniques::default()),
                "{n} x {n}"
            );
        }
    }

    #[test]
    fn a_thread_spreads_out_where_a_position_looks_lost_or_below_the_root() {
        // Looks lost (δ ≤ φ): anywhere.
        assert!(spreads_out(5, 3, 0));
        assert!(spreads_out(5, 5, 7));
        // Looks won: below the root only.
        assert!(!spreads_out(2, 9, 0));
        assert!(spreads_out(2, 9, 1));
    }

    #[test]
    fn a_search_is_back_at_the_root_when_it_returns_proved_or_stopped() {
        let (mut search, mut position) = on_empty_board(5, Stone::Red);
        assert_eq!(search.solve(&mut position), Some(true));
        assert_eq!(search.depth, 0);
        let (mut stopped, mut position) = on_empty_board(8, Stone::Red);
        stopped.set_deadline(Some(Instant::now()));
        assert_eq!(stopped.solve(&mut position), None);
        assert_eq!(stopped.depth, 0);
        // A deadline passed is seen within CLOCK_NODES nodes, not a thousand: on 11 x 11 a
        // node costs a third of a millisecond.
        assert!(stopped.stats.nodes <= CLOCK_NODES);
    }

    #[test]
    fn a_helper_reads_what_the_search_it_shares_the_tables_with_proved() {
        let (mut main, mut position) = on_empty_board(5, Stone::Red);
        assert_eq!(main.solve(&mut position), Some(true));
        let mut helper = main.helper();
        assert_eq!(helper.proved(&position), Some(true));
        assert_eq!(helper.solve(&mut position), Some(true));
        assert_eq!(helper.stats.nodes, 1);
        assert!(main.is_idle());
    }

    #[test]
    fn searches_sharing_the_tables_stop_together() {
        let (main, mut position) = on_empty_board(8, Stone::Red);
        let mut helper = main.helper();
        main.stop_together(true);
        assert_eq!(helper.solve(&mut position), None);
        assert!(helper.stats.nodes <= CLOCK_NODES);
        main.stop_together(false);
        helper.set_deadline(None);
        assert!(!helper.out_of_time());
    }

    #[test]
    fn a_won_position_has_a_winning_move_even_when_the_table_does_not_hold_it() {
        let geometry: Geometry<u64> = Geometry::new(6, 6);
        let no_table = Techniques {
            transposition: false,
            ..Techniques::default()
        };
        let mut search = Search::new(geometry, 4, no_table);
        // The empty board: Red wins, but not by a semi connection H-search sees at once.
        let mut position = Position::new([0, 0], Stone::Red, &search.keys);
        let cell = search.winning_move(&mut position).expect("a winning move");
        position.play(cell, &search.keys);
        assert_eq!(search.solve(&mut position), Some(false));
    }

    #[test]
    fn every_technique_can_be_turned_off_without_changing_answers() {
        let off = [
            Techniques {
                transposition: false,
                ..Techniques::default()
            },
            Techniques {
                connections: false,
                mustplay: false,
                ..Techniques::default()
            },
            Techniques {
                mustplay: false,
                ..Techniques::default()
            },
            Techniques {
                inferior: false,
                ..Techniques::default()
            },
            Techniques {
                decompositions: false,
                ..Techniques::default()
            },
            Techniques {
                inherited_fill: false,
                ..Techniques::default()
            },
            Techniques {
                widening: false,
                ..Techniques::default()
            },
            Techniques {
                ordering: false,
                ..Techniques::default()
            },
            Techniques {
                connections: false,
                mustplay: false,
                ordering: true,
                ..Techniques::default()
            },
        ];
        for techniques in off {
            assert!(solve(3, &[], &[], Stone::Red, techniques));
            // 3 x 3 with Red a1 (cell 0) and Blue to move: Blue wins (a1 is a losing opening).
            assert!(
                solve(3, &[0], &[], Stone::Blue, techniques),
                "{techniques:?}"
            );
        }
    }
}
