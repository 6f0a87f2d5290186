//! arbiter's own estimate of a finished game's dead stones without a network, in three steps
//! from the certain to the judged:
//!
//! 1. Benson's unconditional life (module `benson`): chains no attack can kill are alive,
//!    and enemy stones inside their small eyes are dead.
//! 2. Eye space, read as a strong player reads a finished game (both sides have passed, so
//!    whatever could still live has already made its eyes): for each colour, its *enclosed
//!    areas* are the connected sets of points without its stones. An area that holds two
//!    eyes of the other colour (enclosed areas of the other colour lying wholly inside it) is
//!    shared; any other is an eye of the chains around it, worth one eye when it is a false
//!    eye or at most three points, two when larger. Chains sharing eyes form a group; a group
//!    with two eyes lives, and the enemy stones in its eyes are dead.
//! 3. What is still open (seki, fights) is judged by seeded random playouts from the
//!    position with the dead stones of 1 and 2 taken off, as Monte-Carlo dead-stone finders
//!    do: both sides play a light policy (capture what the last move left in atari, save what
//!    it attacked, otherwise random moves that fill no own eye) until neither can move, and a
//!    chain is dead when its points end up the other colour's more often than its own. The
//!    seed is fixed, so the same record always gets the same answer.
//!
//! It serves where the network cannot (boards wider than 19, builds without it) and as
//! `--dead playouts`.

use rand_core::{RngCore, SeedableRng};

use super::board::{self, Board};
use super::dead::{self, Call, ChainCall, Estimate, Estimator};
use super::position::Stone;

/// How many playouts the estimate runs on boards up to 19 x 19: enough to settle the statuses
/// a strong player calls obvious, few enough to stay well under a millisecond.
pub const PLAYOUTS: usize = 24;

/// The playouts for a board of `points` points: [`PLAYOUTS`] up to 19 x 19, fewer on larger
/// boards (an even number, at least four), so that their moves stay within what 24 playouts
/// on 19 x 19 play: a record of a few bytes may declare 52 x 52, and the estimate's time
/// stays linear in the board.
///
/// ```
/// use arbiter::go::playouts::{PLAYOUTS, playouts};
///
/// assert_eq!(playouts(19 * 19), PLAYOUTS);
/// assert_eq!(playouts(9 * 9), PLAYOUTS);
/// assert_eq!(playouts(25 * 25), 12);
/// assert_eq!(playouts(52 * 52), 4);
/// ```
pub fn playouts(points: usize) -> usize {
    let within = PLAYOUTS * 361 / points.max(1);
    (within & !1).clamp(4, PLAYOUTS)
}

/// What the estimate has found out about a stone so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Open,
    Alive,
    Dead,
}

/// The playout estimate of a finished position's dead stones, `to_move` moving next (see the
/// module's notes).
pub(crate) fn estimate(board: &Board, to_move: Stone) -> Estimate {
    let points: Vec<usize> = board.points().collect();
    let fate = dead::certain(board);
    let mut status: Vec<Status> = fate
        .iter()
        .map(|f| match f {
            Some(true) => Status::Dead,
            Some(false) => Status::Alive,
            None => Status::Open,
        })
        .collect();
    eye_space(board, &mut status);
    let open = points
        .iter()
        .any(|&p| board.stone(p).is_some() && status[p] == Status::Open);
    let balance = if open {
        // The playouts start from the position with the dead stones settled so far off.
        let mut settled = board.clone();
        for &p in &points {
            if status[p] == Status::Dead && settled.stone(p).is_some() {
                settled.clear(p);
            }
        }
        playout_balance(&settled, to_move, &points)
    } else {
        Vec::new()
    };
    let runs = playouts(points.len()) as f32;
    let mut chains = Vec::new();
    for (stone, stones) in board::chains(board) {
        let head = stones[0];
        let (dead, call, taken) = match (status[head], fate[head]) {
            (Status::Open, _) => {
                let sum: i32 = stones.iter().map(|&s| balance[s]).sum();
                let own = match stone {
                    Stone::Black => sum,
                    Stone::White => -sum,
                } as f32;
                let taken = (1.0 - own / (runs * stones.len() as f32)) / 2.0;
                (own < 0.0, Call::Playouts, taken)
            }
            (s, Some(_)) => (
                s == Status::Dead,
                Call::Benson,
                f32::from(s == Status::Dead),
            ),
            (s, None) => (
                s == Status::Dead,
                Call::EyeSpace,
                f32::from(s == Status::Dead),
            ),
        };
        chains.push(ChainCall {
            stones,
            stone,
            dead,
            call,
            taken,
            visits: 0,
        });
    }
    Estimate {
        by: Estimator::Playouts,
        chains,
        ownership: None,
        visits: 0,
    }
}

