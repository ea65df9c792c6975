"""The registration services: limit, waiting list, withdrawal, check-in, reserves, field."""

import datetime as dt

import pytest

from tests.conftest import make_players
from tests.tournament_app.conftest import NOW, make_player_user, register
from tournament.errors import ServiceError
from tournament.models import Player, Registration, Table
from tournament.registration import selectors as registration_selectors
from tournament.registration import services

Status = Registration.Status


def test_self_registration_awaits_confirmation_then_waits_when_full(open_tournament):
    open_tournament.player_limit = 2
    open_tournament.save()
    players = [make_player_user(n)[1] for n in range(3)]
    statuses = [
        services.registration_self_register(tournament=open_tournament, player=p, now=NOW).status
        for p in players
    ]
    assert statuses == [Status.PENDING, Status.PENDING, Status.WAITING]


def test_self_registration_is_refused_when_closed_or_twice(tournament, open_tournament):
    _, player = make_player_user(1)
    services.registration_self_register(tournament=open_tournament, player=player, now=NOW)
    with pytest.raises(ServiceError, match="already registered"):
        services.registration_self_register(tournament=open_tournament, player=player, now=NOW)
    open_tournament.registration_closes = NOW - dt.timedelta(hours=1)
    open_tournament.save()
    _, other = make_player_user(2)
    with pytest.raises(ServiceError, match="not open"):
        services.registration_self_register(tournament=open_tournament, player=other, now=NOW)


def test_registration_window_has_a_start_and_an_end(tournament):
    assert not registration_selectors.registration_is_open(tournament, NOW)  # never opened
    tournament.registration_opens = NOW + dt.timedelta(minutes=1)
    assert not registration_selectors.registration_is_open(tournament, NOW)
    tournament.registration_opens = NOW
    assert registration_selectors.registration_is_open(tournament, NOW)
    tournament.registration_closes = NOW
    assert not registration_selectors.registration_is_open(tournament, NOW)


def test_withdrawal_moves_the_first_on_the_waiting_list_up(open_tournament):
    open_tournament.player_limit = 1
    open_tournament.save()
    first, second, third = (make_player_user(n)[1] for n in range(3))
    mine = services.registration_self_register(tournament=open_tournament, player=first, now=NOW)
    services.registration_self_register(tournament=open_tournament, player=second, now=NOW)
    services.registration_self_register(tournament=open_tournament, player=third, now=NOW)
    promoted = services.registration_withdraw(registration=mine)
    assert promoted.player.user == second.user  # the tournament's own entry of his
    assert promoted.status == Status.PENDING
    assert Registration.objects.get(player__user=third.user).status == Status.WAITING
    # Withdrawn players may register again: they join the queue at its end.
    again = services.registration_self_register(tournament=open_tournament, player=first, now=NOW)
    assert again.pk == mine.pk and again.status == Status.WAITING


def test_confirming_from_the_waiting_list_is_refused_when_full(tournament):
    tournament.player_limit = 1
    tournament.save()
    a, b = make_players(tournament, 2)
    waiting = Registration.objects.get(player=b)
    waiting.status = Status.WAITING
    waiting.save()
    with pytest.raises(ServiceError, match="player limit of 1 is reached"):
        services.registration_confirm(registration=waiting)
    services.registration_withdraw(registration=Registration.objects.get(player=a))
    waiting.refresh_from_db()
    assert waiting.status == Status.PENDING  # moved up
    assert services.registration_confirm(registration=waiting).status == Status.CONFIRMED


def test_confirm_pending_confirms_everyone_awaiting(open_tournament):
    for n in range(10):
        services.registration_self_register(
            tournament=open_tournament, player=make_player_user(n)[1], now=NOW
        )
    assert services.registration_confirm_pending(tournament=open_tournament) == 10
    assert registration_selectors.registration_counts(open_tournament) == {"confirmed": 10}


def test_only_confirmed_registrations_can_be_checked_in(tournament):
    make_players(tournament, 2)
    pending = register(tournament, make_player_user(1)[1], status=Status.PENDING)
    ids = list(tournament.registrations.values_list("pk", flat=True))
    with pytest.raises(ServiceError, match="not confirmed: Pat001 Player001"):
        services.registration_check_in(tournament=tournament, ids=ids, checked_in=True)
    assert not tournament.registrations.filter(checked_in=True).exists()
    ids.remove(pending.pk)
    assert services.registration_check_in(tournament=tournament, ids=ids, checked_in=True) == 2
    assert services.registration_check_in(tournament=tournament, ids=ids, checked_in=True) == 0


