//! The network's forward pass on a batch of positions of one board size: the trunk of
//! residual blocks, then the policy head (a logit a move) and the value head (the game's
//! outcome, the score and each point's ownership).
//!
//! Activations are held channel by channel, each channel one plane of every position's points
//! in turn (`[channel][position][point]`), for the board's own size: a point off the board
//! never exists, so nothing needs masking. A convolution is one matrix product
//! (`matrixmultiply`'s `sgemm`) over the whole batch: the kernel's weights (`out x in·k·k`)
//! times the input's patches around every point of every position (`in·k·k x
//! positions·points`, zero past the edges); a 1 x 1 convolution needs no patches. Each output
//! is a dot product over the kernel whatever the batch holds, so a position's outputs do not
//! depend on the positions evaluated beside it (a test checks this bit for bit).

use super::model::{Block, Conv, MatMul, Model, Norm};

/// What the network says of a position, from the point of view of the player to move.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Raw {
    /// Logits of a win, a loss and no result (a draw by repetition).
    pub outcome: [f32; 3],
    /// The score head's outputs: the score's mean, its spread before softplus, the lead, and
    /// the time left's variance before softplus, in twentieths of points.
    pub score: [f32; 4],
    /// Each point's ownership before the tanh, row by row.
    pub ownership: Vec<f32>,
    /// Each point's move logit, row by row.
    pub policy: Vec<f32>,
    /// The pass's move logit.
    pub pass: f32,
}

/// The batch from which 3 x 3 convolutions run by Winograd's larger tiles (measured: at
/// batch 8 on 19 x 19, 1.25 times the smaller tiles' speed; at batch 2, 0.86 times).
const LARGE_TILES_FROM: usize = 4;

/// Scratch planes, kept from one evaluation to the next.
#[derive(Default)]
pub(crate) struct Workspace {
    patches: Vec<f32>,
    winograd: super::winograd::Scratch,
}

/// The shape of a batch: its positions and their board's size, and the tiles its 3 x 3
/// convolutions run by.
#[derive(Clone, Copy)]
struct Shape {
    width: usize,
    height: usize,
    batch: usize,
    large_tiles: bool,
}

/// Whether a batch of `positions` runs its 3 x 3 convolutions by Winograd's larger tiles.
pub(crate) fn large_tiles_for(positions: usize) -> bool {
    positions >= LARGE_TILES_FROM
}

impl Shape {
    /// The points of one position.
    fn points(self) -> usize {
        self.width * self.height
    }

    /// The length of one channel's plane: every position's points.
    fn plane(self) -> usize {
        self.batch * self.points()
    }
}

/// Runs the network on a batch of `width` x `height` positions: `spatial` holds each
/// position's `[feature][point]` planes in turn, `global` each position's global inputs in
/// turn; `large_tiles`: the 3 x 3 convolutions by Winograd's larger tiles (see
/// [`large_tiles_for`]). A position's outputs depend on this choice and on nothing else of the
/// batch.
pub(crate) fn run(
    model: &Model,
    width: usize,
    height: usize,
    spatial: &[f32],
    global: &[f32],
    large_tiles: bool,
    work: &mut Workspace,
) -> Vec<Raw> {
    let globals = model.initial_global.inputs;
    let batch = global.len() / globals;
    let shape = Shape {
        width,
        height,
        batch,
        large_tiles,
    };
    let (points, plane) = (shape.points(), shape.plane());
    // `[position][feature][point]` to `[feature][position][point]`.
    let features = model.initial_conv.inputs;
    let mut input = vec![0.0; features * plane];
    for b in 0..batch {
        for f in 0..features {
            input[f * plane + b * points..][..points]
                .copy_from_slice(&spatial[(b * features + f) * points..][..points]);
        }
    }
    let mut trunk = conv(&model.initial_conv, &input, shape, work);
    for (b, global) in global.chunks_exact(globals).enumerate() {
        let from_global = matmul(&model.initial_global, global);
        add_per_channel(&mut trunk, &from_global, shape, b);
    }
    for block in &model.blocks {
        residual(block, &mut trunk, shape, work);
    }
    norm_relu(&mut trunk, &model.tip, plane);
    let policy = policy_head(model, &trunk, shape, work);
    let value = value_head(model, &trunk, shape, work);
    policy
        .into_iter()
        .zip(value)
        .map(|((policy, pass), (outcome, score, ownership))| Raw {
            outcome,
            score,
            ownership,
            policy,
            pass,
        })
        .collect()
}

