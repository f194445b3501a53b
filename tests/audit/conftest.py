"""The server tests' fixtures (an in-process app on a temporary database), shared here."""

from tests.server.conftest import client, db_url

__all__ = ["client", "db_url"]
