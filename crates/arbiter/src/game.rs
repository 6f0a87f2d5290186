//! One interface for every game: [`Game`].
//!
//! A game says what one case is, how a case is read from each of its formats, what its
//! contest answer and its full judgement are, and how a judgement is written: as the contest
//! line, explained in words, drawn as a picture, and (through `Serialize`) as a JSON record.
//! Everything that handles cases is written once over this trait: [`crate::run`] (the
//! command line's judging, with every view), `validate`, `gen` (`Generate`), and the list
//! of every game (`registry`).
//!
//! A game is a value, so that its options (Go's rules and komi) travel with it.
//!
//! The trait is one, though its methods fall in three groups (reading: `read` to `warnings`;
//! judging: `verdict`, `judge`, `verdict_of`, `disagrees`; views: `write_line` to
//! `write_record`, with `board_rows` and `played` for the pages), because every front uses all
//! three on the same case: split, each bound in `run`, the registry's [`Visit`]s and the fronts
//! would name the three together, and a game would implement three traits for one type. What
//! is not about a case lives apart: positions set up by clicking in [`crate::setup::SetUp`],
//! the generators in `Generate`; `validate` only hands an input to its format's checks.
//!
//! [`Visit`]: crate::registry::Visit
//!
//! # Examples
//!
//! ```
//! use arbiter::Game;
//! use arbiter::hex::Hex;
//!
//! let mut cases = Hex::CONTEST.read("1\n2\nRB\nR.\n".as_bytes());
//! let board = Hex::CONTEST.prepare(cases.next().unwrap().unwrap()).unwrap();
//! let mut line = Vec::new();
//! Hex::CONTEST.write_line(&mut line, 1, &Hex::CONTEST.verdict(&board)).unwrap();
//! assert_eq!(line, b"Case #1: Red wins\n");
//! ```

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::input::{CaseTexts, Cut, InputError};
use crate::render::Style;
use crate::validate::Report;

/// The cases of one input, each read when asked for; after the first error, nothing.
pub type Cases<'a, C> = Box<dyn Iterator<Item = Result<C, InputError>> + 'a>;

/// The cases of one input as [`Game::read_for_threads`] cuts them: each read, or many left as
/// their texts; after the first error, nothing.
pub type Pieces<'a, C> = Box<dyn Iterator<Item = Result<Cut<C>, InputError>> + 'a>;

/// What a judgement must be to be written as a JSON record: `Serialize` when the `serde`
/// feature is on, anything when it is off.
#[cfg(feature = "serde")]
pub trait Record: serde::Serialize {}
#[cfg(feature = "serde")]
impl<T: serde::Serialize> Record for T {}
/// What a judgement must be to be written as a JSON record: `Serialize` when the `serde`
/// feature is on, anything when it is off.
#[cfg(not(feature = "serde"))]
pub trait Record {}
#[cfg(not(feature = "serde"))]
impl<T> Record for T {}

/// A move of a game record, as a page shows it ([`Game::played`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Played {
    /// The letter of the mover's stone on the board's rows (Go `B`, `W`; Hex `R`, `B`).
    pub stone: char,
    /// The cell it put a stone on (row and column from the top left), or `None` for a move
    /// that puts none (a pass, a swap of sides).
    pub at: Option<crate::grid::Coord>,
}

/// A game arbiter judges.
pub trait Game: Sync {
    /// The game's name on the command line and in JSON records, e.g. `"hex"`.
    const NAME: &'static str;
    /// What reading cuts out of an input, to be made a case by [`Game::prepare`]: the case
    /// itself, or (for game records) its text, so that the costly part of reading can run in
    /// parallel.
    type Raw: Send;
    /// One case to judge, checked when it was read.
    type Case;
    /// The contest's answer alone; its `Display` is the answer's words (`Red wins`, `B`).
    type Verdict: fmt::Display;
    /// The answer with its evidence.
    type Judgement: Record;

