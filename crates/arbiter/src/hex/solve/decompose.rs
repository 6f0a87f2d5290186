//! Combinatorial decompositions: a region that two of a colour's pieces close off between two
//! of the opponent's groups, and in which they are virtually connected, is the colour's.
//!
//! Two pieces of a colour (groups of its stones, or its sides with the stones joined to them)
//! that both touch the same two groups of the opponent's (a stone next to theirs, a bridge of
//! two empty cells between stones, a stone on the opponent's side or a bridge from it: on the
//! second row with the two cells of the first next to it empty, or the colour's side meeting
//! the opponent's at a corner) close off the empty cells that the colour's other sides cannot
//! reach but through a cell next to one of the two. When a full connection of the two lies
//! within those cells, filling its carrier with the colour's stones leaves who wins as it
//! was: the opponent's groups on either side are not joined through it (the colour keeps its
//! connection whatever the opponent plays there) and the colour gains nothing there that the
//! connection does not give it. This is the decomposition theorem of
//! Hayward, Björnsson, Johanson, Kan, Po and van Rijswijck ("Solving 7x7 Hex: virtual
//! connections and game-state reduction", 2003), as Benzene fills in with it
//! (`Decompositions::Find`).
//!
//! The search fills these regions in at every position it expands, for either colour, after
//! the dead and captured cells (the cells filled in leave the moves, as captured cells do),
//! and again at the root of a [`--pruned`](super::Solver::solve_considered) search, where the
//! side to move's moves into them are left untried: on Benzene's 9 x 9 puzzle henderson-68,
//! most of Blue's left side, which Red's moves there made the costliest part of the answer.
//! The property tests hold both claims to the exhaustive search on random positions: the
//! winner is kept, and a move that wins with the region filled wins without.

use super::bits::{Cells, Geometry};
use super::vc::Connections;

/// The carrier of a full connection of the colour (Red when `red`) whose stones are `own`
/// (the opponent's `theirs`) that lies within a region two of its pieces close off, if any:
/// cells that can be filled with its stones. `vcs` holds the connections of that colour,
/// built on these stones, which have not joined its sides.
pub fn captured_region<B: Cells>(
    geometry: &Geometry<B>,
    vcs: &Connections<B>,
    red: bool,
    own: B,
    theirs: B,
) -> Option<B> {
    // A pair other than the two sides needs a group of the colour's apart from them.
    if vcs.pieces().len() < 3 {
        return None;
    }
    let empty = geometry.board & !(own | theirs);
    let mine = geometry.sides(red);
    let my_rows = [mine.0, mine.1];
    let theirs_sides = geometry.sides(!red);
    let their_rows = [theirs_sides.0, theirs_sides.1];
    let their_groups = groups_of(geometry, theirs, theirs_sides);
    let cells = geometry.cells();
    let pieces: Vec<Piece<B>> = vcs
        .pieces()
        .iter()
        .map(|&(node, stones)| {
            let side = (node as usize).checked_sub(cells);
            let row = side.map(|s| my_rows[s]);
            Piece {
                node,
                side,
                around: (geometry.neighbours(stones) | row.unwrap_or(B::NONE)) & empty,
                touching: touching(geometry, stones, row, their_rows, &their_groups, empty),
            }
        })
        .collect();
    let enclosing: Vec<&Piece<B>> = pieces.iter().filter(|p| p.touching.len() >= 2).collect();
    for (i, one) in enclosing.iter().enumerate() {
        for two in &enclosing[..i] {
            if one.side.is_some() && two.side.is_some() || shared(one, two) < 2 {
                continue;
            }
            if vcs.full_carriers(one.node, two.node).is_empty() {
                continue;
            }
            let area = empty & !reached_from_free_sides(geometry, &pieces, one, two, empty);
            let inside = vcs.full_within(one.node, two.node, area);
            if let Some(carrier) = inside.filter(|c| !c.is_empty()) {
                return Some(carrier);
            }
        }
    }
    None
}

/// One of the colour's pieces, as the decomposition looks at it.
struct Piece<B> {
    /// Its node in the connections.
    node: u16,
    /// Which of the colour's sides it is (`None`: a group of stones).
    side: Option<usize>,
    /// The empty cells next to it (a side's: its row or column too).
    around: B,
    /// The opponent's groups it touches, by index, ascending.
    touching: Vec<usize>,
}

/// How many of the opponent's groups both pieces touch.
fn shared<B>(one: &Piece<B>, two: &Piece<B>) -> usize {
    one.touching
        .iter()
        .filter(|g| two.touching.binary_search(g).is_ok())
        .count()
}

/// The groups of `stones`: first those joined to each of the colour's `sides` (each counted
/// as one group with its side, even with no stone), then the others.
fn groups_of<B: Cells>(geometry: &Geometry<B>, stones: B, sides: (B, B)) -> Vec<B> {
    let first = geometry.flood(sides.0 & stones, stones);
    let second = geometry.flood(sides.1 & stones, stones);
    let mut groups = vec![first, second];
    let mut rest = stones & !first & !second;
    while let Some(cell) = rest.first() {
        let group = geometry.flood(B::bit(cell), stones);
        rest &= !group;
        groups.push(group);
    }
    groups
}

