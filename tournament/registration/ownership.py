"""Whose record: each tournament's entry is its own (``Player.tournament``).

- a tournament's staff correct their own entries in place, with history; a person with an
  account linked to the entry corrects it himself from his profile;
- no other tournament's staff read or change it: every page, form, import, export and the
  API reaches players through the tournament's registrations, which only ever name that
  tournament's entries (``Registration.save`` refuses another's);
- registering "the same person" again makes a new entry of that tournament, with what is
  public (name, country, EMA number, club) and never another tournament's e-mail.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from tournament.models import Player, Tournament

# The details kept in a history line.
DETAIL_FIELDS = ("first_name", "last_name", "ema_number", "country", "club", "email")


def owns_details(tournament: Tournament, player: Player) -> bool:
    """May ``tournament``'s organisers correct ``player``'s record in place?  Their own
    entry, unless an account is linked to it (the person corrects it from his profile)."""
    return player.tournament_id == tournament.pk and player.user_id is None


def may_see_private(tournament: Tournament, player: Player) -> bool:
    """May ``tournament``'s staff see ``player``'s e-mail?  Only in their own entry."""
    return player.tournament_id == tournament.pk


def private_q(tournament: Tournament, prefix: str = "player__") -> Q:
    """The rows (of a query over ``prefix``) whose e-mail ``tournament``'s staff may see."""
    return Q(**{f"{prefix}tournament": tournament})


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
