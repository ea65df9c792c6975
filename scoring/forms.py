"""Score-sheet forms.  Every rule check is the rules core's: ``clean()`` calls it through
``scoring.services.evaluate_entry`` and turns its ``RuleViolation`` into a form error placed
at the field or the hand it concerns.  The forms only check the shape of what was typed."""

from __future__ import annotations

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext, gettext_lazy

from scoring.rules.errors import RuleViolation
from scoring.rules.hand import evaluate_hand
from scoring.rules.payments import MAX_FU
from scoring.rules.rulesets import points_limit
from scoring.rules.substitutes import DURING, FROM_START
from scoring.wording import HAND_KINDS, SHEET_FORM_SENTENCES, violation_message
from web.fields import bounded_integer, bounded_text

from .models import StandingsSettings
from .services import SEATS, correction_reason_missing, evaluate_entry, violation_hand

SUBSTITUTE_CHOICES = [
    ("", "—"),
    (FROM_START, gettext_lazy("Substitute from the start")),
    (DURING, gettext_lazy("Substitute joined during the session")),
]
WIND_NAMES = ["East", "South", "West", "North"]

# Bounds of what a sheet may hold.  They refuse typing slips before the rules core works on
# them (``chombo_0=10**30`` made it build a list of 10**30 names) and keep every stored
# number inside its column (TableResult.points is a 32-bit integer, the scores 9 digits).
MAX_VERSION = 2**31 - 1  # ScoreSheet.version, a PositiveIntegerField
# A player makes at most a handful of chombo in one game: more is a slip of the thumb, and
# each one is a penalty the referee logs (EMA 3.4.6).
MAX_CHOMBO = 5
# Fu: the rules core's own bound (payments.MAX_FU).  Han: 13 and more is a counted yakuman
# (or capped at sanbaiman), so 99 han is far past anything a hand can reach with dora.
MAX_HAN = 99
# Yakuman stacked in one hand (Aalto 41 makes them cumulative): six is already a hand with
# every yakuman a single set of tiles can hold.
MAX_YAKUMAN = 6
# A hanchan is 8 rounds plus counters; a long game has 20 to 30 hands.  100 is four times
# more, and keeps the hand-by-hand formset (each line a form) from being made 10**9 times.
MAX_HANDS = 100


class StandingsSettingsForm(forms.ModelForm):
    class Meta:
        model = StandingsSettings
        fields = ["tie_break"]
        labels = {"tie_break": "Equal totals"}


