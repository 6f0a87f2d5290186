//! The search tree: nodes with the network's evaluation and the values backed up through
//! them, the choice of the move to follow (PUCT), and the averages a reading reports.
//!
//! Values are kept from White's point of view as a *utility*: White's chance to win less
//! Black's, plus a small part for the score (so that the search also cares for points once
//! the game is decided, as KataGo's does): a fixed part for the lead itself and a larger part
//! for the lead against the root's expected lead, each through an arctangent that saturates
//! past a board's width of points.
//!
//! A node's move is chosen by PUCT: the child's mean utility for the player to move, plus an
//! exploration term `c · prior · sqrt(parent visits) / (1 + child visits)` whose `c` grows
//! slowly with the visits. A child not yet visited is valued at the parent's mean less a
//! reduction that grows with the policy already explored (first-play urgency). While a batch
//! is gathered, each descent leaves a *virtual loss* on its path, so the next descents choose
//! other leaves.

use std::num::NonZeroU32;

use super::reading::{Candidate, Reading, Settings};
use crate::go::board::{Board, other};
use crate::go::net::{Evaluation, Game, Network};
use crate::go::position::Stone;
use crate::grid::Coord;

/// The exploration constant at few visits, and how it grows (KataGo's defaults).
const EXPLORATION: f64 = 1.0;
const EXPLORATION_LOG: f64 = 0.45;
const EXPLORATION_BASE: f64 = 500.0;
/// First-play urgency: how far below the parent's value an unvisited child starts, at the
/// root and below it.
const FPU_ROOT: f64 = 0.1;
const FPU: f64 = 0.2;
/// The score's parts in the utility: the lead alone, and the lead against the root's.
const STATIC_SCORE: f64 = 0.1;
const DYNAMIC_SCORE: f64 = 0.3;
/// The arctangents' scales, in board widths: the static one's, and the dynamic one's.
const STATIC_SCALE: f64 = 2.0;
const DYNAMIC_SCALE: f64 = 0.75;
/// How much of the root's expected lead the dynamic part centres on (the rest is 0).
const CENTRE_WEIGHT: f64 = 0.8;
/// The utility a virtual loss counts for the player who chose the move.
const VIRTUAL_LOSS: f64 = -1.0;
/// Descents that may meet a leaf already in the batch before the batch is evaluated as it is.
const COLLISIONS: usize = 4;

/// What a node holds of the game, from White's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Value {
    /// White's chance to win less White's chance to lose.
    win: f64,
    /// White's chance to win.
    white_win: f64,
    /// White's lead in points.
    lead: f64,
}

/// How a node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Waiting for the network (in the batch being gathered, or never reached).
    Unexpanded,
    /// Evaluated: its moves are known.
    Expanded,
    /// The game is over (two passes in turn): its value is the count.
    Over,
}

/// A move from a node.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The point's index on the board, or `None` for a pass.
    at: Option<usize>,
    prior: f32,
    child: Option<NonZeroU32>,
}

#[derive(Clone, Debug)]
struct Node {
    to_move: Stone,
    kind: Kind,
    /// Whether it waits in the batch being gathered.
    queued: bool,
    edges: Vec<Edge>,
    visits: u32,
    virtual_losses: u32,
    /// Sums over the visits: utility, and the value's parts.
    utility: f64,
    win: f64,
    white_win: f64,
    lead: f64,
    /// Its own value (the network's, or the count's), for the utility's score centre.
    own: Value,
    /// Its own ownership map (White's, row by row): the network's, or the count's.
    ownership: Vec<f32>,
}

impl Node {
    fn new(to_move: Stone) -> Node {
        Node {
            to_move,
            kind: Kind::Unexpanded,
            queued: false,
            edges: Vec::new(),
            visits: 0,
            virtual_losses: 0,
            utility: 0.0,
            win: 0.0,
            white_win: 0.0,
            lead: 0.0,
            own: Value::default(),
            ownership: Vec::new(),
        }
    }
}

/// A leaf gathered for the network: the path to it, its game and the player to move.
struct Leaf {
    path: Vec<usize>,
    game: Game,
    to_move: Stone,
}

