//! A review for people: a table for the terminal ([`write_table`]: the biggest mistakes
//! first, each player's summary, then every move), and a picture ([`svg`]: the lead and the
//! chance to win over the game, the biggest mistakes numbered on it, and the board at the
//! worst one beside it).

use std::io::{self, Write};

use super::moves::{Decided, MoveReview, Review, SIZES};
use crate::go::position::Stone;
use crate::go::record::Record;
use crate::go::show::{BLACK_STONE, WHITE_STONE, game_point_centre, grid, grid_size};
use crate::render::{self, Svg};

fn player(stone: Option<Stone>) -> &'static str {
    match stone {
        Some(Stone::Black) => "Black",
        Some(Stone::White) => "White",
        None => "",
    }
}

/// A lead as players say it: `B+3.5`, `W+12.0`, `0.0`.
fn lead(black_lead: f32) -> String {
    if black_lead > 0.05 {
        format!("B+{black_lead:.1}")
    } else if black_lead < -0.05 {
        format!("W+{:.1}", -black_lead)
    } else {
        "0.0".into()
    }
}

/// How a review read its positions, in words.
pub(super) fn reading_words(review: &Review) -> String {
    if review.visits == 0 {
        "the raw network".into()
    } else {
        format!("a search of {} visits a position", review.visits)
    }
}

/// The mistakes of every player, the biggest first (among equals, the earliest).
fn biggest_mistakes(review: &Review) -> Vec<&MoveReview> {
    let mut all: Vec<&MoveReview> = (review.summary.black.biggest.iter())
        .chain(&review.summary.white.biggest)
        .collect();
    all.sort_by(|a, b| {
        b.loss
            .total_cmp(&a.loss)
            .then(a.move_number.cmp(&b.move_number))
    });
    all
}

/// Writes the review as a table a person reads in a terminal: what was read, who won and
/// from which move, the biggest mistakes first, each player's mistakes by size and average
/// loss, then every move.
///
/// # Errors
/// When writing fails.
pub fn write_table(review: &Review, out: &mut dyn Write) -> io::Result<()> {
    let moves = review.moves.len() - 1;
    writeln!(
        out,
        "{} moves on {} x {}, {} rules, komi {}: read by {}.",
        moves,
        review.width,
        review.height,
        review.rules.name(),
        review.komi,
        reading_words(review)
    )?;
    let summary = &review.summary;
    let won = player(summary.winner);
    match summary.decided {
        Decided::After(after) => {
            let m = &review.moves[after];
            writeln!(
                out,
                "{won} won, never behind again after move {after} ({} {}).",
                player(m.color),
                review.move_name(m.at)
            )?;
        }
        Decided::NeverBehind => writeln!(out, "{won} won, never behind.")?,
        Decided::BehindAtEnd => writeln!(
            out,
            "{won} won by the record, though still behind after the last move as read here."
        )?,
        Decided::NoWinner => writeln!(out, "No winner: the lead is even at the end.")?,
    }
    writeln!(out)?;
    let biggest = biggest_mistakes(review);
    if biggest.is_empty() {
        writeln!(out, "No mistake of {} point or more.", SIZES[0])?;
    } else {
        writeln!(out, "Biggest mistakes")?;
        writeln!(
            out,
            "{:>5}  {:<6} {:<6} {:>6}  {:<6} {:>10}  {:>12}",
            "move", "player", "played", "loss", "best", "after best", "after played"
        )?;
        for m in biggest {
            let (best, best_lead) = m.best.map_or((String::new(), String::new()), |b| {
                (review.move_name(b.at), lead(b.black_lead))
            });
            writeln!(
                out,
                "{:>5}  {:<6} {:<6} {:>6.1}  {:<6} {:>10}  {:>12}",
                m.move_number,
                player(m.color),
                review.move_name(m.at),
                m.loss,
                best,
                best_lead,
                lead(m.black_lead)
            )?;
        }
    }
    writeln!(out)?;
    writeln!(out, "{:<16} {:>7} {:>7}", "", "Black", "White")?;
    let (black, white) = (&summary.black, &summary.white);
    writeln!(out, "{:<16} {:>7} {:>7}", "moves", black.moves, white.moves)?;
    for size in (0..SIZES.len()).rev() {
        let label = match SIZES.get(size + 1) {
            Some(next) => format!("loss {}-{}", SIZES[size], next),
            None => format!("loss {}+", SIZES[size]),
        };
        writeln!(
            out,
            "{label:<16} {:>7} {:>7}",
            black.mistakes[size], white.mistakes[size]
        )?;
    }
    writeln!(
        out,
        "{:<16} {:>7.2} {:>7.2}",
        "average loss", black.average_loss, white.average_loss
    )?;
    writeln!(out)?;
    writeln!(out, "Every move")?;
    writeln!(
        out,
        "{:>5}  {:<6} {:<6} {:>9} {:>8}  {:<6} {:>6}",
        "move", "player", "played", "lead", "B wins", "best", "loss"
    )?;
    for m in &review.moves {
        let (played, best, loss) = match m.color {
            None => ("start".to_string(), String::new(), String::new()),
            Some(_) => (
                review.move_name(m.at),
                m.best.map_or(String::new(), |b| review.move_name(b.at)),
                format!("{:.1}", m.loss),
            ),
        };
        writeln!(
            out,
            "{:>5}  {:<6} {:<6} {:>9} {:>7.1}%  {:<6} {:>6}",
            m.move_number,
            player(m.color),
            played,
            lead(m.black_lead),
            100.0 * m.black_win,
            best,
            loss
        )?;
    }
    Ok(())
}

