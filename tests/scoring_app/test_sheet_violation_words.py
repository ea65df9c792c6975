"""Each refusal the hand-by-hand sheet can get from the rules core is worded from its
reason, its hand and its parameters, in the referee's language: the line of the hand it
concerns carries the sentence, with the hand's number and round."""

from __future__ import annotations

import pytest

from tests.scoring_app.test_hands_sheet import GAME, hands_post, ron, url

# A ron on the dealer's discard with the winner as the discarder: nobody pays himself.
OWN_DISCARD = {"kind": "ron", "who": "E", "han_0": 1, "fu_0": 30}
# A double ron on East's discard (South 1 han 30 fu, North 2 han 30 fu): WRC 5.7.6 lets
# only the player closest to the discarder win.
DOUBLE_RON = {"kind": "ron", "who": "E", "han_1": 1, "fu_1": 30, "han_3": 2, "fu_3": 30}

# (lines, ended by time, ruleset, the line marked, German, Polish).  Hand numbers and
# rounds worked by hand: GAME is eight hands, each won by the player after the dealer, so
# hand 7 is South 3 and the game ends after South 4 (EMA 3.4.2); a sheet of five hands
# stops before hand 6 (South 2).
CASES = {
    # 1 han 20 fu cannot win on a discard (EMA 6: 20 fu is tsumo pinfu only).
    "impossible_value": (
        [*GAME[:6], ron("N", "W", 1, 20), GAME[7]],
        False,
        "ema2016",
        6,
        "Hand 7 (S3): 1 Han 20 Fu auf einen Abwurf: eine verdeckte Hand, die auf einen "
        "Abwurf gewinnt, hat mindestens 30 Fu, und eine offene Hand wird auf 30 Fu aufgerundet",
        "rozdanie 7 (S3): 1 han 20 fu z odrzutu: zakryta ręka wygrana z odrzutu ma co "
        "najmniej 30 fu, a otwarta jest zaokrąglana do 30 fu",
    ),
    # A ninth hand after South 4.
    "game_over": (
        [*GAME, GAME[0]],
        False,
        "ema2016",
        8,
        "Hand 9 (nach S4): das Spiel endete nach Hand 8",
        "rozdanie 9 (po S4): gra zakończyła się po rozdaniu 8",
    ),
    "not_allowed": (
        [DOUBLE_RON],
        True,
        "wrc2015",
        0,
        "Hand 1 (E1): wrc2015 erlaubt einen Gewinner pro Abwurf: gib nur den Spieler ein, "
        "der in Zugreihenfolge dem Abwerfer am nächsten ist",
        "rozdanie 1 (E1): wrc2015 dopuszcza jednego zwycięzcę na odrzut: wpisz tylko gracza "
        "najbliższego odrzucającemu w kolejności",
    ),
    # East (First000 Last000, the first seated) wins on his own discard.
    "invalid_input": (
        [OWN_DISCARD],
        True,
        "ema2016",
        0,
        "Hand 1 (E1): First000 Last000 kann nicht zugleich gewinnen und einwerfen",
        "rozdanie 1 (E1): First000 Last000 nie może jednocześnie wygrać i wrzucić",
    ),
}


def _line_errors(client, session, table, lines, ended_by_time, lang):
    response = client.post(
        url(session, table),
        hands_post(lines, ended_by_time=ended_by_time),
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.status_code == 200
    return response


@pytest.mark.parametrize("reason", CASES)
def test_each_refusal_is_worded_in_german_and_polish_at_its_hand(
    client, referee, seated_session, table1, reason
):
    lines, ended_by_time, ruleset, marked, german, polish = CASES[reason]
    tournament = seated_session.tournament
    tournament.ruleset = ruleset
    tournament.save()
    client.force_login(referee)
    for lang, expected in (("de", german), ("pl", polish)):
        response = _line_errors(client, seated_session, table1, lines, ended_by_time, lang)
        forms = response.context["formset"].forms
        said = [" ".join(f.non_field_errors()) for f in forms]
        assert said[marked] == expected
        assert not any(said[:marked] + said[marked + 1 :])


def test_a_sheet_stopping_early_names_the_form_s_control_in_german_and_polish(
    client, referee, seated_session, table1
):
    # Five hands of GAME: the next would be hand 6, South 2; the game is not over.
    client.force_login(referee)
    expected = {
        "de": "Hand 6 (S2): der Bogen endet vor dem Ende des Spiels (nach Süd 4); kreuze "
        "„Das Zeitlimit hat das Spiel beendet“ an, wenn das Zeitlimit es beendet hat",
        "pl": "rozdanie 6 (S2): karta kończy się przed końcem gry (po Południu 4); zaznacz "
        "„Limit czasu zakończył grę”, jeśli grę zakończył limit czasu",
    }
    for lang, sentence in expected.items():
        response = _line_errors(client, seated_session, table1, GAME[:5], False, lang)
        assert list(response.context["form"].non_field_errors()) == [sentence]
