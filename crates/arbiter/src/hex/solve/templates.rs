//! Edge templates of the fourth, fifth and sixth rows: full connections from a cell to a side
//! that H-search ([`super::vc`]) does not derive. Its AND and OR rules reach the templates of
//! the second and third rows (the bridge to the side, the ziggurat) and a lone fourth-row
//! stone's plainest one, but not the wider shapes that hold a cell to its side when that one
//! is spoilt, nor those that lean on a stone of the colour's nearby: there the answer to an
//! intrusion is no single OR of the semi connections it builds. Each template is a shape: the
//! cell joined, the stones of its colour it needs (none for some), and its carrier. Wherever
//! a shape fits along a side with no opponent's stone in it, its connection is added to the
//! base connections before the rules run, as Benzene's builder adds its pattern connections.
//!
//! The shapes are David King's edge templates as Benzene lists those it uses
//! (`share/vc-patterns.txt`), drawn here with the side below each picture; 21 of its 22 (the
//! widest, six rows by fourteen, is left out), three drawn with fewer cells than Benzene's
//! (cells it does not need). The module's tests prove each shape with the solver itself
//! (the game played in its carrier alone, the opponent first, templates off), show that it
//! needs every cell of its carrier and every stone, and that H-search alone does not find
//! it. `Techniques::templates` turns them on.

use super::bits::{Cells, Frame, Geometry};

/// The shapes, one a paragraph, the side below the last row: `E` the cell joined to the side,
/// `O` a stone of its colour it needs, `*` a cell of the carrier, `.` any cell (off the board
/// too). Each row is drawn half a cell to the right of the one above, so that a cell stands
/// over the two below it on either hand.
const SHAPES: &str = "
. . E O
 . * * *
  . * * *
   * * * *

. . E * .
 . O * * *
  . * * * *
   * * * * *

. E O O
 * * * *
  * * * .
   * * * .

. . . E * O
 . . * * * *
  . * * * * *
   * * * * * *

. . . . . . * * * . .
 . . . . * E * * * * .
  . . * * * * * * * * *
   . * * * * * * * * * *
    * * . * * * * * * * *

. . . . * * * . .
 . . . E * * * * .
  . . * * * * * * *
   . * * * * * * * *
    * * * * * * * * *

. . . . . * E * . .
 . . . . * * * * * .
  . . * * * * * * * *
   . * * * * * * * * *
    * * * * * * * * * *

. . . E * . .
 . . O * * * .
  . * * * * * *
   . * * * * * *
    * * * * * * *

. . . . E O .
 . . . * * * .
  . . * * * * *
   . * * * * * *
    * * * * * * *

. . . E * * . .
 . . * * * O * .
  . . * * * * * *
   . * * * * * * *
    * * * * * * * *

. . . . * E
 . . . * * O
  . . * * * *
   . * * * * *
    * * * * * *

. . . . E * *
 . . . * * * O
  . . * * * * *
   . * * * * * *
    * * * * * * *

. . . . . * E
 . . . * * * *
  . . O * * * *
   . * * * * * *
    * * * * * * *

. . . . * E
 . . . O * *
  . . * * * *
   . * * * * *
    * * * * * *

. . . . . . E .
 . . . . * * * .
  . . * * * * O *
   . * * * * * * *
    * * . * * * * *

. . . . . E
 . . . . * *
  . . . O * *
   . . * * * *
    . O * * * *
     * * * * * *

. . . . . E *
 . . . . * * *
  . . . * * * *
   . . * * O * *
    . * * * * * *
     * * * * * * *

. . . . . E *
 . . . . * * *
  . . . * * * *
   . . * * * O *
    . * * * * * *
     * * * * * * *

. . . . . E
 . . . * * *
  . . O * * *
   . * * * * *
    . O * * * *
     * * * * * *

. . . E * . .
 . . * * * * .
  . O * * * * .
   . * O * * * *
    . * * * * * *
     * * * * * * *

. . . . O * E
 . . . * * * *
  . . * * * * *
   . * * * * * *
    * * * * * O
";

/// One shape read from its picture: each cell as (depth, position along the side), the side's
/// own row at depth 1, positions counted so that a cell at position `i` stands over the cells
/// `i` and `i + 1` of the row below (as a [`Frame`] lays them out), none negative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Shape {
    /// The cell joined.
    pub end: (usize, usize),
    /// The stones of its colour it needs.
    pub own: Vec<(usize, usize)>,
    /// Its carrier.
    pub carrier: Vec<(usize, usize)>,
}

