"""Tournaments, the people in them, their sessions, tables and seats."""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django_countries.fields import CountryField
from simple_history.models import HistoricalRecords

from scoring.rules.rulesets import get_ruleset

from .ema import is_valid_ema_number
from .names import clean_name, name_sort_key, search_key

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
            gettext("An EMA number has exactly 8 digits (got %(value)s)."), params={"value": value}
        )


MAX_RETENTION_DAYS = 3650  # ten years: a longer keeping of e-mails is a slip
MAX_APART_SESSIONS = 99  # the sessions of a request to keep players apart (EMA events: <= 15)
MAX_APART_MEMBERS = 40  # players in one such request: a family, a club; a country has its own
MAX_TEAM_SIZE = 8  # EMA team events field teams of 2 to 5; a bigger number is a slip


class TeamScore(models.TextChoices):
    SUM = "sum", gettext_lazy("Sum of the members' totals")
    BEST = "best", gettext_lazy("Sum of the best N members' totals")


class Tournament(models.Model):
    class Visibility(models.TextChoices):
        DRAFT = "draft", gettext_lazy("Draft (organisers only)")
        PUBLISHED = "published", gettext_lazy("Published")

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
    # The dashboard checks an EMA-rated event against the EMA's requirements (ema-events.md).
    ema_rated = models.BooleanField(
        "EMA-rated", default=True, help_text=gettext_lazy("Results go to the EMA ranking.")
    )
    # Four eyes on every score sheet: the referee who entered a sheet may not confirm it.
    sheet_needs_second_referee = models.BooleanField(
        "a second referee confirms each sheet",
        default=False,
        help_text=gettext_lazy(
            "The referee who entered or last changed a score sheet cannot confirm it."
        ),
    )
    # The World Riichi app's practice: a session's scores reach the public only once every
    # table's sheet is confirmed (results/standings/publication.py); staff see them at once.
    hold_results = models.BooleanField(
        gettext_lazy("Hold a session's results until every sheet is confirmed"),
        default=False,
        help_text=gettext_lazy(
            "Players, the public pages, the API and the exports show the standings as of the "
            "last session whose sheets are all confirmed; staff see every confirmed sheet at once."
        ),
    )
    # --- teams -------------------------------------------------------------------------------
    # 0: no teams. A team never has more members than this (tournament/registration/teams.py).
    team_size = models.PositiveSmallIntegerField(
        "team size",
        default=0,
        validators=[MaxValueValidator(MAX_TEAM_SIZE)],
        help_text="Players per team; 0: no teams.",
    )
    team_score = models.CharField(
        "team score", max_length=4, choices=TeamScore.choices, default=TeamScore.SUM
    )
    # Best N: only the N best totals of a team count (1 <= N <= team_size, the form checks).
    team_best = models.PositiveSmallIntegerField(
        "best N", default=3, validators=[MinValueValidator(1), MaxValueValidator(MAX_TEAM_SIZE)]
    )
    # A hard constraint of the seating core ("apart"): team-mates never meet at a table.
    teams_apart = models.BooleanField("keep team-mates apart in the seating", default=False)
    # The players of one country kept apart in the first N sessions (0: not asked), where the
    # seating can; else as few of them at one table as a round allows (seating/core/apart.py).
    countries_apart_sessions = models.PositiveSmallIntegerField(
        gettext_lazy("mix the countries in the first sessions"),
        default=0,
        validators=[MaxValueValidator(MAX_APART_SESSIONS)],
    )
    # --- privacy -----------------------------------------------------------------------------
    # The e-mails (and other private details) of the entries are kept this many days after
    # the event's end, then removed by a daily job (tournament/privacy/services.py); empty:
    # kept until the organiser removes them. GDPR Art. 5(1)(e), storage limitation.
    retention_days = models.PositiveSmallIntegerField(
        gettext_lazy("keep the players' e-mails (days after the end)"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_RETENTION_DAYS)],
        help_text=gettext_lazy(
            "Blank: kept. Then the e-mails of this tournament's entries are removed; the "
            "results keep names, countries and EMA numbers."
        ),
    )
    private_details_removed_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The seating is drawn from this seed so that the organiser can show how it was made.
    seating_seed = models.PositiveIntegerField(default=_new_seed)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    # Cleaned as people's names are (tournament/names.py), whichever way the row is written:
    # a right-to-left override in a tournament's name reversed the text around it on every
    # page and in the EMA file, and control characters broke the exports.
    NAME_FIELDS = ("name", "venue", "city")

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        for field in self.NAME_FIELDS:
            setattr(self, field, clean_name(getattr(self, field)))
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournament:detail", kwargs={"slug": self.slug})

    def clean(self) -> None:
        super().clean()
        for field in self.NAME_FIELDS:
            setattr(self, field, clean_name(getattr(self, field)))
        if not self.name:
            raise ValidationError(
                {
                    "name": gettext(
                        "Give the tournament a name in letters, not only invisible signs."
                    )
                }
            )

    @property
    def is_published(self) -> bool:
        return self.visibility == self.Visibility.PUBLISHED

    def rules(self):
        """The ruleset in force: the preset with this tournament's overrides."""

        return get_ruleset(self.ruleset, **self.rule_overrides)


