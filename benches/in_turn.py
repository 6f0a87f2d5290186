#!/usr/bin/env python3
"""Times whole commands in turn, round after round, and prints each one's fastest and middle
time: on a machine whose speed drifts by a third from minute to minute, commands timed in
turn see the same drift, so their ratios hold where criterion's one-after-another samples
move (the user guide's performance page).

    python3 benches/in_turn.py ROUNDS COMMAND...

Each COMMAND is one argument, split as a shell would split it but started directly, without
a shell; `PROGRAM ARGS < FILE` reads FILE on standard input, a `2x ` prefix starts two
copies at once (what two cores give two independent streams of the work), and `A & B` starts
A and B at once and waits for both (say, one job on each half of a file: the best two jobs on
the whole file could do). Output goes to /dev/null.

Beside every command after the first it prints how many times faster than the first it was
in the same round, the middle of those per-round ratios and the middle half of them: a
round's commands run within a second of each other, so the ratio of a round cancels the
drift that moves whole rounds, where the ratio of the commands' middle times does not.

    python3 benches/in_turn.py 21 "target/release/arbiter hex /tmp/arbiter-bench/hex4000.in" \\
        "wc -l /tmp/arbiter-bench/hex4000.in"
"""

import shlex
import statistics
import subprocess
import sys
import time


def start(command):
    if "<" in command:
        program, path = command.split("<")
        with open(path.strip(), "rb") as stdin:
            return subprocess.Popen(shlex.split(program), stdin=stdin, stdout=subprocess.DEVNULL)
    return subprocess.Popen(shlex.split(command), stdout=subprocess.DEVNULL)


def run(command):
    copies = 1
    if command.startswith("2x "):
        copies, command = 2, command[3:]
    parts = [part.strip() for part in command.split(" & ")] * copies
    for process in [start(part) for part in parts]:
        process.wait()


def timed(commands, rounds):
    """Each command's seconds, round by round: every round runs every command once, in turn."""
    times = [[] for _ in commands]
    for _ in range(rounds):
        for i, command in enumerate(commands):
            started = time.perf_counter()
            run(command)
            times[i].append(time.perf_counter() - started)
    return times


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    times = dict(zip(commands, timed(commands, rounds)))
    first = times[commands[0]]
    for command in commands:
        fastest, middle = min(times[command]), statistics.median(times[command])
        line = f"fastest {fastest * 1000:9.2f} ms  middle {middle * 1000:9.2f} ms  {command}"
        if command != commands[0]:
            line += f"  [{paired(first, times[command])} the first, a round at a time]"
        print(line)


def paired(first, other):
    """The middle, and the middle half, of first/other round by round."""
    ratios = sorted(a / b for a, b in zip(first, other))
    if len(ratios) < 4:
        return f"{statistics.median(ratios):.2f}x"
    low, middle, high = statistics.quantiles(ratios, n=4)
    return f"{middle:.2f}x ({low:.2f}-{high:.2f}x)"


if __name__ == "__main__":
    main()
