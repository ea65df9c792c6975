"""The Celery app. Tasks are discovered in each Django app's tasks.py."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mahjong_tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
