//! Go game records in SGF (`FF[4]`, the Go properties): read with sgf-parse and turned into a
//! [`Record`] at this one boundary, and written back with the scoring in them.
//!
//! Reading follows the main line (the first child at every node); variations are ignored.
//! `SZ[n]` or `SZ[w:h]` (absent: 19), setup `AB`/`AW`/`AE` in any node, moves `B`/`W` (`B[]`
//! is a pass, and so is `B[tt]` on boards of at most 19 x 19), `KM`, `HA`, `RU`, `RE`, `PL`,
//! and the final node's `TB`/`TW`.
//!
//! Writing back edits the record's text rather than printing a new one: the final node's
//! `TB`/`TW` and the root's `RE` are replaced, and every other byte stays as it was, so a
//! record keeps its comments, variations and layout (and sgf-parse's printer, which lists
//! point sets in no fixed order and writes `SZ[19:19]`, is not needed).
//!
//! # Examples
//!
//! ```
//! use arbiter::go::sgf;
//!
//! let record = sgf::record_of("(;SZ[9]KM[6.5]RU[Japanese]RE[W+2.5];B[ee];W[];B[tt])").unwrap();
//! assert_eq!((record.width, record.height, record.events.len()), (9, 9, 3));
//! assert_eq!(record.result.as_deref(), Some("W+2.5"));
//! ```

use std::fmt;

use sgf_parse::SgfNode;
use sgf_parse::go::{Move, Point, Prop};

use super::position::Stone;
use super::record::{Event, Markup, Record};
use super::rules::RuleSet;
use super::territory::{GameResult, HalfPoints, Komi};
use crate::grid::Coord;
use crate::input::InputError;
use crate::sgf::{self as collection, GameText, main_line_nodes, properties};

/// Why a game tree is not a Go record arbiter reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotGo {
    /// `GM` names another game.
    #[error("the record is not a game of Go (GM[{0}])")]
    OtherGame(String),
    /// `SZ` is not a size.
    #[error(
        "SZ[{0}] is not a board size: game records go from SZ[1] to SZ[52], or SZ[columns:rows]"
    )]
    Size(String),
    /// A move or setup value is not a point.
    #[error("{what}[{value}] is not a point")]
    Point {
        /// The property and, for a move, its number.
        what: String,
        /// The value.
        value: String,
    },
}

fn point(p: Point) -> Coord {
    Coord {
        row: usize::from(p.y),
        col: usize::from(p.x),
    }
}

/// Reads one game's text (as cut from its collection) into a record.
///
/// # Errors
/// Broken SGF, a game that is not Go, or a value that is not a point or a size, naming the
/// game (and the move).
pub fn record(game: &GameText) -> Result<Record, InputError> {
    let (tree, mended) = collection::parse_noting(game)?;
    // One sentence that says what is wrong, at the property that holds it.
    let not_go = |e: NotGo, (node, id): Spot| {
        let at = collection::property_on_main_line(&game.text, node, &id, 0).unwrap_or(0);
        InputError::new(
            Some(collection::place(game, at)),
            crate::input::ErrorKind::Illegal(crate::input::Illegal::new(e)),
        )
        .in_game(game.number)
    };
    let root = match tree {
        sgf_parse::GameTree::GoGame(root) => root,
        sgf_parse::GameTree::Unknown(root) => {
            let game = root
                .get_property("GM")
                .map(|p| p.to_string())
                .unwrap_or_default();
            let number = game
                .trim_start_matches("GM[")
                .trim_end_matches(']')
                .to_string();
            return Err(not_go(NotGo::OtherGame(number), (0, "GM".into())));
        }
    };
    let mut record = convert(&root).map_err(|(e, spot)| not_go(e, spot))?;
    record.notes.extend(mended);
    Ok(record)
}

/// [`record`] on a text holding one game.
///
/// # Errors
/// As [`record`].
pub fn record_of(text: &str) -> Result<Record, InputError> {
    record(&GameText {
        number: 1,
        text: text.to_string(),
        offset: 0,
        pos: crate::input::Pos { line: 1, column: 1 },
    })
}

/// Where on the main line a property is: its node (0 the root) and its identifier.
type Spot = (usize, String);

