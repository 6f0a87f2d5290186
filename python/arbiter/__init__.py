"""arbiter adjudicates board-game positions exactly and shows why.

The Python face of the arbiter command line: the same games, formats, options and answers,
each case's answer the very record ``arbiter GAME --format json`` writes for it, as a
dictionary. The judging runs in Rust with the GIL released; many files are judged at once on
every core (:func:`judge_files`), and whole archives on a Dask cluster (:mod:`arbiter.dask`).

>>> import arbiter
>>> [record["verdict"] for record in arbiter.judge("hex", "2\\n2\\nRB\\nR.\\n1\\nB\\n")]
['Red wins', 'Blue wins']
>>> record = arbiter.judge("go", "(;SZ[9]KM[6.5];B[ee];W[];B[])")[0]
>>> record["result"], record["rules"], record["komi"]
('B+73.5', 'japanese', 6.5)

The typed helpers for the common jobs are :func:`arbiter.go.score`, :func:`arbiter.go.check`,
:func:`arbiter.hex.judge` and :func:`arbiter.hex.solve`. Bad input raises
:class:`InputError` with the command line's message and where it is:

>>> arbiter.judge("hex", "1\\n2\\nRX\\n..\\n")
Traceback (most recent call last):
    ...
arbiter.InputError: case 1, line 3, column 2: expected 'R', 'B' or '.', found 'X'
"""

from __future__ import annotations

import errno
import glob as _glob
import os
import warnings as _warnings
from typing import Any, Iterable, Sequence, Union

from . import _arbiter

__all__ = [
    "GAMES",
    "InputError",
    "InputWarning",
    "judge",
    "judge_files",
    "options",
    "go",
    "hex",
]

__version__: str = _arbiter.__version__

#: The games arbiter judges, by the names the command line gives them.
GAMES: tuple = tuple(_arbiter.GAMES)

#: What a judging function reads: text, bytes, or a file's path (``str`` or ``os.PathLike``).
Source = Union[str, bytes, "os.PathLike[str]"]


class InputError(ValueError):
    """An input arbiter cannot judge: the command line's message, and where it is.

    Attributes, each ``None`` when the error does not have it: ``file`` (the path),
    ``game`` (the case or game of the input, from 1), ``line`` and ``column`` (from 1),
    ``byte`` (the offset, for game records), ``move`` (a record's move number, from 1).
    ``records`` holds the records of the cases judged before the error, as the command line
    writes their answers before it stops.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        game: int | None = None,
        line: int | None = None,
        column: int | None = None,
        byte: int | None = None,
        move: int | None = None,
        records: Sequence[dict] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.game = game
        self.line = line
        self.column = column
        self.byte = byte
        self.move = move
        self.records = list(records)

    def __reduce__(self):
        # Pickled whole (Dask sends errors between processes): the keywords too.
        fields = dict(self.__dict__)
        message = fields.pop("message")
        return (_rebuild_error, (message, fields))


def _rebuild_error(message: str, fields: dict) -> InputError:
    return InputError(message, **fields)


class InputWarning(UserWarning):
    """Something in an input worth knowing that does not stop its judging: a record whose
    move breaks the rules and is played as recorded, a komi read in hundredths, ..."""


#: The extensions of the files arbiter reads: a one-line string ending in one is a path.
_EXTENSIONS = (".sgf", ".in", ".txt", ".trmph", ".tst", ".out")


def _looks_like_a_path(source: str) -> bool:
    """A one-line string with a path separator or ending in an input's extension, and
    neither an address (``https://...``, a trmph link, is text) nor SGF's brackets."""
    if any(mark in source for mark in ("\n", "\r", "://", "(;", "[")):
        return False
    return "/" in source or os.sep in source or source.lower().endswith(_EXTENSIONS)


def _source(source: Source) -> dict:
    """The native module's arguments for a source: ``text`` (bytes) or ``path``.

    A ``str`` is a path when it names a file and holds no line break; a one-line string that
    looks like a path (a separator, or an input's extension such as ``.sgf``) and names no
    file is an error naming it (``FileNotFoundError``, or ``IsADirectoryError`` for a
    folder); anything else is the input's text.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        return {"text": bytes(source)}
    if isinstance(source, os.PathLike):
        return {"path": os.fspath(source)}
    if isinstance(source, str):
        if "\n" not in source and "\r" not in source and source and os.path.isfile(source):
            return {"path": source}
        if source and _looks_like_a_path(source):
            if os.path.isdir(source):
                raise IsADirectoryError(errno.EISDIR, "a folder, not an input file", source)
            raise FileNotFoundError(errno.ENOENT, "no such input file", source)
        return {"text": source.encode("utf-8")}
    raise TypeError(
        f"an input is text, bytes or a path, not {type(source).__name__}"
    )


def _option_value(name: str, value: Any) -> Any:
    """An option's value as the native module reads it: text, a number, a switch or a list of
    points; a path as its text."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return [str(point) for point in value]
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"option {name}: {type(value).__name__} is not an option's value")


def _options(options: dict) -> dict:
    """The options as the native module takes them, ``None`` left out."""
    return {
        name: _option_value(name, value)
        for name, value in options.items()
        if value is not None
    }


def _numpy_installed() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def _finish(records: list, warnings: list, error: dict | None, stacklevel: int = 3) -> list:
    """Warns of the warnings, raises the error with the records before it, or gives the
    records."""
    for message in warnings:
        _warnings.warn(message, InputWarning, stacklevel=stacklevel)
    if error is not None:
        raise InputError(error.pop("message"), records=records, **error)
    return records


