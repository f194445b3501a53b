"""People's display names: what a name may hold, and what banning one names.

A name is checked by the PRECIS Nickname profile (RFC 8266, the ``precis-i18n`` library)
besides the checks below, emoji sequences excepted (a joiner or a presentation selector
between emoji, which the profile refuses); it must show something (not only marks,
selectors or spaces); and two names that compare alike (the profile's comparison form:
case, width and spacing folded) are one name, for a ban and at one table.
"""

from __future__ import annotations

import unicodedata

import precis_i18n
from confusable_homoglyphs import confusables

from parlour.server.errors import ServerError

MAX_NAME = 32
"""The most characters a name may have."""
INVISIBLE = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180e\u2060\u2061\u2062\u2063\u2064"
)
"""Letters and symbols that show as nothing (Hangul fillers, the blank Braille pattern...)."""
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format, surrogate, private, unassigned, line and paragraph separators."""
ZWJ = "\u200d"
EMOJI_CATEGORIES = frozenset({"So", "Sk"})
NICKNAME = precis_i18n.get_profile("NicknameCaseMapped")
"""RFC 8266's Nickname profile, compared case-folded."""
SHOWS_NOTHING = frozenset({"Mn", "Me", "Cf", "Zs"})
"""Marks, format characters and spaces: a name of nothing else is drawn empty."""


def _joins_emoji(text: str, at: int) -> bool:
    """Whether the zero-width joiner at ``at`` joins two emoji (a family, a profession)."""
    before = text[:at].rstrip("\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")
    after = text[at + 1 :]
    return (
        bool(before)
        and bool(after)
        and unicodedata.category(before[-1]) in EMOJI_CATEGORIES
        and unicodedata.category(after[0]) in EMOJI_CATEGORIES
    )


def clean_name(name: object) -> str:
    """A display name as given (NFC), trimmed; refused when empty or too long, when it is
    not valid Unicode (a lone surrogate), when it holds control, format or separator
    characters (a text-direction override could make one name look like another) or
    characters that show as nothing, or when it mixes scripts with look-alike letters
    (``pаypal`` with a Cyrillic ``а``; the Unicode confusables table). Emoji joined into
    one (a family) are fine.
    """
    text = name.strip() if isinstance(name, str) else ""
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise ServerError("web.error.bad_name", limit=MAX_NAME)
    text = unicodedata.normalize("NFC", text)
    if not 1 <= len(text) <= MAX_NAME:
        raise ServerError("web.error.bad_name", limit=MAX_NAME)
    for at, ch in enumerate(text):
        category = unicodedata.category(ch)
        hidden = category in HIDDEN_CATEGORIES and not (ch == ZWJ and _joins_emoji(text, at))
        if hidden or ch in INVISIBLE or (category == "Zs" and ch != " "):
            raise ServerError("web.error.bad_name", limit=MAX_NAME)
    letters = "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN" or ch == " ")
    if letters.strip() and confusables.is_dangerous(letters):  # emoji belong to no script
        raise ServerError("web.error.bad_name", limit=MAX_NAME)
    if all(unicodedata.category(ch) in SHOWS_NOTHING for ch in text):
        raise ServerError("web.error.bad_name", limit=MAX_NAME)  # marks or selectors only
    _nickname(text)
    return text


def _without_emoji_joins(text: str) -> str:
    """``text`` without the joiners and presentation selectors that bind emoji together
    (the Nickname profile refuses them; between letters they stay, and are refused)."""
    out: list[str] = []
    for at, ch in enumerate(text):
        if ch == ZWJ and _joins_emoji(text, at):
            continue
        if ch == "\ufe0f" and out and unicodedata.category(out[-1]) in EMOJI_CATEGORIES:
            continue
        out.append(ch)
    return "".join(out)


def _nickname(text: str) -> str:
    """The Nickname profile's comparison form of ``text``, or ``web.error.bad_name``."""
    try:
        return str(NICKNAME.enforce(_without_emoji_joins(text)))
    except UnicodeError:
        raise ServerError("web.error.bad_name", limit=MAX_NAME) from None


def name_key(name: str) -> str:
    """A name as a ban and a table compare it: the Nickname profile's comparison form
    (width, case and spaces folded), so that ``Ｍallory`` (full width) and ``MALLORY`` are
    the banned ``mallory``; a name the profile refuses, compatibility-normalised and
    case-folded."""
    try:
        compared = _nickname(name)
    except ServerError:
        compared = name
    return unicodedata.normalize("NFKC", compared).casefold()


def check_unique(name: str, others: list[str]) -> None:
    """Refuse ``name`` when it compares alike with one of ``others`` (names at one table)."""
    key = name_key(name)
    if any(name_key(other) == key for other in others if other):
        raise ServerError("web.error.name_taken", name=name)


def ban_values(name: str, client_hash: str | None) -> set[str]:
    """What banning a person names: their name, and the address they sat from."""
    values = {f"name:{name_key(name)}"[:80]}
    if client_hash is not None:
        values.add(f"client:{client_hash}")
    return values
