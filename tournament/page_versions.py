"""Saved and deleted rows that change a tournament's public pages bump its cache version
(``web.cache``), after the commit.

Rows written in bulk (seats, table results, ``QuerySet.update``) send no signal: the
services that write them call ``web.cache.public_pages_changed`` themselves.  Seats,
table results and sheet versions are left out here on purpose: one generation deletes
thousands of seats, and a signal per row would cost a query each to find the tournament.

Each app names its own rows (``watch`` in its ``ready()``): the tournament's rows here,
the sheets in scoring/apps.py, the desk's decisions in referee/apps.py, so that nothing
below the sheets and the desk names their models.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save

from web.cache import SCOPES, SEATING, public_pages_changed, tournament_list_changed

from .models import (
    Player,
    Registration,
    SeatChange,
    Session,
    SessionClockEvent,
    Table,
    TableFinish,
    Team,
    Tournament,
)


def tournament_of(instance) -> int | None:
    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, Player):
        return None  # Player: see player_changed (every tournament the player is in)
    tournament_id = getattr(instance, "tournament_id", None)
    if tournament_id is not None:
        return tournament_id
    session_id = getattr(instance, "session_id", None)
    if session_id is not None:
        session_field = instance._meta.get_field("session")
        if session_field.is_cached(instance):  # the row's session is at hand: no query
            return instance.session.tournament_id
        return Session.objects.filter(pk=session_id).values_list("tournament_id", flat=True).first()
    return None


def _row_changed(scopes: tuple[str, ...]):
    def row_changed(sender, instance, **kwargs) -> None:
        public_pages_changed(tournament_of(instance), scopes)
        if sender is Tournament:
            tournament_list_changed()

    return row_changed


def player_changed(sender, instance, **kwargs) -> None:
    """A renamed player (or a new country) shows in every tournament he is in."""
    tournaments = set(
        Registration.objects.filter(player_id=instance.pk).values_list("tournament_id", flat=True)
    )
    # And the tournament whose entry he is, registered or not (a seat set by hand): his
    # page there is served with the fields kept per version (results/standings/page_player.py).
    if instance.tournament_id is not None:
        tournaments.add(instance.tournament_id)
    for tournament_id in tournaments:
        public_pages_changed(tournament_id)


# Receivers are kept here: Django holds signal receivers weakly.
_RECEIVERS: dict[tuple[str, ...], object] = {}


def watch(model, scopes: tuple[str, ...] = SCOPES) -> None:
    """Bump the ``scopes`` of the row's tournament whenever a ``model`` row is saved or
    deleted (``scopes``: the pages that show it, see SCOPES in web.cache)."""
    receiver = _RECEIVERS.setdefault(scopes, _row_changed(scopes))
    label = model._meta.label
    post_save.connect(receiver, sender=model, dispatch_uid=f"public-pages-{label}")
    post_delete.connect(receiver, sender=model, dispatch_uid=f"public-pages-del-{label}")


def connect() -> None:
    for model in (Tournament, Registration, Team, Table, Session, SessionClockEvent, SeatChange):
        watch(model)
    watch(TableFinish, (SEATING,))  # only the seating pages and the clock show it
    post_save.connect(player_changed, sender=Player, dispatch_uid="public-pages-player")
