"""Reads of registration: counts, the waiting list, the field to seat, check-in, people known."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import pairwise

from django.db.models import Count, F, Q, QuerySet
from django.db.models.functions import Lower
from django.utils.translation import gettext, gettext_lazy

from tournament import asked_above
from tournament.models import Player, Registration, Session, Tournament
from tournament.registration.entry_forms import lost_leading_zero
from tournament.registration.importing import KnownPeople, name_key
from tournament.registration.teams import team_counts


def tournament_registrations(tournament: Tournament) -> QuerySet[Registration]:
    return tournament.registrations.select_related("player", "team").order_by("player__sort_name")


def registration_counts(tournament: Tournament) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for status, is_reserve, n in tournament.registrations.values_list(
        "status", "is_reserve"
    ).annotate(n=Count("id")):
        counts["reserve" if is_reserve else status] += n
    return dict(counts)


def places_taken(tournament: Tournament) -> int:
    """Players (not reserves) confirmed or awaiting confirmation: what the limit counts."""
    return tournament.registrations.filter(
        is_reserve=False,
        status__in=[Registration.Status.CONFIRMED, Registration.Status.PENDING],
    ).count()


def registration_is_open(tournament: Tournament, now) -> bool:
    opens, closes = tournament.registration_opens, tournament.registration_closes
    return opens is not None and opens <= now and (closes is None or now < closes)


def event_started(tournament: Tournament) -> bool:
    """The first session has started: from now on withdrawals go through the desk."""

    return tournament.sessions.exclude(state=Session.State.PLANNED).exists()


def registration_of(tournament: Tournament, user) -> Registration | None:
    """The logged-in user's own registration in this tournament, if any."""
    if not user.is_authenticated:
        return None
    return tournament.registrations.select_related("player").filter(player__user=user).first()


def player_of(user) -> Player | None:
    """The account's own profile (the details a self-registration copies); an account
    without one (linked before profiles were kept) has its first entry instead."""
    if not user.is_authenticated:
        return None
    first = F("tournament").asc(nulls_first=True)
    return Player.objects.filter(user=user).order_by(first, "pk").first()


def entry_of(tournament: Tournament, user) -> Player | None:
    """The account's entry in ``tournament`` (the one linked to it), if any."""
    if not user.is_authenticated:
        return None
    return Player.objects.filter(tournament=tournament, user=user).first()


def known_people(rows, *, tournament: Tournament | None):
    """What the database knows about the people in ``rows``, in three queries (four when
    the rows name teams)."""

    numbers = {r.ema_number.replace(" ", "") for r in rows if r.ema_number}
    numbers |= {"0" + n for n in numbers if lost_leading_zero(n)}
    # SQLite lower-cases ASCII only, so the spellings a name is likely stored in are asked
    # for too ("DVOŘÁK" in a file, "Dvořák" in the database); Python compares casefolded.
    last_names: set[str] = set()
    for row in rows:
        name = " ".join(row.last_name.split())
        if name:
            last_names |= {name, name.lower(), name.upper(), name.title(), name.casefold()}
    # Only the tournament's own entries, and records that are nobody's (entered before
    # entries were kept per tournament, never registered, no account): another
    # tournament's entry of the same person is never matched (a new entry is made from the
    # row), nor an account's profile.
    # Without a tournament (the sign-up's check) the accounts' profiles, whose EMA numbers
    # are unique among themselves.
    people = (
        Player.objects.filter(
            Q(tournament=tournament)
            | Q(tournament__isnull=True, user__isnull=True, registrations__isnull=True)
        )
        if tournament
        else Player.objects.filter(tournament__isnull=True, user__isnull=False)
    )
    by_ema = {p.ema_number: p for p in people.filter(ema_number__in=numbers)}
    by_name: dict[tuple[str, str, str], list[Player]] = defaultdict(list)
    if last_names:
        candidates = people.annotate(last_lower=Lower("last_name")).filter(
            Q(last_lower__in=last_names) | Q(last_name__in=last_names)
        )
        for player in candidates.order_by("pk"):
            key = name_key(player.first_name, player.last_name, player.country.code)
            by_name[key].append(player)
    registrations = {}
    team_size, team_members = 0, {}
    if tournament is not None:
        registrations = {r.player_id: r for r in tournament.registrations.all()}
        team_size = tournament.team_size
        if team_size and any(getattr(r, "team", "") for r in rows):
            team_members = team_counts(tournament)
    return KnownPeople(
        by_ema=by_ema,
        by_name=dict(by_name),
        registrations=registrations,
        team_size=team_size,
        team_members=team_members,
    )


