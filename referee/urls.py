"""The referee desk, mounted under /t/<slug>/referee/ (config/urls.py)."""

from django.urls import path

from . import views

app_name = "referee"

urlpatterns = [
    path("", views.desk, name="desk"),
    path("log/", views.log, name="log"),
    path("players/<id:player_id>/", views.player, name="player"),
    path(
        "players/<id:player_id>/penalty/<slug:kind>/",
        views.penalty_new,
        name="penalty_new",
    ),
    path("players/<id:player_id>/substitute/", views.substitute_new, name="substitute"),
    path("players/<id:player_id>/disqualify/", views.disqualify, name="disqualify"),
    path(
        "players/<id:player_id>/remove-from-results/",
        views.results_removal,
        name="results_removal",
    ),
    path(
        "removals/<id:pk>/withdraw/",
        views.results_removal_withdraw,
        name="results_removal_withdraw",
    ),
    path("penalties/<id:pk>/withdraw/", views.penalty_withdraw, name="penalty_withdraw"),
    path("penalties/<id:pk>/correct/", views.penalty_correct, name="penalty_correct"),
    path(
        "substitutions/<id:pk>/withdraw/",
        views.substitution_withdraw,
        name="substitution_withdraw",
    ),
    path(
        "disqualifications/<id:pk>/withdraw/",
        views.disqualification_withdraw,
        name="disqualification_withdraw",
    ),
]
