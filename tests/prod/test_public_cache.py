"""The public pages' cache (web.cache): served from the cache to anonymous visitors,
and stale exactly never: each change a page shows invalidates it, after the commit."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from referee.services import penalty_create
from scoring.services import sheet_confirm, sheet_save
from tournament.clock import services as clock_services
from tournament.models import Seat, SeatChange
from tournament.seating.by_hand import seat_change_apply
from web import cache as public_cache

pytestmark = pytest.mark.django_db(transaction=False)


def confirm_sheet(session, table, points, user=None):
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={
            "points": list(points),
            "riichi_left": 0,
            "chombo": [0] * 4,
            "substitutes": [""] * 4,
        },
        expected_version=0,
        user=user,
    )
    return sheet_confirm(sheet=sheet, expected_version=sheet.version, user=user)


@pytest.fixture
def table1(seated_session):
    return seated_session.tournament.tables.get(number=1)


def standings_url(tournament):
    return reverse("tournament:standings", args=[tournament.slug])


def test_second_anonymous_visit_is_served_from_the_cache(
    client, tournament, seated_session, table1, django_assert_max_num_queries
):
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    first = client.get(standings_url(tournament))
    assert first["X-Cache"] == "miss"
    # A hit is the slug's lookup only: no standings are computed.
    with django_assert_max_num_queries(1):
        second = client.get(standings_url(tournament))
    assert second["X-Cache"] == "hit"
    assert second.content == first.content


def test_confirming_a_sheet_shows_at_once(client, tournament, seated_session, table1):
    # The session's column appears with its first confirmed sheet.
    assert b"S1</" not in client.get(standings_url(tournament)).content
    assert client.get(standings_url(tournament))["X-Cache"] == "hit"
    # 40,000 with EMA 2016 uma +15: (40000 - 30000) / 1000 + 15 = 25 points (EMA 3.4).
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    page = client.get(standings_url(tournament))
    assert page["X-Cache"] == "miss"
    assert b"S1</" in page.content and b">25.0<" in page.content


def test_a_sheet_not_yet_confirmed_moves_nothing(client, tournament, seated_session, table1):
    client.get(standings_url(tournament))
    sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry={
            "points": [40000, 30000, 28000, 22000],
            "riichi_left": 0,
            "chombo": [0] * 4,
            "substitutes": [""] * 4,
        },
        expected_version=0,
        user=None,
    )
    # Saving bumps too (a saved sheet may be a correction); the page is simply recomputed
    # and still shows no result, since only confirmed sheets count.
    page = client.get(standings_url(tournament))
    assert b"S1</" not in page.content


def test_a_logged_penalty_shows_at_once(client, referee, tournament, seated_session, table1):
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    player_url = reverse(
        "tournament:player", args=[tournament.slug, table1.seats.get(wind=0).player_id]
    )
    before = client.get(standings_url(tournament)).content
    client.get(player_url)
    east = seated_session.seats.get(table=table1, wind=0).player
    penalty_create(
        tournament=tournament,
        player=east,
        session=seated_session,
        kind="other",
        amount=Decimal("20"),
        reason="Obstruction",
        user=referee,
    )
    after = client.get(standings_url(tournament))
    assert after["X-Cache"] == "miss"
    assert after.content != before
    # 25 - 20 = 5 points in all, the penalty column -20.
    assert b"-20" in after.content


def test_a_seat_change_shows_at_once(client, organiser, tournament, seated_session):
    url = reverse("tournament:session", args=[tournament.slug, seated_session.number])
    client.get(url)
    assert client.get(url)["X-Cache"] == "hit"
    seat = seated_session.seats.select_related("player").get(table__number=1, wind=0)
    table2 = tournament.tables.get(number=2)
    other = seated_session.seats.select_related("player").get(table=table2, wind=0).player
    seat_change_apply(
        session=seated_session,
        player=seat.player,
        other=other,
        user=organiser,
        now=timezone.now(),
    )
    assert SeatChange.objects.filter(session=seated_session).exists()
    page = client.get(url)
    assert page["X-Cache"] == "miss"
    moved = Seat.objects.get(session=seated_session, player=seat.player)
    assert moved.table == table2
    assert b"Changed by hand" in page.content


def test_a_clock_change_shows_at_once(client, organiser, tournament, seated_session):
    url = reverse("tournament:seating", args=[tournament.slug])
    client.get(url)
    assert client.get(url)["X-Cache"] == "hit"
    clock_services.session_clock_start(
        session=seated_session, by=organiser, now=timezone.now() - dt.timedelta(minutes=1)
    )
    assert client.get(url)["X-Cache"] == "miss"


def test_a_page_cached_before_the_commit_is_retired_by_it(
    client, tournament, seated_session, table1, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    # Another reader renders the page before the commit: in production he could not yet
    # see the new rows, and his page is cached under the version of that moment.
    client.get(standings_url(tournament))
    assert client.get(standings_url(tournament))["X-Cache"] == "hit"
    assert callbacks, "the bump waits for the commit"
    for callback in callbacks:
        callback()
    assert client.get(standings_url(tournament))["X-Cache"] == "miss"


def test_logged_in_visitors_are_never_served_a_cached_page(
    client, organiser, tournament, seated_session, table1
):
    client.get(standings_url(tournament))
    client.force_login(organiser)
    page = client.get(standings_url(tournament))
    assert "X-Cache" not in page
    assert b"EMA results file" in page.content  # the organiser's own links


def test_a_draft_tournament_is_never_cached(client, organiser, draft_tournament):
    url = standings_url(draft_tournament)
    assert client.get(url).status_code == 404
    assert client.get(url).status_code == 404


def test_cache_down_pages_still_answer(client, tournament, seated_session, table1, monkeypatch):
    """Redis stopped: every cache call raises; the pages are computed as on a miss."""

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to localhost:6379. Connection refused.")

    for name in ("get", "set", "add", "get_many"):
        monkeypatch.setattr(public_cache.cache, name, down)
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    page = client.get(standings_url(tournament))
    assert page.status_code == 200
    assert b"S1</" in page.content


def test_the_clock_shows_a_finished_table_at_once(client, organiser, tournament, seated_session):
    """Every phone polls the clock's state: its tables come from the cache, and a table's
    report shows in the very next poll."""
    now = timezone.now()
    clock_services.session_clock_start(session=seated_session, by=organiser, now=now)
    url = reverse("tournament:session_clock_state", args=[tournament.slug, 1])
    tables = client.get(url).json()["tables"]
    assert [t["finished"] for t in tables] == [False, False]
    clock_services.session_table_finish(
        session=seated_session,
        table=tournament.tables.get(number=2),
        by=organiser,
        now=now,
        ended_by_time=False,
    )
    tables = client.get(url).json()["tables"]
    assert [t["finished"] for t in tables] == [False, True]


def test_a_sheet_leaves_the_seating_cached(client, tournament, seated_session, table1):
    """At the end of a session sheets are confirmed by the dozen while every phone reads the
    seating and the clock: a sheet invalidates the results pages only."""
    seating_url = reverse("tournament:session", args=[tournament.slug, 1])
    client.get(seating_url)
    client.get(standings_url(tournament))
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    assert client.get(seating_url)["X-Cache"] == "hit"
    assert client.get(standings_url(tournament))["X-Cache"] == "miss"


def test_while_one_process_renders_a_stale_page_the_others_serve_the_last_one(
    client, tournament, seated_session, table1
):
    first = client.get(standings_url(tournament))
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    # Another process holds the right to render the new standings (a moment ago).
    from django.core.cache import cache

    from web.cache import page_name

    path = standings_url(tournament)
    lock = f"tournament-page-lock:{page_name(tournament.pk, 'results', 'en-gb', path, '')}"
    cache.add(lock, 1, 10)
    meanwhile = client.get(path)
    assert meanwhile["X-Cache"] == "stale" and meanwhile.content == first.content
    cache.delete(lock)
    fresh = client.get(path)
    assert fresh["X-Cache"] == "miss" and b"S1</" in fresh.content


def player_url(tournament, player_id):
    return reverse("tournament:player", args=[tournament.slug, player_id])


def test_player_pages_after_a_sheet_compute_the_standings_once(
    client, tournament, seated_session, table1, monkeypatch
):
    from results.standings import player_reads

    seated = list(Seat.objects.filter(session=seated_session).order_by("table__number", "wind"))
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    calls = []
    real = player_reads.standings
    monkeypatch.setattr(player_reads, "standings", lambda *a, **k: calls.append(1) or real(*a, **k))
    # Every player's page after the change: one computation between them, not one a page.
    for seat in seated:
        assert client.get(player_url(tournament, seat.player_id)).status_code == 200
    assert len(calls) == 1


def test_a_player_page_is_rendered_again_only_when_its_figures_change(
    client, tournament, seated_session, table1, monkeypatch
):
    from results.standings import views

    table2 = tournament.tables.get(number=2)
    at_1 = Seat.objects.filter(session=seated_session, table=table1).order_by("wind")
    first, other = at_1[0].player_id, at_1[1].player_id
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    before = client.get(player_url(tournament, first)).content
    renders = []
    real = views.player_hand_statistics  # read by the page's render only
    monkeypatch.setattr(views, "player_hand_statistics", lambda *a: renders.append(1) or real(*a))
    # A sheet of another table: the version is new, this player's figures are not.
    confirm_sheet(seated_session, table2, [25000, 25000, 35000, 35000])
    after = client.get(player_url(tournament, first))
    assert after.content == before and renders == []
    # His own table's sheet corrected: his page shows the new figures at once. 40,000 in
    # first place (EMA 2016 uma +15): (40000 - 30000) / 1000 + 15 = 25, first of the
    # event; corrected to 30,000 in second place: 0 + 5 = 5, behind 25 (the other player
    # at his table) and 15 twice (table 2's tie for first: 5 + (15 + 5) / 2, EMA 3.4).
    assert b"Place 1 " in before
    from scoring.models import ScoreSheet
    from scoring.services import sheet_save as save

    sheet = ScoreSheet.objects.get(session=seated_session, table=table1)
    save(  # a correction of a confirmed sheet stays confirmed
        session=seated_session,
        table=table1,
        mode="final",
        entry={
            "points": [30000, 40000, 28000, 22000],
            "riichi_left": 0,
            "chombo": [0] * 4,
            "substitutes": [""] * 4,
        },
        expected_version=sheet.version,
        user=None,
        reason="points of East and South swapped",
    )
    changed = client.get(player_url(tournament, first)).content
    assert b"Place 4 " in changed and renders == [1]
    assert client.get(player_url(tournament, other)).status_code == 200


def test_while_the_extracts_are_computed_readers_get_the_version_before(
    client, referee, tournament, seated_session, table1, monkeypatch
):
    from django.utils.translation import get_language

    first = Seat.objects.filter(session=seated_session, table=table1).order_by("wind")[0]
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    url = player_url(tournament, first.player_id)
    assert b"Place 1 " in client.get(url).content
    # Table 2's sheet: a new version, whose extracts another process is computing now.
    confirm_sheet(seated_session, tournament.tables.get(number=2), [50000, 30000, 25000, 15000])
    current = public_cache.version(tournament.pk, public_cache.RESULTS)
    assert current is not None
    lock = f"tournament-data-lock:{tournament.pk}:{get_language()}:standings:player"
    public_cache.cache.add(lock, 1, 60)
    page = client.get(url)
    # The figures of the version before (50,000 at table 2 makes 35 points, EMA 3.4: he
    # is second now), never kept under the new version.
    assert page["X-Cache"] == "stale" and b"Place 1 " in page.content
    # A logged-in reader never gets the version before: he waits for the computation
    # (here: gives up waiting) and sees the new figures.
    monkeypatch.setattr(public_cache, "RENDER_LOCK", 0.1)
    client.force_login(referee)
    assert b"Place 2 " in client.get(url).content
    client.logout()
    public_cache.cache.delete(lock)
    fresh = client.get(url)
    assert fresh["X-Cache"] == "miss" and b"Place 2 " in fresh.content


def test_while_one_version_is_computed_a_newer_one_does_not_start_another(
    client, tournament, seated_session, table1, monkeypatch
):
    """Every save and confirmation of a sheet makes a new results version; a computation of
    the extracts per version at once piled up under load. One runs at a time: readers of
    a newer version meanwhile get the pages of the version before."""
    from django.utils.translation import get_language

    from results.standings import player_reads

    first = Seat.objects.filter(session=seated_session, table=table1).order_by("wind")[0]
    confirm_sheet(seated_session, table1, [40000, 30000, 28000, 22000])
    url = player_url(tournament, first.player_id)
    assert b"Place 1 " in client.get(url).content
    # Another process is computing the extracts (of whichever version) ...
    lock = f"tournament-data-lock:{tournament.pk}:{get_language()}:standings:player"
    public_cache.cache.add(lock, 1, 60)
    # ... when two more sheets make two new versions.
    table2 = tournament.tables.get(number=2)
    confirm_sheet(seated_session, table2, [50000, 30000, 25000, 15000])
    calls = []
    real = player_reads.standings
    monkeypatch.setattr(player_reads, "standings", lambda *a, **k: calls.append(1) or real(*a, **k))
    for _ in range(3):
        page = client.get(url)
        assert page["X-Cache"] == "stale" and b"Place 1 " in page.content
    assert calls == []
    public_cache.cache.delete(lock)
    fresh = client.get(url)
    assert fresh["X-Cache"] == "miss" and b"Place 2 " in fresh.content and calls == [1]
