//! A position as KataGo's version-8 networks read it: 22 planes of the board's points and 19
//! numbers of the whole game, from the point of view of the player to move.
//!
//! The planes: the board itself; the mover's and the opponent's stones; stones of chains with
//! one, two or three liberties; the points ko forbids; where the last five moves were played;
//! ladders (chains a ladder captures, now and one and two moves ago, and the moves that start
//! one); and, under area scoring, the area each side holds. The numbers: which of the last five
//! moves were passes, komi, the rules (ko, suicide, scoring, tax), whether a pass would end
//! the game, and the komi's parity against the board's.

use super::area::area;
use super::ladder;
use super::model::{GLOBAL_FEATURES, SPATIAL_FEATURES};
use crate::go::board::{Board, other};
use crate::go::position::Stone;
use crate::go::rules::{Counting, Ko, RuleSet};

/// The rules as the network's inputs say them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NetRules {
    /// Area scoring (else territory).
    pub area: bool,
    pub ko: Ko,
    /// Whether a move may leave its own chain without a liberty.
    pub suicide: bool,
    /// No territory in seki (Japanese and Korean rules).
    pub seki_tax: bool,
    /// A pass is never taken to end the game while the other side may still answer it
    /// (KataGo's "friendly pass": Chinese, AGA and New Zealand rules).
    pub friendly_pass: bool,
}

impl NetRules {
    /// KataGo's reading of a rule set.
    pub fn of(rules: RuleSet) -> NetRules {
        NetRules {
            area: rules.counting() != Counting::Territory,
            ko: rules.ko(),
            suicide: rules.allows_suicide(),
            seki_tax: rules.counting() == Counting::Territory,
            friendly_pass: matches!(rules, RuleSet::Chinese | RuleSet::Aga | RuleSet::NewZealand),
        }
    }
}

/// A game played move by move, with what the network's inputs need of its past.
#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub board: Board,
    /// The boards before each of the last two moves, the latest first.
    recent: Vec<Board>,
    /// Every move: who played, and where (`None`: a pass).
    pub moves: Vec<(Stone, Option<usize>)>,
    /// Every position so far with the player to move in it, for superko.
    seen: Vec<(u64, Stone)>,
    /// Points that ever held a stone or had one played on them.
    ever: Vec<bool>,
    pub rules: NetRules,
    /// White's komi.
    pub komi: f32,
    /// What territory scoring adds to White's komi, as KataGo counts the game: a point for
    /// every black stone placed or played, less one for every white one, so that territory
    /// and area counts agree.
    white_bonus: f32,
}

impl Game {
    /// A game from `board` (setup stones included), `to_move` first.
    pub fn new(board: Board, to_move: Stone, rules: NetRules, komi: f32) -> Game {
        let cells = (board.width() + 2) * (board.height() + 2);
        let mut ever = vec![false; cells];
        let mut white_bonus = 0.0;
        for index in board.points() {
            ever[index] = board.stone(index).is_some();
            if !rules.area {
                white_bonus += chill(board.stone(index));
            }
        }
        Game {
            white_bonus,
            seen: vec![(board.hash(), to_move)],
            recent: Vec::new(),
            moves: Vec::new(),
            ever,
            board,
            rules,
            komi,
        }
    }

    /// Plays a move (`None`: a pass) as recorded.
    pub fn play(&mut self, stone: Stone, at: Option<usize>) {
        self.recent.insert(0, self.board.clone());
        self.recent.truncate(2);
        match at {
            Some(index) if self.board.is_empty(index) => {
                self.board.play(index, stone);
                self.ever[index] = true;
                if !self.rules.area {
                    self.white_bonus += chill(Some(stone));
                }
            }
            _ => self.board.pass(),
        }
        self.moves.push((stone, at));
        self.seen.push((self.board.hash(), other(stone)));
    }

    /// The player to move: the other side of the last mover, Black at first.
    #[cfg(test)]
    pub fn next_player(&self) -> Stone {
        self.moves
            .last()
            .map_or(Stone::Black, |&(stone, _)| other(stone))
    }

