"""Settings every test shares."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

# A property test fails on what it finds, never on how long an example took: a loaded machine
# makes any per-example deadline flaky, and speed is measured elsewhere (docs/performance.md).
settings.register_profile("parlour", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("parlour")
