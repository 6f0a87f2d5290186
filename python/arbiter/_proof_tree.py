"""One Hex proof shared out as jobs: the master's side of a job-level proof-number search
(Wu, Lin, Sun, Chen and Hsu, job-level proof-number search for Connect6, IEEE TCIAIG 2013;
Liang, Wei and Wu on Hex, ICGA Journal 2015), on any executor that runs functions elsewhere
(a Dask client, a thread pool).

**The tree.** The master keeps the positions near the root, each known by its board and the
side to move (a position reached by two move orders is one node), with negamax proof and
disproof numbers for its side to move: a node's proof number is the least disproof number of
its children, its disproof number the sum of their proof numbers.

**The jobs.** Each open leaf is a job: arbiter's own solver asked for one proof of it (as
``hex.solve(..., winner=True)``) within ``job_budget`` seconds, on the worker thread's own
solver, whose table stays from one job to the next, with a solution store of its own. A job
answers with the winner and, for a win, the move its proof found; or, when its budget ran
out, with the search's proof and disproof numbers and the moves its search tries there (those
inferior-cell analysis and the mustplay region leave), each with its numbers: the position's
children in the tree. A won position's move is checked before the answer is folded in (a
cell of the board, empty), and so are an open position's moves; a bad claim is an error
(:class:`JobError`), never a proof.

**The search.** The master sends out the most-proving leaf (from the root, the child of least
disproof number, down to a leaf not yet sent), as many at a time as ``in_flight`` (a leaf sent
is passed over until its answer is back), and folds each answer in as it comes. A leaf whose
job ran out of budget is expanded: its children are the moves its search tries, each a new
leaf that starts at the proof and disproof numbers the job's table holds for it (1 and 1
where the job did not reach it), so that the master goes on where the job stopped, in the
solver's own units. Jobs whose answers no longer matter (their position was decided another
way) are cancelled.

**Proofs shared.** A position proved once is never sent again: the tree knows it by its
board. The master writes each proof it learns to a journal in the store folder
(``master.jsonl``), read again when a solve starts, so that a client stopped and started
again loses nothing proved. Each worker thread keeps its deeper proofs in a solution store of
its own in that folder (``worker-NAME.db``, as ``hex --solve --db``), saved after each job;
a store lost costs time, never an answer, and one that cannot be read is set aside.

**The root.** To name every winning move as ``hex --solve`` does, each move of the root is a
proof of its own: the search goes on until every one is decided (with ``pruned``, every move
inferior-cell analysis leaves, and every move when they all lose, for the replies). With
``winner``, the root is the first job, and the search stops when it is proved.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from typing import Any, Callable

from . import hex as _hex

#: A proof or disproof number that stands for "proved the other way".
INF = 1 << 30
#: The seconds the first, local look at the root takes: its moves, and a quick answer.
EXPAND_BUDGET = 0.002

_LETTER = {"red": "R", "blue": "B"}
_NAME = re.compile(r"^([a-z]+)([0-9]+)$")


def other(side: str) -> str:
    """The other side."""
    return "blue" if side == "red" else "red"


def board_text(cells: str, size: int) -> str:
    """A board (``R``, ``B``, ``.`` row by row) in the contest's format, one case."""
    rows = "\n".join(cells[row * size : (row + 1) * size] for row in range(size))
    return f"1\n{size}\n{rows}\n"


def cell_index(name: str, size: int) -> int | None:
    """The index (row by row) of a cell named as Hex players name it (``a1`` top left), or
    ``None`` for a name that is no cell of the board."""
    found = _NAME.match(name or "")
    if not found:
        return None
    col = 0
    for letter in found.group(1):
        col = col * 26 + ord(letter) - ord("a") + 1
    row = int(found.group(2))
    if not (1 <= col <= size and 1 <= row <= size):
        return None
    return (row - 1) * size + col - 1


def cell_record(index: int, size: int) -> dict:
    """A cell as ``hex.solve``'s records give it."""
    row, col = divmod(index, size)
    name, n = "", col + 1
    while n:
        n, letter = divmod(n - 1, 26)
        name = chr(ord("a") + letter) + name
    return {"row": row, "col": col, "cell": f"{name}{row + 1}"}


