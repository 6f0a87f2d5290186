//! Territory under territory rules with seki and false eyes, as goscorer counts it.
//!
//! goscorer is the territory scorer lightvector wrote for online Go servers
//! (<https://github.com/lightvector/goscorer>, MIT licence). Given the stones and which of them
//! are dead, it says for every point whether it is territory, whether it belongs to a group
//! alive only in seki (no territory there under Japanese and Korean rules), and whether it is a
//! false eye that must eventually be filled (no territory either). This module follows its
//! method step by step, so that its answers are goscorer's on goscorer's own test suite and
//! on random finished boards (the tests check both):
//!
//! 1. **Connection blocks.** Small shapes where a colour's stones are connected in all but
//!    name (a bamboo joint's gap, a tiger's mouth, and the same against the edge): the empty
//!    point there is blocked to the other colour, which may reach it but not pass through.
//! 2. **Reach.** A point *reaches* a colour when a path of points that are not the other
//!    colour's living stones leads from it to a living stone of that colour; *strictly*,
//!    ignoring the blocks.
//! 3. **Regions.** A region of a colour is a maximal connected set of points that reach that
//!    colour and not the other (a flood that may not leave a point blocked to it); points in
//!    none are dame.
//! 4. **Chains** (same colour and same liveness, empty points included) and **macrochains**:
//!    the living chains of a colour joined through dame its opponent does not block.
//! 5. **Potential eyes**: the connected sets of empty points and dead stones inside a region,
//!    with the macrochains around them.
//! 6. **False eye points**: a point of an eye next to a macrochain, from which that macrochain
//!    cannot reach around to every side of the point within the region except through it (or
//!    reach an eye worth something).
//! 7. **Eye values** (0, 1 or 2) from the eye's shape: points blocked off in at most one move,
//!    bottlenecks that split it into pieces that are eyes, its size against its weaknesses,
//!    dead stones inside, and the shapes those would leave when captured.
//! 8. False eye points again with the eye values: those that remain are *unscorable*.
//! 9. **Scoring**: a region whose eyes are worth one or less is a seki group: no territory. Any
//!    other point of a region, neither its colour's own living stone nor an unscorable false
//!    eye (nor next to a single dead stone lodged in one), inside a chain wholly in the region
//!    and strictly unreachable from the other colour, is territory.
//!
//! The module works on plain arrays with explicit stacks: no recursion on board-sized data.

use super::position::{Position, Stone};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

fn code(stone: Option<Stone>) -> u8 {
    match stone {
        None => EMPTY,
        Some(Stone::Black) => BLACK,
        Some(Stone::White) => WHITE,
    }
}

fn stone(code: u8) -> Option<Stone> {
    match code {
        BLACK => Some(Stone::Black),
        WHITE => Some(Stone::White),
        _ => None,
    }
}

/// A region's or an eye's number; `NONE` for a point in none.
type Id = u32;
const NONE: Id = Id::MAX;

/// How goscorer scores one point under territory rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PointScore {
    /// The colour whose territory the point is, if anyone's.
    pub territory: Option<Stone>,
    /// The colour of the seki group the point belongs to, if one.
    pub seki: Option<Stone>,
    /// A false eye for life and death.
    pub false_eye: bool,
    /// A false eye that must eventually be filled, so not territory.
    pub unscorable: bool,
    /// In no region.
    pub dame: bool,
    /// The value of the eye the point is in (0, 1 or 2).
    pub eye_value: u8,
}

/// The board as goscorer reads it: stones, and which are dead; with each point's neighbours
/// found once (every step walks them).
struct Board<'a> {
    width: usize,
    height: usize,
    cells: &'a [u8],
    dead: &'a [bool],
    /// Per point: the points above, below, left and right of it (`OFF` past the edge).
    next: Vec<[u32; 4]>,
}

/// No point: past the edge.
const OFF: u32 = u32::MAX;

fn opponent(colour: u8) -> u8 {
    3 - colour
}

impl<'a> Board<'a> {
    fn new(width: usize, height: usize, cells: &'a [u8], dead: &'a [bool]) -> Board<'a> {
        let next = (0..width * height)
            .map(|p| {
                let (y, x) = (p / width, p % width);
                let at = |inside: bool, q: usize| if inside { q as u32 } else { OFF };
                [
                    at(y > 0, p.wrapping_sub(width)),
                    at(y + 1 < height, p + width),
                    at(x > 0, p.wrapping_sub(1)),
                    at(x + 1 < width, p + 1),
                ]
            })
            .collect();
        Board {
            width,
            height,
            cells,
            dead,
            next,
        }
    }

    fn len(&self) -> usize {
        self.cells.len()
    }

    fn at(&self, y: usize, x: usize) -> usize {
        y * self.width + x
    }

    /// The point `(y, x)` if it is on the board.
    fn point(&self, y: isize, x: isize) -> Option<usize> {
        let inside = y >= 0 && x >= 0 && (y as usize) < self.height && (x as usize) < self.width;
        inside.then(|| self.at(y as usize, x as usize))
    }

    /// The points next to `p` on the board.
    fn around(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.next[p]
            .into_iter()
            .filter(|&q| q != OFF)
            .map(|q| q as usize)
    }

    fn on_border(&self, p: usize) -> bool {
        let (y, x) = (p / self.width, p % self.width);
        y == 0 || x == 0 || y + 1 == self.height || x + 1 == self.width
    }

    fn living(&self, p: usize, colour: u8) -> bool {
        self.cells[p] == colour && !self.dead[p]
    }

    /// Empty, or a dead stone.
    fn open(&self, p: usize) -> bool {
        self.cells[p] == EMPTY || self.dead[p]
    }
}

