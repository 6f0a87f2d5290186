//! Second-row ladders, each found whole: full connections from a cell to a side that
//! H-search ([`super::vc`]) can derive only as a long chain of OR steps, one per cell of the
//! ladder, and in a crowded position often does not (its lists are capped). Added as base
//! connections before the rules run, they combine with everything else at once, as the
//! pattern connections of Benzene's builder do.
//!
//! A *ladder* runs along the two rows nearest a side. The colour's ladder stone on the second
//! row has lost the cell below it on one hand (its *back foot*), and threatens two cells: the
//! one below it on the other hand (its *forward foot*, on the side's row) and the next cell
//! along the second row. The opponent blocks the foot, the colour steps forward, and so on
//! until the colour reaches an *escape*: a stone of its own already joined to the side next
//! to the step, or a stone of its own on the second row with a free foot ahead. Each
//! connection's carrier is every cell the ladder may need.
//!
//! From one ladder come connections to the side from five starts (ladders run both ways
//! along each side, so each is found in both directions):
//! - from the second-row cell where it starts, its back foot not needed;
//! - from a second-row cell with its back foot free and its forward foot not needed: the
//!   back foot, or a step forward and the ladder from there;
//! - from a third-row cell over two free second-row cells: the first with both its feet (a
//!   template), or the second and the ladder from there;
//! - from a fourth-row cell, in two places: a wide template below it on its back hand, or
//!   the ladder.
//!
//! The shapes are derived from the play of the ladder, not read from a pattern file; the
//! module's tests check every connection it finds, on random positions up to 8 x 8, against
//! an exhaustive search of the game played in its carrier alone. `Techniques::ladders`
//! turns them on (they are off by default: the guide's performance page says why).

use super::bits::{Cells, Frame, Geometry};

/// Where a connection starts: its cell, the cells it needs besides the ladder (each the
/// opponent's would spoil it), and the second-row cell the ladder runs from, all as (depth,
/// offset) from the start's position along the frame.
struct Start {
    from: (usize, usize),
    template: &'static [(usize, usize)],
    ladder_from: usize,
}

/// The starts (see the module's docs), each checked by the tests against the game played
/// in its carrier alone.
const STARTS: [Start; 5] = [
    // A second-row cell, its back foot not needed.
    Start {
        from: (2, 0),
        template: &[],
        ladder_from: 0,
    },
    // A second-row cell: its back foot, or a step forward and the ladder from there.
    Start {
        from: (2, 0),
        template: &[(1, 0), (2, 1)],
        ladder_from: 1,
    },
    // A third-row cell: its back foot with both of that one's feet, or its forward foot and
    // the ladder from there.
    Start {
        from: (3, 0),
        template: &[(2, 0), (1, 0), (1, 1), (2, 1)],
        ladder_from: 1,
    },
    // A fourth-row cell: a wide template below it on its back hand, or the ladder.
    Start {
        from: (4, 0),
        template: &[
            (4, 1),
            (3, 0),
            (3, 1),
            (3, 2),
            (2, 0),
            (2, 1),
            (2, 2),
            (2, 3),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
        ],
        ladder_from: 3,
    },
    // The same, one step further along, the template wider.
    Start {
        from: (4, 2),
        template: &[
            (4, 1),
            (3, 0),
            (3, 1),
            (3, 2),
            (3, 3),
            (2, 0),
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 4),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
        ],
        ladder_from: 4,
    },
];

/// One step of a ladder along a frame, from the second-row cell `k` to `k + 1`.
#[derive(Clone, Copy, Debug)]
struct Step<B> {
    /// The ladder stone's forward foot, the first-row cell `k + 1`.
    foot: usize,
    /// The next second-row cell, `k + 1`, if on the board, and the cells next to it.
    next: Option<(usize, B)>,
    /// The first-row cell `k + 2`, the forward foot of `next`, if on the board.
    far: Option<usize>,
}

/// A connection's start laid on the board: its cell, its template's cells, and the
/// position along the frame its ladder runs from.
#[derive(Clone, Copy, Debug)]
struct Placed<B> {
    cell: usize,
    template: B,
    ladder_from: usize,
}

