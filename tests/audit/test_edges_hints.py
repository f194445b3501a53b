"""A hint whose search fails answers a catalog error in the reader's language, not a bare
500; the cause is logged, nothing is kept, and the next hint is searched again."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.bots.ismcts import Budget
from parlour.engine import Observation, Rng, State
from parlour.learn.hints import Hint, HintPool, HintSearch
from parlour.server import ServerConfig, create_app
from tests.learn.test_hint_server import ask, refused, table_of


class SearchFails(HintSearch):
    """A search that breaks on the worker thread (a planted fault)."""

    def search(self, obs: Observation, rng: Rng) -> Hint:
        """Fail as a bug in the search would."""
        raise RuntimeError("planted: the search broke")


class ObserveFails(HintSearch):
    """A search that breaks while observing, on the event loop (a planted fault)."""

    def observe(self, state: State, seat: int, rng: Rng) -> Observation:
        """Fail as a bug in a game's observation would."""
        raise KeyError("planted: the observation broke")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app on a fresh database (no per-client limits)."""
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as c:
        yield c


@pytest.mark.parametrize("broken", [SearchFails, ObserveFails])
def test_a_failed_hint_search_answers_a_catalog_error_and_logs_why(
    client: TestClient, broken: type[HintSearch], caplog: pytest.LogCaptureFixture
) -> None:
    app = client.app
    app.state.hint_search = broken(Budget(20, 200.0))  # type: ignore[attr-defined]
    app.state.hints = HintPool(1, 8)  # type: ignore[attr-defined]
    table, tokens = table_of(client, hints=True)
    with caplog.at_level(logging.ERROR, logger="parlour.server"):
        answer = client.post(
            f"/api/tables/{table}/hint?lang=es", json={"seat": 0, "token": tokens[0]}
        )
    refused(answer, 500, "web.error.hint_failed")
    assert "pista" in answer.json()["message"]  # the reader's language
    assert "planted" not in answer.text  # the cause is the operator's, not the asker's
    logged = [r for r in caplog.records if r.name == "parlour.server" and r.exc_info]
    assert logged and "planted" in str(logged[0].exc_info[1])  # type: ignore[index]
    # Nothing kept, no worker held: the same turn's hint is searched again, and made.
    app.state.hint_search = HintSearch(Budget(20, 200.0))  # type: ignore[attr-defined]
    again = ask(client, table, seat=0, token=tokens[0])
    assert again.status_code == 200, again.text
    assert again.json()["best"]
