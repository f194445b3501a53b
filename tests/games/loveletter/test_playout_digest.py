"""Many seeded random games, pinned by one digest: the play-out's speed work changes no game.

Every edition and player-count extreme (the game's ``sample_configs``) plays seeded random
games twice: with events on, hashing each move's legal answers, the move, its events and
the saved state at each round's end and the game's; and with events off, hashing the legal
answers, the moves and the result. The events-off pass must choose the same moves, so the
rules' quicker paths without events are checked against the recorded ones. Like the seed
figures, the digests prove nothing about the rules (``test_scripted_games.py`` does): a
failure means a rule, an event, the shuffle or the action order changed.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from parlour.engine import Rng
from parlour.games.loveletter import GAME
from parlour.games.loveletter.game import LoveLetterPlay

GAMES = 5
"""Games per configuration."""

DIGEST_EVENTS_ON = "25707d8f522aa931e122c63ab23a65a81d3cdd84f0c8baf02ef4a128d5991a11"
DIGEST_EVENTS_OFF = "99bb82596688a31ba241eebb2b0d910ef8d3c3a979c9035912dec3cc07e6d2c7"


def _line(digest: Any, value: Any) -> None:
    digest.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
    digest.update(b"\n")


def play_digest(events: bool, state_class: type[LoveLetterPlay] | None = None) -> str:
    """The digest of every configuration's seeded random games (events on or off)."""
    digest = hashlib.sha256()
    for players, options in GAME.sample_configs():
        for seed in range(GAMES):
            st = GAME.new(players, options, seed * 7919 + players)
            if state_class is not None:  # a planted fault: the same position, other rules
                st = state_class.from_json(GAME, st.to_json())
            st.record_events = events
            rng = Rng(seed)
            if events:
                _line(digest, [e.to_json() for e in st.opening_events()])
            rounds = st.round
            while st.to_act is not None:
                legal = st.legal_actions()
                action = legal[rng.below(len(legal))]
                moved = st.apply(action)
                _line(digest, [str(a) for a in legal] + [str(action)])
                if events:
                    _line(digest, [e.to_json() for e in moved])
                    if st.round != rounds or st.to_act is None:
                        rounds = st.round
                        _line(digest, st.to_json())
            result = st.result
            assert result is not None
            _line(digest, result.to_json())
    return digest.hexdigest()


def test_seeded_games_keep_their_moves_events_and_states() -> None:
    """Events on: legal answers, moves, events and round-end states, as pinned."""
    assert play_digest(True) == DIGEST_EVENTS_ON


def test_seeded_games_without_events_keep_their_moves_and_results() -> None:
    """Events off (the play-outs' path): legal answers, moves and results, as pinned."""
    assert play_digest(False) == DIGEST_EVENTS_OFF


class _SilentToken(LoveLetterPlay):
    """A planted fault: a token of affection is gained without its event."""

    def _gain(self, seat: int, why: str, check: bool = True) -> None:
        self.tokens[seat] += 1
        if check and self.tokens[seat] >= self.target:
            self._finish([seat])


def test_a_planted_rule_change_changes_the_digest() -> None:
    """The digest sees one event left out (so a changed rule cannot pass unseen)."""
    assert play_digest(True, _SilentToken) != DIGEST_EVENTS_ON
