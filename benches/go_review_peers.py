#!/usr/bin/env python3
"""`arbiter go --review` beside KataGo's analysis engine on the same games, network, visits
and machine: whole commands timed, and how often the two agree on each game's five biggest
mistakes.

    python3 benches/go_review_peers.py KATAGO MODEL ANALYSIS_CONFIG [--visits 100] \\
        [--threads 2] GAME.sgf...

KATAGO is a katago binary built from github.com/lightvector/KataGo with the Eigen (CPU)
backend, MODEL the g170-b6c96 network shipped in `models/` (arbiter's own), ANALYSIS_CONFIG
its `cpp/configs/analysis_example.cfg` (reportAnalysisWinratesAs = BLACK); the script sets
one analysis thread of THREADS search threads, MODEL's visits, and no random symmetry. The
arbiter binary is target/release/arbiter (`cargo build --release`), run with --jobs THREADS.

A move's loss is computed for both the same way: the lead of the best move found from the
position before it (KataGo's first candidate; arbiter's most visited) less the lead its
player has after it (the next position's own reading), none when the move played is the best
found. "top 5" is how many of KataGo's five biggest mistakes in the game are among
arbiter's five.
"""

import argparse
import json
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARBITER = os.path.join(ROOT, "target", "release", "arbiter")


def arbiter_review(path, visits, threads):
    start = time.perf_counter()
    out = subprocess.run([ARBITER, "go", "--review", "--visits", str(visits), "--jobs",
                          str(threads), "--format", "json", path],
                         check=True, capture_output=True, text=True).stdout
    seconds = time.perf_counter() - start
    records = [json.loads(line) for line in out.splitlines()]
    return seconds, records[:-1], records[-1]


def katago_review(katago, model, config, moves, summary, size, visits, threads):
    query = {
        "id": "game",
        "moves": [[m["color"], m["move"]] for m in moves[1:]],
        "rules": summary["rules"],
        "komi": summary["komi"],
        "boardXSize": size,
        "boardYSize": size,
        "analyzeTurns": list(range(len(moves))),
        "maxVisits": visits,
    }
    overrides = (f"numAnalysisThreads=1,numSearchThreadsPerAnalysisThread={threads},"
                 f"nnRandomize=false,maxVisits={visits}")
    start = time.perf_counter()
    out = subprocess.run([katago, "analysis", "-model", model, "-config", config,
                          "-override-config", overrides],
                         input=json.dumps(query) + "\n", check=True, capture_output=True,
                         text=True).stdout
    seconds = time.perf_counter() - start
    turns = {}
    for line in out.splitlines():
        answer = json.loads(line)
        if "turnNumber" in answer:
            turns[answer["turnNumber"]] = answer
    return seconds, turns


def katago_losses(moves, turns):
    losses = {}
    for k in range(1, len(moves)):
        before, after = turns[k - 1], turns[k]
        best = before["moveInfos"][0]
        played = moves[k]
        sign = 1 if played["color"] == "B" else -1
        if best["move"].upper() == played["move"].upper():
            losses[k] = 0.0
        else:
            losses[k] = max(0.0, sign * (best["scoreLead"] - after["rootInfo"]["scoreLead"]))
    return losses


def top(losses, n=5):
    ranked = sorted(losses.items(), key=lambda kv: (-kv[1], kv[0]))
    return [k for k, loss in ranked[:n] if loss >= 1.0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("katago")
    parser.add_argument("model")
    parser.add_argument("config")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--visits", type=int, default=100)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    print("| game | moves | arbiter s | KataGo s | KataGo / arbiter | top 5 agree | "
          "arbiter's five | KataGo's five |")
    print("|---|---|---|---|---|---|---|---|")
    totals = [0.0, 0.0, 0, 0]
    for path in args.games:
        ours_s, moves, summary = arbiter_review(path, args.visits, args.threads)
        text = open(path, encoding="utf-8", errors="replace").read()
        size = int(text.split("SZ[")[1].split("]")[0]) if "SZ[" in text else 19
        theirs_s, turns = katago_review(args.katago, args.model, args.config, moves, summary,
                                        size, args.visits, args.threads)
        ours = top({m["move_number"]: m["loss"] for m in moves[1:]})
        theirs = top(katago_losses(moves, turns))
        agree = len(set(ours) & set(theirs))
        totals[0] += ours_s
        totals[1] += theirs_s
        totals[2] += agree
        totals[3] += len(theirs)
        print(f"| {os.path.basename(path)} | {len(moves) - 1} | {ours_s:.1f} | {theirs_s:.1f} | "
              f"{theirs_s / ours_s:.2f} | {agree} of {len(theirs)} | {ours} | {theirs} |",
              flush=True)
    print(f"| all | | {totals[0]:.1f} | {totals[1]:.1f} | {totals[1] / totals[0]:.2f} | "
          f"{totals[2]} of {totals[3]} | | |")


if __name__ == "__main__":
    main()
