"""The seating bridge (issue 8): rows in, the seating core, Seat rows out.

The seating core (``tournament/seating/core/``) knows players and tables only as indices. This
module maps them: the players are everybody seated in a played session plus the field to
seat now (``registration_selectors.players_to_seat``), ordered by primary key; the tables are the
tournament's physical tables ordered by number. A *locked* session (started, finished, or
with a score sheet) is history: it is never rewritten, and the core avoids repeating its
meetings and tables in the sessions it seats.

Generation runs as a Celery task (``tournament.seating.tasks``) that calls
:func:`seating_job_run`; the job row carries the progress for the progress page and, once
done, the core's exact input, so the draw can be shown and re-run (EMA: seating drawn at
random and transparently).
"""

from __future__ import annotations

import datetime as dt
import time
from collections import defaultdict
from dataclasses import dataclass, field

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext

from scoring.rules.absence import LEFT, MissedSession, missed_session
from scoring.rules.ranking import substitute_ranked
from tournament.errors import ServiceError
from tournament.happenings import announce, seating_published
from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatChange,
    SeatingJob,
    Session,
    Table,
    Tournament,
    Wind,
)
from tournament.registration import selectors as registration_selectors
from tournament.seating.apart import soft_groups
from tournament.seating.core import PlanOptions, SeatingError, SwissOptions, plan, quality, swiss
from tournament.seating.core.metrics import rank_spread
from tournament.seating.core.replan import replan
from tournament.seating.grid import quality_now
from tournament.seating.locks import changeable_sessions, lock_reason  # noqa: F401
from tournament.stages.ranking import staged_session_numbers
from web.cache import public_pages_changed
from web.jobs import queue_on_commit

# A queued or running job older than this is taken for lost (a worker died with it), so it
# no longer keeps the organiser from generating again.
STALE_JOB = dt.timedelta(minutes=15)
# A running job writes its heartbeat with its progress (at least every HEARTBEAT_INTERVAL
# seconds while the core reports); one silent for LOST_AFTER died with its worker (killed,
# out of memory, the machine restarted) and is marked failed, so the organiser can run it
# again within a minute instead of waiting STALE_JOB.
HEARTBEAT_INTERVAL = 5.0
LOST_AFTER = dt.timedelta(seconds=60)
# A job no worker has picked up in this long will not be: no worker is running, or the
# broker lost it.  Jobs of other tournaments may be ahead of it in the queue, hence minutes.
QUEUED_LOST_AFTER = dt.timedelta(minutes=5)
BROKER_DOWN = (
    "The background service (Redis) is not reachable, so the seating was not started. "
    "Nothing was changed; generate again once it is back."
)
LOST_MESSAGE = (
    "The worker running this job stopped (restarted or killed) before it finished. "
    "No seat was changed; run it again."
)
# The progress callback writes the job row at most this often (seconds): a plan reports
# thousands of steps, and every write is a database round trip.
PROGRESS_INTERVAL = 0.5


# --- which sessions may change -----------------------------------------------------------

# The Celery task that runs a queued job (tasks.py); queued by name, see web/jobs.py.
GENERATE_TASK = "tournament.seating.generate"


def sessions_with_locks(tournament: Tournament) -> list[Session]:
    """The sessions in number order, each with ``lock`` (a reason or '') and ``seated``."""
    # Two grouped reads rather than one annotate() with two Counts: that joins every sheet
    # with every seat of a session (480,000 rows at 400 players x 12 sessions) before
    # counting, and grows with each sheet entered.
    sessions = list(tournament.sessions.order_by("number"))
    ids = [s.pk for s in sessions]
    seated = dict(
        Seat.objects.filter(session_id__in=ids)
        .values("session_id")
        .annotate(n=Count("id"))
        .values_list("session_id", "n")
    )
    with_sheets = set(
        Session.objects.filter(pk__in=ids, sheets__isnull=False).values_list("pk", flat=True)
    )
    for session in sessions:
        session.seated = seated.get(session.pk, 0)
        session.lock = lock_reason(session, has_sheets=session.pk in with_sheets)
    return sessions


def session_lock(session: Session) -> str:
    has_sheets = Session.objects.filter(pk=session.pk, sheets__isnull=False).exists()
    return lock_reason(session, has_sheets=has_sheets)


def disqualified_player_ids(tournament: Tournament) -> set[int]:
    """Players with a standing disqualification (the referee desk): never seated again."""
    try:
        from referee.models import Disqualification
    except ImportError:  # the referee app is optional to this module
        return set()
    return set(
        Disqualification.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True
        ).values_list("player_id", flat=True)
    )


# --- rows -> the core's input ------------------------------------------------------------


@dataclass
class SeatingInput:
    """The core's input for one generation and what its indices stand for."""

    method: str
    options: dict
    players: list[Player]  # index -> player
    tables: list[Table]  # index -> physical table
    history: list[Session]  # locked sessions, rounds of ``options["history"]``
    targets: list[Session]  # the sessions to seat, in order
    fixed: dict[int, int] = field(default_factory=dict)  # player index -> table index
    # The seating the targets have now, in the core's indices (None: some target is not
    # seated): re-planning starts from it (core/replan.py, issue 25 item 5).
    start: list[list[list[int]]] | None = None


def _history_rounds(
    sessions: list[Session], tables: list[Table], index: dict[int, int]
) -> list[list[list[int]]]:
    position = {t.pk: i for i, t in enumerate(tables)}
    seats = Seat.objects.filter(session__in=sessions).values_list(
        "session_id", "table_id", "wind", "player_id"
    )
    by_session: dict[int, dict[int, dict[int, int]]] = defaultdict(lambda: defaultdict(dict))
    for session_id, table_id, wind, player_id in seats:
        by_session[session_id][table_id][wind] = player_id
    names = {t.pk: str(t) for t in tables}
    rounds = []
    for session in sessions:
        rnd: list[list[int]] = [[] for _ in tables]
        for table_id, winds in by_session[session.pk].items():
            if len(winds) != 4:
                raise ServiceError(
                    gettext(
                        "Session {number}, {value}: {value2} player(s) seated. "
                        "A played session needs four at every table it uses; "
                        "complete that table (a substitute) before seating the "
                        "rest."
                    ).format(number=session.number, value=names[table_id], value2=len(winds))
                )
            rnd[position[table_id]] = [index[winds[w]] for w in range(4)]
        rounds.append(rnd)
    return rounds


