"""The organiser chooses the reserve who fills the empty seats, the
page proposing the one causing fewest repeats and showing what each would cost; and every
seating-quality figure is the count of the seating as it now stands."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Player, Registration, Seat, SeatChange, Session
from tournament.registration import services as registration_services
from tournament.seating import vacancies as services
from tournament.seating.selectors import quality_now

from .conftest import NOW, tables_of


def _reserve(tournament, name) -> Registration:
    player = Player.objects.create(first_name=name, last_name="Reserve", country="NL")
    return Registration.objects.create(
        tournament=tournament,
        player=player,
        status=Registration.Status.CONFIRMED,
        is_reserve=True,
        checked_in=True,
    )


def _table_of(session, player_id, tables=None) -> tuple[int, list[int]]:
    """The table number of ``player_id`` in ``session`` and the others at it (``tables``:
    the session's ``tables_of``, when the caller has read it already)."""
    for number, people in (tables or tables_of(session)).items():
        if player_id in people:
            return number, [p for p in people if p != player_id]
    raise AssertionError("not seated")


@pytest.fixture
def withdrawal_after_a_substitution(tournament, seated16):
    """Session 1 is played with the reserve Sam in the seat of a player who came late; then
    a player withdraws, leaving one empty seat in sessions 2 and 3. Rita is a fresh reserve.

    The late player and the one who leaves are chosen so that Sam, in the leaver's seats,
    would meet again players he met in session 1 (worked out below from the seats).
    """
    first, second, third = (tournament.sessions.get(number=n) for n in (1, 2, 3))
    sam = _reserve(tournament, "Sam")  # registered first: the old fill took him
    rita = _reserve(tournament, "Rita")
    best = None
    # Each session's tables read once: the search below looks at 16 x 15 pairs.
    seating = {s: tables_of(s) for s in (first, second, third)}
    for late in seated16:
        late_table, late_mates = _table_of(first, late.pk, seating[first])
        for gone in seated16:
            if gone == late:
                continue
            where = [_table_of(s, gone.pk, seating[s]) for s in (second, third)]
            meets = sum(len(set(mates) & set(late_mates)) for _, mates in where)
            tables = sum(number == late_table for number, _ in where)
            if best is None or (meets, tables) > best[:2]:
                best = (meets, tables, late, gone, late_table, late_mates)
    meets, tables, late, gone, late_table, late_mates = best
    # The leaver's own seats may return to one table (the plan's table visits): whoever
    # takes them inherits that return, a fresh reserve too.
    gone_tables = [_table_of(s, gone.pk)[0] for s in (second, third)]
    returns = 2 - len(set(gone_tables))
    # Sam's own returns to a table (visits less distinct tables) once in the leaver's seats.
    tables = 3 - len({late_table, *gone_tables})
    assert meets >= 1  # a 16-player plan always has such a pair (4 tables of 4)
    # The desk's substitution puts Sam in the late player's seat (referee/services.py).
    Seat.objects.filter(session=first, player=late).update(player=sam.player)
    first.state = Session.State.FINISHED
    first.save(update_fields=["state"])
    registration_services.registration_withdraw(registration=Registration.objects.get(player=gone))
    return {
        "returns": returns,
        "sam": sam,
        "rita": rita,
        "gone": gone,
        "meets": meets,
        "tables": tables,
        "sam_met": late_mates,
    }


def test_the_fresh_reserve_is_proposed_and_each_shows_its_cost(
    tournament, withdrawal_after_a_substitution
):
    case = withdrawal_after_a_substitution
    vacancies, choices = services.fill_choices(tournament)
    assert [v.session.number for v in vacancies] == [2, 3]
    by_name = {c.registration.player.first_name: c for c in choices}
    assert [c.registration.player.first_name for c in choices] == ["Rita", "Sam"]
    assert by_name["Rita"].proposed and not by_name["Sam"].proposed
    assert by_name["Rita"].placement.cost == (0, case["returns"])
    assert by_name["Sam"].placement.cost == (case["meets"], case["tables"])
    assert len(by_name["Sam"].meetings) == case["meets"]


def test_the_chosen_reserve_takes_the_seats_and_quality_now_counts_them(
    tournament, withdrawal_after_a_substitution, organiser
):
    """The organiser may still choose the costlier reserve; the figures then say so."""
    case = withdrawal_after_a_substitution
    before = quality_now(tournament)
    assert before["repeated_meetings"] == 0
    taken = services.reserve_fill(
        tournament=tournament, registration=case["sam"], user=organiser, now=NOW
    )
    assert [v.session.number for v in taken] == [2, 3]
    case["sam"].refresh_from_db()
    assert case["sam"].fills_in
    after = quality_now(tournament)
    assert after["repeated_meetings"] == case["meets"]
    assert after["repeated_table_visits"] == before["repeated_table_visits"] + case["tables"]
    assert (
        SeatChange.objects.filter(description__contains="Sam Reserve (reserve) took").count() == 2
    )
    assert services.seat_vacancies(tournament) == []


def test_the_fill_page_lets_the_organiser_choose(
    client, tournament, withdrawal_after_a_substitution, organiser
):
    case = withdrawal_after_a_substitution
    client.force_login(organiser)
    url = reverse("tournament:seating_fill", args=[tournament.slug])
    page = client.get(url).content.decode()
    rita, sam = case["rita"], case["sam"]
    assert f'id="reserve-{rita.pk}" class="proposed"' in page
    assert f'value="{rita.pk}" checked' in page
    # The check-in page's button no longer picks a reserve itself: it leads here.
    response = client.post(reverse("tournament:fill_from_reserves", args=[tournament.slug]))
    assert response.status_code == 302 and response["Location"] == url
    assert not Seat.objects.filter(player__in=[rita.player, sam.player], session__number=2)

    response = client.post(url, {"reserve": str(rita.pk)}, follow=True)
    assert "Rita Reserve takes the empty seat(s)" in response.content.decode()
    assert Seat.objects.filter(player=rita.player).count() == 2
    # Sent twice (a double click): nothing is stored twice.
    response = client.post(url, {"reserve": str(rita.pk)}, follow=True)
    assert "No seat is empty" in response.content.decode()
    assert Seat.objects.filter(player=rita.player).count() == 2
    # Quality now: still no repeated meeting.
    assert quality_now(tournament)["repeated_meetings"] == 0


def test_bad_choices_are_named(client, tournament, withdrawal_after_a_substitution, organiser):
    client.force_login(organiser)
    url = reverse("tournament:seating_fill", args=[tournament.slug])
    for value in ("", "x", "999999"):
        text = client.post(url, {"reserve": value}, follow=True).content.decode()
        assert "reserve: pick a reserve of this tournament." in text
    not_a_reserve = Registration.objects.get(
        player=Seat.objects.filter(session__number=2)[0].player
    )
    text = client.post(url, {"reserve": str(not_a_reserve.pk)}, follow=True).content.decode()
    assert "Pick a reserve of this tournament." in text
    Registration.objects.filter(pk=withdrawal_after_a_substitution["rita"].pk).update(
        checked_in=False
    )
    text = client.post(
        url, {"reserve": str(withdrawal_after_a_substitution["rita"].pk)}, follow=True
    ).content.decode()
    assert "is not checked in" in text
    assert services.seat_vacancies(tournament)  # nothing was seated


def test_pages_show_quality_now_beside_quality_when_generated(
    client, tournament, withdrawal_after_a_substitution, organiser
):
    """After a fill with repeats, no page says "0 repeated"."""
    case = withdrawal_after_a_substitution
    services.reserve_fill(tournament=tournament, registration=case["sam"], user=organiser, now=NOW)
    meets = case["meets"]
    now_text = f"{meets} repeated meeting(s)"
    for name, args in (("seating", []), ("session", [2]), ("seating_quality", [])):
        page = client.get(reverse(f"tournament:{name}", args=[tournament.slug, *args]))
        text = page.content.decode()
        assert 'class="quality-now">' + now_text in text, name
        assert 'class="quality-generated">0 repeated meeting(s)' in text, name
    quality_page = client.get(reverse("tournament:seating_quality", args=[tournament.slug]))
    assert f'id="q-meetings">{meets}<' in quality_page.content.decode()
    job = tournament.seating_jobs.get()
    data = client.get(reverse("tournament:seating_job_input", args=[tournament.slug, job.pk]))
    payload = data.json()
    assert payload["quality"]["repeated_meetings"] == 0
    assert payload["quality_now"]["repeated_meetings"] == meets
