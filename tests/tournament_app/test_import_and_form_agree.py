"""A row of an imported file goes through the organiser's registration form: the same
values typed into the form and read from a file get the same message on the same field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Registration
from tournament.registration import selectors as registration_selectors
from tournament.registration.importing import check_rows, read_player_file

GOOD = {
    "first_name": "Anna",
    "last_name": "Schmidt",
    "ema_number": "05000001",
    "country": "DE",
    "club": "",
    "email": "",
}

# One wrong value each: (field, value).
WRONG = [
    ("first_name", ""),
    ("ema_number", "1900004x"),  # a letter in the number
    ("ema_number", "0500003"),  # seven digits that already start with 0: a digit is missing
    ("country", "Atlantis"),
    ("email", "anna@"),
    ("last_name", "S" * 101),  # names are at most 100 characters
]
COLUMNS = ["first_name", "last_name", "ema_number", "country", "club", "email"]


def _imported(tournament, values, lang):
    header = "first name,last name,ema number,country,club,email\n"
    text = header + ",".join(values[c] for c in COLUMNS) + "\n"
    rows = read_player_file("players.csv", text.encode())
    (check,) = check_rows(
        rows, registration_selectors.known_people(rows, tournament=tournament)
    ).checks
    return check


@pytest.mark.parametrize(("field", "value"), WRONG)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bad_row_and_the_same_values_typed_get_the_same_message(
    client, tournament, organiser, field, value, lang
):
    from django.utils import translation

    values = {**GOOD, field: value}
    client.force_login(organiser)
    response = client.post(
        reverse("tournament:player_add", args=[tournament.slug]),
        values,
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.status_code == 200
    typed = response.context["form"].errors[field]
    with translation.override(lang):
        check = _imported(tournament, values, lang)
    assert check.errors == [(field, message) for message in typed]
    assert not Registration.objects.exists()


def test_the_messages_of_a_bad_ema_number_and_country(client, tournament, organiser):
    check = _imported(tournament, {**GOOD, "ema_number": "0500003", "country": "XX"}, "en")
    assert check.errors == [
        (
            "ema_number",
            "“0500003” is not 8 digits (it starts with 0 already, so no leading zero was "
            "lost: a digit is missing).",
        ),
        ("country", "“XX” is not a country (use an ISO code such as DE or a name)."),
    ]
    assert check.messages()[1] == (
        "Country: “XX” is not a country (use an ISO code such as DE or a name)."
    )


def test_a_typed_number_that_lost_its_zero_is_put_back_and_said_once(client, tournament, organiser):
    # 1000123: seven digits not starting with 0, an EMA number of Austria (01...) whose zero
    # a spreadsheet dropped; the organiser sees it once, and the entry has all 8 digits.
    client.force_login(organiser)
    response = client.post(
        reverse("tournament:player_add", args=[tournament.slug]),
        {**GOOD, "ema_number": "1000123", "country": "AT"},
        follow=True,
    )
    said = [str(m) for m in response.context["messages"]]
    lost = [m for m in said if "lost leading zero" in m]
    assert lost == ["Anna Schmidt: EMA number 1000123 read as 01000123 (a lost leading zero)."]
    assert Registration.objects.get().player.ema_number == "01000123"