def seating_input(tournament: Tournament, *, method: str, seed: int) -> SeatingInput:
    """Read the tournament into the core's input; a ServiceError says what is missing."""
    # Championship stages (issue 28) seat their own sessions from their qualifiers.
    staged = staged_session_numbers(tournament)
    sessions = [s for s in sessions_with_locks(tournament) if s.number not in staged]
    if not sessions:
        raise ServiceError(
            gettext("The tournament has no sessions: set their number in the settings.")
        )
    history = [s for s in sessions if s.lock]
    free = [s for s in sessions if not s.lock]
    if not free:
        raise ServiceError(
            gettext("Every session has started or has score sheets: no session is left to seat.")
        )
    targets = free if method == SeatingJob.Method.PLAN else free[:1]
    tables = list(tournament.tables.order_by("number"))
    if not tables:
        raise ServiceError(
            gettext("The tournament has no tables yet: add them on the tables page.")
        )

    banned = disqualified_player_ids(tournament)
    field_ids = [
        pk
        for pk in registration_selectors.players_to_seat(tournament).values_list("pk", flat=True)
        if pk not in banned
    ]
    if not field_ids:
        raise ServiceError(gettext("No player is checked in yet: check the players in first."))
    played_ids = set(Seat.objects.filter(session__in=history).values_list("player_id", flat=True))
    players = list(Player.objects.filter(pk__in=set(field_ids) | played_ids).order_by("pk"))
    index = {p.pk: i for i, p in enumerate(players)}
    table_index = {t.pk: i for i, t in enumerate(tables)}
    rounds = _history_rounds(history, tables, index)
    active = sorted(index[pk] for pk in field_ids)

    fixed: dict[int, int] = {}
    for player_id, table_id in Registration.objects.filter(
        tournament=tournament, player_id__in=field_ids, fixed_table__isnull=False
    ).values_list("player_id", "fixed_table_id"):
        fixed[index[player_id]] = table_index[table_id]

    common = {
        "players": len(players),
        "history": rounds,
        "seed": seed,
        "tables": len(tables),
        "fixed": {str(p): t for p, t in sorted(fixed.items())},
    }
    if tournament.team_size and tournament.teams_apart:
        # Issue 19: team-mates never at one table, a hard constraint of the core. Only the
        # field's players: a withdrawn team-mate has no seat to keep apart.
        from tournament.registration.teams import apart_groups

        groups = apart_groups(tournament, {pk: index[pk] for pk in field_ids})
        if groups:
            common["apart"] = groups
    # Players kept apart on request (seating/apart.py): where the seating can, else fewest.
    taken = [p for g in common.get("apart", []) for p in g]
    requested = soft_groups(tournament, index, field_ids, targets[0].number, taken)
    if requested:
        common["apart_soft"] = requested
    if method == SeatingJob.Method.PLAN:
        options = common | {"rounds": len(rounds) + len(targets), "active": active}
    else:
        options = common | {"standings": _standings_order(tournament, index, active)}
    return SeatingInput(
        method=method,
        options=options,
        players=players,
        tables=tables,
        history=history,
        targets=targets,
        fixed=fixed,
        start=_current_rounds(targets, tables, index) if history else None,
    )


def _current_rounds(
    sessions: list[Session], tables: list[Table], index: dict[int, int]
) -> list[list[list[int]]] | None:
    """The seats the sessions to seat have now, in the core's indices (a table's players in
    wind order, a short table where a seat is empty); None when one is not seated at all.
    Players outside the core's input (withdrawn before playing) are left out."""
    position = {t.pk: i for i, t in enumerate(tables)}
    by_session: dict[int, list[list[tuple[int, int]]]] = {
        s.pk: [[] for _ in tables] for s in sessions
    }
    for session_id, table_id, wind, player_id in Seat.objects.filter(
        session__in=sessions
    ).values_list("session_id", "table_id", "wind", "player_id"):
        if player_id in index and table_id in position:
            by_session[session_id][position[table_id]].append((wind, index[player_id]))
    rounds = []
    for session in sessions:
        rnd = [[p for _, p in sorted(table)] for table in by_session[session.pk]]
        if not any(rnd):
            return None
        rounds.append(rnd)
    return rounds


def _standings_order(tournament: Tournament, index: dict[int, int], active: list[int]) -> list:
    """The active players best first; those not in the standings yet (a late registration)
    come last, in index order."""
    from tournament.standings.selectors import standings

    wanted = set(active)
    order = []
    for row in standings(tournament).rows:
        i = index.get(row.player.pk)
        if i in wanted and i not in order:
            order.append(i)
    return order + [i for i in active if i not in set(order)]


def seating_error_message(error: SeatingError, inp: SeatingInput | None = None) -> str:
    """The core's message with its player and table indices replaced by names."""
    params = dict(error.params)
    if inp is not None:
        player = params.get("player")
        if isinstance(player, int) and 0 <= player < len(inp.players):
            params["player"] = str(inp.players[player])
        table = params.get("table")
        if isinstance(table, int) and 0 <= table < len(inp.tables):
            params["table"] = str(inp.tables[table])
        if error.code == "not_enough_tables":
            return (
                f"{params['players']} players need {params['needed']} tables, but the "
                f"tournament has {params['tables']}: add tables on the tables page."
            )
        if error.code == "apart_impossible":
            return _apart_message(params, inp)
    from tournament.seating.core.errors import MESSAGES

    text = MESSAGES[error.code].format(**params)
    return "The seating cannot be made: " + text + "."


