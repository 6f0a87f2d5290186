"""arbiter.judge and arbiter.judge_files give the command line's records, errors and
warnings."""

from __future__ import annotations

import pathlib
import pickle
import threading
import time

import pytest

import arbiter
from conftest import REPOSITORY, cli_records, run_cli, untimed

EXAMPLES = REPOSITORY / "examples"
DATA = REPOSITORY / "tests" / "data"

#: An input of each game and format, judged by file and by text.
INPUTS = [
    ("hex", EXAMPLES / "hex.in"),
    ("hex", EXAMPLES / "hex-cut.in"),
    ("hex", EXAMPLES / "hex-games.sgf"),
    ("hex", EXAMPLES / "hex-games.trmph"),
    ("gioco", EXAMPLES / "gioco.in"),
    ("gioco", DATA / "gioco" / "worked.in"),
    ("go", EXAMPLES / "go.in"),
    ("go", EXAMPLES / "go-game.sgf"),
    ("go", DATA / "go" / "gnugo-13x13.sgf"),
    ("go", DATA / "go" / "records" / "alphago-self-play-g31.sgf"),
    ("cheesy", EXAMPLES / "cheesy.in"),
    ("cheesy", DATA / "cheesy" / "sampledata_a.in"),
]


@pytest.mark.parametrize("game,path", INPUTS, ids=lambda v: getattr(v, "name", v))
def test_every_game_and_format_gives_the_records_of_format_json(game, path):
    by_file = arbiter.judge(game, path)
    assert by_file == cli_records([game, path])
    # One input: no file named, as the command line names none for one file.
    assert by_file and all("file" not in record for record in by_file)
    by_text = arbiter.judge(game, path.read_bytes())
    assert by_text == cli_records([game], path.read_bytes())
    assert arbiter.judge(game, path.read_text()) == by_text


@pytest.mark.parametrize("game,path", INPUTS[::3], ids=lambda v: getattr(v, "name", v))
def test_explain_adds_the_explanation_of_explain(game, path):
    records = arbiter.judge(game, path.read_bytes(), explain=True)
    assert records == cli_records([game, "--explain"], path.read_bytes())
    assert all(record["explanation"] for record in records)


GAME = DATA / "go" / "corpus" / "game-003.sgf"


@pytest.mark.parametrize(
    "options,flags",
    [
        ({"rules": "chinese"}, ["--rules", "chinese"]),
        ({"rules": "aga", "komi": 0.5}, ["--rules", "aga", "--komi", "0.5"]),
        ({"komi": -3}, ["--komi", "-3"]),
        ({"dead": "none"}, ["--dead", "none"]),
        ({"dead": "playouts"}, ["--dead", "playouts"]),
        ({"at_move": 120}, ["--at-move", "120"]),
        ({"dead_at": ["C13", "A11"], "alive_at": ("F13",)}, ["--dead-at", "C13,A11", "--alive-at", "F13"]),
        ({"check": True}, ["--check"]),
        ({"rules": "Japaneese"}, ["--rules", "japanese"]),
    ],
)
def test_options_are_the_command_lines(options, flags):
    if options.get("rules") == "Japaneese":
        # Python takes every spelling RU may give, as the web board does.
        assert arbiter.judge("go", GAME, **options) == cli_records(["go", "--rules", "japanese", GAME])
        return
    assert arbiter.judge("go", GAME, **options) == cli_records(["go", *flags, GAME])


def test_a_marked_record_counts_as_marked_when_asked():
    marked = str(EXAMPLES / "go-marked.sgf")
    counted = arbiter.go.score(marked, maps=False)
    assert counted["result"] == "B+5"
    assert counted["markup_differs"] == [{"points": ["A5"], "marked": None, "counted": "black"}]
    as_marked = arbiter.go.score(marked, territory="markup", maps=False)
    assert (as_marked["result"], as_marked["territory_from"]) == ("B+4", "markup")
    assert arbiter.judge("go", marked, territory="markup") == cli_records(
        ["go", "--territory", "markup", marked]
    )


def test_hex_solve_gives_the_solvers_record():
    position = b"1\n4\n....\n.R..\n....\n..B.\n"
    answer = arbiter.judge("hex", position, solve=True, budget=0)
    assert untimed(answer) == untimed(cli_records(["hex", "--solve", "--budget", "0"], position))
    assert answer[0]["winning_moves"]