/// The record a Go game tree holds.
fn convert(root: &SgfNode<Prop>) -> Result<Record, (NotGo, Spot)> {
    let size = |value| (NotGo::Size(value), (0, "SZ".to_string()));
    let (width, height) = match root.get_property("SZ") {
        None => (19, 19),
        Some(Prop::SZ((w, h))) => (usize::from(*w), usize::from(*h)),
        Some(Prop::Invalid(_, values)) => return Err(size(values.join(":"))),
        Some(other) => return Err(size(other.to_string())),
    };
    let mut record = Record {
        width,
        height,
        ..Record::default()
    };
    let mut moves = 0;
    let mut last = root;
    for (index, node) in root.main_variation().enumerate() {
        last = node;
        let mut comment = None;
        for prop in node.properties() {
            match prop {
                Prop::AB(points) | Prop::AW(points) | Prop::AE(points) => {
                    let stone = match prop {
                        Prop::AB(_) => Some(Stone::Black),
                        Prop::AW(_) => Some(Stone::White),
                        _ => None,
                    };
                    let mut points: Vec<Coord> = points.iter().copied().map(point).collect();
                    points.sort();
                    record.events.push(Event::Setup { stone, points });
                }
                Prop::B(m) | Prop::W(m) => {
                    moves += 1;
                    let stone = if matches!(prop, Prop::B(_)) {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    let at = match m {
                        Move::Pass => None,
                        // `tt` is a pass on boards that do not reach it.
                        Move::Move(Point { x: 19, y: 19 }) if width <= 19 && height <= 19 => None,
                        Move::Move(p) => Some(point(*p)),
                    };
                    record.events.push(Event::Move {
                        number: moves,
                        stone,
                        at,
                    });
                }
                Prop::KM(komi) => record.komi = Some(komi_read(*komi, &mut record.notes)),
                Prop::HA(handicap) => record.handicap = (*handicap).clamp(0, 2704) as usize,
                Prop::RU(text) => record.rules = Some(text.text.clone()),
                Prop::RE(text) => record.result = Some(text.text.clone()),
                Prop::PB(text) => record.info.black = Some(text.text.clone()),
                Prop::PW(text) => record.info.white = Some(text.text.clone()),
                Prop::BR(text) => record.info.black_rank = Some(text.text.clone()),
                Prop::WR(text) => record.info.white_rank = Some(text.text.clone()),
                Prop::DT(text) => record.info.date = Some(text.text.clone()),
                Prop::EV(text) => record.info.event = Some(text.text.clone()),
                Prop::C(text) => comment = Some(text.text.clone()),
                Prop::PL(colour) => {
                    record.to_play = Some(match colour {
                        sgf_parse::Color::Black => Stone::Black,
                        sgf_parse::Color::White => Stone::White,
                    })
                }
                Prop::Invalid(id, values) => match id.as_str() {
                    "B" | "W" | "AB" | "AW" | "AE" => {
                        let what = if matches!(id.as_str(), "B" | "W") {
                            format!("move {} {id}", moves + 1)
                        } else {
                            id.clone()
                        };
                        let error = NotGo::Point {
                            what,
                            value: values.join("]["),
                        };
                        return Err((error, (index, id.clone())));
                    }
                    // A komi in another notation (`6,5`): read what can be read.
                    "KM" => {
                        let text = values.join("").replace(',', ".");
                        if let Ok(komi) = text.trim().parse::<f64>() {
                            record.komi = Some(komi_read(komi, &mut record.notes));
                        }
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        if let Some(text) = comment {
            record.comments.push((moves, text));
        }
    }
    let sets = |prop: &str| match last.get_property(prop) {
        Some(Prop::TB(points)) | Some(Prop::TW(points)) => {
            let mut list: Vec<Coord> = points.iter().copied().map(point).collect();
            list.sort();
            Some(list)
        }
        _ => None,
    };
    let (black, white) = (sets("TB"), sets("TW"));
    if black.is_some() || white.is_some() {
        record.markup = Some(Markup {
            black: black.unwrap_or_default(),
            white: white.unwrap_or_default(),
        });
    }
    Ok(record)
}

/// Komi as a record writes it: points, or, from a hundred up, hundredths of a point, as the
/// Fox Go Server writes it (`KM[650]` for 6.5), or hundredths of a stone under area
/// counting (`KM[375]`: 3.75 stones, 7.5 points). Such a reading is noted.
fn komi_read(value: f64, notes: &mut Vec<String>) -> Komi {
    if value.abs() < 100.0 || !value.is_finite() {
        return komi_of(value);
    }
    let hundredths = value / 100.0;
    let (points, unit) = if (hundredths * 2.0).fract() == 0.0 {
        (hundredths, "hundredths of a point")
    } else {
        (hundredths * 2.0, "hundredths of a stone, two points each")
    };
    let komi = komi_of(points);
    notes.push(format!(
        "KM[{value}] read as komi {komi}: no board needs such a komi, and the Fox Go Server \
         writes komi in {unit}"
    ));
    komi
}

/// Komi from SGF's real number, to the nearest half point.
fn komi_of(value: f64) -> Komi {
    let halves = (value * 2.0).round();
    let bound = 2.0 * Komi::MAX_POINTS as f64;
    Komi::from_halves(halves.clamp(-bound, bound) as i64)
}

/// What a record's `RE` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// A score: `B+3.5`, `W+12`, `0`.
    Score(GameResult),
    /// A win without a score: by resignation, on time, by forfeit, or unsaid (`W+`).
    Win {
        /// The winner.
        winner: Stone,
        /// How, as written (`R`, `Resign`, `T`, `Time`, `F`, or empty).
        how: String,
    },
    /// A draw written `Draw`.
    Draw,
    /// No result (`Void`), unknown (`?`), or anything else.
    Other(String),
}

impl Recorded {
    /// Reads an `RE` value as written in the wild.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::go::sgf::Recorded;
    ///
    /// assert_eq!(Recorded::read("B+3.5").score().unwrap().to_string(), "B+3.5");
    /// assert_eq!(Recorded::read("0").score().unwrap().to_string(), "0");
    /// assert!(Recorded::read("W+Resign").score().is_none());
    /// assert!(matches!(Recorded::read("?"), Recorded::Other(_)));
    /// ```
    pub fn read(text: &str) -> Recorded {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if text == "0" || lower == "draw" || lower == "jigo" {
            return if text == "0" {
                Recorded::Score(GameResult::Draw)
            } else {
                Recorded::Draw
            };
        }
        let winner = match text.get(..2).map(str::to_ascii_uppercase).as_deref() {
            Some("B+") => Stone::Black,
            Some("W+") => Stone::White,
            _ => return Recorded::Other(text.to_string()),
        };
        let rest = &text[2..];
        match rest.parse::<f64>() {
            Ok(margin) if margin > 0.0 && (margin * 2.0).fract() == 0.0 && margin < 1e7 => {
                Recorded::Score(GameResult::Win {
                    winner,
                    margin: HalfPoints((margin * 2.0) as u64),
                })
            }
            _ => Recorded::Win {
                winner,
                how: rest.to_string(),
            },
        }
    }

    /// The score, when the record gives one.
    pub fn score(&self) -> Option<GameResult> {
        match self {
            Recorded::Score(result) => Some(*result),
            _ => None,
        }
    }
}

impl fmt::Display for Recorded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recorded::Score(result) => write!(f, "{result}"),
            Recorded::Win { winner, how } => write!(f, "{}+{how}", winner.letter()),
            Recorded::Draw => f.write_str("Draw"),
            Recorded::Other(text) => f.write_str(text),
        }
    }
}

/// What [`with_scoring`] writes into a record.
#[derive(Clone, Copy, Debug)]
pub struct WriteBack<'a> {
    /// The final node's territory, Black's then White's, dead stones' points included (for
    /// a finished game only: markup makes a game finished).
    pub markup: Option<(&'a [Coord], &'a [Coord])>,
    /// What was counted, under which rules: the final node's comment, after the record's
    /// own (a note of an earlier run, from `arbiter:` on, is replaced).
    pub note: &'a str,
    /// A result to put in place of the root's `RE`, when asked; `None` keeps `RE` as it was.
    pub result: Option<&'a str>,
}

