#!/usr/bin/env python3
"""Makes the corpus of finished Go games (tests/data/go/corpus/): games played to two passes
by GNU Go and KataGo, each with its true dead stones and result, found by playing the game out.

    python3 tests/data/go/corpus/make_corpus.py KATAGO MODEL CONFIG FIRST COUNT OUT_DIR [--random]

KATAGO is a katago binary built from github.com/lightvector/KataGo (v1.17.2) with the Eigen
(CPU) backend, MODEL the g170-b6c96 network shipped in `models/`, CONFIG its
`cpp/configs/gtp_example.cfg` with `numSearchThreads = 1`, `allowResignation = false` and the
logs off. GNU Go is Debian's 3.8 (`/usr/games/gnugo`). Games FIRST to FIRST + COUNT - 1 are
made, each from its own seed, so that the corpus can be made in parts on several cores.

Each game:
1. a board of 9, 13 or 19, a rule set (japanese, chinese, korean, aga), its usual komi, and now
   and then a handicap; each side is GNU Go (a level from 1 to 8) or KataGo (8 to 32 visits a
   move), chosen at random;
2. the two play until both pass (a game that a side resigns, or that runs past three moves a
   point, is dropped): as players leave it, dead stones stay on the board;
3. KataGo (200 visits a move) plays the position out under Tromp-Taylor rules, both sides, until
   both pass: there, passing with a dead stone in one's area loses it, so every dead stone is
   captured. The stones of the two-pass position that are gone at the end are the dead ones;
4. the record is written as it was played, with RE the count of the two-pass position under its
   rules with those dead stones (counted by arbiter: `--dead-at`), and the dead stones in GC.

With `--random`, one side plays random legal moves (never filling a one-point eye of its own,
passing now and then once the board is more than half full) against GNU Go (levels 1 to 6) or
KataGo (4 to 16 visits), on 9, 13 or 19: games between programs that leave big dead groups on the
board, as a weak program's games on a server do (`tests/data/go/corpus-random/`).
"""

import os
import random
import subprocess
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRST"


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

    def close(self):
        try:
            self.ask("quit")
        except RuntimeError:
            pass
        self.process.wait()


def sgf_point(move, size):
    """GTP `D4` as SGF `dp`; a pass as the empty string."""
    if move == "PASS":
        return ""
    col = COLUMNS.index(move[0])
    row = size - int(move[1:])
    return chr(ord("a") + col) + chr(ord("a") + row)


def board_of(katago, size):
    """The stones of KataGo's board, from its `showboard`: {(col, row from the top): colour}."""
    stones = {}
    lines = katago.ask("showboard")
    for line in lines:
        if not line[:2].strip().isdigit():
            continue
        number = int(line[:2])
        for col in range(size):
            # Each point is two characters wide from the fourth; a digit marks the last move.
            cell = line[3 + 2 * col:4 + 2 * col]
            if cell in ("X", "O"):
                stones[(col, size - number)] = "B" if cell == "X" else "W"
    return stones


class RandomPlayer:
    """Random legal moves that never fill a one-point eye of its own, chosen among GNU Go's
    `all_legal`; a pass when there is none, or now and then once the board is over half full."""

    def __init__(self, seed):
        self.gtp = Gtp(["/usr/games/gnugo", "--mode", "gtp"])
        self.rng = random.Random(seed)
        self.size = 19

    def board(self):
        """The stones, (column, row) to "X" or "O", from GNU Go's showboard."""
        stones = {}
        for line in self.gtp.ask("showboard"):
            parts = line.split()
            if parts and parts[0].isdigit() and len(parts) >= self.size + 1:
                for x, c in enumerate(parts[1:self.size + 1]):
                    stones[(x, int(parts[0]))] = c
        return stones

    def genmove(self, colour):
        answer = self.gtp.ask(f"all_legal {colour}")
        legal = answer[0].split() if answer else []
        stones = self.board()
        own = "X" if colour.upper().startswith("B") else "O"

        def own_eye(move):
            x, y = COLUMNS.index(move[0].upper()), int(move[1:])
            neighbours = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            return all(stones[n] == own for n in neighbours if n in stones)

        moves = [m for m in legal if not own_eye(m)]
        filled = sum(1 for c in stones.values() if c in "XO")
        tired = filled > 0.6 * self.size * self.size and self.rng.random() < 0.3
        if not moves or tired:
            return "PASS"
        move = self.rng.choice(moves)
        self.gtp.ask(f"play {colour} {move}")
        return move

    def ask(self, line):
        words = line.split()
        if words[0] == "boardsize":
            self.size = int(words[1])
        if words[0] == "genmove":
            return [self.genmove(words[1])]
        return self.gtp.ask(line)

    def close(self):
        self.gtp.close()


def engine(spec, katago_command):
    kind, strength, seed = spec
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "gnugo":
        return Gtp(["/usr/games/gnugo", "--mode", "gtp", "--level", str(strength),
                    "--seed", str(seed)])
    return Gtp(katago_command + ["-override-config", f"maxVisits={strength}"])


def set_up(gtp, size, rules, komi, handicap, katago):
    gtp.ask(f"boardsize {size}")
    gtp.ask("clear_board")
    gtp.ask(f"komi {komi}")
    if katago:
        gtp.ask(f"kata-set-rules {rules}")
    if handicap:
        return gtp.ask(f"fixed_handicap {handicap}")[0].split()
    return []


