from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter
from django.utils import timezone
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog

from api.views import api
from tournament.events import views as event_views
from tournament.privacy import views as privacy_views
from tournament.registration import linking_views
from tournament.registration import views as registration_views
from web import webapp
from web.converters import IdConverter
from web.locale import language_switch

# Registered once, before the feature URL modules are included: every id and number in a
# URL is an ``<id:...>`` bounded to 63 bits (web/converters.py), never a bare ``int``.
register_converter(IdConverter, "id")

# The translations the scripts of static/js use (gettext, interpolate), in the page's language.
# It changes only with a deployment: browsers revalidate it against the start of the process,
# and base.html puts the language in its address, so that each language is cached apart.
_STARTED = timezone.now()

TOURNAMENT_PAGES = [
    path("", include("tournament.urls")),
    path("", include("results.standings.urls")),
    path("", include("results.stages.urls")),
]

urlpatterns = [
    path("", event_views.home, name="home"),
    path("favicon.ico", webapp.favicon),
    path("manifest.webmanifest", webapp.webmanifest, name="webmanifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", registration_views.signup, name="signup"),
    path("profile/", registration_views.profile, name="profile"),
    # A person's own data (the GDPR): the notice, download and deletion (tournament/privacy/).
    path("privacy/", privacy_views.notice, name="privacy"),
    path("profile/data/", privacy_views.download, name="profile_data"),
    path("profile/delete/", privacy_views.delete, name="profile_delete"),
    # Linking an account to a player on record (tournament/registration/linking.py).
    path("profile/link/", linking_views.profile_link, name="profile_link"),
    path("profile/link/<int:pk>/undo/", linking_views.profile_link_undo, name="profile_link_undo"),
    path(
        "profile/link/mail/<str:token>/", linking_views.profile_link_mail, name="profile_link_mail"
    ),
    path(
        "profile/link/<slug:slug>/request/",
        linking_views.profile_link_request,
        name="profile_link_request",
    ),
    # Django's own password reset: password_reset, _done, password_reset_confirm, _complete.
    path("password-reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password-reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password-reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # The language switch of every page (base.html) is a GET form, so public pages stay
    # cacheable (web.locale); Django's set_language (POST) is kept for links made
    # before. No i18n_patterns: the URLs stay the same in every language.
    path("language/", language_switch, name="language_switch"),
    path("i18n/", include("django.conf.urls.i18n")),
    path(
        "jsi18n/",
        last_modified(lambda request, **kwargs: _STARTED)(JavaScriptCatalog.as_view()),
        name="javascript-catalog",
    ),
    path("admin/", admin.site.urls),
    # One namespace for the tournament's pages, the ground's and the results' (URL names
    # such as "tournament:standings" stay as they were when both lived in tournament/).
    path("t/", include((TOURNAMENT_PAGES, "tournament"))),
    path("t/<slug:slug>/", include("scoring.urls")),
    path("t/<slug:slug>/", include("scoring.reporting.urls")),
    path("t/<slug:slug>/referee/", include("referee.urls")),
    path("t/<slug:slug>/", include("referee.calls.urls")),
    path("api/v1/", api.urls),
    path("", include("companion.urls")),
]

# A logged-out visitor of an organiser's page is sent to log in (tournament/pages.py).
handler403 = "tournament.pages.permission_denied"
# A database that stopped answering gets "not saved, try again" (503), not a bare 500.
handler500 = "web.errors.server_error"
handler400 = "web.errors.bad_request"
