#!/usr/bin/env python3
"""What each of Benzene's techniques buys it, in positions, beside arbiter's: Benzene's puzzles
asked of Benzene's solver on one thread with one technique changed at a time (its own
parameters), and of arbiter on one thread, as a Markdown table of Benzene's MID calls (its
positions searched) and its solver's seconds, and arbiter's positions (`stats.expansions`) and
its solver's seconds (`stats.microseconds`).

    python3 benches/benzene_techniques.py ARBITER MOHEX [--budget SECONDS] PUZZLE...

ARBITER is arbiter's binary, MOHEX Benzene's (built outside this repository, see the
performance page); each PUZZLE a name from `tests/data/hex/solver/puzzles/` without `.sgf`
(say 9x9-henderson-69), asked as `benches/puzzles.py` asks it (`--pruned` for the winning
moves). The variants are Benzene's defaults; its pattern connections off (`use_patterns 0`:
its ladder and edge-template patterns, `vc-patterns.txt`); those off and its AND rule let
through the sides (`and_over_edge 1`); its reversible moves off; its pattern dominators off.
The performance page's section "Where Benzene's strength on 9 x 9 comes from" has a run.

With `--patterns`, the variants are instead Benzene's pattern file cut down: its edge
templates alone (no ladders), those and its second-row ladders, those and its second- and
third-row ladders, its ladders alone (no edge templates). Each runs a copy of MOHEX in a
folder of its own beside the cut file (Benzene reads a data file from its program's folder
first); the file is MOHEX's `share/vc-patterns.txt`, three folders up from `build/src/mohex`.
The solver page's paragraph on Benzene's ladders has a run.
"""

import argparse
import os
import re
import shutil
import tempfile

from puzzles import benzene_log, puzzles, run_arbiter, solver_seconds

VARIANTS = [
    ("Benzene", []),
    ("no pattern connections", ["param_solver_vc use_patterns 0"]),
    ("no patterns, AND through the sides",
     ["param_solver_vc use_patterns 0", "param_solver_vc and_over_edge 1"]),
    ("no reversible moves", ["param_solver_ice find_reversible 0"]),
    ("no pattern dominators", ["param_solver_ice find_all_pattern_superiors 0"]),
]


PATTERN_VARIANTS = [
    ("all", lambda name: True),
    ("edge templates, no ladders", lambda name: not name.startswith("row")),
    ("and second-row ladders", lambda name: not name.startswith(("row3", "row4"))),
    ("and third-row ladders", lambda name: not name.startswith("row4")),
    ("ladders, no edge templates", lambda name: name.startswith("row")),
]


def mohex_with_patterns(mohex, keep, folder):
    """A copy of MOHEX in `folder` beside its pattern file holding only the patterns whose
    names `keep` takes."""
    share = os.path.join(os.path.dirname(os.path.abspath(mohex)), "..", "..", "..", "share")
    with open(os.path.join(share, "vc-patterns.txt")) as source:
        patterns = [p for p in re.split(r"\n\s*\n", source.read()) if p.strip()]
    kept = [p for p in patterns if keep(p.split()[1])]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "vc-patterns.txt"), "w") as cut:
        cut.write("\n\n".join(kept) + "\n\n")
    return shutil.copy(mohex, os.path.join(folder, "mohex"))


def benzene(mohex, path, command, colour, settings, budget):
    """Benzene's MID calls and solver seconds on one thread (None when the budget ran out)."""
    log = benzene_log(mohex, path, command, colour, budget, 1, settings)
    if log is None:
        return None
    calls = [int(line.split()[-1]) for line in log.splitlines() if line.startswith("MID calls")]
    return (sum(calls), solver_seconds(log)) if calls else None


def arbiter(binary, path, command, colour, budget):
    """arbiter's positions and solver seconds on one thread (None when it proved nothing)."""
    _, record = run_arbiter(binary, path, command, colour, budget, 1, pruned=True)
    if record is None or record.get("winner") is None:
        return None
    return record["stats"]["expansions"], record["stats"]["microseconds"] / 1e6


def cell(found):
    return f"{found[0]:,} ({found[1]:.1f} s)" if found else "over the budget"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("mohex")
    parser.add_argument("--budget", type=float, default=300)
    parser.add_argument("--patterns", action="store_true")
    parser.add_argument("puzzles", nargs="+")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        if options.patterns:
            variants = [(name, [], mohex_with_patterns(options.mohex, keep, f"{work}/{i}"))
                        for i, (name, keep) in enumerate(PATTERN_VARIANTS)]
        else:
            variants = [(name, settings, options.mohex) for name, settings in VARIANTS]
        print_table(options, variants)


def print_table(options, variants):
    """One row a puzzle asked for: arbiter's positions, then each variant's of Benzene."""
    print("| puzzle | arbiter | " + " | ".join(name for name, _, _ in variants) + " |")
    print("|---" * (len(variants) + 2) + "|")
    for path, command, colour, _ in puzzles():
        name = os.path.basename(path)[:-4]
        if name not in options.puzzles:
            continue
        row = [cell(arbiter(options.arbiter, path, command, colour, options.budget))]
        for _, settings, mohex in variants:
            row.append(cell(benzene(mohex, path, command, colour, settings, options.budget)))
        print(f"| {name} | " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
