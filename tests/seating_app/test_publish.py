"""A session's seating is a draft until the organiser publishes it: players, the public
pages, the API and the notifications see it only then; staff see the draft, marked so.
Each reader of the seats is pinned here (tournament.seating.visibility is the one rule)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from results.board.dashboard import dashboard
from scoring.reporting.services import player_seat
from tournament.clock.permissions import player_table
from tournament.errors import ServiceError
from tournament.happenings import seating_published
from tournament.models import Session
from tournament.seating.by_hand import seat_change_apply
from tournament.seating.jobs import seating_publish

from .conftest import NOW, generate, setup_event


@pytest.fixture
def draft(seated_session):
    """Session 1 seated (8 players at two tables), its seating a draft."""
    Session.objects.filter(pk=seated_session.pk).update(seating_draft=True)
    seated_session.refresh_from_db()
    return seated_session


@pytest.fixture
def heard():
    sent = []

    def receiver(sender, session, **kwargs):
        sent.append(session.number)

    seating_published.connect(receiver, weak=False)
    yield sent
    seating_published.disconnect(receiver)


def page(client, name, tournament, *args) -> str:
    response = client.get(reverse(f"tournament:{name}", args=[tournament.slug, *args]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_generated_seating_is_a_draft(tournament):
    setup_event(tournament, players=16, tables=4, sessions=2)
    generate(tournament)
    assert list(tournament.sessions.values_list("seating_draft", flat=True)) == [True, True]


def test_the_public_and_players_do_not_see_a_draft_seating(
    client, tournament, draft, players, player
):
    name = str(players[0])
    for who in (None, player):
        if who:
            client.force_login(who)
        seating = page(client, "session", tournament, 1)
        assert "The seating of this session is not published yet." in seating
        assert name not in seating
        for printed in ("session_print_tables", "session_print_hall"):
            assert "Last000" not in page(client, printed, tournament, 1)
        schedule = page(client, "player_schedule", tournament, players[0].pk)
        assert "Table 1" not in schedule
        assert "Table 1" not in page(client, "player", tournament, players[0].pk)
    # The player's table page and the clock's "your table" know no seat yet.
    draft.state = Session.State.RUNNING
    draft.save(update_fields=["state"])
    assert player_seat(tournament, players[0]) is None
    assert player_table(player, draft) is None
    my_table = client.get(reverse("reporting:my_table", args=[tournament.slug]))
    assert "You are not seated in the session being played" in my_table.content.decode()


def test_the_api_answers_no_tables_for_a_draft(client, tournament, draft, players):
    seating = client.get(f"/api/v1/tournaments/{tournament.slug}/sessions/1/seating").json()
    assert seating["count"] == 0 and seating["items"] == []
    detail = client.get(f"/api/v1/tournaments/{tournament.slug}/players/{players[0].pk}").json()
    assert all(s["table"] is None for s in detail["sessions"])


def test_staff_see_the_draft_marked_and_the_organiser_publishes_it_in_one_click(
    client,
    tournament,
    draft,
    players,
    referee,
    organiser,
    django_capture_on_commit_callbacks,
    heard,
):
    client.force_login(referee)
    seating = page(client, "session", tournament, 1)
    assert "Draft - not published" in seating and "Last000" in seating
    assert "publish-seating-1" not in seating  # the referee may look, not publish

    client.force_login(organiser)
    steps = dashboard(tournament, NOW)["steps"]
    step = next(s for s in steps if s.title == "Publish session 1's seating")
    assert step.action == reverse("tournament:session_seating_publish", args=[tournament.slug, 1])
    with django_capture_on_commit_callbacks(execute=True):
        # The dashboard's form sends the page it is on as ``next``.
        dashboard_url = reverse("tournament:dashboard", args=[tournament.slug])
        response = client.post(step.action, {"next": dashboard_url})
    assert response.status_code == 302
    assert response.url == dashboard_url
    draft.refresh_from_db()
    assert draft.seating_draft is False
    assert heard == [1]
    titles = [s.title for s in dashboard(tournament, NOW)["steps"]]
    assert "Publish session 1's seating" not in titles

    client.logout()
    seating = page(client, "session", tournament, 1)
    assert "Last000" in seating and "Draft - not published" not in seating
    api = client.get(f"/api/v1/tournaments/{tournament.slug}/sessions/1/seating").json()
    assert api["count"] == 2


def test_publishing_twice_tells_nobody_twice_and_an_empty_session_is_refused(
    tournament, draft, organiser, heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        seating_publish(session=draft, user=organiser)
        seating_publish(session=draft, user=organiser)
    assert heard == [1]
    empty = Session.objects.create(tournament=tournament, number=2, seating_draft=True)
    with pytest.raises(ServiceError, match="Session 2 has no seating to publish yet"):
        seating_publish(session=empty, user=organiser)


def test_a_change_by_hand_after_publishing_is_seen_at_once(client, tournament, draft, organiser):
    seating_publish(session=draft, user=organiser)
    seats = {(s.table.number, s.wind): s for s in draft.seats.select_related("table", "player")}
    east1, east2 = seats[1, 0].player, seats[2, 0].player
    # Players must sit down where the seating says: a swap by hand is public at once.
    seat_change_apply(session=draft, player=east1, other=east2, user=organiser, now=NOW)
    draft.refresh_from_db()
    assert draft.seating_draft is False
    tables = page(client, "session_print_tables", tournament, 1)
    card2 = tables[tables.index("Table 2") :]
    assert str(east1.last_name) in card2
