from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter

from api.views import api
from tournament import webapp
from tournament.converters import IdConverter
from tournament.events import views as event_views
from tournament.registration import views as registration_views

# Registered once, before the feature URL modules are included: every id and number in a
# URL is an ``<id:...>`` bounded to 63 bits (tournament/converters.py), never a bare ``int``.
register_converter(IdConverter, "id")

urlpatterns = [
    path("", event_views.home, name="home"),
    path("favicon.ico", webapp.favicon),
    path("manifest.webmanifest", webapp.webmanifest, name="webmanifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", registration_views.signup, name="signup"),
    path("admin/", admin.site.urls),
    path("t/", include("tournament.urls")),
    path("t/<slug:slug>/", include("scoring.urls")),
    path("t/<slug:slug>/referee/", include("referee.urls")),
    path("api/v1/", api.urls),
]
