"""A language switch refused by the rate limit says so, and names the language the
connection still speaks, so the page can keep its texts in the language of its log."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import human_table
from tests.server.test_websocket import hello


def test_a_refused_switch_names_the_language_still_spoken(client: TestClient) -> None:
    table, tokens = human_table(client, 2, "loveletter")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        hello(ws, 0, tokens[0])
        for lang in ("vi", "zh", "es"):  # the burst (lang_burst, 3) is answered
            ws.send_json({"type": "lang", "lang": lang})
            answer = ws.receive_json()
            assert (answer["type"], answer["reset"]) == ("state", True)
        ws.send_json({"type": "lang", "lang": "vi"})
        refused = ws.receive_json()
        assert refused["error"] == "web.error.too_fast"
        assert (refused["refused"], refused["lang"]) == ("lang", "es")
        assert refused["message"].startswith("Demasiadas")  # told in the language kept
        # Other refusals carry no such mark: it names only a refused switch.
        ws.send_json({"move": 99, "action": "x"})
        other = ws.receive_json()
        assert other["type"] == "error" and "refused" not in other and "lang" not in other
        ws.send_json({"type": "lang", "lang": "xx"})
        unknown = ws.receive_json()
        assert (unknown["error"], unknown["refused"], unknown["lang"]) == (
            "web.error.bad_language",
            "lang",
            "es",
        )
