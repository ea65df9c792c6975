"""The clock's pages: who sees and who runs the clock, the JSON state the pages poll, the
signal fired by a polling page in the embedded default, and tables reporting finished."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.clock import services
from tournament.models import Session, SessionClockEvent, Staff, TableFinish

from .conftest import MIN, SEC


def url(name, tournament, number=1, **kw):
    return reverse(f"tournament:{name}", kwargs={"slug": tournament.slug, "number": number, **kw})


def control(client, tournament, action, number=1, **data):
    return client.post(url("session_clock_control", tournament, number), {"action": action, **data})


def started_ago(session, organiser, ago):
    return services.session_clock_start(session=session, by=organiser, now=timezone.now() - ago)


def test_anyone_sees_the_clock_of_a_published_tournament(client, tournament, seated_session):
    response = client.get(url("session_clock", tournament))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'id="clock-digits"' in page
    assert "90:00" in page
    assert "Not started" in page
    assert "Run the clock" not in page
    assert 'src="/static/js/clock.js"' in page


def test_the_clock_of_a_draft_is_hidden(client, draft_tournament):
    Session.objects.create(tournament=draft_tournament, number=1)
    assert client.get(url("session_clock", draft_tournament)).status_code == 404
    assert client.get(url("session_clock_state", draft_tournament)).status_code == 404


def test_the_clock_link_leads_to_the_running_session(client, tournament, organiser):
    for number in (1, 2, 3):
        Session.objects.create(tournament=tournament, number=number)
    services.session_clock_end(
        session=started_ago(Session.objects.get(number=1), organiser, 100 * MIN),
        by=organiser,
        now=timezone.now(),
    )
    started_ago(Session.objects.get(number=2), organiser, MIN)
    page = client.get(reverse("tournament:detail", args=[tournament.slug])).content.decode()
    assert f'href="{reverse("tournament:clock", args=[tournament.slug])}">Clock<' in page
    response = client.get(reverse("tournament:clock", args=[tournament.slug]) + "?seating=1")
    assert response.url == url("session_clock", tournament, 2) + "?seating=1"


def test_the_clock_link_without_sessions(client, tournament):
    response = client.get(reverse("tournament:clock", args=[tournament.slug]))
    assert "no sessions yet" in response.content.decode()


def test_the_seating_beneath_the_clock(client, tournament, seated_session):
    page = client.get(url("session_clock", tournament) + "?seating=1").content.decode()
    assert page.index('id="clock-digits"') < page.index("First000 Last000")
    assert "First000 Last000" not in client.get(url("session_clock", tournament)).content.decode()


def test_the_state_gives_absolute_times_and_the_servers_time(client, tournament, organiser):
    session = started_ago(Session.objects.create(tournament=tournament, number=1), organiser, MIN)
    before = timezone.now()
    response = client.get(url("session_clock_state", tournament))
    after = timezone.now()
    assert "no-cache" in response["Cache-Control"]
    data = response.json()
    assert before.timestamp() * 1000 - 1 <= data["server_time"] <= after.timestamp() * 1000 + 1
    started = session.clock_started_at.timestamp() * 1000
    assert data["ends_at"] == pytest.approx(started + 90 * 60_000, abs=1)
    assert data["signal_at"] == pytest.approx(started + 75 * 60_000, abs=1)
    assert data["phase"] == "playing"
    assert data["after_signal"] == "one_more_hand"
    assert 88 * 60_000 < data["remaining_ms"] <= 89 * 60_000 + 1


def test_the_hall_screen_follows_the_day_from_session_to_session(
    client, tournament, organiser, draft_tournament
):
    """The projector's clock URL names no session: it answers the running one, else the
    next planned one, else the last finished one (tournament.events.current.hall_session)."""
    current = reverse("tournament:clock_current_state", args=[tournament.slug])
    assert client.get(current).json() == {"session": None}  # no session yet
    for number in (1, 2):
        Session.objects.create(tournament=tournament, number=number)
    data = client.get(current).json()
    assert (data["session"], data["phase"]) == (1, "planned")
    started_ago(Session.objects.get(number=1), organiser, 10 * MIN)
    response = client.get(current)
    assert "no-cache" in response["Cache-Control"]
    data = response.json()
    assert (data["session"], data["phase"]) == (1, "playing")
    assert 79 * 60_000 < data["remaining_ms"] <= 80 * 60_000 + 1
    services.session_clock_end(
        session=Session.objects.get(number=1), by=organiser, now=timezone.now()
    )
    data = client.get(current).json()
    assert (data["session"], data["phase"]) == (2, "planned")
    # A draft's clock is as hidden as its pages.
    draft = reverse("tournament:clock_current_state", args=[draft_tournament.slug])
    assert client.get(draft).status_code == 404


def test_reloads_and_a_second_browser_see_the_same_clock(client, tournament, organiser):
    from django.test import Client

    started_ago(Session.objects.create(tournament=tournament, number=1), organiser, 5 * MIN)
    other = Client()
    other.force_login(organiser)
    first = client.get(url("session_clock_state", tournament)).json()
    second = other.get(url("session_clock_state", tournament)).json()
    reload = client.get(url("session_clock_state", tournament)).json()
    assert first["ends_at"] == second["ends_at"] == reload["ends_at"]
    assert first["version"] == second["version"] == reload["version"] == 1


def test_a_polling_page_fires_a_due_signal_exactly_once(client, tournament, organiser):
    session = started_ago(
        Session.objects.create(tournament=tournament, number=1), organiser, 75 * MIN + 2 * SEC
    )
    for _ in range(3):
        data = client.get(url("session_clock_state", tournament)).json()
        assert data["phase"] == "signal"
        assert data["signal_given"]
    session.refresh_from_db()
    assert data["signal_fired_at"] == round(session.signal_fired_at.timestamp() * 1000)
    assert SessionClockEvent.objects.filter(session=session, kind="signal").count() == 1
    assert "Signal given" in client.get(url("session_clock", tournament)).content.decode()


def test_the_state_query_count_does_not_grow_with_tables(
    client, tournament, seated_session, organiser, django_assert_max_num_queries
):
    started_ago(seated_session, organiser, MIN)
    with django_assert_max_num_queries(6):
        client.get(url("session_clock_state", tournament))


# --- who runs the clock --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "status"),
    [("organiser", 302), ("clock_referee", 302), ("referee", 403), ("stranger", 403)],
)
def test_who_may_start_the_clock(request, client, tournament, persona, status):
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(request.getfixturevalue(persona))
    assert control(client, tournament, "start").status_code == status
    expected = Session.State.RUNNING if status == 302 else Session.State.PLANNED
    assert Session.objects.get().state == expected


def test_anonymous_users_cannot_run_the_clock(client, tournament):
    Session.objects.create(tournament=tournament, number=1)
    assert control(client, tournament, "start").status_code == 403
    assert client.get(url("session_clock_control", tournament)).status_code == 405


def test_a_referee_of_another_tournament_may_not_run_this_clock(
    client, tournament, draft_tournament
):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("other_ref", password="pw")
    Staff.objects.create(
        tournament=draft_tournament, user=user, role=Staff.Role.REFEREE, may_run_clock=True
    )
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(user)
    assert control(client, tournament, "start").status_code == 403


def test_the_organiser_runs_a_session_through_the_controls(client, tournament, organiser):
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(organiser)
    page = client.get(url("session_clock", tournament)).content.decode()
    assert 'value="start"' in page
    for action, data in [("start", {}), ("pause", {}), ("resume", {}), ("extend", {"minutes": 5})]:
        response = control(client, tournament, action, **data)
        assert response.url == url("session_clock", tournament)
    session = Session.objects.get()
    assert session.clock_length == 95 * MIN
    page = client.get(url("session_clock", tournament)).content.decode()
    assert "Extended by 5 min." in page
    assert 'value="pause"' in page and 'value="end"' in page
    control(client, tournament, "end")
    session.refresh_from_db()
    assert session.state == Session.State.FINISHED
    kinds = list(session.clock_events.values_list("kind", flat=True))
    assert kinds == ["start", "pause", "resume", "extend", "end"]


def test_a_refused_action_comes_back_as_a_message(client, tournament, organiser):
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(organiser)
    response = control(client, tournament, "pause")
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    assert "has not been started" in page
    control(client, tournament, "start")
    page = client.get(control(client, tournament, "extend", minutes="lots").url).content
    assert b"An extension is between 1 and 60 minutes." in page


# --- tables report finished ----------------------------------------------------------------


def finished_url(tournament, table_number):
    return url("session_table_finished", tournament, table_number=table_number)


def test_a_player_reports_their_own_table(
    client, tournament, seated_session, organiser, seated_player
):
    started_ago(seated_session, organiser, 80 * MIN)
    client.force_login(seated_player)
    page = client.get(url("session_clock", tournament)).content.decode()
    assert "Your table: Table 1" in page
    response = client.post(finished_url(tournament, 1), {"ended_by_time": "1"})
    assert response.status_code == 302
    finish = TableFinish.objects.get()
    assert (finish.table.number, finish.ended_by_time, finish.reported_by) == (
        1,
        True,
        seated_player,
    )
    # ... but not another table, and not take a report back.
    assert client.post(finished_url(tournament, 2), {"ended_by_time": "0"}).status_code == 403
    assert client.post(finished_url(tournament, 1), {"action": "undo"}).status_code == 403
    assert TableFinish.objects.count() == 1


def test_a_referee_marks_tables_and_takes_a_mark_back(
    client, tournament, seated_session, organiser, referee
):
    started_ago(seated_session, organiser, 10 * MIN)
    client.force_login(referee)
    client.post(finished_url(tournament, 2), {"ended_by_time": "0"})
    assert TableFinish.objects.get().table.number == 2
    # Before the signal the time limit cannot have ended a game (EMA 5.9).
    response = client.post(finished_url(tournament, 1), {"ended_by_time": "1"})
    assert "only after the signal" in client.get(response.url).content.decode()
    client.post(finished_url(tournament, 2), {"action": "undo"})
    assert not TableFinish.objects.exists()


def test_the_organiser_sees_tables_still_playing_after_the_signal(
    client, tournament, seated_session, organiser
):
    started_ago(seated_session, organiser, 80 * MIN)
    client.force_login(organiser)
    client.post(finished_url(tournament, 1), {"ended_by_time": "1"})
    page = client.get(url("session_clock", tournament)).content.decode()
    assert page.count("Still playing after the signal") == 1
    row2 = page.index('data-table="2"')
    assert page.index("Still playing after the signal") > row2
    assert "ended by the time limit" in page


def test_tables_of_a_session_not_started_are_not_shown_as_playing(
    client, tournament, seated_session, organiser
):
    client.force_login(organiser)
    page = client.get(url("session_clock", tournament)).content.decode()
    status = page[page.index('id="clock-table-status"') :]
    status = status[: status.index("</table>")]
    assert status.count("Not started") == 2
    assert "Playing" not in status
    started_ago(seated_session, organiser, MIN)
    page = client.get(url("session_clock", tournament)).content.decode()
    status = page[page.index('id="clock-table-status"') :]
    assert status[: status.index("</table>")].count("Playing") == 2


def test_a_table_whose_sheet_is_confirmed_is_not_playing(
    client, tournament, seated_session, organiser
):
    """A table that handed in its sheet has finished, reported on the clock or not: the
    organiser's list and the state every screen polls say so."""
    from tests.scoring_app.conftest import enter_final
    from tournament.models import Table

    started_ago(seated_session, organiser, 85 * MIN)
    client.force_login(organiser)
    client.get(url("session_clock_state", tournament))  # the tables' states now cached
    table1 = Table.objects.get(tournament=tournament, number=1)
    enter_final(seated_session, table1, [41000, 27000, 30000, 22000], user=organiser)
    page = client.get(url("session_clock", tournament)).content.decode()
    status = page[page.index('id="clock-table-status"') :]
    status = status[: status.index("</table>")]
    row1 = status[status.index('data-table="1"') : status.index('data-table="2"')]
    assert "Sheet confirmed" in row1
    assert "Playing" not in row1 and "Still playing" not in row1
    assert status.count("Still playing after the signal") == 1  # table 2's
    state = client.get(url("session_clock_state", tournament)).json()
    assert [t["finished"] for t in state["tables"]] == [True, False]


