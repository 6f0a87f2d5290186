#!/usr/bin/env python3
"""One Hex proof shared out over Dask workers (`arbiter.dask.solve`), beside the command line
on the same machine, in one run:

    cargo build --release && pip install ./python[dask]
    python3 benches/hex_dask.py [--positions 8,a1 8,c1 8,d1] [--job-budget 1 4] [--workers 1 2]

For each position (trmph's size and moves, or a file: a HexGui record) it times `arbiter hex --solve --winner` on one
thread and on two, then `arbiter.dask.solve(winner=True)` on a `distributed.LocalCluster` of
one and of two worker processes (one thread each), for each job budget, each with a fresh
store folder; and it times the scheduler's overhead a job: 400 jobs that do nothing, and 400
jobs of arbiter's solver on a position it decides at once. Prints a Markdown table with, for
the cluster runs, the jobs sent and the seconds a job, and the speed of two workers over one.

On the 8 x 8 sample (Red's a1, c1 and d1, each lost) the whole run takes about 6 minutes on
two cores.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARBITER = os.path.join(ROOT, "target", "release", "arbiter")


def source(position: str) -> str:
    """A position as arbiter reads it: a file (a HexGui record, say) as it is, else trmph's
    size and moves (`8,a1`) as a trmph link."""
    if os.path.exists(position):
        return position
    return f"https://trmph.com/hex/board#{position}"


def command_seconds(position: str, threads: int) -> tuple:
    """`arbiter hex --solve --winner` on `threads` threads: its seconds and its line."""
    command = [ARBITER, "hex", "--solve", "--winner", "--budget", "0", "--jobs", str(threads)]
    stdin = None
    if os.path.exists(position):
        command.append(position)
    else:
        stdin = source(position)
    start = time.perf_counter()
    out = subprocess.run(command, input=stdin, capture_output=True, text=True,
                         check=True).stdout.strip()
    return time.perf_counter() - start, out


def nothing() -> int:
    return 0


def overhead(client) -> dict:
    """Seconds a job of the scheduler's own (a function that does nothing) and of a solver job
    on a position decided at once, 400 of each, two at a time per worker thread."""
    import distributed

    from arbiter import _proof_tree

    result = {}
    threads = sum(client.nthreads().values())
    for name, job in [
        ("empty job", (nothing,)),
        ("solver job, decided at once", (_proof_tree.run_job, "RRRR" + "." * 12, 4, "blue", 1.0,
                                         None, 64)),
    ]:
        start = time.perf_counter()
        running = set()
        done = 0
        while done < 400:
            while len(running) < 2 * threads and done + len(running) < 400:
                running.add(client.submit(*job, pure=False))
            finished = distributed.wait(running, return_when="FIRST_COMPLETED").done
            done += len(finished)
            running -= finished
        result[name] = (time.perf_counter() - start) / 400
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", nargs="+", default=["8,a1", "8,c1", "8,d1"])
    parser.add_argument("--job-budget", nargs="+", type=float, default=[1.0, 4.0])
    parser.add_argument("--workers", nargs="+", type=int, default=[1, 2])
    args = parser.parse_args()
    label = {p: os.path.splitext(os.path.basename(p))[0] for p in args.positions}

    import arbiter.dask
    from distributed import Client, LocalCluster

    rows = []
    for position in args.positions:
        one, line = command_seconds(position, 1)
        two, _ = command_seconds(position, 2)
        rows.append((position, "arbiter hex --solve --winner --jobs 1", one, line, "", ""))
        rows.append((position, "arbiter hex --solve --winner --jobs 2", two, line, "", ""))
        print(f"{position}: {line}; {one:.1f} s on one thread, {two:.1f} s on two",
              file=sys.stderr, flush=True)
    overheads = {}
    by = {}
    for workers in args.workers:
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            overheads[workers] = overhead(client)
            for position in args.positions:
                for budget in args.job_budget:
                    store = tempfile.mkdtemp(prefix="arbiter-dask-")
                    start = time.perf_counter()
                    answer = arbiter.dask.solve(source(position), client, winner=True,
                                                job_budget=budget, store=store)
                    seconds = time.perf_counter() - start
                    jobs = answer["stats"]["jobs"]
                    by[(position, budget, workers)] = seconds
                    rows.append((position, f"dask, {workers} worker{'s' * (workers > 1)}, "
                                 f"jobs of {budget:g} s", seconds, answer["verdict"], jobs,
                                 f"{seconds * workers / max(jobs, 1):.2f}"))
                    print(f"{position} {workers} workers, jobs of {budget:g} s: "
                          f"{answer['verdict']} in {seconds:.1f} s, {jobs} jobs",
                          file=sys.stderr, flush=True)
    print("| position | solver | seconds | answer | jobs | s a job |")
    print("|---|---|---|---|---|---|")
    for position, how, seconds, verdict, jobs, each in rows:
        print(f"| {label[position]} | {how} | {seconds:.1f} | {verdict} | {jobs} | {each} |")
    if 1 in args.workers and 2 in args.workers:
        print()
        print("| position | jobs of | two workers over one |")
        print("|---|---|---|")
        ratios = []
        for position in args.positions:
            for budget in args.job_budget:
                ratio = by[(position, budget, 1)] / by[(position, budget, 2)]
                ratios.append(ratio)
                print(f"| {label[position]} | {budget:g} s | {ratio:.2f} |")
        print(f"| all | | {statistics.geometric_mean(ratios):.2f} (geometric mean) |")
    print()
    print("| workers | scheduler's seconds a job | solver job decided at once |")
    print("|---|---|---|")
    for workers, seconds in overheads.items():
        print(f"| {workers} | {seconds['empty job'] * 1000:.1f} ms | "
              f"{seconds['solver job, decided at once'] * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
