#!/usr/bin/env python3
"""Makes the network fixtures: KataGo's own outputs (`kata-raw-nn`, symmetry 0) on positions
that GNU Go plays out, for arbiter's network evaluation to be checked against.

    python3 tests/data/go/net/make_fixtures.py KATAGO MODEL CONFIG > tests/data/go/net/katago-raw-nn.txt

KATAGO is a katago binary built from github.com/lightvector/KataGo (v1.17.2) with the Eigen
(CPU) backend, MODEL the g170-b6c96 network shipped in `models/`, CONFIG its
`cpp/configs/gtp_example.cfg` with `numSearchThreads = 1`. GNU Go (`/usr/games/gnugo`, Debian's
3.8) chooses the moves, at level 1 with a seed a position, so that the positions have the
captures, kos and ladders of real play. Each position is a block:

    position SIZE RULES KOMI
    moves B E5 W C3 ... (GTP coordinates; `pass` allowed)
    whiteWin ... whiteLoss ... noResult ... whiteLead ...
    policy
    (SIZE rows of SIZE move probabilities, the top row first; NAN where the move is illegal)
    policyPass ...
    whiteOwnership
    (SIZE rows of SIZE values, the top row first)
    end
"""

import random
import subprocess
import sys

RULES = ["chinese", "japanese", "tromp-taylor", "aga", "new-zealand", "korean"]


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


def gnugo_moves(size, count, seed):
    """`count` moves of a game GNU Go plays against itself, fewer if it passes twice."""
    gnugo = Gtp(["/usr/games/gnugo", "--mode", "gtp", "--level", "1", "--seed", str(seed)])
    gnugo.ask(f"boardsize {size}")
    gnugo.ask("clear_board")
    moves = []
    colour = "B"
    passes = 0
    while len(moves) < count:
        move = gnugo.ask(f"genmove {colour}")[0].upper()
        if move == "RESIGN":
            break
        if move == "PASS":
            passes += 1
            if passes == 2:
                moves.pop()
                break
        else:
            passes = 0
        moves.append((colour, move))
        colour = "W" if colour == "B" else "B"
    gnugo.ask("quit")
    return moves


# A ko, Black's E5 taking White's D5 as the last move: White may not retake at once.
KO = [("B", "D6"), ("W", "E6"), ("B", "C5"), ("W", "F5"), ("B", "D4"), ("W", "E4"),
      ("B", "J9"), ("W", "D5"), ("B", "E5")]


def position(katago, size, rules, komi, moves):
    """KataGo's raw outputs on the position `moves` reach, as a fixture block."""
    katago.ask(f"boardsize {size}")
    katago.ask("clear_board")
    katago.ask(f"komi {komi}")
    katago.ask(f"kata-set-rules {rules}")
    for colour, move in moves:
        katago.ask(f"play {colour} {move}")
    raw = katago.ask("kata-raw-nn 0")
    values = {}
    policy = []
    owner = []
    section = None
    for line in raw[1:]:
        if line in ("policy", "whiteOwnership"):
            section = line
            continue
        if line.startswith("policyPass"):
            values["policyPass"] = line.split()[1]
            section = None
            continue
        if section == "policy":
            policy.append(line.strip())
            continue
        if section == "whiteOwnership":
            owner.append(line.strip())
            continue
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("whiteWin", "whiteLoss", "noResult", "whiteLead"):
            values[parts[0]] = parts[1]
    print(f"position {size} {rules} {komi}")
    print("moves " + " ".join(f"{c} {m}" for c, m in moves))
    print(" ".join(f"{k} {values[k]}" for k in ("whiteWin", "whiteLoss", "noResult", "whiteLead")))
    print("policy")
    for row in policy:
        print(row)
    print(f"policyPass {values['policyPass']}")
    print("whiteOwnership")
    for row in owner:
        print(row)
    print("end")
    sys.stdout.flush()


def main():
    katago_binary, model, config = sys.argv[1:4]
    katago = Gtp([katago_binary, "gtp", "-model", model, "-config", config])
    rng = random.Random(2026)
    # Every rule set on a ko taken by the last move, and on a game whose last move is a pass.
    for index, rules in enumerate(RULES):
        position(katago, 9, rules, 7, KO)
        moves = gnugo_moves(9, 30, seed=500 + index)
        colour = "W" if moves[-1][0] == "B" else "B"
        position(katago, 9, rules, 6.5, moves + [(colour, "PASS")])
    sizes = [9] * 20 + [13] * 12 + [19] * 14 + [7] * 4 + [5] * 2 + [11] * 2
    for index, size in enumerate(sizes):
        rules = RULES[index % len(RULES)]
        komi = rng.choice([0, 0.5, 5.5, 6, 6.5, 7, 7.5, -3])
        count = rng.randint(size, size * size // 2)
        moves = gnugo_moves(size, count, seed=1000 + index)
        # A pass in the middle now and then, for the history's pass features.
        if index % 7 == 3 and len(moves) > 4:
            at = len(moves) // 2
            colour = moves[at][0]
            other = "W" if colour == "B" else "B"
            moves = moves[:at] + [(colour, "PASS")] + [(other, m) for _, m in moves[at:at + 1]]
        position(katago, size, rules, komi, moves)
    katago.ask("quit")


if __name__ == "__main__":
    main()
