"""The privacy notice, "download my data" and "delete my account" (a person's own)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from results.privacy import selectors, services
from results.privacy.forms import AccountDeleteForm
from tournament.errors import ServiceError
from web import throttle

# Wrong passwords at the deletion's confirmation, per account (as at the login).
DELETE_TRIES = throttle.Limit("account-delete", count=10, seconds=3600)


@require_GET
def notice(request):
    return render(request, "privacy/notice.html")


@require_GET
@never_cache
@login_required
def download(request):
    data = selectors.personal_data(request.user)
    body = json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    stamp = timezone.now().strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="my-data-{stamp}.json"'
    return response


@never_cache
@login_required
def delete(request):
    user = request.user
    form = AccountDeleteForm(request.POST or None, user=user)
    if request.method == "POST":
        left = throttle.wait(DELETE_TRIES, str(user.pk))
        if left is not None:
            form = AccountDeleteForm(user=user)
            form.add_error(
                None,
                gettext("Too many wrong passwords. Try again in {minutes} minutes.").format(
                    minutes=throttle.minutes(left)
                ),
            )
            response = render(request, "privacy/delete.html", {"form": form}, status=429)
            response["Retry-After"] = str(left)
            return response
        if form.is_valid():
            try:
                services.account_delete(user=user)
            except ServiceError as error:
                form.add_error(None, error.message)
            else:
                logout(request)
                messages.success(request, gettext("Your account is deleted."))
                return redirect("home")
        else:
            throttle.hit(DELETE_TRIES, str(user.pk))
    return render(
        request,
        "privacy/delete.html",
        {"form": form, "sole_organiser_of": services.sole_organiser_of(user)},
    )
