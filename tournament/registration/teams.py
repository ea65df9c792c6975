"""Teams of a tournament: forming them, and their settings.

A team belongs to one tournament; its members are registrations (``Registration.team``).
Every way a player joins or leaves a team (the team page, the organiser's player form, the
import) ends in ``_move``, which

- keeps every team within the tournament's team size (checked under the tournament's row
  lock, so two organisers filling the last place at once cannot both succeed), and
- writes each change into the player's history (``Player.history``): a record of his
  details as they are, with ``team_change`` saying which tournament, which team before and
  which after.  The player's page of changes lists it with the corrections of his details.

Team names are cleaned like people's names (``tournament.names.clean_name``) and compared
without case, so "Dragons" and "dragons " are one team.

Who decides: the organiser only.  The sign-up form does not let a player name his team: a
name typed by a stranger would let anyone join any team.
"""

from __future__ import annotations

from collections import Counter

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.errors import ServiceError
from tournament.models import MAX_TEAM_SIZE, Player, Registration, Team, TeamScore, Tournament
from tournament.names import clean_name
from web.cache import public_pages_changed


def team_key(name: str) -> str:
    """How two team names are compared: cleaned, without case."""
    return clean_name(name).casefold()


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _clean_team_name(name: str) -> str:
    name = clean_name(name)
    if not name:
        raise ServiceError(_("A team needs a name."), field="name")
    if len(name) > Team.MAX_NAME:
        raise ServiceError(
            _("A team name has at most %(limit)d characters.") % {"limit": Team.MAX_NAME},
            field="name",
        )
    return name


def _teams_on(tournament: Tournament) -> None:
    if not tournament.team_size:
        raise ServiceError(_("Teams are off: set a team size first."))


def _name_taken(tournament: Tournament, name: str, *, but: Team | None = None) -> None:
    key = team_key(name)
    others = Team.objects.filter(tournament=tournament)
    if but is not None:
        others = others.exclude(pk=but.pk)
    for other in others.only("name"):
        if team_key(other.name) == key:
            raise ServiceError(
                _("There is already a team called %(name)s.") % {"name": other.name},
                field="name",
            )


def _record(changes: list[tuple[Player, str, str]], *, tournament: Tournament, user) -> None:
    """One history record per player whose team changed (see the module's docstring)."""
    if not changes:
        return
    history = Player.history.model
    now = timezone.now()
    by = user if user is not None and getattr(user, "is_authenticated", False) else None
    history.objects.bulk_create(
        history(
            id=player.pk,
            history_date=now,
            history_type="~",
            history_user=by,
            team_change={"tournament": tournament.name, "before": before, "after": after},
            **{
                name: getattr(player, name)
                for name in ("first_name", "last_name", "ema_number", "country", "club", "email")
            },
        )
        for player, before, after in changes
    )


def _move(
    registrations: list[Registration], team: Team | None, *, tournament: Tournament, user
) -> None:
    """Put ``registrations`` into ``team`` (None: out of their team), with history."""
    changes = []
    moved = []
    for registration in registrations:
        if registration.team_id == (team.pk if team else None):
            continue
        before = registration.team.name if registration.team_id else ""
        registration.team = team
        moved.append(registration.pk)
        changes.append((registration.player, before, team.name if team else ""))
    if moved:
        Registration.objects.filter(pk__in=moved).update(team=team)
        _record(changes, tournament=tournament, user=user)
        public_pages_changed(tournament.pk)  # an UPDATE sends no signal


@transaction.atomic
def team_settings_update(
    *, tournament: Tournament, size: int, score: str, best: int, apart: bool
) -> Tournament:
    """The team size, the team score (sum or best N) and "keep team-mates apart"."""
    tournament = _locked(tournament)
    if not 0 <= size <= MAX_TEAM_SIZE:
        raise ServiceError(
            _("A team has at most %(limit)d players.") % {"limit": MAX_TEAM_SIZE}, field="size"
        )
    if score not in TeamScore.values:
        raise ServiceError(_("Unknown team score."), field="score")
    if size and not 1 <= best <= size:
        raise ServiceError(
            _("Best N: between 1 and the team size (%(size)d).") % {"size": size}, field="best"
        )
    biggest = (
        Team.objects.filter(tournament=tournament)
        .annotate(members=Count("registrations"))
        .order_by("-members", "name")
        .first()
    )
    if biggest is not None and biggest.members > size:
        if size == 0:
            message = _("Delete the teams first: %(team)s still has members.")
        else:
            message = _("%(team)s has %(count)d members, more than %(size)d: take some out first.")
        raise ServiceError(
            message % {"team": biggest.name, "count": biggest.members, "size": size},
            field="size",
        )
    tournament.team_size = size
    tournament.team_score = score
    tournament.team_best = min(best, size) if size else best
    tournament.teams_apart = apart
    tournament.save(update_fields=["team_size", "team_score", "team_best", "teams_apart"])
    return tournament


