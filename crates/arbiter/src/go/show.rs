//! Go scoring's evidence for people: the contest's count with a territory diagram
//! ([`explain`], [`svg`]), and a game scored under a rule set, with Go coordinates, dead
//! stones, territory, seki and the count line by line ([`explain_game`], [`svg_game`]). The
//! JSON record is the judgement's own serialisation.
//!
//! # Examples
//!
//! ```
//! use arbiter::Game;
//! use arbiter::go::{show, Go, Position};
//! use arbiter::render::Style;
//!
//! let position: Position = "O.\n..".parse().unwrap();
//! let case = arbiter::go::Case::Position(position.clone());
//! let arbiter::go::Judgement::Contest(count) = Go::CONTEST.judge(&case) else { unreachable!() };
//! let mut text = Vec::new();
//! show::explain(&position, &count, Style::default(), &mut text).unwrap();
//! assert!(text.starts_with(b"Black has 0 stones and 0 points of territory, White 1 stone and 3 points"));
//! ```

use std::io::{self, Write};

use super::dead::{Call, DeadFrom, Estimator};
use super::judge::{ContestCount, DeadChain, Ending, GameJudgement, Hundredths};
use super::markup::TerritoryFrom;
use super::position::{Position, Stone};
use super::rules::Counting;
use super::scoring::Count;
use super::territory::Territory;
use crate::grid::Coord;
use crate::render::{self, Ink, Mark, Style, Svg};

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Writes the contest's count in words, then the board: `X` and `O` stones, `x` and `o`
/// their territory, `.` neutral points.
///
/// # Errors
/// When writing fails.
pub fn explain(
    position: &Position,
    count: &ContestCount,
    style: Style,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (score, territory) = (&count.score, &count.territory);
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

/// Picture geometry: the distance between lines.
pub const STEP: f64 = 24.0;
/// Picture colours.
pub const BOARD: &str = "#dcb35c";

/// The centre of a point in the picture (a contest position's, drawn as a game's).
pub fn point_centre(at: Coord) -> (f64, f64) {
    game_point_centre(at)
}

/// The margin of a board's picture, which holds the coordinates.
const GAME_EDGE: f64 = 36.0;

/// The centre of a point in a game's picture ([`svg_game`]).
pub fn game_point_centre(at: Coord) -> (f64, f64) {
    (
        GAME_EDGE + STEP * at.col as f64,
        GAME_EDGE + STEP * at.row as f64,
    )
}

/// Writes the board with its lines, coordinates and star points as Go programs draw them,
/// its stones, and a small square of the owner's colour on each point of territory.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg(position: &Position, territory: &Territory, out: &mut dyn Write) -> io::Result<()> {
    let n = position.size();
    render::check_picture_size(n * n)?;
    let (w, h) = grid_size(n, n);
    let mut svg = Svg::new(out, w, h);
    grid(&mut svg, n, n);
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

/// The column letters and row numbers of Go programs, for a board of `width` x `height`.
fn column_names(width: usize, height: usize) -> Vec<String> {
    (0..width)
        .map(|col| {
            let name = super::record::gtp(Coord { row: 0, col }, width, height);
            name.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        })
        .collect()
}

/// What a point of a scored game shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    Stone(Stone),
    Dead(Stone),
    Territory(Stone),
    Seki,
    Neutral,
}

fn look(game: &GameJudgement, at: Coord) -> Look {
    let detail = &game.detail;
    let i = at.row * detail.position.width() + at.col;
    match detail.position.get(at) {
        Some(stone) if detail.scored.dead.binary_search(&at).is_ok() => Look::Dead(stone),
        Some(stone) => Look::Stone(stone),
        None => match detail.scored.territory[i] {
            Some(owner) => Look::Territory(owner),
            None if detail.scored.seki_points.contains(&at) => Look::Seki,
            None => Look::Neutral,
        },
    }
}

fn count_line(out: &mut dyn Write, what: &str, black: &str, white: &str) -> io::Result<()> {
    writeln!(out, "  {what:<14}{black:>8}{white:>8}")
}

