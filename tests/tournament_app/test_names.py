"""A name typed two ways is one person. NFC, and no zero-width or bidirectional
control characters, before the name is stored and before any duplicate check."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Player, Registration
from tournament.names import clean_name
from tournament.registration import selectors as registration_selectors
from tournament.registration.importing import check_rows, read_player_file

NFC = "Zo\u00eb"  # ë as one character, as a phone types it
NFD = "Zoe\u0308"  # e + combining diaeresis, as a Mac keyboard may send it
assert NFC != NFD


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        (NFD, NFC),
        ("Zo\u200b\u00eb", NFC),  # zero-width space
        ("\ufeffZo\u00eb", NFC),  # a BOM pasted in front
        ("Zo\u200d\u00eb\u200c", NFC),  # zero-width joiner and non-joiner
        ("\u202eZo\u00eb\u202c", NFC),  # right-to-left override ... pop
        ("\u2067Zo\u00eb\u2069", NFC),  # right-to-left isolate ... pop
        ("\u200fZo\u00eb\u200e", NFC),  # right-to-left and left-to-right marks
        ("  Zo\u00eb \t ", NFC),
        ("van  der\u00a0Berg", "van der Berg"),
        ("Mäkinen", "Mäkinen"),
        ("\u200b", ""),
    ],
)
def test_clean_name(typed, stored):
    assert clean_name(typed) == stored


def test_the_model_stores_one_spelling(db):
    player = Player.objects.create(first_name=NFD, last_name="\u202eNowak", country="PL")
    player.refresh_from_db()
    assert (player.first_name, player.last_name) == (NFC, "Nowak")


def test_sign_up_stores_the_name_the_imported_record_has_typed_the_other_way(client, db):
    """Sign-up never takes over the imported record, but spells the name as it."""
    imported = Player.objects.create(first_name=NFC, last_name="Nowak", country="PL")
    response = client.post(
        reverse("signup"),
        {
            "username": "zoe",
            "password1": "tiles-and-dice-42",
            "password2": "tiles-and-dice-42",
            "first_name": NFD,
            "last_name": "No\u200bwak",
            "country": "PL",
            "email": "zoe@example.org",
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    imported.refresh_from_db()
    assert imported.user is None
    mine = Player.objects.get(user__username="zoe")
    assert (mine.first_name, mine.last_name) == (imported.first_name, imported.last_name)


def test_the_organiser_s_form_sees_the_duplicate(client, tournament, organiser):
    player = Player.objects.create(first_name=NFC, last_name="Nowak", country="PL")
    Registration.objects.create(
        tournament=tournament, player=player, status=Registration.Status.CONFIRMED
    )
    client.force_login(organiser)
    client.post(
        reverse("tournament:player_add", args=[tournament.slug]),
        {"first_name": NFD, "last_name": "Nowak\u200e", "country": "PL"},
    )
    assert Player.objects.count() == 1
    assert Registration.objects.count() == 1


def test_an_import_matches_the_stored_person_and_its_own_lines(tournament):
    Player.objects.create(first_name=NFC, last_name="Nowak", country="PL")
    text = f"first name,last name,country\n{NFD},Nowak,PL\nAnn,Lee,DE\nAnn\u200b,Lee,DE\n"
    rows = read_player_file("p.csv", text.encode())
    report = check_rows(rows, registration_selectors.known_people(rows, tournament=tournament))
    zoe, ann, ann_again = report.checks
    assert zoe.player is not None and zoe.row.first_name == NFC  # the same person
    assert ann.ok
    assert ann_again.errors == [("", "Ann Lee (DE) is also on line 3 of the file.")]