/// goscorer's territory map of a position whose `dead` stones are marked (per point, row by
/// row from the top).
pub(crate) fn territory_scoring(position: &Position, dead: &[bool]) -> Vec<PointScore> {
    let cells: Vec<u8> = position.stones().map(code).collect();
    let board = Board::new(position.width(), position.height(), &cells, dead);
    let blocks = connection_blocks(&board);
    let strict = [reach(&board, None, BLACK), reach(&board, None, WHITE)];
    let loose = [
        reach(&board, Some(&blocks), BLACK),
        reach(&board, Some(&blocks), WHITE),
    ];
    let mut regions = Regions::of(&board, &blocks, &loose);
    let chains = Chains::of(&board, &regions.of);
    let mut macrochains = Macrochains::of(&board, &blocks, &regions, &chains);
    let mut eyes = Eyes::of(&board, &mut regions, &mut macrochains);
    let false_eye = false_eye_points(&board, &regions, &macrochains, &eyes);
    eye_values(&board, &chains, &false_eye, &mut eyes);
    let unscorable = false_eye_points(&board, &regions, &macrochains, &eyes);
    score(
        &board,
        &strict,
        &regions,
        &chains,
        &eyes,
        &false_eye,
        &unscorable,
    )
}

/// The area rules' map of a board, as goscorer's `area_scoring` has it: per point, the colour
/// it reaches alone (through empty points and dead stones), if one; living stones reach their
/// own.
pub(crate) fn area_scoring(position: &Position, dead: &[bool]) -> Vec<Option<Stone>> {
    let cells: Vec<u8> = position.stones().map(code).collect();
    let board = Board::new(position.width(), position.height(), &cells, dead);
    let (black, white) = (reach(&board, None, BLACK), reach(&board, None, WHITE));
    black
        .iter()
        .zip(&white)
        .map(|(&b, &w)| match (b, w) {
            (true, false) => Some(Stone::Black),
            (false, true) => Some(Stone::White),
            _ => None,
        })
        .collect()
}

/// Index of a colour in per-colour arrays.
fn side(colour: u8) -> usize {
    usize::from(colour == WHITE)
}

