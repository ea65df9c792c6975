"""The slip code has one home (tournament.slip_codes): a typed code is read the same way,
and wrong guesses count against the same allowance, on the page where a table-mate answers
a sheet with it and on the page where an account is linked with it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import PersonalCode, SheetResponse
from scoring.reporting.services import ensure_personal_codes
from tests.reporting.test_player_reporting import enter
from tests.reporting.test_slip_code_guessing import _code_post, held_clock  # noqa: F401
from tournament import slip_codes
from tournament.models import Player, Registration

pytestmark = pytest.mark.django_db


def _link(client, user, slug, code, address="10.0.0.1"):
    client.force_login(user)
    return client.post(
        reverse("profile_link"),
        {"c-tournament": slug, "c-code": code, "code": "1"},
        REMOTE_ADDR=address,
    )


@pytest.mark.parametrize("typed", ["ab-12 cd", "AB12CD", " ab12cd ", "AB–12–CD", "a b 1 2 c d"])
def test_every_way_of_typing_a_code_is_the_same_code(typed):
    assert slip_codes.normalise(typed) == "AB12CD"


def test_a_code_typed_in_small_letters_with_a_dash_is_taken_on_both_pages(
    client, accounts, running
):
    codes = {c.player_id: c.code for c in ensure_personal_codes(tournament=running.tournament)}
    enter(client, accounts[0])
    south = Player.objects.get(user=accounts[1])
    code = codes[south.pk]
    typed = f"{code[:3].lower()}-{code[3:].lower()}"
    assert _code_post(client, accounts[0], typed).status_code == 302
    assert SheetResponse.objects.filter(player=south, by_code=True).exists()

    # An entry without an account, linked on the profile page with the same spelling.
    lena = Player.objects.create(first_name="Lena", last_name="Berg", country="SE")
    Registration.objects.create(tournament=running.tournament, player=lena, status="confirmed")
    PersonalCode.objects.create(tournament=running.tournament, player=lena, code="K7M2QX")
    newcomer = get_user_model().objects.create_user("lena", password="pw-lena")
    _link(client, newcomer, running.tournament.slug, "k7m-2qx")
    lena.refresh_from_db()
    assert lena.user == newcomer


def test_wrong_guesses_on_either_page_share_one_allowance(client, accounts, running):
    ensure_personal_codes(tournament=running.tournament)
    enter(client, accounts[0])
    slug = running.tournament.slug
    per_account = slip_codes.GUESSES_PER_ACCOUNT.count
    assert per_account == 5
    # Three wrong codes on the link page, two on the sheet's page: five in the minute.
    for i in range(3):
        assert _link(client, accounts[0], slug, f"WRONG{i}").status_code == 200
    for i in range(per_account - 3):
        assert _code_post(client, accounts[0], f"BAD{i}").status_code == 400
    # The sixth waits on both pages.
    assert _code_post(client, accounts[0], "BAD9").status_code == 429
    assert _link(client, accounts[0], slug, "WRONG9").status_code == 429