@dataclass(frozen=True)
class FieldStatus:
    """Who plays the sessions: checked-in players, plus reserves filling the last table."""

    players: int  # confirmed, checked-in players (not reserves)
    reserves_available: int  # confirmed, checked-in reserves
    filling: int  # reserves marked to fill in
    tables: int  # physical tables of the tournament

    @property
    def reserves_needed(self) -> int:
        return -self.players % PLAYERS_PER_TABLE

    @property
    def size(self) -> int:
        return self.players + self.filling

    @property
    def tables_needed(self) -> int:
        return self.size // PLAYERS_PER_TABLE

    @property
    def ready(self) -> bool:
        return not self.problem

    @property
    def can_fill(self) -> bool:
        """Filling from the reserves would make the field whole."""
        return (
            self.players > 0
            and self.filling != self.reserves_needed
            and self.reserves_needed <= self.reserves_available
        )

    @property
    def problem(self) -> str:
        """Why the sessions cannot be seated, in words that say what to do; '' if they can."""
        if self.players == 0:
            return "No player is checked in yet."
        if self.size % PLAYERS_PER_TABLE:
            short = self.reserves_needed
            if short > self.reserves_available:
                fewer = self.players - self.players % PLAYERS_PER_TABLE
                return (
                    f"{self.players} players are checked in: {short} short of full tables of "
                    f"four, and only {self.reserves_available} reserve(s) checked in. Check in "
                    f"{short - self.reserves_available} more reserve(s), or withdraw "
                    f"{self.players % PLAYERS_PER_TABLE} player(s) so that {fewer} play."
                )
            return (
                f"{self.players} players are checked in: {short} reserve(s) must fill in "
                "to make full tables of four."
            )
        if self.filling != self.reserves_needed:
            return (
                f"{self.filling} reserve(s) fill in although {self.reserves_needed} are "
                "needed: fill from the reserves again."
            )
        if self.tables_needed > self.tables:
            return (
                f"{self.size} players need {self.tables_needed} tables, but the tournament "
                f"has {self.tables}. Add tables."
            )
        return ""


def _disqualified(tournament: Tournament):
    """Player ids with a standing disqualification (the referee desk): out of the field."""
    return asked_above.disqualified(tournament)


def field_status(tournament: Tournament) -> FieldStatus:
    # A disqualified player is withdrawn from the field like a withdrawal (EMA 5.5): the
    # reserves fill his place, so he is not counted although his registration stands.
    checked_in = tournament.registrations.filter(
        status=Registration.Status.CONFIRMED, checked_in=True
    ).exclude(player_id__in=_disqualified(tournament))
    counts = checked_in.aggregate(
        players=Count("id", filter=Q(is_reserve=False)),
        reserves=Count("id", filter=Q(is_reserve=True)),
        filling=Count("id", filter=Q(is_reserve=True, fills_in=True)),
    )
    return FieldStatus(
        players=counts["players"],
        reserves_available=counts["reserves"],
        filling=counts["filling"],
        tables=tournament.tables.count(),
    )


def players_to_seat(tournament: Tournament) -> QuerySet[Player]:
    """The field of a session: checked-in players and the reserves filling in."""
    field = tournament.registrations.filter(
        Q(is_reserve=False) | Q(fills_in=True),
        status=Registration.Status.CONFIRMED,
        checked_in=True,
    )
    return Player.objects.filter(pk__in=field.values("player_id")).order_by("pk")


def checkin_list(tournament: Tournament) -> QuerySet[Registration]:
    """Everyone who may be checked in: confirmed players and reserves, by name."""
    return (
        tournament.registrations.filter(status=Registration.Status.CONFIRMED)
        .select_related("player")
        .order_by("is_reserve", "player__sort_name")
    )


def registration_countries(tournament: Tournament) -> list[str]:
    """The countries of the registered players, for the player list's country filter."""
    return list(
        tournament.registrations.values_list("player__country", flat=True)
        .distinct()
        .order_by("player__country")
    )


def waiting_position(registration: Registration | None) -> int | None:
    """1 for the first on the waiting list, and so on; None when not waiting."""
    if registration is None or registration.status != Registration.Status.WAITING:
        return None
    ahead = registration.tournament.registrations.filter(
        Q(registered_at__lt=registration.registered_at)
        | Q(registered_at=registration.registered_at, pk__lt=registration.pk),
        status=Registration.Status.WAITING,
        is_reserve=False,
    )
    return ahead.count() + 1


PLAYERS_PER_TABLE = 4


@dataclass(frozen=True)
class PlayerChange:
    at: object  # datetime
    by: str
    changes: list[tuple[str, str, str]]  # (field label, before, after)


# The kinds of line that are not a correction of the details (teams, account links and
# tournaments' own copies, tournament/registration/ownership.py).
NOTE_LABELS = {
    "team": gettext_lazy("Team (%(tournament)s)"),
    "account": gettext_lazy("Account (%(tournament)s)"),
    "copy": gettext_lazy("Own copy (%(tournament)s)"),
}


def _shown(value) -> str:
    """A recorded value as the history shows it; a consent in words (yes, no)."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    return str(value or "—")


def player_changes(player: Player) -> list[PlayerChange]:
    """The corrections of a player's details, newest first: who, when, before and after."""
    records = list(
        player.history.select_related("history_user").order_by("-history_date", "-history_id")
    )
    out = []
    for record in records:
        # A change of team (registration/teams.py): its own line.
        change = record.team_change
        if change:
            by = str(record.history_user) if record.history_user else "—"
            label = str(NOTE_LABELS.get(change.get("kind"), NOTE_LABELS["team"])) % {
                "tournament": change.get("tournament", "")
            }
            out.append(
                PlayerChange(
                    at=record.history_date,
                    by=by,
                    changes=[(label, change.get("before") or "—", change.get("after") or "—")],
                )
            )
    for newer, older in pairwise(records):
        if newer.team_change:
            continue  # the same details as the record before it
        delta = newer.diff_against(older)
        changes = [
            (
                str(Player._meta.get_field(c.field).verbose_name).capitalize(),
                _shown(c.old),
                _shown(c.new),
            )
            for c in delta.changes
        ]
        if changes:
            by = str(newer.history_user) if newer.history_user else "—"
            out.append(PlayerChange(at=newer.history_date, by=by, changes=changes))
    out.sort(key=lambda change: change.at, reverse=True)
    return out
