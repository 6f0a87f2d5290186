"""arbiter.go.review and arbiter.dask.review_archive: the command line's review, as a table
and as one row a game on a real distributed.LocalCluster with two worker processes."""

from __future__ import annotations

import shutil

import pytest

import arbiter
import arbiter.go
from conftest import REPOSITORY, cli_records

pd = pytest.importorskip("pandas")

GAMES = REPOSITORY / "tests" / "data" / "go" / "corpus"


def test_review_is_the_command_line_s_review_as_a_dataframe():
    game = GAMES / "game-000.sgf"
    table = arbiter.go.review(str(game), visits=0)
    assert list(table.columns) == list(arbiter.go.REVIEW_COLUMNS)
    expected = cli_records(["go", "--review", "--visits", "0", game])
    moves, summary = expected[:-1], expected[-1]
    assert summary["record"] == "summary"
    assert len(table) == len(moves)
    for row, record in zip(table.to_dict("records"), moves):
        for name in arbiter.go.REVIEW_COLUMNS:
            value = row[name]
            value = None if pd.isna(value) else value
            assert value == record[name], (name, row, record)


def test_review_gives_its_summary_when_asked():
    rows, summary = arbiter.go.review(
        "(;SZ[9]KM[7]RE[W+R];B[ee];W[aa];B[ec])", visits=0, summary=True
    )
    assert len(rows) == 4
    assert summary["winner"] == "W"
    assert summary["black"]["moves"] == 2 and summary["white"]["moves"] == 1
    assert set(summary["black"]["mistakes"]) == {"1", "3", "6", "12"}


def test_review_without_pandas_gives_numpy_arrays(monkeypatch):
    numpy = pytest.importorskip("numpy")
    import builtins

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    table = arbiter.go.review("(;SZ[9]KM[7];B[ee];W[aa])", visits=0)
    assert isinstance(table["black_lead"], numpy.ndarray)
    assert table["move_number"].tolist() == [0, 1, 2]
    assert table["move"].tolist() == [None, "E5", "A9"]


def test_a_record_the_network_cannot_take_is_a_clear_error():
    with pytest.raises(arbiter.InputError, match="19 x 19 or smaller"):
        arbiter.go.review("(;SZ[21];B[aa])", visits=0)
    with pytest.raises(arbiter.InputError, match="no move to review"):
        arbiter.go.review("(;SZ[9]AB[ee])", visits=0)


def test_review_archive_on_two_workers_gives_the_command_line_s_summaries(tmp_path):
    distributed = pytest.importorskip("distributed")
    import arbiter.dask

    paths = []
    for source in sorted(GAMES.glob("*.sgf"))[:12]:
        path = tmp_path / source.name
        shutil.copyfile(source, path)
        paths.append(path)
    broken = tmp_path / "zz-broken.sgf"
    broken.write_text("(;SZ[9];B[ee];W[ee])\n")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        table = arbiter.dask.review_archive(
            str(tmp_path / "*.sgf"), client, files_per_partition=4, visits=0
        )
        rows = table.compute().to_dict("records")
        assert len(client.scheduler_info()["workers"]) == 2
    assert len(rows) == 13
    *games, failed = rows
    assert "onto a black stone" in failed["error"]
    for row, path in zip(games, paths):
        summary = cli_records(["go", "--review", "--visits", "0", path])[-1]
        assert row["file"] == str(path) and row["game"] == 1
        assert row["winner"] == summary["winner"]
        decided = summary["decided_after"]
        assert (pd.isna(row["decided_after"]) and decided is None) or row["decided_after"] == decided
        for player in ("black", "white"):
            assert row[f"{player}_moves"] == summary[player]["moves"]
            for size in ("1", "3", "6", "12"):
                assert row[f"{player}_mistakes_{size}"] == summary[player]["mistakes"][size]
            assert row[f"{player}_average_loss"] == summary[player]["average_loss"]
