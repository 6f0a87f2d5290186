//! Reading a KataGo network: the `.bin.gz` model format of its model version 8.
//!
//! The file is gzip; inside, whitespace-separated header tokens (names, counts, sizes) with each
//! layer's weights as `@BIN@` followed by that many little-endian 32-bit floats. The layers come
//! in a fixed order: the trunk (an initial convolution and matrix multiplication, the residual
//! blocks, the tip's batch norm), the policy head, then the value head. Every count is checked
//! against the layers around it before anything is allocated for it, and every weight must be
//! finite, so a truncated or corrupt file is an error that says where it went wrong.

use std::io::Read;

/// The model versions this reader takes: 8 (the g170 networks), with 22 spatial and 19 global
/// input features.
pub(crate) const VERSION: i64 = 8;
/// Input features a point: stones, liberties, ko, history, ladders, area.
pub(crate) const SPATIAL_FEATURES: usize = 22;
/// Input features of the whole board: passes, komi, rules, parity.
pub(crate) const GLOBAL_FEATURES: usize = 19;
/// The largest decompressed model read: far past any 6- to 20-block network.
const MAX_BYTES: u64 = 512 << 20;
/// The most floats one layer may hold: a 3 x 3 convolution of 1024 channels into 1024.
const MAX_FLOATS: usize = 9 << 20;

/// Why a network cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The file cannot be read at all.
    #[error("{0}")]
    File(std::io::Error),
    /// The file is not gzip, or its data ends early.
    #[error("not a readable gzip file: {0}")]
    Gzip(#[from] std::io::Error),
    /// The model's contents break its format, at a named layer.
    #[error(
        "not a KataGo network arbiter reads (model version 8, as the g170 networks): at {layer}, {problem}"
    )]
    Format {
        /// The layer (or header field) being read.
        layer: String,
        /// What is wrong.
        problem: String,
    },
}

fn format_error(layer: &str, problem: impl Into<String>) -> ModelError {
    ModelError::Format {
        layer: layer.to_owned(),
        problem: problem.into(),
    }
}

/// A convolution: `out` channels from `inputs`, a `size` x `size` kernel. Weights in the order
/// out channel, in channel, row, column.
#[derive(Clone, Debug)]
pub(crate) struct Conv {
    pub size: usize,
    pub inputs: usize,
    pub outputs: usize,
    pub weights: Vec<f32>,
    /// For a 3 x 3 kernel, its Winograd transforms (`super::winograd`): for F(2 x 2, 3 x 3)
    /// and for F(4 x 4, 3 x 3).
    pub winograd: Option<(Vec<f32>, Vec<f32>)>,
}

impl Conv {
    /// A convolution of these weights (order output, input, row, column), with the Winograd
    /// transforms a 3 x 3 kernel is run by.
    pub fn new(size: usize, inputs: usize, outputs: usize, weights: Vec<f32>) -> Conv {
        use super::winograd::{F2, F4, kernels};
        let winograd = (size == 3).then(|| {
            (
                kernels::<F2>(&weights, inputs, outputs),
                kernels::<F4>(&weights, inputs, outputs),
            )
        });
        Conv {
            size,
            inputs,
            outputs,
            weights,
            winograd,
        }
    }
}

/// A batch norm folded into one scale and one bias a channel.
#[derive(Clone, Debug)]
pub(crate) struct Norm {
    pub scale: Vec<f32>,
    pub bias: Vec<f32>,
}

/// A matrix product: `outputs` values from `inputs`, weights in the order input, output.
#[derive(Clone, Debug)]
pub(crate) struct MatMul {
    pub inputs: usize,
    pub outputs: usize,
    pub weights: Vec<f32>,
}

/// A residual block: an ordinary one, or one whose middle gets a bias from global pooling.
#[derive(Clone, Debug)]
pub(crate) enum Block {
    Ordinary {
        pre: Norm,
        first: Conv,
        mid: Norm,
        last: Conv,
    },
    Pooled {
        pre: Norm,
        first: Conv,
        pool_conv: Conv,
        pool_norm: Norm,
        pool_to_bias: MatMul,
        mid: Norm,
        last: Conv,
    },
}

