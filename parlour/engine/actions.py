"""Actions and the fixed action space of a game configuration."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mypy_extensions import mypyc_attr

from parlour.engine.errors import IllegalActionError


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions.

    A game's actions are small frozen dataclasses deriving from this class. ``str(action)``
    is the canonical text form (``guard>p2=5``-like), which is also the JSON form; the
    integer code is the action's index in the configuration's :class:`ActionSpace`.
    """

    __slots__ = ()

    def to_json(self) -> str:
        """The JSON form of an action: its canonical text."""
        return str(self)


class ActionSpace:
    """Every action a game configuration can ever offer, in a fixed order.

    The position of an action is its stable integer code (used for RL masks); the text
    form parses back to the same interned object. The readers take any object (typed
    ``object``: compiled, a narrower type would refuse bad input with a ``TypeError`` before
    it could be told apart) and refuse what is not theirs with an IllegalActionError.
    """

    __slots__ = ("_codes", "_texts", "actions")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._codes: dict[object, int] = {}
        self._texts: dict[str, Action] = {}
        for i, a in enumerate(self.actions):
            text = str(a)
            if a in self._codes or text in self._texts:
                raise ValueError(f"duplicate action in action space: {text}")
            self._codes[a] = i
            self._texts[text] = a

    @property
    def size(self) -> int:
        """How many actions the space holds."""
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._codes

    def code(self, action: object) -> int:
        """The integer code of an action."""
        try:
            return self._codes[action]
        except (KeyError, TypeError):
            raise IllegalActionError("core.error.unknown_action", action=str(action)) from None

    def action(self, code: object) -> Action:
        """The action with a given integer code."""
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < len(self.actions):
            raise IllegalActionError(
                "core.error.bad_action_code", code=str(code), size=len(self.actions)
            )
        return self.actions[code]

    def parse(self, text: object) -> Action:
        """The action whose canonical text is ``text`` (surrounding blanks ignored)."""
        if not isinstance(text, str):
            raise IllegalActionError("core.error.malformed_action", action=repr(text)[:80])
        try:
            return self._texts[text.strip()]
        except KeyError:
            raise IllegalActionError("core.error.unknown_action", action=text[:80]) from None

    def intern(self, action: Action) -> Action:
        """The space's own object equal to ``action`` (raises if it is not in the space)."""
        return self.actions[self.code(action)]

    def coerce(self, action: object) -> Action:
        """Accept an action object, its text or its code, and return the interned action."""
        if isinstance(action, Action):
            return self.intern(action)
        if isinstance(action, str):
            return self.parse(action)
        if isinstance(action, int) and not isinstance(action, bool):
            return self.action(action)
        raise IllegalActionError("core.error.malformed_action", action=repr(action)[:80])

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        """A boolean mask over the space, true for the given actions."""
        out = [False] * len(self.actions)
        for a in legal:
            out[self._codes[a]] = True
        return out
