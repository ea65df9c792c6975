"""What every page of a tournament needs: its tournament for the role, the way back, errors.

Views of every feature package start with one of these, so that "who may open this page" is
answered in one place (the rules themselves are in :mod:`tournament.permissions`).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme

from web.spreadsheets import SafeTableExport

from .errors import ServiceError
from .models import Tournament
from .permissions import require_organiser, require_staff, require_view


def viewable_tournament(request, slug: str) -> Tournament:
    """The tournament of the URL, for anyone who may see it (published, or staff)."""
    # Read already by ``web.cache.public_page`` for an anonymous reader of a public page.
    tournament = getattr(request, "published_tournament", None)
    if tournament is None or tournament.slug != slug:
        tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    return tournament


def organised_tournament(request, slug: str) -> Tournament:
    """The tournament of the URL, for its organisers only."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_organiser(request.user, tournament)
    return tournament


def staffed_tournament(request, slug: str) -> Tournament:
    """The tournament of the URL, for its organisers and referees."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_staff(request.user, tournament)
    return tournament


def redirect_back(request, tournament: Tournament, default: str = "tournament:dashboard", **kwargs):
    """Back to the page the form came from (``next``), if it is on this site; else to
    ``default`` (with the URL's other ``kwargs``)."""
    target = request.POST.get("next", "")
    # A path of this site only, sent as it is: ``redirect()`` would take a bare word for the
    # name of a view and fail on it (NoReverseMatch, a 500).
    if (
        target.startswith("/")
        and len(target) <= 2000
        and url_has_allowed_host_and_scheme(target, {request.get_host()})
    ):
        return HttpResponseRedirect(target)
    return redirect(default, slug=tournament.slug, **kwargs)


def form_error(form, error: ServiceError) -> None:
    """A service's error on the form's field it names, or on the form as a whole."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def permission_denied(request, exception=None):
    """The project's 403 (config/urls.py ``handler403``).

    Someone not logged in is sent to log in and brought back, rather than shown a bare
    "403 Forbidden": an organiser whose session expired just needs to log in again. A
    logged-in user gets the reason on a page of the site.
    """
    from django.contrib.auth.views import redirect_to_login
    from django.shortcuts import render

    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    reason = str(exception) if exception and str(exception) else "You may not open this page."
    return render(request, "403.html", {"reason": reason}, status=403)


# The export formats offered: those whose writer is installed (tablib needs odfpy for ods and
# xlwt for xls, which we do not ship).  django-tables2 knows more, and a link typed by hand
# such as ``?_export=ods`` used to end in the writer's ImportError, a 500.
EXPORT_FORMATS = ("csv", "json", "xlsx")


def table_export(request, table, filename: str, **dataset_kwargs):
    """The export response a ``?_export=`` link asks for, a 400 that lists the formats when
    it asks for one we do not write, or None when the page itself is wanted."""
    from django.http import HttpResponseBadRequest
    from django_tables2 import RequestConfig

    export_format = request.GET.get("_export")
    if export_format is None:
        return None
    if export_format not in EXPORT_FORMATS:
        return HttpResponseBadRequest(
            "_export: this list can be exported as " + ", ".join(EXPORT_FORMATS) + " only.",
            content_type="text/plain; charset=utf-8",
        )
    RequestConfig(request, paginate=False).configure(table)
    # An export is data for other programs (spreadsheets, the ``?_export=json`` readers): its
    # column headers and values are the same in every language of the pages.
    with translation.override(settings.LANGUAGE_CODE):
        exporter = SafeTableExport(export_format, table, dataset_kwargs=dataset_kwargs or None)
        return exporter.response(f"{filename}.{export_format}")