def test_unknown_games_options_and_values_are_value_errors():
    with pytest.raises(ValueError, match="no game is called 'chess'"):
        arbiter.judge("chess", "1\n")
    with pytest.raises(ValueError, match="no option colour for go"):
        arbiter.judge("go", "(;SZ[9])", colour="black")
    with pytest.raises(ValueError, match="komi=lots"):
        arbiter.judge("go", "(;SZ[9])", komi="lots")
    with pytest.raises(ValueError, match="dead=maybe: markup, estimate, playouts or none"):
        arbiter.judge("go", "(;SZ[9])", dead="maybe")
    with pytest.raises(ValueError, match="at_move=0: a whole number from 1"):
        arbiter.judge("go", "(;SZ[9])", at_move=0)
    with pytest.raises(TypeError, match="option komi: dict"):
        arbiter.judge("go", "(;SZ[9])", komi={})
    with pytest.raises(TypeError, match="an input is text, bytes or a path, not int"):
        arbiter.judge("go", 3)
    with pytest.raises(ValueError, match="network=/nowhere.bin.gz"):
        arbiter.judge("go", "(;SZ[9])", network="/nowhere.bin.gz")


def test_an_error_names_its_case_line_and_column_and_keeps_the_records_before():
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge("hex", "2\n1\nR\n1\nX\n")
    error = caught.value
    assert str(error) == "case 2, line 5, column 1: expected 'R', 'B' or '.', found 'X'"
    assert (error.game, error.line, error.column, error.move, error.file) == (2, 5, 1, None, None)
    assert [record["verdict"] for record in error.records] == ["Red wins"]
    assert isinstance(error, ValueError)
    # The command line says the same.
    done = run_cli(["hex"], b"2\n1\nR\n1\nX\n")
    assert done.returncode != 0
    assert str(error) in done.stderr.decode()


def test_a_records_error_names_its_game_and_move():
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge("go", "(;SZ[9];B[ee])(;SZ[9];B[ee];W[ee])")
    error = caught.value
    assert (error.game, error.move) == (2, 2)
    assert "onto a black stone" in str(error)
    assert len(error.records) == 1


def test_an_sgf_syntax_error_names_its_line_column_and_byte():
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge("go", "(;SZ[9]\n;B[ee]W[")
    error = caught.value
    assert (error.game, error.line, error.column, error.byte) == (1, 2, 9, 16)
    assert str(error).startswith("game 1, line 2, column 9 (byte 16): ")
    assert str(error) in run_cli(["go"], b"(;SZ[9]\n;B[ee]W[").stderr.decode()


def test_a_file_that_cannot_be_read_is_named(tmp_path):
    missing = tmp_path / "missing.sgf"
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge("go", missing)
    assert caught.value.file == str(missing)
    assert str(caught.value).startswith(str(missing))
    empty = tmp_path / "empty.sgf"
    empty.write_text("no game here")
    with pytest.raises(arbiter.InputError, match="holds no SGF game tree"):
        arbiter.judge("go", empty)


def test_an_error_pickles_whole():
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge("hex", "2\n1\nR\n1\nX\n")
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value)
    assert (again.line, again.column, again.game) == (5, 1, 2)
    assert again.records == caught.value.records


def test_warnings_are_input_warnings():
    fox = DATA / "go" / "records" / "fox-2018-06-22-jinmao-b+1.5.sgf"
    with pytest.warns(arbiter.InputWarning, match=r"game 1: KM\[750\] read as komi 7.5"):
        record = arbiter.judge("go", fox)[0]
    assert record["komi"] == 7.5
    assert "warning: game 1: KM[750]" in run_cli(["go", fox]).stderr.decode()