/// The connected sets of points without `stone`'s stones: per point its area's number
/// (`u32::MAX` for `stone`'s own stones), and per area its points.
fn enclosed_areas(board: &Board, stone: Stone, cells: usize) -> (Vec<u32>, Vec<Vec<usize>>) {
    let mut area_of = vec![u32::MAX; cells];
    let mut areas: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for start in board.points() {
        if board.stone(start) == Some(stone) || area_of[start] != u32::MAX {
            continue;
        }
        let number = areas.len() as u32;
        let mut area = Vec::new();
        area_of[start] = number;
        stack.push(start);
        while let Some(p) = stack.pop() {
            area.push(p);
            for n in board.around(p) {
                if !board.is_edge(n) && board.stone(n) != Some(stone) && area_of[n] == u32::MAX {
                    area_of[n] = number;
                    stack.push(n);
                }
            }
        }
        areas.push(area);
    }
    (area_of, areas)
}

/// How many eyes an enclosed area of `stone` is worth: counted on its empty points that no
/// enemy stone touches (the room `stone` has to make eyes in; enemy stones there, and the
/// points next to them, are not yet its): none without such a point, none for a lone false
/// eye, one for at most three points, two for more.
fn eyes_in(board: &Board, stone: Stone, area: &[usize]) -> u32 {
    let enemy = board::other(stone);
    let room: Vec<usize> = area
        .iter()
        .copied()
        .filter(|&p| {
            board.is_empty(p)
                && !board
                    .around(p)
                    .iter()
                    .any(|&n| board.stone(n) == Some(enemy))
        })
        .collect();
    match room.len() {
        0 => 0,
        1 if area.len() == 1 && !board.is_eye(room[0], stone) => 0,
        1..=3 => 1,
        _ => 2,
    }
}