@transaction.atomic
def team_save(
    *, tournament: Tournament, team: Team | None = None, name: str, members: list[int], user
) -> Team:
    """Create a team (``team`` None) or rename and refill one: ``members`` are the ids of
    its registrations afterwards.  Refused, with nothing written, when it would have more
    members than the team size or take a player from another team."""
    tournament = _locked(tournament)
    _teams_on(tournament)
    name = _clean_team_name(name)
    _name_taken(tournament, name, but=team)
    wanted = set(members)
    if len(wanted) > tournament.team_size:
        raise ServiceError(
            _("A team has at most %(size)d players; %(count)d were chosen.")
            % {"size": tournament.team_size, "count": len(wanted)},
            field="members",
        )
    chosen = list(tournament.registrations.filter(pk__in=wanted).select_related("player", "team"))
    if len(chosen) != len(wanted):
        raise ServiceError(_("A chosen player is not registered here."), field="members")
    for registration in chosen:
        if registration.team_id and (team is None or registration.team_id != team.pk):
            raise ServiceError(
                _("%(player)s plays for %(team)s: take him out of that team first.")
                % {"player": registration.player, "team": registration.team.name},
                field="members",
            )
        joining = team is None or registration.team_id != team.pk
        if joining and registration.status == Registration.Status.WITHDRAWN:
            raise ServiceError(
                _("%(player)s has withdrawn.") % {"player": registration.player},
                field="members",
            )
    if team is None:
        team = Team.objects.create(tournament=tournament, name=name)
    else:
        team = Team.objects.select_for_update().get(pk=team.pk, tournament=tournament)
        old_name = team.name
        team.name = name
        team.save(update_fields=["name"])
        if old_name != team.name:
            public_pages_changed(tournament.pk)
        leaving = list(team.registrations.exclude(pk__in=wanted).select_related("player", "team"))
        for registration in leaving:
            registration.team.name = old_name  # the history says which team he left
        _move(leaving, None, tournament=tournament, user=user)
    _move(chosen, team, tournament=tournament, user=user)
    return team


@transaction.atomic
def team_delete(*, team: Team, user) -> None:
    """Delete a team; its members leave it first (each change in their history)."""
    tournament = _locked(team.tournament)
    members = list(team.registrations.select_related("player", "team"))
    _move(members, None, tournament=tournament, user=user)
    team.delete()
    public_pages_changed(tournament.pk)


@transaction.atomic
def teams_assign(
    *, tournament: Tournament, wanted: list[tuple[Registration, str]], user
) -> list[Team]:
    """The teams named by the import or the player form: each registration joins the team
    of that name (made when new).  Called by the registering services, inside their
    transaction with the tournament locked; the names were checked
    (``importing.check_rows``), and the sizes are checked again against the rows as they
    are now."""
    wanted = [(r, n) for r, n in wanted if clean_name(n)]
    if not wanted:
        return []
    _teams_on(tournament)
    teams = {team_key(t.name): t for t in Team.objects.filter(tournament=tournament)}
    counts = Counter(team_counts(tournament))
    touched = []
    by_team: dict[str, list[Registration]] = {}
    for registration, name in wanted:
        key = team_key(name)
        counts[key] += 1
        if counts[key] > tournament.team_size:
            raise ServiceError(
                _("%(team)s would have more than %(size)d players.")
                % {"team": clean_name(name), "size": tournament.team_size},
                field="team",
            )
        if key not in teams:
            teams[key] = Team.objects.create(tournament=tournament, name=_clean_team_name(name))
        by_team.setdefault(key, []).append(registration)
    for key, registrations in by_team.items():
        _move(registrations, teams[key], tournament=tournament, user=user)
        touched.append(teams[key])
    return touched


# --- reads ------------------------------------------------------------------------------


def teams_with_members(tournament: Tournament) -> list[Team]:
    """The teams, each with ``members``: its registrations with their players, by name.
    Two queries."""
    teams = list(Team.objects.filter(tournament=tournament).order_by("name", "pk"))
    members: dict[int, list[Registration]] = {t.pk: [] for t in teams}
    for registration in (
        tournament.registrations.filter(team__isnull=False)
        .select_related("player")
        .order_by("player__sort_name")
    ):
        members[registration.team_id].append(registration)
    for team in teams:
        team.members = members[team.pk]
    return teams


def team_counts(tournament: Tournament) -> dict[str, int]:
    """Members per team name (compared without case), for checking an import."""
    return {
        team_key(name): n
        for name, n in Team.objects.filter(tournament=tournament)
        .annotate(n=Count("registrations"))
        .values_list("name", "n")
    }


def apart_groups(tournament: Tournament, index: dict[int, int]) -> list[list[int]]:
    """The seating core's ``apart`` option: per team with two or more players in ``index``
    (player pk -> the core's player number), their numbers, sorted."""
    groups: dict[int, list[int]] = {}
    for team_id, player_id in tournament.registrations.filter(
        team__isnull=False, player_id__in=list(index)
    ).values_list("team_id", "player_id"):
        groups.setdefault(team_id, []).append(index[player_id])
    return sorted(sorted(g) for g in groups.values() if len(g) > 1)
