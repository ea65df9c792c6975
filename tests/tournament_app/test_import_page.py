"""Importing players from the page: every bad row explained, nothing half-imported; the
sample file the page offers imports cleanly."""

from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.templatetags.static import static
from django.urls import reverse

from tests.conftest import make_players
from tournament.models import Player, Registration
from tournament.registration.importing import COLUMNS, read_player_file

HEADER = "first name;last name;EMA number;country;club;reserve\n"


def _upload(client, tournament, text, name="players.csv"):
    url = reverse("tournament:player_import", args=[tournament.slug])
    upload = SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/csv")
    return client.post(url, {"file": upload})


def test_a_clean_file_is_imported(client, tournament, organiser):
    client.force_login(organiser)
    text = HEADER + "Anna;Schmidt;05000001;DE;Riichi Berlin;\nNico;Meier;;CH;;yes\n"
    response = _upload(client, tournament, text)
    assert response.context["result"].confirmed == 1
    assert response.context["result"].reserves == 1
    assert "Imported 1 confirmed player(s)" in response.content.decode()
    assert Registration.objects.filter(tournament=tournament, is_reserve=True).count() == 1


def test_bad_rows_stop_the_import_until_the_good_rows_are_chosen(client, tournament, organiser):
    client.force_login(organiser)
    text = HEADER + "Anna;Schmidt;05000001;DE;;\n;Weber;05000002;DE;;\nLea;Fischer;123;DE;;\n"
    response = _upload(client, tournament, text)
    page = response.content.decode()
    assert "Nothing was imported" in page
    assert (
        '<td class="num">3</td><td>Weber</td><td>First name: This field is required.</td>' in page
    )
    assert "“123” is not 8 digits." in page
    assert not Registration.objects.exists()
    url = reverse("tournament:player_import", args=[tournament.slug])
    response = client.post(url, {"action": "good-rows"})
    assert response.context["result"].confirmed == 1
    assert list(Registration.objects.values_list("player__last_name", flat=True)) == ["Schmidt"]
    # The corrected file can be uploaded whole: who is in already is skipped.
    fixed = HEADER + "Anna;Schmidt;05000001;DE;;\nJonas;Weber;05000002;DE;;\nLea;Fischer;;DE;;\n"
    response = _upload(client, tournament, fixed)
    assert response.context["result"].confirmed == 2
    assert response.context["result"].skipped == 1
    assert Registration.objects.count() == 3


def test_a_file_that_cannot_be_read_is_an_error_on_the_form(client, tournament, organiser):
    client.force_login(organiser)
    response = _upload(client, tournament, "name,club\nA,B\n")
    assert "missing: first name, country" in response.content.decode()
    response = _upload(client, tournament, "x", name="players.docx")
    assert "neither a CSV nor an XLSX" in response.content.decode()


def test_import_beyond_the_limit_fills_the_waiting_list(client, tournament, organiser):
    tournament.player_limit = 2
    tournament.save()
    client.force_login(organiser)
    rows = "".join(f"P{i};Q{i};;DE;;\n" for i in range(3))
    result = _upload(client, tournament, HEADER + rows).context["result"]
    assert (result.confirmed, result.waiting) == (2, 1)


def test_organiser_adds_a_player_by_hand_with_a_country_warning(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournament:player_add", args=[tournament.slug])
    data = {"first_name": "Jan", "last_name": "Dvořák", "ema_number": "05000009", "country": "CZ"}
    response = client.post(url, data, follow=True)
    page = response.content.decode()
    assert "Jan Dvořák is registered (confirmed)." in page
    assert "issued in Germany" in page
    response = client.post(url, data)
    assert "Jan Dvořák is already registered (Confirmed)." in response.content.decode()
    assert 'value="Dvořák"' in response.content.decode()


SAMPLE = Path(settings.BASE_DIR) / "static" / "samples" / "players.csv"


def test_the_sample_file_has_every_column_the_import_reads():
    rows = read_player_file(SAMPLE.name, SAMPLE.read_bytes())
    header = SAMPLE.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header == list(COLUMNS)
    names = {(r.first_name, r.last_name) for r in rows}
    assert ("Łukasz", "Wróbel") in names and ("Kateřina", "Černá") in names


def test_the_sample_file_imports_cleanly(client, tournament, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournament:player_import", args=[tournament.slug]))
    assert static("samples/players.csv") in page.content.decode()
    upload = SimpleUploadedFile("players.csv", SAMPLE.read_bytes(), content_type="text/csv")
    url = reverse("tournament:player_import", args=[tournament.slug])
    response = client.post(url, {"file": upload})
    assert response.context["result"].confirmed == 7
    assert response.context["result"].reserves == 1
    assert Player.objects.filter(last_name="Szőke", first_name="Ágnes").exists()


def test_the_readme_names_the_sample_file():
    readme = (Path(settings.BASE_DIR) / "README.md").read_text(encoding="utf-8")
    assert "static/samples/players.csv" in readme


def test_no_import_of_zero_good_rows_is_offered(client, tournament, organiser):
    client.force_login(organiser)
    make_players(tournament, 1)
    text = HEADER + ";Weber;05000002;DE;;\nLea;Fischer;123;DE;;\n"
    page = _upload(client, tournament, text).content.decode()
    assert "Nothing was imported" in page and "every row has errors" in page
    assert "Import only the" not in page and "0 good" not in page