class SheetMetaForm(forms.Form):
    """Fields shared by both kinds of sheet: the optimistic-lock version and the reason."""

    version = bounded_integer(
        gettext_lazy("Version of the sheet (hidden)"),
        min_value=0,
        max_value=MAX_VERSION,
        widget=forms.HiddenInput,
    )
    reason = bounded_text(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label=gettext_lazy("Reason for the correction"),
        help_text=gettext_lazy("Required once the sheet is confirmed."),
    )

    def __init__(self, *args, tournament, names, confirmed=False, disputed=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.names = names
        self.confirmed = confirmed
        # A player disputed this version: the referee's correction says why.
        self.disputed = disputed
        if disputed:
            self.fields["reason"].help_text = gettext("Required: a player disputed this sheet.")
        for i, name in enumerate(names):
            label = gettext("{wind} ({name}) is a substitute").format(
                wind=gettext(WIND_NAMES[i]), name=name
            )
            self.fields[f"substitute_{i}"] = forms.ChoiceField(
                choices=SUBSTITUTE_CHOICES,
                required=False,
                label=label,
                error_messages={
                    "invalid_choice": gettext("{label}: choose one of the listed answers.").format(
                        label=label
                    )
                },
            )
        self.answer: dict | None = None

    def substitutes(self) -> list[str]:
        return [self.cleaned_data.get(f"substitute_{i}") or "" for i in range(4)]

    def substitute_fields(self):
        return [self[f"substitute_{i}"] for i in range(4)]

    def clean_reason(self) -> str:
        reason = self.cleaned_data.get("reason", "").strip()
        missing = correction_reason_missing(
            confirmed=self.confirmed, disputed=self.disputed, reason=reason
        )
        if missing:
            raise forms.ValidationError(missing)
        return reason


class FinalScoresForm(SheetMetaForm):
    """The common EMA sheet: the four final table scores and the sticks left on the table."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        ruleset = self.tournament.rules()
        limit = points_limit(ruleset)
        for i, name in enumerate(self.names):
            self.fields[f"points_{i}"] = bounded_integer(
                gettext("{value}: {name}").format(value=gettext(WIND_NAMES[i]), name=name),
                min_value=-limit,
                max_value=limit,
                widget=forms.NumberInput(attrs={"step": 100, "inputmode": "numeric"}),
            )
            self.fields[f"chombo_{i}"] = bounded_integer(
                gettext("Chombo by {name}").format(name=name),
                min_value=0,
                max_value=MAX_CHOMBO,
                initial=0,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        # Every stick on the table came out of the points in play (EMA 3.3.14).
        self.fields["riichi_left"] = bounded_integer(
            gettext("Riichi sticks left on the table"),
            min_value=0,
            max_value=limit // max(ruleset.riichi_stick, 100),
            initial=0,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def point_fields(self):
        return [self[f"points_{i}"] for i in range(4)]

    def chombo_fields(self):
        return [self[f"chombo_{i}"] for i in range(4)]

    def entry(self) -> dict:
        data = self.cleaned_data
        return {
            "points": [data[f"points_{i}"] for i in range(4)],
            "riichi_left": data["riichi_left"],
            "chombo": [data.get(f"chombo_{i}") or 0 for i in range(4)],
            "substitutes": self.substitutes(),
        }

    def clean(self):
        data = super().clean()
        needed = [f"points_{i}" for i in range(4)] + ["riichi_left"]
        if any(name not in data or data[name] is None for name in needed):
            return data  # the missing field already carries its own message
        try:
            self.answer = evaluate_entry(self.tournament, "final", self.entry(), self.names)
        except RuleViolation as violation:
            name = violation.params.get("name")
            if name in self.names:
                self.add_error(f"points_{self.names.index(name)}", violation_message(violation))
            elif "sticks" in violation.params:
                self.add_error("riichi_left", violation_message(violation))
            else:
                raise forms.ValidationError(
                    violation_message(violation), code=violation.code
                ) from None
        return data


def _small(hint: str) -> forms.NumberInput:
    return forms.NumberInput(
        attrs={"placeholder": hint, "inputmode": "numeric", "class": "small-num"}
    )


class HandForm(forms.Form):
    """One line of a paper sheet: what happened, and per seat riichi, han/fu and tenpai."""

    KINDS = [("", "—")] + [(k, HAND_KINDS[k]) for k in ("ron", "tsumo", "draw", "chombo")]

    kind = forms.ChoiceField(choices=KINDS, required=False, label=gettext_lazy("Hand"))
    who = forms.ChoiceField(required=False, label=gettext_lazy("From / by"))
    liable = forms.ChoiceField(required=False, label=gettext_lazy("Liable (pao)"))
    abortive = forms.ChoiceField(required=False, label=gettext_lazy("Abortive draw"))

    def __init__(self, *args, names, ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        seat_choices = [("", "—")] + [(SEATS[i], f"{SEATS[i]} {n}") for i, n in enumerate(names)]
        kinds = list(self.KINDS)
        if ruleset.abortive_draws:
            kinds.append(("abortive", HAND_KINDS["abortive"]))
            self.fields["abortive"].choices = [("", "—")] + [
                (k, k.replace("_", " ")) for k in sorted(ruleset.abortive_draws)
            ]
        else:
            del self.fields["abortive"]
        if ruleset.nagashi_mangan:
            kinds.append(("nagashi", HAND_KINDS["nagashi"]))
        self.fields["kind"].choices = kinds
        self.fields["who"].choices = seat_choices
        self.fields["liable"].choices = seat_choices
        for i in range(4):
            self.fields[f"riichi_{i}"] = forms.BooleanField(required=False, label=gettext("R"))
            wind = gettext(WIND_NAMES[i])
            self.fields[f"han_{i}"] = bounded_integer(
                gettext("{wind} han").format(wind=wind),
                required=False,
                min_value=0,
                max_value=MAX_HAN,
                widget=_small("han"),
            )
            self.fields[f"fu_{i}"] = bounded_integer(
                gettext("{wind} fu").format(wind=wind),
                required=False,
                min_value=0,
                max_value=MAX_FU,
                widget=_small("fu"),
            )
            self.fields[f"yakuman_{i}"] = bounded_integer(
                gettext("{wind} yakuman").format(wind=wind),
                required=False,
                min_value=0,
                max_value=MAX_YAKUMAN,
                widget=_small("Y"),
            )
            self.fields[f"tenpai_{i}"] = forms.BooleanField(required=False, label=gettext("T"))

    def seat_fields(self):
        return [
            {
                "riichi": self[f"riichi_{i}"],
                "han": self[f"han_{i}"],
                "fu": self[f"fu_{i}"],
                "yakuman": self[f"yakuman_{i}"],
                "tenpai": self[f"tenpai_{i}"],
            }
            for i in range(4)
        ]

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        winners = [
            i for i in range(4) if data.get(f"han_{i}") is not None or data.get(f"yakuman_{i}")
        ]
        if kind in ("ron", "chombo", "nagashi") and not data.get("who"):
            label = {"ron": "who dealt in", "chombo": "who made the chombo"}.get(
                kind, "who made nagashi mangan"
            )
            self.add_error("who", gettext("Choose {label}.").format(label=label))
        if kind in ("ron", "tsumo") and not winners:
            self.add_error(None, gettext("Enter the han (and fu) or yakuman of the winner."))
        if kind == "tsumo" and len(winners) > 1:
            self.add_error(None, gettext("A tsumo has one winner: enter han for one player only."))
        if kind == "abortive" and not data.get("abortive"):
            self.add_error("abortive", gettext("Choose which abortive draw."))
        entered = [
            name
            for name, value in data.items()
            if name not in ("kind", "abortive") and value not in (None, "", False)
        ]
        if not kind and entered:
            # A line with values but no kind: never guess; a cleared line is simply dropped.
            self.add_error("kind", gettext("Choose what happened in this hand, or clear the line."))
        return data

    def is_blank(self) -> bool:
        # An untouched extra line is not even cleaned: its cleaned_data stays empty.
        return not getattr(self, "cleaned_data", {}).get("kind")

    def hand(self) -> dict:
        """The hand in the rules core's JSON (interfaces.md), players by seat letter."""
        data = self.cleaned_data
        kind = data["kind"]
        riichi = [SEATS[i] for i in range(4) if data.get(f"riichi_{i}")]
        tenpai = [SEATS[i] for i in range(4) if data.get(f"tenpai_{i}")]

        def win(i: int) -> dict:
            entry: dict = {"winner": SEATS[i]}
            if data.get(f"yakuman_{i}"):
                entry["yakuman"] = data[f"yakuman_{i}"]
            else:
                entry["han"] = data.get(f"han_{i}")
                if data.get(f"fu_{i}") is not None:
                    entry["fu"] = data[f"fu_{i}"]
            return entry

        winners = [
            i for i in range(4) if data.get(f"han_{i}") is not None or data.get(f"yakuman_{i}")
        ]
        hand: dict
        if kind == "ron":
            wins = [win(i) for i in winners]
            if data.get("liable"):
                for entry in wins:
                    if "yakuman" in entry or len(wins) == 1:
                        entry["liable"] = data["liable"]
            hand = {"ron": wins, "from": data["who"]}
        elif kind == "tsumo":
            entry = win(winners[0])
            if data.get("liable"):
                entry["liable"] = data["liable"]
            hand = {"tsumo": entry}
        elif kind == "draw":
            hand = {"draw": {"tenpai": tenpai}}
        elif kind == "chombo":
            return {"chombo": data["who"]}  # a chombo hand is re-dealt: no riichi on it
        elif kind == "abortive":
            hand = {"abortive": data["abortive"]}
        else:
            hand = {"nagashi": [data["who"]], "tenpai": tenpai}
        if riichi:
            hand["riichi"] = riichi
        return hand


def hand_initial(hand: dict) -> dict:
    """Form initial data from a stored hand (the inverse of ``HandForm.hand``)."""
    initial: dict = {}
    for letter in hand.get("riichi", []):
        initial[f"riichi_{SEATS.index(letter)}"] = True
    wins: list[dict] = []
    if "ron" in hand:
        initial["kind"] = "ron"
        initial["who"] = hand.get("from", "")
        wins = hand["ron"] if isinstance(hand["ron"], list) else [hand["ron"]]
    elif "tsumo" in hand:
        initial["kind"] = "tsumo"
        wins = [hand["tsumo"]]
    elif "draw" in hand:
        initial["kind"] = "draw"
        for letter in hand["draw"].get("tenpai", []):
            initial[f"tenpai_{SEATS.index(letter)}"] = True
    elif "chombo" in hand:
        initial["kind"] = "chombo"
        initial["who"] = hand["chombo"]
    elif "abortive" in hand:
        initial["kind"] = "abortive"
        initial["abortive"] = hand["abortive"]
    elif "nagashi" in hand:
        initial["kind"] = "nagashi"
        initial["who"] = hand["nagashi"][0] if hand["nagashi"] else ""
        for letter in hand.get("tenpai", []):
            initial[f"tenpai_{SEATS.index(letter)}"] = True
    for entry in wins:
        i = SEATS.index(entry["winner"])
        if entry.get("yakuman"):
            initial[f"yakuman_{i}"] = entry["yakuman"]
        else:
            initial[f"han_{i}"] = entry.get("han")
            initial[f"fu_{i}"] = entry.get("fu")
        if entry.get("liable"):
            initial["liable"] = entry["liable"]
    return initial


# validate_max refuses more lines with a message; absolute_max stops a forged TOTAL_FORMS
# from making more forms than that in the first place.
HandFormSet = formset_factory(
    HandForm, extra=4, max_num=MAX_HANDS, validate_max=True, absolute_max=MAX_HANDS
)


class HandsSheetForm(SheetMetaForm):
    """The hand-by-hand sheet: the hands (a formset) and how the game ended."""

    ended_by_time = forms.BooleanField(
        required=False,
        label=gettext_lazy("The time limit ended the game"),
        help_text=gettext_lazy(
            "Tick when the session clock stopped the game before the end of South 4."
        ),
    )

    def __init__(self, *args, formset, **kwargs):
        super().__init__(*args, **kwargs)
        self.formset = formset
        self.hand_forms: list[HandForm] = []

    def entry(self) -> dict:
        return {
            "hands": [form.hand() for form in self.hand_forms],
            "ended_by_time": self.cleaned_data.get("ended_by_time", False),
            "substitutes": self.substitutes(),
        }

    def clean(self):
        data = super().clean()
        if not self.formset.is_valid():
            raise forms.ValidationError(gettext("Some hands are incomplete: see the marked lines."))
        self.hand_forms = [f for f in self.formset.forms if not f.is_blank()]
        if not self.hand_forms:
            raise forms.ValidationError(gettext("Enter the hands of the game, one line per hand."))
        try:
            self.answer = evaluate_entry(self.tournament, "hands", self.entry(), self.names)
        except RuleViolation as violation:
            message = violation_message(violation, SHEET_FORM_SENTENCES)
            index = violation_hand(violation)
            if index is not None and index < len(self.hand_forms):
                # Said once, on the line it concerns; the top of the sheet only points there.
                self.hand_forms[index].add_error(None, message)
                raise forms.ValidationError(
                    gettext("Hand {value} is refused: see the marked line.").format(
                        value=index + 1
                    ),
                    code=violation.code,
                ) from None
            raise forms.ValidationError(message, code=violation.code) from None
        return data


class CalculatorForm(forms.Form):
    """The hand calculator: tiles to han and fu, for a referee checking a declared hand."""

    # 14 tiles of 2 characters, or a few more with spaces: 100 is plenty.
    tiles = bounded_text(
        max_length=100,
        label=gettext_lazy("Concealed tiles with the winning tile"),
        help_text=gettext_lazy(
            "e.g. 234m567p22s345678s (m characters, p circles, s bamboo, z honours)"
        ),
    )
    win_tile = forms.CharField(label=gettext_lazy("Winning tile"), max_length=3)
    melds = bounded_text(
        max_length=100,
        required=False,
        label=gettext_lazy("Called sets"),
        help_text=gettext_lazy("Space-separated, e.g. 'pon:777z chi:123m ankan:1111p kan:9999s'"),
    )
    tsumo = forms.BooleanField(required=False, label=gettext_lazy("Self-drawn (tsumo)"))
    seat_wind = forms.ChoiceField(choices=[(w, w) for w in "ESWN"], initial="E")
    round_wind = forms.ChoiceField(choices=[(w, w) for w in "ESWN"], initial="E")
    riichi = forms.BooleanField(required=False)
    double_riichi = forms.BooleanField(required=False)
    ippatsu = forms.BooleanField(required=False)
    rinshan = forms.BooleanField(required=False, label=gettext_lazy("After a kong (rinshan)"))
    chankan = forms.BooleanField(required=False, label=gettext_lazy("Robbing a kong (chankan)"))
    haitei = forms.BooleanField(required=False, label=gettext_lazy("Last tile (haitei/houtei)"))
    dora_indicators = bounded_text(
        label=gettext_lazy("Dora indicators"), max_length=40, required=False
    )
    ura_dora_indicators = bounded_text(
        label=gettext_lazy("Ura dora indicators"), max_length=40, required=False
    )

    def __init__(self, *args, ruleset_name: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset_name = ruleset_name
        self.answer: dict | None = None

    def clean_melds(self) -> list[dict]:
        melds = []
        for part in self.cleaned_data.get("melds", "").split():
            kind, _, tiles = part.partition(":")
            if not tiles:
                raise forms.ValidationError(
                    gettext("'{part}' is not a set: write kind:tiles, e.g. pon:777z.").format(
                        part=part
                    )
                )
            melds.append({"kind": kind, "tiles": tiles})
        return melds

    def request(self) -> dict:
        data = self.cleaned_data
        tsumo = data["tsumo"]
        request = {
            "ruleset": self.ruleset_name,
            "tiles": data["tiles"].strip(),
            "win_tile": data["win_tile"].strip(),
            "melds": data["melds"],
            "tsumo": tsumo,
            "seat_wind": data["seat_wind"],
            "round_wind": data["round_wind"],
            "dora_indicators": data["dora_indicators"].strip(),
            "ura_dora_indicators": data["ura_dora_indicators"].strip(),
        }
        for flag in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan"):
            request[flag] = data[flag]
        # One box for the last tile: a self-draw is haitei, a discard houtei.
        request["haitei" if tsumo else "houtei"] = data["haitei"]
        return request

    def clean(self):

        data = super().clean()
        if self.errors:
            return data
        # The core's hand request takes the preset only (no overrides field): none of the
        # overridable parameters an organiser uses (uma, points, penalties) changes a hand.
        try:
            self.answer = evaluate_hand(self.request())
        except RuleViolation as violation:
            raise forms.ValidationError(violation_message(violation), code=violation.code) from None
        return data