class Staff(models.Model):
    """An organiser or referee of one tournament (roles are per tournament)."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", gettext_lazy("Organiser")
        REFEREE = "referee", gettext_lazy("Referee")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    role = models.CharField(max_length=10, choices=Role.choices)
    may_run_clock = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Referees only: may start, pause and end the session clock."),
    )
    # Referees only: the tables this referee looks after; the desk shows them first.
    first_table = models.PositiveSmallIntegerField(null=True, blank=True)
    last_table = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_tournament")
        ]
        verbose_name_plural = "staff"

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}, {self.tournament})"


class TeamChangeRecord(models.Model):
    """The extra column of a player's history record: a change of his team in a tournament,
    ``{"tournament": name, "before": team or "", "after": team or ""}``; null for a
    correction of his details."""

    team_change = models.JSONField(null=True, blank=True)

    class Meta:
        abstract = True


class LinkMethod(models.TextChoices):
    SIGNUP = "signup", gettext_lazy("Made by the sign-up")
    MATCH = "match", gettext_lazy("Matched by name or EMA number (unchecked)")
    CODE = "code", gettext_lazy("Personal slip code")
    MAIL = "mail", gettext_lazy("Link mailed to the address on record")
    ORGANISER = "organiser", gettext_lazy("Approved by an organiser")


class Player(models.Model):
    """One tournament's entry for a participant, that tournament's own record (name,
    country, EMA number, club, e-mail); or, without a tournament, an account's own profile.

    Whose record: an entry belongs to exactly one tournament (``tournament``) and is
    changed by that tournament's staff (with history) or by the person from his profile;
    no other tournament's rows ever point at it (``Registration.save`` refuses). "The same
    person" in two tournaments is two entries, known to be one person from the account that
    links both, or from the EMA number, never from a record two tournaments both write.
    """

    # The tournament whose entry this is; empty only for an account's own profile (the
    # details a self-registration copies into the tournament's new entry).
    tournament = models.ForeignKey(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="entries",
    )
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    ema_number = models.CharField(
        "EMA number",
        max_length=8,
        blank=True,
        validators=[validate_ema_number],
        help_text=gettext_lazy("8 digits; the first two name the national association."),
    )
    country = CountryField()
    club = models.CharField(max_length=120, blank=True)
    email = models.EmailField(blank=True)
    # Consents (GDPR Art. 6(1)(a)), each on its own: the stream page shows the name only of
    # a player who agreed, else his seat wind; photos of him only if he agreed. Asked at
    # self-registration, changed by the person or recorded by the organiser, with history.
    consent_stream = models.BooleanField(
        gettext_lazy("appear by name on the stream page"), default=False
    )
    consent_photos = models.BooleanField(gettext_lazy("may be in photos"), default=False)
    # An account is linked to at most one entry of each tournament (and has one profile),
    # by that tournament's secret only (tournament/registration/linking.py).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    # How the account was linked to this record (tournament/registration/linking.py); the
    # organiser sees it and can undo a link made by matching public data: sign-up once
    # attached an account to the player of the same name and country, so anyone could take
    # over a player from the public standings.
    link_method = models.CharField(max_length=12, choices=LinkMethod.choices, blank=True)
    # How people sort the name (tournament/names.py), kept in the row so that every list,
    # paginated or not, is ordered by the database.
    sort_name = models.CharField(max_length=200, blank=True, editable=False, db_index=True)
    # Both names without case and accents (tournament/names.py ``search_key``): "wrobel" finds
    # "Wróbel" at check-in, in the player list and at the desk.
    search_name = models.CharField(max_length=200, blank=True, editable=False, db_index=True)
    # Corrections of a player's details (a misspelt name, a wrong EMA number) are kept: who,
    # when, before and after. The EMA file is sent from these fields.
    # A change of team (per tournament, Registration.team) goes into the same history as a
    # record of the details as they were, with ``team_change`` saying which (teams.py).
    history = HistoricalRecords(
        excluded_fields=["user", "sort_name", "search_name", "tournament", "link_method"],
        bases=[TeamChangeRecord],
    )

    class Meta:
        ordering = ["sort_name"]
        constraints = [
            # One entry per EMA number in a tournament; another tournament's entry of the
            # same person has its own row with the same number.
            models.UniqueConstraint(
                fields=["tournament", "ema_number"],
                condition=~models.Q(ema_number="") & models.Q(tournament__isnull=False),
                name="unique_ema_number_in_tournament",
            ),
            models.UniqueConstraint(
                fields=["ema_number"],
                condition=~models.Q(ema_number="") & models.Q(tournament__isnull=True),
                name="unique_ema_number_of_profiles",
            ),
            models.UniqueConstraint(
                fields=["user", "tournament"],
                condition=models.Q(user__isnull=False) & models.Q(tournament__isnull=False),
                name="one_entry_per_account_in_tournament",
            ),
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(user__isnull=False) & models.Q(tournament__isnull=True),
                name="one_profile_per_account",
            ),
        ]

    NAME_FIELDS = ("first_name", "last_name", "club")

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def save(self, *args, **kwargs) -> None:
        self.clean_names()
        self.sort_name = name_sort_key(self.first_name, self.last_name)
        self.search_name = search_key(self.first_name, self.last_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"first_name", "last_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "sort_name", "search_name"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        self.clean_names()

    def clean_names(self) -> None:
        """One spelling per name (tournament/names.py), whichever way the row was written."""
        for name in self.NAME_FIELDS:
            setattr(self, name, clean_name(getattr(self, name)))

    @property
    def full_name(self) -> str:
        return str(self)


class Registration(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Awaiting confirmation")
        CONFIRMED = "confirmed", pgettext_lazy("registration status", "Confirmed")
        WAITING = "waiting", gettext_lazy("Waiting list")
        WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    is_reserve = models.BooleanField(
        "reserve",
        default=False,
        help_text=gettext_lazy("A substitute who plays only in place of others."),
    )
    # EMA: substitutes are asked before the first session whether their results count.
    results_count = models.BooleanField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    # A checked-in reserve who plays every session to make the field a multiple of four.
    fills_in = models.BooleanField(
        "fills in",
        default=False,
        help_text=gettext_lazy("Reserve playing to complete the last table."),
    )
    # Accessibility: the player always plays at this physical table; the seating
    # plan respects it and leaves the player out of the repeated-table figures.
    fixed_table = models.ForeignKey(
        "Table",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="fixed_registrations",
        help_text=gettext_lazy("Accessibility: the player always plays at this table."),
    )
    # The team the player plays for in this tournament (teams.py keeps it within
    # the team size and writes every change into the player's history).
    team = models.ForeignKey(
        "Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations"
    )
    registered_at = models.DateTimeField(auto_now_add=True)
    # A withdrawal is asked first and kept: when, by whom, why (one click with no question
    # once freed six seats).
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawal_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["player__sort_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="one_registration_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"

    def save(self, *args, **kwargs) -> None:
        # The boundary between tournaments: a registration names its own tournament's entry.
        # A record made without a tournament and never registered becomes this one's entry.
        player = self.player
        if player.tournament_id is None and not player.registrations.exists():
            Player.objects.filter(pk=player.pk, tournament__isnull=True).update(
                tournament=self.tournament_id
            )
            player.tournament_id = self.tournament_id
        if player.tournament_id != self.tournament_id:
            raise ValueError(f"{player} is another tournament's entry.")
        super().save(*args, **kwargs)


class LinkRequest(models.Model):
    """An account asks to be linked to a player on record; an organiser of a
    tournament the player is registered in approves or declines it."""

    class State(models.TextChoices):
        PENDING = "pending", gettext_lazy("Awaiting an organiser")
        APPROVED = "approved", gettext_lazy("Approved")
        DECLINED = "declined", gettext_lazy("Declined")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="link_requests"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="link_requests")
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    message = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "player"],
                condition=models.Q(state="pending"),
                name="one_pending_link_request",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} asks for {self.player}"


class LinkMail(models.Model):
    """A link mailed to the address a tournament recorded for its entry (linking.py): it
    links that entry to the account that asked, once, within ``linking.LINK_MAX_AGE``."""

    nonce = models.CharField(max_length=32, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="link_mails")
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Link for {self.user} to {self.player}"


class Team(models.Model):
    """A team of one tournament; its members are registrations (Registration.team)."""

    MAX_NAME = 60

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=MAX_NAME)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name")
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        # One spelling per name, as for players (tournament/names.py).
        self.name = clean_name(self.name)
        super().save(*args, **kwargs)


class ApartGroup(models.Model):
    """Players the organiser asks the seating to keep apart (family, partners, a club's
    members), in every session or in the first ``first_sessions`` only. Passed to the seating
    core as a request (``apart_soft``): kept where the seating can, else the fewest breaches,
    each listed on the quality page for the organiser."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="apart_groups"
    )
    name = models.CharField(gettext_lazy("name"), max_length=80)
    players = models.ManyToManyField(Player, related_name="apart_groups")
    # Empty: every session.
    first_sessions = models.PositiveSmallIntegerField(
        gettext_lazy("in the first sessions"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_APART_SESSIONS)],
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "name", "pk"]

    def __str__(self) -> str:
        return self.name

    def applies_to(self, number: int) -> bool:
        """Whether the request holds in session ``number``."""
        return self.first_sessions is None or number <= self.first_sessions


