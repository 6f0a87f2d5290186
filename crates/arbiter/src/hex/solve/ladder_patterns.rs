//! Ladder connections as Benzene's builder makes them: a *start* (a cell that, blocked on one
//! hand, ladders along the side), as many columns of the ladder's rows as lie between, and
//! an *end* (an escape: the colour's stones ahead, and the cells they need), joined into one
//! full connection from the start's cell to the side. H-search ([`super::vc`]) derives a
//! ladder one OR step a cell, if its lists keep what each step needs; [`super::ladder`]
//! derives second-row ladders from their play but knows only the plainest escapes.
//! Benzene's pattern file (`share/vc-patterns.txt`) draws eleven starts of second- and
//! third-row ladders and 34 ends on the second to fourth rows (their stones up to the fifth);
//! any start joins any end at least as tall, shifted along until the two do not meet, the
//! ladder's rows filling the columns between. They are most of what Benzene's solver gains
//! from its patterns; arbiter's H-search finds most of them itself, and the guide's solver
//! page has what adding them does (`Techniques::ladder_patterns`, off by default).
//!
//! Rather than list every combination (tens of thousands on 13 x 13), a build works along
//! each side and each direction once: for every end and every column, whether the end fits
//! there or, failing that, one more column of the ladder and the same from the next column
//! on (from the far end back); then every start that fits reads the answer at its first
//! free column. The module's tests check every connection it finds on random positions
//! against the game played in its carrier alone.

use super::bits::{Cells, Frame, Geometry};

/// The pictures, one a paragraph: `start H` or `end H` (the ladder's rows, counted from the
/// side), then the shape, the side below its last row, each row drawn half a cell to the
/// right of the one above: `E` the start's cell, `B` a stone of the colour, `*` a cell of
/// the carrier, `.` any cell. Benzene's, as its pattern file draws them (its one end that
/// joins two cells, not a cell and a side, left out).
const PICTURES: &str = "
start 2
E
 *

start 2
. E
 * .

start 2
. . E
 . * *
  * * *

start 2
. . . E *
 . . * * *
  . * * * *
   * * * * *

start 2
. . . . * E
 . . * * * *
  . * * * * *
   * * * * * *

start 2
. . . . * E
 . . . * * *
  . . * * * B
   . * * * * *
    * * * * * *

end 2
*
 B

end 2
B
 *

end 2
. B *
 * * *
  * * *

end 2
. * B
 * * *
  * * *

end 2
* B
 . B

end 2
* * *
 * * B
  . * *

end 2
* * *
 * * B
  . . B

end 2
* * *
 * * B
  . B .

end 2
. . B * .
 * * * * *
  * * * * *
   * * * * *

end 2
. . * B .
 * * * * *
  * * * * *
   * * * * *

end 2
B B
 * *
  * .

end 2
. . B B .
 . * * * .
  * * * * *
   * * * * *
    * * * * *

end 2
. . . B B
 . . * * *
  * * * * *
   * * * * *
    * * * * *

end 2
. B B
 * * *
  * * .
   * * .

end 2
. B *
 * * B
  * * .
   * * .

end 2
B *
 * B
  * .

start 3
. E
 . *
  * *

start 3
. . . E
 . . * *
  . * * *
   * * * *

start 3
. . . . E *
 . . . * * *
  . . * * * *
   . * * * * *
    * * * * * *

start 3
. . . . . . E *
 . . . . * * * *
  . . * * * * * *
   . * * * * * * *
    * * * * * * * *

start 3
. . . . E
 . . . * *
  . . B * *
   . * * * *
    * * * * *

end 3
B *
 * *
  * *

end 3
* * B
 * . B
  * * *

end 3
* * B
 * . B
  * B .

end 3
* * B
 * . B
  * . B

end 3
. * B * .
 * * * * *
  * * * * *
   * * * * *

end 3
*
 B
  *

end 3
. B B
 * * *
  * * *
   * * *

end 3
. . . . . B *
 . . . . B * *
  . . . * * * *
   * * * * * * *
    * * * * * * *
     * * * * * * *

