"""Flags, logo, favicon and the web app manifest: what renders the same on every screen."""

import json

from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.conftest import make_players


def test_favicon_ico_is_answered_by_the_shipped_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("img/favicon.ico")
    icon = finders.find("img/favicon.ico")
    with open(icon, "rb") as f:
        header = f.read(6)
    assert header == b"\x00\x00\x01\x00\x01\x00"  # an .ico with one image


def test_manifest_opens_the_page_it_was_added_from(client):
    response = client.get(reverse("webmanifest"), {"start": "/t/test-open/referee/"})
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/t/test-open/referee/"
    assert manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_manifest_never_starts_on_another_site(client):
    for start in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        manifest = json.loads(client.get(reverse("webmanifest"), {"start": start}).content)
        assert manifest["start_url"] == "/"


def test_flags_are_images_shipped_with_the_project_not_emoji(client, tournament):
    make_players(tournament, 2)  # from Germany
    for name in ("tournament:players", "tournament:standings"):
        page = client.get(reverse(name, args=[tournament.slug])).content.decode()
        assert '<img class="flag" src="/static/flags/de.gif"' in page
        assert "\U0001f1e9\U0001f1ea" not in page  # the regional-indicator emoji DE
    assert finders.find("flags/de.gif")


def test_every_page_has_the_logo_as_an_image_and_no_inline_script(client, tournament):
    page = client.get(reverse("tournament:detail", args=[tournament.slug])).content.decode()
    assert "img/logo.svg" in page
    assert "\U0001f004" not in page  # the mahjong tile emoji
    assert "onclick=" not in page and "<script>" not in page
    assert finders.find("img/logo.svg")


def test_the_service_worker_is_served_from_the_root_and_never_keeps_posts(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]  # a new version is picked up at once
    script = response.content.decode()
    assert 'if (request.method !== "GET") return;' in script
