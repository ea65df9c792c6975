from django.contrib import admin

from .models import Player, Registration, Seat, Session, Staff, Table, Tournament


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
        "session_count",
    ]
    list_filter = ["ruleset", "visibility"]
    search_fields = ["name", "city", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [StaffInline, TableInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "ema_number", "country", "club"]
    list_filter = ["country"]
    search_fields = ["last_name", "first_name", "ema_number", "club"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "status", "is_reserve", "checked_in", "results_count"]
    list_filter = ["tournament", "status", "is_reserve", "checked_in"]
    search_fields = ["player__last_name", "player__first_name", "player__ema_number"]
    autocomplete_fields = ["player"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "planned_start", "minutes", "state"]
    list_filter = ["tournament", "state"]


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