end 4
* * * * B
 * * * * *
  * * * * B
   * * * * *

end 4
* * * * B
 * * * * *
  * * * * B
   * * * B .

end 4
* * * * B
 * * * * *
  * * * * B
   * * * . B

end 4
* * * .
 * * B *
  * * * *
   * * * *

end 4
* * * * B
 * * * * *
  * * * B .
   * * * * .

end 4
* * * * B
 * * * * *
  * * * B .
   * * B . .

end 4
* * * * B
 * * * * *
  * * * B .
   * * . B .

end 4
. . . . * B
 * * * B * *
  * * * * * *
   * * * * * *
    * * * * * *

end 4
. . . . . B
 * * * B B *
  * * * * * *
   * * * * * *
    * * * * * *

end 4
. . . . B B
 * * * B . *
  * * * * * *
   * * * * * *
    * * * * * *
";

/// Whether a picture starts a ladder or ends one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Start,
    End,
}

/// One picture read: each cell as (depth, column), the side's own row at depth 1, a column
/// a line of cells leaning as the rows do (a cell stands over those of its own column and
/// the one before, in the row below).
#[derive(Clone, Debug)]
struct Picture {
    kind: Kind,
    /// The ladder's rows: a start's ladder fills this many rows of each column it runs
    /// through; an end meets ladders of this many rows or fewer.
    rows: usize,
    /// A start's cell.
    start: Option<(usize, usize)>,
    /// The colour's stones it needs.
    own: Vec<(usize, usize)>,
    /// Its carrier.
    carrier: Vec<(usize, usize)>,
}

impl Picture {
    /// Every cell it takes up.
    fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (self.start.iter().chain(&self.own).chain(&self.carrier)).copied()
    }
}

/// The pictures of [`PICTURES`].
fn pictures() -> Vec<Picture> {
    PICTURES
        .split("\n\n")
        .filter(|text| !text.trim().is_empty())
        .map(picture)
        .collect()
}

/// A picture from its text: a cell's column is its place in its line.
fn picture(text: &str) -> Picture {
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let head = lines.next().unwrap_or_default();
    let (kind, rows) = head.split_once(' ').unwrap_or_default();
    let kind = match kind {
        "start" => Kind::Start,
        "end" => Kind::End,
        other => unreachable!("a ladder's picture is headed {other:?}"),
    };
    let rows = rows.parse().unwrap_or_default();
    let lines: Vec<&str> = lines.collect();
    let mut picture = Picture {
        kind,
        rows,
        start: None,
        own: Vec::new(),
        carrier: Vec::new(),
    };
    for (k, line) in lines.iter().enumerate() {
        let depth = lines.len() - k;
        for (column, mark) in line.split_whitespace().enumerate() {
            let at = (depth, column);
            match mark {
                "E" => picture.start = Some(at),
                "B" => picture.own.push(at),
                "*" => picture.carrier.push(at),
                "." => {}
                other => unreachable!("a ladder's picture holds {other:?}"),
            }
        }
    }
    picture
}

/// How many columns along an end must lie from where a start lies, not to meet it: the
/// ladder's columns fill the rest of the way.
fn clearance(start: &Picture, end: &Picture) -> usize {
    let meets = |shift| {
        end.cells()
            .any(|(depth, column)| start.cells().any(|cell| cell == (depth, column + shift)))
    };
    (0..).find(|&shift| !meets(shift)).unwrap_or_default()
}

/// A picture laid on the board: the stones it needs, its carrier (a start's cell apart).
#[derive(Clone, Copy, Debug)]
struct Placed<B> {
    own: B,
    carrier: B,
}

impl<B: Cells> Placed<B> {
    fn fits(&self, own: B, theirs: B) -> bool {
        self.own.subset_of(own) && !self.carrier.meets(theirs)
    }
}

/// A start laid on the board: its picture, its column, its cell.
#[derive(Clone, Copy, Debug)]
struct Start<B> {
    picture: usize,
    column: usize,
    cell: usize,
    placed: Placed<B>,
}

