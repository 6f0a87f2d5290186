//! SGF collections cut into games, for the games' SGF readers (`go::sgf`, `hex::sgf`).
//!
//! The syntax of one game is sgf-parse's to read; this module only finds where each game of
//! a collection begins and ends, streaming, so that a file of ten thousand games is read one
//! game at a time. It tracks brackets and escapes, nothing more, and it holds the limits that
//! keep a hostile file harmless: sgf-parse holds every node of a game in memory (about 750
//! bytes a node) and drops a line of nodes recursively, so a game may have at most
//! [`MAX_NODES`] nodes, [`MAX_DEPTH`] of them in a row, and [`MAX_GAME_BYTES`] of text. A
//! break in the structure (an unclosed value or tree, a `)` with no `(`) is an error with its
//! byte offset and line.
//!
//! Before sgf-parse reads a game, one pass over its text finds where it first leaves SGF's
//! grammar (sgf-parse says what it refuses but not where, and takes any ASCII before a `[`
//! for a property's name): an error is said at that byte, with what was expected there and
//! the moves read before it. A property value longer than [`MAX_VALUE_BYTES`] (a pasted
//! comment of megabytes) is read as its first bytes, with a warning, so that one property
//! costs sgf-parse a bounded amount of memory; the game's own text stays whole for writing
//! it back.

use std::fmt;
use std::io::{self, BufRead};

use crate::input::tokens::Cursor;
use crate::input::{ErrorKind, InputError, Place, Pos};

/// The most nodes a game may have, variations included.
pub const MAX_NODES: usize = 100_000;
/// The most nodes a game may have one after another (a real game has a few hundred).
pub const MAX_DEPTH: usize = 10_000;
/// The most bytes a game's text may take.
pub const MAX_GAME_BYTES: usize = 32 << 20;

/// One game's text, cut from its collection.
#[derive(Clone, Debug)]
pub struct GameText {
    /// The game's number in the collection, from 1.
    pub number: usize,
    /// The text, from its `(` to its `)`.
    pub text: String,
    /// Where it starts in the file: the byte offset.
    pub offset: u64,
    /// Where it starts in the file: the line and column.
    pub pos: Pos,
}

/// Why a collection could not be cut into games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// The file ends inside a value or a game tree (the game starting at the place given).
    #[error("the file ends inside {0}: the record is truncated (its game starts at {1})")]
    Truncated(&'static str, Pos),
    /// A `)` that closes nothing.
    #[error("a ')' that closes no '('")]
    Unbalanced,
    /// Something other than a game tree where one should start.
    #[error("expected '(' starting a game, found {0}")]
    NotAGame(String),
    /// A limit of this module.
    #[error("{0}")]
    TooLarge(String),
}

/// Reads an SGF collection one game at a time.
pub struct Games<R> {
    reader: R,
    /// Bytes read so far, and the line and column reached.
    offset: u64,
    pos: Pos,
    games: usize,
    done: bool,
}

impl<R: BufRead> Games<R> {
    /// The games of the collection `reader` holds; `skipped` bytes were read before it
    /// (blank space, a byte-order mark, text before the first game), up to `pos`.
    pub fn new(reader: R, skipped: u64, pos: Pos) -> Self {
        Games {
            reader,
            offset: skipped,
            pos,
            games: 0,
            done: false,
        }
    }

