"""The referee log numbers its records per tournament: a new tournament's first
penalty is P1 and its first substitution S1, whatever other tournaments logged before."""

from __future__ import annotations

import datetime as dt

from referee import desk_log, services
from referee.models import Penalty
from tournament.models import Player, Registration, Session, Table, Tournament


def _other_tournament_with_records(user) -> None:
    """Two penalties and a substitution in another tournament, logged first."""
    other = Tournament.objects.create(
        name="Earlier Open",
        slug="earlier-open",
        start_date=dt.date(2026, 4, 1),
        end_date=dt.date(2026, 4, 1),
        session_count=2,
    )
    session = Session.objects.create(tournament=other, number=1)
    table = Table.objects.create(tournament=other, number=1)
    people = []
    for i in range(5):
        player = Player.objects.create(first_name=f"O{i}", last_name="Other", country="DE")
        Registration.objects.create(
            tournament=other,
            player=player,
            status=Registration.Status.CONFIRMED,
            is_reserve=i == 4,
            results_count=False if i == 4 else None,
        )
        if i < 4:
            session.seats.create(table=table, wind=i, player=player)
        people.append(player)
    for kind in (Penalty.Kind.CHOMBO, Penalty.Kind.PHONE):
        services.penalty_create(
            tournament=other,
            player=people[0],
            session=session,
            kind=kind,
            amount=5 if kind == Penalty.Kind.PHONE else None,
            user=user,
        )
    services.substitution_create(
        tournament=other,
        session=session,
        player=people[1],
        substitute=people[4],
        timing="start",
        user=user,
        reason="ill",
    )


def test_the_first_penalty_and_substitution_of_a_tournament_are_p1_and_s1(
    tournament, seated_session, players, reserve, referee, client
):
    _other_tournament_with_records(referee)
    late = services.penalty_create(
        tournament=tournament,
        player=players[0],
        session=seated_session,
        kind=Penalty.Kind.LATE,
        minutes=3,
        user=referee,
    )
    services.substitution_create(
        tournament=tournament,
        session=seated_session,
        player=players[1],
        substitute=reserve,
        timing="start",
        user=referee,
        reason="ill",
    )
    assert late.pk >= 3  # the third penalty of the site (at least), the first of this one
    refs = sorted(e.ref for e in desk_log.log_entries(tournament))
    assert refs == ["P1", "S1"]
    assert desk_log.desk_ref(late) == "P1"
    counted, substitutions, _disqualifications = desk_log.player_records(tournament, players[0])
    assert [c.penalty.ref for c in counted] == ["P1"]
    assert substitutions == []
    client.force_login(referee)
    page = client.get(f"/t/{tournament.slug}/referee/players/{players[0].pk}/").content.decode()
    assert "<strong>P1 " in page and "<strong>P3 " not in page