/// The graph's size and margins.
const GRAPH_W: f64 = 640.0;
const GRAPH_H: f64 = 300.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 48.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 40.0;
/// Colours: the lead, the chance to win, a mistake, the best move.
const LEAD: &str = "#222222";
const WIN: &str = "#1d6fd6";
const MISTAKE: &str = "#d62828";
const BEST: &str = "#2a9d8f";

/// Draws the review: Black's lead (black, its scale on the left) and Black's chance to win
/// (blue, on the right) after every move, the biggest mistakes numbered in red on the lead,
/// and beside the graph the board before the worst mistake, the move played marked in red
/// and the best move found in green. `record` is the record reviewed, for the board.
///
/// # Errors
/// When writing fails.
pub fn svg(review: &Review, record: &Record, out: &mut dyn Write) -> io::Result<()> {
    render::check_picture_size(review.width * review.height)?;
    let biggest = biggest_mistakes(review);
    let (board_w, board_h) = grid_size(review.width, review.height);
    let caption = 40.0;
    let width = GRAPH_W + 24.0 + board_w;
    let height = GRAPH_H.max(board_h + caption);
    let mut svg = Svg::new(out, width, height);
    graph(&mut svg, review, &biggest);
    if let Some(worst) = biggest.first() {
        svg.group(GRAPH_W + 24.0, 0.0);
        board_at(&mut svg, review, record, worst);
        let words = format!(
            "Move {}: {} {} lost {:.1} (best {})",
            worst.move_number,
            player(worst.color),
            review.move_name(worst.at),
            worst.loss,
            worst.best.map_or(String::new(), |b| review.move_name(b.at))
        );
        svg.text(
            board_w / 2.0,
            board_h + caption / 2.0,
            13.0,
            "#222222",
            &words,
        );
        svg.end_group();
    }
    svg.finish()
}