/// One side's ladders in one direction, for one board shape: per column, the ladder's cells
/// there and every end laid there; every start that fits on the board.
#[derive(Clone, Debug)]
struct Lane<B> {
    /// Columns `0..width` (a column's cells deeper than the side's row stand before the
    /// side's first cell, so there are more columns than cells along the side).
    width: usize,
    /// Per ladder height (two rows, three), per column: the ladder's cells there.
    ladder: [Vec<Option<B>>; 2],
    /// Per end picture, per column: the end laid with its first column there.
    ends: Vec<Vec<Option<Placed<B>>>>,
    starts: Vec<Start<B>>,
}

/// The ladders' heights the pictures draw, in rows from the side: a second-row ladder fills
/// two rows of each column it runs through, a third-row ladder three.
const HEIGHTS: [usize; 2] = [2, 3];

impl<B: Cells> Lane<B> {
    fn new(geometry: &Geometry<B>, frame: &Frame, pictures: &[Picture]) -> Self {
        // A cell at position `i` along the side and `depth` rows deep is in column `i + depth`.
        let deepest = pictures
            .iter()
            .flat_map(Picture::cells)
            .map(|(depth, _)| depth)
            .max();
        let width = frame.len + deepest.unwrap_or(0);
        let at =
            |(depth, column): (usize, usize)| frame.at(geometry, depth, column.checked_sub(depth)?);
        let lay = |picture: &Picture, shift: usize| {
            let set = |cells: &[(usize, usize)]| {
                cells.iter().try_fold(B::NONE, |set, &(depth, column)| {
                    Some(set | B::bit(at((depth, column + shift))?))
                })
            };
            Some(Placed {
                own: set(&picture.own)?,
                carrier: set(&picture.carrier)?,
            })
        };
        let ladder = HEIGHTS.map(|rows| {
            (0..width)
                .map(|column| {
                    (1..=rows).try_fold(B::NONE, |set, depth| {
                        Some(set | B::bit(at((depth, column))?))
                    })
                })
                .collect()
        });
        let mut ends = Vec::new();
        let mut starts = Vec::new();
        for (index, picture) in pictures.iter().enumerate() {
            match (picture.kind, picture.start) {
                (Kind::End, _) => ends.push((0..width).map(|shift| lay(picture, shift)).collect()),
                (Kind::Start, Some((depth, column))) => {
                    for shift in 0..width {
                        if let (Some(cell), Some(placed)) =
                            (at((depth, column + shift)), lay(picture, shift))
                        {
                            starts.push(Start {
                                picture: index,
                                column: shift,
                                cell,
                                placed,
                            });
                        }
                    }
                }
                (Kind::Start, None) => unreachable!("a start's picture without its cell"),
            }
        }
        Lane {
            width,
            ladder,
            ends,
            starts,
        }
    }
}

/// The ladder connections of one board shape, for each colour's two sides, both directions
/// along each; made once a shape, so that finding them in a position is a few set
/// operations a column and end.
#[derive(Clone, Debug)]
pub struct LadderPatterns<B> {
    /// By colour (Red first), then side, then direction.
    lanes: [[[Lane<B>; 2]; 2]; 2],
    /// The escapes searched for: (ladder height's index, end's index), an end with each
    /// ladder no taller than it.
    escapes: Vec<(usize, usize)>,
    /// Per picture (none for the ends): per escape it may reach, the escape and how many
    /// columns from the start's first that ladder's first column lies.
    joins: Vec<Vec<(usize, usize)>>,
    /// Per escape, per column: the carrier from a ladder's column there to the escape
    /// (reused from position to position).
    reach: Vec<Option<B>>,
}