/// The policy head: each position's move logits and pass logit.
fn policy_head(
    model: &Model,
    trunk: &[f32],
    shape: Shape,
    work: &mut Workspace,
) -> Vec<(Vec<f32>, f32)> {
    let head = &model.policy;
    let (points, plane) = (shape.points(), shape.plane());
    let mut p1 = conv(&head.conv, trunk, shape, work);
    let mut g1 = conv(&head.pool_conv, trunk, shape, work);
    norm_relu(&mut g1, &head.pool_norm, plane);
    let mut passes = Vec::with_capacity(shape.batch);
    for b in 0..shape.batch {
        let pooled = trunk_pool(&g1, shape, b);
        add_per_channel(&mut p1, &matmul(&head.pool_to_bias, &pooled), shape, b);
        passes.push(matmul(&head.pool_to_pass, &pooled)[0]);
    }
    norm_relu(&mut p1, &head.norm, plane);
    let logits = conv(&head.logits, &p1, shape, work);
    logits
        .chunks_exact(points)
        .zip(passes)
        .map(|(logits, pass)| (logits.to_vec(), pass))
        .collect()
}

/// The value head: each position's outcome logits, score outputs and ownership.
#[allow(clippy::type_complexity)]
fn value_head(
    model: &Model,
    trunk: &[f32],
    shape: Shape,
    work: &mut Workspace,
) -> Vec<([f32; 3], [f32; 4], Vec<f32>)> {
    let head = &model.value;
    let (points, plane) = (shape.points(), shape.plane());
    let mut v1 = conv(&head.conv, trunk, shape, work);
    norm_relu(&mut v1, &head.norm, plane);
    let ownership = conv(&head.ownership, &v1, shape, work);
    (0..shape.batch)
        .map(|b| {
            let pooled = value_pool(&v1, shape, b);
            let mut hidden = matmul(&head.hidden, &pooled);
            for (h, bias) in hidden.iter_mut().zip(&head.hidden_bias) {
                *h = (*h + bias).max(0.0);
            }
            let mut outcome = [0.0; 3];
            for ((o, v), bias) in outcome
                .iter_mut()
                .zip(matmul(&head.outcome, &hidden))
                .zip(&head.outcome_bias)
            {
                *o = v + bias;
            }
            let mut score = [0.0; 4];
            for ((s, v), bias) in score
                .iter_mut()
                .zip(matmul(&head.score, &hidden))
                .zip(&head.score_bias)
            {
                *s = v + bias;
            }
            let owned = ownership[b * points..(b + 1) * points].to_vec();
            (outcome, score, owned)
        })
        .collect()
}

/// One residual block, added into the trunk.
fn residual(block: &Block, trunk: &mut [f32], shape: Shape, work: &mut Workspace) {
    let plane = shape.plane();
    let (pre, first, mid, last) = match block {
        Block::Ordinary {
            pre,
            first,
            mid,
            last,
        }
        | Block::Pooled {
            pre,
            first,
            mid,
            last,
            ..
        } => (pre, first, mid, last),
    };
    let mut a = trunk.to_vec();
    norm_relu(&mut a, pre, plane);
    let mut r = conv(first, &a, shape, work);
    if let Block::Pooled {
        pool_conv,
        pool_norm,
        pool_to_bias,
        ..
    } = block
    {
        let mut g = conv(pool_conv, &a, shape, work);
        norm_relu(&mut g, pool_norm, plane);
        for b in 0..shape.batch {
            let pooled = trunk_pool(&g, shape, b);
            add_per_channel(&mut r, &matmul(pool_to_bias, &pooled), shape, b);
        }
    }
    norm_relu(&mut r, mid, plane);
    let out = conv(last, &r, shape, work);
    for (t, o) in trunk.iter_mut().zip(&out) {
        *t += o;
    }
}

