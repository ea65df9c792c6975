"""The results' panels on the ground's pages: the organiser's dashboard shows the stages
through ``{% stages_panel tournament %}``, so that the dashboard's view (tournament/events)
need not import the results above it."""

from django import template

from results.stages.selectors import stages_page

register = template.Library()


@register.inclusion_tag("tournament/stages/_dashboard.html")
def stages_panel(tournament) -> dict:
    """The stages with who is in and who is next in line (``stages_page``)."""
    return {"tournament": tournament, "stages": stages_page(tournament)[0]}
