"""Message catalogs: every text a person reads comes from here.

Catalogs live in ``parlour/locales/<lang>/<domain>.json`` as flat objects of
``"key": "text with {named} parameters"``. A full key is ``<domain>.<key>``, for example
``loveletter.card.guard.name`` is ``card.guard.name`` in ``loveletter.json``. A key
missing in a language falls back to English; a key missing in English is returned as-is
(and the catalog tests fail on it).

Words that depend on a number are written ``{count:one=card;other=cards}``: the parameter's
plural category in the text's language (CLDR's rules, through Babel; ``zero``, ``one``,
``two``, ``few``, ``many``, ``other``) picks the form, ``other`` being the fallback. The
browser (``i18n.js``) reads the same syntax with ``Intl.PluralRules``.
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale

LANGUAGES: tuple[str, ...] = ("en", "vi", "zh", "es")
"""Interface languages, English first (the fallback)."""

DEFAULT_LANGUAGE = "en"

PLAYER_PARAMS = frozenset(
    {
        "seat",
        "seats",
        "actor",
        "target",
        "targets",
        "player",
        "other",
        "winner",
        "winners",
        "loser",
        "first",
        "second",
        "by",
    }
)
"""Parameter names that hold a seat number and are shown as that player's name."""

KEY_PARAMS = frozenset({"option", "expected", "choices", "game"})
"""Parameter names whose values may be catalog keys, shown as those keys' texts."""


class MissingCatalogs(RuntimeError):
    """The message catalogs are not beside the code: a broken install, or another copy of
    the package imported in its place. Every text would show as its key, so this is an
    error rather than a fallback (its message cannot come from a catalog)."""


@cache
def catalog(lang: str, domain: str) -> Mapping[str, str]:
    """Return one catalog (empty when the domain has no file, as a game without texts).

    Raises MissingCatalogs when the language's folder of catalogs is missing altogether.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    folder = resources.files("parlour") / "locales" / lang
    if not folder.is_dir():
        raise MissingCatalogs(
            f"Parlour's message catalogs are missing (no folder {folder}): reinstall Parlour,"
            " or run it from a folder that does not hold another copy of the parlour package."
        )
    path = folder / f"{domain}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ValueError(f"catalog {lang}/{domain}.json must map strings to strings")
    return data


def domains() -> list[str]:
    """Return every catalog domain that has an English file."""
    folder = resources.files("parlour") / "locales" / DEFAULT_LANGUAGE
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    """Return whether a key exists in a language's catalog (without fallback)."""
    domain, _, rest = key.partition(".")
    return rest in catalog(lang, domain)


@cache
def _plural_rule(lang: str) -> Callable[[float], str]:
    rule: Callable[[float], str] = Locale.parse(lang).plural_form
    return rule


def plural_category(lang: str, count: Any) -> str:
    """The CLDR plural category of a number in a language ("other" when it is no number)."""
    try:
        number = float(count)
    except (TypeError, ValueError):
        return "other"
    if number.is_integer():
        return _plural_rule(lang)(int(number))
    return _plural_rule(lang)(number)


class _Formatter(string.Formatter):
    """``str.format`` plus plural forms: ``{count:one=card;other=cards}``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "=" not in format_spec:
            return str(super().format_field(value, format_spec))
        forms = dict(part.split("=", 1) for part in format_spec.split(";") if "=" in part)
        category = plural_category(self.lang, value)
        return forms.get(category, forms.get("other", ""))


_FOUND: dict[tuple[str, str], tuple[str, str]] = {}
"""Texts already looked up, by full key and language: the text and the language it was
found in (only keys a catalog holds, so the table is bounded by the catalogs)."""
_FORMATTERS: dict[str, _Formatter] = {}


def _lookup(key: str, lang: str) -> tuple[str, str] | None:
    """A key's text in ``lang``, else in English, with the language it was found in."""
    found = _FOUND.get((key, lang))
    if found is not None:
        return found
    domain, _, rest = key.partition(".")
    text = catalog(lang, domain).get(rest)
    where = lang
    if text is None and lang != DEFAULT_LANGUAGE:
        text = catalog(DEFAULT_LANGUAGE, domain).get(rest)
        where = DEFAULT_LANGUAGE
    if text is None:
        return None
    found = _FOUND[(key, lang)] = (text, where)
    return found


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """Translate a full key into ``lang`` and fill in its parameters."""
    found = _lookup(key, lang)
    if found is None:
        return key
    text, where = found
    if not params and "=" not in text:
        return text
    try:
        if "=" in text:
            formatter = _FORMATTERS.get(where)
            if formatter is None:
                formatter = _FORMATTERS[where] = _Formatter(where)
            return formatter.format(text, **params)
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


