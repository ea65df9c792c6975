"""Team-mates kept apart: the seating service passes the core ``apart`` and no
two team-mates ever sit at one table, over a whole plan and over Swiss rounds."""

from __future__ import annotations

import pytest

from scoring.services import sheet_confirm, sheet_save
from tournament.errors import ServiceError
from tournament.models import Registration, Seat, SeatingJob, Table
from tournament.registration.teams import team_save, team_settings_update

from .conftest import assert_valid_session, generate, setup_event

POINTS = [45000, 32000, 25000, 18000]


def make_teams(tournament, people, size: int) -> list[set[int]]:
    """Teams of ``size`` consecutive players: people 0-3, 4-7, …"""
    team_settings_update(tournament=tournament, size=size, score="sum", best=1, apart=True)
    tournament.refresh_from_db()
    teams = []
    for t in range(len(people) // size):
        members = people[t * size : (t + 1) * size]
        ids = [Registration.objects.get(tournament=tournament, player=p).pk for p in members]
        team_save(tournament=tournament, name=f"Team {t}", members=ids, user=None)
        teams.append({p.pk for p in members})
    return teams


def assert_apart(session, teams: list[set[int]]) -> None:
    tables: dict[int, set[int]] = {}
    for table_id, player_id in Seat.objects.filter(session=session).values_list(
        "table_id", "player_id"
    ):
        tables.setdefault(table_id, set()).add(player_id)
    for players in tables.values():
        for team in teams:
            assert len(players & team) <= 1, f"team-mates together in session {session.number}"


def test_a_whole_plan_keeps_every_team_apart(tournament):
    people = setup_event(tournament, players=24, tables=6, sessions=5)
    teams = make_teams(tournament, people, 4)
    job = generate(tournament, seed=3)
    assert job.state == SeatingJob.State.DONE
    index = {pk: i for i, pk in enumerate(job.players)}
    assert sorted(sorted(index[pk] for pk in team) for team in teams) == job.options["apart"]
    for session in tournament.sessions.order_by("number"):
        assert_valid_session(session, {p.pk for p in people})
        assert_apart(session, teams)


def test_swiss_rounds_keep_every_team_apart(tournament, referee):
    people = setup_event(tournament, players=16, tables=4, sessions=4)
    teams = make_teams(tournament, people, 4)
    for number in range(1, 5):
        job = generate(tournament, method=SeatingJob.Method.SWISS, seed=number)
        assert job.state == SeatingJob.State.DONE and job.sessions == [number]
        session = tournament.sessions.get(number=number)
        assert_valid_session(session, {p.pk for p in people})
        assert_apart(session, teams)
        for table in Table.objects.filter(tournament=tournament):
            sheet = sheet_save(
                session=session,
                table=table,
                mode="final",
                entry={"points": POINTS, "riichi_left": 0},
                expected_version=0,
                user=referee,
            )
            sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)


def test_without_the_setting_no_apart_option(tournament):
    people = setup_event(tournament, players=8, tables=2, sessions=2)
    make_teams(tournament, people, 4)
    tournament.teams_apart = False
    tournament.save(update_fields=["teams_apart"])
    job = generate(tournament)
    assert "apart" not in job.options


def test_a_team_bigger_than_the_tables_cannot_be_kept_apart(tournament):
    """Five team-mates and four tables: the organiser reads what to do; no seat is written."""
    people = setup_event(tournament, players=16, tables=4, sessions=2)
    make_teams(tournament, people[:5], 5)
    with pytest.raises(ServiceError, match="cannot keep team-mates apart") as error:
        generate(tournament)
    assert str(error.value) == (
        "The seating cannot keep team-mates apart (First000 Last000, First001 Last001, "
        "First002 Last002, First003 Last003, First004 Last004): 5 of them play and a session "
        "has only 4 tables. Add tables, make the team smaller, or turn off “keep team-mates "
        "apart” on the teams page; no seat was changed."
    )
    assert not Seat.objects.exists()


def test_a_swap_by_hand_that_seats_team_mates_together_is_shown(tournament):
    """Session 1 seated by hand: table 1 = players 0-3, table 2 = 4-7; team A = 0 and 4."""
    from tournament.models import Session
    from tournament.seating.by_hand import seat_change_preview

    people = setup_event(tournament, players=8, tables=2, sessions=1)
    session = Session.objects.get(tournament=tournament, number=1)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    for i, player in enumerate(people):
        Seat.objects.create(session=session, table=tables[i // 4], wind=i % 4, player=player)
    team_settings_update(tournament=tournament, size=2, score="sum", best=1, apart=True)
    ids = [Registration.objects.get(player=p).pk for p in (people[0], people[4])]
    team_save(tournament=tournament, name="A", members=ids, user=None)
    session.tournament.refresh_from_db()
    # Swapping 1 and 4 seats 4 beside his team-mate 0 at table 1.
    preview = seat_change_preview(session=session, player=people[1], other=people[4])
    assert preview.warnings == [
        "First000 Last000 and First004 Last004 are team-mates, whom this tournament keeps apart."
    ]
    # Swapping 2 and 3 (same table) changes no pair.
    assert seat_change_preview(session=session, player=people[2], other=people[3]).warnings == []


def test_team_mates_fixed_to_one_table_are_named(tournament):
    people = setup_event(tournament, players=8, tables=2, sessions=2)
    make_teams(tournament, people[:2], 2)
    table = Table.objects.get(tournament=tournament, number=1)
    Registration.objects.filter(player__in=people[:2]).update(fixed_table=table)
    with pytest.raises(ServiceError) as error:
        generate(tournament)
    assert "First000 Last000 and First001 Last001 are both fixed to Table 1" in str(error.value)
    assert not Seat.objects.exists()


def test_the_organiser_reads_why_on_the_job_page(
    client, organiser, tournament, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    people = setup_event(tournament, players=16, tables=4, sessions=2)
    make_teams(tournament, people[:5], 5)
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("tournament:seating_generate", args=[tournament.slug]), {"method": "plan"}
        )
    job = SeatingJob.objects.get()
    assert job.state == SeatingJob.State.FAILED
    page = client.get(response.url).content.decode()
    assert "cannot keep team-mates apart" in page and "5 of them play" in page
    assert not Seat.objects.exists()