def one_game(index, katago_command, random_side):
    rng = random.Random(7000 + index)
    weights = [30, 35, 35] if random_side else [45, 30, 25]
    size = rng.choices([9, 13, 19], weights=weights)[0]
    rules = rng.choice(["japanese", "japanese", "chinese", "chinese", "korean", "aga"])
    komi = 6.5 if rules in ("japanese", "korean") else 7.5
    handicap = 0
    if size >= 13 and rng.random() < 0.15:
        handicap = rng.randint(2, 4)
        komi = 0.5
    players = {}
    weak = rng.choice("BW") if random_side else None
    for colour in "BW":
        if colour == weak:
            players[colour] = ("random", 0, rng.randint(1, 10**6))
        elif random_side and rng.random() < 0.5:
            players[colour] = ("gnugo", rng.randint(1, 6), rng.randint(1, 10**6))
        elif random_side:
            players[colour] = ("katago", rng.choice([4, 8, 16]), 0)
        elif rng.random() < 0.5:
            players[colour] = ("gnugo", rng.randint(1, 8), rng.randint(1, 10**6))
        else:
            players[colour] = ("katago", rng.choice([8, 16, 32]), 0)
    engines = {c: engine(players[c], katago_command) for c in "BW"}
    stones = []
    for colour in "BW":
        placed = set_up(engines[colour], size, rules, komi, handicap,
                        players[colour][0] == "katago")
        stones = placed or stones
    moves = []
    colour = "W" if handicap else "B"
    passes = 0
    try:
        while passes < 2:
            move = engines[colour].ask(f"genmove {colour}")[0].upper()
            if move == "RESIGN" or len(moves) > 3 * size * size:
                return None
            passes = passes + 1 if move == "PASS" else 0
            moves.append((colour, move))
            other = "W" if colour == "B" else "B"
            engines[other].ask(f"play {colour} {move}")
            colour = other
    finally:
        for e in engines.values():
            e.close()
    # The play-out: KataGo, Tromp-Taylor, from the two-pass position.
    judge = Gtp(katago_command + ["-override-config", "maxVisits=200"])
    set_up(judge, size, "tromp-taylor", komi, 0, True)
    for point in stones:
        judge.ask(f"play B {point}")
    # Not the two passes: under Tromp-Taylor they would end the game.
    for c, m in moves[:-2]:
        judge.ask(f"play {c} {m}")
    colour = moves[-2][0]
    before = board_of(judge, size)
    passes = 0
    playout = 0
    while passes < 2 and playout < 2 * size * size:
        move = judge.ask(f"genmove {colour}")[0].upper()
        passes = passes + 1 if move == "PASS" else 0
        colour = "W" if colour == "B" else "B"
        playout += 1
    after = board_of(judge, size)
    judge.close()
    dead = sorted(point for point, c in before.items() if after.get(point) != c)
    return size, rules, komi, handicap, players, stones, moves, dead


def gtp_name(point, size):
    col, row = point
    return f"{COLUMNS[col]}{size - row}"


def write(index, game, out_dir, arbiter):
    size, rules, komi, handicap, players, stones, moves, dead = game
    def name(kind, strength):
        if kind == "random":
            return "random legal moves"
        if kind == "gnugo":
            return f"GNU Go level {strength}"
        return f"KataGo g170-b6c96 {strength} visits"

    names = {c: name(k, s) for c, (k, s, _) in players.items()}
    dead_names = " ".join(gtp_name(p, size) for p in dead)
    head = (f"(;GM[1]FF[4]SZ[{size}]RU[{rules.capitalize()}]KM[{komi}]"
            f"PB[{names['B']}]PW[{names['W']}]")
    if handicap:
        head += f"HA[{handicap}]AB" + "".join(f"[{sgf_point(p, size)}]" for p in stones)
        head += "PL[W]"
    body = "".join(f";{c}[{sgf_point(m, size)}]" for c, m in moves) + ")"
    unscored = head + body
    command = [arbiter, "go", "-q"]
    for name in dead_names.split():
        command += ["--dead-at", name]
    result = subprocess.run(command, input=unscored, capture_output=True, text=True,
                            check=True).stdout.strip()
    record = (head + f"RE[{result}]GC[dead by the play-out: {dead_names or 'none'}]" + body)
    with open(os.path.join(out_dir, f"game-{index:03}.sgf"), "w") as f:
        f.write(record + "\n")


def main():
    katago_binary, model, config, first, count, out_dir = sys.argv[1:7]
    random_side = "--random" in sys.argv[7:]
    arbiter = os.environ.get("ARBITER", "target/release/arbiter")
    katago_command = [katago_binary, "gtp", "-model", model, "-config", config]
    os.makedirs(out_dir, exist_ok=True)
    for index in range(int(first), int(first) + int(count)):
        game = one_game(index, katago_command, random_side)
        if game is None:
            print(f"game {index}: dropped", file=sys.stderr)
            continue
        write(index, game, out_dir, arbiter)
        print(f"game {index}: {game[0]}x{game[0]} {game[1]}, {len(game[6])} moves, "
              f"{len(game[7])} dead", file=sys.stderr)


if __name__ == "__main__":
    main()
