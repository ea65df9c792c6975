"""{% follow_button tournament player %}: the "Follow" button of a player's public page."""

from django import template

from companion import push

register = template.Library()


@register.inclusion_tag("companion/_follow.html")
def follow_button(tournament, player):
    return {
        "push_enabled": push.enabled(),
        "vapid_public_key": push.public_key(),
        "tournament": tournament,
        "player": player,
    }
