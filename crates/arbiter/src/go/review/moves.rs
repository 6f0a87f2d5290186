//! The review itself: the main line replayed, every position read (by the raw network or a
//! search), each move held against the best move found before it, and the summary.

use crate::go::board::{Board, other};
use crate::go::net::{Evaluation, Game, NetRules, Network, Workspace};
use crate::go::position::Stone;
use crate::go::record::{Event, Record};
use crate::go::rules::RuleSet;
use crate::go::search::{Reading, Tree};
use crate::go::territory::Komi;
use crate::grid::Coord;

/// The mistake sizes a summary counts, in points: a loss of at least `SIZES[i]` and less
/// than `SIZES[i + 1]` counts in size `i` (the last without an upper end).
pub const SIZES: [f32; 4] = [1.0, 3.0, 6.0, 12.0];

/// How a review reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The visits of each position's search; 0: the raw network alone.
    pub visits: u32,
    /// The biggest mistakes each player's summary lists.
    pub biggest: usize,
    /// The threads a position's evaluations are shared among (the review does not depend on
    /// them).
    pub threads: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            visits: crate::go::dead::DEFAULT_VISITS,
            biggest: 5,
            threads: 1,
        }
    }
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The rule set the network was told.
    pub rules: RuleSet,
    /// White's komi (the network is told it with the handicap's compensation the rules
    /// give).
    pub komi: f32,
    /// The handicap stones.
    pub handicap: usize,
    /// The visits of each position's search (0: the raw network).
    pub visits: u32,
    /// Every position of the main line: the start (`move_number` 0), then each move.
    pub moves: Vec<MoveReview>,
    /// What the moves add up to.
    pub summary: Summary,
    /// The record's players, ranks, date and event.
    pub info: crate::go::record::GameInfo,
    /// The record's result (`RE`) as written.
    pub result: Option<String>,
    /// The record's comments on the positions reviewed, each with its position's number.
    pub comments: Vec<(usize, String)>,
}

impl Review {
    /// A move's name as Go programs write it: a point (`Q16`), or `pass` for `None`.
    ///
    /// ```
    /// use arbiter::Coord;
    /// # use arbiter::go::net::Network;
    /// # use arbiter::go::review::{Settings, review};
    /// # let record = arbiter::go::sgf::record_of("(;SZ[19];B[pd])").unwrap();
    /// # let review = review(&record, Network::bundled().unwrap(), Settings { visits: 0, ..Settings::default() }).unwrap();
    /// assert_eq!(review.move_name(Some(Coord { row: 3, col: 15 })), "Q16");
    /// assert_eq!(review.move_name(None), "pass");
    /// ```
    pub fn move_name(&self, at: Option<Coord>) -> String {
        at.map_or_else(
            || "pass".into(),
            |at| crate::go::record::gtp(at, self.width, self.height),
        )
    }
}

/// One position of the main line, reached by a move (or the start), and that move held
/// against the best move found before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's number (0: the position before the first move).
    pub move_number: usize,
    /// Who played it (`None` for the start).
    pub color: Option<Stone>,
    /// Where (`None`: a pass, or the start).
    pub at: Option<Coord>,
    /// Whether it is a pass.
    pub pass: bool,
    /// Black's lead in points after it (negative: White leads).
    pub black_lead: f32,
    /// Black's chance to win after it (a no-result counting half).
    pub black_win: f32,
    /// The best move found from the position before it (`None` for the start), with
    /// Black's lead after it.
    pub best: Option<Best>,
    /// The lead its player gave up against the best move found (0 when it is that move).
    pub loss: f32,
}

/// The best move found from a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Best {
    /// Where, or `None` for a pass.
    pub at: Option<Coord>,
    /// Black's lead after it.
    pub black_lead: f32,
}

/// What a review adds up to: each player's mistakes, and where the game was decided.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Black's moves.
    pub black: PlayerSummary,
    /// White's moves.
    pub white: PlayerSummary,
    /// Who won: the record's result when it names a winner, else who leads at the end.
    pub winner: Option<Stone>,
    /// Where the winner took the lead for good.
    pub decided: Decided,
}

/// Where the winner took the lead for good, as the review reads the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The winner was never behind.
    NeverBehind,
    /// The winner never again fell behind after this move (its number).
    After(usize),
    /// The winner (by the record's result) is still behind after the last move: the game
    /// was decided past what the reading sees (a resignation, a time loss, a count the
    /// network reads otherwise).
    BehindAtEnd,
    /// No winner: the record names none and the lead is even at the end.
    NoWinner,
}