def _apart_message(params: dict, inp: SeatingInput) -> str:
    """The core's ``apart_impossible`` for the organiser: which team-mates, why (in names,
    not the core's player numbers), and what to do."""
    from django.utils.translation import gettext as _

    members = [
        p for p in params.get("players") or [] if isinstance(p, int) and 0 <= p < len(inp.players)
    ]
    names = ", ".join(str(inp.players[p]) for p in members) or _("a team")
    field = inp.options.get("active") or inp.options.get("standings") or []
    playing = [p for p in members if p in set(field)]
    tables = len(field) // 4
    pinned: dict[int, int] = {}
    reason = _("no seating was found that keeps them apart")
    if len(playing) > tables:
        reason = _("%(count)d of them play and a session has only %(tables)d tables") % {
            "count": len(playing),
            "tables": tables,
        }
    else:
        for p in playing:
            table = inp.fixed.get(p)
            if table is None:
                continue
            if table in pinned:
                reason = _("%(a)s and %(b)s are both fixed to %(table)s") % {
                    "a": inp.players[pinned[table]],
                    "b": inp.players[p],
                    "table": inp.tables[table],
                }
                break
            pinned[table] = p
    return _(
        "The seating cannot keep team-mates apart (%(players)s): %(reason)s. Add tables, make "
        "the team smaller, or turn off “keep team-mates apart” on the teams page; no seat was "
        "changed."
    ) % {"players": names, "reason": reason}


def _check_options(inp: SeatingInput) -> None:
    try:
        if inp.method == SeatingJob.Method.PLAN:
            PlanOptions.from_mapping(inp.options)
        else:
            SwissOptions.from_mapping(inp.options)
    except SeatingError as error:
        raise ServiceError(seating_error_message(error, inp)) from None


# --- the job -------------------------------------------------------------------------------


def seating_jobs_reap(*, tournament: Tournament, now: dt.datetime) -> int:
    """Mark failed the jobs whose worker is gone (LOST_AFTER without a heartbeat) and the
    queued ones no worker took (QUEUED_LOST_AFTER).  A conditional UPDATE: a job finishing at
    this moment stays done, and a late worker finds the job no longer queued and does
    nothing (``seating_job_run``), so no half-written seating can follow."""
    jobs = SeatingJob.objects.filter(tournament=tournament)
    lost = jobs.filter(
        state=SeatingJob.State.RUNNING,
        heartbeat_at__lt=now - LOST_AFTER,
    ).update(state=SeatingJob.State.FAILED, message=LOST_MESSAGE, finished_at=now)
    lost += jobs.filter(
        state=SeatingJob.State.QUEUED, created_at__lt=now - QUEUED_LOST_AFTER
    ).update(
        state=SeatingJob.State.FAILED,
        message="No worker started this job: is the Celery worker running? Run it again.",
        finished_at=now,
    )
    return lost


def active_job(tournament: Tournament, now: dt.datetime) -> SeatingJob | None:
    seating_jobs_reap(tournament=tournament, now=now)
    return (
        SeatingJob.objects.filter(
            tournament=tournament,
            state__in=[SeatingJob.State.QUEUED, SeatingJob.State.RUNNING],
            created_at__gt=now - STALE_JOB,
        )
        .order_by("-created_at")
        .first()
    )


@transaction.atomic
def seating_job_create(
    *, tournament: Tournament, method: str, seed: int, user, now: dt.datetime
) -> SeatingJob:
    """Check the input now (so the organiser hears at once what is wrong) and queue the job."""
    if method not in SeatingJob.Method.values:
        raise ServiceError(gettext("Unknown seating method {method!r}.").format(method=method))
    # One generation at a time per tournament: two would overwrite each other's seats.
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    running = active_job(tournament, now)
    if running is not None:
        raise ServiceError(
            gettext(
                "A seating is already being generated (started "
                "{value:%H:%M}); wait for it to finish."
            ).format(value=timezone.localtime(running.created_at))
        )
    job = _job_new(tournament=tournament, method=method, seed=seed, user=user, now=now)

    def broker_down(error: Exception) -> None:
        SeatingJob.objects.filter(pk=job.pk, state=SeatingJob.State.QUEUED).update(
            state=SeatingJob.State.FAILED, message=BROKER_DOWN, finished_at=timezone.now()
        )

    queue_on_commit(GENERATE_TASK, args=[job.pk], on_failure=broker_down)
    return job


def _job_new(*, tournament: Tournament, method: str, seed: int, user, now) -> SeatingJob:
    inp = seating_input(tournament, method=method, seed=seed)
    _check_options(inp)
    return SeatingJob.objects.create(
        tournament=tournament,
        method=method,
        seed=seed,
        created_by=user if user and user.is_authenticated else None,
        created_at=now,
        sessions=[s.number for s in inp.targets],
        message="Waiting for a worker to start.",
    )


@transaction.atomic
def seating_generate_now(
    *, tournament: Tournament, method: str, seed: int, user, now: dt.datetime
) -> SeatingJob:
    """Generate in this process, without a task (the demo): the same job row and record."""
    job = _job_new(tournament=tournament, method=method, seed=seed, user=user, now=now)
    done = seating_job_run(job_id=job.pk, clock=lambda: now)
    assert done is not None, "a job just created is queued"
    if done.state != SeatingJob.State.DONE:
        raise ServiceError(done.message)
    return done


class _ProgressWriter:
    """The core's progress callback: writes done/total to the job row, throttled."""

    def __init__(
        self, job_id: int, interval: float = PROGRESS_INTERVAL, clock=time.monotonic
    ) -> None:
        self.job_id = job_id
        self.interval = interval
        self.clock = clock
        self.last = float("-inf")

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.last < self.interval and done < total:
            return
        self.last = now
        # The heartbeat rides on the progress write: a job that stops writing is lost.
        SeatingJob.objects.filter(pk=self.job_id).update(
            done=done, total=total, heartbeat_at=timezone.now()
        )


