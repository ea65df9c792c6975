"""Players kept apart on request (``apart_soft``): the organiser's family members, partners,
a club in the first sessions, or the players of one country.

Unlike team-mates (``apart``, a hard constraint), such a request is kept where the search can
and otherwise broken as little as it can, never refused: the search weighs a pair at one table
like a pair of team-mates, but the seating is returned with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def soft_teams(
    groups: Sequence[Sequence[int]], seated: Iterable[int], tables: int
) -> list[list[int]]:
    """The seated members of each group, as groups the search keeps apart like teams.

    A group with more seated members than a round has tables cannot be kept apart: some
    table holds ceil(m / tables) of them (pigeonhole), and no fewer. It is dealt into
    ceil(m / tables) parts of at most ``tables`` each (members taken in turn, so the parts
    differ by one at most): parts kept apart give every table at most one member of each
    part, that is the fewest members of the group a round allows at one table."""
    here = set(seated)
    out: list[list[int]] = []
    for group in groups:
        members = [p for p in group if p in here]
        if len(members) < 2:
            continue
        parts = -(-len(members) // max(tables, 1))
        for k in range(parts):
            part = members[k::parts]
            if len(part) >= 2:
                out.append(part)
    return out
