"""The seating-quality page and a seating job's input as their reader may see them.

A draft seating (``Session.seating_draft``) is the staff's until the organiser publishes it
(tournament/seating/visibility.py): its figures would tell the public who meets whom, and a
job's input and result are the draft itself.  So the public's quality page counts the
published seatings only and lists no job whose seating is still a draft, and a draft's job
input is a 404 to them; the staff see everything, the draft sessions named as such.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext

from tournament.models import SeatingJob, Tournament
from tournament.seating import selectors
from tournament.seating.grid import quality_now, seated_grid
from tournament.seating.visibility import draft_sessions, drafts_shown, seats_shown


@dataclass
class ShownQuality:
    quality: selectors.Quality
    quality_now: dict
    jobs: list[SeatingJob]
    draft_sessions: list[int]  # counted in the figures: the staff's only


def _job_is_draft(job: SeatingJob, drafts: set[int]) -> bool:
    return bool(drafts & set(job.sessions or []))


def seating_quality(tournament: Tournament, user, jobs: list[SeatingJob]) -> ShownQuality:
    """The quality figures of the seats ``user`` sees, and the finished jobs he may open."""
    drafts = draft_sessions(tournament)
    staff = drafts_shown(user, tournament)
    seats = seats_shown(tournament, user)
    quality = selectors.seating_quality(tournament, seats)
    if not staff:
        jobs = [job for job in jobs if not _job_is_draft(job, set(drafts))]
    return ShownQuality(
        quality=quality,
        quality_now=quality_now(tournament, seated_grid(tournament, seats)),
        jobs=jobs,
        draft_sessions=[n for n in drafts if n in quality.sessions] if staff else [],
    )


def job_input_extras(job: SeatingJob, user) -> dict:
    """What the job's input adds for its reader: the figures of the seats he sees now, and
    for the staff the draft sessions it counts.  A job whose seating is a draft is not
    found for anyone else."""
    tournament = job.tournament
    drafts = draft_sessions(tournament)
    staff = drafts_shown(user, tournament)
    if not staff and _job_is_draft(job, set(drafts)):
        raise Http404(gettext("No such seating job."))
    seen = seated_grid(tournament, seats_shown(tournament, user))
    extras = {"quality_now": quality_now(tournament, seen)}
    if staff and drafts:
        extras["draft_sessions"] = drafts
    return extras


def quality_now_shown(tournament: Tournament, user) -> dict:
    """The figures of the seating as it stands now, over the seats ``user`` sees (the
    seating pages' summary)."""
    return quality_now(tournament, seated_grid(tournament, seats_shown(tournament, user)))


def jobs_shown(tournament: Tournament, user, jobs: list[SeatingJob]) -> list[SeatingJob]:
    """The jobs ``user`` may open: for anyone but the staff, none whose seating is a draft."""
    if drafts_shown(user, tournament):
        return jobs
    drafts = set(draft_sessions(tournament))
    return [job for job in jobs if not _job_is_draft(job, drafts)]
