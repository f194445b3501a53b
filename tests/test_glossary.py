"""The glossary's one term per concept is what the catalogs and how-to pages say."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from parlour.engine.i18n import catalog

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "parlour" / "locales" / "glossary.json"
HOWTO = ROOT / "parlour" / "web" / "static" / "howto"


@cache
def glossary() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    return data


def _texts(entry: dict[str, Any]) -> dict[str, str]:
    """Every text an entry's ``check`` names, by where it comes from."""
    lang, game = entry["lang"], entry["game"]
    out: dict[str, str] = {}
    for place in entry["check"]:
        if place == "howto":
            page = HOWTO / f"{game}.{lang}.html"
            out[page.name] = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        else:
            for key, text in catalog(lang, place).items():
                out[f"{lang}/{place}.json {key}"] = text
    # The game's lessons speak its terms too.
    for key, text in catalog(lang, "learn").items():
        if key.startswith(f"lesson.{game}-"):
            out[f"{lang}/learn.json {key}"] = text
    return out


def _word(text: str) -> re.Pattern[str]:
    """A case-blind pattern for ``text`` as a whole word (Chinese has no word breaks to check),
    any run of spaces or line breaks matching a space: a line break inside a term is the term."""
    left = r"(?<!\w)" if re.match(r"[^\W\d_]", text) and not _is_cjk(text[0]) else ""
    right = r"(?!\w)" if re.search(r"[^\W\d_]$", text) and not _is_cjk(text[-1]) else ""
    body = r"\s+".join(re.escape(part) for part in text.split())
    return re.compile(left + body + right, re.IGNORECASE)


def _is_cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff"


def _problems(entry: dict[str, Any], texts: dict[str, str]) -> list[str]:
    problems = []
    if not _word(entry["term"]).search("\n".join(texts.values())):
        problems.append(f"the term “{entry['term']}” is used nowhere")
    for wrong in entry.get("wrong", []):
        pattern = _word(wrong)
        for where, text in texts.items():
            if pattern.search(text):
                problems.append(f"{where} says “{wrong}”")
    return problems


def _entry_id(entry: dict[str, Any]) -> str:
    return f"{entry['game']}-{entry['lang']}-{entry['concept']}"


@pytest.mark.parametrize("entry", glossary()["terms"], ids=_entry_id)
def test_catalogs_and_howto_use_the_glossary_term(entry: dict[str, Any]) -> None:
    problems = _problems(entry, _texts(entry))
    assert not problems, f"{_entry_id(entry)}: " + "; ".join(problems[:8])


def test_the_check_catches_a_planted_variant() -> None:
    entry = {"game": "gauntlet", "lang": "vi", "term": "sinh lực", "wrong": ["máu"]}
    assert _problems(entry, {"a": "Thanos mất 1 sinh lực."}) == []
    assert _problems(entry, {"a": "Thanos mất 1 sinh lực.", "b": "Máu"}) == ["b says “máu”"]
    assert _problems(entry, {"a": "Máu"})[0].startswith("the term")
    # Whole words only: "Saluda" is not "salud".
    entry = {"game": "gauntlet", "lang": "es", "term": "vida", "wrong": ["salud"]}
    assert _problems(entry, {"a": "Saluda: 1 vida."}) == []
    assert _problems(entry, {"a": "vida", "b": "Salud inicial"}) == ["b says “salud”"]
    # A line break or double space inside a term is still the term.
    entry = {"game": "gauntlet", "lang": "vi", "term": "bộ bài", "wrong": ["chồng bài"]}
    assert _problems(entry, {"a": "bộ\nbài", "b": "chồng  \n bài"}) == ["b says “chồng bài”"]


def test_every_entry_is_complete_and_names_its_source() -> None:
    langs = {"vi", "zh", "es"}
    for entry in glossary()["terms"]:
        assert entry["lang"] in langs, entry
        assert entry["term"] and entry["source"] and entry["check"], entry
        cites_rulebook = any(seed in entry["source"] for seed in glossary()["rulebooks"])
        # Without the rulebook's own word, the entry must say why it chose another.
        assert cites_rulebook or entry.get("reason"), entry


def _name(lang: str, domain: str, card: str) -> str:
    return catalog(lang, domain)[f"name.{card}"]


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_marvel_characters_are_named_alike_in_both_marvel_games(lang: str) -> None:
    pairs = glossary()["characters"]["pairs"]
    differ = {
        g: (_name(lang, "gauntlet", g), _name(lang, "splendor-marvel", s))
        for g, s in pairs.items()
        if _name(lang, "gauntlet", g) != _name(lang, "splendor-marvel", s)
    }
    assert not differ, differ


def _cards(domain: str) -> list[str]:
    keys = [k[5:] for k in catalog("en", domain) if k.startswith("name.")]
    if domain == "gauntlet":
        return [k for k in keys if k not in ("game", "hero_health", "thanos_health", "snap")]
    return [k for k in keys if k.startswith(("t1-", "t2-", "t3-"))]


@pytest.mark.parametrize("lang", glossary()["characters"]["english_in"])
@pytest.mark.parametrize("domain", ["gauntlet", "splendor-marvel"])
def test_card_names_stay_english_where_the_rulebooks_keep_them(lang: str, domain: str) -> None:
    english = {c: _name("en", domain, c) for c in _cards(domain)}
    if domain == "gauntlet":
        # The roles are words of the game, not card names.
        english = {c: n for c, n in english.items() if not c.endswith("_role")}
    differ = {c: _name(lang, domain, c) for c, n in english.items() if _name(lang, domain, c) != n}
    assert not differ, differ


@pytest.mark.parametrize("lang", glossary()["characters"]["localized_in"])
def test_splendor_characters_have_localized_names(lang: str) -> None:
    latin = {
        c: _name(lang, "splendor-marvel", c)
        for c in _cards("splendor-marvel")
        if re.fullmatch(r"[A-Za-z0-9 .,'&-]+", _name(lang, "splendor-marvel", c))
    }
    assert not latin, latin
