#!/usr/bin/env python3
"""Makes the review fixtures: KataGo's raw outputs (`kata-raw-nn 0`) on every position of
real games, for `arbiter go --review --visits 0` to be checked against.

    python3 tests/data/go/review/make_fixtures.py ARBITER KATAGO MODEL CONFIG GAME.sgf... \\
        > tests/data/go/review/katago-raw-nn.txt

ARBITER is arbiter's binary (`cargo build --release`: target/release/arbiter), which says each
game's moves, rules and komi as its review reads them (`--format json`); KATAGO a katago binary
built from github.com/lightvector/KataGo (v1.17.2) with the Eigen (CPU) backend, MODEL the
g170-b6c96 network shipped in `models/`, CONFIG its `cpp/configs/gtp_example.cfg` with
`numSearchThreads = 1`. Each game is set up in KataGo as the review reads it (board size,
komi, rules, handicap stones with `set_free_handicap`) and its moves played one by one with
`play`, the network asked after each. The output, a block a game:

    game PATH MOVES
    K whiteWin whiteLoss noResult whiteLead policyBest
    ...   (one line a position, K = 0 for the start)
    end

`policyBest` is the move the policy likes best, as GTP names it (`pass` for a pass).
"""

import json
import subprocess
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    def __init__(self, command):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True)

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = []
        while True:
            text = self.process.stdout.readline()
            if text == "":
                raise RuntimeError(f"the engine stopped at {line!r}")
            if text.strip() == "" and answer:
                break
            if text.strip() == "" and not answer:
                continue
            answer.append(text.rstrip("\n"))
        if not answer[0].startswith("="):
            raise RuntimeError(f"{line!r}: {answer}")
        answer[0] = answer[0][1:].strip()
        return [a for a in answer if a != ""]


def setup_stones(path):
    """The record's AB stones (handicap), as GTP names them, from the root node."""
    text = open(path, encoding="utf-8", errors="replace").read()
    start = text.index("(;")
    root = text[start:text.index(";", start + 2)] if ";" in text[start + 2:] else text[start:]
    size = 19
    if "SZ[" in root:
        size = int(root.split("SZ[")[1].split("]")[0])
    stones = []
    if "AB[" in root:
        rest = root.split("AB[", 1)[1]
        for part in ("[" + rest).split("]"):
            part = part.strip()
            if not part.startswith("[") or len(part) != 3:
                break
            col, row = ord(part[1]) - 97, ord(part[2]) - 97
            stones.append(f"{COLUMNS[col]}{size - row}")
    return stones


def raw(katago, size):
    answer = katago.ask("kata-raw-nn 0")
    values = {}
    policy = []
    section = None
    for line in answer[1:]:
        if line in ("policy", "whiteOwnership"):
            section = line
            continue
        if line.startswith("policyPass"):
            values["policyPass"] = float(line.split()[1])
            section = None
            continue
        if section == "policy":
            policy.extend(line.split())
            continue
        if section == "whiteOwnership":
            continue
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("whiteWin", "whiteLoss", "noResult", "whiteLead"):
            values[parts[0]] = parts[1]
    best, chance = "pass", values["policyPass"]
    for index, text in enumerate(policy):
        p = float(text)
        if p == p and p > chance:
            best, chance = f"{COLUMNS[index % size]}{size - index // size}", p
    return [values[k] for k in ("whiteWin", "whiteLoss", "noResult", "whiteLead")] + [best]


def main():
    arbiter, katago_binary, model, config = sys.argv[1:5]
    katago = Gtp([katago_binary, "gtp", "-model", model, "-config", config])
    for path in sys.argv[5:]:
        out = subprocess.run([arbiter, "go", "--review", "--visits", "0", "--format", "json",
                              path], check=True, capture_output=True, text=True).stdout
        records = [json.loads(line) for line in out.splitlines()]
        summary = records[-1]
        moves = [r for r in records[:-1] if r["move_number"] > 0]
        text = open(path, encoding="utf-8", errors="replace").read()
        size = int(text.split("SZ[")[1].split("]")[0]) if "SZ[" in text else 19
        katago.ask(f"boardsize {size}")
        katago.ask("clear_board")
        katago.ask(f"kata-set-rules {summary['rules']}")
        stones = setup_stones(path)
        if stones:
            katago.ask("set_free_handicap " + " ".join(stones))
        # The record's komi: KataGo adds the handicap's compensation itself, as its rules say.
        katago.ask(f"komi {summary['komi']}")
        print(f"game {path} {len(moves)}")
        print("0 " + " ".join(raw(katago, size)))
        for r in moves:
            katago.ask(f"play {r['color']} {r['move']}")
            print(f"{r['move_number']} " + " ".join(raw(katago, size)))
        print("end")
        sys.stdout.flush()
    katago.ask("quit")


if __name__ == "__main__":
    main()
