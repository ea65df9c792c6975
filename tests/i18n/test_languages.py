"""The pages in each language: chosen from the browser, kept by the switch.

English stays the default (a client that names no language, as the other tests' does);
Accept-Language picks a language; the switch in every page's footer posts to set_language,
whose cookie then wins over the browser. Table headers, form labels, ServiceError and rules
core messages follow the language; names and the exports' data do not.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.rules.errors import RuleViolation
from scoring.wording import violation_message
from tests.conftest import make_players

# What the standings page says in each language: its title and a column header.
STANDINGS = {
    "en-gb": ("Standings", "Player"),
    "de": ("Rangliste", "Spieler"),
    "fr": ("Classement", "Joueur"),
    "it": ("Classifica", "Giocatore"),
    "nl": ("Stand", "Speler"),
    "pl": ("Klasyfikacja", "Gracz"),
}


@pytest.fixture
def standings_url(tournament):
    make_players(tournament, 4)
    return reverse("tournament:standings", args=[tournament.slug])


def test_english_is_the_default(client, standings_url):
    page = client.get(standings_url).content.decode()
    assert '<html lang="en-gb">' in page
    assert "<h1>Standings" in page and "Rangliste" not in page


@pytest.mark.parametrize(("lang", "words"), STANDINGS.items())
def test_the_browser_s_language_is_used(client, standings_url, tournament, lang, words):
    page = client.get(standings_url, HTTP_ACCEPT_LANGUAGE=f"{lang},en;q=0.5").content.decode()
    title, column = words
    assert f'<html lang="{lang}">' in page
    assert f"<h1>{title}" in page
    assert column in page
    assert tournament.name in page  # data is never translated


def test_a_regional_variant_gets_its_language(client, standings_url):
    page = client.get(standings_url, HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9").content.decode()
    assert "<h1>Rangliste" in page


def test_the_switch_is_on_every_page_and_its_choice_stays(client, standings_url):
    page = client.get(standings_url).content.decode()
    # A GET form: no CSRF or form token, so the public pages stay cacheable (below).
    assert f'<form method="get" action="{reverse("language_switch")}"' in page
    assert 'name="csrfmiddlewaretoken"' not in page and 'name="form_token"' not in page
    for code, name in [("de", "Deutsch"), ("pl", "Polski"), ("fr", "Français")]:
        assert f'<option value="{code}" lang="{code}">{name}</option>' in page

    response = client.get(reverse("language_switch"), {"language": "pl", "next": standings_url})
    assert response.status_code == 302 and response["Location"] == standings_url
    assert response.cookies["django_language"].value == "pl"
    # The cookie wins over the browser's own languages, on this page and the next.
    page = client.get(standings_url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Klasyfikacja" in page
    assert '<option value="pl" lang="pl" selected>Polski</option>' in page
    home = client.get(reverse("home")).content.decode()
    assert "Turnieje" in home

    client.get(reverse("language_switch"), {"language": "en-gb", "next": standings_url})
    assert "<h1>Standings" in client.get(standings_url).content.decode()


def test_the_exports_stay_untranslated(client, standings_url):
    english = client.get(standings_url + "?_export=csv").content
    german = client.get(standings_url + "?_export=csv", HTTP_ACCEPT_LANGUAGE="de").content
    assert english.splitlines()[0] == german.splitlines()[0]


def test_the_api_stays_untranslated(client, tournament, seated_session):
    for path in ["", "/players", f"/sessions/{seated_session.number}/seating"]:
        url = f"/api/v1/tournaments/{tournament.slug}{path}"
        english = client.get(url)
        german = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
        client.cookies["django_language"] = "pl"
        polish = client.get(url)
        del client.cookies["django_language"]
        assert english.status_code == german.status_code == polish.status_code == 200, url
        assert english.json() == german.json() == polish.json(), url


def test_tables_and_sessions_are_named_in_the_language(seated_session):
    table = seated_session.seats.first().table
    with translation.override("de"):
        assert str(table) == f"Tisch {table.number}"
        assert str(seated_session) == f"Runde {seated_session.number}"
    assert str(table) == f"Table {table.number}"


def test_a_service_error_is_in_the_reader_s_language(client, organiser, tournament):
    client.force_login(organiser)
    url = reverse("tournament:staff", args=[tournament.slug])
    response = client.post(
        url, {"username": "nobody-here", "role": "referee"}, HTTP_ACCEPT_LANGUAGE="de", follow=True
    )
    assert "Es gibt keinen Benutzer „nobody-here“" in response.content.decode()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en-gb", "points must be a number, not 'x'"),
        ("de", "points muss eine Zahl sein, nicht 'x'"),
        ("pl", "points musi być liczbą, nie 'x'"),
    ],
)
def test_rules_core_violations_are_worded_at_the_edge(lang, expected):
    violation = RuleViolation(
        "invalid_input",
        "out_of_range",
        "{field} must be a number, not {value!r}",
        field="points",
        value="x",
    )
    with translation.override(lang):
        assert violation_message(violation) == expected
    assert violation.message == "points must be a number, not 'x'"  # the core stays English


def test_a_prefixed_violation_names_the_hand_in_the_language():
    violation = RuleViolation(
        "game_over", "game_over", "the winner cannot be liable for his own hand"
    ).located("hand", number=7, label="S2")
    with translation.override("fr"):
        assert violation_message(violation) == (
            "main 7 (S2) : le gagnant ne peut pas être responsable de sa propre main"
        )


def test_a_broken_translation_falls_back_to_english(monkeypatch):
    violation = RuleViolation("x", "y", "{field} must be a number, not {value}", field="f", value=1)
    # A catalogue entry that names a parameter the sentence does not have ({feld}).
    monkeypatch.setattr("scoring.wording.gettext", lambda text: "{feld} ist keine Zahl")
    assert violation_message(violation) == "f must be a number, not 1"


def test_the_scripts_get_their_text_in_the_page_s_language(client):
    german = client.get("/jsi18n/?lang=de", HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200 and german["Content-Type"].startswith("text/javascript")
    assert "N\\u00e4chste Hand" in german.content.decode() or "Nächste Hand" in german.text
    english = client.get("/jsi18n/?lang=en-gb").content.decode()
    assert "Hand" not in english  # English needs no catalogue: the scripts' own text


def test_the_error_pages_are_translated(client, stranger, draft_tournament):
    page = client.get("/t/no-such-event/", HTTP_ACCEPT_LANGUAGE="it")
    assert page.status_code == 404
    assert "Pagina non trovata" in page.content.decode()
    client.force_login(stranger)
    url = reverse("tournament:dashboard", args=[draft_tournament.slug])
    denied = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
    assert denied.status_code in (403, 404)
    assert 'lang="nl"' in denied.content.decode()


def test_the_switch_ignores_an_unknown_language_and_another_site(client, standings_url):
    switch = reverse("language_switch")
    response = client.get(switch, {"language": "xx", "next": standings_url})
    assert response.status_code == 302 and response["Location"] == standings_url
    assert "django_language" not in response.cookies
    response = client.get(switch, {"language": "de", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert response.cookies["django_language"].value == "de"


def test_a_public_page_is_cached_once_per_language(client, standings_url):
    """The switch in the footer leaves public pages cacheable, and a visitor never gets a
    page cached in another visitor's language."""
    assert client.get(standings_url)["X-Cache"] == "miss"
    assert client.get(standings_url)["X-Cache"] == "hit"
    german = client.get(standings_url, HTTP_ACCEPT_LANGUAGE="de")
    assert german["X-Cache"] == "miss" and "<h1>Rangliste" in german.content.decode()
    german = client.get(standings_url, HTTP_ACCEPT_LANGUAGE="de")
    assert german["X-Cache"] == "hit" and "<h1>Rangliste" in german.content.decode()
    english = client.get(standings_url)
    assert english["X-Cache"] == "hit" and "<h1>Standings" in english.content.decode()


def test_the_place_of_a_violation_is_worded_from_its_parameters_not_its_english():
    violation = RuleViolation(
        "game_over", "game_over", "the winner cannot be liable for his own hand"
    ).located("hand", number=7, label="S2")
    assert violation.message == "hand 7 (S2): the winner cannot be liable for his own hand"
    # The English place is only the core's own sentence: the edge never parses it.
    violation.params["where"] = "somewhere else"
    with translation.override("de"):
        assert violation_message(violation).startswith("Hand 7 (S2): ")
    with translation.override("pl"):
        assert violation_message(violation).startswith("rozdanie 7 (S2): ")
