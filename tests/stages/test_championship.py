"""Championship stages at the service and page level: the championship of ``scenario.py``
under EMA 2016 and WRC 2015, from the cut to the final ranking and the EMA file, with the
stream page's state followed hand by hand through the desk's guided entry."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from results.models import Stage, StageEntry
from results.standings.selectors import standings
from scoring.models import ScoreSheet
from tests.scoring_app.test_hands_sheet import hands_post
from tests.stages import scenario
from tournament.models import Player, Seat


def names(rows) -> list[str]:
    return [row.player.first_name for row in rows]


def tables_of(tournament, number: int) -> list[list[str]]:
    seats = Seat.objects.filter(session__tournament=tournament, session__number=number)
    out: dict[int, list[str]] = {}
    for seat in seats.select_related("player", "table").order_by("table__number", "wind"):
        out.setdefault(seat.table.number, []).append(seat.player.first_name)
    return list(out.values())


def post(client, name: str, *args, data=None):
    response = client.post(reverse(f"tournament:{name}", args=args), data or {})
    assert response.status_code == 302, getattr(response, "content", b"")[:2000]
    return response


def stream(client, tournament) -> dict:
    response = client.get(reverse("tournament:stream_state", args=[tournament.slug]))
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize("ruleset", ["ema2016", "wrc2015"])
def test_a_championship_from_the_cut_to_the_ema_file(
    client, tournament, organiser, referee, ruleset
):
    slug = tournament.slug
    players = scenario.build_preliminaries(tournament, ruleset=ruleset, user=referee)
    # The preliminary standings: B1 and C1 share place 16 on 0.5 (scenario.py).
    prelim = standings(tournament, after_session=6)
    sixteenth = [row for row in prelim.rows if row.rank == 16]
    assert {r.player.first_name for r in sixteenth} == {"B1", "C1"}
    assert {r.total for r in sixteenth} == {Decimal("0.5")}

    client.force_login(organiser)
    post(client, "stages", slug, data=scenario.SEMI)
    post(client, "stages", slug, data=scenario.FINAL)
    semi, final = Stage.objects.filter(tournament=tournament).order_by("order")
    assert (final.carry, final.fraction) == ("fraction", Decimal("0.5"))

    # The cut: the rule parts the tie (C1 has a first place), no lot drawn.
    post(client, "stage_cut", slug, semi.order)
    semi.refresh_from_db()
    entries = list(semi.entries.order_by("seed").values_list("player__first_name", flat=True))
    assert entries[-1] == "C1" and "B1" not in entries and len(entries) == 16
    assert semi.cut_lots == []
    page = client.get(reverse("tournament:stages", args=[slug])).content.decode()
    assert "Next in line" in page and "B1 Stage" in page.split("Next in line")[1]
    # Once cut, the standings put the semi-finalists first; the standings after session 6
    # stay the preliminary ones.
    now = standings(tournament)
    assert names(now.rows)[15:17] == ["C1", "B1"]
    assert [row.rank for row in now.rows[15:17]] == [16, 17]
    assert [
        r.rank
        for r in standings(tournament, after_session=6).rows
        if r.player.first_name in ("B1", "C1")
    ] == [16, 16]

    # Semi-finals seated by standing, 1-4 / 5-8 / …
    post(client, "stage_seat", slug, semi.order, 7)
    assert tables_of(tournament, 7) == scenario.SESSION_7
    scenario.enter_semi_session(tournament, 7, user=referee)
    post(client, "stage_seat", slug, semi.order, 8)
    assert tables_of(tournament, 8) == scenario.SESSION_8
    scenario.enter_semi_session(tournament, 8, user=referee)

    post(client, "stage_cut", slug, final.order)
    assert list(
        StageEntry.objects.filter(stage=final)
        .order_by("seed")
        .values_list("player__first_name", flat=True)
    ) == ["A7", "A2", "A6", "A5"]
    post(client, "stage_seat", slug, final.order, 9)
    assert tables_of(tournament, 9) == [scenario.FINAL_TABLE]
    # The final's seating is a draft until the organiser publishes it: the stream waits.
    assert stream(client, tournament)["seats"] == []
    post(client, "session_seating_publish", slug, 9)

    # The stream shows a name only with the player's consent: East of the final table has
    # not given it, so the stream calls him by his seat wind, on the table and in the list.
    east = scenario.FINAL_TABLE[0]
    Player.objects.filter(tournament=tournament).exclude(first_name=east).update(
        consent_stream=True
    )
    state = stream(client, tournament)
    assert [s["name"] for s in state["seats"]] == ["East"] + [
        f"{n} Stage" for n in scenario.FINAL_TABLE[1:]
    ]
    assert f"{east} Stage" not in str(state)
    Player.objects.filter(first_name=east).update(consent_stream=True)
    cache.clear()
    # The stream before the first hand: the four, 30,000 each, East 1, the carried totals.
    state = stream(client, tournament)
    assert [s["name"] for s in state["seats"]] == [f"{n} Stage" for n in scenario.FINAL_TABLE]
    assert [s["points"] for s in state["seats"]] == [30000] * 4
    assert (state["round"], state["honba"], state["sticks"]) == ("East 1", 0, 0)
    assert [(r["name"], r["total"]) for r in state["standings"]] == [
        ("A7 Stage", "91.5"),
        ("A2 Stage", "86"),
        ("A6 Stage", "84"),
        ("A5 Stage", "82.5"),
    ]

    # The referee enters the final hand by hand; the guided entry checks after every hand
    # and the stream follows before anything is saved.
    client.force_login(referee)
    check = reverse("scoring:check", args=[slug, 9, 1])
    for count, points in enumerate(scenario.FINAL_POINTS, start=1):
        response = client.post(check, hands_post(scenario.FINAL_HANDS[:count]))
        assert response.json()["ok"], response.json()
        state = stream(client, tournament)
        assert [s["points"] for s in state["seats"]] == points, count
        assert state["hands"] == count
    assert state["game_over"] is True
    # South 4 came after seven hands: its dealer North.
    assert not ScoreSheet.objects.filter(session__number=9).exists()

    sheet_url = reverse("scoring:sheet", args=[slug, 9, 1])
    response = client.post(sheet_url + "?mode=hands", hands_post(scenario.FINAL_HANDS))
    assert response.status_code == 302
    sheet = ScoreSheet.objects.get(session__number=9)
    client.post(reverse("scoring:confirm", args=[slug, 9, 1]), {"version": sheet.version})
    sheet.refresh_from_db()
    assert sheet.is_confirmed

    # The final ranking, the same in the standings, the EMA file and the API.
    final_rows = standings(tournament).rows
    assert names(final_rows) == scenario.FINAL_RANKING
    assert [row.rank for row in final_rows] == list(range(1, 33))
    a2 = final_rows[0]
    assert (a2.stage, a2.stage_total, a2.total) == (
        "Final",
        scenario.A2_FINAL[ruleset],
        scenario.A2_POINTS[ruleset],
    )
    assert [row.stage_total for row in final_rows[1:4]] == [
        Decimal("91"),
        Decimal("76.5"),
        Decimal("71.6"),
    ]
    ema = client.get(reverse("tournament:ema_export", args=[slug, "csv"]))
    lines = list(csv.reader(io.StringIO(ema.content.decode("utf-8-sig"))))
    assert [line[3] for line in lines[1:]] == scenario.FINAL_RANKING
    assert [int(line[0]) for line in lines[1:]] == list(range(1, 33))
    assert Decimal(lines[1][5]) == scenario.A2_POINTS[ruleset]
    assert players["A2"].ema_number == lines[1][1]
    page = client.get(reverse("tournament:standings", args=[slug])).content.decode()
    assert "Stage total" in page
    shown = [page.index(f">Stage, {name}<") for name in ("A2", "A6", "A5", "A7", "A4", "B1", "D8")]
    assert shown == sorted(shown)
    csv_export = client.get(reverse("tournament:standings", args=[slug]) + "?_export=csv")
    exported = list(csv.reader(io.StringIO(csv_export.content.decode("utf-8-sig"))))
    assert [line[1] for line in exported[1:4]] == ["Stage, A2", "Stage, A6", "Stage, A5"]
    api = client.get(f"/api/v1/tournaments/{slug}/standings?limit=50").json()
    assert [item["player"]["first_name"] for item in api["items"]] == scenario.FINAL_RANKING
    assert api["items"][0]["stage"] == "Final"
    assert Decimal(str(api["items"][0]["stage_total"])) == scenario.A2_FINAL[ruleset]
