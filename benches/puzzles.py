#!/usr/bin/env python3
"""Benzene's Hex puzzles, arbiter beside Benzene: each puzzle asked of both, one after the
other, with the same question (Benzene's `dfpn-solve-state`: who wins, arbiter's `--winner`;
its `dfpn-solver-find-winning`: the winning moves, arbiter's complete set), and a Markdown
table of the times (the user guide's performance page): arbiter's whole command, arbiter's
solver alone (its record's `stats.microseconds`), Benzene's solver alone (its own "Elapsed
Time", leaving out the 0.75 s MoHex takes to start, reading its patterns), and two ratios:
solver to solver, the like for like one, and Benzene's solver to arbiter's whole command, which
counts against arbiter the 2 ms or so any process takes to start.

    python3 benches/puzzles.py ARBITER MOHEX [--max-side N] [--budget SECONDS] [--jobs N]
        [--pruned] [--rounds N] [--only NAME...]

ARBITER is arbiter's binary, MOHEX Benzene's (built outside this repository, see the
performance page). The puzzles and Benzene's answers are `tests/data/hex/solver/`'s
`dfpn-puzzle.tst` and `puzzles/`. Each run gets at most `--budget` seconds (arbiter's own
budget; Benzene is stopped then); arbiter's answer is checked against Benzene's published one.
Benzene runs its solver on `--jobs` threads too (`param_dfpn threads`). With `--pruned`,
arbiter answers the winning-moves question as Benzene does, trying only the moves its inferior
cells leave (`arbiter hex --solve --pruned`); each of Benzene's winning moves must then be
named or left out by arbiter. With `--rounds N` each puzzle is asked N times of each, in
turn, and the fastest time of each kept (one run of a puzzle that takes milliseconds says more
about the machine than about either program).
"""

import json

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "tests", "data", "hex", "solver")


def puzzles():
    """(file, command, colour, answer) for each puzzle of Benzene's regression file."""
    found, path = [], None
    with open(os.path.join(DATA, "dfpn-puzzle.tst")) as tst:
        lines = tst.read().splitlines()
    command = None
    for line in lines:
        words = line.split()
        if len(words) == 2 and words[0] == "loadsgf":
            path = os.path.join(DATA, "puzzles", os.path.basename(words[1]))
        elif len(words) == 3 and words[1] in ("dfpn-solve-state", "dfpn-solver-find-winning"):
            command = (words[1], words[2])
        elif words[:1] == ["#?"] and path and command:
            answer = " ".join(words[1:]).strip("[]").split()
            found.append((path, command[0], command[1], answer))
            path, command = None, None
    return found


def side(path):
    return int(os.path.basename(path).split("x")[0])


def run_arbiter(arbiter, path, command, colour, budget, jobs, pruned):
    """The time arbiter took and its JSON record (None when it wrote none)."""
    to_move = "red" if colour == "black" else "blue"
    args = [arbiter, "hex", "--solve", "--budget", str(budget), "--jobs", str(jobs),
            "--to-move", to_move, "--format", "json", path]
    if command == "dfpn-solve-state":
        args.insert(3, "--winner")
    elif pruned:
        args.insert(3, "--pruned")
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True).stdout
    took = time.perf_counter() - start
    try:
        return took, json.loads(out)
    except ValueError:
        return took, None


def benzene_log(mohex, path, command, colour, budget, jobs, settings=()):
    """What Benzene's solver wrote to its log, asked on `jobs` threads after the HTP lines
    `settings` (None when the budget ran out)."""
    script = "\n".join([f"param_dfpn threads {jobs}", *settings, f"loadsgf {path}",
                        f"{command} {colour}", "quit", ""])
    try:
        done = subprocess.run([mohex], input=script, capture_output=True, text=True,
                              timeout=budget, cwd="/tmp")
    except subprocess.TimeoutExpired:
        return None
    return done.stderr


def solver_seconds(log):
    """Benzene's solver's own time in its log, without the second or so MoHex takes to start
    (its patterns)."""
    for line in log.splitlines():
        if "Total Elapsed Time:" in line:
            return float(line.split(":")[-1])
    times = [float(line.split()[-1]) for line in log.splitlines()
             if line.startswith("Elapsed Time")]
    return sum(times) if times else None


def run_benzene(mohex, path, command, colour, budget, jobs):
    log = benzene_log(mohex, path, command, colour, budget, jobs)
    return solver_seconds(log) if log is not None else None


def cells(record, field):
    return [move["cell"] for move in record.get(field, [])]


def proved(record):
    """Whether arbiter proved all it was asked: the winner, and no move left unresolved."""
    return record is not None and record["winner"] is not None and not record["unknown_moves"]


def arbiter_right(record, command, colour, answer):
    """Whether arbiter's record says what Benzene published."""
    if not proved(record):
        return False
    mover = "red" if colour == "black" else "blue"
    winner = record["winner"]
    if command == "dfpn-solve-state":
        return winner == ("red" if answer == ["black"] else "blue")
    if not answer:
        return winner != mover
    named = cells(record, "winning_moves") + cells(record, "untried_moves")
    return winner == mover and all(move in named for move in answer)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("mohex")
    parser.add_argument("--max-side", type=int, default=7)
    parser.add_argument("--budget", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pruned", action="store_true")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=[])
    options = parser.parse_args()
    print("| puzzle | question | arbiter's command | arbiter's solver | Benzene's solver "
          "| ratio, solvers | ratio, Benzene's solver / arbiter's command |")
    print("|---|---|---|---|---|---|---|")
    for path, command, colour, answer in puzzles():
        name = os.path.basename(path)[:-4]
        if side(path) > options.max_side or (options.only and name not in options.only):
            continue
        question = "winner" if command == "dfpn-solve-state" else "winning moves"
        ours, solver, theirs, record = None, None, None, None
        for _ in range(max(1, options.rounds)):
            # The fastest run's record is the one judged: a run cut short by the budget is
            # never the fastest unless every run was.
            took, found = run_arbiter(options.arbiter, path, command, colour, options.budget,
                                      options.jobs, options.pruned)
            if ours is None or took < ours:
                ours, record = took, found
            if found is not None:
                alone = found["stats"]["microseconds"] / 1e6
                solver = alone if solver is None else min(solver, alone)
            took = run_benzene(options.mohex, path, command, colour, options.budget,
                               options.jobs)
            if took is not None:
                theirs = took if theirs is None else min(theirs, took)
        right = arbiter_right(record, command, colour, answer)
        ours_text = f"{ours:.3f} s" if right else f"not proved in {options.budget:g} s"
        theirs_text = f"{theirs:.4f} s" if theirs is not None else f"over {options.budget:g} s"
        solver_text = f"{solver:.4f} s" if right else ""
        ratios = ["", ""]
        if right and theirs is not None:
            ratios = [f"{theirs / max(solver, 1e-6):.2f}", f"{theirs / ours:.2f}"]
        print(f"| {name} | {question} | {ours_text} | {solver_text} | {theirs_text} "
              f"| {ratios[0]} | {ratios[1]} |", flush=True)
        if not right and proved(record):
            print(f"arbiter disagrees with Benzene on {name}: {record['verdict']}",
                  file=sys.stderr)


if __name__ == "__main__":
    main()
