"""The attacks of the identity review, each on the path it took: tournament B's organiser
(or an outsider) against tournament A's player Anna. Each failed before a tournament's
entry was its own record."""

import re

from django.core import mail
from django.test import Client
from django.urls import reverse

from scoring.models import PersonalCode
from tests.identity.conftest import ANNA
from tests.identity.helpers import a_answers
from tournament.models import LinkMethod, Player, Registration
from tournament.registration import linking


def _add_by_ema(client, b, **extra):
    """B's organiser adds Anna by name, country and EMA number (all public) on B's page."""
    data = {**ANNA, "club": "", "email": "", **extra}
    response = client.post(reverse("tournament:player_add", args=[b.slug]), data)
    assert response.status_code == 302, response.content[:500]
    return Registration.objects.get(tournament=b, player__ema_number=ANNA["ema_number"])


def _login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_1_b_s_organiser_cannot_undo_rewrite_or_take_a_s_player(
    tournament, organiser, anna, anna_account, b_cup
):
    b, boss = b_cup
    before = a_answers(tournament, organiser, [anna])
    as_b = _login(boss)
    registration = _add_by_ema(as_b, b)
    assert registration.player.pk != anna.pk and registration.player.tournament == b
    # Undo on B's page names B's own entry, which has no account: nothing of A's changes.
    as_b.post(reverse("tournament:accounts_undo", args=[b.slug, registration.pk]))
    # A's registration id on B's page is not found.
    a_registration = Registration.objects.get(tournament=tournament, player=anna)
    response = as_b.post(reverse("tournament:accounts_undo", args=[b.slug, a_registration.pk]))
    assert response.status_code == 404
    as_b.post(
        reverse("tournament:player_edit", args=[b.slug, registration.pk]),
        {
            "first_name": "Hacked",
            "last_name": "ByB",
            "ema_number": "05990999",
            "country": "DE",
            "club": "",
            "email": "b@evil.example",
        },
    )
    anna.refresh_from_db()
    assert (anna.first_name, anna.last_name, anna.ema_number) == ("Anna", "Schmidt", "05990001")
    assert anna.user == anna_account and anna.email == "anna@a.org"
    after = a_answers(tournament, organiser, [anna])
    assert after == before
    assert b"Hacked" not in after["ema.csv"] and b"05990999" not in after["api players"]
    # B's own entry did change, as B's organiser asked.
    assert Registration.objects.get(pk=registration.pk).player.last_name == "ByB"


def test_2_a_link_mailed_to_the_address_b_wrote_never_makes_anyone_a_s_player(
    tournament, organiser, anna, b_cup, outsider
):
    b, boss = b_cup
    _add_by_ema(_login(boss), b, email="outsider@evil.example")
    as_outsider = _login(outsider)
    for slug in (tournament.slug, b.slug):
        as_outsider.post(
            reverse("profile_link"),
            {"m-tournament": slug, "m-ema_number": ANNA["ema_number"], "mail": "1"},
        )
    # A's entry is linked already: no mail for it. B's goes to the address B wrote.
    assert [m.to for m in mail.outbox] == [["outsider@evil.example"]]
    url = re.search(r"http://testserver(/profile/link/mail/\S+/)", mail.outbox[0].body).group(1)
    as_outsider.post(url)
    anna.refresh_from_db()
    b_entry = Registration.objects.get(tournament=b).player
    assert b_entry.user == outsider and anna.user.username == "anna"
    # In A he is nobody: his table page shows no table, and he cannot answer Anna's sheet.
    page = as_outsider.get(reverse("reporting:my_table", args=[tournament.slug]))
    assert page.context["table"] is None and b"Mate0" not in page.content
    response = as_outsider.post(
        reverse("reporting:answer", args=[tournament.slug]), {"version": 1, "kind": "confirmed"}
    )
    assert response.status_code in (403, 404)


def test_3_b_s_slip_page_shows_b_s_own_code_that_links_only_b_s_entry(
    tournament, organiser, b_cup, outsider
):
    b, boss = b_cup
    # Anna without an account in A, with A's slip code.
    lena = Player.objects.create(**ANNA)
    Registration.objects.create(tournament=tournament, player=lena, status="confirmed")
    PersonalCode.objects.create(tournament=tournament, player=lena, code="AAAA22")
    as_b = _login(boss)
    _add_by_ema(as_b, b)
    slips = as_b.get(reverse("reporting:slips", args=[b.slug])).content
    assert b"AAAA22" not in slips
    b_code = PersonalCode.objects.get(tournament=b).code
    assert b_code.encode() in slips
    # A's code typed with B's slug, and B's code with A's slug, link nothing.
    for slug, code in ((b.slug, "AAAA22"), (tournament.slug, b_code)):
        response = _login(outsider).post(
            reverse("profile_link"), {"c-tournament": slug, "c-code": code, "code": "1"}
        )
        assert b"This code is not accepted" in response.content
    linked = linking.link_by_code(user=outsider, tournament_slug=b.slug, code=b_code)
    lena.refresh_from_db()
    assert linked.tournament == b and lena.user is None


def test_4_b_never_sees_an_e_mail_a_or_the_person_recorded(
    tournament, organiser, anna, b_cup, client
):
    b, boss = b_cup
    as_b = _login(boss)
    registration = _add_by_ema(as_b, b)
    for url in (
        reverse("tournament:players", args=[b.slug]),
        reverse("tournament:players", args=[b.slug]) + "?_export=csv",
        reverse("tournament:player_edit", args=[b.slug, registration.pk]),
    ):
        response = as_b.get(url)
        body = b"".join(response) if response.streaming else response.content
        assert b"Schmidt" in body and b"anna@a.org" not in body, url
    # A person who registers himself gives B his own address, not A's record's.
    assert registration.player.email == ""


def test_5_a_mailed_link_works_once(tournament, organiser, b_cup, outsider):
    lena = Player.objects.create(email="lena@a.org", **ANNA)
    registration = Registration.objects.create(tournament=tournament, player=lena)
    as_outsider = _login(outsider)
    as_outsider.post(
        reverse("profile_link"),
        {"m-tournament": tournament.slug, "m-ema_number": ANNA["ema_number"], "mail": "1"},
    )
    url = re.search(r"http://testserver(/profile/link/mail/\S+/)", mail.outbox[0].body).group(1)
    as_outsider.post(url)
    lena.refresh_from_db()
    assert lena.user == outsider and lena.link_method == LinkMethod.MAIL
    _login(organiser).post(
        reverse("tournament:accounts_undo", args=[tournament.slug, registration.pk])
    )
    response = as_outsider.post(url, follow=True)
    assert b"used already" in response.content
    lena.refresh_from_db()
    assert lena.user is None
