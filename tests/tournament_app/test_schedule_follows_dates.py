"""The planned starts follow the event's dates, sessions added later follow the last one,
and a clash on the schedule is flagged on the schedule page and the dashboard."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.events.services import tournament_create, tournament_update
from tournament.models import Session

SETTINGS = {
    "name": "Hamburg Riichi Open",
    "start_date": dt.date(2026, 9, 12),
    "end_date": dt.date(2026, 9, 13),
    "ruleset": "ema2016",  # sessions of 90 minutes
    "session_count": 7,
}


def starts(tournament) -> dict[int, str]:
    return {
        s.number: f"{timezone.localtime(s.planned_start):%d %H:%M}"
        for s in tournament.sessions.order_by("number")
    }


@pytest.fixture
def event(creator):
    # Spread over two days, four a day from 10:00, 90 minutes and a break of 30 each.
    tournament = tournament_create(user=creator, data=SETTINGS)
    assert starts(tournament) == {
        1: "12 10:00",
        2: "12 12:00",
        3: "12 14:00",
        4: "12 16:00",
        5: "13 10:00",
        6: "13 12:00",
        7: "13 14:00",
    }
    return tournament


def test_planned_starts_move_with_the_dates_and_a_started_session_stays(event):
    Session.objects.filter(tournament=event, number=1).update(state=Session.State.RUNNING)
    tournament_update(
        tournament=event,
        data={"start_date": dt.date(2026, 9, 19), "end_date": dt.date(2026, 9, 20)},
    )
    assert starts(event) == {
        1: "12 10:00",  # under way: its start is history
        2: "19 12:00",
        3: "19 14:00",
        4: "19 16:00",
        5: "20 10:00",
        6: "20 12:00",
        7: "20 14:00",
    }


def test_dates_moved_across_the_clock_change_keep_the_time_of_day(event):
    # Europe/Berlin leaves summer time on 25 October 2026: 10:00 stays 10:00 on the day.
    tournament_update(
        tournament=event,
        data={"start_date": dt.date(2026, 10, 24), "end_date": dt.date(2026, 10, 25)},
    )
    assert starts(event)[1] == "24 10:00"
    assert starts(event)[5] == "25 10:00"


def test_new_sessions_follow_the_last_one_and_the_next_day_when_the_evening_is_full(event):
    tournament_update(tournament=event, data={"session_count": 11})
    new = {n: s for n, s in starts(event).items() if n > 7}
    # Session 7 ends at 15:30; 30 minutes' break; session 10 ends at 21:30, by 22:00;
    # session 11 would end at 23:30: the next day at 10:00.
    assert new == {8: "13 16:00", 9: "13 18:00", 10: "13 20:00", 11: "14 10:00"}
    assert [(s.number, s.minutes) for s in event.sessions.filter(number__gt=7)] == [
        (8, 90),
        (9, 90),
        (10, 90),
        (11, 90),
    ]


def test_a_clash_is_flagged_on_the_schedule_page_and_the_dashboard(client, creator, event):
    tournament_update(tournament=event, data={"session_count": 11})  # 11 on 14 September
    session = event.sessions.get(number=3)
    session.planned_start = session.planned_start - dt.timedelta(minutes=60)  # 13:00
    session.save(update_fields=["planned_start"])
    client.force_login(creator)
    for name in ("schedule", "dashboard"):
        page = client.get(reverse(f"tournament:{name}", args=[event.slug])).content.decode()
        assert "The schedule clashes" in page, name
        assert (
            # en-gb's short formats: 13:30 is "1:30 p.m.", 13:00 "1 p.m.".
            "Sessions 2 and 3 overlap: session 2 ends at 12/09/2026 1:30 p.m., "
            "session 3 starts at 12/09/2026 1 p.m." in page
        ), name
        assert (
            "Session 11 starts on 14/09/2026, outside the event&#x27;s dates "
            "(12/09/2026 to 13/09/2026)." in page
        ), name
        assert "Sessions 1 and 2 overlap" not in page


def test_a_schedule_without_clashes_shows_none(client, creator, event):
    client.force_login(creator)
    for name in ("schedule", "dashboard"):
        page = client.get(reverse(f"tournament:{name}", args=[event.slug])).content.decode()
        assert "The schedule clashes" not in page, name


def test_the_settings_page_says_what_it_did_to_the_schedule(client, creator, event):
    client.force_login(creator)
    url = reverse("tournament:settings", args=[event.slug])
    form = client.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.pop("registration_opens", None)
    data.update(start_date="2026-09-14", end_date="2026-09-15", session_count="8")
    response = client.post(url, data, follow=True)
    said = [str(m) for m in response.context["messages"]]
    assert "The planned sessions moved with the dates, 2 days later." in said
    assert "Session 8 starts after session 7; check its start on the schedule page." in said
    assert starts(event)[8] == "15 16:00"
