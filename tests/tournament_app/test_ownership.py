"""Whose record: each tournament's entry is its own. B registering A's player makes B's own
entry (what is public, never A's e-mail); B's corrections change B's entry only, so A's
pages and EMA file never change; a person with an account corrects his entries himself."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.errors import ServiceError
from tournament.models import Player, Registration, Session, Staff, Table, Tournament
from tournament.registration import services
from tournament.registration.importing import PlayerRow


@pytest.fixture
def other(db):
    """Tournament B, a later one, run by another organiser."""
    b = Tournament.objects.create(
        name="B Cup",
        slug="b-cup",
        start_date=dt.date(2026, 7, 1),
        end_date=dt.date(2026, 7, 1),
        visibility=Tournament.Visibility.PUBLISHED,
    )
    boss = get_user_model().objects.create_user("bea_b", password="pw")
    Staff.objects.create(tournament=b, user=boss, role=Staff.Role.ORGANISER)
    return b, boss


@pytest.fixture
def jan(tournament, other):
    """Entered by A with his e-mail; B adds him by name, country and EMA number, and seats him."""
    player = Player.objects.create(
        first_name="Jan",
        last_name="Kowal",
        ema_number="19000077",
        country="PL",
        email="jan@example.org",
    )
    Registration.objects.create(tournament=tournament, player=player, status="confirmed")
    b, _boss = other
    row = PlayerRow(
        line=1, first_name="Jan", last_name="Kowal", ema_number="19000077", country="PL"
    )
    entry = services.registration_add(
        tournament=b, check=services.player_check(row, tournament=b)
    ).player
    session = Session.objects.create(tournament=b, number=1)
    session.seats.create(table=Table.objects.create(tournament=b, number=1), wind=0, player=entry)
    return player


def _edit(client, tournament, player, **changes):
    registration = Registration.objects.get(tournament=tournament)
    data = {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "ema_number": player.ema_number,
        "country": player.country.code,
        "club": player.club,
        **changes,
    }
    return client.post(
        reverse("tournament:player_edit", args=[tournament.slug, registration.pk]), data
    )


def test_b_s_edit_changes_b_s_own_entry_and_a_is_unchanged(
    client, tournament, organiser, other, jan
):
    b, boss = other
    assert jan.tournament == tournament
    client.force_login(boss)
    form = client.get(
        reverse("tournament:player_edit", args=[b.slug, Registration.objects.get(tournament=b).pk])
    )
    assert b"jan@example.org" not in form.content
    _edit(client, b, jan, ema_number="", last_name="Kowalski")
    jan.refresh_from_db()
    assert (jan.last_name, jan.ema_number, jan.email) == ("Kowal", "19000077", "jan@example.org")
    assert Registration.objects.get(tournament=tournament).player == jan
    entry = Registration.objects.get(tournament=b).player
    assert entry.pk != jan.pk and entry.tournament == b
    assert (entry.last_name, entry.ema_number, entry.email) == ("Kowalski", "", "")
    assert entry.seats.count() == 1 and jan.seats.count() == 0
    # A's organiser corrects his own entry in place; B's does not follow.
    client.force_login(organiser)
    _edit(client, tournament, jan, club="Kraków Riichi")
    jan.refresh_from_db()
    entry.refresh_from_db()
    assert jan.club == "Kraków Riichi" and entry.club == ""


def test_a_s_ema_file_does_not_change_when_b_edits(client, tournament, organiser, other, jan):
    b, boss = other
    client.force_login(organiser)
    url = reverse("tournament:ema_export", args=[tournament.slug, "csv"])
    before = client.get(url).content
    client.force_login(boss)
    _edit(client, b, Registration.objects.get(tournament=b).player, ema_number="19000078")
    client.force_login(organiser)
    assert client.get(url).content == before


def test_b_s_export_and_list_show_no_e_mail_of_a_s(client, tournament, organiser, other, jan):
    b, boss = other
    client.force_login(boss)
    export = client.get(reverse("tournament:players", args=[b.slug]) + "?_export=csv")
    assert b"Kowal" in export.content and b"jan@example.org" not in export.content
    assert (
        b"jan@example.org" not in client.get(reverse("tournament:players", args=[b.slug])).content
    )
    client.force_login(organiser)
    export = client.get(reverse("tournament:players", args=[tournament.slug]) + "?_export=csv")
    assert b"jan@example.org" in export.content


def test_b_s_import_of_a_s_person_writes_nothing_of_his(tournament, other):
    b, boss = other
    jan = Player.objects.create(
        first_name="Jan", last_name="Kowal", ema_number="19000077", country="PL"
    )
    Registration.objects.create(tournament=tournament, player=jan, status="confirmed")
    rows = [
        PlayerRow(
            line=2,
            first_name="Jan",
            last_name="Kowal",
            ema_number="19000077",
            country="PL",
            club="Other Club",
            email="attacker@example.org",
        ),
    ]
    _report, result = services.registration_import(tournament=b, rows=rows, user=boss)
    assert result is not None and result.new_players == 1  # B's own entry
    jan.refresh_from_db()
    assert (jan.club, jan.email, jan.tournament) == ("", "", tournament)
    entry = Registration.objects.get(tournament=b).player
    assert (entry.club, entry.email) == ("Other Club", "attacker@example.org")
    # A's own import fills A's blanks.
    rows[0] = PlayerRow(
        line=2,
        first_name="Jan",
        last_name="Kowal",
        ema_number="19000077",
        country="PL",
        club="Kraków",
        email="jan@example.org",
    )
    c = Tournament.objects.create(
        name="C", slug="c", start_date=dt.date(2026, 8, 1), end_date=dt.date(2026, 8, 1)
    )
    services.registration_add(tournament=c, check=services.player_check(rows[0], tournament=c))
    jan.refresh_from_db()
    assert jan.club == ""


def test_a_person_with_an_account_corrects_his_entries(tournament, other, jan):
    b, boss = other
    account = get_user_model().objects.create_user("jan", password="pw")
    Player.objects.filter(pk=jan.pk).update(user=account)
    jan.refresh_from_db()
    b_entry = Registration.objects.get(tournament=b).player
    data = {
        "first_name": "X",
        "last_name": "Kowal",
        "ema_number": "19000077",
        "country": "PL",
        "club": "",
    }
    with pytest.raises(ServiceError, match="has an account"):
        services.player_correct(tournament=tournament, player=jan, data=data, user=None)
    # B's organiser cannot reach A's entry at all, even through the service.
    with pytest.raises(ServiceError, match="another tournament"):
        services.player_correct(tournament=b, player=jan, data=data, user=boss)
    jan.refresh_from_db()
    assert jan.first_name == "Jan"
    # B's own entry (no account linked) is B's to correct.
    services.player_correct(tournament=b, player=b_entry, data=data, user=boss)
    b_entry.refresh_from_db()
    jan.refresh_from_db()
    assert (b_entry.first_name, jan.first_name) == ("X", "Jan")
