"""Hostile values POSTed to every form view as the organiser: never a 500.

Each view gets its valid data with one field at a time replaced by each hostile value (and
the form token too, since the middleware reads it first)."""

from __future__ import annotations

import pytest

from referee.models import Penalty
from scoring.services import sheet_save
from tests.hostile.values import VIEW_VALUES
from tournament.models import Registration, Session, Staff, Table, Team


@pytest.fixture
def every_form_object(tournament, organiser, running, players, reserve):
    """The shared running session (tests/conftest.py) with one object of each kind a form
    edits: a session 2, a reserve, a penalty, a sheet, a staff member and a team."""
    seated_session = running
    Session.objects.create(tournament=tournament, number=2)
    penalty = Penalty.objects.create(
        tournament=tournament, player=players[5], session=seated_session, kind="other", points=-2
    )
    sheet_save(
        session=seated_session,
        table=Table.objects.get(tournament=tournament, number=2),
        mode="final",
        entry={"points": [41000, 27000, 30000, 22000], "riichi_left": 0},
        expected_version=0,
        user=organiser,
    )
    staff = Staff.objects.get(tournament=tournament, user=organiser)
    tournament.team_size = 4
    tournament.save(update_fields=["team_size"])
    team = Team.objects.create(tournament=tournament, name="Owls")
    Registration.objects.filter(player=players[3]).update(team=team)
    return {
        "slug": tournament.slug,
        "player": players[0].pk,
        "other": players[1].pk,
        "reserve": reserve.pk,
        "penalty": penalty.pk,
        "registration": Registration.objects.filter(player=players[2]).get().pk,
        "staff": staff.pk,
        "team": team.pk,
    }


def views(s: dict) -> list[tuple[str, dict]]:
    slug = s["slug"]
    t = f"/t/{slug}"
    return [
        (
            "/t/new/",
            {
                "name": "Cup",
                "start_date": "2026-09-12",
                "end_date": "2026-09-12",
                "ruleset": "ema2016",
                "session_count": "4",
                "visibility": "draft",
                "country": "DE",
                "uma": "15,5,-5,-15",
                "other_overrides": "{}",
            },
        ),
        (
            f"{t}/settings/",
            {
                "name": "Test Open",
                "start_date": "2026-05-02",
                "end_date": "2026-05-03",
                "ruleset": "ema2016",
                "session_count": "4",
                "visibility": "published",
                "start_points": "30000",
                "chombo_points": "-20",
                "other_overrides": "{}",
            },
        ),
        (f"{t}/tables/", {"count": "3", "names": "Stage"}),
        (
            f"{t}/schedule/",
            {
                "form-TOTAL_FORMS": "1",
                "form-INITIAL_FORMS": "1",
                "form-0-number": "2",
                "form-0-minutes": "90",
                "form-0-planned_start": "2026-05-02T14:00",
            },
        ),
        (f"{t}/staff/", {"username": "nobody", "role": "referee"}),
        (f"{t}/staff/{s['staff']}/remove/", {"next": "/"}),
        (f"{t}/publish/", {"published": "1"}),
        (
            f"{t}/players/add/",
            {
                "first_name": "Nina",
                "last_name": "New",
                "country": "DE",
                "ema_number": "",
                "email": "",
                "team": "Owls",
            },
        ),
        # Teams
        (f"{t}/teams/", {"size": "4", "score": "best", "best": "2", "apart": "on"}),
        (f"{t}/teams/new/", {"name": "Cats", "members": str(s["registration"])}),
        (f"{t}/teams/{s['team']}/", {"name": "Owls", "members": str(s["registration"])}),
        (f"{t}/teams/{s['team']}/delete/", {}),
        (f"{t}/check-in/", {"registration": str(s["registration"]), "action": "in"}),
        (f"{t}/registrations/{s['registration']}/confirm/", {"next": "/"}),
        (f"{t}/seating/fixed/", {"registration": str(s["registration"]), "table": "1"}),
        (f"{t}/seating/generate/", {"method": "plan", "seed": "1"}),
        (
            f"{t}/sessions/2/seating/edit/",
            {"player": str(s["player"]), "target": "1:0", "action": "preview"},
        ),
        (f"{t}/sessions/1/clock/control/", {"action": "extend", "minutes": "5"}),
        (f"{t}/sessions/1/tables/1/finished/", {"ended_by_time": "1"}),
        (
            f"{t}/sessions/1/sheets/1/",
            {
                "mode": "final",
                "version": "0",
                "points_0": "41000",
                "points_1": "27000",
                "points_2": "30000",
                "points_3": "22000",
                "riichi_left": "0",
                "chombo_0": "0",
                "substitute_0": "",
            },
        ),
        (
            f"{t}/sessions/1/sheets/1/",
            {
                "mode": "hands",
                "version": "0",
                "hands-TOTAL_FORMS": "1",
                "hands-INITIAL_FORMS": "0",
                "hands-0-kind": "tsumo",
                "hands-0-han_0": "3",
                "hands-0-fu_0": "30",
                "action": "check",
            },
        ),
        (f"{t}/sessions/1/sheets/2/confirm/", {"version": "1"}),
        (f"{t}/standings/settings/", {"tie_break": "shared"}),
        (
            f"{t}/referee/players/{s['player']}/penalty/late/",
            {"session": "1", "minutes": "3", "hand": "E1", "reason": ""},
        ),
        (
            f"{t}/referee/players/{s['player']}/penalty/other/",
            {"session": "1", "amount": "2", "reason": "x"},
        ),
        (
            f"{t}/referee/penalties/{s['penalty']}/correct/",
            {"amount": "1", "reason": "x", "correction": "typo"},
        ),
        (f"{t}/referee/penalties/{s['penalty']}/withdraw/", {"reason": "mistake"}),
        (
            f"{t}/referee/players/{s['other']}/substitute/",
            {"session": "1", "substitute": str(s["reserve"]), "timing": "during", "reason": "ill"},
        ),
        (f"{t}/referee/players/{s['other']}/disqualify/", {"session": "1", "reason": "cheat"}),
        (f"{t}/register/", {"first_name": "Olga", "last_name": "Org", "country": "DE"}),
        (f"{t}/withdraw/", {}),
    ]


VIEW_COUNT = 31


def test_every_form_view_is_listed():
    # A form view added later belongs in the list above.
    assert (
        len(
            views(
                {
                    "slug": "x",
                    **dict.fromkeys(
                        ["player", "other", "reserve", "penalty", "registration", "staff", "team"],
                        1,
                    ),
                }
            )
        )
        == VIEW_COUNT
    )


@pytest.mark.parametrize("index", range(VIEW_COUNT))
def test_hostile_posts_never_answer_500(client, organiser, every_form_object, index):
    client.force_login(organiser)
    url, valid = views(every_form_object)[index]
    for field in [*valid, "form_token", "session", "next"]:
        for value in VIEW_VALUES:
            response = client.post(url, {**valid, field: value})
            assert response.status_code < 500, (url, field, value[:40])