/// The shapes of [`SHAPES`].
pub(super) fn shapes() -> Vec<Shape> {
    SHAPES
        .split("\n\n")
        .filter(|picture| !picture.trim().is_empty())
        .map(shape)
        .collect()
}

/// A shape from its picture. A cell's position along the side is its place in its row, less
/// its depth (a row stands half a cell to the right of the one above), counted from the
/// shape's first.
fn shape(picture: &str) -> Shape {
    let rows: Vec<&str> = picture.lines().filter(|r| !r.trim().is_empty()).collect();
    let height = rows.len();
    let mut shape = Shape {
        end: (0, 0),
        own: Vec::new(),
        carrier: Vec::new(),
    };
    for (k, row) in rows.iter().enumerate() {
        let depth = height - k;
        for (place, mark) in row.split_whitespace().enumerate() {
            let at = (depth, place + height - depth);
            match mark {
                "E" => shape.end = at,
                "O" => shape.own.push(at),
                "*" => shape.carrier.push(at),
                "." => {}
                other => unreachable!("a template's picture holds {other:?}"),
            }
        }
    }
    let first = (shape.own.iter().chain(&shape.carrier))
        .chain([&shape.end])
        .map(|&(_, i)| i)
        .min()
        .unwrap_or(0);
    for cell in (shape.own.iter_mut().chain(&mut shape.carrier)).chain([&mut shape.end]) {
        cell.1 -= first;
    }
    shape
}

/// A shape laid on the board along one side.
#[derive(Clone, Copy, Debug)]
struct Placed<B> {
    end: usize,
    own: B,
    carrier: B,
}

/// The templates of one board shape: every place each fits, for each colour's two sides;
/// made once a shape, so that finding them in a position is two set operations a place.
#[derive(Clone, Debug)]
pub struct Templates<B> {
    /// By colour (Red first), then side.
    placed: [[Vec<Placed<B>>; 2]; 2],
}

impl<B: Cells> Templates<B> {
    /// The templates of boards of this shape.
    pub fn new(geometry: &Geometry<B>) -> Self {
        let shapes = shapes();
        let placed = [true, false].map(|red| {
            Frame::of(geometry, red).map(|frames| {
                let mut placed = Vec::new();
                for frame in &frames {
                    for shape in &shapes {
                        for along in 0..frame.len {
                            if let Some(place) = lay(geometry, frame, shape, along) {
                                placed.push(place);
                            }
                        }
                    }
                }
                placed
            })
        });
        Templates { placed }
    }

    /// Every template connection of the colour whose stones are `own` (Red when `red`) to
    /// its two sides: `found(cell, side, carrier)`, `side` 0 for the colour's first side (Red's
    /// top, Blue's left) and 1 for its second; the carrier holds only empty cells.
    pub fn find(&self, red: bool, (own, theirs): (B, B), mut found: impl FnMut(usize, usize, B)) {
        for (side, placed) in self.placed[usize::from(!red)].iter().enumerate() {
            for place in placed {
                if !place.carrier.meets(theirs)
                    && !theirs.has(place.end)
                    && place.own.subset_of(own)
                {
                    found(place.end, side, place.carrier & !own);
                }
            }
        }
    }
}

