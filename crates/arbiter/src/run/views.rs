//! Every view of one judged case: its line or JSON record, its explanation, its picture and
//! its game record, each written where the run's [`Views`] say.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::folder::Folder;
use super::outcome::Warning;
use crate::game::{Game, Notation, Written};
use crate::render::Style;

/// What a case's line is written as. A game record format writes each case as the game's
/// record ([`Game::write_record`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The contest's lines, exactly.
    #[default]
    Contest,
    /// One JSON object per case (JSON Lines).
    #[cfg(feature = "serde")]
    Json,
    /// Each case as an SGF game record, one after another: a collection.
    Sgf,
    /// Each case as a trmph link, one a line.
    Trmph,
}

impl crate::named::Named for Format {
    const ALL: &'static [Format] = &[
        Format::Contest,
        #[cfg(feature = "serde")]
        Format::Json,
        Format::Sgf,
        Format::Trmph,
    ];

    fn name(self) -> &'static str {
        match self {
            Format::Contest => "contest",
            #[cfg(feature = "serde")]
            Format::Json => "json",
            Format::Sgf => "sgf",
            Format::Trmph => "trmph",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Format::Contest => "The contest's lines, exactly",
            #[cfg(feature = "serde")]
            Format::Json => "One JSON object per case (JSON Lines)",
            Format::Sgf => "Each case as an SGF game record, one after another: a collection",
            Format::Trmph => "Each case as a trmph link, one a line",
        }
    }
}

impl Format {
    /// The game-record notation the format writes, if it writes records.
    pub const fn notation(self) -> Option<Notation> {
        match self {
            Format::Sgf => Some(Notation::Sgf),
            Format::Trmph => Some(Notation::Trmph),
            _ => None,
        }
    }
}

/// Which views of each case to write beside its answer.
#[derive(Clone, Debug, Default)]
pub struct Views {
    /// The contest line, a JSON record or a game record.
    pub format: Format,
    /// Explain each answer in words with a diagram (after the contest line, or as the
    /// `explanation` field of a JSON record).
    pub explain: bool,
    /// Draw each case as an SVG picture into this folder.
    pub pictures: Option<Folder>,
    /// Write each case back as a game record with its judgement into this folder.
    pub records: Option<Folder>,
    /// Whether the explanations are coloured.
    pub style: Style,
    /// The name of the input, given to each JSON record as its `file` field (when many files
    /// are judged together).
    pub file: Option<String>,
    /// The name the input's pictures and records are named after (`game` for `game.sgf`:
    /// `game.svg`, `game-2.svg`, ...), when many files are judged together; `None` names them
    /// by case number (`case-1.svg`).
    pub stem: Option<String>,
}

impl Views {
    /// Whether anything beyond the contest answer is asked for.
    pub(super) fn needs_judgement(&self) -> bool {
        self.explain
            || self.format != Format::Contest
            || self.pictures.is_some()
            || self.records.is_some()
    }
}

/// Judges one case and writes the views of it; returns its verdict.
pub(super) fn write_views<G: Game>(
    game: &G,
    number: usize,
    case: &G::Case,
    out: &mut impl Write,
    views: &Views,
    warn: &mut dyn FnMut(Warning),
) -> io::Result<G::Verdict> {
    let judgement = game.judge(case);
    let verdict = game.verdict_of(&judgement);
    let record_case = game.is_game_record(case);
    match views.format {
        Format::Contest => {
            game.write_line(out, number, &verdict)?;
            if views.explain {
                game.explain(case, &judgement, views.style, out)?;
                writeln!(out)?;
            }
        }
        #[cfg(feature = "serde")]
        Format::Json => write_json(game, number, case, (&verdict, &judgement), views, out)?,
        Format::Sgf | Format::Trmph => {
            let notation = views.format.notation().expect("a record format");
            let mut record = Vec::new();
            match game.write_record(case, &judgement, notation, &mut record) {
                Ok(Written::Record) => out.write_all(&record)?,
                Ok(Written::Nothing(why)) => warn(Warning {
                    case: number,
                    game: record_case,
                    message: format!("no {notation} record: {why}"),
                    unfinished: false,
                }),
                Err(error) if error.kind() == io::ErrorKind::Unsupported => warn(Warning {
                    case: number,
                    game: record_case,
                    message: format!("no {notation} record: {error}"),
                    unfinished: true,
                }),
                Err(error) => return Err(error),
            }
        }
    }
    if let Some(pictures) = &views.pictures {
        let path = pictures.path(number, views.stem.as_deref());
        let drawn = write_file(&path, |out| game.draw(case, &judgement, out));
        if let Err(error) = drawn {
            warn(Warning {
                case: number,
                game: record_case,
                message: format!("cannot write the picture {}: {error}", path.display()),
                unfinished: true,
            });
        }
    }
    if let Some(records) = &views.records {
        let path = records.path(number, views.stem.as_deref());
        let mut nothing = None;
        let written = write_file(&path, |out| {
            match game.write_record(case, &judgement, Notation::Sgf, out)? {
                Written::Record => {}
                Written::Nothing(why) => nothing = Some(why),
            }
            Ok(())
        });
        match (written, nothing) {
            (Err(error), _) => warn(Warning {
                case: number,
                game: record_case,
                message: format!("cannot write the record {}: {error}", path.display()),
                unfinished: true,
            }),
            // Nothing to write, as `--format sgf` says (an Impossible board has no game).
            (Ok(()), Some(why)) => warn(Warning {
                case: number,
                game: record_case,
                message: format!("no record {}: {why}", path.display()),
                unfinished: false,
            }),
            (Ok(()), None) => {}
        }
    }
    Ok(verdict)
}

