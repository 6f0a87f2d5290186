"""Hex: positions judged (who has won, or whether the board is impossible), records
replayed, and positions solved with perfect play.

>>> from arbiter import hex
>>> hex.judge("1\\n3\\nRRB\\nBRB\\nBRR\\n")["verdict"]
'Red wins'
>>> answer = hex.solve("https://trmph.com/hex/board#3,b2")
>>> answer["to_move"], answer["winner"], answer["decided"]
('blue', 'red', False)
"""

from __future__ import annotations

from . import Source, _numpy_installed, _one, judge as _judge


def judge(
    position: Source,
    *,
    at_move: int | None = None,
    explain: bool = False,
    maps: bool | None = None,
) -> dict:
    """Judges one Hex position or record (the contest's format, HexGui SGF, a trmph link;
    text, bytes or a file) as ``arbiter hex --format json``: ``verdict`` is ``Red wins``,
    ``Blue wins``, ``Nobody wins`` or ``Impossible``, with its evidence (the winning
    chain, the stone whose removal undoes a win, ...).

    ``maps`` (default: whether numpy is installed) adds ``stones``, a numpy array row by
    row from the top (1 Red, -1 Blue, 0 empty).

    >>> judge("https://trmph.com/hex/board#2,a1b2a2", maps=False)["verdict"]
    'Red wins'
    """
    if maps is None:
        maps = _numpy_installed()
    records = _judge("hex", position, at_move=at_move, explain=explain, maps=maps)
    return _one(records, "position")


def solve(
    position: Source,
    to_move: str | None = None,
    budget: float | None = None,
    *,
    moves: bool = False,
    pruned: bool = False,
    memory: int | None = None,
    jobs: int | None = None,
    at_move: int | None = None,
    db: str | None = None,
    explain: bool = False,
    winner: bool = False,
) -> dict:
    """Solves one Hex position with perfect play, as ``arbiter hex --solve --format json``:
    ``winner`` (``red``, ``blue``, or ``None`` when the budget ran out), every
    ``winning_moves`` of the side to move, each losing move with the ``replies`` that refute
    it.

    ``to_move``: ``red`` or ``blue`` (default: a record's next player; for a board, the side
    with fewer stones, Red when equal); ``budget``: seconds (default 60, 0 for none);
    ``moves``: on a record, the winner after every move; ``pruned``: try only the moves
    inferior-cell analysis leaves, as Benzene does, the others listed as ``untried_moves``
    (``--pruned``: a move left out may win too, but only when a move named does); ``memory``: the table's megabytes a
    thread; ``jobs``: threads; ``db``: a solution store's file (made if need be), whose proved
    positions answer at once and which keeps this search's proofs (``--db``); ``winner``: only
    who wins (``--winner``, one proof): then ``proof_move`` is the winning move the proof
    found; when the budget ran out first, ``numbers`` (``proof``, ``disproof``) says how far
    the search got and ``open_moves`` the moves it tries there, best first, each with the
    numbers of the position after it.

    >>> answer = solve("1\\n2\\n..\\n..\\n")
    >>> [move["cell"] for move in answer["winning_moves"]]
    ['b1', 'a2']
    """
    records = _judge(
        "hex",
        position,
        solve=True,
        to_move=to_move,
        budget=budget,
        moves=moves,
        pruned=pruned,
        memory=memory,
        jobs=jobs,
        at_move=at_move,
        db=db,
        explain=explain,
        winner=winner,
    )
    return _one(records, "position")
