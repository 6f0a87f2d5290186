#!/usr/bin/env python3
"""Dead stones on real games whose players marked them, arbiter beside its peers, in one run.

    cargo build --release
    python3 benches/go_marked.py [--katago KATAGO MODEL CONFIG] [--peers-every K] [CORPUS_DIR]

CORPUS_DIR (default tests/data/go/kgs/) holds finished KGS games as the server wrote them: the
final node's TB/TW are the territory and dead stones both players agreed on, and RE is the
server's count with them. The truth of a game is the marks (a stone on the other colour's
marked territory is dead, read by `arbiter go --dead markup`) and its RE; a game on which the
marks, counted as marked, do not give RE is left out and said. Each scorer sees the record with
its TB/TW taken out. Reported for each: the games whose dead stones are exactly the marked ones,
the games whose result equals RE, and seconds a game (arbiter in one process on one thread,
taking all the games; the peers one process a game):

- arbiter with the raw network (`--visits 0`), with its search at 100 visits (the default) and
  at 400;
- GNU Go 3.8, `--score aftermath` (it plays the position out; result only: it names no dead
  stones), with `--chinese-rules` under area rules;
- KataGo, `final_status_list dead` after a search of 100 visits, counted by arbiter.

The peers run on every K-th game (`--peers-every`, default 1); arbiter's rows are then given on
the same games as well as on all. GNU Go takes about 1.5 s a 19 x 19 game, KataGo about 3 s:
on the 895 games of tests/data/go/kgs/ the whole run takes about 75 minutes, arbiter's rows
3 minutes.
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from go_peers import ARBITER, counted_with, gnugo_result, katago_dead, recorded  # noqa: E402

MARKS = re.compile(r"T[BW](\s*\[[^\]]*\])+")


def unmarked_copies(paths, folder):
    """Each record with its TB/TW taken out, in `folder`, under the same name."""
    copies = []
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        copy = os.path.join(folder, os.path.basename(path))
        with open(copy, "w", encoding="utf-8") as f:
            f.write(MARKS.sub("", text))
        copies.append(copy)
    return copies


def arbiter_json(paths, options):
    """arbiter's JSON record of each file, one process on one thread, and its seconds."""
    start = time.perf_counter()
    out = subprocess.run([ARBITER, "go", "-q", "--jobs", "1", "--format", "json", *options,
                          *paths], capture_output=True, text=True, check=False).stdout
    seconds = time.perf_counter() - start
    records = {}
    for line in out.splitlines():
        record = json.loads(line)
        records[os.path.basename(record.get("file", paths[0]))] = record
    return records, seconds


def truths(paths):
    """For each game whose marks, counted as marked, give its RE: the marked dead stones and
    RE as arbiter writes results. And the games left out."""
    marked, _ = arbiter_json(paths, ["--dead", "markup", "--territory", "markup"])
    kept, left = {}, []
    for name, record in marked.items():
        if record.get("agreement") == "agrees":
            kept[name] = (set(record["dead"]), record["result"])
        else:
            left.append(f"{name} (RE {record.get('recorded')}, marks {record.get('result')})")
    return kept, left


def main():
    args = sys.argv[1:]
    katago, every = None, 1
    while args[:1] in (["--katago"], ["--peers-every"]):
        if args[0] == "--katago":
            katago, args = args[1:4], args[4:]
        else:
            every, args = int(args[1]), args[2:]
    corpus = args[0] if args else "tests/data/go/kgs"
    paths = sorted(glob.glob(os.path.join(corpus, "*.sgf")))
    truth, left = truths(paths)
    names = sorted(truth)
    sample = set(names[::every])
    print(f"{len(paths)} marked games; {len(names)} whose marks give RE", end="")
    print(f"; left out: {', '.join(left)}" if left else "")

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        copies = {os.path.basename(c): c
                  for c in unmarked_copies([os.path.join(corpus, n) for n in names], folder)}
        for label, options in (("arbiter, raw network (--visits 0)", ["--visits", "0"]),
                               ("arbiter, search (--visits 100, the default)", []),
                               ("arbiter, search (--visits 400)", ["--visits", "400"])):
            records, seconds = arbiter_json([copies[n] for n in names], options)
            scored = {n: (set(records[n]["dead"]), records[n]["result"]) for n in names}
            rows.append((label, scored, seconds / len(names)))
        gnugo, seconds = {}, 0.0
        for n in sorted(sample):
            result, s = gnugo_result(copies[n], recorded(copies[n])[1])
            gnugo[n] = (None, result)
            seconds += s
        rows.append(("GNU Go 3.8, --score aftermath", gnugo, seconds / len(sample)))
        if katago:
            kata, seconds = {}, 0.0
            for n in sorted(sample):
                dead, s = katago_dead(copies[n], katago, 100)
                kata[n] = (set(dead), counted_with(copies[n], dead))
                seconds += s
            rows.append(("KataGo, final_status_list dead (100 visits)", kata,
                         seconds / len(sample)))

    def table(title, games, rows):
        print(f"\n{title}")
        print("| scorer | dead stones as marked | result = RE | seconds a game |")
        print("|---|---|---|---|")
        for label, scored, per_game in rows:
            dead = sum(scored[n][0] == truth[n][0] for n in games)
            result = sum(scored[n][1] == truth[n][1] for n in games)
            named = any(scored[n][0] is not None for n in games)
            print(f"| {label} | {dead if named else 'names none'} | {result} | {per_game:.3f} |")

    if every > 1:
        table(f"all {len(names)} games", names, rows[:3])
        table(f"the {len(sample)} games the peers ran on (every {every}th)", sorted(sample), rows)
    else:
        table(f"{len(names)} games", names, rows)
    misses = [n for n in names if rows[1][1][n] != truth[n]]
    print(f"\narbiter's default misses: {' '.join(misses)}")


if __name__ == "__main__":
    main()
