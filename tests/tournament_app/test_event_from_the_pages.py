"""An event made ready through the pages alone: create, import 200 players from a file with
bad rows, 10 players register themselves, confirm, check everyone in, sessions ready."""

from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.ema import COUNTRY_ASSOCIATION
from tournament.models import Registration, Tournament

COUNTRIES = ["DE", "FR", "NL", "DK", "FI", "SE", "PL", "AT", "IT", "ES"]


def _player_file() -> tuple[str, dict[int, str]]:
    """200 good players, 2 reserves, and bad rows at known lines with their reason."""
    lines = ["First name,Last name,EMA number,Country,Club,E-mail,Reserve"]
    for i in range(200):
        country = COUNTRIES[i % len(COUNTRIES)]
        number = f"{COUNTRY_ASSOCIATION[country]}{100000 + i:06d}"
        lines.append(f"Given{i:03d},Family{i:03d},{number},{country},Club {country},,")
    lines.append("Resa,Reserve,,BE,,,yes")
    lines.append("Rolf,Reserve,,CH,,,yes")
    bad = {
        len(lines) + 1: "First name: This field is required.",
        len(lines) + 2: "EMA number: “0512” is not 8 digits.",
        len(lines) + 3: "Country: “Atlantis” is not a country",
        len(lines) + 4: "EMA number: 05100000 is also on line 2 of the file.",
        len(lines) + 5: "given001 FAMILY001 (FR) is also on line 3 of the file.",
    }
    lines += [
        ",Nameless,,DE,,,",
        "Short,Number,0512,DE,,,",
        "Lost,Island,,Atlantis,,,",
        "Copy,Cat,05100000,DE,,,",
        "given001,FAMILY001,,FR,,,",
    ]
    return "\n".join(lines) + "\n", bad


def test_an_organiser_runs_registration_from_the_pages(client, creator, db):
    organiser = creator
    client.force_login(organiser)

    # 1. Create the tournament.
    response = client.post(
        reverse("tournament:new"),
        {
            "name": "European Riichi Championship",
            "start_date": "2026-08-14",
            "end_date": "2026-08-16",
            "ruleset": "ema2016",
            "ema_rated": "on",
            "session_count": "11",
            "player_limit": "220",
            "visibility": "published",
        },
    )
    tournament = Tournament.objects.get()
    assert response.url == reverse("tournament:dashboard", args=[tournament.slug])
    assert tournament.tables.count() == 55 and tournament.sessions.count() == 11

    # 2. Import the file: every bad row is explained, nothing imported; then the good rows.
    text, bad = _player_file()
    url = reverse("tournament:player_import", args=[tournament.slug])
    upload = SimpleUploadedFile("erc.csv", text.encode("utf-8"), content_type="text/csv")
    response = client.post(url, {"file": upload})
    report = response.context["report"]
    explained = {c.row.line: " ".join(c.messages()) for c in report.bad}
    assert sorted(explained) == sorted(bad)
    for line, reason in bad.items():
        assert reason in explained[line], (line, explained[line])
    page = response.content.decode()
    assert "Nothing was imported" in page and "Import only the 202 good rows" in page
    assert not Registration.objects.exists()
    response = client.post(url, {"action": "good-rows"})
    assert response.context["result"].confirmed == 200
    assert response.context["result"].reserves == 2

    # 3. Open registration from the dashboard; ten players sign up and register.
    client.post(reverse("tournament:open_registration", args=[tournament.slug]))
    for n in range(10):
        player = Client()
        player.post(
            reverse("signup"),
            {
                "username": f"late{n}",
                "password1": "riichi-ippatsu-77",
                "password2": "riichi-ippatsu-77",
                "first_name": f"Late{n}",
                "last_name": "Comer",
                "ema_number": f"11{200000 + n:06d}",
                "country": "GB",
                "email": f"late{n}@example.org",
            },
        )
        response = player.post(reverse("tournament:register", args=[tournament.slug]))
        assert response.status_code == 302
    assert get_user_model().objects.filter(username__startswith="late").count() == 10
    assert tournament.registrations.filter(status="pending").count() == 10

    # 4. Confirm them, then reserves answer the EMA's question.
    client.post(reverse("tournament:confirm_pending", args=[tournament.slug]))
    assert tournament.registrations.filter(status="confirmed", is_reserve=False).count() == 210
    for reserve in tournament.registrations.filter(is_reserve=True):
        client.post(
            reverse(
                "tournament:registration_action", args=[tournament.slug, reserve.pk, "not-counted"]
            )
        )

    # 5. Check everyone in; 210 is not a multiple of four: fill from the reserves.
    ids = list(tournament.registrations.values_list("pk", flat=True))
    client.post(
        reverse("tournament:checkin", args=[tournament.slug]),
        {"registration": ids, "action": "check-in"},
    )
    page = client.get(reverse("tournament:checkin", args=[tournament.slug])).content.decode()
    assert "210 players are checked in: 2 reserve(s) must fill in" in page
    client.post(reverse("tournament:fill_from_reserves", args=[tournament.slug]))

    # 6. The dashboard shows the sessions ready to seat, with two EMA warnings left.
    response = client.get(reverse("tournament:dashboard", args=[tournament.slug]))
    page = response.content.decode()
    assert "212 players at 53 tables" in page
    assert page.count("ready to seat") == 11
    assert [w.text for w in response.context["warnings"]] == [
        "212 players need at least 7 referee(s) (one per 32); the tournament has 0.",
        # Two of the file's players have no EMA number yet: each is linked to its edit page.
        "2 confirmed player(s) without a valid EMA number (8 digits): their results cannot "
        "go to the EMA ranking.",
    ]
    assert len(response.context["warnings"][1].fixes) == 2
