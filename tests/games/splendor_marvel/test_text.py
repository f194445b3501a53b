"""Every text a person reads comes from the catalogs, in all four languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parlour.engine import Event, Rng, describe
from parlour.engine.i18n import LANGUAGES, has
from parlour.games import splendor_marvel
from parlour.games.splendor_marvel import GAME
from parlour.games.splendor_marvel.actions import ALL_ACTIONS, SPACE
from parlour.games.splendor_marvel.cards import CARDS, LOCATION_FACES, TOKEN_KINDS

PACKAGE = Path(splendor_marvel.__file__).parent


def test_every_event_and_error_key_written_in_the_code_exists() -> None:
    """Event kinds and error keys named in the package's code exist in the catalog."""
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(PACKAGE.glob("*.py")))
    events = set(re.findall(r'emit\(\s*"([a-z_]+)"', text))
    errors = set(re.findall(r'{GAME_ID}\.error\.([a-z_]+)"', text))
    errors |= {"take", "take_two", "reserve", "recruit", "not_now"}
    errors |= {f"stack_{r}" for r in re.findall(r'_stack_error\("([a-z]+)"', text)}
    assert len(events) >= 15 and len(errors) >= 10
    for key in [f"event.{k}" for k in events] + [f"error.{k}" for k in errors]:
        assert has(f"splendor-marvel.{key}"), key


def test_events_of_random_games_all_read_in_every_language() -> None:
    """Every event kind met in random games has its text, with no parameter left unfilled."""
    for seed in range(4):
        st = GAME.new(2 + seed % 3, {}, seed)
        rng = Rng(seed)
        while st.to_act is not None:
            legal = st.legal_actions()
            for event in st.apply(legal[rng.below(len(legal))]):
                assert has(f"splendor-marvel.event.{event.kind}"), event.kind
                for lang in LANGUAGES:
                    names = ["Ana", "Bao", "Chen", "Dia"]
                    for line in (
                        describe("splendor-marvel", event, lang, names),
                        GAME.describe(event, lang, names, st.options),
                    ):
                        assert "{" not in line and "splendor-marvel." not in line


def test_a_recruit_says_what_it_cost_in_words() -> None:
    """Paid by bonuses alone, with tokens, or with grey ones too: never "paying 0 tokens"."""

    def line(tokens: int, grey: int, lang: str = "en") -> str:
        data = {"seat": 0, "card": "t1-rocket", "tokens": tokens, "grey": grey}
        return GAME.describe(Event("recruited", data), lang, ["Ana"])

    assert line(0, 0) == "Ana recruits Rocket with bonuses alone."
    assert line(1, 0) == "Ana recruits Rocket, paying 1 token."
    assert line(3, 1) == "Ana recruits Rocket, paying 3 tokens (1 of them grey)."
    assert line(0, 0, "es") == "Ana recluta a Rocket solo con sus bonificaciones."


def test_names_of_cards_locations_colours_and_reasons() -> None:
    """Card, location, token, reason and tie-break names exist (``name.<value>``)."""
    values = [c.id for c in CARDS] + [f.id for f in LOCATION_FACES] + list(TOKEN_KINDS)
    values += ["game", "gauntlet", "round_limit", "points", "avengers", "fewest_cards", "shared"]
    for value in values:
        assert has(f"splendor-marvel.name.{value}"), value
    for spec in GAME.option_specs():
        assert has(spec.help_key)
    for prompt in ("play", "return_tokens", "choose_location"):
        assert has(f"splendor-marvel.prompt.{prompt}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_action_steps_label_every_action(lang: str) -> None:
    """Each action has menu labels; different actions never share all their labels."""
    seen: dict[tuple[str, ...], str] = {}
    for action in ALL_ACTIONS:
        steps = GAME.action_steps(action, lang)
        assert steps and all(s and "splendor-marvel." not in s for s in steps)
        assert tuple(steps) not in seen, (str(action), seen.get(tuple(steps)))
        seen[tuple(steps)] = str(action)
    assert GAME.action_steps(SPACE.parse("recruit:t2-3/grey=blue1,red1"), "en") == [
        "Recruit",
        "Tier 2, card 3",
        "S.H.I.E.L.D. tokens for: Space (blue) 1, Reality (red) 1",
    ]


def test_action_texts_round_trip() -> None:
    """Every action's text parses back to the same action; codes are stable indices."""
    for code, action in enumerate(ALL_ACTIONS):
        assert SPACE.parse(str(action)) is action and SPACE.code(action) == code
    assert len(SPACE) == 25 + 5 + 15 + 15 * 252 + 6 + 8 + 1
