"""A penalty's route works out the kind's rules once per request."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

import scoring.rules.penalties as core
from referee.models import Penalty


@pytest.fixture
def counted(monkeypatch):
    calls = []
    original = core.kind_rules

    def counting(ruleset):
        calls.append(ruleset)
        return original(ruleset)

    monkeypatch.setattr(core, "kind_rules", counting)
    return calls


@pytest.mark.parametrize(
    ("kind", "data", "points"),
    [
        ("late", {"minutes": "7"}, Decimal(-7)),  # EMA 5.7: 1 point a minute
        ("obstruction", {"amount": "8"}, Decimal(-8)),  # EMA 5.5: 8 or 12 points
        ("chombo", {}, Decimal(-20)),  # EMA 3.4.6: 20 points after uma
    ],
)
def test_logging_a_penalty_works_out_the_kind_s_rules_once(
    client, referee, tournament, running, players, counted, kind, data, points
):
    client.force_login(referee)
    target = reverse("referee:penalty_new", args=[tournament.slug, players[2].pk, kind])
    response = client.post(target + "?session=1", {"session": "1", **data})
    assert response.status_code == 302
    assert Penalty.objects.get().points == points
    assert len(counted) == 1


def test_a_refused_penalty_also_works_them_out_once(
    client, referee, tournament, running, players, counted
):
    client.force_login(referee)
    target = reverse("referee:penalty_new", args=[tournament.slug, players[2].pk, "obstruction"])
    response = client.post(target + "?session=1", {"session": "1", "amount": "10"})
    assert "An obstruction costs 8 or 12 points" in response.content.decode()
    assert len(counted) == 1
    assert not Penalty.objects.exists()