/// One player's moves, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    /// The moves played (passes included).
    pub moves: usize,
    /// Mistakes by size: losses of at least 1, 3, 6 and 12 points ([`SIZES`]), each size
    /// up to the next.
    pub mistakes: [usize; 4],
    /// The average loss a move, in points.
    pub average_loss: f32,
    /// The biggest mistakes (losses of at least [`SIZES`]`[0]`), the biggest first.
    pub biggest: Vec<MoveReview>,
}

/// Why a record cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The network takes boards of 19 x 19 or smaller.
    #[error(
        "the review needs a board of 19 x 19 or smaller (the network's); this one is {width} x {height}"
    )]
    TooBig {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A contest position: no moves to review.
    #[error("a review needs a game record (SGF): a contest position has no moves")]
    NotARecord,
    /// The record has no move to review.
    #[error("the record has no move to review")]
    NoMoves,
    /// A move onto a stone or off the board.
    #[error("{0}")]
    Record(#[from] crate::go::record::RecordError),
}

/// Reviews `record`'s main line with `network`, under the rules its `RU` names (japanese when
/// none) and its komi; see [`review_with`] for rules and komi of one's choosing.
///
/// # Errors
/// A board wider than 19, a record without moves, a move onto a stone or off the board.
pub fn review(
    record: &Record,
    network: &Network,
    settings: Settings,
) -> Result<Review, ReviewError> {
    let rules = record
        .rules
        .as_deref()
        .and_then(RuleSet::from_record)
        .unwrap_or(RuleSet::Japanese);
    review_with(
        record,
        rules,
        record.komi.unwrap_or(Komi::ZERO),
        network,
        settings,
    )
}

/// Reviews `record`'s main line with `network` under `rules` with White's `komi` (the
/// handicap's compensation added as the rules give it).
///
/// # Errors
/// As [`review`].
pub fn review_with(
    record: &Record,
    rules: RuleSet,
    komi: Komi,
    network: &Network,
    settings: Settings,
) -> Result<Review, ReviewError> {
    let (width, height) = (record.width, record.height);
    if width > crate::go::net::MAX_SIDE || height > crate::go::net::MAX_SIDE {
        return Err(ReviewError::TooBig { width, height });
    }
    // The record is replayed once first, so that a broken one is an error before any work.
    crate::go::record::replay(record.clone(), rules)?;
    let line = MainLine::of(record);
    if line.moves.is_empty() {
        return Err(ReviewError::NoMoves);
    }
    let told = (f64::from(komi) + rules.compensation(record.handicap) as f64) as f32;
    let net_rules = NetRules::of(rules);
    let values = if settings.visits == 0 {
        raw_values(&line, net_rules, told, network, settings.threads)
    } else {
        searched_values(&line, net_rules, told, network, settings)
    };
    let moves = held_against_best(&line, &values);
    let winner = winner(record, &moves);
    let summary = Summary {
        black: summarise(&moves, Stone::Black, settings.biggest),
        white: summarise(&moves, Stone::White, settings.biggest),
        decided: winner.map_or(Decided::NoWinner, |w| decided(&moves, w)),
        winner,
    };
    Ok(Review {
        width,
        height,
        rules,
        komi: f64::from(komi) as f32,
        handicap: record.handicap,
        visits: settings.visits,
        comments: (record.comments.iter())
            .filter(|(at, _)| *at < moves.len())
            .cloned()
            .collect(),
        moves,
        summary,
        info: record.info.clone(),
        result: record.result.clone(),
    })
}

/// A record's main line as the network plays it: the board after the setup stones, then
/// the moves; a setup in the middle of the game starts the line again from its board.
struct MainLine {
    width: usize,
    start: Board,
    /// Each move: who, where (a board index; `None` a pass), and the board to restart from
    /// before it when setup stones came between it and the move before.
    moves: Vec<(Stone, Option<usize>, Option<Board>)>,
    /// Who moves after the last move.
    last_to_move: Stone,
}

impl MainLine {
    fn of(record: &Record) -> MainLine {
        let mut board = Board::new(record.width, record.height);
        let mut start = None;
        let mut moves = Vec::new();
        let mut restart = false;
        for event in &record.events {
            match event {
                Event::Setup { stone, points } => {
                    for at in points {
                        let index = board.index(at.col, at.row);
                        board.clear(index);
                        if let Some(stone) = stone {
                            board.set(index, *stone);
                        }
                    }
                    restart = start.is_some();
                }
                Event::Move { stone, at, .. } => {
                    if start.is_none() {
                        start = Some(board.clone());
                    }
                    let index = at.map(|at| board.index(at.col, at.row));
                    let again = restart.then(|| board.clone());
                    restart = false;
                    match index {
                        Some(index) => {
                            board.play(index, *stone);
                        }
                        None => board.pass(),
                    }
                    moves.push((*stone, index, again));
                }
            }
        }
        let last_to_move = record
            .to_play
            .or_else(|| moves.last().map(|&(stone, _, _)| other(stone)))
            .unwrap_or(Stone::Black);
        MainLine {
            width: record.width,
            start: start.unwrap_or(board),
            moves,
            last_to_move,
        }
    }

    /// Who is to move in position `k` (after `k` moves): the next move's player, as in the
    /// game.
    fn to_move(&self, k: usize) -> Stone {
        self.moves
            .get(k)
            .map_or(self.last_to_move, |&(stone, _, _)| stone)
    }

    /// The positions in turn, each as the network sees it (with its history).
    fn positions(&self, rules: NetRules, komi: f32) -> impl Iterator<Item = Game> + '_ {
        let first = self.moves.first().map_or(Stone::Black, |m| m.0);
        let mut game = Game::new(self.start.clone(), first, rules, komi);
        let mut k = 0;
        std::iter::from_fn(move || {
            if k > self.moves.len() {
                return None;
            }
            if k > 0 {
                let (stone, at, ref again) = self.moves[k - 1];
                if let Some(board) = again {
                    game = Game::new(board.clone(), stone, rules, komi);
                }
                game.play(stone, at);
            }
            k += 1;
            Some(game.clone())
        })
    }
}