/// A search tree over a root position.
pub(crate) struct Tree {
    root: Game,
    nodes: Vec<Node>,
    /// The lead the dynamic score utility centres on (White's), once the root is evaluated.
    centre: f64,
    /// The square root of the board's points: the score utility's unit.
    scale: f64,
    /// The score utility's weight against KataGo's.
    score_weight: f64,
}

impl Tree {
    /// A tree whose root is `game`'s position with `to_move` to move.
    pub fn new(root: Game, to_move: Stone) -> Tree {
        let points = root.board.width() * root.board.height();
        Tree {
            root,
            nodes: vec![Node::new(to_move)],
            centre: 0.0,
            scale: (points as f64).sqrt(),
            score_weight: 1.0,
        }
    }

    /// The root's position.
    pub fn root(&self) -> &Game {
        &self.root
    }

    /// The player to move at the root.
    pub fn to_move(&self) -> Stone {
        self.nodes[0].to_move
    }

    /// Plays the root's move `at` (`None`: a pass) and keeps what the tree read below it: the
    /// child becomes the root, with its visits; the rest of the tree is dropped (all of it
    /// after a pass).
    pub fn advance(&mut self, at: Option<usize>) {
        let mover = self.nodes[0].to_move;
        let child = self.nodes[0]
            .edges
            .iter()
            .find(|edge| edge.at == at)
            .and_then(|edge| edge.child)
            .map(|child| child.get() as usize);
        self.root.play(mover, at);
        // After a pass, the child's own pass was read as ending the game; from the root it
        // must not be (see `add_child`), so the search starts again.
        let kept = child.filter(|&c| self.nodes[c].kind == Kind::Expanded && at.is_some());
        let Some(child) = kept else {
            self.nodes = vec![Node::new(other(mover))];
            return;
        };
        // The child's subtree, renumbered in the order it is met.
        let mut order = vec![child];
        let mut at_node = 0;
        while at_node < order.len() {
            let node = order[at_node];
            order.extend(
                self.nodes[node]
                    .edges
                    .iter()
                    .filter_map(|e| e.child.map(|c| c.get() as usize)),
            );
            at_node += 1;
        }
        let mut renumbered = vec![u32::MAX; self.nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            renumbered[old] = new as u32;
        }
        let mut old_nodes = std::mem::take(&mut self.nodes);
        self.nodes = order
            .iter()
            .map(|&old| {
                let mut node = std::mem::replace(&mut old_nodes[old], Node::new(mover));
                for edge in &mut node.edges {
                    edge.child = edge
                        .child
                        .map(|c| NonZeroU32::new(renumbered[c.get() as usize]).expect("a child"));
                }
                node
            })
            .collect();
        self.centre = self.nodes[0].own.lead * CENTRE_WEIGHT;
    }

    /// Searches until the root has `settings.visits` visits.
    pub fn search(&mut self, network: &Network, settings: Settings) {
        self.score_weight = f64::from(settings.score_weight);
        let batch = settings.batch.max(1);
        let mut work = crate::go::net::Workspace::default();
        while self.nodes[0].visits < settings.visits {
            let wanted = (settings.visits - self.nodes[0].visits) as usize;
            let leaves = self.gather(wanted.min(batch));
            if leaves.is_empty() {
                continue;
            }
            let evaluations = evaluate(network, &leaves, batch, settings.threads, &mut work);
            for (leaf, evaluation) in leaves.into_iter().zip(evaluations) {
                let node = *leaf.path.last().expect("a path reaches its leaf");
                self.expand(node, &leaf.game, evaluation);
                let value = self.nodes[node].own;
                self.back_up(&leaf.path, value);
            }
        }
    }

