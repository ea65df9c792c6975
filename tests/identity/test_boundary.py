"""Whatever tournament B's staff do, through its pages, forms, import and the API, every
page, export and file of tournament A answers the same before and after. B's staff try
A's ids on every page of B that takes one (registrations, players, link requests)."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.identity.conftest import ANNA
from tests.identity.helpers import a_answers
from tournament.models import LinkRequest, Player, Registration


def test_nothing_b_s_staff_do_changes_any_answer_of_a(
    tournament, organiser, anna, anna_account, b_cup, outsider
):
    b, boss = b_cup
    # A's other players, one without an account and with an e-mail A recorded.
    quiet = Player.objects.create(
        first_name="Quiet",
        last_name="Person",
        ema_number="05990002",
        country="DE",
        email="quiet@a.org",
    )
    Registration.objects.create(tournament=tournament, player=quiet, status="confirmed")
    pending = LinkRequest.objects.create(user=outsider, player=quiet)
    a_players = list(Player.objects.filter(registrations__tournament=tournament))
    before = a_answers(tournament, organiser, a_players)

    staff = Client()
    staff.force_login(boss)
    slug = b.slug
    # B enters A's people: by the form, and by an import with their public details.
    staff.post(reverse("tournament:player_add", args=[slug]), {**ANNA, "club": "B", "email": ""})
    csv = (
        "first name,last name,ema,country,club,e-mail\n"
        "Quiet,Person,05990002,DE,Evil,evil@b.example\n"
        "Mate0,Table,05991000,DE,,\n"
    )
    staff.post(
        reverse("tournament:player_import", args=[slug]),
        {"file": SimpleUploadedFile("p.csv", csv.encode(), content_type="text/csv")},
    )
    staff.post(reverse("tournament:player_import", args=[slug]), {"action": "good-rows"})
    # On every page of B that takes an id: B's own ids and A's.
    a_regs = list(tournament.registrations.values_list("pk", flat=True))
    b_regs = list(b.registrations.values_list("pk", flat=True))
    details = {
        "first_name": "Hacked",
        "last_name": "ByB",
        "ema_number": "05990999",
        "country": "DE",
        "club": "",
        "email": "b@evil.example",
    }
    for pk in a_regs + b_regs:
        staff.post(reverse("tournament:accounts_undo", args=[slug, pk]))
        staff.post(reverse("tournament:player_edit", args=[slug, pk]), details)
        staff.post(reverse("tournament:registration_withdraw", args=[slug, pk]), {"reason": "x"})
        for action in ("confirm", "withdraw", "reserve", "check-in"):
            staff.post(reverse("tournament:registration_action", args=[slug, pk, action]))
    for pk in (pending.pk,):
        for decision in ("approve", "decline"):
            staff.post(reverse("tournament:accounts_decide", args=[slug, pk, decision]))
    for player in a_players:
        staff.get(reverse("tournament:player", args=[slug, player.pk]))
        staff.get(f"/api/v1/tournaments/{slug}/players/{player.pk}")
    staff.get(reverse("reporting:slips", args=[slug]))
    staff.get(reverse("tournament:players", args=[slug]) + "?_export=csv")
    # B's own pages of A's tournament are refused (B's organiser is no staff of A).
    for url in (
        reverse("tournament:accounts", args=[tournament.slug]),
        reverse("reporting:slips", args=[tournament.slug]),
        reverse("tournament:ema_export", args=[tournament.slug, "csv"]),
    ):
        assert staff.get(url).status_code in (302, 403, 404)

    after = a_answers(tournament, organiser, a_players)
    assert after == before
    quiet.refresh_from_db()
    anna.refresh_from_db()
    assert (quiet.email, quiet.club, quiet.user) == ("quiet@a.org", "", None)
    assert anna.user == anna_account
    assert LinkRequest.objects.get(pk=pending.pk).state == LinkRequest.State.PENDING
    # B did get its own entries (what is public, B's own details).
    assert b.registrations.count() >= 2
    assert not Player.objects.filter(tournament=b, email="quiet@a.org").exists()
