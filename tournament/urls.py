"""The tournament pages, one URL module per feature, all in the ``tournament`` namespace.

``events`` comes first: its ``new/`` must be matched before the tournament slugs.
"""

from django.urls import include, path

app_name = "tournament"

urlpatterns = [
    path("", include("tournament.events.urls")),
    path("", include("tournament.registration.urls")),
    path("", include("tournament.seating.urls")),
    path("", include("tournament.clock.urls")),
    path("", include("tournament.standings.urls")),
    path("", include("tournament.stages.urls")),
]