    /// Whether `mover` may play on `index` by the rules, as KataGo judges a move: an empty
    /// point, not a simple-ko retake, not suicide (of more than one stone where the rules
    /// allow suicide; a lone stone's never), not a repetition the ko rule forbids.
    pub fn is_legal(&self, index: usize, mover: Stone) -> bool {
        let board = &self.board;
        if !board.is_empty(index) || board.ko() == Some(index) {
            return false;
        }
        if self.illegal_suicide(index, mover) {
            return false;
        }
        self.rules.ko == Ko::Simple || !self.superko_banned(index, mover)
    }

    /// Whether a move of `mover` on the empty `index` is a suicide the rules forbid: it
    /// captures nothing and leaves its chain no liberty (allowed for a chain of more than one
    /// stone where the rules allow suicide).
    fn illegal_suicide(&self, index: usize, mover: Stone) -> bool {
        let board = &self.board;
        board.around(index).into_iter().all(|next| {
            if board.is_edge(next) {
                return true;
            }
            match board.stone(next) {
                None => false,
                Some(stone) if stone == mover => {
                    !self.rules.suicide && board.single_liberty(next) == Some(index)
                }
                Some(_) => board.single_liberty(next) != Some(index),
            }
        })
    }

    /// Whether `mover` on `index` would repeat a position the ko rule forbids repeating.
    fn superko_banned(&self, index: usize, mover: Stone) -> bool {
        let board = &self.board;
        if !board.is_empty(index) || board.ko() == Some(index) {
            return false;
        }
        let suicide = !board.is_legal(index, mover) && board.ko() != Some(index);
        if !self.ever[index] && !suicide {
            return false;
        }
        // A suicide the rules forbid, or any one-stone suicide, is no move at all.
        let alone = !board
            .around(index)
            .iter()
            .any(|&n| board.stone(n) == Some(mover));
        if suicide && (!self.rules.suicide || alone) {
            return false;
        }
        let mut after = board.clone();
        after.play(index, mover);
        let hash = after.hash();
        self.seen.iter().any(|&(h, to_move)| {
            h == hash && (self.rules.ko != Ko::Situational || to_move == other(mover))
        })
    }

    /// The inputs for the player to move: `[feature][point]` planes, and the global numbers.
    pub fn features(&self, to_move: Stone) -> (Vec<f32>, [f32; GLOBAL_FEATURES]) {
        let board = &self.board;
        let (w, h) = (board.width(), board.height());
        let points = w * h;
        let mut planes = vec![0.0f32; SPATIAL_FEATURES * points];
        let mut global = [0.0f32; GLOBAL_FEATURES];
        let opponent = other(to_move);
        let point_of = |index: usize| {
            let (x, y) = board.point(index);
            y * w + x
        };
        let mut set = |feature: usize, point: usize| planes[feature * points + point] = 1.0;
        for index in board.points() {
            let point = point_of(index);
            set(0, point);
            if let Some(stone) = board.stone(index) {
                set(if stone == to_move { 1 } else { 2 }, point);
                match board.liberty_count(index, 4) {
                    1 => set(3, point),
                    2 => set(4, point),
                    3 => set(5, point),
                    _ => {}
                }
            }
        }
        // Ko: the simple ko point, and under superko every move that repeats a position.
        if let Some(ko) = board.ko() {
            set(6, point_of(ko));
        }
        if self.rules.ko != Ko::Simple {
            for index in board.points() {
                if self.superko_banned(index, to_move) {
                    set(6, point_of(index));
                }
            }
        }
        // Area, under area scoring.
        if self.rules.area {
            for (point, owner) in area(board, self.rules.suicide).into_iter().enumerate() {
                match owner {
                    Some(stone) if stone == to_move => set(18, point),
                    Some(_) => set(19, point),
                    None => {}
                }
            }
        }
        // The last five moves, as long as they alternate, the opponent's last; none when the
        // last was a pass that the friendly-pass rule keeps from ending the game.
        let last_passed = matches!(self.moves.last(), Some((_, None)));
        let suppressed = last_passed && self.rules.area && self.rules.friendly_pass;
        let recent = if suppressed { 0 } else { 5 };
        let mut history = 0;
        for (back, &(stone, at)) in self.moves.iter().rev().take(recent).enumerate() {
            let expected = if back % 2 == 0 { opponent } else { to_move };
            if stone != expected {
                break;
            }
            history = back + 1;
            match at {
                None => global[back] = 1.0,
                Some(index) => set(9 + back, point_of(index)),
            }
        }
        // Ladders now, one move ago and two.
        self.ladders(board, point_of, to_move, &mut set, true);
        let before = if history >= 1 { &self.recent[0] } else { board };
        self.ladders(before, point_of, to_move, |_, point| set(15, point), false);
        let before_that = if history >= 2 {
            self.recent.get(1).unwrap_or(before)
        } else {
            before
        };
        self.ladders(
            before_that,
            point_of,
            to_move,
            |_, point| set(16, point),
            false,
        );

        // The global numbers.
        let white_komi = self.komi + self.white_bonus;
        let self_komi = if to_move == Stone::White {
            white_komi
        } else {
            -white_komi
        };
        let area = points as f32;
        let self_komi = self_komi.clamp(-area - 20.0, area + 20.0);
        global[5] = self_komi / 20.0;
        match self.rules.ko {
            Ko::Simple => {}
            Ko::Positional => {
                global[6] = 1.0;
                global[7] = 0.5;
            }
            Ko::Situational => {
                global[6] = 1.0;
                global[7] = -0.5;
            }
        }
        if self.rules.suicide {
            global[8] = 1.0;
        }
        if !self.rules.area {
            global[9] = 1.0;
        }
        if self.rules.seki_tax {
            global[10] = 1.0;
        }
        // A pass ends the game when the last move was a pass (two passes in a row).
        if last_passed && !suppressed {
            global[14] = 1.0;
        }
        if self.rules.area {
            global[18] = komi_wave(self_komi, points);
        }
        (planes, global)
    }

