"""Players and their registrations: sign-up, self-registration, the waiting list, the
organiser's additions and imports, withdrawal, check-in, reserves and the field.

The player limit counts players (not reserves) whose registration is confirmed or awaiting
confirmation; beyond it, registrations go to the waiting list, and a place that a withdrawal
frees goes to the first on the waiting list (awaiting the organiser's confirmation).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournament.errors import ServiceError
from tournament.models import LinkMethod, Player, Registration, Tournament
from tournament.registration import selectors
from tournament.registration.importing import ImportReport, PlayerRow, RowCheck, check_rows
from tournament.registration.ownership import owns_details, player_copy_for
from tournament.registration.teams import teams_assign
from tournament.seating.services import Vacancy, seat_vacancies, seats_fill, seats_vacate
from web.cache import public_pages_changed

Status = Registration.Status


def _locked(tournament: Tournament) -> Tournament:
    """The tournament row locked, so that two registrations cannot both take the last place."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _has_room(tournament: Tournament, *, extra: int = 1) -> bool:
    if tournament.player_limit is None:
        return True
    return selectors.places_taken(tournament) + extra <= tournament.player_limit


def _promote_waiting(tournament: Tournament) -> Registration | None:
    if not _has_room(tournament):
        return None
    first = (
        tournament.registrations.filter(status=Status.WAITING, is_reserve=False)
        .order_by("registered_at", "pk")
        .first()
    )
    if first is not None:
        first.status = Status.PENDING
        first.save(update_fields=["status"])
    return first


# --- people --------------------------------------------------------------------------


def _save_player(check: RowCheck, *, tournament: Tournament | None = None) -> Player:
    """The row's person: the existing record or a new one owned by ``tournament``.

    An existing record gets the row's blanks filled in only when ``tournament`` owns his
    details (ownership.py): matching a person gives no other tournament write access.
    """
    row = check.row
    player = check.player
    if player is None:
        player = Player(
            first_name=row.first_name,
            last_name=row.last_name,
            ema_number=row.ema_number,
            country=row.country,
            club=row.club,
            email=row.email,
            owner=tournament,
        )
    elif tournament is not None and player.owner_id is None and player.user_id is None:
        # Nobody's yet (entered before owners were kept and never registered).
        player.owner = tournament
    elif tournament is None or not owns_details(tournament, player):
        return player
    for name in ("ema_number", "club", "email"):
        if not getattr(player, name) and getattr(row, name):
            setattr(player, name, getattr(row, name))
    player.save()
    return player


def _new_person(check: RowCheck, *, user) -> tuple[Player, bool]:
    """A new person for an account (issue 24): never an existing record, whatever the name,
    country or EMA number say, for these are public. An EMA number that is already on
    record stays with that record: the account links to it by a way only the person has
    (linking.py). Returns the person and whether the EMA number was left out."""
    row = check.row
    number = row.ema_number.replace(" ", "")
    held = bool(number) and Player.objects.filter(ema_number=number, copy_of__isnull=True).exists()
    player = Player.objects.create(
        first_name=row.first_name,
        last_name=row.last_name,
        ema_number="" if held else number,
        country=row.country,
        club=row.club,
        email=row.email,
        user=user,
        link_method=LinkMethod.SIGNUP,
    )
    return player, held


def player_check(row: PlayerRow, *, tournament: Tournament | None = None) -> RowCheck:
    """The verdict on one person typed into a form (the same checks as an import)."""
    known = selectors.known_people([row], tournament=tournament)
    return check_rows([row], known).checks[0]


@transaction.atomic
def player_sign_up(*, username: str, password: str, check: RowCheck):
    """A new account and a new person (issue 24: sign-up never hands over a player on
    record). Returns the account and whether the EMA number was left out (it is held by a
    player on record, whom the account may ask to be linked to on /profile/link/)."""
    if check.errors:
        raise ServiceError("; ".join(check.messages()))
    user = get_user_model().objects.create_user(
        username=username,
        password=password,
        email=check.row.email,
        first_name=check.row.first_name,
        last_name=check.row.last_name,
    )
    _player, held = _new_person(check, user=user)
    return user, held


@transaction.atomic
def player_profile_create(*, user, check: RowCheck) -> Player:
    """A new person for an account that has none (an organiser who also plays)."""
    if check.errors:
        raise ServiceError("; ".join(check.messages()))
    if hasattr(user, "player"):
        raise ServiceError(gettext("This account already has a player record."))
    return _new_person(check, user=user)[0]


# --- registering ---------------------------------------------------------------------


