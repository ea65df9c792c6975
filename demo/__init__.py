"""The demo tournament (``manage.py load_demo``): it drives the services of every layer
(registration, seating, sheets, the referee desk), so it sits at the top beside the API."""
