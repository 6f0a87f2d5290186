//! The acute corners' fill: five cells of a corner filled at once, three for one colour and
//! two for the other, beside a stone of the first colour on its third row.
//!
//! A colour's stone on the third row from its side, one cell in from the acute corner (Red's
//! l11 on 13 x 13, Blue's i10 on 11 x 11, both near the bottom-right corner), with the
//! corner's cells around it empty, takes the corner: the three cells of the side's own row
//! nearest the corner are the colour's, and the two cells of the opponent's side above the
//! corner cell the opponent's, whoever moves, and whatever stands outside the corner. The
//! cells, by their row from the colour's side (1 its own) and their place from the
//! opponent's side (1 beside it):
//!
//! ```text
//!   row 3:              S  x      S the colour's stone; x the opponent's fill
//!   row 2:           .  .  x      . empty, and left empty
//!   row 1:        .  o  o  o      o the colour's fill (the last the corner cell)
//!   place:        4  3  2  1
//! ```
//!
//! None of the ring rules of [`inferior`](super::inferior) takes these cells (each alone, or
//! two of them, can matter to either colour), but the corner as a whole is settled: the
//! stone joins its side through the two empty cells of row 2 whatever the opponent does
//! there, and the opponent's stones in the corner join nothing the opponent's side does not.
//! It is one of Benzene's fill-in patterns (`acute-pinf`, proved by hand); here it is checked
//! against the exhaustive search on every board it fits (this module's tests). In
//! Henderson's puzzle 83 (11 x 11), after Blue's i10 it takes k9 to k11 for Blue and i11, j11
//! for Red; in Little Golem's 13 x 13 games it settles the corner below Red's l11.
//!
//! As with a captured three, a move into the corner can need an answer inside it, so none of
//! its cells is a pass. Unlike a three, the corner's three empty cells must stay empty: the
//! opponent's stone on the fourth cell of row 1, say, can spoil it. So the search, which
//! hands a position's fill-in down to the positions below it, drops it after a move on one of
//! them ([`spoils`]; a move anywhere else leaves the corner's cells as they were), as after
//! one near a permanently inferior cell; every move that wins the filled position still wins
//! the position (the tests play each).

use super::bits::{Cells, Geometry};

/// The colour's stone, by (row from the colour's side, place from the opponent's side).
const STONE: (usize, usize) = (3, 2);
/// The cells filled for the colour.
const MINE: [(usize, usize); 3] = [(1, 1), (1, 2), (1, 3)];
/// The cells filled for the opponent.
const THEIRS: [(usize, usize); 2] = [(2, 1), (3, 1)];
/// The cells that must be empty and stay so.
const OPEN: [(usize, usize); 3] = [(2, 2), (2, 3), (1, 4)];

/// One acute corner seen from one colour.
#[derive(Clone, Copy, Debug)]
struct Corner {
    /// The colour whose side the corner's row 1 lies on: 0 Red, 1 Blue.
    colour: usize,
    /// Whether the corner is the bottom-right one (else a1).
    far: bool,
}

impl Corner {
    /// The four: each acute corner (a1 and the opposite one) for each colour.
    const ALL: [Corner; 4] = [
        Corner::of(0, false),
        Corner::of(0, true),
        Corner::of(1, false),
        Corner::of(1, true),
    ];

    /// The bottom-right corner (`far`) or a1, seen from `colour`.
    const fn of(colour: usize, far: bool) -> Corner {
        Corner { colour, far }
    }

    /// The cell `row` rows from the colour's side and `place` cells from the opponent's side,
    /// if the board has it.
    fn cell<B: Cells>(self, geometry: &Geometry<B>, (row, place): (usize, usize)) -> Option<usize> {
        // Red's side is a row of the board and the opponent's a column; Blue's the other way.
        let (r, c) = match self.colour {
            0 => (row, place),
            _ => (place, row),
        };
        if r > geometry.rows || c > geometry.cols {
            return None;
        }
        Some(match self.far {
            false => geometry.index(r - 1, c - 1),
            true => geometry.index(geometry.rows - r, geometry.cols - c),
        })
    }

