"""Go archives scored on a Dask cluster, one row a game, as a Dask dataframe; and one Hex
proof shared out over the cluster's workers (:func:`solve`).

The same code runs on a laptop's ``distributed.LocalCluster`` and on a cluster's scheduler:
the archive's files are cut into partitions of ``files_per_partition`` files, each judged by
:func:`arbiter.judge_files` on one worker thread (arbiter releases the GIL, so a worker's
threads judge side by side), and each partition becomes a pandas dataframe. Nothing is
judged until the dataframe is computed (or persisted on ``client``).

Install with ``pip install ./python[dask]``.

>>> import pathlib, tempfile
>>> import arbiter.dask
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.sgf").write_text("(;SZ[9]KM[6.5]RE[B+73.5];B[ee];W[];B[])")
>>> _ = (folder / "b.sgf").write_text("(;SZ[9]KM[6.5]RE[W+R];B[ee];W[dd])")
>>> table = arbiter.dask.score_archive(str(folder / "*.sgf")).compute()
>>> table[["result", "recorded", "agreement"]].values.tolist()
[['B+73.5', 'B+73.5', 'agrees'], ['W+R', 'W+R', 'unchecked']]
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Union

from . import _paths, _proof_tree, judge_files

#: The columns of :func:`score_archive`'s dataframe, with their types.
COLUMNS = {
    "file": "string",
    "game": "Int64",
    "rules": "string",
    "komi": "Float64",
    "result": "string",
    "recorded": "string",
    "agreement": "string",
    "dead": "Int64",
    "finished": "boolean",
    "ending": "string",
    "verdict": "string",
    "error": "string",
}


def _row(record: dict) -> dict:
    """A record's row: one game, or a file's error."""
    if "error" in record:
        return {"file": record["file"], "game": record.get("game"), "error": record["error"]}
    result = record.get("result")
    if result is None and "rules" not in record:
        # A contest position: its verdict is its result.
        result = record.get("verdict")
    return {
        "file": record.get("file"),
        "game": record.get("case"),
        "rules": record.get("rules"),
        "komi": record.get("komi"),
        "result": result,
        "recorded": record.get("recorded"),
        "agreement": record.get("agreement"),
        "dead": len(record["dead"]) if "dead" in record else None,
        "finished": record.get("finished"),
        "ending": record.get("ending"),
        "verdict": record.get("verdict"),
    }


def _frame(rows: list):
    import pandas as pd

    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.astype(COLUMNS)


def score_files(paths: Iterable[Union[str, "os.PathLike[str]"]], options: dict | None = None):
    """Scores files on this machine into a pandas dataframe of :func:`score_archive`'s
    columns, one row a game (a file that fails gives a row with its ``error``): one
    partition's work."""
    records = judge_files(list(paths), "go", jobs=1, errors="keep", **(options or {}))
    return _frame([_row(record) for record in records])


def score_archive(
    paths_or_glob: Union[str, "os.PathLike[str]", Iterable],
    client: Any = None,
    *,
    files_per_partition: int = 64,
    **options: Any,
):
    """Scores a Go archive as a Dask dataframe, one row a game: ``file``, ``game`` (its
    number in the file), ``rules``, ``komi``, ``result`` (the count of a finished game, a
    recorded resignation, ...), ``recorded`` (the record's ``RE``), ``agreement``
    (``agrees``, ``differs`` or ``unchecked``, as ``arbiter go --check`` compares),
    ``dead`` (how many dead stones), ``finished``, ``ending``, ``verdict`` (the command
    line's words) and ``error`` (for a file that could not be judged to its end, its
    message; its other columns empty).

    ``paths_or_glob``: a glob pattern (``"archive/**/*.sgf"``) or paths. ``client``: a
    ``distributed.Client`` to persist the dataframe on at once (without one the dataframe is
    lazy, computed on the default scheduler or client when asked). ``options``: those of
    :func:`arbiter.go.score` (``rules``, ``komi``, ``dead``, ...), for every game.
    """
    return _lazy(score_files, _frame([]), "arbiter-score", paths_or_glob, client,
                 files_per_partition, options)


def _lazy(work, meta, label: str, paths_or_glob, client, files_per_partition: int, options: dict):
    """A Dask dataframe of ``work(paths, options)`` over partitions of ``files_per_partition``
    files, persisted on ``client`` when one is given."""
    import dask.dataframe as dd

    if files_per_partition < 1:
        raise ValueError("files_per_partition: at least 1")
    paths = _paths(paths_or_glob)
    parts = [
        paths[start : start + files_per_partition]
        for start in range(0, len(paths), files_per_partition)
    ] or [[]]
    frame = dd.from_map(
        work, parts, options=options, meta=meta, label=label, enforce_metadata=False
    )
    if client is not None:
        frame = client.persist(frame)
    return frame


#: The columns of :func:`review_archive`'s dataframe, with their types: per player (``black_``
#: and ``white_``) the moves, the mistakes of at least 1, 3, 6 and 12 points (each size up to
#: the next), the average loss a move; the winner and the move after which the winner never
#: again fell behind.
REVIEW_COLUMNS = {
    "file": "string",
    "game": "Int64",
    "moves": "Int64",
    "rules": "string",
    "komi": "Float64",
    "visits": "Int64",
    "winner": "string",
    "decided_after": "Int64",
    **{
        f"{player}_{what}": kind
        for player in ("black", "white")
        for what, kind in (
            ("moves", "Int64"),
            ("mistakes_1", "Int64"),
            ("mistakes_3", "Int64"),
            ("mistakes_6", "Int64"),
            ("mistakes_12", "Int64"),
            ("average_loss", "Float64"),
        )
    },
    "error": "string",
}


