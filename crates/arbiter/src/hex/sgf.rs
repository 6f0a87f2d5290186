//! Hex game records in SGF as HexGui writes and reads them (`GM[11]`), read with sgf-parse
//! and turned into a [`Record`] at this one boundary; and records written back as SGF.
//!
//! Reading follows the main line (the first child at every node); variations are ignored.
//! What is read, as HexGui reads it:
//!
//! - `SZ[n]`, or `SZ[w:h]` for `w` columns and `h` rows (required, as HexGui requires it);
//! - moves `B` (Red) and `W` (Blue): a cell (`a1`, or Go-like `aa` as Little Golem writes),
//!   or `swap-pieces`, `swap-sides`, `swap` (swap-sides), `pass`, `resign`, `forfeit`, in any
//!   case; files whose `AP` is `HexGui:0.9` or earlier wrote `swap-pieces` where they meant
//!   `swap-sides`, and it is read so;
//! - setup `AB`, `AW`, `AE` and `PL` in any node; `RE`; the root's game information (`PB`,
//!   `PW`, `EV`, `DT`, ...), kept to be written back.
//!
//! A record without `GM` is read as Hex (sgf-parse would take it for Go); `GM` naming another
//! game is an error.
//!
//! Writing ([`write_record`]) prints a normalised record: `FF[4]GM[11]`, the size, the game
//! information, then one node per move, swaps spelt as HexGui 0.10 and later spell them.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{sgf, record};
//!
//! let record = sgf::record_of("(;FF[4]GM[11]SZ[3];B[b2];W[swap-pieces];B[a1])").unwrap();
//! let replay = record::replay(record).unwrap();
//! assert_eq!(replay.board.to_string(), "R..\n.B.\n...\n");
//! let mut text = Vec::new();
//! sgf::write_record(&mut text, &replay.record).unwrap();
//! assert_eq!(
//!     String::from_utf8(text).unwrap(),
//!     "(;FF[4]GM[11]AP[arbiter]SZ[3];B[b2];W[swap-pieces];B[a1])\n"
//! );
//! ```

use std::io::{self, Write};

use sgf_parse::SgfNode;
use sgf_parse::SgfProp;
use sgf_parse::unknown_game::Prop;

use super::board::Stone;
use super::record::{Action, Event, Move, Record, RecordError, parse_point};
use crate::grid::Coord;
use crate::input::{ErrorKind, Illegal, InputError, Place};
use crate::sgf::{self as collection, GameText};

/// SGF's number for Hex.
const HEX: i64 = 11;

/// Why a game tree is not a Hex record arbiter reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotHex {
    /// `GM` names another game.
    #[error("the record is not a game of Hex (GM[{0}]; Hex is GM[11])")]
    OtherGame(String),
    /// No `SZ`.
    #[error("the record has no board size (SZ)")]
    NoSize,
    /// `SZ` is not a size.
    #[error("SZ[{0}] is not a board size (SZ[n] or SZ[columns:rows], 1 to {max} each)", max = super::record::MAX_SIDE)]
    Size(String),
    /// A setup value is not a cell.
    #[error("{what}[{value}] is not a cell (a1, b3, ...)")]
    Point {
        /// The property.
        what: String,
        /// The value.
        value: String,
    },
    /// A move that cannot be replayed.
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// Reads one game's text (as cut from its collection) into a record.
///
/// # Errors
/// Broken SGF, a game that is not Hex, or a value that is not a move, a cell or a size,
/// naming the game (and the move).
pub fn record(game: &GameText) -> Result<Record, InputError> {
    let tree = collection::parse(game)?;
    let root = match tree {
        sgf_parse::GameTree::Unknown(root) => root,
        sgf_parse::GameTree::GoGame(root) => {
            if let Some(gm) = root.get_property("GM") {
                let number = gm.to_string();
                let number = number.trim_start_matches("GM[").trim_end_matches(']');
                return Err(not_hex(game, NotHex::OtherGame(number.to_string())));
            }
            // No GM: sgf-parse reads the record as Go. Read it again as Hex.
            reparse_as_hex(game)?
        }
    };
    convert(&root).map_err(|(e, (node, id))| {
        let at = collection::property_on_main_line(&game.text, node, &id, 0).unwrap_or(0);
        not_hex_at(game, e, at)
    })
}