_thread = threading.local()
_threads = iter(range(1 << 30))
_threads_lock = threading.Lock()


def worker_store(folder: str | None) -> str | None:
    """The solution store of the worker thread that runs a job: one file a worker (by its
    Dask name, else its process) and thread, in ``folder``."""
    if folder is None:
        return None
    if not hasattr(_thread, "number"):
        with _threads_lock:
            _thread.number = next(_threads)
    try:
        from distributed import get_worker

        name = str(get_worker().name)
    except (ImportError, ValueError):
        name = f"process-{os.getpid()}"
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", f"{name}-{_thread.number}")
    return os.path.join(folder, f"worker-{safe}.db")


def _job(board: str, to_move: str, budget: float, db: str | None, memory: int) -> dict:
    """One proof on this thread's warm solver (``_arbiter.hex_job``); a store it cannot read
    (cut short, of another version) is set aside (``.unreadable``) and begun again."""
    from . import _arbiter

    try:
        return _arbiter.hex_job(board, to_move, budget, db, memory)
    except ValueError as error:
        if db is None or not str(error).startswith(f"db={db}:"):
            raise
        os.replace(db, db + ".unreadable")
        return _arbiter.hex_job(board, to_move, budget, db, memory)


def run_job(cells: str, size: int, to_move: str, budget: float, store: str | None,
            memory: int) -> dict:
    """One job, run where the executor runs it: one proof of the position within ``budget``
    seconds, on the worker thread's own solver, whose table stays from one job to the next.
    Returns ``winner``, ``move`` (a won position's winning move), ``moves`` (of an open
    position: the moves its search tries, best first, each as ``(cell, proof, disproof)`` of
    the position after it, 1 and 1 where the search did not reach it) and ``nodes``."""
    board = "\n".join(cells[row * size : (row + 1) * size] for row in range(size))
    answer = _job(board, to_move, budget, worker_store(store), memory)
    job = {
        "winner": answer["winner"],
        "move": (answer.get("proof_move") or {}).get("cell"),
        "nodes": answer["stats"]["nodes"],
    }
    if answer["winner"] == to_move and job["move"] is None:
        # The proof's move was not found again (its table lost it): one that wins.
        moves = _hex.solve(board_text(cells, size), to_move, budget, pruned=True, jobs=1,
                           memory=memory)
        job["nodes"] += moves["stats"]["nodes"]
        job["move"] = next((c["cell"] for c in moves["winning_moves"]), None)
    if answer["winner"] is None:
        job["moves"] = [
            (m["move"]["cell"], *((m["numbers"] or {}).get(k, 1) for k in ("proof", "disproof")))
            for m in answer.get("open_moves", [])
        ]
    return job


class JobError(RuntimeError):
    """A job's answer that cannot be folded in: a win claimed without a move on an empty
    cell, or an open position without moves."""


class Node:
    """A position of the master's tree."""

    __slots__ = ("cells", "to_move", "state", "best", "children", "hint")

    def __init__(self, cells: str, to_move: str):
        self.cells = cells
        self.to_move = to_move
        #: ``new`` (not sent), ``running``, ``open`` (expanded), ``won`` or ``lost`` (for
        #: the side to move).
        self.state = "new"
        #: A won position's winning move (a cell index).
        self.best: int | None = None
        #: ``(cell, node)`` for each move, once expanded.
        self.children: list = []
        #: The proof and disproof numbers a leaf starts with.
        self.hint = (1, 1)

    @property
    def decided(self) -> bool:
        return self.state in ("won", "lost")


