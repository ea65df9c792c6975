"""The rules core's violations in the reader's language (issue 19).

The core (scoring/rules/) stays free of Django and of translations: a ``RuleViolation``
carries a code, an English ``template`` and its ``params``.  Here, at the edge, the template
is looked up in the catalogues (``gettext``) and filled with the same parameters, the way
``RuleViolation.message`` fills the English one.  ``TEMPLATES`` lists every template the core
uses, so that ``makemessages`` finds them; ``tests/i18n`` checks the list against the core.
A template a catalogue lacks, or a translation whose placeholders do not fit, falls back to
the core's English sentence rather than failing the page.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

from scoring.rules.errors import RuleViolation, _shown

PREFIX = "{where}: "

# "hand 7 (S2)", "meld 2", "points", "overrides": where a prefixed violation happened.
_HAND = re.compile(r"hand (\d+) \((.*)\)\Z")
_MELD = re.compile(r"meld (\d+)\Z")


def _where(where: str) -> str:
    if match := _HAND.match(where):
        return gettext("hand {number} ({label})").format(
            number=match.group(1), label=match.group(2)
        )
    if match := _MELD.match(where):
        return gettext("meld {number}").format(number=match.group(1))
    return where


def violation_message(violation: RuleViolation) -> str:
    """The violation's sentence in the active language."""
    template = violation.template
    params = {k: _shown(v) for k, v in violation.params.items()}
    prefixed = template.startswith(PREFIX) and "where" in params
    if prefixed:
        template = template[len(PREFIX) :]
        params["where"] = _where(str(params["where"]))
    try:
        text = gettext(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return violation.message
    return (
        gettext("{where}: {message}").format(where=params["where"], message=text)
        if prefixed
        else text
    )


# Every template of the core, for makemessages (gettext_noop marks without translating).
TEMPLATES = [
    gettext_noop("the request must be a JSON object"),
    gettext_noop("points must be an object mapping the four players to their points"),
    gettext_noop("riichi_left must be a whole number of sticks, 0 or more"),
    gettext_noop(
        "the points add up to {total}, but four players starting with {start} "
        "and {sticks} riichi stick(s) left on the table make {expected}"
    ),
    gettext_noop("chombo must be a list of the players' names, one entry per chombo"),
    gettext_noop("{name}'s points must be a number, not {value!r}"),
    gettext_noop("{name}'s points {value} are not whole hundreds"),
    gettext_noop('{field} must be "E", "S", "W" or "N", not {value!r}'),
    gettext_noop('{where} must be an object {{"kind": K, "tiles": "..."}}, not {value!r}'),
    gettext_noop(
        "kind must be one of chi, pon, kan (open kong), ankan (concealed kong), not {kind!r}"
    ),
    gettext_noop("a {kind} has {size} tiles, {text!r} has {n}"),
    gettext_noop("a {kind} is {size} identical tiles, {text!r} is not"),
    gettext_noop("the hand must be a JSON object, not {value!r}"),
    gettext_noop("unknown field(s) {names}; the hand takes {known}"),
    gettext_noop("ruleset must be a name, not {value!r}"),
    gettext_noop("the hand needs both tiles and win_tile (the winning tile)"),
    gettext_noop('win_tile must be exactly one tile such as "8s", not {value!r}'),
    gettext_noop("melds must be a list, not {value!r}"),
    gettext_noop("a hand has at most four melds, not {n}"),
    gettext_noop(
        "{n} concealed tiles and {m} meld(s) make {total} tiles; a winning hand "
        "has 14 (a kong counts as 3), so with {m} meld(s) tiles must hold "
        "{want} tiles including the winning tile"
    ),
    gettext_noop(
        "the winning tile {tile} is not among tiles; tiles must include the "
        "winning tile (and melds cannot hold it)"
    ),
    gettext_noop("{names} cannot happen together"),
    gettext_noop(
        "{tiles} with the melds is not a complete hand: it needs four sets and "
        "a pair, seven different pairs or thirteen orphans (EMA 3.2)"
    ),
    gettext_noop(
        "the hand is complete but has no yaku; dora and red fives alone do not "
        "make a winning hand (EMA 3.2)"
    ),
    gettext_noop("{text!r} is not a chow (three consecutive tiles of one suit)"),
    gettext_noop("{n} red {five} (0{suit}); the {ruleset} set has only {allowed}"),
    gettext_noop(
        "{n} plain {five}; the {ruleset} set replaces {allowed} of the four by "
        "red fives, so mark the red ones as 0{suit}"
    ),
    gettext_noop(
        "{name} is a win in the first uninterrupted set of turns, so the hand "
        "cannot have melds or kongs"
    ),
    gettext_noop(
        "{name} is a win before the winner discarded, so riichi cannot have been declared"
    ),
    gettext_noop(
        "{name} is a win in the first set of turns; it cannot also be rinshan, "
        "chankan, haitei or houtei"
    ),
    gettext_noop(
        "a robbed kong holds the other three {tile}, so the winner cannot hold {n} of them"
    ),
    gettext_noop("{flag} must be true or false, not {value!r}"),
    gettext_noop(
        "{field} has {n} tiles; there are at most 5 (the dora indicator and "
        "four kan dora indicators)"
    ),
    gettext_noop(
        "{n} copies of {tile} (hand, melds and dora indicators together); a set has only four"
    ),
    gettext_noop(
        "0{suit} is a red five, and the {ruleset} rules have no red {five}; write it as {five}"
    ),
    gettext_noop("{field} must be a whole number, not {value!r}"),
    gettext_noop("{field} must be from {low} to {high}, not {value}"),
    gettext_noop("{field} must be a number, not {value!r}"),
    gettext_noop("{field} must be a number, not {value}"),
    gettext_noop("{field} lists {count} chombo; at most {most} at a table ({each} per player)"),
    gettext_noop("{field}: {count} chombo for {name}; at most {most} per player in a game"),
    gettext_noop("{han} han: a winning hand has at least one han"),
    gettext_noop("{han} han needs its minipoints (fu); only 5+ han need none"),
    gettext_noop("fu must be a whole number, not {fu!r}"),
    gettext_noop("{fu} fu: minipoints are rounded up to 10 (only Seven Pairs has 25)"),
    gettext_noop("{han} han {fu} fu: no such hand has more than {limit} fu"),
    gettext_noop("25 fu is Seven Pairs, which cannot be an open hand"),
    gettext_noop(
        "{han} han 25 fu on a {win}: Seven Pairs alone is 2 han{extra}, so 25 "
        "fu needs at least {need} han"
    ),
    gettext_noop(
        "{han} han 20 fu on a discard: a concealed hand won on a discard has at "
        "least 30 fu and an open hand is rounded up to 30 fu"
    ),
    gettext_noop("20 fu is only a concealed pinfu self-draw; an open hand has at least 30 fu"),
    gettext_noop(
        "{han} han 20 fu: 20 fu is a pinfu self-draw, worth pinfu and Fully "
        "Concealed Hand, so at least 2 han"
    ),
    gettext_noop("Unknown penalty kind {kind!r}."),
    gettext_noop("How many points does the player lose?"),
    gettext_noop("Give the points the player loses as a positive number."),
    gettext_noop("A point penalty needs points."),
    gettext_noop("How many minutes late?"),
    gettext_noop(
        "Later than {max_minutes} minutes: the player is replaced by a "
        "substitute for the session. Record a substitution instead."
    ),
    gettext_noop("A serious obstruction costs {low} to {high} points."),
    gettext_noop("{what} must be a JSON object"),
    gettext_noop("unknown field(s) in {what}: {unknown}"),
    gettext_noop("overrides must be an object of ruleset parameters"),
    gettext_noop("players must be the four players' names, East, South, West, North"),
    gettext_noop("the four players' names must be different"),
    gettext_noop("ruleset parameter {name} cannot be {value!r}"),
    gettext_noop("unknown ruleset {name!r}; known: {known}"),
    gettext_noop("unknown ruleset parameter(s): {names}"),
    gettext_noop("a ruleset must be an object"),
    gettext_noop("ruleset parameter {name} must be a list of names"),
    gettext_noop("unknown abortive draw in {name}"),
    gettext_noop("ruleset parameter {name} must be true or false"),
    gettext_noop("ruleset parameter {name} cannot be empty"),
    gettext_noop("ruleset parameter {name} must be a list of numbers"),
    gettext_noop("ruleset parameter {name} must be a list of {n} numbers"),
    gettext_noop("ruleset parameter {name} must be a number"),
    gettext_noop("ruleset parameter {name} must be a whole number"),
    gettext_noop("ruleset parameter {name} must be at least {least}"),
    gettext_noop("ruleset parameter {name} must be a{sign} multiple of {step}"),
    gettext_noop("discarder (from)"),
    gettext_noop("chombo offender"),
    gettext_noop("{what} {name!r} is not one of the players"),
    gettext_noop("{what} must be a list of players' names"),
    gettext_noop("{what} names a player twice"),
    gettext_noop("{what} must be a whole number, not {value!r}"),
    gettext_noop("{count} yakuman: a hand is worth at most {most} under {ruleset}"),
    gettext_noop("liable player"),
    gettext_noop("with {honba} counters a win needs at least 2 han ({ruleset})"),
    gettext_noop("ron must list the winner(s)"),
    gettext_noop("a player wins twice on the same discard"),
    gettext_noop("{name} cannot both win and deal in"),
    gettext_noop(
        "{ruleset} allows one winner per discard: enter only the player closest "
        "to the discarder in turn order"
    ),
    gettext_noop("{ruleset} has no triple ron: enter it as the abortive draw triple_ron"),
    gettext_noop("unknown abortive draw {kind!r}; known: {known}"),
    gettext_noop("{ruleset} has no abortive draw {kind}"),
    gettext_noop("four_riichi needs all four players in the hand's riichi list"),
    gettext_noop("{ruleset} has no nagashi mangan"),
    gettext_noop("nagashi must name at least one player"),
    gettext_noop(
        "under {ruleset} nagashi counts as a win and tenpai hands are not shown: leave out tenpai"
    ),
    gettext_noop("a hand must be exactly one of {kinds}"),
    gettext_noop("a hand must be a JSON object"),
    gettext_noop("hands must be a list"),
    gettext_noop("ended_by_time must be true or false"),
    gettext_noop(
        "hand {number} ({label}): the sheet stops before the end of the game "
        "(after South 4); set ended_by_time if the time limit ended it"
    ),
    gettext_noop("a win needs its han (or yakuman)"),
    gettext_noop("the winner cannot be liable for his own hand"),
    gettext_noop("liability (pao) needs a yakuman{rinshan}"),
    gettext_noop("{ruleset} has no liability (pao)"),
    gettext_noop("hand {number} (after {last}): the game ended after hand {previous}"),
    gettext_noop("{name} has {points} points and cannot declare riichi ({ruleset} needs {need})"),
    gettext_noop('substitutes must be an object mapping players\' names to "start" or "during"'),
    gettext_noop("substitutes: {player!r} is not one of the players {players}"),
    gettext_noop(
        'substitutes: {player} must be marked "start" (seated from the start of '
        'the session) or "during" (joined during the session), not {value!r}'
    ),
    gettext_noop(
        "{field}: {text!r} is not tile notation; every group of digits needs a "
        'suit letter after it (m, p, s or z), e.g. "123m456p77z"'
    ),
    gettext_noop('{field} must be a string of tiles such as "123m456p77z", not {value!r}'),
    gettext_noop("{field} is {length} characters long; no hand needs so many"),
    gettext_noop(
        "{field}: honours are 1z to 7z (East, South, West, North, White, Green, "
        "Red); {bad!r} in {text!r} is not"
    ),
    gettext_noop(
        "{field}: unexpected character {char!r} in {text!r}; write tiles as "
        'digits followed by m, p, s or z, e.g. "123m456p77z"'
    ),
]
