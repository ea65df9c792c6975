"""The ``game`` command: a hand-by-hand score sheet played through to the final scores.

``evaluate_game(request)`` replays the hands of a sheet (shared/design/interfaces.md):
payments of each win, draw, chombo, abortive draw and nagashi mangan, counters, riichi sticks
on the table, dealer rotation and the end of the game, then settles the game as the
``final`` command does.

Each entry of the answer's ``log`` describes one hand as it was played: ``round``,
``honba`` (counters on the table), ``riichi_on_table`` (sticks already on the table when the
hand began) and ``dealer`` at the start of the hand, and ``delta``, the change of every
player's table points in the hand, riichi sticks put on or taken from the table included.
So the deltas of a sheet plus 1,000 for every stick still on the table add up to zero.

Fields added to the interface's request (never required): ``overrides`` (ruleset
parameters, see rulesets.py); ``tenpai`` next to ``nagashi`` (Aalto 19: a tenpai dealer
deals again); ``liable`` on a non-yakuman self-draw where the ruleset has liability for
rinshan kaihou (Aalto 22: the player who fed the kong); ``substitutes``
(``{"<player>": "start" | "during"}``, EMA 5.8 / WRC 7.2): the answer's ``uma``,
``table_score`` and ``score`` then follow the ruleset's substitute rule, while ``final``,
``rank`` and ``log`` stay the table as it was played (substitutes.py).  The answer adds
``table_score`` as the ``final`` command does, and ``noten_riichi``: the riichi declarers
who were not tenpai at an exhaustive draw (EMA 3.4.6: a chombo unless the hand was declared
dead after the riichi, which the sheet cannot tell), ``[{"hand": 3, "round": "E3",
"player": "Ann"}]``, empty when there are none; the log entry of such a hand lists them too
(``"noten_riichi": ["Ann"]``).  The sheet is not refused: the referee decides.

A sheet that breaks a rule is refused with a ``RuleViolation`` whose message starts with
the hand's 1-based number and round, e.g. ``"hand 7 (S2): ..."``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.rules.errors import GAME_NOT_OVER, GAME_OVER, NOT_ALLOWED, RuleViolation
from scoring.rules.final import chombo_counts, chombo_penalties, settle_game
from scoring.rules.i18n import N_
from scoring.rules.limits import MAX_HAN, MAX_HANDS, check_chombos, whole_number
from scoring.rules.payments import check_han_fu, cost_total, hand_cost
from scoring.rules.request import check_keys, invalid, parse_players, ruleset_of
from scoring.rules.rulesets import ABORTIVE_DRAWS, Ruleset
from scoring.rules.substitutes import parse_substitutes
from scoring.rules.uma import table_ranks

WINDS = "ESWN"
HAND_KINDS = ("ron", "tsumo", "draw", "chombo", "abortive", "nagashi")
# Keys a hand of each kind may carry besides its kind.
_EXTRA_KEYS = {
    "ron": {"from", "riichi"},
    "tsumo": {"riichi"},
    "draw": {"riichi"},
    "chombo": {"riichi"},
    "abortive": {"riichi"},
    "nagashi": {"riichi", "tenpai"},
}
_WIN_KEYS = {"winner", "han", "fu", "yakuman", "liable"}
# Mangan value of the limit table (EMA 4.1.3): 5 han, minipoints irrelevant.
_MANGAN_HAN = 5


def _not_allowed(template: str, **params: Any) -> RuleViolation:
    return RuleViolation(NOT_ALLOWED, "not_allowed", template, **params)


@dataclass
class _Table:
    """What the score sheet knows between two hands."""

    players: list[str]
    points: list[int]
    round_index: int = 0  # 0: East round, 1: South round, 2: the game is over
    dealer: int = 0  # first seat (index into players) of the current East
    honba: int = 0
    sticks: int = 0  # riichi sticks on the table
    over: bool = False
    chombos: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{WINDS[self.round_index]}{self.dealer + 1}"

    def seat(self, name: str) -> int:
        return self.players.index(name)


@dataclass(frozen=True)
class _Win:
    winner: int
    han: int
    fu: int | None
    yakuman: int
    liable: int | None


@dataclass
class _Outcome:
    """The effect of one hand on the table."""

    delta: list[int]
    sticks_taken: bool = False  # the sticks on the table went to a winner
    dealer_stays: bool = False
    dealer_won_or_tenpai: bool = False  # for Aalto 12 (agari yame after the last hand)
    counter: str = "add"  # "add", "reset" or "keep"
    chombo: str | None = None
    # Riichi declarers not tenpai at an exhaustive draw (EMA 3.4.6), by first seat.
    noten_riichi: list[int] = field(default_factory=list)


# --- parsing ----------------------------------------------------------------------------


def _player(table: _Table, name: Any, what: str) -> int:
    if not isinstance(name, str) or name not in table.players:
        raise invalid(N_("{what} {name!r} is not one of the players"), what=what, name=name)
    return table.seat(name)


def _players(table: _Table, names: Any, what: str) -> list[int]:
    if not isinstance(names, list):
        raise invalid(N_("{what} must be a list of players' names"), what=what)
    seats = [_player(table, n, f"{what}:") for n in names]
    if len(set(seats)) != len(seats):
        raise invalid(N_("{what} names a player twice"), what=what)
    return seats


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid(N_("{what} must be a whole number, not {value!r}"), what=what, value=value)
    return value


def _max_yakuman(ruleset: Ruleset) -> int:
    """How many yakuman one hand can be worth under the ruleset."""
    if ruleset.yakuman_cumulative:
        # Aalto 41: yakuman are cumulative, doubles included.  Tsuuiisou + daisuushii (2)
        # + suuankou tanki (2) + suukantsu is six; with Aalto's local yakuman we do not
        # bound it tighter than eight, which no hand reaches.
        return 8
    return 2 if ruleset.double_yakuman else 1


def _parse_win(table: _Table, ruleset: Ruleset, data: Any, tsumo: bool) -> _Win:
    check_keys(data, _WIN_KEYS, "a win")
    winner = _player(table, data.get("winner"), "winner")
    yakuman = _whole(data.get("yakuman", 0), "yakuman")
    if yakuman < 0 or yakuman > _max_yakuman(ruleset):
        raise RuleViolation(
            "impossible_value",
            "yakuman_count",
            N_("{count} yakuman: a hand is worth at most {most} under {ruleset}"),
            count=yakuman,
            most=_max_yakuman(ruleset),
            ruleset=ruleset.name,
        )
    han, fu = 0, None
    if yakuman == 0:
        if "han" not in data:
            raise invalid(N_("a win needs its han (or yakuman)"))
        han = _whole(data["han"], "han")
        if han > MAX_HAN:
            whole_number(han, "han", 1, MAX_HAN)  # refuses it, naming the field
        fu = data.get("fu")
        if fu is not None:
            fu = _whole(fu, "fu")
        check_han_fu(ruleset, han, fu, tsumo)
    liable = None
    if data.get("liable") is not None:
        liable = _player(table, data["liable"], "liable player")
        if liable == winner:
            raise invalid(N_("the winner cannot be liable for his own hand"))
        rinshan = ruleset.liability_rinshan and tsumo
        if yakuman == 0 and not rinshan:
            raise _not_allowed(
                N_("liability (pao) needs a yakuman{rinshan}"),
                rinshan=" or a rinshan kaihou win" if ruleset.liability_rinshan else "",
            )
        if yakuman > 0 and not ruleset.liability_yakuman:
            raise _not_allowed(N_("{ruleset} has no liability (pao)"), ruleset=ruleset.name)
    limit = ruleset.two_han_minimum_counters
    if limit is not None and table.honba >= limit and yakuman == 0 and han < 2:
        # EMA2012 rev. notes / Aalto 17: with 5+ counters a win needs two han.
        raise _not_allowed(
            N_("with {honba} counters a win needs at least 2 han ({ruleset})"),
            honba=table.honba,
            ruleset=ruleset.name,
        )
    return _Win(winner, han, fu, yakuman, liable)


# --- payments -----------------------------------------------------------------------------


def _collect_sticks(
    table: _Table, delta: list[int], declared: list[int], winners: list[int], ruleset: Ruleset
) -> None:
    """Riichi sticks after a win: declarers who win take their own stick back, the rest of
    the table goes to ``winners[0]`` (EMA 3.3.14 / 4.1: the winner first in turn order after
    the discarder)."""
    stick = ruleset.riichi_stick
    for seat in declared:
        if seat in winners:
            delta[seat] += stick
    others = table.sticks + sum(1 for seat in declared if seat not in winners)
    delta[winners[0]] += others * stick


def _ron(table: _Table, ruleset: Ruleset, hand: dict[str, Any], declared: list[int]) -> _Outcome:
    discarder = _player(table, hand.get("from"), "discarder (from)")
    entries = hand["ron"]
    if isinstance(entries, dict):
        entries = [entries]
    if not isinstance(entries, list) or not entries:
        raise invalid(N_("ron must list the winner(s)"))
    wins = [_parse_win(table, ruleset, entry, tsumo=False) for entry in entries]
    seats = [w.winner for w in wins]
    if len(set(seats)) != len(seats):
        raise invalid(N_("a player wins twice on the same discard"))
    if discarder in seats:
        raise invalid(N_("{name} cannot both win and deal in"), name=table.players[discarder])
    if len(wins) > 1 and ruleset.multiple_ron == "head_bump":
        # WRC 5.7.6: only the winner closest to the discarder is paid.
        raise _not_allowed(
            N_(
                "{ruleset} allows one winner per discard: enter only the player closest to "
                "the discarder in turn order"
            ),
            ruleset=ruleset.name,
        )
    if len(wins) > 2 and ruleset.multiple_ron == "double_only":
        # Aalto 18: a triple ron is an abortive draw.
        raise _not_allowed(
            N_("{ruleset} has no triple ron: enter it as the abortive draw triple_ron"),
            ruleset=ruleset.name,
        )
    # EMA 4.1: sticks to "the winner closest to the discarder's right": turn order.
    wins.sort(key=lambda w: (w.winner - discarder) % 4)
    delta = [0] * 4
    counters = table.honba * ruleset.honba_points
    for win in wins:
        dealer = win.winner == table.dealer
        cost = hand_cost(ruleset, win.han, win.fu, win.yakuman, dealer, False)["ron"]
        delta[win.winner] += cost + counters
        if win.liable is not None and win.liable != discarder:
            # EMA 3.3.9 / WRC 6.2 / Aalto 22: the feeder and the discarder share the hand,
            # "only the discarder pays for any counters".
            liable_share = cost // 200 * 100
            delta[win.liable] -= liable_share
            delta[discarder] -= cost - liable_share + counters
        else:
            delta[discarder] -= cost + counters
    _collect_sticks(table, delta, declared, [w.winner for w in wins], ruleset)
    dealer_won = table.dealer in seats
    # EMA 3.4.9-3.4.11: East among the winners keeps the deal and a counter is added;
    # otherwise the counters are removed and the deal rotates.
    return _Outcome(
        delta,
        sticks_taken=True,
        dealer_stays=dealer_won,
        dealer_won_or_tenpai=dealer_won,
        counter="add" if dealer_won else "reset",
    )


def _tsumo_payments(
    table: _Table, ruleset: Ruleset, winner: int, cost: dict[str, int], delta: list[int]
) -> None:
    """Each opponent pays its share of a self-draw plus 100 per counter (EMA 3.4.10)."""
    counter_share = table.honba * ruleset.honba_points // 3
    for seat in range(4):
        if seat == winner:
            continue
        share = cost["dealer"] if seat == table.dealer and "dealer" in cost else cost["non_dealer"]
        delta[seat] -= share + counter_share
        delta[winner] += share + counter_share


def _tsumo(table: _Table, ruleset: Ruleset, hand: dict[str, Any], declared: list[int]) -> _Outcome:
    win = _parse_win(table, ruleset, hand["tsumo"], tsumo=True)
    dealer = win.winner == table.dealer
    cost = hand_cost(ruleset, win.han, win.fu, win.yakuman, dealer, True)
    delta = [0] * 4
    if win.liable is not None:
        # EMA 3.3.9 / WRC 6.2 / Aalto 22: on self-draw the liable player pays it all.
        counters = table.honba * ruleset.honba_points
        total = cost_total(cost) + (counters if ruleset.liability_tsumo_counters else 0)
        delta[win.liable] -= total
        delta[win.winner] += total
        if not ruleset.liability_tsumo_counters:
            for seat in range(4):
                if seat != win.winner:
                    delta[seat] -= counters // 3
                    delta[win.winner] += counters // 3
    else:
        _tsumo_payments(table, ruleset, win.winner, cost, delta)
    _collect_sticks(table, delta, declared, [win.winner], ruleset)
    return _Outcome(
        delta,
        sticks_taken=True,
        dealer_stays=dealer,
        dealer_won_or_tenpai=dealer,
        counter="add" if dealer else "reset",
    )


def _noten_payments(ruleset: Ruleset, tenpai: list[int]) -> list[int]:
    """EMA 3.4.2 / WRC 5.7.2: the noten players pay 3,000 in total to the tenpai players:
    one tenpai gets 1,000 from each, two get 1,500 each, three get 1,000 each; none or all
    tenpai, nothing is paid."""
    delta = [0] * 4
    count = len(tenpai)
    if count in (0, 4):
        return delta
    # noten_total is a multiple of 600 (rulesets.py), so every share is whole hundreds.
    total = ruleset.noten_total
    for seat in range(4):
        delta[seat] = total // count if seat in tenpai else -(total // (4 - count))
    return delta


def _draw(table: _Table, ruleset: Ruleset, hand: dict[str, Any], declared: list[int]) -> _Outcome:
    data = hand["draw"]
    check_keys(data, {"tenpai"}, "draw")
    tenpai = _players(table, data.get("tenpai", []), "tenpai")
    delta = _noten_payments(ruleset, tenpai)
    # EMA 3.4.6: a riichi declarer who is not tenpai at an exhaustive draw has made a
    # chombo, unless his hand was declared dead after the riichi (EMA 3.4.7: then he only
    # pays the noten penalty).  The sheet cannot tell the two apart, so the hand is scored
    # as written and the declarer is flagged for the referee, who records the chombo (a
    # chombo hand) if there was one.
    noten_riichi = [seat for seat in declared if seat not in tenpai]
    dealer_tenpai = table.dealer in tenpai
    # EMA 3.4.2 / 3.4.4 / 3.4.11: a counter is added, the sticks stay on the table, East
    # stays East when tenpai.
    return _Outcome(
        delta,
        dealer_stays=dealer_tenpai,
        dealer_won_or_tenpai=dealer_tenpai,
        counter="add",
        noten_riichi=noten_riichi,
    )


def _chombo(table: _Table, ruleset: Ruleset, hand: dict[str, Any]) -> _Outcome:
    offender = _player(table, hand["chombo"], "chombo offender")
    delta = [0] * 4
    if ruleset.chombo in ("reverse_mangan", "mangan"):
        # EMA2012 3.4.6 / Aalto 44: a mangan paid by the offender, the reverse of a mangan
        # self-draw: 4,000 to East and 2,000 to the others; East pays 4,000 to each.
        cost = hand_cost(ruleset, _MANGAN_HAN, None, 0, offender == table.dealer, True)
        for seat in range(4):
            if seat != offender:
                amount = cost["dealer"] if seat == table.dealer else cost["non_dealer"]
                delta[seat] += amount
                delta[offender] -= amount
    # EMA 3.4.6 / WRC 7.1 / Aalto 44: riichi bets are returned (so the hand's declarations
    # cost nothing), no counter is placed and the dealer does not rotate.
    return _Outcome(delta, dealer_stays=True, counter="keep", chombo=table.players[offender])


def _abortive(
    table: _Table, ruleset: Ruleset, hand: dict[str, Any], declared: list[int]
) -> _Outcome:
    kind = hand["abortive"]
    if kind not in ABORTIVE_DRAWS:
        raise invalid(
            N_("unknown abortive draw {kind!r}; known: {known}"),
            kind=kind,
            known=", ".join(sorted(ABORTIVE_DRAWS)),
        )
    if kind not in ruleset.abortive_draws:
        raise _not_allowed(
            N_("{ruleset} has no abortive draw {kind}"), ruleset=ruleset.name, kind=kind
        )
    if kind == "four_riichi" and len(declared) != 4:
        raise invalid(N_("four_riichi needs all four players in the hand's riichi list"))
    # EMA2012 3.4.3 / 3.4.4, Aalto 18: no payments, a counter is added, the riichi sticks
    # stay on the table.
    return _Outcome([0] * 4, dealer_stays=ruleset.abortive_dealer_repeats, counter="add")


def _nagashi(
    table: _Table, ruleset: Ruleset, hand: dict[str, Any], declared: list[int]
) -> _Outcome:
    if not ruleset.nagashi_mangan:
        raise _not_allowed(N_("{ruleset} has no nagashi mangan"), ruleset=ruleset.name)
    winners = _players(table, hand["nagashi"], "nagashi")
    if not winners:
        raise invalid(N_("nagashi must name at least one player"))
    tenpai = _players(table, hand.get("tenpai", []), "tenpai")
    if tenpai and ruleset.nagashi_is_win:
        raise invalid(
            N_(
                "under {ruleset} nagashi counts as a win and tenpai hands are not shown: "
                "leave out tenpai"
            ),
            ruleset=ruleset.name,
        )
    delta = [0] * 4
    for winner in sorted(winners, key=lambda seat: (seat - table.dealer) % 4):
        # RCR summary: "payments occur as with separate mangan Tsumos. Table counters affect
        # the hand score normally"; Aalto 19: "a mangan tsumo replaces the noten bappu".
        cost = hand_cost(ruleset, _MANGAN_HAN, None, 0, winner == table.dealer, True)
        _tsumo_payments(table, ruleset, winner, cost, delta)
    dealer_nagashi = table.dealer in winners
    if ruleset.nagashi_is_win:
        # RCR summary (EMA 2012): nagashi counts as a win: the dealer stays if he is a
        # nagashi winner, counters as after a win; the sticks go to the first nagashi
        # winner from East in turn order (the summary is silent: like a win, 3.3.14).
        ordered = sorted(winners, key=lambda seat: (seat - table.dealer) % 4)
        _collect_sticks(table, delta, declared, ordered, ruleset)
        return _Outcome(
            delta,
            sticks_taken=True,
            dealer_stays=dealer_nagashi,
            dealer_won_or_tenpai=dealer_nagashi,
            counter="add" if dealer_nagashi else "reset",
        )
    # Aalto 19 / 11: a drawn hand: a counter is added, the sticks stay; "if the dealer is
    # tenpai a honba is added and the round is played again" (a nagashi dealer too).
    stays = dealer_nagashi or table.dealer in tenpai
    return _Outcome(delta, dealer_stays=stays, dealer_won_or_tenpai=stays, counter="add")


# --- the sheet ----------------------------------------------------------------------------


def _kind(hand: dict[str, Any]) -> str:
    kinds = [k for k in HAND_KINDS if k in hand]
    if len(kinds) != 1:
        raise invalid(N_("a hand must be exactly one of {kinds}"), kinds=", ".join(HAND_KINDS))
    check_keys(hand, {kinds[0], *_EXTRA_KEYS[kinds[0]]}, f"a {kinds[0]} hand")
    return kinds[0]


def _riichi(table: _Table, ruleset: Ruleset, hand: dict[str, Any], kind: str) -> list[int]:
    declared = _players(table, hand.get("riichi", []), "riichi")
    need = ruleset.riichi_needs_points
    if need is not None and kind != "chombo":
        for seat in declared:
            if table.points[seat] < need:
                # Aalto 24: riichi only with 1000 or more points.
                raise _not_allowed(
                    N_(
                        "{name} has {points} points and cannot declare riichi "
                        "({ruleset} needs {need})"
                    ),
                    name=table.players[seat],
                    points=table.points[seat],
                    ruleset=ruleset.name,
                    need=need,
                )
    return declared


def _play(table: _Table, ruleset: Ruleset, hand: Any) -> _Outcome:
    if not isinstance(hand, dict):
        raise invalid(N_("a hand must be a JSON object"))
    kind = _kind(hand)
    declared = _riichi(table, ruleset, hand, kind)
    if kind == "chombo":
        return _chombo(table, ruleset, hand)
    outcome = {
        "ron": _ron,
        "tsumo": _tsumo,
        "draw": _draw,
        "abortive": _abortive,
        "nagashi": _nagashi,
    }[kind](table, ruleset, hand, declared)
    for seat in declared:
        outcome.delta[seat] -= ruleset.riichi_stick
    return outcome


def _advance(table: _Table, ruleset: Ruleset, outcome: _Outcome, declared: int) -> None:
    """Apply a hand's outcome: points, sticks, counters, dealer, end of the game."""
    for seat in range(4):
        table.points[seat] += outcome.delta[seat]
    if outcome.chombo is not None:
        table.chombos.append(outcome.chombo)
        return
    table.sticks = 0 if outcome.sticks_taken else table.sticks + declared
    if outcome.counter == "add":
        table.honba += 1
    elif outcome.counter == "reset":
        table.honba = 0
    last_round = table.round_index == 1 and table.dealer == 3
    if outcome.dealer_stays:
        yame = ruleset.agari_yame_points
        if (
            last_round
            and yame is not None
            and outcome.dealer_won_or_tenpai
            and table.points[table.dealer] >= yame
            and table_ranks(table.points, ruleset)[table.dealer] == 1
        ):
            # Aalto 12: the last dealer in first place with 30000+ ends the game.
            table.over = True
        return
    # EMA 3.5 / WRC 5.8: the deal passes to South; back to the first East, the next round.
    table.dealer = (table.dealer + 1) % 4
    if table.dealer == 0:
        table.round_index += 1
        if table.round_index == 2:
            table.over = True


