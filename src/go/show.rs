//! Go scoring's evidence for people and programs: a plain-language count with a territory
//! diagram ([`explain`]), a JSON record with the territory map ([`json`]) and an SVG picture
//! ([`svg`]).
//!
//! # Examples
//!
//! ```
//! use arbiter::go::{score, show, territory, Position};
//! use arbiter::render::Style;
//!
//! let position: Position = "O.\n..".parse().unwrap();
//! let text = show::explain(&position, &territory(&position), &score(&position), None, Style::default());
//! assert!(text.starts_with("Black has 0 stones and 0 points of territory, White 1 stone and 3 points"));
//! ```

use serde_json::{Value, json};

use super::{Komi, Position, Rules, Score, Stone, Territory};
use crate::grid::Coord;
use crate::render::{Ink, Style, Svg, paint};

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The contest's count in words (and the result under `rules` with komi, when given), then
/// the board: `X` and `O` stones, `x` and `o` their territory, `.` neutral points.
pub fn explain(
    position: &Position,
    territory: &Territory,
    score: &Score,
    rules: Option<(Rules, Komi)>,
    style: Style,
) -> String {
    let mut text = format!(
        "Black has {} and {} of territory, White {} and {}: {}.\n",
        plural(score.black.stones, "stone"),
        plural(score.black.territory, "point"),
        plural(score.white.stones, "stone"),
        plural(score.white.territory, "point"),
        score.verdict()
    );
    let owned = |stone| {
        territory
            .regions()
            .iter()
            .filter(|r| r.owner() == Some(stone))
            .count()
    };
    let neutral = territory
        .regions()
        .iter()
        .filter(|r| r.owner().is_none())
        .count();
    text.push_str(&format!(
        "{}: {} Black's, {} White's, {} neutral (touching both colours or none).\n",
        plural(territory.regions().len(), "empty region"),
        owned(Stone::Black),
        owned(Stone::White),
        neutral
    ));
    if let Some((rules, komi)) = rules {
        let name = match rules {
            Rules::Area => "Area scoring (stones and territory)",
            Rules::Territory => "Territory scoring",
        };
        text.push_str(&format!(
            "{name} with komi {komi}: Black {}, White {} + {komi}: {}.\n",
            score.points(Stone::Black, rules),
            score.points(Stone::White, rules),
            score.result(rules, komi)
        ));
    }
    let n = position.size();
    let header: String = (1..=n).map(|c| format!("{:>3}", c % 100)).collect();
    text.push_str(&format!("    {header}\n"));
    for row in 0..n {
        text.push_str(&format!("{:>3} ", row + 1));
        for col in 0..n {
            let at = Coord { row, col };
            let mark = match (
                position.get(at),
                territory.region_at(at).and_then(|r| r.owner()),
            ) {
                (Some(Stone::Black), _) => paint("X", Ink::Highlight, style),
                (Some(Stone::White), _) => paint("O", Ink::Blue, style),
                (None, Some(Stone::Black)) => paint("x", Ink::Highlight, style),
                (None, Some(Stone::White)) => paint("o", Ink::Blue, style),
                (None, None) => paint(".", Ink::Dim, style),
            };
            text.push_str(&format!("  {mark}"));
        }
        text.push('\n');
    }
    text.push_str(
        "  (X O: stones; x o: their territory; .: neutral; rows and columns as in the input)\n",
    );
    text
}

/// One JSON record: the case, the contest verdict, both tallies, every region with its owner,
/// and the result under `rules` with komi when given.
pub fn json(
    case: usize,
    territory: &Territory,
    score: &Score,
    rules: Option<(Rules, Komi)>,
) -> Value {
    let owner = |stone: Option<Stone>| stone.map(|s| s.to_string().to_lowercase());
    let regions: Vec<Value> = territory
        .regions()
        .iter()
        .map(|r| json!({ "first": r.first, "points": r.points, "owner": owner(r.owner()) }))
        .collect();
    let mut record = json!({
        "game": "go",
        "case": case,
        "verdict": score.verdict().to_string(),
        "black": { "stones": score.black.stones, "territory": score.black.territory },
        "white": { "stones": score.white.stones, "territory": score.white.territory },
        "regions": regions,
    });
    if let Some((rules, komi)) = rules {
        record["rules"] = json!(match rules {
            Rules::Area => "area",
            Rules::Territory => "territory",
        });
        record["komi"] = json!(komi.to_string());
        record["result"] = json!(score.result(rules, komi).to_string());
    }
    record
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

/// The board with its lines, stones, and a small square of the owner's colour on each point
/// of territory.
pub fn svg(position: &Position, territory: &Territory) -> String {
    let n = position.size();
    let side = 2.0 * MARGIN + STEP * (n as f64 - 1.0);
    let mut svg = Svg::new(side, side);
    svg.rect(0.0, 0.0, side, side, BOARD, None);
    let far = MARGIN + STEP * (n as f64 - 1.0);
    for i in 0..n {
        let at = MARGIN + STEP * i as f64;
        svg.polyline(&[(MARGIN, at), (far, at)], "#333333", 1.0);
        svg.polyline(&[(at, MARGIN), (at, far)], "#333333", 1.0);
    }
    for row in 0..n {
        for col in 0..n {
            let at = Coord { row, col };
            let (x, y) = point_centre(at);
            let colour = |stone| {
                if stone == Stone::Black {
                    "#111111"
                } else {
                    "#fafafa"
                }
            };
            match position.get(at) {
                Some(stone) => svg.circle(x, y, STEP * 0.45, colour(stone), Some(("#111111", 1.0))),
                None => {
                    if let Some(owner) = territory.region_at(at).and_then(|r| r.owner()) {
                        let half = STEP * 0.18;
                        svg.rect(
                            x - half,
                            y - half,
                            2.0 * half,
                            2.0 * half,
                            colour(owner),
                            Some(("#111111", 0.5)),
                        );
                    }
                }
            }
        }
    }
    svg.finish()
}
