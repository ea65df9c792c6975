"""The data migration carries a person shared by two tournaments (the old model) into one
entry per tournament, and every tournament's pages, totals and EMA file stay the same."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from scoring.models import PersonalCode
from tests.identity.conftest import ANNA, seat_four
from tests.identity.helpers import _without_tokens
from tests.scoring_app.conftest import enter_final
from tournament.models import Player, Registration, Staff, Tournament

BEFORE = [("tournament", "0016_stages28_stages")]
AFTER = [("tournament", "0017_ident34_entries")]


def _answers(tournament, organiser) -> dict[str, bytes]:
    staff = Client()
    staff.force_login(organiser)
    slug = tournament.slug
    urls = {
        "ema.csv": reverse("tournament:ema_export", args=[slug, "csv"]),
        "standings": reverse("tournament:standings", args=[slug]),
        "players.csv": reverse("tournament:players", args=[slug]) + "?_export=csv",
        "api": f"/api/v1/tournaments/{slug}/players",
    }
    out = {}
    for name, url in urls.items():
        response = staff.get(url)
        assert response.status_code == 200, name
        body = b"".join(response) if response.streaming else response.content
        out[name] = _without_tokens(body)
    return out


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    others = [
        ("scoring", "0002_report_player_reporting"),
        ("referee", "0002_results25_results_removal"),
    ]
    return executor.loader.project_state(targets + others).apps


@pytest.mark.django_db(transaction=True)
def test_a_person_shared_by_two_tournaments_becomes_one_entry_in_each(
    tournament, organiser, b_cup, anna_account
):
    from django.core.cache import cache

    b, boss = b_cup
    # Today's model, built by the current code: each tournament its own entry of Anna.
    a_anna = Player.objects.create(email="anna@a.org", club="Köln", **ANNA)
    Registration.objects.create(tournament=tournament, player=a_anna, status="confirmed")
    Player.objects.filter(pk=a_anna.pk).update(user=anna_account, link_method="code")
    a_anna.refresh_from_db()
    a_four = seat_four(tournament, a_anna)
    b_anna = Player.objects.create(tournament=b, club="Köln", **ANNA)
    Registration.objects.create(tournament=b, player=b_anna, status="confirmed")
    b_four = [b_anna] + [
        Player.objects.create(tournament=b, first_name=f"Bee{i}", last_name="Table", country="NL")
        for i in range(3)
    ]
    for p in b_four[1:]:
        Registration.objects.create(tournament=b, player=p, status="confirmed")
    from tournament.models import Session, Table

    b_session = Session.objects.create(tournament=b, number=1)
    b_table = Table.objects.create(tournament=b, number=1)
    for wind, p in enumerate(b_four):
        b_session.seats.create(table=b_table, wind=wind, player=p)
    a_session = tournament.sessions.get(number=1)
    enter_final(a_session, a_session.seats.first().table, [45000, 30000, 25000, 20000])
    enter_final(b_session, b_table, [10000, 20000, 30000, 60000])
    PersonalCode.objects.create(tournament=b, player=b_anna, code="BBBB22")
    expected = {
        "a": _answers(tournament, organiser),
        "b": _answers(b, boss),
    }
    b_ids = {p.pk for p in b_four[1:]}
    try:
        # Back to the old model, and make Anna one record shared by A and B, as it was.
        old = _migrate(BEFORE)
        OldPlayer = old.get_model("tournament", "Player")
        for model, field in (
            (old.get_model("tournament", "Registration"), "player"),
            (old.get_model("tournament", "Seat"), "player"),
            (old.get_model("scoring", "TableResult"), "player"),
            (old.get_model("scoring", "PersonalCode"), "player"),
        ):
            model.objects.filter(**{field: b_anna.pk}).update(**{field: a_anna.pk})
        OldPlayer.objects.filter(pk=b_anna.pk).delete()
        OldPlayer.objects.filter(pk=a_anna.pk).update(
            owner=tournament.pk, copy_of=None, user=anna_account.pk
        )
        assert OldPlayer.objects.filter(ema_number=ANNA["ema_number"]).count() == 1
        _migrate(AFTER)
        cache.clear()
        call_command("migrate", verbosity=0)  # the apps after, at their latest
        # One entry per tournament; Anna's account linked to both, and a profile.
        a_entry = Registration.objects.get(tournament=tournament, player__last_name="Schmidt")
        b_entry = Registration.objects.get(tournament=b, player__last_name="Schmidt")
        assert a_entry.player_id == a_anna.pk and b_entry.player_id != a_anna.pk
        assert b_entry.player.tournament == b and a_entry.player.tournament == tournament
        assert b_entry.player.user == anna_account and b_entry.player.email == ""
        assert a_entry.player.email == "anna@a.org"
        profile = Player.objects.get(user=anna_account, tournament=None)
        assert profile.email == "anna@a.org"
        # Every row of B names B's entries only.
        assert set(b.registrations.values_list("player__tournament", flat=True)) == {b.pk}
        assert {s.player.tournament_id for s in b_session.seats.all()} == {b.pk}
        assert PersonalCode.objects.get(tournament=b).player_id == b_entry.player_id
        assert {p.pk for p in b_four[1:]} == b_ids
        got = {"a": _answers(tournament, organiser), "b": _answers(b, boss)}
        assert got["a"] == expected["a"]
        # B's pages name Anna's new entry id in links; the files and totals are the same.
        assert got["b"]["ema.csv"] == expected["b"]["ema.csv"]
        assert got["b"]["players.csv"] == expected["b"]["players.csv"]
        assert Tournament.objects.count() == 2 and Staff.objects.count() == 2
        assert len(a_four) == 4
    finally:
        call_command("migrate", verbosity=0)