/// Step 2 of the estimate: eye space in a finished game (see the module's notes). Settles
/// the stones it can prove alive or dead and leaves the rest open.
fn eye_space(board: &Board, status: &mut [Status]) {
    let cells = status.len();
    let colours = [Stone::Black, Stone::White];
    let enclosed = colours.map(|stone| enclosed_areas(board, stone, cells));
    for (k, &stone) in colours.iter().enumerate() {
        let (area_of, areas) = &enclosed[k];
        let other_areas = &enclosed[1 - k].1;
        let enemy = board::other(stone);
        // The other colour's eyes lying wholly inside each of this colour's areas: enclosed
        // areas of the other colour whose points (this colour's stones aside) and whose
        // surrounding stones all lie in one area of this colour.
        let mut inner = vec![0u32; areas.len()];
        for area in other_areas {
            let mut home = None;
            let mut inside = true;
            let mut visit = |p: usize| {
                let a = area_of[p];
                match home {
                    _ if a == u32::MAX => inside = false,
                    None => home = Some(a),
                    Some(h) if h != a => inside = false,
                    Some(_) => {}
                }
            };
            for &p in area {
                if board.stone(p) != Some(stone) {
                    visit(p);
                }
                for n in board.around(p) {
                    if board.stone(n) == Some(enemy) {
                        visit(n);
                    }
                }
            }
            if let (true, Some(home)) = (inside, home) {
                inner[home as usize] += eyes_in(board, enemy, area);
            }
        }
        // Groups: chains around a common eye, joined in a union-find over chain heads.
        let mut parent: Vec<usize> = (0..cells).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut around: Vec<Vec<usize>> = vec![Vec::new(); areas.len()];
        for (a, area) in areas.iter().enumerate() {
            if inner[a] >= 2 {
                continue;
            }
            let mut heads: Vec<usize> = area
                .iter()
                .flat_map(|&p| board.around(p))
                .filter(|&n| board.stone(n) == Some(stone))
                .map(|n| board.chain(n))
                .collect();
            heads.sort_unstable();
            heads.dedup();
            for pair in heads.windows(2) {
                let (x, y) = (find(&mut parent, pair[0]), find(&mut parent, pair[1]));
                parent[x] = y;
            }
            around[a] = heads;
        }
        let mut eyes = vec![0u32; cells];
        for (a, area) in areas.iter().enumerate() {
            if let Some(&head) = around[a].first() {
                let group = find(&mut parent, head);
                eyes[group] += eyes_in(board, stone, area);
            }
        }
        let lives = |parent: &mut [usize], head: usize| eyes[find(parent, head)] >= 2;
        for p in board.points() {
            if board.stone(p) == Some(stone)
                && status[p] == Status::Open
                && lives(&mut parent, board.chain(p))
            {
                status[p] = Status::Alive;
            }
        }
        for (a, area) in areas.iter().enumerate() {
            let Some(&head) = around[a].first() else {
                continue;
            };
            if !lives(&mut parent, head) {
                continue;
            }
            for &p in area {
                if board.stone(p) == Some(enemy) && status[p] == Status::Open {
                    status[p] = Status::Dead;
                }
            }
        }
    }
}

/// Per point: the playouts that ended with it Black's, less those that ended with it
/// White's, over [`playouts`] seeded playouts from `board`.
fn playout_balance(board: &Board, to_move: Stone, points: &[usize]) -> Vec<i32> {
    let cells = points.last().map_or(0, |&p| p + 1);
    let mut balance = vec![0i32; cells];
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0x0061_7262_6974_6572);
    let mut scratch = Vec::with_capacity(points.len());
    for playout in 0..playouts(points.len()) {
        let mut play = board.clone();
        // Half the playouts let each side move first, so that neither gains a tempo.
        let first = if playout % 2 == 0 {
            to_move
        } else {
            board::other(to_move)
        };
        random_playout(&mut play, first, points, &mut scratch, &mut rng);
        for &p in points {
            balance[p] += match owner(&play, p) {
                Some(Stone::Black) => 1,
                Some(Stone::White) => -1,
                None => 0,
            };
        }
    }
    balance
}

/// Who a point belongs to at the end of a playout: its stone's colour, or the colour of every
/// stone next to it.
fn owner(board: &Board, p: usize) -> Option<Stone> {
    if let Some(stone) = board.stone(p) {
        return Some(stone);
    }
    let mut seen = None;
    for n in board.around(p) {
        if let Some(stone) = board.stone(n) {
            match seen {
                None => seen = Some(stone),
                Some(s) if s != stone => return None,
                _ => {}
            }
        }
    }
    seen
}

/// Plays a playout from the position: `first` moves first, then both sides by the playout
/// policy ([`policy_move`]) until both pass (or a generous move limit, against endless ko
/// fights, is reached).
fn random_playout(
    board: &mut Board,
    first: Stone,
    points: &[usize],
    candidates: &mut Vec<usize>,
    rng: &mut impl RngCore,
) {
    let mut to_move = first;
    let (mut passes, mut last) = (0, None);
    let limit = 3 * points.len() + 50;
    let mut empties = Empties::of(board, points);
    for _ in 0..limit {
        match policy_move(board, to_move, last, &empties, candidates, rng) {
            Some(p) => {
                empties.play(board, p, to_move);
                (passes, last) = (0, Some(p));
            }
            None => {
                board.pass();
                (passes, last) = (passes + 1, None);
                if passes == 2 {
                    break;
                }
            }
        }
        to_move = board::other(to_move);
    }
}