_NAMES: dict[tuple[str, str, str], str] = {}
"""Names (``<game>.name.<value>``) already translated, by game, value and language."""


def _name(game: str, value: str, lang: str) -> str | None:
    """The text of ``<game>.name.<value>`` in ``lang``, or None when there is none (a
    hit is kept: every event line names cards, and looking the key up twice each time
    was a large part of a busy server's event texts)."""
    found = _NAMES.get((game, value, lang))
    if found is not None:
        return found
    key = f"{game}.name.{value}"
    if not has(key):
        return None
    found = _NAMES[(game, value, lang)] = t(key, lang)
    return found


def render_params(
    game: str,
    params: Mapping[str, Any],
    lang: str = DEFAULT_LANGUAGE,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Turn raw event/error parameters into displayable text.

    Seats (parameters named in ``PLAYER_PARAMS`` or ending in ``_seat`` or ``_seats``) become player
    names; a string value that is a known name key ``<game>.name.<value>`` (card ids, colour
    names, end reasons) is translated; lists are rendered item by item and joined. Parameters
    named in ``KEY_PARAMS`` may hold full catalog keys (an option's label, what it expects, a
    game's id): those are translated, ``expected`` filled with the other parameters.
    """

    def one(key: str, value: Any) -> str:
        if key in KEY_PARAMS and isinstance(value, str):
            if key == "game" and has(f"{value}.name.game"):
                return t(f"{value}.name.game", lang)
            if "." in value and has(value):
                if key == "expected":
                    others = {k: one(k, v) for k, v in params.items() if k != key}
                    return t(value, lang, **others)
                return t(value, lang)
        if isinstance(value, bool):
            return t(f"core.{'yes' if value else 'no'}", lang)
        if isinstance(value, int) and (key in PLAYER_PARAMS or key.endswith(("_seat", "_seats"))):
            if names is not None and 0 <= value < len(names):
                return names[value]
            return t("core.seat_name", lang, number=value + 1)
        if isinstance(value, str):
            named = _name(game, value, lang)
            if named is not None:
                return named
        if isinstance(value, list | tuple):
            if key in PLAYER_PARAMS or key.endswith("_seats"):
                return list_text([one(key, v) for v in value], lang)  # "Ana, Bo and Cy"
            return t("core.list_separator", lang).join(one(key, v) for v in value)
        return str(value)

    return {k: one(k, v) for k, v in params.items()}


def list_text(items: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """Items joined as the language writes a list ("A, B and C", "A、B和C", "A, B y C")."""
    from babel.lists import format_list

    return format_list(list(items), locale=lang) if items else ""


BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The bot kinds offered first, by difficulty; the others are for the command line and experts."""


def bot_label(spec: str, seat: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A bot's name at a seat in ``lang``: its kind in words and the seat number ("Easy bot 2")."""
    kind = spec.partition(":")[0]
    words = t(f"core.bot.{kind}", lang) if has(f"core.bot.{kind}") else kind
    return t("core.bot_name", lang, bot=words, number=seat + 1)


def seat_label(game: str, seat: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A seat's generic name: the game's ``seat.<n>`` or ``seat.n`` text, else "Player n".

    Games whose seats have roles name them (Infinity Gauntlet: seat 0 is Thanos).
    """
    if has(f"{game}.seat.{seat}"):
        return t(f"{game}.seat.{seat}", lang)
    if has(f"{game}.seat.n"):
        return t(f"{game}.seat.n", lang, number=seat)
    return t("core.seat_name", lang, number=seat + 1)


def json_dumps(data: Any) -> str:
    """Compact, stable JSON used for catalogs checks and messages."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
