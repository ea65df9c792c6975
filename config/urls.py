from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament import views as tournament_views
from tournament import views_register as tournament_register_views

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", tournament_register_views.signup, name="signup"),
    path("admin/", admin.site.urls),
    path("t/", include("tournament.urls")),
    path("t/<slug:slug>/", include("scoring.urls")),
    path("t/<slug:slug>/referee/", include("referee.urls")),
]
