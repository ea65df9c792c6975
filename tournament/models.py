"""Tournaments, the people in them, their sessions, tables and seats."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django_countries.fields import CountryField

from .ema import is_valid_ema_number

# The presets of the rules core (scoring/rules/rulesets.py); names are part of the public
# JSON interface, so they are safe to store.
RULESET_CHOICES = [
    ("ema2016", "EMA Riichi Competition Rules 2016"),
    ("wrc2015", "World Riichi Championship Rules 2015"),
    ("ema2012", "EMA Riichi Competition Rules 2012"),
    ("aalto", "Aalto club rules (tournament variation)"),
]


def _new_seed() -> int:
    return secrets.randbelow(2**31)


def validate_ema_number(value: str) -> None:
    if value and not is_valid_ema_number(value):
        raise ValidationError(
            "An EMA number has exactly 8 digits (got %(value)s).", params={"value": value}
        )


class Tournament(models.Model):
    class Visibility(models.TextChoices):
        DRAFT = "draft", "Draft (organisers only)"
        PUBLISHED = "published", "Published"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    venue = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    country = CountryField(blank=True)
    start_date = models.DateField()
    end_date = models.DateField()
    ruleset = models.CharField(max_length=20, choices=RULESET_CHOICES, default="ema2016")
    # Per-tournament changes to the preset, e.g. {"uma": [15, 5, -5, -15]}; checked by the
    # rules core, which rejects unknown parameters.
    rule_overrides = models.JSONField(default=dict, blank=True)
    session_count = models.PositiveSmallIntegerField(default=8)
    session_minutes = models.PositiveSmallIntegerField(default=90)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.DRAFT
    )
    registration_opens = models.DateTimeField(null=True, blank=True)
    registration_closes = models.DateTimeField(null=True, blank=True)
    player_limit = models.PositiveIntegerField(null=True, blank=True)
    # The seating is drawn from this seed so that the organiser can show how it was made.
    seating_seed = models.PositiveIntegerField(default=_new_seed)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament:detail", kwargs={"slug": self.slug})

    @property
    def is_published(self) -> bool:
        return self.visibility == self.Visibility.PUBLISHED

    def rules(self):
        """The ruleset in force: the preset with this tournament's overrides."""
        from scoring.rules.rulesets import get_ruleset

        return get_ruleset(self.ruleset, **self.rule_overrides)


class Staff(models.Model):
    """An organiser or referee of one tournament (roles are per tournament)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        REFEREE = "referee", "Referee"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    role = models.CharField(max_length=10, choices=Role.choices)
    may_run_clock = models.BooleanField(
        default=False, help_text="Referees only: may start, pause and end the session clock."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_tournament")
        ]
        verbose_name_plural = "staff"

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}, {self.tournament})"


class Player(models.Model):
    """A person; one record across tournaments. Registrations are per tournament."""

    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    ema_number = models.CharField(
        "EMA number",
        max_length=8,
        blank=True,
        validators=[validate_ema_number],
        help_text="8 digits; the first two name the national association.",
    )
    country = CountryField()
    club = models.CharField(max_length=120, blank=True)
    email = models.EmailField(blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["ema_number"],
                condition=~models.Q(ema_number=""),
                name="unique_ema_number",
            )
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"

    @property
    def full_name(self) -> str:
        return str(self)


class Registration(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting confirmation"
        CONFIRMED = "confirmed", "Confirmed"
        WAITING = "waiting", "Waiting list"
        WITHDRAWN = "withdrawn", "Withdrawn"

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    is_reserve = models.BooleanField(
        "reserve", default=False, help_text="A substitute who plays only in place of others."
    )
    # EMA: substitutes are asked before the first session whether their results count.
    results_count = models.BooleanField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player__last_name", "player__first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="one_registration_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Table(models.Model):
    """A physical table in the hall: the same table across sessions."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40, blank=True, help_text="Optional, e.g. 'Stage'.")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_table_number")
        ]

    def __str__(self) -> str:
        return self.name or f"Table {self.number}"


class Session(models.Model):
    """One round of play: every table plays one hanchan."""

    class State(models.TextChoices):
        PLANNED = "planned", "Planned"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField()
    planned_start = models.DateTimeField(null=True, blank=True)
    minutes = models.PositiveSmallIntegerField(default=90)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PLANNED)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number")
        ]

    def __str__(self) -> str:
        return f"Session {self.number}"


class Wind(models.IntegerChoices):
    """Seat winds of a table's first hand, stored in seat order so they sort East first."""

    EAST = 0, "East"
    SOUTH = 1, "South"
    WEST = 2, "West"
    NORTH = 3, "North"

    @property
    def letter(self) -> str:
        return "ESWN"[self.value]


class Seat(models.Model):
    """Who sits where in a session: a player at a table with a seat wind."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seats")
    wind = models.PositiveSmallIntegerField(choices=Wind.choices)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["table__number", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table", "wind"], name="one_player_a_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_a_session"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table}, {self.get_wind_display()}"
