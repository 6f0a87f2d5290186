//! Judging an input case by case and writing every view of each: written once, for every
//! game, over [`Game`].
//!
//! A case's answer is written as soon as it is judged, so the cases before a bad one keep
//! their answers, and input is never held longer than one case. Without views only the
//! contest answer is computed ([`Game::verdict`]); with them the whole judgement.
//!
//! # Examples
//!
//! ```
//! use arbiter::hex::Hex;
//! use arbiter::run::{run, Views};
//!
//! let mut out = Vec::new();
//! let error = run(&Hex, "2\n1\nR\n1\nX\n".as_bytes(), &mut out, &Views::default(), &mut |_| {})
//!     .unwrap_err();
//! assert_eq!(out, b"Case #1: Red wins\n");
//! assert_eq!(error.to_string(), "case 2, line 5, column 1: expected 'R', 'B' or '.', found 'X'");
//! ```

use std::fmt;
use std::fs;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::game::Game;
use crate::input::InputError;
use crate::render::Style;

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input is not in the game's formats (or could not be read).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The output could not be written.
    #[error("cannot write output: {0}")]
    Output(#[from] io::Error),
}

/// What a case's line is written as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The contest's lines, exactly.
    #[default]
    Contest,
    /// One JSON object per case (JSON Lines).
    #[cfg(feature = "serde")]
    Json,
}

/// Which views of each case to write beside its answer.
#[derive(Debug, Default)]
pub struct Views {
    /// The contest line or a JSON record.
    pub format: Format,
    /// Explain each answer in words with a diagram (after the contest line, or as the
    /// `explanation` field of a JSON record).
    pub explain: bool,
    /// Draw each case as an SVG picture into this folder.
    pub pictures: Option<Pictures>,
    /// Whether the explanations are coloured.
    pub style: Style,
}

impl Views {
    /// Whether anything beyond the contest answer is asked for.
    fn needs_judgement(&self) -> bool {
        self.explain || self.format != Format::Contest || self.pictures.is_some()
    }
}

/// Something worth telling the user that does not stop the run: a picture that could not be
/// written, a record that breaks a rule of its game.
#[derive(Debug)]
pub struct Warning {
    /// The case it concerns (from 1).
    pub case: usize,
    /// What happened.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "case {}: {}", self.case, self.message)
    }
}

/// Judges every case of `input` with `game` and writes each answer with the chosen `views`;
/// `warn` hears every [`Warning`] as it happens.
///
/// # Errors
/// The first input error (after the answers of all earlier cases are written) or output
/// error. A picture that cannot be written is a warning, not an error: the answers go on.
pub fn run<G: Game>(
    game: &G,
    input: impl BufRead,
    out: &mut impl Write,
    views: &Views,
    warn: &mut dyn FnMut(Warning),
) -> Result<(), RunError> {
    let needs_judgement = views.needs_judgement();
    for (number, case) in (1..).zip(game.read(input)) {
        let case = case.map_err(|e| e.in_case(number))?;
        for message in game.warnings(&case) {
            warn(Warning {
                case: number,
                message,
            });
        }
        if needs_judgement {
            write_views(game, number, &case, out, views, warn)?;
        } else {
            game.write_line(out, number, &game.verdict(&case))?;
        }
    }
    Ok(())
}

/// Judges one case and writes the views of it.
fn write_views<G: Game>(
    game: &G,
    number: usize,
    case: &G::Case,
    out: &mut impl Write,
    views: &Views,
    warn: &mut dyn FnMut(Warning),
) -> io::Result<()> {
    let judgement = game.judge(case);
    match views.format {
        Format::Contest => {
            game.write_line(out, number, &game.verdict_of(&judgement))?;
            if views.explain {
                game.explain(case, &judgement, views.style, out)?;
                writeln!(out)?;
            }
        }
        #[cfg(feature = "serde")]
        Format::Json => write_record(game, number, case, &judgement, views, out)?,
    }
    if let Some(pictures) = &views.pictures {
        let path = pictures.path(number);
        if let Err(error) = draw_into(game, case, &judgement, &path) {
            warn(Warning {
                case: number,
                message: format!("cannot write the picture {}: {error}", path.display()),
            });
        }
    }
    Ok(())
}

/// Draws a case into `path`. The file is made when the picture's first bytes come, so that
/// a picture refused before it starts (a board too big to draw) leaves no file behind.
fn draw_into<G: Game>(
    game: &G,
    case: &G::Case,
    judgement: &G::Judgement,
    path: &Path,
) -> io::Result<()> {
    let mut file = BufWriter::new(LazyFile { path, file: None });
    game.draw(case, judgement, &mut file)?;
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
struct Record<'a, V: fmt::Display, J> {
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
fn as_text<S: serde::Serializer>(value: &impl fmt::Display, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Writes one case's JSON record and a newline, streamed to `out`.
#[cfg(feature = "serde")]
fn write_record<G: Game>(
    game: &G,
    number: usize,
    case: &G::Case,
    judgement: &G::Judgement,
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
    let record = Record {
        game: G::NAME,
        case: number,
        verdict: &game.verdict_of(judgement),
        judgement,
        explanation,
    };
    serde_json::to_writer(&mut *out, &record).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// A folder that pictures are drawn into, `case-1.svg`, `case-2.svg`, ...
#[derive(Debug)]
pub struct Pictures {
    dir: PathBuf,
}

/// Why pictures cannot be drawn into a folder.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw pictures into {}: {error}", dir.display())]
pub struct PicturesError {
    /// The folder.
    pub dir: PathBuf,
    /// What went wrong.
    pub error: io::Error,
}

impl Pictures {
    /// Makes `dir` ready for a run's pictures before anything is judged: creates it if need
    /// be, checks that a file can be written there, and removes the pictures of an earlier
    /// run (`case-N.svg`, and nothing else), so that none is left mixed in with the new ones.
    /// Returns how many old pictures it removed.
    ///
    /// # Errors
    /// When `dir` is not a folder, cannot be made, or cannot be written to.
    pub fn prepare(dir: &Path) -> Result<(Pictures, usize), PicturesError> {
        let failed = |error| PicturesError {
            dir: dir.to_path_buf(),
            error,
        };
        if dir.exists() && !dir.is_dir() {
            let error = io::Error::new(io::ErrorKind::NotADirectory, "it is not a folder");
            return Err(failed(error));
        }
        fs::create_dir_all(dir).map_err(failed)?;
        let probe = dir.join(".arbiter-probe");
        fs::write(&probe, b"").map_err(failed)?;
        let _ = fs::remove_file(&probe);
        let mut removed = 0;
        for entry in fs::read_dir(dir).map_err(failed)? {
            let path = entry.map_err(failed)?.path();
            if is_picture_name(&path) && path.is_file() {
                fs::remove_file(&path).map_err(failed)?;
                removed += 1;
            }
        }
        Ok((
            Pictures {
                dir: dir.to_path_buf(),
            },
            removed,
        ))
    }

    /// The path of case `number`'s picture.
    pub fn path(&self, number: usize) -> PathBuf {
        self.dir.join(format!("case-{number}.svg"))
    }
}

/// Whether a file is named as [`Pictures`] names them: `case-N.svg`.
fn is_picture_name(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.strip_prefix("case-")
        .and_then(|rest| rest.strip_suffix(".svg"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
