//! Many input files judged side by side ([`judge_files`]), each file opened as a reader
//! expects ([`open_file`]), and the names their outputs are given ([`stems`]).

use std::collections::HashMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

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
/// The output streams: the file next in order writes as it goes, in pieces of 64 KiB (and
/// whatever it has when it ends), while the files after it, on the other threads, hold at
/// most `PIECES_AHEAD` pieces each and wait for their turn. The files are taken in order,
/// so the next one in order is always being judged, and memory is bounded by the threads,
/// not by the files or their games.
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
    let threads = crate::pool::threads().min(files.len()).max(1);
    let stems = stems(files);
    let next = AtomicUsize::new(0);
    let turns = Turns::default();
    crate::pool::in_place_scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| {
                while let Some(i) = turns.take(&next, files.len()) {
                    let (pieces, receiver) = mpsc::sync_channel(PIECES_AHEAD);
                    if !turns.queue(i, receiver) {
                        break;
                    }
                    judge_file(game, &files[i], &stems[i], views, outputs, pieces);
                }
            });
        }
        let written = write_in_order(files, views.format, &turns, out, done);
        if written.is_err() {
            turns.close();
        }
        written
    })
}

/// The pieces of one file's output at most on their way to the writer while it waits for its
/// turn: four of 64 KiB.
pub const PIECES_AHEAD: usize = 4;

/// The bytes a piece of a file's output gathers before it is sent to the writer.
const PIECE_BYTES: usize = 1 << 16;

/// A piece of one file's output on its way to the writer, or the file's end.
enum Piece {
    Output(Vec<u8>),
    Done(FileDone),
}

/// The files taken by the threads, each with the receiver of its output, until the writer
/// takes it in its turn; closed when the writer stops.
#[derive(Default)]
struct Turns {
    waiting: Mutex<(HashMap<usize, mpsc::Receiver<Piece>>, bool)>,
    queued: Condvar,
}

