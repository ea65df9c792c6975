"""No English left on German and Polish pages (the lateness form, "Draw",
round names, "← Previous", the board's sheet states, "✓ checked in", dates), and Polish
seat letters that tell South from North."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from results.templatetags.tournament_results import wind_letter
from scoring.forms import HandForm
from scoring.rules.rulesets import get_ruleset
from scoring.wording import round_name
from tournament.events.board import CONFIRMED, ENTERED, SHEET_LABELS


@pytest.mark.parametrize(
    ("lang", "button", "help_text"),
    [
        ("de", "Verspätung erfassen", "1 Punkt(e) pro Minute, bis zu 10 Minuten"),
        ("pl", "Zapisz spóźnienie", "1 pkt za minutę, do 10 minut"),
    ],
)
def test_the_lateness_form_in_german_and_polish(
    client, referee, tournament, lang, button, help_text
):
    from tests.conftest import make_players
    from tournament.models import Session

    player = make_players(tournament, 1)[0]
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(referee)
    form = client.get(
        reverse("referee:penalty_new", args=[tournament.slug, player.pk, "late"]) + "?session=1",
        HTTP_ACCEPT_LANGUAGE=lang,
    ).content.decode()
    assert button in form and "Log late" not in form
    desk = client.get(
        reverse("referee:player", args=[tournament.slug, player.pk]) + "?session=1",
        HTTP_ACCEPT_LANGUAGE=lang,
    ).content.decode()
    assert help_text in desk and "a minute, up to" not in desk


def test_hand_kinds_are_translated():
    with translation.override("de"):
        form = HandForm(names=["a", "b", "c", "d"], ruleset=get_ruleset("ema2016"))
        labels = [str(label) for _, label in form.fields["kind"].choices]
    assert "Remis" in labels and "Draw" not in labels


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en-gb", "East 1, 2 honba"), ("de", "Ost 1, 2 Honba"), ("pl", "Wschód 1, 2 honba")],
)
def test_round_names_are_worded_at_the_edge(lang, expected):
    with translation.override(lang):
        assert round_name("E1", 2) == expected
        assert round_name("S4") in {"South 4", "Süd 4", "Południe 4"}


def test_the_round_filter_on_a_page():
    with translation.override("pl"):
        text = Template('{% load scoring_words %}{{ "N3"|round_name }}').render(Context())
    assert text == "Północ 3"


def test_the_board_s_sheet_states_are_translated():
    with translation.override("de"):
        assert (str(SHEET_LABELS[CONFIRMED]), str(SHEET_LABELS[ENTERED])) == (
            "Bestätigt",
            "Eingegeben, zu bestätigen",
        )


def test_polish_seat_letters_tell_south_from_north():
    with translation.override("pl"):
        letters = [wind_letter(w) for w in range(4)]
    assert len(set(letters)) == 4
    assert letters[1] != letters[3]
    with translation.override("en-gb"):
        assert [wind_letter(w) for w in range(4)] == ["E", "S", "W", "N"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en-gb", "2 May 2026"), ("de", "2. Mai 2026"), ("pl", "2 maja 2026")],
)
def test_dates_in_the_language_s_order(lang, expected):
    template = Template('{% load local_dates %}{{ day|local_date:"j M Y" }}')
    with translation.override(lang):
        assert template.render(Context({"day": dt.date(2026, 5, 2)})) == expected


def test_checked_in_in_the_players_list(client, organiser, tournament):
    from tests.conftest import make_players

    make_players(tournament, 1)
    tournament.registrations.update(checked_in=True)
    client.force_login(organiser)
    page = client.get(
        reverse("tournament:players", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "✓ eingecheckt" in page and "✓ checked in" not in page


def test_the_scripts_previous_button_is_translated(client):
    german = client.get("/jsi18n/?lang=de", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zur\\u00fcck" in german or "Zurück" in german
