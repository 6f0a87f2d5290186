#!/usr/bin/env python3
"""The 9 x 9 board's openings, proved one after another and carried from run to run.

    cargo build --release --bin arbiter
    python3 benches/hex_9x9_openings.py target/release/arbiter --state DIR [--hours 6]
        [--budget 3600] [--jobs 1] [--memory 512] [--only d6 ...]

Each of Red's 81 openings is asked as Benzene's solver asks it: who wins with Blue to move
(`--winner`). A half turn maps the board onto itself with the colours kept, so the 41
openings up to it are asked, in the order of `ORDER`. Every run keeps its proofs in
DIR/solutions.db (`--db`), the sub-positions an opening left unknown included, so that a run
stopped by its budget or by `--hours` leaves the next one less to do; DIR/openings.json keeps
each opening's answer, positions, seconds and peak memory (KiB, `/usr/bin/time`), and an
opening answered there is not asked again (`--only` asks the openings named, in their order,
instead of all in `ORDER`). Stops after `--hours` (an opening under way is
given what is left of them) and prints the table so far.
"""

import argparse
import json
import os
import subprocess
import time

N = 9
# Corners and sides first (their proofs are expected to be the smaller), then inwards ring
# by ring; of each pair a half turn makes one, the one nearer the top left.
ORDER = sorted(
    {min((r, c), (N - 1 - r, N - 1 - c)) for r in range(N) for c in range(N)},
    key=lambda rc: (min(rc[0], rc[1], N - 1 - rc[0], N - 1 - rc[1]), rc),
)


def name(rc):
    return f"{chr(ord('a') + rc[1])}{rc[0] + 1}"


def board_after(rc):
    rows = [["."] * N for _ in range(N)]
    rows[rc[0]][rc[1]] = "R"
    return f"1\n{N}\n" + "".join("".join(row) + "\n" for row in rows)


def ask(arbiter, state, rc, budget, jobs, memory):
    path = os.path.join(state, f"{name(rc)}.txt")
    with open(path, "w") as out:
        out.write(board_after(rc))
    started = time.perf_counter()
    out = subprocess.run(
        ["/usr/bin/time", "-f", "%M", arbiter, "hex", "--solve", "--winner", "--to-move", "blue",
         "--budget", str(int(budget)), "--jobs", str(jobs), "--memory", str(memory),
         "--db", os.path.join(state, "solutions.db"), "--format", "json", path],
        capture_output=True, text=True)
    seconds = time.perf_counter() - started
    record = json.loads(out.stdout.splitlines()[0])
    return {
        "opening": name(rc),
        "winner": record.get("winner"),
        "positions": record["stats"]["nodes"],
        "seconds": round(seconds, 1),
        "peak_kib": int(out.stderr.strip().splitlines()[-1]),
        "budget": int(budget),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("arbiter")
    parser.add_argument("--state", required=True, help="folder kept from run to run")
    parser.add_argument("--hours", type=float, default=6.0)
    parser.add_argument("--budget", type=float, default=3600.0, help="seconds an opening")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--memory", type=int, default=512, help="MB a thread")
    parser.add_argument("--only", nargs="+", metavar="OPENING",
                        help="ask these openings (as a1 or e5), in this order")
    args = parser.parse_args()
    os.makedirs(args.state, exist_ok=True)
    log = os.path.join(args.state, "openings.json")
    runs = json.load(open(log)) if os.path.exists(log) else []
    deadline = time.time() + args.hours * 3600
    asked = ORDER
    if args.only:
        cells = {name(rc): rc for rc in ORDER}
        unknown = [opening for opening in args.only if opening not in cells]
        if unknown:
            parser.error(f"not among the 41 openings up to a half turn: {' '.join(unknown)} "
                         "(ask the cell a half turn maps it onto)")
        asked = [cells[opening] for opening in args.only]
    for rc in asked:
        if any(run["opening"] == name(rc) and run["winner"] for run in runs):
            continue
        left = deadline - time.time()
        if left < 60:
            break
        runs.append(ask(args.arbiter, args.state, rc, min(args.budget, left), args.jobs,
                        args.memory))
        with open(log, "w") as out:
            json.dump(runs, out, indent=1)
        print(json.dumps(runs[-1]), flush=True)
    proved = [run for run in runs if run["winner"]]
    print(f"| opening | winner | positions | seconds | peak MB |")
    print("|---|---|---|---|---|")
    for run in runs:
        print(f"| {run['opening']} | {run['winner'] or 'unknown'} | {run['positions']:,} | "
              f"{run['seconds']} | {run['peak_kib'] // 1024} |")
    print(f"{len(proved)} of {len(ORDER)} openings (up to a half turn) proved; "
          f"{sum(run['seconds'] for run in runs) / 3600:.2f} hours in all")


if __name__ == "__main__":
    main()