    /// Reads the cases of one input, in whichever of the game's formats it is written (found
    /// from the content), each as far as [`Game::Raw`] goes.
    fn read<'a, R: BufRead + 'a>(&'a self, input: R) -> Cases<'a, Self::Raw>;

    /// Reads the cases of one input to be judged on many threads: as [`Game::read`], but
    /// cases whose layout the format finds at a glance are left as their texts, many
    /// consecutive cases in one piece, for [`Game::read_texts`] to read on another thread, so
    /// that reading, too, runs on every core. By default, [`Game::read`], every case read.
    ///
    /// # Examples
    ///
    /// ```
    /// use arbiter::Game;
    /// use arbiter::cheesy::Cheesy;
    /// use arbiter::input::Cut;
    ///
    /// let case = "........\n".repeat(8) + "1 1\n8 8\n";
    /// let input = format!("3\n{case}{case}{case}");
    /// let mut verdicts = Vec::new();
    /// for piece in Cheesy.read_for_threads(input.as_bytes()) {
    ///     match piece.unwrap() {
    ///         // Many cases in one piece, to be read on another thread.
    ///         Cut::Texts(texts) => {
    ///             for position in Cheesy.read_texts(texts) {
    ///                 verdicts.push(Cheesy.verdict(&position.unwrap()).to_string());
    ///             }
    ///         }
    ///         Cut::Read(position) => verdicts.push(Cheesy.verdict(&position).to_string()),
    ///     }
    /// }
    /// assert_eq!(verdicts, ["White", "White", "White"]);
    /// ```
    fn read_for_threads<'a, R: BufRead + 'a>(&'a self, input: R) -> Pieces<'a, Self::Raw> {
        Box::new(self.read(input).map(|raw| raw.map(Cut::Read)))
    }

    /// Reads the cases of texts cut by [`Game::read_for_threads`], as [`Game::read`] would
    /// have read them: the same cases, or the same first error. By default (a game that
    /// cuts no texts), an error.
    fn read_texts(&self, texts: CaseTexts) -> Cases<'_, Self::Raw> {
        let _ = texts;
        let error = io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{} reads no case texts", Self::NAME),
        );
        Box::new(std::iter::once(Err(InputError::io(error))))
    }

    /// Roughly how much work a raw case is (its cells, or its text's bytes), so that batches
    /// judged together stay of a bounded size.
    fn weight(&self, raw: &Self::Raw) -> usize;

    /// Finishes reading a case: for game records, parses and replays the record.
    ///
    /// # Errors
    /// A case that breaks its format or its game's rules (the caller adds its number).
    fn prepare(&self, raw: Self::Raw) -> Result<Self::Case, InputError>;

    /// What a case's reading found worth a warning (a game record that breaks a rule of its
    /// game but is judged as recorded); none by default.
    fn warnings(&self, case: &Self::Case) -> Vec<String> {
        let _ = case;
        Vec::new()
    }

    /// The case's board as rows of letters, the top row first, in the letters of the web
    /// board's positions (Hex `R`, `B`, `.`; Go `B`, `W`, `.`): for a page to show a pasted
    /// case's size and to edit it. `None` by default.
    fn board_rows(&self, case: &Self::Case) -> Option<Vec<String>> {
        let _ = case;
        None
    }

    /// The moves a game record's case was played up to, in order, each with the cell it put
    /// a stone on and that stone's letter in [`Game::board_rows`]'s letters: for a page to
    /// mark the last move and number the stones. `None` by default (a case that is no
    /// record).
    fn played(&self, case: &Self::Case) -> Option<Vec<Played>> {
        let _ = case;
        None
    }

    /// Whether a case is a game of a collection of records, which messages call "game 3"
    /// rather than "case 3"; no by default.
    fn is_game_record(&self, case: &Self::Case) -> bool {
        let _ = case;
        false
    }

    /// The contest's answer alone, found as cheaply as possible.
    fn verdict(&self, case: &Self::Case) -> Self::Verdict;

    /// The answer with all its evidence.
    fn judge(&self, case: &Self::Case) -> Self::Judgement;

    /// The answer a judgement holds.
    fn verdict_of(&self, judgement: &Self::Judgement) -> Self::Verdict;

