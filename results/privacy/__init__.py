"""A person's own data (the GDPR): the privacy notice, "download my data" and "delete my
account". The account's tournament entries stay the tournaments' own records."""
