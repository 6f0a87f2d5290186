#!/usr/bin/env python3
"""Real Hex games read back from the end: how many positions `arbiter hex --solve --moves`
proves, walking back from the last move with each proof kept for the position before, until
one is not proved within the budget; and the moves that threw a won position away among them.

    python3 benches/hex_games_back.py ARBITER GAME.sgf... [--budget SECONDS] [--jobs N]

Prints a line a game (its size, moves, positions proved back from the end, seconds, the swings
found; a resignation leaves the board as it was and is not counted as a position) and a
Markdown table a board size: games, average moves proved back, the fewest and the most, average
seconds a game. Each game takes about the budget beyond its proved positions (the position
that is not proved spends it whole). Needs only arbiter. The user guide reports Benzene's
Computer Olympiad records (`tests/data/hex/olympiad/`, 11 x 11) and Little Golem's championship
games (`tests/data/hex/littlegolem/`, 13 x 13).
"""

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict


def read_back(arbiter, game, budget, jobs):
    """(size, moves, proved back from the end, seconds, swings) of one game."""
    started = time.monotonic()
    done = subprocess.run(
        [arbiter, "hex", "--solve", "--moves", "--budget", str(budget), "--jobs", str(jobs),
         "--format", "json", game],
        capture_output=True, text=True, check=False,
    )
    seconds = time.monotonic() - started
    record = json.loads(done.stdout.splitlines()[0])
    # A resignation leaves the board as it was: not a position of its own.
    positions = [p for p in record["positions"] if p.get("played") not in ("resign", "forfeit")]
    proved = 0
    for position in reversed(positions):
        if position["winner"] is None:
            break
        proved += 1
    moves = positions[-1]["move"] if positions else 0
    swings = [f"{s['move']}. {s['colour']} {s['played']}" for s in record.get("swings") or []]
    return moves, proved, seconds, swings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--budget", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    by_size = defaultdict(list)
    for game in args.games:
        with open(game, encoding="utf-8", errors="replace") as f:
            text = f.read()
        size = text.split("SZ[", 1)[1].split("]", 1)[0] if "SZ[" in text else "?"
        moves, back, seconds, swings = read_back(args.arbiter, game, args.budget, args.jobs)
        by_size[size].append((moves, back, seconds))
        print(f"{game}: {size} x {size}, {moves} moves, {back} positions proved back from the end, "
              f"{seconds:.1f} s; swings: {', '.join(swings) or 'none found'}", flush=True)
    print()
    print("| board | games | positions proved back from the end (average, fewest, most) | seconds a game |")
    print("|---|---|---|---|")
    for size, rows in sorted(by_size.items()):
        backs = [back for _, back, _ in rows]
        seconds = sum(s for _, _, s in rows) / len(rows)
        print(f"| {size} x {size} | {len(rows)} | {sum(backs) / len(backs):.1f} "
              f"({min(backs)}, {max(backs)}) | {seconds:.0f} |")
    print(f"\n(budget {args.budget:g} s a position, {args.jobs} threads)", file=sys.stderr)


if __name__ == "__main__":
    main()
