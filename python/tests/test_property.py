"""Any bytes through arbiter.judge, for every game: records or an InputError, never
another exception and never a crash of the interpreter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import arbiter

#: Bytes that look like each game's inputs, so that readers get past their first line.
PREFIXES = [b"", b"1\n", b"1\n3\n", b"(;", b"(;SZ[9]", b"(;FF[4]GM[11]SZ[5];B[", b"9 ", b"2\n..\n", b"3 1 1\n"]


@pytest.mark.filterwarnings("ignore::arbiter.InputWarning")
@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(arbiter.GAMES),
    prefix=st.sampled_from(PREFIXES),
    body=st.binary(max_size=200),
)
def test_any_bytes_give_records_or_an_input_error(game, prefix, body):
    try:
        records = arbiter.judge(game, prefix + body)
    except arbiter.InputError as error:
        assert str(error)
        assert all(isinstance(record, dict) for record in error.records)
    else:
        assert all(record["game"] == game for record in records)


@pytest.mark.filterwarnings("ignore::arbiter.InputWarning")
@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet="()[];BWSZKMRE0123456789abcdefghijs.\n ", max_size=120))
def test_any_sgf_like_text_gives_a_score_or_an_input_error(text):
    try:
        arbiter.judge("go", "(;SZ[9]" + text, rules="chinese")
    except arbiter.InputError:
        pass