/// Step 1: per point, the colour that blocks the other from passing through it (`EMPTY`:
/// none).
fn connection_blocks(board: &Board) -> Vec<u8> {
    // `p` a living stone of the colour, `e` empty or its living stone or a dead enemy stone,
    // `@` the empty point blocked, `?` anything; a last row of `x` is the edge beyond.
    const PATTERNS: [&[&str]; 6] = [
        &["pp", "@e", "pe"],
        &["ep?", "e@e", "ep?"],
        &["pee", "e@p", "pee"],
        &["?e?", "p@p", "xxx"],
        &["pp", "@e", "xx"],
        &["ep?", "e@e", "xxx"],
    ];
    // The eight orientations: a pattern's (row, column) step as a board (y, x) step.
    const ORIENTATIONS: [(isize, isize, isize, isize); 8] = [
        (1, 0, 0, 1),
        (-1, 0, 0, 1),
        (1, 0, 0, -1),
        (-1, 0, 0, -1),
        (0, 1, 1, 0),
        (0, -1, 1, 0),
        (0, 1, -1, 0),
        (0, -1, -1, 0),
    ];
    let mut blocks = vec![EMPTY; board.len()];
    let (height, width) = (board.height as isize, board.width as isize);
    for (dy_row, dx_row, dy_col, dx_col) in ORIENTATIONS {
        for pattern in PATTERNS {
            let rows = pattern.len() as isize;
            let cols = pattern[0].len() as isize;
            let edge = pattern[pattern.len() - 1].contains('x');
            let checked = if edge { rows - 1 } else { rows };
            let offset = |r: isize, c: isize| (dy_row * r + dy_col * c, dx_row * r + dx_col * c);
            // The cells that matter, as offsets from the origin: the blocked point first (it
            // must be empty, and most points of a finished board are not), then the living
            // stones (the first of them says which colour can fit at all).
            let mut cells: Vec<(isize, isize, u8)> = Vec::new();
            for r in 0..checked {
                for (c, want) in pattern[r as usize].bytes().enumerate() {
                    let (dy, dx) = offset(r, c as isize);
                    if want != b'?' {
                        cells.push((dy, dx, want));
                    }
                }
            }
            cells.sort_by_key(|&(_, _, want)| match want {
                b'@' => 0,
                b'p' => 1,
                _ => 2,
            });
            let far = offset(checked - 1, cols - 1);
            let (blocked_dy, blocked_dx, _) = cells[0];
            // Edge patterns put their origin where goscorer does, so that the edge row falls
            // just off the board (as goscorer reckons it).
            let (origin_y, origin_x) = match (edge, dy_row, dy_col) {
                (true, -1, _) => (Some(rows - 2), None),
                (true, 1, _) => (Some(height - (rows - 1)), None),
                (true, _, -1) => (None, Some(rows - 2)),
                (true, _, 1) => (None, Some(width - (rows - 1))),
                _ => (None, None),
            };
            // Each empty point as the blocked one.
            for (p, &cell) in board.cells.iter().enumerate() {
                if cell != EMPTY {
                    continue;
                }
                let (y, x) = (
                    (p / board.width) as isize - blocked_dy,
                    (p % board.width) as isize - blocked_dx,
                );
                if origin_y.is_some_and(|o| o != y) || origin_x.is_some_and(|o| o != x) {
                    continue;
                }
                if board.point(y, x).is_none() || board.point(y + far.0, x + far.1).is_none() {
                    continue;
                }
                let at = |(dy, dx): (isize, isize)| ((y + dy) * width + x + dx) as usize;
                let (dy, dx, _) = cells[1];
                let first_stone = at((dy, dx));
                if board.dead[first_stone] {
                    continue;
                }
                for colour in [BLACK, WHITE] {
                    if board.cells[first_stone] != colour {
                        continue;
                    }
                    let enemy = opponent(colour);
                    let fits = cells[1..].iter().all(|&(dy, dx, want)| {
                        let q = at((dy, dx));
                        match want {
                            b'p' => board.living(q, colour),
                            // `e`: empty, a living stone of the colour, or a dead enemy.
                            _ => {
                                board.cells[q] == EMPTY
                                    || board.living(q, colour)
                                    || (board.cells[q] == enemy && board.dead[q])
                            }
                        }
                    });
                    // goscorer marks Black's blocks first, then White's over them.
                    if fits && !(colour == BLACK && blocks[p] == WHITE) {
                        blocks[p] = colour;
                    }
                }
            }
        }
    }
    blocks
}

/// Step 2: per point, whether it reaches a living stone of `colour` through points that are
/// not the other colour's living stones, entering but not leaving points the other colour
/// blocks (when `blocks` are given).
fn reach(board: &Board, blocks: Option<&[u8]>, colour: u8) -> Vec<bool> {
    let enemy = opponent(colour);
    let mut reaches = vec![false; board.len()];
    let mut stack: Vec<usize> = (0..board.len())
        .filter(|&p| board.living(p, colour))
        .collect();
    while let Some(p) = stack.pop() {
        if reaches[p] || board.living(p, enemy) {
            continue;
        }
        reaches[p] = true;
        if blocks.is_some_and(|b| b[p] == enemy) {
            continue;
        }
        stack.extend(board.around(p));
    }
    reaches
}

/// Step 3: the regions.
struct Regions {
    /// Per point: its region.
    of: Vec<Id>,
    /// Per region: its colour.
    colour: Vec<u8>,
    /// Per region: its eyes.
    eyes: Vec<Vec<usize>>,
}

impl Regions {
    fn of(board: &Board, blocks: &[u8], reaches: &[Vec<bool>; 2]) -> Regions {
        let mut regions = Regions {
            of: vec![NONE; board.len()],
            colour: Vec::new(),
            eyes: Vec::new(),
        };
        // Per point: the last region whose flood visited it.
        let mut visited = vec![NONE; board.len()];
        let mut stack = Vec::new();
        for start in 0..board.len() {
            for colour in [BLACK, WHITE] {
                let (own, other) = (&reaches[side(colour)], &reaches[1 - side(colour)]);
                if !(own[start] && !other[start] && regions.of[start] == NONE) {
                    continue;
                }
                let id = regions.colour.len() as Id;
                regions.colour.push(colour);
                regions.eyes.push(Vec::new());
                let enemy = opponent(colour);
                stack.push(start);
                while let Some(p) = stack.pop() {
                    if visited[p] == id || regions.of[p] != NONE || board.living(p, enemy) {
                        continue;
                    }
                    visited[p] = id;
                    if own[p] && !other[p] {
                        regions.of[p] = id;
                    }
                    if blocks[p] == enemy {
                        continue;
                    }
                    stack.extend(board.around(p));
                }
            }
        }
        regions
    }
}

