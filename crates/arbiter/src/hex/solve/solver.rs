//! The solver itself: [`solve`] and [`Solver`] find who wins a position with perfect play and
//! every winning move, sharing a position's moves out among threads.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::bits::{Cells, Geometry, MAX_CELLS, Wide};
use super::dfpn::{Search, Stats, Techniques};
use super::inferior::{self, Rules};
use super::position::Position;
use super::store::{Proved, SharedStore};
use crate::grid::Coord;
use crate::hex::board::{Board, Stone};

/// How the solver works: its time budget, its table's memory and its techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Stop after this long; what is not proved by then is unknown.
    pub budget: Option<Duration>,
    /// The transposition table's size in megabytes, for each thread (the threads share one
    /// table of `megabytes` times `threads`).
    pub megabytes: usize,
    /// The techniques used.
    pub techniques: Techniques,
    /// The threads that solve a position at once, sharing one table: a position's moves are
    /// shared out among them, and when one proof is wanted (`--winner`) they work on it
    /// together.
    pub threads: usize,
}

/// The table's size unless told otherwise.
pub const DEFAULT_MEGABYTES: usize = 256;

/// The largest table the fronts let a user ask for, in megabytes.
pub const MAX_MEGABYTES: usize = 65536;

/// The time a front gives a position unless told otherwise (the command line's `--budget`,
/// the web board's, the HTP engine's, Python's); [`Settings::default`] itself has no limit.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(60);

/// [`DEFAULT_BUDGET`] as the command line writes it, in seconds.
pub const DEFAULT_BUDGET_SECONDS: &str = "60";

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: None,
            megabytes: DEFAULT_MEGABYTES,
            techniques: Techniques::default(),
            threads: 1,
        }
    }
}

/// A losing move and the winner's answer to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Reply {
    /// The move.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "move", serialize_with = "crate::hex::board::named::cell")
    )]
    pub played: Coord,
    /// A winning answer to it (none when the move itself ends the game for the winner, which
    /// cannot happen, or the search ran out of time).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::hex::board::named::maybe_cell")
    )]
    pub reply: Option<Coord>,
}

/// Who wins a position with perfect play, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Solution {
    /// The side to move.
    pub to_move: Stone,
    /// The winner; `None` when the budget ran out first.
    pub winner: Option<Stone>,
    /// Whether a colour has joined its sides already.
    pub decided: bool,
    /// Every winning move of the side to move (when it wins), in reading order.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::hex::board::named::cells")
    )]
    pub winning_moves: Vec<Coord>,
    /// Every move proved to lose, in reading order.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::hex::board::named::cells")
    )]
    pub losing_moves: Vec<Coord>,
    /// For a side to move that loses, the winner's answer to each of its moves.
    pub replies: Vec<Reply>,
    /// Moves not resolved within the budget.
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "crate::hex::board::named::cells")
    )]
    pub unknown_moves: Vec<Coord>,
    /// The moves not tried, as inferior ([`Solver::solve_considered`]; none otherwise), in
    /// reading order: each on a dead cell, a cell a side has captured (by a pattern, or in a
    /// region a decomposition gives it), a cell dominated by a move tried, or a cell outside
    /// the mustplay region of the position so filled in (where a move does not stop the
    /// opponent's threats there). Any of them may win too, but only when a move tried does.
    #[cfg_attr(
        feature = "serde",
        serde(
            skip_serializing_if = "Vec::is_empty",
            serialize_with = "crate::hex::board::named::cells"
        )
    )]
    pub untried_moves: Vec<Coord>,
    /// With one proof only ([`Solver::decide`]): a winning move of the side to move, when it
    /// wins, as the proof found it (so that a caller can check the claim and play it on).
    #[cfg_attr(
        feature = "serde",
        serde(
            skip_serializing_if = "Option::is_none",
            serialize_with = "crate::hex::board::named::maybe_cell"
        )
    )]
    pub proof_move: Option<Coord>,
    /// With one proof only ([`Solver::decide`]), when the budget ran out first: how far the
    /// search got, as its proof and disproof numbers of the position.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub numbers: Option<Numbers>,
    /// With one proof only ([`Solver::decide`]), when the budget ran out first: the moves the
    /// search tries in the position, best first, each with the numbers its table holds for
    /// the position after it (for the side to move there), so that a caller can go on
    /// where the search stopped.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub open_moves: Vec<OpenMove>,
    /// What the search did.
    pub stats: Stats,
}

/// A move of a position left open by one proof's search ([`Solution::open_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OpenMove {
    /// The move.
    #[cfg_attr(
        feature = "serde",
        serde(rename = "move", serialize_with = "crate::hex::board::named::cell")
    )]
    pub played: Coord,
    /// The numbers of the position after it, for the side to move there, if the search
    /// reached it.
    pub numbers: Option<Numbers>,
}

