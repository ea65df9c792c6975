"""A 32-player championship: 6 preliminary sessions, a cut to 16 with a tie at
the line, 2 semi-final sessions seated by standing (carrying the whole total), a final table
of 4 carrying half.  Worked by hand here; the tests check the product against these figures.

Players: four groups A, B, C, D of eight, ``A1`` … ``D8``; in the preliminaries table ``t``
seats A<t> East, B<t> South, C<t> West, D<t> North, every session.

Preliminary sheets (final scores; no ties, no riichi left: the same under EMA 2016 and
WRC 2015, both 30,000 start and return, uma 15/5/-5/-15, EMA 3.6 / WRC 5.9):

    every table, every session but one: A 40,000+500t, B 32,000+100t, C 26,000-100t,
    D 22,000-500t (sum 120,000)  ->  A 25+0.5t, B 7+0.1t, C -9-0.1t, D -23-0.5t
    session 6, table 1: A1 26,000 (2nd: -4+5 = 1), B1 10,000 (4th: -20-15 = -35),
                        C1 61,000 (1st: 31+15 = 46), D1 23,000 (3rd: -7-5 = -12)

Totals after the preliminaries (6 sessions):

    A2..A8 = 150+3t: A8 174, A7 171, A6 168, A5 165, A4 162, A3 159, A2 156
    A1 = 5 x 25.5 + 1 = 128.5
    B2..B8 = 42+0.6t: B8 46.8, B7 46.2, B6 45.6, B5 45.0, B4 44.4, B3 43.8, B2 43.2
    B1 = 5 x 7.1 - 35 = 0.5  and  C1 = 5 x -9.1 + 46 = 0.5: tied at places 16-17
    C2..C8 = -54-0.6t: C2 -55.2 … C8 -58.8;  D1 = 5 x -23.5 - 12 = -129.5
    D2..D8 = -138-3t: D2 -144 … D8 -162

The cut to 16 ("more first places, then more second places…"): C1 has one first place,
B1 none (five seconds and a fourth), so C1 is in (seed 16) and B1 first in line.

Semi-finals, sessions 7 and 8, seated by standing, every table's sheet E 25,000, S 27,000,
W 33,000, N 35,000  ->  E -20, S -8, W +8, N +20 (whole totals carried):

    session 7: A8 A7 A6 A5 | A4 A3 A2 A1 | B8 B7 B6 B5 | B4 B3 B2 C1
    after it:  A5 185, A6 176, A2 164, A7 163, A8 154, A3 151, A1 148.5, A4 142,
               B5 65, B6 53.6, B2 51.2, B7 38.2, B3 35.8, B8 26.8, B4 24.4, C1 20.5
    session 8: A5 A6 A2 A7 | A8 A3 A1 A4 | B5 B6 B2 B7 | B3 B8 B4 C1
    after it:  A7 183, A2 172, A6 168, A5 165, A4 162, A1 156.5, A3 143, A8 134,
               B2 59.2, B7 58.2, B6 45.6, B5 45, C1 40.5, B4 32.4, B8 18.8, B3 15.8

The final, session 9, by standing: E A7 (carries 91.5), S A2 (86), W A6 (84), N A5 (82.5),
hand by hand (``FINAL_HANDS``, EMA 6 table: 3 han 30 fu 3,900, 1 han 30 fu 1,000):

    1 E1 S ron E 3,900        26,100 33,900 30,000 30,000
    2 E2 W ron S 1,000        26,100 32,900 31,000 30,000
    3 E3 N ron W 1,000        26,100 32,900 30,000 31,000
    4 E4 E ron N 1,000        27,100 32,900 30,000 30,000
    5 S1 N riichi, S ron E    26,100 34,900 30,000 29,000   (N's stick to S)
    6 S2 W ron S 1,000        26,100 33,900 31,000 29,000
    7 S3 N ron W 1,000        26,100 33,900 30,000 30,000
    8 S4 W riichi, draw, W alone tenpai (3,000), dealer N noten: the game ends
                              25,100 32,900 32,000 29,000   one stick left on the table

    EMA 2016 (EMA 3.6: the stick left goes to the winner): S 33,900 -> 3.9+15 = 18.9,
      W 32,000 -> 7, N 29,000 -> -6, E 25,100 -> -19.9
    WRC 2015 (5.7.4: it stays on the table): S 32,900 -> 17.9, the others as EMA

    Final: A2 86+18.9 = 104.9 (WRC 103.9), A6 84+7 = 91, A5 82.5-6 = 76.5, A7 91.5-19.9 = 71.6

The final ranking: 1 A2, 2 A6, 3 A5, 4 A7; the other semi-finalists in their order:
5 A4, 6 A1, 7 A3, 8 A8, 9 B2, 10 B7, 11 B6, 12 B5, 13 C1, 14 B4, 15 B8, 16 B3; then by the
preliminary total: 17 B1, 18 C2 … 24 C8, 25 D1, 26 D2 … 32 D8.
"""

