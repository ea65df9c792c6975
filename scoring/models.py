"""Score sheets, their versions and the per-seat table results.

A ``ScoreSheet`` is what one table hands in after a session: either the four final table
scores (the common EMA sheet) or the hands one by one.  ``entry`` keeps it exactly as it was
entered, ``result`` the rules core's answer for it.  The per-seat ``TableResult`` rows are
written from that answer by ``scoring.services`` and are what the standings add up; a
``SheetVersion`` is kept for every save (who, when, why, what), so nothing is ever lost.

Why an explicit version model rather than django-simple-history: a correction must carry a
reason, the history page shows what changed between two versions of the *entry*, and the
conflict page compares the stored version with the refused one.  Those are first-class
fields here, not a side table keyed on whatever fields the model happens to have.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournament.models import Player, Session, Table, Tournament


class ScoreSheet(models.Model):
    class Mode(models.TextChoices):
        FINAL = "final", gettext_lazy("Final scores")
        HANDS = "hands", gettext_lazy("Hand by hand")

    class Status(models.TextChoices):
        ENTERED = "entered", gettext_lazy("Entered")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sheets")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="sheets")
    mode = models.CharField(max_length=5, choices=Mode.choices, default=Mode.FINAL)
    # As entered, in seat order (see scoring.services for the shape): a rejected or
    # corrected sheet is always shown back from here.
    entry = models.JSONField(default=dict)
    # The rules core's answer to the entry (interfaces.md), keyed by seat "E", "S", "W", "N".
    result = models.JSONField(default=dict)
    # Optimistic lock: every save is an UPDATE ... WHERE version = the version the form was
    # opened at, so a second editor's save is refused instead of overwriting the first.
    version = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["session__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="one_sheet_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.session}, {self.table}"

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED


class SheetVersion(models.Model):
    """One saved state of a sheet: kept forever, never edited."""

    class Action(models.TextChoices):
        ENTERED = "entered", gettext_lazy("Entered")
        EDITED = "edited", gettext_lazy("Edited")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        CORRECTED = "corrected", gettext_lazy("Corrected after confirmation")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    mode = models.CharField(max_length=5, choices=ScoreSheet.Mode.choices)
    entry = models.JSONField()
    result = models.JSONField()
    status = models.CharField(max_length=10, choices=ScoreSheet.Status.choices)
    reason = models.TextField(blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="one_version_number")
        ]

    def __str__(self) -> str:
        return f"{self.sheet} v{self.number} ({self.get_action_display()})"


class TableResult(models.Model):
    """One seat's result of one sheet, as the rules core (and the substitute rule) made it.

    ``score`` is the hanchan score that the standings add up: table part + uma + penalty
    (chombo and other penalties the sheet itself implies).  Referee-desk penalties are not
    here: they come from ``results.standings.referee_decisions``.
    """

    class Substitute(models.TextChoices):
        NO = "", gettext_lazy("No")
        FROM_START = "start", gettext_lazy("Substitute from the start of the session")
        DURING = "during", gettext_lazy("Substitute who joined during the session")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="results")
    # Denormalised from the sheet so that the standings read one table with one index.
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="table_results")
    wind = models.PositiveSmallIntegerField()  # first seat, 0..3 = E, S, W, N
    points = models.IntegerField(
        help_text=gettext_lazy("Final table points after leftover sticks.")
    )
    rank = models.PositiveSmallIntegerField()
    uma = models.DecimalField(max_digits=9, decimal_places=4)
    penalty = models.DecimalField(max_digits=9, decimal_places=4)
    table_score = models.DecimalField(
        max_digits=9,
        decimal_places=4,
        help_text=gettext_lazy("The score without uma and penalties."),
    )
    score = models.DecimalField(max_digits=9, decimal_places=4)
    substitute = models.CharField(
        max_length=6, choices=Substitute.choices, blank=True, default=Substitute.NO
    )

    class Meta:
        ordering = ["session__number", "sheet__table__number", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "wind"], name="one_result_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_result_per_session"),
        ]
        indexes = [models.Index(fields=["player", "session"])]

    def __str__(self) -> str:
        return f"{self.player} in {self.session}: {self.score}"


class StandingsSettings(models.Model):
    """How a tournament orders players whose total scores are equal.

    - ``shared`` (default): they share a place, listed by name (the EMA results file allows
      shared places; EMA 3.6.1 splits table ties the same way).
    - ``table_points``: the higher sum of table scores (without uma and penalties) first,
      still shared when that is equal too.
    - ``best_session``: the higher best single-session score first, then shared.
    """

    class TieBreak(models.TextChoices):
        SHARED = "shared", gettext_lazy("Tied players share the place")
        TABLE_POINTS = "table_points", gettext_lazy("Higher table points (without uma) first")
        BEST_SESSION = "best_session", gettext_lazy("Higher best session score first")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="standings_settings"
    )
    tie_break = models.CharField(max_length=12, choices=TieBreak.choices, default=TieBreak.SHARED)

    class Meta:
        verbose_name_plural = "standings settings"

    def __str__(self) -> str:
        return f"Standings of {self.tournament}: {self.get_tie_break_display()}"


class ReportingSettings(models.Model):
    """Who enters a tournament's score sheets.

    - ``referees`` (default): only the referees and organisers, as before.
    - ``players``: any player of the table enters it on his phone, the three others confirm
      or dispute; referees still can, and decide disputes.  A table whose sheet is disputed,
      or not confirmed by all four within ``confirm_minutes`` of its entry, is shown in red
      on the referee desk.
    """

    class Entry(models.TextChoices):
        REFEREES = "referees", gettext_lazy("Referees only")
        PLAYERS = "players", gettext_lazy("Players, confirmed by their table-mates")

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="reporting_settings"
    )
    entry = models.CharField(max_length=8, choices=Entry.choices, default=Entry.REFEREES)
    confirm_minutes = models.PositiveSmallIntegerField(
        "minutes to confirm",
        default=15,
        help_text=gettext_lazy(
            "After this many minutes without the four confirmations, the table goes "
            "to the referee desk."
        ),
    )

    class Meta:
        verbose_name_plural = "reporting settings"

    def __str__(self) -> str:
        return f"Sheets of {self.tournament}: {self.get_entry_display()}"

    @property
    def players_report(self) -> bool:
        return self.entry == self.Entry.PLAYERS


class PersonalCode(models.Model):
    """A player's short code, printed on his seating slip, to confirm a sheet on a
    table-mate's phone when he has none.  Not a password: it only confirms or disputes his
    own table's sheet, once per sheet version.  Kept in clear so that it can be printed
    again; random and unique within the tournament."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="personal_codes"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="personal_codes")
    code = models.CharField(max_length=6)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player__last_name", "player__first_name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="one_code_per_tournament"),
            models.UniqueConstraint(
                fields=["tournament", "player"], name="one_personal_code_per_player"
            ),
        ]

    def __str__(self) -> str:
        return f"Code of {self.player} in {self.tournament}"


class SheetResponse(models.Model):
    """A player's answer to one version of his table's sheet: entered it (which counts as
    his confirmation), confirmed or disputed it.  Kept forever beside ``SheetVersion``:
    the history shows who entered, confirmed and disputed, when, and on whose phone."""

    class Kind(models.TextChoices):
        ENTERED = "entered", gettext_lazy("Entered")
        CONFIRMED = "confirmed", gettext_lazy("Confirmed")
        DISPUTED = "disputed", gettext_lazy("Disputed")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="responses")
    version = models.PositiveIntegerField(help_text=gettext_lazy("The sheet version answered."))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="sheet_responses")
    kind = models.CharField(max_length=9, choices=Kind.choices)
    # True when the player typed his personal code on someone else's phone.
    by_code = models.BooleanField(default=False)
    # The account logged in on the phone used (the table-mate's, for a code).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "version", "created_at"]
        constraints = [
            # One answer per player and version: a personal code works once per version.
            models.UniqueConstraint(
                fields=["sheet", "version", "player"], name="one_response_per_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.get_kind_display().lower()} {self.sheet} v{self.version}"