/// The text of a game without `GM`, parsed again with `GM[11]` added to its root.
fn reparse_as_hex(game: &GameText) -> Result<SgfNode<Prop>, InputError> {
    let Some(root) = game.text.find(';') else {
        return Err(not_hex(game, NotHex::NoSize));
    };
    let mut text = String::with_capacity(game.text.len() + 6);
    text.push_str(&game.text[..=root]);
    text.push_str("GM[11]");
    text.push_str(&game.text[root + 1..]);
    let with_gm = GameText {
        text,
        ..game.clone()
    };
    match collection::parse(&with_gm)? {
        sgf_parse::GameTree::Unknown(root) => Ok(root),
        sgf_parse::GameTree::GoGame(_) => Err(not_hex(game, NotHex::OtherGame("1".into()))),
    }
}

fn not_hex(game: &GameText, error: NotHex) -> InputError {
    not_hex_at(game, error, 0)
}

/// Where on the main line a property is: its node (0 the root) and its identifier.
type Spot = (usize, String);

/// A record that is not a Hex record arbiter reads, said at byte `at` of the game's text (a
/// move that cannot be replayed: at its number).
fn not_hex_at(game: &GameText, error: NotHex, at: usize) -> InputError {
    let place = match &error {
        NotHex::Record(record) => record
            .move_number()
            .map(|number| Place::Move { number, pos: None }),
        _ => None,
    }
    .unwrap_or_else(|| collection::place(game, at));
    let kind = match error {
        NotHex::Record(record) => ErrorKind::Illegal(Illegal::new(record)),
        other => ErrorKind::Illegal(Illegal::new(other)),
    };
    InputError::new(Some(place), kind).in_game(game.number)
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

/// The root's game information kept to be written back.
const INFO: [&str; 19] = [
    "GN", "EV", "RO", "DT", "PC", "PB", "PW", "BR", "WR", "BT", "WT", "ON", "OT", "SO", "US", "AN",
    "CP", "RU", "GC",
];

/// The record a Hex game tree holds.
fn convert(root: &SgfNode<Prop>) -> Result<Record, (NotHex, Spot)> {
    let in_root = |id: &str| (0, id.to_string());
    if let Some(Prop::GM(game)) = root.get_property("GM")
        && *game != HEX
    {
        return Err((NotHex::OtherGame(game.to_string()), in_root("GM")));
    }
    let size = |value| (NotHex::Size(value), in_root("SZ"));
    let (cols, rows) = match root.get_property("SZ") {
        None => return Err((NotHex::NoSize, in_root(""))),
        Some(Prop::SZ((w, h))) => (usize::from(*w), usize::from(*h)),
        Some(Prop::Invalid(_, values)) => return Err(size(values.join(""))),
        Some(other) => return Err(size(other.to_string())),
    };
    let mut record = Record::new(rows, cols).map_err(|_| {
        let size_text = if rows == cols {
            cols.to_string()
        } else {
            format!("{cols}:{rows}")
        };
        size(size_text)
    })?;
    let swap_bug = written_by_old_hexgui(root);
    let mut moves = 0;
    for (index, node) in root.main_variation().enumerate() {
        for prop in node.properties() {
            let here = |error: NotHex| (error, (index, prop.identifier()));
            match prop {
                Prop::AB(values) | Prop::AW(values) | Prop::AE(values) => {
                    let (what, stone) = match prop {
                        Prop::AB(_) => ("AB", Some(Stone::Red)),
                        Prop::AW(_) => ("AW", Some(Stone::Blue)),
                        _ => ("AE", None),
                    };
                    // The values come as a set, in no fixed order: taken in sorted order,
                    // the error names the same bad value on every run.
                    let mut values: Vec<&String> = values.iter().collect();
                    values.sort();
                    let mut cells = values
                        .into_iter()
                        .map(|value| {
                            parse_point(value.trim()).ok_or_else(|| NotHex::Point {
                                what: what.to_string(),
                                value: value.clone(),
                            })
                        })
                        .collect::<Result<Vec<Coord>, NotHex>>()
                        .map_err(here)?;
                    cells.sort();
                    record.events.push(Event::Setup { stone, cells });
                }
                Prop::B(value) | Prop::W(value) => {
                    moves += 1;
                    let colour = if matches!(prop, Prop::B(_)) {
                        Stone::Red
                    } else {
                        Stone::Blue
                    };
                    record.events.push(Event::Move(
                        read_move(moves, colour, value, swap_bug).map_err(here)?,
                    ));
                }
                Prop::PL(colour) => record.events.push(Event::ToPlay(match colour {
                    sgf_parse::Color::Black => Stone::Red,
                    sgf_parse::Color::White => Stone::Blue,
                })),
                Prop::RE(text) => record.result = Some(text.text.clone()),
                Prop::Invalid(id, values) if matches!(id.as_str(), "B" | "W") => {
                    moves += 1;
                    let error = RecordError::NotAMove {
                        number: moves,
                        text: values.join(""),
                    };
                    return Err(here(error.into()));
                }
                Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE") => {
                    return Err(here(NotHex::Point {
                        what: id.clone(),
                        value: values.join("]["),
                    }));
                }
                _ => {}
            }
        }
    }
    record.info = root.properties().filter_map(info_of).collect();
    Ok(record)
}

