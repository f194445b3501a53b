"""Studies: batch simulations that answer one design question each (e.g. default health)."""
