"""The demo tournament: an EMA 2016 event with 40 players from several countries.

Built by ``manage.py load_demo`` for a first look at every page and for organisers who want
to try things out. Everything is looked up by a natural key (slug, EMA number, user name),
so running it twice changes nothing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from .ema import COUNTRY_ASSOCIATION
from .models import Player, Registration, Session, Staff, Table, Tournament

DEMO_SLUG = "demo-riichi-open"
DEMO_PASSWORD = "mahjong-demo"  # printed by the command; demo data only

# (country, club, [(first, last), ...]); the EMA number is made from the country's
# association code, so the numbers are well-formed and match their countries.
_PEOPLE: list[tuple[str, str, list[tuple[str, str]]]] = [
    (
        "DE",
        "Riichi Berlin",
        [
            ("Anna", "Schmidt"),
            ("Jonas", "Weber"),
            ("Lea", "Fischer"),
            ("Felix", "Wagner"),
            ("Marie", "Becker"),
            ("Lukas", "Hoffmann"),
        ],
    ),
    (
        "FR",
        "Mahjong Club de Paris",
        [
            ("Camille", "Martin"),
            ("Louis", "Bernard"),
            ("Chloé", "Dubois"),
            ("Hugo", "Moreau"),
            ("Léa", "Laurent"),
        ],
    ),
    (
        "NL",
        "Amsterdam Riichi",
        [("Sanne", "de Vries"), ("Daan", "Jansen"), ("Femke", "Bakker"), ("Thijs", "Visser")],
    ),
    (
        "DK",
        "København Mahjong",
        [("Freja", "Nielsen"), ("Mads", "Jensen"), ("Ida", "Hansen"), ("Emil", "Pedersen")],
    ),
    ("FI", "Aalto Mahjong", [("Aino", "Korhonen"), ("Eero", "Virtanen"), ("Venla", "Mäkinen")]),
    (
        "SE",
        "Stockholm Riichi",
        [("Elsa", "Lindqvist"), ("Oskar", "Johansson"), ("Maja", "Karlsson")],
    ),
    ("PL", "Warszawa Riichi", [("Zofia", "Nowak"), ("Jakub", "Kowalski"), ("Julia", "Wiśniewska")]),
    ("AT", "Wiener Mahjong", [("Katharina", "Gruber"), ("Tobias", "Huber")]),
    ("IT", "Riichi Milano", [("Giulia", "Rossi"), ("Matteo", "Russo"), ("Sofia", "Ferrari")]),
    ("ES", "Mahjong Madrid", [("Lucía", "García"), ("Pablo", "Fernández")]),
    ("GB", "London Riichi", [("Olivia", "Smith"), ("George", "Jones")]),
    ("CZ", "Praha Mahjong", [("Tereza", "Novotná"), ("Jan", "Dvořák")]),
    ("HU", "Budapest Riichi", [("Réka", "Nagy")]),
]
# Not registered for the tournament proper: the reserves (substitutes) of EMA 2016 §5.
_RESERVES = [
    ("BE", "Brussels Riichi", ("Lotte", "Peeters")),
    ("CH", "Zürich Mahjong", ("Nico", "Meier")),
]


@dataclass(frozen=True)
class DemoResult:
    tournament: Tournament
    logins: list[tuple[str, str, str]]  # (user name, password, role)


def _ema_number(country: str, serial: int) -> str:
    return f"{COUNTRY_ASSOCIATION[country]}{990000 + serial:06d}"


def _user(username: str, *, superuser: bool = False):
    User = get_user_model()
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.is_staff = superuser
        user.is_superuser = superuser
        user.save()
    return user


@transaction.atomic
def load_demo(*, today: dt.date | None = None) -> DemoResult:
    today = today or timezone.localdate()
    start = today - dt.timedelta(days=1)  # a two-day event whose first day is over
    tournament, _ = Tournament.objects.get_or_create(
        slug=DEMO_SLUG,
        defaults=dict(
            name="Demo Riichi Open",
            venue="Community Hall",
            city="Berlin",
            country="DE",
            start_date=start,
            end_date=today,
            ruleset="ema2016",
            session_count=8,
            session_minutes=90,
            visibility=Tournament.Visibility.PUBLISHED,
            player_limit=48,
            seating_seed=20161,
        ),
    )

    admin = _user("admin", superuser=True)
    organiser = _user("organiser")
    referee = _user("referee")
    Staff.objects.get_or_create(
        tournament=tournament, user=organiser, defaults={"role": Staff.Role.ORGANISER}
    )
    Staff.objects.get_or_create(
        tournament=tournament,
        user=referee,
        defaults={"role": Staff.Role.REFEREE, "may_run_clock": True},
    )

    serial = 0
    players: list[Player] = []
    for country, club, names in _PEOPLE:
        for first, last in names:
            serial += 1
            player, _ = Player.objects.get_or_create(
                ema_number=_ema_number(country, serial),
                defaults=dict(first_name=first, last_name=last, country=country, club=club),
            )
            players.append(player)
    assert len(players) == 40, "the demo promises 40 players"
    # The first player has an account, to show a player's own pages.
    player_user = _user("player")
    if players[0].user_id is None:
        players[0].user = player_user
        players[0].save(update_fields=["user"])

    for player in players:
        Registration.objects.get_or_create(
            tournament=tournament,
            player=player,
            defaults=dict(status=Registration.Status.CONFIRMED, checked_in=True),
        )
    for country, club, (first, last) in _RESERVES:
        serial += 1
        reserve, _ = Player.objects.get_or_create(
            ema_number=_ema_number(country, serial),
            defaults=dict(first_name=first, last_name=last, country=country, club=club),
        )
        Registration.objects.get_or_create(
            tournament=tournament,
            player=reserve,
            defaults=dict(
                status=Registration.Status.CONFIRMED,
                is_reserve=True,
                checked_in=True,
                results_count=False,
            ),
        )

    for number in range(1, 11):
        Table.objects.get_or_create(tournament=tournament, number=number)

    day_starts = [
        dt.datetime.combine(start, dt.time(10, 0)),
        dt.datetime.combine(today, dt.time(9, 30)),
    ]
    for number in range(1, tournament.session_count + 1):
        day, slot = divmod(number - 1, 4)
        planned = timezone.make_aware(day_starts[day] + dt.timedelta(minutes=120 * slot))
        Session.objects.get_or_create(
            tournament=tournament,
            number=number,
            defaults=dict(planned_start=planned, minutes=tournament.session_minutes),
        )

    return DemoResult(
        tournament=tournament,
        logins=[
            ("organiser", DEMO_PASSWORD, "organiser of the demo tournament"),
            ("referee", DEMO_PASSWORD, "referee of the demo tournament"),
            ("player", DEMO_PASSWORD, f"player ({players[0]})"),
            (admin.username, DEMO_PASSWORD, "site administrator (Django admin)"),
        ],
    )
