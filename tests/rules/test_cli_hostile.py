"""Hostile requests to every command of ``python -m scoring.rules``: whatever a field holds
(huge or negative numbers, NaN and infinities, markup and control characters, wrong types,
lists for objects, deep nesting), the CLI answers one JSON line, ``ok`` or an
``error_code`` other than ``internal_error`` with a sentence naming the field, and never a
traceback (shared/design/interfaces.md: "A bad case never crashes the command").

The CLI's ``main`` is called in-process (fast); one subprocess test sends 100,000 nested
brackets.
"""

from __future__ import annotations

import copy
import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules.cli import COMMANDS, answer_request, main
from tests.rules.test_cli import FINAL, GAME, HAND

ROOT = Path(__file__).resolve().parents[2]
ERROR_CODES = {
    "invalid_input",
    "not_a_winning_hand",
    "no_yaku",
    "impossible_value",
    "not_allowed",
    "game_over",
    "game_not_over",
}

HAND_FULL = dict(
    HAND,
    melds=[],
    tsumo=False,
    riichi=True,
    seat_wind="S",
    round_wind="E",
    dora_indicators="1m",
    ura_dora_indicators="",
)
HAND_WITH_MELD = dict(
    HAND, tiles="567p22s345678s", melds=[{"kind": "chi", "tiles": "234m"}], riichi=False
)
FINAL_FULL = dict(
    FINAL,
    chombo=["Dee"],
    substitutes={"Cid": "start"},
    overrides={"uma": [15, 5, -5, -15], "chombo_points": -20, "start_points": 30000},
)
GAME_FULL = dict(GAME, substitutes={"Cid": "during"}, overrides={"honba_points": 300})

# (command, base request, path of the field made hostile, words one of which the error
# names).  A path is a tuple of keys and list indices.
Case = tuple[str, dict[str, Any], tuple[Any, ...], tuple[str, ...]]
CASES: list[Case] = [
    *(
        ("hand", HAND_FULL, (field,), (field,))
        for field in (
            "ruleset",
            "tiles",
            "win_tile",
            "tsumo",
            "riichi",
            "seat_wind",
            "round_wind",
            "dora_indicators",
            "ura_dora_indicators",
        )
    ),
    ("hand", HAND_FULL, ("chankan",), ("chankan",)),
    ("hand", HAND_FULL, ("melds",), ("meld",)),  # "melds must be a list", "meld 1 must..."
    ("hand", HAND_WITH_MELD, ("melds", 0), ("meld 1",)),
    ("hand", HAND_WITH_MELD, ("melds", 0, "kind"), ("meld 1",)),
    ("hand", HAND_WITH_MELD, ("melds", 0, "tiles"), ("meld 1",)),
    ("final", FINAL_FULL, ("ruleset",), ("ruleset",)),
    ("final", FINAL_FULL, ("points",), ("points",)),
    ("final", FINAL_FULL, ("points", "Dee"), ("points",)),
    # A valid number of sticks that does not fit the points: the sentence names the sticks.
    ("final", FINAL_FULL, ("riichi_left",), ("riichi_left", "riichi stick")),
    ("final", FINAL_FULL, ("chombo",), ("chombo",)),
    ("final", FINAL_FULL, ("chombo", 0), ("chombo",)),
    ("final", FINAL_FULL, ("substitutes",), ("substitutes",)),
    ("final", FINAL_FULL, ("substitutes", "Cid"), ("substitutes",)),
    ("final", FINAL_FULL, ("overrides",), ("overrides",)),
    ("final", FINAL_FULL, ("overrides", "uma"), ("uma",)),
    ("final", FINAL_FULL, ("overrides", "chombo_points"), ("chombo_points",)),
    # Other start points make the points add up wrong: the sentence says what they start with.
    ("final", FINAL_FULL, ("overrides", "start_points"), ("start_points", "starting with")),
    ("game", GAME_FULL, ("ruleset",), ("ruleset",)),
    ("game", GAME_FULL, ("players",), ("players",)),
    ("game", GAME_FULL, ("players", 0), ("players",)),
    ("game", GAME_FULL, ("hands",), ("hands", "hand 1")),
    ("game", GAME_FULL, ("hands", 0), ("hand 1",)),
    ("game", GAME_FULL, ("hands", 0, "ron"), ("hand 1",)),
    ("game", GAME_FULL, ("hands", 0, "ron", 0), ("hand 1",)),
    ("game", GAME_FULL, ("hands", 0, "ron", 0, "winner"), ("winner",)),
    ("game", GAME_FULL, ("hands", 0, "ron", 0, "han"), ("han",)),
    ("game", GAME_FULL, ("hands", 0, "ron", 0, "fu"), ("fu",)),
    ("game", GAME_FULL, ("hands", 0, "from"), ("from",)),
    ("game", GAME_FULL, ("hands", 0, "riichi"), ("riichi",)),
    ("game", GAME_FULL, ("hands", 1, "tsumo"), ("hand 2",)),
    ("game", GAME_FULL, ("hands", 1, "tsumo", "han"), ("han",)),
    ("game", GAME_FULL, ("hands", 2, "draw"), ("draw",)),
    ("game", GAME_FULL, ("hands", 2, "draw", "tenpai"), ("tenpai",)),
    ("game", GAME_FULL, ("hands", 3, "chombo"), ("chombo",)),
    ("game", GAME_FULL, ("hands", 4, "ron", 0, "yakuman"), ("yakuman",)),
    ("game", GAME_FULL, ("hands", 4, "ron", 0, "liable"), ("liable",)),
    ("game", GAME_FULL, ("ended_by_time",), ("ended_by_time",)),
    ("game", GAME_FULL, ("substitutes",), ("substitutes",)),
    ("game", GAME_FULL, ("overrides", "honba_points"), ("honba_points",)),
]
CASE_IDS = ["-".join(map(str, (command, *path))) for command, _base, path, _words in CASES]