/// Writes a scored game: the result and what it rests on, the dead stones and seki, the
/// count line by line (stones, territory, prisoners, komi, compensation, total), then the
/// board with Go coordinates: `X` `O` living stones, `x` `o` dead stones, `+` `-` Black's and
/// White's territory, `=` the points of a seki, `.` neutral points.
///
/// # Errors
/// When writing fails.
pub fn explain_game(game: &GameJudgement, style: Style, out: &mut dyn Write) -> io::Result<()> {
    let counted = &game.counted;
    if !game.finished {
        writeln!(out, "{}", unfinished_words(game))?;
    }
    let what = if game.finished { "" } else { "Estimate: " };
    write!(
        out,
        "{what}{} under {} rules, komi {}",
        game.result, game.rules, game.komi
    )?;
    if game.handicap > 0 {
        write!(out, ", handicap {}", game.handicap)?;
    }
    match &game.recorded {
        Some(recorded) if counted.differs() => writeln!(out, " (the record says {recorded}).")?,
        Some(recorded) if game.finished => writeln!(out, " (the record says {recorded} too).")?,
        Some(recorded) => writeln!(out, " (the record says {recorded}).")?,
        None => writeln!(out, ".")?,
    }
    let from = dead_source(game);
    if game.rules.counting() == Counting::TrompTaylor {
        writeln!(
            out,
            "Dead stones: none (Tromp-Taylor counts the board as it stands)."
        )?;
    } else if game.dead.is_empty() {
        writeln!(out, "Dead stones ({from}): none.")?;
    } else {
        writeln!(out, "Dead stones ({from}): {}.", game.dead.join(" "))?;
    }
    explain_estimate(game, out)?;
    explain_marks(game, out)?;
    if !game.seki.is_empty() {
        writeln!(
            out,
            "Seki: {} (no territory inside it under these rules).",
            game.seki.join(" ")
        )?;
    }
    let fill = &game.detail.scored.fill;
    if !fill.is_empty() {
        let (w, h) = (game.detail.position.width(), game.detail.position.height());
        let names: Vec<String> = fill
            .iter()
            .map(|&at| super::record::gtp(at, w, h))
            .collect();
        writeln!(
            out,
            "Still to be filled, so not territory: {}.",
            names.join(" ")
        )?;
    }
    explain_markup(game, out)?;
    let counting = game.rules.counting();
    let n = |v: usize| v.to_string();
    let (b, w): (&Count, &Count) = (&game.black, &game.white);
    count_line(out, "", "Black", "White")?;
    count_line(out, "stones", &n(b.stones), &n(w.stones))?;
    count_line(out, "territory", &n(b.territory), &n(w.territory))?;
    count_line(
        out,
        "prisoners",
        &format!("{}+{}", b.captures, b.dead),
        &format!("{}+{}", w.captures, w.dead),
    )?;
    count_line(out, "komi", "", &w.komi.to_string())?;
    count_line(out, "compensation", "", &n(w.compensation))?;
    count_line(out, "total", &b.total.to_string(), &w.total.to_string())?;
    let rule = match counting {
        Counting::Territory => "territory + prisoners (captures + dead stones)",
        Counting::Area => "stones + territory",
        Counting::TrompTaylor => "stones + empty points reaching only that colour",
    };
    writeln!(
        out,
        "  (the total is {rule}, with komi and compensation for White)"
    )?;
    let (width, height) = (game.detail.position.width(), game.detail.position.height());
    let columns = column_names(width, height);
    let header: String = columns.iter().map(|c| format!("{c:>3}")).collect();
    writeln!(out, "    {header}")?;
    for row in 0..height {
        write!(out, "{:>3} ", height - row)?;
        for col in 0..width {
            let mark = match look(game, Coord { row, col }) {
                Look::Stone(Stone::Black) => Mark::new('X', Ink::Highlight),
                Look::Stone(Stone::White) => Mark::new('O', Ink::Blue),
                Look::Dead(Stone::Black) => Mark::new('x', Ink::Danger),
                Look::Dead(Stone::White) => Mark::new('o', Ink::Danger),
                Look::Territory(Stone::Black) => Mark::new('+', Ink::Highlight),
                Look::Territory(Stone::White) => Mark::new('-', Ink::Blue),
                Look::Seki => Mark::new('=', Ink::Good),
                Look::Neutral => Mark::new('.', Ink::Dim),
            };
            write!(out, "  ")?;
            mark.write(out, style)?;
        }
        writeln!(out, " {}", height - row)?;
    }
    writeln!(out, "    {header}")?;
    writeln!(
        out,
        "  (X O: living stones; x o: dead stones; + -: Black's and White's territory; =: seki; \
         .: neutral)"
    )
}