    /// Writes the output line of case `number` (from 1); by default the verdict's words.
    ///
    /// # Errors
    /// When writing fails.
    fn write_line<W: Write + ?Sized>(
        &self,
        out: &mut W,
        number: usize,
        verdict: &Self::Verdict,
    ) -> io::Result<()> {
        let _ = number;
        writeln!(out, "{verdict}")
    }

    /// Whether an answer disagrees with what the input itself claims (a record's recorded
    /// result, when asked to check it): the run then ends with status 1.
    fn disagrees(&self, verdict: &Self::Verdict) -> bool {
        let _ = verdict;
        false
    }

    /// The JSON records a judgement is written as, when it is more than one (a game review:
    /// a record a position, then a summary): each is written on a line of its own, after
    /// the case's own fields. `None` by default: the judgement is one record.
    #[cfg(feature = "serde")]
    fn json_records(&self, judgement: &Self::Judgement) -> Option<Vec<serde_json::Value>> {
        let _ = judgement;
        None
    }

    /// Explains a judgement in words, with a diagram of the board, ending with a newline.
    ///
    /// # Errors
    /// When writing fails.
    fn explain(
        &self,
        case: &Self::Case,
        judgement: &Self::Judgement,
        style: Style,
        out: &mut dyn Write,
    ) -> io::Result<()>;

    /// Draws the case with its evidence as an SVG picture.
    ///
    /// # Errors
    /// When writing fails.
    fn draw(
        &self,
        case: &Self::Case,
        judgement: &Self::Judgement,
        out: &mut dyn Write,
    ) -> io::Result<()>;

    /// The game-record formats [`Game::write_record`] writes; none by default.
    const NOTATIONS: &'static [Notation] = &[];

    /// Writes the case as a game record in `notation` (one of [`Game::NOTATIONS`]): a Go
    /// record with its territory and result; a Hex record normalised, or for a board, a
    /// legal game that reaches it. [`Written::Nothing`] when the case has no such record (a
    /// Hex board that no legal game reaches).
    ///
    /// # Errors
    /// When writing fails, or the case cannot be written in `notation` (kind `Unsupported`,
    /// with the reason).
    fn write_record(
        &self,
        case: &Self::Case,
        judgement: &Self::Judgement,
        notation: Notation,
        out: &mut dyn Write,
    ) -> io::Result<Written> {
        let _ = (case, judgement, out);
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("{} writes no {notation} records", Self::NAME),
        ))
    }

    /// Checks an input against the contest format's exact layout and official limits.
    ///
    /// # Errors
    /// Only when reading fails.
    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report>;
}

/// A game-record format: how [`Game::write_record`] writes a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Smart Game Format, as each game's programs write it (Go: `GM[1]`; Hex: HexGui's
    /// `GM[11]`).
    Sgf,
    /// A trmph link per game (Hex).
    Trmph,
}

impl Notation {
    /// The file extension of a record in this notation.
    pub const fn extension(self) -> &'static str {
        match self {
            Notation::Sgf => "sgf",
            Notation::Trmph => "trmph",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Sgf => "SGF",
            Notation::Trmph => "trmph",
        })
    }
}

/// What [`Game::write_record`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// The record.
    Record,
    /// Nothing, since the case has no record; why, in words.
    Nothing(String),
}

/// A game that can write seeded random inputs in its contest format.
#[cfg(feature = "generate")]
pub trait Generate: Game {
    /// The kinds of case the generator makes, by their command-line names.
    const MODES: &'static [&'static str];
    /// The board side when none is given.
    const DEFAULT_SIZE: usize;
    /// The board sides the generator takes.
    const SIZES: std::ops::RangeInclusive<usize>;

    /// The board sides on which mode `MODES[mode]` keeps its promise; by default all of
    /// [`Generate::SIZES`].
    fn mode_sizes(&self, mode: usize) -> std::ops::RangeInclusive<usize> {
        let _ = mode;
        Self::SIZES
    }

    /// Writes an input of `cases` cases of side `size`, each of mode `MODES[mode]` (every
    /// mode that can keep its promise at this size in turn, for `None`), drawn from a
    /// generator seeded with `seed`: the same arguments give the same bytes.
    ///
    /// # Errors
    /// When writing fails.
    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()>;
}

