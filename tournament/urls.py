"""The tournament pages of the ground, one URL module per feature. config/urls.py puts
them and the results' pages (results/standings, results/stages) in the ``tournament``
namespace, so that the ground does not name the results above it.

``events`` comes first: its ``new/`` must be matched before the tournament slugs.
"""

from django.urls import include, path

urlpatterns = [
    path("", include("tournament.events.urls")),
    path("", include("tournament.registration.urls")),
    path("", include("tournament.seating.urls")),
    path("", include("tournament.clock.urls")),
]
