"""Little Golem 13 x 13 games, as Hex Fusekipedia keeps them, written as HexGui SGF.

Hex Fusekipedia (github.com/adrzystek/Hex-Fusekipedia) kept the games of Little Golem's Hex
championships as Python pickles, one per league and board size: a dictionary from the game's
number to its moves, numbered from 1 (a cell such as `b10`, `swap`, `resign`, or `end` for a
game stopped without a result). This writes the last COUNT resigned games (by game number) of
one pickle, each as `NUMBER.sgf`:

    python3 convert.py d1_13.txt 12 OUT_DIR

(`git show b22c9dd6fc28927f07765d9a798c22fc99cc8497:d1_13.txt` in a clone of that repository
gives the file. Unpickling runs what the file says: use it on that file only.)

How the moves are read, as checked by solving the final positions: the first player is SGF's
`B` (Red, joining top and bottom), a cell is column letter then row number (as arbiter names
cells), and `swap` is `swap-pieces` (the stone moves to its mirror cell and changes colour; the
first player moves again), so the side that resigned loses every final position proved.
"""

import os
import pickle
import sys


def record(number, moves, size=13):
    colour, nodes = "B", []
    for move in moves:
        if move == "end":
            break
        value = "swap-pieces" if move == "swap" else move
        nodes.append(f";{colour}[{value}]")
        if move == "resign":
            winner = "W" if colour == "B" else "B"
            result = f"RE[{winner}+Resign]"
            break
        colour = "W" if colour == "B" else "B"
    else:
        result = ""
    return (
        f"(;FF[4]GM[11]SZ[{size}]{result}GC[Little Golem game {number}]"
        f"SO[https://www.littlegolem.net/jsp/game/game.jsp?gid={number}]"
        + "".join(nodes)
        + ")\n"
    )


def main():
    path, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, "rb") as file:
        games = pickle.load(file, encoding="latin1")
    resigned = sorted(
        (number for number, moves in games.items() if moves[max(moves)] == "resign"),
        key=int,
    )
    os.makedirs(out, exist_ok=True)
    for number in resigned[-count:]:
        moves = [games[number][i] for i in sorted(games[number])]
        with open(os.path.join(out, f"{number}.sgf"), "w") as file:
            file.write(record(number, moves))


if __name__ == "__main__":
    main()
