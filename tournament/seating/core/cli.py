"""``python -m tournament.seating plan|swiss [--batch]``: the JSON interface (interfaces.md).

One JSON object in, one answer line out; with ``--batch`` JSON Lines in, one answer line per
input line, in order, never stopping at a bad case. Exit 0 when every case was answered
(``"ok": false`` included), 2 on unusable arguments. A bad case is answered
``{"ok": false, "error_code": ..., "error": ...}``; only a bug (an assertion) is reported as
``internal_error`` - still an answer, never a crash of the whole batch.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .errors import SeatingError
from .options import PlanOptions, SwissOptions
from .planner import plan
from .swiss import swiss

USAGE = "usage: python -m tournament.seating plan|swiss [--batch]"


def answer_plan(data: Any) -> dict[str, Any]:
    options = PlanOptions.from_mapping(data)
    result = plan(options)
    out: dict[str, Any] = {"ok": True, "rounds": result.rounds}
    if options.metrics:
        out["metrics"] = result.quality.as_dict()
    return out


def answer_swiss(data: Any) -> dict[str, Any]:
    options = SwissOptions.from_mapping(data)
    result = swiss(options)
    out: dict[str, Any] = {"ok": True, "round": result.round}
    if options.metrics:
        out["metrics"] = {
            "rank_spread": result.rank_spread,
            "repeated_meetings": result.repeated_meetings,
            "repeated_table_visits": result.repeated_table_visits,
        }
    return out


COMMANDS: dict[str, Callable[[Any], dict[str, Any]]] = {"plan": answer_plan, "swiss": answer_swiss}


def answer(command: str, line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:
        # ValueError covers JSONDecodeError and a number of more digits than Python converts;
        # RecursionError deeply nested brackets, which the parser follows by recursion.
        reason = "it is nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        return {
            "ok": False,
            "error_code": "invalid_json",
            "error": f"the input is not JSON: {reason[:200]}",
        }
    try:
        return COMMANDS[command](data)
    except SeatingError as exc:
        return {"ok": False, "error_code": exc.code, "error": exc.message()}
    except Exception as exc:
        return {
            "ok": False,
            "error_code": "internal_error",
            "error": f"the seating core failed on this case ({type(exc).__name__}); "
            "please report it with the input",
        }


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    batch = "--batch" in args
    rest = [a for a in args if a != "--batch"]
    if len(rest) != 1 or rest[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 2
    command = rest[0]
    if batch:
        for line in stdin:
            if line.strip():
                stdout.write(json.dumps(answer(command, line)) + "\n")
                stdout.flush()
    else:
        stdout.write(json.dumps(answer(command, stdin.read())) + "\n")
    return 0
