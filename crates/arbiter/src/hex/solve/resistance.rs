//! Move ordering by electrical resistance (Anshelevich's evaluation, as Benzene orders its
//! proof search's moves): the moves through which most current flows are tried first.
//!
//! Each colour's board is a circuit: its two sides are the terminals (held at one volt and at
//! none), the empty cells and its own stones are nodes, the opponent's stones are cut out,
//! and two adjacent nodes are joined by a resistor of conductance 1 between two empty cells,
//! 2 between a stone (or a side) and an empty cell, and a large one between two stones (one
//! group is one conductor). The current each empty cell carries, per unit of current between
//! the sides, says how much of the colour's best connections run through it; a cell's score
//! is what it carries in both colours' circuits, for a move there both makes the mover's
//! connections and breaks the opponent's.
//!
//! That circuit of adjacent cells ([`Circuit::add_adjacent`]) has equations (Kirchhoff's, one
//! per cell) whose matrix is symmetric positive definite with every entry within one row of
//! the diagonal when the cells are numbered row by row along the board's shorter side, so a
//! banded Cholesky factorisation solves it in time linear in the cells (times the row length
//! squared): a few microseconds on 8 x 8. Benzene's circuit of a colour's virtual
//! connections ([`Circuit::add_connected`]), a resistor for each pair of pieces the
//! connections join, is solved whole (its resistors reach across the board; its pieces
//! numbered as the cells are, so that most rows start near the diagonal, and each row's
//! leading zeros skipped, [`dense_solve`]): the search uses it for the connections it has
//! just built, and the circuit of adjacent cells for the other colour. Neither allocates once
//! the workspace is warm.

use super::bits::{Cells, Geometry};

/// Conductance between two empty cells.
const EMPTY_TO_EMPTY: f64 = 1.0;
/// Between a stone of the colour, or its side, and an empty cell.
const STONE_TO_EMPTY: f64 = 2.0;
/// Between two stones of the colour, or a stone and its side: one conductor, nearly.
const STONE_TO_STONE: f64 = 100.0;
/// Each node's tiny leak to the ground, which keeps a region the opponent has walled off from
/// both sides (whose equations alone would not fix its voltage) at none.
const LEAK: f64 = 1e-9;
/// Less current than this between a colour's sides is only the leaks' (a path of empty cells
/// across the largest board carries thousands of times more): the sides are cut apart.
const NO_CURRENT: f64 = 1e-6;

/// The six neighbour steps of a cell.
const STEPS: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];

/// The workspace that scores a board shape's cells: reused position after position.
#[derive(Clone, Debug)]
pub struct Circuit {
    rows: usize,
    cols: usize,
    /// Cells along the board's longer side: a cell's equation only involves cells within
    /// `band` of it in this numbering.
    band: usize,
    /// Per node (in band numbering), its cell.
    cell_of: Vec<u16>,
    /// Per cell, its node.
    node_of: Vec<u16>,
    /// The lower band of the matrix, then of its Cholesky factor: `band + 1` entries a row,
    /// the diagonal last.
    matrix: Vec<f64>,
    /// The currents fed in, then the voltages.
    volts: Vec<f64>,
    /// Per cell, its score so far.
    score: Vec<f64>,
    /// For circuits of connections: per piece, its node (`NONE` for none yet).
    node_at: Vec<u16>,
    /// Per node, its piece.
    piece_of: Vec<u16>,
    /// The resistors: two nodes (or [`SOURCE`] and [`SINK`]) and a conductance.
    resistors: Vec<(u16, u16, f64)>,
    /// The whole matrix, then its Cholesky factor, row by row.
    dense: Vec<f64>,
    /// Per row of `dense`, where its envelope starts ([`dense_solve`]).
    envelope: Vec<usize>,
}

/// No node.
const NONE: u16 = u16::MAX;
/// The first side, at one volt, as a resistor's end.
const SOURCE: u16 = u16::MAX - 1;
/// The second side, at none.
const SINK: u16 = u16::MAX - 2;