def _review_row(record: dict) -> dict:
    """A reviewed game's row, or a file's error."""
    if "error" in record:
        return {"file": record["file"], "game": record.get("game"), "error": record["error"]}
    summary = record["summary"]
    row = {
        "file": record.get("file"),
        "game": record.get("case"),
        "moves": len(record["moves"]) - 1,
        "rules": summary["rules"],
        "komi": summary["komi"],
        "visits": summary["visits"],
        "winner": summary["winner"],
        "decided_after": summary["decided_after"],
    }
    for player in ("black", "white"):
        side = summary[player]
        row[f"{player}_moves"] = side["moves"]
        for size in ("1", "3", "6", "12"):
            row[f"{player}_mistakes_{size}"] = side["mistakes"][size]
        row[f"{player}_average_loss"] = side["average_loss"]
    return row


def _review_frame(rows: list):
    import pandas as pd

    frame = pd.DataFrame(rows, columns=list(REVIEW_COLUMNS))
    return frame.astype(REVIEW_COLUMNS)


def review_files(paths: Iterable[Union[str, "os.PathLike[str]"]], options: dict | None = None):
    """Reviews files on this machine into a pandas dataframe of :func:`review_archive`'s
    columns, one row a game: one partition's work."""
    options = dict(options or {}, review=True)
    records = judge_files(list(paths), "go", jobs=1, errors="keep", **options)
    return _review_frame([_review_row(record) for record in records])


def review_archive(
    paths_or_glob: Union[str, "os.PathLike[str]", Iterable],
    client: Any = None,
    *,
    files_per_partition: int = 16,
    **options: Any,
):
    """Reviews a Go archive move by move as a Dask dataframe, one row a game
    (:data:`REVIEW_COLUMNS`): per player the moves, the mistakes by size and the average loss
    a move, the winner and the move after which the winner never again fell behind, for
    datasets of real games. ``options``: those of :func:`arbiter.go.review` (``visits``,
    ``rules``, ``komi``, ``at_move``, ``network``); ``paths_or_glob`` and ``client`` as for
    :func:`score_archive`.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.sgf").write_text("(;SZ[9]KM[7]RE[B+R];B[ee];W[aa];B[ec])")
    >>> table = review_archive(str(folder / "*.sgf"), visits=0).compute()
    >>> table[["moves", "winner", "white_moves"]].values.tolist()
    [[3, 'B', 1]]
    """
    return _lazy(review_files, _review_frame([]), "arbiter-review", paths_or_glob, client,
                 files_per_partition, options)


def solve(
    position: Any,
    client: Any = None,
    *,
    to_move: str | None = None,
    budget: float | None = None,
    job_budget: float = 1.0,
    pruned: bool = False,
    winner: bool = False,
    store: Union[str, "os.PathLike[str]", None] = None,
    memory: int = 64,
    at_move: int | None = None,
    in_flight: int | None = None,
) -> dict:
    """Solves one Hex position with perfect play on a Dask cluster, and returns the record
    :func:`arbiter.hex.solve` returns (``winner``, every ``winning_moves``, each losing move's
    ``replies``; with ``pruned``, the moves inferior-cell analysis leaves; with ``winner``,
    only who wins, with ``proof_move``), its ``stats`` those of the distributed search
    (``jobs``, the solver's ``nodes`` over all jobs, ``positions`` in the master's tree,
    ``known_at_start`` from the store, ``milliseconds``).

    A job-level proof-number search driven from here: this process keeps a proof tree of the
    positions near the root and sends its most-proving open positions as jobs to the
    workers, each one arbiter's own solver with ``job_budget`` seconds and a solution store
    of the worker's own; each answer (proved, disproved, or open with its proof and disproof
    numbers and its moves) is checked and folded back into the tree. A worker lost in the
    middle of a job costs the job, which Dask (or this search) runs again elsewhere; the
    answer is the same. ``store``: a folder (the same path on every machine) for the
    workers' solution stores and the tree's journal of proofs, ``master.jsonl``: a solve
    started again with the same folder goes on from every proof found before. The design,
    and what it measures, are in the guide's Hex on a cluster page.

    ``client``: a ``distributed.Client`` (default: the current one); ``budget``: seconds for
    the whole search (default: none; when it runs out, the moves left are
    ``unknown_moves``); ``memory``: each job's table in megabytes; ``in_flight``: jobs sent
    at a time (default: twice the cluster's threads); ``to_move``, ``at_move``: as for
    :func:`arbiter.hex.solve`.

    >>> from distributed import Client, LocalCluster
    >>> with LocalCluster(n_workers=1, threads_per_worker=1, processes=False) as cluster:
    ...     with Client(cluster) as client:
    ...         answer = solve("1\\n4\\n....\\n....\\n....\\n....\\n", client)
    >>> answer["verdict"]
    'Red to move: Red wins with d1 c2 b3 a4'
    """
    import distributed

    client = client or distributed.default_client()
    threads = sum(client.nthreads().values()) or 1

    def wait_first(futures: list, seconds: float) -> set:
        try:
            return distributed.wait(futures, timeout=seconds, return_when="FIRST_COMPLETED").done
        except (TimeoutError, distributed.TimeoutError):
            return set()

    def submit(function, *args):
        return client.submit(function, *args, pure=False)

    return _proof_tree.solve(
        position,
        submit,
        wait_first,
        to_move=to_move,
        budget=budget,
        job_budget=job_budget,
        pruned=pruned,
        winner=winner,
        store=None if store is None else os.fspath(store),
        memory=memory,
        at_move=at_move,
        in_flight=in_flight or 2 * threads,
    )
