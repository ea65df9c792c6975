"""URLs of standings, results, the player page, the projector,
the EMA results file (in the ``tournament`` namespace)."""

from django.urls import path

from . import views

urlpatterns = [
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path(
        "<slug:slug>/standings/projector/",
        views.standings_projector,
        name="standings_projector",
    ),
    path(
        "<slug:slug>/standings/projector/rows/",
        views.standings_projector_rows,
        name="standings_projector_rows",
    ),
    # Team standings
    path("<slug:slug>/standings/teams/", views.team_standings, name="team_standings"),
    path(
        "<slug:slug>/standings/teams/projector/",
        views.team_standings_projector,
        name="team_standings_projector",
    ),
    path(
        "<slug:slug>/standings/teams/projector/rows/",
        views.team_standings_projector_rows,
        name="team_standings_projector_rows",
    ),
    path("<slug:slug>/results/", views.results_index, name="results"),
    path(
        "<slug:slug>/results/<id:number>/",
        views.session_results,
        name="session_results",
    ),
    path(
        "<slug:slug>/results/<id:number>/projector/",
        views.session_results_projector,
        name="session_results_projector",
    ),
    path(
        "<slug:slug>/results/<id:number>/projector/rows/",
        views.session_results_projector_rows,
        name="session_results_projector_rows",
    ),
    path("<slug:slug>/players/<id:player_id>/", views.player_page, name="player"),
    path(
        "<slug:slug>/export/ema-results.<str:fmt>",
        views.ema_export,
        name="ema_export",
    ),
]