class Table(models.Model):
    """A physical table in the hall: the same table across sessions."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(
        max_length=40, blank=True, help_text=gettext_lazy("Optional, e.g. 'Stage'.")
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_table_number")
        ]

    def __str__(self) -> str:
        return self.name or gettext("Table {number}").format(number=self.number)


class Session(models.Model):
    """One round of play: every table plays one hanchan."""

    class State(models.TextChoices):
        PLANNED = "planned", gettext_lazy("Planned")
        RUNNING = "running", gettext_lazy("Running")
        FINISHED = "finished", gettext_lazy("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField()
    planned_start = models.DateTimeField(null=True, blank=True)
    minutes = models.PositiveSmallIntegerField(default=90)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PLANNED)

    # --- the session clock (tournament/clock/) ---------------------------------------------
    # The clock lives in these rows, not in a process, so a reload, a second browser or a
    # restarted server shows the same time. tournament/clock/timing.py does the arithmetic.
    clock_length = models.DurationField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Playing time incl. extensions; set when started."),
    )
    # Taken from the ruleset when the clock starts (EMA 5.9: 15 minutes; WRC 8.2: 0).
    clock_signal_before = models.DurationField(null=True, blank=True)
    clock_after_signal = models.CharField(max_length=20, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    # Start of the current running stretch; empty while paused.
    clock_running_since = models.DateTimeField(null=True, blank=True)
    # Playing time before the current stretch (the stretches before each pause).
    clock_elapsed = models.DurationField(default=dt.timedelta(0))
    clock_ended_at = models.DateTimeField(null=True, blank=True)
    # Raised by every start, pause, resume, extension and end: a signal task queued for an
    # older version finds the clock changed and does nothing.
    clock_version = models.PositiveIntegerField(default=0)
    # Set by exactly one conditional UPDATE (tournament/clock/services.py): the signal fires
    # once, however many workers, beat sweeps and browsers try.
    signal_fired_at = models.DateTimeField(null=True, blank=True)

    # --- the seating --------------------------------------------------------------------------
    # The generation that wrote this session's seats: its seed, method and input are what the
    # public pages show to prove the draw was random and fair (EMA: transparent seating).
    seating_job = models.ForeignKey(
        "SeatingJob", null=True, blank=True, on_delete=models.SET_NULL, related_name="seated"
    )
    # A seating made as a whole (generated, imported from a plan, a stage's tables) is a draft
    # that only staff see until the organiser publishes it (tournament.seating.selectors
    # ``seats_shown`` is the one rule every reader follows).  False for a session seated
    # before drafts existed, or seated seat by seat; changes by hand to a published seating
    # are seen at once, since the players must sit down where the seating says.
    seating_draft = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number")
        ]

    def __str__(self) -> str:
        return gettext("Session {number}").format(number=self.number)


class Wind(models.IntegerChoices):
    """Seat winds of a table's first hand, stored in seat order so they sort East first."""

    EAST = 0, gettext_lazy("East")
    SOUTH = 1, gettext_lazy("South")
    WEST = 2, gettext_lazy("West")
    NORTH = 3, gettext_lazy("North")

    @property
    def letter(self) -> str:
        return "ESWN"[self.value]


