//! 3 x 3 convolutions by Winograd's minimal filtering (Lavin and Gray, "Fast algorithms for
//! convolutional neural networks", 2016): the board is cut into tiles of outputs, each computed
//! from the inputs around it with fewer multiplications than the plain convolution's; across
//! channels, each of a tile's multiplications becomes one matrix product (outputs x inputs, by
//! inputs x tiles).
//!
//! Two tilings serve: F(2 x 2, 3 x 3) ([`F2`]: 16 products of 2 x 2 outputs from 4 x 4 inputs,
//! 2.25 times fewer multiplications) for one or two positions, and F(4 x 4, 3 x 3) ([`F4`]: 36
//! products of 4 x 4 outputs from 6 x 6 inputs, four times fewer) for a batch, where its
//! products are wide enough to run well. For a kernel `g`, an input tile `d` and the product
//! `m`: `U = G g Gᵀ`, `V = Bᵀ d B`, `Y = Aᵀ m A`, the matrices given with each tiling.
//!
//! F2's constants are 1 and 1/2: its results stay within a few units in the last place of the
//! plain convolution's. F4's differ by a few parts in a million of the outputs' size; the tests
//! hold both to the plain convolution, and the network's outputs to `kata-raw-nn`'s.

/// The most inputs a tile a side (F4's), and outputs.
const MAX_IN: usize = 6;
const MAX_OUT: usize = 4;
/// The widest padded row of tiles: boards of up to 64 points a side.
const MAX_ROW: usize = 64 + 2;

/// A tiling: its tile's outputs and inputs a side, and its three transforms, on arrays of the
/// largest tiling's size (the entries past `IN` or `OUT` unused).
pub(crate) trait Tiling {
    /// Outputs a tile a side.
    const OUT: usize;
    /// Inputs a tile a side.
    const IN: usize;
    /// `Bᵀ d` for one column of a tile's inputs.
    fn input(d: [f32; MAX_IN]) -> [f32; MAX_IN];
    /// `Aᵀ m` for one column of a tile's products.
    fn output(m: [f32; MAX_IN]) -> [f32; MAX_OUT];
    /// `G g` for one column of a kernel.
    fn kernel(g: [f32; 3]) -> [f32; MAX_IN];
}

/// F(2 x 2, 3 x 3):
///
/// ```text
/// Bᵀ = [1  0 -1  0]    G = [1    0    0 ]    Aᵀ = [1  1  1  0]
///      [0  1  1  0]        [1/2  1/2  1/2]         [0  1 -1 -1]
///      [0 -1  1  0]        [1/2 -1/2  1/2]
///      [0  1  0 -1]        [0    0    1 ]
/// ```
pub(crate) struct F2;

impl Tiling for F2 {
    const OUT: usize = 2;
    const IN: usize = 4;

    #[inline(always)]
    fn input(d: [f32; MAX_IN]) -> [f32; MAX_IN] {
        [d[0] - d[2], d[1] + d[2], d[2] - d[1], d[1] - d[3], 0.0, 0.0]
    }

    #[inline(always)]
    fn output(m: [f32; MAX_IN]) -> [f32; MAX_OUT] {
        [m[0] + m[1] + m[2], m[1] - m[2] - m[3], 0.0, 0.0]
    }

    fn kernel(g: [f32; 3]) -> [f32; MAX_IN] {
        [
            g[0],
            0.5 * (g[0] + g[1] + g[2]),
            0.5 * (g[0] - g[1] + g[2]),
            g[2],
            0.0,
            0.0,
        ]
    }
}

/// F(4 x 4, 3 x 3):
///
/// ```text
/// Bᵀ = [4  0 -5  0  1  0]    G = [ 1/4     0     0  ]    Aᵀ = [1  1  1  1  1  0]
///      [0 -4 -4  1  1  0]        [-1/6  -1/6  -1/6 ]         [0  1 -1  2 -2  0]
///      [0  4 -4 -1  1  0]        [-1/6   1/6  -1/6 ]         [0  1  1  4  4  0]
///      [0 -2 -1  2  1  0]        [ 1/24  1/12  1/6 ]         [0  1 -1  8 -8  1]
///      [0  2 -1 -2  1  0]        [ 1/24 -1/12  1/6 ]
///      [0  4  0 -5  0  1]        [ 0     0     1  ]
/// ```
pub(crate) struct F4;

impl Tiling for F4 {
    const OUT: usize = 4;
    const IN: usize = 6;

    #[inline(always)]
    fn input(d: [f32; MAX_IN]) -> [f32; MAX_IN] {
        [
            4.0 * d[0] - 5.0 * d[2] + d[4],
            -4.0 * (d[1] + d[2]) + d[3] + d[4],
            4.0 * (d[1] - d[2]) - d[3] + d[4],
            2.0 * (d[3] - d[1]) - d[2] + d[4],
            2.0 * (d[1] - d[3]) - d[2] + d[4],
            4.0 * d[1] - 5.0 * d[3] + d[5],
        ]
    }

