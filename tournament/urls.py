from django.urls import path

from . import views

app_name = "tournament"

urlpatterns = [
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/sessions/<int:number>/", views.session_seating, name="session"),
]
