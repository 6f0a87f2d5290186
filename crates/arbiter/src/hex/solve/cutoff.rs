//! Cells and stones a colour can do without: those cut off from its sides.
//!
//! A cell a colour can do without is one such that, on every full board the game can reach,
//! whenever the colour's stones join its sides they still do with that cell the opponent's.
//! The opponent may as well own it then: who wins stays as it was whatever is played, so the
//! search fills such an empty cell with the opponent's stone, and counts a stone of the colour
//! on such a cell as the opponent's (Björnsson, Hayward, Johanson and van Rijswijck's dead
//! cells seen from one colour; Benzene finds such cells by its "clique cutsets").
//!
//! Three rules find them, by flood fills over the cells a chain of the colour can use (the
//! empty cells and its stones):
//!
//! - a cell one of the colour's sides cannot reach: no chain of the colour passes through it;
//! - the cells every way from which to either of the colour's sides passes through one group
//!   of its stones or the group's empty neighbours: a chain through such a cell enters and
//!   leaves that part of the board by way of the group's neighbours, and could go through
//!   the group instead. When the group touches one of the colour's sides, only the way to the
//!   other side is looked at (the chain can go from the group's side through the group). The
//!   group itself is the way round, so it does not count;
//! - a group that touches neither side and whose empty neighbours all touch each other (at
//!   most three): a chain through the group could step from one to the next without it.
//!
//! The second rule's way round is the group's, so its cells can be done without only while
//! the group stays the colour's: two groups may each be the way round the cells of the other
//! (the tests have one), and so the rules give one group's cells at a time, and the fill-in
//! asks again after filling them. The full boards after any moves are some of those before
//! them, so what the rules find stays so: the fill-in is handed down to the positions below
//! whole.

use super::bits::{Cells, Geometry};

/// Cells (empty, or `colour`'s stones; 0 Red, 1 Blue) that `colour` can do without, by the
/// rules of the module's notes: those a side does not reach, or else those one group closes
/// off, or else a group whose empty neighbours all touch; none when there are none or
/// `colour` has joined its sides. One group's cells at a time (the caller gives them away
/// and asks again). Cells of `settled` are left out: a cell neither colour needs, once
/// given to one, would be given back.
pub fn cut_off<B: Cells>(geometry: &Geometry<B>, stones: [B; 2], colour: usize, settled: B) -> B {
    let own = stones[colour];
    let open = geometry.board & !stones[1 - colour];
    let empty = open & !own;
    let (one, two) = geometry.sides(colour == 0);
    let reached = |within: B, from_one: bool, from_two: bool| {
        let mut reached = B::NONE;
        if from_one {
            reached |= geometry.flood(one & within, within);
        }
        if from_two {
            reached |= geometry.flood(two & within, within);
        }
        reached
    };
    // A cell on a chain is reached from both sides.
    let reached_both = geometry.flood(one & open, open) & geometry.flood(two & open, open);
    let unreached = open & !reached_both & !settled;
    if !unreached.is_empty() {
        return unreached;
    }
    let mut groups = own;
    while let Some(cell) = groups.first() {
        let group = geometry.flood(B::bit(cell), own);
        groups &= !group;
        let (on_one, on_two) = (group.meets(one), group.meets(two));
        if on_one && on_two {
            return B::NONE;
        }
        let around = geometry.neighbours(group) & empty;
        let within = open & !(group | around);
        let closed_off = within & !reached(within, !on_one, !on_two) & !settled;
        if !closed_off.is_empty() {
            return closed_off;
        }
        if !on_one
            && !on_two
            && each_touches_the_others(geometry, around)
            && !group.subset_of(settled)
        {
            return group & !settled;
        }
    }
    B::NONE
}

/// Whether each cell of `cells` is next to each other one.
fn each_touches_the_others<B: Cells>(geometry: &Geometry<B>, cells: B) -> bool {
    cells.count() <= 3
        && cells
            .iter()
            .all(|cell| (cells & !B::bit(cell)).subset_of(geometry.neighbours(B::bit(cell))))
}

#[cfg(test)]
mod tests {
    use super::super::oracle::wins;
    use super::super::tests::{named, random_position};
    use super::*;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use std::cell::Cell;

    /// `stones` with `cells` given to the colour other than `colour`.
    fn given_away(stones: [u64; 2], colour: usize, cells: u64) -> [u64; 2] {
        let mut given = stones;
        given[colour] &= !cells;
        given[1 - colour] |= cells;
        given
    }

    /// Whether giving `colour`'s cut-off cells to the other colour keeps the winner with
    /// either side to move, and after each move of either side.
    fn keeps_the_winner(geometry: &Geometry<u64>, stones: [u64; 2], colour: usize) -> bool {
        let cut = cut_off(geometry, stones, colour, 0);
        let given = given_away(stones, colour, cut);
        let empty = geometry.board & !(given[0] | given[1]);
        (0..2).all(|to_move| {
            wins(geometry, stones, to_move) == wins(geometry, given, to_move)
                && empty.iter().all(|cell| {
                    let (mut before, mut after) = (stones, given);
                    before[to_move] |= u64::bit(cell);
                    after[to_move] |= u64::bit(cell);
                    wins(geometry, before, 1 - to_move) == wins(geometry, after, 1 - to_move)
                })
        })
    }

