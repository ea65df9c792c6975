"""A session's results held from the public until every table's sheet is confirmed
(``Tournament.hold_results``, results/standings/publication.py).

Session 1 of the shared scene has two tables. Table 1's sheet (conftest FINAL_POINTS,
41000/27000/30000/22000 under EMA 2016) gives players 0-3 +26, -8, +5 and -23; table 2's
(35000/35000/25000/25000) gives players 4-7 +15, +15, -15 and -15.  While table 2 is
not confirmed, the public, the players and the API see nothing of session 1; the staff see
table 1's scores at once, marked as held.  Once table 2 is confirmed everyone sees both
and each player is told his results once.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from results.standings.selectors import standings
from tests.conftest import FINAL_POINTS, enter_final
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

HELD = "held from the public until every sheet is confirmed"
# The standings' column of session 1 and the player page's chart of his running total:
# shown only with a result of session 1 (whatever the numbers' format in the reader's language).
SESSION_1_COLUMN = 'href="?sort=s1"'
CHART = 'class="score-chart"'


@pytest.fixture
def holding(tournament, seated_session, players):
    """The organiser's option on; every player has an account with an e-mail address."""
    tournament.hold_results = True
    tournament.save()
    for i, p in enumerate(players):
        p.user = get_user_model().objects.create_user(
            f"p{i}", email=f"p{i}@example.org", password="pw"
        )
        p.save(update_fields=["user"])
    return tournament


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _api_totals(client: Client) -> dict[int, Decimal]:
    answer = client.get("/api/v1/tournaments/test-open/standings").json()
    return {item["player"]["id"]: Decimal(str(item["total"])) for item in answer["items"]}


def _results_mails() -> list[tuple[str, str]]:
    return sorted((m.to[0], m.body) for m in mail.outbox if m.body.startswith("Session 1:"))


def _standings_page(client: Client) -> str:
    return client.get(reverse("tournament:standings", args=["test-open"])).content.decode()


def _player_page(client: Client, player) -> str:
    url = reverse("tournament:player", args=["test-open", player.pk])
    return client.get(url).content.decode()


def test_one_table_confirmed_is_held_from_the_public_and_shown_to_staff(
    holding, seated_session, table1, table2, players, organiser
):
    enter_final(seated_session, table1, FINAL_POINTS[(1, 1)])
    anonymous, petra, olga = _client(), _client(players[0].user), _client(organiser)
    name = players[0].pk

    # The public and the players: nothing of session 1 yet (player 0 would have +26).
    for client in (anonymous, petra):
        assert _api_totals(client).get(name, Decimal(0)) == 0
        page = _standings_page(client)
        assert SESSION_1_COLUMN not in page
        assert HELD not in page
        assert CHART not in _player_page(client, players[0])
    # Read again from the cache, after the staff's own reads: still held.
    assert _api_totals(olga)[name] == Decimal("26.0")
    staff_page = _standings_page(olga)
    assert SESSION_1_COLUMN in staff_page and HELD in staff_page
    # The session's results page: table 1's rows for the staff only.
    results = reverse("tournament:session_results", args=["test-open", 1])
    player_url = reverse("tournament:player", args=["test-open", players[0].pk])
    row = f'href="{player_url}"'
    assert row in olga.get(results).content.decode()
    assert row not in anonymous.get(results).content.decode()
    assert row not in petra.get(results).content.decode()
    assert CHART in _player_page(olga, players[0])
    assert _api_totals(anonymous).get(name, Decimal(0)) == 0
    assert SESSION_1_COLUMN not in _standings_page(anonymous)
    assert CHART not in _player_page(anonymous, players[0])
    # Not a word to anyone about his results before the session is complete.
    assert _results_mails() == []

    enter_final(seated_session, table2, FINAL_POINTS[(1, 2)])

    for client in (anonymous, petra, olga):
        totals = _api_totals(client)
        assert totals[name] == Decimal("26.0")
        assert totals[players[4].pk] == Decimal("15.0")
        assert SESSION_1_COLUMN in _standings_page(client)
        assert CHART in _player_page(client, players[0])
    assert HELD not in _standings_page(olga)
    # Each player told once, with his own score, total and rank (EMA 2016 points above).
    mails = _results_mails()
    assert len(mails) == 8
    assert ("p0@example.org", "Session 1: +26.0; total +26.0, rank 1 of 8.") in mails
    assert ("p7@example.org", "Session 1: -15.0; total -15.0, rank 6 of 8.") in mails


