"""The Python package's benchmarks, in one run, alternating the things compared (this
machine's speed drifts by a third, so the ratios count):

1. ``arbiter.judge_files`` against the command line (``arbiter go --format json FILES``),
   on the same SGF files, every core each;
2. ``arbiter.dask.score_archive`` on a ``distributed.LocalCluster`` of two worker processes
   against one (a thread each);
3. the scheduler's overhead a task (empty tasks on the two-worker cluster), and the records a
   second a core, for the guide's note on what N machines would give.

    python python/bench/bench.py [--records 10000] [--rounds 3] [--kind generated|corpus]

``generated``: finished 19 x 19 games with their territory markup (``arbiter gen go --mode
finished``), the cheapest records to judge, so the Python side's own cost shows most;
``corpus``: the repository's 9 x 9 and 13 x 13 games as players left them, dead stones
estimated by the network, repeated to ``--records`` files.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import arbiter
import arbiter.dask

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("ARBITER_BIN") or str(REPOSITORY / "target" / "release" / "arbiter")


def make_archive(folder: pathlib.Path, records: int, kind: str) -> list:
    paths = []
    if kind == "generated":
        text = subprocess.run(
            [BINARY, "gen", "go", "--mode", "finished", "--size", "19", "--cases", str(records), "--seed", "3"],
            capture_output=True,
            check=True,
        ).stdout.decode()
        games = re.findall(r"\(;.*?\)(?=\n|$)", text)
        for n, game in enumerate(games):
            path = folder / f"{n:06}.sgf"
            path.write_text(game + "\n")
            paths.append(path)
    else:
        corpus = sorted((REPOSITORY / "tests" / "data" / "go" / "corpus").glob("*.sgf"))
        for n in range(records):
            path = folder / f"{n:06}.sgf"
            shutil.copyfile(corpus[n % len(corpus)], path)
            paths.append(path)
    return paths


def timed(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def cli(paths: list) -> None:
    with open(os.devnull, "wb") as sink:
        subprocess.run([BINARY, "go", "--format", "json", *map(str, paths)], stdout=sink, check=False)


def python(paths: list) -> None:
    arbiter.judge_files(paths, errors="keep")


def cluster_run(client, pattern: str) -> None:
    arbiter.dask.score_archive(pattern, files_per_partition=100).compute()


def empty_tasks(client, tasks: int) -> float:
    started = time.perf_counter()
    client.gather(client.map(lambda n: n, range(tasks), pure=False))
    return (time.perf_counter() - started) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kind", choices=["generated", "corpus"], default="generated")
    arguments = parser.parse_args()
    import warnings

    warnings.simplefilter("ignore", arbiter.InputWarning)
    from distributed import Client, LocalCluster

    folder = pathlib.Path(tempfile.mkdtemp(prefix="arbiter-bench-"))
    try:
        paths = make_archive(folder, arguments.records, arguments.kind)
        pattern = str(folder / "*.sgf")
        print(f"{len(paths)} {arguments.kind} records, {os.cpu_count()} cores, {arguments.rounds} rounds")
        times = {"cli": [], "python": []}
        for _ in range(arguments.rounds):
            times["cli"].append(timed(lambda: cli(paths)))
            times["python"].append(timed(lambda: python(paths)))
        cli_time, python_time = (statistics.median(times[k]) for k in ("cli", "python"))
        print(f"judge_files: CLI {cli_time:.2f} s, Python {python_time:.2f} s (medians): "
              f"Python / CLI = {python_time / cli_time:.2f}")

        clusters = {}
        for workers in (1, 2):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            clusters[workers] = (cluster, Client(cluster))
        dask_times = {1: [], 2: []}
        for _ in range(arguments.rounds):
            for workers, (_, client) in clusters.items():
                with client.as_current():
                    dask_times[workers].append(timed(lambda: cluster_run(client, pattern)))
        one, two = (statistics.median(dask_times[w]) for w in (1, 2))
        print(f"score_archive: 1 worker {one:.2f} s, 2 workers {two:.2f} s (medians): "
              f"speed-up {one / two:.2f}")
        overhead = statistics.median(empty_tasks(clusters[2][1], 2000) for _ in range(3))
        print(f"scheduler: {overhead * 1e3:.2f} ms a task (empty tasks, 2 workers); "
              f"{len(paths) / one:.0f} records a second on one worker (one core)")
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
