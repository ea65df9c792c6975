"""The outbox in the admin: what was sent, what waits and why (read-only)."""

from django.contrib import admin

from .models import Outbox


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "channel", "state", "attempts", "title", "last_error")
    list_filter = ("state", "kind", "channel")
    readonly_fields = [f.name for f in Outbox._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