/// Why a game is not finished, and what its line therefore says.
fn unfinished_words(game: &GameJudgement) -> String {
    let recorded = game.counted.recorded_result();
    match (game.ending, recorded) {
        (Ending::Resignation | Ending::Time | Ending::Forfeit, Some(result)) => format!(
            "The game ended by {} after move {}: the recorded result {result} stands; the \
             position as it stands is counted below as an estimate only.",
            match game.ending {
                Ending::Resignation => "resignation",
                Ending::Time => "time",
                _ => "forfeit",
            },
            game.moves
        ),
        _ => format!(
            "The game is not finished after move {} (no two passes at the end, no territory \
             markup): no result, only an estimate of the position as it stands.",
            game.moves
        ),
    }
}

/// Where the dead stones come from, in words.
fn dead_source(game: &GameJudgement) -> &'static str {
    match (game.dead_from, game.estimated_by) {
        (DeadFrom::Markup, _) => "from the record's markup",
        (_, Some(Estimator::Network)) => "estimated by the network",
        (_, Some(Estimator::Playouts)) => "estimated by playouts",
        (DeadFrom::Estimate | DeadFrom::Playouts, None) => "estimated",
        (DeadFrom::None, _) => "none asked for",
    }
}

/// Writes that the territory is the record's marks, when it is, and where a finished
/// record's marks and the count differ.
fn explain_markup(game: &GameJudgement, out: &mut dyn Write) -> io::Result<()> {
    if game.territory_from == TerritoryFrom::Markup {
        writeln!(
            out,
            "Territory as the record marks it (TB/TW): each marked point without a living stone \
             counts for the colour that marked it."
        )?;
    }
    if game.markup_differs.is_empty() {
        return Ok(());
    }
    let points: usize = game.markup_differs.iter().map(|d| d.points.len()).sum();
    let s = if points == 1 { "" } else { "s" };
    writeln!(
        out,
        "The record's markup differs from the count at {points} point{s} (--territory markup \
         counts as marked):"
    )?;
    let whose = |owner: Option<Stone>| match owner {
        Some(Stone::Black) => "Black's",
        Some(Stone::White) => "White's",
        None => "no one's",
    };
    for kind in &game.markup_differs {
        writeln!(
            out,
            "  {}: marked {}, counted {}.",
            kind.points.join(" "),
            whose(kind.marked),
            whose(kind.counted)
        )?;
    }
    Ok(())
}

/// Writes the groups the user marked dead or alive on top of the source.
fn explain_marks(game: &GameJudgement, out: &mut dyn Write) -> io::Result<()> {
    if !game.marked_dead.is_empty() {
        writeln!(
            out,
            "Marked dead by hand (whole chains): {}.",
            game.marked_dead.join(" ")
        )?;
    }
    if !game.marked_alive.is_empty() {
        writeln!(
            out,
            "Marked alive by hand (whole chains): {}.",
            game.marked_alive.join(" ")
        )?;
    }
    Ok(())
}

