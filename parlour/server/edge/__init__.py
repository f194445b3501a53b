"""The server's edge: what a stranger's request meets before any table does.

Owns the ASGI middleware that caps sizes and checks hosts and origins (:mod:`.guard`),
per-connection and per-client limits (:mod:`.limits`), the framework's own refusals answered
as catalog errors (:mod:`.refusals`), lone surrogates refused where text comes in
(:mod:`.surrogates`) and the compressed static files (:mod:`.static`). May
import :mod:`parlour.server.errors`, :mod:`parlour.server.config` and the engine's i18n;
never the tables, features or routes (they are handed in by the app).
"""
