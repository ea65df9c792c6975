"""The web layer's own rows: counters of attempts that a cache flood cannot evict
(web/throttle.py), and the forms already stored (web/idempotency.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class ThrottleCounter(models.Model):
    """One client's attempts in his current window of one limit: ``since`` is the window's
    opening (seconds since the epoch), ``count`` the attempts in it."""

    key = models.CharField(max_length=200, unique=True)
    since = models.FloatField()
    count = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"


class FormToken(models.Model):
    """A form that was sent and stored: the token of its hidden ``form_token``
    field, unique, written in the same transaction as what the form saved.  A second POST
    of the same form (a double tap, a replay, back-and-resubmit) finds it and is answered
    with ``url``, the page the first one led to, instead of saving a second time."""

    token = models.CharField(max_length=32, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    path = models.CharField(max_length=500, help_text=gettext_lazy("Where the form was sent."))
    url = models.CharField(
        max_length=500, blank=True, help_text=gettext_lazy("Where the first POST led.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # Made by the tournament app before the web had models; the table kept its name.
        db_table = "tournament_formtoken"

    def __str__(self) -> str:
        return f"{self.path} ({self.created_at:%Y-%m-%d %H:%M})"
