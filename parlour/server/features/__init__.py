"""What a table offers beside its moves: chat, clocks, presence, my games, seat links.

A table waiting for a seat whose person is here is :mod:`.waits`.

Each feature works on live tables through the hub's interfaces and the store. May import
the tables, the store and the edge's limits; never the cluster, a route or the app.
"""
