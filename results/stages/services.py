"""Writes of the stages: setting them up, the cut, replacing a qualifier, seating a stage
session, and the live hands the stream page follows.  One transaction each (style.md)."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext, ngettext

from results.models import LiveHands, Stage, StageEntry
from results.standings.selectors import confirmed_results, referee_decisions, standings
from tournament.errors import ServiceError
from tournament.events.services import tournament_update
from tournament.happenings import announce, stage_decided
from tournament.models import Seat, Session, Table, Tournament
from tournament.seating.core import PlanOptions, SwissOptions, plan, swiss
from web.cache import public_pages_changed

from . import core
from .layout import layout
from .selectors import next_in_line, stage_order_now, unfinished_tables

STAGE_FIELDS = ("name", "sessions", "advancing", "seating", "carry", "carry_fraction", "tie_break")


def _stages(tournament: Tournament) -> list[Stage]:
    # Locks the tournament's stages for the transaction (PostgreSQL; SQLite locks the file).
    return list(Stage.objects.select_for_update().filter(tournament=tournament).order_by("order"))


def _check_stages(tournament: Tournament, stages: list[Stage]) -> None:
    """The stages fit the event: each N a multiple of four and no more than the stage
    before it kept, and at least one preliminary session before them."""
    field = 0
    for stage in stages:
        if stage.advancing % 4:
            raise ServiceError(
                gettext(
                    "{stage}: {value} players do not make full tables; the number advancing "
                    "must be a multiple of 4."
                ).format(stage=stage.name, value=stage.advancing),
                field="advancing",
            )
        if field and stage.advancing > field:
            raise ServiceError(
                gettext("{stage}: {value} players cannot advance from a stage of {field}.").format(
                    stage=stage.name, value=stage.advancing, field=field
                ),
                field="advancing",
            )
        field = stage.advancing
    staged = sum(stage.sessions for stage in stages)
    if staged >= tournament.session_count:
        raise ServiceError(
            gettext(
                "The stages need {staged} sessions but the tournament has {value}: the stages "
                "play its last sessions, after at least one preliminary session. Raise the "
                "number of sessions in the settings first."
            ).format(staged=staged, value=tournament.session_count),
            field="sessions",
        )


@transaction.atomic
def stage_save(*, tournament: Tournament, data: dict, stage: Stage | None = None) -> Stage:
    """A new stage after the others, or a change of one not cut yet."""
    stages = _stages(tournament)
    if stage is None:
        stage = Stage(tournament=tournament, order=len(stages) + 1)
        stages.append(stage)
    else:
        stage = next(s for s in stages if s.pk == stage.pk)
        if stage.cut_at is not None:
            raise ServiceError(
                gettext("{stage} is cut: undo the cut to change it.").format(stage=stage)
            )
    for name in STAGE_FIELDS:
        if name in data:
            setattr(stage, name, data[name])
    _check_stages(tournament, stages)
    stage.full_clean(exclude=["tournament"])
    stage.save()
    public_pages_changed(tournament.pk)
    return stage


@transaction.atomic
def stage_sessions_add(*, tournament: Tournament, was: int) -> Tournament:
    """Raise the number of sessions by what the stages take, so that the preliminaries keep
    the sessions the stages took from them; through the settings' service, which also gives
    the new sessions their starts.  ``was``: the number of sessions the organiser saw, so
    that a second click (or a second organiser) does not add them twice."""

    stages = _stages(tournament)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not stages:
        raise ServiceError(gettext("There are no stages to add sessions for."))
    if tournament.session_count != was:
        raise ServiceError(
            gettext(
                "The number of sessions changed meanwhile ({was} to {value}): nothing was "
                "added. Check the preliminaries below before adding more."
            ).format(was=was, value=tournament.session_count)
        )
    staged = sum(stage.sessions for stage in stages)
    return tournament_update(
        tournament=tournament, data={"session_count": tournament.session_count + staged}
    )


@transaction.atomic
def stage_delete(*, stage: Stage) -> None:
    stages = _stages(stage.tournament)
    if stages[-1].pk != stage.pk or stage.cut_at is not None:
        raise ServiceError(gettext("Only the last stage can be removed, and only before its cut."))
    stage.delete()
    public_pages_changed(stage.tournament_id)


def _previous_played(tournament: Tournament, stages: list[Stage], stage: Stage) -> list[int]:
    """The session numbers the cut of ``stage`` follows: the preliminaries, or the stage
    before it; a ServiceError unless every one of their tables has a confirmed sheet."""
    plan = layout(tournament.session_count, stages)
    index = [s.pk for s in stages].index(stage.pk)
    if index:
        before = stages[index - 1]
        if before.cut_at is None:
            raise ServiceError(gettext("Cut {stage} first.").format(stage=before.name))
        numbers = plan.by_stage[before.pk]
    else:
        numbers = plan.preliminaries
    missing = unfinished_tables(tournament, numbers)
    if missing:
        listed = "; ".join(
            (
                ngettext(
                    "session {number}: {count} table unconfirmed",
                    "session {number}: {count} tables unconfirmed",
                    c,
                )
                if seated
                else ngettext(
                    "session {number}: not seated yet ({count} table)",
                    "session {number}: not seated yet ({count} tables)",
                    c,
                )
            ).format(number=n, count=c)
            for n, c, seated in missing
        )
        raise ServiceError(
            gettext("Not every table before the cut has a confirmed sheet ({listed}).").format(
                listed=listed
            )
        )
    return numbers


@transaction.atomic
def stage_cut(*, stage: Stage, user, now: dt.datetime) -> Stage:
    """The cut: the candidates (the ranked players, or the stage before's) in their order,
    ties broken by the stage's rule and a lot from its seed; the first N enter the stage."""

    tournament = stage.tournament
    stages = _stages(tournament)
    stage = next(s for s in stages if s.pk == stage.pk)
    if stage.cut_at is not None:
        raise ServiceError(gettext("{stage} is cut already.").format(stage=stage.name))
    numbers = _previous_played(tournament, stages, stage)
    index = [s.pk for s in stages].index(stage.pk)
    data = standings(tournament)
    if index:
        field = set(
            StageEntry.objects.filter(
                stage=stages[index - 1], replaced_at__isnull=True
            ).values_list("player_id", flat=True)
        )
        # The stage before's players still in its order (a disqualified one has left it).
        rows = [row for row in data.rows if row.player.pk in field and row.stage_total is not None]
    else:
        # The ranked players: reserves whose results do not count and the disqualified are
        # not candidates (EMA 5.8; referee desk).
        out = referee_decisions(tournament).disqualified
        rows = [row for row in data.rows if row.rank is not None and row.player.pk not in out]
    if len(rows) < stage.advancing:
        raise ServiceError(
            gettext("{stage} takes {value} players but only {count} can advance.").format(
                stage=stage.name, value=stage.advancing, count=len(rows)
            )
        )
    sessions: dict[int, list[Decimal]] = {}
    places: dict[int, list[int]] = {}
    for player_id, score, rank in (
        confirmed_results(tournament)
        .filter(session__number__in=numbers, player_id__in=[r.player.pk for r in rows])
        .values_list("player_id", "score", "rank")
    ):
        sessions.setdefault(player_id, []).append(score)
        places.setdefault(player_id, []).append(rank)
    candidates = [
        core.Candidate(
            key=row.player.pk,
            total=row.stage_total if index else row.total,
            sessions=tuple(sessions.get(row.player.pk, ())),
            placements=tuple(places.get(row.player.pk, ())),
        )
        for row in rows
    ]
    made = core.cut(candidates, stage.tie_break, random.Random(stage.seed))
    StageEntry.objects.bulk_create(
        StageEntry(stage=stage, player_id=key, seed=seed)
        for seed, key in enumerate(made.order[: stage.advancing], start=1)
    )
    stage.cut_order, stage.cut_lots = made.order, made.lots
    stage.cut_at, stage.cut_by = now, user
    stage.save()
    public_pages_changed(tournament.pk)
    announce(
        stage_decided,
        sender=Stage,
        stage=stage,
        entries=list(stage.entries.select_related("player")),
        phase="cut",
    )
    return stage


def _started(tournament: Tournament, stages: list[Stage], stage: Stage) -> bool:
    numbers = layout(tournament.session_count, stages).by_stage[stage.pk]
    return Seat.objects.filter(session__tournament=tournament, session__number__in=numbers).exists()


@transaction.atomic
def stage_cut_undo(*, stage: Stage) -> None:
    tournament = stage.tournament
    stages = _stages(tournament)
    stage = next(s for s in stages if s.pk == stage.pk)
    later = [s for s in stages if s.order > stage.order and s.cut_at is not None]
    if stage.cut_at is None or later or _started(tournament, stages, stage):
        raise ServiceError(
            gettext("{stage} has started (or a later stage is cut): its cut stays.").format(
                stage=stage.name
            )
        )
    stage.entries.all().delete()
    stage.cut_order, stage.cut_lots, stage.cut_at, stage.cut_by = [], [], None, None
    stage.save()
    public_pages_changed(tournament.pk)


@transaction.atomic
def stage_entry_replace(*, entry: StageEntry, user, reason: str, now: dt.datetime) -> StageEntry:
    """A qualifier who cannot play gives his place to the next in line: both kept, with who,
    when and why."""
    reason = reason.strip()
    if not reason:
        raise ServiceError(gettext("Give the reason for the replacement."), field="reason")
    stage = entry.stage
    stages = _stages(stage.tournament)
    entry = StageEntry.objects.select_for_update().get(pk=entry.pk)
    if not entry.active:
        raise ServiceError(gettext("{player} was replaced already.").format(player=entry.player))
    if _started(stage.tournament, stages, stage):
        raise ServiceError(
            gettext(
                "{stage} is seated: a player who cannot play now is replaced at the referee "
                "desk (substitution)."
            ).format(stage=stage.name)
        )
    waiting = next_in_line(stage, count=1)
    if not waiting:
        raise ServiceError(gettext("Nobody is left in line for {stage}.").format(stage=stage.name))
    player_id, place = waiting[0]
    new = StageEntry.objects.create(stage=stage, player_id=player_id, seed=place)
    entry.replaced_at, entry.replaced_by, entry.replacement, entry.reason = now, user, new, reason
    entry.save()
    public_pages_changed(stage.tournament_id)
    return new


def _stage_rounds(tournament: Tournament, numbers: list[int], index: dict[int, int]):
    """The stage's sessions seated so far, as the seating core's rounds of player indexes."""
    rounds: dict[int, dict[int, list[int]]] = {}
    for number, table, player_id in (
        Seat.objects.filter(session__tournament=tournament, session__number__in=numbers)
        .order_by("session__number", "table__number", "wind")
        .values_list("session__number", "table__number", "player_id")
    ):
        if player_id in index:
            rounds.setdefault(number, {}).setdefault(table, []).append(index[player_id])
    return [[t for _, t in sorted(r.items()) if len(t) == 4] for _, r in sorted(rounds.items())]


def _tables_of(order: list[int], stage: Stage, number: int, numbers: list[int]) -> list[list[int]]:

    if stage.seating == Stage.Seating.STANDING:
        return core.by_standing(order)
    if stage.seating == Stage.Seating.SNAKE:
        return core.snake(order)
    tournament = stage.tournament
    # The cores take player indexes: the seeds' order, so the same stage gives the same draw.
    by_seed = sorted(order, key=lambda key: stage_seeds(stage)[key])
    index = {key: i for i, key in enumerate(by_seed)}
    played = numbers[: numbers.index(number)]
    if stage.seating == Stage.Seating.PLAN:
        rounds = plan(
            PlanOptions.from_mapping(
                {"players": len(order), "rounds": stage.sessions, "seed": stage.seed}
            )
        ).rounds
        chosen = rounds[numbers.index(number)]
    else:
        chosen = swiss(
            SwissOptions.from_mapping(
                {
                    "players": len(order),
                    "standings": [index[key] for key in order],
                    "history": _stage_rounds(tournament, played, index),
                    "seed": stage.seed + number,
                }
            )
        ).round
    return [[by_seed[i] for i in table] for table in chosen if table]


def stage_seeds(stage: Stage) -> dict[int, int]:
    return dict(stage.entries.filter(replaced_at__isnull=True).values_list("player_id", "seed"))


@transaction.atomic
def stage_session_seat(*, stage: Stage, number: int, now: dt.datetime) -> Session:
    """Seat session ``number`` of the stage by its method, from the stage's order now (the
    carried totals before its first session, the stage totals after).  Seats written by a
    plan of the whole event are replaced, as long as no sheet was entered."""
    tournament = stage.tournament
    stages = _stages(tournament)
    stage = next(s for s in stages if s.pk == stage.pk)
    numbers = layout(tournament.session_count, stages).by_stage[stage.pk]
    if stage.cut_at is None or number not in numbers:
        raise ServiceError(
            gettext("Session {number} is not a session of {stage} (cut first).").format(
                number=number, stage=stage.name
            )
        )
    session = Session.objects.get(tournament=tournament, number=number)
    if session.sheets.exists() or session.state != Session.State.PLANNED:
        raise ServiceError(
            gettext("Session {number} has started: its seating stays.").format(number=number)
        )
    played = numbers[: numbers.index(number)]
    missing = unfinished_tables(tournament, played)
    if missing and stage.seating in (
        Stage.Seating.STANDING,
        Stage.Seating.SNAKE,
        Stage.Seating.SWISS,
    ):
        raise ServiceError(
            gettext(
                "Session {number} is seated by the standings: confirm every sheet of session "
                "{value} first."
            ).format(number=number, value=missing[0][0])
        )
    order = stage_order_now(stage)
    tables = _tables_of(order, stage, number, numbers)
    session.seats.all().delete()
    for t, four in enumerate(tables, start=1):
        table, _ = Table.objects.get_or_create(tournament=tournament, number=t)
        Seat.objects.bulk_create(
            Seat(session=session, table=table, wind=wind, player_id=key)
            for wind, key in enumerate(four)
        )
    session.seating_job = None
    session.seating_draft = True  # published by the organiser, like every new seating
    session.save(update_fields=["seating_job", "seating_draft"])
    public_pages_changed(tournament.pk)
    announce(stage_decided, sender=Stage, stage=stage, entries=[], phase="seated", session=session)
    return session


@transaction.atomic
def live_hands_record(*, session: Session, table: Table, hands: list, now: dt.datetime) -> None:
    """The hands the desk has checked so far (the guided entry checks after every change):
    the stream page shows them before the sheet is saved."""
    LiveHands.objects.update_or_create(
        session=session, table=table, defaults={"hands": hands, "updated_at": now}
    )