/// A position's proof and disproof numbers for the side to move, as a proof-number search
/// left them: the fewest positions still to prove that it wins, and that it loses (each 2^30,
/// "never", once the other is proved). A caller that shares one proof out among
/// searches (a master tree over jobs) compares its open positions by them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Numbers {
    /// The proof number: to prove the side to move wins.
    pub proof: u32,
    /// The disproof number: to prove it loses.
    pub disproof: u32,
}

impl Solution {
    /// A position with `to_move` to move on which nothing is proved yet.
    pub fn nothing_proved(to_move: Stone) -> Self {
        Solution {
            to_move,
            winner: None,
            decided: false,
            winning_moves: Vec::new(),
            losing_moves: Vec::new(),
            replies: Vec::new(),
            unknown_moves: Vec::new(),
            untried_moves: Vec::new(),
            proof_move: None,
            numbers: None,
            open_moves: Vec::new(),
            stats: Stats::default(),
        }
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board has too many cells.
    #[error("a board of {cells} cells: the solver takes boards of at most {MAX_CELLS}")]
    TooLarge {
        /// The board's cells.
        cells: usize,
    },
}

/// Solves `board` with `to_move` to move: the winner, every winning move (or, for a losing
/// side, the winner's answer to each of its moves), and what the search did.
///
/// # Errors
/// A board of more than [`MAX_CELLS`] cells.
///
/// # Examples
/// ```
/// use arbiter::hex::solve::{Settings, solve};
/// use arbiter::hex::{Board, Stone, cell_name};
///
/// let solution = solve(&Board::new(4), Stone::Red, &Settings::default()).unwrap();
/// assert_eq!(solution.winner, Some(Stone::Red));
/// let names: Vec<String> = solution.winning_moves.iter().map(|&at| cell_name(at).to_string()).collect();
/// assert_eq!(names, ["d1", "c2", "b3", "a4"]);
/// ```
pub fn solve(board: &Board, to_move: Stone, settings: &Settings) -> Result<Solution, SolveError> {
    Ok(Solver::new(board.rows(), board.cols(), settings)?.solve(board, to_move))
}

/// A solver for the positions of one board shape, keeping what it learns (its table) from one
/// position to the next: the positions of one game share most of their search.
///
/// # Examples
///
/// ```
/// use arbiter::hex::{Board, Stone};
/// use arbiter::hex::solve::{Settings, Solver};
///
/// let mut solver = Solver::new(3, 3, &Settings::default()).unwrap();
/// let board: Board = "...\n.R.\n...".parse().unwrap();
/// // Red's centre stone bridges to both sides: Red wins even with Blue to move.
/// assert_eq!(solver.winner(&board, Stone::Blue), Some(Stone::Red));
/// ```
pub struct Solver {
    search: Box<dyn Solve>,
    settings: Settings,
}

impl Solver {
    /// A solver for `rows` x `cols` boards.
    ///
    /// # Errors
    /// A board of more than [`MAX_CELLS`] cells.
    pub fn new(rows: usize, cols: usize, settings: &Settings) -> Result<Solver, SolveError> {
        let cells = rows * cols;
        let search: Box<dyn Solve> = if cells <= 64 {
            Box::new(Searches::<u64>::new(Geometry::new(rows, cols), settings))
        } else if cells <= 128 {
            Box::new(Searches::<u128>::new(Geometry::new(rows, cols), settings))
        } else if cells <= MAX_CELLS {
            Box::new(Searches::<Wide>::new(Geometry::new(rows, cols), settings))
        } else {
            return Err(SolveError::TooLarge { cells });
        };
        Ok(Solver {
            search,
            settings: *settings,
        })
    }

    /// Solves a position completely: every move of the side to move, within the budget
    /// (counted from now).
    pub fn solve(&mut self, board: &Board, to_move: Stone) -> Solution {
        self.search
            .complete(board, to_move, self.settings.budget, true)
    }

