"""Tooling that the packages it serves never import: the load test, a helper that runs
``parlour serve`` as a child process (load test, restart tests), and the worker script that
``parlour bench --against`` runs inside each measured checkout."""