/// The lead and win graph, with the mistakes numbered.
fn graph(svg: &mut Svg, review: &Review, biggest: &[&MoveReview]) {
    let plot_w = GRAPH_W - LEFT - RIGHT;
    let plot_h = GRAPH_H - TOP - BOTTOM;
    let last = (review.moves.len() - 1).max(1) as f64;
    let span = review
        .moves
        .iter()
        .map(|m| m.black_lead.abs())
        .fold(5.0f32, f32::max)
        .ceil() as f64;
    let x = |n: usize| LEFT + plot_w * n as f64 / last;
    let y_lead = |lead: f32| TOP + plot_h * (0.5 - f64::from(lead) / (2.0 * span));
    let y_win = |win: f32| TOP + plot_h * (1.0 - f64::from(win));
    svg.rect(LEFT, TOP, plot_w, plot_h, "#f7f7f7", Some(("#bbbbbb", 1.0)));
    svg.polyline(
        &[(LEFT, y_lead(0.0)), (LEFT + plot_w, y_lead(0.0))],
        "#999999",
        1.0,
    );
    svg.text(
        GRAPH_W / 2.0,
        TOP / 2.0,
        14.0,
        "#222222",
        "Black's lead and chance to win",
    );
    svg.text(LEFT - 28.0, TOP, 11.0, LEAD, &format!("B+{span}"));
    svg.text(LEFT - 28.0, y_lead(0.0), 11.0, LEAD, "0");
    svg.text(LEFT - 28.0, TOP + plot_h, 11.0, LEAD, &format!("W+{span}"));
    svg.text(LEFT + plot_w + 24.0, TOP, 11.0, WIN, "100%");
    svg.text(LEFT + plot_w + 24.0, y_win(0.5), 11.0, WIN, "50%");
    svg.text(LEFT + plot_w + 24.0, TOP + plot_h, 11.0, WIN, "0%");
    let ticks = (last / 50.0).ceil().max(1.0) as usize * 10;
    for n in (0..review.moves.len()).step_by(ticks) {
        svg.text(x(n), TOP + plot_h + 14.0, 11.0, "#555555", &n.to_string());
    }
    svg.text(LEFT + plot_w / 2.0, GRAPH_H - 10.0, 12.0, "#555555", "move");
    let wins: Vec<(f64, f64)> = review
        .moves
        .iter()
        .map(|m| (x(m.move_number), y_win(m.black_win)))
        .collect();
    svg.polyline(&wins, WIN, 1.5);
    let leads: Vec<(f64, f64)> = review
        .moves
        .iter()
        .map(|m| (x(m.move_number), y_lead(m.black_lead)))
        .collect();
    svg.polyline(&leads, LEAD, 2.0);
    for (rank, m) in biggest.iter().enumerate() {
        let (cx, cy) = (x(m.move_number), y_lead(m.black_lead));
        svg.circle(cx, cy, 8.0, MISTAKE, Some(("#ffffff", 1.0)));
        svg.text(cx, cy, 10.0, "#ffffff", &(rank + 1).to_string());
    }
}

/// The board before `mistake`, the move played marked in red, the best move found in green.
fn board_at(svg: &mut Svg, review: &Review, record: &Record, mistake: &MoveReview) {
    grid(svg, review.width, review.height);
    let mut before = record.clone();
    before.cut_at_move(mistake.move_number - 1);
    before.markup = None;
    let Ok(replay) = crate::go::record::replay(before, review.rules) else {
        return;
    };
    let board = &replay.board;
    for row in 0..review.height {
        for col in 0..review.width {
            let at = crate::grid::Coord { row, col };
            if let Some(stone) = board.stone(board.index(col, row)) {
                let (x, y) = game_point_centre(at);
                let fill = match stone {
                    Stone::Black => BLACK_STONE,
                    Stone::White => WHITE_STONE,
                };
                svg.circle(x, y, 11.0, fill, Some(("#111111", 1.0)));
            }
        }
    }
    if let Some(at) = mistake.at {
        let (x, y) = game_point_centre(at);
        svg.circle(x, y, 11.0, "none", Some((MISTAKE, 3.0)));
    }
    if let Some(best) = mistake.best.and_then(|b| b.at) {
        let (x, y) = game_point_centre(best);
        svg.circle(x, y, 11.0, "none", Some((BEST, 3.0)));
    }
}