/// One frame's ladders for one board shape: its steps (`None` past the board) and every
/// start that fits on the board.
#[derive(Clone, Debug)]
struct Lane<B> {
    steps: Vec<Option<Step<B>>>,
    starts: Vec<Placed<B>>,
}

impl<B: Cells> Lane<B> {
    fn new(geometry: &Geometry<B>, frame: &Frame) -> Self {
        let steps = (0..frame.len)
            .map(|k| {
                let next = frame.at(geometry, 2, k + 1);
                Some(Step {
                    foot: frame.at(geometry, 1, k + 1)?,
                    next: next.map(|next| (next, geometry.neighbours(B::bit(next)))),
                    far: frame.at(geometry, 1, k + 2),
                })
            })
            .collect();
        let mut starts = Vec::new();
        for a in 0..frame.len {
            for start in &STARTS {
                let ladder_from = a + start.ladder_from;
                let cell = frame.at(geometry, start.from.0, a + start.from.1);
                let template = start.template.iter().try_fold(B::NONE, |set, &(depth, i)| {
                    Some(set | B::bit(frame.at(geometry, depth, a + i)?))
                });
                if let (Some(cell), Some(template), true) =
                    (cell, template, ladder_from < frame.len)
                {
                    starts.push(Placed {
                        cell,
                        template,
                        ladder_from,
                    });
                }
            }
        }
        Lane { steps, starts }
    }
}

/// The ladders of one board shape, for each colour's two sides, both directions along each;
/// made once per shape, so that finding them in a position is a few set operations a step.
#[derive(Clone, Debug)]
pub struct Ladders<B> {
    /// By colour (Red first), then side, then direction.
    lanes: [[[Lane<B>; 2]; 2]; 2],
    /// Per step of a lane, the ladder from it (reused from position to position).
    ladder: Vec<Option<B>>,
}

impl<B: Cells> Ladders<B> {
    /// The ladders of boards of this shape.
    pub fn new(geometry: &Geometry<B>) -> Self {
        let lanes = [true, false].map(|red| {
            Frame::of(geometry, red).map(|frames| frames.map(|frame| Lane::new(geometry, &frame)))
        });
        Ladders {
            lanes,
            ladder: Vec::new(),
        }
    }

    /// Every ladder connection of the colour whose stones are `own` (Red when `red`) to its
    /// two sides: `found(cell, side, carrier)`, `side` 0 for the colour's first side (Red's
    /// top, Blue's left) and 1 for its second; `joined` holds the colour's stones joined to
    /// each side.
    pub fn find(
        &mut self,
        red: bool,
        (own, theirs): (B, B),
        joined: [B; 2],
        mut found: impl FnMut(usize, usize, B),
    ) {
        let empty = !(own | theirs);
        for (side, lanes) in self.lanes[usize::from(!red)].iter().enumerate() {
            let position = Position {
                own,
                theirs,
                empty,
                joined: joined[side],
            };
            for lane in lanes {
                position.ladders(lane, &mut self.ladder);
                for start in &lane.starts {
                    let Some(rest) = self.ladder[start.ladder_from] else {
                        continue;
                    };
                    let spoilt = start.template.meets(theirs)
                        || theirs.has(start.cell)
                        || position.joined.has(start.cell);
                    if !spoilt {
                        found(start.cell, side, (start.template & empty) | rest);
                    }
                }
            }
        }
    }
}

/// A position as the ladders to one side see it.
struct Position<B> {
    own: B,
    theirs: B,
    empty: B,
    /// The colour's stones joined to the side.
    joined: B,
}

impl<B: Cells> Position<B> {
    /// For each step `k` of the lane, the carrier by which a stone of the colour on the
    /// second row at `k`, its back foot lost, ladders to an escape (`None` when it cannot):
    /// worked out from the far end back, each from the next.
    fn ladders(&self, lane: &Lane<B>, ladder: &mut Vec<Option<B>>) {
        ladder.clear();
        ladder.resize(lane.steps.len() + 1, None);
        for (k, step) in lane.steps.iter().enumerate().rev() {
            ladder[k] = step.and_then(|step| self.step(&step, ladder[k + 1]));
        }
    }