/// A convolution of `input` (`[in][position][point]`): `[out][position][point]`.
fn conv(layer: &Conv, input: &[f32], shape: Shape, work: &mut Workspace) -> Vec<f32> {
    let plane = shape.plane();
    let mut out = vec![0.0; layer.outputs * plane];
    if let Some((small, large)) = &layer.winograd {
        use super::winograd::{Boards, F2, F4, convolve};
        let boards = Boards {
            width: shape.width,
            height: shape.height,
            batch: shape.batch,
        };
        let (ins, outs) = (layer.inputs, layer.outputs);
        // F(4 x 4, 3 x 3)'s products pay from a batch on; one or two positions run faster by
        // F(2 x 2, 3 x 3)'s.
        if shape.large_tiles {
            convolve::<F4>(
                large,
                ins,
                outs,
                input,
                boards,
                &mut work.winograd,
                &mut out,
            );
        } else {
            convolve::<F2>(
                small,
                ins,
                outs,
                input,
                boards,
                &mut work.winograd,
                &mut out,
            );
        }
        return out;
    }
    let depth = layer.inputs * layer.size * layer.size;
    let patches: &[f32] = if layer.size == 1 {
        input
    } else {
        patches(input, layer, shape, &mut work.patches);
        &work.patches
    };
    // out (outputs x plane) = weights (outputs x depth) * patches (depth x plane), all
    // row-major.
    // SAFETY: every pointer is to the start of a slice of the given rows times columns, with
    // unit column strides and row strides of the column counts, and `out` borrows nothing
    // else.
    unsafe {
        matrixmultiply::sgemm(
            layer.outputs,
            depth,
            plane,
            1.0,
            layer.weights.as_ptr(),
            depth as isize,
            1,
            patches.as_ptr(),
            plane as isize,
            1,
            0.0,
            out.as_mut_ptr(),
            plane as isize,
            1,
        );
    }
    out
}

/// Each input channel's values around every point of every position, for a `k` x `k`
/// kernel, zero past the board's edges: row `(channel, ky, kx)` holds, for each point, the
/// value at the point moved by `(ky - k/2, kx - k/2)`.
fn patches(input: &[f32], layer: &Conv, shape: Shape, patches: &mut Vec<f32>) {
    let (w, h, k) = (shape.width, shape.height, layer.size);
    let (points, plane) = (shape.points(), shape.plane());
    let half = k / 2;
    patches.clear();
    patches.resize(layer.inputs * k * k * plane, 0.0);
    for c in 0..layer.inputs {
        for ky in 0..k {
            for kx in 0..k {
                let row = &mut patches[((c * k + ky) * k + kx) * plane..][..plane];
                // The columns x whose source x + kx - half lies on the board.
                let x_start = half.saturating_sub(kx);
                let x_end = (w + half).saturating_sub(kx).min(w);
                if x_start >= x_end {
                    continue;
                }
                let sx_start = x_start + kx - half;
                let len = x_end - x_start;
                for b in 0..shape.batch {
                    let source = &input[c * plane + b * points..][..points];
                    let target = &mut row[b * points..][..points];
                    for y in 0..h {
                        let Some(sy) = (y + ky).checked_sub(half).filter(|&sy| sy < h) else {
                            continue;
                        };
                        target[y * w + x_start..y * w + x_end]
                            .copy_from_slice(&source[sy * w + sx_start..][..len]);
                    }
                }
            }
        }
    }
}

/// A batch norm then a rectifier, in place.
fn norm_relu(x: &mut [f32], norm: &Norm, plane: usize) {
    for (c, plane) in x.chunks_exact_mut(plane).enumerate() {
        let (scale, bias) = (norm.scale[c], norm.bias[c]);
        for v in plane {
            *v = (*v * scale + bias).max(0.0);
        }
    }
}

/// Adds `add[c]` to every point of position `b` in channel `c`.
fn add_per_channel(x: &mut [f32], add: &[f32], shape: Shape, b: usize) {
    let (points, plane) = (shape.points(), shape.plane());
    for (channel, a) in x.chunks_exact_mut(plane).zip(add) {
        for v in &mut channel[b * points..(b + 1) * points] {
            *v += a;
        }
    }
}

/// `input · weights`, the weights `[in][out]`.
fn matmul(layer: &MatMul, input: &[f32]) -> Vec<f32> {
    let mut out = vec![0.0; layer.outputs];
    for (i, &v) in input.iter().enumerate().take(layer.inputs) {
        let row = &layer.weights[i * layer.outputs..(i + 1) * layer.outputs];
        for (o, w) in out.iter_mut().zip(row) {
            *o += v * w;
        }
    }
    out
}

/// Position `b`'s points of each channel of `x`.
fn planes_of(x: &[f32], shape: Shape, b: usize) -> impl Iterator<Item = &[f32]> {
    let points = shape.points();
    x.chunks_exact(shape.plane())
        .map(move |channel| &channel[b * points..(b + 1) * points])
}