/// The note a record written back carries in its final node's comment: what arbiter
/// counted, under which rules, with which dead stones, and what became of the record's `RE`.
pub fn record_note(game: &GameJudgement, replaced: bool) -> String {
    let mut note = String::from(super::sgf::NOTE_PREFIX);
    let terms = format!("under {} rules, komi {}", game.rules, game.komi);
    if game.finished {
        note.push_str(&format!("counted {} {terms}", game.result));
    } else if let Some(recorded) = game.counted.recorded_result() {
        note.push_str(&format!(
            "{recorded} as recorded; the position after move {} counts {} {terms}, an estimate",
            game.moves, game.result
        ));
    } else {
        note.push_str(&format!(
            "unfinished after move {}: an estimate, not a result, {} {terms}",
            game.moves, game.result
        ));
    }
    let dead = if game.dead.is_empty() {
        "none".to_string()
    } else {
        game.dead.join(" ")
    };
    note.push_str(&format!("; dead stones {}: {dead}", dead_source(game)));
    if game.territory_from == TerritoryFrom::Markup {
        note.push_str("; territory as marked");
    }
    if !game.marked_dead.is_empty() {
        note.push_str(&format!("; marked dead {}", game.marked_dead.join(" ")));
    }
    if !game.marked_alive.is_empty() {
        note.push_str(&format!("; marked alive {}", game.marked_alive.join(" ")));
    }
    match (&game.recorded, replaced) {
        (Some(recorded), true) => note.push_str(&format!("; RE replaced (it said {recorded})")),
        (Some(recorded), false) => {
            note.push_str(&format!("; the recorded result {recorded} is kept"));
        }
        (None, _) => {}
    }
    note.push('.');
    note
}

/// The caption under a game's picture: its result, or what stands in for one.
fn caption(game: &GameJudgement) -> String {
    let terms = format!("{} rules, komi {}", game.rules, game.komi);
    if game.finished {
        return format!("{} ({terms})", game.result);
    }
    match game.counted.recorded_result() {
        Some(recorded) => format!(
            "{recorded} as recorded; position after move {}: estimate {} ({terms})",
            game.moves, game.result
        ),
        None => format!(
            "Unfinished after move {}: estimate {} ({terms}), not a result",
            game.moves, game.result
        ),
    }
}

/// Writes why an estimate called each dead chain dead, the chains it left alive though it was
/// unsure of them, and its rule.
fn explain_estimate(game: &GameJudgement, out: &mut dyn Write) -> io::Result<()> {
    let Some(by) = game.estimated_by else {
        return Ok(());
    };
    if game.rules.counting() == Counting::TrompTaylor {
        return Ok(());
    }
    for chain in &game.dead_chains {
        writeln!(out, "  {}", chain_call(chain, chain.confidence, true))?;
    }
    if !game.close_calls.is_empty() {
        writeln!(out, "Left alive, though close or read:")?;
        for chain in &game.close_calls {
            let taken = Hundredths(100 - chain.confidence.0);
            writeln!(out, "  {}", chain_call(chain, taken, false))?;
        }
    }
    let rule = match by {
        Estimator::Network if game.visits == Some(0) => format!(
            "Benson's unconditional life first; then KataGo's network, asked with each side \
             to move: a chain is dead when the other colour owns its points by more than {:.2} \
             on average (a likelihood above {:.2})",
            super::dead::OWNERSHIP_THRESHOLD,
            (1.0 + super::dead::OWNERSHIP_THRESHOLD) / 2.0
        ),
        Estimator::Network => format!(
            "Benson's unconditional life first; then KataGo's network, asked with each side \
             to move, where it gives a chain's points to one colour with a likelihood of at \
             least {:.2}; then the fights of shut-in chains read to the end, where a chain is \
             captured even with its owner to move (dead) or not even with the other to move \
             (alive); then a search of {} visits with each side to move, where it gives \
             them with a likelihood of at least {:.2}, or leans to life for a chain that shares \
             a liberty neither side can fill (seki); then the position played out by the search \
             ({} visits a move, the side the reading favours first) until two passes: the \
             chains captured are dead",
            (1.0 + super::dead::CLEAR) / 2.0,
            game.visits.unwrap_or(0),
            (1.0 + super::dead::SURE) / 2.0,
            super::dead::playout_visits(game.visits.unwrap_or(0)),
        ),
        Estimator::Playouts => "Benson's unconditional life first, then eye space (a group with \
             two eyes lives), then seeded playouts: a chain is dead when its points end up the \
             other colour's in more than half of them"
            .to_string(),
    };
    writeln!(out, "  (the estimate's rule: {rule})")
}

