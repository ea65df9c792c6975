"""URLs of the session clock (inside the ``tournament`` namespace)."""

from django.urls import path

from . import views

urlpatterns = [
    path("<slug:slug>/clock/", views.clock_current, name="clock"),
    path("<slug:slug>/clock/state/", views.clock_current_state, name="clock_current_state"),
    path("<slug:slug>/sessions/<id:number>/clock/", views.clock_page, name="session_clock"),
    path(
        "<slug:slug>/sessions/<id:number>/clock/state/",
        views.clock_state,
        name="session_clock_state",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/clock/control/",
        views.clock_control,
        name="session_clock_control",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/tables/<id:table_number>/finished/",
        views.table_finished,
        name="session_table_finished",
    ),
]