    /// Solves a position as Benzene's `dfpn-solver-find-winning` does: only the moves that
    /// inferior-cell analysis leaves are tried (not those on dead cells, on cells either side
    /// has captured, by a pattern or by a decomposition, dominated by another move, or
    /// outside the mustplay region), within the budget (counted from now).
    /// The winning moves named are those among them, and the moves left out are listed
    /// ([`Solution::untried_moves`]): any of them may win too, but only when a move tried
    /// does, so at least one move is named whenever the side to move wins. A losing side's
    /// moves are all proved lost, as by [`Solver::solve`]. Often far quicker than every
    /// move's proof: a move into the opponent's captured pair can take as long as the rest.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::hex::solve::{Settings, Solver};
    /// use arbiter::hex::{Board, Stone, parse_cell};
    ///
    /// // Red's b3 has captured a4 and b4 (Blue's stone on either would be dead), so a Red
    /// // move there is a pass and is not tried; every move named wins, as the complete set
    /// // says.
    /// let board: Board = "....\n....\n.R..\n..B.".parse().unwrap();
    /// let mut solver = Solver::new(4, 4, &Settings::default()).unwrap();
    /// let every = solver.solve(&board, Stone::Red);
    /// let tried = solver.solve_considered(&board, Stone::Red);
    /// assert_eq!(tried.winner, Some(Stone::Red));
    /// assert!(!tried.winning_moves.is_empty());
    /// assert!(tried.winning_moves.iter().all(|at| every.winning_moves.contains(at)));
    /// for corner in ["a4", "b4"] {
    ///     assert!(tried.untried_moves.contains(&parse_cell(corner).unwrap()));
    /// }
    /// ```
    pub fn solve_considered(&mut self, board: &Board, to_move: Stone) -> Solution {
        self.search
            .complete(board, to_move, self.settings.budget, false)
    }

    /// Only the winner of a position, within the budget (counted from now): `None` when the
    /// budget ran out first.
    pub fn winner(&mut self, board: &Board, to_move: Stone) -> Option<Stone> {
        self.search.winner(board, to_move, self.settings.budget)
    }

    /// Only who wins a position, as a solution with no moves (within the budget, counted from
    /// now): [`Solver::winner`] with what the search did.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::hex::solve::{Settings, Solver};
    /// use arbiter::hex::{Board, Stone};
    ///
    /// let mut solver = Solver::new(5, 5, &Settings::default()).unwrap();
    /// let solution = solver.decide(&Board::new(5), Stone::Blue);
    /// assert_eq!(solution.winner, Some(Stone::Blue));
    /// assert!(solution.winning_moves.is_empty());
    /// ```
    pub fn decide(&mut self, board: &Board, to_move: Stone) -> Solution {
        self.search.decide(board, to_move, self.settings.budget)
    }

    /// The positions this solver's own search has visited so far, over every position asked.
    pub fn positions(&self) -> u64 {
        self.search.positions()
    }

    /// Answers from `store` what it has proved, and adds to it every position this solver
    /// proves from now on that took some work ([`super::WORTH_KEEPING`] positions) or was
    /// asked (each position solved, and each of its moves); the caller saves it
    /// ([`super::Store::save`]).
    pub fn keep_proofs_in(&mut self, store: &SharedStore) {
        self.search.keep_proofs_in(store.clone());
    }
}

/// The solver's work on positions, for every set type.
trait Solve {
    /// Every move's value (`every`), or those of the moves inferior-cell analysis leaves.
    fn complete(
        &mut self,
        board: &Board,
        to_move: Stone,
        budget: Option<Duration>,
        every: bool,
    ) -> Solution;
    fn winner(&mut self, board: &Board, to_move: Stone, budget: Option<Duration>) -> Option<Stone>;
    fn decide(&mut self, board: &Board, to_move: Stone, budget: Option<Duration>) -> Solution;
    fn positions(&self) -> u64;
    fn keep_proofs_in(&mut self, store: SharedStore);
}

/// A search, and the settings to start helpers with: the moves of a position are shared out
/// among [`Settings::threads`] searches, this one and helpers sharing its tables, and one
/// proof is searched by all of them at once.
struct Searches<B: Cells> {
    main: Search<B>,
    settings: Settings,
    /// The solution store consulted and added to, if any.
    store: Option<SharedStore>,
    /// The helpers' proofs, for [`Searches::bank`].
    helped: Vec<(u64, Proved)>,
}

impl<B: Cells> Searches<B> {
    fn new(geometry: Geometry<B>, settings: &Settings) -> Self {
        Searches {
            main: Search::new(
                geometry,
                settings.megabytes * settings.threads.max(1),
                settings.techniques,
            ),
            settings: *settings,
            store: None,
            helped: Vec::new(),
        }
    }

    /// Before the searches of one position: the main search consults the store's proofs of
    /// this board shape and keeps its own (helpers started for the position do too).
    fn consult(&mut self) {
        let Some(store) = &self.store else {
            return;
        };
        let geometry = self.main.geometry;
        let known = store.lock().known(geometry.rows, geometry.cols);
        self.main.keep_proofs(Some(known.unwrap_or_default()));
    }