/// A game with its type erased, for the tools that treat every game alike (`validate`,
/// `gen`): a list of these is all they need.
pub trait AnyGame: Sync {
    /// The game's name.
    fn name(&self) -> &'static str;

    /// As [`Game::validate`].
    ///
    /// # Errors
    /// Only when reading fails.
    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report>;

    /// As [`Generate::MODES`].
    #[cfg(feature = "generate")]
    fn modes(&self) -> &'static [&'static str];

    /// As [`Generate::DEFAULT_SIZE`].
    #[cfg(feature = "generate")]
    fn default_size(&self) -> usize;

    /// As [`Generate::SIZES`].
    #[cfg(feature = "generate")]
    fn sizes(&self) -> std::ops::RangeInclusive<usize>;

    /// As [`Generate::mode_sizes`].
    #[cfg(feature = "generate")]
    fn mode_sizes(&self, mode: usize) -> std::ops::RangeInclusive<usize>;

    /// As [`Generate::write_input`].
    ///
    /// # Errors
    /// When writing fails.
    #[cfg(feature = "generate")]
    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()>;
}

#[cfg(feature = "generate")]
impl<G: Generate> AnyGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        Game::validate(self, input)
    }

    fn modes(&self) -> &'static [&'static str] {
        G::MODES
    }

    fn default_size(&self) -> usize {
        G::DEFAULT_SIZE
    }

    fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        G::SIZES
    }

    fn mode_sizes(&self, mode: usize) -> std::ops::RangeInclusive<usize> {
        Generate::mode_sizes(self, mode)
    }

    fn write_input(
        &self,
        out: &mut dyn Write,
        cases: usize,
        size: usize,
        mode: Option<usize>,
        seed: u64,
    ) -> io::Result<()> {
        Generate::write_input(self, out, cases, size, mode, seed)
    }
}

#[cfg(not(feature = "generate"))]
impl<G: Game> AnyGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn validate(&self, input: &mut dyn BufRead) -> io::Result<Report> {
        Game::validate(self, input)
    }
}

/// Every case of `text` read for threads through a reader buffer of `capacity` bytes, the
/// texts read back: each case's verdict, or the error's message, up to the first error. What
/// the self-checks and the property tests hold to [`verdicts_in_stream`].
#[cfg(any(test, feature = "serde"))]
pub(crate) fn verdicts_in_pieces<G: Game>(
    game: &G,
    text: &[u8],
    capacity: usize,
) -> Vec<Result<String, String>> {
    let reader = io::BufReader::with_capacity(capacity, text);
    let cases = game.read_for_threads(reader).flat_map(|piece| match piece {
        Ok(Cut::Texts(texts)) => game.read_texts(texts),
        Ok(Cut::Read(raw)) => Box::new(std::iter::once(Ok(raw))),
        Err(e) => Box::new(std::iter::once(Err(e))),
    });
    verdicts_up_to_an_error(game, cases)
}

/// Every case of `text` read in the stream, as [`verdicts_in_pieces`] gives them.
#[cfg(any(test, feature = "serde"))]
pub(crate) fn verdicts_in_stream<G: Game>(game: &G, text: &[u8]) -> Vec<Result<String, String>> {
    verdicts_up_to_an_error(game, game.read(text))
}

/// For property tests: the verdicts of `text` read for threads through a reader buffer of
/// `capacity` bytes are those read in the stream, up to and with the first error.
#[cfg(test)]
pub(crate) fn pieces_read_as_the_stream<G: Game>(
    game: &G,
    text: &[u8],
    capacity: usize,
) -> Result<(), proptest::test_runner::TestCaseError> {
    proptest::prop_assert_eq!(
        verdicts_in_pieces(game, text, capacity),
        verdicts_in_stream(game, text)
    );
    Ok(())
}

