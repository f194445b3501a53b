"""Many seeded random games of Infinity Gauntlet and Splendor Marvel play exactly as pinned.

The replay fixtures pin one game per configuration; the speed work on these two games'
legal moves and transitions must leave every game alike, so this plays a hundred seeded
games of each configuration, with events and without, and compares a digest of every
prompt, legal list, chosen action, event and result with the one recorded before that
work. Any change of behaviour (a legal list's order, a transition, an event) changes it;
a planted one is caught.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from parlour.engine import Action, Game, Rng, seed_from
from parlour.games import get_game
from parlour.games.splendor_marvel.game import PlayedState as SplendorPlayed

GAMES = 100
"""Games per configuration and mode."""

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("gauntlet", 2, {}),
    ("gauntlet", 4, {}),
    ("gauntlet", 6, {}),
    ("gauntlet", 3, {"time_stone_copies_defeated": False, "mind_stone_returns": False}),
    ("splendor-marvel", 2, {}),
    ("splendor-marvel", 3, {}),
    ("splendor-marvel", 4, {}),
    ("splendor-marvel", 2, {"max_rounds": 3, "first_player": 1}),
]


def _digest(game: Game, players: int, options: dict[str, Any], events: bool) -> str:
    """Play ``GAMES`` random games and hash everything a player or a bot could see of them."""
    digest = hashlib.sha256()
    rng = Rng(seed_from("many-games", game.id, players, sorted(options.items())))
    for _ in range(GAMES):
        state = game.new(players, options, rng.next64() >> 1)
        state.record_events = events
        while state.to_act is not None:
            legal: list[Action] = state.legal_actions()
            action = legal[rng.below(len(legal))]
            digest.update(f"{state.to_act}|{state.prompt()}|".encode())
            digest.update(" ".join(str(a) for a in legal).encode())
            for event in state.apply(action):
                digest.update(repr(sorted(event.to_json().items())).encode())
            digest.update(f"|{action}\n".encode())
        assert state.result is not None
        digest.update(repr(sorted(state.result.to_json().items())).encode())
    return digest.hexdigest()


def _key(game: str, players: int, options: dict[str, Any]) -> str:
    return f"{game}:{players}:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


EXPECTED: dict[str, tuple[str, str]] = {
    "gauntlet:2:": (
        "2588db277f2efc331f0791a99ef87d973dee117e03ef4d865dcf2c9c0d7bb016",
        "c3856bd268586f210614449f38f358e046945f3f933cf16723f3d74d7e6801c6",
    ),
    "gauntlet:4:": (
        "6e6d4fc8d7c8f700efdd6647f751a1dc23dd4f455b862bd3e4ddc6ffcc31f735",
        "fce14564dc05c28ba07bc9502a346660b18c08e058aee8ab80e67fcc7aa853bf",
    ),
    "gauntlet:6:": (
        "3e0df1d3b2deb06c642ebc7a6ee3425b683ff731cbb6cfce634a078b1d1a171d",
        "95909b0c611e78b58fc7ea59b2a8a170726210997d483175c86287224baddd4e",
    ),
    "gauntlet:3:mind_stone_returns=False,time_stone_copies_defeated=False": (
        "6b4d26627d6de0ce4ad4c424502ac978cb549269dc387d2d9eb4a3752a584140",
        "70e530feb4f58b79b37dca1393c5b83b86707e5171447ca156a8eb57868d276c",
    ),
    "splendor-marvel:2:": (
        "b338e82c9bd301f9bb9566419a2b7981ea9a5d43bf7ba6fdf0e5b8031d87d1d8",
        "01d12d5f0b16dbe41713db602a6122845ca254a8e9c73ba7fb96a9bedb0b3f00",
    ),
    "splendor-marvel:3:": (
        "35d28702644647fd90c8d7ce995b04c570db2250745c18c29f9b94076d0e2286",
        "40bc4f7da81401c2526c9f3e9ddd069d2e149abc853a1755d1fa5db87bca61c2",
    ),
    "splendor-marvel:4:": (
        "beb8b34b0a72aeb94b0b3523fe16e5e252f147f80107c1736ea82050df2ec668",
        "d87526feb3eace20be9b6c2526d5939b6a9785d80528ab638bada1493b07b86d",
    ),
    "splendor-marvel:2:first_player=1,max_rounds=3": (
        "719ff5cb057ad8c9d1a4c0bbfd10f52933a63aa93ccbe2d0ad3b750536f873de",
        "4abfcac3cb8ece5edb8d61981d5b84fb6da6c304a0db816fe418e023345979fc",
    ),
}
"""(events on, events off) digests per configuration, recorded before the speed work."""


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=lambda v: str(v))
def test_many_seeded_games_play_as_pinned(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """The same actions, events and results, game after game, with events on and off."""
    game = get_game(game_id)
    got = (_digest(game, players, options, True), _digest(game, players, options, False))
    assert got == EXPECTED[_key(game_id, players, options)]


class _SwappedTakes(SplendorPlayed):
    """A planted fault: the first two legal answers offered in the other order."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        legal = list(super().legal_actions())
        if len(legal) > 2:
            legal[0], legal[1] = legal[1], legal[0]
        return legal


class _PlantedGame:
    """Splendor Marvel whose states are the planted subclass."""

    def __init__(self) -> None:
        self.game = get_game("splendor-marvel")

    def new(self, players: int, options: dict[str, Any], seed: int) -> SplendorPlayed:
        state = self.game.new(players, options, seed)
        return _SwappedTakes.from_json(self.game, state.to_json())


def test_the_digest_catches_a_planted_change() -> None:
    """Offering two legal answers in the other order changes the digest."""
    planted: Any = _PlantedGame()
    planted.id = "splendor-marvel"
    got = _digest(planted, 2, {}, False)
    assert got != EXPECTED[_key("splendor-marvel", 2, {})][1]
