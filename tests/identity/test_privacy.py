"""A person's own data: "download my data", "delete my account", the privacy notice and
the consents for the stream and photos (GDPR Art. 7, 15, 17, 20)."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session as LoginSession
from django.test import Client
from django.urls import reverse

from referee.models import Penalty
from tests.conftest import enter_final
from tests.identity.conftest import ANNA
from tournament.models import LinkMethod, LinkRequest, Player, Registration, Session, Table


def _download(client) -> dict:
    response = client.get(reverse("profile_data"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def _played(tournament, anna, referee) -> None:
    """Session 1 of A at table 1 played and confirmed: Anna (East) 42,000."""
    session = Session.objects.get(tournament=tournament, number=1)
    table = Table.objects.get(tournament=tournament, number=1)
    enter_final(session, table, [42000, 31000, 27000, 20000], user=referee)


def test_download_my_data_holds_his_entry_seats_results_and_penalties(
    tournament, anna, anna_account, referee, outsider, b_cup
):
    _played(tournament, anna, referee)
    Penalty.objects.create(
        tournament=tournament, player=anna, kind="late", minutes=5, points=-5, reason="late"
    )
    LinkRequest.objects.create(user=anna_account, player=anna, message="it is me")
    # Another person's data: a table-mate's e-mail, and the outsider's own link request.
    mate = Player.objects.get(tournament=tournament, first_name="Mate0")
    Player.objects.filter(pk=mate.pk).update(email="mate0@secret.example")
    LinkRequest.objects.create(user=outsider, player=mate, message="outsider asks")

    client = Client()
    client.force_login(anna_account)
    data = _download(client)
    assert data["account"]["username"] == "anna"
    assert data["account"]["email"] == "anna@a.org"
    [entry] = data["tournament_entries"]
    assert entry["tournament"]["slug"] == tournament.slug
    assert entry["details"]["ema_number"] == ANNA["ema_number"]
    assert entry["details"]["email"] == "anna@a.org"
    assert entry["linked_by"] == LinkMethod.CODE
    assert [r["status"] for r in entry["registrations"]] == ["confirmed"]
    assert [(s["session"], s["table"], s["wind"]) for s in entry["seats"]] == [(1, 1, "East")]
    [result] = entry["results"]
    assert (result["session"], result["points"], result["rank"]) == (1, 42000, 1)
    [penalty] = entry["penalties"]
    assert (penalty["kind"], penalty["points"], penalty["reason"]) == ("late", "-5.00", "late")
    assert [r["message"] for r in data["link_requests"]] == ["it is me"]
    body = json.dumps(data)
    assert "mate0@secret.example" not in body
    assert "outsider asks" not in body
    assert "Mate0" not in body


def test_download_is_refused_to_an_anonymous_request(client, anna):
    response = client.get(reverse("profile_data"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_anothers_download_holds_none_of_annas_data(tournament, anna, outsider):
    client = Client()
    client.force_login(outsider)
    data = _download(client)
    assert data["tournament_entries"] == [] and data["profile"] is None
    assert "Schmidt" not in json.dumps(data) and "anna@a.org" not in json.dumps(data)


def _published(tournament, organiser, anna) -> dict[str, bytes]:
    public, staff = Client(), Client()
    staff.force_login(organiser)
    slug = tournament.slug
    answers = {
        "standings": public.get(reverse("tournament:standings", args=[slug])),
        "ema.csv": staff.get(reverse("tournament:ema_export", args=[slug, "csv"])),
        "api players": public.get(f"/api/v1/tournaments/{slug}/players"),
        "player": public.get(reverse("tournament:player", args=[slug, anna.pk])),
    }
    out = {}
    for name, response in answers.items():
        assert response.status_code == 200, name
        out[name] = b"".join(response) if response.streaming else response.content
    return out


def test_delete_my_account_keeps_the_published_results_and_forgets_the_rest(
    tournament, organiser, referee, anna, anna_account
):
    _played(tournament, anna, referee)
    profile = Player.objects.create(user=anna_account, email="anna@a.org", **ANNA)
    LinkRequest.objects.create(user=anna_account, player=anna, message="it is me")
    before = _published(tournament, organiser, anna)
    assert b"Schmidt" in before["ema.csv"] and b"05990001" in before["ema.csv"]

    client = Client()
    assert client.login(username="anna", password="pw-anna")
    other_phone = Client()
    assert other_phone.login(username="anna", password="pw-anna")
    page = client.get(reverse("profile_delete"))
    assert page.status_code == 200
    # A wrong password deletes nothing.
    wrong = client.post(reverse("profile_delete"), {"password": "nope"})
    assert wrong.status_code == 200 and "This is not your password." in wrong.content.decode()
    assert get_user_model().objects.filter(pk=anna_account.pk).exists()

    response = client.post(reverse("profile_delete"), {"password": "pw-anna"})
    assert response.status_code == 302
    assert not get_user_model().objects.filter(username="anna").exists()
    assert not Player.objects.filter(pk=profile.pk).exists()
    assert not LinkRequest.objects.filter(player=anna).exists()
    logged_in = [s.get_decoded().get("_auth_user_id") for s in LoginSession.objects.all()]
    assert str(anna_account.pk) not in logged_in
    # Her entry in A stays, without her e-mail (also in its history) and her account.
    entry = Player.objects.get(pk=anna.pk)
    assert (entry.first_name, entry.last_name, entry.ema_number) == ("Anna", "Schmidt", "05990001")
    assert entry.user_id is None and entry.email == ""
    assert not Player.history.filter(email="anna@a.org").exists()
    assert not Player.objects.filter(email="anna@a.org").exists()
    assert Registration.objects.filter(player=entry, tournament=tournament).exists()
    # The standings, the EMA file, the API and her page are what they were.
    assert _published(tournament, organiser, entry) == before
    # She cannot log in, and the other phone's session is gone.
    assert not Client().login(username="anna", password="pw-anna")
    assert other_phone.get(reverse("profile_data")).status_code == 302


def test_the_only_organiser_must_hand_over_before_deleting(tournament, organiser):
    organiser.set_password("pw-olga")
    organiser.save()
    client = Client()
    client.force_login(organiser)
    response = client.post(reverse("profile_delete"), {"password": "pw-olga"})
    assert response.status_code == 200
    assert "You are the only organiser of Test Open" in response.content.decode()
    assert get_user_model().objects.filter(pk=organiser.pk).exists()


def test_the_privacy_notice_is_linked_from_sign_up_registration_and_footer(
    client, tournament, outsider
):
    notice = reverse("privacy")
    page = client.get(notice)
    assert page.status_code == 200
    assert "Your rights" in page.content.decode()
    assert f'href="{notice}"' in client.get(reverse("signup")).content.decode()
    assert f'href="{notice}"' in client.get(reverse("home")).content.decode()
    tournament.registration_opens = tournament.created_at
    tournament.save()
    client.force_login(outsider)
    register = client.get(reverse("tournament:register", args=[tournament.slug]))
    assert f'href="{notice}"' in register.content.decode()


def test_consents_asked_at_registration_and_changed_on_the_profile(client, tournament, outsider):
    tournament.registration_opens = tournament.created_at
    tournament.save()
    client.force_login(outsider)
    response = client.post(
        reverse("tournament:register", args=[tournament.slug]),
        {
            "first_name": "Otto",
            "last_name": "Out",
            "country": "DE",
            "email": "otto@o.example",
            "consent_photos": "1",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    entry = Player.objects.get(tournament=tournament, user=outsider)
    assert (entry.consent_stream, entry.consent_photos) == (False, True)
    # On his profile he agrees to the stream too; his entry follows, with history.
    profile = client.get(reverse("profile")).content.decode()
    assert 'name="consent_stream"' in profile
    client.post(
        reverse("profile"),
        {
            "first_name": "Otto",
            "last_name": "Out",
            "country": "DE",
            "email": "otto@o.example",
            "consent_stream": "on",
            "consent_photos": "on",
        },
    )
    entry.refresh_from_db()
    assert (entry.consent_stream, entry.consent_photos) == (True, True)
    assert entry.history.filter(consent_stream=False).exists()
    # His profile's history says it in words.
    changes = client.get(reverse("profile")).content.decode()
    assert "Appear by name on the stream page" in changes


def test_the_organiser_records_consents_on_the_player_form(client, tournament, organiser):
    player = Player.objects.create(first_name="Paper", last_name="Form", country="FR")
    registration = Registration.objects.create(tournament=tournament, player=player)
    client.force_login(organiser)
    url = reverse("tournament:player_edit", args=[tournament.slug, registration.pk])
    response = client.post(
        url,
        {
            "first_name": "Paper",
            "last_name": "Form",
            "country": "FR",
            "consent_stream": "on",
        },
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.consent_stream, player.consent_photos) == (True, False)
    assert player.history.latest("history_date").history_user == organiser
