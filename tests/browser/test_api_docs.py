"""The public API's documentation page works at a venue without a way out to the internet:
Swagger UI comes from this server's static files and lists every endpoint."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", ["page", "phone"])
def test_api_docs_render_with_no_request_outside_the_server(request, live_server, screen):
    page = request.getfixturevalue(screen)
    here = urlsplit(live_server.url).netloc
    outside: list[str] = []

    def only_here(route):
        # As at a venue whose Wi-Fi reaches only the tournament server: anything else fails.
        if urlsplit(route.request.url).netloc != here:
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", only_here)
    page.goto("/api/v1/docs")
    expect(page.locator(".opblock")).to_have_count(9)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/v1/tournaments/{slug}/standings" in p.replace("\u200b", "") for p in paths)
    assert outside == []
