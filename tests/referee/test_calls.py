"""Calling a referee to a table (referee.calls): the player's button, the desk's queue,
taking and closing a call, the log, and the bounds against abuse."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse

from referee.calls import services
from referee.calls.views import CALLS_PER_ACCOUNT
from referee.desk_log import log_entries
from referee.models import RefereeCall
from tournament.happenings import referee_call
from tournament.models import Staff, Tournament


def call_url(tournament):
    return reverse("calls:call", args=[tournament.slug])


def queue_url(tournament):
    return reverse("calls:queue", args=[tournament.slug])


@pytest.fixture
def heard():
    """The referee_call signals sent (tournament.happenings), as (state, call) pairs."""
    sent = []

    def receiver(sender, call, state, **kwargs):
        sent.append((state, call.pk))

    referee_call.connect(receiver, weak=False)
    yield sent
    referee_call.disconnect(receiver)


@pytest.fixture
def second_referee(tournament):
    user = get_user_model().objects.create_user(username="rita_referee", password="pw")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.REFEREE)
    return user


def test_a_seated_player_calls_and_the_desk_is_told(
    client, tournament, running, player, table1, heard, django_capture_on_commit_callbacks
):
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(call_url(tournament))
    assert response.status_code == 302
    call = RefereeCall.objects.get()
    assert (call.session, call.table, call.player.user, call.state) == (
        running,
        table1,
        player,
        "open",
    )
    assert heard == [("open", call.pk)]
    page = client.get(reverse("reporting:my_table", args=[tournament.slug])).content.decode()
    assert "A referee is called" in page
    assert 'id="call-referee"' not in page  # no second button while the call is open


def test_a_second_press_is_refused_while_a_referee_is_called(client, tournament, running, player):
    client.force_login(player)
    client.post(call_url(tournament))
    response = client.post(call_url(tournament), follow=True)
    assert "A referee is already called to this table." in response.content.decode()
    assert RefereeCall.objects.count() == 1


def test_the_database_holds_one_open_call_a_table(tournament, running, table1, players):
    RefereeCall.objects.create(tournament=tournament, session=running, table=table1)
    with pytest.raises(IntegrityError), transaction.atomic():
        RefereeCall.objects.create(tournament=tournament, session=running, table=table1)


def test_only_a_player_seated_in_the_session_being_played_may_call(
    client, tournament, seated_session, player, stranger
):
    # The session is only planned: nobody is playing yet.
    client.force_login(player)
    response = client.post(call_url(tournament))
    assert response.status_code == 403
    assert "Only a player seated in the session being played may call." in (
        response.content.decode()
    )
    seated_session.state = "running"
    seated_session.save()
    client.force_login(stranger)
    assert client.post(call_url(tournament)).status_code == 403
    assert not RefereeCall.objects.exists()


def test_a_page_of_calls_is_refused_with_the_wait(client, tournament, running, player, referee):
    client.force_login(player)
    for _ in range(CALLS_PER_ACCOUNT.count):
        client.post(call_url(tournament))
        RefereeCall.objects.filter(closed_at__isnull=True).update(closed_at="2026-01-01T10:00:00Z")
    response = client.post(call_url(tournament), follow=True)
    assert "Too many calls from this account" in response.content.decode()
    assert RefereeCall.objects.count() == CALLS_PER_ACCOUNT.count


def test_a_referee_takes_the_call_the_others_see_who_and_it_closes_with_a_note(
    client,
    tournament,
    running,
    player,
    referee,
    second_referee,
    heard,
    django_capture_on_commit_callbacks,
):
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(call_url(tournament))
    call = RefereeCall.objects.get()
    client.force_login(referee)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("calls:take", args=[tournament.slug, call.pk]))
    assert response.status_code == 302
    client.force_login(second_referee)
    queue = client.get(queue_url(tournament)).json()
    assert queue["ids"] == [call.pk]
    assert "taken by rene_referee" in queue["html"]
    # The second referee cannot take it too: he is told who went.
    page = client.post(reverse("calls:take", args=[tournament.slug, call.pk]), follow=True)
    assert "rene_referee took this call already." in page.content.decode()

    client.force_login(referee)
    close = reverse("calls:close", args=[tournament.slug, call.pk])
    too_long = client.post(close, {"note": "x" * (RefereeCall.NOTE_MAX + 1)})
    assert too_long.status_code == 200
    assert "at most 500 characters (it has 501)" in too_long.content.decode()
    assert client.post(close, {"note": "   "}).status_code == 200  # a note is required
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(close, {"note": "Dead wall miscounted; EMA 3.4 applied."})
    assert done.status_code == 302
    call.refresh_from_db()
    assert call.state == "closed" and call.closed_by == referee
    assert [state for state, _ in heard] == ["open", "taken", "closed"]
    assert client.get(queue_url(tournament)).json()["ids"] == []
    client.force_login(player)
    page = client.get(reverse("reporting:my_table", args=[tournament.slug])).content.decode()
    assert "The call is closed" in page
    assert 'id="call-referee"' in page  # the table may call again


def test_the_log_keeps_every_call(tournament, running, players, player, referee):
    call = services.call_from_seat(tournament=tournament, player=players[0], user=player)
    services.call_take(call=call, user=referee)
    services.call_close(call=call, user=referee, note="Settled the draw")
    entries = [e for e in log_entries(tournament) if e.ref == "C1"]
    assert [(e.action, e.by) for e in entries] == [
        ("Call closed", "rene_referee"),
        ("Call taken", "rene_referee"),
        ("Call", "petra_player"),
    ]
    assert entries[0].reason == "Settled the draw"
    assert all(e.table == "Table 1" and e.session == 1 for e in entries)
    assert not [e for e in log_entries(tournament, session=2) if e.ref.startswith("C")]


def test_a_referee_calls_another_from_the_tables_sheet(client, tournament, running, referee):
    client.force_login(referee)
    response = client.post(
        reverse("calls:call_from_sheet", args=[tournament.slug]), {"session": 1, "table": 2}
    )
    assert response.status_code == 302
    call = RefereeCall.objects.get()
    assert call.table.number == 2 and call.player is None and call.opened_by == referee
    assert "staff (rene_referee)" in client.get(queue_url(tournament)).json()["html"]


def test_the_queue_costs_the_same_for_one_call_or_many(
    client, tournament, running, referee, django_assert_max_num_queries
):
    client.force_login(referee)
    tables = list(tournament.tables.all())
    RefereeCall.objects.create(tournament=tournament, session=running, table=tables[0])
    with django_assert_max_num_queries(5) as one:
        client.get(queue_url(tournament))
    RefereeCall.objects.create(tournament=tournament, session=running, table=tables[1])
    with django_assert_max_num_queries(len(one.captured_queries)):
        assert len(client.get(queue_url(tournament)).json()["ids"]) == 2


def test_another_tournaments_staff_never_see_or_take_its_calls(client, tournament, running, table1):
    call = RefereeCall.objects.create(tournament=tournament, session=running, table=table1)
    other = Tournament.objects.create(
        name="Other",
        slug="other",
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        visibility=Tournament.Visibility.PUBLISHED,
    )
    user = get_user_model().objects.create_user(username="otto", password="pw")
    Staff.objects.create(tournament=other, user=user, role=Staff.Role.ORGANISER)
    client.force_login(user)
    assert client.get(queue_url(tournament)).status_code == 403
    # Their own desk's URL with this call's id: no such call there.
    assert client.post(reverse("calls:take", args=["other", call.pk])).status_code == 404
    call.refresh_from_db()
    assert call.taken_at is None
