"""The HTTP routes, one router per area; :func:`parlour.server.app.create_app` includes them.

- :mod:`.pages`: the browser client's pages and static files;
- :mod:`.catalog`: games, their data files and the catalogs of texts;
- :mod:`.tables`: the lobby's tables, seats, bots, start and moves over HTTP;
- :mod:`.replays`: replays and finished games' records;
- :mod:`.learn`: post-game analysis of a seat's decisions;
- :mod:`.lessons`: the lesson pages and their positions.

The table websocket is :mod:`parlour.server.tables.session`. A new area (chat, clocks...) adds a
module here and one ``include_router`` line in the app.
"""
