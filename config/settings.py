"""Settings for the tournament manager, read from the environment.

With no variable set the project runs on its embedded defaults, so a fresh checkout just
runs: a SQLite file in the project folder and Celery in eager mode (tasks run inline).
Production sets DATABASE_URL (PostgreSQL), REDIS_URL (Celery broker and result backend),
SECRET_KEY and ALLOWED_HOSTS.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

# A development key is only acceptable while DEBUG is on; in production a missing key must
# stop the start-up rather than sign sessions with a key published in this repository.
_DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = env("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable, "
            "or DEBUG=1 for a local development server."
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "django_filters",
    # Only for its static flags/ (tournament/flags.py); its CountryField works without it.
    "django_countries",
    "simple_history",
    # django-ninja: in INSTALLED_APPS so that its Swagger UI is served from its static files
    # rather than a CDN (a venue's network may have no way out).
    "ninja",
    "axes",
    "csp",
    "web",
    "tournament",
    "scoring",
    "referee",
    # The standings and the stages: above scoring and the referee desk, which they read.
    "results",
    "api",
    # The demo loader drives every service above; nothing imports it.
    "demo",
    # Above everything else: it listens to tournament/happenings.py, nothing imports it.
    "companion",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of the page: the cookie set by the language switch (set_language), else
    # the browser's Accept-Language, else LANGUAGE_CODE; the API always in LANGUAGE_CODE
    # (web/locale.py). After sessions, before common.
    "web.locale.PageLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before anything reads a form (CSRF first), after the language is known: a body too
    # large or a temporary folder full is a 413 or a 503 with a message (web/errors.py).
    "web.errors.UploadGuardMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The cookie that sends a signed-in organiser's or referee's public pages to nginx's
    # staff pool: a hint choosing a queue, never a right (tournament/events/queue_hint.py).
    "tournament.events.queue_hint.StaffQueueHintMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # After authentication: the request's user is the reader of the results, whom a session
    # held until every sheet is confirmed is hidden from (results/standings/publication.py).
    "results.standings.publication.ResultsReaderMiddleware",
    # After authentication and messages: a POST sent twice is stored once.
    "web.idempotency.FormTokenMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Wrong passwords per address (web/login_limit.py), beside axes' per user name.
    "web.login_limit.LoginAddressLimitMiddleware",
    # Last, as django-axes asks: it turns a locked login into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.context_processors.current_tournament",
            ],
            # {% form_token %} beside every {% csrf_token %}, without a {% load %}.
            "builtins": ["web.templatetags.form_tokens"],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# SQLite by default "so a fresh checkout just runs"; DATABASE_URL switches to PostgreSQL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(env("DB_CONN_MAX_AGE", "60")),
        # A connection kept between requests is checked before its first use in the next:
        # after PostgreSQL restarts, each process reconnects instead of failing one request
        # on its dead connection (web/errors.py answers the request that was in flight).
        conn_health_checks=env_bool("DB_CONN_HEALTH_CHECKS", True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several writers (web process, an eager task, a worker) wait for each other instead of
    # failing: IMMEDIATE takes the write lock when a transaction begins, so a transaction
    # that reads first and writes later cannot hit "database is locked" half-way.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes), for the site's login and the admin's alike: after
# AXES_FAILURE_LIMIT wrong passwords in a row for one user name from one address, that pair
# is locked for AXES_COOLOFF_MINUTES. User name and address together, because a venue's
# phones share one address behind its Wi-Fi: one player's typos must not lock out the hall.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = int(env("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = dt.timedelta(minutes=int(env("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# A try while locked does not start the wait again: the time the page shows holds.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "tournament.registration.lockout.lockout_response"
# The client's address behind NUM_PROXIES reverse proxies, as the API's rate limit reads it:
# behind nginx, REMOTE_ADDR is nginx's own, and 5 wrong passwords from anywhere locked a user
# name for everyone.
AXES_CLIENT_IP_CALLABLE = "web.throttle.client_address"
# And per address, whatever the user names (web/login_limit.py): higher than the per-name
# limit, since a venue's phones share one address.
LOGIN_ADDRESS_FAILURE_LIMIT = int(env("LOGIN_ADDRESS_FAILURE_LIMIT", "30"))

# Who may create a tournament: "organisers" (superusers and users an administrator gave the
# permission "Can add tournament", directly or by a group) or "open" (anyone logged in: a
# club's own server).
TOURNAMENT_CREATION = env("TOURNAMENT_CREATION", "organisers").strip().lower()
if TOURNAMENT_CREATION not in {"organisers", "open"}:
    raise ImproperlyConfigured(
        f"TOURNAMENT_CREATION is {TOURNAMENT_CREATION!r}; it must be 'organisers' or 'open'."
    )
# Mail (password reset): printed to the console unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = env("EMAIL_HOST")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(env("EMAIL_PORT", "587"))
EMAIL_HOST_USER = env("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "webmaster@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
# The languages of the pages: English, and those of the players of most European
# events. The names are in their own language in the switch (base.html). URLs stay the same
# in every language; the API and the exports are data and stay untranslated.
LANGUAGES = [
    ("en-gb", "English"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("it", "Italiano"),
    ("nl", "Nederlands"),
    ("pl", "Polski"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The chosen language is kept for a year, like a player's next events.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Per web node: each machine collects the static files into its own folder at deployment
# (deploy/README.md); whitenoise reads its manifest from there.
STATIC_ROOT = Path(env("STATIC_ROOT")) if env("STATIC_ROOT") else BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# Celery: a real broker with REDIS_URL, otherwise eager mode, where tasks run inline in the
# calling process and views behave the same either way (pretix does the same).
REDIS_URL = env("REDIS_URL")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
# Redis down must cost a request a second or two, not 20: short connection timeouts and one
# retry when publishing; the service then says the background service is down
# (web/jobs.py) instead of leaving a job waiting for a worker.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 0.5,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 0.5,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Beat's schedule file is state of a process, not of the project: outside the checkout.
CELERY_BEAT_SCHEDULE_FILENAME = env(
    "CELERY_BEAT_SCHEDULE_FILENAME",
    os.path.join(tempfile.gettempdir(), "riichi-celerybeat-schedule"),
)
# Seating generation: a worker stops a job after SEATING_TIME_LIMIT seconds; without a worker
# (eager mode) the job runs in the web request, so the core's search is capped at
# SEATING_EAGER_TIME_LIMIT seconds to end well before the web server's timeout (30 s).
SEATING_TIME_LIMIT = int(env("SEATING_TIME_LIMIT", "600"))
SEATING_EAGER_TIME_LIMIT = float(env("SEATING_EAGER_TIME_LIMIT", "20"))
# Task modules outside <app>/tasks.py, which autodiscovery does not find.
CELERY_IMPORTS = (
    "tournament.clock.tasks",
    "tournament.seating.tasks",
    "results.privacy.tasks",
    "companion.tasks",
)
# The session clock's signal (EMA 5.9, WRC 8.2) is queued with an ETA at its time; the beat
# sweep fires any signal whose ETA task was lost, e.g. in a broker restart.
CELERY_BEAT_SCHEDULE = {
    "session-clock-signals": {"task": "tournament.clock.fire_due_signals", "schedule": 10.0},
    # Used form tokens (web/idempotency.py) are kept a month, then forgotten.
    "purge-form-tokens": {"task": "tournament.purge_form_tokens", "schedule": 24 * 3600.0},
    # The entries' e-mails of tournaments past their retention (results/privacy/).
    "purge-private-details": {
        "task": "tournament.privacy.purge_private_details",
        "schedule": 24 * 3600.0,
    },
    # The companion's outbox: rows whose task was lost or whose worker died mid-send (their
    # lease expired), and the "session starts in 10 minutes" reminders.
    "companion-send-due": {"task": "companion.send_due", "schedule": 30.0},
    "companion-sessions-soon": {"task": "companion.sessions_soon", "schedule": 60.0},
}

# Web Push (the companion): without both keys push is off and the pages say so
# (`manage.py vapid_keys` prints a new pair). The subject is how a push service reaches the
# operator: a mailto: or https: address.
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY")
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY")
VAPID_SUBJECT = env("VAPID_SUBJECT") or f"mailto:{DEFAULT_FROM_EMAIL}"
# A worker holds a message it is sending this long; a worker that died mid-send leaves it to
# be sent again only after that (with the same Topic, so the phone still shows it once).
COMPANION_LEASE_SECONDS = int(env("COMPANION_LEASE_SECONDS", "120"))
COMPANION_PUSH_TIMEOUT = float(env("COMPANION_PUSH_TIMEOUT", "10"))
# The site's address for links in e-mails ("https://mahjong.example.org"); none: no link.
SITE_URL = env("SITE_URL").rstrip("/")

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # A stopped Redis answers at once (connection refused); an unreachable one must
            # not hold a request either: the pages then run without the cache.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# The public API (api/): how long answers are cached, the largest page, the rate limits.
API_CACHE_SECONDS = int(env("API_CACHE_SECONDS", "30"))
API_CLOCK_CACHE_SECONDS = int(env("API_CLOCK_CACHE_SECONDS", "1"))
API_MAX_PAGE_SIZE = 200
API_ANON_RATE = env("API_ANON_RATE", "60/min")  # per IP address
API_USER_RATE = env("API_USER_RATE", "600/min")  # per logged-in account
# Reverse proxies in front of the application that add the client's address to
# X-Forwarded-For (1 behind nginx); with 0 the rate limit uses REMOTE_ADDR and ignores the
# header, which a client could otherwise fill in itself to escape the limit.
NINJA_NUM_PROXIES = int(env("NUM_PROXIES", "0"))

# HTTPS (manage.py check --deploy is clean with these defaults). Production redirects to
# HTTPS and sends HSTS for a year unless the operator says otherwise; a development server
# (DEBUG=1) does neither.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if SECURE_HSTS_SECONDS and not SECURE_HSTS_PRELOAD:
    # Preloading submits the domain to the browsers' built-in lists, for good: the operator's
    # decision (SECURE_HSTS_PRELOAD=1), not a default the check should nag about.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
# Trust X-Forwarded-Proto only when the operator says the proxy in front sets it: otherwise
# any client could claim HTTPS. Behind nginx with TLS, SECURE_PROXY_SSL_HEADER=1.
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)

# Content-Security-Policy (django-csp): scripts, styles, images and requests from this site
# only, so a name or a comment that slips past the escaping cannot run as a script. The
# pages therefore hold no inline script, event handler or style attribute (static/js/).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        # The hand calculator opens inside the sheet's dialog: framed by the site itself only.
        "frame-ancestors": [SELF],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
}
