//! Many input files judged side by side ([`judge_files`]), each file opened as a reader
//! expects ([`open_file`]), and the names their outputs are given ([`stems`]).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::folder::Folder;
use super::one::run;
use super::outcome::{RunError, Warning};
use super::views::{Format, Views};
use crate::game::Game;

/// An input file opened for reading; a folder is refused, and so is a file named `.sgf`
/// that holds no game tree where one could start (a record is read as one by its name).
///
/// # Errors
/// When the file cannot be opened, is a folder, or is named `.sgf` and holds no `(;`.
pub fn open_file(path: &Path) -> Result<fs::File, FileError> {
    let failed = |error| FileError::Open {
        path: path.to_path_buf(),
        error,
    };
    if path.is_dir() {
        let error = io::Error::new(io::ErrorKind::IsADirectory, "it is a folder");
        return Err(failed(error));
    }
    let named_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    if named_sgf {
        use io::Read;
        let mut head = Vec::new();
        let file = fs::File::open(path).map_err(failed)?;
        file.take(1 << 18).read_to_end(&mut head).map_err(failed)?;
        if !crate::sgf::holds_game(&head) {
            let error = io::Error::new(
                io::ErrorKind::InvalidData,
                "named .sgf, it holds no SGF game tree: no '(;' in its first 256 KiB",
            );
            return Err(failed(error));
        }
    }
    fs::File::open(path).map_err(failed)
}

/// Why one input file of a run could not be judged to its end.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be opened.
    #[error("cannot open {}: {error}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// The run stopped in the file.
    #[error("{}: {error}", path.display())]
    Run {
        /// The file.
        path: PathBuf,
        /// Why.
        error: RunError,
    },
}

/// What became of one file of many ([`judge_files`]), once its output is written.
#[derive(Debug)]
pub struct FileDone {
    /// What it warned of, in order.
    pub warnings: Vec<Warning>,
    /// Why it stopped before its end, if it did (the answers before are written).
    pub failure: Option<FileError>,
    /// Whether it went to its end with nothing left undone and no answer disagreeing with its
    /// input ([`Game::disagrees`]).
    pub good: bool,
}

/// Judges many files, several at once on the pool's threads ([`crate::pool`]), each on one,
/// and writes their outputs in the order given, each led by its file's name: `name:` before
/// each contest line (as grep writes), a `file` field first in each JSON record, game
/// records as they are; or, given `outputs`, each file's output into a file of its own
/// there, named after it ([`Folder::whole`]). Pictures and records are named after their
/// files too ([`stems`]). A file that fails is reported and the others are still judged;
/// `done` hears of each file as its output is written.
///
/// # Errors
/// When the output cannot be written.
pub fn judge_files<G: Game>(
    game: &G,
    files: &[PathBuf],
    views: &Views,
    outputs: Option<&Folder>,
    out: &mut impl Write,
    done: &mut dyn FnMut(&Path, FileDone),
) -> Result<(), RunError> {
    use rayon::prelude::*;
    let threads = crate::pool::threads();
    let stems = stems(files);
    let named: Vec<(&PathBuf, &String)> = files.iter().zip(&stems).collect();
    // A few files a thread at a time: the outputs held at once stay bounded.
    for chunk in named.chunks(threads * 4) {
        let runs: Vec<(Vec<u8>, FileDone)> = chunk
            .par_iter()
            .map(|(file, stem)| judge_file(game, file, stem, views))
            .collect();
        for ((file, stem), (output, mut file_done)) in chunk.iter().zip(runs) {
            match outputs {
                Some(folder) => {
                    let path = folder.whole(stem);
                    if let Err(error) = fs::write(&path, &output) {
                        file_done.good = false;
                        file_done.failure.get_or_insert(FileError::Run {
                            path,
                            error: RunError::Output(error),
                        });
                    }
                }
                None => write_named(out, &file.display().to_string(), &output, views.format)?,
            }
            done(file, file_done);
        }
    }
    Ok(())
}