class Seat(models.Model):
    """Who sits where in a session: a player at a table with a seat wind."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seats")
    wind = models.PositiveSmallIntegerField(choices=Wind.choices)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # The referee desk's substitution (EMA 5.8, WRC 7.2) recorded on the seat itself, so
    # that a score sheet and the seating read only seats: "" (none), "start" (the
    # substitute sat from the start of the session) or "during" (joined during it), and
    # the player whose seat it was (with "during" he sat here too, until he left).
    substitute = models.CharField(max_length=6, blank=True, default="")
    replaced = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["table__number", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table", "wind"], name="one_player_a_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_a_session"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table}, {self.get_wind_display()}"


class SessionClockEvent(models.Model):
    """What happened to a session's clock, when and by whom: the clock's history."""

    class Kind(models.TextChoices):
        START = "start", gettext_lazy("Started")
        PAUSE = "pause", gettext_lazy("Paused")
        RESUME = "resume", gettext_lazy("Resumed")
        EXTEND = "extend", gettext_lazy("Extended")
        SIGNAL = "signal", gettext_lazy("Signal given")
        END = "end", gettext_lazy("Ended")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="clock_events")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    at = models.DateTimeField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # Extensions: how much time was added.
    added = models.DurationField(null=True, blank=True)
    version = models.PositiveIntegerField()

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            # A second line of defence behind the conditional UPDATE: one signal per session.
            models.UniqueConstraint(
                fields=["session"], condition=models.Q(kind="signal"), name="one_signal_a_session"
            )
        ]

    def __str__(self) -> str:
        return f"{self.session}: {self.get_kind_display()} at {self.at:%H:%M:%S}"


class TableFinish(models.Model):
    """A table that has finished its game in a session, as reported from the table."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_finishes")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="finishes")
    finished_at = models.DateTimeField()
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # True when the time limit ended the game before its natural end (EMA 5.9, WRC 8.2); the
    # score sheet passes it to the rules core as ``ended_by_time``.
    ended_by_time = models.BooleanField(default=False)

    class Meta:
        ordering = ["table__number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="one_finish_a_table")
        ]

    def __str__(self) -> str:
        return f"{self.table} finished {self.session}"