def seating_job_run(*, job_id: int, clock=timezone.now) -> SeatingJob | None:
    """Run a queued job: read the rows afresh, call the core, write the seats.

    Returns None when the job is not queued (a second delivery of the same task: the first
    one claimed it). ``clock`` gives the current time: a long plan ends later than it starts.
    """
    started = clock()
    claimed = SeatingJob.objects.filter(pk=job_id, state=SeatingJob.State.QUEUED).update(
        state=SeatingJob.State.RUNNING,
        started_at=started,
        heartbeat_at=timezone.now(),
        message="Generating the seating.",
    )
    if not claimed:
        return None
    job = SeatingJob.objects.select_related("tournament").get(pk=job_id)
    inp = None
    try:
        # The rows are read again here: a player may have checked in since the job was queued.
        inp = seating_input(job.tournament, method=job.method, seed=job.seed)
        if settings.CELERY_TASK_ALWAYS_EAGER:
            # No worker: the job runs inside the web request, which must end before the
            # server's timeout; the core then returns its best plan found in the time.
            inp.options["time_limit"] = settings.SEATING_EAGER_TIME_LIMIT
        progress = _ProgressWriter(job.pk)
        history = inp.options["history"]
        if job.method == SeatingJob.Method.PLAN:
            options = PlanOptions.from_mapping(inp.options)
            if inp.start is not None:
                # Re-planning after played sessions: from the seating the rest has now, or
                # afresh, whichever is better (core/replan.py).
                result = replan(options, inp.start, progress=progress)
            else:
                result = plan(options, progress=progress)
            new_rounds = result.rounds[len(history) :]
            figures = result.quality.as_dict()
            if inp.start is not None:
                figures["replan_start"] = inp.start  # python -m tournament.seating.core.replan
        else:
            answer = swiss(SwissOptions.from_mapping(inp.options), progress=progress)
            new_rounds = [answer.round]
            figures = quality(history + new_rounds, exclude_from_tables=inp.fixed).as_dict()
            figures["rank_spread"] = round(rank_spread(answer.round, inp.options["standings"]), 2)
        _seats_write(job=job, inp=inp, rounds=new_rounds, figures=figures, now=clock())
    except SeatingError as error:
        _job_fail(job, seating_error_message(error, inp), clock())
    except ServiceError as error:
        _job_fail(job, error.message, clock())
    except SoftTimeLimitExceeded:
        # The worker's time limit (settings.SEATING_TIME_LIMIT): failed at once, so the
        # organiser is not left watching a job "running 90%".
        _job_fail(
            job,
            f"The seating took longer than {settings.SEATING_TIME_LIMIT} s and was stopped; "
            "no seat was changed. Run it again, or ask the administrator for a longer limit.",
            clock(),
        )
        raise
    except Exception:
        _job_fail(
            job, "The seating failed with an internal error; the log has the details.", clock()
        )
        raise
    job.refresh_from_db()
    return job


def _job_fail(job: SeatingJob, message: str, now: dt.datetime) -> None:
    SeatingJob.objects.filter(pk=job.pk).update(
        state=SeatingJob.State.FAILED, message=message, finished_at=now
    )


@transaction.atomic
def _seats_write(
    *, job: SeatingJob, inp: SeatingInput, rounds: list, figures: dict, now: dt.datetime
) -> None:
    """Replace the seats of the target sessions, all or nothing."""
    targets = list(Session.objects.select_for_update().filter(pk__in=[s.pk for s in inp.targets]))
    with_sheets = set(
        Session.objects.filter(pk__in=[s.pk for s in targets], sheets__isnull=False).values_list(
            "pk", flat=True
        )
    )
    for session in targets:
        reason = lock_reason(session, has_sheets=session.pk in with_sheets)
        if reason:
            raise ServiceError(
                gettext(
                    "{reason} It changed while the seating was being generated; generate again."
                ).format(reason=reason)
            )
    by_number = {s.number: s for s in targets}
    sessions = [by_number[s.number] for s in inp.targets]
    assert len(rounds) == len(sessions), "the core seated another number of rounds"
    Seat.objects.filter(session__in=sessions).delete()
    # The log of hand changes is kept (nothing is deleted, issue 13): a line marks where the
    # seating they changed was replaced, so the public page reads in order.
    changed = set(
        SeatChange.objects.filter(session__in=sessions).values_list("session_id", flat=True)
    )
    SeatChange.objects.bulk_create(
        SeatChange(
            session=session,
            description="The seating was generated again; the changes above were to the "
            "seating it replaced.",
            by=job.created_by,
            at=now,
        )
        for session in sessions
        if session.pk in changed
    )
    Seat.objects.bulk_create(
        Seat(session=session, table=inp.tables[t], wind=w, player=inp.players[p])
        for session, rnd in zip(sessions, rounds, strict=True)
        for t, table in enumerate(rnd)
        for w, p in enumerate(table)
    )
    # A new seating is a draft until the organiser publishes it (seating_publish).
    Session.objects.filter(pk__in=[s.pk for s in sessions]).update(
        seating_job=job, seating_draft=True
    )
    public_pages_changed(job.tournament_id)  # bulk writes send no signal
    numbers = [s.number for s in sessions]
    span = f"session {numbers[0]}" if len(numbers) == 1 else f"sessions {numbers[0]}–{numbers[-1]}"
    SeatingJob.objects.filter(pk=job.pk).update(
        state=SeatingJob.State.DONE,
        done=1,
        total=1,
        finished_at=now,
        options=inp.options,
        players=[p.pk for p in inp.players],
        tables=[t.number for t in inp.tables],
        sessions=numbers,
        result=figures,
        message=(
            f"Seated {span}: {len(inp.options.get('active') or inp.options.get('standings'))} "
            f"players, keeping {len(inp.history)} played session(s)."
        ),
    )


# --- fixed tables --------------------------------------------------------------------------


@transaction.atomic
def registration_fix_table(*, registration: Registration, table: Table | None) -> Registration:
    """Fix a player to one table (accessibility), or free them again with ``table=None``."""
    if table is not None:
        if table.tournament_id != registration.tournament_id:
            raise ServiceError(
                gettext("{table} is not a table of this tournament.").format(table=table)
            )
        others = (
            Registration.objects.select_for_update()
            .filter(fixed_table=table)
            .exclude(pk=registration.pk)
            .count()
        )
        if others >= 4:
            raise ServiceError(
                gettext("Four players are already fixed to {table}; a table seats four.").format(
                    table=table
                )
            )
    registration.fixed_table = table
    registration.save(update_fields=["fixed_table"])
    return registration


