"""Go: records scored under every common rule set, and contest positions.

>>> from arbiter import go
>>> score = go.score("(;SZ[9]KM[6.5]RU[Chinese];B[ee];W[];B[])")
>>> score["result"], score["rules"], score["black"]["total"]
('B+74.5', 'chinese', 81.0)

With numpy installed, the maps are arrays, row by row from the top:

>>> score["territory_map"].shape, int(score["stones"][4, 4])  # doctest: +SKIP
((9, 9), 1)
"""

from __future__ import annotations

from typing import Any, Iterable

from . import Source, _numpy_installed, _one, judge

#: The columns of :func:`review`'s table, one row a position (the start, then each move).
REVIEW_COLUMNS = (
    "move_number",
    "color",
    "move",
    "black_lead",
    "black_win",
    "best_move",
    "best_lead",
    "loss",
)


def score(
    record: Source,
    rules: str | None = None,
    komi: float | None = None,
    dead: str | None = None,
    *,
    dead_at: Iterable[str] | None = None,
    alive_at: Iterable[str] | None = None,
    at_move: int | None = None,
    network: str | None = None,
    visits: int | None = None,
    territory: str | None = None,
    explain: bool = False,
    maps: bool | None = None,
) -> dict:
    """Scores one game record (SGF text, bytes or a file) as ``arbiter go --format json``.

    ``rules``: ``japanese``, ``chinese``, ``aga``, ``new-zealand``, ``tromp-taylor``,
    ``korean``, ``ing``, or any name SGF's ``RU`` may give (default: the record's, else
    japanese); ``komi`` (default: the record's ``KM``); ``dead``: where dead stones come
    from, ``markup``, ``estimate``, ``playouts`` or ``none`` (default: the final node's
    ``TB``/``TW`` markup when it has some, else arbiter's estimate); ``dead_at`` and
    ``alive_at``: groups to mark, each named by a stone (``["Q16", "R17"]``); ``at_move``:
    score the position in which move N is to be played; ``visits``: the visits of the search
    that reads the chains the network leaves unsure (default 100, or 0 for a game that did
    not finish; ``0``: the network alone); ``territory``: in a finished record with
    territory markup, ``count`` (the default: arbiter counts, and ``markup_differs`` lists
    the points where the marks say otherwise) or ``markup`` (the marks as written).

    ``maps`` (default: whether numpy is installed) adds numpy arrays, row by row from the
    top: ``stones`` (1 Black, -1 White, 0 empty), ``territory_map`` (1 Black's territory,
    -1 White's) and, for an estimate, ``ownership`` (-1 White's to 1 Black's) in place of
    its lists.

    Raises :class:`arbiter.InputError` for a record that cannot be read, or a collection of
    more than one game (:func:`arbiter.judge` scores each).

    >>> score("(;SZ[9]KM[6.5];B[ee];W[];B[])", rules="chinese", komi=7, maps=False)["result"]
    'B+74'
    """
    if maps is None:
        maps = _numpy_installed()
    records = judge(
        "go",
        record,
        rules=rules,
        komi=komi,
        dead=dead,
        dead_at=dead_at,
        alive_at=alive_at,
        at_move=at_move,
        network=network,
        visits=visits,
        territory=territory,
        explain=explain,
        maps=maps,
    )
    return _one(records, "game")


def check(record: Source, **options: Any) -> dict:
    """Scores one record and compares the count with its ``RE``, as ``arbiter go --check``:
    the record of :func:`score`, whose ``agreement`` says ``agrees``, ``differs``, or
    ``unchecked`` (no recorded score to compare, or an unfinished game, whose count is only
    an estimate). Takes :func:`score`'s options.

    >>> result = check("(;SZ[9]KM[6.5]RE[W+0.5];B[ee];W[];B[])")
    >>> result["recorded"], result["result"], result["agreement"]
    ('W+0.5', 'B+73.5', 'differs')
    """
    options.setdefault("maps", False)
    return score(record, **options)


def review(
    record: Source,
    visits: int | None = None,
    *,
    rules: str | None = None,
    komi: float | None = None,
    at_move: int | None = None,
    network: str | None = None,
    summary: bool = False,
) -> Any:
    """Reviews one game record move by move, as ``arbiter go --review --format json``: a
    row a position (the start, then each move) with :data:`REVIEW_COLUMNS`: ``move_number``,
    ``color`` (``B``, ``W``; empty for the start), ``move`` (``Q16``, ``pass``),
    ``black_lead`` and ``black_win`` after it, ``best_move`` (the best move found before it)
    with its ``best_lead``, and ``loss`` (the lead its player gave up against that move).

    ``visits``: each position's search (default 100; ``0``: the raw network, far quicker).
    ``rules``, ``komi``, ``at_move`` (review up to the position in which move N is to be
    played) and ``network`` as for :func:`score`.

    Returns a pandas ``DataFrame`` when pandas is installed, else a dictionary of numpy arrays
    (of lists without numpy), one a column. With ``summary=True``, returns the table and the
    summary: each player's ``moves``, ``mistakes`` by size (losses of at least 1, 3, 6 and
    12 points), ``average_loss`` and ``biggest`` mistakes (move numbers), the ``winner`` and
    ``decided_after`` (the move after which the winner never again fell behind).

    >>> table = review("(;SZ[9]KM[7];B[ee];W[aa];B[ec])", visits=0)
    >>> list(table["move"])  # doctest: +SKIP
    [None, 'E5', 'A9', 'E7']
    >>> rows, summary = review("(;SZ[9]KM[7];B[ee];W[aa])", visits=0, summary=True)
    >>> summary["white"]["biggest"]
    [2]
    """
    records = judge(
        "go",
        record,
        review=True,
        visits=visits,
        rules=rules,
        komi=komi,
        at_move=at_move,
        network=network,
    )
    reviewed = _one(records, "game")
    table = _columns(reviewed["moves"])
    if summary:
        return table, reviewed["summary"]
    return table


def _columns(moves: list) -> Any:
    """The review's rows as a pandas dataframe, else numpy arrays, else lists."""
    columns = {name: [m.get(name) for m in moves] for name in REVIEW_COLUMNS}
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None:
        frame = pd.DataFrame(columns)
        return frame.astype(
            {
                "move_number": "int64",
                "color": "string",
                "move": "string",
                "black_lead": "float64",
                "black_win": "float64",
                "best_move": "string",
                "best_lead": "Float64",
                "loss": "Float64",
            }
        )
    if _numpy_installed():
        import numpy as np

        numbers = {"move_number": np.int64, "black_lead": np.float64, "black_win": np.float64}
        return {
            name: np.array(values, dtype=numbers.get(name, object))
            for name, values in columns.items()
        }
    return columns