    #[inline(always)]
    fn output(m: [f32; MAX_IN]) -> [f32; MAX_OUT] {
        let (a, b) = (m[1] + m[2], m[1] - m[2]);
        let (c, d) = (m[3] + m[4], m[3] - m[4]);
        [m[0] + a + c, b + 2.0 * d, a + 4.0 * c, b + 8.0 * d + m[5]]
    }

    fn kernel(g: [f32; 3]) -> [f32; MAX_IN] {
        [
            g[0] / 4.0,
            -(g[0] + g[1] + g[2]) / 6.0,
            -(g[0] - g[1] + g[2]) / 6.0,
            g[0] / 24.0 + g[1] / 12.0 + g[2] / 6.0,
            g[0] / 24.0 - g[1] / 12.0 + g[2] / 6.0,
            g[2],
        ]
    }
}

/// The transformed kernels of a 3 x 3 convolution's `weights` (order output, input, row,
/// column) for tiling `T`: matrix `xi` (`outputs x inputs`) at `xi * outputs * inputs`, one
/// for each of the tile's `IN x IN` products.
pub(crate) fn kernels<T: Tiling>(weights: &[f32], inputs: usize, outputs: usize) -> Vec<f32> {
    let n = T::IN;
    let mut u = vec![0.0; n * n * outputs * inputs];
    for o in 0..outputs {
        for i in 0..inputs {
            let g = &weights[(o * inputs + i) * 9..][..9];
            // G g, a column at a time; then (G g) Gᵀ, a row at a time.
            let columns: [[f32; MAX_IN]; 3] =
                std::array::from_fn(|c| T::kernel([g[c], g[3 + c], g[6 + c]]));
            for r in 0..n {
                let row = T::kernel([columns[0][r], columns[1][r], columns[2][r]]);
                for (c, &value) in row.iter().enumerate().take(n) {
                    u[((r * n + c) * outputs + o) * inputs + i] = value;
                }
            }
        }
    }
    u
}

/// The shape of a batch of boards.
#[derive(Clone, Copy)]
pub(crate) struct Boards {
    pub width: usize,
    pub height: usize,
    pub batch: usize,
}

impl Boards {
    fn across<T: Tiling>(self) -> usize {
        self.width.div_ceil(T::OUT)
    }

    fn down<T: Tiling>(self) -> usize {
        self.height.div_ceil(T::OUT)
    }

    /// The tiles of every board.
    fn tiles<T: Tiling>(self) -> usize {
        self.batch * self.across::<T>() * self.down::<T>()
    }
}

/// Scratch space for the transformed inputs and products, and one board's padded plane.
#[derive(Default)]
pub(crate) struct Scratch {
    v: Vec<f32>,
    m: Vec<f32>,
    padded: Vec<f32>,
}

/// The 3 x 3 convolution (kernels `u` transformed for tiling `T`) of `input`
/// (`[in][board][point]`), into `out` (`[out][board][point]`).
pub(crate) fn convolve<T: Tiling>(
    u: &[f32],
    inputs: usize,
    outputs: usize,
    input: &[f32],
    boards: Boards,
    scratch: &mut Scratch,
    out: &mut [f32],
) {
    assert!(
        T::OUT * boards.across::<T>() + 2 <= MAX_ROW,
        "a board of at most {} points across",
        MAX_ROW - 2
    );
    let products = T::IN * T::IN;
    let tiles = boards.tiles::<T>();
    // Every entry is written before it is read: no need to clear.
    scratch.v.resize(products * inputs * tiles, 0.0);
    scratch.m.resize(products * outputs * tiles, 0.0);
    transform_input::<T>(input, inputs, boards, &mut scratch.padded, &mut scratch.v);
    for xi in 0..products {
        let a = &u[xi * outputs * inputs..][..outputs * inputs];
        let b = &scratch.v[xi * inputs * tiles..][..inputs * tiles];
        let c = &mut scratch.m[xi * outputs * tiles..][..outputs * tiles];
        // SAFETY: row-major matrices of outputs x inputs, inputs x tiles and outputs x tiles,
        // each a slice of exactly that length, unit column strides; `c` borrows nothing else.
        unsafe {
            matrixmultiply::sgemm(
                outputs,
                inputs,
                tiles,
                1.0,
                a.as_ptr(),
                inputs as isize,
                1,
                b.as_ptr(),
                tiles as isize,
                1,
                0.0,
                c.as_mut_ptr(),
                tiles as isize,
                1,
            );
        }
    }
    transform_output::<T>(&scratch.m, outputs, boards, out);
}

