"""Statistics of the hand-by-hand sheets, per player and for the event, as
MahjongPantheon shows them: hands won, dealt in, riichi declared and won, the average value
of a win, yakuman and the highest hands.

Read from the stored sheets only: a confirmed hand-by-hand sheet's ``entry`` (who won, from
whom, who declared riichi, han/fu or yakuman) and its ``result["log"]`` (the rules core's
points change of each hand, same order as the hands).  Final-scores sheets have no hands
and are not counted.  The sheet records han and fu per winner, not the yaku: yaku are
counted only where a hand carries a ``yaku`` list, which today's sheet never writes, so the
pages say that yaku are not recorded.

Definitions (so that the numbers can be checked by hand):

- hands: the hands played by the player, a chombo's re-deal not counted (EMA 3.4: the hand
  is replayed);
- won: hands the player won, by ron or tsumo (each winner of a multiple ron);
- dealt in: hands in which the player's discard was won (a double ron counts once);
- riichi: hands in which he declared riichi; riichi won: those of them he won;
- value of a win: the points the winner gained in that hand, as the sheet's running totals
  show them (honba and riichi sticks on the table included);
- highest hand: the win with the most points gained.

Two queries, however many sheets.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext, pgettext

from tournament.models import Player, Tournament

from .models import ScoreSheet, TableResult

SEATS = "ESWN"


@dataclass
class Win:
    player: Player
    session: int
    table: int
    round: str
    points: int
    han: int | None
    fu: int | None
    yakuman: int
    tsumo: bool

    @property
    def label(self) -> str:
        if self.yakuman:
            return "yakuman" if self.yakuman == 1 else f"{self.yakuman}× yakuman"
        fu = f" {self.fu} fu" if self.fu else ""
        return f"{self.han} han{fu}"


@dataclass
class PlayerStats:
    player: Player
    hands: int = 0
    won: int = 0
    tsumo: int = 0
    dealt_in: int = 0
    riichi: int = 0
    riichi_won: int = 0
    yakuman: int = 0
    win_points: int = 0
    best: Win | None = None
    yaku: Counter = field(default_factory=Counter)

    @property
    def average_win(self) -> int | None:
        return round(self.win_points / self.won) if self.won else None

    def rate(self, part: int, whole: int) -> float | None:
        return round(100 * part / whole, 1) if whole else None

    @property
    def won_rate(self) -> float | None:
        return self.rate(self.won, self.hands)

    @property
    def dealt_in_rate(self) -> float | None:
        return self.rate(self.dealt_in, self.hands)

    @property
    def riichi_rate(self) -> float | None:
        return self.rate(self.riichi, self.hands)

    @property
    def riichi_won_rate(self) -> float | None:
        return self.rate(self.riichi_won, self.riichi)

    def chart(self, width: int = 320, bar: int = 22) -> list[dict]:
        """Bars of a server-rendered SVG chart: each rate as a share of the width."""

        # The chart's words in the reader's language, like the page around it.
        def of_hands(part: int) -> str:
            return gettext("{part} of {hands} hands").format(part=part, hands=self.hands)

        rows = [
            (pgettext("hand statistics", "Won"), self.won_rate, of_hands(self.won)),
            (pgettext("hand statistics", "Dealt in"), self.dealt_in_rate, of_hands(self.dealt_in)),
            (pgettext("hand statistics", "Riichi"), self.riichi_rate, of_hands(self.riichi)),
            (
                pgettext("hand statistics", "Riichi won"),
                self.riichi_won_rate,
                gettext("{part} of {riichi} riichi").format(
                    part=self.riichi_won, riichi=self.riichi
                ),
            ),
        ]
        return [
            {
                "label": label,
                "percent": pct,
                "detail": detail,
                "y": i * (bar + 8),
                "width": round(width * (pct or 0) / 100, 1),
                "height": bar,
            }
            for i, (label, pct, detail) in enumerate(rows)
        ]


@dataclass
class EventStats:
    players: dict[int, PlayerStats]
    hands: int = 0
    ron: int = 0
    tsumo: int = 0
    draws: int = 0
    riichi: int = 0
    wins: list[Win] = field(default_factory=list)
    yaku: Counter = field(default_factory=Counter)
    sheets: int = 0

    def top(self, attr: str, n: int = 5) -> list[PlayerStats]:
        rows = [p for p in self.players.values() if getattr(p, attr)]
        rows.sort(key=lambda p: (-getattr(p, attr), p.player.last_name, p.player.first_name))
        return rows[:n]

    @property
    def most_yakuman(self) -> list[PlayerStats]:
        return self.top("yakuman")

    @property
    def most_wins(self) -> list[PlayerStats]:
        return self.top("won")

    @property
    def most_dealt_in(self) -> list[PlayerStats]:
        return self.top("dealt_in")

    @property
    def highest_hands(self) -> list[Win]:
        return sorted(self.wins, key=lambda w: (-w.points, w.session, w.table))[:5]

    @property
    def yakuman_hands(self) -> list[Win]:
        return [w for w in self.wins if w.yakuman]


def _ron_wins(hand: dict) -> list[dict]:
    wins = hand.get("ron", [])
    return wins if isinstance(wins, list) else [wins]


def hand_statistics(tournament: Tournament, player: Player | None = None) -> EventStats:
    """The statistics of the tournament's confirmed hand-by-hand sheets (of the sheets
    ``player`` played, when given).  Two queries."""
    sheets = ScoreSheet.objects.filter(
        session__tournament=tournament,
        status=ScoreSheet.Status.CONFIRMED,
        mode=ScoreSheet.Mode.HANDS,
    )
    if player is not None:
        sheets = sheets.filter(results__player=player)
    rows = list(sheets.values_list("pk", "entry", "result", "session__number", "table__number"))
    seated: dict[tuple[int, int], Player] = {}
    for result in TableResult.objects.filter(sheet_id__in=[r[0] for r in rows]).select_related(
        "player"
    ):
        seated[(result.sheet_id, result.wind)] = result.player
    stats = EventStats(players={}, sheets=len(rows))

    def of(sheet_id: int, letter: str) -> PlayerStats:
        person = seated[(sheet_id, SEATS.index(letter))]
        return stats.players.setdefault(person.pk, PlayerStats(person))

    for sheet_id, entry, result, session_number, table_number in rows:
        log = result.get("log", [])
        for index, hand in enumerate(entry.get("hands", [])):
            if index < len(log) and "chombo" in log[index]:
                continue  # re-dealt: not a hand played (EMA 3.4); the core's log says so
            stats.hands += 1
            for letter in SEATS:
                of(sheet_id, letter).hands += 1
            riichi = set(hand.get("riichi", []))
            stats.riichi += len(riichi)
            for letter in riichi:
                of(sheet_id, letter).riichi += 1
            wins = _ron_wins(hand) + ([hand["tsumo"]] if "tsumo" in hand else [])
            if "ron" in hand:
                stats.ron += 1
                of(sheet_id, hand["from"]).dealt_in += 1
            elif "tsumo" in hand:
                stats.tsumo += 1
            elif "draw" in hand or "nagashi" in hand or "abortive" in hand:
                stats.draws += 1
            delta = log[index]["delta"] if index < len(log) else [0, 0, 0, 0]
            for win in wins:
                letter = win["winner"]
                who = of(sheet_id, letter)
                gained = delta[SEATS.index(letter)]
                record = Win(
                    player=who.player,
                    session=session_number,
                    table=table_number,
                    round=log[index]["round"] if index < len(log) else "",
                    points=gained,
                    han=win.get("han"),
                    fu=win.get("fu"),
                    yakuman=int(win.get("yakuman") or 0),
                    tsumo="tsumo" in hand,
                )
                stats.wins.append(record)
                who.won += 1
                who.tsumo += record.tsumo
                who.win_points += gained
                who.yakuman += 1 if record.yakuman else 0
                who.riichi_won += letter in riichi
                if who.best is None or gained > who.best.points:
                    who.best = record
                for yaku in win.get("yaku", []):
                    who.yaku[yaku] += 1
                    stats.yaku[yaku] += 1
    return stats


def player_hand_statistics(tournament: Tournament, player: Player) -> PlayerStats | None:
    """One player's statistics, None when no confirmed hand-by-hand sheet of his counts."""
    return hand_statistics(tournament, player).players.get(player.pk)