    /// The next game's text, `None` after the last.
    fn next_game(&mut self) -> Result<Option<GameText>, InputError> {
        // Between games: blank space, or anything else up to the next '(' when a game has
        // been read already (collections carry notes between games).
        let game = self.games;
        loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                return Ok(None);
            }
            let open = buf.iter().position(|&b| b == b'(');
            let close = buf.iter().position(|&b| b == b')');
            match (open, close) {
                (_, Some(at)) if open.is_none_or(|o| at < o) => {
                    let (offset, pos) = (self.offset + at as u64, step(self.pos, &buf[..at]));
                    return Err(syntax(game, offset, pos, SyntaxError::Unbalanced));
                }
                (Some(at), _) => {
                    let junk = &buf[..at];
                    if game == 0 && junk.iter().any(|b| !b.is_ascii_whitespace()) {
                        let found = crate::input::describe(junk.trim_ascii());
                        let error = SyntaxError::NotAGame(found);
                        return Err(syntax(game, self.offset, self.pos, error));
                    }
                    self.advance(at);
                    break;
                }
                _ => {
                    let all = buf.len();
                    self.advance(all);
                }
            }
        }
        self.games += 1;
        let (start, start_pos) = (self.offset, self.pos);
        let mut text = Vec::new();
        let mut depth = 0usize;
        // The nodes in a row along the current path, per open tree, and in all.
        let mut path: Vec<usize> = Vec::new();
        let mut run = 0usize;
        let mut nodes = 0usize;
        let (mut in_value, mut escaped) = (false, false);
        let game = self.games;
        loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                let inside = if in_value {
                    "a value '[...]'"
                } else {
                    "a game '(...)'"
                };
                // Where the reader stopped: the end of the file.
                return Err(syntax(
                    game,
                    self.offset,
                    self.pos,
                    SyntaxError::Truncated(inside, start_pos),
                ));
            }
            let mut used = 0;
            let mut finished = false;
            for &b in buf {
                used += 1;
                if in_value {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b']' {
                        in_value = false;
                    }
                    continue;
                }
                match b {
                    b'[' => in_value = true,
                    b'(' => {
                        depth += 1;
                        path.push(run);
                    }
                    b')' => {
                        depth -= 1;
                        run = path.pop().unwrap_or(0);
                        if depth == 0 {
                            finished = true;
                            break;
                        }
                    }
                    b';' => {
                        nodes += 1;
                        run += 1;
                        if nodes > MAX_NODES || run > MAX_DEPTH {
                            let what = if run > MAX_DEPTH {
                                format!("more than {MAX_DEPTH} nodes in a row")
                            } else {
                                format!("more than {MAX_NODES} nodes")
                            };
                            let message = format!("the game has {what}: not a game record");
                            let offset = self.offset + used as u64 - 1;
                            let pos = step(self.pos, &buf[..used - 1]);
                            let error = SyntaxError::TooLarge(message);
                            return Err(syntax(game, offset, pos, error));
                        }
                    }
                    _ => {}
                }
            }
            let piece = &buf[..used];
            text.extend_from_slice(piece);
            self.advance(used);
            if text.len() > MAX_GAME_BYTES {
                let message = format!("the game is longer than {MAX_GAME_BYTES} bytes");
                let error = SyntaxError::TooLarge(message);
                return Err(syntax(game, start, start_pos, error));
            }
            if finished {
                break;
            }
        }
        let text = String::from_utf8(text)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        Ok(Some(GameText {
            number: self.games,
            text,
            offset: start,
            pos: start_pos,
        }))
    }

    fn advance(&mut self, used: usize) {
        if let Ok(buf) = self.reader.fill_buf() {
            self.pos = step(self.pos, &buf[..used]);
        }
        self.offset += used as u64;
        self.reader.consume(used);
    }
}

/// Where the reader is after `bytes` from `pos`: lines counted by `\n`, columns in
/// characters (UTF-8's continuation bytes are not counted).
fn step(mut pos: Pos, bytes: &[u8]) -> Pos {
    for &b in bytes {
        if b == b'\n' {
            pos.line += 1;
            pos.column = 1;
        } else if b & 0xc0 != 0x80 {
            pos.column += 1;
        }
    }
    pos
}

/// A syntax error of game `game` at byte `offset`, line and column `pos`.
fn syntax(game: usize, offset: u64, pos: Pos, error: SyntaxError) -> InputError {
    InputError::new(
        Some(Place::Byte { offset, pos }),
        ErrorKind::Unexpected {
            expected: "SGF".to_string(),
            found: error.to_string(),
        },
    )
    .in_game(game.max(1))
}

/// The reader's buffer, refilled when empty; an empty slice at the end of the input.
fn fill(reader: &mut impl BufRead) -> Result<&[u8], InputError> {
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let message = format!("cannot read input: {e}");
                return Err(InputError::io(io::Error::new(e.kind(), message)));
            }
        }
    }
    Ok(reader.fill_buf().expect("filled just now"))
}

impl<R: BufRead> Iterator for Games<R> {
    type Item = Result<GameText, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_game().transpose();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

/// Whether an input is SGF (its first byte past blank space and a byte-order mark is `(`,
/// or its first buffer holds a game tree's `(;` after some text, which is skipped as SGF
/// readers skip it), and how many bytes and lines precede the game; reads nothing past it.
///
/// # Errors
/// When reading fails.
pub fn sniff(reader: &mut impl BufRead) -> io::Result<Sniffed> {
    let mut sniffed = Sniffed {
        sgf: false,
        skipped: 0,
        pos: Pos { line: 1, column: 1 },
        token_pos: Pos { line: 1, column: 1 },
        empty: true,
        text_first: false,
    };
    let mut at_start = true;
    // The place as the contest readers count lines.
    let mut at = Cursor::start();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(sniffed);
        }
        if at.after_cr() && buf[0] == b'\n' {
            // The rest of a `\r\n` the last buffer cut: read here, so that a contest reader
            // never starts between the two (it would count a second line).
            advance(&mut sniffed, b"\n", &mut at);
            reader.consume(1);
            continue;
        }
        if at_start && buf.starts_with(b"\xef\xbb\xbf") {
            reader.consume(3);
            sniffed.skipped += 3;
            at_start = false;
            continue;
        }
        at_start = false;
        let blank = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if blank < buf.len() {
            sniffed.empty = false;
            sniffed.sgf = buf[blank] == b'(';
            // Contest inputs start with a number; anything else may be a record after a
            // line of commentary ([`look_past_text`]).
            sniffed.text_first = !sniffed.sgf && !buf[blank].is_ascii_digit();
            if sniffed.sgf {
                advance(&mut sniffed, &buf[..blank], &mut at);
                reader.consume(blank);
            }
            return Ok(sniffed);
        }
        let all = buf.len();
        advance(&mut sniffed, &buf[..all], &mut at);
        reader.consume(all);
    }
}

