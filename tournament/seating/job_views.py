"""The organiser's seating pages that make a seating: generate (a job with its progress page),
import a plan from a file, and publish a session's seating.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.errors import ServiceError
from tournament.models import SeatingJob
from tournament.pages import organised_tournament, redirect_back
from tournament.registration import selectors as registration_selectors
from tournament.seating import jobs, locks, plan_import
from tournament.seating import selectors as seating_selectors
from tournament.seating.plan_import import ORDERS
from tournament.seating.views import _session

# --- generation ----------------------------------------------------------------------------

# The organiser's own plan: as a player list; a plan of 172 x 15 is under 50 kB.
MAX_PLAN_BYTES = 2 * 1024 * 1024


@require_GET
def seating_manage(request, slug: str):
    tournament = organised_tournament(request, slug)
    context = seating_selectors.manage_context(tournament)
    context.update(
        tournament=tournament,
        running=jobs.active_job(tournament, timezone.now()),
        methods=SeatingJob.Method.choices,
    )
    return render(request, "tournament/seating/manage.html", context)


@require_POST
def seating_generate(request, slug: str):
    tournament = organised_tournament(request, slug)
    method = request.POST.get("method", SeatingJob.Method.PLAN)
    try:
        seed = int(request.POST.get("seed", tournament.seating_seed))
        if not 0 <= seed < 2**31:
            raise ValueError
    except ValueError:
        messages.error(request, gettext("The seed must be a whole number from 0 to 2147483647."))
        return redirect("tournament:seating_manage", slug=slug)
    # Generating again replaces the seats of every session still to play, which no button
    # can bring back: asked first, by a box the organiser ticks.
    replaced = [s.number for s in locks.sessions_with_locks(tournament) if s.seated and not s.lock]
    if replaced and request.POST.get("replace") != "1":
        messages.error(
            request,
            gettext(
                "Session(s) {value} are seated already: tick “Replace "
                "their seating” to generate it again."
            ).format(value=", ".join(map(str, replaced))),
        )
        return redirect("tournament:seating_manage", slug=slug)
    try:
        job = jobs.seating_job_create(
            tournament=tournament, method=method, seed=seed, user=request.user, now=timezone.now()
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("tournament:seating_manage", slug=slug)
    job.refresh_from_db(fields=["state", "message"])
    if job.state == SeatingJob.State.FAILED and job.message == jobs.BROKER_DOWN:
        messages.error(request, job.message)
        return redirect("tournament:seating_manage", slug=slug)
    return redirect("tournament:seating_job", slug=slug, pk=job.pk)


def _job(request, slug: str, pk: int) -> SeatingJob:
    tournament = organised_tournament(request, slug)
    # The progress page is where a lost job shows: it polls, so it sees it within a minute.
    jobs.seating_jobs_reap(tournament=tournament, now=timezone.now())
    return get_object_or_404(
        SeatingJob.objects.select_related("tournament"), tournament=tournament, pk=pk
    )


def _job_payload(job: SeatingJob) -> dict:
    slug = job.tournament.slug
    first = job.sessions[0] if job.sessions else 1
    return {
        "state": job.state,
        "state_label": job.get_state_display(),
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "message": job.message,
        "finished": job.finished,
        "next": reverse("tournament:session", args=[slug, first])
        if job.state == SeatingJob.State.DONE
        else "",
    }


@never_cache
@require_GET
def seating_job(request, slug: str, pk: int):
    job = _job(request, slug, pk)
    return render(
        request,
        "tournament/seating/job.html",
        {
            "tournament": job.tournament,
            "job": job,
            "payload": _job_payload(job),
            "quality_now": seating_selectors.quality_now(job.tournament)
            if job.state == SeatingJob.State.DONE
            else None,
        },
    )


@never_cache
@require_GET
def seating_job_state(request, slug: str, pk: int):
    return JsonResponse(_job_payload(_job(request, slug, pk)))


def seating_import(request, slug: str):
    """Upload a plan (CSV or XLSX: session, table, E, S, W, N); every bad row is named and
    nothing is written, a good one seats its sessions and leads to its quality figures."""

    tournament = organised_tournament(request, slug)
    errors: list[str] = []
    chosen = {"order": request.POST.get("order", "registration"), "replace": False}
    if request.method == "POST":
        upload = request.FILES.get("file")
        chosen["replace"] = request.POST.get("replace") == "1"
        if upload is None:
            errors = [gettext("file: choose the plan's CSV or XLSX file.")]
        elif upload.size > MAX_PLAN_BYTES:
            errors = [
                gettext("file: {name} is {size} kB; a plan file may be at most {max} kB.").format(
                    name=upload.name[:100], size=upload.size // 1024, max=MAX_PLAN_BYTES // 1024
                )
            ]
        else:
            try:
                job = plan_import.seating_plan_import(
                    tournament=tournament,
                    filename=upload.name,
                    data=upload.read(),
                    order=chosen["order"],
                    replace=chosen["replace"],
                    user=request.user,
                    now=timezone.now(),
                )
            except plan_import.PlanImportError as error:
                errors = [error.message, *error.errors]
            except ServiceError as error:
                errors = [error.message]
            else:
                messages.success(request, job.message)
                return redirect("tournament:seating_job", slug=slug, pk=job.pk)
    elif request.method != "GET":
        return HttpResponse(status=405)
    sessions = locks.sessions_with_locks(tournament)
    return render(
        request,
        "tournament/seating/import.html",
        {
            "tournament": tournament,
            "orders": list(ORDERS.items()),
            "errors": errors,
            "chosen": chosen,
            "free": [s.number for s in sessions if not s.lock],
            "field_size": len(registration_selectors.players_to_seat(tournament)),
            "replaceable": [s.number for s in sessions if s.seated and not s.lock],
        },
        status=400 if errors else 200,
    )


@require_POST
def session_seating_publish(request, slug: str, number: int):
    """One click: the session's draft seating becomes what players and the public see."""
    tournament = organised_tournament(request, slug)
    session = _session(tournament, number)
    try:
        jobs.seating_publish(session=session, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("The seating of session {number} is published.").format(number=session.number),
        )
    return redirect_back(request, tournament, "tournament:session", number=session.number)