/// The prefix of the note [`with_scoring`] writes into the final node's comment.
pub const NOTE_PREFIX: &str = "arbiter: ";

/// A game's text with the scoring written in: the final main-line node's `TB` and `TW`
/// replaced by the markup (each point once, in order), the note added to its comment, and
/// the root's `RE` replaced only when a result is given. Every other byte is kept as it was.
pub fn with_scoring(text: &str, scoring: WriteBack) -> String {
    let nodes = main_line_nodes(text);
    let (Some(&root), Some(&last)) = (nodes.first(), nodes.last()) else {
        return text.to_string();
    };
    let value_list = |points: &[Coord]| -> String {
        let mut points: Vec<String> = points
            .iter()
            .map(|&at| super::record::sgf_point(at))
            .collect();
        points.sort();
        points.dedup();
        points.iter().map(|p| format!("[{p}]")).collect()
    };
    let last_node = properties(text, last);
    let end = last_node.last().map_or(last + 1, |p| p.end);
    // Edits of the final node, as (start, end, new text), applied from the last.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    if let Some((black, white)) = scoring.markup {
        for p in last_node.iter().filter(|p| p.id == "TB" || p.id == "TW") {
            edits.push((p.start, p.end, String::new()));
        }
        let mut territory = String::new();
        if !black.is_empty() {
            territory.push_str(&format!("TB{}", value_list(black)));
        }
        if !white.is_empty() {
            territory.push_str(&format!("TW{}", value_list(white)));
        }
        edits.push((end, end, territory));
    }
    let note = collection::escape(scoring.note);
    match last_node.iter().find(|p| p.id == "C") {
        Some(comment) => {
            let old = &text[comment.start..comment.end];
            let value = old
                .find('[')
                .map_or("", |open| &old[open + 1..old.len().saturating_sub(1)]);
            // The record's own comment, without the note of an earlier run.
            let earlier = value.match_indices(NOTE_PREFIX).find(|&(at, _)| {
                at == 0 || value[..at].ends_with("\n\n") || value[..at].ends_with("\r\n\r\n")
            });
            let own = earlier.map_or(value, |(at, _)| &value[..at]).trim_end();
            let merged = if own.is_empty() {
                format!("C[{note}]")
            } else {
                format!("C[{own}\n\n{note}]")
            };
            edits.push((comment.start, comment.end, merged));
        }
        None => edits.push((end, end, format!("C[{note}]"))),
    }
    edits.sort_by_key(|&(start, stop, _)| (start, stop));
    let mut edited = text.to_string();
    for (start, stop, new) in edits.into_iter().rev() {
        edited.replace_range(start..stop, &new);
    }
    let Some(result) = scoring.result else {
        return edited;
    };
    let root_node = properties(&edited, root);
    let mut cut: Vec<(usize, usize)> = root_node
        .iter()
        .filter(|p| p.id == "RE")
        .map(|p| (p.start, p.end))
        .collect();
    cut.sort();
    for &(start, stop) in cut.iter().rev() {
        edited.replace_range(start..stop, "");
    }
    edited.insert_str(root + 1, &format!("RE[{}]", collection::escape(result)));
    edited
}

