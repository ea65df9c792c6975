"""The shapes of the API's answers (django-ninja schemas: pydantic models, and the OpenAPI
schema is made from them).  Points are JSON numbers: tournament points with up to four
decimals (a shared uma), table points whole."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from django.conf import settings
from ninja import Field, Schema

Wind = Literal["E", "S", "W", "N"]


class PageParams(Schema):
    """A page of a list: ``limit`` items from ``offset`` on."""

    limit: int = Field(
        50,
        ge=1,
        le=settings.API_MAX_PAGE_SIZE,
        description=f"How many items, 1 to {settings.API_MAX_PAGE_SIZE}.",
    )
    offset: int = Field(0, ge=0, description="How many items to skip.")


class Page(Schema):
    count: int = Field(description="Items in the whole list.")
    limit: int
    offset: int


class PlayerRef(Schema):
    id: int
    first_name: str
    last_name: str
    ema_number: str | None = Field(description="8 digits, null when the player has none.")
    country: str = Field(description="ISO 3166-1 alpha-2 code.")


class SessionOut(Schema):
    number: int
    state: Literal["planned", "running", "finished"]
    planned_start: dt.datetime | None
    minutes: int


class TournamentSummary(Schema):
    slug: str
    name: str
    city: str
    country: str
    start_date: dt.date
    end_date: dt.date
    ruleset: str = Field(description="Rules preset: ema2016, wrc2015, ema2012 or aalto.")
    ema_rated: bool


class TournamentList(Page):
    items: list[TournamentSummary]


class TournamentOut(TournamentSummary):
    venue: str
    session_count: int
    session_minutes: int
    players: int = Field(description="Confirmed players, reserves not counted.")
    team_size: int = Field(description="Players per team; 0 when the tournament has no teams.")
    sessions: list[SessionOut]


class PlayerOut(PlayerRef):
    club: str
    status: Literal["confirmed", "pending", "waiting"]
    reserve: bool
    team: str | None = Field(description="The player's team in this tournament, if any.")


class PlayerList(Page):
    items: list[PlayerOut]


class SeatOut(Schema):
    wind: Wind = Field(description="Seat wind of the first hand.")
    player: PlayerRef


class TableSeating(Schema):
    table: int
    name: str
    seats: list[SeatOut]


class PlayerSessionOut(Schema):
    session: int
    table: int | None = Field(description="Null for a session the player missed.")
    wind: Wind | None = Field(description="Null for a session the player missed.")
    opponents: list[SeatOut]
    score: float | None = Field(
        description="The session's score as the standings count it (the confirmed sheet, the "
        "referee desk's penalties of the session, a missed session's charge); null until "
        "something counts."
    )
    place: int | None
    penalties: float = Field(description="The referee desk's penalties of this session.")
    missed: Literal["substituted", "left"] | None = Field(
        description="A session the player missed (EMA 5.8: -15 points and -15 uma): a "
        "substitute played his seat, or he had left the event."
    )
    running_total: float | None = Field(
        description="The player's standings total after this session."
    )


class PlayerDetail(Schema):
    player: PlayerRef
    club: str
    sessions: list[PlayerSessionOut]
    rank: int | None = Field(description="The place in the standings; null when unranked.")
    total: float = Field(description="The total of the standings.")


class SeatingPage(Page):
    session: int
    items: list[TableSeating]


class SessionPoints(Schema):
    session: int
    points: float


class StandingOut(Schema):
    rank: int | None = Field(description="Null: listed but not ranked (a substitute).")
    player: PlayerRef
    total: float
    table_points: float = Field(description="Sum of table scores, without uma and penalties.")
    penalties: float
    played: int
    sessions: list[SessionPoints]
    note: str = Field(description='"", "substitute" or "disqualified".')
    stage: str = Field("", description="The last stage the player reached; empty if none.")
    stage_total: float | None = Field(
        None, description="The player's total in that stage, carried points included."
    )


class StandingsPage(Page):
    after_session: int | None
    session_numbers: list[int] = Field(description="Sessions with a confirmed sheet counted.")
    tie_break: str
    items: list[StandingOut]


class SeatResult(Schema):
    wind: Wind
    player: PlayerRef
    points: int = Field(description="Final table points, after leftover riichi sticks.")
    place: int
    uma: float
    penalty: float
    table_score: float
    score: float = Field(description="Tournament points of the game: table score + uma + penalty.")
    substitute: Literal["", "start", "during"]


class TableResultsOut(Schema):
    table: int
    name: str
    results: list[SeatResult]


class ResultsPage(Page):
    session: int
    tables_awaiting: int = Field(description="Seated tables without a confirmed sheet yet.")
    items: list[TableResultsOut]


class ClockTable(Schema):
    number: int
    name: str
    finished: bool
    ended_by_time: bool


class ClockOut(Schema):
    session: int
    state: Literal["planned", "running", "finished"]
    phase: str
    phase_label: str
    server_time: int = Field(description="Milliseconds since the epoch when this was read.")
    remaining_ms: int
    remaining_text: str
    overtime_ms: int
    length_ms: int
    signal_before_ms: int
    ends_at: int | None
    signal_at: int | None
    signal_given: bool
    signal_fired_at: int | None
    after_signal: str
    after_signal_text: str
    tables: list[ClockTable]


class Error(Schema):
    detail: str


class InputError(Schema):
    loc: list[str | int] = Field(description='Where, e.g. ["query", "limit"].')
    msg: str
    type: str


class InputErrors(Schema):
    """A parameter out of its bounds (422), each error naming its field."""

    detail: list[InputError]
