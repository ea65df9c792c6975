"""URLs of creating and setting up a tournament, the dashboard, staff, tables,
schedule; the event page (in the ``tournament`` namespace)."""

from django.urls import path

from . import views

urlpatterns = [
    path("new/", views.tournament_new, name="new"),
    path("<slug:slug>/dashboard/", views.dashboard, name="dashboard"),
    path("<slug:slug>/final-check/", views.final_check, name="final_check"),
    path("<slug:slug>/settings/", views.settings, name="settings"),
    path("<slug:slug>/tables/", views.tables, name="tables"),
    path("<slug:slug>/schedule/", views.schedule, name="schedule"),
    path("<slug:slug>/staff/", views.staff, name="staff"),
    path("<slug:slug>/staff/<id:pk>/remove/", views.staff_remove, name="staff_remove"),
    path("<slug:slug>/staff/<id:pk>/tables/", views.staff_tables, name="staff_tables"),
    path("<slug:slug>/publish/", views.publish, name="publish"),
    path("<slug:slug>/sessions/<id:number>/board/", views.session_board, name="session_board"),
    path(
        "<slug:slug>/sessions/<id:number>/board/rows/",
        views.session_board_rows,
        name="session_board_rows",
    ),
    path("<slug:slug>/", views.detail, name="detail"),
]