/// One move, read as HexGui reads it.
fn read_move(number: usize, colour: Stone, value: &str, swap_bug: bool) -> Result<Move, NotHex> {
    let action = Action::parse(value).ok_or_else(|| RecordError::NotAMove {
        number,
        text: value.to_string(),
    })?;
    let action = if swap_bug && action == Action::SwapPieces {
        Action::SwapSides
    } else {
        action
    };
    Ok(Move {
        number,
        colour,
        action,
        pos: None,
    })
}

/// Whether the record was written by HexGui 0.9 or earlier, which wrote `swap-pieces` for
/// `swap-sides`: HexGui's own test is that `AP` matches `HexGui:0\.[0-9](\z|[^0-9].*)`.
fn written_by_old_hexgui(root: &SgfNode<Prop>) -> bool {
    let application = match root.get_property("AP") {
        Some(Prop::AP((name, version))) => format!("{}:{}", name.text, version.text),
        Some(Prop::Invalid(_, values)) => values.join(""),
        _ => return false,
    };
    old_hexgui(&application)
}

/// HexGui's test for its own old versions, on an `AP` value.
fn old_hexgui(application: &str) -> bool {
    let Some(version) = application.strip_prefix("HexGui:0.") else {
        return false;
    };
    let mut rest = version.chars();
    match (rest.next(), rest.next()) {
        (Some(digit), None) => digit.is_ascii_digit(),
        (Some(digit), Some(next)) => digit.is_ascii_digit() && !next.is_ascii_digit(),
        (None, _) => false,
    }
}