/// Whether `bytes` hold the start of an SGF game tree, `(;` (blank space allowed between).
pub fn holds_game(bytes: &[u8]) -> bool {
    game_start(bytes).is_some()
}

/// Where the first game tree of `bytes` starts: a `(` then, past blank space, a `;`.
fn game_start(bytes: &[u8]) -> Option<usize> {
    let opens = bytes.iter().enumerate().filter(|&(_, &b)| b == b'(');
    opens.map(|(i, _)| i).find(|&i| {
        let rest = bytes[i + 1..].iter().find(|b| !b.is_ascii_whitespace());
        rest == Some(&b';')
    })
}

/// Steps over blank bytes, in both ways of counting lines (`at` as the contest readers do).
fn advance(sniffed: &mut Sniffed, blank: &[u8], at: &mut Cursor) {
    for &b in blank {
        if b == b'\n' {
            sniffed.pos.line += 1;
            sniffed.pos.column = 1;
        } else {
            sniffed.pos.column += 1;
        }
        at.space(b);
    }
    sniffed.token_pos = at.pos();
    sniffed.skipped += blank.len() as u64;
}

/// What [`sniff`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    /// The input is SGF.
    pub sgf: bool,
    /// The bytes read before the first `(` (only when `sgf`).
    pub skipped: u64,
    /// Where the first byte not read is, lines counted by `\n` (as SGF and trmph readers
    /// count them).
    pub pos: Pos,
    /// The same place, lines counted as the contest readers count them: a lone `\r` ends a
    /// line too, and `\r\n` ends one.
    pub token_pos: Pos,
    /// The input has nothing but blank space.
    pub empty: bool,
    /// The first byte past blank space is neither a `(` nor a digit: text that may come
    /// before a record.
    pub text_first: bool,
}

/// [`sniff`], then, for an input that starts with text, [`look_past_text`]: what the input
/// is, and the bytes read ahead, to be read before the rest of the input (`None` when
/// nothing was read ahead).
///
/// # Errors
/// When reading fails.
pub fn sniff_past_text(reader: &mut impl BufRead) -> io::Result<(Sniffed, Option<Vec<u8>>)> {
    let mut sniffed = sniff(reader)?;
    let head = if sniffed.text_first {
        Some(look_past_text(&mut sniffed, reader)?)
    } else {
        None
    };
    Ok((sniffed, head))
}

/// The most bytes [`look_past_text`] reads for a game tree after some text.
pub const TEXT_BEFORE_A_GAME: u64 = 64 << 10;

/// For an input that starts with text ([`Sniffed::text_first`]): reads up to
/// [`TEXT_BEFORE_A_GAME`] bytes looking for a game tree's `(;`, as SGF readers skip text
/// before the first game. Returns the bytes read from the game's `(` on (with `sniffed` moved
/// past the text, and marked SGF), or all of them when there is no game, to be read before the
/// rest of the input. The bytes read are the same whatever the reader's buffer.
///
/// # Errors
/// When reading fails.
pub fn look_past_text(sniffed: &mut Sniffed, reader: &mut impl BufRead) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut head = Vec::new();
    reader.take(TEXT_BEFORE_A_GAME).read_to_end(&mut head)?;
    if let Some(start) = game_start(&head) {
        let mut at = Cursor::start();
        advance(sniffed, &head[..start], &mut at);
        sniffed.sgf = true;
        head.drain(..start);
    }
    Ok(head)
}

/// A text as an SGF value: `]` and `\` escaped with a backslash.
///
/// ```
/// assert_eq!(arbiter::sgf::escape(r"a]b\c"), r"a\]b\\c");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A game's text parsed by sgf-parse, or an error that says how far it got.
///
/// # Errors
/// When sgf-parse refuses the text: the message names its complaint and the number of moves
/// read before the break.
pub fn parse(game: &GameText) -> Result<sgf_parse::GameTree, InputError> {
    parse_noting(game).map(|(tree, _)| tree)
}