/// The shape laid along the frame, its first cell at position `along`, if every cell of it
/// is on the board.
fn lay<B: Cells>(
    geometry: &Geometry<B>,
    frame: &Frame,
    shape: &Shape,
    along: usize,
) -> Option<Placed<B>> {
    let at = |&(depth, i): &(usize, usize)| frame.at(geometry, depth, along + i);
    let set = |cells: &[(usize, usize)]| {
        cells
            .iter()
            .try_fold(B::NONE, |set, cell| Some(set | B::bit(at(cell)?)))
    };
    Some(Placed {
        end: at(&shape.end)?,
        own: set(&shape.own)?,
        carrier: set(&shape.carrier)?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::dfpn::Techniques;
    use super::super::tests::{check_same_winner_on_random_7x7, dfpn_wins};
    use super::super::vc::Connections;
    use super::*;

    /// A shape on a board of its own, Red joining top and bottom: the shape's rows at the
    /// bottom, one row above them, the cell joined and a line of Red stones straight up from
    /// it to the top; every cell but the carrier Blue's. Red's stones and Blue's.
    fn board_of(shape: &Shape) -> (Geometry<u128>, [u128; 2]) {
        let cells = || shape.carrier.iter().chain(&shape.own).chain([&shape.end]);
        let rows = cells().map(|&(depth, _)| depth).max().unwrap() + 1;
        let cols = cells()
            .map(|&(d, i)| i + d - 1 - shift_of(shape))
            .max()
            .unwrap()
            + 1;
        let g = Geometry::new(rows, cols);
        let set = |cells: &[(usize, usize)]| {
            cells
                .iter()
                .fold(0u128, |s, &c| s | u128::bit(place(&g, shape, c)))
        };
        let (carrier, end) = (set(&shape.carrier), place(&g, shape, shape.end));
        let up = (0..g.index(rows - shape.end.0, 0))
            .filter(|cell| cell % cols == end % cols)
            .fold(0u128, |s, cell| s | u128::bit(cell));
        // The line up adds no reach into the carrier beyond the cell's own.
        assert_eq!(
            g.neighbours(up) & carrier & !g.neighbours(u128::bit(end)),
            0,
            "{shape:?}"
        );
        let red = set(&shape.own) | u128::bit(end) | up;
        (g, [red, g.board & !red & !carrier])
    }

    /// Where a cell of the shape, (depth, position), sits on [`board_of`]'s board: on the row
    /// `depth` from the bottom, its column shifted so that the leftmost cell is in the first.
    fn place(g: &Geometry<u128>, shape: &Shape, (depth, i): (usize, usize)) -> usize {
        g.index(g.rows - depth, i + depth - 1 - shift_of(shape))
    }

    /// How far [`place`] shifts the shape's columns.
    fn shift_of(shape: &Shape) -> usize {
        let cells = shape.carrier.iter().chain(&shape.own).chain([&shape.end]);
        cells.map(|&(d, i)| i + d).min().unwrap() - 1
    }

    /// Whether Red wins with Blue to move, templates off (so the solver does not take the
    /// shapes on trust).
    fn red_holds(g: Geometry<u128>, stones: [u128; 2]) -> bool {
        let techniques = Techniques {
            templates: false,
            ..Techniques::default()
        };
        !dfpn_wins(g, stones, 1, techniques)
    }

    #[test]
    fn every_shape_holds_its_cell_to_the_side_needs_all_it_has_and_is_beyond_h_search() {
        let shapes = shapes();
        assert_eq!(shapes.len(), 21);
        for shape in &shapes {
            let (g, [red, blue]) = board_of(shape);
            assert!(red_holds(g, [red, blue]), "{shape:?} does not hold");
            let mut alone = Connections::new(&g, false, false);
            let found = alone.build(&g, true, red, blue);
            assert!(found.full.is_none(), "H-search alone finds {shape:?}");
            let carrier = g.board & !red & !blue;
            assert_eq!(carrier.count() as usize, shape.carrier.len());
            for cell in carrier.iter() {
                assert!(
                    !red_holds(g, [red, blue | u128::bit(cell)]),
                    "{shape:?} holds without cell {cell}"
                );
            }
            for &stone in &shape.own {
                let cell = place(&g, shape, stone);
                assert!(
                    !red_holds(g, [red & !u128::bit(cell), blue | u128::bit(cell)]),
                    "{shape:?} holds without its stone {stone:?}"
                );
            }
        }
    }

    #[test]
    fn the_solver_finds_the_same_winner_with_templates_and_without() {
        // Random 7 x 7 positions, each colour on about one cell in ten, both sides to move:
        // the winner with templates is the winner without (each shape laid along each side of
        // each colour, both ways); and templates fit in enough of them that this means
        // something.
        let g: Geometry<u64> = Geometry::new(7, 7);
        let templates = Templates::new(&g);
        let mut fitted = [[0; 2]; 2];
        let without = Techniques {
            templates: false,
            ..Techniques::default()
        };
        let both = [Techniques::default(), without];
        check_same_winner_on_random_7x7(0xd1b5_4a32_d192_ed03, 10, 300, both, |red, blue| {
            let stones = [red, blue];
            for (colour, fits) in fitted.iter_mut().enumerate() {
                let mine = (stones[colour], stones[1 - colour]);
                templates.find(colour == 0, mine, |_, side, _| fits[side] += 1);
            }
        });
        eprintln!("templates fitted (Red's sides, Blue's): {fitted:?}");
        assert!(fitted.iter().flatten().all(|&n| n >= 100), "{fitted:?}");
    }
}