    /// After the searches of one position: adds the proofs kept (the main search's and its
    /// helpers') to the store.
    fn bank(&mut self) {
        let Some(store) = &self.store else {
            return;
        };
        let mut proofs = self.main.take_proofs();
        proofs.append(&mut self.helped);
        let geometry = self.main.geometry;
        store.lock().add(geometry.rows, geometry.cols, proofs);
    }

    fn position_of(&self, board: &Board, to_move: Stone) -> Position<B> {
        let geometry = self.main.geometry;
        let mut stones = [B::NONE; 2];
        for colour in Stone::ALL {
            for at in board.stones(colour) {
                stones[colour.index()] |= B::bit(geometry.index(at.row, at.col));
            }
        }
        Position::new(stones, to_move, &self.main.keys)
    }

    /// Whether each of `cells`, played in `position`, wins for the player (`None` when the
    /// deadline came first), shared out among the threads ([`Shares`]): each search takes
    /// the next cell not yet taken, so that a thread that drew quick cells goes on to more,
    /// and once none is left joins a search still running. With `root_first`, this thread
    /// solves `position` itself before it takes any (see [`Searches::solve_root`]), while the
    /// others start on the cells.
    fn solve_moves(
        &mut self,
        position: &mut Position<B>,
        cells: &[usize],
        root_first: bool,
    ) -> (Vec<(usize, Option<bool>)>, Root) {
        let threads = self.settings.threads.clamp(1, cells.len().max(1));
        let shares = Shares::new(cells);
        if threads == 1 {
            let root = self.solve_root(position, root_first, &shares);
            return (solve_taken(&mut self.main, position, &shares), root);
        }
        let shares = &shares;
        let ((root, mut values), more) = self.with_helpers(
            threads,
            position,
            |helper, position| solve_taken(helper, position, shares),
            |searches, position| {
                let root = searches.solve_root(position, root_first, shares);
                (root, solve_taken(&mut searches.main, position, shares))
            },
        );
        values.extend(more.into_iter().flatten());
        one_value_a_cell(&mut values);
        (values, root)
    }

    /// Runs `work` on `threads - 1` helpers sharing the main search's tables
    /// ([`Search::helper`]), each on a thread of the pool with a copy of `position`, while
    /// `main` runs on this one; adds the helpers' statistics and proofs to the main search's,
    /// and returns what `main` returned and what each helper's `work` did.
    fn with_helpers<T: Send, R>(
        &mut self,
        threads: usize,
        position: &mut Position<B>,
        work: impl Fn(&mut Search<B>, &mut Position<B>) -> T + Sync,
        main: impl FnOnce(&mut Self, &mut Position<B>) -> R,
    ) -> (R, Vec<T>) {
        let helped = std::sync::Mutex::new(Vec::new());
        let helpers: Vec<Search<B>> = (1..threads).map(|_| self.main.helper()).collect();
        let (start, work) = (*position, &work);
        let mine = crate::pool::in_place_scope(|scope| {
            for mut helper in helpers {
                let helped = &helped;
                scope.spawn(move |_| {
                    let done = work(&mut helper, &mut start.clone());
                    if let Ok(mut helped) = helped.lock() {
                        helped.push((done, helper.stats, helper.take_proofs()));
                    }
                });
            }
            main(self, position)
        });
        let mut theirs = Vec::new();
        for (done, counts, found) in helped.into_inner().unwrap_or_default() {
            theirs.push(done);
            self.main.stats.add(counts);
            self.helped.extend(found);
        }
        (mine, theirs)
    }

    /// When `wanted`, solves `position` itself, in at most half the time left: one search
    /// that prunes as the search inside does finds the winner and a winning move far sooner
    /// than the moves one by one (Benzene's 8 x 8 puzzles), and when the side to move loses,
    /// it has proved every move lost, so no thread takes another ([`Shares::close`]).
    fn solve_root(&mut self, position: &mut Position<B>, wanted: bool, shares: &Shares) -> Root {
        if !wanted {
            return Root::default();
        }
        let deadline = self.main.deadline();
        let now = Instant::now();
        self.main
            .set_deadline(deadline.map(|end| now + end.saturating_duration_since(now) / 2));
        let value = self.main.solve(position);
        if let Some(wins) = value {
            self.main.note(position, wins);
        }
        let winning = match value {
            Some(true) => self.main.winning_move(position),
            _ => None,
        };
        self.main.set_deadline(deadline);
        if value == Some(false) {
            shares.close();
        }
        Root { value, winning }
    }

