"""Who owns a person's details (issue 24, hole 2), and a tournament's own copy.

The rule, the same on every path (add, edit, import, export, the API):

- a person with an account owns his details: he corrects them on his profile, and no
  organiser writes them;
- otherwise the tournament that entered him (``Player.owner``) owns them: its organisers
  correct them in place;
- an organiser of any other tournament who corrects him gets a copy of his own: a new
  player record owned by that tournament (``copy_of`` the original), to which that
  tournament's rows move (registration, seats, sheets, responses, codes, desk decisions).
  The owner's pages and EMA file never change.

Private details (the e-mail) are shown to the staff of the owning tournament only.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from tournament.errors import ServiceError
from tournament.models import Player, Registration, Seat, Tournament

# The details a copy takes from the person it copies.
DETAIL_FIELDS = ("first_name", "last_name", "ema_number", "country", "club", "email")


def owns_details(tournament: Tournament, player: Player) -> bool:
    """May ``tournament``'s organisers correct ``player``'s record in place?"""
    return player.user_id is None and player.owner_id == tournament.pk


def may_see_private(tournament: Tournament, player: Player) -> bool:
    """May ``tournament``'s staff see ``player``'s e-mail?"""
    return player.owner_id == tournament.pk


def private_q(tournament: Tournament, prefix: str = "player__") -> Q:
    """The rows (of a query over ``prefix``) whose e-mail ``tournament``'s staff may see."""
    return Q(**{f"{prefix}owner": tournament})


def _tournament_rows(tournament: Tournament):
    """The querysets of ``tournament``'s rows that name a player, with that field's name."""
    from referee.models import Substitution
    from scoring.models import PersonalCode, SheetResponse, TableResult

    rows = [
        (Registration.objects.filter(tournament=tournament), "player"),
        (Seat.objects.filter(session__tournament=tournament), "player"),
        (TableResult.objects.filter(session__tournament=tournament), "player"),
        (SheetResponse.objects.filter(sheet__session__tournament=tournament), "player"),
        (PersonalCode.objects.filter(tournament=tournament), "player"),
        (Substitution.objects.filter(tournament=tournament), "substitute"),
    ]
    for model in _desk_models():
        rows.append((model.objects.filter(tournament=tournament), "player"))
    return rows


def _desk_models():
    """Every concrete desk record (penalties, lateness, substitutions...): they all name the
    player they concern and their tournament (referee/models.py DeskRecord)."""
    from django.apps import apps

    from referee.models import DeskRecord

    return [
        model
        for model in apps.get_app_config("referee").get_models()
        if issubclass(model, DeskRecord)
    ]


@transaction.atomic
def player_copy_for(*, tournament: Tournament, player: Player, user) -> Player:
    """``tournament``'s own copy of ``player``, its rows moved to it; recorded in history.

    Returns the copy (an existing one when the original is asked for again).
    """
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.owner_id == tournament.pk and player.user_id is None:
        return player
    copy = Player(
        owner=tournament,
        copy_of=player,
        **{name: getattr(player, name) for name in DETAIL_FIELDS},
    )
    # The e-mail is the person's private detail: the copy does not take it.
    copy.email = ""
    copy._history_user = user if user is not None and user.is_authenticated else None
    copy.save()
    moved = 0
    for queryset, field in _tournament_rows(tournament):
        moved += queryset.filter(**{field: player}).update(**{field: copy})
    if not moved:
        raise ServiceError(
            gettext("{player} plays no part in this tournament.").format(player=player)
        )
    note = {
        "kind": "copy",
        "tournament": tournament.name,
        "before": str(player),
        "after": gettext("a copy of its own for {tournament}").format(tournament=tournament),
    }
    history_note(player, note, user)
    history_note(copy, note, user)
    return copy


def history_note(player: Player, note: dict, user) -> None:
    """A line in the player's history (shown by selectors.player_changes): ``note`` is
    ``{"kind", "tournament", "before", "after"}``, kept in the history's JSON column."""
    history = Player.history.model
    history.objects.create(
        id=player.pk,
        history_date=timezone.now(),
        history_type="~",
        history_user=user if user is not None and user.is_authenticated else None,
        team_change=note,
        **{name: getattr(player, name) for name in DETAIL_FIELDS},
    )
