"""Penalties, substitutions and disqualifications (the referee desk).

Every decision of the desk is a row that is never deleted.  A decision taken back is
*withdrawn*: it keeps its row, and gains who withdrew it, when and why.  A correction (say, a
lateness of 7 minutes that was really 5) withdraws the old penalty with the reason and adds a
new one that points at it (``Penalty.corrects``), so the log shows both.

Amounts are tournament points (1 point = 1,000 table points) and stored negative, as the
standings add them: ``-7`` for 7 minutes late under EMA 5.7.  They come from the ruleset
(``tournament.rules()``) through the rules core (``scoring.rules.penalties``, shown by
``referee.kinds``); no rule value lives here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from scoring.rules import penalties
from tournament.models import Player, Session, Table, Tournament


class DeskRecord(models.Model):
    """What every desk decision has: whom it concerns, where, who decided, and its withdrawal."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # RESTRICT: a session or table that carries decisions must not vanish from the history
    # on its own; deleting the whole tournament (which cascades to these rows) still works.
    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    # The player's table when the decision was taken (the seating may change later).
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    withdrawal_reason = models.TextField(blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]

    @property
    def is_active(self) -> bool:
        return self.withdrawn_at is None


class Penalty(DeskRecord):
    class Kind(models.TextChoices):
        # The values are the rules core's (scoring.rules.penalties), so that stored rows
        # and the core name the same kinds.
        CHOMBO = penalties.CHOMBO, gettext_lazy("Chombo")
        LATE = penalties.LATE, gettext_lazy("Late")
        OBSTRUCTION = penalties.OBSTRUCTION, gettext_lazy("Obstruction")
        PHONE = penalties.PHONE, gettext_lazy("Phone")
        INFORMATION = penalties.INFORMATION, gettext_lazy("Passing information")
        DEAD_HAND = penalties.DEAD_HAND, gettext_lazy("Dead hand")
        OTHER = penalties.OTHER, gettext_lazy("Other point penalty")

    kind = models.CharField(max_length=12, choices=Kind.choices)
    hand = models.CharField(
        max_length=30,
        blank=True,
        help_text=gettext_lazy("The hand, e.g. 'E3' or 'South 2, 1 counter'."),
    )
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # lateness only
    serious = models.BooleanField(default=False)  # obstruction in serious or repeated cases
    points = models.DecimalField(
        max_digits=7,
        decimal_places=2,
        help_text=gettext_lazy("Tournament points, negative; 0: logged only."),
    )
    corrects = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.RESTRICT, related_name="corrections"
    )

    class Meta(DeskRecord.Meta):
        verbose_name_plural = "penalties"
        indexes = [models.Index(fields=["tournament", "player"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player} ({self.points})"


class Substitution(DeskRecord):
    """A reserve in ``player``'s seat for one session (EMA 5.8, WRC 7.2).

    ``player`` is the one who leaves and misses the session; ``substitute`` sits in the seat.
    """

    class Timing(models.TextChoices):
        # The values are the score sheet's substitute marks, the rules core's
        # ``substitutes`` field (scoring.rules.substitutes).
        FROM_START = "start", gettext_lazy("From the start of the session")
        DURING = "during", gettext_lazy("Joined during the session")

    substitute = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    timing = models.CharField(max_length=6, choices=Timing.choices)
    wind = models.PositiveSmallIntegerField()  # the seat, 0..3 = E, S, W, N

    class Meta(DeskRecord.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["session", "player"],
                condition=models.Q(withdrawn_at__isnull=True),
                name="one_active_substitution_a_player",
            )
        ]

    def __str__(self) -> str:
        return f"{self.substitute} for {self.player} in {self.session}"


class Disqualification(DeskRecord):
    """The player stops playing (EMA 5.5, WRC 7.1).

    ``removed_seats`` keeps the seats taken from the unplayed sessions, as
    ``[{"session": 5, "table": 3, "wind": 1}, ...]``, so that the history shows them and a
    withdrawn disqualification can give back the seats that are still free.
    """

    removed_seats = models.JSONField(default=list, blank=True)

    class Meta(DeskRecord.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(withdrawn_at__isnull=True),
                name="one_active_disqualification",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} disqualified from {self.tournament}"


class ResultsRemoval(DeskRecord):
    """The head referee and the organisers take a player who was substituted out of the final
    results, for an acceptable reason such as illness (EMA 2016 5.8, last sentence), so that
    the event does not count for his EMA ranking.  ``reason`` says why; undone by withdrawing
    the record (who, when, why), like every desk decision."""

    class Meta(DeskRecord.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(withdrawn_at__isnull=True),
                name="one_active_results_removal",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} removed from the results of {self.tournament}"


class RefereeCall(models.Model):
    """A table asks for a referee (EMA 2016 1.3: a referee rules on every dispute at a
    table; players call one rather than settle it among themselves).

    Opened by a player seated at the table (or by a member of staff), taken by one referee
    (the others see who), closed by him with a note.  Never deleted: the referee log shows
    every call, who opened, took and closed it, and when.  One open call per table: a second
    press while a referee is called is refused (the constraint below holds it even when two
    phones of the table press at once).
    """

    NOTE_MAX = 500  # characters of the closing note: a line or two, not a report

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    session = models.ForeignKey(Session, on_delete=models.RESTRICT, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.RESTRICT, related_name="+")
    # The caller: the player seated at the table, or None when staff called.
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    opened_at = models.DateTimeField(default=timezone.now)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    taken_at = models.DateTimeField(null=True, blank=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.TextField(blank=True, max_length=NOTE_MAX)

    class Meta:
        ordering = ["opened_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "table"],
                condition=models.Q(closed_at__isnull=True),
                name="one_open_call_a_table",
            )
        ]
        indexes = [models.Index(fields=["tournament", "closed_at"])]

    def __str__(self) -> str:
        return f"Call from {self.table} in {self.session} ({self.state})"

    @property
    def state(self) -> str:
        if self.closed_at is not None:
            return "closed"
        return "taken" if self.taken_at is not None else "open"