impl<B: Cells> LadderPatterns<B> {
    /// The ladder connections of boards of this shape.
    pub fn new(geometry: &Geometry<B>) -> Self {
        let pictures = pictures();
        let end_pictures: Vec<&Picture> = pictures.iter().filter(|p| p.kind == Kind::End).collect();
        let escapes: Vec<(usize, usize)> = HEIGHTS
            .iter()
            .enumerate()
            .flat_map(|(h, &rows)| {
                (end_pictures.iter().enumerate())
                    .filter(move |(_, end)| end.rows >= rows)
                    .map(move |(e, _)| (h, e))
            })
            .collect();
        let joins = pictures
            .iter()
            .map(|start| {
                let Some(h) = HEIGHTS.iter().position(|&rows| rows == start.rows) else {
                    return Vec::new();
                };
                (escapes.iter().enumerate())
                    .filter(|&(_, &(eh, _))| start.kind == Kind::Start && eh == h)
                    .map(|(escape, &(_, e))| (escape, clearance(start, end_pictures[e])))
                    .collect()
            })
            .collect();
        let lanes = [true, false].map(|red| {
            Frame::of(geometry, red)
                .map(|frames| frames.map(|frame| Lane::new(geometry, &frame, &pictures)))
        });
        LadderPatterns {
            lanes,
            escapes,
            joins,
            reach: Vec::new(),
        }
    }