impl Circuit {
    /// A workspace for boards of this geometry.
    pub fn new<B: Cells>(geometry: &Geometry<B>) -> Self {
        let (rows, cols) = (geometry.rows, geometry.cols);
        let cells = rows * cols;
        // Number the cells so that neighbours are close: along the rows when they are the
        // shorter side, else down the columns.
        let by_rows = cols <= rows;
        let band = if by_rows { cols } else { rows };
        let mut cell_of = Vec::with_capacity(cells);
        if by_rows {
            cell_of.extend(0..cells as u16);
        } else {
            for col in 0..cols {
                cell_of.extend((0..rows).map(|row| (row * cols + col) as u16));
            }
        }
        let mut node_of = vec![0; cells];
        for (node, &cell) in cell_of.iter().enumerate() {
            node_of[cell as usize] = node as u16;
        }
        Circuit {
            rows,
            cols,
            band,
            cell_of,
            node_of,
            matrix: vec![0.0; cells * (band + 1)],
            volts: vec![0.0; cells],
            score: vec![0.0; cells],
            node_at: vec![NONE; cells + 2],
            piece_of: Vec::with_capacity(cells),
            resistors: Vec::new(),
            dense: Vec::new(),
            envelope: Vec::new(),
        }
    }

    /// Clears the scores, for [`Circuit::add_adjacent`] and [`Circuit::add_connected`] to add
    /// to.
    pub fn clear(&mut self) {
        self.score.fill(0.0);
    }

    /// The scores added so far.
    pub fn score(&self) -> &[f64] {
        &self.score
    }

    /// Adds each empty cell's current in `colour`'s circuit of adjacent cells.
    pub fn add_adjacent<B: Cells>(&mut self, stones: [B; 2], colour: usize) {
        self.solve(stones, colour);
        self.add_currents(stones, colour);
    }

    /// Adds each empty cell's current in a circuit of a colour's connections, as Benzene
    /// builds it: a resistor between every two pieces with a full connection (`links`, as
    /// [`super::vc::Connections::links`] gives them, `is_stone` telling a stone or side from an
    /// empty cell), of conductance 1 between empty cells, 2 between a stone and an empty cell
    /// (none between two stones), divided by one more than the cells all their carriers need.
    pub fn add_connected(
        &mut self,
        links: impl Iterator<Item = (usize, usize, u32)>,
        is_stone: impl Fn(usize) -> bool,
    ) {
        let cells = self.cell_of.len();
        self.resistors.clear();
        self.piece_of.clear();
        for (x, y, needed) in links {
            let base = match (is_stone(x), is_stone(y)) {
                (true, true) => continue,
                (false, false) => EMPTY_TO_EMPTY,
                _ => STONE_TO_EMPTY,
            };
            // The ends as pieces for now: numbered once all are known.
            let mut end = |piece: usize| match piece {
                p if p == cells => SOURCE,
                p if p == cells + 1 => SINK,
                p => {
                    if self.node_at[p] == NONE {
                        self.node_at[p] = 0;
                        self.piece_of.push(p as u16);
                    }
                    p as u16
                }
            };
            let (a, b) = (end(x), end(y));
            self.resistors.push((a, b, base / f64::from(1 + needed)));
        }
        self.number_pieces();
        let n = self.piece_of.len();
        self.dense.clear();
        self.dense.resize(n * n, 0.0);
        self.volts[..n].fill(0.0);
        for i in 0..n {
            self.dense[i * n + i] = LEAK;
        }
        for &(a, b, g) in &self.resistors {
            for (p, q) in [(a, b), (b, a)] {
                if p >= SINK {
                    continue;
                }
                let p = p as usize;
                self.dense[p * n + p] += g;
                match q {
                    SOURCE => self.volts[p] += g,
                    SINK => {}
                    q => self.dense[p * n + q as usize] -= g,
                }
            }
        }
        dense_solve(&mut self.dense, &mut self.volts[..n], &mut self.envelope);
        let volts = |circuit: &Circuit, end: u16| match end {
            SOURCE => 1.0,
            SINK => 0.0,
            node => circuit.volts[node as usize],
        };
        let mut total = 0.0;
        for &(a, b, g) in &self.resistors {
            if a == SOURCE || b == SOURCE {
                total += g * (1.0 - volts(self, if a == SOURCE { b } else { a }));
            }
        }
        for &(a, b, g) in &self.resistors {
            let flow = (g * (volts(self, a) - volts(self, b))).abs();
            for end in [a, b] {
                if end < SINK {
                    let piece = self.piece_of[end as usize] as usize;
                    if total > NO_CURRENT && !is_stone(piece) {
                        self.score[piece] += flow / (2.0 * total);
                    }
                }
            }
        }
        for &piece in &self.piece_of {
            self.node_at[piece as usize] = NONE;
        }
    }

