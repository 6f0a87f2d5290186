#!/usr/bin/env python3
"""arbiter's Go scoring beside its peers, in one run: right results on the corpus of finished
games, seconds per game, peak memory, and the network's evaluations per second against KataGo's
own CPU backend.

    cargo build --release
    python3 benches/go_peers.py [--katago KATAGO MODEL CONFIG] [CORPUS_DIR]

CORPUS_DIR defaults to tests/data/go/corpus/ (one finished game a file, its RE the true result:
see make_corpus.py there). GNU Go is Debian's `/usr/games/gnugo` (3.8), scoring each game with
`--score aftermath` (it plays the position out and counts), with `--chinese-rules` for records
under area rules. KATAGO, MODEL and CONFIG are a KataGo binary built with the Eigen backend, the
g170-b6c96 network in `models/` and a GTP config; without them the evaluation rate is arbiter's
alone. Runs take turns so that the machine's drift falls on both sides alike.
"""

import glob
import os
import re
import subprocess
import sys
import time

ARBITER = "target/release/arbiter"
GNUGO = "/usr/games/gnugo"
AREA = ("chinese", "aga", "new-zealand", "nz")


def recorded(path):
    text = open(path).read()
    result = re.search(r"RE\[([^\]]*)\]", text).group(1)
    rules = re.search(r"RU\[([^\]]*)\]", text)
    size = re.search(r"SZ\[(\d+)\]", text)
    return result, (rules.group(1).lower() if rules else "japanese"), int(size.group(1))


