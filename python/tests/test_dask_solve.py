"""One Hex proof shared out as jobs (arbiter.dask.solve): the master's tree on a thread pool,
then on a real distributed.LocalCluster with two worker processes, a worker killed in the
middle of a proof, a worker's store lost, a search stopped and started again. Every answer is
held to the single-machine solver's."""

from __future__ import annotations

import concurrent.futures
import os
import pathlib
import signal
import threading
import time

import pytest

import arbiter.hex
from arbiter import _proof_tree

SIX = "1\n6\n" + "......\n" * 6
#: Red to move wins with 18 of its 47 moves (3 s on one thread).
SEVEN_WON = "https://trmph.com/hex/board#7,d4c5"
#: Blue to move loses (after Red's g1): every Blue move has its reply.
SEVEN_LOST = "https://trmph.com/hex/board#7,g1"


def moves(record: dict) -> tuple:
    """What a solve answers, the replies aside (any winning reply is right)."""
    names = lambda key: [c["cell"] for c in record.get(key, [])]  # noqa: E731
    return (record["to_move"], record["winner"], names("winning_moves"),
            names("losing_moves"), names("unknown_moves"), names("untried_moves"))


def assert_replies_win(position: str, record: dict) -> None:
    """Each reply named to a losing move wins: after the move and the reply, the side that
    moved first loses."""
    assert record["replies"], record
    for reply in record["replies"][:6]:
        after = f"{position}{reply['move']['cell']}{reply['reply']['cell']}"
        answer = arbiter.hex.solve(after, to_move=record["to_move"], winner=True)
        assert answer["winner"] != record["to_move"], (reply, answer["verdict"])


@pytest.fixture(scope="module")
def pool():
    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        yield executor


def on_threads(pool, position: str, **options) -> dict:
    def wait_first(futures, seconds):
        return concurrent.futures.wait(futures, timeout=seconds,
                                       return_when=concurrent.futures.FIRST_COMPLETED).done

    return _proof_tree.solve(position, pool.submit, wait_first, **options)


@pytest.mark.parametrize("pruned", [False, True])
@pytest.mark.parametrize("position", [SIX, "https://trmph.com/hex/board#6,a1"])
def test_the_tree_of_short_jobs_answers_as_the_single_machine_solver(pool, position, pruned):
    # Jobs of a millisecond: the tree grows far past the root's moves (fewer jobs once the
    # threads' solvers hold an earlier test's tables).
    answer = on_threads(pool, position, job_budget=0.001, pruned=pruned)
    assert answer["stats"]["jobs"] > 20 and answer["stats"]["positions"] > 50
    assert moves(answer) == moves(arbiter.hex.solve(position, pruned=pruned, budget=0))
    assert answer["verdict"] == arbiter.hex.solve(position, pruned=pruned)["verdict"]


def test_a_losing_side_s_every_move_gets_a_reply_that_wins(pool):
    for pruned in [False, True]:
        answer = on_threads(pool, SEVEN_LOST, job_budget=0.05, pruned=pruned)
        alone = arbiter.hex.solve(SEVEN_LOST, pruned=pruned, budget=0)
        assert moves(answer) == moves(alone)
        assert len(answer["replies"]) == len(answer["losing_moves"]) == 48
        assert_replies_win(SEVEN_LOST, answer)


def test_one_proof_names_its_winning_move(pool):
    answer = on_threads(pool, SIX, job_budget=0.001, winner=True)
    assert (answer["winner"], answer["winning_moves"]) == ("red", [])
    move = answer["proof_move"]["cell"]
    after = arbiter.hex.solve(f"https://trmph.com/hex/board#6,{move}", winner=True)
    assert after["winner"] == "red"
    lost = on_threads(pool, SEVEN_LOST, job_budget=0.05, winner=True)
    assert (lost["winner"], "proof_move" in lost) == ("red", False)


def test_the_verdict_is_worded_as_the_command_line_words_it():
    for position, options in [
        (SIX, {}),
        (SIX, {"pruned": True}),
        (SIX, {"budget": 0.02}),
        (SEVEN_LOST, {"budget": 0.05}),
        (SEVEN_LOST, {"budget": 0.05, "pruned": True}),
        (SEVEN_LOST, {"winner": True}),
        ("https://trmph.com/hex/board#6,a1", {"budget": 0.01, "pruned": True}),
    ]:
        record = arbiter.hex.solve(position, **options)
        assert _proof_tree.verdict(record) == record["verdict"], options


def test_a_claimed_win_is_checked_before_it_is_folded_in():
    tree = _proof_tree.Tree(2, None)
    node = tree.node("R...", "blue")
    for move in [None, "a1", "c1", "zz9"]:
        with pytest.raises(_proof_tree.JobError):
            tree.fold(node, {"winner": "blue", "move": move, "nodes": 1})
    with pytest.raises(_proof_tree.JobError):
        tree.fold(node, {"winner": None, "moves": [("a1", 1, 1)], "nodes": 1})
    with pytest.raises(_proof_tree.JobError):
        tree.fold(node, {"winner": None, "moves": ["b1"], "nodes": 1})
    tree.fold(node, {"winner": "blue", "move": "b1", "nodes": 1})
    assert (node.state, node.best) == ("won", 1)