from __future__ import annotations

from decimal import Decimal

from tests.scoring_app.conftest import enter_final
from tournament.models import Player, Registration, Session, Table

GROUPS = "ABCD"
SEMI_POINTS = [25000, 27000, 33000, 35000]

FINAL_RANKING = (
    ["A2", "A6", "A5", "A7", "A4", "A1", "A3", "A8"]
    + ["B2", "B7", "B6", "B5", "C1", "B4", "B8", "B3", "B1"]
    + [f"C{t}" for t in range(2, 9)]
    + [f"D{t}" for t in range(1, 9)]
)
SESSION_7 = [["A8", "A7", "A6", "A5"], ["A4", "A3", "A2", "A1"], ["B8", "B7", "B6", "B5"],
             ["B4", "B3", "B2", "C1"]]  # fmt: skip
SESSION_8 = [["A5", "A6", "A2", "A7"], ["A8", "A3", "A1", "A4"], ["B5", "B6", "B2", "B7"],
             ["B3", "B8", "B4", "C1"]]  # fmt: skip
FINAL_TABLE = ["A7", "A2", "A6", "A5"]
# Points on the table after each hand of the final (the table above).
FINAL_POINTS = [
    [26100, 33900, 30000, 30000],
    [26100, 32900, 31000, 30000],
    [26100, 32900, 30000, 31000],
    [27100, 32900, 30000, 30000],
    [26100, 34900, 30000, 29000],
    [26100, 33900, 31000, 29000],
    [26100, 33900, 30000, 30000],
    [25100, 32900, 32000, 29000],
]
# A2's final total (stage) and sum of all his sessions (the EMA file's points) per ruleset.
A2_FINAL = {"ema2016": Decimal("104.9"), "wrc2015": Decimal("103.9")}
A2_POINTS = {"ema2016": Decimal("190.9"), "wrc2015": Decimal("189.9")}

SEATS = "ESWN"


def _ron(winner: str, loser: str, han: int, fu: int, **more) -> dict:
    i = SEATS.index(winner)
    return {"kind": "ron", "who": loser, f"han_{i}": han, f"fu_{i}": fu, **more}


FINAL_HANDS = [
    _ron("S", "E", 3, 30),
    _ron("W", "S", 1, 30),
    _ron("N", "W", 1, 30),
    _ron("E", "N", 1, 30),
    _ron("S", "E", 1, 30, riichi_3="on"),
    _ron("W", "S", 1, 30),
    _ron("N", "W", 1, 30),
    {"kind": "draw", "riichi_2": "on", "tenpai_2": "on"},
]


def prelim_points(session: int, t: int) -> list[int]:
    if session == 6 and t == 1:
        return [26000, 10000, 61000, 23000]
    return [40000 + 500 * t, 32000 + 100 * t, 26000 - 100 * t, 22000 - 500 * t]


def build_preliminaries(tournament, *, ruleset: str, user=None) -> dict[str, Player]:
    """The 32 players, 9 sessions (6 preliminaries, 2 semi-final, 1 final), 8 tables, and
    the 6 preliminary sessions seated and confirmed as above."""
    tournament.ruleset = ruleset
    tournament.session_count = 9
    tournament.save()
    players: dict[str, Player] = {}
    for g, group in enumerate(GROUPS):
        for t in range(1, 9):
            name = f"{group}{t}"
            players[name] = Player.objects.create(
                first_name=name,
                last_name="Stage",
                ema_number=f"05{g * 10 + t:06d}",
                country="NL",
            )
            Registration.objects.create(
                tournament=tournament,
                player=players[name],
                status=Registration.Status.CONFIRMED,
            )
    tables = {
        t: Table.objects.get_or_create(tournament=tournament, number=t)[0] for t in range(1, 9)
    }
    for number in range(1, 10):
        Session.objects.get_or_create(tournament=tournament, number=number)
    for number in range(1, 7):
        session = Session.objects.get(tournament=tournament, number=number)
        for t, table in tables.items():
            for wind, group in enumerate(GROUPS):
                session.seats.create(table=table, wind=wind, player=players[f"{group}{t}"])
            enter_final(session, table, prelim_points(number, t), user=user)
    return players


def enter_semi_session(tournament, number: int, user=None) -> None:
    """Every table of a seated semi-final session: E 25,000, S 27,000, W 33,000, N 35,000."""
    session = Session.objects.get(tournament=tournament, number=number)
    for table in Table.objects.filter(seats__session=session).distinct():
        enter_final(session, table, SEMI_POINTS, user=user)


SEMI = {
    "name": "Semi-final",
    "sessions": 2,
    "advancing": 16,
    "seating": "standing",
    "carry": "whole",
    "carry_fraction": "",
    "tie_break": "placements",
}
FINAL = {
    "name": "Final",
    "sessions": 1,
    "advancing": 4,
    "seating": "standing",
    "carry": "fraction",
    "carry_fraction": "0.5",
    "tie_break": "placements",
}
