"""Measure the hard bot against the normal one; append the figures to docs/data/strength.json.

``python scripts/measure_strength.py STUDY GAMES`` plays ``GAMES`` seeded games (seeds
``0..GAMES-1``) of one study and records the commit, the command, the wins and a 95% Wilson
interval. Studies: ``loveletter-2p`` (one hard seat, ``seed % 2``, against normal),
``loveletter-4p`` (one hard seat, ``seed % 4``, against three normal), ``splendor-2p``
(as Love Letter 2p), ``gauntlet-heroes-4p`` and ``gauntlet-heroes-normal-4p`` (the heroes
hard or normal against a normal Thanos: the heroes' win rate).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

from parlour.bots.registry import make_bot
from parlour.games import get_game
from parlour.sim.play import play_game

DATA = Path(__file__).resolve().parent.parent / "docs" / "data" / "strength.json"

STUDIES: dict[str, tuple[str, int, str]] = {
    "loveletter-2p": ("loveletter", 2, "one"),
    "loveletter-4p": ("loveletter", 4, "one"),
    "splendor-2p": ("splendor-marvel", 2, "one"),
    "gauntlet-heroes-4p": ("gauntlet", 4, "heroes"),
    "gauntlet-heroes-normal-4p": ("gauntlet", 4, "baseline"),
}


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def run(study: str, games: int) -> dict[str, Any]:
    """Play one study and return its record."""
    game_id, players, how = STUDIES[study]
    game = get_game(game_id)
    wins = 0
    for seed in range(games):
        if how == "one":
            me = seed % players
            specs = ["hard" if s == me else "normal" for s in range(players)]
            mine = {me}
        else:
            hero = "hard" if how == "heroes" else "normal"
            specs = ["normal" if s == 0 else hero for s in range(players)]
            mine = set(range(1, players))
        bots = [make_bot(spec, game_id) for spec in specs]
        result = play_game(game, players, {}, seed, bots).result
        assert result is not None
        wins += bool(mine & set(result.winners))
    low, high = wilson(wins, games)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return {
        "study": study,
        "commit": commit,
        "command": f"python scripts/measure_strength.py {study} {games}",
        "games": games,
        "wins": wins,
        "rate": round(wins / games, 3),
        "interval": [round(low, 3), round(high, 3)],
    }


def main() -> None:
    """Run the study named on the command line and append its record."""
    study, games = sys.argv[1], int(sys.argv[2])
    record = run(study, games)
    print(json.dumps(record), flush=True)  # first: a failed write loses no figures
    runs = json.loads(DATA.read_text()) if DATA.exists() else []
    runs.append(record)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(runs, indent=2) + "\n")


if __name__ == "__main__":
    main()
