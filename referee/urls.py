"""The referee desk, mounted under /t/<slug>/referee/ (config/urls.py)."""

from django.urls import path

from . import decision_views, views

app_name = "referee"

urlpatterns = [
    path("", views.desk, name="desk"),
    path("log/", views.log, name="log"),
    path("players/<id:player_id>/", views.player, name="player"),
    path(
        "players/<id:player_id>/penalty/<slug:kind>/",
        decision_views.penalty_new,
        name="penalty_new",
    ),
    path("players/<id:player_id>/substitute/", decision_views.substitute_new, name="substitute"),
    path("players/<id:player_id>/disqualify/", decision_views.disqualify, name="disqualify"),
    path(
        "players/<id:player_id>/remove-from-results/",
        decision_views.results_removal,
        name="results_removal",
    ),
    path(
        "removals/<id:pk>/withdraw/",
        decision_views.results_removal_withdraw,
        name="results_removal_withdraw",
    ),
    path("penalties/<id:pk>/withdraw/", decision_views.penalty_withdraw, name="penalty_withdraw"),
    path("penalties/<id:pk>/correct/", decision_views.penalty_correct, name="penalty_correct"),
    path(
        "substitutions/<id:pk>/withdraw/",
        decision_views.substitution_withdraw,
        name="substitution_withdraw",
    ),
    path(
        "disqualifications/<id:pk>/withdraw/",
        decision_views.disqualification_withdraw,
        name="disqualification_withdraw",
    ),
]