def judge(
    game: str,
    source: Source,
    *,
    explain: bool = False,
    maps: bool = False,
    **options: Any,
) -> list:
    """Judges every case of an input as ``arbiter GAME --format json`` does.

    ``game`` is one of :data:`GAMES`; ``source`` is the input's text, bytes, or a path; the
    options are the command line's, named as it names them with ``_`` for ``-``: for Go
    ``rules``, ``komi``, ``dead``, ``dead_at``, ``alive_at`` (lists of points), ``at_move``,
    ``check``, ``network`` (a KataGo model file), ``visits`` (the search's, 0 for the
    network alone); for Hex ``at_move``, ``check``, and
    ``solve=True`` with ``to_move``, ``moves``, ``budget`` (seconds, 0 for none),
    ``memory`` (MB) and ``jobs``. ``explain`` adds each case's explanation, as
    ``--explain`` writes it; ``maps`` adds the board as numpy arrays (see
    :func:`arbiter.go.score`).

    Returns one dictionary a case, in order. Warnings go to Python's :mod:`warnings` as
    :class:`InputWarning`.

    Raises :class:`InputError` for input arbiter cannot judge (its ``records`` hold the
    cases before), and ``ValueError`` for an unknown game or option.

    >>> [r["verdict"] for r in judge("gioco", "2\\nbw\\nwb\\n0\\n")]
    ['B']
    >>> judge("go", "(;SZ[9];B[ee];W[];B[])", rules="chinese", komi=7)[0]["result"]
    'B+74'
    >>> judge("gioco", "2\\nbw\\nwb\\n0\\n", komi=7)
    Traceback (most recent call last):
        ...
    ValueError: no option komi for gioco: it takes none
    """
    records, warnings, error = _arbiter.judge(
        game, _options(options), explain=explain, maps=maps, **_source(source)
    )
    return _finish(records, warnings, error)


def _paths(paths: Union[str, "os.PathLike[str]", Iterable]) -> list:
    """A list of paths: a glob pattern (``archive/**/*.sgf``) expanded, sorted; a path or
    an iterable of paths as given."""
    if isinstance(paths, str) and any(c in paths for c in "*?["):
        return sorted(_glob.glob(paths, recursive=True))
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(path) for path in paths]


def judge_files(
    paths: Union[str, Iterable],
    game: str = "go",
    *,
    jobs: int | None = None,
    errors: str = "raise",
    explain: bool = False,
    maps: bool = False,
    **options: Any,
) -> list:
    """Judges many files on ``jobs`` threads (every core by default), as ``arbiter GAME
    --format json FILE...`` does: every record of every file, in the order the files are
    given, each with its ``file``.

    ``paths`` is a list of paths or a glob pattern (``"archive/**/*.sgf"``, sorted). A file
    that cannot be read or judged to its end does not stop the others: with
    ``errors="raise"`` (the default) the first such file's :class:`InputError` is raised
    once all are judged, its ``records`` holding every record judged; with
    ``errors="keep"`` each failure is a record of its own in its file's place,
    ``{"file": ..., "error": message, "game": ..., "line": ..., ...}``. A pattern that
    matches no file is a ``FileNotFoundError`` (with ``errors="keep"``, an
    :class:`InputWarning` and no record).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.sgf").write_text("(;SZ[9]KM[6.5]RE[B+73.5];B[ee];W[];B[])")
    >>> _ = (folder / "b.sgf").write_text("(;SZ[9]KM[6.5]RE[W+3];B[ee];W[];B[])")
    >>> [(r["result"], r["agreement"]) for r in judge_files(sorted(folder.glob("*.sgf")))]
    [('B+73.5', 'agrees'), ('B+73.5', 'differs')]
    """
    if errors not in ("raise", "keep"):
        raise ValueError(f"errors={errors!r}: 'raise' or 'keep'")
    files = _paths(paths)
    if not files and isinstance(paths, str):
        message = f"no file matches the pattern {paths!r}"
        if errors == "raise":
            raise FileNotFoundError(errno.ENOENT, message, paths)
        _warnings.warn(message, InputWarning, stacklevel=2)
        return []
    outcomes = _arbiter.judge_files(
        game, _options(options), files, jobs=jobs, explain=explain, maps=maps
    )
    records: list = []
    first_error = None
    for records_of_file, warnings, error in outcomes:
        for message in warnings:
            _warnings.warn(message, InputWarning, stacklevel=2)
        records.extend(records_of_file)
        if error is None:
            continue
        if errors == "keep":
            message = error.pop("message")
            records.append({"file": error.pop("file"), "error": message, **error})
        elif first_error is None:
            first_error = error
    if first_error is not None:
        raise InputError(first_error.pop("message"), records=records, **first_error)
    return records


def options(game: str) -> list:
    """The options a game takes, as :func:`judge` names them.

    >>> options("hex")  # doctest: +NORMALIZE_WHITESPACE
    ['at_move', 'check', 'solve', 'to_move', 'moves', 'winner', 'pruned', 'budget', 'memory',
     'jobs', 'db']
    """
    return list(_arbiter.options(game))


def _one(records: list, what: str) -> dict:
    """The record of an input that must hold one case."""
    if len(records) != 1:
        raise InputError(
            f"the input holds {len(records)} {what}s, not one: arbiter.judge judges each",
            records=records,
        )
    return records[0]


from . import go, hex  # noqa: E402  (they use the names above)
