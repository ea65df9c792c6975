"""Stages take the tournament's last sessions from the preliminaries: the stages page says
how many preliminary sessions remain and adds the stages' sessions on request, through the
settings' service (the new sessions get their starts after the last one)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from results.models import Stage
from results.stages.layout import layout
from tests.stages import scenario
from tournament.events.services import tournament_create


@pytest.fixture
def event(creator):
    return tournament_create(
        user=creator,
        data={
            "name": "Stage Cup",
            "start_date": dt.date(2026, 9, 12),
            "end_date": dt.date(2026, 9, 13),
            "ruleset": "ema2016",
            "session_count": 9,
        },
    )


def url(tournament, name="stages"):
    return reverse(f"tournament:{name}", args=[tournament.slug])


def test_adding_a_stage_says_what_it_takes_from_the_preliminaries(client, creator, event):
    client.force_login(creator)
    response = client.post(url(event), scenario.SEMI, follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert said == [
        "Semi-final plays sessions 8, 9, taken from the preliminaries: 7 preliminary "
        "sessions remain."
    ]
    response = client.post(url(event), scenario.FINAL, follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert said == [
        "Final plays sessions 9, taken from the preliminaries: 6 preliminary sessions remain."
    ]
    page = response.content.decode()
    assert (
        "The stages take 3 of the tournament's 9 sessions from the preliminaries: "
        "6 preliminary sessions remain." in page
    )
    assert "Add 3 sessions for the stages (12 in all)" in page


def test_the_button_adds_the_stages_sessions_once(client, creator, event):
    client.force_login(creator)
    client.post(url(event), scenario.SEMI)
    client.post(url(event), scenario.FINAL)
    response = client.post(url(event, "stages_add_sessions"), {"was": "9"}, follow=True)
    event.refresh_from_db()
    assert event.session_count == 12
    stages = list(Stage.objects.filter(tournament=event).order_by("order"))
    plan = layout(event.session_count, stages)
    assert plan.preliminaries == list(range(1, 10))
    assert list(plan.by_stage.values()) == [[10, 11], [12]]
    # Nine sessions over two days: five on the 12th, four on the 13th from 10:00, every
    # two hours; session 9 ends at 17:30, session 11 at 21:30 (by 22:00), session 12 would
    # end at 23:30: the next day at 10:00.
    assert {
        s.number: f"{timezone.localtime(s.planned_start):%d %H:%M}"
        for s in event.sessions.filter(number__gt=9)
    } == {10: "13 18:00", 11: "13 20:00", 12: "14 10:00"}
    assert "sessions 10 to 12 were added" in " ".join(str(m) for m in response.context["messages"])
    assert "The stages take 3 of the tournament's 12 sessions" in response.content.decode()
    # A second click on the same page (it still says 9) adds nothing.
    response = client.post(url(event, "stages_add_sessions"), {"was": "9"}, follow=True)
    event.refresh_from_db()
    assert event.session_count == 12
    assert "changed meanwhile (9 to 12): nothing was added" in " ".join(
        str(m) for m in response.context["messages"]
    )


def test_adding_sessions_beyond_the_bound_is_refused_by_name(client, creator, event):
    client.force_login(creator)
    client.post(url(event), {**scenario.SEMI, "sessions": 8})
    event.session_count = 29  # raised meanwhile; 29 + 8 is beyond 30
    event.save(update_fields=["session_count"])
    response = client.post(url(event, "stages_add_sessions"), {"was": "29"}, follow=True)
    assert "Number of sessions: from 1 to 30." in [str(m) for m in response.context["messages"]]
    event.refresh_from_db()
    assert event.session_count == 29


def test_only_the_organiser_adds_sessions(client, stranger, event):
    client.force_login(stranger)
    response = client.post(url(event, "stages_add_sessions"), {"was": "9"})
    assert response.status_code in (403, 404)
    event.refresh_from_db()
    assert event.session_count == 9


def test_changing_a_stage_says_what_remains(client, creator, event):
    client.force_login(creator)
    client.post(url(event), scenario.SEMI, follow=True)  # its own message read
    edit = reverse("tournament:stage_edit", args=[event.slug, 1])
    response = client.post(edit, {**scenario.SEMI, "sessions": 3}, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        "Semi-final plays sessions 7, 8, 9, taken from the preliminaries: 6 preliminary "
        "sessions remain."
    ]