    /// Whether the side to move wins `position` (`None` when the deadline came first),
    /// searched by every thread at once, sharing the tables ([`Search::helper`]): the first
    /// to prove it stops the others.
    fn solve_together(&mut self, position: &mut Position<B>) -> Option<bool> {
        let threads = self.settings.threads.max(1);
        if threads == 1 {
            return self.main.solve(position);
        }
        self.main.stop_together(false);
        let (value, _) = self.with_helpers(
            threads,
            position,
            |helper, position| {
                if helper.solve(position).is_some() {
                    helper.stop_together(true);
                }
            },
            |searches, position| {
                let value = searches.main.solve(position);
                searches.main.stop_together(true);
                value
            },
        );
        self.main.stop_together(false);
        // Stopped by a helper that proved it: the table holds the proof.
        value.or_else(|| self.main.proved(position))
    }
}

/// What the search of a position itself found (see [`Searches::solve_root`]).
#[derive(Clone, Copy, Debug, Default)]
struct Root {
    /// Whether the side to move wins, when proved.
    value: Option<bool>,
    /// A winning move, when it wins.
    winning: Option<usize>,
}

/// The cells one [`Searches::solve_moves`] shares out among its threads: which is next, which
/// are done, and how many threads search each.
struct Shares<'a> {
    cells: &'a [usize],
    /// The next cell not yet taken (past the end once all are).
    next: AtomicUsize,
    /// Per cell: whether a search of it has finished.
    done: Box<[AtomicBool]>,
    /// Per cell: how many threads search it now.
    searchers: Box<[AtomicU32]>,
    /// Set when no cell is wanted any more (the position itself proved lost).
    closed: AtomicBool,
}

impl<'a> Shares<'a> {
    fn new(cells: &'a [usize]) -> Self {
        Shares {
            cells,
            next: AtomicUsize::new(0),
            done: cells.iter().map(|_| AtomicBool::new(false)).collect(),
            searchers: cells.iter().map(|_| AtomicU32::new(0)).collect(),
            closed: AtomicBool::new(false),
        }
    }

    /// Wants no more cells searched: none is taken or joined from now on.
    fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
    }

    /// The next cell for a thread: one not yet taken, else one whose search another thread
    /// is still running and the fewest join (two threads on one position share its proof,
    /// [`Search::helper`]; a long last move no longer runs alone); `None` when every cell is
    /// done or none is wanted.
    fn next_for_a_thread(&self) -> Option<usize> {
        if self.closed.load(Ordering::Relaxed) {
            return None;
        }
        let taken = self.next.fetch_add(1, Ordering::Relaxed);
        let at = if taken < self.cells.len() {
            taken
        } else {
            (0..self.cells.len())
                .filter(|&at| !self.done[at].load(Ordering::Relaxed))
                .min_by_key(|&at| self.searchers[at].load(Ordering::Relaxed))?
        };
        self.searchers[at].fetch_add(1, Ordering::Relaxed);
        Some(at)
    }

    /// Notes that a thread's search of the cell at `at` has finished.
    fn finish(&self, at: usize) {
        self.done[at].store(true, Ordering::Relaxed);
        self.searchers[at].fetch_sub(1, Ordering::Relaxed);
    }
}

/// The coordinates of a cell index (row by row) on a board of `cols` columns.
fn cell_at(cols: usize, cell: usize) -> Coord {
    Coord {
        row: cell / cols,
        col: cell % cols,
    }
}

/// Keeps one value for each cell of `values`, in the order of the cells: a cell that two
/// threads searched comes twice, and a value found stands over `None` (a search the deadline
/// stopped).
fn one_value_a_cell(values: &mut Vec<(usize, Option<bool>)>) {
    values.sort_by_key(|&(cell, value)| (cell, value.is_none()));
    values.dedup_by_key(|&mut (cell, _)| cell);
}

/// The moves of `mover` worth trying in the position `filled` (the position filled in for
/// `mover`, [`inferior::fill_in_for`], and further with the regions decompositions give
/// either colour, [`Search::reduced_for`], with `dominated` its dominated moves there and
/// `must` its mustplay region there): its empty cells in the mustplay region but the
/// dominated ones. When `mover` wins, one of them does: the filled position has the
/// position's value, a move that wins it wins the position (the cells filled stay fillable
/// after a move of `mover`'s, and the opponent's stones on them only make a win harder; for
/// a decomposition's region the property tests check it against the exhaustive search),
/// every move outside the mustplay region loses it (the opponent answers at the key
/// of the semi connection the move misses and has joined its sides), and a dominated move's
/// killers lead to a cell tried that is no worse (so winning too, and in the region). All the
/// empty cells when none is left (every one filled, dominated or outside the region: the
/// side to move loses, which the search of the position itself soon shows).
fn considered<B: Cells>(geometry: &Geometry<B>, filled: [B; 2], dominated: B, must: B) -> B {
    let left = geometry.board & !(filled[0] | filled[1]) & must;
    match left & !dominated {
        none if none.is_empty() => geometry.board,
        tried => tried,
    }
}

