//! Go scoring's evidence for people: a plain-language count with a territory diagram
//! ([`explain`]) and an SVG picture ([`svg`]). The JSON record is the judgement's own
//! serialisation.
//!
//! # Examples
//!
//! ```
//! use arbiter::Game;
//! use arbiter::go::{show, Go, Position};
//! use arbiter::render::Style;
//!
//! let position: Position = "O.\n..".parse().unwrap();
//! let mut text = Vec::new();
//! show::explain(&position, &Go::CONTEST.judge(&position), Style::default(), &mut text).unwrap();
//! assert!(text.starts_with(b"Black has 0 stones and 0 points of territory, White 1 stone and 3 points"));
//! ```

use std::io::{self, Write};

use super::{Judgement, Position, Rules, Scoring, Stone, Territory};
use crate::grid::Coord;
use crate::render::{self, Ink, Mark, Style, Svg};

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Writes the contest's count in words (and the result under real rules with komi, when
/// scored so), then the board: `X` and `O` stones, `x` and `o` their territory, `.` neutral
/// points.
///
/// # Errors
/// When writing fails.
pub fn explain(
    position: &Position,
    judgement: &Judgement,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (score, territory) = (&judgement.score, &judgement.territory);
    writeln!(
        out,
        "Black has {} and {} of territory, White {} and {}: {}.",
        plural(score.black.stones, "stone"),
        plural(score.black.territory, "point"),
        plural(score.white.stones, "stone"),
        plural(score.white.territory, "point"),
        score.verdict()
    )?;
    let regions = territory.regions();
    let owned = |owner| regions.iter().filter(|r| r.owner == owner).count();
    writeln!(
        out,
        "{}: {} Black's, {} White's, {} neutral (touching both colours or none).",
        plural(regions.len(), "empty region"),
        owned(Some(Stone::Black)),
        owned(Some(Stone::White)),
        owned(None)
    )?;
    if let Some(Scoring { rules, komi }) = judgement.scoring {
        let name = match rules {
            Rules::Area => "Area scoring (stones and territory)",
            Rules::Territory => "Territory scoring",
        };
        writeln!(
            out,
            "{name} with komi {komi}: Black {}, White {} + {komi}: {}.",
            score.points(Stone::Black, rules),
            score.points(Stone::White, rules),
            score.result(rules, komi)
        )?;
    }
    let n = position.size();
    write!(out, "    ")?;
    for c in 1..=n {
        write!(out, "{:>3}", c % 100)?;
    }
    writeln!(out)?;
    for row in 0..n {
        write!(out, "{:>3} ", row + 1)?;
        for col in 0..n {
            let at = Coord { row, col };
            let mark = match (
                position.get(at),
                territory.region_at(at).and_then(|r| r.owner),
            ) {
                (Some(Stone::Black), _) => Mark::new('X', Ink::Highlight),
                (Some(Stone::White), _) => Mark::new('O', Ink::Blue),
                (None, Some(Stone::Black)) => Mark::new('x', Ink::Highlight),
                (None, Some(Stone::White)) => Mark::new('o', Ink::Blue),
                (None, None) => Mark::new('.', Ink::Dim),
            };
            write!(out, "  ")?;
            mark.write(out, style)?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "  (X O: stones; x o: their territory; .: neutral; rows and columns as in the input)"
    )
}

/// Picture geometry: the distance between lines and the margin.
pub const STEP: f64 = 24.0;
const MARGIN: f64 = 24.0;
/// Picture colours.
pub const BOARD: &str = "#dcb35c";

/// The centre of a point in the picture.
pub fn point_centre(at: Coord) -> (f64, f64) {
    (MARGIN + STEP * at.col as f64, MARGIN + STEP * at.row as f64)
}

/// Writes the board with its lines, stones, and a small square of the owner's colour on each
/// point of territory.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg(position: &Position, territory: &Territory, out: &mut dyn Write) -> io::Result<()> {
    let n = position.size();
    render::check_picture_size(n * n)?;
    let side = 2.0 * MARGIN + STEP * (n as f64 - 1.0);
    let mut svg = Svg::new(out, side, side);
    svg.rect(0.0, 0.0, side, side, BOARD, None);
    let far = MARGIN + STEP * (n as f64 - 1.0);
    for i in 0..n {
        let at = MARGIN + STEP * i as f64;
        svg.polyline(&[(MARGIN, at), (far, at)], "#333333", 1.0);
        svg.polyline(&[(at, MARGIN), (at, far)], "#333333", 1.0);
    }
    let colour = |stone| match stone {
        Stone::Black => "#111111",
        Stone::White => "#fafafa",
    };
    for row in 0..n {
        for col in 0..n {
            let at = Coord { row, col };
            let (x, y) = point_centre(at);
            match position.get(at) {
                Some(stone) => svg.circle(x, y, STEP * 0.45, colour(stone), Some(("#111111", 1.0))),
                None => {
                    if let Some(owner) = territory.region_at(at).and_then(|r| r.owner) {
                        let half = STEP * 0.18;
                        let square = (x - half, y - half, 2.0 * half);
                        let stroke = Some(("#111111", 0.5));
                        svg.rect(
                            square.0,
                            square.1,
                            square.2,
                            square.2,
                            colour(owner),
                            stroke,
                        );
                    }
                }
            }
        }
    }
    svg.finish()
}