    /// The corner's fill as the stones stand, the colour's three cells and the opponent's
    /// two, when the colour's stone is in place and the other eight cells are empty.
    fn fill<B: Cells>(self, geometry: &Geometry<B>, stones: [B; 2]) -> Option<(B, B)> {
        let set = |cells: &[(usize, usize)]| {
            cells.iter().try_fold(B::NONE, |set, &at| {
                self.cell(geometry, at).map(|cell| set | B::bit(cell))
            })
        };
        let stone = self.cell(geometry, STONE)?;
        let (mine, theirs, open) = (set(&MINE)?, set(&THEIRS)?, set(&OPEN)?);
        let taken = stones[0] | stones[1];
        (stones[self.colour].has(stone) && !(mine | theirs | open).meets(taken))
            .then_some((mine, theirs))
    }
}

/// Fills each acute corner a colour's third-row stone takes (see the module's notes), one
/// after the other; returns the cells filled, Red's and Blue's, and which corners were
/// filled (a bit each, as [`spoils`] reads them).
pub fn fill_acute_corners<B: Cells>(geometry: &Geometry<B>, stones: &mut [B; 2]) -> ([B; 2], u8) {
    let mut found = [B::NONE; 2];
    let mut filled = 0;
    for (k, corner) in Corner::ALL.into_iter().enumerate() {
        if let Some((mine, theirs)) = corner.fill(geometry, *stones) {
            let (me, them) = (corner.colour, 1 - corner.colour);
            stones[me] |= mine;
            stones[them] |= theirs;
            found[me] |= mine;
            found[them] |= theirs;
            filled |= 1 << k;
        }
    }
    (found, filled)
}

