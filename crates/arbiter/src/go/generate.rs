//! Seeded random Go positions of the kinds that make hard scoring cases likely, and finished
//! game records (random legal play to the end) for the record reader and its benchmarks.
//!
//! # Examples
//!
//! ```
//! use arbiter::go::generate::{position, Mode};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64::seed_from_u64(3);
//! let p = position(19, Mode::Walled, &mut rng);
//! assert_eq!(p.size(), 19);
//! ```

use std::io::{self, Write};
use std::ops::RangeInclusive;

use rand::Rng;

use super::position::{Position, Stone};
use crate::game::Generate;
use crate::grid::Coord;

/// What kind of position to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Few stones (about a tenth of the points), of both colours.
    Sparse,
    /// Many stones (about three quarters of the points), of both colours.
    Dense,
    /// Stones of one colour only: every region is that colour's, or neutral if there are none.
    OneColour,
    /// A black wall and a white wall across the board, each side sprinkled with its own
    /// colour: real walled territories, with neutral points between the walls.
    Walled,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 4] = [Mode::Sparse, Mode::Dense, Mode::OneColour, Mode::Walled];

    /// The modes' names on the command line, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 4] = ["sparse", "dense", "one-colour", "walled"];
}

/// The command line's modes: the contest positions' ([`Mode::NAMES`]), then `finished`, SGF
/// records of games played to their end ([`finished_game`]).
pub const MODES: [&str; 5] = ["sparse", "dense", "one-colour", "walled", "finished"];

/// The index of the `finished` mode in [`MODES`].
const FINISHED: usize = 4;

/// A game played at random to its end, as an SGF record: both sides play uniformly random
/// legal moves that fill no eye of their own (no suicide, no immediate ko retake) until
/// neither has one, then pass. Dead stones are all captured by then, so the record's `TB`/`TW`
/// markup is the territory of the final position, and its `RE` the count under Japanese
/// rules with komi 6.5.
///
/// # Panics
/// When `size` is 0 or larger than 52.
pub fn finished_game(size: usize, rng: &mut impl Rng) -> String {
    use super::board::{Board, other};
    let mut board = Board::new(size, size);
    let points: Vec<usize> = board.points().collect();
    let mut moves = String::new();
    let mut captured = [0usize; 2];
    let (mut mover, mut passes) = (Stone::Black, 0);
    let mut candidates = Vec::with_capacity(points.len());
    // A cap against endless ko fights: no random game comes near it.
    for _ in 0..4 * points.len() {
        candidates.clear();
        candidates.extend(points.iter().copied().filter(|&p| board.is_empty(p)));
        let mut chosen = None;
        while !candidates.is_empty() {
            let p = candidates.swap_remove(rng.random_range(0..candidates.len()));
            if board.is_legal(p, mover) && !board.is_eye(p, mover) {
                chosen = Some(p);
                break;
            }
        }
        let letter = mover.letter();
        match chosen {
            Some(p) => {
                let (x, y) = board.point(p);
                let played = board.play(p, mover);
                captured[super::record::side(mover)] += played.captured;
                moves.push_str(&format!(
                    ";{letter}[{}]",
                    super::record::sgf_point(Coord { row: y, col: x })
                ));
                passes = 0;
            }
            None => {
                board.pass();
                moves.push_str(&format!(";{letter}[]"));
                passes += 1;
                if passes == 2 {
                    break;
                }
            }
        }
        mover = other(mover);
    }
    let stones = board.position();
    let terms = super::scoring::Terms {
        rules: super::rules::RuleSet::Japanese,
        komi: super::Komi::from_halves(13),
        handicap: 0,
    };
    let scored = super::scoring::score(&stones, &[], captured, terms);
    let mut markup = String::new();
    for (property, owner) in [("TB", Stone::Black), ("TW", Stone::White)] {
        let values: String = (0..size * size)
            .filter(|&i| scored.territory[i] == Some(owner))
            .map(|i| {
                format!(
                    "[{}]",
                    super::record::sgf_point(Coord {
                        row: i / size,
                        col: i % size
                    })
                )
            })
            .collect();
        if !values.is_empty() {
            markup.push_str(property);
            markup.push_str(&values);
        }
    }
    format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[arbiter]SZ[{size}]KM[6.5]RU[Japanese]RE[{}]{moves}{markup})",
        scored.result
    )
}

/// A `size` x `size` position of the given mode, drawn from `rng`. It always holds at least
/// one stone (the contest requires `b + w >= 1`).
///
/// # Panics
/// When `size` is 0 or larger than [`super::MAX_SIZE`].
pub fn position(size: usize, mode: Mode, rng: &mut impl Rng) -> Position {
    let mut p = Position::new(size);
    let points = (0..size).flat_map(move |row| (0..size).map(move |col| Coord { row, col }));
    let either = |rng: &mut dyn rand::RngCore| {
        if rng.random() {
            Stone::Black
        } else {
            Stone::White
        }
    };
    match mode {
        Mode::Sparse | Mode::Dense => {
            let percent = if mode == Mode::Sparse { 10 } else { 75 };
            for at in points {
                if rng.random_range(0..100) < percent {
                    p.place(at, either(rng)).expect("each point once");
                }
            }
        }
        Mode::OneColour => {
            let stone = either(rng);
            let percent = rng.random_range(1..=60);
            for at in points {
                if rng.random_range(0..100) < percent {
                    p.place(at, stone).expect("each point once");
                }
            }
        }
        Mode::Walled => {
            let wall = rng.random_range(0..size);
            let gap = rng.random_range(1..=3).min(size - wall);
            for at in points {
                let stone = if at.col == wall {
                    Some(Stone::Black)
                } else if at.col + 1 == wall + gap && at.col > wall {
                    Some(Stone::White)
                } else if at.col < wall && rng.random_range(0..100) < 8 {
                    Some(Stone::Black)
                } else if at.col >= wall + gap && rng.random_range(0..100) < 8 {
                    Some(Stone::White)
                } else {
                    None
                };
                if let Some(stone) = stone {
                    p.place(at, stone).expect("each point once");
                }
            }
        }
    }
    if (0..size * size).all(|i| {
        p.get(Coord {
            row: i / size,
            col: i % size,
        })
        .is_none()
    }) {
        let at = Coord {
            row: rng.random_range(0..size),
            col: rng.random_range(0..size),
        };
        p.place(at, either(rng)).expect("the board is empty");
    }
    p
}

impl Generate for super::Go {
    const MODES: &'static [&'static str] = &MODES;
    const DEFAULT_SIZE: usize = 19;
    const SIZES: RangeInclusive<usize> = 1..=super::MAX_SIZE;

    fn mode_sizes(&self, mode: usize) -> RangeInclusive<usize> {
        match mode {
            FINISHED => 1..=super::board::MAX_SIDE,
            _ => Self::SIZES,
        }
    }

    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()> {
        let mut rng = <rand_pcg::Pcg64 as rand::SeedableRng>::seed_from_u64(seed);
        if mode == Some(FINISHED) {
            for _ in 0..cases {
                writeln!(out, "{}", finished_game(size, &mut rng))?;
            }
            return Ok(());
        }
        for case in 0..cases {
            let mode = mode.map_or(Mode::ALL[case % Mode::ALL.len()], |m| Mode::ALL[m]);
            super::stanford::write_case(out, &position(size, mode, &mut rng))?;
        }
        writeln!(out, "0")
    }
}