/// A game record of a position scored under a rule set (a contest position has no record of
/// its own): size, rules, komi, the stones as setup, the territory and the result.
pub fn position_record(
    position: &super::position::Position,
    (rules, komi, result): (RuleSet, Komi, GameResult),
    black: &[Coord],
    white: &[Coord],
) -> String {
    let (width, height) = (position.width(), position.height());
    let size = if width == height {
        width.to_string()
    } else {
        format!("{width}:{height}")
    };
    let list = |points: &mut dyn Iterator<Item = Coord>| -> String {
        let mut values: Vec<String> = points.map(super::record::sgf_point).collect();
        values.sort();
        values.dedup();
        values.iter().map(|v| format!("[{v}]")).collect()
    };
    let mut text = format!("(;GM[1]FF[4]CA[UTF-8]AP[arbiter]SZ[{size}]RU[{rules}]KM[{komi}]");
    for (property, stone) in [("AB", Stone::Black), ("AW", Stone::White)] {
        let mut points = (0..height)
            .flat_map(|row| (0..width).map(move |col| Coord { row, col }))
            .filter(|&at| position.get(at) == Some(stone));
        let values = list(&mut points);
        if !values.is_empty() {
            text.push_str(&format!("{property}{values}"));
        }
    }
    for (property, points) in [("TB", black), ("TW", white)] {
        if !points.is_empty() {
            text.push_str(&format!("{property}{}", list(&mut points.iter().copied())));
        }
    }
    text.push_str(&format!("RE[{result}])"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pass_spelling_is_a_pass() {
        let record = record_of("(;SZ[19];B[];W[tt];B[aa])").unwrap();
        let moves: Vec<Option<Coord>> = record
            .events
            .iter()
            .map(|e| match e {
                Event::Move { at, .. } => *at,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(moves, [None, None, Some(Coord { row: 0, col: 0 })]);
        // On a larger board `tt` is a point.
        let record = record_of("(;SZ[21];B[tt])").unwrap();
        assert!(matches!(
            record.events[0],
            Event::Move {
                at: Some(Coord { row: 19, col: 19 }),
                ..
            }
        ));
    }

    #[test]
    fn the_main_line_is_followed_and_variations_ignored() {
        let record = record_of("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap();
        assert_eq!(record.events.len(), 3);
        assert_eq!(
            main_line_nodes("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[x]))(;W[dd]))").len(),
            4
        );
    }

    #[test]
    fn rectangular_sizes_setup_and_game_info_are_read() {
        let text = "(;SZ[13:9]KM[0.5]HA[2]RU[AGA]PL[W]AB[aa:bb]AE[aa]TB[cc]TW[dd][ee])";
        let record = record_of(text).unwrap();
        assert_eq!((record.width, record.height), (13, 9));
        assert_eq!(record.komi, Some(Komi::from_halves(1)));
        assert_eq!(record.handicap, 2);
        assert_eq!(record.rules.as_deref(), Some("AGA"));
        assert_eq!(record.to_play, Some(Stone::White));
        let markup = record.markup.unwrap();
        assert_eq!((markup.black.len(), markup.white.len()), (1, 2));
        assert_eq!(record.events.len(), 2, "AB then AE");
    }

    #[test]
    fn odd_results_are_read_as_what_they_are() {
        for (text, score) in [
            ("B+3.5", Some("B+3.5")),
            ("W+12", Some("W+12")),
            ("w+0.5", Some("W+0.5")),
            ("0", Some("0")),
            ("W+R", None),
            ("B+Resign", None),
            ("W+T", None),
            ("B+Time Over", None),
            ("W+", None),
            ("Draw", None),
            ("Void", None),
            ("?", None),
            ("B+3.25", None),
        ] {
            let recorded = Recorded::read(text);
            assert_eq!(
                recorded.score().map(|s| s.to_string()).as_deref(),
                score,
                "{text}"
            );
        }
    }

    #[test]
    fn a_point_that_is_not_one_is_an_error_naming_the_move() {
        let error = record_of("(;SZ[9];B[aa];W[a])").unwrap_err().to_string();
        assert!(error.contains("move 2 W[a] is not a point"), "{error}");
        let error = record_of("(;GM[11]SZ[9];B[aa])").unwrap_err().to_string();
        assert!(error.contains("not a game of Go (GM[11])"), "{error}");
    }

    #[test]
    fn writing_back_adds_the_scoring_and_keeps_the_record_s_words() {
        // The main line ends at `;B[cc]`: its markup and note are written there; the `TB`
        // of an earlier node stays, as does every other byte, RE included.
        let text = "(;GM[1]SZ[9]RE[B+R]C[keep me];B[aa]\n;W[bb]TB[zz]C[end](;B[cc])(;B[dd]))";
        let c = |row, col| Coord { row, col };
        let (black, white) = ([c(0, 1), c(0, 0)], [c(2, 2)]);
        let scoring = WriteBack {
            markup: Some((&black, &white)),
            note: "arbiter: counted W+3.5",
            result: None,
        };
        let written = with_scoring(text, scoring);
        assert_eq!(
            written,
            "(;GM[1]SZ[9]RE[B+R]C[keep me];B[aa]\n;W[bb]TB[zz]C[end](;B[cc]TB[aa][ba]TW[cc]C[arbiter: \
             counted W+3.5])(;B[dd]))"
        );
        let again = record_of(&written).unwrap();
        assert_eq!(again.result.as_deref(), Some("B+R"));
        assert_eq!(again.markup.unwrap().black.len(), 2);
        // Replacing RE is asked for; a final node's own markup is replaced, its comment kept
        // with the note after it, and a note of an earlier run replaced.
        let text = "(;SZ[5]RE[W+R];B[aa]TW[bb] C[nice]TB[cc][dd])";
        let scoring = WriteBack {
            markup: Some((&[c(4, 4)], &[])),
            note: "arbiter: counted B+1",
            result: Some("B+1"),
        };
        let written = with_scoring(text, scoring);
        assert_eq!(
            written,
            "(;RE[B+1]SZ[5];B[aa] C[nice\n\narbiter: counted B+1]TB[ee])"
        );
        let again = with_scoring(
            &written,
            WriteBack {
                note: "arbiter: counted B+2",
                ..scoring
            },
        );
        assert_eq!(
            again,
            "(;RE[B+1]SZ[5];B[aa] C[nice\n\narbiter: counted B+2]TB[ee])"
        );
        // An unfinished game gets its note and no markup (markup would finish it).
        let scoring = WriteBack {
            markup: None,
            note: "arbiter: estimate",
            result: None,
        };
        assert_eq!(
            with_scoring("(;SZ[5];B[aa])", scoring),
            "(;SZ[5];B[aa]C[arbiter: estimate])"
        );
    }
}
