"""Prompt kinds: each game names the decisions it asks for in one ``StrEnum``.

A member is its own text (``Prompt.PLAY == "play"``), so views, JSON and catalogs keep plain
strings while the rules compare members. Each pending follow-up decision is one small typed
object on the state (the game's ``state.py`` declares them), never a list read by position.
"""

from __future__ import annotations

from enum import StrEnum


class PromptKind(StrEnum):
    """Base of a game's prompt kinds (``play``, ``bishop``, ``return_tokens``...)."""
