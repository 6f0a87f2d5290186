#!/usr/bin/env python3
"""When a command's first line of output comes, and when its last: how promptly answers
stream out. Runs the command once (seconds: as long as the command).

    python3 benches/first_line.py COMMAND [ARGS...]
"""

import subprocess
import sys
import time


def main():
    start = time.perf_counter()
    child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
    first = child.stdout.readline()
    first_at = time.perf_counter() - start
    rest = child.stdout.read()
    child.wait()
    lines = first.count(b"\n") + rest.count(b"\n")
    print(f"first line after {first_at:.3f} s, all {lines} lines after "
          f"{time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