    #[test]
    fn cells_no_side_of_the_colour_reaches_are_cut_off() {
        // 4 x 4: Blue's c1 b2 a3 wall a1 b1 a2 off from Red's bottom side.
        let g: Geometry<u64> = Geometry::new(4, 4);
        let stones = [named(&g, "d2 c3 a4"), named(&g, "c1 b2 a3 d3")];
        assert_eq!(cut_off(&g, stones, 0, 0), named(&g, "a1 b1 a2"));
        assert!(keeps_the_winner(&g, stones, 0));
    }

    #[test]
    fn cells_a_group_closes_off_from_the_other_side_are_cut_off() {
        // 4 x 4: Red's b4 stands on its bottom side; from d3 and d4 every way to Red's top
        // side passes b4's empty neighbours b3 and c3, and a chain that way could go down
        // through b4 instead.
        let g: Geometry<u64> = Geometry::new(4, 4);
        let stones = [named(&g, "b4"), named(&g, "d2 a4 c4")];
        assert_eq!(cut_off(&g, stones, 0, 0), named(&g, "d3 d4"));
        assert!(keeps_the_winner(&g, stones, 0));
    }

    #[test]
    fn two_groups_that_are_each_the_way_round_the_others_cells_are_not_given_away_together() {
        // 5 x 5, Blue (left to right) to join a2 b2 c2 to its right side through d2: then
        // either by e1, or by d3 e3. Each is the way round the other, so one is given away
        // (the first group's cells: e1 makes d3 e3 Red's), not both.
        let g: Geometry<u64> = Geometry::new(5, 5);
        let red = named(&g, "a1 b1 c1 d1 e2 a3 b3 c3 a4 b4 c4 d4 e4 a5 b5 c5 d5");
        let stones = [red, named(&g, "e1 a2 b2 c2 d3 e3")];
        // First e5, which Blue's left side does not reach; then e1's cells.
        assert_eq!(cut_off(&g, stones, 1, 0), named(&g, "e5"));
        let stones = given_away(stones, 1, named(&g, "e5"));
        assert_eq!(cut_off(&g, stones, 1, 0), named(&g, "d3 e3"));
        assert!(keeps_the_winner(&g, stones, 1));
        let both = given_away(stones, 1, named(&g, "e1 d3 e3"));
        assert!(wins(&g, stones, 1) && !wins(&g, both, 1));
    }

    #[test]
    fn a_group_whose_empty_neighbours_all_touch_is_cut_off() {
        // 4 x 4: Red's b2 has two empty neighbours, c2 and b3, which touch: a chain through
        // b2 could step from one to the other.
        let g: Geometry<u64> = Geometry::new(4, 4);
        let stones = [named(&g, "b2"), named(&g, "a1 b1 c1 a2 a3")];
        assert_eq!(cut_off(&g, stones, 0, 0), named(&g, "b2"));
        assert!(keeps_the_winner(&g, stones, 0));
    }

    #[test]
    fn a_colour_that_has_joined_its_sides_has_nothing_cut_off() {
        let g: Geometry<u64> = Geometry::new(3, 3);
        let stones = [named(&g, "a1 a2 a3"), named(&g, "c3")];
        assert_eq!(cut_off(&g, stones, 0, 0), 0);
    }

    thread_local! {
        /// How many positions the property tests below found something cut off in.
        static FOUND: Cell<usize> = const { Cell::new(0) };
    }

    fn check(rows: usize, cols: usize, red: u64, blue: u64) {
        let geometry: Geometry<u64> = Geometry::new(rows, cols);
        let stones = [red, blue];
        for colour in 0..2 {
            if cut_off(&geometry, stones, colour, 0) != 0 {
                FOUND.with(|found| found.set(found.get() + 1));
            }
            assert!(
                keeps_the_winner(&geometry, stones, colour),
                "{rows}x{cols} red {red:#x} blue {blue:#x}, cut off for {colour}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn cut_off_cells_keep_the_winner_now_and_after_any_move_up_to_4x4(
            (rows, cols, red, blue, _) in random_position(1..=4, 1..=4, 50)
        ) {
            check(rows, cols, red, blue);
        }

        #[test]
        fn cut_off_cells_keep_the_winner_now_and_after_any_move_on_sparse_5x5(
            (rows, cols, red, blue, _) in random_position(5..=5, 5..=5, 55)
        ) {
            prop_assume!(25 - (red | blue).count_ones() <= 11);
            check(rows, cols, red, blue);
        }
    }

    #[test]
    fn the_property_tests_find_cells_cut_off() {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = random_position(4..=5, 4..=5, 50);
        let before = FOUND.with(Cell::get);
        for _ in 0..300 {
            let (rows, cols, red, blue, _) = strategy.new_tree(&mut runner).unwrap().current();
            if rows * cols - ((red | blue).count_ones() as usize) <= 11 {
                check(rows, cols, red, blue);
            }
        }
        let found = FOUND.with(Cell::get) - before;
        assert!(found >= 30, "only {found} positions with cells cut off");
    }
}
