"""URLs of the dashboard, the final check and the session board, in the ``tournament``
namespace as before (config/urls.py includes them among the tournament's pages)."""

from django.urls import path

from . import views

urlpatterns = [
    path("<slug:slug>/dashboard/", views.dashboard, name="dashboard"),
    path("<slug:slug>/final-check/", views.final_check, name="final_check"),
    path("<slug:slug>/sessions/<id:number>/board/", views.session_board, name="session_board"),
    path(
        "<slug:slug>/sessions/<id:number>/board/rows/",
        views.session_board_rows,
        name="session_board_rows",
    ),
]