@transaction.atomic
def registration_self_register(
    *, tournament: Tournament, player: Player, now: dt.datetime
) -> Registration:
    """A player signs up: awaiting confirmation, or on the waiting list when full."""
    tournament = _locked(tournament)
    if not tournament.is_published or not selectors.registration_is_open(tournament, now):
        raise ServiceError(gettext("Registration for this tournament is not open."))
    registration = Registration.objects.filter(tournament=tournament, player=player).first()
    if registration is not None and registration.status != Status.WITHDRAWN:
        raise ServiceError(
            gettext("You are already registered ({value}).").format(
                value=registration.get_status_display().lower()
            )
        )
    status = Status.PENDING if _has_room(tournament) else Status.WAITING
    if registration is None:
        registration = Registration(tournament=tournament, player=player)
    registration.status = status
    registration.is_reserve = False
    registration.checked_in = False
    registration.fills_in = False
    registration.save()
    return registration


@transaction.atomic
def registration_withdraw(
    *,
    registration: Registration,
    by_player: bool = False,
    user=None,
    reason: str = "",
    now=None,
) -> Registration | None:
    """Withdraw; the first on the waiting list moves up. Returns who moved up, if anyone.

    The player leaves the seats of every session still to play (seating/services.py
    seats_vacate): the seating pages and the desk must not count on him, and a reserve then
    takes exactly those seats (field_fill_from_reserves). Once the first session has started
    a player cannot withdraw himself: the desk must know, to seat a substitute (EMA 5.8).
    """
    tournament = _locked(registration.tournament)
    if registration.status == Status.WITHDRAWN:
        raise ServiceError(
            gettext("{player} has already withdrawn.").format(player=registration.player)
        )
    if by_player and selectors.event_started(tournament):
        raise ServiceError(
            gettext(
                "The tournament has started: ask the referee desk or an organiser to withdraw you, "
                "so that a substitute can take your seat."
            )
        )
    registration.status = Status.WITHDRAWN
    registration.checked_in = False
    registration.fills_in = False
    # Kept (issue 25.8): when, by whom and why; the organiser's page asks for the reason.
    registration.withdrawn_at = now or timezone.now()
    registration.withdrawn_by = user
    registration.withdrawal_reason = (reason or "").strip()
    registration.save(
        update_fields=[
            "status",
            "checked_in",
            "fills_in",
            "withdrawn_at",
            "withdrawn_by",
            "withdrawal_reason",
        ]
    )
    seats_vacate(tournament=tournament, player=registration.player)
    return _promote_waiting(registration.tournament)


@transaction.atomic
def registration_confirm(*, registration: Registration) -> Registration:
    """Confirm a registration (from awaiting confirmation, the waiting list or withdrawn)."""
    tournament = _locked(registration.tournament)
    if registration.status == Status.CONFIRMED:
        raise ServiceError(
            gettext("{player} is already confirmed.").format(player=registration.player)
        )
    holds_place = registration.status == Status.PENDING or registration.is_reserve
    if not holds_place and not _has_room(tournament):
        raise ServiceError(
            gettext(
                "The player limit of {player_limit} is reached, so "
                "{player} stays on the waiting list. Raise the limit in "
                "the settings, or wait until someone withdraws."
            ).format(player_limit=tournament.player_limit, player=registration.player)
        )
    registration.status = Status.CONFIRMED
    registration.save(update_fields=["status"])
    return registration


@transaction.atomic
def registration_confirm_pending(*, tournament: Tournament) -> int:
    """Confirm everyone awaiting confirmation (they already hold their places)."""
    _locked(tournament)
    public_pages_changed(tournament.pk)  # an UPDATE sends no signal
    return tournament.registrations.filter(status=Status.PENDING).update(status=Status.CONFIRMED)


def _new_registration_status(tournament: Tournament, *, reserve: bool, extra: int = 1) -> str:
    if reserve or _has_room(tournament, extra=extra):
        return Status.CONFIRMED
    return Status.WAITING


@transaction.atomic
def registration_add(*, tournament: Tournament, check: RowCheck, user=None) -> Registration:
    """The organiser registers one person (confirmed; waiting list when full)."""
    tournament = _locked(tournament)
    if check.errors:
        raise ServiceError("; ".join(check.messages()))
    if check.skip:
        raise ServiceError(check.skip)
    player = _save_player(check, tournament=tournament)
    registration = Registration.objects.create(
        tournament=tournament,
        player=player,
        is_reserve=check.row.reserve,
        status=_new_registration_status(tournament, reserve=check.row.reserve),
    )
    teams_assign(tournament=tournament, wanted=[(registration, check.row.team)], user=user)
    return registration


@dataclass(frozen=True)
class ImportResult:
    confirmed: int
    waiting: int
    reserves: int
    new_players: int
    skipped: int


