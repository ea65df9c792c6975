"""What the referee desk adds to the pages of the score sheets: the sheet page's penalties
at the desk, a player's call to the referee.

The sheet pages belong to scoring, which sits below the desk and imports none of it: their
templates load these tags by name, and the desk's reads stay here, above them.
"""

from __future__ import annotations

from django import template

from referee.calls.selectors import table_call as latest_table_call
from referee.decision_reads import sheet_page_penalties

register = template.Library()


@register.inclusion_tag("referee/_sheet_penalties.html")
def desk_penalties(session, seats, result) -> dict:
    """The desk's standing penalties of the sheet's table and the chombo warnings (the
    standings add them to the sheet's score, EMA 3.4.6: not to be entered again)."""
    desk = sheet_page_penalties(session, seats, result)
    return {"desk_penalties": desk.penalties, "desk_chombo_warnings": desk.chombo_warnings}


@register.simple_tag
def table_call(session, table):
    """The table's latest call to the referee in the session, or None."""
    return latest_table_call(session, table)
