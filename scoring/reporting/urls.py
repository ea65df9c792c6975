"""Player reporting and statistics, mounted under /t/<slug>/ (config/urls.py)."""

from django.urls import path

from . import views

app_name = "reporting"

urlpatterns = [
    path("my-table/", views.my_table, name="my_table"),
    path("my-table/sheet/", views.enter_sheet, name="enter"),
    path("my-table/sheet/check/", views.check_hands, name="check"),
    path("my-table/answer/", views.answer, name="answer"),
    path("my-table/answer-with-code/", views.answer_with_code, name="answer_code"),
    path("reporting/", views.reporting_settings, name="settings"),
    path("reporting/slips/", views.code_slips, name="slips"),
    path("statistics/", views.event_statistics, name="statistics"),
]
