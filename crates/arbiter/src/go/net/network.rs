//! [`Network`]: a Go network ready to evaluate positions, and what it says of one
//! ([`Evaluation`]).

use std::sync::OnceLock;

use super::features::Game;
use super::forward::{Raw, Workspace, large_tiles_for, run};
use super::model::{Model, ModelError};
use crate::go::position::Stone;
use crate::go::rules::Ko;

/// The network built into arbiter: KataGo's final 6-block g170 network (`models/`).
static BUNDLED: &[u8] =
    include_bytes!("../../../../../models/g170-b6c96-s175395328-d26788732.bin.gz");

/// The largest board side the network takes: its training's.
pub const MAX_SIDE: usize = 19;

/// A Go network.
#[derive(Clone, Debug)]
pub struct Network {
    model: Model,
}

/// A network shared by the judges of every thread (an `Arc`), compared by identity: the
/// network a user chose (`--network FILE`) in place of the bundled one.
#[derive(Clone)]
pub struct Shared(std::sync::Arc<Network>);

impl Shared {
    /// Shares `network`.
    pub fn new(network: Network) -> Shared {
        Shared(std::sync::Arc::new(network))
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.0
    }
}

impl PartialEq for Shared {
    fn eq(&self, other: &Shared) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Shared {}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Shared").field(&self.0.name()).finish()
    }
}

/// What a network says of a position, from White's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Each point's ownership, row by row from the top: 1 White's, -1 Black's.
    pub ownership: Vec<f32>,
    /// For each point, row by row from the top, the chance that a move there is the best
    /// move for the player to move, or -1 where a move there is illegal (KataGo's
    /// convention); with [`pass`](Self::pass), the legal moves' chances sum to 1.
    pub policy: Vec<f32>,
    /// The chance that passing is the best move.
    pub pass: f32,
    /// How many points White leads by (negative: Black leads).
    pub white_lead: f32,
    /// The chance that White wins.
    pub white_win: f32,
    /// The chance that White loses.
    pub white_loss: f32,
    /// The chance of no result (a draw by repetition).
    pub no_result: f32,
}

impl Network {
    /// The network built into arbiter, read once.
    ///
    /// # Errors
    /// When it cannot be read (it always can: the tests read it).
    pub fn bundled() -> Result<&'static Network, &'static ModelError> {
        static NETWORK: OnceLock<Result<Network, ModelError>> = OnceLock::new();
        NETWORK.get_or_init(|| Network::from_gzip(BUNDLED)).as_ref()
    }

    /// A network from a KataGo `.bin.gz` file: the one way every front reads a network the
    /// user names.
    ///
    /// # Errors
    /// When the file cannot be read, or is not a version-8 KataGo model.
    pub fn read_file(path: &std::path::Path) -> Result<Network, ModelError> {
        let bytes = std::fs::read(path).map_err(ModelError::File)?;
        Network::from_gzip(&bytes)
    }

    /// A network from a KataGo `.bin.gz` file's bytes.
    ///
    /// # Errors
    /// When the bytes are not a version-8 KataGo model.
    pub fn from_gzip(bytes: &[u8]) -> Result<Network, ModelError> {
        Ok(Network {
            model: Model::from_gzip(bytes)?,
        })
    }

    /// What the network says of a position with `to_move` to move, under `rules` with White's
    /// `komi` (no history: as if the game started from it), or `None` when the board is wider
    /// than [`MAX_SIDE`].
    ///
    /// ```
    /// use arbiter::go::net::Network;
    /// use arbiter::go::rules::RuleSet;
    /// use arbiter::go::{Position, Stone};
    ///
    /// let position: Position = ".....\n.X.O.\n.X.O.\n.X.O.\n.....".parse().unwrap();
    /// let network = Network::bundled().unwrap();
    /// let said = network.evaluate_position(&position, Stone::Black, RuleSet::Chinese, 0.5).unwrap();
    /// assert_eq!(said.ownership.len(), 25);
    /// // Black's stones are Black's (ownership runs from White's 1 to Black's -1).
    /// assert!(said.ownership[6] < -0.5 && said.ownership[8] > 0.5);
    /// ```
    pub fn evaluate_position(
        &self,
        position: &crate::go::Position,
        to_move: Stone,
        rules: crate::go::rules::RuleSet,
        komi: f32,
    ) -> Option<Evaluation> {
        let board = board_of(position)?;
        let game = Game::new(board, to_move, super::NetRules::of(rules), komi);
        Some(self.evaluate(&game, to_move))
    }

    /// What the network says of several positions of one size, evaluated together in one
    /// batch (faster a position than one at a time; each evaluation equals
    /// [`evaluate_position`](Self::evaluate_position)'s within the rounding of the larger
    /// batches' arithmetic); `None` when the boards are wider than [`MAX_SIDE`] or not all of
    /// one size.
    ///
    /// ```
    /// use arbiter::go::net::Network;
    /// use arbiter::go::rules::RuleSet;
    /// use arbiter::go::{Position, Stone};
    ///
    /// let a: Position = "...\n.X.\n...".parse().unwrap();
    /// let b: Position = "...\n.O.\n...".parse().unwrap();
    /// let network = Network::bundled().unwrap();
    /// let both = network
    ///     .evaluate_positions(&[(&a, Stone::White), (&b, Stone::Black)], RuleSet::Chinese, 0.5)
    ///     .unwrap();
    /// let alone = network.evaluate_position(&b, Stone::Black, RuleSet::Chinese, 0.5).unwrap();
    /// assert!((both[1].white_lead - alone.white_lead).abs() < 1e-3);
    /// ```
    pub fn evaluate_positions(
        &self,
        positions: &[(&crate::go::Position, Stone)],
        rules: crate::go::rules::RuleSet,
        komi: f32,
    ) -> Option<Vec<Evaluation>> {
        let shape = |p: &crate::go::Position| (p.width(), p.height());
        let first = positions.first().map(|(p, _)| shape(p));
        if positions.iter().any(|(p, _)| Some(shape(p)) != first) {
            return None;
        }
        let games: Vec<Game> = positions
            .iter()
            .map(|&(position, to_move)| {
                Some(Game::new(
                    board_of(position)?,
                    to_move,
                    super::NetRules::of(rules),
                    komi,
                ))
            })
            .collect::<Option<_>>()?;
        let batch: Vec<(&Game, Stone)> = games
            .iter()
            .zip(positions)
            .map(|(game, &(_, to_move))| (game, to_move))
            .collect();
        Some(self.evaluate_batch(&batch, &mut Workspace::default()))
    }

