//! A Go board that plays moves: captures, suicide, simple ko, and position hashes for
//! superko, on boards of up to 52 x 52 (SGF's limit).
//!
//! Replaying a record and the dead-stone estimate's playouts both play many moves, so the
//! board keeps every chain as it changes instead of flood-filling after each move: the stones
//! of a chain form a circular list, and each chain counts its *pseudo-liberties* (each pair of
//! a stone and an empty neighbour once) with their sum and sum of squares. A chain is captured
//! when the count is zero, and has exactly one liberty when `count * squares == sum * sum`
//! (all its pseudo-liberties are one point), the standard trick of fast Go programs.
//!
//! Points are indices into a bordered array: `(y + 1) * (width + 2) + x + 1`.

use std::sync::OnceLock;

use super::position::{Position, Stone};
use crate::grid::Coord;

/// The largest side of a board that plays moves (SGF writes points with 52 letters).
pub const MAX_SIDE: usize = 52;

/// What a point holds.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// The index type of points (a 54 x 54 bordered array fits in 16 bits).
type Index = u16;

pub(crate) const fn cell(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

pub(crate) const fn other(stone: Stone) -> Stone {
    match stone {
        Stone::Black => Stone::White,
        Stone::White => Stone::Black,
    }
}

/// What a move did besides putting its stone down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    /// Enemy stones captured.
    pub captured: usize,
    /// Own stones removed because the move left its chain without a liberty (suicide).
    pub suicided: usize,
    /// The move retook a ko at once (simple ko: it captured the one stone that had just
    /// captured one stone, on the point that capture emptied).
    pub retook_ko: bool,
}

/// Every chain of `board` once, in the order of their first points: its colour and its
/// stones, in the board's order of points.
pub(crate) fn chains(board: &Board) -> Vec<(Stone, Vec<usize>)> {
    let cells = board.points().last().map_or(0, |p| p + 1);
    let mut seen = vec![false; cells];
    let mut found = Vec::new();
    for p in board.points() {
        let Some(stone) = board.stone(p) else {
            continue;
        };
        if seen[p] {
            continue;
        }
        let mut stones: Vec<usize> = board.stones(p).collect();
        stones.sort_unstable();
        for &s in &stones {
            seen[s] = true;
        }
        found.push((stone, stones));
    }
    found
}

/// A board position with its chains.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    width: usize,
    height: usize,
    stride: usize,
    colour: Vec<u8>,
    /// Per stone: the head (representative) of its chain.
    head: Vec<Index>,
    /// Per stone: the next stone of its chain (a circular list).
    next: Vec<Index>,
    /// Per chain head: stones, pseudo-liberties, their sum and sum of squares.
    size: Vec<u16>,
    libs: Vec<u16>,
    lib_sum: Vec<u32>,
    lib_squares: Vec<u64>,
    /// The position's Zobrist hash (stones only).
    hash: u64,
    /// The point a simple-ko recapture would take right now, if any.
    ko: Option<Index>,
}

/// The random numbers of the position hash, one per point and colour, the same on every run.
fn zobrist() -> &'static [[u64; 2]] {
    static TABLE: OnceLock<Vec<[u64; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // SplitMix64: a fixed, well-mixed sequence; the hash only needs to be the same on
        // every run, not secret.
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut draw = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let cells = (MAX_SIDE + 2) * (MAX_SIDE + 2);
        (0..cells).map(|_| [draw(), draw()]).collect()
    })
}