    /// Gathers up to `wanted` leaves for the network; descents that end at a game over are
    /// backed up at once, and count among the visits wanted.
    fn gather(&mut self, wanted: usize) -> Vec<Leaf> {
        let mut leaves = Vec::new();
        let mut ended = 0;
        let mut collisions = 0;
        while leaves.len() + ended < wanted && collisions < COLLISIONS {
            let mut path = vec![0];
            let mut game = self.root.clone();
            let mut node = 0;
            self.nodes[0].virtual_losses += 1;
            loop {
                match self.nodes[node].kind {
                    Kind::Over => {
                        let value = self.nodes[node].own;
                        self.back_up(&path, value);
                        ended += 1;
                        break;
                    }
                    Kind::Unexpanded if self.nodes[node].queued => {
                        self.undo(&path);
                        collisions += 1;
                        break;
                    }
                    Kind::Unexpanded => {
                        self.nodes[node].queued = true;
                        let to_move = self.nodes[node].to_move;
                        leaves.push(Leaf {
                            path,
                            game,
                            to_move,
                        });
                        break;
                    }
                    Kind::Expanded => {
                        let edge = self.choose(node);
                        let mover = self.nodes[node].to_move;
                        let at = self.nodes[node].edges[edge].at;
                        let passed_before = matches!(game.moves.last(), Some((_, None)));
                        game.play(mover, at);
                        let child = match self.nodes[node].edges[edge].child {
                            Some(child) => child.get() as usize,
                            None => self.add_child(node, edge, &game, passed_before),
                        };
                        self.nodes[child].virtual_losses += 1;
                        path.push(child);
                        node = child;
                    }
                }
            }
        }
        leaves
    }

    /// A new child of `node` by its edge `edge`, reached in `game`: a game over when the move
    /// is a pass after a pass, except from the root (as KataGo's conservative pass: a search
    /// asked about a position never takes the game as ended by its own first move, so that
    /// passing is weighed by what the network sees after it, not by the count of a board whose
    /// dead stones are still on it).
    fn add_child(&mut self, node: usize, edge: usize, game: &Game, passed_before: bool) -> usize {
        let mover = self.nodes[node].to_move;
        let mut child = Node::new(other(mover));
        if node != 0 && passed_before && self.nodes[node].edges[edge].at.is_none() {
            let (value, ownership) = count(game);
            child.kind = Kind::Over;
            child.own = value;
            child.ownership = ownership;
        }
        let id = self.nodes.len();
        self.nodes.push(child);
        self.nodes[node].edges[edge].child =
            Some(NonZeroU32::new(id as u32).expect("the root is never a child"));
        id
    }

    /// The edge PUCT chooses at an expanded node.
    fn choose(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let sign = sign(parent.to_move);
        let mut total = 0.0;
        let mut explored_policy = 0.0;
        for edge in &parent.edges {
            if let Some(child) = edge.child {
                let child = &self.nodes[child.get() as usize];
                let weight = f64::from(child.visits + child.virtual_losses);
                total += weight;
                if child.visits > 0 {
                    explored_policy += f64::from(edge.prior);
                }
            }
        }
        let exploration =
            EXPLORATION + EXPLORATION_LOG * ((total + EXPLORATION_BASE) / EXPLORATION_BASE).ln();
        let scale = exploration * (total + 0.01).sqrt();
        let parent_mean = if parent.visits > 0 {
            sign * parent.utility / f64::from(parent.visits)
        } else {
            0.0
        };
        let reduction = if node == 0 { FPU_ROOT } else { FPU };
        let unvisited = parent_mean - reduction * f64::sqrt(explored_policy);
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, edge) in parent.edges.iter().enumerate() {
            let (weight, mean) = match edge.child.map(|c| &self.nodes[c.get() as usize]) {
                Some(child) if child.visits + child.virtual_losses > 0 => {
                    let weight = f64::from(child.visits + child.virtual_losses);
                    let sum = sign * child.utility + VIRTUAL_LOSS * f64::from(child.virtual_losses);
                    (weight, sum / weight)
                }
                _ => (0.0, unvisited),
            };
            let value = mean + scale * f64::from(edge.prior) / (1.0 + weight);
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// Gives a node the network's evaluation: its moves and its own value.
    fn expand(&mut self, node: usize, game: &Game, evaluation: Evaluation) {
        let width = game.board.width();
        let mut edges: Vec<Edge> = evaluation
            .policy
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p >= 0.0)
            .map(|(p, &prior)| Edge {
                at: Some(game.board.index(p % width, p / width)),
                prior,
                child: None,
            })
            .collect();
        edges.push(Edge {
            at: None,
            prior: evaluation.pass,
            child: None,
        });
        // The likeliest first; among equals, the board's order, then the pass.
        edges.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        let value = Value {
            win: f64::from(evaluation.white_win - evaluation.white_loss),
            white_win: f64::from(evaluation.white_win),
            lead: f64::from(evaluation.white_lead),
        };
        if node == 0 {
            self.centre = value.lead * CENTRE_WEIGHT;
        }
        let n = &mut self.nodes[node];
        n.kind = Kind::Expanded;
        n.queued = false;
        n.edges = edges;
        n.own = value;
        n.ownership = evaluation.ownership;
    }

