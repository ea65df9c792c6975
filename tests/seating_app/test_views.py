"""The seating pages: who may do what, generation through the progress page, query counts."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament.models import Registration, Seat, SeatingJob, Session, Table

from .conftest import generate, late_player, setup_event

SLUG = "test-open"


def url(name, *args):
    return reverse(f"tournament:{name}", args=[SLUG, *args])


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


# --- permissions ---------------------------------------------------------------------------

ORGANISER_GETS = [
    ("seating_manage", ()),
    ("session_seating_edit", (1,)),
    ("session_seating_preview", (1,)),
]
ORGANISER_POSTS = [
    ("seating_generate", ()),
    ("seating_fix_table", ()),
    ("session_seating_edit", (1,)),
]


@pytest.mark.parametrize("persona", ["referee", "stranger", None])
def test_only_organisers_generate_and_change(client, seated16, persona, request):
    if persona:
        client.force_login(request.getfixturevalue(persona))
    # Someone not logged in is sent to log in (tournament/pages.py permission_denied).
    denied = 403 if persona else 302
    for name, args in ORGANISER_GETS:
        assert client.get(url(name, *args)).status_code == denied, name
    for name, args in ORGANISER_POSTS:
        response = client.post(url(name, *args), {"method": "plan", "player": "1", "target": "p2"})
        assert response.status_code == 403, name
    job = SeatingJob.objects.get()
    assert client.get(url("seating_job", job.pk)).status_code == denied
    assert client.get(url("seating_job_state", job.pk)).status_code == denied
    assert SeatingJob.objects.count() == 1


PUBLIC = [
    ("seating", ()),
    ("session", (1,)),
    ("session_print_tables", (1,)),
    ("session_print_hall", (1,)),
    ("seating_quality", ()),
]


def test_public_pages_are_visible_to_anybody_in_a_published_tournament(client, seated16):
    for name, args in PUBLIC:
        assert client.get(url(name, *args)).status_code == 200, name
    assert client.get(url("player_schedule", seated16[0].pk)).status_code == 200
    job = SeatingJob.objects.get()
    response = client.get(url("seating_job_input", job.pk))
    assert response.status_code == 200 and response.json()["input"] == job.options


def test_public_pages_of_a_draft_are_hidden(client, tournament, seated16, organiser):
    tournament.visibility = tournament.Visibility.DRAFT
    tournament.save()
    for name, args in PUBLIC:
        assert client.get(url(name, *args)).status_code == 404, name
    client.force_login(organiser)
    assert client.get(url("seating")).status_code == 200


# --- generation through the pages ----------------------------------------------------------


def test_organiser_generates_and_lands_on_the_finished_progress_page(
    organiser_client, tournament, event16, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = organiser_client.post(url("seating_generate"), {"method": "plan", "seed": "42"})
    job = SeatingJob.objects.get()
    assert response.status_code == 302 and response.url == url("seating_job", job.pk)
    assert job.state == SeatingJob.State.DONE and job.seed == 42  # eager: ran in the request
    assert Seat.objects.filter(session__tournament=tournament).count() == 16 * 3
    page = organiser_client.get(response.url)
    assert b"See the seating" in page.content and b"42" in page.content
    state = organiser_client.get(url("seating_job_state", job.pk)).json()
    assert state["state"] == "done" and state["percent"] == 100
    assert state["next"] == url("session", 1)


def test_a_problem_is_shown_at_once_and_queues_nothing(organiser_client, tournament):
    setup_event(tournament, players=6, tables=2, sessions=2)
    response = organiser_client.post(url("seating_generate"), {"method": "plan"}, follow=True)
    assert not SeatingJob.objects.exists()
    assert b"6 players cannot be seated at tables of four" in response.content


def test_a_bad_seed_is_refused(organiser_client, event16):
    response = organiser_client.post(url("seating_generate"), {"seed": "abc"}, follow=True)
    assert b"The seed must be a whole number" in response.content
    assert not SeatingJob.objects.exists()


def test_a_second_generation_waits_for_the_running_one(organiser_client, tournament, event16):
    from django.utils import timezone

    SeatingJob.objects.create(
        tournament=tournament, method="plan", seed=1, state="running", created_at=timezone.now()
    )
    response = organiser_client.post(url("seating_generate"), {"method": "plan"}, follow=True)
    assert b"already being generated" in response.content
    assert SeatingJob.objects.count() == 1


def test_fixing_a_table_from_the_page(organiser_client, tournament, event16):
    registration = Registration.objects.get(player=event16[2])
    organiser_client.post(url("seating_fix_table"), {"registration": registration.pk, "table": 4})
    registration.refresh_from_db()
    assert registration.fixed_table.number == 4
    page = organiser_client.get(url("seating_manage"))
    assert b"First002 Last002: Table 4" in page.content
    organiser_client.post(url("seating_fix_table"), {"registration": registration.pk, "table": ""})
    registration.refresh_from_db()
    assert registration.fixed_table is None


def test_fifth_player_fixed_to_a_table_is_refused(organiser_client, tournament, event16):
    table = Table.objects.get(tournament=tournament, number=1)
    Registration.objects.filter(player__in=event16[:4]).update(fixed_table=table)
    fifth = Registration.objects.get(player=event16[4])
    response = organiser_client.post(
        url("seating_fix_table"), {"registration": fifth.pk, "table": 1}, follow=True
    )
    assert b"Four players are already fixed to Table 1" in response.content


def test_dashboard_step_links_to_the_generation_page(organiser_client, event16):
    page = organiser_client.get(url("dashboard"))
    assert f'href="{url("seating_manage")}">Seat session 1'.encode() in page.content


# --- changes through the pages -------------------------------------------------------------


def _two_seats(tournament, number):
    seats = list(Seat.objects.filter(session__number=number).order_by("table__number", "wind"))
    return seats[0], seats[-1]  # table 1 East, last table North


def test_preview_json_and_saving_through_the_edit_page(organiser_client, tournament, seated16):
    a, b = _two_seats(tournament, 2)
    data = {"player": a.player_id, "target": f"p{b.player_id}"}
    preview = organiser_client.get(url("session_seating_preview", 2), data).json()
    assert preview["ok"] and preview["description"].startswith(f"Swapped {a.player}")
    assert isinstance(preview["new_meetings"], list)
    page = organiser_client.post(url("session_seating_edit", 2), data | {"action": "preview"})
    assert b"What this change does" in page.content
    assert Seat.objects.get(pk=a.pk).player_id == a.player_id  # preview saves nothing
    organiser_client.post(url("session_seating_edit", 2), data | {"action": "save"})
    assert Seat.objects.get(session__number=2, player_id=a.player_id).table_id == b.table_id
    public = organiser_client.get(url("session", 2))
    assert b"Changed by hand" in public.content


def test_the_preview_shows_the_seating_after_the_change(organiser_client, tournament, seated16):
    """The grid under the preview is the new seating, not the old one."""
    a, b = _two_seats(tournament, 2)
    data = {"player": a.player_id, "target": f"p{b.player_id}"}
    grid = organiser_client.get(url("session_seating_preview", 2), data).json()["grid"]
    first, last = grid[0], grid[-1]
    assert first["seats"][0] == {
        "wind": 0,
        "wind_label": "East",
        "name": str(b.player),
        "moved": True,
    }
    assert last["seats"][3]["name"] == str(a.player) and last["seats"][3]["moved"]
    assert sum(len(t["seats"]) for t in grid) == 16
    page = organiser_client.post(url("session_seating_edit", 2), data | {"action": "preview"})
    text = page.content.decode()
    assert "The seating after the change" in text
    table1 = text[text.index('id="seat-grid"') :]
    table1 = table1[: table1.index("</article>")]
    assert f"<strong>{b.player}</strong> (moved)" in table1
    assert str(a.player) not in table1


def test_preview_json_explains_a_bad_choice(organiser_client, seated16):
    response = organiser_client.get(url("session_seating_preview", 2), {"player": "x"})
    assert response.status_code == 400
    assert response.json()["error"] == "Pick the player to move."


def test_edit_page_of_a_locked_session_has_no_form(organiser_client, tournament, seated16):
    Session.objects.filter(number=1).update(state=Session.State.RUNNING)
    page = organiser_client.get(url("session_seating_edit", 1))
    assert b"Session 1 has started. Its seating can no longer change." in page.content
    assert b'id="change-form"' not in page.content


# --- pages for players ---------------------------------------------------------------------


def test_player_schedule_lists_table_seat_and_opponents(client, tournament, seated16):
    player = seated16[0]
    page = client.get(url("player_schedule", player.pk))
    seat = Seat.objects.get(session__number=2, player=player)
    opponents = Seat.objects.filter(session__number=2, table=seat.table).exclude(player=player)
    text = page.content.decode()
    assert f"<strong>{seat.table}</strong>" in text
    for o in opponents:
        assert str(o.player) in text


def test_seating_page_shows_tables_by_wind_names_and_how_it_was_made(client, seated16):
    page = client.get(url("session", 1)).content.decode()
    assert "Find your table" in page and "East" in page and "North" in page
    job = SeatingJob.objects.get()
    assert f"<code>{job.seed}</code>" in page
    assert url("seating_job_input", job.pk) in page


def test_print_tables_has_one_card_per_table(client, seated16):
    page = client.get(url("session_print_tables", 1)).content.decode()
    assert page.count('class="print-card"') == 4


def test_quality_page_draws_the_meeting_chart(client, tournament, seated16):
    page = client.get(url("seating_quality")).content.decode()
    assert "<svg" in page and page.count("<rect") >= 2
    # 16 players over 3 repeat-free sessions: 72 pairs met once, 48 never.
    assert "72 pair(s) met 1×" in page and "48 pair(s) met 0×" in page
    assert "No pair of players meets twice." in page


def test_quality_page_lists_a_repeated_meeting(client, tournament, seated16):
    one, two = (tournament.sessions.get(number=n) for n in (1, 2))
    a = Seat.objects.filter(session=one).order_by("table__number", "wind")[0]
    mate = Seat.objects.filter(session=one, table=a.table).exclude(pk=a.pk)[0]
    # Seat the mate next to a in session 2 by swapping them with a's neighbour there.
    a2 = Seat.objects.get(session=two, player=a.player_id)
    neighbour = Seat.objects.filter(session=two, table=a2.table).exclude(pk=a2.pk)[0]
    mate2 = Seat.objects.get(session=two, player=mate.player_id)
    pk_n, pk_m = neighbour.player_id, mate2.player_id
    Seat.objects.filter(pk__in=[neighbour.pk, mate2.pk]).delete()
    Seat.objects.create(session=two, table=neighbour.table, wind=neighbour.wind, player_id=pk_m)
    Seat.objects.create(session=two, table=mate2.table, wind=mate2.wind, player_id=pk_n)
    page = client.get(url("seating_quality")).content.decode()
    names = sorted(f"{p.last_name}, {p.first_name}" for p in (a.player, mate.player))
    assert f"<tr><td>{names[0]} · {names[1]}</td><td>1, 2</td></tr>" in page


# --- query counts --------------------------------------------------------------------------


def _queries(client, path) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(path).status_code == 200
    return len(ctx.captured_queries)


def _page_queries(client, player) -> tuple[int, int, int]:
    return (
        _queries(client, url("session", 1)),
        _queries(client, url("player_schedule", player.pk)),
        _queries(client, url("seating_quality")),
    )


def test_seating_page_and_schedule_queries_do_not_grow_with_players(client, tournament):
    small = setup_event(tournament, players=8, tables=10, sessions=3)
    generate(tournament)
    counts_small = _page_queries(client, small[0])
    more = make_more_players(tournament, 32)
    Registration.objects.filter(player__in=more).update(checked_in=True)
    generate(tournament)
    assert Seat.objects.filter(session__number=1).count() == 40
    assert _page_queries(client, small[0]) == counts_small


def make_more_players(tournament, n):
    from tournament.models import Player

    players = []
    for i in range(n):
        player = Player.objects.create(first_name=f"More{i:03d}", last_name="Player", country="FR")
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
        players.append(player)
    return players


def test_manage_page_flags_sessions_that_no_longer_fit_the_field(
    organiser_client, tournament, seated16, organiser
):
    from referee.services import disqualification_create

    page = organiser_client.get(url("seating_manage")).content.decode()
    assert 'id="needs-reseat"' not in page
    Session.objects.filter(number=1).update(state=Session.State.FINISHED)
    disqualification_create(
        tournament=tournament, player=seated16[0], user=organiser, reason="Cheating"
    )
    page = organiser_client.get(url("seating_manage")).content.decode()
    assert "Sessions 2, 3 no longer fit the field" in page
    assert "1 table(s) without four players" in page
    late_player(tournament)  # back to sixteen: the re-plan seats sessions 2 and 3 again
    generate(tournament)
    page = organiser_client.get(url("seating_manage")).content.decode()
    assert 'id="needs-reseat"' not in page and "needs re-seating" not in page


def test_a_logged_in_player_sees_their_own_seat_first(client, tournament, seated16, stranger):
    player = seated16[3]
    player.user = stranger
    player.save()
    client.force_login(stranger)
    seat = Seat.objects.select_related("table").get(session__number=1, player=player)
    page = client.get(url("session", 1)).content.decode()
    assert (
        f"You play at <strong>{seat.table}</strong>, seat <strong>{seat.get_wind_display()}" in page
    )


def test_paper_sheets_and_slips_for_the_staff(organiser_client, tournament, seated16):
    """Printing: the players by seat wind, a line per hand, signatures; a slip
    per player with table and seat."""
    text = organiser_client.get(url("session_print_sheets", 1)).content.decode()
    assert text.count('class="print-card paper-sheet"') == 4
    east = Seat.objects.get(session__number=1, table__number=1, wind=0)
    assert f"East<br>{east.player.first_name} {east.player.last_name}" in text
    assert "Final points" in text and "Signature" in text and "30,000" in text
    slips = organiser_client.get(url("session_print_slips", 1)).content.decode()
    assert slips.count('class="seat-slip"') == 16
    assert (
        f'<p class="seat-slip-name"><strong>{east.player.last_name}, '
        f"{east.player.first_name}</strong></p>"
        f'<p class="seat-slip-place"><strong>{east.table}</strong> · East</p>' in slips
    )


def test_generating_again_over_a_seating_is_asked_first(organiser_client, tournament, seated16):
    """A new generation replaces the unplayed sessions' seats, which no undo brings back: a
    box to tick."""
    before = set(Seat.objects.values_list("session_id", "table_id", "wind", "player_id"))
    response = organiser_client.post(url("seating_generate"), {"method": "plan", "seed": "5"})
    assert response.url == url("seating_manage")
    assert set(Seat.objects.values_list("session_id", "table_id", "wind", "player_id")) == before
    page = organiser_client.get(url("seating_manage")).content.decode()
    assert "are seated already" in page
    assert page.count('name="replace"') == 1
    response = organiser_client.post(
        url("seating_generate"), {"method": "plan", "seed": "5", "replace": "1"}
    )
    assert SeatingJob.objects.count() == 2


def test_quality_page_sorts_de_vries_under_v_and_speaks_german(client, tournament):
    """Two sessions of one table: every player visits table 1 twice.  The wind table and the
    table visits sort as every list of players does ("de Vries" under V, before "Zeller",
    tournament/names.py), and the table's name is in the reader's language."""
    from tournament.models import Player

    table = Table.objects.create(tournament=tournament, number=1)
    people = [
        Player.objects.create(first_name=f, last_name=last)
        for f, last in (("Anna", "Zeller"), ("Jan", "de Vries"), ("Bo", "Adams"), ("Cy", "Moss"))
    ]
    for player in people:
        Registration.objects.create(tournament=tournament, player=player)
    for number, winds in ((1, (0, 1, 2, 3)), (2, (1, 0, 2, 3))):
        session = Session.objects.create(tournament=tournament, number=number)
        for player, wind in zip(people, winds, strict=True):
            Seat.objects.create(session=session, table=table, wind=wind, player=player)
    page = client.get(url("seating_quality"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    visits = page[page.index('id="repeated-tables"') :]
    visits = visits[: visits.index("</table>")]
    assert "Tisch 1" in visits and "Table 1" not in visits
    order = [visits.index(n) for n in ("Adams", "Moss", "de Vries", "Zeller")]
    assert order == sorted(order)
    winds = page[page.index('id="wind-balance"') :]
    winds = winds[: winds.index("</table>")]
    # Zeller and de Vries sat East and South once each (spread 1); Adams and Moss twice
    # West and North (spread 2) come first.
    order = [winds.index(n) for n in ("Adams", "Moss", "de Vries", "Zeller")]
    assert order == sorted(order)
