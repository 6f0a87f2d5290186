//! Hex games as trmph links, one game per line: `https://trmph.com/hex/board#11,a1b2c3`, the
//! size, a comma, then the cells in order with no separator, Red first, alternating. The
//! address may be absent (`11,a1b2c3`, or `#11,a1b2c3`); anything after the moves and a blank
//! (a result some collections add) is ignored. Blank lines are skipped.
//!
//! Lines are read one at a time, each at most [`MAX_LINE`] bytes: a longer line is read that
//! far and its moves replayed, so that its error names the move where the game breaks (a game
//! has no more moves than cells), and the rest of the line is skipped.
//!
//! trmph has no swap, pass or setup: a record that has any but swaps of sides cannot be
//! written as trmph ([`write_record`]); a swap of sides is left out, since the colours go on
//! alternating.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::{record, trmph};
//!
//! let record = trmph::parse_link("https://trmph.com/hex/board#3,a1b1a2").unwrap();
//! let replay = record::replay(record).unwrap();
//! assert_eq!(replay.board.to_string(), "RB.\nR..\n...\n");
//! let mut text = Vec::new();
//! trmph::write_record(&mut text, &replay.record).unwrap();
//! assert_eq!(text, b"https://trmph.com/hex/board#3,a1b1a2\n");
//! ```

use std::io::{self, BufRead, Write};

use super::board::Stone;
use super::record::{Action, Event, MAX_SIDE, Move, Record};
use crate::grid::Coord;
use crate::input::{ErrorKind, InputError, Place, Pos};

/// The longest line read: far more than a game on the largest board takes.
pub const MAX_LINE: usize = 1 << 20;

/// The address trmph's links start with.
pub const ADDRESS: &str = "https://trmph.com/hex/board#";

/// One line of a trmph file, as read.
#[derive(Clone, Debug)]
pub struct Line {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The line's number in the file, from 1.
    pub line: usize,
    /// The column of the line's first byte: 1, unless blank space before it was read to find
    /// out the file's format.
    pub column: usize,
    /// The line's bytes (at most [`MAX_LINE`]), without its end.
    pub text: Vec<u8>,
    /// Whether the line went on past [`MAX_LINE`] bytes.
    pub cut: bool,
}

/// Reads the games of a trmph file one line at a time; `start` is where the first byte
/// `reader` holds stands in the file.
pub fn lines<R: BufRead>(reader: R, start: Pos) -> Lines<R> {
    Lines {
        reader,
        line: start.line - 1,
        column: start.column,
        games: 0,
        done: false,
    }
}

/// The lines of a trmph file that hold games; see [`lines`].
pub struct Lines<R> {
    reader: R,
    line: usize,
    /// The column the next line starts at.
    column: usize,
    games: usize,
    done: bool,
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<Line, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let read = crate::input::lines::read_capped(&mut self.reader, MAX_LINE);
            let line = match read {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(InputError::io(e).in_game(self.games + 1)));
                }
            };
            self.line += 1;
            let column = std::mem::replace(&mut self.column, 1);
            if line.bytes.iter().all(u8::is_ascii_whitespace) && !line.cut {
                continue;
            }
            // The rest of a cut line is not read (it may never end), so nothing after it is.
            self.done = line.cut;
            self.games += 1;
            return Some(Ok(Line {
                game: self.games,
                line: self.line,
                column,
                text: line.bytes,
                cut: line.cut,
            }));
        }
        None
    }
}

/// A link's size outside what arbiter reads.
#[derive(Debug, thiserror::Error)]
#[error("a board of size {0}: trmph links go from size 1 to {MAX_SIDE}")]
struct SizeOutOfRange(String);

/// Reads one complete link (or its size and moves) as a record.
///
/// # Errors
/// As [`parse`].
pub fn parse_link(text: &str) -> Result<Record, InputError> {
    let line = Line {
        game: 1,
        line: 1,
        column: 1,
        text: text.as_bytes().to_vec(),
        cut: false,
    };
    parse(&line)
}

