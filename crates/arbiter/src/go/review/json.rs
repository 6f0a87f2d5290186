//! A review as JSON records: one a position (the start, then each move), then one summary,
//! each point named as Go programs name it (`Q16`, `pass`).

use serde_json::{Map, Value, json};

use super::moves::{Decided, MoveReview, PlayerSummary, Review, SIZES};
use crate::go::position::Stone;

/// The review's records: `{"record": "move", ...}` for the start and each move, then
/// `{"record": "summary", ...}`.
///
/// # Examples
///
/// ```
/// use arbiter::go::net::Network;
/// use arbiter::go::review::{Settings, records, review};
/// use arbiter::go::sgf::record_of;
///
/// let record = record_of("(;SZ[9]KM[7];B[ee];W[])").unwrap();
/// let review = review(&record, Network::bundled().unwrap(), Settings { visits: 0, ..Settings::default() }).unwrap();
/// let records = records(&review);
/// assert_eq!(records.len(), 4);
/// assert_eq!(records[1]["move"], "E5");
/// assert_eq!(records[2]["move"], "pass");
/// assert_eq!(records[3]["record"], "summary");
/// ```
pub fn records(review: &Review) -> Vec<Value> {
    let mut records: Vec<Value> = review
        .moves
        .iter()
        .map(|m| move_record(review, m))
        .collect();
    for (at, text) in &review.comments {
        if let Some(Value::Object(record)) = records.get_mut(*at) {
            // Two comments on one position (a setup node's, then a move's) are one.
            let joined = match record.get("comment").and_then(Value::as_str) {
                Some(before) => format!("{before}\n{text}"),
                None => text.clone(),
            };
            record.insert("comment".into(), joined.into());
        }
    }
    records.push(summary_record(review));
    records
}

/// A number as a record gives it: to the thousandth.
fn rounded(value: f32) -> f64 {
    (f64::from(value) * 1000.0).round() / 1000.0
}

fn colour(stone: Option<Stone>) -> Value {
    match stone {
        Some(Stone::Black) => "B".into(),
        Some(Stone::White) => "W".into(),
        None => Value::Null,
    }
}

fn move_record(review: &Review, m: &MoveReview) -> Value {
    let played = m.color.map(|_| review.move_name(m.at));
    json!({
        "record": "move",
        "move_number": m.move_number,
        "color": colour(m.color),
        "move": played,
        "black_lead": rounded(m.black_lead),
        "black_win": rounded(m.black_win),
        "best_move": m.best.map(|b| review.move_name(b.at)),
        "best_lead": m.best.map(|b| rounded(b.black_lead)),
        "loss": m.color.map(|_| rounded(m.loss)),
    })
}

fn player_record(player: &PlayerSummary) -> Value {
    let mut mistakes = Map::new();
    for (size, count) in SIZES.iter().zip(player.mistakes) {
        mistakes.insert(format!("{size}"), count.into());
    }
    json!({
        "moves": player.moves,
        "mistakes": mistakes,
        "average_loss": rounded(player.average_loss),
        "biggest": player.biggest.iter().map(|m| m.move_number).collect::<Vec<_>>(),
    })
}

fn summary_record(review: &Review) -> Value {
    json!({
        "record": "summary",
        "rules": review.rules.name(),
        "komi": rounded(review.komi),
        "handicap": review.handicap,
        "visits": review.visits,
        "winner": colour(review.summary.winner),
        "decided_after": match review.summary.decided {
            Decided::After(n) => Some(n),
            _ => None,
        },
        "decided": match review.summary.decided {
            Decided::NeverBehind => "never behind",
            Decided::After(_) => "after a move",
            Decided::BehindAtEnd => "behind at the end",
            Decided::NoWinner => "no winner",
        },
        "black": player_record(&review.summary.black),
        "white": player_record(&review.summary.white),
        "players": review.info,
        "result": review.result,
    })
}

impl serde::Serialize for Review {
    /// The review as one object: its `moves` records and its `summary` record.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut records = records(self);
        let summary = records.pop().unwrap_or(Value::Null);
        json!({ "moves": records, "summary": summary }).serialize(s)
    }
}
