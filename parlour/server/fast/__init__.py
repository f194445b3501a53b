"""Fast paths: the code that bypasses the web framework or reaches into its servers.

The websocket protocol reading and writing common frames itself
(:mod:`.websocket_protocol`, on uvicorn's and websockets' internals), the HTTP protocol
with time and size limits on reading a request (:mod:`.http_protocol`, on uvicorn's), and
the busiest requests answered without the framework's layers (:mod:`.direct_routes`). The
only package that may import uvicorn's or websockets' inner modules. May import anything
below the app. ``ServerConfig.fast_paths`` (``PARLOUR_FAST_PATHS``) switches the direct
routes and the websocket frames off; the HTTP protocol's limits stay (they protect).
"""
