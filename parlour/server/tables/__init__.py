"""Live tables and the one path by which a move is accepted.

Owns the hub (:mod:`.hub`: every live table and the lobby's changes), a live table
(:mod:`.live`), what a client is sent (:mod:`.protocol`), the table websocket
(:mod:`.session`), the commit writer (:mod:`.writer`), bots at tables (:mod:`.bots`),
rematches (:mod:`.rematch`), archiving abandoned tables (:mod:`.archive`), display names
(:mod:`.names`), open websockets within limits (:mod:`.sockets`) and one address's share
of the server-wide table caps (:mod:`.shares`). May import the store
and the edge's limits; never a feature, the cluster or a route: features hear of tables
through the narrow interfaces the hub offers.
"""
