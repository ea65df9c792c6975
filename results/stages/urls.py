"""URLs of the stages (inside the ``tournament`` namespace)."""

from django.urls import path

from . import views

urlpatterns = [
    path("<slug:slug>/stages/", views.stages, name="stages"),
    path(
        "<slug:slug>/stages/add-sessions/",
        views.stages_add_sessions,
        name="stages_add_sessions",
    ),
    path("<slug:slug>/stages/<id:order>/", views.stage_edit, name="stage_edit"),
    path("<slug:slug>/stages/<id:order>/delete/", views.stage_delete, name="stage_delete"),
    path("<slug:slug>/stages/<id:order>/cut/", views.stage_cut, name="stage_cut"),
    path("<slug:slug>/stages/<id:order>/uncut/", views.stage_cut_undo, name="stage_cut_undo"),
    path(
        "<slug:slug>/stages/<id:order>/entries/<id:seed>/replace/",
        views.stage_replace,
        name="stage_replace",
    ),
    path(
        "<slug:slug>/stages/<id:order>/sessions/<id:number>/seat/",
        views.stage_seat,
        name="stage_seat",
    ),
    path("<slug:slug>/stream/", views.stream, name="stream"),
    path("<slug:slug>/stream/state/", views.stream_state, name="stream_state"),
]