    /// Numbers the pieces of a circuit of connections as the cells are numbered (neighbours
    /// close, so that each row of the matrix starts near its diagonal and the factorisation
    /// skips the rest: most connections are short), and the resistors' ends with them.
    fn number_pieces(&mut self) {
        let node_of = &self.node_of;
        self.piece_of.sort_unstable_by_key(|&p| node_of[p as usize]);
        for (node, &piece) in self.piece_of.iter().enumerate() {
            self.node_at[piece as usize] = node as u16;
        }
        for (a, b, _) in &mut self.resistors {
            for end in [a, b] {
                if *end < SINK {
                    *end = self.node_at[*end as usize];
                }
            }
        }
    }

    /// The neighbour of `cell` one `step` away: `Ok(cell)` on the board, `Err(Some(side))`
    /// past one of `colour`'s sides (0 the first, 1 the second), `Err(None)` past the
    /// other colour's.
    fn neighbour(
        &self,
        cell: usize,
        (dr, dc): (isize, isize),
        colour: usize,
    ) -> Result<usize, Option<usize>> {
        let (r, c) = (
            (cell / self.cols) as isize + dr,
            (cell % self.cols) as isize + dc,
        );
        let past = |at: isize, size: usize| {
            if at < 0 {
                Some(0)
            } else if at >= size as isize {
                Some(1)
            } else {
                None
            }
        };
        match (past(r, self.rows), past(c, self.cols)) {
            (None, None) => Ok(r as usize * self.cols + c as usize),
            (Some(side), None) if colour == 0 => Err(Some(side)),
            (None, Some(side)) if colour == 1 => Err(Some(side)),
            _ => Err(None),
        }
    }

    /// The conductance between two nodes of `colour`'s circuit, stones or not.
    fn conductance(a_stone: bool, b_stone: bool) -> f64 {
        match (a_stone, b_stone) {
            (true, true) => STONE_TO_STONE,
            (false, false) => EMPTY_TO_EMPTY,
            _ => STONE_TO_EMPTY,
        }
    }

    /// Sets up `colour`'s equations (the first side at one volt, the second at none) and
    /// solves them for the voltages.
    fn solve<B: Cells>(&mut self, stones: [B; 2], colour: usize) {
        let (own, theirs) = (stones[colour], stones[1 - colour]);
        let width = self.band + 1;
        self.matrix.fill(0.0);
        self.volts.fill(0.0);
        for cell in 0..self.cell_of.len() {
            let node = self.node_of[cell] as usize;
            let row = node * width;
            if theirs.has(cell) {
                self.matrix[row + self.band] = 1.0;
                continue;
            }
            let mut diagonal = LEAK;
            for step in STEPS {
                match self.neighbour(cell, step, colour) {
                    Ok(other) if !theirs.has(other) => {
                        let g = Self::conductance(own.has(cell), own.has(other));
                        diagonal += g;
                        let other = self.node_of[other] as usize;
                        if other < node {
                            self.matrix[row + self.band - (node - other)] = -g;
                        }
                    }
                    Err(Some(side)) => {
                        let g = Self::conductance(own.has(cell), true);
                        diagonal += g;
                        if side == 0 {
                            self.volts[node] += g;
                        }
                    }
                    _ => {}
                }
            }
            self.matrix[row + self.band] = diagonal;
        }
        self.factor_and_solve();
    }

    /// Cholesky factorisation of the band in place, then the two triangular solves.
    fn factor_and_solve(&mut self) {
        let (band, width, n) = (self.band, self.band + 1, self.volts.len());
        let m = &mut self.matrix;
        for i in 0..n {
            let first = i.saturating_sub(band);
            for j in first..=i {
                let mut sum = m[i * width + band - (i - j)];
                let from = first.max(j.saturating_sub(band));
                for k in from..j {
                    sum -= m[i * width + band - (i - k)] * m[j * width + band - (j - k)];
                }
                if i == j {
                    m[i * width + band] = sum.max(LEAK).sqrt();
                } else {
                    m[i * width + band - (i - j)] = sum / m[j * width + band];
                }
            }
        }
        let v = &mut self.volts;
        for i in 0..n {
            let mut sum = v[i];
            for k in i.saturating_sub(band)..i {
                sum -= m[i * width + band - (i - k)] * v[k];
            }
            v[i] = sum / m[i * width + band];
        }
        for i in (0..n).rev() {
            let mut sum = v[i];
            for k in i + 1..n.min(i + width) {
                sum -= m[k * width + band - (k - i)] * v[k];
            }
            v[i] = sum / m[i * width + band];
        }
    }