/// Takes the cells that `shares` hands out one by one and says whether each, played in
/// `position` by the side to move, wins for it.
fn solve_taken<B: Cells>(
    search: &mut Search<B>,
    position: &mut Position<B>,
    shares: &Shares,
) -> Vec<(usize, Option<bool>)> {
    let mut values = Vec::new();
    while let Some(at) = shares.next_for_a_thread() {
        let cell = shares.cells[at];
        position.play(cell, &search.keys);
        let reply_wins = search.solve_move(position);
        if let Some(wins) = reply_wins {
            search.note(position, wins);
        }
        position.undo(cell, &search.keys);
        shares.finish(at);
        super::progress::move_decided(reply_wins.map(|wins| !wins));
        values.push((cell, reply_wins.map(|wins| !wins)));
    }
    values
}

impl<B: Cells> Solve for Searches<B> {
    fn positions(&self) -> u64 {
        self.main.stats.nodes
    }

    fn keep_proofs_in(&mut self, store: SharedStore) {
        self.store = Some(store);
    }

    fn decide(&mut self, board: &Board, to_move: Stone, budget: Option<Duration>) -> Solution {
        let started = Instant::now();
        // One proof: no root moves to count.
        super::progress::position_started(0);
        let before = self.main.stats;
        let position = self.position_of(board, to_move);
        let mut solution = Solution::nothing_proved(to_move);
        solution.decided = Stone::ALL
            .into_iter()
            .any(|side| position.joined(side, &self.main.geometry));
        solution.winner = self.winner(board, to_move, budget);
        let mut position = self.position_of(board, to_move);
        match solution.winner {
            _ if solution.decided => {}
            Some(winner) if winner == to_move => {
                // The proof is in the table: its move is found again at once, unless the
                // table lost it (then within the budget, or a second if the budget is less).
                self.main.set_deadline(
                    budget.map(|budget| Instant::now() + budget.max(Duration::from_secs(1))),
                );
                let cols = self.main.geometry.cols;
                solution.proof_move = self
                    .main
                    .winning_move(&mut position)
                    .map(|cell| cell_at(cols, cell));
            }
            Some(_) => {}
            None => {
                let (proof, disproof) = self.main.last_numbers();
                solution.numbers = Some(Numbers { proof, disproof });
                let cols = self.main.geometry.cols;
                solution.open_moves = self
                    .main
                    .open_moves(&mut position)
                    .into_iter()
                    .map(|(cell, numbers)| OpenMove {
                        played: cell_at(cols, cell),
                        numbers: numbers.map(|(proof, disproof)| Numbers { proof, disproof }),
                    })
                    .collect();
            }
        }
        self.finish(solution, before, started)
    }

    fn winner(&mut self, board: &Board, to_move: Stone, budget: Option<Duration>) -> Option<Stone> {
        self.main
            .set_deadline(budget.map(|budget| Instant::now() + budget));
        let mut position = self.position_of(board, to_move);
        let me = position.to_move;
        for side in [me, me.other()] {
            if position.joined(side, &self.main.geometry) {
                return Some(side);
            }
        }
        self.consult();
        let value = self.solve_together(&mut position);
        if let Some(wins) = value {
            self.main.note(&position, wins);
        }
        self.bank();
        value.map(|wins| if wins { to_move } else { to_move.other() })
    }

    fn complete(
        &mut self,
        board: &Board,
        to_move: Stone,
        budget: Option<Duration>,
        every: bool,
    ) -> Solution {
        let started = Instant::now();
        let before = self.main.stats;
        self.main
            .set_deadline(budget.map(|budget| started + budget));
        let geometry = self.main.geometry;
        let coord = |cell: usize| cell_at(geometry.cols, cell);
        let mut position = self.position_of(board, to_move);
        let me = position.to_move;
        let empty = position.empty(&geometry);
        let mut solution = Solution::nothing_proved(to_move);
        for side in [me, me.other()] {
            if position.joined(side, &geometry) {
                solution.decided = true;
                solution.winner = Some(side);
                if side == me {
                    solution.winning_moves = empty.iter().map(coord).collect();
                }
                return self.finish(solution, before, started);
            }
        }
        self.consult();
        super::progress::position_started(empty.count() as usize);
        let (values, root, untried) = self.move_values(&mut position, every);
        for &(cell, value) in &values {
            match value {
                Some(true) => solution.winning_moves.push(coord(cell)),
                Some(false) => solution.losing_moves.push(coord(cell)),
                None => solution.unknown_moves.push(coord(cell)),
            }
        }
        super::progress::position_finished(
            solution.winning_moves.len(),
            solution.losing_moves.len(),
        );
        if !solution.winning_moves.is_empty() || root.value == Some(true) {
            solution.winner = Some(to_move);
            solution.untried_moves = untried.iter().map(coord).collect();
        } else if solution.unknown_moves.is_empty() {
            // Every move tried lost, so every move loses: had one left out won, one tried
            // would have.
            solution.winner = Some(me.other());
            solution.losing_moves = empty.iter().map(coord).collect();
            for cell in empty.iter() {
                position.play(cell, &self.main.keys);
                let reply = self.main.winning_move(&mut position).map(coord);
                position.undo(cell, &self.main.keys);
                solution.replies.push(Reply {
                    played: coord(cell),
                    reply,
                });
            }
        } else {
            solution.untried_moves = untried.iter().map(coord).collect();
        }
        self.finish(solution, before, started)
    }
}