/// The empty points of a playout's board, in the order of the board's points, kept up to date
/// move by move: listing them afresh for every move would take time in the square of the
/// board's points.
struct Empties {
    points: Vec<usize>,
    /// The stones a move took off (a scratch list).
    removed: Vec<usize>,
}

impl Empties {
    fn of(board: &Board, points: &[usize]) -> Self {
        let empty = points.iter().copied().filter(|&p| board.is_empty(p));
        Empties {
            points: empty.collect(),
            removed: Vec::new(),
        }
    }

    /// Plays `me` on the empty point `p`, keeping the list: `p` leaves it, the stones the
    /// move takes off come back.
    fn play(&mut self, board: &mut Board, p: usize, me: Stone) {
        self.removed.clear();
        board.play_noting(p, me, &mut self.removed);
        if let Ok(at) = self.points.binary_search(&p) {
            self.points.remove(at);
        }
        for &q in &self.removed {
            if let Err(at) = self.points.binary_search(&q) {
                self.points.insert(at, q);
            }
        }
    }
}

/// The playout policy, a light one as Monte-Carlo programs use: take an enemy chain that the
/// last move left in atari; save an own chain it put in atari by extending to two liberties;
/// else a random legal move that fills no own eye and puts no chain of two stones or more in
/// atari. `None` to pass.
fn policy_move(
    board: &Board,
    me: Stone,
    last: Option<usize>,
    empties: &Empties,
    candidates: &mut Vec<usize>,
    rng: &mut impl RngCore,
) -> Option<usize> {
    if let Some(q) = last {
        let around = board.around(q);
        for n in std::iter::once(q).chain(around) {
            if board.stone(n) == Some(board::other(me))
                && let Some(liberty) = board.single_liberty(n)
                && board.is_legal(liberty, me)
            {
                return Some(liberty);
            }
        }
        for n in around {
            if board.stone(n) == Some(me)
                && let Some(liberty) = board.single_liberty(n)
                && board.is_legal(liberty, me)
                && !self_atari(board, liberty, me)
            {
                return Some(liberty);
            }
        }
    }
    // Drawn from the empty points one by one, a rejected one set aside (the list is copied
    // only when the first draw is rejected, as it seldom is until the board fills up).
    let acceptable = |p| board.is_legal(p, me) && !board.is_eye(p, me) && !self_atari(board, p, me);
    let count = empties.points.len();
    if count == 0 {
        return None;
    }
    let pick = (rng.next_u64() % count as u64) as usize;
    if acceptable(empties.points[pick]) {
        return Some(empties.points[pick]);
    }
    candidates.clear();
    candidates.extend_from_slice(&empties.points);
    candidates.swap_remove(pick);
    while !candidates.is_empty() {
        let pick = (rng.next_u64() % candidates.len() as u64) as usize;
        let p = candidates.swap_remove(pick);
        if acceptable(p) {
            return Some(p);
        }
    }
    None
}

/// Whether `me` playing on the empty point `p` leaves a chain of two stones or more with one
/// liberty, without capturing anything (a lone stone may throw itself in).
fn self_atari(board: &Board, p: usize, me: Stone) -> bool {
    let around = board.around(p);
    let mut liberties = TwoLiberties::default();
    for &n in &around {
        if board.is_empty(n) {
            liberties.add(n);
        }
    }
    if liberties.enough() {
        return false;
    }
    let mut joins = false;
    for n in around {
        match board.stone(n) {
            Some(s) if s == me => {
                joins = true;
                add_liberties_besides(board, n, p, &mut liberties);
            }
            Some(_) if board.single_liberty(n) == Some(p) => return false,
            _ => {}
        }
        if liberties.enough() {
            return false;
        }
    }
    joins
}