    /// A network from a model already read.
    pub fn from_model(model: Model) -> Network {
        Network { model }
    }

    /// The network's name, as its file gives it.
    pub fn name(&self) -> &str {
        &self.model.name
    }

    /// Evaluates a game's position with `to_move` to move.
    pub(crate) fn evaluate(&self, game: &Game, to_move: Stone) -> Evaluation {
        self.evaluate_batch(&[(game, to_move)], &mut Workspace::default())
            .pop()
            .expect("one evaluation a position")
    }

    /// Evaluates positions of one board size in one batch (the matrix products run over all
    /// of them at once), each with its player to move, by the tiles that suit the batch's size.
    pub(crate) fn evaluate_batch(
        &self,
        positions: &[(&Game, Stone)],
        work: &mut Workspace,
    ) -> Vec<Evaluation> {
        self.evaluate_tiled(positions, large_tiles_for(positions.len()), work)
    }

    /// [`evaluate_batch`](Self::evaluate_batch) by the tiles given (`large_tiles`: see
    /// `forward::large_tiles_for`): each position's evaluation is the one it gets alone by
    /// the same tiles, so that a batch split among threads evaluates as it does whole.
    pub(crate) fn evaluate_tiled(
        &self,
        positions: &[(&Game, Stone)],
        large_tiles: bool,
        work: &mut Workspace,
    ) -> Vec<Evaluation> {
        let Some(&(first, _)) = positions.first() else {
            return Vec::new();
        };
        let (width, height) = (first.board.width(), first.board.height());
        let mut spatial = Vec::new();
        let mut global = Vec::new();
        for &(game, to_move) in positions {
            assert_eq!(
                (game.board.width(), game.board.height()),
                (width, height),
                "a batch holds positions of one board size"
            );
            let (planes, numbers) = game.features(to_move);
            spatial.extend_from_slice(&planes);
            global.extend_from_slice(&numbers);
        }
        let raw = run(
            &self.model,
            width,
            height,
            &spatial,
            &global,
            large_tiles,
            work,
        );
        positions
            .iter()
            .zip(raw)
            .map(|(&(game, to_move), raw)| interpret(game, to_move, raw))
            .collect()
    }
}

/// The playing board of a position of at most [`MAX_SIDE`] a side; `None` for a wider one.
fn board_of(position: &crate::go::Position) -> Option<crate::go::board::Board> {
    if position.width() > MAX_SIDE || position.height() > MAX_SIDE {
        return None;
    }
    crate::go::board::Board::of_position(position)
}

/// The network's raw outputs for `to_move` turned into White's view: probabilities, the lead
/// in points, ownership, and the policy over the legal moves.
fn interpret(game: &Game, to_move: Stone, raw: Raw) -> Evaluation {
    // The outcome's logits, with no result impossible under superko and area scoring.
    let [win, loss, mut no_result] = raw.outcome.map(f64::from);
    if game.rules.ko != Ko::Simple && game.rules.area {
        no_result -= 100_000.0;
    }
    let top = win.max(loss).max(no_result);
    let (win, loss, no_result) = (
        (win - top).exp(),
        (loss - top).exp(),
        (no_result - top).exp(),
    );
    let sum = win + loss + no_result;
    let (win, loss, no_result) = (win / sum, loss / sum, no_result / sum);
    let lead = f64::from(raw.score[2]) * 20.0 * (1.0 - no_result);
    let white = to_move == Stone::White;
    let sign = if white { 1.0 } else { -1.0 };
    let (policy, pass) = policy(game, to_move, &raw);
    Evaluation {
        ownership: raw.ownership.iter().map(|&o| sign * o.tanh()).collect(),
        policy,
        pass,
        white_lead: (sign * lead as f32),
        white_win: if white { win } else { loss } as f32,
        white_loss: if white { loss } else { win } as f32,
        no_result: no_result as f32,
    }
}

/// The policy's softmax over the legal moves and the pass: each point's chance, -1 where the
/// move is illegal, and the pass's.
fn policy(game: &Game, to_move: Stone, raw: &Raw) -> (Vec<f32>, f32) {
    let board = &game.board;
    let width = board.width();
    let legal: Vec<bool> = (0..raw.policy.len())
        .map(|p| game.is_legal(board.index(p % width, p / width), to_move))
        .collect();
    let top = raw
        .policy
        .iter()
        .zip(&legal)
        .filter(|&(_, &legal)| legal)
        .map(|(&logit, _)| logit)
        .fold(raw.pass, f32::max);
    let mut policy: Vec<f32> = raw
        .policy
        .iter()
        .zip(&legal)
        .map(|(&logit, &legal)| if legal { (logit - top).exp() } else { 0.0 })
        .collect();
    let pass = (raw.pass - top).exp();
    let sum = policy.iter().sum::<f32>() + pass;
    for (p, &legal) in policy.iter_mut().zip(&legal) {
        *p = if legal { *p / sum } else { -1.0 };
    }
    (policy, pass / sum)
}