/// Step 4: chains, the maximal connected sets of points of the same colour and liveness
/// (empty points too).
struct Chains {
    of: Vec<u32>,
    /// Per chain: its region, or `NONE` when its points lie in more than one.
    region: Vec<Id>,
    /// Per chain: its first point in the board's order.
    first: Vec<usize>,
    /// Per chain: how many liberties it has, up to two.
    liberties: Vec<u8>,
}

impl Chains {
    fn of(board: &Board, region_of: &[Id]) -> Chains {
        let mut chains = Chains {
            of: vec![u32::MAX; board.len()],
            region: Vec::new(),
            first: Vec::new(),
            liberties: Vec::new(),
        };
        let mut stack = Vec::new();
        let mut seen_liberty = vec![u32::MAX; board.len()];
        for start in 0..board.len() {
            if chains.of[start] != u32::MAX {
                continue;
            }
            let id = chains.region.len() as u32;
            let (colour, dead) = (board.cells[start], board.dead[start]);
            let mut region = region_of[start];
            let mut liberties = 0u8;
            chains.of[start] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                if region != region_of[p] {
                    region = NONE;
                }
                for n in board.around(p) {
                    if chains.of[n] == id {
                        continue;
                    }
                    if chains.of[n] == u32::MAX && board.cells[n] == colour && board.dead[n] == dead
                    {
                        chains.of[n] = id;
                        stack.push(n);
                    } else if board.cells[n] == EMPTY && seen_liberty[n] != id {
                        seen_liberty[n] = id;
                        liberties = liberties.saturating_add(1).min(2);
                    }
                }
            }
            chains.region.push(region);
            chains.first.push(start);
            chains.liberties.push(liberties);
        }
        chains
    }
}

/// Step 4: macrochains, a colour's living chains joined through dame not blocked to it.
struct Macrochains {
    of: Vec<u32>,
    /// Per macrochain: for each eye next to it, its stones next to that eye.
    eye_sides: Vec<Vec<(usize, Vec<usize>)>>,
}

impl Macrochains {
    fn of(board: &Board, blocks: &[u8], regions: &Regions, chains: &Chains) -> Macrochains {
        let mut macrochains = Macrochains {
            of: vec![u32::MAX; board.len()],
            eye_sides: Vec::new(),
        };
        let mut stack = Vec::new();
        for colour in [BLACK, WHITE] {
            let enemy = opponent(colour);
            let mut visited = vec![false; board.len()];
            for &first in &chains.first {
                if !board.living(first, colour) || macrochains.of[first] != u32::MAX {
                    continue;
                }
                let id = macrochains.eye_sides.len() as u32;
                macrochains.eye_sides.push(Vec::new());
                stack.push(first);
                while let Some(p) = stack.pop() {
                    if visited[p] {
                        continue;
                    }
                    visited[p] = true;
                    let through = if board.living(p, colour) {
                        macrochains.of[p] = id;
                        true
                    } else {
                        regions.of[p] == NONE && blocks[p] != enemy
                    };
                    if through {
                        stack.extend(board.around(p));
                    }
                }
            }
        }
        macrochains
    }
}

/// Step 5: potential eyes.
struct Eyes {
    of: Vec<Id>,
    colour: Vec<u8>,
    region: Vec<Id>,
    /// Per eye: its points (empty, or dead stones), sorted.
    points: Vec<Vec<usize>>,
    /// Per eye: its points that are not false eye points, sorted.
    real: Vec<Vec<usize>>,
    /// Per eye: for each macrochain next to it, the eye's points next to that macrochain.
    sides: Vec<Vec<(u32, Vec<usize>)>>,
    value: Vec<u8>,
}

/// Pairs of a key and a point, grouped: each key once, in order, with its points sorted and
/// each once.
fn grouped<K: Ord + Copy>(mut pairs: Vec<(K, usize)>) -> Vec<(K, Vec<usize>)> {
    pairs.sort_unstable();
    pairs.dedup();
    let mut groups: Vec<(K, Vec<usize>)> = Vec::new();
    for (key, point) in pairs {
        match groups.last_mut() {
            Some((last, points)) if *last == key => points.push(point),
            _ => groups.push((key, vec![point])),
        }
    }
    groups
}