/// The trunk's global pooling of each channel of position `b`: its mean, the mean scaled by
/// the board's size, and its maximum.
fn trunk_pool(x: &[f32], shape: Shape, b: usize) -> Vec<f32> {
    let points = shape.points();
    let channels = x.len() / shape.plane();
    let scale = size_scale(points);
    let mut out = vec![0.0; 3 * channels];
    for (c, plane) in planes_of(x, shape, b).enumerate() {
        let mean = plane.iter().sum::<f32>() / points as f32;
        let max = plane.iter().copied().fold(-1.0f32, f32::max);
        out[c] = mean;
        out[channels + c] = mean * scale;
        out[2 * channels + c] = max;
    }
    out
}

/// The value head's pooling of each channel of position `b`: its mean, and the mean scaled
/// by the board's size twice over.
fn value_pool(x: &[f32], shape: Shape, b: usize) -> Vec<f32> {
    let points = shape.points();
    let channels = x.len() / shape.plane();
    let scale = size_scale(points);
    let mut out = vec![0.0; 3 * channels];
    for (c, plane) in planes_of(x, shape, b).enumerate() {
        let mean = plane.iter().sum::<f32>() / points as f32;
        out[c] = mean;
        out[channels + c] = mean * scale;
        out[2 * channels + c] = mean * (scale * scale - 0.1);
    }
    out
}

/// `(sqrt(points) - 14) / 10`: 0.5 on 19 x 19, -0.5 on 9 x 9.
fn size_scale(points: usize) -> f32 {
    ((points as f32).sqrt() - 14.0) * 0.1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A convolution by the definition: a sum over the kernel at every point.
    fn plain_conv(layer: &Conv, input: &[f32], w: usize, h: usize) -> Vec<f32> {
        let k = layer.size as isize;
        let mut out = vec![0.0; layer.outputs * w * h];
        for oc in 0..layer.outputs {
            for y in 0..h as isize {
                for x in 0..w as isize {
                    let mut sum = 0.0;
                    for ic in 0..layer.inputs {
                        for ky in 0..k {
                            for kx in 0..k {
                                let (sy, sx) = (y + ky - k / 2, x + kx - k / 2);
                                if sy < 0 || sx < 0 || sy >= h as isize || sx >= w as isize {
                                    continue;
                                }
                                let weight = layer.weights[((oc * layer.inputs + ic) * layer.size
                                    + ky as usize)
                                    * layer.size
                                    + kx as usize];
                                sum += weight * input[ic * w * h + sy as usize * w + sx as usize];
                            }
                        }
                    }
                    out[oc * w * h + y as usize * w + x as usize] = sum;
                }
            }
        }
        out
    }

    #[test]
    fn a_convolution_by_patches_is_the_convolution_by_its_definition() {
        let mut seed = 7u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32 - 0.5
        };
        for (size, w, h) in [
            (3, 5, 4),
            (5, 3, 3),
            (1, 2, 7),
            (3, 1, 1),
            (5, 7, 2),
            (3, 19, 19),
            (3, 2, 7),
        ] {
            let layer = Conv::new(size, 3, 2, (0..size * size * 6).map(|_| next()).collect());
            let input: Vec<f32> = (0..3 * w * h).map(|_| next()).collect();
            let fast = conv(
                &layer,
                &input,
                Shape {
                    width: w,
                    height: h,
                    batch: 1,
                    large_tiles: false,
                },
                &mut Workspace::default(),
            );
            let plain = plain_conv(&layer, &input, w, h);
            for (a, b) in fast.iter().zip(&plain) {
                assert!(
                    (a - b).abs() < 1e-5,
                    "{size} x {size} on {w} x {h}: {a} {b}"
                );
            }
            // Three boards in one batch: each one's outputs are its own convolution's.
            let boards: Vec<Vec<f32>> = (0..3)
                .map(|_| (0..3 * w * h).map(|_| next()).collect())
                .collect();
            let mut batched = Vec::new();
            for c in 0..3 {
                for board in &boards {
                    batched.extend_from_slice(&board[c * w * h..(c + 1) * w * h]);
                }
            }
            for large_tiles in [false, true] {
                let shape = Shape {
                    width: w,
                    height: h,
                    batch: 3,
                    large_tiles,
                };
                let fast = conv(&layer, &batched, shape, &mut Workspace::default());
                for (b, board) in boards.iter().enumerate() {
                    let plain = plain_conv(&layer, board, w, h);
                    for o in 0..2 {
                        let ours = &fast[o * 3 * w * h + b * w * h..][..w * h];
                        for (a, p) in ours.iter().zip(&plain[o * w * h..(o + 1) * w * h]) {
                            assert!((a - p).abs() < 1e-5, "{large_tiles}, board {b}: {a} {p}");
                        }
                    }
                }
            }
        }
    }
}
