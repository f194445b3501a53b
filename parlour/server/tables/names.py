"""People's display names: what a name may hold, and what banning one names."""

from __future__ import annotations

import unicodedata

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
    return text


def name_key(name: str) -> str:
    """A name as a ban compares it: compatibility-normalised and case-folded, so that
    ``Ｍallory`` (full width) and ``MALLORY`` are the banned ``mallory``."""
    return unicodedata.normalize("NFKC", name).casefold()


def ban_values(name: str, client_hash: str | None) -> set[str]:
    """What banning a person names: their name, and the address they sat from."""
    values = {f"name:{name_key(name)}"[:80]}
    if client_hash is not None:
        values.add(f"client:{client_hash}")
    return values
