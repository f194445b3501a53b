"""The "how to play" pages: one fragment per game and language, consistent and self-contained."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from parlour.games import get_game
from parlour.games.gauntlet import DEFAULT_HERO_HEALTH, DEFAULT_THANOS_HEALTH
from parlour.games.gauntlet.cards import CARDS as GAUNTLET_CARDS
from parlour.games.loveletter.cards import ALL_CARD_IDS as LOVELETTER_CARD_IDS
from parlour.games.loveletter.cards import TABLES as LOVELETTER_TABLES
from parlour.games.splendor_marvel.cards import CARDS as MARVEL_CARDS
from parlour.games.splendor_marvel.cards import COLOURS as MARVEL_COLOURS
from parlour.games.splendor_marvel.cards import LOCATION_FACES

ROOT = Path(__file__).resolve().parents[2]
HOWTO = ROOT / "parlour" / "web" / "static" / "howto"
LOCALES = ROOT / "parlour" / "locales"
GAMES = ("loveletter", "gauntlet", "splendor-marvel")
LANGS = ("en", "vi", "zh", "es")
VOID = frozenset({"br", "hr", "img", "wbr", "col"})
# Elements that would load or run something: a page must stay a plain document.
FORBIDDEN = frozenset({"script", "style", "iframe", "img", "link", "object", "embed", "form"})

CARD_IDS: dict[str, tuple[str, ...]] = {
    "loveletter": LOVELETTER_CARD_IDS,
    "gauntlet": tuple(sorted({card.name for card in GAUNTLET_CARDS})),
    "splendor-marvel": (
        *(card.id for card in MARVEL_CARDS),
        *(face.id for face in LOCATION_FACES),
        "avengers_assemble",
    ),
}
"""The catalog name keys (``<game>.name.<id>``) of every card of each game."""

ANCHORS: dict[str, set[str]] = {
    "loveletter": {f"card-{card}" for card in LOVELETTER_CARD_IDS},
    "gauntlet": {f"card-{card.effect}" for card in GAUNTLET_CARDS},
    "splendor-marvel": {f"card-{card}" for card in CARD_IDS["splendor-marvel"]},
}
"""The ids a user interface links to for a card's effect: ``card-<effect keyword or id>``."""


@dataclass
class Page:
    """What the parser gathered from one fragment."""

    roots: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    attrs: list[tuple[str, str, str | None]] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    rows: dict[str, list[str]] = field(default_factory=dict)
    text: str = ""
    errors: list[str] = field(default_factory=list)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[str] = []
        self.chunks: list[str] = []
        self.row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        page = self.page
        if not self.stack:
            page.roots.append((tag, dict(attrs)))
        page.tags.append(tag)
        for name, value in attrs:
            page.attrs.append((tag, name, value))
            if name == "id" and value is not None:
                page.ids.append(value)
                if tag in ("h2", "h3"):
                    page.sections.append(value)
        if tag == "tr":
            row_id = dict(attrs).get("id")
            self.row = page.rows.setdefault(row_id, []) if row_id else None
        elif tag in ("td", "th") and self.row is not None:
            self.row.append("")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.page.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.row and self.stack and self.stack[-1] in ("td", "th"):
            self.row[-1] += data
        if self.stack:
            self.chunks.append(data)
        elif data.strip():
            self.page.errors.append(f"text outside the article: {data.strip()[:40]!r}")


def parse(game: str, lang: str) -> Page:
    """Parse one fragment; the text is whitespace-normalised."""
    parser = _Parser()
    parser.feed((HOWTO / f"{game}.{lang}.html").read_text(encoding="utf-8"))
    parser.close()
    if parser.stack:
        parser.page.errors.append(f"unclosed: {parser.stack}")
    parser.page.text = re.sub(r"\s+", " ", " ".join(parser.chunks))
    for cells in parser.page.rows.values():
        cells[:] = [re.sub(r"\s+", " ", cell).strip() for cell in cells]
    return parser.page


def catalog(game: str, lang: str) -> dict[str, str]:
    """One game's catalog in one language."""
    data: dict[str, str] = json.loads((LOCALES / lang / f"{game}.json").read_text("utf-8"))
    return data


PAGES = [(game, lang) for game in GAMES for lang in LANGS]


def test_every_game_has_a_page_in_every_language() -> None:
    """Twelve fragments, and nothing else in the folder."""
    expected = {f"{game}.{lang}.html" for game, lang in PAGES}
    assert {path.name for path in HOWTO.iterdir()} == expected


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_is_one_well_formed_article(game: str, lang: str) -> None:
    """A single ``<article class="howto">`` naming its game and language, tags balanced."""
    page = parse(game, lang)
    assert page.errors == []
    assert len(page.roots) == 1
    tag, attrs = page.roots[0]
    assert tag == "article"
    assert attrs.get("class") == "howto"
    assert attrs.get("data-game") == game
    assert attrs.get("lang") == lang
    assert "html" not in page.tags and "head" not in page.tags and "body" not in page.tags
    assert len(page.ids) == len(set(page.ids)), "ids must be unique"
    assert page.tags.count("h1") <= 1
    assert len(page.sections) >= 8


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_page_loads_and_runs_nothing(game: str, lang: str) -> None:
    """No scripts, styles, embedded objects, event handlers or external URLs."""
    page = parse(game, lang)
    assert not FORBIDDEN & set(page.tags)
    for tag, name, value in page.attrs:
        assert not name.startswith("on"), (tag, name)
        assert name != "style", tag
        if name in ("href", "src"):
            assert value is not None and value.startswith("#"), (tag, value)
    raw = (HOWTO / f"{game}.{lang}.html").read_text(encoding="utf-8")
    assert not re.search(r"(https?:|//[a-z])", raw, re.IGNORECASE)


