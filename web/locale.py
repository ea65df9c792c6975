"""The language of a request: Django's LocaleMiddleware, except for the API.

The pages follow the language cookie and the browser's Accept-Language. The public API
(``/api/``) is data for other programs: it answers in the project's language whatever the
client asks, so that an answer is the same for every reader and its cache.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

API_PREFIX = "/api/"


class PageLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request):
        if request.path.startswith(API_PREFIX):
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = translation.get_language()
            return None
        return super().process_request(request)

    def process_response(self, request, response):
        if request.path.startswith(API_PREFIX):
            return response
        return super().process_response(request, response)


@never_cache
@require_GET
def language_switch(request):
    """The language switch in every page's footer: ``?language=de&next=/t/.../``.

    A GET form, not Django's ``set_language`` POST: a POST form needs a CSRF token, and a
    token in the footer of every page made every public page belong to its visitor alone, so
    none could be served from the cache (web.cache). Choosing a language changes only
    that visitor's cookie, nothing another user or the history relies on; an unknown
    language or a ``next`` to another site is ignored as ``set_language`` ignores them.
    """
    next_url = request.GET.get("next") or "/"
    # Only a path of this site: ``redirect()`` would read "abc" as a view's name (a 500);
    # OWASP's Unvalidated Redirects cheat sheet: accept local paths, nothing else.
    if not next_url.startswith("/") or not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"
    response = HttpResponseRedirect(next_url)
    code = request.GET.get("language", "")
    if code in dict(settings.LANGUAGES) and translation.check_for_language(code):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response