# --- changes by hand -----------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSpot:
    table: Table
    wind: int

    def __str__(self) -> str:
        return f"{self.table}, {Wind(self.wind).label}"


@dataclass
class SeatChangePreview:
    """What a swap or move would do: the new seats and the repeats it causes or removes."""

    description: str
    moves: list[tuple[Player, SeatSpot | None, SeatSpot]]
    new_meetings: list[str]
    ended_meetings: list[str]
    new_tables: list[str]
    warnings: list[str]

    def as_dict(self) -> dict:
        return {
            "description": self.description,
            "new_meetings": self.new_meetings,
            "ended_meetings": self.ended_meetings,
            "new_tables": self.new_tables,
            "warnings": self.warnings,
        }


def _other_sessions(session: Session):
    """Meetings and table visits in the tournament's other sessions."""
    met: dict[tuple[int, int], list[int]] = defaultdict(list)
    visits: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    seats = (
        Seat.objects.filter(session__tournament_id=session.tournament_id)
        .exclude(session=session)
        .values_list("session__number", "table_id", "player_id")
    )
    for number, table_id, player_id in seats:
        tables[number, table_id].append(player_id)
        visits[player_id][table_id].append(number)
    for (number, _), people in tables.items():
        for i, a in enumerate(people):
            for b in people[:i]:
                met[min(a, b), max(a, b)].append(number)
    return met, visits


def _sessions_text(numbers: list[int]) -> str:
    numbers = sorted(set(numbers))
    return ("session " if len(numbers) == 1 else "sessions ") + ", ".join(map(str, numbers))


def _check_in_field(session: Session, player: Player, *, seated: bool, what: str) -> None:
    """``player`` may be seated by hand in ``session``: a confirmed registration of its
    tournament, and no standing disqualification (a disqualified player is never seated
    again: EMA 2016 §5.5). A seat already held in the session counts as belonging."""
    registered = Registration.objects.filter(
        tournament_id=session.tournament_id,
        player_id=player.pk,
        status=Registration.Status.CONFIRMED,
    ).exists()
    if not registered and not seated:
        raise ServiceError(
            gettext("{what} is not a player of this tournament.").format(what=what), field="player"
        )
    if player.pk in disqualified_player_ids(session.tournament):
        raise ServiceError(
            gettext("{player} is disqualified: a disqualified player is not seated again.").format(
                player=player
            ),
            field="player",
        )


def seat_change_preview(
    *, session: Session, player: Player, other: Player | None = None, spot: SeatSpot | None = None
) -> SeatChangePreview:
    """Swap ``player`` with ``other``, or move ``player`` to the empty ``spot``: what changes."""
    seats = {
        s.player_id: s
        for s in Seat.objects.filter(session=session).select_related("table", "player")
    }
    # Only this tournament's own players: checked before any message names anyone, so that
    # an organiser of one tournament learns nothing of another's players by their ids.
    _check_in_field(session, player, seated=player.pk in seats, what="The player to move")
    if other is not None:
        _check_in_field(session, other, seated=other.pk in seats, what="The player to swap with")
    mine = seats.get(player.pk)
    taken = {(s.table_id, s.wind): s for s in seats.values()}
    if other is not None:
        if other.pk == player.pk:
            raise ServiceError(gettext("Pick two different players to swap."))
        theirs = seats.get(other.pk)
        if theirs is None:
            raise ServiceError(
                gettext("{other} is not seated in session {number}.").format(
                    other=other, number=session.number
                )
            )
        if mine is None:
            raise ServiceError(
                gettext(
                    "{player} is not seated in session {number}: move them to an empty seat."
                ).format(player=player, number=session.number)
            )
        moves = [
            (player, SeatSpot(mine.table, mine.wind), SeatSpot(theirs.table, theirs.wind)),
            (other, SeatSpot(theirs.table, theirs.wind), SeatSpot(mine.table, mine.wind)),
        ]
        description = f"Swapped {player} ({moves[0][1]}) and {other} ({moves[1][1]})."
    elif spot is not None:
        if spot.table.tournament_id != session.tournament_id:
            raise ServiceError(
                gettext("{table} is not a table of this tournament.").format(table=spot.table)
            )
        if (spot.table.pk, spot.wind) in taken:
            holder = taken[spot.table.pk, spot.wind].player
            raise ServiceError(
                gettext("{spot} is taken by {holder}: swap the two players instead.").format(
                    spot=spot, holder=holder
                )
            )
        before = SeatSpot(mine.table, mine.wind) if mine else None
        moves = [(player, before, spot)]
        description = (
            f"Moved {player} from {before} to {spot}." if before else f"Seated {player} at {spot}."
        )
    else:
        raise ServiceError(gettext("Pick a player to swap with, or an empty seat to move to."))

    # The tables after the change, as sets of player ids.
    at_table: dict[int, set[int]] = defaultdict(set)
    for s in seats.values():
        at_table[s.table_id].add(s.player_id)
    after = {t: set(people) for t, people in at_table.items()}
    for p, old, new in moves:
        if old is not None:
            after[old.table.pk].discard(p.pk)
        after.setdefault(new.table.pk, set()).add(p.pk)

    def pairs(tables: dict[int, set[int]]) -> set[tuple[int, int]]:
        return {
            (min(a, b), max(a, b))
            for people in tables.values()
            for a in people
            for b in people
            if a != b
        }

    met, visits = _other_sessions(session)
    names = {s.player_id: s.player for s in seats.values()} | {player.pk: player}
    before_pairs, after_pairs = pairs(at_table), pairs(after)
    new_meetings = [
        f"{names[a]} and {names[b]} already met in {_sessions_text(met[a, b])}."
        for a, b in sorted(
            after_pairs - before_pairs, key=lambda ab: (str(names[ab[0]]), str(names[ab[1]]))
        )
        if (a, b) in met
    ]
    ended_meetings = [
        f"{names[a]} and {names[b]} no longer meet again (they met in {_sessions_text(met[a, b])})."
        for a, b in sorted(
            before_pairs - after_pairs, key=lambda ab: (str(names[ab[0]]), str(names[ab[1]]))
        )
        if (a, b) in met
    ]
    new_tables = []
    warnings = []
    fixed = dict(
        Registration.objects.filter(
            tournament_id=session.tournament_id,
            player_id__in=[p.pk for p, _, _ in moves],
            fixed_table__isnull=False,
        ).values_list("player_id", "fixed_table_id")
    )
    for p, old, new in moves:
        if old is not None and old.table.pk == new.table.pk:
            continue
        played = visits[p.pk].get(new.table.pk)
        if played:
            new_tables.append(f"{p} already played at {new.table} in {_sessions_text(played)}.")
        if p.pk in fixed and fixed[p.pk] != new.table.pk:
            warnings.append(f"{p} is fixed to another table for accessibility.")
    warnings += _team_mates_together(session, after_pairs - before_pairs, names)
    return SeatChangePreview(
        description=description,
        moves=moves,
        new_meetings=new_meetings,
        ended_meetings=ended_meetings,
        new_tables=new_tables,
        warnings=warnings,
    )


