"""The companion's rows: what each person wants told, where to, and what is to be sent."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournament.models import Player

from .kinds import Channel, Kind, default_switch

# Bounds of what a browser posts (a real endpoint is ~200 characters, the keys 87 and 22).
MAX_ENDPOINT = 1000
MAX_P256DH = 100
MAX_AUTH = 50
# A spectator follows a handful of friends, not the whole field.
MAX_FOLLOWS = 20
# Subscriptions of one account (its phones and browsers).
MAX_SUBSCRIPTIONS_PER_USER = 10


class Preference(models.Model):
    """One account's switches: ``switches`` maps "kind.channel" to on/off; a missing key is
    the default (kinds.default_switch)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="companion_preference"
    )
    switches = models.JSONField(default=dict, blank=True)
    # The language of the page the person last saved his switches on: his messages' language.
    language = models.CharField(max_length=10, blank=True)

    def __str__(self) -> str:
        return f"notifications of {self.user}"

    def allows(self, kind: str, channel: str) -> bool:
        value = self.switches.get(f"{kind}.{channel}")
        return default_switch(kind, channel) if value is None else bool(value)


class PushSubscription(models.Model):
    """A browser's push subscription; an account is optional (a spectator's phone)."""

    endpoint = models.URLField(max_length=MAX_ENDPOINT, unique=True)
    p256dh = models.CharField(max_length=MAX_P256DH)
    auth = models.CharField(max_length=MAX_AUTH)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
    )
    language = models.CharField(max_length=10, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk}"

    def info(self) -> dict:
        """What pywebpush calls the subscription info."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Follow(models.Model):
    """A subscription follows a player (his tables and results), no account needed."""

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="follows"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["subscription", "player"], name="follow_once")
        ]

    def __str__(self) -> str:
        return f"subscription {self.subscription_id} follows {self.player_id}"


class Outbox(models.Model):
    """One message to one recipient by one channel. ``key`` is unique: the same happening
    received twice stores one row, so it is sent once."""

    class State(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed"
        GONE = "gone"

    key = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    subscription = models.ForeignKey(
        PushSubscription, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    email = models.EmailField(blank=True)
    title = models.CharField(max_length=200)
    body = models.CharField(max_length=1000)
    url = models.CharField(max_length=500, blank=True)
    # The push message's Topic (the push service replaces an undelivered message with the
    # same topic) and the notification's tag (the phone replaces a shown one): a message
    # sent again after a worker died mid-send is still seen once.
    topic = models.CharField(max_length=32)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    # Claimed by a worker until then; a row whose lease expired is sent again.
    lease_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        indexes = [models.Index(fields=["state", "lease_until"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.kind} by {self.channel} ({self.state})"