/// What a position is worth, and the best move found from it: Black's lead and chance to
/// win, and the best move (a board index, `None` a pass) with Black's lead after it.
#[derive(Clone, Copy, Debug)]
struct Value {
    black_lead: f32,
    black_win: f32,
    best: Option<(Option<usize>, f32)>,
}

/// Black's chance to win from White's chances to win and to lose: a no-result counts half.
pub(super) fn black_win(white_win: f32, white_loss: f32) -> f32 {
    (1.0 + white_loss - white_win) / 2.0
}

/// Every position's value by the raw network, the best move the policy's first (a pass
/// when the pass is likelier than any point). The best move's lead is the network's value
/// of the position after it, so that it is held against the move played like for like (the
/// same player to move): where the game's move is the policy's, the game's next position;
/// elsewhere the position after the policy's move, evaluated too.
fn raw_values(
    line: &MainLine,
    rules: NetRules,
    komi: f32,
    network: &Network,
    threads: usize,
) -> Vec<Value> {
    let mut values = Vec::with_capacity(line.moves.len() + 1);
    let mut bests = Vec::with_capacity(line.moves.len() + 1);
    let positions = line
        .positions(rules, komi)
        .enumerate()
        .map(|(k, game)| (game, line.to_move(k)));
    evaluate_stream(network, threads, positions, |game, e| {
        values.push(Value {
            black_lead: -e.white_lead,
            black_win: black_win(e.white_win, e.white_loss),
            best: None,
        });
        bests.push(policy_best(&e, &game.board, line.width));
    });
    let mut best_leads: Vec<Option<f32>> = (0..values.len())
        .map(|k| match line.moves.get(k) {
            Some(&(_, at, _)) if at == bests[k] => Some(values[k + 1].black_lead),
            _ => None,
        })
        .collect();
    // The positions after the policy's move where the game went elsewhere.
    let children = line
        .positions(rules, komi)
        .enumerate()
        .filter(|&(k, _)| k < line.moves.len() && best_leads[k].is_none())
        .map(|(k, mut game)| {
            let mover = line.to_move(k);
            game.play(mover, bests[k]);
            (k, (game, other(mover)))
        });
    let mut asked = Vec::new();
    let children = children.map(|(k, child)| {
        asked.push(k);
        child
    });
    let mut found = Vec::new();
    evaluate_stream(network, threads, children, |_, e| found.push(-e.white_lead));
    for (k, lead) in asked.into_iter().zip(found) {
        best_leads[k] = Some(lead);
    }
    for (k, value) in values.iter_mut().enumerate() {
        value.best = best_leads[k].map(|lead| (bests[k], lead));
    }
    values
}

