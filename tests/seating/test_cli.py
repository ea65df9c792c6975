"""The JSON command line, driven as other tools drive it (interfaces.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tournament.seating.core.metrics import repeated_meetings

from .helpers import assert_everyone_once

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournament.seating", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_plan_answers_the_documented_shape():
    done = run(["plan"], json.dumps({"players": 24, "rounds": 6, "seed": 1, "tables": None}))
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    assert answer["ok"] is True
    assert len(answer["rounds"]) == 6
    assert_everyone_once(answer["rounds"], range(24))
    assert repeated_meetings(answer["rounds"]) == 0
    again = json.loads(run(["plan"], json.dumps({"players": 24, "rounds": 6, "seed": 1})).stdout)
    assert again["rounds"] == answer["rounds"]


def test_plan_metrics_field_on_request():
    answer = json.loads(
        run(["plan"], json.dumps({"players": 16, "rounds": 5, "metrics": True})).stdout
    )
    assert answer["metrics"]["repeated_meetings"] == 0
    assert answer["metrics"]["meeting_histogram"] == {"0": 0, "1": 120}
    assert answer["metrics"]["max_wind_imbalance"] <= 1


def test_swiss_answers_one_round():
    standings = list(range(16))
    done = run(
        ["swiss"], json.dumps({"players": 16, "standings": standings, "history": [], "seed": 1})
    )
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer["ok"] is True
    assert [sorted(t) for t in answer["round"]] == [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
        [12, 13, 14, 15],
    ]


def test_batch_answers_every_line_in_order_without_stopping():
    cases = [
        json.dumps({"players": 8, "rounds": 1, "seed": 1}),
        json.dumps({"players": 42, "rounds": 3}),
        "this is not json",
        json.dumps({"players": 8, "rounds": 1, "speed": "max"}),
        json.dumps([1, 2, 3]),
        json.dumps({"players": 12, "rounds": 2, "seed": 4}),
    ]
    done = run(["plan", "--batch"], "\n".join(cases) + "\n")
    assert done.returncode == 0
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False, False, False, True]
    assert answers[1]["error_code"] == "players_not_multiple_of_four"
    assert "42 players" in answers[1]["error"]
    assert answers[2]["error_code"] == "invalid_json"
    assert answers[3]["error_code"] == "unknown_option"
    assert "speed" in answers[3]["error"]
    assert answers[4]["error_code"] == "invalid_input"
    assert len(answers[5]["rounds"]) == 2


def test_unusable_arguments_exit_2():
    assert run(["shuffle"], "{}").returncode == 2
    assert run([], "{}").returncode == 2
    assert run(["plan", "swiss"], "{}").returncode == 2


def test_core_imports_no_django():
    code = (
        "import sys, tournament.seating, tournament.seating.core.cli; "
        "bad = [m for m in sys.modules if m.split('.')[0] == 'django']; "
        "assert not bad, bad"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_absurd_sizes_are_refused_at_once_naming_the_limit():
    from tournament.seating.core.options import MAX_PLAYERS, MAX_ROUNDS, MAX_TABLES

    cases = [
        ("plan", {"players": 40, "rounds": 10000}, f"at most {MAX_ROUNDS}"),
        ("plan", {"players": 10**6, "rounds": 4}, f"at most {MAX_PLAYERS}"),
        ("plan", {"players": 40, "rounds": 4, "tables": 10**9}, f"at most {MAX_TABLES}"),
        ("plan", {"players": 10**30, "rounds": 4}, f"at most {MAX_PLAYERS}"),
        ("plan", {"players": 40, "rounds": 4, "seed": 10**30}, "at most"),
        ("swiss", {"players": 10**30, "standings": [0, 1, 2, 3]}, f"at most {MAX_PLAYERS}"),
    ]
    lines = "\n".join(json.dumps(data) for command, data, _ in cases if command == "plan") + "\n"
    done = run(["plan", "--batch"], lines)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    wanted = [text for command, _, text in cases if command == "plan"]
    assert len(answers) == len(wanted)
    for answer_, text in zip(answers, wanted, strict=True):
        assert answer_["ok"] is False
        assert answer_["error_code"] == "invalid_input"
        assert text in answer_["error"]
    swiss_answer = json.loads(run(["swiss"], json.dumps(cases[-1][1])).stdout)
    assert swiss_answer["error_code"] == "invalid_input"


def test_floats_nan_and_booleans_are_no_whole_numbers():
    lines = [
        '{"players": 40.0, "rounds": 4}',
        '{"players": 40, "rounds": NaN}',
        '{"players": 40, "rounds": Infinity}',
        '{"players": true, "rounds": 4}',
        '{"players": 40, "rounds": 4, "tables": 10.5}',
        '{"players": 40, "rounds": 4, "time_limit": NaN}',
        '{"players": 40, "rounds": 4, "seed": false}',
    ]
    done = run(["plan", "--batch"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert all(a["error_code"] == "invalid_input" for a in answers), answers


def test_deep_nesting_and_huge_numbers_answer_json_errors():
    nested = "[" * 100_000 + "]" * 100_000
    huge = '{"players": ' + "9" * 5000 + ', "rounds": 4}'
    inside = '{"players": 40, "rounds": 4, "history": ' + "[" * 100_000 + "]" * 100_000 + "}"
    done = run(["plan", "--batch"], "\n".join([nested, huge, inside]) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [False, False, False]
    assert all(a["error_code"] == "invalid_json" for a in answers)
    single = run(["swiss"], nested)
    assert single.returncode == 0
    assert json.loads(single.stdout)["error_code"] == "invalid_json"
