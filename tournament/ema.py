"""EMA player numbers: eight digits, the first two naming the player's national association.

The association codes are the EMA's membership numbers (the order in which the national
associations joined). A number whose prefix is not listed is accepted: new members join.
"""

from __future__ import annotations

import re

EMA_NUMBER_RE = re.compile(r"^\d{8}$")

# EMA association code -> ISO 3166-1 alpha-2 country code.
ASSOCIATION_COUNTRY: dict[str, str] = {
    "01": "AT",
    "02": "BE",
    "03": "DK",
    "04": "FR",
    "05": "DE",
    "06": "HU",
    "07": "IT",
    "08": "NL",
    "09": "SE",
    "10": "ES",
    "11": "GB",
    "12": "PT",
    "14": "FI",
    "15": "RU",
    "16": "CH",
    "17": "SK",
    "19": "PL",
    "22": "CZ",
}
COUNTRY_ASSOCIATION = {country: code for code, country in ASSOCIATION_COUNTRY.items()}


def is_valid_ema_number(value: str) -> bool:
    return bool(EMA_NUMBER_RE.match(value))


def association_country(ema_number: str) -> str | None:
    """The country whose association issued this number, or None when the prefix is unknown."""
    return ASSOCIATION_COUNTRY.get(ema_number[:2])


def country_mismatch(ema_number: str, country: str) -> str | None:
    """The issuing country when it differs from ``country`` (a warning, not an error:
    players move and keep their number)."""
    issuer = association_country(ema_number)
    if issuer and country and issuer != country.upper():
        return issuer
    return None
