"""Counters of attempts that a cache flood cannot evict (web/throttle.py)."""

from django.db import models


class ThrottleCounter(models.Model):
    """One client's attempts in his current window of one limit: ``since`` is the window's
    opening (seconds since the epoch), ``count`` the attempts in it."""

    key = models.CharField(max_length=200, unique=True)
    since = models.FloatField()
    count = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
