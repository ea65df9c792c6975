"""URLs of sign-up, registration, the player list, check-in,
reserves, import (in the ``tournament`` namespace)."""

from django.urls import path

from . import desk_views, linking_views, team_views, views

urlpatterns = [
    path("<slug:slug>/registration/open/", desk_views.open_registration, name="open_registration"),
    path(
        "<slug:slug>/registration/close/",
        desk_views.close_registration,
        name="close_registration",
    ),
    path(
        "<slug:slug>/registrations/confirm-pending/",
        desk_views.confirm_pending,
        name="confirm_pending",
    ),
    path(
        "<slug:slug>/registrations/<id:pk>/<slug:action>/",
        desk_views.registration_action,
        name="registration_action",
    ),
    path("<slug:slug>/players/add/", desk_views.player_add, name="player_add"),
    path("<slug:slug>/players/<id:pk>/edit/", views.player_edit, name="player_edit"),
    path(
        "<slug:slug>/players/<id:pk>/withdraw/",
        desk_views.registration_withdraw_confirm,
        name="registration_withdraw",
    ),
    path("<slug:slug>/players/import/", desk_views.player_import, name="player_import"),
    path("<slug:slug>/check-in/", desk_views.checkin, name="checkin"),
    path(
        "<slug:slug>/check-in/fill-from-reserves/",
        desk_views.fill_from_reserves,
        name="fill_from_reserves",
    ),
    path("<slug:slug>/register/", views.register, name="register"),
    path("<slug:slug>/withdraw/", views.withdraw, name="withdraw"),
    path("<slug:slug>/players/", views.players, name="players"),
    # Accounts linked to players
    path("<slug:slug>/accounts/", linking_views.accounts, name="accounts"),
    path(
        "<slug:slug>/accounts/requests/<id:pk>/<slug:decision>/",
        linking_views.accounts_decide,
        name="accounts_decide",
    ),
    path("<slug:slug>/accounts/<id:pk>/undo/", linking_views.accounts_undo, name="accounts_undo"),
    # Teams
    path("<slug:slug>/teams/", team_views.teams, name="teams"),
    path("<slug:slug>/teams/new/", team_views.team_edit, name="team_new"),
    path("<slug:slug>/teams/<id:pk>/", team_views.team_edit, name="team_edit"),
    path("<slug:slug>/teams/<id:pk>/delete/", team_views.team_delete, name="team_delete"),
]
