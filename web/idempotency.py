"""A form is stored once, however often it is sent (three identical POSTs of a penalty made three).

Every state-changing form carries a hidden ``form_token`` made when the form is rendered
(``{% form_token %}``, beside ``{% csrf_token %}``).  ``FormTokenMiddleware`` runs the view of
a POST that carries one inside a transaction that first claims the token: a row with a
unique constraint (``web.models.FormToken``).  So of two identical POSTs,

- on PostgreSQL the second's INSERT waits for the first transaction, then fails on the
  unique constraint once the first committed;
- on SQLite (``transaction_mode`` IMMEDIATE, config/settings.py) the second transaction
  starts only when the first has ended, and finds the token;

and the second is answered with a redirect to the page the first one led to and the message
"already saved", never a second row.  The check lives here only: no view repeats it.

A POST whose view did not save (the form came back with errors: a page, not a redirect; or
a redirect with an error message) gives its token back, so the corrected form can be sent.
A POST without a token (a client of its own, the admin, the login) is handled as before.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.shortcuts import redirect

from web.models import FormToken

FIELD = "form_token"
_TOKEN = re.compile(r"^[0-9a-f]{32}$")
ALREADY_SAVED = "Already saved: this form was sent more than once and counts once."


# How long a used token is kept: a form sent again after this long (a page left open for a
# month, then sent) is taken as new. Older rows are removed daily (web/tasks.py).
KEEP_TOKENS = dt.timedelta(days=30)


def form_tokens_purge(*, now: dt.datetime, keep: dt.timedelta = KEEP_TOKENS) -> int:
    """Remove the tokens used longer than ``keep`` ago; the number removed."""
    removed, _ = FormToken.objects.filter(created_at__lt=now - keep).delete()
    return removed


def new_token() -> str:
    return uuid.uuid4().hex


class Repeated(Exception):
    """The token was used by a POST that saved: ``first`` says where it led."""

    def __init__(self, first: FormToken | None):
        super().__init__("form token already used")
        self.first = first


def form_token_claim(*, token: str, user, path: str) -> FormToken:
    """Record ``token`` as used, inside the caller's transaction; ``Repeated`` if it was."""
    try:
        with transaction.atomic():
            return FormToken.objects.create(
                token=token,
                user=user if user is not None and user.is_authenticated else None,
                path=path[:500],
            )
    except IntegrityError:
        raise Repeated(FormToken.objects.filter(token=token).first()) from None


def _error_messages(request) -> int:
    storage = getattr(request, "_messages", None)
    queued = getattr(storage, "_queued_messages", [])
    return sum(1 for m in queued if m.level >= messages.ERROR)


def run_once(request, view):
    """``view()`` once per form token: the service helper the middleware calls."""
    token = request.POST.get(FIELD, "")
    if not _TOKEN.match(token):
        return view()
    errors_before = _error_messages(request)
    try:
        with transaction.atomic():
            claim = form_token_claim(token=token, user=request.user, path=request.path)
            response = view()
            saved = (
                300 <= response.status_code < 400
                and response.has_header("Location")
                and _error_messages(request) == errors_before
            )
            if saved:
                claim.url = response["Location"][:500]
                claim.save(update_fields=["url"])
            else:
                claim.delete()  # nothing was stored: the corrected form may use it again
            return response
    except Repeated as repeat:
        messages.info(request, ALREADY_SAVED)
        return redirect(repeat.first.url if repeat.first and repeat.first.url else request.path)


class FormTokenMiddleware:
    """Placed after the authentication and message middleware (config/settings.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method != "POST" or FIELD not in request.POST:
            return None
        return run_once(request, lambda: view_func(request, *view_args, **view_kwargs))