    /// Adds a visit of `value` to every node on `path`, and takes back its virtual losses.
    fn back_up(&mut self, path: &[usize], value: Value) {
        let utility = self.utility(value);
        for &node in path {
            let n = &mut self.nodes[node];
            n.virtual_losses -= 1;
            n.visits += 1;
            n.utility += utility;
            n.win += value.win;
            n.white_win += value.white_win;
            n.lead += value.lead;
        }
    }

    /// Takes back a descent's virtual losses.
    fn undo(&mut self, path: &[usize]) {
        for &node in path {
            self.nodes[node].virtual_losses -= 1;
        }
    }

    /// A value's utility for White.
    fn utility(&self, value: Value) -> f64 {
        let saturate = |lead: f64, centre: f64, scale: f64| {
            std::f64::consts::FRAC_2_PI * ((lead - centre) / (scale * self.scale)).atan()
        };
        value.win
            + self.score_weight
                * (STATIC_SCORE * saturate(value.lead, 0.0, STATIC_SCALE)
                    + DYNAMIC_SCORE * saturate(value.lead, self.centre, DYNAMIC_SCALE))
    }

    /// What the tree read: the root's averages, its moves and the averaged ownership.
    pub fn reading(&self) -> Reading {
        let root = &self.nodes[0];
        let visits = f64::from(root.visits.max(1));
        let mut moves: Vec<Candidate> = root
            .edges
            .iter()
            .filter_map(|edge| {
                let child = &self.nodes[edge.child?.get() as usize];
                (child.visits > 0).then(|| {
                    let n = f64::from(child.visits);
                    Candidate {
                        at: edge.at.map(|index| {
                            let (col, row) = self.root.board.point(index);
                            Coord { row, col }
                        }),
                        visits: child.visits,
                        prior: edge.prior,
                        white_win: (child.white_win / n) as f32,
                        white_lead: (child.lead / n) as f32,
                    }
                })
            })
            .collect();
        // The most visited first; among equals, the policy's order (a stable sort).
        moves.sort_by_key(|c| std::cmp::Reverse(c.visits));
        Reading {
            visits: root.visits,
            white_win: (root.white_win / visits) as f32,
            white_loss: ((root.white_win - root.win) / visits) as f32,
            white_lead: (root.lead / visits) as f32,
            ownership: self.ownership(),
            moves,
        }
    }

    /// The ownership averaged over the tree, as KataGo averages it: a node's share goes to
    /// its own map in proportion 1 against its children's visits, and the children's part
    /// among them in proportion to the square of their visits; a share below a floor that
    /// shrinks with the visits stays with the node whose map is used. Games over are left
    /// out (their visits still count among their parent's children).
    fn ownership(&self) -> Vec<f32> {
        let points = self.root.board.width() * self.root.board.height();
        let mut sum = vec![0.0f64; points];
        if self.nodes[0].ownership.is_empty() {
            return vec![0.0; points];
        }
        let visits = f64::from(self.nodes[0].visits.max(1));
        let floor = 0.5 / visits.powf(0.75);
        let prune = floor * 0.01;
        let mut stack = vec![(0usize, 1.0f64)];
        while let Some((node, share)) = stack.pop() {
            let n = &self.nodes[node];
            let children: Vec<(usize, f64)> = n
                .edges
                .iter()
                .filter_map(|edge| {
                    let child = edge.child?.get() as usize;
                    let c = &self.nodes[child];
                    (c.visits > 0).then(|| (child, f64::from(c.visits)))
                })
                .collect();
            let weights: f64 = children.iter().map(|&(_, w)| w).sum();
            let squares: f64 = children.iter().map(|&(_, w)| w * w).sum();
            let mut own = share;
            if share >= floor && squares > 0.0 {
                let to_children = share * weights / (weights + 1.0);
                own = share / (weights + 1.0);
                for &(child, weight) in &children {
                    let part = to_children * weight * weight / squares;
                    // A game over has no map of its own in the average (as in KataGo's): its
                    // share stays with the position before it, whose network judged the
                    // stones the count leaves on the board.
                    if part < prune || self.nodes[child].kind == Kind::Over {
                        own += part;
                    } else {
                        stack.push((child, part));
                    }
                }
            }
            for (s, &o) in sum.iter_mut().zip(&n.ownership) {
                *s += own * f64::from(o);
            }
        }
        sum.into_iter().map(|s| s as f32).collect()
    }
}