/// [`parse`], and what the reading had to mend, to be told as a warning: a root node that
/// repeats a property with the same value (`GM[1]GM[1]`, as some servers write), which
/// sgf-parse refuses and sgfmill and GNU Go read, is read with the property once.
///
/// # Errors
/// As [`parse`].
///
/// ```
/// use arbiter::input::Pos;
/// use arbiter::sgf::{GameText, parse_noting};
///
/// let text = "(;GM[1]GM[1]SZ[9];B[cc])".to_string();
/// let game = GameText { number: 1, text, offset: 0, pos: Pos { line: 1, column: 1 } };
/// let (_, notes) = parse_noting(&game).unwrap();
/// assert_eq!(notes, ["the root repeats GM[1]: read once"]);
/// ```
pub fn parse_noting(game: &GameText) -> Result<(sgf_parse::GameTree, Vec<String>), InputError> {
    let (text, mut notes) = long_values_cut(game);
    if let Some(at) = first_break(&game.text) {
        // How far the game got, read from the text with its long values cut.
        let found = format!("{} ({})", at.found, moves_before(&text));
        let error = ErrorKind::Unexpected {
            expected: at.expected.to_string(),
            found,
        };
        return Err(InputError::new(Some(place(game, at.at)), error).in_game(game.number));
    }
    match parse_text(game, &text) {
        Err(error) => match root_repeats_removed(&text) {
            Some((mended, note)) => {
                // Mended or not, an error is the original text's.
                let tree = parse_text(game, &mended).map_err(|_| error)?;
                notes.push(note);
                Ok((tree, notes))
            }
            None => Err(error),
        },
        Ok(tree) => Ok((tree, notes)),
    }
}

/// The most bytes of one property value that are read (a comment's first 64 KiB): sgf-parse
/// holds a value as characters while it reads it, four bytes each, so a 20 MB comment cost
/// ten times its size.
pub const MAX_VALUE_BYTES: usize = 1 << 16;

/// The text to parse: the game's own, or, where a value is longer than [`MAX_VALUE_BYTES`], a
/// copy with such values cut to their first [`MAX_VALUE_BYTES`] (on a character's boundary,
/// never after a lone `\`), with a note for each. The game's text itself stays whole for
/// writing the record back.
fn long_values_cut(game: &GameText) -> (std::borrow::Cow<'_, str>, Vec<String>) {
    let (text, bytes) = (&game.text, game.text.as_bytes());
    let mut long = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'[' {
            let end = value_end(bytes, i + 1);
            let value = i + 1..end.saturating_sub(1).max(i + 1);
            if value.len() > MAX_VALUE_BYTES {
                long.push(value);
            }
            i = end;
        } else {
            i += 1;
        }
    }
    if long.is_empty() {
        return (std::borrow::Cow::Borrowed(text), Vec::new());
    }
    let mut cut = String::with_capacity(text.len().min(long.len() * MAX_VALUE_BYTES * 2 + 4096));
    let mut from = 0;
    for value in &long {
        let mut keep = value.start + MAX_VALUE_BYTES;
        while !text.is_char_boundary(keep) {
            keep -= 1;
        }
        let escapes = bytes[value.start..keep]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        keep -= escapes % 2;
        cut.push_str(&text[from..keep]);
        from = value.end;
    }
    let pos = step(game.pos, &bytes[..long[0].start - 1]);
    let (line, column, size) = (pos.line, pos.column, long[0].len());
    let note = match long.len() {
        1 => format!(
            "the value at line {line}, column {column} holds {size} bytes: its first \
             {MAX_VALUE_BYTES} are read"
        ),
        n => format!(
            "{n} values hold more than {MAX_VALUE_BYTES} bytes (the first at line {line}, \
             column {column}, {size} bytes): the first {MAX_VALUE_BYTES} of each are read"
        ),
    };
    cut.push_str(&text[from..]);
    (std::borrow::Cow::Owned(cut), vec![note])
}