def test_a_store_that_cannot_be_read_is_set_aside_and_begun_again(tmp_path):
    answers = []

    def job():
        # In a thread of its own, whose solver opens its store afresh.
        store = pathlib.Path(_proof_tree.worker_store(str(tmp_path)))
        store.write_bytes(b"arbiter hex solutions\n cut short")
        answers.append(_proof_tree.run_job("R" + "." * 15, 4, "blue", 1.0, str(tmp_path), 8))
        answers.append(store)

    thread = threading.Thread(target=job)
    thread.start()
    thread.join()
    answer, store = answers
    alone = arbiter.hex.solve(_proof_tree.board_text("R" + "." * 15, 4), "blue", winner=True)
    assert answer["winner"] == alone["winner"]
    assert store.exists() and pathlib.Path(f"{store}.unreadable").exists()


def test_a_job_s_bad_arguments_are_refused_in_words():
    from arbiter import _arbiter

    for board, to_move, budget, memory in [
        ("R.\n..", "green", 1.0, 8),
        ("R.\nX.", "red", 1.0, 8),
        ("R.\n..", "red", 0.0, 8),
        ("R.\n..", "red", float("nan"), 8),
        ("R.\n..", "red", 1e300, 8),
        ("R.\n..", "red", 1.0, 0),
        ("R.\n..", "red", 1.0, 1 << 40),
    ]:
        with pytest.raises(ValueError):
            _arbiter.hex_job(board, to_move, budget, None, memory)
    alone = arbiter.hex.solve("1\n2\nR.\n..\n", "blue", winner=True)
    assert _arbiter.hex_job("R.\n..", "blue", 1.0, None, 8)["winner"] == alone["winner"]


def test_a_search_stopped_and_started_again_loses_nothing_proved(pool, tmp_path):
    stopped = on_threads(pool, SIX, job_budget=0.001, budget=0.5, store=str(tmp_path))
    assert stopped["unknown_moves"], stopped["verdict"]
    assert stopped["verdict"].startswith("Red to move: ")  # "Red wins with ..." or "unknown"
    assert stopped["verdict"].endswith(" unresolved)"), stopped["verdict"]
    journal = tmp_path / "master.jsonl"
    proved = len(journal.read_text().splitlines())
    assert proved > 0
    # A line cut short by the stop is read past.
    with open(journal, "a") as f:
        f.write('{"cells": "RB')
    again = on_threads(pool, SIX, job_budget=0.001, store=str(tmp_path))
    assert again["stats"]["known_at_start"] > 0
    assert moves(again) == moves(arbiter.hex.solve(SIX, budget=0))


distributed = pytest.importorskip("distributed")
import arbiter.dask  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield client


def test_two_worker_processes_answer_as_one_machine(client, tmp_path):
    answer = arbiter.dask.solve(SEVEN_WON, client, job_budget=0.5, store=tmp_path)
    alone = arbiter.hex.solve(SEVEN_WON, budget=0)
    assert moves(answer) == moves(alone)
    assert answer["verdict"] == alone["verdict"]
    assert answer["stats"]["jobs"] > 10
    stores = sorted(p.name for p in tmp_path.glob("worker-*.db"))
    assert len(stores) == 2, stores
    lost = arbiter.dask.solve(SEVEN_LOST, client, job_budget=0.2, pruned=True)
    assert moves(lost) == moves(arbiter.hex.solve(SEVEN_LOST, pruned=True, budget=0))
    assert_replies_win(SEVEN_LOST, lost)


def test_a_worker_killed_in_the_middle_of_a_proof_costs_time_never_the_answer(client,
                                                                             tmp_path):
    answers = []
    search = threading.Thread(target=lambda: answers.append(
        arbiter.dask.solve(SEVEN_WON, client, job_budget=0.2, store=tmp_path)))
    search.start()
    # Once jobs are running, one worker process is killed outright (its nanny starts
    # another).
    time.sleep(1.5)
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    os.kill(victim, signal.SIGKILL)
    search.join(timeout=300)
    assert answers, "the search did not finish"
    assert moves(answers[0]) == moves(arbiter.hex.solve(SEVEN_WON, budget=0))
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()


def test_a_worker_s_store_lost_costs_time_never_the_answer(client, tmp_path):
    first = arbiter.dask.solve(SEVEN_WON, client, job_budget=0.5, store=tmp_path)
    stores = sorted(tmp_path.glob("worker-*.db"))
    stores[0].unlink()
    stores[1].write_bytes(b"arbiter hex solutions\n cut short")
    again = arbiter.dask.solve(SEVEN_WON, client, job_budget=0.5, store=tmp_path)
    assert moves(again) == moves(first)
    # The master's journal answers the root's moves at once.
    assert again["stats"]["known_at_start"] > 0
    assert again["stats"]["jobs"] < first["stats"]["jobs"]
    # Without the journal either, the answer is found again from nothing.
    pathlib.Path(tmp_path / "master.jsonl").unlink()
    third = arbiter.dask.solve(SEVEN_WON, client, job_budget=0.5, store=tmp_path)
    assert moves(third) == moves(first)