/// The policy head: how likely each move is to be the best one, a logit a point and one for a
/// pass.
#[derive(Clone, Debug)]
pub(crate) struct PolicyHead {
    /// The trunk to the head's planes.
    pub conv: Conv,
    /// The trunk to the planes pooled over the board.
    pub pool_conv: Conv,
    pub pool_norm: Norm,
    /// The pooled planes to a bias a plane of `conv`.
    pub pool_to_bias: MatMul,
    pub norm: Norm,
    /// The head's planes to a logit a point.
    pub logits: Conv,
    /// The pooled planes to the pass's logit.
    pub pool_to_pass: MatMul,
}

/// The value head: the outcome, the score and the ownership of every point.
#[derive(Clone, Debug)]
pub(crate) struct ValueHead {
    pub conv: Conv,
    pub norm: Norm,
    pub hidden: MatMul,
    pub hidden_bias: Vec<f32>,
    pub outcome: MatMul,
    pub outcome_bias: Vec<f32>,
    pub score: MatMul,
    pub score_bias: Vec<f32>,
    pub ownership: Conv,
}

/// A KataGo network, read.
#[derive(Clone, Debug)]
pub struct Model {
    /// The network's name, as its file gives it.
    pub name: String,
    pub(crate) initial_conv: Conv,
    pub(crate) initial_global: MatMul,
    pub(crate) blocks: Vec<Block>,
    pub(crate) tip: Norm,
    pub(crate) policy: PolicyHead,
    pub(crate) value: ValueHead,
}

impl Model {
    /// Reads a network from its `.bin.gz` file's bytes.
    ///
    /// # Errors
    /// When the bytes are not gzip, end early, or break the format of a version-8 model.
    pub fn from_gzip(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut data = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .take(MAX_BYTES)
            .read_to_end(&mut data)?;
        Model::parse(&data)
    }

    fn parse(data: &[u8]) -> Result<Model, ModelError> {
        let mut at = Tokens { data, at: 0 };
        let name = at.word("the name")?;
        let version = at.int("the model version")?;
        if version != VERSION {
            return Err(format_error(
                "model version",
                format!("{version}: arbiter reads version {VERSION} networks"),
            ));
        }
        let spatial = at.int("the input features")?;
        let global = at.int("the global input features")?;
        if spatial != SPATIAL_FEATURES as i64 || global != GLOBAL_FEATURES as i64 {
            return Err(format_error(
                "inputs",
                format!("{spatial} and {global} features, where version {VERSION} has 22 and 19"),
            ));
        }
        at.word("the trunk")?;
        let blocks = at.count("the trunk's blocks", 1, 64)?;
        let trunk = at.count("the trunk's channels", 1, 1024)?;
        let mid = at.count("the blocks' middle channels", 1, 1024)?;
        let _regular = at.count("the regular channels", 1, 1024)?;
        let _dilated = at.count("the dilated channels", 0, 1024)?;
        let pooled = at.count("the pooled channels", 1, 1024)?;
        let initial_conv = at.conv(Some(SPATIAL_FEATURES), Some(trunk))?;
        let initial_global = at.matmul(Some(GLOBAL_FEATURES), Some(trunk))?;
        let mut parsed = Vec::with_capacity(blocks);
        for _ in 0..blocks {
            let kind = at.word("a block's kind")?;
            let _name = at.word("a block's name")?;
            let block = match kind.as_str() {
                "ordinary_block" => {
                    let pre = at.norm(trunk)?;
                    at.word("an activation")?;
                    let first = at.conv(Some(trunk), Some(mid))?;
                    let mid_norm = at.norm(mid)?;
                    at.word("an activation")?;
                    let last = at.conv(Some(mid), Some(trunk))?;
                    Block::Ordinary {
                        pre,
                        first,
                        mid: mid_norm,
                        last,
                    }
                }
                "gpool_block" => {
                    let pre = at.norm(trunk)?;
                    at.word("an activation")?;
                    let first = at.conv(Some(trunk), None)?;
                    let pool_conv = at.conv(Some(trunk), Some(pooled))?;
                    let pool_norm = at.norm(pooled)?;
                    at.word("an activation")?;
                    let pool_to_bias = at.matmul(Some(3 * pooled), Some(first.outputs))?;
                    let mid_norm = at.norm(first.outputs)?;
                    at.word("an activation")?;
                    let last = at.conv(Some(first.outputs), Some(trunk))?;
                    Block::Pooled {
                        pre,
                        first,
                        pool_conv,
                        pool_norm,
                        pool_to_bias,
                        mid: mid_norm,
                        last,
                    }
                }
                other => {
                    return Err(format_error(
                        "a block",
                        format!(
                            "unknown kind {other:?}: version {VERSION} has ordinary and gpool blocks"
                        ),
                    ));
                }
            };
            parsed.push(block);
        }
        let tip = at.norm(trunk)?;
        at.word("the trunk's activation")?;
        let policy = at.policy_head(trunk)?;
        let value = at.value_head(trunk)?;
        Ok(Model {
            name,
            initial_conv,
            initial_global,
            blocks: parsed,
            tip,
            policy,
            value,
        })
    }
}