def _team_mates_together(session: Session, new_pairs: set, names: dict) -> list[str]:
    """Issue 19: a change by hand that seats team-mates together where the tournament keeps
    them apart is shown, not refused (the organiser decides; the generator never does it)."""
    tournament = session.tournament
    if not (tournament.team_size and tournament.teams_apart and new_pairs):
        return []
    from django.utils.translation import gettext as _

    team_of = dict(
        Registration.objects.filter(
            tournament=tournament,
            team__isnull=False,
            player_id__in={p for pair in new_pairs for p in pair},
        ).values_list("player_id", "team_id")
    )
    return [
        _("%(a)s and %(b)s are team-mates, whom this tournament keeps apart.")
        % {"a": names[a], "b": names[b]}
        for a, b in sorted(new_pairs, key=lambda ab: (str(names[ab[0]]), str(names[ab[1]])))
        if team_of.get(a) is not None and team_of.get(a) == team_of.get(b)
    ]


@transaction.atomic
def seat_change_apply(
    *,
    session: Session,
    player: Player,
    other: Player | None = None,
    spot: SeatSpot | None = None,
    user,
    now: dt.datetime,
) -> SeatChangePreview:
    """Make the swap or move; refused for a locked session (started or with score sheets)."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    reason = session_lock(session)
    if reason:
        raise ServiceError(
            gettext("{reason} Its seating can no longer change.").format(reason=reason)
        )
    preview = seat_change_preview(session=session, player=player, other=other, spot=spot)
    moved = [p.pk for p, _, _ in preview.moves]
    # Delete and re-create: updating in place would break the one-player-a-seat constraint
    # half-way through a swap.
    Seat.objects.filter(session=session, player_id__in=moved).delete()
    Seat.objects.bulk_create(
        Seat(session=session, table=new.table, wind=new.wind, player=p)
        for p, _, new in preview.moves
    )
    SeatChange.objects.create(
        session=session,
        description=preview.description,
        by=user if user and user.is_authenticated else None,
        at=now,
    )
    return preview


def field_missing_from(session: Session) -> list[Player]:
    """Players of the field (not disqualified) without a seat in ``session``."""
    tournament = session.tournament
    banned = disqualified_player_ids(tournament)
    seated = Seat.objects.filter(session=session).values("player_id")
    return [
        p
        for p in registration_selectors.players_to_seat(tournament)
        .exclude(pk__in=seated)
        .order_by("sort_name")
        if p.pk not in banned
    ]


# --- withdrawals after the seating: empty seats and the reserve who takes them -------------


@dataclass(frozen=True)
class Vacancy:
    """An empty seat at a table of a seated session that has not been played yet."""

    session: Session
    table: Table
    wind: int

    def __str__(self) -> str:
        return f"session {self.session.number}, {self.table} {Wind(self.wind).label}"

    @property
    def wind_label(self) -> str:
        return Wind(self.wind).label


def seats_to_vacate(*, tournament: Tournament, player: Player, lock: bool = False) -> list[Seat]:
    """The seats a withdrawal would free (``seats_vacate``), session by session: shown on
    the page that asks before withdrawing (issue 25.8).  Two queries."""
    seats = Seat.objects.filter(session__tournament=tournament, player=player)
    if lock:
        seats = seats.select_for_update()
    seats = list(seats.select_related("session", "table").order_by("session__number"))
    with_sheets = set(
        Session.objects.filter(
            pk__in=[s.session_id for s in seats], sheets__isnull=False
        ).values_list("pk", flat=True)
    )
    return [s for s in seats if not lock_reason(s.session, has_sheets=s.session_id in with_sheets)]


def seats_vacate(*, tournament: Tournament, player: Player) -> list[Vacancy]:
    """Take a player who no longer plays out of every session that may still change.

    Called inside the transaction of a withdrawal (registration/services.py). The sessions
    already started, finished or with score sheets are history and keep the seat; the others
    lose it, so that no page shows a player who will not come and the desk sees the table
    short of one until a reserve takes the seat (seats_fill).
    """
    freed = seats_to_vacate(tournament=tournament, player=player, lock=True)
    Seat.objects.filter(pk__in=[s.pk for s in freed]).delete()
    public_pages_changed(tournament.pk)  # seats send no signal of their own
    return [Vacancy(s.session, s.table, s.wind) for s in freed]


def seat_vacancies(tournament: Tournament) -> list[Vacancy]:
    """The empty seats of seated sessions that may still change, session by session.

    A table counts when at least one of its seats is taken: the seating uses it, so the
    seats nobody holds must be filled before the session starts.
    """
    sessions = [s for s in sessions_with_locks(tournament) if not s.lock and s.seated]
    if not sessions:
        return []
    taken: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for session_id, table_id, wind in Seat.objects.filter(session__in=sessions).values_list(
        "session_id", "table_id", "wind"
    ):
        taken[session_id][table_id].add(wind)
    tables = {t.pk: t for t in tournament.tables.all()}
    return [
        Vacancy(session, tables[table_id], wind)
        for session in sessions
        for table_id in sorted(taken[session.pk], key=lambda pk: tables[pk].number)
        for wind in range(4)
        if wind not in taken[session.pk][table_id]
    ]


def _placement(tournament: Tournament, player: Player, vacancies: list[Vacancy]):
    """Where ``player`` would sit in the empty seats and the repeats it costs (fill.place)."""
    from tournament.seating.fill import place

    seating = list(
        Seat.objects.filter(session__tournament=tournament).values_list(
            "session__number", "table__number", "wind", "player_id"
        )
    )
    fixed = Registration.objects.filter(
        tournament=tournament, player=player, fixed_table__isnull=False
    ).exists()
    empty = [(v.session.number, v.table.number, v.wind) for v in vacancies]
    return place(player.pk, empty, seating, fixed=fixed)


def _vacancies_taken(placement, vacancies: list[Vacancy]) -> list[Vacancy]:
    by_key = {(v.session.number, v.table.number, v.wind): v for v in vacancies}
    return [by_key[key] for key in placement.seats]


@transaction.atomic
def seats_fill(*, tournament: Tournament, player: Player) -> list[Vacancy]:
    """The player (a reserve, usually) takes one empty seat in every session that has one.

    EMA 5.8: a substitute plays in place of the player who left; taking the seats the
    withdrawn player had keeps every other player's seating as drawn. With more than one
    empty seat in a session the one causing fewest repeats is taken (fill.place). Refused
    when there is no empty seat, or the player is already seated in each session with one.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    vacancies = seat_vacancies(tournament)
    if not vacancies:
        raise ServiceError(gettext("No seat is empty in the sessions still to play."))
    taken = _vacancies_taken(_placement(tournament, player, vacancies), vacancies)
    if not taken:
        raise ServiceError(
            gettext(
                "{player} is already seated in every session with an "
                "empty seat; pick another reserve."
            ).format(player=player)
        )
    Seat.objects.bulk_create(
        Seat(session=v.session, table=v.table, wind=v.wind, player=player) for v in taken
    )
    public_pages_changed(tournament.pk)  # seats send no signal of their own
    return taken


