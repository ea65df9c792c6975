"""Players kept apart on request: the organiser's groups (family, partners, a club's members in
the first sessions) and the countries mixed in the first sessions.

The seating core takes them as ``apart_soft`` (seating/core/apart.py): kept apart where the
seating can, else with the fewest of them at one table, never refused; the quality page lists
each group and every table where two of its members met (``apart_report``). Team-mates kept
apart (the teams page) stay the core's hard ``apart``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from tournament.errors import ServiceError
from tournament.models import (
    MAX_APART_MEMBERS,
    MAX_APART_SESSIONS,
    ApartGroup,
    Player,
    Seat,
    Table,
    Tournament,
)
from tournament.names import name_sort_key

# Requests a tournament may hold: every pair of a 200-player event would be 100; more is a slip.
MAX_APART_GROUPS = 200


def apart_players(tournament: Tournament):
    """The players a request may name: those registered for the tournament (a registration
    never joins another tournament's entry, ``Registration.save``)."""
    return (
        Player.objects.filter(registrations__tournament=tournament)
        .distinct()
        .order_by("last_name", "first_name", "pk")
    )


@transaction.atomic
def apart_group_create(
    *, tournament: Tournament, name: str, players: Iterable[Player], first_sessions: int | None
) -> ApartGroup:
    name = name.strip()
    if not name:
        raise ServiceError(gettext("Give the group a name."), field="name")
    members = list({p.pk: p for p in players}.values())
    if len(members) < 2:
        raise ServiceError(gettext("Choose at least two players to keep apart."), field="players")
    if len(members) > MAX_APART_MEMBERS:
        raise ServiceError(
            gettext("A group holds at most %(count)d players.") % {"count": MAX_APART_MEMBERS},
            field="players",
        )
    allowed = set(apart_players(tournament).values_list("pk", flat=True))
    if any(p.pk not in allowed for p in members):
        raise ServiceError(gettext("Only this tournament's players can be kept apart."))
    if first_sessions is not None and not 1 <= first_sessions <= MAX_APART_SESSIONS:
        raise ServiceError(
            gettext("The sessions must be a number from 1 to %(most)d.")
            % {"most": MAX_APART_SESSIONS},
            field="first_sessions",
        )
    if ApartGroup.objects.filter(tournament=tournament).count() >= MAX_APART_GROUPS:
        raise ServiceError(
            gettext("A tournament holds at most %(count)d groups kept apart.")
            % {"count": MAX_APART_GROUPS}
        )
    group = ApartGroup.objects.create(
        tournament=tournament, name=name, first_sessions=first_sessions
    )
    group.players.set(members)
    return group


@transaction.atomic
def apart_group_delete(*, tournament: Tournament, group_id: int) -> None:
    # Another tournament's group is not found: its staff never change it.
    deleted, _ = ApartGroup.objects.filter(tournament=tournament, pk=group_id).delete()
    if not deleted:
        raise ServiceError(gettext("This group is no longer there."))


@transaction.atomic
def countries_apart_set(*, tournament: Tournament, sessions: int) -> None:
    if not 0 <= sessions <= MAX_APART_SESSIONS:
        raise ServiceError(
            gettext("The sessions must be a number from 0 to %(most)d.")
            % {"most": MAX_APART_SESSIONS},
            field="sessions",
        )
    Tournament.objects.filter(pk=tournament.pk).update(countries_apart_sessions=sessions)
    tournament.countries_apart_sessions = sessions


def soft_groups(
    tournament: Tournament,
    index: dict[int, int],
    field_ids: Iterable[int],
    first_number: int,
    taken: Iterable[int] = (),
) -> list[list[int]]:
    """The core's ``apart_soft`` groups for a seating whose first new session is
    ``first_number``: the requests holding in that session and, while the countries are to
    mix, each country's players; in the core's player numbers (``index``: player pk -> number),
    players of the field only.

    The core knows one group per player: requests sharing a player are joined (which keeps
    each of them, and more), and a player already in a team kept apart (``taken``) or in a
    request is left out of the rest. A plan that seats several sessions at once keeps a
    request of the first N sessions apart in all of them (the core's groups hold in every new
    round); Swiss rounds are seated one at a time, exactly as asked."""
    field = {pk for pk in field_ids if pk in index}
    busy = set(taken)
    parent: dict[int, int] = {}

    def root(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for group in ApartGroup.objects.filter(tournament=tournament).prefetch_related("players"):
        if not group.applies_to(first_number):
            continue
        members = [index[p.pk] for p in group.players.all() if p.pk in field]
        members = [p for p in members if p not in busy]
        for p in members:
            parent.setdefault(p, p)
        for p in members[1:]:
            parent[root(p)] = root(members[0])
    joined: dict[int, list[int]] = defaultdict(list)
    for p in parent:
        joined[root(p)].append(p)
    groups = [sorted(g) for g in joined.values() if len(g) > 1]
    busy |= set(parent)
    if tournament.countries_apart_sessions >= first_number:
        countries: dict[str, list[int]] = defaultdict(list)
        for pk, country in Player.objects.filter(pk__in=field).values_list("pk", "country"):
            if country and index[pk] not in busy:
                countries[country].append(index[pk])
        groups += [sorted(g) for _, g in sorted(countries.items()) if len(g) > 1]
    return sorted(groups)


@dataclass(frozen=True)
class Breach:
    session: int
    table: str
    players: list[str]


@dataclass(frozen=True)
class ApartRow:
    """One group kept apart as the quality page lists it."""

    name: str
    pk: int | None  # None: a country
    players: list[str]
    first_sessions: int | None
    breaches: list[Breach]


def apart_report(tournament: Tournament) -> list[ApartRow]:
    """Each group kept apart and every seated table where two or more of its members sat, in
    the sessions the request holds for; then, while the countries are to mix, each country with
    such a table. Five queries at most, whatever the size of the event."""
    groups = list(ApartGroup.objects.filter(tournament=tournament).prefetch_related("players"))
    mixing = tournament.countries_apart_sessions
    if not groups and not mixing:
        return []
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for number, table_id, player_id in Seat.objects.filter(
        session__tournament=tournament
    ).values_list("session__number", "table_id", "player_id"):
        tables[number, table_id].append(player_id)
    labels = {t.pk: str(t) for t in Table.objects.filter(tournament=tournament)}
    people = {p.pk: p for g in groups for p in g.players.all()}
    if mixing:
        seated = {p for players in tables.values() for p in players}
        people.update({p.pk: p for p in Player.objects.filter(pk__in=seated - set(people))})

    def name(p: Player) -> str:
        return f"{p.last_name}, {p.first_name}"

    def breaches(members: set[int], sessions: int | None) -> list[Breach]:
        out = []
        for (number, table_id), players in sorted(
            tables.items(), key=lambda item: (item[0][0], labels.get(item[0][1], ""))
        ):
            if sessions is not None and number > sessions:
                continue
            together = [people[p] for p in players if p in members]
            if len(together) > 1:
                together.sort(key=lambda p: name_sort_key(p.first_name, p.last_name))
                out.append(Breach(number, labels.get(table_id, ""), [name(p) for p in together]))
        return out

    rows = []
    for group in groups:
        members = sorted(
            group.players.all(), key=lambda p: name_sort_key(p.first_name, p.last_name)
        )
        rows.append(
            ApartRow(
                name=group.name,
                pk=group.pk,
                players=[name(p) for p in members],
                first_sessions=group.first_sessions,
                breaches=breaches({p.pk for p in members}, group.first_sessions),
            )
        )
    if mixing:
        countries: dict[str, set[int]] = defaultdict(set)
        for p in people.values():
            if p.country:
                countries[p.country.code].add(p.pk)
        for _, members in sorted(countries.items()):
            found = breaches(members, mixing)
            if found:
                rows.append(
                    ApartRow(
                        name=str(people[next(iter(members))].country.name),
                        pk=None,
                        players=[],
                        first_sessions=mixing,
                        breaches=found,
                    )
                )
    return rows