impl Eyes {
    fn of(board: &Board, regions: &mut Regions, macrochains: &mut Macrochains) -> Eyes {
        let mut eyes = Eyes {
            of: vec![NONE; board.len()],
            colour: Vec::new(),
            region: Vec::new(),
            points: Vec::new(),
            real: Vec::new(),
            sides: Vec::new(),
            value: Vec::new(),
        };
        let mut stack = Vec::new();
        // (macrochain, eye, stone): each macrochain's stones next to each eye.
        let mut stones_by_eye: Vec<(u32, usize, usize)> = Vec::new();
        for start in 0..board.len() {
            let region = regions.of[start];
            if eyes.of[start] != NONE || !board.open(start) || region == NONE {
                continue;
            }
            let id = eyes.colour.len() as Id;
            let mut points = Vec::new();
            let mut sides: Vec<(u32, usize)> = Vec::new();
            eyes.of[start] = id;
            stack.push(start);
            while let Some(p) = stack.pop() {
                points.push(p);
                for n in board.around(p) {
                    if regions.of[n] != region {
                        continue;
                    }
                    let m = macrochains.of[n];
                    if m != u32::MAX {
                        sides.push((m, p));
                        stones_by_eye.push((m, id as usize, n));
                    }
                    if board.open(n) && eyes.of[n] == NONE {
                        eyes.of[n] = id;
                        stack.push(n);
                    }
                }
            }
            points.sort_unstable();
            eyes.colour.push(regions.colour[region as usize]);
            eyes.region.push(region);
            eyes.points.push(points);
            eyes.real.push(Vec::new());
            eyes.sides.push(grouped(sides));
            eyes.value.push(0);
            regions.eyes[region as usize].push(id as usize);
        }
        stones_by_eye.sort_unstable();
        stones_by_eye.dedup();
        let mut at = 0;
        for (m, sides) in macrochains.eye_sides.iter_mut().enumerate() {
            let start = at;
            while stones_by_eye.get(at).is_some_and(|t| t.0 as usize == m) {
                at += 1;
            }
            let pairs = stones_by_eye[start..at]
                .iter()
                .map(|&(_, e, n)| (e, n))
                .collect();
            *sides = grouped(pairs);
        }
        eyes
    }

    /// The points of `eye` next to `macrochain` (none when it does not touch the eye).
    fn side(&self, eye: usize, macrochain: u32) -> &[usize] {
        let sides = &self.sides[eye];
        match sides.binary_search_by_key(&macrochain, |(m, _)| *m) {
            Ok(at) => &sides[at].1,
            Err(_) => &[],
        }
    }
}

/// Steps 6 and 8: per point, whether it is a false eye point, by the eyes' current values
/// (all zero the first time).
fn false_eye_points(
    board: &Board,
    regions: &Regions,
    macrochains: &Macrochains,
    eyes: &Eyes,
) -> Vec<bool> {
    let mut false_eye = vec![false; board.len()];
    let mut marks = SearchMarks {
        macrochains: Marks::new(macrochains.eye_sides.len()),
        eyes: Marks::new(eyes.points.len()),
    };
    for eye in 0..eyes.points.len() {
        for (macrochain, from_points) in &eyes.sides[eye] {
            for &point in from_points {
                let in_eye = |p: usize| eyes.points[eye].binary_search(&p).is_ok();
                if board.around(point).filter(|&p| in_eye(p)).count() > 1 {
                    continue;
                }
                let sides_needed = board
                    .around(point)
                    .filter(|&p| regions.of[p] == eyes.region[eye])
                    .count();
                marks.clear();
                let mut search = FalseEyeSearch {
                    board,
                    macrochains,
                    eyes,
                    eye,
                    point,
                    sides_needed,
                    sides: Vec::new(),
                    rest_reached: false,
                    regions_of: &regions.of,
                    marks: &mut marks,
                };
                if !search.connects(*macrochain) {
                    false_eye[point] = true;
                }
            }
        }
    }
    false_eye
}

/// A set of numbers below a bound, emptied at once (by a new stamp): the searches for false
/// eye points run one per point next to an eye, and must not each clear a board-sized array.
struct Marks {
    stamp: u32,
    of: Vec<u32>,
}

impl Marks {
    fn new(bound: usize) -> Marks {
        Marks {
            stamp: 1,
            of: vec![0; bound],
        }
    }

    fn clear(&mut self) {
        self.stamp += 1;
    }

    fn has(&self, i: usize) -> bool {
        self.of[i] == self.stamp
    }

    /// Adds `i`; whether it was new.
    fn mark(&mut self, i: usize) -> bool {
        let new = self.of[i] != self.stamp;
        self.of[i] = self.stamp;
        new
    }
}

/// What one false-eye search has visited: macrochains, and eyes other than the one tested.
struct SearchMarks {
    macrochains: Marks,
    eyes: Marks,
}

impl SearchMarks {
    fn clear(&mut self) {
        self.macrochains.clear();
        self.eyes.clear();
    }
}

/// Whether a macrochain next to a possibly false eye point reaches around it: to every side
/// of the point within its region, or to another eye worth something.
struct FalseEyeSearch<'a> {
    board: &'a Board<'a>,
    macrochains: &'a Macrochains,
    eyes: &'a Eyes,
    eye: usize,
    point: usize,
    sides_needed: usize,
    sides: Vec<usize>,
    /// Whether the search has reached the rest of the eye.
    rest_reached: bool,
    /// Per point: its region.
    regions_of: &'a [Id],
    marks: &'a mut SearchMarks,
}

