"""The engine's error types. Each carries a catalog key and parameters, so the same error
reads well in every interface language; ``str(error)`` is the English text."""

from __future__ import annotations

from typing import Any

from parlour.engine.i18n import DEFAULT_LANGUAGE, render_params, t


class ParlourError(Exception):
    """Base of every error Parlour raises on purpose."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message())

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The error's text in ``lang``."""
        game = self.key.partition(".")[0]
        return t(self.key, lang, **render_params(game, self.params, lang))

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """A JSON-ready form for clients: key, parameters and the translated text."""
        return {"error": self.key, "params": self.params, "message": self.message(lang)}


class IllegalActionError(ParlourError):
    """An action that is malformed, unknown, or not legal now. The state is unchanged."""


class OptionError(ParlourError):
    """Unknown option, bad value, or wrong player count for a game."""


class ReplayError(ParlourError):
    """A replay or saved state that cannot be read or does not replay."""
