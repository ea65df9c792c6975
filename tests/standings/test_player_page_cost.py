"""A player's page costs a look-up and a template: its queries do not grow with the event,
and the digest that keeps it (read from the extracts computed once per results version)
changes with everything it shows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.standings.test_standings import build_event
from tournament.models import Seat
from web.cache import bump, public_pages_changed


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def test_a_player_page_after_a_change_costs_the_same_few_queries_in_any_event(client, tournament):
    """After a change (a new results version) the first page computes the extracts, once;
    every other player's page, unchanged, is one query (the tournament; the player is in
    his extract) and a look-up, for 8 players and 1 session as for 40 and 4."""
    from tournament.models import Tournament

    counts = {}
    for size, (players, sessions) in enumerate([(8, 1), (40, 4)]):
        event = (
            tournament
            if size == 0
            else Tournament.objects.create(
                name="Bigger Open",
                slug="bigger-open",
                start_date=tournament.start_date,
                end_date=tournament.end_date,
                visibility=Tournament.Visibility.PUBLISHED,
                session_count=sessions,
            )
        )
        people = build_event(event, players, sessions)
        urls = [reverse("tournament:player", args=[event.slug, p.pk]) for p in people]
        for url in urls:  # read once: each page is kept under its digest
            queries(client, url)
        bump(event.pk)
        first = queries(client, urls[0])  # computes every player's extract
        others = {queries(client, url) for url in urls[1:]}
        counts[players] = (first, others)
    assert counts[8] == counts[40]
    first, others = counts[8]
    assert others == {1}
    assert first < 18


@pytest.mark.parametrize("change", ["opponent renamed", "table renamed", "seat swapped"])
def test_the_kept_page_changes_with_what_it_shows(client, tournament, change):
    people = build_event(tournament, 8, 1)
    me = people[0]
    url = reverse("tournament:player", args=[tournament.slug, me.pk])
    mine = Seat.objects.select_related("table").get(player=me)
    opponent = Seat.objects.select_related("player").filter(table=mine.table).exclude(player=me)[0]
    before = client.get(url).content.decode()
    assert client.get(url)["X-Cache"] == "hit"
    if change == "opponent renamed":
        opponent.player.first_name = "Renamed"
        opponent.player.save()
        shown = f"Renamed {opponent.player.last_name}"
    elif change == "table renamed":
        mine.table.name = "Dragon table"
        mine.table.save()
        shown = "Dragon table"
    else:  # the opponent's seat given to a player of another table (written in bulk, no signal)
        other = Seat.objects.select_related("player").exclude(table=mine.table)[0]
        Seat.objects.filter(pk__in=[other.pk, opponent.pk]).delete()
        Seat.objects.bulk_create(
            [
                Seat(
                    session=other.session,
                    table=other.table,
                    wind=other.wind,
                    player=opponent.player,
                ),
                Seat(
                    session=opponent.session,
                    table=mine.table,
                    wind=opponent.wind,
                    player=other.player,
                ),
            ]
        )
        public_pages_changed(tournament.pk)
        shown = str(other.player)
    assert shown not in before
    assert shown in client.get(url).content.decode()
