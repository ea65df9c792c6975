"""E-mail by Django's mail: the console by default (`make run`), SMTP when EMAIL_HOST is set."""

from __future__ import annotations

from smtplib import SMTPException

from django.conf import settings
from django.core.mail import EmailMessage

# What a retry may cure: the mail server's bad moments and the network.
MAIL_ERRORS = (SMTPException, OSError)


def send(*, to: str, subject: str, body: str, url: str) -> None:
    text = body
    if url and settings.SITE_URL:
        text = f"{body}\n\n{settings.SITE_URL}{url}"
    EmailMessage(subject=subject, body=text, to=[to]).send(fail_silently=False)
