"""The language of a request (issue 19): Django's LocaleMiddleware, except for the API.

The pages follow the language cookie and the browser's Accept-Language. The public API
(``/api/``) is data for other programs: it answers in the project's language whatever the
client asks, so that an answer is the same for every reader and its cache.
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

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
