"""What the Python tests share: the repository, and the command line to compare with.

The tests compare the package with the ``arbiter`` binary built from the same repository
(``cargo build --release``; ``ARBITER_BIN`` names another). Without it they fail rather than
skip: the comparison is the point.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def binary() -> str:
    path = os.environ.get("ARBITER_BIN") or str(REPOSITORY / "target" / "release" / "arbiter")
    if not os.access(path, os.X_OK):
        raise RuntimeError(
            f"{path}: no arbiter binary to compare with (cargo build --release, or set ARBITER_BIN)"
        )
    return path


def run_cli(args: list, text: bytes | None = None) -> subprocess.CompletedProcess:
    """Runs ``arbiter ARGS`` (standard input: ``text``), its output kept."""
    return subprocess.run(
        [binary(), *map(str, args)], input=text or b"", capture_output=True, check=False
    )


def cli_records(args: list, text: bytes | None = None) -> list:
    """The JSON records ``arbiter ARGS --format json`` writes."""
    done = run_cli([*args, "--format", "json"], text)
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture
def repository() -> pathlib.Path:
    return REPOSITORY


def untimed(records):
    """Records with the names of the solver's statistics but not their values, which two runs
    need not share: the time, and on several threads the work too (the threads share the
    moves out as they come, and join the last searches still running)."""
    if isinstance(records, list):
        return [untimed(record) for record in records]
    record = dict(records)
    if isinstance(record.get("stats"), dict):
        record["stats"] = sorted(record["stats"])
    return record
