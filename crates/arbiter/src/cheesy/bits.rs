//! Sets of squares as rows of bits, and the two sweeps of the solver over them.
//!
//! A set of squares is one [`Row`] of `K` 64-bit words per board row (`K` = 1 for boards up to
//! 64 wide, up to 4 for 256). The king's possible squares after one move are then a handful
//! of shifts and ors per row, whatever the number of squares in the set.
//!
//! Rows are indexed from the bottom (`y - 1`) and bits by column (`x - 1`).

use super::board::{Board, Field, LISTED_SQUARES, ROW_WORDS, Square};
use super::verdict::{
    Approach, Barrier, BlackEnd, BlackWin, Judgement, Table, Turn, WhiteEnd, WhiteWin,
};

/// One board row of a square set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Row<const K: usize>([u64; K]);

impl<const K: usize> Row<K> {
    const EMPTY: Self = Row([0; K]);

    /// The first `width` bits.
    fn full(width: usize) -> Self {
        let mut row = Self::EMPTY;
        for x in 0..width {
            row.set(x);
        }
        row
    }

    fn set(&mut self, x: usize) {
        self.0[x / 64] |= 1 << (x % 64);
    }

    fn clear(&mut self, x: usize) {
        self.0[x / 64] &= !(1 << (x % 64));
    }