def _reserves(tournament, n):
    return [
        register(tournament, make_player_user(100 + i)[1], is_reserve=True, checked_in=True)
        for i in range(n)
    ]


def test_field_of_a_multiple_of_four_is_ready(tournament):
    make_players(tournament, 8)
    tournament.registrations.update(checked_in=True)
    Table.objects.bulk_create(Table(tournament=tournament, number=n) for n in (1, 2))
    status = registration_selectors.field_status(tournament)
    assert status.ready and status.tables_needed == 2


def test_field_is_filled_from_the_checked_in_reserves(tournament):
    make_players(tournament, 6)
    tournament.registrations.update(checked_in=True)
    Table.objects.bulk_create(Table(tournament=tournament, number=n) for n in (1, 2))
    first, second, _third = _reserves(tournament, 3)
    assert "2 reserve(s) must fill in" in registration_selectors.field_status(tournament).problem
    status = services.field_fill_from_reserves(tournament=tournament).field
    assert status.ready and status.size == 8
    assert list(tournament.registrations.filter(fills_in=True)) == [first, second]
    assert registration_selectors.players_to_seat(tournament).count() == 8
    # Two more players arrive: the reserves are no longer needed.
    for i in (1, 2):
        late = Player.objects.create(first_name=f"L{i}", last_name="Late", country="FR")
        register(tournament, late, checked_in=True)
    assert not registration_selectors.field_status(tournament).ready
    status = services.field_fill_from_reserves(tournament=tournament).field
    assert status.filling == 0 and status.size == 8


def test_too_few_reserves_is_refused_with_a_clear_message(tournament):
    make_players(tournament, 5)
    tournament.registrations.update(checked_in=True)
    _reserves(tournament, 1)
    with pytest.raises(ServiceError) as excinfo:
        services.field_fill_from_reserves(tournament=tournament)
    assert excinfo.value.message == (
        "5 players are checked in: 3 short of full tables of four, and only 1 reserve(s) "
        "checked in. Check in 2 more reserve(s), or withdraw 1 player(s) so that 4 play."
    )
    assert not tournament.registrations.filter(fills_in=True).exists()


def test_too_few_tables_is_a_problem(tournament):
    make_players(tournament, 8)
    tournament.registrations.update(checked_in=True)
    Table.objects.create(tournament=tournament, number=1)
    assert registration_selectors.field_status(tournament).problem == (
        "8 players need 2 tables, but the tournament has 1. Add tables."
    )


def test_a_reserve_answers_whether_results_count(tournament):
    (reserve,) = _reserves(tournament, 1)
    services.registration_set_results_count(registration=reserve, counts=False)
    reserve.refresh_from_db()
    assert reserve.results_count is False
    (player,) = make_players(tournament, 1)
    with pytest.raises(ServiceError, match="not a reserve"):
        services.registration_set_results_count(
            registration=Registration.objects.get(player=player), counts=True
        )


def test_making_a_player_a_reserve_frees_a_place_for_the_waiting_list(tournament):
    tournament.player_limit = 1
    tournament.save()
    a, b = make_players(tournament, 2)
    Registration.objects.filter(player=b).update(status=Status.WAITING)
    services.registration_set_reserve(registration=Registration.objects.get(player=a), reserve=True)
    assert Registration.objects.get(player=b).status == Status.PENDING
    with pytest.raises(ServiceError, match="cannot become a player"):
        services.registration_set_reserve(
            registration=Registration.objects.get(player=a), reserve=False
        )


def test_check_in_page_queries_do_not_grow_with_players(
    client, tournament, organiser, django_assert_max_num_queries
):
    from django.urls import reverse

    make_players(tournament, 100)
    _reserves(tournament, 3)
    client.force_login(organiser)
    with django_assert_max_num_queries(10):
        response = client.get(reverse("tournament:checkin", args=[tournament.slug]))
    assert response.content.decode().count('name="registration"') == 103