impl Board {
    /// A board drawn as rows of `X` (Black), `O` (White) and anything else for an empty
    /// point, the top row first: the tests' way of setting up a position.
    #[cfg(test)]
    pub(crate) fn from_rows(rows: &[&str]) -> Board {
        let mut board = Board::new(rows[0].len(), rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                let stone = match c {
                    b'X' => Stone::Black,
                    b'O' => Stone::White,
                    _ => continue,
                };
                let i = board.index(x, y);
                board.set(i, stone);
            }
        }
        board
    }

    /// An empty board of `width` columns and `height` rows, each in `1..=MAX_SIDE`.
    pub fn new(width: usize, height: usize) -> Self {
        assert!((1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height));
        let stride = width + 2;
        let cells = stride * (height + 2);
        let mut colour = vec![EDGE; cells];
        for y in 0..height {
            let start = (y + 1) * stride + 1;
            colour[start..start + width].fill(EMPTY);
        }
        Board {
            width,
            height,
            stride,
            colour,
            head: vec![0; cells],
            next: vec![0; cells],
            size: vec![0; cells],
            libs: vec![0; cells],
            lib_sum: vec![0; cells],
            lib_squares: vec![0; cells],
            hash: 0,
            ko: None,
        }
    }

    /// The playing board of a position of at most [`MAX_SIDE`] x [`MAX_SIDE`] (dead-stone work
    /// needs its chains); `None` for a larger one.
    pub(crate) fn of_position(position: &Position) -> Option<Board> {
        let (width, height) = (position.width(), position.height());
        if width > MAX_SIDE || height > MAX_SIDE {
            return None;
        }
        let mut board = Board::new(width, height);
        for (i, stone) in position.stones().enumerate() {
            if let Some(stone) = stone {
                let at = board.index(i % width, i / width);
                board.set(at, stone);
            }
        }
        Some(board)
    }

    /// The stones on the board, as a position.
    pub(crate) fn position(&self) -> Position {
        let mut position = Position::rectangle(self.width, self.height);
        for p in self.points() {
            let (col, row) = self.point(p);
            position.set(Coord { row, col }, self.stone(p));
        }
        position
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The index of point (x, y), both from 0, x from the left and y from the top.
    pub fn index(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// The (x, y) of an index on the board.
    pub fn point(&self, index: usize) -> (usize, usize) {
        (index % self.stride - 1, index / self.stride - 1)
    }

    /// Every index on the board, row by row.
    pub fn points(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height).flat_map(move |y| {
            let start = self.index(0, y);
            start..start + self.width
        })
    }

    /// The four neighbours of an index (edges included).
    #[inline]
    pub fn around(&self, index: usize) -> [usize; 4] {
        [
            index - self.stride,
            index - 1,
            index + 1,
            index + self.stride,
        ]
    }

    /// The four diagonal neighbours of an index (edges included).
    #[inline]
    pub fn diagonals(&self, index: usize) -> [usize; 4] {
        [
            index - self.stride - 1,
            index - self.stride + 1,
            index + self.stride - 1,
            index + self.stride + 1,
        ]
    }

    /// The stone on an index, if any.
    #[inline]
    pub fn stone(&self, index: usize) -> Option<Stone> {
        match self.colour[index] {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    #[inline]
    pub fn is_empty(&self, index: usize) -> bool {
        self.colour[index] == EMPTY
    }

    #[inline]
    pub fn is_edge(&self, index: usize) -> bool {
        self.colour[index] == EDGE
    }

    /// The position's hash: equal positions have equal hashes.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The head of the chain a stone belongs to.
    #[inline]
    pub fn chain(&self, index: usize) -> usize {
        usize::from(self.head[index])
    }

    /// The stones of the chain of `index`.
    pub fn stones(&self, index: usize) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: index,
            at: Some(index),
        }
    }

    /// The number of stones of a chain.
    pub fn chain_size(&self, index: usize) -> usize {
        usize::from(self.size[self.chain(index)])
    }

    /// Whether the chain of `index` has exactly one liberty, and which.
    #[inline]
    pub fn single_liberty(&self, index: usize) -> Option<usize> {
        let head = self.chain(index);
        let count = u64::from(self.libs[head]);
        let sum = u64::from(self.lib_sum[head]);
        (count > 0 && count * self.lib_squares[head] == sum * sum).then(|| (sum / count) as usize)
    }

    /// The real liberties of the chain of `index`, each once, in the order its stones and
    /// their neighbours are met.
    #[cfg_attr(not(feature = "net"), allow(dead_code))]
    pub fn liberties(&self, index: usize) -> Vec<usize> {
        let mut found = Vec::new();
        for stone in self.stones(index) {
            for next in self.around(stone) {
                if self.is_empty(next) && !found.contains(&next) {
                    found.push(next);
                }
            }
        }
        found
    }

    fn add_liberty(&mut self, head: usize, liberty: usize) {
        self.libs[head] += 1;
        self.lib_sum[head] += liberty as u32;
        self.lib_squares[head] += (liberty * liberty) as u64;
    }

    fn remove_liberty(&mut self, head: usize, liberty: usize) {
        self.libs[head] -= 1;
        self.lib_sum[head] -= liberty as u32;
        self.lib_squares[head] -= (liberty * liberty) as u64;
    }

    /// Puts a stone on an empty point as setup, without captures (SGF's `AB`/`AW`): its
    /// chain is joined with its neighbours', and chains left without a liberty stay.
    pub fn set(&mut self, index: usize, stone: Stone) {
        debug_assert!(self.is_empty(index));
        self.place(index, stone);
        self.ko = None;
    }

    /// Empties a point as setup (SGF's `AE`), or removes a stone for scoring.
    pub fn clear(&mut self, index: usize) {
        let Some(stone) = self.stone(index) else {
            return;
        };
        // Rebuild the chains this stone belonged to: remove the whole chain, then put its
        // other stones back.
        let mut chain = Vec::new();
        self.remove_chain(index, &mut chain);
        for s in chain.into_iter().filter(|&s| s != index) {
            self.place(s, stone);
        }
        self.ko = None;
    }

    /// Puts a stone down and joins it to its neighbours, updating liberties; no captures.
    fn place(&mut self, index: usize, stone: Stone) {
        let c = cell(stone);
        self.colour[index] = c;
        self.hash ^= zobrist()[index][usize::from(c - 1)];
        self.head[index] = index as Index;
        self.next[index] = index as Index;
        self.size[index] = 1;
        self.libs[index] = 0;
        self.lib_sum[index] = 0;
        self.lib_squares[index] = 0;
        for next in self.around(index) {
            match self.colour[next] {
                EMPTY => self.add_liberty(index, next),
                BLACK | WHITE => {
                    let head = self.chain(next);
                    self.remove_liberty(head, index);
                }
                _ => {}
            }
        }
        for next in self.around(index) {
            if self.colour[next] == c {
                let (a, b) = (self.chain(index), self.chain(next));
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Joins two chains: the smaller is relabelled into the larger.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut at = small;
        loop {
            self.head[at] = big as Index;
            at = usize::from(self.next[at]);
            if at == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_squares[big] += self.lib_squares[small];
    }

    /// Takes a whole chain off the board, giving its points back as liberties to the chains
    /// around; returns how many stones it had.
    /// Takes the chain of `index` off the board, its stones added to `removed`; says how many.
    fn remove_chain(&mut self, index: usize, removed: &mut Vec<usize>) -> usize {
        let from = removed.len();
        removed.extend(self.stones(index));
        let stones = &removed[from..];
        for &s in stones {
            let c = self.colour[s];
            self.hash ^= zobrist()[s][usize::from(c - 1)];
            self.colour[s] = EMPTY;
        }
        for &s in stones {
            for next in self.around(s) {
                if matches!(self.colour[next], BLACK | WHITE) {
                    let head = self.chain(next);
                    self.add_liberty(head, s);
                }
            }
        }
        stones.len()
    }

    /// Plays a move as recorded: the stone goes down, enemy chains left without a liberty
    /// are captured, then the mover's own chain is removed if it has none (suicide). Says
    /// what happened, so that the caller can judge it by its rules.
    ///
    /// The point must be empty.
    pub fn play(&mut self, index: usize, stone: Stone) -> Played {
        self.play_noting(index, stone, &mut Vec::new())
    }

    /// [`Board::play`], every stone the move took off (captured, or its own chain's in a
    /// suicide) added to `removed`: points that are empty again.
    pub fn play_noting(&mut self, index: usize, stone: Stone, removed: &mut Vec<usize>) -> Played {
        debug_assert!(self.is_empty(index));
        let retook_ko = self.ko == Some(index as Index);
        self.place(index, stone);
        let enemy = cell(other(stone));
        let mut played = Played {
            retook_ko,
            ..Played::default()
        };
        let mut last_captured = 0;
        for next in self.around(index) {
            if self.colour[next] == enemy && self.libs[self.chain(next)] == 0 {
                last_captured = next;
                played.captured += self.remove_chain(next, removed);
            }
        }
        if self.libs[self.chain(index)] == 0 {
            played.suicided = self.remove_chain(index, removed);
        }
        // A single stone that captured a single stone and has that point as its one liberty
        // makes a ko: the other side may not retake at once.
        let lone = played.suicided == 0 && self.chain_size(index) == 1;
        self.ko =
            (played.captured == 1 && lone && self.single_liberty(index) == Some(last_captured))
                .then_some(last_captured as Index);
        played
    }

    /// The number of real liberties of the chain of `index`, counted up to `max`.
    #[cfg_attr(not(feature = "net"), allow(dead_code))]
    pub fn liberty_count(&self, index: usize, max: usize) -> usize {
        let head = self.chain(index);
        if self.libs[head] == 0 {
            return 0;
        }
        if self.single_liberty(index).is_some() {
            return 1;
        }
        let mut found: Vec<usize> = Vec::with_capacity(max.min(16));
        for stone in self.stones(index) {
            for next in self.around(stone) {
                if self.is_empty(next) && !found.contains(&next) {
                    found.push(next);
                    if found.len() >= max {
                        return max;
                    }
                }
            }
        }
        found.len()
    }

    /// The point a simple-ko recapture would take right now, if any.
    #[cfg_attr(not(feature = "net"), allow(dead_code))]
    pub fn ko(&self) -> Option<usize> {
        self.ko.map(usize::from)
    }

    /// A pass: it ends any ko.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Whether `stone` may play on `index`: empty, not a simple-ko retake, not suicide.
    pub fn is_legal(&self, index: usize, stone: Stone) -> bool {
        if !self.is_empty(index) || self.ko == Some(index as Index) {
            return false;
        }
        let own = cell(stone);
        for next in self.around(index) {
            match self.colour[next] {
                EMPTY => return true,
                EDGE => {}
                c if c == own => {
                    if self.single_liberty(next) != Some(index) {
                        return true;
                    }
                }
                _ => {
                    if self.single_liberty(next) == Some(index) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `index` is an eye of `stone`: every neighbour is its stone or the edge, and
    /// the diagonals do not make it false (no enemy diagonal on the edge, at most one inside).
    pub fn is_eye(&self, index: usize, stone: Stone) -> bool {
        let own = cell(stone);
        if self
            .around(index)
            .iter()
            .any(|&n| self.colour[n] != own && self.colour[n] != EDGE)
        {
            return false;
        }
        let enemy = cell(other(stone));
        let (mut enemies, mut edges) = (0, 0);
        for d in self.diagonals(index) {
            match self.colour[d] {
                EDGE => edges += 1,
                c if c == enemy => enemies += 1,
                _ => {}
            }
        }
        if edges > 0 { enemies == 0 } else { enemies < 2 }
    }
}

/// The stones of one chain, from [`Board::stones`].
pub(crate) struct ChainStones<'a> {
    board: &'a Board,
    start: usize,
    at: Option<usize>,
}

impl Iterator for ChainStones<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let at = self.at?;
        let next = usize::from(self.board.next[at]);
        self.at = (next != self.start).then_some(next);
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_takes_the_last_liberty_captures() {
        let mut b = Board::from_rows(&[".O.", "OX.", ".O."]);
        let played = b.play(b.index(2, 1), Stone::White);
        assert_eq!(played.captured, 1);
        assert!(b.is_empty(b.index(1, 1)));
    }

    #[test]
    fn suicide_removes_the_mover_s_chain() {
        let mut b = Board::from_rows(&[".O.", "O.O", ".O."]);
        let played = b.play(b.index(1, 1), Stone::Black);
        assert_eq!((played.captured, played.suicided), (0, 1));
        assert!(b.is_empty(b.index(1, 1)));
        assert!(!b.is_legal(b.index(1, 1), Stone::Black));
    }

    #[test]
    fn a_move_notes_every_stone_it_takes_off() {
        // White's move on the top row's last point takes Black's two corner stones.
        let mut b = Board::from_rows(&["XX.", "OOO", "..."]);
        let mut removed = vec![99];
        let played = b.play_noting(b.index(2, 0), Stone::White, &mut removed);
        assert_eq!(played.captured, 2);
        removed[1..].sort_unstable();
        assert_eq!(
            removed,
            [99, b.index(0, 0), b.index(1, 0)],
            "added after what was there"
        );
        // A suicide notes the mover's own stones.
        let mut b = Board::from_rows(&[".O.", "O.O", ".O."]);
        let mut removed = Vec::new();
        b.play_noting(b.index(1, 1), Stone::Black, &mut removed);
        assert_eq!(removed, [b.index(1, 1)]);
    }

    #[test]
    fn simple_ko_forbids_the_immediate_retake() {
        // .XO.
        // X.XO   Black takes at (1,1)... set up the classic ko shape.
        // .XO.
        let mut b = Board::from_rows(&[".XO.", "XO.O", ".XO."]);
        let take = b.index(2, 1);
        let played = b.play(take, Stone::Black);
        assert_eq!(played.captured, 1);
        let retake = b.index(1, 1);
        assert!(!b.is_legal(retake, Stone::White), "the ko");
        let played = b.play(retake, Stone::White);
        assert!(played.retook_ko);
        // After a move elsewhere the retake is fine.
        let mut b = Board::from_rows(&[".XO.", "XO.O", ".XO."]);
        b.play(take, Stone::Black);
        b.pass();
        assert!(b.is_legal(retake, Stone::White));
    }

    #[test]
    fn chains_count_their_liberties_through_merges_and_captures() {
        let mut b = Board::from_rows(&["....", "....", "...."]);
        b.play(b.index(1, 1), Stone::Black);
        b.play(b.index(2, 1), Stone::Black);
        let mut libs = b.liberties(b.index(1, 1));
        libs.sort();
        assert_eq!(libs.len(), 6);
        b.play(b.index(1, 0), Stone::White);
        b.play(b.index(2, 0), Stone::White);
        assert_eq!(b.liberties(b.index(1, 1)).len(), 4);
        assert_eq!(b.single_liberty(b.index(1, 0)), None);
        b.play(b.index(3, 0), Stone::Black);
        assert_eq!(b.single_liberty(b.index(1, 0)), Some(b.index(0, 0)));
        let played = b.play(b.index(0, 0), Stone::Black);
        assert_eq!(played.captured, 2);
        assert_eq!(b.liberties(b.index(1, 1)).len(), 6);
    }

    #[test]
    fn the_hash_follows_the_position() {
        let mut a = Board::new(5, 5);
        let mut b = Board::new(5, 5);
        a.play(a.index(0, 0), Stone::Black);
        a.play(a.index(1, 1), Stone::White);
        b.play(b.index(1, 1), Stone::White);
        b.play(b.index(0, 0), Stone::Black);
        assert_eq!(a.hash(), b.hash());
        a.clear(a.index(1, 1));
        assert_ne!(a.hash(), b.hash());
    }

    #[test]
    fn eyes_are_told_from_false_eyes() {
        let b = Board::from_rows(&[".X.", "X.X", ".X."]);
        assert!(b.is_eye(b.index(1, 1), Stone::Black));
        let b = Board::from_rows(&["OX.", "X.X", ".XO"]);
        assert!(
            !b.is_eye(b.index(1, 1), Stone::Black),
            "two enemy diagonals"
        );
        let b = Board::from_rows(&[".X", "XO"]);
        assert!(
            !b.is_eye(b.index(0, 0), Stone::Black),
            "an enemy diagonal in the corner"
        );
    }
}