impl FalseEyeSearch<'_> {
    fn next_to_point(&self, p: usize) -> bool {
        self.board.around(self.point).any(|q| q == p)
    }

    fn add_side(&mut self, p: usize) -> bool {
        if self.next_to_point(p) && !self.sides.contains(&p) {
            self.sides.push(p);
        }
        self.sides.len() >= self.sides_needed
    }

    /// Whether `macrochain` touches the eye somewhere else than at the point tested.
    fn touches_elsewhere(&self, macrochain: u32) -> bool {
        self.eyes
            .side(self.eye, macrochain)
            .iter()
            .any(|&p| p != self.point)
    }

    /// Searches from `start` through macrochains and the eyes between them, breadth first:
    /// the answer is the same in any order (what the search reaches only grows), and the
    /// sides of a point that is not false are most often near.
    ///
    /// The point tested has at most one neighbour in its eye, so the rest of the eye is
    /// connected: reaching it from a macrochain that touches it reaches it whole, with every
    /// macrochain that touches it (those of the point's stones among them).
    fn connects(&mut self, start: u32) -> bool {
        let mut pending = std::collections::VecDeque::from([start]);
        while let Some(macrochain) = pending.pop_front() {
            if !self.marks.macrochains.mark(macrochain as usize) {
                continue;
            }
            for (eye, stones) in &self.macrochains.eye_sides[macrochain as usize] {
                let eye = *eye;
                if eye != self.eye {
                    if !self.marks.eyes.mark(eye) {
                        continue;
                    }
                    if self.eyes.value[eye] > 0 {
                        return true;
                    }
                    let seen = &self.marks.macrochains;
                    pending.extend(
                        self.eyes.sides[eye]
                            .iter()
                            .map(|(m, _)| *m)
                            .filter(|&m| !seen.has(m as usize)),
                    );
                    continue;
                }
                for &stone in stones {
                    if self.add_side(stone) {
                        return true;
                    }
                }
                if self.rest_reached || !self.touches_elsewhere(macrochain) {
                    continue;
                }
                self.rest_reached = true;
                let rest_is_real = self.eyes.real[eye].iter().any(|&p| p != self.point);
                if self.eyes.value[eye] > 0 && rest_is_real {
                    return true;
                }
                let region = self.eyes.region[eye];
                for n in self.board.around(self.point) {
                    let in_eye = n != self.point && self.eyes.of[n] == eye as Id;
                    let m = self.macrochains.of[n];
                    let stone_reached =
                        m != u32::MAX && self.regions_of[n] == region && self.touches_elsewhere(m);
                    if (in_eye || stone_reached) && self.add_side(n) {
                        return true;
                    }
                }
                let seen = &self.marks.macrochains;
                pending.extend(
                    self.eyes.sides[eye]
                        .iter()
                        .filter(|(m, points)| {
                            !seen.has(*m as usize) && points.iter().any(|&p| p != self.point)
                        })
                        .map(|(m, _)| *m),
                );
            }
        }
        false
    }
}

/// The connected pieces of `points` (sorted) without `deleted`.
fn pieces(board: &Board, points: &[usize], deleted: &[usize]) -> Vec<Vec<usize>> {
    let mut used = std::collections::HashSet::new();
    let mut found = Vec::new();
    for &start in points {
        if deleted.contains(&start) || !used.insert(start) {
            continue;
        }
        let mut piece = Vec::new();
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            piece.push(p);
            for n in board.around(p) {
                if points.binary_search(&n).is_ok() && !deleted.contains(&n) && used.insert(n) {
                    stack.push(n);
                }
            }
        }
        found.push(piece);
    }
    found
}

/// Whether `colour` could play on `p` as far as its neighbours tell: it is empty, and next to
/// a point that is not the other colour's, or to an enemy chain with one liberty or none.
fn pseudolegal(board: &Board, chains: &Chains, p: usize, colour: u8) -> bool {
    board.cells[p] == EMPTY
        && board.around(p).any(|n| {
            board.cells[n] != opponent(colour) || chains.liberties[chains.of[n] as usize] <= 1
        })
}

/// What step 7 needs to know of each real point of an eye.
#[derive(Clone, Copy, Default)]
struct EyePoint {
    adjacent_real: u8,
    empty_adjacent_real: u8,
    empty_adjacent_false: u8,
    enemy_adjacent_false: u8,
    /// An enemy stone next to an enemy stone thrown in on a false eye point (or between two
    /// empty false eye points): the eye can never be blocked off here.
    false_eye_poke: bool,
    /// Moves to make this point an eye: one a side still open, a thousand a side poked.
    moves_to_block: u32,
}

/// Step 7: every eye's value, from its real points (those not false by the first pass).
fn eye_values(board: &Board, chains: &Chains, false_eye: &[bool], eyes: &mut Eyes) {
    for eye in 0..eyes.points.len() {
        let colour = eyes.colour[eye];
        let real: Vec<usize> = eyes.points[eye]
            .iter()
            .copied()
            .filter(|&p| !false_eye[p])
            .collect();
        let value = eye_value(board, chains, false_eye, &eyes.points[eye], &real, colour);
        eyes.real[eye] = real;
        eyes.value[eye] = value;
    }
}