def test_a_string_is_a_path_when_it_names_a_file_else_text(tmp_path):
    path = tmp_path / "board.in"
    path.write_text("1\n1\nR\n")
    assert arbiter.judge("hex", str(path))[0]["verdict"] == "Red wins"
    # A string that looks like a path and names no file is an error naming it, not text.
    with pytest.raises(FileNotFoundError) as missing:
        arbiter.judge("hex", str(tmp_path / "missing.in"))
    assert missing.value.filename == str(tmp_path / "missing.in")
    with pytest.raises(FileNotFoundError):
        arbiter.go.score("games/nope.sgf")
    with pytest.raises(IsADirectoryError):
        arbiter.judge("hex", str(tmp_path))
    # One line without a separator or an input's extension is text.
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge("hex", "missing")
    assert caught.value.file is None and caught.value.line == 1
    assert arbiter.judge("hex", "https://trmph.com/hex/board#2,a1b2a2")[0]["verdict"] == "Red wins"
    assert arbiter.judge("hex", bytearray(b"1\n1\nB\n"))[0]["verdict"] == "Blue wins"


def test_judge_files_gives_the_records_of_many_files_in_order(tmp_path):
    files = sorted((DATA / "go" / "records").glob("*.sgf"))
    expected = cli_records(["go", *files])
    with pytest.warns(arbiter.InputWarning):
        assert arbiter.judge_files(files) == expected
    with pytest.warns(arbiter.InputWarning):
        assert arbiter.judge_files(files[::-1], jobs=1) == cli_records(["go", *files[::-1]])
    with pytest.warns(arbiter.InputWarning):
        pattern = str(DATA / "go" / "records" / "*.sgf")
        assert arbiter.judge_files(pattern) == expected


def test_judge_files_goes_on_past_a_bad_file(tmp_path):
    good = tmp_path / "good.sgf"
    good.write_text("(;SZ[9]KM[6.5]RE[B+73.5];B[ee];W[];B[])")
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;SZ[9];B[ee](;W[dd])(;W[ff]))(;SZ[9];B[ee];W[ee])")
    files = [bad, good, tmp_path / "missing.sgf", good]
    with pytest.raises(arbiter.InputError) as caught:
        arbiter.judge_files(files)
    assert caught.value.file == str(bad)
    assert [r["file"] for r in caught.value.records] == [str(bad), str(good), str(good)]
    kept = arbiter.judge_files(files, errors="keep")
    assert [r["file"] for r in kept] == [str(bad), str(bad), str(good), str(tmp_path / "missing.sgf"), str(good)]
    assert "error" in kept[1] and kept[1]["game"] == 2
    assert "error" in kept[3]
    with pytest.raises(ValueError, match="errors='ignore'"):
        arbiter.judge_files(files, errors="ignore")
    with pytest.raises(ValueError, match="jobs: at least 1"):
        arbiter.judge_files(files, jobs=0)


def test_the_gil_is_released_while_judging():
    """Another Python thread runs while arbiter solves: it counts on throughout."""
    counted = []
    done = threading.Event()

    def count():
        n = 0
        while not done.is_set():
            n += 1
            if n % 1000 == 0:
                counted.append(time.perf_counter())

    counter = threading.Thread(target=count)
    counter.start()
    try:
        started = time.perf_counter()
        arbiter.hex.solve("1\n6\n" + "......\n" * 6, budget=0)
        ended = time.perf_counter()
    finally:
        done.set()
        counter.join()
    during = [t for t in counted if started < t < ended]
    # Held, the GIL would let the counter run only at Python's switch points around the
    # call: a handful of counts, not a count every few milliseconds of the solve.
    assert ended - started > 0.05
    assert len(during) > 10


def test_the_versions_and_games():
    assert arbiter.GAMES == ("hex", "gioco", "go", "cheesy")
    assert run_cli(["--version"]).stdout.decode().split()[-1] == arbiter.__version__
    assert arbiter.options("go")[:3] == ["rules", "komi", "dead"]
    assert arbiter.options("cheesy") == []


def test_a_pattern_that_matches_nothing_is_an_error_or_a_warning(tmp_path):
    pattern = str(tmp_path / "nothing" / "*.sgf")
    with pytest.raises(FileNotFoundError, match="no file matches the pattern"):
        arbiter.judge_files(pattern)
    with pytest.warns(arbiter.InputWarning, match="no file matches the pattern"):
        assert arbiter.judge_files(pattern, errors="keep") == []
    # An empty list of files is no pattern: nothing to judge, nothing to say.
    assert arbiter.judge_files([]) == []
