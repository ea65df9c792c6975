"""The four ruleset presets and the parameters an organiser may override.

A ruleset is data: one frozen ``Ruleset`` per preset, read by one engine (hand evaluation,
score sheet, final scores).  ``get_ruleset("ema2016", uma=(20, 10, -10, -20))`` gives a preset
with single parameters overridden; ``ruleset_to_dict`` / ``ruleset_from_dict`` store such a
ruleset as JSON (the Django app keeps the preset name plus the overrides).

Sources (shared/rules/): "EMA" is the EMA Riichi Competition Rules 2016, "EMA2012" the 2012
text of sections 3.4-3.4.8 in the side-by-side file plus the 2016 revision notes ("EMA rev."),
"WRC" the World Riichi Championship Rules 2015, "Aalto" the Aalto club rules, tournament
variation.  Where a book is silent the EMA 2016 value is used and the comment says so.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.i18n import N_
from scoring.rules.limits import MAX_PARAMETER, finite_number

# Names of the abortive draws in the JSON interface (shared/design/interfaces.md).
ABORTIVE_DRAWS = frozenset(
    {"nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron"}
)

MULTIPLE_RON = ("all", "head_bump", "double_only")
LEFTOVER_RIICHI = ("winner", "table")
UMA_TIES = ("split", "seat")
CHOMBO = ("points", "reverse_mangan", "mangan")
AFTER_SIGNAL = ("one_more_hand", "finish_hand")
DISQUALIFIED = ("bottom", "excluded")
RENHOU = ("mangan", "yakuman", None)


@dataclass(frozen=True)
class Ruleset:
    """Every parameter in which the supported rulesets differ.

    Table points are whole hundreds; tournament points ("points") are 1,000 table points.
    """

    name: str

    # --- hand evaluation -------------------------------------------------------------
    red_fives: tuple[int, int, int]  # red fives in m, p, s
    open_tanyao: bool
    kiriage_mangan: bool  # 4 han 30 fu / 3 han 60 fu rounded to mangan
    counted_yakuman_han: int | None  # 13: 13+ han is a counted yakuman; None: 11+ sanbaiman
    double_yakuman: frozenset[str]  # yakuman names worth two yakuman
    yakuman_cumulative: bool  # several yakuman in one hand add up
    renhou: str | None  # "mangan" (not cumulative), "yakuman", or None
    nagashi_mangan: bool
    kuikae: bool  # swap-calling allowed
    double_wind_pair_fu: int  # fu for a pair that is both seat and round wind

    # --- score sheet -----------------------------------------------------------------
    start_points: int
    return_points: int  # (final - return) / 1000 is the table part of the hanchan score
    uma: tuple[int, int, int, int]  # tournament points for 1st..4th
    uma_ties: str  # "split": tied players share their uma; "seat": E>S>W>N breaks ties
    multiple_ron: str  # "all"; "head_bump": only one winner; "double_only": 3 = abortive
    leftover_riichi: str  # "winner": first place collects (split on tie); "table": stay
    abortive_draws: frozenset[str]  # names as in the JSON interface
    abortive_dealer_repeats: bool  # after an abortive draw the same dealer deals again
    nagashi_is_win: bool  # nagashi counts as a win (counters, dealer, sticks as for a win)
    two_han_minimum_counters: int | None  # from this many counters a win needs 2 han
    honba_points: int  # per counter, paid by the discarder on ron, shared on tsumo
    riichi_stick: int
    riichi_needs_points: int | None  # a riichi declarer must hold this much (None: any)
    noten_total: int  # paid by the noten players to the tenpai players
    agari_yame_points: int | None  # last dealer leading with this much ends the game
    chombo: str  # "points": penalty after uma; "reverse_mangan"/"mangan": paid at table
    chombo_points: float  # tournament points for a chombo (with chombo == "points")
    liability_yakuman: frozenset[str]  # yakuman with liability (pao)
    liability_rinshan: bool  # liability for rinshan kaihou (the kong feeder)
    liability_tsumo_counters: bool  # on tsumo the liable player also pays the counters

    # --- tournament (read by the Django apps) ----------------------------------------
    session_minutes: int
    signal_minutes_before_end: int
    after_signal: str  # "one_more_hand": finish the hand, play one more; "finish_hand"
    late_points_per_minute: float
    late_max_minutes: int  # later than this: replaced by a substitute
    substitute_score: float | None  # points entered for a substitute; None: as played
    substitute_uma: float | None  # uma entered for a substitute; None: as played
    substitute_counts_for_opponents_uma: bool  # when seated from the start of the session
    substitute_ranked: bool
    missed_session_points: float  # per missed session (lateness not added on top)
    missed_session_uma: float
    obstruction_points: tuple[float, ...] | None  # usual penalties; None: referee decides
    serious_obstruction_points: tuple[float, float] | None  # range for serious cases
    disqualified: str  # "bottom": ranked last; "excluded": not listed
    # Local yaku scored by the hand evaluation (names in scoring.rules.yaku.AALTO_LOCAL_YAKU).
    local_yaku: frozenset[str] = frozenset()

    @property
    def table_total(self) -> int:
        """Table points of the four players together at the start of a game."""
        return 4 * self.start_points


EMA2016 = Ruleset(
    name="ema2016",
    red_fives=(0, 0, 0),  # EMA 1.3 / revision notes: red fives removed
    open_tanyao=True,  # EMA revision notes: tanyao can be an open hand
    kiriage_mangan=False,  # EMA revision notes: 4-30 is not rounded to mangan
    counted_yakuman_han=None,  # EMA revision notes: 13+ fan is a sanbaiman
    double_yakuman=frozenset(),  # EMA revision notes: Big Four Winds is a single yakuman
    yakuman_cumulative=False,  # EMA 4.2: "Yakuman are not cumulative"
    renhou="mangan",  # EMA revision notes / 4.2.4: renho is a mangan
    nagashi_mangan=False,  # EMA revision notes: removed
    kuikae=False,  # EMA 3.3.2 / revision notes: swap-calling is not allowed
    double_wind_pair_fu=4,  # EMA 4.1.1: 2 for seat wind + 2 for prevalent wind
    start_points=30000,  # EMA 3.6: "subtract the 30,000 points they began the game with"
    return_points=30000,  # EMA 3.6: no oka
    uma=(15, 5, -5, -15),  # EMA 3.6.1
    uma_ties="split",  # EMA 3.6.1: "the points for the relevant places are split"
    multiple_ron="all",  # EMA 3.3.1 / 3.4.9: several players may win on the same discard
    leftover_riichi="winner",  # EMA 3.6: collected by the winner, split in case of a tie
    abortive_draws=frozenset(),  # EMA 3.4.3: no abortive draws
    # Silent (no abortive draws in the book); used by presets that have them.
    abortive_dealer_repeats=True,
    nagashi_is_win=False,  # no nagashi in EMA 2016
    two_han_minimum_counters=None,  # EMA revision notes: "Five counters implies two yaku" removed
    honba_points=300,  # EMA 3.4.10: 300 per counter, 100 from each on self-draw
    riichi_stick=1000,  # EMA 3.3.14
    riichi_needs_points=None,  # EMA 3.3.14 sets no minimum score (3.6: no bankruptcy)
    noten_total=3000,  # EMA 3.4.2
    agari_yame_points=None,  # EMA 3.6: agari yame is not allowed
    chombo="points",  # EMA 3.4.6: in a tournament, 20,000 deducted after uma
    chombo_points=-20.0,
    liability_yakuman=frozenset({"daisangen", "daisuushii"}),  # EMA 3.3.9
    liability_rinshan=False,
    # EMA 3.3.9: on self-draw the liable player pays "the full value of the hand" and "the two
    # remaining opponents pay nothing", so the counters are his too (4.1: a hand's value
    # includes its counters); only on ron does "only the discarder pay for any counters".
    liability_tsumo_counters=True,
    session_minutes=90,  # EMA 5.9
    signal_minutes_before_end=15,  # EMA 5.9
    after_signal="one_more_hand",  # EMA 5.9: finish the current hand, then one more
    late_points_per_minute=-1.0,  # EMA 5.7: 1,000 points per minute
    late_max_minutes=10,  # EMA 5.7: later than 10 minutes: replaced by a substitute
    substitute_score=-15.0,  # EMA 5.8: entered as -15,000 points ...
    substitute_uma=-15.0,  # ... and -15,000 uma
    substitute_counts_for_opponents_uma=True,  # EMA 5.8, if seated from the beginning
    substitute_ranked=False,  # EMA 5.8: the result is the absent player's, fixed
    missed_session_points=-15.0,  # EMA 5.8: -15,000 points plus ...
    missed_session_uma=-15.0,  # ... an uma of -15,000 for each session missed
    obstruction_points=(-8.0, -12.0),  # EMA 5.5: 8,000 or 12,000 (chombo level)
    serious_obstruction_points=(-12.0, -48.0),  # EMA 5.5: between 12,000 and 48,000
    disqualified="bottom",  # EMA 5.8: ranked at the bottom of the result list
)

WRC2015 = dataclasses.replace(
    EMA2016,
    name="wrc2015",
    kiriage_mangan=True,  # WRC 6.1: a base value of 1920 is rounded up to 2,000
    multiple_ron="head_bump",  # WRC 5.7.6: only the player closer to the discarder wins
    leftover_riichi="table",  # WRC 5.7.4 / 5.9: they stay on the table, nobody collects
    liability_tsumo_counters=True,  # WRC 6.2: "including all continuance counters points"
    signal_minutes_before_end=0,  # WRC 8.2: the gong sounds when the time is over
    after_signal="finish_hand",  # WRC 8.2: finish the current hand, no dice after the gong
    late_points_per_minute=-1.0,  # WRC 7.2 "Being late": one point per minute
    substitute_score=None,  # WRC 7.2: substitutes "are scored normally" ...
    substitute_uma=None,
    substitute_counts_for_opponents_uma=True,
    substitute_ranked=False,  # ... "and then not included in the ranking"
    missed_session_points=-30.0,  # WRC 7.2: 30 points, not added to the lateness penalty
    missed_session_uma=0.0,  # WRC 7.2: "doesn't get any point"
    obstruction_points=None,  # WRC 7.2: obstruction is penalised at the referee's discretion
    serious_obstruction_points=None,
    disqualified="excluded",  # WRC 7.1: "He will not be listed in the ranking"
)

# EMA 2012: the 2012 text of sections 3.4-3.4.8 (side-by-side file) and the 2016 revision
# notes, which list what 2012 had.  Anything else is the 2016 value.
EMA2012 = dataclasses.replace(
    EMA2016,
    name="ema2012",
    red_fives=(1, 1, 1),  # EMA rev.: "Red fives have been removed" (RCR summary: one per suit)
    open_tanyao=False,  # EMA rev.: "Tanyao can be an open hand" is new in 2016
    counted_yakuman_han=13,  # EMA rev.: 13+ fan was a yakuman
    double_yakuman=frozenset({"daisuushii"}),  # EMA rev.: Big Four Winds was double
    renhou="yakuman",  # EMA rev.: renho was a yakuman
    nagashi_mangan=True,  # EMA rev.: "Nagashi Mangan is removed"
    kuikae=True,  # EMA rev.: "Swap-calling is not allowed" is new in 2016
    # EMA2012 3.4.3: nine terminals, four kongs (not one player), four winds, four riichi.
    abortive_draws=frozenset({"nine_terminals", "four_kongs", "four_winds", "four_riichi"}),
    # EMA2012 3.4.3 places a counter but does not say who deals next; an abortive draw is a
    # re-deal of the aborted hand, so the dealer keeps the deal (as Aalto rule 18 says).
    abortive_dealer_repeats=True,
    # RCR summary: nagashi "counts as a win ... Hand progression or hand repeat depends on
    # whether East was a nagashi mangan winner".
    nagashi_is_win=True,
    two_han_minimum_counters=5,  # EMA rev.: "Five counters implies two yaku" was removed
    chombo="reverse_mangan",  # EMA2012 3.4.6: 4,000 to East, 2,000 to the others
    chombo_points=0.0,  # EMA2012 3.4.6 has no tournament penalty on top of the payment
)

# Aalto club rules, TOURNAMENT VARIATION where there is one; EMA 2016 where they are silent.
AALTO = dataclasses.replace(
    EMA2016,
    name="aalto",
    red_fives=(1, 2, 1),  # Aalto 10: 1x 5man, 2x 5pin, 1x 5sou
    kuikae=True,  # Aalto 8
    counted_yakuman_han=13,  # Aalto 34: kazoe yakuman with 13 or more han
    # Aalto 38: daisuushii / daichiisei / suuankoutanki / kokushi 13-men / junseichuuren.
    double_yakuman=frozenset(
        {"daisuushii", "daichiisei", "suuankou_tanki", "kokushi_13", "junsei_chuuren"}
    ),
    yakuman_cumulative=True,  # Aalto 41: "Yakuman are cumulative"
    renhou="yakuman",  # Aalto 38: renhou is in the yakuman list
    nagashi_mangan=True,  # Aalto 19
    start_points=0,  # Aalto 3, tournament variation: "All players start with 0 points"
    return_points=0,
    uma_ties="seat",  # Aalto 14: ties decided by the winds of the first round, E>S>W>N
    multiple_ron="double_only",  # Aalto 20: daburon ari; 18: triple ron is abortive
    abortive_draws=frozenset(ABORTIVE_DRAWS),  # Aalto 18 (suufonrenta = four winds)
    abortive_dealer_repeats=True,  # Aalto 18: "the round is restarted and a honba is added"
    nagashi_is_win=False,  # Aalto 19: the mangan tsumo "replaces the noten bappu"
    two_han_minimum_counters=5,  # Aalto 17: ryanhan shibari starts at 5 honba
    # Aalto 24: riichi only with 1000 or more points.  The rule has no tournament variation,
    # so it holds with the 0 start points too: an organiser may override it with None.
    riichi_needs_points=1000,
    # Aalto 12 (no tournament variation): the dealer of the last hand who wins or is tenpai
    # ends the game when in first place with at least 30000 points.
    agari_yame_points=30000,
    chombo="mangan",  # Aalto 44: mangan chombo, the round restarted without a honba
    chombo_points=0.0,
    liability_rinshan=True,  # Aalto 22: pao for rinshan kaihou too
    session_minutes=75,  # Aalto 48
    # Aalto 38: local yaku visible in the tiles (see scoring.rules.yaku).
    local_yaku=frozenset(
        {"sanrenkou", "sanpuukou", "isshokusanjun", "suurenkou", "daisharin", "daichiisei"}
    ),
    signal_minutes_before_end=0,  # Aalto 48: "notified when the time is up"
    after_signal="one_more_hand",  # Aalto 48: finish the round, then one more
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (EMA2016, WRC2015, EMA2012, AALTO)}
DEFAULT_RULESET = "ema2016"

_FIELDS = {f.name: f for f in dataclasses.fields(Ruleset)}

# Parameters with a closed set of values, checked when an organiser overrides them.
_CHOICES: dict[str, tuple[Any, ...]] = {
    "multiple_ron": MULTIPLE_RON,
    "leftover_riichi": LEFTOVER_RIICHI,
    "uma_ties": UMA_TIES,
    "chombo": CHOMBO,
    "after_signal": AFTER_SIGNAL,
    "disqualified": DISQUALIFIED,
    "renhou": RENHOU,
}


# Parameters in table points: (must be a multiple of, may be negative).  Table points are
# whole hundreds; a counter is 300 shared by three on a self-draw (EMA 3.4.10); the noten
# payment is split by one, two or three players (EMA 3.4.2).
_POINT_STEPS: dict[str, tuple[int, bool]] = {
    "start_points": (100, True),
    "return_points": (100, True),
    "riichi_stick": (100, False),
    "riichi_needs_points": (100, True),
    "agari_yame_points": (100, True),
    "honba_points": (300, False),
    "noten_total": (600, False),
}
# Counts and minutes that must be at least this much.
_MINIMUMS: dict[str, int] = {
    "two_han_minimum_counters": 1,
    "counted_yakuman_han": 5,
    "session_minutes": 1,
    "signal_minutes_before_end": 0,
    "late_max_minutes": 0,
    "double_wind_pair_fu": 2,
}


def _bad(template: str, **params: Any) -> RuleViolation:
    return RuleViolation(INVALID_INPUT, "bad_ruleset", template, **params)


def _check_value(name: str, value: Any, default: Any) -> Any:
    """``value`` in the type of the preset's ``default``; JSON lists become tuples/sets."""
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise _bad(N_("ruleset parameter {name} cannot be {value!r}"), name=name, value=value)
        return value
    if isinstance(default, frozenset):
        if not isinstance(value, list | tuple | set | frozenset) or not all(
            isinstance(v, str) for v in value
        ):
            raise _bad(N_("ruleset parameter {name} must be a list of names"), name=name)
        if name == "abortive_draws" and not set(value) <= ABORTIVE_DRAWS:
            raise _bad(N_("unknown abortive draw in {name}"), name=name)
        return frozenset(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise _bad(N_("ruleset parameter {name} must be true or false"), name=name)
        return value
    field_type = str(_FIELDS[name].type)
    whole = field_type.startswith("int")
    if value is None:
        if "None" not in field_type:
            raise _bad(N_("ruleset parameter {name} cannot be empty"), name=name)
        return None
    # Decided by the declared type, not the preset's value: a field whose preset is None
    # may be a number (riichi_needs_points) or a tuple, and a list must not pass as a number.
    if field_type.startswith("tuple"):
        if not isinstance(value, list | tuple):
            # Checked first: a preset without a value (None) gives no length to quote.
            raise _bad(N_("ruleset parameter {name} must be a list of numbers"), name=name)
        length = len(default) if isinstance(default, tuple) else len(value)
        if (
            not isinstance(value, list | tuple)
            or len(value) != length
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        ):
            raise _bad(
                N_("ruleset parameter {name} must be a list of {n} numbers"), name=name, n=length
            )
        for v in value:
            finite_number(v, f"ruleset parameter {name}", MAX_PARAMETER)
        return tuple(value)
    if default is None or isinstance(default, int | float):
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise _bad(N_("ruleset parameter {name} must be a number"), name=name)
        finite_number(value, f"ruleset parameter {name}", MAX_PARAMETER)
        if whole and not float(value).is_integer():
            raise _bad(N_("ruleset parameter {name} must be a whole number"), name=name)
        if name in _POINT_STEPS:
            step, negative = _POINT_STEPS[name]
            if value % step or (value < 0 and not negative):
                raise _bad(
                    N_("ruleset parameter {name} must be a{sign} multiple of {step}"),
                    name=name,
                    sign="" if negative else " non-negative",
                    step=step,
                )
        if name in _MINIMUMS and value < _MINIMUMS[name]:
            raise _bad(
                N_("ruleset parameter {name} must be at least {least}"),
                name=name,
                least=_MINIMUMS[name],
            )
        return int(value) if whole else float(value)
    raise _bad(N_("ruleset parameter {name} cannot be {value!r}"), name=name, value=value)


def get_ruleset(name: str = DEFAULT_RULESET, /, **overrides: Any) -> Ruleset:
    """The preset ``name`` with single parameters replaced by ``overrides``.

    Overrides may come from JSON: lists are accepted for tuples and sets.
    """
    if not isinstance(name, str) or name not in RULESETS:
        raise RuleViolation(
            INVALID_INPUT,
            "unknown_ruleset",
            N_("unknown ruleset {name!r}; known: {known}"),
            name=name,
            known=", ".join(RULESETS),
        )
    base = RULESETS[name]
    if not overrides:
        return base
    unknown = sorted(k for k in overrides if k not in _FIELDS or k == "name")
    if unknown:
        raise RuleViolation(
            INVALID_INPUT,
            "unknown_parameter",
            N_("unknown ruleset parameter(s): {names}"),
            names=", ".join(map(repr, unknown)),
        )
    checked = {k: _check_value(k, v, getattr(base, k)) for k, v in overrides.items()}
    if "start_points" in checked and "return_points" not in checked:
        # No preset has an oka (return == start): new start points move the return points
        # along, so an oka appears only when an organiser asks for one.
        checked["return_points"] = checked["start_points"] + base.return_points - base.start_points
    return dataclasses.replace(base, **checked)


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """Plain JSON-able data: tuples become lists, frozensets sorted lists."""
    out: dict[str, Any] = {}
    for field in dataclasses.fields(ruleset):
        value = getattr(ruleset, field.name)
        if isinstance(value, frozenset):
            value = sorted(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[field.name] = value
    return out


def ruleset_overrides(ruleset: Ruleset) -> dict[str, Any]:
    """The parameters in which ``ruleset`` differs from its preset, JSON-able."""
    preset = ruleset_to_dict(RULESETS[ruleset.name])
    return {k: v for k, v in ruleset_to_dict(ruleset).items() if preset[k] != v}


def ruleset_from_dict(data: dict[str, Any]) -> Ruleset:
    """The inverse of ``ruleset_to_dict`` (and of ``ruleset_overrides`` plus the name).

    Missing fields come from the preset named by ``name`` (default ema2016).
    """
    if not isinstance(data, dict):
        raise _bad(N_("a ruleset must be an object"))
    overrides = {k: v for k, v in data.items() if k != "name"}
    return get_ruleset(data.get("name", DEFAULT_RULESET), **overrides)


def points_limit(ruleset: Ruleset) -> int:
    """The most table points one player can hold at a table: no table has more than 4 x the
    start points in play (EMA 3.6: points only change hands, and the riichi sticks come
    from them).  A ruleset where all start at 0 (Aalto 3) still plays hands of the usual
    size, so it is bounded like EMA's 4 x 30,000."""
    return 4 * max(ruleset.start_points, ruleset.return_points, EMA2016.start_points)