def arbiter_results(paths, dead):
    """arbiter's results for `paths`, one process on one thread, and its seconds and peak
    memory (KiB)."""
    start = time.perf_counter()
    out = subprocess.run(
        ["/usr/bin/time", "-f", "%M", ARBITER, "go", "-q", "--jobs", "1", "--dead", dead,
         *paths],
        capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    peak = int(out.stderr.strip().splitlines()[-1])
    results = {}
    for line in out.stdout.splitlines():
        if len(paths) == 1:
            results[paths[0]] = line.strip()
        else:
            name, result = line.rsplit(":", 1)
            results[name] = result.strip()
    return results, seconds, peak


def gnugo_result(path, rules):
    """GNU Go's `--score aftermath` result for one game, as SGF writes results, and seconds."""
    command = [GNUGO, "--score", "aftermath", "-l", path]
    if rules in AREA:
        command.append("--chinese-rules")
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    seconds = time.perf_counter() - start
    match = re.search(r"(White|Black) wins by ([\d.]+) points", out)
    if match:
        margin = float(match.group(2))
        margin = int(margin) if margin == int(margin) else margin
        return f"{match.group(1)[0]}+{margin}", seconds
    if "Jigo" in out or "draw" in out.lower():
        return "0", seconds
    return "?", seconds


def accuracy(paths):
    truth = {p: recorded(p) for p in paths}
    rows = []
    for name, dead in (("arbiter, network (--dead estimate)", "estimate"),
                       ("arbiter, playouts (--dead playouts)", "playouts")):
        results, seconds, peak = arbiter_results(paths, dead)
        right = sum(results.get(p) == truth[p][0] for p in paths)
        rows.append((name, right, seconds / len(paths), f"{peak / 1024:.0f} MB"))
    right, seconds = 0, 0.0
    for p in paths:
        result, s = gnugo_result(p, truth[p][1])
        right += result == truth[p][0]
        seconds += s
    rows.append(("GNU Go 3.8, --score aftermath", right, seconds / len(paths), ""))
    print(f"\n{len(paths)} finished games: right results against RE, seconds per game")
    print("| scorer | right | % | seconds per game | peak memory |")
    print("|---|---|---|---|---|")
    for name, right, per_game, memory in rows:
        print(f"| {name} | {right} | {100 * right / len(paths):.1f} | {per_game:.4f} | {memory} |")


def ten_games(paths):
    """Whole commands on ten games (3 of 9 x 9, 3 of 13 x 13, 4 of 19 x 19), taking turns."""
    by_size = {9: [], 13: [], 19: []}
    for p in paths:
        size = recorded(p)[2]
        if size in by_size:
            by_size[size].append(p)
    chosen = by_size[9][:3] + by_size[13][:3] + by_size[19][:4]
    ours, theirs = [], []
    for _ in range(3):
        _, seconds, _ = arbiter_results(chosen, "estimate")
        ours.append(seconds)
        total = 0.0
        for p in chosen:
            total += gnugo_result(p, recorded(p)[1])[1]
        theirs.append(total)
    print(f"\nten games ({len(chosen)}: 9x9, 13x13, 19x19), whole commands, best of 3 turns")
    print(f"arbiter {min(ours):.3f} s, GNU Go {min(theirs):.3f} s: "
          f"arbiter {min(theirs) / min(ours):.0f} times as fast")


def contest_positions(text):
    """The positions of a contest file: for each, lists of black and white points (row, col),
    1-based from the top left."""
    numbers = [int(t) for t in text.split()]
    positions, at = [], 0
    while numbers[at] != 0:
        n, b, w = numbers[at:at + 3]
        at += 3
        black = [tuple(numbers[at + 2 * i:at + 2 * i + 2]) for i in range(b)]
        at += 2 * b
        white = [tuple(numbers[at + 2 * i:at + 2 * i + 2]) for i in range(w)]
        at += 2 * w
        positions.append((n, black, white))
    return positions


def evaluation_rate(katago):
    """The network on the same 100 positions of 19 x 19, each with either side to move: arbiter
    estimating their dead stones (`--dead estimate`: two evaluations a position, and the
    rest of the count), KataGo answering `kata-raw-nn` with each colour to move (its Eigen
    backend on one thread), taking turns."""
    text = subprocess.run([ARBITER, "gen", "go", "--cases", "100", "--size", "19", "--seed", "7"],
                          capture_output=True, text=True, check=True).stdout
    positions = contest_positions(text)
    evaluations = 2 * len(positions)
    command = [ARBITER, "go", "-q", "--jobs", "1", "--rules", "japanese", "--dead", "estimate"]
    ours, theirs = [], []
    if katago:
        binary, model, config = katago
        gtp = subprocess.Popen(
            [binary, "gtp", "-model", model, "-config", config, "-override-config",
             "numSearchThreads=1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

        def ask(line):
            gtp.stdin.write(line + "\n")
            gtp.stdin.flush()
            answer = []
            while True:
                got = gtp.stdout.readline()
                if got.strip() == "" and answer:
                    return answer
                if got.strip():
                    answer.append(got)

        ask("boardsize 19")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, input=text, capture_output=True, text=True, check=True)
        ours.append(time.perf_counter() - start)
        if katago:
            total = 0.0
            for n, black, white in positions:
                ask("clear_board")
                name = lambda r, c: f"{'ABCDEFGHJKLMNOPQRST'[c - 1]}{n + 1 - r}"
                stones = [f"B {name(r, c)}" for r, c in black] + \
                         [f"W {name(r, c)}" for r, c in white]
                ask("set_position " + " ".join(stones))
                start = time.perf_counter()
                ask("kata-raw-nn b 0")
                ask("kata-raw-nn w 0")
                total += time.perf_counter() - start
            theirs.append(total)
    rate = evaluations / min(ours)
    print(f"\nnetwork evaluations per second, 100 positions of 19 x 19 with each side to move, "
          f"one core: arbiter {rate:.0f} (whole command, counting included)", end="")
    if katago:
        ask("quit")
        theirs_rate = evaluations / min(theirs)
        print(f", KataGo's Eigen backend {theirs_rate:.0f} (kata-raw-nn alone): "
              f"arbiter {rate / theirs_rate:.2f} times KataGo's rate")
    else:
        print()


def main():
    args = sys.argv[1:]
    katago = None
    if args[:1] == ["--katago"]:
        katago, args = args[1:4], args[4:]
    corpus = args[0] if args else "tests/data/go/corpus"
    paths = sorted(glob.glob(os.path.join(corpus, "*.sgf")))
    accuracy(paths)
    ten_games(paths)
    evaluation_rate(katago)


if __name__ == "__main__":
    main()