def test_after_the_end_every_screen_says_the_session_is_over(
    client, tournament, seated_session, organiser
):
    """No table "Playing" with buttons while the display says it is over."""
    started_ago(seated_session, organiser, 95 * MIN)
    client.force_login(organiser)
    client.post(finished_url(tournament, 1), {"ended_by_time": "0"})
    control(client, tournament, "end")

    state = client.get(url("session_clock_state", tournament)).json()
    assert state["phase"] == "finished"
    assert all(t["finished"] for t in state["tables"])
    page = client.get(url("session_clock", tournament)).content.decode()
    status = page[page.index('id="clock-table-status"') :]
    status = status[: status.index("</table>")]
    assert "Playing" not in status and "<button" not in status
    assert "full game" in status and "stopped by the end of the session" in status
    # Table 2's game was stopped by the end: the score sheet reads it as ended by time.
    assert TableFinish.objects.get(table__number=2).ended_by_time
    with pytest.raises(services.ClockError, match="is over"):
        services.session_table_reopen(session=seated_session, table=tournament.tables.get(number=2))


@pytest.mark.parametrize(
    ("lang", "playing", "after_signal"),
    [
        ("de", "Spielt", "Die laufende Hand zu Ende spielen, dann eine weitere Hand spielen."),
        ("pl", "Gra", "Dokończcie bieżące rozdanie, potem zagrajcie jeszcze jedno."),
    ],
)
def test_the_clock_speaks_the_visitors_language(
    client, tournament, organiser, lang, playing, after_signal
):
    """German and Polish clocks said "PLAYING" and the rulebook's English: the
    phase and what to do after the signal (EMA 5.9) are worded at the edge."""
    started_ago(Session.objects.create(tournament=tournament, number=1), organiser, MIN)
    client.cookies["django_language"] = lang
    data = client.get(url("session_clock_state", tournament)).json()
    assert (data["phase_label"], data["after_signal_text"]) == (playing, after_signal)
    page = client.get(url("session_clock", tournament)).content.decode()
    assert f'"playing": "{playing}"' in page  # the labels the page's script switches to
    assert '"Playing"' not in page
