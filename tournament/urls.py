from django.urls import path

from . import views, views_manage, views_register, views_results, views_seating
from .clock import views as clock_views

app_name = "tournament"

urlpatterns = [
    # Tournaments, registration and sessions (issue 5); "new" comes before the slugs.
    path("new/", views_manage.tournament_new, name="new"),
    path("<slug:slug>/dashboard/", views_manage.dashboard, name="dashboard"),
    path("<slug:slug>/settings/", views_manage.settings, name="settings"),
    path("<slug:slug>/tables/", views_manage.tables, name="tables"),
    path("<slug:slug>/schedule/", views_manage.schedule, name="schedule"),
    path("<slug:slug>/staff/", views_manage.staff, name="staff"),
    path("<slug:slug>/staff/<int:pk>/remove/", views_manage.staff_remove, name="staff_remove"),
    path("<slug:slug>/publish/", views_manage.publish, name="publish"),
    path(
        "<slug:slug>/registration/open/", views_manage.open_registration, name="open_registration"
    ),
    path(
        "<slug:slug>/registration/close/",
        views_manage.close_registration,
        name="close_registration",
    ),
    path(
        "<slug:slug>/registrations/confirm-pending/",
        views_manage.confirm_pending,
        name="confirm_pending",
    ),
    path(
        "<slug:slug>/registrations/<int:pk>/<slug:action>/",
        views_manage.registration_action,
        name="registration_action",
    ),
    path("<slug:slug>/players/add/", views_manage.player_add, name="player_add"),
    path("<slug:slug>/players/import/", views_manage.player_import, name="player_import"),
    path("<slug:slug>/check-in/", views_manage.checkin, name="checkin"),
    path(
        "<slug:slug>/check-in/fill-from-reserves/",
        views_manage.fill_from_reserves,
        name="fill_from_reserves",
    ),
    path("<slug:slug>/register/", views_register.register, name="register"),
    path("<slug:slug>/withdraw/", views_register.withdraw, name="withdraw"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/sessions/<int:number>/", views.session_seating, name="session"),
    # The seating (issue 8): generation, progress, changes by hand, print, quality
    path("<slug:slug>/seating/", views_seating.seating_index, name="seating"),
    path("<slug:slug>/seating/mine/", views_seating.seating_mine, name="seating_mine"),
    path("<slug:slug>/seating/manage/", views_seating.seating_manage, name="seating_manage"),
    path("<slug:slug>/seating/generate/", views_seating.seating_generate, name="seating_generate"),
    path("<slug:slug>/seating/fixed/", views_seating.seating_fix_table, name="seating_fix_table"),
    path("<slug:slug>/seating/quality/", views_seating.seating_quality, name="seating_quality"),
    path("<slug:slug>/seating/jobs/<int:pk>/", views_seating.seating_job, name="seating_job"),
    path(
        "<slug:slug>/seating/jobs/<int:pk>/state/",
        views_seating.seating_job_state,
        name="seating_job_state",
    ),
    path(
        "<slug:slug>/seating/jobs/<int:pk>/input.json",
        views_seating.seating_job_input,
        name="seating_job_input",
    ),
    path(
        "<slug:slug>/sessions/<int:number>/print/tables/",
        views_seating.session_print_tables,
        name="session_print_tables",
    ),
    path(
        "<slug:slug>/sessions/<int:number>/print/hall/",
        views_seating.session_print_hall,
        name="session_print_hall",
    ),
    path(
        "<slug:slug>/sessions/<int:number>/seating/edit/",
        views_seating.session_seating_edit,
        name="session_seating_edit",
    ),
    path(
        "<slug:slug>/sessions/<int:number>/seating/preview/",
        views_seating.session_seating_preview,
        name="session_seating_preview",
    ),
    path(
        "<slug:slug>/players/<int:player_id>/seating/",
        views_seating.player_schedule,
        name="player_schedule",
    ),
    # The session clock (tournament/clock/)
    path("<slug:slug>/clock/", clock_views.clock_current, name="clock"),
    path("<slug:slug>/sessions/<int:number>/clock/", clock_views.clock_page, name="session_clock"),
    path(
        "<slug:slug>/sessions/<int:number>/clock/state/",
        clock_views.clock_state,
        name="session_clock_state",
    ),
    path(
        "<slug:slug>/sessions/<int:number>/clock/control/",
        clock_views.clock_control,
        name="session_clock_control",
    ),
    path(
        "<slug:slug>/sessions/<int:number>/tables/<int:table_number>/finished/",
        clock_views.table_finished,
        name="session_table_finished",
    ),
    # Standings, results, the player page, the projector, the EMA results file (issue 6)
    path("<slug:slug>/standings/", views_results.standings, name="standings"),
    path(
        "<slug:slug>/standings/projector/",
        views_results.standings_projector,
        name="standings_projector",
    ),
    path(
        "<slug:slug>/standings/projector/rows/",
        views_results.standings_projector_rows,
        name="standings_projector_rows",
    ),
    path("<slug:slug>/results/", views_results.results_index, name="results"),
    path(
        "<slug:slug>/results/<int:number>/",
        views_results.session_results,
        name="session_results",
    ),
    path(
        "<slug:slug>/results/<int:number>/projector/",
        views_results.session_results_projector,
        name="session_results_projector",
    ),
    path(
        "<slug:slug>/results/<int:number>/projector/rows/",
        views_results.session_results_projector_rows,
        name="session_results_projector_rows",
    ),
    path("<slug:slug>/players/<int:player_id>/", views_results.player_page, name="player"),
    path(
        "<slug:slug>/export/ema-results.<str:fmt>",
        views_results.ema_export,
        name="ema_export",
    ),
]
