"""The confirmation of "delete my account": the account's password."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy


class AccountDeleteForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        max_length=4096,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(gettext("This is not your password."))
        return password
