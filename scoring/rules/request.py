"""Checks of JSON requests shared by the ``game`` and ``final`` commands.

A request field with a wrong type or an unknown key is a ``RuleViolation("invalid_input")``
whose message names the field, so that a typo (``"liabel"``) is never silently ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.i18n import N_
from scoring.rules.rulesets import DEFAULT_RULESET, Ruleset, get_ruleset


def invalid(template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, "bad_request", template, **params)


def check_keys(data: Any, allowed: Iterable[str], what: str) -> None:
    """``data`` is an object whose keys are all in ``allowed``."""
    if not isinstance(data, dict):
        raise invalid(N_("{what} must be a JSON object"), what=what)
    unknown = sorted(str(k) for k in data if k not in set(allowed))
    if unknown:
        raise invalid(
            N_("unknown field(s) in {what}: {unknown}"), what=what, unknown=", ".join(unknown)
        )


def ruleset_of(request: dict[str, Any]) -> Ruleset:
    """The request's ``ruleset`` preset (default ema2016) with its optional ``overrides``."""
    name = request.get("ruleset", DEFAULT_RULESET)
    overrides = request.get("overrides", {})
    if not isinstance(overrides, dict):
        raise invalid(N_("overrides must be an object of ruleset parameters"))
    get_ruleset(name)  # an unknown name is the ruleset's fault, not the overrides'
    try:
        return get_ruleset(name, **{str(k): v for k, v in overrides.items()})
    except RuleViolation as exc:
        raise exc.located("field", name="overrides") from None


def parse_players(players: Any) -> list[str]:
    """Four different non-empty names, first East, South, West, North."""
    if (
        not isinstance(players, list)
        or len(players) != 4
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise invalid(N_("players must be the four players' names, East, South, West, North"))
    if len(set(players)) != 4:
        raise invalid(N_("the four players' names must be different"))
    return list(players)