    /// Every ladder connection of the colour whose stones are `own` (Red when `red`) to its
    /// two sides: `found(cell, side, carrier)`, `side` 0 for the colour's first side (Red's
    /// top, Blue's left) and 1 for its second; the carrier holds only empty cells. Of the
    /// escapes a start reaches, the smallest carrier.
    pub fn find(
        &mut self,
        red: bool,
        (own, theirs): (B, B),
        mut found: impl FnMut(usize, usize, B),
    ) {
        for (side, lanes) in self.lanes[usize::from(!red)].iter().enumerate() {
            for lane in lanes {
                let stride = lane.width + 1;
                self.reach.clear();
                self.reach.resize(self.escapes.len() * stride, None);
                for (escape, &(h, e)) in self.escapes.iter().enumerate() {
                    let reach = &mut self.reach[escape * stride..][..stride];
                    for column in (0..lane.width).rev() {
                        reach[column] = match lane.ends[e][column] {
                            Some(end) if end.fits(own, theirs) => Some(end.carrier),
                            _ => match lane.ladder[h][column] {
                                Some(cells) if !cells.meets(theirs) => {
                                    reach[column + 1].map(|rest| rest | cells)
                                }
                                _ => None,
                            },
                        };
                    }
                }
                for start in &lane.starts {
                    if theirs.has(start.cell) || !start.placed.fits(own, theirs) {
                        continue;
                    }
                    let best = (self.joins[start.picture].iter())
                        .filter_map(|&(escape, clear)| {
                            let column = start.column + clear;
                            (column < stride).then(|| self.reach[escape * stride + column])?
                        })
                        .min_by_key(|carrier| carrier.count());
                    if let Some(rest) = best {
                        let carrier = (start.placed.carrier | rest) & !own & !B::bit(start.cell);
                        found(start.cell, side, carrier);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::dfpn::Techniques;
    use super::super::ladder::tests::{check_connections_to_sides, sprinkle_one_in, xorshift};
    use super::super::tests::{check_same_winner_on_random_7x7, dfpn_wins};
    use super::super::vc::Connections;
    use super::super::vc::tests::set;
    use super::*;

    fn found_on(g: &Geometry<u64>, red: bool, own: u64, theirs: u64) -> Vec<(usize, usize, u64)> {
        let mut found = Vec::new();
        LadderPatterns::new(g).find(red, (own, theirs), |cell, side, carrier| {
            found.push((cell, side, carrier))
        });
        found
    }

    #[test]
    fn the_pictures_are_eleven_starts_and_thirty_four_ends() {
        let pictures = pictures();
        let starts = pictures.iter().filter(|p| p.kind == Kind::Start);
        assert_eq!(starts.clone().count(), 11);
        assert!(
            starts
                .clone()
                .all(|p| p.start.is_some() && [2, 3].contains(&p.rows))
        );
        let ends = pictures.iter().filter(|p| p.kind == Kind::End);
        assert_eq!(ends.clone().count(), 34);
        assert!(
            ends.clone()
                .all(|p| p.start.is_none() && (2..=4).contains(&p.rows))
        );
    }

    #[test]
    fn every_ladder_pattern_connection_holds_in_its_carrier_alone() {
        // Enough found from the second, third and fourth rows, long ones among them, that
        // the check means something.
        let (checked, long, by_depth) =
            check_connections_to_sides(0x2545_f491_4f6c_dd1d, 250, 4, 10, found_on);
        assert!(
            checked >= 1500 && long >= 80,
            "{checked} checked, {long} long"
        );
        assert!(
            by_depth[2..5].iter().all(|&n| n >= 20),
            "by row {by_depth:?}"
        );
    }

    #[test]
    fn ladder_patterns_join_blues_sides_where_h_search_alone_does_not() {
        // 8 x 8, Red to move. Blue's sides are joined with the patterns' ladders added, not
        // without them; and the solver, the patterns off, finds Blue the winner.
        let g: Geometry<u64> = Geometry::new(8, 8);
        let blue = set(
            &g,
            &[
                "b1", "c1", "h1", "f2", "h2", "g3", "g4", "f5", "h6", "c7", "a8",
            ],
        );
        let red = set(&g, &["d3", "e3", "h3", "c6", "g8"]);
        let mut alone = Connections::new(&g, false, true);
        assert!(alone.build(&g, false, blue, red).full.is_none());
        let mut with = Connections::new(&g, false, true).with_ladder_patterns(&g, true);
        assert!(with.build(&g, false, blue, red).full.is_some());
        assert!(!dfpn_wins(g, [red, blue], 0, Techniques::default()));
    }

    #[test]
    fn the_solver_finds_the_same_winner_with_ladder_patterns_and_without() {
        // Random 7 x 7 positions, each colour on about one cell in six, both sides to move:
        // the winner with the patterns' ladders is the winner without; and they are found in
        // enough of them that this means something.
        let g: Geometry<u64> = Geometry::new(7, 7);
        let mut patterns = LadderPatterns::new(&g);
        let mut fitted = 0;
        let with = Techniques {
            ladder_patterns: true,
            ..Techniques::default()
        };
        let both = [with, Techniques::default()];
        check_same_winner_on_random_7x7(0x6a09_e667_f3bc_c908, 6, 150, both, |red, blue| {
            for (colour, mine) in [(true, (red, blue)), (false, (blue, red))] {
                patterns.find(colour, mine, |_, _, _| fitted += 1);
            }
        });
        assert!(fitted >= 1000, "{fitted} found");
    }

    /// A measurement, not a check (the guide quotes it): of the connections the patterns give
    /// on random 8 x 8 positions, how many H-search alone finds with a carrier no larger.
    /// `cargo test --release --lib how_many_ladder_pattern -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn how_many_ladder_pattern_connections_h_search_finds_itself() {
        let g: Geometry<u64> = Geometry::new(8, 8);
        let mut patterns = LadderPatterns::new(&g);
        let mut random = xorshift(0x1234_5678_9abc_def1);
        let (mut found, mut known) = (0, 0);
        for _ in 0..400 {
            let (own, theirs) = sprinkle_one_in(6, g.cells(), &mut random);
            let red = random().is_multiple_of(2);
            let (first, second) = g.sides(red);
            let mut alone = Connections::new(&g, false, true);
            if alone.build(&g, red, own, theirs).full.is_some() {
                continue;
            }
            patterns.find(red, (own, theirs), |cell, side, carrier| {
                // A stone joined to a side already: the connection is not added.
                if own.has(cell) && g.flood(u64::bit(cell), own).meets(first | second) {
                    return;
                }
                found += 1;
                let fulls = alone.fulls_between(cell, g.cells() + side);
                known += usize::from(fulls.iter().any(|&full| full & !carrier == 0));
            });
        }
        eprintln!("{known} of {found} found by H-search alone with a carrier no larger");
    }
}
