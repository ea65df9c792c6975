"""The companion's forms: a browser's push subscription, a follow, the switches."""

from __future__ import annotations

import base64
import binascii
from urllib.parse import urlsplit

from django import forms
from django.utils.translation import gettext

from .kinds import Channel, Kind
from .models import MAX_AUTH, MAX_ENDPOINT, MAX_P256DH, Preference


def _b64(value: str, field: str, size: int, first: int | None = None) -> str:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise forms.ValidationError(
            gettext("{field} is not URL-safe base64.").format(field=field)
        ) from None
    if len(raw) != size or (first is not None and raw[0] != first):
        raise forms.ValidationError(
            gettext(
                "{field} is not a key of the push subscription (it must be {size} bytes)."
            ).format(field=field, size=size)
        )
    return value


class SubscriptionForm(forms.Form):
    """What PushSubscription.toJSON() gives: the endpoint and the keys (RFC 8291)."""

    endpoint = forms.URLField(max_length=MAX_ENDPOINT, assume_scheme="https")
    p256dh = forms.CharField(max_length=MAX_P256DH)
    auth = forms.CharField(max_length=MAX_AUTH)

    def clean_endpoint(self) -> str:
        endpoint = self.cleaned_data["endpoint"]
        # Push services are reached over TLS only (RFC 8030 8); anything else is not one.
        if urlsplit(endpoint).scheme != "https":
            raise forms.ValidationError(gettext("The push endpoint must be an https address."))
        return endpoint

    def clean_p256dh(self) -> str:
        # An uncompressed P-256 point: 65 bytes, the first 0x04.
        return _b64(self.cleaned_data["p256dh"], "p256dh", 65, first=4)

    def clean_auth(self) -> str:
        return _b64(self.cleaned_data["auth"], "auth", 16)


class EndpointForm(forms.Form):
    endpoint = forms.URLField(max_length=MAX_ENDPOINT, assume_scheme="https")


class PreferencesForm(forms.Form):
    """One switch per kind and channel, named "kind.channel"."""

    def __init__(self, *args, preference: Preference, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = []
        for kind in Kind:
            row = []
            for channel in Channel:
                name = f"{kind.value}.{channel.value}"
                self.fields[name] = forms.BooleanField(
                    required=False,
                    label=channel.label,
                    initial=preference.allows(kind.value, channel.value),
                )
                row.append(name)
            self.rows.append((kind.label, [self[name] for name in row]))

    def switches(self) -> dict[str, bool]:
        return dict(self.cleaned_data)