/// A root property kept as game information, as its identifier and its text.
fn info_of(prop: &Prop) -> Option<(String, String)> {
    let (id, text) = match prop {
        Prop::GN(t) => ("GN", &t.text),
        Prop::EV(t) => ("EV", &t.text),
        Prop::RO(t) => ("RO", &t.text),
        Prop::DT(t) => ("DT", &t.text),
        Prop::PC(t) => ("PC", &t.text),
        Prop::PB(t) => ("PB", &t.text),
        Prop::PW(t) => ("PW", &t.text),
        Prop::BR(t) => ("BR", &t.text),
        Prop::WR(t) => ("WR", &t.text),
        Prop::BT(t) => ("BT", &t.text),
        Prop::WT(t) => ("WT", &t.text),
        Prop::ON(t) => ("ON", &t.text),
        Prop::OT(t) => ("OT", &t.text),
        Prop::SO(t) => ("SO", &t.text),
        Prop::US(t) => ("US", &t.text),
        Prop::AN(t) => ("AN", &t.text),
        Prop::CP(t) => ("CP", &t.text),
        Prop::RU(t) => ("RU", &t.text),
        Prop::GC(t) => ("GC", &t.text),
        _ => return None,
    };
    debug_assert!(INFO.contains(&id));
    Some((id.to_string(), text.clone()))
}

