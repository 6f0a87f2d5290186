#!/usr/bin/env python3
"""arbiter's Go scoring beside its peers, in one run: right results on a corpus of finished
games (arbiter with the raw network, with its search at two visit counts, with playouts; GNU Go;
KataGo), seconds per game, peak memory, and the network's evaluations per second against KataGo's
own CPU backend.

    cargo build --release
    python3 benches/go_peers.py [--katago KATAGO MODEL CONFIG] [CORPUS_DIR]

It takes about 30 minutes on the 282 games of tests/data/go/corpus/ on two cores, most of it
GNU Go's and KataGo's; it needs GNU Go (`apt-get install gnugo`) and, for KataGo's rows, a
KataGo built as below.

CORPUS_DIR defaults to tests/data/go/corpus/ (one finished game a file, its RE the true result:
see make_corpus.py there). GNU Go is Debian's `/usr/games/gnugo` (3.8), scoring each game with
`--score aftermath` (it plays the position out and counts), with `--chinese-rules` for records
under area rules. KATAGO, MODEL and CONFIG are a KataGo binary built with the Eigen backend, the
g170-b6c96 network in `models/` and a GTP config; without them the evaluation rate is arbiter's
alone. Runs take turns so that the machine's drift falls on both sides alike.
"""

import glob
import json
import os
import re
import subprocess
import sys
import time

ARBITER = "target/release/arbiter"
GNUGO = "/usr/games/gnugo"
AREA = ("chinese", "aga", "new-zealand", "nz")
# GNU Go's play-out of a position can run on without end (a KGS game with a seki: more than
# ten minutes); a game it has not scored by then counts as not right.
GNUGO_TIMEOUT = 600


def recorded(path):
    text = open(path).read()
    result = re.search(r"RE\[([^\]]*)\]", text).group(1)
    rules = re.search(r"RU\[([^\]]*)\]", text)
    size = re.search(r"SZ\[(\d+)\]", text)
    return result, (rules.group(1).lower() if rules else "japanese"), int(size.group(1))


def arbiter_results(paths, dead, visits=None):
    """arbiter's results for `paths`, one process on one thread, and its seconds and peak
    memory (KiB)."""
    start = time.perf_counter()
    extra = [] if visits is None else ["--visits", str(visits)]
    out = subprocess.run(
        ["/usr/bin/time", "-f", "%M", ARBITER, "go", "-q", "--jobs", "1", "--dead", dead,
         *extra, *paths],
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
    """GNU Go's `--score aftermath` result for one game, as SGF writes results, and seconds
    ("?" past GNUGO_TIMEOUT)."""
    command = [GNUGO, "--score", "aftermath", "-l", path]
    if rules in AREA:
        command.append("--chinese-rules")
    start = time.perf_counter()
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=False,
                             timeout=GNUGO_TIMEOUT).stdout
    except subprocess.TimeoutExpired:
        return "?", time.perf_counter() - start
    seconds = time.perf_counter() - start
    match = re.search(r"(White|Black) wins by ([\d.]+) points", out)
    if match:
        margin = float(match.group(2))
        margin = int(margin) if margin == int(margin) else margin
        return f"{match.group(1)[0]}+{margin}", seconds
    if "Jigo" in out or "draw" in out.lower():
        return "0", seconds
    return "?", seconds


def katago_dead(path, katago, visits):
    """KataGo's dead stones for one game: the record loaded up to its two final passes (so
    that the game is not over and `final_status_list` reads it with a search, rather than
    taking the stones as they stand), `final_status_list dead` after a search of `visits`.
    The points as GTP names them, and seconds."""
    binary, model, config = katago
    text = open(path, encoding="utf-8", errors="replace").read()
    moves = len(re.findall(r";[BW]\[", text))
    commands = [f"loadsgf {path} {moves - 1}", "final_status_list dead", "quit"]
    start = time.perf_counter()
    out = subprocess.run(
        [binary, "gtp", "-model", model, "-config", config, "-override-config",
         f"maxVisits={visits},numSearchThreads=1"],
        input="\n".join(commands) + "\n", capture_output=True, text=True, check=False).stdout
    seconds = time.perf_counter() - start
    answers = [a.strip() for a in out.split("\n\n") if a.strip()]
    dead = answers[1].lstrip("= ").split() if len(answers) > 1 else []
    return dead, seconds


def counted_with(path, dead):
    """arbiter's count of a record under its own rules with exactly `dead` (GTP points) dead."""
    command = [ARBITER, "go", "-q", "--dead", "none"]
    if dead:
        command += ["--dead-at", ",".join(dead)]
    return subprocess.run(command + [path], capture_output=True, text=True,
                          check=False).stdout.strip()


def katago_result(path, katago, visits):
    """KataGo's dead stones (`katago_dead`) counted by arbiter under the record's rules: its
    result and seconds."""
    dead, seconds = katago_dead(path, katago, visits)
    return counted_with(path, dead), seconds


