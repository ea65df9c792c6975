"""The sign-up and profile forms speak the page's language: their labels came from the
model's English field names ("First name", "Country", "Club") on German and Polish pages."""

from __future__ import annotations

import re

import pytest

LABELS = {
    "de": ["Vorname", "Nachname", "EMA-Nummer", "Land", "Verein", "E-Mail"],
    "pl": ["Imię", "Nazwisko", "Numer EMA", "Kraj", "Klub", "E-mail"],
}
ENGLISH = ["First name", "Last name", "EMA number", "Country", "Club"]


def _labels(page: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>|\*", "", label).strip()
        for label in re.findall(r"<label[^>]*>(.*?)</label>", page, re.S)
    ]


@pytest.mark.parametrize("language", ["de", "pl"])
def test_signup_and_profile_labels_in_german_and_polish(client, player, language):
    signup = client.get("/signup/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    client.force_login(player)
    profile = client.get("/profile/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for name, page in (("sign-up", signup), ("profile", profile)):
        labels = _labels(page)
        assert set(LABELS[language]) <= set(labels), (name, labels)
        assert not set(ENGLISH) & set(labels), (name, labels)
    # The country list's first line too.
    assert "Choose a country" not in signup
