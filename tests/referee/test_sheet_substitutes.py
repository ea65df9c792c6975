"""The score sheet follows the referee desk's substitutions (EMA 5.8): the form offers the
desk's mark, and what it previews is what is saved."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from referee import services
from scoring.models import TableResult


def sheet_url(session, table):
    url = reverse("scoring:sheet", args=[session.tournament.slug, session.number, table.number])
    return f"{url}?mode=final"


def post(points, subs, action="save"):
    data = {"version": 0, "riichi_left": 0, "reason": "", "mode": "final", "action": action}
    for i, p in enumerate(points):
        data[f"points_{i}"] = p
        data[f"chombo_{i}"] = 0
        data[f"substitute_{i}"] = subs[i]
    return data


def test_the_form_offers_the_desks_mark_and_previews_what_is_saved(
    client, referee, tournament, running, table1, players, reserve
):
    services.substitution_create(
        tournament=tournament,
        session=running,
        player=players[1],
        substitute=reserve,
        timing="during",
        user=None,
        reason="fell ill",
    )
    client.force_login(referee)
    form = client.get(sheet_url(running, table1)).context["form"]
    # A seated reserve would be offered "start"; the desk says "during".
    marks = [form.initial[f"substitute_{i}"] for i in range(4)]
    assert marks == ["", "during", "", ""]
    points = [35000, 40000, 25000, 20000]
    preview = client.post(sheet_url(running, table1), post(points, marks, "check"))
    shown = preview.context["result"]["seats"]
    # EMA 5.8: the substitute's -15 / -15; the others 15, 5, -5 although South won.
    assert [shown[s]["uma"] for s in "ESWN"] == [15.0, -15.0, 5.0, -5.0]
    assert client.post(sheet_url(running, table1), post(points, marks)).status_code == 302
    saved = TableResult.objects.filter(sheet__session=running, sheet__table=table1).order_by("wind")
    assert [r.uma for r in saved] == [Decimal(15), Decimal(-15), Decimal(5), Decimal(-5)]
    assert [r.score for r in saved] == [Decimal(20), Decimal(-30), Decimal(0), Decimal(-15)]
    assert [r.table_score for r in saved] == [Decimal(5), Decimal(-15), Decimal(-5), Decimal(-10)]
