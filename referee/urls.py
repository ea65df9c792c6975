"""The referee desk, mounted under /t/<slug>/referee/ (config/urls.py)."""

from django.urls import path

from . import views

app_name = "referee"

urlpatterns = [
    path("", views.desk, name="desk"),
    path("log/", views.log, name="log"),
    path("players/<int:player_id>/", views.player, name="player"),
    path(
        "players/<int:player_id>/penalty/<slug:kind>/",
        views.penalty_new,
        name="penalty_new",
    ),
    path("players/<int:player_id>/substitute/", views.substitute_new, name="substitute"),
    path("players/<int:player_id>/disqualify/", views.disqualify, name="disqualify"),
    path("penalties/<int:pk>/withdraw/", views.penalty_withdraw, name="penalty_withdraw"),
    path("penalties/<int:pk>/correct/", views.penalty_correct, name="penalty_correct"),
    path(
        "substitutions/<int:pk>/withdraw/",
        views.substitution_withdraw,
        name="substitution_withdraw",
    ),
    path(
        "disqualifications/<int:pk>/withdraw/",
        views.disqualification_withdraw,
        name="disqualification_withdraw",
    ),
]