/// Distinct liberties, counted up to two.
#[derive(Default)]
struct TwoLiberties {
    found: [usize; 2],
    count: usize,
}

impl TwoLiberties {
    fn add(&mut self, l: usize) {
        if self.count < 2 && !self.found[..self.count].contains(&l) {
            self.found[self.count] = l;
            self.count += 1;
        }
    }

    fn enough(&self) -> bool {
        self.count >= 2
    }
}

/// Adds the liberties of the chain of `n` other than `p` to `liberties`, until there are two:
/// at once when the chain has one liberty, else stone by stone (a chain of a thousand stones
/// with many liberties is not walked to its end).
fn add_liberties_besides(board: &Board, n: usize, p: usize, liberties: &mut TwoLiberties) {
    if let Some(l) = board.single_liberty(n) {
        if l != p {
            liberties.add(l);
        }
        return;
    }
    for stone in board.stones(n) {
        for l in board.around(stone) {
            if l != p && board.is_empty(l) {
                liberties.add(l);
                if liberties.enough() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::record::gtp;
    use crate::grid::Coord;

    #[test]
    fn the_playouts_list_of_empty_points_follows_moves_and_captures() {
        // A crowded 5 x 5, so that the playouts capture often.
        let start = Board::from_rows(&["XO.OX", "OX.XO", ".....", "XO.OX", "OX.XO"]);
        let points: Vec<usize> = start.points().collect();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let (mut moves, mut captures) = (0, 0);
        for _ in 0..20 {
            let mut b = start.clone();
            let mut empties = Empties::of(&b, &points);
            let mut candidates = Vec::new();
            let (mut me, mut last, mut passes) = (Stone::Black, None, 0);
            for _ in 0..200 {
                match policy_move(&b, me, last, &empties, &mut candidates, &mut rng) {
                    Some(p) => {
                        let before = empties.points.len();
                        empties.play(&mut b, p, me);
                        moves += 1;
                        captures += usize::from(empties.points.len() >= before);
                        (last, passes) = (Some(p), 0);
                    }
                    None => {
                        b.pass();
                        (last, passes) = (None, passes + 1);
                        if passes == 2 {
                            break;
                        }
                    }
                }
                assert_eq!(empties.points, Empties::of(&b, &points).points);
                me = board::other(me);
            }
        }
        assert!(
            moves > 100 && captures > 5,
            "{moves} moves, {captures} captures"
        );
    }

    fn dead_points(b: &Board, dead: &[usize]) -> Vec<String> {
        dead.iter()
            .map(|&p| {
                let (x, y) = b.point(p);
                gtp(Coord { row: y, col: x }, b.width(), b.height())
            })
            .collect()
    }

    #[test]
    fn lone_stones_inside_settled_territory_are_dead() {
        // A finished 9 x 9 game: White owns the top, Black the bottom; one black stone sits
        // in White's area and one white stone in Black's.
        let b = Board::from_rows(&[
            ".........",
            "...X.....",
            ".........",
            "OOOOOOOOO",
            "XXXXXXXXX",
            ".........",
            ".....O...",
            ".........",
            ".........",
        ]);
        for to_move in [Stone::Black, Stone::White] {
            let dead = estimate(&b, to_move).dead();
            assert_eq!(dead_points(&b, &dead), ["D8", "F3"], "{to_move:?} to move");
        }
    }

    #[test]
    fn the_estimate_is_the_same_on_every_run() {
        let b = Board::from_rows(&[".X.O.", "XX.OO", "..X..", "OO.XX", ".O.X."]);
        let first = estimate(&b, Stone::White);
        for _ in 0..3 {
            assert_eq!(estimate(&b, Stone::White), first);
        }
    }
}
