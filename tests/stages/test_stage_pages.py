"""The stages page: bad input named where it is, the cut's preconditions, a replacement
recorded, the stream page for anyone who may see the tournament."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from results.models import Stage, StageEntry
from tests.stages import scenario


def url(tournament, name="stages", *args):
    return reverse(f"tournament:{name}", args=[tournament.slug, *args])


@pytest.fixture
def prelims(tournament, referee):
    return scenario.build_preliminaries(tournament, ruleset="ema2016", user=referee)


def test_advancing_must_make_full_tables(client, tournament, organiser, prelims):
    client.force_login(organiser)
    response = client.post(url(tournament), {**scenario.SEMI, "advancing": 14})
    assert response.status_code == 400
    assert "must be a multiple of 4" in response.content.decode()
    assert not Stage.objects.exists()


def test_a_number_out_of_bounds_is_named(client, tournament, organiser, prelims):
    client.force_login(organiser)
    response = client.post(url(tournament), {**scenario.SEMI, "sessions": 999})
    assert response.status_code == 400
    assert "Sessions" in response.content.decode()
    assert not Stage.objects.exists()


def test_the_stages_must_leave_preliminary_sessions(client, tournament, organiser, prelims):
    client.force_login(organiser)
    response = client.post(url(tournament), {**scenario.SEMI, "sessions": 9})
    assert response.status_code == 400
    assert "The stages need 9 sessions but the tournament has 9" in response.content.decode()


def test_a_later_stage_cannot_take_more_players(client, tournament, organiser, prelims):
    client.force_login(organiser)
    client.post(url(tournament), scenario.FINAL)
    response = client.post(url(tournament), scenario.SEMI)
    assert response.status_code == 400
    assert "16 players cannot advance from a stage of 4" in response.content.decode()


def test_the_cut_waits_for_every_sheet(client, tournament, organiser, referee):
    scenario.build_preliminaries(tournament, ruleset="ema2016", user=referee)
    from scoring.models import ScoreSheet

    ScoreSheet.objects.filter(session__number=6, table__number__in=[2, 3]).update(
        status=ScoreSheet.Status.ENTERED
    )
    client.force_login(organiser)
    client.post(url(tournament), scenario.SEMI)
    client.post(url(tournament), scenario.FINAL)
    response = client.post(url(tournament, "stage_cut", 1), follow=True)
    assert (
        "Not every table before the cut has a confirmed sheet (session 6: 2 tables unconfirmed)."
        in response.content.decode()
    )
    assert not StageEntry.objects.exists()


def test_the_cut_before_anything_was_played_counts_every_table(client, tournament, organiser):
    """Nine tables set up and nothing seated: each preliminary session lacks nine confirmed
    sheets, not one."""
    from tournament.models import Session, Table

    tournament.session_count = 9
    tournament.save()
    for n in range(1, 10):
        Table.objects.create(tournament=tournament, number=n)
        Session.objects.create(tournament=tournament, number=n)
    client.force_login(organiser)
    client.post(url(tournament), scenario.SEMI)
    client.post(url(tournament), scenario.FINAL)
    response = client.post(url(tournament, "stage_cut", 1), follow=True)
    text = response.content.decode()
    assert "session 1: not seated yet (9 tables)" in text
    assert "session 6: not seated yet (9 tables)" in text
    assert "table(s)" not in text
    assert not StageEntry.objects.exists()


def test_a_qualifier_is_replaced_by_the_next_in_line_and_it_is_recorded(
    client, tournament, organiser, prelims
):
    client.force_login(organiser)
    client.post(url(tournament), scenario.SEMI)
    client.post(url(tournament), scenario.FINAL)
    client.post(url(tournament, "stage_cut", 1))
    a3 = StageEntry.objects.get(player__first_name="A3")
    response = client.post(url(tournament, "stage_replace", 1, a3.seed), {"reason": ""})
    assert response.status_code == 400
    a3.refresh_from_db()
    assert a3.active
    response = client.post(
        url(tournament, "stage_replace", 1, a3.seed), {"reason": "Flight home moved"}, follow=True
    )
    a3.refresh_from_db()
    assert not a3.active and a3.reason == "Flight home moved"
    assert a3.replaced_by == organiser and a3.replacement.player.first_name == "B1"
    assert a3.replacement.seed == 17  # his place at the cut
    page = response.content.decode()
    assert "replaced by B1 Stage" in page and "Flight home moved" in page
    # The standings follow: B1 is a semi-finalist, A3 back among the rest.
    from results.standings.selectors import standings

    rows = standings(tournament).rows
    assert "B1" in [r.player.first_name for r in rows[:16]]
    assert rows[16].player.first_name == "A3"


def test_the_stage_pages_are_for_organisers_and_the_stream_for_everyone(
    client, tournament, referee, prelims
):
    client.force_login(referee)
    assert client.get(url(tournament)).status_code == 403
    client.logout()
    page = client.get(url(tournament, "stream"))
    assert page.status_code == 200
    assert "No stage table is seated yet." in page.content.decode()
    assert client.get(url(tournament, "stream_state")).json() == {"ok": False}
    transparent = client.get(url(tournament, "stream") + "?transparent=1").content.decode()
    assert "stream-transparent" in transparent


def test_the_preliminaries_seating_leaves_the_stage_sessions_alone(tournament, organiser, prelims):
    from results.stages.services import stage_save
    from tournament.seating.core_input import seating_input

    for data in (scenario.SEMI, scenario.FINAL):
        stage_save(tournament=tournament, data={**data, "carry_fraction": "0.5"})
    # Sessions 1-6 carry sheets; 7-9 belong to the stages: nothing left for the plan.
    from tournament.errors import ServiceError

    with pytest.raises(ServiceError, match="no session is left to seat"):
        seating_input(tournament, method="plan", seed=1)
    Stage.objects.filter(order=2).delete()
    from tournament.models import Registration

    Registration.objects.filter(tournament=tournament).update(checked_in=True)
    # Without the final the semi-final plays sessions 8 and 9: session 7 is a preliminary.
    assert [s.number for s in seating_input(tournament, method="plan", seed=1).targets] == [7]


def test_the_dashboard_shows_who_is_in_and_who_is_next(client, tournament, organiser, prelims):
    client.force_login(organiser)
    client.post(url(tournament), scenario.SEMI)
    client.post(url(tournament), scenario.FINAL)
    page = client.get(url(tournament, "dashboard")).content.decode()
    assert "top 16 after the cut, not made yet" in page
    client.post(url(tournament, "stage_cut", 1))
    page = client.get(url(tournament, "dashboard")).content.decode()
    card = page.split('id="stages"')[1].split("</section>")[0]
    assert "16 qualifiers" in card and "C1 Stage" in card
    assert "next in line: B1 Stage, C2 Stage, C3 Stage, C4 Stage" in " ".join(card.split())


def test_a_stage_is_changed_until_its_cut(client, tournament, organiser, prelims):
    client.force_login(organiser)
    client.post(url(tournament), scenario.SEMI)
    client.post(url(tournament), scenario.FINAL)
    edit = url(tournament, "stage_edit", 2)
    assert client.get(edit).status_code == 200
    response = client.post(edit, {**scenario.FINAL, "carry": "fraction", "carry_fraction": ""})
    assert response.status_code == 400
    assert "Give the fraction carried, between 0 and 1." in response.content.decode()
    client.post(edit, {**scenario.FINAL, "carry_fraction": "0.25", "name": "Grand final"})
    final = Stage.objects.get(order=2)
    assert (final.name, final.carry_fraction) == ("Grand final", Decimal("0.25"))
    client.post(url(tournament, "stage_cut", 1))
    response = client.post(url(tournament, "stage_edit", 1), {**scenario.SEMI, "advancing": 8})
    assert response.status_code == 400
    assert "Semi-final is cut: undo the cut to change it." in response.content.decode()
    assert Stage.objects.get(order=1).advancing == 16


@pytest.mark.parametrize(("ruleset", "place"), [("ema2016", 32), ("wrc2015", None)])
def test_a_finalist_disqualified_leaves_the_stage_order(
    client, tournament, organiser, referee, monkeypatch, ruleset, place
):
    from referee.decisions import RefereeDecisions
    from results.standings import selectors as standings_module

    players = scenario.build_preliminaries(tournament, ruleset=ruleset, user=referee)
    client.force_login(organiser)
    client.post(url(tournament), scenario.SEMI)
    client.post(url(tournament), scenario.FINAL)
    client.post(url(tournament, "stage_cut", 1))
    monkeypatch.setattr(
        standings_module,
        "referee_decisions",
        lambda t: RefereeDecisions(disqualified=frozenset({players["A8"].pk})),
    )
    rows = standings_module.standings(tournament).rows
    # A8 led the cut; disqualified (EMA: ranked last; WRC 7.1: not ranked), A7 leads.
    assert rows[0].player.first_name == "A7" and rows[0].rank == 1
    a8 = next(r for r in rows if r.player.first_name == "A8")
    assert a8.rank == place and a8.stage == ""
    # The other fifteen semi-finalists keep places 1-15; B1 (not in the stage) is 16th.
    assert [r.player.first_name for r in rows[14:16]] == ["C1", "B1"]


def test_the_projector_shows_each_players_own_last_session(client, tournament, organiser, referee):
    """After the semi-finals (sessions 7 and 8) the semi-finalists' last session is 8, the
    others' 6 (scenario.py): C1 North in session 8 +20, B1 in session 6 -35, D8 -27."""
    from django.utils import timezone

    from results.stages.services import stage_cut, stage_save, stage_session_seat

    scenario.build_preliminaries(tournament, ruleset="ema2016", user=referee)
    semi = stage_save(tournament=tournament, data={**scenario.SEMI, "carry_fraction": "0.5"})
    stage_save(tournament=tournament, data=scenario.FINAL)
    semi = stage_cut(stage=semi, user=None, now=timezone.now())
    for number in (7, 8):
        stage_session_seat(stage=semi, number=number, now=timezone.now())
        scenario.enter_semi_session(tournament, number, user=referee)
    rows_url = reverse("tournament:standings_projector_rows", args=[tournament.slug])
    last = {}
    for page in (1, 2, 3):
        html = client.get(rows_url, {"page": page}).content.decode()
        for name, value in re.findall(
            r"(\w\d) Stage</td><td class=\"num\"><strong>[^<]*</strong></td>"
            r"<td class=\"num\">([^<]*)</td>",
            html,
        ):
            last[name] = value
    assert len(last) == 32
    assert (last["C1"], last["B1"], last["D8"], last["A7"]) == ("20.0", "-35.0", "-27.0", "20.0")
    # In German: the words of the reader's language (the figures are the same).
    html = client.get(rows_url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "nach Runde 8" in html and "Gesamt" in html and "Letzte Runde" in html
    assert "Total" not in html and "Last session" not in html and "after session" not in html
