"""The note on the results pages while a session's results are held until every table's
sheet is confirmed (results/standings/publication.py): the staff read that what they
see is not public yet; the public read why the last session is missing."""

from django import template

from results.standings import publication

register = template.Library()


@register.inclusion_tag("tournament/_results_held.html", takes_context=True)
def results_held(context, tournament):
    request = context.get("request")
    if request is None or tournament is None:
        return {"staff_held": [], "public_after": None}
    last = publication.last_session_shown(tournament.pk, request)
    return {
        "staff_held": publication.held_from_public(tournament, request),
        "public_after": last,
    }