/// Evaluates positions as they come, eight to a batch, the batches of a window shared among
/// `threads`, and hands each position with its evaluation to `take` in their order. Only a
/// window of positions is held at a time.
fn evaluate_stream(
    network: &Network,
    threads: usize,
    positions: impl Iterator<Item = (Game, Stone)>,
    mut take: impl FnMut(&Game, Evaluation),
) {
    const BATCH: usize = 8;
    let window = BATCH * threads.max(1);
    let mut positions = positions.peekable();
    let mut work = Workspace::default();
    while positions.peek().is_some() {
        let games: Vec<(Game, Stone)> = positions.by_ref().take(window).collect();
        let batch: Vec<(&Game, Stone)> = games.iter().map(|(g, s)| (g, *s)).collect();
        let evaluations: Vec<Evaluation> = if threads <= 1 {
            batch
                .chunks(BATCH)
                .flat_map(|part| network.evaluate_batch(part, &mut work))
                .collect()
        } else {
            use rayon::prelude::*;
            batch
                .par_chunks(BATCH)
                .map(|part| network.evaluate_batch(part, &mut Workspace::default()))
                .collect::<Vec<_>>()
                .into_iter()
                .flatten()
                .collect()
        };
        for ((game, _), evaluation) in games.iter().zip(evaluations) {
            take(game, evaluation);
        }
    }
}

/// The policy's likeliest move: a point (as a board index), or `None` for a pass.
fn policy_best(evaluation: &Evaluation, board: &Board, width: usize) -> Option<usize> {
    let (point, _) =
        evaluation
            .policy
            .iter()
            .enumerate()
            .fold((None, evaluation.pass), |best, (p, &chance)| {
                if chance > best.1 {
                    (Some(p), chance)
                } else {
                    best
                }
            });
    point.map(|p| board.index(p % width, p / width))
}

/// The positions one tree reads in turn: the game is cut into stretches of this many
/// positions, fixed whatever the threads, so that the stretches can be read side by side and
/// the review stays the same on any number of threads.
const STRETCH: usize = 32;

/// Every position's value by a search of `settings.visits`: the game read a stretch at a
/// time ([`STRETCH`]), the tree carried along the moves played within a stretch, the
/// stretches shared among the threads (and a stretch's batches too, when threads outnumber
/// the stretches).
fn searched_values(
    line: &MainLine,
    rules: NetRules,
    komi: f32,
    network: &Network,
    settings: Settings,
) -> Vec<Value> {
    let positions = line.moves.len() + 1;
    let stretches = positions.div_ceil(STRETCH);
    let threads = settings.threads.max(1);
    let search = crate::go::search::Settings {
        visits: settings.visits,
        threads: (threads / stretches).max(1),
        ..crate::go::search::Settings::default()
    };
    // The game at each stretch's start.
    let starts: Vec<(usize, Game)> = line
        .positions(rules, komi)
        .enumerate()
        .filter(|(k, _)| k % STRETCH == 0)
        .collect();
    let read = |(first, game): (usize, Game)| {
        read_stretch(line, rules, komi, network, search, first, game)
    };
    let read: Vec<Vec<Value>> = if threads <= 1 || stretches <= 1 {
        starts.into_iter().map(read).collect()
    } else {
        use rayon::prelude::*;
        starts.into_par_iter().map(read).collect()
    };
    read.into_iter().flatten().collect()
}

/// The values of the positions of the stretch that starts at position `first` (whose game is
/// `game`), read by one tree carried along the moves played.
fn read_stretch(
    line: &MainLine,
    rules: NetRules,
    komi: f32,
    network: &Network,
    search: crate::go::search::Settings,
    first: usize,
    game: Game,
) -> Vec<Value> {
    let end = (first + STRETCH).min(line.moves.len() + 1);
    let mut values = Vec::with_capacity(end - first);
    let mut tree = Tree::new(game, line.to_move(first));
    for k in first..end {
        tree.search(network, search);
        let reading = tree.reading();
        values.push(searched_value(&reading, &tree.root().board));
        if k + 1 == end {
            break;
        }
        let (stone, at, ref again) = line.moves[k];
        if let Some(board) = again {
            tree = Tree::new(Game::new(board.clone(), stone, rules, komi), stone);
        }
        tree.advance(at);
        // A player who moves twice in a row (handicap stones played as moves): the tree
        // kept expects the other.
        let next = line.to_move(k + 1);
        if tree.to_move() != next {
            tree = Tree::new(tree.root().clone(), next);
        }
    }
    values
}

