"""Types of the native module behind the arbiter package (python/src/lib.rs). Call the
package's functions (arbiter.judge, arbiter.go.score, ...), not these."""

from os import PathLike
from typing import Any, Dict, Optional, Sequence, Tuple

__version__: str
GAMES: list[str]

#: One input's outcome: its records, its warnings, and the error that stopped it (a dict of
#: message, file, game, line, column, byte and move) or None.
Outcome = Tuple[list[dict[str, Any]], list[str], Optional[dict[str, Any]]]

def judge(
    game: str,
    options: Dict[str, Any],
    text: Optional[bytes] = None,
    path: Optional[str | PathLike[str]] = None,
    explain: bool = False,
    maps: bool = False,
) -> Outcome: ...
def judge_files(
    game: str,
    options: Dict[str, Any],
    paths: Sequence[str | PathLike[str]],
    jobs: Optional[int] = None,
    explain: bool = False,
    maps: bool = False,
) -> list[Outcome]: ...
def options(game: str) -> list[str]: ...
def hex_job(
    board: str,
    to_move: str,
    budget: float,
    store: Optional[str | PathLike[str]] = None,
    memory: int = 64,
) -> dict[str, Any]: ...