/// `V = Bᵀ d B` for every channel's every tile: `v[xi][channel][tile]`. Each board's plane is
/// first copied into a zero border, so that a row of tiles is computed with plain loops.
fn transform_input<T: Tiling>(
    input: &[f32],
    inputs: usize,
    boards: Boards,
    padded: &mut Vec<f32>,
    v: &mut [f32],
) {
    let (w, h) = (boards.width, boards.height);
    let points = w * h;
    let plane = boards.batch * points;
    let tiles = boards.tiles::<T>();
    let (across, down) = (boards.across::<T>(), boards.down::<T>());
    // The padded plane: one zero row and column before, enough after for whole tiles.
    let pw = T::OUT * across + 2;
    let ph = T::OUT * down + 2;
    padded.clear();
    padded.resize(pw * ph, 0.0);
    let mut t = [[0.0f32; MAX_ROW]; MAX_IN];
    let mut planes: Vec<&mut [f32]> = v.chunks_exact_mut(inputs * tiles).collect();
    for c in 0..inputs {
        for b in 0..boards.batch {
            let source = &input[c * plane + b * points..][..points];
            for (y, row) in source.chunks_exact(w).enumerate() {
                padded[(y + 1) * pw + 1..][..w].copy_from_slice(row);
            }
            for ty in 0..down {
                let first = c * tiles + (b * down + ty) * across;
                // Bᵀ d down the columns of the tile row: t[r][x] for every padded column x.
                let top = T::OUT * ty * pw;
                for x in 0..pw {
                    let column = T::input(std::array::from_fn(|i| {
                        if i < T::IN {
                            padded[top + i * pw + x]
                        } else {
                            0.0
                        }
                    }));
                    for (r, &value) in column.iter().enumerate().take(T::IN) {
                        t[r][x] = value;
                    }
                }
                // (Bᵀ d) B along each tile, straight into the matrices.
                for (r, tr) in t.iter().enumerate().take(T::IN) {
                    for tx in 0..across {
                        let row = T::input(std::array::from_fn(|j| {
                            if j < T::IN { tr[T::OUT * tx + j] } else { 0.0 }
                        }));
                        for (k, &value) in row.iter().enumerate().take(T::IN) {
                            planes[r * T::IN + k][first + tx] = value;
                        }
                    }
                }
            }
        }
    }
}

/// `Y = Aᵀ m A` for every output channel's every tile, written to the board's points.
// The loops index several arrays at once (a tile's column across the 36 products, a row across
// the tiles): plain indices say it most clearly.
#[allow(clippy::needless_range_loop)]
fn transform_output<T: Tiling>(m: &[f32], outputs: usize, boards: Boards, out: &mut [f32]) {
    let (w, h) = (boards.width, boards.height);
    let points = w * h;
    let plane = boards.batch * points;
    let tiles = boards.tiles::<T>();
    let (across, down) = (boards.across::<T>(), boards.down::<T>());
    let mut t = [[[0.0f32; MAX_ROW]; MAX_IN]; MAX_OUT];
    for o in 0..outputs {
        for b in 0..boards.batch {
            let target = &mut out[o * plane + b * points..][..points];
            for ty in 0..down {
                let first = (b * down + ty) * across;
                let row = |xi: usize| &m[(xi * outputs + o) * tiles + first..][..across];
                // Aᵀ m down each column k of the tiles: t[a][k][tx].
                for k in 0..T::IN {
                    let column: [&[f32]; MAX_IN] =
                        std::array::from_fn(|r| if r < T::IN { row(r * T::IN + k) } else { &[] });
                    for tx in 0..across {
                        let values = T::output(std::array::from_fn(|r| {
                            if r < T::IN { column[r][tx] } else { 0.0 }
                        }));
                        for (a, &value) in values.iter().enumerate().take(T::OUT) {
                            t[a][k][tx] = value;
                        }
                    }
                }
                // (Aᵀ m) A along each tile, its outputs side by side; what lies past the
                // board's edge is dropped.
                for (a, ta) in t.iter().enumerate().take(T::OUT) {
                    let y = T::OUT * ty + a;
                    if y >= h {
                        continue;
                    }
                    let line = &mut target[y * w..][..w];
                    for tx in 0..across {
                        let values =
                            T::output(std::array::from_fn(
                                |k| {
                                    if k < T::IN { ta[k][tx] } else { 0.0 }
                                },
                            ));
                        for (dx, &value) in values.iter().enumerate().take(T::OUT) {
                            let x = T::OUT * tx + dx;
                            if x < w {
                                line[x] = value;
                            }
                        }
                    }
                }
            }
        }
    }
}