def nested(depth: int, leaf: Any) -> Any:
    """``leaf`` inside ``depth`` lists and objects, alternately."""
    for level in range(depth):
        leaf = [leaf] if level % 2 else {"x": leaf}
    return leaf


MARKUP = st.sampled_from(
    [
        "<script>alert(1)</script>",
        '"><img src=x onerror=alert(1)>',
        "{field}",
        "{0}{value!r}",
        "%s%d",
        "\x00\x07\x1b[31m\r\n\t",
        "\u202e\ufeff\ud7ff",
        "Robert'); DROP TABLE players;--",
        "x" * 5000,
    ]
)
HOSTILE = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([10**30, -(10**30), 2**63, -1, 0, 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.inf, -math.inf, math.nan, 1e30, -1e30, 1e-300]),
    st.booleans(),
    st.none(),
    st.text(max_size=40),
    st.sampled_from(["\udcff", "Ann\ud800", "\U0001f004"]),  # lone surrogates, a tile
    MARKUP,
    st.lists(st.integers() | st.text(max_size=5), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
    st.builds(nested, st.integers(1, 400), st.integers() | st.text(max_size=3) | st.none()),
)


def with_value(base: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    request = copy.deepcopy(base)
    target: Any = request
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return request


def to_json(value: Any) -> str:
    """JSON text of a request, infinities written as 1e400 (which json reads as inf; a
    string holding the word is changed too, which does no harm)."""
    return json.dumps(value).replace("Infinity", "1e400")


def run_main(command: str, text: str, *flags: str) -> list[dict[str, Any]]:
    """``main`` in-process: exit status 0 and one JSON answer per line written."""
    out = io.StringIO()
    assert main([command, *flags], io.StringIO(text), out) == 0
    out.getvalue().encode("utf-8")  # writable to a strict UTF-8 stream (no lone surrogate)
    # Lines end with "\n" only: str.splitlines would also cut at U+2028 and the like,
    # which an answer may quote unescaped (ensure_ascii=False).
    return [json.loads(line) for line in out.getvalue().split("\n")[:-1]]


def check_answer(answer: dict[str, Any], words: tuple[str, ...]) -> None:
    assert isinstance(answer["ok"], bool)
    if answer["ok"]:
        return  # the value happened to be a valid one
    assert set(answer) == {"ok", "error_code", "error"}
    assert answer["error_code"] in ERROR_CODES, answer
    assert isinstance(answer["error"], str) and len(answer["error"]) <= 1100
    assert any(word in answer["error"] for word in words), answer


HOSTILE_SETTINGS = settings(
    max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@HOSTILE_SETTINGS
@given(case=st.sampled_from(CASES), value=HOSTILE)
def test_main_answers_any_value_in_any_field(case: Case, value: Any):
    command, base, path, words = case
    request = with_value(base, path, value)
    if isinstance(value, float) and math.isnan(value):
        # JSON has no NaN (the CLI refuses the constant as bad JSON); a program calling
        # the core directly can still pass one.
        answer = answer_request(command, request)
        json.dumps(answer, allow_nan=False)
        check_answer(answer, words)
        return
    [answer] = run_main(command, to_json(request))
    check_answer(answer, words)


@HOSTILE_SETTINGS
@given(case=st.sampled_from(CASES), value=HOSTILE)
def test_the_core_called_directly_names_the_field(case: Case, value: Any):
    # The Django bridge calls answer_request with Python values (NaN and huge ints that
    # JSON text cannot carry included); the answer must still be JSON.
    command, base, path, words = case
    answer = answer_request(command, with_value(base, path, value))
    json.dumps(answer, allow_nan=False)
    check_answer(answer, words)


@settings(max_examples=100, deadline=None)
@given(
    command=st.sampled_from(sorted(COMMANDS)),
    request=st.one_of(
        HOSTILE,
        st.dictionaries(st.text(max_size=10), HOSTILE, max_size=4),
        st.lists(HOSTILE, max_size=3),
    ),
)
def test_whole_request_hostile(command: str, request: Any):
    [answer] = run_main(command, to_json(request))
    assert isinstance(answer["ok"], bool)
    if not answer["ok"]:
        assert answer["error_code"] in ERROR_CODES, answer


@settings(max_examples=50, deadline=None)
@given(
    command=st.sampled_from(sorted(COMMANDS)),
    lines=st.lists(
        st.one_of(
            st.sampled_from(
                [
                    "",
                    "NaN",
                    '{"points": NaN}',
                    '{"tiles": Infinity}',
                    "[" * 5000,
                    "{" * 3000 + "}" * 3000,
                    "\x00",
                    '{"a": 1e400}',
                    "1" * 5000,
                ]
            ),
            st.text(max_size=30).map(lambda t: t.replace("\n", " ").replace("\r", " ")),
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_batch_answers_every_line(command: str, lines: list[str]):
    answers = run_main(command, "\n".join(lines) + "\n", "--batch")
    assert len(answers) == len(lines)
    for answer in answers:
        assert answer["ok"] is False
        assert answer["error_code"] == "invalid_input", answer


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_json_constants_are_not_numbers(command: str, constant: str):
    text = '{"points": {"Dee": CONSTANT}, "tiles": CONSTANT}'.replace("CONSTANT", constant)
    [answer] = run_main(command, text)
    assert answer["error_code"] == "invalid_input"
    assert constant.lstrip("-") in answer["error"]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_deep_nesting_in_a_subprocess(command: str):
    # 100,000 nested brackets: json gives up with a RecursionError, which the CLI turns
    # into an answer (not a traceback).
    text = '{"points": ' + "[" * 100_000 + "]" * 100_000 + "}"
    result = subprocess.run(
        [sys.executable, "-m", "scoring.rules", command],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert result.stderr == ""
    [line] = result.stdout.splitlines()
    answer = json.loads(line)
    assert answer["ok"] is False
    assert answer["error_code"] == "invalid_input"
    assert "JSON" in answer["error"]


def test_a_lone_surrogate_is_written_escaped():
    # "\udcff" is valid JSON but no UTF-8 character: a strict UTF-8 stdout must still
    # get the answer.
    request = '{"players": ["\\udcff", "Bob", "Cid", "Dee"], "hands": [], "ended_by_time": true}'
    result = subprocess.run(
        [sys.executable, "-m", "scoring.rules", "game"],
        input=request,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.returncode == 0, result.stderr
    [line] = result.stdout.splitlines()
    assert json.loads(line)["final"]["\udcff"] == 30000
