"""Reads of score sheets: the session overview, running totals, readable versions."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.rules.errors import RuleViolation
from scoring.wording import round_name, violation_message
from tournament.models import Seat, Session

from .models import ScoreSheet, SheetResponse, SheetVersion
from .services import SEATS, SheetError, TableSeats, evaluate_entry, table_seats, violation_hand


@dataclass
class TableSheet:
    table: object
    seats: list[Seat] = field(default_factory=list)
    sheet: ScoreSheet | None = None
    # Table-mates' disputes of the sheet's current version: the list says
    # "Disputed", not "Entered".
    disputes: list = field(default_factory=list)


def session_sheets(session: Session) -> list[TableSheet]:
    """Every seated table of a session with its sheet (or None) and its disputes, in three
    queries."""
    seats = (
        Seat.objects.filter(session=session)
        .select_related("table", "player")
        .order_by("table__number", "wind")
    )
    tables: dict[int, TableSheet] = {}
    for seat in seats:
        tables.setdefault(seat.table_id, TableSheet(seat.table)).seats.append(seat)
    # The list shows each sheet's state, not its hands: decoding 100 sheets' entries and
    # results was a third of the page's time.
    for sheet in (
        ScoreSheet.objects.filter(session=session)
        .select_related("updated_by")
        .defer("entry", "result")
    ):
        if sheet.table_id in tables:
            tables[sheet.table_id].sheet = sheet
    by_sheet = {t.sheet.pk: t for t in tables.values() if t.sheet is not None}
    for response in SheetResponse.objects.filter(
        sheet__session=session, kind=SheetResponse.Kind.DISPUTED
    ).select_related("player"):
        entry = by_sheet.get(response.sheet_id)
        if entry is not None and response.version == entry.sheet.version:
            entry.disputes.append(response)
    return list(tables.values())


def current_disputes(sheet: ScoreSheet | None) -> list:
    """Who disputed the version of ``sheet`` now stored, why and when (the sheet page a
    red dispute on the desk led to showed neither).  A correction makes a new version,
    which the table answers afresh."""
    if sheet is None:
        return []
    return list(
        SheetResponse.objects.filter(
            sheet=sheet, version=sheet.version, kind=SheetResponse.Kind.DISPUTED
        )
        .select_related("player", "user")
        .order_by("created_at")
    )


def running_totals(result: dict) -> list[dict]:
    """Each hand of a hand-by-hand result with the table points after it.

    The core's log gives each hand's change per seat; the running total is the start points
    plus the changes so far, exactly what a paper sheet's columns show.
    """
    totals = [result.get("start_points", 0)] * 4
    rows = []
    for number, hand in enumerate(result.get("log", []), start=1):
        totals = [t + d for t, d in zip(totals, hand["delta"], strict=True)]
        rows.append(
            {
                "number": number,
                "round": hand["round"],
                "honba": hand["honba"],
                "riichi_on_table": hand["riichi_on_table"],
                "dealer": hand["dealer"],
                "delta": hand["delta"],
                "totals": totals,
            }
        )
    return rows


def hands_preview(tournament, hands: list[dict], names: list[str]) -> dict:
    """The running totals of a sheet being typed, and the round of the hand to come.

    The guided hand-by-hand entry asks after each hand. The rules core plays the hands so
    far as if the time limit had ended the game (an unfinished sheet is not an error here);
    asked once more without that, it names the hand that must come next (its
    ``game_not_over`` violation carries its round, counters and sticks), or says the game is
    over.
    """
    entry = {"hands": hands, "ended_by_time": True, "substitutes": [""] * 4}
    try:
        answer = evaluate_entry(tournament, "hands", entry, names)
    except RuleViolation as violation:
        return {
            "ok": False,
            "error": violation_message(violation),
            "error_hand": violation_hand(violation),
            "hands": [],
            "next": None,
        }
    rows = running_totals(answer)
    following = None
    try:
        evaluate_entry(tournament, "hands", {**entry, "ended_by_time": False}, names)
    except RuleViolation as violation:
        label = violation.params.get("label")
        if violation.reason == "game_not_over" and label:
            following = {
                "number": len(hands) + 1,
                "round": label,
                "round_name": round_name(label, violation.params.get("honba") or 0),
                # The counters and sticks the next hand starts with, as the core says.
                "honba": violation.params.get("honba"),
                "riichi_on_table": violation.params.get("sticks"),
            }
    start = [answer["start_points"]] * 4
    return {
        "ok": True,
        "error": "",
        "error_hand": None,
        "hands": [{**row, "round_name": round_name(row["round"], row["honba"])} for row in rows],
        "start": start,
        "totals": rows[-1]["totals"] if rows else start,
        "next": following,
        "game_over": following is None,
    }


def _names(letters, names: list[str]) -> str:
    return ", ".join(names[SEATS.index(x)] for x in letters)


def _win(entry: dict, names: list[str]) -> str:
    who = names[SEATS.index(entry["winner"])]
    if entry.get("yakuman"):
        value = f"{entry['yakuman']} yakuman"
    else:
        value = f"{entry.get('han')} han" + (f" {entry['fu']} fu" if entry.get("fu") else "")
    liable = f", {names[SEATS.index(entry['liable'])]} liable" if entry.get("liable") else ""
    return f"{who} {value}{liable}"


def describe_hand(hand: dict, names: list[str]) -> str:
    """One hand in words, as a referee reads it off a paper sheet."""
    if "ron" in hand:
        wins = hand["ron"] if isinstance(hand["ron"], list) else [hand["ron"]]
        text = "Ron: " + "; ".join(_win(w, names) for w in wins)
        text += f" from {names[SEATS.index(hand['from'])]}"
    elif "tsumo" in hand:
        text = "Tsumo: " + _win(hand["tsumo"], names)
    elif "draw" in hand:
        tenpai = hand["draw"].get("tenpai", [])
        text = "Draw, tenpai: " + (_names(tenpai, names) if tenpai else "nobody")
    elif "chombo" in hand:
        text = f"Chombo by {names[SEATS.index(hand['chombo'])]}"
    elif "abortive" in hand:
        text = "Abortive draw: " + hand["abortive"].replace("_", " ")
    elif "nagashi" in hand:
        text = "Nagashi mangan: " + _names(hand["nagashi"], names)
    else:
        text = "?"
    if hand.get("riichi"):
        text += f"; riichi {_names(hand['riichi'], names)}"
    return text


def entry_lines(mode: str, entry: dict, names: list[str]) -> list[str]:
    """An entry as lines of text: what the history and the conflict page compare."""
    lines = []
    subs = entry.get("substitutes") or [""] * 4
    if mode == ScoreSheet.Mode.FINAL:
        for i, name in enumerate(names):
            chombo = (entry.get("chombo") or [0] * 4)[i]
            extra = f", {chombo} chombo" if chombo else ""
            lines.append(f"{SEATS[i]} {name}: {entry['points'][i]} points{extra}")
        lines.append(f"Riichi sticks left on the table: {entry.get('riichi_left', 0)}")
    else:
        for number, hand in enumerate(entry.get("hands", []), start=1):
            lines.append(f"Hand {number}: {describe_hand(hand, names)}")
        if entry.get("ended_by_time"):
            lines.append("Ended by the time limit")
    for i, kind in enumerate(subs):
        if kind:
            lines.append(f"{SEATS[i]} {names[i]}: substitute ({kind})")
    return lines


def changes(before: list[str], after: list[str]) -> list[tuple[str, str]]:
    """Lines removed ("-") and added ("+") from one version to the next, in order."""
    removed = [("-", line) for line in before if line not in after]
    added = [("+", line) for line in after if line not in before]
    return removed + added


def sheet_names(sheet: ScoreSheet) -> list[str]:
    """The names of a sheet's players by seat: the seats as they are now, or, where a seat
    has gone since (a disqualification once removed seats under scored sheets), the
    players the stored results name, so that the history can always be read."""

    try:
        return table_seats(sheet.session, sheet.table).names
    except SheetError:
        pass
    by_wind = {r.wind: r for r in sheet.results.select_related("player")}
    if sorted(by_wind) == [0, 1, 2, 3]:
        return TableSeats([by_wind[w] for w in range(4)]).names
    return [f"{wind} (seat empty)" for wind in ("East", "South", "West", "North")]


def sheet_history(sheet: ScoreSheet, names: list[str]) -> list[dict]:
    """Every version of a sheet, newest first, with what changed against the one before."""
    versions = list(
        SheetVersion.objects.filter(sheet=sheet).select_related("user").order_by("number")
    )
    rows = []
    previous: list[str] = []
    for version in versions:
        lines = entry_lines(version.mode, version.entry, names)
        rows.append({"version": version, "lines": lines, "changes": changes(previous, lines)})
        previous = lines
    rows.reverse()
    return rows


@dataclass(frozen=True)
class NotenRiichi:
    """A riichi declarer not tenpai at an exhaustive draw (EMA 3.4.6), for the referee."""

    hand: int  # 1-based, as the sheet numbers its hands
    round: str
    seat: Seat


def noten_riichi_flags(result: dict | None, seats: list[Seat]) -> list[NotenRiichi]:
    """The rules core's noten riichi flags of a sheet's result, with the seat's player."""
    if not result:
        return []
    return [
        NotenRiichi(hand=flag["hand"], round=flag["round"], seat=seats[SEATS.index(flag["seat"])])
        for flag in result.get("noten_riichi", [])
    ]
