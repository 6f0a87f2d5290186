//! Board rows: tokens of cell letters, read into a [`Grid`].
//!
//! The Hex judge, Il Gioco dell'X and the diagrams the library parses all write a board as
//! rows of letters. An [`Alphabet`] maps a game's letters to its cell values; [`grid`] reads
//! `rows` tokens of `cols` letters each, bounded by the row length it expects, so memory grows
//! only with the rows actually read, whatever size the input declares.

use std::io::BufRead;

use super::error::{InputError, Pos};
use super::tokens::Tokens;
use crate::grid::{Grid, MAX_SIDE};

/// The letters a game writes its cells with, and the cell value of each.
#[derive(Clone, Debug)]
pub(crate) struct Alphabet {
    /// Up to [`Alphabet::MOST`] `(letter, cell value)` pairs; unused ones map a NUL byte to
    /// [`Alphabet::NOT_A_CELL`].
    pairs: [(u8, u8); Alphabet::MOST],
    /// The letters as an error message lists them, e.g. `'R', 'B' or '.'`.
    pub letters: &'static str,
}

impl Alphabet {
    /// What [`Alphabet::cell`] gives for a byte that is not one of the letters.
    pub const NOT_A_CELL: u8 = 0x7f;
    /// The most letters an alphabet has.
    const MOST: usize = 3;

    /// An alphabet of `(letter, cell value)` pairs; `letters` lists them for messages.
    ///
    /// # Panics
    /// With more than three pairs (at compile time, in a constant).
    pub const fn new(pairs: &[(u8, u8)], letters: &'static str) -> Self {
        assert!(pairs.len() <= Self::MOST, "at most three letters");
        let mut all = [(0, Self::NOT_A_CELL); Self::MOST];
        let mut i = 0;
        while i < pairs.len() {
            all[i] = pairs[i];
            i += 1;
        }
        Alphabet {
            pairs: all,
            letters,
        }
    }

    /// The cell value of a letter, or [`Alphabet::NOT_A_CELL`]: found by comparisons, not
    /// a table, so that a loop over a row's letters runs sixteen at a time.
    #[inline(always)]
    pub fn cell(&self, letter: u8) -> u8 {
        self.pairs.iter().fold(
            Self::NOT_A_CELL,
            |cell, &(l, value)| if letter == l { value } else { cell },
        )
    }
}

/// The longest a row of `cols` characters can be in bytes (four bytes a UTF-8 character), so
/// that a row of wide characters is measured in characters, not bytes.
fn row_bytes(cols: usize) -> usize {
    4 * cols + 3
}

/// Reads `rows` tokens of `cols` letters of `alphabet` each, as a grid.
///
/// # Errors
/// A missing row, a row of another length (counted in characters), or a letter outside the
/// alphabet, with its line and column.
pub(crate) fn grid<R: BufRead>(
    tokens: &mut Tokens<R>,
    rows: usize,
    cols: usize,
    alphabet: &Alphabet,
) -> Result<Grid, InputError> {
    let mut grid = Grid::with_capacity(rows, cols);
    let expected = || format!("a row of {cols} cells from {}", alphabet.letters);
    for _ in 0..rows {
        if tokens
            .quick(|buf| plain_row(buf, cols, alphabet, &mut grid))
            .is_some()
        {
            continue;
        }
        let row = tokens.token(
            row_bytes(cols),
            format_args!("a row of {cols} cells from {}", alphabet.letters),
        )?;
        if row.text.len() == cols {
            let cells = grid.push_row_mapped(row.text, |letter| alphabet.cell(letter));
            // One look at the whole row first, the place only for an error.
            if any_not_a_cell(cells) {
                let at = cells.iter().position(|&c| c == Alphabet::NOT_A_CELL);
                return Err(bad_letter(row.text, row.pos, at.unwrap_or(0), alphabet));
            }
            continue;
        }
        let length = String::from_utf8_lossy(row.text).chars().count();
        if length == cols {
            // As many characters as cells, but not one byte each: some are not letters.
            let at = row
                .text
                .iter()
                .position(|&b| alphabet.cell(b) == Alphabet::NOT_A_CELL);
            return Err(bad_letter(row.text, row.pos, at.unwrap_or(0), alphabet));
        }
        let expected = format!("{} (this row has {length})", expected());
        return Err(InputError::unexpected(row.pos, expected, row.text));
    }
    grid.close();
    Ok(grid)
}

/// A row in its usual layout at the start of `buf` (see [`Tokens::quick`]), pushed onto
/// `grid`: spaces or line feeds, then `cols` letters of `alphabet`, then a space or a line
/// feed, all within `buf`. Returns the bytes read up to the last letter, or `None` (nothing
/// pushed) for anything else, which the general path reads and reports on. No copy of the
/// row, and no count of its characters: on a big board, most of the reading. (What it takes
/// is spaces, line feeds and letters, which [`Tokens::quick`] never turns down after `parse`,
/// so a row pushed here stays pushed.)
fn plain_row(buf: &[u8], cols: usize, alphabet: &Alphabet, grid: &mut Grid) -> Option<((), usize)> {
    let start = buf.iter().position(|&b| b != b' ' && b != b'\n')?;
    let row = buf.get(start..start + cols)?;
    if !matches!(buf.get(start + cols)?, b' ' | b'\n') {
        return None;
    }
    // Each letter looked up once: the row pushed, then looked at whole, and taken back when
    // it holds anything else.
    if any_not_a_cell(grid.push_row_mapped(row, |letter| alphabet.cell(letter))) {
        grid.pop_row();
        return None;
    }
    Some(((), start + cols))
}