/// The text without the root node's repeats of a property it gives twice with the same
/// values, and a note saying which; `None` when the root repeats nothing so (or repeats a
/// property with other values, which is not mended).
fn root_repeats_removed(text: &str) -> Option<(String, String)> {
    let root = text.find("(;")? + 1;
    // The root's properties: (identifier, its values as written, its span with the white
    // space after it).
    let props: Vec<(&str, &str, std::ops::Range<usize>)> = properties(text, root)
        .iter()
        .map(|p| {
            let written = &text[p.start..p.end];
            let letters = written.bytes().take_while(u8::is_ascii_alphabetic).count();
            let spaces = text[p.end..].len() - text[p.end..].trim_start().len();
            let (name, values) = written.split_at(letters);
            (name, values.trim(), p.start..p.end + spaces)
        })
        .collect();
    let mut removed: Vec<std::ops::Range<usize>> = Vec::new();
    let mut said = Vec::new();
    for (i, (name, values, _)) in props.iter().enumerate() {
        for (other, other_values, span) in &props[i + 1..] {
            if other == name {
                if other_values != values {
                    return None;
                }
                if !removed.contains(span) {
                    removed.push(span.clone());
                    said.push(format!("{name}{values}"));
                }
            }
        }
    }
    if removed.is_empty() {
        return None;
    }
    removed.sort_by_key(|span| span.start);
    let mut mended = String::with_capacity(text.len());
    let mut from = 0;
    for span in &removed {
        mended.push_str(&text[from..span.start]);
        from = span.end;
    }
    mended.push_str(&text[from..]);
    said.dedup();
    Some((
        mended,
        format!("the root repeats {}: read once", said.join(", ")),
    ))
}

/// A property of a node's text: its identifier (capitals only, as FF[4] reads it) and the
/// byte range from its identifier to the end of its last value.
pub(crate) struct Property {
    pub(crate) id: String,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The properties of the node whose `;` is at byte `at`.
pub(crate) fn properties(text: &str, at: usize) -> Vec<Property> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = at + 1;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() || !bytes[i].is_ascii_alphabetic() {
            break;
        }
        let (end, _) = property_end(bytes, i);
        let id: String = text[i..end]
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .filter(char::is_ascii_uppercase)
            .collect();
        found.push(Property { id, start: i, end });
        i = end;
    }
    found
}

/// Where the property whose identifier starts at byte `at` ends (past its letters, then past
/// each value `[...]`, white space allowed before each), and how many values it has.
fn property_end(bytes: &[u8], at: usize) -> (usize, usize) {
    let mut end = at;
    while end < bytes.len() && bytes[end].is_ascii_alphabetic() {
        end += 1;
    }
    let mut values = 0;
    loop {
        let mut j = end;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if bytes.get(j) != Some(&b'[') {
            return (end, values);
        }
        end = value_end(bytes, j + 1);
        values += 1;
    }
}

/// The byte offsets of the `;` of every node on the main line (the first child at each
/// branching), in order.
pub(crate) fn main_line_nodes(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut nodes = Vec::new();
    // Depth of trees, and the depth below which the main line has left (variations past the
    // first are skipped until their parent closes).
    let (mut depth, mut main_depth) = (0usize, 0usize);
    let mut skipping: Option<usize> = None;
    let (mut in_value, mut escaped) = (false, false);
    // Whether the tree at each depth has had its first child already.
    let mut entered_child = vec![false];
    for (i, &b) in bytes.iter().enumerate() {
        if in_value {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => in_value = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'[' => in_value = true,
            b'(' => {
                depth += 1;
                if skipping.is_none() {
                    let parent = depth - 1;
                    if parent > 0 && entered_child.get(parent).copied().unwrap_or(false) {
                        skipping = Some(depth);
                    } else {
                        if let Some(seen) = entered_child.get_mut(parent) {
                            *seen = true;
                        }
                        main_depth = depth;
                    }
                }
                if entered_child.len() <= depth {
                    entered_child.resize(depth + 1, false);
                }
                entered_child[depth] = false;
            }
            b')' => {
                if skipping == Some(depth) {
                    skipping = None;
                }
                depth = depth.saturating_sub(1);
            }
            b';' if skipping.is_none() && depth == main_depth => nodes.push(i),
            _ => {}
        }
    }
    nodes
}

/// The byte where the `nth` (from 0) property `id` of the `node`th node of the main line
/// (from 0, the root) starts, if the text has it: where an error about it points.
pub fn property_on_main_line(text: &str, node: usize, id: &str, nth: usize) -> Option<usize> {
    let at = *main_line_nodes(text).get(node)?;
    properties(text, at)
        .into_iter()
        .filter(|p| p.id == id)
        .nth(nth)
        .map(|p| p.start)
}