    /// The ladder over one step, given the ladder from the next (`next_ladder`).
    fn step(&self, step: &Step<B>, next_ladder: Option<B>) -> Option<B> {
        let Step { foot, next, far } = *step;
        if self.own.has(foot) {
            return Some(B::NONE);
        }
        let (next, around_next) = next?;
        if self.own.has(next) {
            if self.joined.has(next) {
                return Some(B::NONE);
            }
            // A stone ahead: with a free foot ahead of it too, it has two feet; else the
            // ladder goes on from it.
            return match far {
                Some(far) if self.empty.has(foot) && !self.theirs.has(far) => {
                    Some((B::bit(foot) | B::bit(far)) & self.empty)
                }
                _ => next_ladder,
            };
        }
        if self.theirs.has(foot) || self.theirs.has(next) {
            return None;
        }
        let both = B::bit(foot) | B::bit(next);
        if around_next.meets(self.joined) {
            return Some(both);
        }
        next_ladder.map(|rest| rest | both)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashMap;

    use super::super::vc::tests::{cell, set};
    use super::*;

    /// Whether `own`, with `from` added, keeps `from` joined to `edge` when the opponent moves
    /// first in `carrier` and every other empty cell is the opponent's (only the colour's
    /// stones join): the game played in the carrier alone, exhaustively (positions
    /// remembered).
    fn holds(g: &Geometry<u64>, own: u64, from: usize, edge: u64, carrier: u64) -> bool {
        let own = own | u64::bit(from);
        let joined = |own: u64| g.flood(u64::bit(from), own).meets(edge);
        fn play(
            g: &Geometry<u64>,
            joined: &dyn Fn(u64) -> bool,
            own: u64,
            free: u64,
            memo: &mut HashMap<(u64, u64), bool>,
        ) -> bool {
            if joined(own) {
                return true;
            }
            // Lost already when even every free cell would not join it.
            if free == 0 || !joined(own | free) {
                return false;
            }
            if let Some(&known) = memo.get(&(own, free)) {
                return known;
            }
            // The opponent takes any free cell; the colour answers in what is left, the cells
            // next to the cut first (the answer is nearly always one of them).
            let holds = free.iter().all(|cut| {
                let left = free & !u64::bit(cut);
                let near = g.neighbours(u64::bit(cut)) & left;
                (near.iter().chain((left & !near).iter())).any(|reply| {
                    play(
                        g,
                        joined,
                        own | u64::bit(reply),
                        left & !u64::bit(reply),
                        memo,
                    )
                })
            });
            memo.insert((own, free), holds);
            holds
        }
        play(g, &joined, own, carrier, &mut HashMap::new())
    }

    /// A stream of pseudo-random numbers (xorshift), the same from run to run.
    pub(in crate::hex::solve) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Stones on the first `cells` cells, each colour's on about one cell in seven: (own,
    /// theirs).
    pub(in crate::hex::solve) fn sprinkle(
        cells: usize,
        random: &mut impl FnMut() -> u64,
    ) -> (u64, u64) {
        sprinkle_one_in(7, cells, random)
    }

    /// Stones on the first `cells` cells, each colour's on about one cell in `one_in`: (own,
    /// theirs).
    pub(in crate::hex::solve) fn sprinkle_one_in(
        one_in: u64,
        cells: usize,
        random: &mut impl FnMut() -> u64,
    ) -> (u64, u64) {
        let (mut own, mut theirs) = (0, 0);
        for cell in 0..cells {
            match random() % one_in {
                0 => own |= u64::bit(cell),
                1 => theirs |= u64::bit(cell),
                _ => {}
            }
        }
        (own, theirs)
    }

    fn found_on(g: &Geometry<u64>, red: bool, own: u64, theirs: u64) -> Vec<(usize, usize, u64)> {
        let (first, second) = g.sides(red);
        let joined = [g.flood(first & own, own), g.flood(second & own, own)];
        let mut found = Vec::new();
        Ladders::new(g).find(red, (own, theirs), joined, |cell, side, carrier| {
            found.push((cell, side, carrier))
        });
        found
    }

    #[test]
    fn a_blocked_second_row_stone_ladders_to_an_escape_on_the_first_row() {
        // 8 x 8: Red c7, Blue b8 below it on the back hand; Red h8 is the escape. The ladder
        // runs along the seventh row, Blue blocking on the eighth, until Red's h7 touches h8.
        let g = Geometry::new(8, 8);
        let own = set(&g, &["c7", "h8"]);
        let theirs = set(&g, &["b8"]);
        let found = found_on(&g, true, own, theirs);
        let want = set(
            &g,
            &["c8", "d7", "d8", "e7", "e8", "f7", "f8", "g7", "g8", "h7"],
        );
        assert!(found.contains(&(cell(&g, "c7"), 1, want)), "{found:?}");
        assert!(holds(&g, own, cell(&g, "c7"), g.bottom, want));
        // Blue on f8 spoils it: no ladder from c7 reaches an escape.
        let spoilt = found_on(&g, true, own, theirs | set(&g, &["f8"]));
        assert!(
            spoilt.iter().all(|&(at, _, _)| at != cell(&g, "c7")),
            "{spoilt:?}"
        );
    }

    #[test]
    fn the_exhaustive_check_refuses_a_carrier_one_cell_short() {
        let g = Geometry::new(8, 8);
        // The ladder above without g8: Blue (on b8 and outside the carrier) takes g8 last.
        let own = set(&g, &["c7", "h8"]);
        let short = set(&g, &["c8", "d7", "d8", "e7", "e8", "f7", "f8", "g7", "h7"]);
        assert!(!holds(&g, own, cell(&g, "c7"), g.bottom, short));
    }

    /// Random positions from `smallest` x `smallest` to 8 x 8, `rounds` of them, each colour
    /// on about one cell in seven: every connection to a side `found_on` gives, checked
    /// exhaustively in its carrier alone. How many were checked, how many had `long` cells or
    /// more, and how many started on each row from their side (the fifth and deeper as one).
    pub(in crate::hex::solve) fn check_connections_to_sides(
        seed: u64,
        rounds: usize,
        smallest: usize,
        long: u32,
        found_on: impl Fn(&Geometry<u64>, bool, u64, u64) -> Vec<(usize, usize, u64)>,
    ) -> (usize, usize, [usize; 6]) {
        let mut random = xorshift(seed);
        let (mut checked, mut long_ones, mut by_depth) = (0, 0, [0; 6]);
        for _ in 0..rounds {
            let sizes = 9 - smallest;
            let rows = smallest + random() as usize % sizes;
            let cols = smallest + random() as usize % sizes;
            let g: Geometry<u64> = Geometry::new(rows, cols);
            let (own, theirs) = sprinkle(g.cells(), &mut random);
            let red = random().is_multiple_of(2);
            let (first, second) = g.sides(red);
            for (cell, side, carrier) in found_on(&g, red, own, theirs) {
                assert_eq!(carrier & (own | theirs), 0);
                assert!(!theirs.has(cell) && !carrier.has(cell));
                let edge = [first, second][side];
                assert!(
                    holds(&g, own, cell, edge, carrier),
                    "{rows} x {cols}, red {red}, own {own:#x}, theirs {theirs:#x}: \
                     cell {cell} to side {side} through {carrier:#x}"
                );
                checked += 1;
                long_ones += usize::from(carrier.count() >= long);
                let (row, col) = (cell / cols, cell % cols);
                let depth = match (red, side) {
                    (true, 0) => row + 1,
                    (true, _) => rows - row,
                    (false, 0) => col + 1,
                    (false, _) => cols - col,
                };
                by_depth[depth.min(5)] += 1;
            }
        }
        eprintln!("{checked} checked, {long_ones} of {long} cells or more, by row {by_depth:?}");
        (checked, long_ones, by_depth)
    }

    #[test]
    fn every_ladder_connection_holds_in_its_carrier_alone() {
        // Enough long ones found, from the second to the fourth rows, that the check means
        // something.
        let (checked, long, by_depth) =
            check_connections_to_sides(0x9e37_79b9_7f4a_7c15, 1200, 3, 8, found_on);
        assert!(
            checked >= 1000 && long >= 200,
            "{checked} checked, {long} long"
        );
        assert!(
            by_depth[2..5].iter().all(|&n| n >= 20),
            "by row {by_depth:?}"
        );
    }
}
