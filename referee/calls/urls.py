"""Calls to the referee, mounted under /t/<slug>/ (config/urls.py): the player's button
beside his table's page, the desk's side under referee/."""

from django.urls import path

from . import views

app_name = "calls"

urlpatterns = [
    path("my-table/call/", views.call_from_table, name="call"),
    path("referee/calls/", views.queue, name="queue"),
    path("referee/calls/new/", views.call_from_sheet, name="call_from_sheet"),
    path("referee/calls/<id:pk>/take/", views.take, name="take"),
    path("referee/calls/<id:pk>/close/", views.close, name="close"),
]
