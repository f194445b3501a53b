"""Tooling around the server that the server itself never imports: the load test and a
helper that runs ``parlour serve`` as a child process (load test, restart tests)."""
