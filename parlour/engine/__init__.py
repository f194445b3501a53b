"""The game protocol shared by every Parlour game: nothing here knows a rule."""

from parlour.engine.actions import Action, ActionSpace
from parlour.engine.codec import Field
from parlour.engine.errors import IllegalActionError, OptionError, ParlourError, ReplayError
from parlour.engine.events import Event, EventLog, describe, events_for
from parlour.engine.options import OptionSpec
from parlour.engine.players import Bot, LegalBot, Observation, RandomBot
from parlour.engine.prompts import PromptKind
from parlour.engine.replay import Replay
from parlour.engine.rng import Rng, seed_from
from parlour.engine.state import Game, Place, Result, State

__all__ = [
    "Action",
    "ActionSpace",
    "Bot",
    "Event",
    "EventLog",
    "Field",
    "Game",
    "IllegalActionError",
    "LegalBot",
    "Observation",
    "OptionError",
    "OptionSpec",
    "ParlourError",
    "Place",
    "PromptKind",
    "RandomBot",
    "Replay",
    "ReplayError",
    "Result",
    "Rng",
    "State",
    "describe",
    "events_for",
    "seed_from",
]