/// sgf-parse on `text` (the game's text, or its copy with long values cut), strictly: the
/// grammar holds ([`first_break`] found no break), so what sgf-parse refuses is the root's
/// game type (`GM` twice, or not a number), said at the root's `GM`.
fn parse_text(game: &GameText, text: &str) -> Result<sgf_parse::GameTree, InputError> {
    let options = sgf_parse::ParseOptions::default();
    match sgf_parse::parse_with_options(text, &options) {
        Ok(mut trees) if trees.len() == 1 => Ok(trees.remove(0)),
        Ok(_) => Err(broken(game, 0, "not one game tree".to_string())),
        Err(error) => {
            let at = property_on_main_line(&game.text, 0, "GM", 1)
                .or_else(|| property_on_main_line(&game.text, 0, "GM", 0))
                .unwrap_or(0);
            let why = format!("{} ({})", Lowercase(&error), moves_before(text));
            Err(broken(game, at, why))
        }
    }
}

/// How far a broken text's main line got, read leniently up to where it breaks: "after
/// move 12", or "before the first move".
fn moves_before(text: &str) -> String {
    let lenient = sgf_parse::ParseOptions {
        lenient: true,
        ..sgf_parse::ParseOptions::default()
    };
    let moves = sgf_parse::parse_with_options(text, &lenient)
        .ok()
        .and_then(|trees| trees.into_iter().next())
        .map_or(0, |tree| moves_in(&tree));
    match moves {
        0 => "before the first move".to_string(),
        n => format!("after move {n}"),
    }
}

fn broken(game: &GameText, at: usize, why: String) -> InputError {
    InputError::new(
        Some(place(game, at)),
        ErrorKind::Unexpected {
            expected: "a game tree".to_string(),
            found: format!("a broken one: {why}"),
        },
    )
    .in_game(game.number)
}

/// The place in the file of byte `at` of a game's text.
pub fn place(game: &GameText, at: usize) -> Place {
    let at = at.min(game.text.len());
    Place::Byte {
        offset: game.offset + at as u64,
        pos: step(game.pos, &game.text.as_bytes()[..at]),
    }
}

/// Where a game's text leaves SGF's grammar, and what was expected there.
#[derive(Debug, PartialEq, Eq)]
struct Break {
    /// The byte, in the game's text.
    at: usize,
    expected: &'static str,
    found: String,
}

/// What the reader is ready for next, walking a game tree.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    /// A game tree's `(`.
    Tree,
    /// The first node of a tree just opened.
    FirstNode,
    /// A property, another node, a variation, or the tree's end.
    InNode,
    /// Past a variation's `)`: another variation or the end of the tree around it.
    AfterVariation,
}

/// The first byte of one game's text (from its `(` to its `)`, brackets and values already
/// balanced by the collection's cutter) where FF[4]'s grammar breaks: a tree that does not
/// start with a node, a value without a property identifier, an identifier that is not
/// letters or has no value, a property after a variation.
///
/// sgf-parse says what it refuses but not where, and its lexer takes any ASCII up to the
/// next `[` for an identifier (`B[cc]XX;W[dd]` would be a property `XXW` and lose a move):
/// this walk, one pass over the bytes, puts the error where the reading stops. A `;` after
/// a variation, which sgf-parse reads as one more variation, is let be.
fn first_break(text: &str) -> Option<Break> {
    let bytes = text.as_bytes();
    let (mut next, mut depth, mut i) = (Next::Tree, 0usize, 0usize);
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let at = i;
        let refuse = |expected| Some(refused(text, at, expected));
        match (next, b) {
            (Next::Tree | Next::InNode | Next::AfterVariation, b'(') => {
                depth += 1;
                next = Next::FirstNode;
                i += 1;
            }
            (Next::Tree, _) => return refuse("'(' starting a game tree"),
            (Next::FirstNode, b';') | (Next::InNode | Next::AfterVariation, b';') => {
                next = Next::InNode;
                i += 1;
            }
            (Next::FirstNode, _) => return refuse("';' starting the tree's first node"),
            (Next::InNode | Next::AfterVariation, b')') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return None;
                }
                next = Next::AfterVariation;
                i += 1;
            }
            (Next::AfterVariation, _) => {
                return refuse("'(' or ')' after a variation (properties belong in a node)");
            }
            (Next::InNode, b'[') => return refuse("a property identifier (letters) before '['"),
            (Next::InNode, b) if b.is_ascii_alphabetic() => {
                let (end, values) = property_end(bytes, i);
                if values == 0 {
                    let mut j = end;
                    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    let expected = if j < bytes.len() && bytes[j].is_ascii_punctuation() {
                        "'[' opening the property's value"
                    } else {
                        "a property identifier of letters and '[' opening its value"
                    };
                    return Some(refused(text, j, expected));
                }
                i = end;
            }
            (Next::InNode, _) => {
                return refuse("a property (letters, then '[...]'), ';', '(' or ')'");
            }
        }
    }
    None
}

