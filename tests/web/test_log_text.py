"""The log the server sends names a guessed card as the table's edition has it."""

from __future__ import annotations

from parlour.games import get_game
from parlour.server.store.storage import TableRecord
from parlour.server.tables.live import LiveTable
from parlour.server.tables.protocol import history


def _guard_table(edition: str) -> LiveTable:
    """A started three-player table whose first move is a Guard naming 8 against seat 2."""
    game = get_game("loveletter")
    for seed in range(200):
        state = game.new(3, {"edition": edition}, seed)
        texts = [str(a) for a in state.legal_actions()]
        guess = next((a for a in texts if a.startswith("guard>") and a.endswith("=8")), None)
        if guess is not None:
            break
    else:
        raise AssertionError("no seed deals a Guard first")
    rec = TableRecord("t1", "loveletter", 3, {"edition": edition}, seed, "", "playing", 0.0)
    rec.actions.append(guess)
    table = LiveTable(rec, game)
    table.start_play()
    return table


def test_the_table_log_names_the_editions_card_for_a_guess_LL_CARD_GUARD() -> None:
    """An 8 is the Princess in the classic edition and the Countess in the 2019 one."""
    for edition, card in (("classic", "Princess (8)"), ("2019", "Countess (8)")):
        events = history(_guard_table(edition), "en", None).events
        guessed = [e["text"] for e in events if e["kind"] == "played_guess"]
        assert len(guessed) == 1 and guessed[0].endswith(f"naming {card}."), guessed
