"""Players kept apart on request (family, partners, a club, the countries): the organiser's
page, the seating's input, the plans and Swiss rounds made with them, and the quality page
that lists each group and every table where two of its members met."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tournament.errors import ServiceError
from tournament.models import ApartGroup, Player, Seat, SeatingJob, Session, Tournament
from tournament.registration.teams import team_save, team_settings_update
from tournament.seating import apart
from tournament.seating.core_input import seating_input

from .conftest import assert_valid_session, generate, setup_event


def together(session, members: set[int]) -> list[int]:
    """How many of ``members`` sit at each table of the session (tables with any)."""
    tables: dict[int, int] = {}
    for table_id, player_id in Seat.objects.filter(session=session).values_list(
        "table_id", "player_id"
    ):
        if player_id in members:
            tables[table_id] = tables.get(table_id, 0) + 1
    return sorted(tables.values(), reverse=True)


def test_a_request_needs_two_of_the_tournaments_players(tournament):
    people = setup_event(tournament, players=8, tables=2, sessions=2)
    with pytest.raises(ServiceError) as info:
        apart.apart_group_create(
            tournament=tournament, name="Solo", players=people[:1], first_sessions=None
        )
    assert info.value.field == "players"
    other = Tournament.objects.create(
        name="Other", slug="other", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 2)
    )
    stranger = setup_event(other, players=4, tables=1, sessions=1)[0]
    with pytest.raises(ServiceError, match="Only this tournament's players"):
        apart.apart_group_create(
            tournament=tournament, name="Mixed", players=[people[0], stranger], first_sessions=1
        )
    with pytest.raises(ServiceError) as info:
        apart.apart_group_create(
            tournament=tournament, name="Long", players=people[:2], first_sessions=100
        )
    assert info.value.field == "first_sessions"
    with pytest.raises(ServiceError) as info:
        apart.apart_group_create(
            tournament=tournament, name="  ", players=people[:2], first_sessions=1
        )
    assert info.value.field == "name"
    assert not ApartGroup.objects.exists()


def test_one_tournaments_staff_never_delete_anothers_group(tournament):
    people = setup_event(tournament, players=8, tables=2, sessions=2)
    group = apart.apart_group_create(
        tournament=tournament, name="Family", players=people[:2], first_sessions=None
    )
    other = Tournament.objects.create(
        name="Other", slug="other", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 2)
    )
    with pytest.raises(ServiceError):
        apart.apart_group_delete(tournament=other, group_id=group.pk)
    assert ApartGroup.objects.filter(pk=group.pk).exists()
    apart.apart_group_delete(tournament=tournament, group_id=group.pk)
    assert not ApartGroup.objects.filter(pk=group.pk).exists()


def test_the_seating_input_holds_the_requests_of_its_first_session(tournament):
    people = setup_event(tournament, players=16, tables=4, sessions=3)
    # Two requests sharing player 1 are joined; a club's request for session 1 only.
    apart.apart_group_create(
        tournament=tournament, name="Family", players=people[0:2], first_sessions=None
    )
    apart.apart_group_create(
        tournament=tournament, name="Partners", players=people[1:3], first_sessions=None
    )
    apart.apart_group_create(
        tournament=tournament, name="Club", players=people[8:11], first_sessions=1
    )
    inp = seating_input(tournament, method=SeatingJob.Method.PLAN, seed=1)
    index = {p.pk: i for i, p in enumerate(inp.players)}
    family = sorted(index[p.pk] for p in people[0:3])
    club = sorted(index[p.pk] for p in people[8:11])
    assert inp.options["apart_soft"] == sorted([family, club])
    # From session 2 on the club's request no longer holds.
    field = [p.pk for p in people]
    assert apart.soft_groups(tournament, index, field, 2) == [family]
    # Players already kept apart as team-mates are left out of the requests.
    assert apart.soft_groups(tournament, index, field, 2, taken=[index[people[0].pk]]) == [
        sorted(index[p.pk] for p in people[1:3])
    ]


def test_a_plan_keeps_a_family_apart_in_every_session(tournament):
    people = setup_event(tournament, players=16, tables=4, sessions=3)
    family = people[3:7]
    apart.apart_group_create(
        tournament=tournament, name="Family Weber", players=family, first_sessions=None
    )
    job = generate(tournament, seed=3)
    assert job.state == SeatingJob.State.DONE, job.message
    members = {p.pk for p in family}
    for session in tournament.sessions.order_by("number"):
        assert_valid_session(session, {p.pk for p in people})
        assert together(session, members) == [1, 1, 1, 1]
    assert [row.breaches for row in apart.apart_report(tournament)] == [[]]


def test_an_impossible_request_is_seated_with_the_fewest_together_and_listed(
    tournament, organiser, client
):
    # Five at four tables: one table holds two of them in every session, no more.
    people = setup_event(tournament, players=16, tables=4, sessions=3)
    club = people[:5]
    apart.apart_group_create(
        tournament=tournament, name="MC Amsterdam", players=club, first_sessions=None
    )
    job = generate(tournament, seed=2)
    assert job.state == SeatingJob.State.DONE, job.message
    members = {p.pk for p in club}
    tables = {s.number: together(s, members) for s in tournament.sessions.all()}
    assert tables == {1: [2, 1, 1, 1], 2: [2, 1, 1, 1], 3: [2, 1, 1, 1]}
    (row,) = apart.apart_report(tournament)
    assert [b.session for b in row.breaches] == [1, 2, 3]
    assert all(len(b.players) == 2 for b in row.breaches)

    client.force_login(organiser)
    page = client.get(reverse("tournament:seating_quality", args=[tournament.slug]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "MC Amsterdam" in html
    first = row.breaches[0]
    assert f"Session 1, {first.table}: {', '.join(first.players)}" in html
    # Who is kept apart is not for the public.
    client.logout()
    public = client.get(reverse("tournament:seating_quality", args=[tournament.slug]))
    assert public.status_code == 200
    assert "MC Amsterdam" not in public.content.decode()


def test_swiss_rounds_keep_a_pair_apart_in_the_first_sessions_only(tournament):
    people = setup_event(tournament, players=16, tables=4, sessions=2)
    pair = people[0:2]
    apart.apart_group_create(tournament=tournament, name="Partners", players=pair, first_sessions=1)
    job = generate(tournament, method=SeatingJob.Method.SWISS, seed=1)
    assert job.state == SeatingJob.State.DONE, job.message
    assert job.options["apart_soft"] == [sorted(job.players.index(p.pk) for p in pair)]
    assert together(tournament.sessions.get(number=1), {p.pk for p in pair}) == [1, 1]
    # Once session 1 has started, the next round is session 2, past the request: the input
    # no longer holds it.
    Session.objects.filter(tournament=tournament, number=1).update(state=Session.State.RUNNING)
    inp = seating_input(tournament, method=SeatingJob.Method.SWISS, seed=1)
    assert "apart_soft" not in inp.options


def test_countries_mix_in_the_first_sessions(tournament):
    people = setup_event(tournament, players=16, tables=4, sessions=2)
    Player.objects.filter(pk__in=[p.pk for p in people[8:]]).update(country="NL")
    apart.countries_apart_set(tournament=tournament, sessions=1)
    job = generate(tournament, seed=5)
    assert job.state == SeatingJob.State.DONE, job.message
    dutch = {p.pk for p in people[8:]}
    for session in tournament.sessions.all():
        # 8 of each country at 4 tables: two of each at every table, the fewest possible.
        assert together(session, dutch) == [2, 2, 2, 2]
    rows = apart.apart_report(tournament)
    # Listed for session 1 only (the countries mix in the first session).
    assert sorted(r.name for r in rows) == ["Germany", "Netherlands"]
    assert {b.session for r in rows for b in r.breaches} == {1}


def test_team_mates_stay_hard_and_requests_soft_together(tournament):
    people = setup_event(tournament, players=16, tables=4, sessions=2)
    team_settings_update(tournament=tournament, size=2, score="sum", best=1, apart=True)
    tournament.refresh_from_db()
    from tournament.models import Registration

    ids = [Registration.objects.get(tournament=tournament, player=p).pk for p in people[:2]]
    team_save(tournament=tournament, name="Owls", members=ids, user=None)
    apart.apart_group_create(
        tournament=tournament, name="Family", players=people[1:4], first_sessions=None
    )
    inp = seating_input(tournament, method=SeatingJob.Method.PLAN, seed=1)
    index = {p.pk: i for i, p in enumerate(inp.players)}
    assert inp.options["apart"] == [sorted(index[p.pk] for p in people[:2])]
    assert inp.options["apart_soft"] == [sorted(index[p.pk] for p in people[2:4])]


def test_the_report_takes_a_fixed_number_of_queries(tournament, django_assert_num_queries):
    people = setup_event(tournament, players=16, tables=4, sessions=2)
    for k in range(4):
        apart.apart_group_create(
            tournament=tournament,
            name=f"G{k}",
            players=people[4 * k : 4 * k + 2],
            first_sessions=None,
        )
    apart.countries_apart_set(tournament=tournament, sessions=2)
    generate(tournament, seed=1)
    with django_assert_num_queries(5):
        rows = apart.apart_report(tournament)
    assert len(rows) >= 4


def test_the_organisers_page_adds_and_removes_a_group(tournament, organiser, client):
    people = setup_event(tournament, players=8, tables=2, sessions=2)
    client.force_login(organiser)
    manage = client.get(reverse("tournament:seating_manage", args=[tournament.slug]))
    url = reverse("tournament:seating_apart", args=[tournament.slug])
    assert url in manage.content.decode()
    page = client.get(url)
    assert page.status_code == 200
    bad = client.post(url, {"name": "Family", "players": [people[0].pk], "first_sessions": ""})
    assert bad.status_code == 400
    assert "Choose at least two players." in bad.content.decode()
    outside = client.post(url, {"name": "Family", "players": [people[0].pk, 999999]})
    assert outside.status_code == 400
    done = client.post(
        url, {"name": "Family", "players": [people[0].pk, people[1].pk], "first_sessions": "2"}
    )
    assert done.status_code == 302
    group = ApartGroup.objects.get(tournament=tournament)
    assert set(group.players.all()) == {people[0], people[1]}
    assert group.first_sessions == 2
    assert "Family" in client.get(url).content.decode()
    countries = reverse("tournament:seating_apart_countries", args=[tournament.slug])
    assert client.post(countries, {"sessions": "1000"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.countries_apart_sessions == 0
    client.post(countries, {"sessions": "3"})
    tournament.refresh_from_db()
    assert tournament.countries_apart_sessions == 3
    delete = reverse("tournament:seating_apart_delete", args=[tournament.slug, group.pk])
    assert client.post(delete).status_code == 302
    assert not ApartGroup.objects.exists()