impl<B: Cells> Searches<B> {
    /// Whether each move of the side to move wins (`None`: the deadline came first), every
    /// empty cell's in reading order, and what the search of the position itself found, with
    /// as few searches as what is known of the moves allows:
    ///
    /// - the position itself is solved first, on one thread while the others take moves
    ///   ([`Searches::solve_root`]): its winning move needs no search of its own, and when
    ///   the side to move loses, every move is lost;
    /// - a position that a half turn maps onto itself has the same value after a move and
    ///   after its image, so each pair is solved once;
    /// - every move that is a pass (on a dead cell, or a cell the mover has captured,
    ///   [`inferior::FillIn::passes`]) has the pass's value: one of them is solved for all;
    /// - a dominated move is never better than its killer, the reply that kills it or the
    ///   move that captures it ([`inferior::killers`], [`inferior::vulnerable_cells`]):
    ///   after the others, it is solved only when its killer wins, and loses with it else;
    /// - a move that leaves the position symmetric under a swap of the colours loses
    ///   ([`inferior::mirror_losses`]).
    ///
    /// Unless `every`, the moves [`considered`] leaves out are not tried, and are returned
    /// apart (those whose value is not known all the same).
    ///
    /// The moves far from the centre are taken first: theirs are most often the long searches
    /// (on 7 x 7, the edge openings), and a long one taken last would run alone at the end.
    fn move_values(
        &mut self,
        position: &mut Position<B>,
        every: bool,
    ) -> (Vec<(usize, Option<bool>)>, Root, B) {
        let geometry = self.main.geometry;
        let (stones, me) = (position.stones, position.to_move);
        let empty = position.empty(&geometry);
        let rotated = |set: B| {
            set.iter()
                .fold(B::NONE, |r, cell| r | B::bit(geometry.rotated(cell)))
        };
        let symmetric = rotated(stones[0]) == stones[0] && rotated(stones[1]) == stones[1];
        let (passes, killer, untried) = if self.settings.techniques.inferior {
            let rules = self.settings.techniques.fill_rules(Rules::for_mover(me));
            let fill = inferior::fill_in_with(&geometry, stones, rules);
            let killer = inferior::killers(&geometry, fill.stones, me);
            let dominated = inferior::vulnerable_cells(&geometry, fill.stones, me);
            let passes = fill.passes(me) & empty;
            let untried = match every {
                true => B::NONE,
                false => {
                    let (reduced, must) = self.main.reduced_for(fill.stones, me);
                    let dominated = match reduced == fill.stones {
                        true => dominated,
                        false => inferior::vulnerable_cells(&geometry, reduced, me),
                    };
                    empty & !considered(&geometry, reduced, dominated, must)
                }
            };
            let killer: Vec<usize> = (0..geometry.cells())
                .map(|cell| {
                    let kept = !dominated.has(cell) || passes.has(cell);
                    if kept { usize::MAX } else { killer[cell] }
                })
                .collect();
            (passes, killer, untried)
        } else {
            (B::NONE, vec![usize::MAX; geometry.cells()], B::NONE)
        };
        // A cell left out whose image is tried is tried too: its value is the image's.
        let untried = match symmetric {
            true => untried & !rotated(empty & !untried),
            false => untried,
        };
        // The cell whose value each cell takes: itself, the first pass, or its image.
        let first_pass = passes.first();
        let canonical = |cell: usize| match first_pass {
            Some(pass) if passes.has(cell) => pass,
            _ if symmetric
                && geometry.rotated(cell) < cell
                && !passes.has(geometry.rotated(cell)) =>
            {
                geometry.rotated(cell)
            }
            _ => cell,
        };
        // Moves that leave a colour-swapped symmetry lose without a search.
        let lost = if self.settings.techniques.inferior {
            inferior::mirror_losses(&geometry, stones, me)
        } else {
            B::NONE
        };
        let mut value: Vec<Option<Option<bool>>> = vec![None; geometry.cells()];
        for cell in lost.iter() {
            value[canonical(cell)] = Some(Some(false));
        }
        let own: Vec<usize> = self
            .main
            .outside_in()
            .filter(|&cell| {
                empty.has(cell)
                    && !untried.has(cell)
                    && canonical(cell) == cell
                    && value[cell].is_none()
            })
            .collect();
        let (mut pending, first): (Vec<usize>, Vec<usize>) = own
            .into_iter()
            .partition(|&cell| killer[cell] != usize::MAX);
        // With one move to try, a search of the position itself would try it and perhaps
        // others its own expansion leaves in: the move alone is quicker.
        let (solved, root) = self.solve_moves(position, &first, first.len() > 1);
        if root.value == Some(false) {
            let lost = empty.iter().map(|cell| (cell, Some(false))).collect();
            return (lost, root, B::NONE);
        }
        for (cell, won) in solved {
            value[cell] = Some(won);
        }
        if let Some(cell) = root.winning {
            value[canonical(cell)] = Some(Some(true));
        }
        pending.retain(|&cell| value[cell].is_none());
        while !pending.is_empty() {
            // A dominated move loses with its killer, and is solved when the killer wins or
            // its value is unknown; one whose killer waits too waits (all of them are solved
            // when nothing else is left).
            let waits = |cell: usize| pending.contains(&canonical(killer[cell]));
            let mut todo = Vec::new();
            let mut later = Vec::new();
            for &cell in &pending {
                match value[canonical(killer[cell])] {
                    Some(Some(false)) => value[cell] = Some(Some(false)),
                    _ if waits(cell) => later.push(cell),
                    _ => todo.push(cell),
                }
            }
            if todo.is_empty() && later.len() == pending.len() {
                todo = later;
                later = Vec::new();
            }
            pending = later;
            for (cell, won) in self.solve_moves(position, &todo, false).0 {
                value[cell] = Some(won);
            }
        }
        let value = |cell: usize| value[canonical(cell)].flatten();
        let untried = untried
            .iter()
            .filter(|&cell| value(cell).is_none())
            .fold(B::NONE, |set, cell| set | B::bit(cell));
        let values = (empty & !untried)
            .iter()
            .map(|cell| (cell, value(cell)))
            .collect();
        (values, root, untried)
    }

