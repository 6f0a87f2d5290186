#!/usr/bin/env python3
"""Real Hex games' final positions, each asked of arbiter and of Benzene's solver in turn:
who wins, with the side to move the record's next player (after a resignation, the side that
resigned), on one thread each, within the budget.

    python3 benches/hex_final_positions.py ARBITER MOHEX GAME.sgf... [--budget SECONDS]

Prints a line a game (arbiter's winner, positions and seconds; Benzene's winner, MID calls
and seconds; `-` for a position not proved within the budget) and a summary: how many final
positions each proved. arbiter reads the record; Benzene (`MOHEX`: its `mohex` built from
github.com/cgao3/benzene-vanilla-cmake, outside the repository) is given the same final
position as setup stones, as its puzzles are (its `loadsgf` does not read a `swap-pieces` as
a move of the stone to its mirror cell, as these records mean it), and asked
`dfpn-solve-state`. Records of plain moves, `swap-pieces` and `resign` only. The user guide
reports Little Golem's 13 x 13 games (`tests/data/hex/littlegolem/`).
"""

import argparse
import json
import os
import re
import subprocess
import tempfile
import time


def final_position(game):
    """The record's final position as a HexGui SGF of setup stones (a `swap-pieces` moves the
    one stone to its mirror cell, in the other colour)."""
    with open(game, encoding="utf-8") as f:
        text = f.read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    stones = {}
    for colour, move in re.findall(r";([BW])\[([^\]]*)\]", text):
        if move in ("resign", "forfeit"):
            break
        if move == "swap-pieces":
            ((cell, _),) = stones.items()
            stones = {chr(ord("a") + int(cell[1:]) - 1) + str(ord(cell[0]) - ord("a") + 1): colour}
        else:
            stones[move] = colour
    setup = "".join(
        f"A{colour}" + "".join(f"[{cell}]" for cell, c in stones.items() if c == colour)
        for colour in "BW" if colour in stones.values()
    )
    return f"(;FF[4]GM[11]SZ[{size}]{setup})\n"


def arbiter_final(arbiter, game, budget):
    """(winner or None, positions visited, seconds, side to move) of arbiter's solve of the
    record's final position."""
    started = time.perf_counter()
    done = subprocess.run(
        [arbiter, "hex", "--solve", "--winner", "--jobs", "1", "--budget", str(budget),
         "--format", "json", game],
        capture_output=True, text=True, check=False,
    )
    seconds = time.perf_counter() - started
    record = json.loads(done.stdout.splitlines()[0])
    return record["winner"], record["stats"]["nodes"], seconds, record["to_move"]


def benzene_final(mohex, game, to_move, budget):
    """(winner or None, MID calls, seconds) of Benzene's solve of the same position (no MID
    calls for a position its fill-in decides)."""
    colour = "black" if to_move == "red" else "white"
    with tempfile.TemporaryDirectory() as folder:
        position = os.path.join(folder, "final.sgf")
        with open(position, "w", encoding="utf-8") as f:
            f.write(final_position(game))
        script = f"param_dfpn threads 1\nloadsgf {position}\ndfpn-solve-state {colour}\nquit\n"
        try:
            done = subprocess.run([mohex], input=script, capture_output=True, text=True,
                                  timeout=budget + 10, cwd=folder)
        except subprocess.TimeoutExpired:
            return None, None, None
    answers = [line[2:].strip() for line in done.stdout.splitlines()
               if line.startswith("= ") and line[2:].strip() in ("black", "white")]
    calls = [int(line.split()[-1]) for line in done.stderr.splitlines()
             if line.startswith("MID calls")]
    seconds = [float(line.split()[-1]) for line in done.stderr.splitlines()
               if line.startswith("Elapsed Time")]
    if not answers or not seconds or seconds[-1] > budget:
        return None, None, None
    winner = "red" if answers[-1] == "black" else "blue"
    return winner, calls[-1] if calls else 0, seconds[-1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("mohex")
    parser.add_argument("games", nargs="+")
    parser.add_argument("--budget", type=float, default=120)
    args = parser.parse_args()
    proved = {"arbiter": 0, "benzene": 0}
    for game in args.games:
        winner, nodes, seconds, to_move = arbiter_final(args.arbiter, game, args.budget)
        b_winner, calls, b_seconds = benzene_final(args.mohex, game, to_move, args.budget)
        if winner and b_winner and winner != b_winner:
            raise SystemExit(f"{game}: arbiter says {winner} wins, Benzene {b_winner}")
        proved["arbiter"] += winner is not None
        proved["benzene"] += b_winner is not None
        ours = f"{winner} {nodes:,} positions {seconds:.1f} s" if winner else "-"
        theirs = f"{b_winner} {calls:,} MID calls {b_seconds:.1f} s" if b_winner else "-"
        print(f"{os.path.basename(game)} ({to_move} to move): arbiter {ours}; Benzene {theirs}",
              flush=True)
    print(f"final positions proved within {args.budget:g} s, of {len(args.games)}: "
          f"arbiter {proved['arbiter']}, Benzene {proved['benzene']}")


if __name__ == "__main__":
    main()
