"""What every route needs: the hub of the app, the reader's language and address."""

from __future__ import annotations

from parlour.server.edge.scope import client_of, lang_of
from parlour.server.tables.hub import hub_of

__all__ = ["client_of", "hub_of", "lang_of"]