    fn finish(&mut self, mut solution: Solution, before: Stats, started: Instant) -> Solution {
        self.bank();
        let elapsed = started.elapsed();
        solution.stats = Stats {
            milliseconds: elapsed.as_millis() as u64,
            microseconds: elapsed.as_micros() as u64,
            table_entries: self.main.table_entries(),
            ..self.main.stats.since(before)
        };
        solution
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_budget_is_written_once_in_seconds_and_as_a_duration() {
        let seconds: u64 = DEFAULT_BUDGET_SECONDS.parse().unwrap();
        assert_eq!(Duration::from_secs(seconds), DEFAULT_BUDGET);
    }

    #[test]
    fn a_thread_takes_each_cell_once_then_joins_the_search_fewest_threads_are_in() {
        let cells = [7, 3, 9];
        let shares = Shares::new(&cells);
        assert_eq!(shares.next_for_a_thread(), Some(0));
        assert_eq!(shares.next_for_a_thread(), Some(1));
        assert_eq!(shares.next_for_a_thread(), Some(2));
        shares.finish(0);
        // Every cell taken: the unfinished ones are joined, the fewest searchers first.
        assert_eq!(shares.next_for_a_thread(), Some(1));
        assert_eq!(shares.next_for_a_thread(), Some(2));
        shares.finish(2);
        assert_eq!(shares.next_for_a_thread(), Some(1));
        for _ in 0..3 {
            shares.finish(1);
        }
        shares.finish(2);
        assert_eq!(shares.next_for_a_thread(), None);
    }

    #[test]
    fn once_closed_no_cell_is_taken_or_joined() {
        let cells = [1, 2];
        let shares = Shares::new(&cells);
        assert_eq!(shares.next_for_a_thread(), Some(0));
        shares.close();
        assert_eq!(shares.next_for_a_thread(), None);
    }

    #[test]
    fn a_cell_searched_twice_keeps_the_value_found() {
        let mut values = vec![
            (5, None),
            (2, Some(true)),
            (5, Some(false)),
            (2, Some(true)),
        ];
        one_value_a_cell(&mut values);
        assert_eq!(values, [(2, Some(true)), (5, Some(false))]);
        let mut stopped = vec![(4, None), (4, None)];
        one_value_a_cell(&mut stopped);
        assert_eq!(stopped, [(4, None)]);
    }
}
