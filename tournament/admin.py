from django.contrib import admin

from .models import (
    Player,
    Registration,
    Seat,
    SeatChange,
    SeatingJob,
    Session,
    SessionClockEvent,
    Staff,
    Table,
    TableFinish,
    Tournament,
)


class KeepsHistoryAdmin(admin.ModelAdmin):
    """Rows that are the event's record (nothing is deleted): the admin may look,
    never delete, one by one or in bulk. A mistake is corrected through the pages, which
    keep who changed what and why."""

    def has_delete_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions


def _played(session: Session) -> bool:
    return session.state != Session.State.PLANNED or session.sheets.exists()


class StaffInline(admin.TabularInline):
    model = Staff
    extra = 0
    autocomplete_fields = ["user"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "start_date",
        "end_date",
        "city",
        "ruleset",
        "visibility",
        "ema_rated",
        "session_count",
        "player_limit",
        "registration_opens",
        "registration_closes",
    ]
    list_filter = ["ruleset", "visibility", "ema_rated"]
    search_fields = ["name", "city", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [StaffInline, TableInline]

    def has_delete_permission(self, request, obj=None):
        # A tournament that has been played takes its sheets and penalties with it.
        if obj is not None and any(_played(s) for s in obj.sessions.all()):
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # bulk delete would skip the check above
        return actions


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "ema_number", "country", "club", "email", "user"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]
    list_filter = ["country"]
    search_fields = ["last_name", "first_name", "ema_number", "club"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = [
        "player",
        "tournament",
        "status",
        "is_reserve",
        "checked_in",
        "fills_in",
        "results_count",
        "registered_at",
    ]
    list_filter = ["tournament", "status", "is_reserve", "checked_in", "fills_in"]
    list_select_related = ["player", "tournament"]
    search_fields = ["player__last_name", "player__first_name", "player__ema_number"]
    autocomplete_fields = ["player"]
    # The team is changed on the team pages, which keep the team size and write the change
    # into the player's history (tournament/registration/teams.py).
    readonly_fields = ["team"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "planned_start", "minutes", "state"]
    list_filter = ["tournament", "state"]

    def has_delete_permission(self, request, obj=None):
        # A played session holds score sheets and the desk's decisions: never deleted.
        if obj is not None and (_played(obj) or obj.seat_changes.exists()):
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # bulk delete would skip the check above
        return actions


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["session", "table", "wind", "player"]
    list_filter = ["session__tournament", "session__number"]
    search_fields = ["player__last_name", "player__first_name"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "name"]
    list_filter = ["tournament"]


@admin.register(Staff)
class StaffAdmin(admin.ModelAdmin):
    list_display = ["user", "tournament", "role", "may_run_clock"]
    list_filter = ["tournament", "role"]


@admin.register(SessionClockEvent)
class SessionClockEventAdmin(admin.ModelAdmin):
    list_display = ["session", "kind", "at", "by", "added", "version"]
    list_filter = ["session__tournament", "kind"]
    list_select_related = ["session", "session__tournament", "by"]


@admin.register(TableFinish)
class TableFinishAdmin(admin.ModelAdmin):
    list_display = ["session", "table", "finished_at", "ended_by_time", "reported_by"]
    list_filter = ["session__tournament", "ended_by_time"]
    list_select_related = ["session", "table", "reported_by"]


@admin.register(SeatingJob)
class SeatingJobAdmin(admin.ModelAdmin):
    list_display = ["tournament", "method", "seed", "state", "done", "total", "created_at"]
    list_filter = ["tournament", "method", "state"]
    list_select_related = ["tournament"]


@admin.register(SeatChange)
class SeatChangeAdmin(KeepsHistoryAdmin):
    list_display = ["session", "description", "by", "at"]
    list_filter = ["session__tournament"]
    list_select_related = ["session", "session__tournament", "by"]