/// A break at byte `at` of `text`, which was expected to hold `expected`.
fn refused(text: &str, at: usize, expected: &'static str) -> Break {
    let found = match text[at..].chars().next() {
        Some(c) => crate::input::describe(c.to_string().as_bytes()),
        None => "the end of the game".to_string(),
    };
    Break {
        at,
        expected,
        found,
    }
}

/// The byte past the `]` that closes a value whose text starts at `from`.
fn value_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b']' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The number of move nodes on a tree's main line.
fn moves_in(tree: &sgf_parse::GameTree) -> usize {
    match tree {
        sgf_parse::GameTree::GoGame(node) => node
            .main_variation()
            .filter(|n| n.get_move().is_some())
            .count(),
        sgf_parse::GameTree::Unknown(node) => node
            .main_variation()
            .filter(|n| n.get_move().is_some())
            .count(),
    }
}

/// sgf-parse's messages begin with a capital; in the middle of a sentence they should not.
struct Lowercase<'a, T>(&'a T);

impl<T: fmt::Display> fmt::Display for Lowercase<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.to_string();
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => write!(f, "{}{}", first.to_lowercase(), chars.as_str()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_root_that_repeats_a_property_with_its_value_is_mended_and_said() {
        let mended = |text: &str| root_repeats_removed(text);
        assert_eq!(
            mended("(;GM[1]GM[1]SZ[9];B[cc])"),
            Some((
                "(;GM[1]SZ[9];B[cc])".to_string(),
                "the root repeats GM[1]: read once".to_string()
            ))
        );
        // Values with escapes and spaces, three times over, two properties.
        assert_eq!(
            mended("(; GM[11] C[a\\]b] GM[11]\nC[a\\]b] GM[11];B[a1])"),
            Some((
                "(; GM[11] C[a\\]b] ;B[a1])".to_string(),
                "the root repeats GM[11], C[a\\]b]: read once".to_string()
            ))
        );
        // Other values, or no repeat: nothing is mended.
        assert_eq!(mended("(;GM[1]GM[4];B[cc])"), None);
        assert_eq!(mended("(;GM[1]SZ[9];B[cc];B[dd])"), None);
        assert_eq!(mended("(;GM[1]GM[1"), None);
    }

    #[test]
    fn the_grammar_s_first_break_is_found_where_the_reading_stops() {
        let at = |text: &str| first_break(text).map(|b| (b.at, b.found));
        // Whole games: nothing to say, whatever their spacing, variations and escapes.
        for whole in [
            "(;SZ[9];B[aa];W[bb])",
            " ( ; SZ [9]\n; B[aa] C[a \\] b ( ; ] (;W[bb])(;W[cc];B[dd]))",
            "(;AddBlack[aa]AB[bb][cc];B[])",
            "(;B[aa](;W[bb]);B[cc])",
        ] {
            assert_eq!(at(whole), None, "{whole}");
        }
        assert_eq!(at("(;B[aa]XX;W[bb])"), Some((9, "';'".into())));
        assert_eq!(at("(;B[aa]X1[bb])"), Some((8, "'1'".into())));
        assert_eq!(at("(;[aa])"), Some((2, "'['".into())));
        assert_eq!(at("(B[aa])"), Some((1, "'B'".into())));
        assert_eq!(at("( (;B[aa]))"), Some((2, "'('".into())));
        assert_eq!(at("(;B[aa](;W[bb])C[x])"), Some((15, "'C'".into())));
        assert_eq!(at("(;B[aa]é[x])"), Some((7, "'é'".into())));
        assert_eq!(at("(;B[aa]C)"), Some((8, "')'".into())));
    }

    #[test]
    fn a_long_value_is_read_as_its_first_bytes_on_a_character_s_boundary() {
        let game = |text: String| GameText {
            number: 1,
            text,
            offset: 0,
            pos: Pos { line: 1, column: 1 },
        };
        // A comment of 'é's (two bytes each) one byte past the bound, then a backslash that
        // would escape the cut's ']'.
        let comment = format!("{}\\é", "é".repeat(MAX_VALUE_BYTES / 2 - 1));
        let text = format!("(;SZ[9]C[{comment}]\n;B[aa]C[short])");
        let long = game(text.clone());
        let (cut, notes) = long_values_cut(&long);
        assert!(cut.len() < MAX_VALUE_BYTES + 40, "{}", cut.len());
        assert!(cut.ends_with("]\n;B[aa]C[short])"), "the rest is whole");
        assert_eq!(
            notes,
            [format!(
                "the value at line 1, column 9 holds {} bytes: its first {MAX_VALUE_BYTES} are read",
                MAX_VALUE_BYTES + 1
            )]
        );
        let (tree, _) = parse_noting(&game(text)).unwrap();
        let sgf_parse::GameTree::GoGame(root) = tree else {
            panic!("a Go game")
        };
        let Some(sgf_parse::go::Prop::C(read)) = root.get_property("C") else {
            panic!("a comment")
        };
        assert!(
            read.text.chars().all(|c| c == 'é'),
            "no lone escape is left"
        );
        assert_eq!(read.text.len(), MAX_VALUE_BYTES - 2);
        // Short values: the text itself, no note.
        let short = game("(;C[ok])".to_string());
        let (cut, notes) = long_values_cut(&short);
        assert!(matches!(cut, std::borrow::Cow::Borrowed(_)) && notes.is_empty());
    }

    fn games(text: &str) -> Vec<Result<(usize, String, u64), String>> {
        Games::new(
            io::BufReader::with_capacity(4, text.as_bytes()),
            0,
            Pos { line: 1, column: 1 },
        )
        .map(|g| {
            g.map(|g| (g.number, g.text, g.offset))
                .map_err(|e| e.to_string())
        })
        .collect()
    }

    #[test]
    fn a_collection_is_cut_into_its_games() {
        let found = games("(;SZ[9];B[aa])\n(;C[a (tricky) ] value\\]];W[bb](;B[cc])(;B[dd]))");
        assert_eq!(
            found,
            [
                Ok((1, "(;SZ[9];B[aa])".into(), 0)),
                Ok((
                    2,
                    "(;C[a (tricky) ] value\\]];W[bb](;B[cc])(;B[dd]))".into(),
                    15
                )),
            ]
        );
    }

    #[test]
    fn a_truncated_record_is_an_error_where_the_reader_stopped() {
        let found = games("(;B[aa]\n;W[");
        assert_eq!(found.len(), 1);
        let error = found[0].clone().unwrap_err();
        assert!(
            error.contains("game 1, line 2, column 4 (byte 11)"),
            "{error}"
        );
        assert!(
            error.contains("its game starts at line 1, column 1"),
            "{error}"
        );
        assert!(error.contains("ends inside a value"), "{error}");
        let found = games("(;B[aa](;W[bb])");
        assert!(found[0].clone().unwrap_err().contains("ends inside a game"));
    }

    #[test]
    fn a_stray_closing_bracket_is_an_error() {
        let found = games("(;B[aa]))");
        assert!(found[0].is_ok());
        assert!(
            found[1]
                .clone()
                .unwrap_err()
                .contains("line 1, column 9 (byte 8): "),
            "{found:?}"
        );
    }

    #[test]
    fn an_endless_line_of_nodes_is_refused_early() {
        let mut text = String::from("(;SZ[19]");
        text.push_str(&";B[aa];W[bb]".repeat(MAX_DEPTH));
        let found = games(&text);
        let error = found[0].clone().unwrap_err();
        assert!(error.contains("more than 10000 nodes in a row"), "{error}");
    }

    #[test]
    fn sniffing_skips_blank_space_and_a_byte_order_mark() {
        let mut input: &[u8] = b"\xef\xbb\xbf \n (;B[aa])";
        let sniffed = sniff(&mut input).unwrap();
        assert!(sniffed.sgf);
        assert_eq!((sniffed.skipped, sniffed.pos.line), (6, 2));
        assert_eq!(input, b"(;B[aa])");
        let mut input: &[u8] = b"  1 2 3";
        let sniffed = sniff(&mut input).unwrap();
        assert!(!sniffed.sgf && !sniffed.empty);
        assert_eq!(input, b"  1 2 3", "nothing of a contest input is consumed");
    }

    #[test]
    fn sniffing_counts_lines_both_ways_and_never_stops_inside_a_crlf() {
        // A buffer of one byte: every blank byte is read to find the first token. By `\n`s
        // that is line 2, column 3; as the contest readers count, `\r\n` and `\r` end two
        // lines: line 3, column 2.
        let mut input = io::BufReader::with_capacity(1, &b"\r\n\r 5"[..]);
        let sniffed = sniff(&mut input).unwrap();
        assert!(!sniffed.sgf);
        assert_eq!(sniffed.pos, Pos { line: 2, column: 3 });
        assert_eq!(sniffed.token_pos, Pos { line: 3, column: 2 });
        // The `\n` of a `\r\n` cut by the buffer is read with its `\r`: what is left starts
        // a line of its own, not in the middle of a line end.
        let mut input = io::BufReader::with_capacity(2, &b" \r\n5"[..]);
        let sniffed = sniff(&mut input).unwrap();
        assert_eq!(sniffed.token_pos, Pos { line: 2, column: 1 });
        assert_eq!(input.fill_buf().unwrap(), b"5");
    }
}
