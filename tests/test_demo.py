"""The demo tournament: what the README promises, and idempotent."""

import io

from django.core.management import call_command

from tournament.demo import DEMO_PASSWORD, DEMO_SLUG
from tournament.ema import association_country
from tournament.models import Player, Registration, Session, Staff, Table, Tournament


def _counts():
    return (
        Tournament.objects.count(),
        Player.objects.count(),
        Registration.objects.count(),
        Session.objects.count(),
        Table.objects.count(),
        Staff.objects.count(),
    )


def test_demo_tournament_has_forty_players_from_several_countries(db):
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.ruleset == "ema2016"
    players = Registration.objects.filter(tournament=tournament, is_reserve=False)
    assert players.count() == 40
    countries = {r.player.country.code for r in players.select_related("player")}
    assert len(countries) >= 8
    # Every EMA number is well formed and issued by the player's own association.
    for reg in players.select_related("player"):
        assert association_country(reg.player.ema_number) == reg.player.country.code
    assert tournament.sessions.count() == 8
    assert {s.minutes for s in tournament.sessions.all()} == {90}


def test_demo_is_idempotent(db):
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    first = _counts()
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    assert _counts() == first


def test_demo_organiser_may_create_a_tournament(db, client, settings):
    """The README's organiser reaches "New tournament", not a 403."""
    from django.urls import reverse

    settings.TOURNAMENT_CREATION = "organisers"
    call_command("load_demo", "--allow-production", stdout=io.StringIO())
    client.login(username="organiser", password=DEMO_PASSWORD)
    assert client.get(reverse("tournament:new")).status_code == 200
    client.login(username="referee", password=DEMO_PASSWORD)
    assert client.get(reverse("tournament:new")).status_code == 403
