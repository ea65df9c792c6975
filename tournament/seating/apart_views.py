"""The organiser's page of players kept apart on request (seating/apart.py): the groups, a
form for a new one, and the countries mixed in the first sessions."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.models import ApartGroup
from tournament.pages import organised_tournament
from tournament.seating import apart
from tournament.seating.forms import ApartGroupForm, CountriesApartForm


def _choices(tournament) -> list[tuple[int, str]]:
    return [(p.pk, f"{p.last_name}, {p.first_name}") for p in apart.apart_players(tournament)]


def seating_apart(request, slug: str):
    tournament = organised_tournament(request, slug)
    choices = _choices(tournament)
    form = ApartGroupForm(request.POST or None, choices=choices)
    if request.method == "POST" and form.is_valid():
        players = apart.apart_players(tournament).filter(pk__in=form.cleaned_data["players"])
        try:
            group = apart.apart_group_create(
                tournament=tournament,
                name=form.cleaned_data["name"],
                players=players,
                first_sessions=form.cleaned_data["first_sessions"],
            )
        except ServiceError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(
                request,
                gettext(
                    "“{name}” are kept apart. Generate the seating again for the sessions "
                    "still to play."
                ).format(name=group.name),
            )
            return redirect("tournament:seating_apart", slug=slug)
    groups = ApartGroup.objects.filter(tournament=tournament).prefetch_related("players")
    return render(
        request,
        "tournament/seating/apart.html",
        {
            "tournament": tournament,
            "form": form,
            "groups": groups,
            "countries_form": CountriesApartForm(
                initial={"sessions": tournament.countries_apart_sessions}
            ),
        },
        status=400 if request.method == "POST" else 200,
    )


@require_POST
def seating_apart_delete(request, slug: str, pk: int):
    tournament = organised_tournament(request, slug)
    try:
        apart.apart_group_delete(tournament=tournament, group_id=pk)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("The group is no longer kept apart."))
    return redirect("tournament:seating_apart", slug=slug)


@require_POST
def seating_apart_countries(request, slug: str):
    tournament = organised_tournament(request, slug)
    form = CountriesApartForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, gettext("Sessions: %(error)s") % {"error": error})
        return redirect("tournament:seating_apart", slug=slug)
    try:
        apart.countries_apart_set(tournament=tournament, sessions=form.cleaned_data["sessions"])
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Saved."))
    return redirect("tournament:seating_apart", slug=slug)
