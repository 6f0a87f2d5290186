//! arbiter from Python: the native module `arbiter._arbiter` behind the `arbiter` package.
//!
//! A front like the command line and the web board: it names a game and its options
//! ([`GameName::judge_from`]), reads each input through the game's own readers, and gives back
//! each case's JSON record as the command line's `--format json` writes it
//! ([`arbiter::run::judged_record`]), as Python dictionaries. The judging runs with the GIL
//! released, many files at once on rayon's threads; only the making of Python objects holds
//! it. Errors come back as data (the message, and the game, line, column and move it names),
//! for the Python side to raise as `arbiter.InputError`: a class of its own there, which
//! pickles as Dask sends it between processes.
//!
//! The Python API (`arbiter.judge`, `arbiter.go.score`, ...) is in `python/arbiter/`; this
//! module is its engine and is not meant to be called directly.

use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use arbiter::Game;
use arbiter::input::{InputError, Place};
use arbiter::registry::{GameName, Judge, Visit};
use arbiter::run::{FileError, Warning};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

// The command line's allocator: judging allocates many small vectors, and the system's
// allocator made its judging a third slower (only Rust's own allocations use it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What judging one input gave: the records of the cases judged, in order (each with its
/// board as rows of letters when maps were asked for), the warnings, and the error that
/// stopped it, if one did.
#[derive(Default)]
struct Outcome {
    records: Vec<(Value, Option<Vec<String>>)>,
    warnings: Vec<String>,
    error: Option<Failure>,
}

/// An error as the Python side raises it: the command line's message, and its parts.
#[derive(Default)]
struct Failure {
    message: String,
    file: Option<String>,
    game: Option<usize>,
    line: Option<usize>,
    column: Option<usize>,
    byte: Option<u64>,
    move_number: Option<usize>,
}

impl Failure {
    /// An input error, where it names its case and place.
    fn input(error: &InputError, file: Option<&str>) -> Failure {
        let mut failure = Failure {
            message: error.to_string(),
            file: file.map(str::to_string),
            game: error.case(),
            ..Failure::default()
        };
        match error.place() {
            Some(Place::Text(pos)) => {
                (failure.line, failure.column) = (Some(pos.line), Some(pos.column))
            }
            Some(Place::Byte { offset, pos }) => {
                (failure.line, failure.column) = (Some(pos.line), Some(pos.column));
                failure.byte = Some(offset);
            }
            Some(Place::Move { number, pos }) => {
                failure.move_number = Some(number);
                failure.line = pos.map(|p| p.line);
                failure.column = pos.map(|p| p.column);
            }
            None => {}
        }
        failure
    }

    /// A file that could not be opened (or a folder).
    fn file(error: &FileError, file: &str) -> Failure {
        Failure {
            message: error.to_string(),
            file: Some(file.to_string()),
            ..Failure::default()
        }
    }

    /// The failure as the dictionary `arbiter.InputError` is made from.
    fn to_python<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let message = match &self.file {
            Some(file) if !self.message.starts_with(file.as_str()) => {
                format!("{file}: {}", self.message)
            }
            _ => self.message.clone(),
        };
        let dict = PyDict::new(py);
        dict.set_item("message", message)?;
        dict.set_item("file", &self.file)?;
        dict.set_item("game", self.game)?;
        dict.set_item("line", self.line)?;
        dict.set_item("column", self.column)?;
        dict.set_item("byte", self.byte)?;
        dict.set_item("move", self.move_number)?;
        Ok(dict)
    }
}

/// One input to judge: its bytes, or a file.
enum Source<'a> {
    Text(&'a [u8]),
    File(&'a Path),
}

/// Judging one input with a game: the [`Visit`] that runs with the game inside.
struct Judging<'a> {
    source: Source<'a>,
    /// Whether each record names its file, as the command line's do when it judges many.
    named: bool,
    explain: bool,
    boards: bool,
}

