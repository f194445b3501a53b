"""Live tables and the one path by which a move is accepted.

Owns the hub (:mod:`.hub`: every live table and the lobby's changes), a live table
(:mod:`.live`), what a client is sent (:mod:`.protocol`), the table websocket
(:mod:`.session`), the commit writer (:mod:`.writer`), bots at tables (:mod:`.bots`),
rematches (:mod:`.rematch`), archiving abandoned tables (:mod:`.archive`), display names
(:mod:`.names`), open websockets within limits (:mod:`.sockets`) and one address's share
of the server-wide table caps (:mod:`.shares`). May import the store, the edge and the
settings; never a route. The hub still makes and calls chat, clocks, presence and cluster
sync itself, which import it back: the one import circle left, listed in
``tests/test_architecture.py`` until the features hear of tables through narrow
interfaces instead.
"""
