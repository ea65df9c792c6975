"""Forms of the referee desk.  They check the shape of what was typed and ask the rules core
(``scoring.rules.penalties``, through ``referee.kinds``) for the amount; the services write.
Big inputs for one thumb."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from web.fields import bounded_text

from .kinds import DeskKind, PenaltyRuleError, kind_rules, penalty_points, show
from .models import Substitution

_NUM = {"inputmode": "decimal", "class": "big-input"}
MAX_LATE_MINUTES = 600


class PenaltyForm(forms.Form):
    minutes = forms.IntegerField(
        required=False,
        min_value=1,
        label=gettext_lazy("Minutes late"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "big-input"}),
    )
    serious = forms.BooleanField(required=False, label=gettext_lazy("Serious or repeated case"))
    amount = forms.DecimalField(
        required=False,
        min_value=0,
        max_digits=6,
        decimal_places=1,
        label=gettext_lazy("Points the player loses"),
        widget=forms.NumberInput(attrs={**_NUM, "step": "0.1"}),
    )
    hand = forms.CharField(
        required=False,
        max_length=30,
        label=gettext_lazy("Hand"),
        help_text=gettext_lazy("e.g. E3 or S2, 1 counter"),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    reason = bounded_text(
        required=False, label=gettext_lazy("Note"), widget=forms.Textarea(attrs={"rows": 2})
    )

    # Asked only when the same penalty was logged a moment ago (referee.services
    # RepeatedPenalty): the form then shows this box, and a second one is logged if ticked.
    repeat = forms.BooleanField(
        required=False, label=gettext_lazy("Yes, log a second, identical penalty")
    )

    def __init__(
        self,
        *args,
        ruleset,
        kind: str = "",
        rule: DeskKind | None = None,
        ask_repeat: bool = False,
        **kwargs,
    ):
        """``rule``: the kind's rule as the view worked it out (once per request);
        else it is looked up by ``kind``."""
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.rule = rule if rule is not None else kind_rules(ruleset)[kind]
        self.kind = self.rule.kind
        if not ask_repeat and not (self.is_bound and self.data.get("repeat")):
            del self.fields["repeat"]
        if not self.rule.uses_minutes:
            # No "max" on the input for lateness: past the limit the server's message says
            # that a substitute takes the seat, which a browser's refusal would not.
            del self.fields["minutes"]
        if not self.rule.uses_serious:
            del self.fields["serious"]
        if self.rule.fixed:
            del self.fields["amount"]
        elif self.rule.proposed is not None:
            self.fields["amount"].initial = show(self.rule.proposed)
        if self.rule.needs_reason:
            self.fields["reason"].required = True
            self.fields["reason"].label = gettext_lazy("Reason")
        self.points = None

    def clean_minutes(self):
        minutes = self.cleaned_data.get("minutes")
        # Checked here rather than with max_value, which would put a "max" on the input (see
        # __init__).  No session is longer than 600 minutes (the schedule's bound), and the
        # column is a small integer: a lateness beyond it is a typing slip.
        if minutes is not None and minutes > MAX_LATE_MINUTES:
            raise forms.ValidationError(
                gettext("Minutes late: at most {MAX_LATE_MINUTES}, the longest session.").format(
                    MAX_LATE_MINUTES=MAX_LATE_MINUTES
                )
            )
        return minutes

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            # The same check the service makes, here to place the message at its field.
            self.points = penalty_points(
                self.ruleset,
                self.kind,
                minutes=data.get("minutes"),
                serious=data.get("serious", False),
                amount=data.get("amount"),
                rule=self.rule,
            )
        except PenaltyRuleError as error:
            self.add_error(error.field if error.field in self.fields else None, error.message)
        return data


class ReasonForm(forms.Form):
    reason = bounded_text(label=gettext_lazy("Reason"), widget=forms.Textarea(attrs={"rows": 3}))


class CorrectionForm(PenaltyForm):
    correction = bounded_text(
        label=gettext_lazy("Reason for the correction"), widget=forms.Textarea(attrs={"rows": 2})
    )


class SubstitutionForm(forms.Form):
    substitute = forms.TypedChoiceField(
        coerce=int, label=gettext_lazy("Reserve"), widget=forms.RadioSelect
    )
    timing = forms.ChoiceField(
        choices=Substitution.Timing.choices,
        widget=forms.RadioSelect,
        label=gettext_lazy("The substitute plays"),
    )
    reason = bounded_text(
        required=False,
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("e.g. more than 10 minutes late, ill"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, reserves, session_started: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["substitute"].choices = [(p.pk, str(p)) for p in reserves]
        if not session_started:
            # EMA 5.8: joining "after the playing has begun" needs a session that has begun.
            self.fields["timing"].choices = [
                c for c in Substitution.Timing.choices if c[0] == Substitution.Timing.FROM_START
            ]
        self.fields["timing"].initial = Substitution.Timing.FROM_START
