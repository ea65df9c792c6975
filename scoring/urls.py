"""Score sheets, mounted under /t/<slug>/ (config/urls.py)."""

from django.urls import path

from . import views

app_name = "scoring"

urlpatterns = [
    path("sheets/", views.current_sheets, name="current"),
    path("sessions/<id:number>/sheets/", views.session_sheets, name="session"),
    path("sessions/<id:number>/sheets/<id:table_number>/", views.sheet, name="sheet"),
    path(
        "sessions/<id:number>/sheets/<id:table_number>/check/",
        views.sheet_check,
        name="check",
    ),
    path(
        "sessions/<id:number>/sheets/<id:table_number>/confirm/",
        views.confirm,
        name="confirm",
    ),
    path(
        "sessions/<id:number>/sheets/<id:table_number>/history/",
        views.history,
        name="history",
    ),
    path("calculator/", views.calculator, name="calculator"),
    path("standings/settings/", views.standings_settings, name="standings_settings"),
]