/// Writes a file with `write`. The file is made when the first bytes come, so that a view
/// refused before it starts (a board too big to draw) leaves no file behind.
fn write_file(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let mut file = BufWriter::new(LazyFile { path, file: None });
    write(&mut file)?;
    file.flush()
}

/// A file made on its first write.
struct LazyFile<'p> {
    path: &'p Path,
    file: Option<fs::File>,
}

impl Write for LazyFile<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(fs::File::create(self.path)?),
        };
        file.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), Write::flush)
    }
}

/// One case's JSON record: the game, the case number, the answer's words, then the
/// judgement's own fields.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct Record<'a, V: std::fmt::Display, J> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    game: &'static str,
    case: usize,
    #[serde(serialize_with = "as_text")]
    verdict: &'a V,
    #[serde(flatten)]
    judgement: &'a J,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<String>,
}

#[cfg(feature = "serde")]
fn as_text<S: serde::Serializer>(value: &impl std::fmt::Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Judges one case and makes its JSON record as a value: what `--format json` writes for it
/// (its input file's name when given, as for one file of many, the game, the case number, the
/// answer's words, the judgement's fields and, with `explain`, the explanation, without
/// colour); the judgement too, for other views of it.
///
/// # Errors
/// When the judgement cannot be written as JSON.
#[cfg(feature = "serde")]
pub fn judged_record<G: Game>(
    game: &G,
    file: Option<&str>,
    number: usize,
    case: &G::Case,
    explain: bool,
) -> serde_json::Result<(serde_json::Value, G::Judgement)> {
    let judgement = game.judge(case);
    let verdict = game.verdict_of(&judgement);
    let explanation = explain.then(|| {
        let mut text = Vec::new();
        // Writing into memory cannot fail.
        let _ = game.explain(
            case,
            &judgement,
            crate::render::Style { color: false },
            &mut text,
        );
        String::from_utf8_lossy(&text).into_owned()
    });
    let record = serde_json::to_value(Record {
        file,
        game: G::NAME,
        case: number,
        verdict: &verdict,
        judgement: &judgement,
        explanation,
    })?;
    Ok((record, judgement))
}

/// Writes one case's JSON record and a newline, streamed to `out`.
#[cfg(feature = "serde")]
fn write_json<G: Game>(
    game: &G,
    number: usize,
    case: &G::Case,
    (verdict, judgement): (&G::Verdict, &G::Judgement),
    views: &Views,
    out: &mut impl Write,
) -> io::Result<()> {
    let explanation = if views.explain {
        let mut text = Vec::new();
        game.explain(case, judgement, views.style, &mut text)?;
        Some(String::from_utf8_lossy(&text).into_owned())
    } else {
        None
    };
    if let Some(records) = game.json_records(judgement) {
        return write_json_records(G::NAME, number, records, explanation, views, out);
    }
    let record = Record {
        file: views.file.as_deref(),
        game: G::NAME,
        case: number,
        verdict,
        judgement,
        explanation,
    };
    serde_json::to_writer(&mut *out, &record).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// Writes a judgement made of many records ([`Game::json_records`]), each on its line after
/// the case's own fields (its file, the game, the case number); the explanation, if any, goes
/// with the last.
#[cfg(feature = "serde")]
fn write_json_records(
    game: &str,
    number: usize,
    records: Vec<serde_json::Value>,
    mut explanation: Option<String>,
    views: &Views,
    out: &mut impl Write,
) -> io::Result<()> {
    use serde_json::{Map, Value};
    let count = records.len();
    for (i, record) in records.into_iter().enumerate() {
        let mut line = Map::new();
        if let Some(file) = &views.file {
            line.insert("file".into(), file.as_str().into());
        }
        line.insert("game".into(), game.into());
        line.insert("case".into(), number.into());
        match record {
            Value::Object(fields) => line.extend(fields),
            other => {
                line.insert("record".into(), other);
            }
        }
        if i + 1 == count
            && let Some(text) = explanation.take()
        {
            line.insert("explanation".into(), text.into());
        }
        serde_json::to_writer(&mut *out, &line).map_err(io::Error::from)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_refused_before_its_first_byte_leaves_no_file() {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("arbiter-view-{}.svg", std::process::id()));
        let refused = write_file(&path, |_| Err(io::Error::other("too big to draw")));
        assert!(refused.is_err());
        assert!(!path.exists());
        write_file(&path, |out| out.write_all(b"<svg/>")).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"<svg/>");
        fs::remove_file(&path).unwrap();
    }

    #[test]
    fn the_explanation_follows_the_contest_line_and_json_carries_it() {
        let game = crate::hex::Hex::CONTEST;
        let views = Views {
            explain: true,
            ..Views::default()
        };
        let mut out = Vec::new();
        super::super::run(
            &game,
            "1\n2\nRB\nRB\n".as_bytes(),
            &mut out,
            &views,
            &mut |_| {},
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("Case #1: Red wins\n"), "{text}");
        assert!(text.lines().count() > 2, "{text}");
        #[cfg(feature = "serde")]
        {
            let views = Views {
                format: Format::Json,
                ..views
            };
            let mut out = Vec::new();
            super::super::run(
                &game,
                "1\n2\nRB\nRB\n".as_bytes(),
                &mut out,
                &views,
                &mut |_| {},
            )
            .unwrap();
            let record: serde_json::Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(record["case"], 1);
            assert!(record["explanation"].as_str().unwrap().contains("Red"));
        }
    }
}