/// Whether a move on `cell` lands on an empty cell of one of the corners `filled` (a bit each,
/// as [`fill_acute_corners`] returns them), which may spoil it: a move anywhere else leaves
/// each corner's cells as they were, and its fill right.
pub fn spoils<B: Cells>(geometry: &Geometry<B>, filled: u8, cell: usize) -> bool {
    Corner::ALL.into_iter().enumerate().any(|(k, corner)| {
        filled >> k & 1 == 1
            && OPEN
                .iter()
                .any(|&at| corner.cell(geometry, at) == Some(cell))
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::hex::solve::oracle::wins;
    use rand::{Rng, SeedableRng};

    /// The cells `names` (a1 style) on `geometry`.
    fn named(geometry: &Geometry<u64>, names: &str) -> u64 {
        names.split_whitespace().fold(0, |set, name| {
            let col = usize::from(name.as_bytes()[0] - b'a');
            let row: usize = name[1..].parse().expect("a row");
            set | u64::bit(geometry.index(row - 1, col))
        })
    }

    #[test]
    fn a_third_row_stone_beside_the_acute_corner_takes_five_cells() {
        // Henderson's puzzle 83's corner after Blue's i10, on a board of its own: 11 x 11 is
        // past `u64`, so the same corner of 5 x 5 (Blue's i10 is c4 there).
        let geometry: Geometry<u64> = Geometry::new(5, 5);
        let mut stones = [0, named(&geometry, "c4")];
        let (found, _) = fill_acute_corners(&geometry, &mut stones);
        assert_eq!(
            found,
            [named(&geometry, "c5 d5"), named(&geometry, "e3 e4 e5")]
        );
        // Red's l11 on 13 x 13 is d3 on 5 x 5.
        let mut stones = [named(&geometry, "d3"), 0];
        let (found, _) = fill_acute_corners(&geometry, &mut stones);
        assert_eq!(
            found,
            [named(&geometry, "c5 d5 e5"), named(&geometry, "e3 e4")]
        );
        // And the a1 corner: Red's b3 alone, then Blue's c2 alone.
        let mut stones = [named(&geometry, "b3"), 0];
        let (found, _) = fill_acute_corners(&geometry, &mut stones);
        assert_eq!(
            found,
            [named(&geometry, "a1 b1 c1"), named(&geometry, "a2 a3")]
        );
        let mut stones = [0, named(&geometry, "c2")];
        let (found, _) = fill_acute_corners(&geometry, &mut stones);
        assert_eq!(
            found,
            [named(&geometry, "b1 c1"), named(&geometry, "a1 a2 a3")]
        );
        // An empty cell of the corner taken leaves it alone.
        let mut stones = [named(&geometry, "b3"), named(&geometry, "d1")];
        assert_eq!(fill_acute_corners(&geometry, &mut stones), ([0, 0], 0));
    }

    /// A position with a corner in place ([`cornered`]).
    pub(crate) struct Cornered {
        /// Its board.
        pub geometry: Geometry<u64>,
        /// The position's stones.
        pub stones: [u64; 2],
        /// The stones with every corner the position has filled.
        pub filled: [u64; 2],
        /// Those corners, as [`spoils`] reads them.
        pub corners: u8,
    }

    /// A random position of a 3 x 4 to 5 x 5 board with a corner's stone and empty cells in
    /// place (the rest of the board at random, at most 13 cells empty, neither colour joined).
    pub(crate) fn cornered(rng: &mut impl Rng) -> Option<Cornered> {
        let shapes = [(3, 4), (4, 3), (4, 4), (4, 5), (5, 4), (5, 5)];
        let (rows, cols) = shapes[rng.random_range(0..shapes.len())];
        let geometry: Geometry<u64> = Geometry::new(rows, cols);
        let corner = Corner::ALL[rng.random_range(0..4)];
        let stone = corner.cell(&geometry, STONE)?;
        let mut pattern = u64::bit(stone);
        for &at in MINE.iter().chain(&THEIRS).chain(&OPEN) {
            pattern |= u64::bit(corner.cell(&geometry, at)?);
        }
        let mut stones = [0u64; 2];
        stones[corner.colour] |= u64::bit(stone);
        let empty_share = rng.random_range(0..40);
        for cell in (geometry.board & !pattern).iter() {
            let roll = rng.random_range(0..100);
            if roll >= empty_share {
                stones[roll % 2] |= u64::bit(cell);
            }
        }
        let empty = geometry.board & !(stones[0] | stones[1]);
        let over = (0..2).any(|side| geometry.joins(stones[side], geometry.sides(side == 0)));
        if over || empty.count() > 13 {
            return None;
        }
        let mut filled = stones;
        let (_, corners) = fill_acute_corners(&geometry, &mut filled);
        Some(Cornered {
            geometry,
            stones,
            filled,
            corners,
        })
    }

    #[test]
    fn the_corners_fill_keeps_the_winner_and_every_winning_move_whoever_moves() {
        // Against the exhaustive search, on 400 random positions with a corner in place: the
        // filled position has the position's winner, whoever moves; every move that wins it
        // wins the position (a move on one of the corner's empty cells among them); and after
        // any other move the fill handed down still keeps the winner (after one on a
        // corner's empty cell, the search drops it: `spoils`).
        let mut rng = rand_pcg::Pcg64::seed_from_u64(61);
        let (mut found, mut spoiling, mut beside) = (0, 0, 0);
        while found < 400 {
            let Some(Cornered {
                geometry,
                stones,
                filled,
                corners,
            }) = cornered(&mut rng)
            else {
                continue;
            };
            found += 1;
            let shown = format!(
                "{}x{} red {:#x} blue {:#x}",
                geometry.rows, geometry.cols, stones[0], stones[1]
            );
            let fill = (filled[0] | filled[1]) & !(stones[0] | stones[1]);
            for to_move in 0..2 {
                assert_eq!(
                    wins(&geometry, filled, to_move),
                    wins(&geometry, stones, to_move),
                    "{shown}, to move {to_move}"
                );
                let open = geometry.board & !(filled[0] | filled[1]);
                for cell in open.iter() {
                    let loses = |mut stones: [u64; 2]| {
                        stones[to_move] |= u64::bit(cell);
                        wins(&geometry, stones, to_move ^ 1)
                    };
                    let (filled_loses, loses) = (loses(filled), loses(stones));
                    if spoils(&geometry, corners, cell) {
                        assert!(filled_loses || !loses, "{shown}, {to_move} plays {cell}");
                        spoiling += 1;
                    } else {
                        assert_eq!(filled_loses, loses, "{shown}, {to_move} plays {cell}");
                        beside += usize::from(geometry.neighbours(fill).has(cell));
                    }
                }
            }
        }
        assert!(
            spoiling >= 400 && beside >= 100,
            "{spoiling} spoiling, {beside} beside"
        );
    }
}
