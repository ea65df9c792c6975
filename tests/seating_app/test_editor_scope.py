"""The seating editor only seats the tournament's own active players.

An organiser of one tournament must not seat (or learn the name of) a player of another by
typing an id, and a disqualified player is never seated again (EMA 2016 §5.5).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from referee.services import disqualification_create
from tournament.models import Player, Registration, Seat, SeatChange, Tournament


@pytest.fixture
def north_free(seated_session, players):
    """The shared seated session 1 with North of table 2 free: ``players[7]`` has no seat."""
    Seat.objects.filter(session=seated_session, player=players[7]).delete()
    return players


@pytest.fixture
def foreigner(db):
    """A player of another tournament, whom this organiser has nothing to do with."""
    other = Tournament.objects.create(
        name="Other Cup",
        slug="other-cup",
        start_date=dt.date(2026, 9, 1),
        end_date=dt.date(2026, 9, 1),
        visibility=Tournament.Visibility.DRAFT,
    )
    player = Player.objects.create(first_name="Secret", last_name="Outsider", country="FR")
    Registration.objects.create(
        tournament=other, player=player, status=Registration.Status.CONFIRMED
    )
    return player


def _url(tournament, name):
    return reverse(f"tournament:{name}", args=[tournament.slug, 1])


def test_preview_does_not_reveal_a_player_of_another_tournament(
    client, tournament, organiser, north_free, foreigner
):
    client.force_login(organiser)
    for data in (
        {"player": foreigner.pk, "target": "s2-3"},
        {"player": north_free[0].pk, "target": f"p{foreigner.pk}"},
    ):
        response = client.get(_url(tournament, "session_seating_preview"), data)
        assert response.status_code == 400
        assert "Outsider" not in response.content.decode()
        assert "not a player of this tournament" in response.json()["error"]


def test_a_player_of_another_tournament_cannot_be_seated(
    client, tournament, organiser, north_free, foreigner
):
    client.force_login(organiser)
    response = client.post(
        _url(tournament, "session_seating_edit"),
        {"player": foreigner.pk, "target": "s2-3", "action": "save"},
    )
    assert response.status_code == 200
    assert "not a player of this tournament" in response.content.decode()
    assert not Seat.objects.filter(player=foreigner).exists()
    assert not SeatChange.objects.exists()


def test_a_withdrawn_player_cannot_be_seated(client, tournament, organiser, north_free):
    client.force_login(organiser)
    Registration.objects.filter(player=north_free[7]).update(status=Registration.Status.WITHDRAWN)
    client.post(
        _url(tournament, "session_seating_edit"),
        {"player": north_free[7].pk, "target": "s2-3", "action": "save"},
    )
    assert not Seat.objects.filter(player=north_free[7]).exists()


def test_a_disqualified_player_cannot_be_seated_back(client, tournament, organiser, north_free):
    client.force_login(organiser)
    banned = north_free[7]
    disqualification_create(tournament=tournament, player=banned, user=organiser, reason="Cheat")
    response = client.post(
        _url(tournament, "session_seating_edit"),
        {"player": banned.pk, "target": "s2-3", "action": "save"},
    )
    assert f"{banned} is disqualified" in response.content.decode()
    assert not Seat.objects.filter(player=banned).exists()


def test_the_tournament_s_own_unseated_player_is_still_seated(
    client, tournament, organiser, north_free
):
    client.force_login(organiser)
    client.post(
        _url(tournament, "session_seating_edit"),
        {"player": north_free[7].pk, "target": "s2-3", "action": "save"},
    )
    seat = Seat.objects.get(player=north_free[7])
    assert (seat.table.number, seat.wind) == (2, 3)