@transaction.atomic
def registration_import(
    *, tournament: Tournament, rows: list[PlayerRow], only_good_rows: bool = False, user=None
) -> tuple[ImportReport, ImportResult | None]:
    """Check the rows against the database as it is now and register the good ones.

    Nothing is written while a row is bad, unless ``only_good_rows``. Already registered
    people are skipped. Returns the report and, when something was written, the result.
    """
    tournament = _locked(tournament)
    report = check_rows(rows, selectors.known_people(rows, tournament=tournament))
    if not report.is_clean and not only_good_rows:
        return report, None
    taken = selectors.places_taken(tournament)
    counts = {"confirmed": 0, "waiting": 0, "reserves": 0, "new": 0}
    registrations = []
    for check in report.good:
        if check.player is None:
            counts["new"] += 1
        player = _save_player(check, tournament=tournament)
        if check.row.reserve:
            status = Status.CONFIRMED
            counts["reserves"] += 1
        elif tournament.player_limit is None or taken < tournament.player_limit:
            status = Status.CONFIRMED
            taken += 1
            counts["confirmed"] += 1
        else:
            status = Status.WAITING
            counts["waiting"] += 1
        registrations.append(
            Registration(
                tournament=tournament, player=player, status=status, is_reserve=check.row.reserve
            )
        )
    Registration.objects.bulk_create(registrations)
    # The teams the rows name (made when new), each joining in the player's history.
    teams_assign(
        tournament=tournament,
        wanted=[
            (registration, check.row.team)
            for registration, check in zip(registrations, report.good, strict=True)
        ],
        user=user,
    )
    public_pages_changed(tournament.pk)  # bulk_create sends no signal
    return report, ImportResult(
        confirmed=counts["confirmed"],
        waiting=counts["waiting"],
        reserves=counts["reserves"],
        new_players=counts["new"],
        skipped=len(report.skipped),
    )


# --- reserves, check-in and the field -------------------------------------------------


@transaction.atomic
def registration_set_reserve(*, registration: Registration, reserve: bool) -> Registration:
    tournament = _locked(registration.tournament)
    if registration.is_reserve == reserve:
        return registration
    if not reserve and registration.status == Status.CONFIRMED and not _has_room(tournament):
        raise ServiceError(
            gettext(
                "The player limit of {player_limit} is reached, so "
                "{player} cannot become a player. Raise the limit first."
            ).format(player_limit=tournament.player_limit, player=registration.player)
        )
    registration.is_reserve = reserve
    registration.fills_in = False
    if not reserve:
        registration.results_count = None
    registration.save(update_fields=["is_reserve", "fills_in", "results_count"])
    if reserve:
        _promote_waiting(tournament)
    return registration


@transaction.atomic
def registration_set_results_count(*, registration: Registration, counts: bool) -> None:
    """Record a substitute's answer: do their results count for the ranking (EMA)?"""
    if not registration.is_reserve:
        raise ServiceError(gettext("{player} is not a reserve.").format(player=registration.player))
    registration.results_count = counts
    registration.save(update_fields=["results_count"])


@transaction.atomic
def registration_check_in(*, tournament: Tournament, ids: list[int], checked_in: bool) -> int:
    """Check confirmed players and reserves in (or undo it). Returns how many changed."""
    chosen = tournament.registrations.filter(pk__in=ids)
    unconfirmed = [str(r.player) for r in chosen.exclude(status=Status.CONFIRMED)]
    if checked_in and unconfirmed:
        raise ServiceError(
            "Only confirmed registrations can be checked in; not confirmed: "
            + ", ".join(sorted(unconfirmed))
            + "."
        )
    changes = {"checked_in": checked_in}
    if not checked_in:
        changes["fills_in"] = False
    public_pages_changed(tournament.pk)  # an UPDATE sends no signal
    return chosen.exclude(checked_in=checked_in).update(**changes)


@dataclass(frozen=True)
class FillResult:
    field: selectors.FieldStatus
    # The empty seats of seated sessions still to play that the reserves took.
    seated: list[tuple[Player, Vacancy]]


