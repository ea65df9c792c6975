"""What a newcomer finds (issue 25 item 12): a sample import file, and no link to a 404."""

from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.templatetags.static import static
from django.urls import reverse

from tests.conftest import make_players
from tournament.models import Player, Registration
from tournament.registration.importing import COLUMNS, read_player_file

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


def test_no_my_seating_link_for_a_player_record_that_does_not_play_here(
    client, tournament, organiser
):
    Player.objects.create(first_name="Org", last_name="Aniser", country="DE", user=organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournament:seating", args=[tournament.slug])).content.decode()
    assert "My seating" not in page


def test_my_seating_link_for_a_registered_player(client, tournament, stranger):
    player = make_players(tournament, 1)[0]
    player.user = stranger
    player.save()
    assert Registration.objects.filter(tournament=tournament, player=player).exists()
    client.force_login(stranger)
    page = client.get(reverse("tournament:seating", args=[tournament.slug])).content.decode()
    assert "My seating" in page
    link = reverse("tournament:player_schedule", args=[tournament.slug, player.pk])
    assert link in page
    assert client.get(link).status_code == 200