class SeatingJob(models.Model):
    """One generation of the seating by the seating core, run as a Celery task.

    The task writes its progress here (throttled), so the progress page works the same with
    an eager task and with a worker. The row also keeps the core's exact input (``options``)
    and which player and table each index stands for: anyone can re-run the same input with
    ``python -m tournament.seating`` and get the same seating (EMA: transparent seating).
    """

    class Method(models.TextChoices):
        PLAN = "plan", gettext_lazy("Plan of the remaining sessions")
        SWISS = "swiss", gettext_lazy("Swiss: the next session by the standings")
        # The organiser's own plan from a file (tournament/seating/plan_import.py).
        IMPORT = "import", gettext_lazy("Plan imported from a file")

    class State(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Waiting for a worker")
        RUNNING = "running", gettext_lazy("Running")
        DONE = "done", gettext_lazy("Done")
        FAILED = "failed", gettext_lazy("Failed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="seating_jobs"
    )
    method = models.CharField(max_length=10, choices=Method.choices)
    seed = models.PositiveIntegerField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.CharField(max_length=500, blank=True)
    # The core's input, player pk per index, table number per index, the sessions seated and
    # the quality figures of the result: the record of how the seating was made.
    options = models.JSONField(default=dict, blank=True)
    players = models.JSONField(default=list, blank=True)
    tables = models.JSONField(default=list, blank=True)
    sessions = models.JSONField(default=list, blank=True)
    result = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    # Written with the progress while the job runs: a running job whose heartbeat stops was
    # lost with its worker (tournament.seating.jobs.seating_jobs_reap).
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_method_display()} for {self.tournament} ({self.get_state_display()})"

    @property
    def finished(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)

    @property
    def percent(self) -> int:
        if self.state == self.State.DONE:
            return 100
        return min(99, 100 * self.done // self.total) if self.total else 0


class SeatChange(models.Model):
    """A change of the seating by hand (a swap or a move), kept so the public sees it."""

    # PROTECT: the log of hand changes outlives nothing it belongs to (nothing is deleted).
    session = models.ForeignKey(Session, on_delete=models.PROTECT, related_name="seat_changes")
    description = models.CharField(max_length=300)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.session}: {self.description}"