class Tree:
    """The master's proof tree over positions of one board size, with its journal of
    proofs (``None``: none kept)."""

    def __init__(self, size: int, journal: str | None):
        self.size = size
        self.nodes: dict = {}
        self.known: dict = {}
        self.journal = journal
        if journal and os.path.exists(journal):
            with open(journal, encoding="utf-8") as f:
                for line in f:
                    try:
                        entry = json.loads(line)
                        self.known[(entry["cells"], entry["to_move"])] = entry
                    except (ValueError, KeyError, TypeError):
                        continue  # a line cut short by a stop: the proof is found again
        self.known_at_start = len(self.known)
        self._values: dict = {}
        self._reachable: set = set()

    def node(self, cells: str, to_move: str) -> Node:
        """The node of a position, made (and answered from the journal) if need be."""
        key = (cells, to_move)
        found = self.nodes.get(key)
        if found is None:
            found = Node(cells, to_move)
            entry = self.known.get(key)
            if entry is not None:
                best = cell_index(entry.get("best") or "", self.size)
                if not entry["wins"]:
                    found.state = "lost"
                elif best is not None and cells[best] == ".":
                    found.state, found.best = "won", best
            self.nodes[key] = found
        return found

    def child(self, node: Node, cell: int) -> Node:
        """The position after the side to move plays on ``cell``."""
        cells = node.cells[:cell] + _LETTER[node.to_move] + node.cells[cell + 1 :]
        return self.node(cells, other(node.to_move))

    def decide(self, node: Node, wins: bool, best: int | None = None) -> None:
        """Marks a position proved (``wins``: for its side to move) and writes it down."""
        node.state = "won" if wins else "lost"
        node.best = best
        node.children = []
        if self.journal:
            entry = {"cells": node.cells, "to_move": node.to_move, "wins": wins,
                     "best": None if best is None else cell_record(best, self.size)["cell"]}
            with open(self.journal, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")

    def fold(self, node: Node, job: dict) -> None:
        """Folds a job's answer on ``node`` into the tree, its claims checked first."""
        if job["winner"] == node.to_move:
            best = cell_index(job.get("move") or "", self.size)
            if best is None or node.cells[best] != ".":
                raise JobError(
                    f"a job claims {node.to_move} wins {board_text(node.cells, self.size)!r} "
                    f"with {job.get('move')!r}, which is no empty cell of it"
                )
            self.decide(node, True, best)
        elif job["winner"] == other(node.to_move):
            self.decide(node, False)
        else:
            moves = job.get("moves") or []
            try:
                cells = [cell_index(name, self.size) for name, _, _ in moves]
            except (TypeError, ValueError):
                cells = []
            if not cells or any(c is None or node.cells[c] != "." for c in cells):
                raise JobError(f"a job leaves {node.cells!r} open with moves {moves}")
            self.expand(node, cells, [(proof, disproof) for _, proof, disproof in moves])

    def expand(self, node: Node, cells: list, numbers: list | None = None) -> None:
        """Makes the moves ``cells`` the children of ``node``; those not yet sent start at
        ``numbers`` (proof and disproof numbers for their side to move, as the job's search
        left them), else at 1 and 1."""
        node.state = "open"
        node.children = [(cell, self.child(node, cell)) for cell in cells]
        for n, (_, child) in enumerate(node.children):
            if child.state == "new" and numbers:
                proof, disproof = numbers[n]
                child.hint = (max(1, min(proof, INF - 1)), max(1, min(disproof, INF - 1)))

    def refresh(self, root: Node, every: bool) -> None:
        """Recomputes every node's numbers from the leaves, decides the open nodes they
        prove, and notes the nodes whose answers still matter."""
        values: dict = {}
        reachable: set = set()
        # Post-order without recursion: (node, children seen).
        stack = [(root, False)]
        while stack:
            node, seen = stack.pop()
            key = id(node)
            if key in values and not seen:
                continue
            if not seen:
                reachable.add(key)
                if node.state != "open":
                    values[key] = self._leaf(node)
                    continue
                stack.append((node, True))
                for _, child in node.children:
                    if id(child) not in values:
                        stack.append((child, False))
                continue
            proof, disproof, open_leaf, best = INF, 0, False, None
            for cell, child in node.children:
                c_proof, c_disproof, c_open = values[id(child)]
                if c_disproof < proof:
                    proof, best = c_disproof, cell
                disproof = min(INF, disproof + c_proof)
                open_leaf = open_leaf or c_open
            if node is not root or not every:
                if proof == 0:
                    self.decide(node, True, best)
                    values[key] = self._leaf(node)
                    continue
                if disproof == 0:
                    self.decide(node, False)
                    values[key] = self._leaf(node)
                    continue
            values[key] = (proof, disproof, open_leaf)
        self._values = values
        self._reachable = reachable

    @staticmethod
    def _leaf(node: Node) -> tuple:
        """A leaf's numbers, and whether a job may still be sent below it."""
        if node.state == "won":
            return (0, INF, False)
        if node.state == "lost":
            return (INF, 0, False)
        return (*node.hint, node.state == "new")

    def matters(self, node: Node) -> bool:
        """Whether a position's answer still matters, as of the last refresh."""
        return id(node) in self._reachable

    def select(self, root: Node, every: bool) -> Node | None:
        """The most-proving leaf not yet sent, as of the last refresh (which it refreshes
        after marking it sent), or ``None``."""
        node = root
        while node.state == "open":
            choice, choice_key = None, None
            for cell, child in node.children:
                c_proof, c_disproof, c_open = self._values[id(child)]
                if not c_open:
                    continue
                # At the root of a complete solve every move is a proof of its own: the one
                # nearest to an answer first. Elsewhere the one that proves the node.
                key = (min(c_proof, c_disproof) if node is root and every else c_disproof, cell)
                if choice_key is None or key < choice_key:
                    choice, choice_key = child, key
            if choice is None:
                return None
            node = choice
        return node if node.state == "new" else None

    def root_done(self, root: Node, every: bool) -> bool:
        if every:
            return all(child.decided for _, child in root.children)
        return root.decided


def solve(
    position: Any,
    submit: Callable,
    wait_first: Callable,
    *,
    to_move: str | None = None,
    budget: float | None = None,
    job_budget: float = 1.0,
    pruned: bool = False,
    winner: bool = False,
    store: str | None = None,
    memory: int = 64,
    at_move: int | None = None,
    in_flight: int = 4,
) -> dict:
    """Solves a Hex position by jobs on an executor (see the module's notes): ``submit(fn,
    *args)`` returns a future (``result()``, ``cancel()``), ``wait_first(futures, seconds)``
    the futures done within the seconds. Returns the record ``hex.solve`` returns."""
    started = time.perf_counter()
    deadline = None if not budget else started + budget
    # The root's moves, and anything proved at once.
    first = _hex.solve(position, to_move, EXPAND_BUDGET, pruned=pruned or winner,
                       at_move=at_move, jobs=1, memory=memory)
    to_move = first["to_move"]
    if first["decided"] or first["winner"] is not None and not first["unknown_moves"]:
        return _quick(first, winner)
    stones = _hex.judge(position, at_move=at_move, maps=True)["stones"]
    size = len(stones)
    cells = "".join("R" if v == 1 else "B" if v == -1 else "." for row in stones for v in row)
    if store is not None:
        os.makedirs(store, exist_ok=True)
    tree = Tree(size, None if store is None else os.path.join(store, "master.jsonl"))
    root = tree.node(cells, to_move)
    every = not winner
    empty = [i for i, c in enumerate(cells) if c == "."]
    if pruned:
        moves = first["winning_moves"] + first["losing_moves"] + first["unknown_moves"]
        root_cells = sorted(m["row"] * size + m["col"] for m in moves)
    else:
        root_cells = empty
    if every:
        # Every move a proof of its own.
        tree.expand(root, root_cells)
    # One proof: the root is the first job, whose search orders its moves.
    running: dict = {}
    failures: dict = {}
    jobs = nodes = 0
    while True:
        tree.refresh(root, every)
        if tree.root_done(root, every):
            if not (every and pruned and len(root.children) < len(empty)
                    and all(child.state == "won" for _, child in root.children)):
                break
            # Every move tried loses, so every move does: each one's reply is named.
            tree.expand(root, empty)
            continue
        if deadline is not None and time.perf_counter() >= deadline:
            break
        for future, node in list(running.items()):
            if node.decided or not tree.matters(node):
                future.cancel()
                del running[future]
                if node.state == "running":
                    node.state = "new"
        while len(running) < in_flight:
            leaf = tree.select(root, every)
            if leaf is None:
                break
            leaf.state = "running"
            running[submit(run_job, leaf.cells, size, leaf.to_move, job_budget, store,
                           memory)] = leaf
            tree.refresh(root, every)
        if not running:
            break
        timeout = 1.0 if deadline is None else max(0.0, min(1.0, deadline - time.perf_counter()))
        for future in wait_first(list(running), timeout):
            leaf = running.pop(future)
            try:
                job = future.result()
            except Exception as error:
                # A job cancelled, or lost with the worker that ran it (Dask sends it again
                # by itself before it gives up): the leaf is sent again, three times at most.
                lost = failures.get(id(leaf), 0) + 1
                failures[id(leaf)] = lost
                if lost > 3:
                    raise
                leaf.state = "new"
                del error
                continue
            jobs += 1
            nodes += job["nodes"]
            if leaf.state == "running":
                tree.fold(leaf, job)
    for future in running:
        future.cancel()
    return _record(root, size, to_move, first, every, pruned, {
        "jobs": jobs,
        "nodes": nodes,
        "positions": len(tree.nodes),
        "known_at_start": tree.known_at_start,
        "milliseconds": int((time.perf_counter() - started) * 1000),
    })


def _quick(first: dict, winner: bool) -> dict:
    """The answer of a position solved at once (a board already won, or a quick proof), in
    the shape asked for."""
    if not winner:
        return first
    record = dict(first, winning_moves=[], losing_moves=[], replies=[], unknown_moves=[])
    record.pop("untried_moves", None)
    if first["winner"] == first["to_move"] and first["winning_moves"] and not first["decided"]:
        record["proof_move"] = first["winning_moves"][0]
    record["verdict"] = verdict(record)
    return record


def _record(root: Node, size: int, to_move: str, first: dict, every: bool, pruned: bool,
            stats: dict) -> dict:
    """The answer, as ``hex.solve`` gives it."""
    cell = lambda index: cell_record(index, size)  # noqa: E731
    winning, losing, replies, unknown = [], [], [], []
    for index, child in sorted(root.children, key=lambda c: c[0]):
        if child.state == "lost":
            winning.append(cell(index))
        elif child.state == "won":
            losing.append(cell(index))
            replies.append({"move": cell(index),
                            "reply": None if child.best is None else cell(child.best)})
        else:
            unknown.append(cell(index))
    if root.state == "won" or winning:
        found = to_move
    elif root.state == "lost" or (not unknown and root.children):
        found = other(to_move)
    else:
        found = None
    record = {
        "game": "hex",
        "case": first.get("case", 1),
        "verdict": "",
        "to_move": to_move,
        "winner": found,
        "decided": False,
        "winning_moves": winning if every else [],
        "losing_moves": losing if every else [],
        "replies": replies if every and found == other(to_move) else [],
        "unknown_moves": unknown if every else [],
    }
    if pruned and every and found != other(to_move) and first.get("untried_moves"):
        record["untried_moves"] = first["untried_moves"]
    if not every and root.state == "won" and root.best is not None:
        record["proof_move"] = cell(root.best)
    record["stats"] = stats
    record["verdict"] = verdict(record)
    return record


def verdict(record: dict) -> str:
    """The answer's line, as ``arbiter hex --solve`` writes it."""
    mover = record["to_move"].capitalize()
    left = []
    unknown, untried = len(record["unknown_moves"]), len(record.get("untried_moves", []))
    if unknown:
        left.append("1 move unresolved" if unknown == 1 else f"{unknown} moves unresolved")
    if untried:
        left.append("1 inferior move not tried" if untried == 1
                    else f"{untried} inferior moves not tried")
    unresolved = f" ({', '.join(left)})" if left else ""
    found = record["winner"]
    names = " ".join(c["cell"] for c in record["winning_moves"])
    if found is None:
        proved = []
        if names:
            proved.append(f"wins with {names}")
        if record["losing_moves"]:
            proved.append("loses with " + " ".join(c["cell"] for c in record["losing_moves"]))
        proved.extend(left)
        return f"{mover} to move: unknown" + (f" ({'; '.join(proved)})" if proved else "")
    if found == record["to_move"] and names:
        return f"{mover} to move: {found.capitalize()} wins with {names}{unresolved}"
    return f"{mover} to move: {found.capitalize()} wins{unresolved}"
