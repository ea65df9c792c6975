"""The kinds of message a person can switch, and the channels they go by."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class Kind(models.TextChoices):
    SEATING = "seating", gettext_lazy("Seating published: your table and seat")
    CLOCK = "clock", gettext_lazy("Session clock: starts in 10 minutes, the signal, time is up")
    SHEET = (
        "sheet",
        gettext_lazy("Score sheets: waiting for your confirmation, disputed, corrected, settled"),
    )
    DESK = "desk", gettext_lazy("Penalties and decisions of the referee desk about you")
    RESULTS = "results", gettext_lazy("Your results and rank after each session")
    STAGE = "stage", gettext_lazy("Stages: the cut, your semi-final table, the final's result")
    REFEREE_CALL = "referee_call", gettext_lazy("Referees: a table of your range calls you")


class Channel(models.TextChoices):
    PUSH = "push", gettext_lazy("On this phone (push)")
    EMAIL = "email", gettext_lazy("By e-mail")


# The defaults: once a phone subscribed it gets everything; e-mail only
# for what a player must not miss even with the phone off (his seat, his results, a stage).
EMAIL_ON_BY_DEFAULT = frozenset({Kind.SEATING, Kind.RESULTS, Kind.STAGE})

# What a spectator following a player gets: his tables and his results.
FOLLOWED_KINDS = frozenset({Kind.SEATING, Kind.RESULTS, Kind.STAGE})


def default_switch(kind: str, channel: str) -> bool:
    if channel == Channel.PUSH:
        return True
    return kind in EMAIL_ON_BY_DEFAULT
