//! Reading, judging and writing every view of an untrusted input, with the invariants that
//! hold between the views: what the fuzz targets (`fuzz/`) and the property tests run on
//! arbitrary bytes.
//!
//! A reader may refuse an input (that is an error, never a panic); whatever it accepts is
//! judged, and every view of the judgement is written: the contest line, the explanation, the
//! JSON record, the SVG picture and each game-record notation. Then:
//! - the verdict found cheaply equals the verdict of the full judgement (the JSON record and
//!   the contest line never disagree);
//! - with `round_trip`, a record written by the game reads back to the same verdict (a Hex
//!   board's legal game, a Hex record normalised).
//!
//! A broken invariant panics, which is what a fuzzer reports.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::Hex;
//! use arbiter::selfcheck::every_view;
//!
//! let checked = every_view(&Hex::CONTEST, b"1\n2\nR.\nRB\n", true);
//! assert_eq!(checked.cases, 1);
//! assert!(!checked.refused);
//! ```

use std::io::{self, Write};

use crate::game::{Game, Written, verdicts_in_pieces, verdicts_in_stream};
use crate::render::Style;
use crate::run::{Format, Views, run};

/// What [`every_view`] went through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// The cases read and judged.
    pub cases: usize,
    /// Whether the reader refused the input (or a case of it).
    pub refused: bool,
}

/// Reads `input` as `game` does, judges each case it accepts and writes every view of it,
/// checking that the views agree (see the module documentation); with `round_trip`, also
/// reads back each record the game writes.
///
/// # Panics
/// When an invariant is broken: that is a bug for the fuzzer to report.
pub fn every_view<G: Game>(game: &G, input: &[u8], round_trip: bool) -> Checked {
    let mut checked = Checked::default();
    for raw in game.read(input) {
        let Ok(raw) = raw else {
            checked.refused = true;
            break;
        };
        let Ok(case) = game.prepare(raw) else {
            checked.refused = true;
            break;
        };
        checked.cases += 1;
        let _ = game.warnings(&case);
        let verdict = game.verdict(&case);
        let judgement = game.judge(&case);
        let full = game.verdict_of(&judgement);
        assert_eq!(
            verdict.to_string(),
            full.to_string(),
            "the cheap and full verdicts"
        );
        write_views(game, &case, &judgement, checked.cases, &mut io::sink()).expect("writing");
        for &notation in G::NOTATIONS {
            let mut record = Vec::new();
            let written = game.write_record(&case, &judgement, notation, &mut record);
            if round_trip && matches!(written, Ok(Written::Record)) {
                assert_eq!(
                    read_back(game, &record),
                    verdict.to_string(),
                    "{notation} record"
                );
            }
        }
    }
    // The whole command's pipeline too, with every view on. Its JSON records hold each
    // explanation as a string: uncoloured, as `--format json` writes it to a file, a
    // Go board of n <= 1024 declared in a few bytes stays within a few MB.
    let views = Views {
        format: Format::Json,
        explain: true,
        pictures: None,
        records: None,
        style: Style { color: false },
        file: None,
        stem: None,
    };
    let _ = run(game, input, &mut io::sink(), &views, &mut |_| {});
    // Read for threads through a buffer that cuts the input into several pieces, and in one.
    let in_stream = verdicts_in_stream(game, input);
    for capacity in [256, input.len().max(1)] {
        assert_eq!(
            verdicts_in_pieces(game, input, capacity),
            in_stream,
            "read for threads (cases cut at a glance, read from their texts) and read in the stream"
        );
    }
    checked
}

/// Writes the contest line, the explanation (plain and coloured), the JSON record and the
/// picture of one judged case (to a sink: a big board's picture is big, and only the
/// library's own memory is under test).
fn write_views<G: Game>(
    game: &G,
    case: &G::Case,
    judgement: &G::Judgement,
    number: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    game.write_line(out, number, &game.verdict_of(judgement))?;
    game.explain(case, judgement, Style { color: false }, out)?;
    game.explain(case, judgement, Style { color: true }, out)?;
    serde_json::to_writer(&mut *out, judgement).map_err(io::Error::other)?;
    match game.draw(case, judgement, out) {
        // A board too big to draw is refused, as documented.
        Err(error) if error.kind() == io::ErrorKind::InvalidInput => {}
        drawn => drawn?,
    }
    out.flush()
}

/// The verdict of the first case of a record the game wrote.
fn read_back<G: Game>(game: &G, record: &[u8]) -> String {
    let raw = game
        .read(record)
        .next()
        .expect("a written record has a case")
        .unwrap_or_else(|e| panic!("a written record reads back: {e}"));
    let case = game
        .prepare(raw)
        .unwrap_or_else(|e| panic!("a written record replays: {e}"));
    game.verdict(&case).to_string()
}
