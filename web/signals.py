"""Saved and deleted rows that change a tournament's public pages bump its cache version
(``web.cache``), after the commit.

Rows written in bulk (seats, table results, ``QuerySet.update``) send no signal: the
services that write them call ``web.cache.public_pages_changed`` themselves.  Seats,
table results and sheet versions are left out here on purpose: one generation deletes
thousands of seats, and a signal per row would cost a query each to find the tournament.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save

from web.cache import RESULTS, SCOPES, SEATING, public_pages_changed, tournament_list_changed


def tournament_of(instance) -> int | None:
    # Read when a row changes: web/ sits below tournament/ and loads before its models.
    from tournament.models import Player, Session, Tournament

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


# Rows that only the results pages show (see SCOPES in web.cache), and those only
# the seating pages and the clock show; every other row changes both.
RESULTS_ONLY = {
    "scoring.ScoreSheet",
    "scoring.StandingsSettings",
    "referee.Penalty",
    "referee.ResultsRemoval",
}
SEATING_ONLY = {"tournament.TableFinish"}


def row_changed(sender, instance, **kwargs) -> None:
    label = sender._meta.label
    if label in RESULTS_ONLY:
        scopes = (RESULTS,)
    elif label in SEATING_ONLY:
        scopes = (SEATING,)
    else:
        scopes = SCOPES
    public_pages_changed(tournament_of(instance), scopes)
    if label == "tournament.Tournament":
        tournament_list_changed()


def player_changed(sender, instance, **kwargs) -> None:
    """A renamed player (or a new country) shows in every tournament he is in."""
    # Read when a row changes: web/ sits below tournament/ and loads before its models.
    from tournament.models import Registration

    tournaments = set(
        Registration.objects.filter(player_id=instance.pk).values_list("tournament_id", flat=True)
    )
    # And the tournament whose entry he is, registered or not (a seat set by hand): his
    # page there is served with the fields kept per version (results/standings/page_player.py).
    if instance.tournament_id is not None:
        tournaments.add(instance.tournament_id)
    for tournament_id in tournaments:
        public_pages_changed(tournament_id)


def connect() -> None:
    from django.apps import apps

    for label in (
        "tournament.Tournament",
        "tournament.Registration",
        "tournament.Team",
        "tournament.Table",
        "tournament.Session",
        "tournament.SessionClockEvent",
        "tournament.TableFinish",
        "tournament.SeatChange",
        "scoring.ScoreSheet",
        "scoring.StandingsSettings",
        "referee.Penalty",
        "referee.Substitution",
        "referee.Disqualification",
        "referee.ResultsRemoval",
    ):
        model = apps.get_model(label)
        post_save.connect(row_changed, sender=model, dispatch_uid=f"public-pages-{label}")
        post_delete.connect(row_changed, sender=model, dispatch_uid=f"public-pages-del-{label}")
    player = apps.get_model("tournament.Player")
    post_save.connect(player_changed, sender=player, dispatch_uid="public-pages-player")