/// Writes a record as a normalised HexGui SGF game and a newline: the root with `FF[4]GM[11]`,
/// `AP[arbiter]`, the size, the game information and `RE`, and the setup before the first
/// move; then one node per move, setup between moves in nodes of their own.
///
/// # Errors
/// When writing fails.
pub fn write_record(out: &mut dyn Write, record: &Record) -> io::Result<()> {
    write!(out, "(;FF[4]GM[11]AP[arbiter]")?;
    if record.rows == record.cols {
        write!(out, "SZ[{}]", record.cols)?;
    } else {
        write!(out, "SZ[{}:{}]", record.cols, record.rows)?;
    }
    for (id, text) in &record.info {
        write!(out, "{id}[{}]", collection::escape(text))?;
    }
    if let Some(result) = &record.result {
        write!(out, "RE[{}]", collection::escape(result))?;
    }
    // Setup and PL go into the node open at the time: the root, or one of their own after
    // a move.
    let mut in_move_node = false;
    for event in &record.events {
        match event {
            Event::Move(m) => {
                write!(out, ";{}[{}]", m.colour.sgf(), m.action)?;
                in_move_node = true;
            }
            Event::Setup { stone, cells } => {
                if in_move_node {
                    out.write_all(b";")?;
                    in_move_node = false;
                }
                let id = match stone {
                    Some(Stone::Red) => "AB",
                    Some(Stone::Blue) => "AW",
                    None => "AE",
                };
                if !cells.is_empty() {
                    out.write_all(id.as_bytes())?;
                    for &at in cells {
                        write!(out, "[{}]", super::cell_name(at))?;
                    }
                }
            }
            Event::ToPlay(colour) => {
                if in_move_node {
                    out.write_all(b";")?;
                    in_move_node = false;
                }
                write!(out, "PL[{}]", colour.sgf())?;
            }
        }
    }
    out.write_all(b")\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::record::replay;

    fn moves(text: &str) -> Vec<Action> {
        record_of(text).unwrap().moves().map(|m| m.action).collect()
    }

    #[test]
    fn hexgui_old_versions_are_recognised_as_hexgui_does() {
        for old in [
            "HexGui:0.9",
            "HexGui:0.9.GIT",
            "HexGui:0.2",
            "HexGui:0.9 beta",
        ] {
            assert!(old_hexgui(old), "{old}");
        }
        for new in [
            "HexGui:0.10",
            "HexGui:0.10.GIT",
            "HexGui:1.0",
            "hexgui:0.9",
            "MoHex:0.9",
        ] {
            assert!(!old_hexgui(new), "{new}");
        }
    }

    #[test]
    fn every_swap_spelling_hexgui_reads() {
        let swaps = "(;GM[11]SZ[3];B[a1];W[swap-pieces])(;GM[11]SZ[3];B[a1];W[swap-sides])\
                     (;GM[11]SZ[3];B[a1];W[swap])(;GM[11]SZ[3];B[a1];W[SWAP])\
                     (;GM[11]SZ[3];B[a1];W[Swap-Pieces])";
        let found: Vec<Vec<Action>> = swaps
            .split_inclusive(')')
            .map(moves)
            .map(|moves| moves[1..].to_vec())
            .collect();
        assert_eq!(
            found,
            [
                [Action::SwapPieces],
                [Action::SwapSides],
                [Action::SwapSides],
                [Action::SwapSides],
                [Action::SwapPieces]
            ]
        );
    }

    #[test]
    fn hexgui_0_9_wrote_swap_pieces_for_swap_sides() {
        let old = "(;FF[4]AP[HexGui:0.9.GIT]GM[11]SZ[3];B[b1];W[swap-pieces])";
        assert_eq!(moves(old)[1], Action::SwapSides);
        let new = "(;FF[4]AP[HexGui:0.10.GIT]GM[11]SZ[3];B[b1];W[swap-pieces])";
        assert_eq!(moves(new)[1], Action::SwapPieces);
    }

    #[test]
    fn rectangular_boards_are_columns_by_rows() {
        let record = record_of("(;GM[11]SZ[4:2];B[d2])").unwrap();
        assert_eq!((record.cols, record.rows), (4, 2));
        let replay = replay(record).unwrap();
        assert_eq!(replay.board.to_string(), "....\n...R\n");
    }

    #[test]
    fn a_record_without_gm_is_hex_and_another_game_is_refused() {
        assert_eq!(moves("(;SZ[5];B[c3];W[aa])").len(), 2);
        let go = record_of("(;GM[1]SZ[9];B[cc])").unwrap_err().to_string();
        assert!(go.contains("not a game of Hex (GM[1]"), "{go}");
        let chess = record_of("(;GM[3]SZ[8];B[a1])").unwrap_err().to_string();
        assert!(chess.contains("GM[3]"), "{chess}");
    }

    #[test]
    fn bad_sizes_and_moves_are_errors_naming_the_game_and_the_move() {
        let zero = record_of("(;GM[11]SZ[0];B[a1])").unwrap_err().to_string();
        assert!(
            zero.starts_with("game 1") && zero.contains("SZ[0]"),
            "{zero}"
        );
        let none = record_of("(;GM[11];B[a1])").unwrap_err().to_string();
        assert!(none.contains("no board size"), "{none}");
        let huge = record_of("(;GM[11]SZ[300];B[a1])").unwrap_err().to_string();
        assert!(huge.contains("SZ[300]"), "{huge}");
        let swop = record_of("(;GM[11]SZ[3];B[a1];W[swop])")
            .unwrap_err()
            .to_string();
        assert!(
            swop.starts_with("game 1, move 2:") && swop.contains("\"swop\""),
            "{swop}"
        );
    }

    #[test]
    fn a_setup_list_with_bad_values_names_the_same_one_every_time() {
        // The values of a setup property come as a set: the error must not depend on the
        // set's order (found by the fuzzer: two reads named two values).
        let text = "(;FF[4]GM[11]SZ[3]AB[B][b1[][c2][zz])";
        let first = record_of(text).unwrap_err().to_string();
        for _ in 0..20 {
            assert_eq!(record_of(text).unwrap_err().to_string(), first);
        }
        assert!(
            first.ends_with("AB[B] is not a cell (a1, b3, ...)"),
            "{first}"
        );
    }

    #[test]
    fn setup_and_game_information_survive_writing() {
        let text = "(;FF[4]GM[11]SZ[3]PB[Mo\\]Hex]PW[Wolve]RE[B+]AB[a1][b2]AW[c3]PL[W];W[a3];\
                    AE[b2];B[b2])";
        let record = record_of(text).unwrap();
        let mut out = Vec::new();
        write_record(&mut out, &record).unwrap();
        let written = String::from_utf8(out).unwrap();
        assert_eq!(
            written,
            "(;FF[4]GM[11]AP[arbiter]SZ[3]PB[Mo\\]Hex]PW[Wolve]RE[B+]AB[a1][b2]AW[c3]PL[W]\
             ;W[a3];AE[b2];B[b2])\n"
        );
        assert_eq!(record_of(&written).unwrap(), record);
    }
}
