"""The stages page (organisers), its actions, and the stream page with its JSON state.
Views parse input, call one service or selector and render."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from results.models import Stage, StageEntry
from tournament.errors import ServiceError
from tournament.pages import form_error, organised_tournament, viewable_tournament
from web.cache import cached
from web.converters import parse_id

from . import selectors, services
from .forms import ReplaceForm, StageForm


def _page(request, tournament, form=None, replace_form=None, status=200):
    views, plan = selectors.stages_page(tournament)
    staged = sum(view.stage.sessions for view in views)
    return render(
        request,
        "tournament/stages/stages.html",
        {
            "tournament": tournament,
            "stages": views,
            "preliminaries": plan.preliminaries,
            "staged": staged,
            "with_added": tournament.session_count + staged,
            "form": form or StageForm(),
            "replace_form": replace_form or ReplaceForm(),
        },
        status=status,
    )


def stages(request, slug: str):
    tournament = organised_tournament(request, slug)
    if request.method != "POST":
        return _page(request, tournament)
    form = StageForm(request.POST)
    if form.is_valid():
        try:
            stage = services.stage_save(tournament=tournament, data=form.cleaned_data)
        except ServiceError as error:
            form_error(form, error)
        else:
            _say_what_remains(request, stage)
            return redirect("tournament:stages", slug=slug)
    return _page(request, tournament, form=form, status=400)


def _say_what_remains(request, stage: Stage) -> None:
    """The stages take the tournament's last sessions from the preliminaries: said when a
    stage is set up, not found out from the page's first line."""
    plan = selectors.stage_layout(stage.tournament)
    messages.warning(
        request,
        ngettext(
            "{stage} plays sessions {numbers}, taken from the preliminaries: {count} "
            "preliminary session remains.",
            "{stage} plays sessions {numbers}, taken from the preliminaries: {count} "
            "preliminary sessions remain.",
            len(plan.preliminaries),
        ).format(
            stage=stage.name,
            numbers=", ".join(str(n) for n in plan.by_stage[stage.pk]),
            count=len(plan.preliminaries),
        ),
    )


@require_POST
def stages_add_sessions(request, slug: str):
    """Raise the number of sessions by what the stages take (the settings' service)."""
    tournament = organised_tournament(request, slug)
    was = parse_id(request.POST.get("was", ""))
    try:
        if was is None:
            raise ServiceError(gettext("The number of sessions to add to is missing."))
        updated = services.stage_sessions_add(tournament=tournament, was=was)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            ngettext(
                "The tournament has {value} sessions now: session {first} was added after "
                "the others; check its start on the schedule page.",
                "The tournament has {value} sessions now: sessions {first} to {last} were "
                "added and start one after the other; check them on the schedule page.",
                updated.session_count - was,
            ).format(value=updated.session_count, first=was + 1, last=updated.session_count),
        )
    return redirect("tournament:stages", slug=slug)


def _stage(request, slug: str, order: int) -> Stage:
    tournament = organised_tournament(request, slug)
    return get_object_or_404(
        Stage.objects.select_related("tournament"), tournament=tournament, order=order
    )


def _act(request, slug: str, call) -> object:
    try:
        call()
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("tournament:stages", slug=slug)


def stage_edit(request, slug: str, order: int):
    """A stage's settings, changeable until its cut."""
    stage = _stage(request, slug, order)
    initial = {name: getattr(stage, name) for name in services.STAGE_FIELDS}
    form = StageForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            saved = services.stage_save(
                tournament=stage.tournament, stage=stage, data=form.cleaned_data
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            _say_what_remains(request, saved)
            return redirect("tournament:stages", slug=slug)
    return render(
        request,
        "tournament/stages/stage_form.html",
        {"tournament": stage.tournament, "stage": stage, "form": form},
        status=400 if request.method == "POST" else 200,
    )


@require_POST
def stage_delete(request, slug: str, order: int):
    stage = _stage(request, slug, order)
    return _act(request, slug, lambda: services.stage_delete(stage=stage))


@require_POST
def stage_cut(request, slug: str, order: int):
    stage = _stage(request, slug, order)
    return _act(
        request,
        slug,
        lambda: services.stage_cut(stage=stage, user=request.user, now=timezone.now()),
    )


@require_POST
def stage_cut_undo(request, slug: str, order: int):
    stage = _stage(request, slug, order)
    return _act(request, slug, lambda: services.stage_cut_undo(stage=stage))


@require_POST
def stage_replace(request, slug: str, order: int, seed: int):
    stage = _stage(request, slug, order)
    entry = get_object_or_404(StageEntry, stage=stage, seed=seed, replaced_at__isnull=True)
    form = ReplaceForm(request.POST)
    if not form.is_valid():
        return _page(request, stage.tournament, replace_form=form, status=400)
    return _act(
        request,
        slug,
        lambda: services.stage_entry_replace(
            entry=entry, user=request.user, reason=form.cleaned_data["reason"], now=timezone.now()
        ),
    )


@require_POST
def stage_seat(request, slug: str, order: int, number: int):
    stage = _stage(request, slug, order)
    return _act(
        request,
        slug,
        lambda: services.stage_session_seat(stage=stage, number=number, now=timezone.now()),
    )


@require_GET
def stream(request, slug: str):
    """The final table for the hall screen and streaming software (a 1920x1080 browser
    source; ``?transparent=1`` leaves the background to the stream)."""
    tournament = viewable_tournament(request, slug)
    return render(
        request,
        "tournament/stages/stream.html",
        {
            "tournament": tournament,
            "transparent": request.GET.get("transparent") == "1",
            "state": _state(tournament),
        },
    )


def _state(tournament) -> dict:
    # Every screen in the hall and every stream polls it: computed once per change (a hand
    # checked at the desk, a sheet saved, a stage changed), not once per poll.
    stamp = selectors.stream_stamp(tournament)
    return cached(tournament.pk, f"stream:{stamp}", lambda: selectors.stream_state(tournament))


@never_cache
@require_GET
def stream_state(request, slug: str):
    """The stream page's state, polled every 2 seconds; never cached by the browser or a
    proxy, since it follows the desk's entry hand by hand."""
    tournament = viewable_tournament(request, slug)
    return JsonResponse(_state(tournament))
