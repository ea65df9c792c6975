"""A player's personal code, printed on his seating slip: its letters, how a typed code is
read, and how many wrong guesses an account and an address get.

One home for both pages that take a code: the "my table" page, where a table-mate without
a phone answers a sheet with it, and the profile page, where an account is linked to its
entry with it.  Both guard the same secret, so a wrong guess on either counts against the
same allowance.
"""

from __future__ import annotations

from web import throttle

# Capitals and digits without the look-alikes 0/O, 1/I/L: read off a slip, typed on a phone.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
# What a page's field takes: the code with the spaces or dashes a player may type into it.
TYPED_MAX_LENGTH = 12

# A player mistypes one or two; a venue's phones share one address behind its Wi-Fi, so the
# address may miss a few more before it waits (OWASP Authentication Cheat Sheet: throttle
# guesses of a short secret; 6 characters of 31 letters met no resistance without it).
GUESSES_PER_ACCOUNT = throttle.Limit("slip-code-account", count=5, seconds=60)
GUESSES_PER_ADDRESS = throttle.Limit("slip-code-address", count=20, seconds=60)

# Separators a player copies from the slip or adds while typing ("AB12 CD", "ab-12-cd").
_SEPARATORS = str.maketrans("", "", "-‐‑‒–— \t\r\n\u00a0\u2009\u202f")


def normalise(typed: str) -> str:
    """The code as stored: capitals, without spaces or dashes ("ab-12 cd" -> "AB12CD")."""
    return "".join(typed.translate(_SEPARATORS).split()).upper()


def _clients(user, address: str) -> list[tuple[throttle.Limit, str]]:
    clients = [(GUESSES_PER_ACCOUNT, f"user-{user.pk}")]
    if address:
        clients.append((GUESSES_PER_ADDRESS, f"addr-{address}"))
    return clients


def guess_wait(user, address: str = "") -> int | None:
    """Seconds until the account or its address may guess again, or None when it may."""
    waits = [throttle.wait(limit, client) for limit, client in _clients(user, address)]
    waits = [w for w in waits if w is not None]
    return max(waits) if waits else None


def count_wrong_guess(user, address: str = "") -> None:
    """One more wrong code from the account and from its address."""
    for limit, client in _clients(user, address):
        throttle.hit(limit, client)
