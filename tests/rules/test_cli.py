"""``python -m scoring.rules`` driven as a subprocess (shared/design/interfaces.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
GAME = {
    "ruleset": "ema2016",
    "players": PLAYERS,
    "hands": [
        {"ron": [{"winner": "Bob", "han": 3, "fu": 30}], "from": "Ann", "riichi": ["Bob"]},
        {"tsumo": {"winner": "Cid", "han": 1, "fu": 30}},
        {"draw": {"tenpai": ["Ann", "Cid"]}, "riichi": ["Ann"]},
        {"chombo": "Dee"},
        {"ron": [{"winner": "Ann", "yakuman": 1, "liable": "Cid"}], "from": "Bob"},
    ],
    "ended_by_time": True,
}
FINAL = {
    "ruleset": "ema2016",
    "points": {"Ann": 41000, "Bob": 27000, "Cid": 30000, "Dee": 21000},
    "riichi_left": 1,
}
HAND = {"ruleset": "ema2016", "tiles": "234m567p22s345678s", "win_tile": "8s"}


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring.rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def answers(result: subprocess.CompletedProcess[str]) -> list[dict]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_game_command():
    result = run("game", stdin=json.dumps(GAME, indent=2))
    assert result.returncode == 0
    [answer] = answers(result)
    assert answer["ok"] is True
    assert answer["penalty"]["Dee"] == -20.0
    assert [entry["round"] for entry in answer["log"]] == ["E1", "E2", "E3", "E3", "E3"]
    assert sum(answer["final"].values()) == 120000


def test_final_command():
    result = run("final", stdin=json.dumps(FINAL))
    assert result.returncode == 0
    [answer] = answers(result)
    assert answer["final"]["Ann"] == 42000
    assert answer["score"] == {"Ann": 27.0, "Bob": -8.0, "Cid": 5.0, "Dee": -24.0}


def test_hand_command_answers():
    result = run("hand", stdin=json.dumps(HAND))
    assert result.returncode == 0
    [answer] = answers(result)
    assert isinstance(answer["ok"], bool)
    assert answer.get("error_code") != "internal_error"


def test_game_refusal_is_an_answer_not_a_crash():
    bad = dict(GAME, ruleset="wrc2015")
    bad["hands"] = [
        {
            "ron": [{"winner": "Bob", "han": 1, "fu": 30}, {"winner": "Cid", "han": 1, "fu": 30}],
            "from": "Ann",
        }
    ]
    result = run("game", stdin=json.dumps(bad))
    assert result.returncode == 0
    [answer] = answers(result)
    assert answer == {
        "ok": False,
        "error_code": "not_allowed",
        "error": answer["error"],
    }
    assert answer["error"].startswith("hand 1 (E1): ")


def test_batch_keeps_going_after_a_bad_line():
    lines = [
        json.dumps(FINAL),
        "{this is not json",
        json.dumps({"points": {"Ann": 1}}),
        "[]",
        json.dumps(dict(FINAL, ruleset="wrc2015")),
    ]
    result = run("final", "--batch", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0
    out = answers(result)
    assert len(out) == 5
    assert [a["ok"] for a in out] == [True, False, False, False, True]
    assert [a.get("error_code") for a in out[1:4]] == ["invalid_input"] * 3
    assert out[4]["riichi_left"] == 1


def test_batch_game_answers_in_order():
    over = dict(GAME, ended_by_time=False)
    lines = [json.dumps(GAME), json.dumps(over), json.dumps(GAME)]
    result = run("--batch", "game", stdin="\n".join(lines))
    assert result.returncode == 0
    out = answers(result)
    assert [a["ok"] for a in out] == [True, False, True]
    assert out[1]["error_code"] == "game_not_over"


def test_bad_json_without_batch_is_answered():
    result = run("game", stdin="")
    assert result.returncode == 0
    assert answers(result)[0]["error_code"] == "invalid_input"


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("score",),
        ("game", "final"),
        ("game", "--fast"),
        ("--batch",),
        ("game", "--batch", "--batch"),
    ],
)
def test_unusable_arguments_exit_2(args):
    result = run(*args, stdin="{}")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "usage" in result.stderr
