"""What tournament A shows to the public, its organiser and the API: compared before and
after another tournament's staff act."""

from django.test import Client
from django.urls import reverse


def a_answers(tournament, organiser, players) -> dict[str, bytes]:
    """A's pages, exports, API and EMA file, as its organiser and the public get them."""
    slug = tournament.slug
    public = Client()
    staff = Client()
    staff.force_login(organiser)
    urls = {
        "standings": (public, reverse("tournament:standings", args=[slug])),
        "players": (staff, reverse("tournament:players", args=[slug])),
        "players.csv": (staff, reverse("tournament:players", args=[slug]) + "?_export=csv"),
        "ema.csv": (staff, reverse("tournament:ema_export", args=[slug, "csv"])),
        "api players": (public, f"/api/v1/tournaments/{slug}/players"),
        "accounts": (staff, reverse("tournament:accounts", args=[slug])),
        "slips": (staff, reverse("reporting:slips", args=[slug])),
    }
    for p in players:
        urls[f"player {p.pk}"] = (public, reverse("tournament:player", args=[slug, p.pk]))
        urls[f"api player {p.pk}"] = (public, f"/api/v1/tournaments/{slug}/players/{p.pk}")
    out = {}
    for name, (client, url) in urls.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        body = b"".join(response) if response.streaming else response.content
        # The CSRF and form tokens differ on every page; nothing else may.
        out[name] = _without_tokens(body)
    return out


def _without_tokens(body: bytes) -> bytes:
    import re

    body = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", body)
    return re.sub(rb'name="form_token" value="[^"]+"', b"", body)