/// One chain's call in words (`dead` or alive), `taken` the likelihood that its points end up
/// the other colour's: `C3 C4 (black): ...`.
fn chain_call(chain: &DeadChain, taken: Hundredths, dead: bool) -> String {
    let other = match chain.colour {
        Stone::Black => "White",
        Stone::White => "Black",
    };
    let colour = match chain.colour {
        Stone::Black => "black",
        Stone::White => "white",
    };
    let own = match chain.colour {
        Stone::Black => "Black",
        Stone::White => "White",
    };
    let visits = chain.visits.unwrap_or(0);
    let why = match chain.call {
        Call::Benson => {
            format!("certain: it can never make an eye inside {other}'s unconditional life")
        }
        Call::Network => {
            format!("the network gives its points to {other} with likelihood {taken}")
        }
        Call::Search => format!(
            "a search of {visits} visits with each side to move gives its points to {other} \
             with likelihood {taken}"
        ),
        Call::Playout if dead => format!(
            "captured in the search's play-out ({visits} visits a move; the searches alone gave \
             its points to {other} with likelihood {taken})"
        ),
        Call::Playout => format!(
            "kept in the search's play-out ({visits} visits a move; the searches alone gave its \
             points to {other} with likelihood {taken})"
        ),
        Call::Reading if dead => format!(
            "read to the end in its shut-in fight: captured even with {own} to move (the \
             network gave its points to {other} with likelihood {taken})"
        ),
        Call::Reading => format!(
            "read to the end in its shut-in fight: not captured even with {other} to move \
             (the network gave its points to {other} with likelihood {taken})"
        ),
        Call::EyeSpace => format!("inside an eye of a {other} group with two eyes"),
        Call::Playouts => format!("its points end up {other}'s in {taken} of the playouts"),
    };
    format!("{} ({colour}): {why}.", chain.stones.join(" "))
}

/// The star points of a board, as Go boards mark them: the 3-3 (or 4-4 from 13 up) points,
/// the middles of the sides on odd boards of 13 and more, and the centre of an odd board.
fn star_points(width: usize, height: usize) -> Vec<Coord> {
    let lines = |n: usize| -> Vec<usize> {
        if n < 7 {
            return if n % 2 == 1 { vec![n / 2] } else { Vec::new() };
        }
        let edge = if n >= 13 { 3 } else { 2 };
        let mut lines = vec![edge, n - 1 - edge];
        if n % 2 == 1 && (n >= 13 || n == 9 || n == 7) {
            lines.insert(1, n / 2);
        }
        lines
    };
    let (rows, cols) = (lines(height), lines(width));
    let mut points = Vec::new();
    for &row in &rows {
        for &col in &cols {
            let middle_row = height % 2 == 1 && row == height / 2;
            let middle_col = width % 2 == 1 && col == width / 2;
            // Small odd boards mark the centre but not the sides' middles.
            if (middle_row ^ middle_col) && (width < 13 || height < 13) {
                continue;
            }
            points.push(Coord { row, col });
        }
    }
    points
}