/// The model's tokens and weight blocks, read in order.
struct Tokens<'a> {
    data: &'a [u8],
    at: usize,
}

impl Tokens<'_> {
    /// The next whitespace-separated token.
    fn word(&mut self, what: &str) -> Result<String, ModelError> {
        while self.data.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
        let start = self.at;
        while self
            .data
            .get(self.at)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.at += 1;
            if self.at - start > 256 {
                return Err(format_error(what, "a token of over 256 bytes"));
            }
        }
        if start == self.at {
            return Err(format_error(what, "the file ends here"));
        }
        Ok(String::from_utf8_lossy(&self.data[start..self.at]).into_owned())
    }

    fn int(&mut self, what: &str) -> Result<i64, ModelError> {
        let word = self.word(what)?;
        word.parse()
            .map_err(|_| format_error(what, format!("expected a number, found {word:?}")))
    }

    fn float(&mut self, what: &str) -> Result<f32, ModelError> {
        let word = self.word(what)?;
        word.parse()
            .map_err(|_| format_error(what, format!("expected a number, found {word:?}")))
    }

    /// A count in `low..=high`.
    fn count(&mut self, what: &str, low: usize, high: usize) -> Result<usize, ModelError> {
        let value = self.int(what)?;
        usize::try_from(value)
            .ok()
            .filter(|n| (low..=high).contains(n))
            .ok_or_else(|| format_error(what, format!("{value}, where {low} to {high} are read")))
    }

    /// `n` floats in a `@BIN@` block.
    fn floats(&mut self, layer: &str, n: usize) -> Result<Vec<f32>, ModelError> {
        if n > MAX_FLOATS {
            return Err(format_error(
                layer,
                format!("{n} weights, over {MAX_FLOATS}"),
            ));
        }
        let mut skipped = 0;
        while self.data.get(self.at) != Some(&b'@') {
            self.at += 1;
            skipped += 1;
            if skipped > 100 || self.at >= self.data.len() {
                return Err(format_error(layer, "expected @BIN@ and its weights"));
            }
        }
        if self.data.get(self.at..self.at + 5) != Some(b"@BIN@") {
            return Err(format_error(layer, "expected @BIN@ and its weights"));
        }
        self.at += 5;
        let bytes = self
            .data
            .get(self.at..self.at + 4 * n)
            .ok_or_else(|| format_error(layer, format!("the file ends before its {n} weights")))?;
        self.at += 4 * n;
        let floats: Vec<f32> = bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if floats.iter().any(|f| !f.is_finite()) {
            return Err(format_error(layer, "a weight that is not a finite number"));
        }
        Ok(floats)
    }

    /// A convolution, its channels checked against what the layers around it need.
    fn conv(&mut self, inputs: Option<usize>, outputs: Option<usize>) -> Result<Conv, ModelError> {
        let name = self.word("a convolution's name")?;
        let rows = self.count(&name, 1, 9)?;
        let cols = self.count(&name, 1, 9)?;
        let ins = self.count(&name, 1, 1024)?;
        let outs = self.count(&name, 1, 1024)?;
        let dilation = (self.count(&name, 1, 1)?, self.count(&name, 1, 1)?);
        let _ = dilation;
        if rows != cols || rows % 2 == 0 {
            return Err(format_error(
                &name,
                format!("a {rows} x {cols} kernel: odd and square ones are read"),
            ));
        }
        for (wanted, found, what) in [(inputs, ins, "input"), (outputs, outs, "output")] {
            if wanted.is_some_and(|w| w != found) {
                return Err(format_error(
                    &name,
                    format!(
                        "{found} {what} channels, where {} are needed",
                        wanted.unwrap_or(0)
                    ),
                ));
            }
        }
        let read = self.floats(&name, rows * cols * ins * outs)?;
        // The file's order is row, column, input, output; ours output, input, row, column.
        let mut weights = vec![0.0; read.len()];
        let mut i = 0;
        for y in 0..rows {
            for x in 0..cols {
                for ic in 0..ins {
                    for oc in 0..outs {
                        weights[((oc * ins + ic) * rows + y) * cols + x] = read[i];
                        i += 1;
                    }
                }
            }
        }
        Ok(Conv::new(rows, ins, outs, weights))
    }

    /// A batch norm of `channels` channels, folded.
    fn norm(&mut self, channels: usize) -> Result<Norm, ModelError> {
        let name = self.word("a batch norm's name")?;
        let n = self.count(&name, 1, 1024)?;
        if n != channels {
            return Err(format_error(
                &name,
                format!("{n} channels, where {channels} are needed"),
            ));
        }
        let epsilon = self.float(&name)?;
        if !(epsilon > 0.0 && epsilon.is_finite()) {
            return Err(format_error(&name, "an epsilon that is not positive"));
        }
        let has_scale = self.count(&name, 0, 1)? == 1;
        let has_bias = self.count(&name, 0, 1)? == 1;
        let mean = self.floats(&name, n)?;
        let variance = self.floats(&name, n)?;
        let scale = if has_scale {
            self.floats(&name, n)?
        } else {
            vec![1.0; n]
        };
        let bias = if has_bias {
            self.floats(&name, n)?
        } else {
            vec![0.0; n]
        };
        let merged: Vec<f32> = (0..n)
            .map(|c| scale[c] / (variance[c] + epsilon).sqrt())
            .collect();
        let bias = (0..n).map(|c| bias[c] - merged[c] * mean[c]).collect();
        Ok(Norm {
            scale: merged,
            bias,
        })
    }

    fn matmul(
        &mut self,
        inputs: Option<usize>,
        outputs: Option<usize>,
    ) -> Result<MatMul, ModelError> {
        let name = self.word("a matrix's name")?;
        let ins = self.count(&name, 1, 4096)?;
        let outs = self.count(&name, 1, 4096)?;
        for (wanted, found, what) in [(inputs, ins, "input"), (outputs, outs, "output")] {
            if wanted.is_some_and(|w| w != found) {
                return Err(format_error(
                    &name,
                    format!(
                        "{found} {what} channels, where {} are needed",
                        wanted.unwrap_or(0)
                    ),
                ));
            }
        }
        let weights = self.floats(&name, ins * outs)?;
        Ok(MatMul {
            inputs: ins,
            outputs: outs,
            weights,
        })
    }

    fn bias(&mut self, channels: usize) -> Result<Vec<f32>, ModelError> {
        let name = self.word("a bias's name")?;
        let n = self.count(&name, 1, 4096)?;
        if n != channels {
            return Err(format_error(
                &name,
                format!("{n} channels, where {channels} are needed"),
            ));
        }
        self.floats(&name, n)
    }

    fn policy_head(&mut self, trunk: usize) -> Result<PolicyHead, ModelError> {
        self.word("the policy head")?;
        let conv = self.conv(Some(trunk), None)?;
        let pool_conv = self.conv(Some(trunk), None)?;
        let pool_norm = self.norm(pool_conv.outputs)?;
        self.word("an activation")?;
        let pool_to_bias = self.matmul(Some(3 * pool_conv.outputs), Some(conv.outputs))?;
        let norm = self.norm(conv.outputs)?;
        self.word("an activation")?;
        let logits = self.conv(Some(conv.outputs), Some(1))?;
        let pool_to_pass = self.matmul(Some(3 * pool_conv.outputs), Some(1))?;
        Ok(PolicyHead {
            conv,
            pool_conv,
            pool_norm,
            pool_to_bias,
            norm,
            logits,
            pool_to_pass,
        })
    }

    fn value_head(&mut self, trunk: usize) -> Result<ValueHead, ModelError> {
        self.word("the value head")?;
        let conv = self.conv(Some(trunk), None)?;
        let norm = self.norm(conv.outputs)?;
        self.word("an activation")?;
        let hidden = self.matmul(Some(3 * conv.outputs), None)?;
        let hidden_bias = self.bias(hidden.outputs)?;
        self.word("an activation")?;
        let outcome = self.matmul(Some(hidden.outputs), Some(3))?;
        let outcome_bias = self.bias(3)?;
        let score = self.matmul(Some(hidden.outputs), Some(4))?;
        let score_bias = self.bias(4)?;
        let ownership = self.conv(Some(conv.outputs), Some(1))?;
        Ok(ValueHead {
            conv,
            norm,
            hidden,
            hidden_bias,
            outcome,
            outcome_bias,
            score,
            score_bias,
            ownership,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled_data() -> Vec<u8> {
        let bytes = include_bytes!("../../../../../models/g170-b6c96-s175395328-d26788732.bin.gz");
        let mut data = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut data)
            .unwrap();
        data
    }

    #[test]
    fn a_truncated_network_is_an_error_wherever_it_ends() {
        let data = bundled_data();
        assert!(Model::parse(&data).is_ok());
        let mut at = 0;
        let mut step = 1;
        while at < data.len() {
            let error = Model::parse(&data[..at]).expect_err("a truncated model");
            assert!(
                error.to_string().contains("not a KataGo network"),
                "{error}"
            );
            at += step;
            step = step * 3 / 2 + 1;
        }
        let cut = include_bytes!("../../../../../models/g170-b6c96-s175395328-d26788732.bin.gz");
        let error = Model::from_gzip(&cut[..cut.len() / 2]).expect_err("half a gzip file");
        assert!(
            error.to_string().starts_with("not a readable gzip file"),
            "{error}"
        );
    }

    /// The bundled model's header with `from` replaced by `to` (the first time it occurs).
    fn with_header(data: &[u8], from: &str, to: &str) -> Vec<u8> {
        let head = &data[..200];
        let at = head
            .windows(from.len())
            .position(|w| w == from.as_bytes())
            .expect("in the header");
        [&data[..at], to.as_bytes(), &data[at + from.len()..]].concat()
    }

    #[test]
    fn a_network_of_another_version_or_shape_is_refused_by_name() {
        let data = bundled_data();
        for (from, to, says) in [
            ("\n8\n22\n", "\n11\n22\n", "model version"),
            ("\n22\n19\n", "\n23\n19\n", "input"),
            ("trunk\n6\n", "trunk\n9999999\n", "blocks"),
            ("conv1\n5\n5\n", "conv1\n5\n4\n", "conv1"),
        ] {
            let error = Model::parse(&with_header(&data, from, to)).expect_err(to);
            let text = error.to_string();
            assert!(text.contains("not a KataGo network"), "{text}");
            assert!(text.contains(says), "{to:?}: {text}");
        }
    }

    #[test]
    fn a_corrupt_network_is_read_or_refused_never_a_panic() {
        use crate::go::rules::RuleSet;
        use crate::go::{Position, Stone};
        use rand::{Rng, SeedableRng};
        let data = bundled_data();
        let position: Position = ".....\n.XO..\n.XO..\n..XO.\n.....".parse().unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(8);
        for round in 0..100 {
            let mut corrupt = data.clone();
            // Mostly the header's text, where the shapes are; now and then anywhere.
            let span = if round % 4 == 0 { data.len() } else { 90 };
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..span);
                corrupt[at] = rng.random();
            }
            // Read, and if read, evaluated: weights may be nonsense, never a panic.
            if let Ok(model) = Model::parse(&corrupt) {
                let network = super::super::Network::from_model(model);
                let _ = network.evaluate_position(&position, Stone::Black, RuleSet::Chinese, 7.0);
            }
        }
    }
}