@dataclass
class FillChoice:
    """A reserve who could take the empty seats, and what it would cost (the fill page)."""

    registration: Registration
    seats: list[Vacancy]
    placement: object  # fill.Placement, in player ids and table numbers
    meetings: list[str]  # "Name (session 5; met in session 2)"
    tables: list[str]
    proposed: bool = False
    # What her results become (EMA 5.8): she plays the seats as herself; they put her in
    # the ranking when her results count ("counts"), or not ("not_counted", "unasked").
    results: str = ""


@dataclass(frozen=True)
class FillCharges:
    """What the fill page says of the players who left: each is charged once for every
    session he misses (``scoring.rules.absence``: EMA 5.8 -15 points and -15 uma, WRC 7.2
    -30), whoever takes his seat; the reserve's own sheets are hers."""

    left: list[Player]
    charge: MissedSession  # the charge of one missed session under the ruleset


def fill_charges(tournament: Tournament) -> FillCharges:
    """The players who left after taking part (withdrawn, still seated in a played session)
    and the ruleset's charge for each session they miss.  One query."""
    left = list(
        Player.objects.filter(
            registrations__tournament=tournament,
            registrations__status=Registration.Status.WITHDRAWN,
            pk__in=Seat.objects.filter(session__tournament=tournament).values("player_id"),
        )
        .distinct()
        .order_by("sort_name")
    )
    return FillCharges(left=left, charge=missed_session(tournament.rules(), 0, LEFT))


def reserve_results(ruleset, registration: Registration) -> str:
    """Whether a reserve's own sheets put her in the ranking (EMA 5.8: when she agreed
    beforehand that her results count; ``scoring.rules.ranking.substitute_ranked``)."""
    if substitute_ranked(ruleset, bool(registration.results_count)):
        return "counts"
    return "unasked" if registration.results_count is None else "not_counted"


def fill_choices(tournament: Tournament) -> tuple[list[Vacancy], list[FillChoice]]:
    """The empty seats still to fill and every checked-in reserve who could take them,
    fewest repeated meetings first, then fewest repeated tables, then the earliest
    registered; the first is the one the page proposes (issue 25, item 3)."""
    vacancies = seat_vacancies(tournament)
    if not vacancies:
        return [], []
    banned = disqualified_player_ids(tournament)
    reserves = [
        r
        for r in Registration.objects.filter(
            tournament=tournament,
            is_reserve=True,
            status=Registration.Status.CONFIRMED,
            checked_in=True,
        )
        .select_related("player")
        .order_by("registered_at", "pk")
        if r.player_id not in banned
    ]
    people = {
        p.pk: p
        for p in Player.objects.filter(
            pk__in=Seat.objects.filter(session__tournament=tournament).values("player_id")
        )
    }
    choices = []
    ruleset = tournament.rules()
    for registration in reserves:
        placement = _placement(tournament, registration.player, vacancies)
        if not placement.seats:
            continue  # seated in every session with an empty seat already
        choices.append(
            FillChoice(
                registration=registration,
                seats=_vacancies_taken(placement, vacancies),
                placement=placement,
                meetings=[
                    gettext("{player} (session {number}; met in {sessions})").format(
                        player=people[other],
                        number=number,
                        sessions=", ".join(map(str, before)),
                    )
                    for other, number, before in placement.meetings
                ],
                tables=[
                    gettext("Table {table} (session {number}; played there in {sessions})").format(
                        table=table, number=number, sessions=", ".join(map(str, before))
                    )
                    for table, number, before in placement.tables
                ],
                results=reserve_results(ruleset, registration),
            )
        )
    # Stable sort: equal costs keep the registration order.
    choices.sort(key=lambda c: (c.placement.cost, -len(c.seats)))
    if choices:
        choices[0].proposed = True
    return vacancies, choices