impl Visit for Judging<'_> {
    type Output = Outcome;

    fn visit<G: Game>(self, game: &G) -> Outcome {
        match &self.source {
            Source::Text(text) => judge_input(game, *text, None, &self),
            Source::File(path) => {
                let name = path.display().to_string();
                match arbiter::run::open_file(path) {
                    Ok(file) => {
                        let input = io::BufReader::with_capacity(1 << 18, file);
                        judge_input(game, input, Some(&name), &self)
                    }
                    Err(error) => Outcome {
                        error: Some(Failure::file(&error, &name)),
                        ..Outcome::default()
                    },
                }
            }
        }
    }
}

/// Reads, judges and records every case of `input`, as `--format json` does, up to the
/// first bad case (whose error ends it; the records before it are kept).
fn judge_input<G: Game>(
    game: &G,
    input: impl BufRead,
    file: Option<&str>,
    judging: &Judging,
) -> Outcome {
    let mut outcome = Outcome::default();
    for (number, raw) in (1..).zip(game.read(input)) {
        let case = match raw.and_then(|raw| game.prepare(raw)) {
            Ok(case) => case,
            Err(error) => {
                outcome.error = Some(Failure::input(&error.in_case(number), file));
                break;
            }
        };
        for message in game.warnings(&case) {
            let warning = Warning {
                case: number,
                game: game.is_game_record(&case),
                message,
                unfinished: false,
            };
            outcome.warnings.push(match file {
                Some(file) => format!("{file}: {warning}"),
                None => warning.to_string(),
            });
        }
        let named = file.filter(|_| judging.named);
        match arbiter::run::judged_record(game, named, number, &case, judging.explain) {
            Ok((record, _)) => {
                let board = if judging.boards {
                    game.board_rows(&case)
                } else {
                    None
                };
                outcome.records.push((record, board));
            }
            Err(error) => {
                outcome.error = Some(Failure {
                    message: format!("case {number}: its record cannot be written: {error}"),
                    file: file.map(str::to_string),
                    game: Some(number),
                    ..Failure::default()
                });
                break;
            }
        }
    }
    outcome
}

/// The judge of `game` with `options`, a dictionary of the game's options (each value text
/// or of its own type), read into the game's options type ([`GameName::judge_from`]).
fn judge_of(game: &str, options: &Bound<'_, PyDict>) -> PyResult<Judge> {
    let name: GameName = game
        .parse()
        .map_err(|e: arbiter::registry::UnknownGame| PyValueError::new_err(e.to_string()))?;
    let mut options = pythonize::Depythonizer::from_object(options.as_any());
    name.judge_from(&mut options)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One input's outcome as Python values: its records, its warnings, and its error (a
/// dictionary for `arbiter.InputError`) or `None`.
type Judged<'py> = (Bound<'py, PyList>, Vec<String>, Option<Bound<'py, PyDict>>);

/// The outcome as Python values: `(records, warnings, error)`, the error a dictionary or
/// `None`. With `maps`, each record with a board gets its maps as numpy arrays.
fn to_python<'py>(py: Python<'py>, outcome: &Outcome, maps: bool) -> PyResult<Judged<'py>> {
    let records = PyList::empty(py);
    for (record, board) in &outcome.records {
        let object = pythonize::pythonize(py, record)?;
        if let (true, Some(board), Ok(dict)) = (maps, board, object.cast::<PyDict>()) {
            add_maps(dict, record, board)?;
        }
        records.append(object)?;
    }
    let error = outcome
        .error
        .as_ref()
        .map(|failure| failure.to_python(py))
        .transpose()?;
    Ok((records, outcome.warnings.clone(), error))
}