/// Reads a line as a record. Of a line cut at [`MAX_LINE`] bytes, the moves before the cut
/// are read (the caller says the line is too long once they replay).
///
/// # Errors
/// Not a trmph link, a bad size, or a move that is not a cell, with its line, column and
/// move number.
pub fn parse(line: &Line) -> Result<Record, InputError> {
    let (text, cut, column) = (&line.text[..], line.cut, line.column);
    let line = line.line;
    // Everything before a move is ASCII (blanks, the address, the size): a byte is a column.
    let pos = |at: usize| Pos {
        line,
        column: column + at,
    };
    let start = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let body = start + address_length(&text[start..]);
    let digits = text[body..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let size = std::str::from_utf8(&text[body..body + digits])
        .ok()
        .and_then(|digits| digits.parse::<usize>().ok())
        .filter(|size| (1..=MAX_SIDE).contains(size));
    let Some(size) = size else {
        if digits > 0 {
            // A size, out of range: say so of the size itself.
            let size = String::from_utf8_lossy(&text[body..body + digits]).into_owned();
            return Err(InputError::illegal(pos(body), SizeOutOfRange(size)));
        }
        let expected = format!(
            "a trmph link ({ADDRESS}11,a1b2...) or its size and moves (11,a1b2...), size 1 to \
             {MAX_SIDE}"
        );
        let until = text[body..]
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b',')
            .map_or(text.len(), |n| body + n.max(1));
        return Err(InputError::unexpected(
            pos(body),
            expected,
            &text[start..until],
        ));
    };
    let mut at = body + digits;
    if text.get(at) != Some(&b',') {
        let found = text.get(at..(at + 1).min(text.len())).unwrap_or_default();
        return Err(if found.is_empty() {
            InputError::end(pos(at), "',' after the size")
        } else {
            InputError::unexpected(pos(at), "',' after the size", found)
        });
    }
    at += 1;
    let mut record = Record::new(size, size).expect("a size in range");
    let mut colour = Stone::Red;
    let mut number = 0;
    while at < text.len() && !text[at].is_ascii_whitespace() {
        number += 1;
        let letters = text[at..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        let digits = text[at + letters..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if cut && at + letters + digits == text.len() {
            // The move runs into the cut: it is not read.
            break;
        }
        let cell = std::str::from_utf8(&text[at..at + letters + digits])
            .ok()
            .and_then(super::parse_cell)
            .filter(|_| letters > 0 && digits > 0 && text[at + letters] != b'0');
        let Some(cell) = cell else {
            let end = (at + letters + digits).max(at + 1).min(text.len());
            let error = InputError::unexpected(pos(at), "a cell like a1", &text[at..end]);
            return Err(in_move(error, number, pos(at)));
        };
        record.events.push(Event::Move(Move {
            number,
            colour,
            action: Action::Place(cell),
            pos: Some(pos(at)),
        }));
        colour = colour.other();
        at += letters + digits;
    }
    Ok(record)
}

/// An error placed at a move, with where the move is written.
fn in_move(error: InputError, number: usize, pos: Pos) -> InputError {
    let kind = match error.kind() {
        ErrorKind::Unexpected { expected, found } => ErrorKind::Unexpected {
            expected: expected.clone(),
            found: found.clone(),
        },
        other => ErrorKind::Unexpected {
            expected: "a cell".to_string(),
            found: other.to_string(),
        },
    };
    InputError::new(
        Some(Place::Move {
            number,
            pos: Some(pos),
        }),
        kind,
    )
}

/// How many bytes the address takes at the start of `text`: `https://trmph.com/hex/board#`
/// with or without `https://`, `http://` or `www.`, or a lone `#`; 0 when there is none.
fn address_length(text: &[u8]) -> usize {
    let lower: Vec<u8> = text.iter().take(64).map(u8::to_ascii_lowercase).collect();
    let mut at = 0;
    for scheme in [&b"https://"[..], b"http://"] {
        if lower.starts_with(scheme) {
            at = scheme.len();
            break;
        }
    }
    if lower[at..].starts_with(b"www.") {
        at += 4;
    }
    if lower[at..].starts_with(b"trmph.com/hex/board#") {
        return at + "trmph.com/hex/board#".len();
    }
    usize::from(lower.first() == Some(&b'#'))
}

/// Whether a file's first bytes look like a trmph file: a link or a size and a comma.
pub fn looks_like(head: &[u8]) -> bool {
    let start = head.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let head = &head[start..];
    if address_length(head) > 0 {
        return true;
    }
    let lower: Vec<u8> = head.iter().map(u8::to_ascii_lowercase).collect();
    if [&b"http"[..], b"www.", b"trmph"]
        .iter()
        .any(|prefix| lower.starts_with(prefix))
    {
        return true;
    }
    let digits = head.iter().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && head.get(digits) == Some(&b',')
}

/// Why a record cannot be written as trmph.
fn unwritable(why: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::Unsupported,
        format!("trmph cannot hold this game: {why}; --format sgf can"),
    )
}

/// Writes a record as a trmph link and a newline.
///
/// # Errors
/// A record trmph cannot hold (a board that is not square, setup, a swap of pieces, a pass,
/// moves out of turn), or writing fails.
pub fn write_record(out: &mut dyn Write, record: &Record) -> io::Result<()> {
    if record.rows != record.cols {
        return Err(unwritable("its board is not square"));
    }
    let mut cells: Vec<Coord> = Vec::new();
    let mut colour = Stone::Red;
    for event in &record.events {
        let m = match event {
            Event::Move(m) => m,
            Event::Setup { .. } => return Err(unwritable("it has setup stones")),
            Event::ToPlay(_) => continue,
        };
        match m.action {
            Action::Place(at) if m.colour == colour => {
                cells.push(at);
                colour = colour.other();
            }
            Action::Place(_) => {
                return Err(unwritable(&format!("move {} is out of turn", m.number)));
            }
            Action::SwapSides | Action::Resign | Action::Forfeit => {}
            Action::SwapPieces => return Err(unwritable("it has a swap of pieces")),
            Action::Pass => return Err(unwritable("it has a pass")),
        }
    }
    write_moves(out, record.cols, &cells)
}

/// Writes a game of alternating moves, Red first, as a trmph link and a newline.
///
/// # Errors
/// When writing fails.
pub fn write_moves(out: &mut dyn Write, size: usize, cells: &[Coord]) -> io::Result<()> {
    write!(out, "{ADDRESS}{size},")?;
    for &at in cells {
        write!(out, "{}", super::cell_name(at))?;
    }
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> Result<Vec<String>, String> {
        parse_link(text)
            .map(|record| {
                record
                    .moves()
                    .map(|m| format!("{}{}", m.colour.letter(), m.action))
                    .collect()
            })
            .map_err(|e| e.to_string())
    }

    #[test]
    fn links_with_and_without_the_address() {
        let expected = Ok(vec!["Ra1".to_string(), "Bb2".into(), "Rc10".into()]);
        for text in [
            "https://trmph.com/hex/board#11,a1b2c10",
            "http://www.trmph.com/hex/board#11,a1b2c10",
            "HTTP://WWW.TRMPH.COM/hex/board#11,A1B2C10",
            "trmph.com/hex/board#11,a1b2c10",
            "#11,a1b2c10",
            "11,a1b2c10",
            "  11,a1b2c10   1",
        ] {
            assert_eq!(cells(text), expected, "{text}");
        }
        assert_eq!(cells("11,"), Ok(vec![]));
    }

    #[test]
    fn bad_links_name_the_move_and_the_column() {
        let error = cells("11,a1b2zz").unwrap_err();
        assert_eq!(
            error,
            "move 3 (line 1, column 8): expected a cell like a1, found 'zz'"
        );
        let zero = cells("11,a1b0").unwrap_err();
        assert!(zero.starts_with("move 2 (line 1, column 6)"), "{zero}");
        let size = cells("0,a1").unwrap_err();
        assert!(size.contains("size 1 to"), "{size}");
        // The size out of range is named, not the link's start.
        let address = "https://trmph.com/hex/board#";
        let big = cells(&format!("{address}200,a1")).unwrap_err();
        assert_eq!(
            big,
            "line 1, column 29: a board of size 200: trmph links go from size 1 to 128"
        );
        let none = cells(&format!("{address}0,a1")).unwrap_err();
        assert!(none.contains("a board of size 0:"), "{none}");
        let comma = cells("11a1").unwrap_err();
        assert!(comma.contains("','"), "{comma}");
        let other = cells("https://example.com/#11,a1").unwrap_err();
        assert!(other.contains("trmph link"), "{other}");
    }

    #[test]
    fn detection_by_the_first_bytes() {
        for trmph in [
            "11,a1",
            "https://trmph.com/hex/board#11,a1",
            "#5,",
            "www.trmph.com",
            "\n 7,a1",
        ] {
            assert!(looks_like(trmph.as_bytes()), "{trmph}");
        }
        for contest in ["3\n1\nR", "11 ", "(;GM[11])", "R"] {
            assert!(!looks_like(contest.as_bytes()), "{contest}");
        }
    }

    #[test]
    fn lines_skip_blanks_and_stop_at_a_cut_line() {
        let text = format!("\n3,a1\n\n3,b2\n{}\n3,c3", "x".repeat(MAX_LINE + 10));
        let lines: Vec<Line> = lines(text.as_bytes(), Pos { line: 1, column: 1 })
            .map(Result::unwrap)
            .collect();
        assert_eq!(lines.len(), 3);
        assert_eq!((lines[0].game, lines[0].line), (1, 2));
        assert_eq!(
            (lines[1].game, lines[1].line, &lines[1].text[..]),
            (2, 4, &b"3,b2"[..])
        );
        assert!(lines[2].cut && lines[2].text.len() == MAX_LINE);
    }

    #[test]
    fn writing_refuses_what_trmph_cannot_hold() {
        let swapped = Record::alternating(3, 3, ["a1", "swap-pieces", "b1"]).unwrap();
        let error = write_record(&mut Vec::new(), &swapped).unwrap_err();
        assert!(error.to_string().contains("swap of pieces"));
        let sides = Record::alternating(3, 3, ["a1", "swap-sides", "b1"]).unwrap();
        let mut out = Vec::new();
        write_record(&mut out, &sides).unwrap();
        assert_eq!(out, b"https://trmph.com/hex/board#3,a1b1\n");
    }
}
