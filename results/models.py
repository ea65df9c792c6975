"""Stages, who entered them, and the live hands of a table (for the stream page).

Imported by ``tournament/models.py`` so that Django finds them (app label ``tournament``).
"""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy

MAX_STAGES = 5
MAX_STAGE_SESSIONS = 10
MAX_ADVANCING = 400  # the biggest field the product seats (architecture.md: 200+ players)


def _new_seed() -> int:
    return secrets.randbelow(2**31)


class Stage(models.Model):
    """One stage after the preliminaries: who advances, how they sit, what they carry."""

    class Seating(models.TextChoices):
        STANDING = "standing", gettext_lazy("By standing: 1-4, 5-8, …")
        SNAKE = "snake", gettext_lazy("Snake: 1-8-9-16, 2-7-10-15, …")
        PLAN = "plan", gettext_lazy("A plan without repeated meetings among them")
        SWISS = "swiss", gettext_lazy("Swiss: each session by the stage's standings")

    class Carry(models.TextChoices):
        WHOLE = "whole", gettext_lazy("Their whole total")
        FRACTION = "fraction", gettext_lazy("A fraction of their total")
        NOTHING = "nothing", gettext_lazy("Nothing: the stage is ranked on its own")

    class TieBreak(models.TextChoices):
        PLACEMENTS = (
            "placements",
            gettext_lazy(
                "More first places, then more second places, then more third places; "
                "then the higher best session; then a lot"
            ),
        )
        BEST = (
            "best",
            gettext_lazy(
                "The higher best session, then the higher second best, and so on; then a lot"
            ),
        )
        LOT = "lot", gettext_lazy("A lot")

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="stages"
    )
    order = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_STAGES)]
    )
    name = models.CharField(max_length=60)
    sessions = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_STAGE_SESSIONS)]
    )
    advancing = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(4), MaxValueValidator(MAX_ADVANCING)]
    )
    seating = models.CharField(max_length=10, choices=Seating.choices, default=Seating.STANDING)
    carry = models.CharField(max_length=10, choices=Carry.choices, default=Carry.WHOLE)
    # With ``carry == FRACTION``: the share of the total carried, e.g. 0.5 for half.
    carry_fraction = models.DecimalField(
        max_digits=5,
        decimal_places=4,
        default=Decimal("0.5"),
        validators=[MinValueValidator(Decimal("0.0001")), MaxValueValidator(Decimal("0.9999"))],
    )
    tie_break = models.CharField(
        max_length=10, choices=TieBreak.choices, default=TieBreak.PLACEMENTS
    )
    # The lots at the cut and the plan's draw come from this seed, shown on the page.
    seed = models.PositiveIntegerField(default=_new_seed)
    # The cut: when and by whom, the order of every candidate (player ids, best first) and
    # the lots drawn (lists of player ids that the rule could not part), kept as made.
    cut_at = models.DateTimeField(null=True, blank=True)
    cut_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cut_order = models.JSONField(default=list, blank=True)
    cut_lots = models.JSONField(default=list, blank=True)

    class Meta:
        # Made by the tournament app before the results had a package; the table kept its name.
        db_table = "tournament_stage"
        ordering = ["tournament", "order"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "order"], name="one_stage_an_order")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def fraction(self) -> Decimal:
        """The share of the total before the stage that a qualifier carries into it."""
        if self.carry == self.Carry.WHOLE:
            return Decimal(1)
        if self.carry == self.Carry.NOTHING:
            return Decimal(0)
        return self.carry_fraction


class StageEntry(models.Model):
    """A player in a stage: qualified at the cut, or in place of one who could not play."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="+")
    # The place in the cut's order (1 = best); ties in the stage are broken by it.
    seed = models.PositiveSmallIntegerField()
    # Set when the player was replaced by the next in line: who did it, when and why.
    replaced_at = models.DateTimeField(null=True, blank=True)
    replaced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    replacement = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="replaces"
    )
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "tournament_stageentry"
        ordering = ["stage", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "player"], name="one_entry_a_stage"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.stage}"

    @property
    def active(self) -> bool:
        return self.replaced_at is None


class LiveHands(models.Model):
    """The hands of a table's hand-by-hand sheet as last checked at the desk, before it is
    saved or confirmed: what the stream page shows while the game goes on."""

    session = models.ForeignKey("tournament.Session", on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey("tournament.Table", on_delete=models.CASCADE, related_name="+")
    hands = models.JSONField(default=list)
    updated_at = models.DateTimeField()

    class Meta:
        db_table = "tournament_livehands"
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="one_live_sheet_a_table")
        ]

    def __str__(self) -> str:
        return f"{self.session}, {self.table}: {len(self.hands)} hand(s)"