@transaction.atomic
def field_fill_from_reserves(*, tournament: Tournament) -> FillResult:
    """Seat as many checked-in reserves as the last table needs (the earliest first).

    A reserve already filling in keeps his place. When the sessions are already seated (a
    player withdrew after the seating), each new reserve takes the empty seats of the
    sessions still to play, so the field and the seats agree again without a new seating.
    Refused with a message saying what to do when too few reserves are checked in.
    """
    _locked(tournament)
    status = selectors.field_status(tournament)
    if status.players == 0:
        raise ServiceError(gettext("No player is checked in yet."))
    needed = status.reserves_needed
    if needed > status.reserves_available:
        raise ServiceError(status.problem)
    reserves = tournament.registrations.filter(
        is_reserve=True, status=Status.CONFIRMED, checked_in=True
    ).order_by("-fills_in", "registered_at", "pk")
    chosen = list(reserves[:needed].select_related("player"))
    newcomers = [r.player for r in chosen if not r.fills_in]
    reserves.exclude(pk__in=[r.pk for r in chosen]).update(fills_in=False)
    reserves.filter(pk__in=[r.pk for r in chosen]).update(fills_in=True)
    seated: list[tuple[Player, Vacancy]] = []
    for player in newcomers:
        if not seat_vacancies(tournament):
            break
        seated += [(player, v) for v in seats_fill(tournament=tournament, player=player)]
    public_pages_changed(tournament.pk)
    return FillResult(field=selectors.field_status(tournament), seated=seated)


@transaction.atomic
def reserve_stop_filling(*, registration: Registration) -> list[Vacancy]:
    """Undo "Fill from the reserves" for one reserve: he no longer fills in, and leaves the
    seats he took in the sessions still to play (the sessions played keep him)."""
    _locked(registration.tournament)
    if not (registration.is_reserve and registration.fills_in):
        raise ServiceError(
            gettext("{player} is not a reserve filling in.").format(player=registration.player)
        )
    registration.fills_in = False
    registration.save(update_fields=["fills_in"])
    return seats_vacate(tournament=registration.tournament, player=registration.player)


@transaction.atomic
def registration_window_open(*, tournament: Tournament, now: dt.datetime) -> None:
    """Open self-registration now (until the closing time, if that is still ahead)."""
    if not tournament.is_published:
        raise ServiceError(gettext("Publish the tournament first: players cannot see a draft."))
    tournament.registration_opens = now
    if tournament.registration_closes and tournament.registration_closes <= now:
        tournament.registration_closes = None
    tournament.save(update_fields=["registration_opens", "registration_closes"])


@transaction.atomic
def registration_window_close(*, tournament: Tournament, now: dt.datetime) -> None:
    tournament.registration_closes = now
    if tournament.registration_opens and tournament.registration_opens > now:
        tournament.registration_opens = None
    tournament.save(update_fields=["registration_opens", "registration_closes"])


# --- corrections of a player's details -------------------------------------------------

PLAYER_FIELDS = ("first_name", "last_name", "ema_number", "country", "club", "email")


@transaction.atomic
def player_update(*, player: Player, data: dict, user) -> list[str]:
    """Correct a player's details; the history keeps who changed what (Player.history).

    The account's name and e-mail follow, so that a password reset reaches the address the
    player gave. Returns the names of the fields that changed (none: nothing is saved, so
    the history holds only real changes).
    """
    # Compared with the row as stored: a ModelForm has already written its data into the
    # instance it was given.
    stored = Player.objects.select_for_update().get(pk=player.pk)
    changed = [
        name for name in PLAYER_FIELDS if name in data and getattr(stored, name) != data[name]
    ]
    if not changed:
        return []
    if not stored.history.exists():
        # A player from before the history began: record how he was, so the first
        # correction shows its "before" too.
        stored.history.model.objects.create(
            id=stored.pk,
            history_date=timezone.now(),
            history_type="+",
            **{name: getattr(stored, name) for name in PLAYER_FIELDS},
        )
    for name in changed:
        setattr(stored, name, data[name])
    stored._history_user = user if user is not None and user.is_authenticated else None
    stored.save()
    if stored.user_id is not None:
        account = stored.user
        account.first_name, account.last_name = stored.first_name, stored.last_name
        account.email = stored.email
        account.save(update_fields=["first_name", "last_name", "email"])
    return changed


@transaction.atomic
def player_correct(
    *, tournament: Tournament, player: Player, data: dict, user
) -> tuple[Player, list[str]]:
    """An organiser of ``tournament`` corrects a player's details (issue 24, ownership.py).

    A person with an account owns his details; a player entered by another tournament gets
    ``tournament``'s own copy first, so that the other tournament's pages and EMA file do
    not change. Returns the record corrected and the names of the fields changed.
    """
    stored = Player.objects.select_for_update().get(pk=player.pk)
    if stored.user_id is not None:
        raise ServiceError(
            gettext(
                "{player} has an account and corrects his details himself on his profile."
            ).format(player=stored)
        )
    if not any(name in data and getattr(stored, name) != data[name] for name in PLAYER_FIELDS):
        return stored, []
    if not owns_details(tournament, stored):
        stored = player_copy_for(tournament=tournament, player=stored, user=user)
    return stored, player_update(player=stored, data=data, user=user)
