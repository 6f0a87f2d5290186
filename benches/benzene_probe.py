#!/usr/bin/env python3
"""What Benzene's connection and fill-in engines decide on random positions, for arbiter's to
be compared with (the user guide's performance page, "where Benzene's lead comes from").

    python3 benches/benzene_probe.py MOHEX OUT [--positions N] [--seed S] [--no-patterns]
        [--from FILE]
    PROBE=OUT cargo test --release --lib probe_against_benzene -- --ignored --nocapture

Draws N positions of the 8 x 8 board (6 to 22 stones on random cells, Red and Blue by turns,
the side to move next), and asks Benzene (MOHEX, built outside this repository) for each:
its fill-in (`vc-build`: the cells it fills for either colour) and whether the side to move
wins by a connection (a full or semi connection between its sides) or loses (a full one of
the opponent's). `--from FILE` asks about FILE's positions instead, a line each, its moves in
order, Red first (positions a search met, say). OUT gets a line a position:

    MOVES | RED FILL | BLUE FILL | VERDICT

(MOVES in order, Red first; VERDICT win, loss or open). The ignored test reads it and prints
arbiter's verdicts beside Benzene's, with its own fill-in and with Benzene's. `--no-patterns`
turns off Benzene's pattern connections (ladders and edge templates).
"""

import argparse
import random
import subprocess


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mohex")
    parser.add_argument("out")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-patterns", action="store_true")
    parser.add_argument("--from", dest="source")
    options = parser.parse_args()
    if options.source:
        with open(options.source) as source:
            positions = [line.split() for line in source if line.strip()]
    else:
        rng = random.Random(options.seed)
        cells = [f"{chr(97 + c)}{r + 1}" for r in range(8) for c in range(8)]
        positions = [rng.sample(cells, rng.randint(6, 22)) for _ in range(options.positions)]
    commands = ["boardsize 8 8"]
    if options.no_patterns:
        commands.append("param_player_vc use_patterns 0")
    for moves in positions:
        commands.append("clear_board")
        commands += [f"play {'b' if i % 2 == 0 else 'w'} {m}" for i, m in enumerate(moves)]
        me, them = ("black", "white") if len(moves) % 2 == 0 else ("white", "black")
        mine = "north south" if me == "black" else "east west"
        theirs = "east west" if me == "black" else "north south"
        commands += [
            f"vc-build {me}",
            f"vc-between-cells-full {me} {mine}",
            f"vc-between-cells-semi {me} {mine}",
            f"vc-between-cells-full {them} {theirs}",
        ]
    commands.append("quit")
    done = subprocess.run([options.mohex], input="\n".join(commands) + "\n",
                          capture_output=True, text=True, cwd="/tmp")
    # One answer a command, each "= ..." and a blank line; the first answers the settings.
    answers = [a for a in done.stdout.split("\n\n") if a.strip()]
    at = 2 if options.no_patterns else 1
    lines = []
    for moves in positions:
        at += 1 + len(moves)
        fill, full_mine, semi_mine, full_theirs = answers[at:at + 4]
        at += 4
        words = fill.replace("=", " ").split()
        red = [cell for cell, kind in zip(words[0::2], words[1::2]) if kind == "fb"]
        blue = [cell for cell, kind in zip(words[0::2], words[1::2]) if kind == "fw"]
        said = [a.strip() != "=" for a in (full_mine, semi_mine, full_theirs)]
        verdict = "win" if said[0] or said[1] else "loss" if said[2] else "open"
        lines.append(f"{' '.join(moves)} | {' '.join(red)} | {' '.join(blue)} | {verdict}")
    with open(options.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"{len(lines)} positions written to {options.out}")


if __name__ == "__main__":
    main()