    /// Adds to each empty cell the current through it (half of what flows in and out of it
    /// over its resistors), per unit of current between `colour`'s sides.
    fn add_currents<B: Cells>(&mut self, stones: [B; 2], colour: usize) {
        let (own, theirs) = (stones[colour], stones[1 - colour]);
        let volts = |circuit: &Circuit, cell: usize| circuit.volts[circuit.node_of[cell] as usize];
        // The current leaving the first side.
        let mut total = 0.0;
        for cell in 0..self.cell_of.len() {
            if theirs.has(cell) {
                continue;
            }
            for step in STEPS {
                if let Err(Some(0)) = self.neighbour(cell, step, colour) {
                    total += Self::conductance(own.has(cell), true) * (1.0 - volts(self, cell));
                }
            }
        }
        if total <= NO_CURRENT {
            return; // the colour cannot join its sides: no current anywhere
        }
        for cell in 0..self.cell_of.len() {
            if theirs.has(cell) || own.has(cell) {
                continue;
            }
            let here = volts(self, cell);
            let mut flow = 0.0;
            for step in STEPS {
                let (g, there) = match self.neighbour(cell, step, colour) {
                    Ok(other) if !theirs.has(other) => {
                        (Self::conductance(false, own.has(other)), volts(self, other))
                    }
                    Err(Some(side)) => (STONE_TO_EMPTY, if side == 0 { 1.0 } else { 0.0 }),
                    _ => continue,
                };
                flow += (g * (here - there)).abs();
            }
            self.score[cell] += flow / (2.0 * total);
        }
    }
}