    fn has(self, x: usize) -> bool {
        self.0[x / 64] >> (x % 64) & 1 == 1
    }

    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of squares in the row.
    fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn or(self, other: Self) -> Self {
        Row(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    fn and(self, other: Self) -> Self {
        Row(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    fn and_not(self, other: Self) -> Self {
        Row(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Every bit moved one column right (x to x + 1).
    fn up(self) -> Self {
        Row(std::array::from_fn(|i| {
            let carry = if i > 0 { self.0[i - 1] >> 63 } else { 0 };
            self.0[i] << 1 | carry
        }))
    }

    /// Every bit moved one column left (x to x - 1).
    fn down(self) -> Self {
        Row(std::array::from_fn(|i| {
            let carry = if i + 1 < K { self.0[i + 1] << 63 } else { 0 };
            self.0[i] >> 1 | carry
        }))
    }

    /// The columns of the set bits, in order.
    fn columns(self) -> impl Iterator<Item = usize> {
        (0..K).flat_map(move |i| {
            let mut word = self.0[i];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

/// A board's fields as square sets, and the pawn's column.
struct Masks<const K: usize> {
    width: usize,
    full: Row<K>,
    /// Per row: `F` or `D`, closed to the king whatever the pawn does.
    closed: Vec<Row<K>>,
    /// Per row: `F`.
    forbidden: Vec<Row<K>>,
}

impl<const K: usize> Masks<K> {
    fn new(board: &Board) -> Self {
        let row = |words: [u64; ROW_WORDS]| Row(std::array::from_fn(|i| words[i]));
        let (mut closed, mut forbidden) = (Vec::new(), Vec::new());
        for y in 1..=board.height() {
            let (f, d) = board.row(y);
            let (f, d) = (row(f), row(d));
            closed.push(f.or(d));
            forbidden.push(f);
        }
        Masks {
            width: board.width(),
            full: Row::full(board.width()),
            closed,
            forbidden,
        }
    }

    fn height(&self) -> usize {
        self.closed.len()
    }

    /// The fields of row `row` open to the king while the pawn stands on (`px`, `py`)
    /// (0-based): not `F`, not `D`, and not floating dangerous.
    fn open(&self, row: usize, px: usize, py: usize) -> Row<K> {
        let mut open = self.full.and_not(self.closed[row]);
        if row + 1 == py {
            if px > 0 {
                open.clear(px - 1);
            }
            if px + 1 < self.width {
                open.clear(px + 1);
            }
        }
        open
    }

    /// The squares one king move away from a square of `set` (the king must move).
    fn step(&self, set: &[Row<K>], out: &mut [Row<K>]) {
        let spread = |row: Row<K>| row.or(row.up()).or(row.down());
        for (r, slot) in out.iter_mut().enumerate() {
            let mut reach = set[r].up().or(set[r].down());
            if r > 0 {
                reach = reach.or(spread(set[r - 1]));
            }
            if r + 1 < set.len() {
                reach = reach.or(spread(set[r + 1]));
            }
            *slot = reach.and(self.full);
        }
    }
}

/// How a forward sweep ended, and at which White turn (0 for the first move).
enum End {
    White(WhiteEnd, usize),
    Black(BlackEnd, usize),
}

/// The forward sweep: the king's possible squares turn by turn, until a turn decides.
/// `layers`, when given, receives the king's possible squares at each White turn.
fn sweep<const K: usize>(
    masks: &Masks<K>,
    king: Square,
    pawn: Square,
    mut layers: Option<&mut Vec<Vec<Row<K>>>>,
) -> End {
    let (px, py0) = (pawn.x - 1, pawn.y - 1);
    let mut kings = vec![Row::EMPTY; masks.height()];
    kings[king.y - 1].set(king.x - 1);
    let mut moves = kings.clone();
    for turn in 0..=py0 {
        let py = py0 - turn;
        if let Some(layers) = layers.as_deref_mut() {
            layers.push(kings.clone());
        }
        masks.step(&kings, &mut moves);
        for (row, slot) in moves.iter_mut().enumerate() {
            *slot = slot.and(masks.open(row, px, py));
        }
        if moves[py].has(px) {
            return End::White(WhiteEnd::Capture, turn);
        }
        // A king with no open field loses at once (rule 2), wherever the pawn stands; only
        // a king that can move sees the pawn stand still on the bottom line (rule 3).
        if moves.iter().all(|row| row.is_empty()) {
            return End::Black(BlackEnd::KingStuck, turn);
        }
        if py == 0 {
            return End::Black(BlackEnd::PawnHome, turn);
        }
        if masks.forbidden[py - 1].has(px) {
            return End::White(WhiteEnd::PawnStuck, turn);
        }
        if moves[py - 1].has(px) {
            return End::White(WhiteEnd::Block, turn);
        }
        std::mem::swap(&mut kings, &mut moves);
    }
    unreachable!("the pawn reaches the bottom line by turn {py0}")
}

/// Calls `$body` with `$k` bound to the word count a board of `$width` columns needs.
macro_rules! with_words {
    ($width:expr, $k:ident => $body:expr) => {
        match $width {
            0..=64 => {
                const $k: usize = 1;
                $body
            }
            65..=128 => {
                const $k: usize = 2;
                $body
            }
            129..=192 => {
                const $k: usize = 3;
                $body
            }
            _ => {
                const $k: usize = 4;
                $body
            }
        }
    };
}

/// The contest's question by the general sweep (for boards of any size; [`super::word`]
/// answers it faster for boards of at most 64 squares).
pub(super) fn white_wins(board: &Board, king: Square, pawn: Square) -> bool {
    with_words!(board.width(), K => {
        let masks = Masks::<K>::new(board);
        matches!(sweep(&masks, king, pawn, None), End::White(..))
    })
}

pub(super) fn solve(board: &Board, king: Square, pawn: Square) -> Judgement {
    with_words!(board.width(), K => solve_with::<K>(board, king, pawn))
}

fn solve_with<const K: usize>(board: &Board, king: Square, pawn: Square) -> Judgement {
    let masks = Masks::<K>::new(board);
    let mut layers = Vec::new();
    let end = sweep(&masks, king, pawn, Some(&mut layers));
    let pawn_at = |turn: usize| Square {
        x: pawn.x,
        y: pawn.y - turn,
    };
    let squares = |layer: &[Row<K>]| -> Vec<Square> {
        let mut all = Vec::new();
        for (row, bits) in layer.iter().enumerate().rev() {
            all.extend(bits.columns().map(|col| Square {
                x: col + 1,
                y: row + 1,
            }));
        }
        all
    };
    match end {
        End::White(end, turn) => {
            let last = &layers[turn];
            let mut moves = vec![Row::EMPTY; masks.height()];
            masks.step(last, &mut moves);
            let target = match end {
                WhiteEnd::Capture => pawn_at(turn),
                WhiteEnd::Block => Square {
                    x: pawn.x,
                    y: pawn.y - turn - 1,
                },
                WhiteEnd::PawnStuck => {
                    let (px, py) = (pawn.x - 1, pawn.y - 1 - turn);
                    let open: Vec<Row<K>> = (0..masks.height())
                        .map(|row| moves[row].and(masks.open(row, px, py)))
                        .collect();
                    squares(&open)[0]
                }
            };
            // Walk back from the target through the layers: each square of a layer was
            // reached from some square of the one before.
            let mut king_line = vec![target];
            for layer in layers[..=turn].iter().rev() {
                let after = *king_line.last().expect("not empty");
                let before = squares(layer)
                    .into_iter()
                    .find(|&k| is_king_step(k, after))
                    .expect("every square of a layer has a predecessor");
                king_line.push(before);
            }
            king_line.reverse();
            Judgement::White(WhiteWin {
                end,
                king_line,
                pawn_line: (0..=turn).map(pawn_at).collect(),
            })
        }
        End::Black(end, last) => {
            let turns = (0..=last)
                .map(|turn| {
                    let at = pawn_at(turn);
                    let capture_from = neighbours(board, at)
                        .map(|square| Approach {
                            square,
                            barrier: barrier(board, &layers, pawn, turn, square),
                        })
                        .collect();
                    let layer = &layers[turn];
                    let listed = board.width() * board.height() <= LISTED_SQUARES;
                    Turn {
                        pawn: at,
                        king_count: layer.iter().map(|row| row.len()).sum(),
                        king_squares: listed.then(|| squares(layer)),
                        capture_from,
                    }
                })
                .collect();
            Judgement::Black(BlackWin { end, turns })
        }
    }
}

fn is_king_step(from: Square, to: Square) -> bool {
    from != to && from.x.abs_diff(to.x) <= 1 && from.y.abs_diff(to.y) <= 1
}

/// The squares of the board one king step from `at`.
fn neighbours(board: &Board, at: Square) -> impl Iterator<Item = Square> + '_ {
    (-1isize..=1)
        .flat_map(move |dy| (-1isize..=1).map(move |dx| (dx, dy)))
        .filter_map(move |(dx, dy)| {
            let s = Square {
                x: at.x.checked_add_signed(dx)?,
                y: at.y.checked_add_signed(dy)?,
            };
            (s != at && board.contains(s)).then_some(s)
        })
}

/// Why the king is not ready on `from` to take the pawn at White turn `turn`.
fn barrier<const K: usize>(
    board: &Board,
    layers: &[Vec<Row<K>>],
    pawn: Square,
    turn: usize,
    from: Square,
) -> Barrier {
    match board.field(from) {
        Field::Forbidden => return Barrier::Forbidden,
        Field::Dangerous => return Barrier::Dangerous,
        Field::Open => {}
    }
    if layers[turn][from.y - 1].has(from.x - 1) {
        return Barrier::PawnOnDangerous;
    }
    // At the turn before, the pawn stood one row higher; the squares diagonally below it
    // were closed to the king's step then.
    let before = pawn.y - turn + 1;
    if turn > 0 && from.y + 1 == before && from.x.abs_diff(pawn.x) == 1 {
        return Barrier::Floating;
    }
    Barrier::OutOfReach
}

pub(super) fn table(board: &Board, pawn: Square) -> Table {
    with_words!(board.width(), K => table_with::<K>(board, pawn))
}

/// The backward sweep: from the pawn's last row up to its start, the squares from which White
/// to move wins, each set computed from the one after it.
fn table_with<const K: usize>(board: &Board, pawn: Square) -> Table {
    let masks = Masks::<K>::new(board);
    let height = masks.height();
    let px = pawn.x - 1;
    let mut later = vec![Row::EMPTY; height];
    let mut wins = vec![Row::EMPTY; height];
    let mut target = vec![Row::EMPTY; height];
    for py in 0..pawn.y {
        // The squares White's move may land on to win: the pawn's (a capture), the one below
        // it (a block), or any from which White to move wins at the next turn. Above a
        // forbidden field (not on the bottom line), any move wins.
        let stuck = py > 0 && masks.forbidden[py - 1].has(px);
        for row in 0..height {
            target[row] = if stuck { masks.full } else { later[row] };
        }
        target[py].set(px);
        if py > 0 {
            target[py - 1].set(px);
        }
        for (row, slot) in target.iter_mut().enumerate() {
            *slot = slot.and(masks.open(row, px, py));
        }
        masks.step(&target, &mut wins);
        std::mem::swap(&mut later, &mut wins);
    }
    let mut cells = Vec::with_capacity(board.width() * height);
    for y in (1..=height).rev() {
        for x in 1..=board.width() {
            let at = Square { x, y };
            let startable = board.field(at) == Field::Open && at != pawn;
            cells.push(startable.then(|| later[y - 1].has(x - 1)));
        }
    }
    Table {
        width: board.width(),
        height,
        wins: cells,
    }
}
