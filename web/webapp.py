"""The installable web app: the manifest a phone reads to put a page on its home screen,
and /favicon.ico, which every browser asks for whatever the page's <link rel=icon> says."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET


def _start_url(request: HttpRequest) -> str:
    """The page the home-screen icon opens: the one it was added from (the referee desk,
    a session's sheets), limited to a path on this site so the manifest cannot send the
    phone elsewhere."""
    start = request.GET.get("start", "")
    if start.startswith("/") and not start.startswith("//") and "\\" not in start:
        return start
    return "/"


@require_GET
@cache_control(max_age=3600)
def webmanifest(request: HttpRequest) -> JsonResponse:
    manifest = {
        "name": "Riichi tournament manager",
        "short_name": "Riichi TM",
        "start_url": _start_url(request),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f5f1",
        "theme_color": "#0b6e4f",
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("img/logo.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(manifest)
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
@cache_control(max_age=86400)
def favicon(request: HttpRequest) -> HttpResponse:
    return redirect(static("img/favicon.ico"), permanent=True)


@require_GET
@cache_control(max_age=0, no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js served from the site's root: a service worker controls only the
    pages under the path it is served from, and the static files live under /static/."""
    path = finders.find("js/sw.js")
    if path is None:  # pragma: no cover - the file ships with the project
        raise Http404("no service worker")
    with open(path, encoding="utf-8") as f:
        return HttpResponse(f.read(), content_type="text/javascript")