/// Solves the symmetric positive definite system `matrix` (n x n, row by row) for `rhs`, in
/// place, by Cholesky factorisation.
///
/// Each row's entries before its first one that is not zero stay zero in the factor (its
/// *envelope*), so the products with them are skipped (`first`, a workspace, holds where each
/// row starts): every product left out is an exact zero, so the answer is exactly the one the
/// whole rows give (a zero may change its sign), only sooner when rows start late.
fn dense_solve(matrix: &mut [f64], rhs: &mut [f64], first: &mut Vec<usize>) {
    let n = rhs.len();
    first.clear();
    first.extend((0..n).map(|i| (0..i).find(|&k| matrix[i * n + k] != 0.0).unwrap_or(i)));
    for i in 0..n {
        for j in first[i]..=i {
            let mut sum = matrix[i * n + j];
            for k in first[i].max(first[j])..j {
                sum -= matrix[i * n + k] * matrix[j * n + k];
            }
            matrix[i * n + j] = if i == j {
                sum.max(LEAK).sqrt()
            } else {
                sum / matrix[j * n + j]
            };
        }
    }
    for i in 0..n {
        let mut sum = rhs[i];
        for k in first[i]..i {
            sum -= matrix[i * n + k] * rhs[k];
        }
        rhs[i] = sum / matrix[i * n + i];
    }
    for i in (0..n).rev() {
        let mut sum = rhs[i];
        for k in i + 1..n {
            if first[k] <= i {
                sum -= matrix[k * n + i] * rhs[k];
            }
        }
        rhs[i] = sum / matrix[i * n + i];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[usize]) -> u64 {
        cells.iter().fold(0, |s, &c| s | u64::bit(c))
    }

    /// The voltages by plain Gauss-Seidel iteration, long enough to settle: the obviously
    /// right answer the banded factorisation must agree with.
    fn settled_volts(circuit: &Circuit, stones: [u64; 2], colour: usize) -> Vec<f64> {
        let cells = circuit.cell_of.len();
        let (own, theirs) = (stones[colour], stones[1 - colour]);
        let mut v = vec![0.0; cells];
        for _ in 0..20_000 {
            for cell in 0..cells {
                if theirs.has(cell) {
                    continue;
                }
                let (mut weighted, mut total) = (0.0, LEAK);
                for step in STEPS {
                    match circuit.neighbour(cell, step, colour) {
                        Ok(other) if !theirs.has(other) => {
                            let g = Circuit::conductance(own.has(cell), own.has(other));
                            weighted += g * v[other];
                            total += g;
                        }
                        Err(Some(side)) => {
                            let g = Circuit::conductance(own.has(cell), true);
                            weighted += g * if side == 0 { 1.0 } else { 0.0 };
                            total += g;
                        }
                        _ => {}
                    }
                }
                v[cell] = weighted / total;
            }
        }
        v
    }

    #[test]
    fn the_dense_factorisation_solves_its_system() {
        // A = M Mᵀ + I, symmetric positive definite, of several sizes.
        for n in [1, 3, 4, 5, 9, 13] {
            let entry = |i: usize, j: usize| ((i * 7 + j * 3) % 11) as f64 / 5.0 - 1.0;
            let mut a = vec![0.0; n * n];
            for i in 0..n {
                for j in 0..n {
                    a[i * n + j] = (0..n).map(|k| entry(i, k) * entry(j, k)).sum::<f64>()
                        + if i == j { 1.0 } else { 0.0 };
                }
            }
            let b: Vec<f64> = (0..n).map(|i| i as f64 - 2.5).collect();
            let (mut factor, mut x) = (a.clone(), b.clone());
            dense_solve(&mut factor, &mut x, &mut Vec::new());
            for i in 0..n {
                let got: f64 = (0..n).map(|j| a[i * n + j] * x[j]).sum();
                assert!(
                    (got - b[i]).abs() < 1e-9,
                    "n {n}, row {i}: {got} against {}",
                    b[i]
                );
            }
        }
    }

    /// Cholesky over whole rows, every product taken: what the envelope must match bit for bit.
    fn whole_row_solve(matrix: &mut [f64], rhs: &mut [f64]) {
        let n = rhs.len();
        for i in 0..n {
            for j in 0..=i {
                let mut sum = matrix[i * n + j];
                for k in 0..j {
                    sum -= matrix[i * n + k] * matrix[j * n + k];
                }
                matrix[i * n + j] = if i == j {
                    sum.max(LEAK).sqrt()
                } else {
                    sum / matrix[j * n + j]
                };
            }
        }
        for i in 0..n {
            let mut sum = rhs[i];
            for k in 0..i {
                sum -= matrix[i * n + k] * rhs[k];
            }
            rhs[i] = sum / matrix[i * n + i];
        }
        for i in (0..n).rev() {
            let mut sum = rhs[i];
            for k in i + 1..n {
                sum -= matrix[k * n + i] * rhs[k];
            }
            rhs[i] = sum / matrix[i * n + i];
        }
    }

    proptest::proptest! {
        /// Circuits of random resistors, as `add_connected` builds them (a conductance matrix
        /// with a leak on the diagonal, sparse, its rows starting anywhere): the solve that
        /// skips each row's leading zeros gives exactly what the whole rows give.
        #[test]
        fn skipping_the_leading_zeros_changes_no_bit(
            n in 1usize..24,
            resistors in proptest::collection::vec((0usize..24, 0usize..26, 1u32..8), 0..60),
        ) {
            let mut a = vec![0.0; n * n];
            let mut b = vec![0.0; n];
            for i in 0..n {
                a[i * n + i] = LEAK;
            }
            for (p, q, g) in resistors {
                let (p, g) = (p % n, f64::from(g) / 3.0);
                a[p * n + p] += g;
                match q {
                    // The source and the sink, as in `add_connected`.
                    24 => b[p] += g,
                    25 => {}
                    q if q % n != p => {
                        let q = q % n;
                        a[q * n + q] += g;
                        a[p * n + q] -= g;
                        a[q * n + p] -= g;
                    }
                    _ => {}
                }
            }
            let (mut fast, mut fast_x) = (a.clone(), b.clone());
            dense_solve(&mut fast, &mut fast_x, &mut Vec::new());
            let (mut whole, mut whole_x) = (a, b);
            whole_row_solve(&mut whole, &mut whole_x);
            // Equal exactly (a zero may only change its sign).
            proptest::prop_assert_eq!(fast_x, whole_x);
        }
    }

    #[test]
    fn the_banded_factorisation_agrees_with_plain_relaxation() {
        for (rows, cols) in [(4, 4), (3, 5), (5, 3), (1, 4)] {
            let geometry: Geometry<u64> = Geometry::new(rows, cols);
            let mut circuit = Circuit::new(&geometry);
            let stones = [set(&[1, 6]) & geometry.board, set(&[2, rows * cols - 1])];
            for colour in 0..2 {
                circuit.solve(stones, colour);
                let expected = settled_volts(&circuit, stones, colour);
                for (cell, expected) in expected.into_iter().enumerate() {
                    let got = circuit.volts[circuit.node_of[cell] as usize];
                    assert!(
                        (got - expected).abs() < 1e-6,
                        "{rows} x {cols}, colour {colour}, cell {cell}: {got} against {expected}"
                    );
                }
            }
        }
    }

    fn adjacent_scores(geometry: &Geometry<u64>, stones: [u64; 2]) -> Vec<f64> {
        let mut circuit = Circuit::new(geometry);
        circuit.clear();
        circuit.add_adjacent(stones, 0);
        circuit.add_adjacent(stones, 1);
        circuit.score().to_vec()
    }

    #[test]
    fn on_the_empty_board_the_short_diagonal_carries_most_and_the_acute_corners_least() {
        let geometry: Geometry<u64> = Geometry::new(5, 5);
        let scores = adjacent_scores(&geometry, [0, 0]);
        let by = |a: &usize, b: &usize| scores[*a].total_cmp(&scores[*b]);
        // b4 and d2 (cells 16 and 8), next to the centre on the short diagonal, carry most:
        // each colour's current crowds towards the obtuse corners.
        let best = (0..25).max_by(by).unwrap();
        assert!(best == 8 || best == 16, "{best}");
        let least = (0..25).min_by(by).unwrap();
        assert!(least == 0 || least == 24, "{least}");
        // The board's half-turn symmetry gives equal scores.
        for cell in 0..25 {
            assert!((scores[cell] - scores[24 - cell]).abs() < 1e-6);
        }
    }

    #[test]
    fn a_cell_off_every_path_of_a_joined_colour_carries_next_to_nothing() {
        // 3 x 3, Red (top to bottom) holds b1 b2 b3 (cells 1 4 7): Red has joined, and
        // Blue's sides are cut apart, so Blue's circuit carries nothing; Red's current runs
        // through its stones.
        let geometry: Geometry<u64> = Geometry::new(3, 3);
        let scores = adjacent_scores(&geometry, [set(&[1, 4, 7]), 0]);
        assert!(scores[0] < 0.05, "{}", scores[0]);
        assert_eq!(scores[4], 0.0);
    }

    #[test]
    fn the_circuit_of_connections_agrees_with_the_circuit_of_cells_on_adjacency_alone() {
        // Links of adjacent cells only (each needing nothing): the same circuit as the
        // adjacent cells', with stones contracted; on an empty board, the same scores. On
        // 3 x 5 the cells are numbered down the columns, so a piece's node is not its cell.
        for (rows, cols) in [(4, 4), (3, 5)] {
            let geometry: Geometry<u64> = Geometry::new(rows, cols);
            let cells = rows * cols;
            let mut links = Vec::new();
            let mut circuit = Circuit::new(&geometry);
            for cell in 0..cells {
                for step in STEPS {
                    match circuit.neighbour(cell, step, 0) {
                        Ok(other) if other > cell => links.push((cell, other, 0)),
                        Err(Some(side)) => links.push((cell, cells + side, 0)),
                        _ => {}
                    }
                }
            }
            circuit.clear();
            circuit.add_adjacent([0u64, 0], 0);
            let adjacent = circuit.score().to_vec();
            // In either order: the pieces are numbered by cell, not as they first come.
            let reversed = links.iter().rev().copied().collect::<Vec<_>>();
            for links in [links, reversed] {
                circuit.clear();
                circuit.add_connected(links.into_iter(), |x| x >= cells);
                let connected = circuit.score();
                for (cell, (connected, adjacent)) in connected.iter().zip(&adjacent).enumerate() {
                    assert!(
                        (connected - adjacent).abs() < 1e-6,
                        "{rows} x {cols}, cell {cell}: {connected} against {adjacent}"
                    );
                }
            }
        }
    }
}