/// A search's reading as a position's value.
fn searched_value(reading: &Reading, board: &Board) -> Value {
    Value {
        black_lead: -reading.white_lead,
        black_win: black_win(reading.white_win, reading.white_loss),
        best: reading.best().map(|best| {
            (
                best.at.map(|at| board.index(at.col, at.row)),
                -best.white_lead,
            )
        }),
    }
}

/// Each move held against the best move found before it: its loss is the lead its player
/// gave up against that move, none when it is that move or did better.
fn held_against_best(line: &MainLine, values: &[Value]) -> Vec<MoveReview> {
    let coord = |index: Option<usize>| {
        index.map(|index| {
            let (col, row) = line.start.point(index);
            Coord { row, col }
        })
    };
    let mut moves = Vec::with_capacity(values.len());
    moves.push(MoveReview {
        move_number: 0,
        color: None,
        at: None,
        pass: false,
        black_lead: values[0].black_lead,
        black_win: values[0].black_win,
        best: None,
        loss: 0.0,
    });
    for (k, &(stone, at, _)) in line.moves.iter().enumerate() {
        let (before, after) = (values[k], values[k + 1]);
        let best = before.best.map(|(best_at, black_lead)| Best {
            at: coord(best_at),
            black_lead,
        });
        let sign = match stone {
            Stone::Black => 1.0,
            Stone::White => -1.0,
        };
        let loss = match before.best {
            Some((best_at, _)) if best_at == at => 0.0,
            Some((_, best_lead)) => (sign * (best_lead - after.black_lead)).max(0.0),
            None => 0.0,
        };
        moves.push(MoveReview {
            move_number: k + 1,
            color: Some(stone),
            at: coord(at),
            pass: at.is_none(),
            black_lead: after.black_lead,
            black_win: after.black_win,
            best,
            loss,
        });
    }
    moves
}

/// One player's moves summed up, the `biggest` mistakes listed.
fn summarise(moves: &[MoveReview], player: Stone, biggest: usize) -> PlayerSummary {
    let own: Vec<&MoveReview> = moves.iter().filter(|m| m.color == Some(player)).collect();
    let mut mistakes = [0; 4];
    for m in &own {
        if let Some(size) = SIZES.iter().rposition(|&size| m.loss >= size) {
            mistakes[size] += 1;
        }
    }
    let total: f32 = own.iter().map(|m| m.loss).sum();
    let mut worst: Vec<MoveReview> = own
        .iter()
        .filter(|m| m.loss >= SIZES[0])
        .map(|&&m| m)
        .collect();
    // The biggest first; among equals, the earliest.
    worst.sort_by(|a, b| {
        b.loss
            .total_cmp(&a.loss)
            .then(a.move_number.cmp(&b.move_number))
    });
    worst.truncate(biggest);
    PlayerSummary {
        moves: own.len(),
        mistakes,
        average_loss: if own.is_empty() {
            0.0
        } else {
            total / own.len() as f32
        },
        biggest: worst,
    }
}

/// Who won: the record's result when it names a winner (`B+...`, `W+...`), else who leads
/// after the last move (no one on an even lead).
fn winner(record: &Record, moves: &[MoveReview]) -> Option<Stone> {
    let recorded = record.result.as_deref().map(str::trim);
    match recorded.and_then(|r| r.get(..2)) {
        Some("B+" | "b+") => return Some(Stone::Black),
        Some("W+" | "w+") => return Some(Stone::White),
        _ => {}
    }
    let lead = moves.last()?.black_lead;
    if lead > 0.0 {
        Some(Stone::Black)
    } else if lead < 0.0 {
        Some(Stone::White)
    } else {
        None
    }
}

/// Where `winner` took the lead for good: the move that followed the last position where
/// the winner was behind.
pub(super) fn decided(moves: &[MoveReview], winner: Stone) -> Decided {
    let behind = |m: &MoveReview| match winner {
        Stone::Black => m.black_lead < 0.0,
        Stone::White => m.black_lead > 0.0,
    };
    match moves.iter().rposition(behind) {
        None => Decided::NeverBehind,
        Some(last) if last + 1 == moves.len() => Decided::BehindAtEnd,
        Some(last) => Decided::After(moves[last + 1].move_number),
    }
}
