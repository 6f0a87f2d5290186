"""The typed entry points: arbiter.go.score and check, arbiter.hex.judge and solve, and the
maps as numpy arrays."""

from __future__ import annotations

import numpy as np
import pytest

import arbiter
from arbiter import go, hex
from conftest import REPOSITORY, cli_records, untimed

RECORDS = REPOSITORY / "tests" / "data" / "go" / "records"
GAME = REPOSITORY / "tests" / "data" / "go" / "corpus" / "game-003.sgf"


def test_go_score_is_the_record_of_format_json_with_its_maps_as_arrays():
    score = go.score(GAME, rules="chinese", komi=7.5)
    [expected] = cli_records(["go", "--rules", "chinese", "--komi", "7.5", GAME])
    plain = go.score(GAME, rules="chinese", komi=7.5, maps=False)
    assert plain == expected
    for key in ("stones", "territory_map"):
        assert isinstance(score[key], np.ndarray) and score[key].shape == (13, 13)
    assert {k: v for k, v in score.items() if k not in ("stones", "territory_map", "ownership")} == {
        k: v for k, v in expected.items() if k != "ownership"
    }


def test_go_maps_say_what_the_records_lists_say():
    score = go.score(GAME)
    size = 13
    letters = "ABCDEFGHJKLMNOPQRST"

    def at(point: str):
        return size - int(point[1:]), letters.index(point[0])

    territory = score["territory_map"]
    assert int((territory == 1).sum()) == len(score["territory"]["black"])
    assert int((territory == -1).sum()) == len(score["territory"]["white"])
    for point in score["territory"]["black"]:
        assert territory[at(point)] == 1
    for point in score["dead"]:
        assert score["stones"][at(point)] != 0


def test_an_estimate_gives_its_ownership_as_an_array():
    record = RECORDS / "alphago-self-play-g31.sgf"
    score = go.score(record)
    [expected] = cli_records(["go", record])
    ownership = score["ownership"]
    assert ownership.dtype == np.float32 and ownership.shape == (19, 19)
    assert np.allclose(ownership, np.array(expected["ownership"], dtype=np.float32))


def test_go_check_says_how_the_count_stands_against_re():
    finished = "(;SZ[9]KM[6.5]RE[{}];B[ee];W[];B[])"
    assert go.check(finished.format("B+73.5"))["agreement"] == "agrees"
    assert go.check(finished.format("W+0.5"))["agreement"] == "differs"
    assert go.check(finished.format("W+R"))["agreement"] == "unchecked"
    assert go.check("(;SZ[9]KM[6.5]RE[B+3];B[ee])")["agreement"] == "unchecked"
    record = RECORDS / "katago-rules-tromp-taylor.sgf"
    [expected] = cli_records(["go", "--check", record])
    assert go.check(record) == expected


def test_go_score_takes_one_game():
    with pytest.raises(arbiter.InputError, match="holds 2 games, not one") as caught:
        go.score("(;SZ[9];B[ee];W[];B[])(;SZ[9];B[ee];W[];B[])")
    assert len(caught.value.records) == 2


def test_hex_judge_and_solve():
    board = "1\n3\nRRB\nBRB\nBRR\n"
    judged = hex.judge(board)
    assert judged["verdict"] == "Red wins"
    assert judged["stones"].tolist() == [[1, 1, -1], [-1, 1, -1], [-1, 1, 1]]
    assert hex.judge(board, maps=False) == cli_records(["hex"], board.encode())[0]
    empty = "1\n3\n...\n...\n...\n"
    answer = hex.solve(empty)
    assert untimed(answer) == untimed(cli_records(["hex", "--solve"], empty.encode())[0])
    assert answer["winner"] == "red"
    assert [m["cell"] for m in answer["winning_moves"]] == ["c1", "a2", "b2", "c2", "a3"]
    as_blue = hex.solve(empty, to_move="blue", budget=5)
    assert untimed(as_blue) == untimed(
        cli_records(["hex", "--solve", "--to-move", "blue", "--budget", "5"], empty.encode())[0]
    )
    assert as_blue["winner"] == "blue"
    captured = "1\n4\n....\n....\n.R..\n..B.\n"
    pruned = hex.solve(captured, to_move="red", pruned=True)
    assert untimed(pruned) == untimed(
        cli_records(["hex", "--solve", "--pruned", "--to-move", "red"], captured.encode())[0]
    )
    assert [m["cell"] for m in pruned["winning_moves"]] == ["a1", "a2", "b2", "c2"]
    assert len(pruned["untried_moves"]) == 10
    record = REPOSITORY / "examples" / "hex-games.trmph"
    first = record.read_text().splitlines()[0]
    moves = hex.solve(first, moves=True, budget=0)
    assert untimed(moves) == untimed(
        cli_records(["hex", "--solve", "--moves", "--budget", "0"], first.encode())[0]
    )


def test_hex_solve_keeps_its_proofs_in_a_store(tmp_path):
    db = tmp_path / "hex.db"
    # 6 x 6: enough work at first that the store's answer is clearly less.
    empty = "1\n6\n" + "......\n" * 6
    first = hex.solve(empty, db=db)
    assert db.exists()
    again = hex.solve(empty, db=str(db))
    assert untimed(again) | {"stats": None} == untimed(first) | {"stats": None}
    assert again["stats"]["nodes"] * 10 < first["stats"]["nodes"]
    (tmp_path / "bad.db").write_text("not a store")
    with pytest.raises(ValueError, match="not an arbiter solution store"):
        hex.solve(empty, db=tmp_path / "bad.db")
