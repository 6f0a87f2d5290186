"""arbiter.dask.score_archive on a real distributed.LocalCluster with two worker processes,
on thousands of generated records, every row checked against the command line's."""

from __future__ import annotations

import re
import shutil

import pandas as pd

import pytest

distributed = pytest.importorskip("distributed")

import arbiter.dask  # noqa: E402
from conftest import REPOSITORY, cli_records, run_cli  # noqa: E402

GAMES = 2400
CORPUS = REPOSITORY / "tests" / "data" / "go" / "corpus"
CORPUS_GAMES = 60


def generated_archive(folder, games: int = GAMES, seed: int = 36) -> list:
    """``CORPUS_GAMES`` real 9 x 9 and 13 x 13 games, and ``games`` random finished 9 x 9 games (``arbiter gen go --mode finished``) in files
    of one to three games, varied as archives are: some lose their markup (dead stones
    estimated), some record a wrong score, a resignation, another rule set or no result,
    some stop before their end, and one file is broken."""
    text = run_cli(["gen", "go", "--mode", "finished", "--size", "9", "--cases", games, "--seed", seed]).stdout.decode()
    records = re.findall(r"\(;.*?\)(?=\n|$)", text)
    assert len(records) == games
    varied = []
    for n, record in enumerate(records):
        if n % 3 == 1:
            record = re.sub(r"T[BW](\[[a-z]{2}\])+", "", record)
        if n % 5 == 2:
            record = re.sub(r"RE\[[^]]*\]", "RE[W+0.5]", record)
        if n % 7 == 3:
            record = re.sub(r"RE\[[^]]*\]", "RE[B+R]", record)
            record = re.sub(r";W\[\];B\[\]", "", record)
        if n % 11 == 4:
            record = record.replace("RU[Japanese]", "RU[Chinese]")
        if n % 13 == 5:
            record = re.sub(r"RE\[[^]]*\]", "", record)
        varied.append(record)
    paths = []
    n = 0
    while n < len(varied):
        take = 1 + len(paths) % 3
        path = folder / f"game-{len(paths):05}.sgf"
        path.write_text("\n".join(varied[n : n + take]) + "\n")
        paths.append(path)
        n += take
    # Real games as players left them, with dead stones on the board.
    for corpus in sorted(CORPUS.glob("*.sgf"))[:CORPUS_GAMES]:
        path = folder / f"corpus-{corpus.name}"
        shutil.copyfile(corpus, path)
        paths.append(path)
    broken = folder / "game-broken.sgf"
    broken.write_text(varied[0] + "\n(;SZ[9];B[ee];W[ee])\n")
    paths.append(broken)
    return sorted(paths)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_score_archive_on_two_workers_gives_the_command_lines_every_row(tmp_path, client):
    paths = generated_archive(tmp_path)
    table = arbiter.dask.score_archive(str(tmp_path / "*.sgf"), client, files_per_partition=50)
    assert table.npartitions == -(-len(paths) // 50)
    rows = [
        {key: None if pd.isna(value) else value for key, value in row.items()}
        for row in table.compute().to_dict("records")
    ]
    # Both workers were there to judge.
    assert len(client.scheduler_info()["workers"]) == 2
    expected = cli_records(["go", *paths])
    games = [row for row in rows if row["error"] is None]
    assert len(games) == len(expected) == GAMES + CORPUS_GAMES + 1
    for row, record in zip(games, expected):
        assert row == {
            "file": record["file"],
            "game": record["case"],
            "rules": record["rules"],
            "komi": record["komi"],
            "result": record.get("result"),
            "recorded": record["recorded"],
            "agreement": record["agreement"],
            "dead": len(record["dead"]),
            "finished": record["finished"],
            "ending": record["ending"],
            "verdict": record["verdict"],
            "error": None,
        }
    [failed] = [row for row in rows if row["error"] is not None]
    assert failed["file"] == str(tmp_path / "game-broken.sgf") and failed["game"] == 2
    assert "onto a black stone" in failed["error"]
    agreement = {a: sum(1 for r in games if r["agreement"] == a) for a in ("agrees", "differs", "unchecked")}
    assert all(agreement.values()), agreement
    assert sum(1 for r in games if r["dead"]) > 0


def test_score_archive_is_lazy_and_runs_without_a_client(tmp_path):
    paths = generated_archive(tmp_path, games=30, seed=7)
    table = arbiter.dask.score_archive([str(p) for p in paths], rules="chinese", komi=7)
    assert list(table.columns) == list(arbiter.dask.COLUMNS)
    rows = table.compute(scheduler="threads")
    assert len(rows) == 30 + CORPUS_GAMES + 2
    assert set(rows["rules"].dropna()) == {"chinese"} and set(rows["komi"].dropna()) == {7.0}