#[cfg(any(test, feature = "serde"))]
fn verdicts_up_to_an_error<G: Game>(
    game: &G,
    cases: impl Iterator<Item = Result<G::Raw, InputError>>,
) -> Vec<Result<String, String>> {
    let mut verdicts = Vec::new();
    for raw in cases {
        let verdict = raw
            .and_then(|raw| game.prepare(raw))
            .map(|case| game.verdict(&case).to_string())
            .map_err(|e| e.to_string());
        let failed = verdict.is_err();
        verdicts.push(verdict);
        if failed {
            break;
        }
    }
    verdicts
}
#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// Blank space of every kind (lone `\r`s among them, which end lines for the contest
    /// readers), then `tail`.
    fn blank_then(tail: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(prop::sample::select(b" \t\n\r\x0c".to_vec()), 0..700).prop_map(
            move |mut text| {
                text.extend_from_slice(tail);
                text
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The blank space before the first token is read for the format's sake, a reader
        /// buffer at a time when it is long: its lines are counted as the contest readers
        /// count them, so an error names the same line whatever the buffer (a fuzz find: 45
        /// lone `\r`s and 14 `\n`s before a bad count were line 15 through a 256-byte
        /// buffer, line 60 in one piece).
        #[test]
        fn blank_lines_before_an_input_count_alike_in_pieces_and_whole(
            hex in blank_then(b"\x00\x005\n"),
            go in blank_then(b"1\n2 x\n"),
            trmph in blank_then(b"www.trmph.com/hex/board#3,a1zz\n"),
            capacity in prop::sample::select(vec![1usize, 7, 64, 256]),
        ) {
            super::pieces_read_as_the_stream(&crate::hex::Hex::CONTEST, &hex, capacity)?;
            super::pieces_read_as_the_stream(&crate::go::Go::CONTEST, &go, capacity)?;
            // The format too: a trmph file is one whatever the buffer (a second fuzz find:
            // past a long blank prefix, the bytes looked at were all blank read whole), and
            // its columns count the blank read to find that out (a third).
            super::pieces_read_as_the_stream(&crate::hex::Hex::CONTEST, &trmph, capacity)?;
        }
    }

    #[test]
    fn the_fuzz_finds_read_alike_in_pieces_and_whole() {
        // 45 lone `\r`s and 14 `\n`s before a bad count; 300 blank bytes before a trmph
        // address (a trmph file, whatever the buffer); 270 on its line (its column).
        for (name, said) in [
            (
                "hex-crlf-lines-before-the-count.in",
                "line 60, column 1: expected the number",
            ),
            ("hex-trmph-after-a-long-blank.in", "expected a trmph link"),
            (
                "hex-trmph-columns-after-a-long-blank.in",
                "line 1, column 271: expected a trmph",
            ),
        ] {
            let path = format!(
                "{}/../../tests/data/fuzz/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read(path).unwrap();
            let game = crate::hex::Hex::CONTEST;
            let whole = super::verdicts_in_stream(&game, &text);
            assert!(
                matches!(&whole[..], [Err(e)] if e.contains(said)),
                "{name}: {whole:?}"
            );
            for capacity in [1, 256, 4096] {
                let pieces = super::verdicts_in_pieces(&game, &text, capacity);
                assert_eq!(pieces, whole, "{name}, {capacity}");
            }
        }
    }

    #[test]
    fn a_number_too_long_for_a_go_case_at_a_glance_is_read_as_an_error() {
        // A fuzz find (debug assertions on): the glance that cuts Go cases for threads
        // multiplied the digits of this number past usize.
        let path = format!(
            "{}/../../tests/data/fuzz/go-overflow-in-a-long-number.in",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read(path).unwrap();
        let game = crate::go::Go::CONTEST;
        let whole = super::verdicts_in_stream(&game, &text);
        let said = "line 2, column 1: expected the number of black stones";
        assert!(
            matches!(&whole[..], [Err(e)] if e.contains(said)),
            "{whole:?}"
        );
        for capacity in [1, 7, 4096] {
            assert_eq!(super::verdicts_in_pieces(&game, &text, capacity), whole);
        }
    }
}