/// Adds a record's maps as numpy arrays, row by row from the top: `stones` (1 for Black
/// or Red, -1 for White or Blue, 0 empty), and for a scored Go game `ownership` (the
/// network's, -1 to 1, in place of its lists) and `territory_map` (1 Black's, -1 White's).
fn add_maps(dict: &Bound<'_, PyDict>, record: &Value, board: &[String]) -> PyResult<()> {
    // Hex's letters are R and B, Go's B and W.
    let (first, second) = match record.get("game").and_then(Value::as_str) {
        Some("hex") => (b'R', b'B'),
        _ => (b'B', b'W'),
    };
    use numpy::IntoPyArray;
    use numpy::ndarray::Array2;
    let py = dict.py();
    let height = board.len();
    let width = board.first().map_or(0, String::len);
    let mut stones = Array2::<i8>::zeros((height, width));
    for (row, letters) in board.iter().enumerate() {
        for (col, letter) in letters.bytes().enumerate().take(width) {
            stones[(row, col)] = if letter == first {
                1
            } else if letter == second {
                -1
            } else {
                0
            };
        }
    }
    dict.set_item("stones", stones.into_pyarray(py))?;
    if let Some(Value::Array(rows)) = record.get("ownership") {
        let mut ownership = Array2::<f32>::zeros((height, width));
        for (row, values) in rows.iter().enumerate().take(height) {
            for (col, value) in values
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .take(width)
            {
                ownership[(row, col)] = value.as_f64().unwrap_or(0.0) as f32;
            }
        }
        dict.set_item("ownership", ownership.into_pyarray(py))?;
    }
    if let (Some(territory), true) = (record.get("territory"), record.get("rules").is_some()) {
        let mut map = Array2::<i8>::zeros((height, width));
        for (colour, sign) in [("black", 1), ("white", -1)] {
            for point in territory
                .get(colour)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let name = point.as_str().unwrap_or("");
                if let Ok(at) = arbiter::go::record::parse_point(name, width, height) {
                    map[(at.row, at.col)] = sign;
                }
            }
        }
        dict.set_item("territory_map", map.into_pyarray(py))?;
    }
    Ok(())
}

/// Judges one input, its bytes or a file: `(records, warnings, error)`.
#[pyfunction]
#[pyo3(signature = (game, options, text=None, path=None, explain=false, maps=false))]
fn judge<'py>(
    py: Python<'py>,
    game: &str,
    options: &Bound<'py, PyDict>,
    text: Option<Vec<u8>>,
    path: Option<PathBuf>,
    explain: bool,
    maps: bool,
) -> PyResult<Judged<'py>> {
    let judge = judge_of(game, options)?;
    let outcome = py.detach(|| {
        let source = match (&text, &path) {
            (Some(text), _) => Source::Text(text),
            (None, Some(path)) => Source::File(path),
            (None, None) => Source::Text(b""),
        };
        judge.visit(Judging {
            source,
            named: false,
            explain,
            boards: maps,
        })
    });
    to_python(py, &outcome, maps)
}

/// Judges many files, on `jobs` threads (all cores by default), in the order given: for
/// each, `(records, warnings, error)`.
#[pyfunction]
#[pyo3(signature = (game, options, paths, jobs=None, explain=false, maps=false))]
fn judge_files<'py>(
    py: Python<'py>,
    game: &str,
    options: &Bound<'py, PyDict>,
    paths: Vec<PathBuf>,
    jobs: Option<usize>,
    explain: bool,
    maps: bool,
) -> PyResult<Vec<Judged<'py>>> {
    use rayon::prelude::*;
    let judge = judge_of(game, options)?;
    let one = |path: &PathBuf| {
        judge.visit(Judging {
            source: Source::File(path),
            named: true,
            explain,
            boards: maps,
        })
    };
    let outcomes: Vec<Outcome> = py
        .detach(|| match jobs {
            Some(0) => Err("jobs: at least 1".to_string()),
            Some(threads) => rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map(|pool| pool.install(|| paths.par_iter().map(one).collect()))
                .map_err(|e| e.to_string()),
            None => {
                arbiter::pool::start();
                Ok(paths.par_iter().map(one).collect())
            }
        })
        .map_err(PyValueError::new_err)?;
    outcomes
        .iter()
        .map(|outcome| to_python(py, outcome, maps))
        .collect()
}

/// A worker thread's solver for [`hex_job`], kept from one job to the next while the board's
/// shape, the budget, the table's size and the store stay the same.
struct Warm {
    key: (usize, usize, u64, usize, Option<PathBuf>),
    solver: arbiter::hex::solve::Solver,
    store: Option<arbiter::hex::solve::SharedStore>,
}

thread_local! {
    static WARM: std::cell::RefCell<Option<Warm>> = const { std::cell::RefCell::new(None) };
}