/// +1 for White, -1 for Black: utilities are White's.
fn sign(stone: Stone) -> f64 {
    match stone {
        Stone::White => 1.0,
        Stone::Black => -1.0,
    }
}

/// The count of a game over, by Tromp-Taylor's rule with the game's komi: its value and its
/// ownership map (White's: 1, -1 or 0 a point).
fn count(game: &Game) -> (Value, Vec<f32>) {
    let owners = tromp_taylor(&game.board);
    let mut lead = f64::from(game.komi);
    let ownership = owners
        .iter()
        .map(|owner| match owner {
            Some(Stone::White) => {
                lead += 1.0;
                1.0
            }
            Some(Stone::Black) => {
                lead -= 1.0;
                -1.0
            }
            None => 0.0,
        })
        .collect();
    let white_win = if lead > 0.0 {
        1.0
    } else if lead < 0.0 {
        0.0
    } else {
        0.5
    };
    let value = Value {
        win: 2.0 * white_win - 1.0,
        white_win,
        lead,
    };
    (value, ownership)
}

/// The network's evaluations of the leaves, in their order: one batch of at most `batch`,
/// split among `threads` (each position's evaluation is the same whatever the split).
fn evaluate(
    network: &Network,
    leaves: &[Leaf],
    batch: usize,
    threads: usize,
    work: &mut crate::go::net::Workspace,
) -> Vec<Evaluation> {
    let positions: Vec<(&Game, Stone)> = leaves
        .iter()
        .map(|leaf| (&leaf.game, leaf.to_move))
        .collect();
    // The tiles are the batch setting's, not a part's: a part evaluates as the whole batch.
    let large = crate::go::net::large_tiles_for(batch);
    if threads <= 1 || positions.len() <= 1 {
        return network.evaluate_tiled(&positions, large, work);
    }
    use rayon::prelude::*;
    let chunk = positions.len().div_ceil(threads);
    positions
        .par_chunks(chunk)
        .map(|part| network.evaluate_tiled(part, large, &mut Default::default()))
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect()
}

/// Each point's owner by Tromp-Taylor's count, row by row: a stone's colour, or the colour
/// of every stone an empty region touches when they are all one colour.
fn tromp_taylor(board: &Board) -> Vec<Option<Stone>> {
    let width = board.width();
    let point_of = |index: usize| {
        let (x, y) = board.point(index);
        y * width + x
    };
    let mut owner = vec![None; width * board.height()];
    let mut seen = vec![false; owner.len()];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for start in board.points() {
        if let Some(stone) = board.stone(start) {
            owner[point_of(start)] = Some(stone);
            continue;
        }
        if seen[point_of(start)] {
            continue;
        }
        region.clear();
        let (mut black, mut white) = (false, false);
        seen[point_of(start)] = true;
        stack.push(start);
        while let Some(index) = stack.pop() {
            region.push(index);
            for next in board.around(index) {
                if board.is_edge(next) {
                    continue;
                }
                match board.stone(next) {
                    Some(Stone::Black) => black = true,
                    Some(Stone::White) => white = true,
                    None if !seen[point_of(next)] => {
                        seen[point_of(next)] = true;
                        stack.push(next);
                    }
                    None => {}
                }
            }
        }
        let colour = match (black, white) {
            (true, false) => Some(Stone::Black),
            (false, true) => Some(Stone::White),
            _ => None,
        };
        for &index in &region {
            owner[point_of(index)] = colour;
        }
    }
    owner
}