def test_the_standings_as_of_the_last_complete_session(holding, two_sessions, players, organiser):
    """Session 1 complete, session 2 with one table: the public reads the standings after
    session 1 (player 2: +5), the staff after session 2 (+5 and +35 = +40)."""
    for table in (1, 2):
        enter_final(two_sessions.session(1), two_sessions.tables[table], FINAL_POINTS[(1, table)])
    enter_final(two_sessions.session(2), two_sessions.tables[2], FINAL_POINTS[(2, 2)])
    name = players[2].pk
    assert _api_totals(_client())[name] == Decimal("5.0")
    answer = _client().get("/api/v1/tournaments/test-open/standings").json()
    assert answer["after_session"] == 1
    assert _api_totals(_client(players[2].user))[name] == Decimal("5.0")
    assert _api_totals(_client(organiser))[name] == Decimal("40.0")
    # Outside a request (a worker, the notifications) nothing is held.
    row = next(r for r in standings(holding).rows if r.player.pk == players[2].pk)
    assert row.total == Decimal("40.0")
    # Only session 1's results were told; session 2's wait for its table 1.
    assert {body.split(":")[0] for _, body in _all_mails()} == {"Session 1"}


def _all_mails() -> list[tuple[str, str]]:
    return [(m.to[0], m.body) for m in mail.outbox if m.body.startswith("Session ")]


def test_without_the_option_the_results_show_at_once_and_are_told_when_complete(
    tournament, seated_session, table1, table2, players
):
    players[0].user = get_user_model().objects.create_user("p0", email="p0@example.org")
    players[0].save(update_fields=["user"])
    assert not Tournament.objects.get(pk=tournament.pk).hold_results
    enter_final(seated_session, table1, FINAL_POINTS[(1, 1)])
    assert _api_totals(_client())[players[0].pk] == Decimal("26.0")
    assert _results_mails() == []
    enter_final(seated_session, table2, FINAL_POINTS[(1, 2)])
    assert _results_mails() == [("p0@example.org", "Session 1: +26.0; total +26.0, rank 1 of 8.")]


def test_the_organiser_turns_the_option_on_in_the_settings(tournament, organiser):
    from tests.tournament_app.test_settings_bounds import settings_post

    client = _client(organiser)
    url = reverse("tournament:settings", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert 'name="hold_results"' in page
    assert "Hold a session&#x27;s results until every sheet is confirmed" in page
    assert client.post(url, settings_post(tournament, hold_results="on")).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).hold_results is True
    assert client.post(url, settings_post(tournament)).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).hold_results is False


def test_a_players_page_says_that_results_are_held(holding, two_sessions, players, organiser):
    """Session 1 complete, session 2 with one table confirmed: a player's page tells the
    public it shows the results as of session 1, and the staff that session 2 is held;
    once session 2 is complete the note is gone, also from the page kept for the public."""
    for table in (1, 2):
        enter_final(two_sessions.session(1), two_sessions.tables[table], FINAL_POINTS[(1, table)])
    enter_final(two_sessions.session(2), two_sessions.tables[2], FINAL_POINTS[(2, 2)])
    anonymous, petra, olga = _client(), _client(players[2].user), _client(organiser)
    for client in (anonymous, petra):
        page = _player_page(client, players[2])
        assert "Results as of session 1: the next session's are shown" in page
        assert HELD not in page
    assert "Session 2: held from the public until every sheet is confirmed" in _player_page(
        olga, players[2]
    )

    enter_final(two_sessions.session(2), two_sessions.tables[1], FINAL_POINTS[(2, 1)])
    for client in (anonymous, petra, olga):
        assert 'class="muted held-results"' not in _player_page(client, players[2])
        assert HELD not in _player_page(client, players[2])