/// Whether any of a row's cells is [`Alphabet::NOT_A_CELL`]: one look at them all, without
/// stopping at the first (so it vectorises).
fn any_not_a_cell(cells: &[u8]) -> bool {
    cells
        .iter()
        .fold(false, |bad, &c| bad | (c == Alphabet::NOT_A_CELL))
}

/// The error for the byte at `at` of `row`, which is not a letter of `alphabet`: it names the
/// whole character there, at its column.
fn bad_letter(row: &[u8], pos: Pos, at: usize, alphabet: &Alphabet) -> InputError {
    let column = pos.column + row[..at].iter().filter(|&&b| b & 0xc0 != 0x80).count();
    let width = row[at..]
        .iter()
        .skip(1)
        .take_while(|&&b| b & 0xc0 == 0x80)
        .count();
    let found = &row[at..(at + 1 + width).min(row.len())];
    let pos = Pos {
        line: pos.line,
        column,
    };
    InputError::unexpected(pos, alphabet.letters, found)
}

/// A whole text of rows (any number, all as long as there are rows) as a square grid: the
/// reading behind the games' `FromStr` implementations.
///
/// # Errors
/// No rows, too many, or as [`grid`].
pub(crate) fn square_grid(text: &str, alphabet: &Alphabet) -> Result<Grid, InputError> {
    let size = text.split_ascii_whitespace().count();
    rows_of(text, size, size, alphabet)
}

/// Reads a rectangular grid written as whitespace-separated rows, one token per row: as many
/// rows as tokens, as many columns as the first row has letters.
///
/// # Errors
/// No rows, too many, rows of another length, or as [`grid`].
pub(crate) fn rect_grid(text: &str, alphabet: &Alphabet) -> Result<Grid, InputError> {
    let rows = text.split_ascii_whitespace().count();
    let cols = text.split_ascii_whitespace().next().map_or(0, str::len);
    rows_of(text, rows, cols, alphabet)
}

fn rows_of(text: &str, rows: usize, cols: usize, alphabet: &Alphabet) -> Result<Grid, InputError> {
    if rows == 0 || rows > MAX_SIDE || cols == 0 || cols > MAX_SIDE {
        let expected = format!("1 to {MAX_SIDE} rows of cells from {}", alphabet.letters);
        let found = format!("{rows} rows of {cols}");
        return Err(InputError::unexpected(
            Pos { line: 1, column: 1 },
            expected,
            found.as_bytes(),
        ));
    }
    grid(&mut Tokens::new(text.as_bytes()), rows, cols, alphabet)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const LETTERS: Alphabet = Alphabet::new(&[(b'x', 1), (b'.', 0)], "'x' or '.'");

    fn read(text: &str, size: usize) -> Result<Grid, String> {
        grid(&mut Tokens::new(text.as_bytes()), size, size, &LETTERS).map_err(|e| e.to_string())
    }

    /// The grid's cells (or the error) reading `text` through a reader buffer of `capacity`
    /// bytes.
    fn read_through(text: &[u8], size: usize, capacity: usize) -> Result<Vec<u8>, String> {
        let reader = std::io::BufReader::with_capacity(capacity, text);
        let grid = grid(&mut Tokens::new(reader), size, size, &LETTERS);
        grid.map(|g| g.values().to_vec()).map_err(|e| e.to_string())
    }

    proptest::proptest! {
        /// A row read straight from the reader's buffer (a big one) against the general path
        /// alone (a buffer of one byte, which no row fits): the same cells, or the same error
        /// at the same line and column, on boards with random edits.
        #[test]
        fn plain_rows_read_as_the_general_path_reads_them(
            text in crate::input::edits::edited(
                (1usize..6).prop_flat_map(|size| {
                    proptest::collection::vec(
                        proptest::collection::vec(proptest::sample::select(b"x.".to_vec()), size),
                        size,
                    )
                })
                .prop_map(|rows| {
                    rows.iter().flat_map(|row| row.iter().copied().chain([b'\n'])).collect()
                }),
                b"x. \n\r\ty\xc3",
            ),
            size in 1usize..6,
        ) {
            proptest::prop_assert_eq!(
                read_through(&text, size, 1 << 16),
                read_through(&text, size, 1)
            );
        }
    }

    #[test]
    fn rows_are_read_into_a_grid() {
        let grid = read("x.\n.x\n", 2).unwrap();
        assert_eq!(grid.row(0), [1, 0]);
        assert_eq!(grid.row(1), [0, 1]);
    }

    #[test]
    fn a_row_length_counts_characters() {
        assert_eq!(
            read("xx\nＲＲＲ\n", 2).unwrap_err(),
            "line 2, column 1: expected a row of 2 cells from 'x' or '.' (this row has 3), found 'ＲＲＲ'"
        );
    }

    #[test]
    fn a_wide_letter_is_named_whole_at_its_column() {
        assert_eq!(
            read("xＲ\nxx\n", 2).unwrap_err(),
            "line 1, column 2: expected 'x' or '.', found 'Ｒ'"
        );
    }

    #[test]
    fn an_endless_row_is_refused_after_a_bounded_read() {
        let long = "x".repeat(1 << 20);
        let error = read(&format!("{long}\n"), 3).unwrap_err();
        assert!(error.contains("a row of 3 cells"), "{error}");
        assert!(error.ends_with("(… more than 15 bytes in all)"), "{error}");
    }
}