    /// Marks the chains `board` shows captured in a ladder: feature 14 on every stone of them
    /// (with `now`: and feature 17 on the moves that ladder the opponent's two-liberty chains),
    /// else the feature `mark` is given.
    fn ladders(
        &self,
        board: &Board,
        point_of: impl Fn(usize) -> usize,
        to_move: Stone,
        mut mark: impl FnMut(usize, usize),
        now: bool,
    ) {
        let opponent = other(to_move);
        let mut solved: Vec<(usize, bool)> = Vec::new();
        for index in board.points() {
            let Some(stone) = board.stone(index) else {
                continue;
            };
            let libs = board.liberty_count(index, 3);
            if libs != 1 && libs != 2 {
                continue;
            }
            let head = board.chain(index);
            let laddered = match solved.iter().find(|&&(h, _)| h == head) {
                Some(&(_, known)) => {
                    if known {
                        mark(14, point_of(index));
                    }
                    continue;
                }
                None if libs == 1 => {
                    let laddered = ladder::captured(board, index);
                    if laddered {
                        mark(14, point_of(index));
                    }
                    laddered
                }
                None => {
                    let working = ladder::working_moves(board, index);
                    let laddered = !working.is_empty();
                    if laddered {
                        mark(14, point_of(index));
                        if now && stone == opponent {
                            for move_ in working {
                                mark(17, point_of(move_));
                            }
                        }
                    }
                    laddered
                }
            };
            solved.push((head, laddered));
        }
    }
}

/// A stone's weight in territory scoring's bonus to White: one point for Black's, minus one
/// for White's.
fn chill(stone: Option<Stone>) -> f32 {
    match stone {
        Some(Stone::Black) => 1.0,
        Some(Stone::White) => -1.0,
        None => 0.0,
    }
}

/// The triangle wave KataGo gives its networks of the komi against the board's parity: where
/// a draw is possible, the komi's worth jumps.
fn komi_wave(self_komi: f32, points: usize) -> f32 {
    let even = points.is_multiple_of(2);
    let floor = if even {
        (self_komi / 2.0).floor() * 2.0
    } else {
        ((self_komi - 1.0) / 2.0).floor() * 2.0 + 1.0
    };
    let delta = (self_komi - floor).clamp(0.0, 2.0);
    if delta < 0.5 {
        delta
    } else if delta < 1.5 {
        1.0 - delta
    } else {
        delta - 2.0
    }
}
