"""URLs of creating and setting up a tournament, staff, tables, schedule; the event page
(the dashboard and the board: results/board/urls.py) (in the ``tournament`` namespace)."""

from django.urls import path

from . import views

urlpatterns = [
    path("new/", views.tournament_new, name="new"),
    path("<slug:slug>/settings/", views.settings, name="settings"),
    path("<slug:slug>/tables/", views.tables, name="tables"),
    path("<slug:slug>/schedule/", views.schedule, name="schedule"),
    path("<slug:slug>/staff/", views.staff, name="staff"),
    path("<slug:slug>/staff/<id:pk>/remove/", views.staff_remove, name="staff_remove"),
    path("<slug:slug>/staff/<id:pk>/tables/", views.staff_tables, name="staff_tables"),
    path("<slug:slug>/publish/", views.publish, name="publish"),
    path("<slug:slug>/", views.detail, name="detail"),
]
