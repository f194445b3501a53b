"""Light accounts: a passkey, a recovery code and an optional password, cookie sessions.

Playing needs no account. A person who makes one keeps the seats and hosted tables of every
browser they sign in on (see :mod:`parlour.server.accounts.store`); the routes are in
:mod:`parlour.server.routes.accounts`.
"""
