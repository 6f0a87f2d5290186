#!/usr/bin/env python3
"""The performance page's table of whole commands, made in one run: arbiter on inputs made by
`arbiter gen`, with one job and two, beside the contests' C++ solutions (or `wc -l` where there
is none to beat), each row's commands timed in turn, round after round (benches/in_turn.py's
way: the ratio of a round cancels the machine's drift).

    cargo build --release
    python3 benches/whole_commands.py target/release/arbiter [SEEDS_CPP]

SEEDS_CPP is the folder of the contests' solutions (default ../shared/seeds-cpp), compiled here
with `g++ -O2`. About 2 minutes on two cores, a third of it making the inputs (120 MB, in a
temporary folder). Each cell: the fastest time of the rounds, and the middle of the per-round
ratios against the baseline. It prints the table as the page shows it.
"""

import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from in_turn import timed  # noqa: E402

# (label, the input's `gen` arguments, file name, game, rounds, baseline: a seed's name or wc)
ROWS = [
    ("Cheesy Chess, 100,000 random 8 x 8", ["cheesy", "--cases", "100000", "--seed", "8"],
     "cheesy100k.in", "cheesy", 41, "seed_cheesy"),
    ("Go, 100,000 random 19 x 19", ["go", "--cases", "100000", "--size", "19", "--seed", "19"],
     "go100k.in", "go", 11, "seed_go"),
    ("Go, 10,000 finished 19 x 19 SGF records, territory counted as goscorer counts it",
     ["go", "--cases", "10000", "--size", "19", "--mode", "finished", "--seed", "3"],
     "go10k.sgf", "go", 5, None),
    ("Hex, 100 boards 100 x 100",
     ["hex", "--cases", "100", "--size", "100", "--seed", "2", "--mode", "to-win"],
     "hex100.in", "hex", 21, "seed_hex"),
    ("Hex, one 4000 x 4000 board",
     ["hex", "--cases", "1", "--size", "4000", "--seed", "2", "--mode", "to-win"],
     "hex4000.in", "hex", 21, "wc"),
    ("Il Gioco dell'X, one 2000 x 2000 board",
     ["gioco", "--cases", "1", "--size", "2000", "--seed", "2", "--mode", "game"],
     "gioco2000.in", "gioco", 11, "seed_xgame"),
]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms"


def middle_ratio(slow, fast):
    return statistics.median(a / b for a, b in zip(slow, fast))


def ratio(x):
    return f"{x:.2f}x" if x < 10 else f"{x:.0f}x"


def row(arbiter, folder, seeds, spec):
    label, gen, name, game, rounds, baseline = spec
    path = os.path.join(folder, name)
    with open(path, "wb") as out:
        subprocess.run([arbiter, "gen", *gen], stdout=out, check=True)
    megabytes = os.path.getsize(path) / 1e6
    commands = []
    if baseline == "wc":
        commands.append(f"wc -l {path}")
    elif baseline:
        binary = os.path.join(folder, baseline)
        if not os.path.exists(binary):
            subprocess.run(["g++", "-O2", "-o", binary,
                            os.path.join(seeds, baseline + ".cpp")], check=True)
        commands.append(f"{binary} < {path}")
    commands += [f"{arbiter} {game} --jobs 1 {path}", f"{arbiter} {game} --jobs 2 {path}"]
    times = timed(commands, rounds)
    one, two = times[-2], times[-1]
    cells = [f"{label} ({megabytes:.0f} MB)"]
    if baseline == "wc":
        base = times[0]
        cells += [f"`wc -l` {ms(min(base))}",
                  f"{ms(min(one))}: {ratio(middle_ratio(one, base))} `wc -l`",
                  f"{ms(min(two))}: {ratio(middle_ratio(two, base))} `wc -l`"]
    elif baseline:
        base = times[0]
        cells += [f"C++ {ms(min(base))}",
                  f"{ms(min(one))}: {ratio(middle_ratio(base, one))} the C++",
                  f"{ms(min(two))}: {ratio(middle_ratio(base, two))}"]
    else:
        cells += ["", ms(min(one)), f"{ms(min(two))}: {ratio(middle_ratio(one, two))} one job"]
    return "| " + " | ".join(cells) + " |"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    arbiter = os.path.abspath(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    seeds = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared",
                                                                "seeds-cpp")
    print("| input (made by `arbiter gen`) | baseline | arbiter, 1 job | arbiter, 2 jobs |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for spec in ROWS:
            print(row(arbiter, folder, seeds, spec), flush=True)
    print("\n(Fastest of the rounds; the ratios are the middle of the per-round ratios.)")


if __name__ == "__main__":
    main()