@transaction.atomic
def reserve_fill(
    *, tournament: Tournament, registration: Registration, user, now: dt.datetime
) -> list[Vacancy]:
    """The reserve the organiser chose takes the empty seats (issue 25, item 3): he fills
    in from now on (he is in the field) and each seat taken is logged with its session's
    changes by hand. The seats are those the fill page showed (fill.place on the same rows)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if (
        registration.tournament_id != tournament.pk
        or not registration.is_reserve
        or registration.status != Registration.Status.CONFIRMED
    ):
        raise ServiceError(gettext("Pick a reserve of this tournament."), field="reserve")
    if not registration.checked_in:
        raise ServiceError(
            gettext("{player} is not checked in: check the reserve in first.").format(
                player=registration.player
            ),
            field="reserve",
        )
    if registration.player_id in disqualified_player_ids(tournament):
        raise ServiceError(
            gettext("{player} is disqualified: a disqualified player is not seated again.").format(
                player=registration.player
            ),
            field="reserve",
        )
    taken = seats_fill(tournament=tournament, player=registration.player)
    if not registration.fills_in:
        registration.fills_in = True
        registration.save(update_fields=["fills_in"])
    SeatChange.objects.bulk_create(
        SeatChange(
            session=v.session,
            description=f"{registration.player} (reserve) took the empty seat at {v.table}, "
            f"{Wind(v.wind).label}.",
            by=user if user and user.is_authenticated else None,
            at=now,
        )
        for v in taken
    )
    return taken


# --- the organiser's own plan from a file (issue 29, "Bring your own plan") ----------------


class PlanImportError(ServiceError):
    """The file's bad rows, each named with its line; nothing was written."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__(
            gettext("The plan was not used: {count} problem(s) in the file.").format(
                count=len(errors)
            )
        )
        self.errors = errors


@transaction.atomic
def seating_plan_import(
    *,
    tournament: Tournament,
    filename: str,
    data: bytes,
    order: str,
    replace: bool,
    user,
    now: dt.datetime,
) -> SeatingJob:
    """Check the organiser's plan and seat the sessions it holds, like a generated plan: a
    SeatingJob (method "import") records the file, the order of the numbers, the players
    each number stands for and the quality figures the core computes for generated plans."""
    from tournament.seating.plan_import import (
        ORDERS,
        ImportFileError,
        field_in_order,
        read_plan,
        registration_order,
    )

    if order not in ORDERS:
        raise ServiceError(gettext("order: pick how the numbers count the players."))
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    running = active_job(tournament, now)
    if running is not None:
        raise ServiceError(gettext("A seating is being generated now; wait for it to finish."))
    sessions = sessions_with_locks(tournament)
    free = {s.number: s for s in sessions if not s.lock}
    if not free:
        raise ServiceError(
            gettext("Every session has started or has score sheets: no session is left to seat.")
        )
    banned = disqualified_player_ids(tournament)
    field_ids = {
        pk
        for pk in registration_selectors.players_to_seat(tournament).values_list("pk", flat=True)
        if pk not in banned
    }
    if not field_ids:
        raise ServiceError(gettext("No player is checked in yet: check the players in first."))
    players = field_in_order(
        registration_order(tournament, field_ids), order, tournament.seating_seed
    )
    tables = {t.number: t for t in tournament.tables.order_by("number")}
    try:
        checked = read_plan(
            filename, data, players=len(players), tables=set(tables), sessions=set(free)
        )
    except ImportFileError as error:
        raise PlanImportError([str(error)]) from None
    if checked.errors:
        raise PlanImportError(checked.errors)
    targets = [free[n] for n in sorted(checked.sessions)]
    seated = [s.number for s in targets if s.seated]
    if seated and not replace:
        raise ServiceError(
            gettext(
                "Session(s) {value} are seated already: tick “Replace their seating” to use "
                "the file's plan for them."
            ).format(value=", ".join(map(str, seated)))
        )
    Seat.objects.filter(session__in=targets).delete()
    Seat.objects.bulk_create(
        Seat(session=session, table=tables[t], wind=w, player=players[n - 1])
        for session in targets
        for t, numbers in sorted(checked.sessions[session.number].items())
        for w, n in enumerate(numbers)
    )
    Session.objects.filter(pk__in=[s.pk for s in targets]).update(seating_draft=True)
    numbers = [s.number for s in targets]
    job = SeatingJob.objects.create(
        tournament=tournament,
        method=SeatingJob.Method.IMPORT,
        seed=tournament.seating_seed,
        state=SeatingJob.State.DONE,
        done=1,
        total=1,
        created_by=user if user and user.is_authenticated else None,
        created_at=now,
        started_at=now,
        finished_at=now,
        options={"file": filename[:200], "order": order},
        players=[p.pk for p in players],
        tables=sorted(tables),
        sessions=numbers,
        message=f"Imported {filename[:100]}: sessions {', '.join(map(str, numbers))}, "
        f"{len(players)} players.",
    )
    Session.objects.filter(pk__in=[s.pk for s in targets]).update(seating_job=job)
    job.result = quality_now(tournament)
    job.save(update_fields=["result"])
    public_pages_changed(tournament.pk)
    return job


@transaction.atomic
def seating_publish(*, session: Session, user) -> Session:
    """The organiser publishes the session's seating: players, the public pages, the API and
    the notifications see it from now on (tournament.seating.selectors.seats_shown)."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    if not session.seats.exists():
        raise ServiceError(
            gettext("Session {number} has no seating to publish yet.").format(number=session.number)
        )
    if not session.seating_draft:
        return session
    session.seating_draft = False
    session.save(update_fields=["seating_draft"])
    public_pages_changed(session.tournament_id)
    announce(seating_published, sender=Session, session=session)
    return session
