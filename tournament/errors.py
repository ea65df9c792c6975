"""Writes of the tournament app: each service is one transaction (style.md).

``tournaments``: setting up an event (settings, tables, sessions, staff, visibility).
``registration``: accounts of players, registration, the waiting list, imports, check-in,
reserves and the field of a session.
"""


class ServiceError(Exception):
    """Something the user can fix; the message says what, and views show it as it is."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