/// The names files' outputs are named after: each file's name without its extension
/// (`game` for `games/game.sgf`), or, where two files share that name, the whole path with
/// its separators as `_` (`a_game`, `b_game`).
///
/// # Examples
///
/// ```
/// use std::path::PathBuf;
///
/// let files = ["a/game.sgf", "b/game.sgf", "c/other.txt"].map(PathBuf::from);
/// assert_eq!(arbiter::run::stems(&files), ["a_game", "b_game", "other"]);
/// ```
pub fn stems(files: &[PathBuf]) -> Vec<String> {
    let stem = |file: &PathBuf| {
        file.file_stem()
            .map_or_else(|| "input".to_string(), |s| s.to_string_lossy().into_owned())
    };
    let short: Vec<String> = files.iter().map(stem).collect();
    files
        .iter()
        .zip(&short)
        .map(|(file, name)| {
            if short.iter().filter(|other| *other == name).count() == 1 {
                return name.clone();
            }
            let whole = file.with_extension("");
            let parts: Vec<String> = whole
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect();
            parts.join("_")
        })
        .collect()
}

/// Judges one file of many into memory: its output, and what became of it.
fn judge_file<G: Game>(game: &G, file: &Path, stem: &str, views: &Views) -> (Vec<u8>, FileDone) {
    let mut output = Vec::new();
    let mut warnings = Vec::new();
    let mut unfinished = false;
    let views = Views {
        file: Some(file.display().to_string()),
        stem: Some(stem.to_string()),
        ..views.clone()
    };
    let result = open_file(file).and_then(|input| {
        let input = io::BufReader::with_capacity(1 << 18, input);
        let mut warn = |warning: Warning| {
            unfinished |= warning.unfinished;
            warnings.push(warning);
        };
        run(game, input, &mut output, &views, &mut warn).map_err(|error| FileError::Run {
            path: file.to_path_buf(),
            error,
        })
    });
    let (good, failure) = match result {
        Ok(summary) => (!unfinished && summary.disagreements == 0, None),
        Err(failure) => (false, Some(failure)),
    };
    let file_done = FileDone {
        warnings,
        failure,
        good,
    };
    (output, file_done)
}

/// Writes one file's output with its name before each contest line; JSON records name it
/// themselves and game records go unchanged.
fn write_named(out: &mut impl Write, name: &str, output: &[u8], format: Format) -> io::Result<()> {
    if format != Format::Contest {
        return out.write_all(output);
    }
    for line in output.split_inclusive(|&b| b == b'\n') {
        write!(out, "{name}:")?;
        out.write_all(line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_contest_line_is_led_by_its_files_name_and_records_go_unchanged() {
        let mut out = Vec::new();
        write_named(
            &mut out,
            "a.in",
            b"Case #1: Red wins\nCase #2: Nobody wins\n",
            Format::Contest,
        )
        .unwrap();
        assert_eq!(out, b"a.in:Case #1: Red wins\na.in:Case #2: Nobody wins\n");
        let mut out = Vec::new();
        write_named(&mut out, "a.sgf", b"(;GM[1])\n", Format::Sgf).unwrap();
        assert_eq!(out, b"(;GM[1])\n");
    }

    #[test]
    fn a_folder_or_an_sgf_file_without_a_game_tree_is_refused_in_words() {
        let dir = std::env::temp_dir();
        let error = open_file(&dir).unwrap_err();
        assert!(error.to_string().contains("it is a folder"), "{error}");
        let fake = dir.join(format!("arbiter-not-sgf-{}.sgf", std::process::id()));
        fs::write(&fake, "just words").unwrap();
        let error = open_file(&fake).unwrap_err();
        assert!(error.to_string().contains("no SGF game tree"), "{error}");
        fs::remove_file(&fake).unwrap();
    }

    #[test]
    fn many_files_are_judged_into_the_order_given_and_a_bad_one_does_not_stop_the_others() {
        let dir = std::env::temp_dir().join(format!("arbiter-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (good, bad, missing) = (dir.join("good.in"), dir.join("bad.in"), dir.join("none.in"));
        fs::write(&good, "1\n1\nR\n").unwrap();
        fs::write(&bad, "1\n1\nX\n").unwrap();
        let files = [good.clone(), bad.clone(), missing.clone()];
        let mut out = Vec::new();
        let mut heard = Vec::new();
        let game = crate::hex::Hex::CONTEST;
        judge_files(
            &game,
            &files,
            &Views::default(),
            None,
            &mut out,
            &mut |file, done| {
                heard.push((file.to_path_buf(), done.good, done.failure.is_some()));
            },
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, format!("{}:Case #1: Red wins\n", good.display()));
        assert_eq!(
            heard,
            [
                (good, true, false),
                (bad, false, true),
                (missing, false, true)
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