@pytest.mark.parametrize("game", GAMES)
def test_same_sections_and_anchors_in_every_language(game: str) -> None:
    """Section ids (h2/h3) and every other id (card rows) are identical across languages."""
    english = parse(game, "en")
    for lang in LANGS[1:]:
        page = parse(game, lang)
        assert page.sections == english.sections, lang
        assert sorted(page.ids) == sorted(english.ids), lang


@pytest.mark.parametrize("game", GAMES)
def test_in_page_links_point_at_existing_ids(game: str) -> None:
    """Every ``href="#x"`` names an id of the same page."""
    for lang in LANGS:
        page = parse(game, lang)
        targets = {v[1:] for _, name, v in page.attrs if name == "href" and v}
        assert targets <= set(page.ids), (lang, targets - set(page.ids))


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_card_is_named_as_the_catalog_names_it(game: str, lang: str) -> None:
    """Each card's catalog name in this language appears in the page, and each has an anchor."""
    names = catalog(game, lang)
    page = parse(game, lang)
    missing = [
        names[f"name.{card}"] for card in CARD_IDS[game] if names[f"name.{card}"] not in page.text
    ]
    assert missing == []
    assert ANCHORS[game] <= set(page.ids), sorted(ANCHORS[game] - set(page.ids))


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_explained_in_english(game: str) -> None:
    """Each option of ``option_specs()`` is named in the English page."""
    page = parse(game, "en")
    for spec in get_game(game).option_specs():
        assert spec.name in page.text, spec.name


def test_gauntlet_health_table_matches_the_defaults() -> None:
    """The Gauntlet pages state the engine's default health for every player count."""
    for lang in LANGS:
        raw = (HOWTO / f"gauntlet.{lang}.html").read_text(encoding="utf-8")
        table = re.search(r'<table id="health-table">(.*?)</table>', raw, re.DOTALL)
        assert table is not None, lang
        cells = re.findall(r"<td>(\d+)</td>", table.group(1))
        assert cells == [str(DEFAULT_HERO_HEALTH)] * 5 + [str(n) for n in DEFAULT_THANOS_HEALTH]


def test_splendor_round_limit_matches_the_default() -> None:
    """Parlour's round limit ruling: the pages quote ``max_rounds``'s default."""
    spec = {s.name: s for s in get_game("splendor-marvel").option_specs()}["max_rounds"]
    for lang in LANGS:
        page = parse("splendor-marvel", lang)
        assert str(spec.default) in page.text, lang


@pytest.mark.parametrize("lang", LANGS)
def test_loveletter_card_table_matches_the_decks(lang: str) -> None:
    """Each Love Letter card row gives the values and the copies in classic, premium, 2019."""
    rows = parse("loveletter", lang).rows
    for card in LOVELETTER_CARD_IDS:
        _, value, copies, _ = rows[f"card-{card}"]
        counts = []
        values = set()
        for edition in ("classic", "premium", "2019"):
            table = LOVELETTER_TABLES[edition]
            if card in table.ids:
                counts.append(str(table.counts[table.kind(card)]))
                values.add(table.values[table.kind(card)])
            else:
                counts.append("–")
        assert copies.split(" · ") == counts, card
        assert sorted(int(n) for n in re.findall(r"\d+", value) if n != "2019") == sorted(values)


@pytest.mark.parametrize("lang", LANGS)
def test_gauntlet_card_tables_match_the_decks(lang: str) -> None:
    """Gauntlet pages: hero numbers, Thanos numbers, copies, stone and return marks."""
    rows = parse("gauntlet", lang).rows
    names = catalog("gauntlet", lang)
    for number in range(1, 7):
        heroes = [c for c in GAUNTLET_CARDS if c.hero and c.number == number]
        cell_number, cell_names, _ = rows[f"card-hero{number}"]
        assert cell_number == str(number)
        for card in heroes:
            assert names[f"name.{card.name}"] in cell_names
    for kind in {c.effect for c in GAUNTLET_CARDS if not c.hero}:
        cards = [c for c in GAUNTLET_CARDS if c.effect == kind]
        cell_number, cell_name, copies, _ = rows[f"card-{kind}"]
        assert cell_number == str(cards[0].number)
        assert copies == str(len(cards))
        assert ("★" in cell_name) == cards[0].stone
        assert ("↺" in cell_name) == cards[0].returns


@pytest.mark.parametrize("lang", LANGS)
def test_splendor_card_tables_match_the_data(lang: str) -> None:
    """Character bonus, points, Avengers tags, costs and location requirements."""
    rows = parse("splendor-marvel", lang).rows
    names = catalog("splendor-marvel", lang)
    for card in MARVEL_CARDS:
        name, bonus, points, tags, *cost = rows[f"card-{card.id}"]
        assert name == names[f"name.{card.id}"]
        assert bonus == names[f"name.{MARVEL_COLOURS[card.bonus]}"]
        assert (points, tags) == (str(card.points), str(card.avengers))
        assert [0 if c == "–" else int(c) for c in cost] == list(card.cost), card.id
    for face in LOCATION_FACES:
        name, tile, side, requires = rows[f"card-{face.id}"]
        assert (name, tile, side) == (names[f"name.{face.id}"], face.tile, face.side)
        amounts = [int(n) for n in re.findall(r"\d+", requires)]
        assert amounts == [n for n in face.requires if n], face.id
