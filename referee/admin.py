"""Read-only admin of the desk's records: the history is changed through the desk's services
(withdrawal with a reason), never by editing or deleting rows."""

from django.contrib import admin

from tournament.admin import KeepsHistoryAdmin

from .models import Disqualification, Penalty, Substitution


class ReadOnlyAdmin(KeepsHistoryAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = (
        "pk",
        "tournament",
        "player",
        "kind",
        "points",
        "session",
        "created_at",
        "withdrawn_at",
    )
    list_filter = ("tournament", "kind")
    search_fields = ("player__last_name", "player__first_name", "reason")


@admin.register(Substitution)
class SubstitutionAdmin(ReadOnlyAdmin):
    list_display = ("pk", "tournament", "session", "player", "substitute", "timing", "withdrawn_at")
    list_filter = ("tournament",)


@admin.register(Disqualification)
class DisqualificationAdmin(ReadOnlyAdmin):
    list_display = ("pk", "tournament", "player", "created_at", "withdrawn_at")
    list_filter = ("tournament",)