/// The value of one eye (see [`eye_values`]).
fn eye_value(
    board: &Board,
    chains: &Chains,
    false_eye: &[bool],
    potential: &[usize],
    real: &[usize],
    colour: u8,
) -> u8 {
    let enemy = opponent(colour);
    let is_real = |p: usize| real.binary_search(&p).is_ok();
    let mut info: Vec<EyePoint> = vec![EyePoint::default(); real.len()];
    let at = |p: usize| real.binary_search(&p).ok();
    for (i, &p) in real.iter().enumerate() {
        let point = &mut info[i];
        for n in board.around(p) {
            let empty = board.cells[n] == EMPTY;
            point.adjacent_real += u8::from(is_real(n));
            point.empty_adjacent_real += u8::from(empty && is_real(n));
            point.empty_adjacent_false += u8::from(empty && false_eye[n]);
            point.enemy_adjacent_false += u8::from(board.cells[n] == enemy && false_eye[n]);
        }
        point.false_eye_poke = board.cells[p] == enemy
            && (point.enemy_adjacent_false > 0 || point.empty_adjacent_false >= 2);
    }
    for (i, &p) in real.iter().enumerate() {
        let mut moves = 0;
        for n in board.around(p) {
            let other = at(n).map(|j| info[j]);
            let empty = board.cells[n] == EMPTY;
            let is_enemy = board.cells[n] == enemy;
            let poked = is_enemy && (false_eye[n] || other.is_some_and(|o| o.false_eye_poke));
            let open = (empty
                && (!is_real(n) || other.is_some_and(|o| o.enemy_adjacent_false >= 1)))
                || (is_enemy && other.is_some_and(|o| o.empty_adjacent_false >= 1));
            moves += if poked { 1000 } else { u32::from(open) };
        }
        info[i].moves_to_block = moves;
    }
    let count = |f: &dyn Fn(usize, &EyePoint) -> bool| {
        real.iter().zip(&info).filter(|(p, i)| f(**p, i)).count()
    };
    let mut value = 0u8;
    // A point that can be blocked off in one move: at least one eye.
    if count(&|_, i| i.moves_to_block <= 1) >= 1 {
        value = 1;
    }
    // Enough dead enemy stones inside.
    let dead_inside = count(&|p, _| board.cells[p] == enemy && board.dead[p]);
    if dead_inside >= 5 {
        value = value.max(1);
    }
    if dead_inside >= 8 {
        value = value.max(2);
    }
    // Big enough for its weaknesses.
    if value < 2
        && real.len() as isize
            - count(&|_, i| i.moves_to_block >= 1) as isize
            - count(&|_, i| i.moves_to_block >= 2) as isize
            - count(&|p, i| board.cells[p] == enemy && i.adjacent_real >= 2) as isize
            >= 6
    {
        value = 2;
    }
    // Many empty points of degree three or four inside.
    if value < 2
        && count(&|p, i| board.cells[p] == EMPTY && i.adjacent_real >= 4)
            + count(&|p, i| board.cells[p] == EMPTY && i.adjacent_real >= 3)
            >= 6
    {
        value = 2;
    }
    // A playable bottleneck splitting the eye into pieces that are eyes (the values are
    // combined by their maximum, at most two, so the costly searches come last and stop at
    // two: a large open area costs no more than its size).
    for (d, &cut) in real.iter().enumerate() {
        if value >= 2 {
            break;
        }
        if !pseudolegal(board, chains, cut, colour) {
            continue;
        }
        let parts = pieces(board, real, &[cut]);
        if parts.len() < 2 {
            continue;
        }
        let bonus = info[d].enemy_adjacent_false == 1;
        let definite = parts
            .iter()
            .filter(|piece| {
                piece.iter().any(|&p| {
                    let moves = info[at(p).expect("a real point")].moves_to_block;
                    moves == 0 || (bonus && moves <= 1)
                })
            })
            .count();
        value = value.max(definite.min(255) as u8);
    }
    if value < 2 && two_point_split(board, chains, real, &info, colour) {
        value = 2;
    }
    if value < 2 && captures_into_life(board, chains, false_eye, potential, real, colour, enemy) {
        value = 2;
    }
    value.min(2)
}

