"""``python -m scoring.rules hand|game|final [--batch]``: the JSON interface of the core.

JSON in on standard input, one JSON answer per line on standard output
(shared/design/interfaces.md).  Without ``--batch`` the whole input is one request; with
``--batch`` every input line is a request and gets one answer line, in order.  A bad request
is answered ``{"ok": false, "error_code": ..., "error": ...}``; a bug in the core is answered
with ``error_code`` ``internal_error`` and never stops a batch.  Exit status 0 when every
request was answered, 2 on unusable arguments.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from scoring.rules.errors import INVALID_INPUT, RuleViolation

INTERNAL_ERROR = "internal_error"
USAGE = "usage: python -m scoring.rules {hand|game|final} [--batch] < request.json"


def _hand(request: dict[str, Any]) -> dict[str, Any]:
    # Imported when needed: the hand evaluator is the heaviest module of the core.
    from scoring.rules.hand import evaluate_hand

    return evaluate_hand(request)


def _game(request: dict[str, Any]) -> dict[str, Any]:
    # Imported when needed: a request loads only the evaluator it asks for.
    from scoring.rules.sheet import evaluate_game

    return evaluate_game(request)


def _final(request: dict[str, Any]) -> dict[str, Any]:
    # Imported when needed: a request loads only the evaluator it asks for.
    from scoring.rules.final import evaluate_final

    return evaluate_final(request)


COMMANDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "hand": _hand,
    "game": _game,
    "final": _final,
}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in JSON")


# An error sentence is cut here: a message quoting a bug's exception could be any size.
_MAX_MESSAGE = 1000


def _error(code: str, message: str) -> dict[str, Any]:
    if len(message) > _MAX_MESSAGE:
        message = message[:_MAX_MESSAGE] + "..."
    return {"ok": False, "error_code": code, "error": message}


def answer(command: str, text: str) -> dict[str, Any]:
    """The answer to one request given as JSON text; never raises for any ``text``."""
    try:
        request = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as exc:
        return _error(INVALID_INPUT, f"the request is not valid JSON: {exc}")
    if not isinstance(request, dict):
        return _error(INVALID_INPUT, "the request must be a JSON object")
    return answer_request(command, request)


def answer_request(command: str, request: dict[str, Any]) -> dict[str, Any]:
    """The answer to one parsed request; a violation or a bug becomes an ``ok: false``."""
    try:
        try:
            return COMMANDS[command](request)
        except RuleViolation as violation:
            # Inside the outer try: the sentence is made here from the request's values.
            return _error(violation.code, violation.message)
    except Exception as exc:  # a bug in the core must not stop a batch (interfaces.md)
        return _error(INTERNAL_ERROR, f"internal error: {type(exc).__name__}: {_said(exc)}")


def _said(exc: Exception) -> str:
    """What the exception says, or nothing if even that fails (deep or huge values)."""
    try:
        return str(exc)[:_MAX_MESSAGE]
    except Exception:
        return ""


def _write(out: TextIO, data: dict[str, Any]) -> None:
    try:
        # allow_nan=False: NaN and Infinity are not JSON; an answer holding one is a bug.
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                # A lone surrogate ("\udcff" in the request) is no UTF-8 character: it
                # is written escaped, as JSON allows.
                text = json.dumps(data, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as exc:
        text = json.dumps(
            _error(INTERNAL_ERROR, f"internal error: the answer is not JSON: {_said(exc)}")
        )
    out.write(text + "\n")
    out.flush()


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    source = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    batch = "--batch" in args
    rest = [a for a in args if a != "--batch"]
    if len(rest) != 1 or rest[0] not in COMMANDS or args.count("--batch") > 1:
        sys.stderr.write(USAGE + "\n")
        return 2
    command = rest[0]
    if not batch:
        _write(out, answer(command, source.read()))
        return 0
    for line in source:
        _write(out, answer(command, line))
    return 0
