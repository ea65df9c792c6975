"""URLs of the seating pages: generation, progress, changes by hand,
print, quality (in the ``tournament`` namespace)."""

from django.urls import path

from . import apart_views, by_hand_views, job_views, views

urlpatterns = [
    path("<slug:slug>/sessions/<id:number>/", views.session_seating, name="session"),
    path("<slug:slug>/seating/", views.seating_index, name="seating"),
    path("<slug:slug>/seating/mine/", views.seating_mine, name="seating_mine"),
    path("<slug:slug>/seating/manage/", job_views.seating_manage, name="seating_manage"),
    path("<slug:slug>/seating/generate/", job_views.seating_generate, name="seating_generate"),
    path("<slug:slug>/seating/import/", job_views.seating_import, name="seating_import"),
    path("<slug:slug>/seating/fill/", by_hand_views.seating_fill, name="seating_fill"),
    path("<slug:slug>/seating/fixed/", by_hand_views.seating_fix_table, name="seating_fix_table"),
    path("<slug:slug>/seating/quality/", views.seating_quality, name="seating_quality"),
    path("<slug:slug>/seating/apart/", apart_views.seating_apart, name="seating_apart"),
    path(
        "<slug:slug>/seating/apart/countries/",
        apart_views.seating_apart_countries,
        name="seating_apart_countries",
    ),
    path(
        "<slug:slug>/seating/apart/<id:pk>/delete/",
        apart_views.seating_apart_delete,
        name="seating_apart_delete",
    ),
    path("<slug:slug>/seating/jobs/<id:pk>/", job_views.seating_job, name="seating_job"),
    path(
        "<slug:slug>/seating/jobs/<id:pk>/state/",
        job_views.seating_job_state,
        name="seating_job_state",
    ),
    path(
        "<slug:slug>/seating/jobs/<id:pk>/input.json",
        views.seating_job_input,
        name="seating_job_input",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/print/tables/",
        views.session_print_tables,
        name="session_print_tables",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/print/sheets/",
        views.session_print_sheets,
        name="session_print_sheets",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/print/slips/",
        views.session_print_slips,
        name="session_print_slips",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/print/hall/",
        views.session_print_hall,
        name="session_print_hall",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/seating/edit/",
        by_hand_views.session_seating_edit,
        name="session_seating_edit",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/seating/publish/",
        job_views.session_seating_publish,
        name="session_seating_publish",
    ),
    path(
        "<slug:slug>/sessions/<id:number>/seating/preview/",
        by_hand_views.session_seating_preview,
        name="session_seating_preview",
    ),
    path(
        "<slug:slug>/players/<id:player_id>/seating/",
        views.player_schedule,
        name="player_schedule",
    ),
]