def evaluate_game(request: dict[str, Any]) -> dict[str, Any]:
    """Answer of ``python -m scoring.rules game`` (shared/design/interfaces.md)."""
    check_keys(
        request,
        {"ruleset", "players", "hands", "ended_by_time", "substitutes", "overrides"},
        "request",
    )
    ruleset = ruleset_of(request)
    players = parse_players(request.get("players"))
    substitutes = parse_substitutes(request.get("substitutes"), players)
    hands = request.get("hands", [])
    if not isinstance(hands, list):
        raise invalid(N_("hands must be a list"))
    whole_number(len(hands), "the number of hands", 0, MAX_HANDS)
    ended_by_time = request.get("ended_by_time", False)
    if not isinstance(ended_by_time, bool):
        raise invalid(N_("ended_by_time must be true or false"))
    table = _Table(players, [ruleset.start_points] * 4)
    log: list[dict[str, Any]] = []
    noten_riichi: list[dict[str, Any]] = []
    last_label = table.label
    for number, hand in enumerate(hands, start=1):
        if table.over:
            raise RuleViolation(
                GAME_OVER,
                "game_over",
                N_("hand {number} (after {last}): the game ended after hand {previous}"),
                number=number,
                last=last_label,
                previous=number - 1,
            ).at_hand(number)
        entry = {
            "round": table.label,
            "honba": table.honba,
            "riichi_on_table": table.sticks,
            "dealer": players[table.dealer],
        }
        try:
            outcome = _play(table, ruleset, hand)
        except RuleViolation as violation:
            raise violation.located("hand", number=number, label=table.label) from None
        declared = len(hand.get("riichi", [])) if outcome.chombo is None else 0
        last_label = table.label
        _advance(table, ruleset, outcome, declared)
        entry["delta"] = dict(zip(players, outcome.delta, strict=True))
        if outcome.chombo is not None:
            entry["chombo"] = outcome.chombo  # the offender (EMA 3.4.6)
        if outcome.noten_riichi:
            names = [players[seat] for seat in outcome.noten_riichi]
            entry["noten_riichi"] = names
            noten_riichi += [
                {"hand": number, "round": last_label, "player": name} for name in names
            ]
        log.append(entry)
    if not table.over and not ended_by_time:
        raise RuleViolation(
            GAME_NOT_OVER,
            "game_not_over",
            N_(
                "hand {number} ({label}): the sheet stops before the end of the game (after "
                "South 4); set ended_by_time if the time limit ended it"
            ),
            number=len(hands) + 1,
            label=table.label,
            # The state the next hand starts from, for a sheet being typed hand by hand.
            honba=table.honba,
            sticks=table.sticks,
        ).at_hand(len(hands) + 1)
    check_chombos(table.chombos, players, "hands")
    penalty: list[Fraction] = chombo_penalties(ruleset, players, table.chombos)
    answer = settle_game(ruleset, players, table.points, table.sticks, penalty, substitutes)
    answer["log"] = log
    answer["noten_riichi"] = noten_riichi
    answer["chombo"] = chombo_counts(players, table.chombos)
    return answer