/// Two adjacent points of degree three or more, one of them playable, empty and off the edge,
/// the other empty or with another empty neighbour in the eye, that split the eye into two
/// pieces that are eyes, one of them with two points blocked off (two, if the second point is
/// not empty).
fn two_point_split(
    board: &Board,
    chains: &Chains,
    real: &[usize],
    info: &[EyePoint],
    colour: u8,
) -> bool {
    let at = |p: usize| real.binary_search(&p).expect("a real point");
    for (d, &first) in real.iter().enumerate() {
        if board.cells[first] != EMPTY
            || board.on_border(first)
            || !pseudolegal(board, chains, first, colour)
        {
            continue;
        }
        let one = info[d];
        if one.moves_to_block > 1 || one.adjacent_real < 3 {
            continue;
        }
        for second in board.around(first) {
            let Ok(j) = real.binary_search(&second) else {
                continue;
            };
            let two = info[j];
            if two.adjacent_real < 3 || two.moves_to_block > 1 {
                continue;
            }
            if board.cells[second] != EMPTY && two.empty_adjacent_real <= 1 {
                continue;
            }
            let parts = pieces(board, real, &[first, second]);
            if parts.len() < 2 {
                continue;
            }
            let (mut definite, mut double) = (0, 0);
            for piece in &parts {
                let blocked = piece
                    .iter()
                    .filter(|&&p| info[at(p)].moves_to_block == 0)
                    .count();
                definite += usize::from(blocked >= 1);
                double += usize::from(blocked >= 2);
            }
            if definite >= 2 && double >= 1 && (board.cells[second] == EMPTY || double >= 2) {
                return true;
            }
        }
    }
    false
}

/// An eye with dead enemy stones inside that, once captured, leave a shape that lives,
/// whichever one unplayable point of the eye the enemy keeps out of it.
fn captures_into_life(
    board: &Board,
    chains: &Chains,
    false_eye: &[bool],
    potential: &[usize],
    real: &[usize],
    colour: u8,
    enemy: u8,
) -> bool {
    let mut dead = Vec::new();
    let mut unplayable = Vec::new();
    for &p in real {
        if board.cells[p] == enemy && board.dead[p] {
            dead.push(p);
        } else if !pseudolegal(board, chains, p, colour) {
            unplayable.push(p);
        }
    }
    if dead.is_empty() {
        return false;
    }
    let throw_ins = potential
        .iter()
        .filter(|&&p| board.cells[p] == enemy && false_eye[p])
        .count() as isize;
    let omissions = unplayable.iter().map(Some).chain(std::iter::once(None));
    for omitted in omissions {
        let mut shape: Vec<usize> = dead.clone();
        shape.extend(unplayable.iter().filter(|&p| Some(p) != omitted));
        shape.sort_unstable();
        let initial = pieces(board, &shape, &[]).len();
        let (mut bottlenecks, mut high_degree) = (0, 0);
        for &p in &shape {
            if pieces(board, &shape, &[p]).len() > initial {
                bottlenecks += 1;
            } else if board
                .around(p)
                .filter(|n| shape.binary_search(n).is_ok())
                .count()
                >= 3
            {
                high_degree += 1;
            }
        }
        let bonus = usize::from(shape.len() >= 7);
        let pieces_after =
            initial as isize - throw_ins + ((bottlenecks + high_degree + bonus) / 2) as isize;
        if pieces_after < 2 {
            return false;
        }
    }
    true
}

/// Step 9: every point's score.
fn score(
    board: &Board,
    strict: &[Vec<bool>; 2],
    regions: &Regions,
    chains: &Chains,
    eyes: &Eyes,
    false_eye: &[bool],
    unscorable: &[bool],
) -> Vec<PointScore> {
    // Points next to a single dead stone lodged in an unscorable false eye are not scored
    // either, for the colour that took it.
    let mut next_to_throw_in = [vec![false; board.len()], vec![false; board.len()]];
    for (p, &unscorable) in unscorable.iter().enumerate() {
        if unscorable && board.cells[p] != EMPTY && board.dead[p] {
            let taker = opponent(board.cells[p]);
            for n in board.around(p) {
                next_to_throw_in[side(taker)][n] = true;
            }
        }
    }
    (0..board.len())
        .map(|p| {
            let mut s = PointScore::default();
            let region = regions.of[p];
            if region == NONE {
                s.dame = true;
                return s;
            }
            let colour = regions.colour[region as usize];
            let eyes_worth: u32 = regions.eyes[region as usize]
                .iter()
                .map(|&e| u32::from(eyes.value[e]))
                .sum();
            if eyes_worth <= 1 {
                s.seki = stone(colour);
            }
            s.false_eye = false_eye[p];
            s.unscorable = unscorable[p] || (board.open(p) && next_to_throw_in[side(colour)][p]);
            if eyes.of[p] != NONE {
                s.eye_value = eyes.value[eyes.of[p] as usize];
            }
            let other_reaches = strict[1 - side(colour)][p];
            if (board.cells[p] != colour || board.dead[p])
                && s.seki.is_none()
                && !s.unscorable
                && chains.region[chains.of[p] as usize] == region
                && !other_reaches
            {
                s.territory = stone(colour);
            }
            s
        })
        .collect()
}

#[cfg(test)]
mod tests;
