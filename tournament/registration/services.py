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
from tournament.registration.teams import teams_assign
from tournament.seating.vacancies import Vacancy, seat_vacancies, seats_fill, seats_vacate
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


def _save_player(check: RowCheck, *, tournament: Tournament) -> Player:
    """The row's entry in ``tournament``: its own entry found by the check, or a new one
    made from the row (what is public about a person, typed or imported: another
    tournament's entry of the same person is never used, nor its e-mail)."""
    row = check.row
    player = check.player
    if player is not None and player.tournament_id is None and player.user_id is None:
        player.tournament = tournament  # nobody's record (selectors.known_people)
    if player is not None and player.tournament_id == tournament.pk:
        for name in ("ema_number", "club", "email"):
            if not getattr(player, name) and getattr(row, name):
                setattr(player, name, getattr(row, name))
        player.save()
        return player
    return Player.objects.create(
        tournament=tournament,
        first_name=row.first_name,
        last_name=row.last_name,
        ema_number=row.ema_number,
        country=row.country,
        club=row.club,
        email=row.email,
    )


def _new_person(check: RowCheck, *, user) -> tuple[Player, bool]:
    """The account's own profile: the details a self-registration copies into a
    tournament's entry. An EMA number another account's profile claims stays with it;
    returns the profile and whether the EMA number was left out."""
    row = check.row
    number = row.ema_number.replace(" ", "")
    held = (
        bool(number) and Player.objects.filter(ema_number=number, tournament__isnull=True).exists()
    )
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
    """A new account and a new person (sign-up never hands over a player on record: his
    name and country are public). Returns the account and whether the EMA number was left
    out (it is held by a player on record, whom the account may ask to be linked to on
    /profile/link/)."""
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
    if Player.objects.filter(user=user, tournament__isnull=True).exists():
        raise ServiceError(gettext("This account already has a player record."))
    return _new_person(check, user=user)[0]


# --- registering ---------------------------------------------------------------------


@transaction.atomic
def registration_self_register(
    *, tournament: Tournament, player: Player, now: dt.datetime
) -> Registration:
    """A player signs up: awaiting confirmation, or on the waiting list when full.

    ``player`` is the account's profile (or its entry here): the tournament gets an entry
    of its own, copied from the profile and linked to the account."""
    tournament = _locked(tournament)
    if not tournament.is_published or not selectors.registration_is_open(tournament, now):
        raise ServiceError(gettext("Registration for this tournament is not open."))
    player = _entry_for_account(tournament, player)
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


def _entry_for_account(tournament: Tournament, profile: Player) -> Player:
    """The account's entry in ``tournament``: the one linked already, or a new one with the
    profile's details. An entry of the tournament with the same EMA number and no account
    stays the tournament's: the person links to it by its slip code, mail or organiser."""
    if profile.tournament_id == tournament.pk:
        return profile
    if profile.user_id is None:
        raise ServiceError(gettext("Only an account registers itself."))
    entry = Player.objects.filter(tournament=tournament, user_id=profile.user_id).first()
    if entry is not None:
        return entry
    if (
        profile.ema_number
        and Player.objects.filter(tournament=tournament, ema_number=profile.ema_number).exists()
    ):
        raise ServiceError(
            gettext(
                "{tournament} has a player with EMA number {number} already: if that is "
                "you, link your account to him on your profile."
            ).format(tournament=tournament, number=profile.ema_number)
        )
    details = {name: getattr(profile, name) for name in PROFILE_FIELDS}
    if profile.tournament_id is not None:
        # Another tournament's entry: only what is public, and the account's own address.
        details["email"] = profile.user.email
    return Player.objects.create(
        tournament=tournament, user_id=profile.user_id, link_method=LinkMethod.SIGNUP, **details
    )


PROFILE_FIELDS = ("first_name", "last_name", "ema_number", "country", "club", "email")


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

    The player leaves the seats of every session still to play (seating/vacancies.py
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
    # Kept: when, by whom and why; the organiser's page asks for the reason.
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

PLAYER_FIELDS = (
    "first_name",
    "last_name",
    "ema_number",
    "country",
    "club",
    "email",
    "consent_stream",
    "consent_photos",
)


@transaction.atomic
def player_update(*, player: Player, data: dict, user) -> list[str]:
    """Correct a player's details; the history keeps who changed what (Player.history).

    Returns the names of the fields that changed (none: nothing is saved, so
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
    return changed


@transaction.atomic
def player_correct(
    *, tournament: Tournament, player: Player, data: dict, user
) -> tuple[Player, list[str]]:
    """An organiser of ``tournament`` corrects its own entry (ownership.py). A person with
    an account linked to it corrects it himself. Returns the record and the fields changed.
    """
    stored = Player.objects.select_for_update().get(pk=player.pk)
    if stored.tournament_id != tournament.pk:
        raise ServiceError(gettext("This player record belongs to another tournament."))
    if stored.user_id is not None:
        raise ServiceError(
            gettext(
                "{player} has an account and corrects his details himself on his profile."
            ).format(player=stored)
        )
    if not any(name in data and getattr(stored, name) != data[name] for name in PLAYER_FIELDS):
        return stored, []
    return stored, player_update(player=stored, data=data, user=user)


@transaction.atomic
def profile_update(*, profile: Player, data: dict, user) -> list[str]:
    """The person corrects his own details: his profile, and the entries his account is
    linked to (each with its history), which only he and their tournament change."""
    changed = player_update(player=profile, data=data, user=user)
    if changed and profile.user_id is not None:
        # The account's name and e-mail follow, so that a password reset reaches the
        # address the player gave.
        fresh = Player.objects.select_related("user").get(pk=profile.pk)
        account = fresh.user
        account.first_name, account.last_name = fresh.first_name, fresh.last_name
        account.email = fresh.email
        account.save(update_fields=["first_name", "last_name", "email"])
        entries = Player.objects.filter(user_id=profile.user_id, tournament__isnull=False)
        for entry in entries.exclude(pk=profile.pk):
            wanted = {name: data[name] for name in changed}
            number = wanted.get("ema_number")
            if number and (
                Player.objects.filter(tournament=entry.tournament_id, ema_number=number)
                .exclude(pk=entry.pk)
                .exists()
            ):
                del wanted["ema_number"]  # another player of that tournament has it
            player_update(player=entry, data=wanted, user=user)
    return changed
