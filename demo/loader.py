"""The demo tournament: an EMA 2016 event with 40 players from several countries.

Built by ``manage.py load_demo`` for a first look at every page and for organisers who want
to try things out. Everything is looked up by a natural key (slug, EMA number, user name),
so running it twice changes nothing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction
from django.utils import timezone

from referee.models import Penalty, Substitution
from referee.services import penalty_create, substitution_create
from scoring.models import ScoreSheet
from scoring.rules.errors import RuleViolation
from scoring.rules.sheet import evaluate_game
from scoring.services import SheetError, sheet_confirm, sheet_save
from tournament.ema import COUNTRY_ASSOCIATION
from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatingJob,
    Session,
    Staff,
    Table,
    Tournament,
)
from tournament.seating.jobs import seating_generate_now

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


def _demo_admin(*, allowed: bool):
    """The demo's site administrator, whose password is printed and published in the README.

    Made only on a database without users (a fresh development checkout), never beside real
    accounts: a known password on a superuser of a live site hands the site to anyone.
    """
    User = get_user_model()
    existing = User.objects.filter(username="admin", is_superuser=True).first()
    if existing is not None:
        # Ours from an earlier run (the demo stays idempotent), or a real one left alone.
        return existing if existing.check_password(DEMO_PASSWORD) else None
    if not allowed or User.objects.exists():
        return None
    return _user("admin", superuser=True)


@transaction.atomic
def load_demo(*, today: dt.date | None = None, allow_admin: bool = True) -> DemoResult:
    """The demo tournament; ``allow_admin`` False never makes the known-password superuser."""
    today = today or timezone.localdate()
    admin = _demo_admin(allowed=allow_admin)
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

    organiser = _user("organiser")
    # The README sends a newcomer from the demo to "New tournament" as this organiser; with
    # TOURNAMENT_CREATION=organisers that needs the permission an administrator would give.
    organiser.user_permissions.add(
        Permission.objects.get(content_type__app_label="tournament", codename="add_tournament")
    )
    referee = _user("referee")
    # EMA: at least one referee per 32 players, so a field of 40 needs two.
    head_referee = _user("referee2")
    Staff.objects.get_or_create(
        tournament=tournament, user=organiser, defaults={"role": Staff.Role.ORGANISER}
    )
    for user in (referee, head_referee):
        Staff.objects.get_or_create(
            tournament=tournament,
            user=user,
            defaults={"role": Staff.Role.REFEREE, "may_run_clock": True},
        )

    serial = 0
    players: list[Player] = []
    for country, club, names in _PEOPLE:
        for first, last in names:
            serial += 1
            player, _ = Player.objects.get_or_create(
                tournament=tournament,
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
            tournament=tournament,
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

    _seat_demo_sessions(tournament, organiser=organiser)
    _referee_demo_events(tournament, today=today, referee=referee)
    _score_demo_sessions(tournament, today=today, referee=referee)
    # The first day is over: its sessions are finished (and so locked for the seating).
    tournament.sessions.filter(planned_start__date__lt=today).update(state=Session.State.FINISHED)

    return DemoResult(
        tournament=tournament,
        logins=[
            ("organiser", DEMO_PASSWORD, "organiser of the demo tournament"),
            ("referee", DEMO_PASSWORD, "referee of the demo tournament"),
            ("referee2", DEMO_PASSWORD, "second referee of the demo tournament"),
            ("player", DEMO_PASSWORD, f"player ({players[0]})"),
        ]
        + ([(admin.username, DEMO_PASSWORD, "site administrator (Django admin)")] if admin else []),
    )


# --- the seating ----------------------------------------------------------------------------


def _seat_demo_sessions(tournament: Tournament, *, organiser) -> None:
    """Seat every session with the seating core, from the tournament's seed, once.

    A tournament that already has seats keeps them (the organiser may have changed them by
    hand), so loading the demo again changes nothing.
    """

    if Seat.objects.filter(session__tournament=tournament).exists():
        return
    seating_generate_now(
        tournament=tournament,
        method=SeatingJob.Method.PLAN,
        seed=tournament.seating_seed,
        user=organiser,
        now=timezone.now(),
    )
    # The demo's organiser published every session's seating before the event (a new
    # seating is a draft until then); published quietly: nobody follows the demo yet.
    tournament.sessions.update(seating_draft=False)


# --- the referee desk ----------------------------------------------------------------------


def _referee_demo_events(tournament: Tournament, *, today: dt.date, referee) -> None:
    """What a first day brings to the desk: a late player, a chombo and a substitute.

    Logged once: a tournament whose desk already has records keeps them.  They are made
    before the score sheets, because a substitution must precede its table's sheet.
    """

    if Penalty.objects.filter(tournament=tournament).exists() or (
        Substitution.objects.filter(tournament=tournament).exists()
    ):
        return
    played = {s.number: s for s in tournament.sessions.filter(planned_start__date__lt=today)}
    if len(played) < 4:
        return

    def seated(session: Session, table: int, wind: int) -> Player:
        return Seat.objects.get(session=session, table__number=table, wind=wind).player

    session = played[2]
    penalty_create(
        tournament=tournament,
        player=seated(session, 3, 1),
        session=session,
        kind=Penalty.Kind.LATE,
        minutes=4,
        user=referee,
        now=session.planned_start + dt.timedelta(minutes=4),
    )
    session = played[3]
    penalty_create(
        tournament=tournament,
        player=seated(session, 5, 2),
        session=session,
        kind=Penalty.Kind.CHOMBO,
        hand="E3",
        reason="Declared ron on a tile that does not complete the hand.",
        user=referee,
        now=session.planned_start + dt.timedelta(minutes=35),
    )
    session = played[4]
    reserve = (
        Registration.objects.filter(tournament=tournament, is_reserve=True)
        .order_by("player__last_name")
        .first()
    )
    substitution_create(
        tournament=tournament,
        session=session,
        player=seated(session, 8, 0),
        substitute=reserve.player,
        timing=Substitution.Timing.FROM_START,
        reason="Ill: cannot play this session.",
        user=referee,
        now=session.planned_start - dt.timedelta(minutes=10),
    )


# --- score sheets of the sessions already played -------------------------------------------

# Han/fu pairs that every preset accepts on a discard and on self-draw.
_DEMO_HANDS = [(1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (3, 40), (4, 30), (5, None), (6, None)]


def _demo_points(rng) -> list[int]:
    """Four final scores of a plausible hanchan: whole hundreds adding up to 120,000."""
    while True:
        points = [30000 + 100 * round(rng.gauss(0, 110)) for _ in range(3)]
        points.append(120000 - sum(points))
        if all(p > -10000 for p in points):
            return points


def _demo_game(rng, ruleset: str) -> list[dict]:
    """A hand-by-hand game played to the end of South 4, each hand accepted by the core."""

    players = ["E", "S", "W", "N"]
    hands: list[dict] = []
    while len(hands) < 40:
        kind = rng.random()
        winner = rng.choice(players)
        han, fu = rng.choice(_DEMO_HANDS)
        win = {"winner": winner, "han": han} | ({"fu": fu} if fu else {})
        riichi = [winner] if rng.random() < 0.3 else []
        if kind < 0.55:
            loser = rng.choice([p for p in players if p != winner])
            hand = {"ron": [win], "from": loser}
        elif kind < 0.85:
            hand = {"tsumo": win}
        else:
            hand = {"draw": {"tenpai": rng.sample(players, rng.randint(0, 3))}}
            riichi = [p for p in riichi if p in hand["draw"]["tenpai"]]
        if riichi:
            hand["riichi"] = riichi
        hands.append(hand)
        try:
            evaluate_game({"ruleset": ruleset, "players": players, "hands": hands})
            return hands
        except RuleViolation as violation:
            if violation.code != "game_not_over":
                hands.pop()  # not a hand this ruleset takes: draw another one
    raise AssertionError("the demo game did not end in 40 hands")


def _score_demo_sessions(tournament: Tournament, *, today: dt.date, referee) -> None:
    """Enter and confirm the sheets of the seated sessions of the days already played.

    Table 1 hands in a hand-by-hand sheet, the others the usual final scores.  The results
    are drawn from a seeded generator, so every run gives the same standings; a table that
    already has a sheet is left alone.
    """
    import random

    played = tournament.sessions.filter(planned_start__date__lt=today).order_by("number")
    for session in played:
        scored = set(ScoreSheet.objects.filter(session=session).values_list("table_id", flat=True))
        tables = Table.objects.filter(seats__session=session).exclude(pk__in=scored).distinct()
        for table in tables.order_by("number"):
            rng = random.Random(tournament.seating_seed * 1000 + session.number * 50 + table.number)
            if table.number == 1:
                mode = "hands"
                entry = {"hands": _demo_game(rng, tournament.ruleset), "ended_by_time": False}
            else:
                mode = "final"
                entry = {"points": _demo_points(rng), "riichi_left": 0, "chombo": [0] * 4}
            entry["substitutes"] = [""] * 4
            try:
                sheet = sheet_save(
                    session=session,
                    table=table,
                    mode=mode,
                    entry=entry,
                    expected_version=0,
                    user=referee,
                )
            except SheetError:
                continue  # a table the seating left short of four players has no sheet
            sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
