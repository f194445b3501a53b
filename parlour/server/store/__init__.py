"""Durable storage: tables, seats, action logs, clocks and chat rows, and their migrations.

Owns the database: the schema (:mod:`.storage`), the hot writes run straight through the
driver (:mod:`.direct_sql`), the clocks' rows (:mod:`.clock_rows`) and the Alembic
migrations (:mod:`.migrations`). May import the engine and :mod:`parlour.server.errors`
only: nothing here knows of live tables, connections or the web.
"""
