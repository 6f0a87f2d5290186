#!/usr/bin/env python3
"""What each of Benzene's techniques buys it, in positions, beside arbiter's: Benzene's puzzles
asked of Benzene's solver on one thread with one technique changed at a time (its own
parameters), and of arbiter on one thread, as a Markdown table of Benzene's MID calls (its
positions searched) and seconds, and arbiter's positions (`stats.expansions`) and seconds.

    python3 benches/benzene_techniques.py ARBITER MOHEX [--budget SECONDS] PUZZLE...

ARBITER is arbiter's binary, MOHEX Benzene's (built outside this repository, see the
performance page); each PUZZLE a name from `tests/data/hex/solver/puzzles/` without `.sgf`
(say 9x9-henderson-69), asked as `benches/puzzles.py` asks it (`--pruned` for the winning
moves). The variants are Benzene's defaults; its pattern connections off (`use_patterns 0`:
its ladder and edge-template patterns, `vc-patterns.txt`); those off and its AND rule let
through the sides (`and_over_edge 1`); its reversible moves off; its pattern dominators off.
The performance page's section "Where Benzene's strength on 9 x 9 comes from" has a run.
"""

import argparse
import json
import os
import subprocess
import time

from puzzles import puzzles

VARIANTS = [
    ("Benzene", []),
    ("no pattern connections", ["param_solver_vc use_patterns 0"]),
    ("no patterns, AND through the sides",
     ["param_solver_vc use_patterns 0", "param_solver_vc and_over_edge 1"]),
    ("no reversible moves", ["param_solver_ice find_reversible 0"]),
    ("no pattern dominators", ["param_solver_ice find_all_pattern_superiors 0"]),
]


def benzene(mohex, path, command, colour, settings, budget):
    """Benzene's MID calls and solver seconds (None when the budget ran out)."""
    script = "\n".join(["param_dfpn threads 1", *settings, f"loadsgf {path}",
                        f"{command} {colour}", "quit", ""])
    try:
        done = subprocess.run([mohex], input=script, capture_output=True, text=True,
                              timeout=budget, cwd="/tmp")
    except subprocess.TimeoutExpired:
        return None
    calls = [int(line.split()[-1]) for line in done.stderr.splitlines()
             if line.startswith("MID calls")]
    seconds = [float(line.split()[-1]) for line in done.stderr.splitlines()
               if line.startswith("Elapsed Time")]
    return (sum(calls), sum(seconds)) if calls else None


def arbiter(binary, path, command, colour, budget):
    """arbiter's positions and solver seconds (None when it proved nothing)."""
    to_move = "red" if colour == "black" else "blue"
    question = "--winner" if command == "dfpn-solve-state" else "--pruned"
    args = [binary, "hex", "--solve", question, "--jobs", "1", "--budget", str(budget),
            "--to-move", to_move, "--format", "json", path]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True).stdout
    try:
        record = json.loads(out)
    except ValueError:
        return None
    if record.get("winner") is None:
        return None
    return record["stats"]["expansions"], time.perf_counter() - start


def cell(found):
    return f"{found[0]:,} ({found[1]:.1f} s)" if found else "over the budget"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("mohex")
    parser.add_argument("--budget", type=float, default=300)
    parser.add_argument("puzzles", nargs="+")
    options = parser.parse_args()
    print("| puzzle | arbiter | " + " | ".join(name for name, _ in VARIANTS) + " |")
    print("|---" * (len(VARIANTS) + 2) + "|")
    for path, command, colour, _ in puzzles():
        name = os.path.basename(path)[:-4]
        if name not in options.puzzles:
            continue
        row = [cell(arbiter(options.arbiter, path, command, colour, options.budget))]
        for _, settings in VARIANTS:
            row.append(cell(benzene(options.mohex, path, command, colour, settings,
                                    options.budget)))
        print(f"| {name} | " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
