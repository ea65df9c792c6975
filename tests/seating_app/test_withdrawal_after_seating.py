"""A player who withdraws after the seating leaves no ghost seat, and one
action puts a reserve into exactly the seats he left in the sessions still to play."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.errors import ServiceError
from tournament.models import Player, Registration, Seat, Session
from tournament.registration import services
from tournament.seating.vacancies import seat_vacancies

from .conftest import tables_of


def _seats_of(player) -> dict[int, tuple[int, int]]:
    """Session number -> (table number, wind)."""
    return {
        s.session.number: (s.table.number, s.wind)
        for s in Seat.objects.filter(player=player).select_related("session", "table")
    }


def _reserve(tournament, name="Rita") -> Registration:
    player = Player.objects.create(first_name=name, last_name="Reserve", country="NL")
    return Registration.objects.create(
        tournament=tournament,
        player=player,
        status=Registration.Status.CONFIRMED,
        is_reserve=True,
        checked_in=True,
    )


def test_the_withdrawn_player_leaves_the_unplayed_sessions_and_a_reserve_takes_his_seats(
    tournament, seated16
):
    first = tournament.sessions.get(number=1)
    first.state = Session.State.FINISHED
    first.save(update_fields=["state"])
    gone = seated16[5]
    his_seats = _seats_of(gone)
    played_before = tables_of(first)
    reserve = _reserve(tournament)

    services.registration_withdraw(registration=Registration.objects.get(player=gone))

    # Session 1 was played: its seat is history. Sessions 2 and 3 lose his seat.
    assert _seats_of(gone) == {1: his_seats[1]}
    assert tables_of(first) == played_before
    vacancies = seat_vacancies(tournament)
    assert [(v.session.number, v.table.number, v.wind) for v in vacancies] == [
        (2, *his_seats[2]),
        (3, *his_seats[3]),
    ]
    # The table the desk sees is short of one until the reserve comes.
    table2 = his_seats[2][0]
    assert Seat.objects.filter(session__number=2, table__number=table2).count() == 3

    others_before = {n: tables_of(tournament.sessions.get(number=n)) for n in (2, 3)}
    result = services.field_fill_from_reserves(tournament=tournament)

    assert result.field.ready and result.field.size == 16
    assert [(p, v.session.number) for p, v in result.seated] == [
        (reserve.player, 2),
        (reserve.player, 3),
    ]
    assert _seats_of(reserve.player) == {2: his_seats[2], 3: his_seats[3]}
    assert seat_vacancies(tournament) == []
    # Nobody else moved.
    for n in (2, 3):
        after = tables_of(tournament.sessions.get(number=n))
        for table, people in others_before[n].items():
            assert [p for p in after[table] if p != reserve.player.pk] == people


def test_a_player_cannot_withdraw_himself_once_the_event_has_started(tournament, seated16):
    first = tournament.sessions.get(number=1)
    first.state = Session.State.RUNNING
    first.save(update_fields=["state"])
    registration = Registration.objects.get(player=seated16[0])
    with pytest.raises(ServiceError, match="ask the referee desk"):
        services.registration_withdraw(registration=registration, by_player=True)
    # The organiser still can.
    services.registration_withdraw(registration=registration)
    assert not Seat.objects.filter(player=seated16[0], session__number__in=[2, 3]).exists()


def test_the_organiser_is_told_which_sessions_lose_a_seat(client, tournament, seated16, organiser):
    client.force_login(organiser)
    gone = Registration.objects.get(player=seated16[2])
    seats = _seats_of(seated16[2])
    response = client.post(
        reverse("tournament:registration_withdraw", args=[tournament.slug, gone.pk]),
        {"reason": "ill"},
        follow=True,
    )
    text = response.content.decode()
    assert "Empty seats in the sessions still to play" in text
    assert f"session 1, Table {seats[1][0]}" in text
    assert f"session 3, Table {seats[3][0]}" in text


def test_after_a_disqualification_the_reserve_fills_the_seats_too(tournament, seated16, organiser):
    from referee.services import disqualification_create

    cheat = seated16[7]
    seats = _seats_of(cheat)
    reserve = _reserve(tournament)
    disqualification_create(tournament=tournament, player=cheat, user=organiser, reason="Cheat")

    result = services.field_fill_from_reserves(tournament=tournament)

    assert result.field.size == 16
    assert _seats_of(reserve.player) == seats
    assert _seats_of(cheat) == {}


def test_filling_from_the_reserves_can_be_undone_from_the_check_in_page(
    client, tournament, seated16, organiser
):
    gone = seated16[4]
    seats = _seats_of(gone)
    reserve = _reserve(tournament)
    services.registration_withdraw(registration=Registration.objects.get(player=gone))
    services.field_fill_from_reserves(tournament=tournament)
    assert _seats_of(reserve.player) == seats
    client.force_login(organiser)
    page = client.get(reverse("tournament:checkin", args=[tournament.slug])).content.decode()
    assert f'form="stop-filling-{reserve.pk}"' in page
    client.post(
        reverse(
            "tournament:registration_action", args=[tournament.slug, reserve.pk, "stop-filling"]
        )
    )
    reserve.refresh_from_db()
    assert not reserve.fills_in
    assert _seats_of(reserve.player) == {}
    assert len(seat_vacancies(tournament)) == 3  # his seat is empty again in sessions 1-3