impl Turns {
    /// The next file to judge, `None` when every file is taken or the writer stopped.
    fn take(&self, next: &AtomicUsize, files: usize) -> Option<usize> {
        if self.lock().1 {
            return None;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        (i < files).then_some(i)
    }

    /// Hands file `i`'s receiver to the writer; `false` when the writer has stopped.
    fn queue(&self, i: usize, receiver: mpsc::Receiver<Piece>) -> bool {
        let mut waiting = self.lock();
        if waiting.1 {
            return false;
        }
        waiting.0.insert(i, receiver);
        self.queued.notify_all();
        true
    }

    /// File `i`'s receiver, once the thread that took it has queued it.
    fn receiver(&self, i: usize) -> mpsc::Receiver<Piece> {
        let mut waiting = self.lock();
        loop {
            if let Some(receiver) = waiting.0.remove(&i) {
                return receiver;
            }
            waiting = self
                .queued
                .wait(waiting)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Stops the threads: the receivers are dropped (a thread writing into one stops with an
    /// output error) and no file is taken any more.
    fn close(&self) {
        let mut waiting = self.lock();
        waiting.0.clear();
        waiting.1 = true;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (HashMap<usize, mpsc::Receiver<Piece>>, bool)> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Writes each file's output in the order given, each piece as it comes, and tells `done`
/// of each file as it ends.
fn write_in_order(
    files: &[PathBuf],
    format: Format,
    turns: &Turns,
    out: &mut impl Write,
    done: &mut dyn FnMut(&Path, FileDone),
) -> Result<(), RunError> {
    for (i, file) in files.iter().enumerate() {
        let name = file.display().to_string();
        let mut line_start = true;
        for piece in turns.receiver(i) {
            match piece {
                Piece::Output(bytes) => {
                    write_named(out, &name, &bytes, format, &mut line_start)?;
                    out.flush()?;
                }
                Piece::Done(file_done) => done(file, file_done),
            }
        }
    }
    Ok(())
}

/// One file's output gathered into pieces and sent to the writer.
struct Pieces {
    sender: mpsc::SyncSender<Piece>,
    piece: Vec<u8>,
}

impl Write for Pieces {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.piece.extend_from_slice(bytes);
        if self.piece.len() >= PIECE_BYTES {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.piece.is_empty() {
            return Ok(());
        }
        let piece = std::mem::take(&mut self.piece);
        self.sender
            .send(Piece::Output(piece))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the writer has stopped"))
    }
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

/// Judges one file of many: its output sent to the writer piece by piece, or written into
/// its own file in `outputs`; then what became of it.
fn judge_file<G: Game>(
    game: &G,
    file: &Path,
    stem: &str,
    views: &Views,
    outputs: Option<&Folder>,
    sender: mpsc::SyncSender<Piece>,
) {
    let file_done = match outputs {
        None => {
            let mut pieces = Pieces {
                sender: sender.clone(),
                piece: Vec::new(),
            };
            let mut file_done = judge_into(game, file, stem, views, &mut pieces);
            if let Err(error) = pieces.flush() {
                fail(&mut file_done, file.to_path_buf(), error);
            }
            file_done
        }
        Some(folder) => {
            let path = folder.whole(stem);
            match fs::File::create(&path) {
                Ok(own) => {
                    let mut own = io::BufWriter::new(own);
                    let mut file_done = judge_into(game, file, stem, views, &mut own);
                    // An output error is the output file's, not the input's.
                    if let Some(FileError::Run {
                        path: failed,
                        error: RunError::Output(_),
                    }) = &mut file_done.failure
                    {
                        failed.clone_from(&path);
                    }
                    if let Err(error) = own.flush() {
                        fail(&mut file_done, path, error);
                    }
                    file_done
                }
                Err(error) => {
                    let mut file_done = FileDone {
                        warnings: Vec::new(),
                        failure: None,
                        good: true,
                    };
                    fail(&mut file_done, path, error);
                    file_done
                }
            }
        }
    };
    // The writer may have stopped: then no one is listening.
    let _ = sender.send(Piece::Done(file_done));
}

/// Marks a file failed by an output error at `path`, unless it failed already.
fn fail(file_done: &mut FileDone, path: PathBuf, error: io::Error) {
    file_done.good = false;
    file_done.failure.get_or_insert(FileError::Run {
        path,
        error: RunError::Output(error),
    });
}

/// Judges one file of many into `output`: what became of it.
fn judge_into<G: Game>(
    game: &G,
    file: &Path,
    stem: &str,
    views: &Views,
    output: &mut impl Write,
) -> FileDone {
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
        run(game, input, output, &views, &mut warn).map_err(|error| FileError::Run {
            path: file.to_path_buf(),
            error,
        })
    });
    let (good, failure) = match result {
        Ok(summary) => (!unfinished && summary.disagreements == 0, None),
        Err(failure) => (false, Some(failure)),
    };
    FileDone {
        warnings,
        failure,
        good,
    }
}

/// Writes a piece of one file's output with its name before each contest line (`line_start`:
/// whether the piece starts a line, kept from piece to piece); JSON records name it
/// themselves and game records go unchanged.
fn write_named(
    out: &mut impl Write,
    name: &str,
    output: &[u8],
    format: Format,
    line_start: &mut bool,
) -> io::Result<()> {
    if format != Format::Contest {
        return out.write_all(output);
    }
    for line in output.split_inclusive(|&b| b == b'\n') {
        if *line_start {
            write!(out, "{name}:")?;
        }
        out.write_all(line)?;
        *line_start = line.ends_with(b"\n");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_contest_line_is_led_by_its_files_name_and_records_go_unchanged() {
        let mut out = Vec::new();
        let mut line_start = true;
        // A line cut between two pieces is named once.
        for piece in [&b"Case #1: Red wins\nCase #2: Nob"[..], b"ody wins\n"] {
            write_named(&mut out, "a.in", piece, Format::Contest, &mut line_start).unwrap();
        }
        assert_eq!(out, b"a.in:Case #1: Red wins\na.in:Case #2: Nobody wins\n");
        let mut out = Vec::new();
        write_named(&mut out, "a.sgf", b"(;GM[1])\n", Format::Sgf, &mut true).unwrap();
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