/// The opponent's groups (indices into `their_groups`, the first two its sides, whose rows or
/// columns are `their_rows`) that a piece of the colour touches: next to one of its stones, a
/// bridge of two empty cells away, or a side under one of its stones or a bridge from one
/// (the side's two cells next to it empty); and for a side of the colour (`side`, whose row
/// or column is `my_row`), both of the opponent's sides (they meet at the corners) and the
/// groups with a stone on it.
fn touching<B: Cells>(
    geometry: &Geometry<B>,
    stones: B,
    side: Option<B>,
    their_rows: [B; 2],
    their_groups: &[B],
    empty: B,
) -> Vec<usize> {
    let near = geometry.neighbours(stones) | bridged(geometry, stones, empty);
    let mut found: Vec<usize> = their_groups
        .iter()
        .enumerate()
        .filter(|&(i, &group)| {
            group.meets(near)
                || i < 2
                    && (stones.meets(their_rows[i])
                        || bridged_to_row(geometry, stones, their_rows[i], empty))
        })
        .map(|(i, _)| i)
        .collect();
    if let Some(my_row) = side {
        found.extend([0, 1]);
        found.extend(
            their_groups
                .iter()
                .enumerate()
                .filter(|&(_, &group)| group.meets(my_row))
                .map(|(i, _)| i),
        );
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// The cells a bridge away from a stone of `stones` (not next to it, with two empty cells
/// next to both).
fn bridged<B: Cells>(geometry: &Geometry<B>, stones: B, empty: B) -> B {
    let mut found = B::NONE;
    for stone in stones.iter() {
        let next = geometry.neighbours(B::bit(stone));
        let two_away = geometry.neighbours(next) & !next & !B::bit(stone);
        for cell in two_away.iter() {
            if (next & geometry.neighbours(B::bit(cell)) & empty).count() == 2 {
                found |= B::bit(cell);
            }
        }
    }
    found
}

/// Whether a stone of `stones` off `row` (a side's row or column) has two empty cells of it
/// next to it: a bridge to the side.
fn bridged_to_row<B: Cells>(geometry: &Geometry<B>, stones: B, row: B, empty: B) -> bool {
    (stones & !row & geometry.neighbours(row))
        .iter()
        .any(|stone| (geometry.neighbours(B::bit(stone)) & row & empty).count() == 2)
}

/// The empty cells the colour's sides other than the pieces `one` and `two` reach, through
/// empty cells and the colour's other groups, stopping at the cells next to `one` or `two`.
fn reached_from_free_sides<B: Cells>(
    geometry: &Geometry<B>,
    pieces: &[Piece<B>],
    one: &Piece<B>,
    two: &Piece<B>,
    empty: B,
) -> B {
    let stop = one.around | two.around;
    let is_one_of_them = |p: &Piece<B>| p.node == one.node || p.node == two.node;
    let mut reached = pieces
        .iter()
        .filter(|p| p.side.is_some() && !is_one_of_them(p))
        .fold(B::NONE, |set, p| set | p.around);
    let hubs: Vec<&Piece<B>> = pieces
        .iter()
        .filter(|p| p.side.is_none() && !is_one_of_them(p))
        .collect();
    loop {
        let going_on = reached & !stop;
        let mut grown = reached | geometry.neighbours(going_on) & empty;
        for hub in &hubs {
            if hub.around.meets(going_on) {
                grown |= hub.around;
            }
        }
        if grown == reached {
            return reached;
        }
        reached = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::super::oracle;
    use super::super::tests::{named, random_position};
    use super::*;
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use std::cell::Cell;

    thread_local! {
        /// How many regions the property tests filled (they must fill some to test anything).
        static FILLED: Cell<u32> = const { Cell::new(0) };
    }

    /// For each colour of the position, the region a decomposition captures, if any, filled
    /// with its stones leaves the winner as it was, whichever side is to move.
    fn check_against_oracle(rows: usize, cols: usize, red: u64, blue: u64) {
        let geometry: Geometry<u64> = Geometry::new(rows, cols);
        let stones = [red, blue];
        if (0..2).any(|side| geometry.joins(stones[side], geometry.sides(side == 0))) {
            return;
        }
        let mut vcs = Connections::new(&geometry, false, false);
        for colour in 0..2 {
            let (own, theirs) = (stones[colour], stones[colour ^ 1]);
            let found = vcs.build(&geometry, colour == 0, own, theirs);
            if found.full.is_some() {
                continue;
            }
            let Some(region) = captured_region(&geometry, &vcs, colour == 0, own, theirs) else {
                continue;
            };
            FILLED.with(|filled| filled.set(filled.get() + 1));
            let mut reduced = stones;
            reduced[colour] |= region;
            let shown =
                format!("{rows}x{cols} red {red:b} blue {blue:b}: region {region:b} of {colour}");
            for to_move in 0..2 {
                assert_eq!(
                    oracle::wins(&geometry, reduced, to_move),
                    oracle::wins(&geometry, stones, to_move),
                    "{shown}, {to_move} to move"
                );
            }
            // A move of the colour's that wins with the region filled wins without (the
            // search plays the one for the other).
            for cell in oracle::winning_moves(&geometry, reduced, colour) {
                let mut played = stones;
                played[colour] |= 1 << cell;
                assert!(
                    !oracle::wins(&geometry, played, colour ^ 1),
                    "{shown}: {cell} wins filled, not unfilled"
                );
            }
        }
    }

    /// A random position of `side` x `side` cells, a stone on a cell with chance `fill` in
    /// 100 (the side to move left aside).
    fn position(side: usize, fill: u32) -> impl Strategy<Value = (u64, u64)> {
        random_position(side..=side, side..=side, fill).prop_map(|(_, _, red, blue, _)| (red, blue))
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 300,
            max_global_rejects: 100_000,
            ..ProptestConfig::default()
        })]

        #[test]
        fn a_region_a_decomposition_captures_keeps_the_winner_on_5x5((red, blue) in position(5, 55)) {
            prop_assume!(25 - (red | blue).count_ones() <= 12);
            check_against_oracle(5, 5, red, blue);
        }

        #[test]
        fn a_region_a_decomposition_captures_keeps_the_winner_on_6x6((red, blue) in position(6, 70)) {
            prop_assume!(36 - (red | blue).count_ones() <= 12);
            check_against_oracle(6, 6, red, blue);
        }
    }

    #[test]
    fn a_stone_a_bridge_from_the_opponents_side_touches_that_side() {
        // Benzene's 9 x 9 puzzle henderson-100 after Blue's winning e2. Blue's left side and
        // its group d3 e2 d4 d5 both touch Red's top side (e2 by the bridge e1 f1) and Red's
        // group c5 c6 b7 b8: the cells between them, where the two are joined, are Blue's.
        let geometry: Geometry<u128> = Geometry::new(9, 9);
        let red = named(&geometry, "e3 a4 c5 e5 c6 g6 b7 d7 f7 b8");
        let blue = named(&geometry, "b2 e2 d3 d4 d5 c7 g7 c8 d8 e9");
        let stones = super::super::inferior::fill_in(&geometry, [red, blue]).stones;
        let mut vcs = Connections::new(&geometry, false, false);
        let found = vcs.build(&geometry, false, stones[1], stones[0]);
        assert!(found.full.is_none() && !found.joined);
        let region = captured_region(&geometry, &vcs, false, stones[1], stones[0]);
        let between = named(&geometry, "c1 d1 e1 c2 d2 b3 c3 b4 c4 a5 b5 a6");
        assert!(
            region.is_some_and(|region| region.subset_of(between)),
            "{region:?}"
        );
    }

    #[test]
    fn a_full_connection_of_semis_the_or_rule_left_out_still_decomposes() {
        // Little Golem's game 1828983 (13 x 13) some moves on, Red to move. Red's group on
        // d10, e9 to h10 joins its bottom (f12 with the cells below it) through g11, or
        // through e11 and a cell of each pair d11 f10 and d12 e12: six cells, closed off
        // between Blue's groups c12, f11 and h11, all three touching both pieces. The OR rule
        // met a larger full carrier of the pair first (through c11 and b12 as well), which
        // holds the six cells, so it kept no full carrier of the six; the pair's semis give
        // it, and the six are Red's.
        use super::super::bits::Wide;
        let geometry: Geometry<Wide> = Geometry::new(13, 13);
        let red = named(
            &geometry,
            "k2 l3 b4 c4 i4 d5 h5 k6 h6 f7 i7 f8 e9 f9 g9 i9 d10 g10 h10 f12",
        );
        let blue = named(
            &geometry,
            "b3 c3 d3 j3 e4 j4 g5 i5 k5 g6 g7 e8 g8 h8 h9 e10 i10 f11 h11 c12",
        );
        let stones = super::super::inferior::fill_in(&geometry, [red, blue]).stones;
        let mut vcs = Connections::new(&geometry, false, false);
        let found = vcs.build(&geometry, true, stones[0], stones[1]);
        assert!(found.full.is_none() && !found.joined);
        let region = captured_region(&geometry, &vcs, true, stones[0], stones[1]);
        assert_eq!(region, Some(named(&geometry, "f10 d11 e11 g11 d12 e12")));
    }

    #[test]
    fn the_property_tests_fill_regions() {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = position(6, 70);
        let before = FILLED.with(Cell::get);
        for _ in 0..300 {
            let (red, blue) = strategy.new_tree(&mut runner).unwrap().current();
            if 36 - (red | blue).count_ones() <= 12 {
                check_against_oracle(6, 6, red, blue);
            }
        }
        let filled = FILLED.with(Cell::get) - before;
        assert!(filled >= 10, "only {filled} regions filled");
    }
}