/// One job of a Hex proof shared out over many machines (`arbiter.dask.solve`): one proof
/// (`--winner`) of `board` (rows of `R`, `B`, `.`) with `to_move` (`red` or `blue`) to move,
/// within `budget` seconds, on this thread's own solver, which keeps its table from one job to
/// the next (a job near an earlier one's positions goes on where that one stopped, as one
/// search would) and keeps the solution store `store` open, saved after each job (a store
/// file lost is written again from what the solver holds). Returns the solution as
/// `hex.solve(..., winner=True)` gives its fields: `winner`, `proof_move`, `numbers`,
/// `open_moves`, `stats`.
#[pyfunction]
#[pyo3(signature = (board, to_move, budget, store=None, memory=64))]
fn hex_job<'py>(
    py: Python<'py>,
    board: &str,
    to_move: &str,
    budget: f64,
    store: Option<PathBuf>,
    memory: usize,
) -> PyResult<Bound<'py, PyAny>> {
    use arbiter::hex::Stone;
    use arbiter::hex::solve::{MAX_MEGABYTES, Settings, Solver, Store};
    let board: arbiter::hex::Board = board
        .parse()
        .map_err(|e: InputError| PyValueError::new_err(e.to_string()))?;
    let to_move = match to_move {
        "red" => Stone::Red,
        "blue" => Stone::Blue,
        other => {
            return Err(PyValueError::new_err(format!(
                "to_move={other}: red or blue"
            )));
        }
    };
    // A year of seconds at most: a duration the clock can hold.
    if !(budget > 0.0 && budget <= 3.2e7 && (1..=MAX_MEGABYTES).contains(&memory)) {
        return Err(PyValueError::new_err(format!(
            "budget={budget}: seconds above 0, a year at most; memory={memory}: megabytes from \
             1 to {MAX_MEGABYTES}"
        )));
    }
    let solution = py.detach(|| {
        WARM.with_borrow_mut(|warm| -> Result<Value, String> {
            let key = (
                board.rows(),
                board.cols(),
                budget.to_bits(),
                memory,
                store.clone(),
            );
            if warm.as_ref().is_none_or(|w| w.key != key) {
                let settings = Settings {
                    budget: Some(std::time::Duration::from_secs_f64(budget)),
                    megabytes: memory,
                    threads: 1,
                    ..Settings::default()
                };
                let mut solver = Solver::new(board.rows(), board.cols(), &settings)
                    .map_err(|e| e.to_string())?;
                let shared = match &store {
                    Some(path) => {
                        let opened = Store::open(path)
                            .map_err(|e| format!("db={}: {e}", path.display()))?
                            .shared();
                        solver.keep_proofs_in(&opened);
                        Some(opened)
                    }
                    None => None,
                };
                *warm = Some(Warm {
                    key,
                    solver,
                    store: shared,
                });
            }
            let warm = warm.as_mut().expect("made above");
            let solution = warm.solver.decide(&board, to_move);
            if let Some(store) = &warm.store {
                store.lock().save().map_err(|e| e.to_string())?;
            }
            serde_json::to_value(&solution).map_err(|e| e.to_string())
        })
    });
    let solution = solution.map_err(PyValueError::new_err)?;
    Ok(pythonize::pythonize(py, &solution)?)
}

/// The options `game` takes, as [`GameName::judge_from`] names them.
#[pyfunction]
fn options(game: &str) -> PyResult<Vec<&'static str>> {
    let name: GameName = game
        .parse()
        .map_err(|e: arbiter::registry::UnknownGame| PyValueError::new_err(e.to_string()))?;
    Ok(name.options().to_vec())
}

/// The native module.
#[pymodule]
fn _arbiter(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let games: Vec<&str> = GameName::ALL.iter().map(|g| g.name()).collect();
    module.add("GAMES", games)?;
    module.add_function(wrap_pyfunction!(judge, module)?)?;
    module.add_function(wrap_pyfunction!(judge_files, module)?)?;
    module.add_function(wrap_pyfunction!(options, module)?)?;
    module.add_function(wrap_pyfunction!(hex_job, module)?)?;
    Ok(())
}
