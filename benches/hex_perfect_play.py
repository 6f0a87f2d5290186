#!/usr/bin/env python3
"""The performance page's Hex perfect-play table, made in one run: arbiter's solver on the
empty boards and the 8 x 8 openings, beside Benzene's solver where Benzene answers the same
question, whole commands in turn (benches/in_turn.py's way: ratios of a round cancel the
machine's drift).

    cargo build --release
    python3 benches/hex_perfect_play.py target/release/arbiter [MOHEX] [--rounds 3] [--long]

About 8 minutes with three rounds and Benzene; `--long` adds the empty 8 x 8 board's every
opening (`--budget 3600`, about an hour) and who wins 9 x 9 after Red's e5 (`--budget 7200`,
about an hour and a half), both on two threads, with peak memory. MOHEX is Benzene's `mohex`
(built outside the repository from `fetch github:cgao3/benzene-vanilla-cmake`, CMake and
Boost); without it the Benzene columns are left out. It prints the table as the page shows it.
"""

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time


def empty_board(n):
    return f"1\n{n}\n" + (("." * n) + "\n") * n


class Bench:
    def __init__(self, arbiter, mohex, folder):
        self.arbiter, self.mohex, self.folder = arbiter, mohex, folder

    def file(self, name, text):
        path = os.path.join(self.folder, name)
        with open(path, "w") as out:
            out.write(text)
        return path

    def arbiter_run(self, args, path):
        """Seconds, the solver's stats and peak memory (KiB) of one arbiter command."""
        started = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-f", "%M", self.arbiter, "hex", "--solve",
                              "--format", "json", *args, path],
                             capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - started
        record = json.loads(out.stdout.splitlines()[0])
        return seconds, record, int(out.stderr.strip().splitlines()[-1])

    def mohex_run(self, commands):
        started = time.perf_counter()
        subprocess.run([self.mohex], input=commands, capture_output=True, text=True, check=True)
        return time.perf_counter() - started


def in_turn(rounds, runs):
    """Each of `runs` (functions giving seconds first) run once a round, in turn: every run's
    results, round by round."""
    results = [[] for _ in runs]
    for _ in range(rounds):
        for i, run in enumerate(runs):
            results[i].append(run())
    return results


def seconds_of(results):
    return [r[0] if isinstance(r, tuple) else r for r in results]


def ratio(slow, fast):
    """The middle of the per-round ratios slow/fast."""
    return statistics.median(a / b for a, b in zip(seconds_of(slow), seconds_of(fast)))


def fmt_seconds(s):
    return f"{s:.2f} s" if s < 100 else f"{s:.0f} s ({s / 60:.1f} minutes)"


def winners(record):
    return len(record["winning_moves"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("arbiter")
    parser.add_argument("mohex", nargs="?")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--long", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bench = Bench(args.arbiter, args.mohex, folder)
        rows = table(bench, args.rounds, args.long)
    print("| position | arbiter |")
    print("|---|---|")
    for position, said in rows:
        print(f"| {position} | {said} |")


def table(bench, rounds, long):
    rows = []
    six = bench.file("hex6.in", empty_board(6))
    seven = bench.file("hex7.in", empty_board(7))
    [runs] = in_turn(rounds, [lambda: bench.arbiter_run(["--jobs", "1"], six)])
    best = min(runs, key=lambda r: r[0])
    rows.append((f"the empty 6 x 6 board, every opening ({winners(best[1])} of 36 win), 1 thread",
                 f"{fmt_seconds(best[0])}, {best[1]['stats']['nodes']:,} positions"))

    seven_runs = [lambda: bench.arbiter_run(["--jobs", "2"], seven),
                  lambda: bench.arbiter_run(["--jobs", "1"], seven)]
    if bench.mohex:
        seven_runs.append(lambda: bench.mohex_run(
            "boardsize 7 7\ndfpn-solver-find-winning black\nquit\n"))
    results = in_turn(rounds, seven_runs)
    two, one = min(results[0], key=lambda r: r[0]), min(results[1], key=lambda r: r[0])
    said = (f"{fmt_seconds(two[0])}, every one of the {winners(two[1])} winning moves; "
            f"{fmt_seconds(one[0])} on 1 thread")
    if bench.mohex:
        said += (f"; Benzene's `dfpn-solver-find-winning black` {fmt_seconds(min(results[2]))} "
                 f"on 1 thread: **{ratio(results[2], results[0]):.2f}x** its speed, 1 thread "
                 f"against 1 {ratio(results[2], results[1]):.2f}x")
    rows.append((f"the empty 7 x 7 board, every opening ({winners(two[1])} of 49 win), "
                 "2 threads", said))

    store = os.path.join(bench.folder, "hex7.db")
    bench.arbiter_run(["--jobs", "2", "--db", store], seven)
    [again] = in_turn(rounds, [lambda: bench.arbiter_run(["--jobs", "2", "--db", store], seven)])
    best = min(again, key=lambda r: r[0])
    rows.append((f"the empty 7 x 7 board again, from a solution store (`--db`, "
                 f"{os.path.getsize(store) // 1000} KB)",
                 f"{fmt_seconds(best[0])}, {best[1]['stats']['nodes']:,} positions"))

    for opening in ["a1", "c1"]:
        path = bench.file(f"o8-{opening}.trmph", f"https://trmph.com/hex/board#8,{opening}\n")
        runs = [lambda: bench.arbiter_run(["--winner", "--budget", "0", "--jobs", "2"], path)]
        if bench.mohex:
            runs.append(lambda: bench.mohex_run(
                f"boardsize 8 8\nplay b {opening}\ndfpn-solve-state white\nquit\n"))
        results = in_turn(rounds, runs)
        best = min(results[0], key=lambda r: r[0])
        said = f"{fmt_seconds(best[0])}, {best[1]['verdict']}"
        if bench.mohex:
            said += (f"; Benzene's `dfpn-solve-state white`, 1 thread, "
                     f"{fmt_seconds(min(results[1]))}: **{ratio(results[1], results[0]):.2f}x** "
                     "in the middle of the rounds")
        rows.append((f"8 x 8 after Red's {opening}, who wins (`--winner`), 2 threads", said))

    if long:
        eight = bench.file("hex8.in", empty_board(8))
        s, record, peak = bench.arbiter_run(["--jobs", "2", "--budget", "3600"], eight)
        rows.append(("the empty 8 x 8 board, every opening, 2 threads, `--budget 3600`",
                     f"{winners(record)} winning and {len(record['unknown_moves'])} unknown of "
                     f"64 in {fmt_seconds(s)}, {record['stats']['nodes']:,} positions, "
                     f"{peak // 1024} MB"))
        e5 = bench.file("o9-e5.trmph", "https://trmph.com/hex/board#9,e5\n")
        s, record, peak = bench.arbiter_run(
            ["--winner", "--budget", "7200", "--jobs", "2"], e5)
        rows.append(("9 x 9 after Red's e5, who wins (`--winner --budget 7200 --jobs 2`)",
                     f"{record['verdict']}, in {fmt_seconds(s)}, "
                     f"{record['stats']['nodes']:,} positions, {peak // 1024} MB"))
    return rows


if __name__ == "__main__":
    main()
