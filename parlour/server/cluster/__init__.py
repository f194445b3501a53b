"""Several server processes on one database: table locks, change notices, and sync.

:mod:`.coordination` holds table locks and change notices (over Redis, or nothing for one
process); :mod:`.sync` brings what another process changed to this one's tables and
clients. May import the tables, the features and the store; never a route or the app.
"""