/// Draws a scored game on a real Go board: column letters and row numbers as Go programs
/// write them, star points, the network's ownership map as shading (when it was asked), the
/// stones, dead stones faded and crossed, a small square of the owner's colour on each point
/// of territory, and a ring on each stone in seki.
///
/// # Errors
/// When writing fails, or for a board too big to draw.
pub fn svg_game(game: &GameJudgement, out: &mut dyn Write) -> io::Result<()> {
    let (width, height) = (game.detail.position.width(), game.detail.position.height());
    render::check_picture_size(width * height)?;
    let (w, h) = grid_size(width, height);
    let at = game_point_centre;
    // A strip under the board says what the picture shows: the result, or the estimate
    // that stands in for one.
    const CAPTION: f64 = 26.0;
    let mut svg = Svg::new(out, w, h + CAPTION);
    svg.rect(0.0, 0.0, w, h + CAPTION, "#ffffff", None);
    let words = caption(game);
    let size = (w / (words.chars().count() as f64 * 0.6)).min(12.0);
    svg.text(w / 2.0, h + CAPTION / 2.0, size, "#222222", &words);
    grid(&mut svg, width, height);
    let colour = |stone| match stone {
        Stone::Black => BLACK_STONE,
        Stone::White => WHITE_STONE,
    };
    // The network's ownership map, when it was asked: each point shaded towards its owner's
    // colour, as deep as the network is sure.
    if let Some(map) = &game.ownership {
        for (row, values) in map.iter().enumerate() {
            for (col, value) in values.iter().enumerate() {
                let owner = f64::from(value.0) / 100.0;
                if owner.abs() < 0.05 {
                    continue;
                }
                let (x, y) = at(Coord { row, col });
                let fill = if owner > 0.0 {
                    BLACK_STONE
                } else {
                    WHITE_STONE
                };
                let half = STEP / 2.0;
                svg.shade(x - half, y - half, STEP, STEP, fill, 0.45 * owner.abs());
            }
        }
    }
    let seki = &game.detail.scored.seki;
    for row in 0..height {
        for col in 0..width {
            let c = Coord { row, col };
            let (x, y) = at(c);
            match look(game, c) {
                Look::Stone(stone) => {
                    svg.circle(x, y, STEP * 0.46, colour(stone), Some(("#111111", 1.0)));
                    if seki.binary_search(&c).is_ok() {
                        svg.circle(x, y, STEP * 0.2, "none", Some((SEKI, 2.0)));
                    }
                }
                Look::Dead(stone) => {
                    svg.circle(
                        x,
                        y,
                        STEP * 0.46,
                        DEAD[usize::from(stone == Stone::White)],
                        Some(("#777777", 1.0)),
                    );
                    let r = STEP * 0.22;
                    svg.polyline(&[(x - r, y - r), (x + r, y + r)], CROSS, 2.0);
                    svg.polyline(&[(x - r, y + r), (x + r, y - r)], CROSS, 2.0);
                }
                Look::Territory(owner) => {
                    let half = STEP * 0.17;
                    svg.rect(
                        x - half,
                        y - half,
                        2.0 * half,
                        2.0 * half,
                        colour(owner),
                        Some(("#111111", 0.5)),
                    );
                }
                Look::Seki => svg.circle(x, y, STEP * 0.12, SEKI, None),
                Look::Neutral => {}
            }
        }
    }
    svg.finish()
}

/// The size of the picture of an empty `width` x `height` board drawn by [`grid`].
pub(crate) fn grid_size(width: usize, height: usize) -> (f64, f64) {
    (
        2.0 * GAME_EDGE + STEP * (width as f64 - 1.0),
        2.0 * GAME_EDGE + STEP * (height as f64 - 1.0),
    )
}

/// Draws an empty Go board from the picture's corner: its wood, lines, star points, and
/// the column letters and row numbers of Go programs on every side; the points' centres
/// are [`game_point_centre`]'s.
pub(crate) fn grid(svg: &mut Svg, width: usize, height: usize) {
    const EDGE: f64 = GAME_EDGE;
    let (w, h) = grid_size(width, height);
    svg.rect(0.0, 0.0, w, h, BOARD, None);
    let (right, bottom) = (w - EDGE, h - EDGE);
    for row in 0..height {
        let y = EDGE + STEP * row as f64;
        svg.polyline(&[(EDGE, y), (right, y)], "#333333", 1.0);
        let label = (height - row).to_string();
        svg.text(EDGE / 2.5, y, 11.0, "#333333", &label);
        svg.text(w - EDGE / 2.5, y, 11.0, "#333333", &label);
    }
    for (col, name) in column_names(width, height).iter().enumerate() {
        let x = EDGE + STEP * col as f64;
        svg.polyline(&[(x, EDGE), (x, bottom)], "#333333", 1.0);
        svg.text(x, EDGE / 2.5, 11.0, "#333333", name);
        svg.text(x, h - EDGE / 2.5, 11.0, "#333333", name);
    }
    for star in star_points(width, height) {
        let (x, y) = game_point_centre(star);
        svg.circle(x, y, 3.0, "#333333", None);
    }
}

/// Picture colours of a scored game.
pub const BLACK_STONE: &str = "#111111";
/// See [`BLACK_STONE`].
pub const WHITE_STONE: &str = "#fafafa";
/// Dead stones, faded: black, then white.
pub const DEAD: [&str; 2] = ["#6b6b6b", "#e2dccb"];
/// The cross on a dead stone.
pub const CROSS: &str = "#d62828";
/// Seki marks.
pub const SEKI: &str = "#2a9d8f";