def accuracy(paths, katago):
    truth = {p: recorded(p) for p in paths}
    rows = []
    for name, dead, visits in (
            ("arbiter, raw network (--visits 0)", "estimate", 0),
            ("arbiter, search (--visits 32)", "estimate", 32),
            ("arbiter, search (--visits 100, the default)", "estimate", 100),
            ("arbiter, playouts (--dead playouts)", "playouts", None)):
        results, seconds, peak = arbiter_results(paths, dead, visits)
        right = sum(results.get(p) == truth[p][0] for p in paths)
        rows.append((name, right, seconds / len(paths), f"{peak / 1024:.0f} MB"))
    right, seconds = 0, 0.0
    for p in paths:
        result, s = gnugo_result(p, truth[p][1])
        right += result == truth[p][0]
        seconds += s
    rows.append(("GNU Go 3.8, --score aftermath", right, seconds / len(paths), ""))
    if katago:
        right, seconds = 0, 0.0
        for p in paths:
            result, s = katago_result(p, katago, 100)
            right += result == truth[p][0]
            seconds += s
        rows.append(("KataGo v1.17.2, final_status_list dead (100 visits)", right,
                     seconds / len(paths), ""))
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
    """The network on the same 100 positions of 19 x 19, each with either side to move, on
    one core: arbiter's evaluations in batches of 8 (`benches/go_network_rate.rs`), and
    KataGo's own Eigen CPU backend answering the same 200 positions as queries of one visit
    (its analysis engine, eight queries at a time, batches of up to 8), taking turns."""
    text = subprocess.run([ARBITER, "gen", "go", "--cases", "100", "--size", "19", "--seed", "7"],
                          capture_output=True, text=True, check=True).stdout
    positions = contest_positions(text)
    build = subprocess.run(["cargo", "bench", "--bench", "go_network_rate", "--no-run",
                            "--message-format", "json"], capture_output=True, text=True)
    rate_binary = [json.loads(line)["executable"] for line in build.stdout.splitlines()
                   if '"executable":"' in line and "go_network_rate" in line][-1]
    ours, theirs = [], []
    for _ in range(3):
        out = subprocess.run(["taskset", "-c", "0", rate_binary], input=text,
                             capture_output=True, text=True, check=True).stdout
        ours.append(float(out.split(":")[-1].split()[0]))
        if katago:
            theirs.append(katago_rate(katago, positions))
    print(f"\nnetwork evaluations per second, 100 positions of 19 x 19 with each side to move, "
          f"one core: arbiter {max(ours):.0f} in batches of 8", end="")
    if katago:
        print(f", KataGo's Eigen backend {max(theirs):.0f} (analysis engine, one visit a "
              f"query, batches of up to 8): arbiter {max(ours) / max(theirs):.2f} times "
              f"KataGo's rate")
    else:
        print()


def katago_rate(katago, positions):
    """KataGo's evaluations a second on one core: each position with each side to move, one
    visit a query, eight at a time."""
    binary, model, _ = katago
    config = os.path.join(os.path.dirname(os.path.abspath(__file__)), "katago-rate.cfg")
    overrides = ("numAnalysisThreads=8,numSearchThreadsPerAnalysisThread=1,nnMaxBatchSize=8,"
                 "numEigenThreadsPerModel=1,nnCacheSizePowerOfTwo=10,logToStderr=true,"
                 "logSearchInfo=false")
    with open(config, "w") as f:
        f.write("logDir = /tmp\n")
    engine = subprocess.Popen(
        ["taskset", "-c", "0", binary, "analysis", "-model", model, "-config", config,
         "-override-config", overrides],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while "ready to begin handling requests" not in engine.stderr.readline():
        pass
    columns = "ABCDEFGHJKLMNOPQRST"
    queries = []
    for i, (n, black, white) in enumerate(positions):
        stones = [["B", f"{columns[c - 1]}{n + 1 - r}"] for r, c in black] + \
                 [["W", f"{columns[c - 1]}{n + 1 - r}"] for r, c in white]
        for player in "BW":
            queries.append(json.dumps({
                "id": f"{i}{player}", "initialStones": stones, "moves": [],
                "rules": "japanese", "komi": 6.5, "boardXSize": n, "boardYSize": n,
                "initialPlayer": player, "maxVisits": 1}))
    start = time.perf_counter()
    engine.stdin.write("\n".join(queries) + "\n")
    engine.stdin.close()
    answered = sum(1 for line in engine.stdout if line.startswith("{"))
    seconds = time.perf_counter() - start
    engine.wait()
    os.remove(config)
    assert answered == len(queries), f"{answered} of {len(queries)} answered"
    return len(queries) / seconds


def main():
    args = sys.argv[1:]
    katago = None
    if args[:1] == ["--katago"]:
        katago, args = args[1:4], args[4:]
    corpus = args[0] if args else "tests/data/go/corpus"
    paths = sorted(glob.glob(os.path.join(corpus, "*.sgf")))
    accuracy(paths, katago)
    ten_games(paths)
    evaluation_rate(katago)


if __name__ == "__main__":
    main()
