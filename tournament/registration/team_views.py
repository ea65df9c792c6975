"""The organiser's team pages: the team settings, and a team's name and members.

Views parse the form and call one service of ``tournament.registration.teams``."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.models import Registration, Team, Tournament
from tournament.pages import form_error, organised_tournament
from tournament.registration import teams as team_services
from tournament.registration.forms import TeamForm, TeamSettingsForm


def _settings_form(tournament: Tournament, data=None) -> TeamSettingsForm:
    return TeamSettingsForm(
        data,
        initial={
            "size": tournament.team_size,
            "score": tournament.team_score,
            "best": tournament.team_best,
            "apart": tournament.teams_apart,
        },
    )


def teams(request, slug: str):
    """The teams with their members, and the team settings (POST)."""
    tournament = organised_tournament(request, slug)
    form = _settings_form(tournament, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            team_services.team_settings_update(
                tournament=tournament,
                size=data["size"],
                score=data["score"],
                best=data["best"],
                apart=data["apart"],
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(request, _("Team settings saved."))
            return redirect("tournament:teams", slug=tournament.slug)
    without_team = (
        tournament.registrations.filter(team__isnull=True)
        .exclude(status=Registration.Status.WITHDRAWN)
        .count()
    )
    return render(
        request,
        "tournament/manage/teams.html",
        {
            "tournament": tournament,
            "form": form,
            "teams": team_services.teams_with_members(tournament),
            "without_team": without_team,
        },
    )


def _choices(tournament: Tournament, team: Team | None) -> list[tuple[int, str]]:
    """The team's members and the players without a team (not withdrawn), by name."""
    free = Q(team__isnull=True) & ~Q(status=Registration.Status.WITHDRAWN)
    # A member who withdrew stays ticked (his points stay with the team) until unticked.
    chosen = free | Q(team=team) if team is not None else free
    registrations = tournament.registrations.filter(chosen).select_related("player")
    withdrawn = _(" (withdrawn)")
    return [
        (
            r.pk,
            f"{r.player.last_name}, {r.player.first_name} ({r.player.country.code})"
            + (withdrawn if r.status == Registration.Status.WITHDRAWN else ""),
        )
        for r in registrations.order_by("player__sort_name")
    ]


def team_edit(request, slug: str, pk: int | None = None):
    """Create a team (no ``pk``), or rename and refill one."""
    tournament = organised_tournament(request, slug)
    if not tournament.team_size:
        messages.info(request, _("Set a team size first."))
        return redirect("tournament:teams", slug=tournament.slug)
    team = get_object_or_404(Team, pk=pk, tournament=tournament) if pk is not None else None
    initial = {}
    if team is not None:
        initial = {
            "name": team.name,
            "members": [str(pk) for pk in team.registrations.values_list("pk", flat=True)],
        }
    form = TeamForm(
        request.POST or None,
        initial=initial,
        choices=_choices(tournament, team),
        size=tournament.team_size,
    )
    if request.method == "POST" and form.is_valid():
        try:
            saved = team_services.team_save(
                tournament=tournament,
                team=team,
                name=form.cleaned_data["name"],
                members=form.cleaned_data["members"],
                user=request.user,
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(request, _("%(team)s saved.") % {"team": saved.name})
            return redirect("tournament:teams", slug=tournament.slug)
    return render(
        request,
        "tournament/manage/team_edit.html",
        {"tournament": tournament, "team": team, "form": form},
    )


@require_POST
def team_delete(request, slug: str, pk: int):
    tournament = organised_tournament(request, slug)
    team = get_object_or_404(Team, pk=pk, tournament=tournament)
    name = team.name
    team_services.team_delete(team=team, user=request.user)
    messages.success(request, _("%(team)s deleted; its players have no team now.") % {"team": name})
    return redirect("tournament:teams", slug=tournament.slug)
