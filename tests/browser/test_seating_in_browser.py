"""The seating in a real browser: the organiser generates it and follows the progress page
to the seating; a queued job's page follows the worker; a swap is previewed before saving."""

from __future__ import annotations

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import login
from tests.conftest import make_players
from tournament.models import Registration, Seat, SeatingJob, Session, Table
from tournament.seating.jobs import _job_new, seating_job_run

SLUG = "test-open"


def _event(tournament, players=16, tables=4, sessions=3):
    people = make_players(tournament, players)
    Registration.objects.filter(tournament=tournament).update(checked_in=True)
    for n in range(1, tables + 1):
        Table.objects.create(tournament=tournament, number=n)
    for n in range(1, sessions + 1):
        Session.objects.create(tournament=tournament, number=n)
    return people


def test_organiser_generates_the_seating_from_the_dashboard(
    transactional_db, page, tournament, organiser
):
    _event(tournament)
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(f"/t/{SLUG}/dashboard/")
    page.click("text=Seat session 1")
    page.wait_for_url(f"**/t/{SLUG}/seating/manage/")
    page.fill("#id_seed", "2024")
    page.click("#generate-form button[type=submit]")
    page.wait_for_url(f"**/t/{SLUG}/seating/jobs/*/")
    expect(page.locator("#job-done")).to_be_visible()
    expect(page.locator("#job-progress")).to_have_attribute("value", "100")
    expect(page.locator("#job-state")).to_contain_text("Done")
    page.click("#job-next")
    page.wait_for_url(f"**/t/{SLUG}/sessions/1/")
    expect(page.locator(".table-card")).to_have_count(4)
    expect(page.locator("#by-name tbody tr")).to_have_count(16)
    expect(page.locator(".how-made")).to_contain_text("2024")


def test_progress_page_follows_a_job_run_by_a_worker(transactional_db, page, tournament, organiser):
    _event(tournament)
    job = _job_new(tournament=tournament, method="plan", seed=5, user=None, now=timezone.now())
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(f"/t/{SLUG}/seating/jobs/{job.pk}/")
    expect(page.locator("#job-state")).to_contain_text("Waiting for a worker")
    expect(page.locator("#job-done")).to_be_hidden()
    # The worker (here: this test's thread) runs the job; the page notices by polling.
    seating_job_run(job_id=job.pk)
    expect(page.locator("#job-done")).to_be_visible()
    expect(page.locator("#job-percent")).to_have_text("100")
    assert SeatingJob.objects.get(pk=job.pk).state == "done"


def test_a_swap_is_previewed_with_the_repeats_it_causes(
    transactional_db, page, tournament, organiser
):
    players = make_players(tournament, 8)
    tables = [Table.objects.create(tournament=tournament, number=n) for n in (1, 2)]
    layout = {1: [[0, 1, 2, 3], [4, 5, 6, 7]], 2: [[0, 4, 1, 5], [2, 6, 3, 7]]}
    for number, rows in layout.items():
        session = Session.objects.create(tournament=tournament, number=number)
        for t, people in enumerate(rows):
            for wind, i in enumerate(people):
                Seat.objects.create(session=session, table=tables[t], wind=wind, player=players[i])
    login(page, "olga_organiser", "pw-olga_organiser")
    page.goto(f"/t/{SLUG}/sessions/2/seating/edit/")
    page.select_option("#id_player", str(players[4].pk))
    page.select_option("#id_target", f"p{players[2].pk}")
    preview = page.locator("#preview")
    expect(preview).to_be_visible()
    expect(page.locator("#preview-body")).to_contain_text("Repeated meeting")
    expect(preview).to_contain_text(
        "First000 Last000 and First002 Last002 already met in session 1."
    )
    expect(preview).to_contain_text("First004 Last004 already played at Table 2 in session 1.")
    # Nothing saved yet; saving moves the two players.
    assert Seat.objects.get(session__number=2, player=players[4]).table == tables[0]
    page.click("button[value=save]")
    expect(page.locator(".messages")).to_contain_text("Swapped First004 Last004")
    assert Seat.objects.get(session__number=2, player=players[4]).table == tables[1]


def test_table_cards_print_one_a4_page_per_table(transactional_db, page, tournament):
    import re

    from tournament.seating.jobs import seating_generate_now, seating_publish

    _event(tournament, players=12, tables=3, sessions=2)
    seating_generate_now(
        tournament=tournament, method="plan", seed=1, user=None, now=timezone.now()
    )
    # The cards are printed for the hall: from the published seating (a draft shows none).
    seating_publish(session=tournament.sessions.get(number=1), user=None)
    page.goto(f"/t/{SLUG}/sessions/1/print/tables/")
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 3
