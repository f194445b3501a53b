"""The server's edge: what a stranger's request meets before any table does.

Owns the ASGI middleware that caps sizes and checks hosts and origins (:mod:`.guard`),
per-connection and per-client limits (:mod:`.limits`), the framework's own refusals answered
as catalog errors (:mod:`.refusals`), lone surrogates refused where text comes in
(:mod:`.surrogates`), the compressed static files (:mod:`.static`) and what is read from
a request (:mod:`.scope`: language, address, the keys left in a scope). May import
:mod:`parlour.server.errors`, :mod:`parlour.server.config` and the engine's i18n; never
the tables, features or routes (the fast lanes are handed in by the app).
"""
