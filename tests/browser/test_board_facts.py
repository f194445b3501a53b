"""Public facts on the board: cards still unseen, the round's bonus tokens, Thanos's stones
after the snap, Splendor Marvel's progress to the Gauntlet and its last round."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import axe_problems, shot
from tests.browser.test_games import seat_and_start
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser

Page = Any

# Loads a game's renderer as the table page does and hands back what a function of it returns
# for a made-up view (``arg``: game, function, view, seat, names, log).
CALL = """async (arg) => {
  const i18n = await import("/static/i18n.js");
  await i18n.load("en");
  const { loadRenderer } = await import("/static/render.js");
  const draw = await loadRenderer(arg.game);
  const ctx = {
    game: arg.game, seat: arg.seat, names: arg.names, log: arg.log || [], t: i18n.t,
    name: (v) => i18n.gameName(arg.game, v),
  };
  const out = arg.fn === "render" ? draw(arg.view, ctx) : draw[arg.fn](arg.view, ctx);
  if (arg.fn === "unseen") return out;
  const box = document.createElement("div");
  box.append(...[out.parts || out].flat(3).filter(Boolean));
  document.body.append(box);
  return box.innerHTML;
}"""


def call(page: Page, game: str, fn: str, view: dict[str, Any], **more: Any) -> Any:
    """``fn`` of ``game``'s renderer on ``view`` (seat 0, players named Ana and Bo)."""
    arg = {"game": game, "fn": fn, "view": view, "seat": 0, "names": ["Ana", "Bo"], **more}
    return page.evaluate(CALL, arg)


@pytest.fixture(scope="module")
def page(browser: Any, base_url: str) -> Any:
    page = new_page(browser)
    page.goto(f"{base_url}/")
    page.wait_for_selector("[data-game]")
    return page


def _ll_view(**over: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "edition": "classic",
        "players": 2,
        "seat": 0,
        "round": 2,
        "pile": 9,
        "hand": ["guard", "princess"],
        "face_up": ["priest", "baron", "king"],
        "discards": [["guard"], ["handmaid", "guard"]],
        "known": {"1": "countess"},
        "hand_sizes": [2, 1],
        "in_round": [True, True],
        "protected": [False, False],
        "tokens": [1, 1],
        "tokens_to_win": 7,
        "to_act": 0,
        "result": None,
        "last_round": {"round": 1, "winners": [0], "showdown": False, "hands": {}},
    }
    view.update(over)
    return view


def test_love_letter_counts_the_cards_the_seat_has_not_seen(page: Page) -> None:
    """Classic's 16 cards less every discard, the face-up cards, the hand and a known hand."""
    rows = {r["card"]: r["count"] for r in call(page, "loveletter", "unseen", _ll_view())}
    assert rows == {
        "guard": 5 - 3,  # two discarded, one in hand
        "priest": 1,
        "baron": 1,
        "handmaid": 1,
        "prince": 2,
        "king": 0,  # face up
        "countess": 0,  # Bo's hand is known
        "princess": 0,  # in hand
    }
    assert sum(rows.values()) == 16 - 3 - 3 - 2 - 1
    # A spectator knows no hand: only the public cards are taken off.
    public = call(page, "loveletter", "unseen", _ll_view(seat=None, hand=[], known={}))
    assert {r["card"]: r["count"] for r in public}["countess"] == 1


def test_a_round_summary_says_who_won_the_spys_token_LL_CARD_SPY(page: Page) -> None:
    """LL-CARD-SPY: the round panel lists the bonus tokens given at the round's end."""
    log = [
        {"kind": "round_won", "data": {"winner": [0]}, "text": "Ana wins the round."},
        {"kind": "token", "data": {"seat": 0, "reason": "round"}, "text": "Ana gains (round)."},
        {"kind": "token", "data": {"seat": 1, "reason": "spy"}, "text": "Bo gains (Spy)."},
        {"kind": "round_start", "data": {"round": 2}, "text": "Round 2 begins."},
        {"kind": "token", "data": {"seat": 1, "reason": "bishop"}, "text": "Later (Bishop)."},
    ]
    html = call(page, "loveletter", "roundSummary", _ll_view(edition="2019"), log=log)
    assert "Bo gains (Spy)." in html and "summary-bonuses" in html
    assert "Ana gains (round)." not in html and "Later (Bishop)." not in html
    assert "summary-bonuses" not in call(page, "loveletter", "roundSummary", _ll_view(), log=[])


def test_a_showdown_panel_tells_the_log_s_lines_not_a_rule_of_its_own(page: Page) -> None:
    """A tie broken on discards (two Counts, LL-CARD-COUNT): the panel gives the log's lines
    that decided the round (the reveals, the tie-break, the winner), and no "highest card"."""
    log = [
        {"kind": "round_start", "data": {"round": 1}, "text": "Round 1 begins; Ana plays first."},
        {"kind": "played", "data": {"seat": 0}, "text": "Ana plays Count."},
        {"kind": "reveal", "data": {"seat": 0}, "text": "Ana reveals Guard (value 3)."},
        {"kind": "reveal", "data": {"seat": 1}, "text": "Bo reveals Baroness (value 3)."},
        {
            "kind": "tie_break",
            "data": {},
            "text": "Tie between Ana, Bo: the highest discard total is 22.",
        },
        {"kind": "round_won", "data": {"winner": [0]}, "text": "Ana wins the round."},
        {"kind": "token", "data": {"seat": 0, "reason": "round"}, "text": "Ana gains a token."},
        {"kind": "round_start", "data": {"round": 2}, "text": "Round 2 begins; Ana plays first."},
    ]
    last = {"round": 1, "winners": [0], "showdown": True, "hands": {"0": "guard", "1": "baroness"}}
    html = call(
        page, "loveletter", "roundSummary", _ll_view(edition="premium", last_round=last), log=log
    )
    told = page.evaluate(
        "h => { const d = document.createElement('div'); d.innerHTML = h;"
        " return [...d.querySelectorAll('.summary-log li')].map((li) => li.textContent); }",
        html,
    )
    assert told == [e["text"] for e in log[2:6]]
    assert "highest card won" not in html


def _ig_view(**over: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "players": 2,
        "seat": 1,
        "hero_health": 3,
        "thanos_health": 4,
        "hero_deck": 5,
        "thanos_deck": 2,
        "hand": ["hulk"],
        "hand_sizes": [4, 1],
        "tokens": [0, 0],
        "faceup": [["mind_stone", "soul_stone", "space_stone"], ["nebula"]],
        "thanos_defeated": ["outrider_1"],
        "known": {"thanos_hand": [], "hands": {}, "hero_deck": [], "thanos_deck": []},
        "looking": [],
        "to_act": None,
        "result": None,
    }
    view.update(over)
    return view


def test_after_the_snap_thanoss_stones_show_in_his_hand_IG_END_3(page: Page) -> None:
    """IG-END-3: the stones not face up were revealed from his hand; his fourth card stays
    hidden. Before the snap nothing of his hand shows."""
    before = call(page, "gauntlet", "render", _ig_view())
    assert "power_stone" not in before
    result = {"winners": [0], "reason": "snap", "scores": [1, 0], "details": {}}
    after = call(page, "gauntlet", "render", _ig_view(result=result))
    thanos = after.split('data-seat="0"', 1)[1].split('data-seat="1"', 1)[0]
    for stone in ("power_stone", "reality_stone", "time_stone"):
        assert f'data-card="{stone}"' in thanos
    assert thanos.count("card ig back") == 1


def test_gauntlet_unseen_lists_thanos_cards_and_hero_numbers(page: Page) -> None:
    rows = {r["label"]: r["count"] for r in call(page, "gauntlet", "unseen", _ig_view())}
    thanos = [label for label in rows if label.startswith("✦")]
    assert len(thanos) == 13 - 3 - 1  # three stones face up, an Outrider defeated
    assert not any("Mind Stone" in label for label in thanos)
    # Hero cards by number: Nebula face up and the Hulk in hand are seen.
    assert rows["★ hero cards numbered 1"] == 2 and rows["★ hero cards numbered 3"] == 2


def _sm_seat(points: int, bonuses: int, green: int, tags: int) -> dict[str, Any]:
    colours = ["yellow", "blue", "orange", "red", "purple"]
    return {
        "points": points,
        "tags": tags,
        "gauntlet": False,
        "bonuses": {c: int(i < bonuses) for i, c in enumerate(colours)},
        "tokens": {**dict.fromkeys(colours, 0), "green": green, "grey": 0},
        "cards": [],
        "reserved": [],
        "locations": [],
    }


def _sm_view(**over: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "players": 2,
        "seat": 0,
        "round": 5,
        "max_rounds": 4,
        "final_round": False,
        "avengers": None,
        "supply": {"yellow": 4},
        "display": [[], [], []],
        "decks": [36, 26, 16],
        "locations": [],
        "to_act": None,
        "result": None,
        "seats": [_sm_seat(17, 5, 1, 2), _sm_seat(4, 3, 0, 3)],
    }
    view.update(over)
    return view


def test_splendor_shows_each_players_progress_to_the_gauntlet_SM_WIN_1(page: Page) -> None:
    """SM-WIN-1: 16 points, the five colours and a Time token, each part marked when met."""
    html = call(page, "splendor-marvel", "render", _sm_view())
    ana, bo = html.split('class="sm-progress"')[1:3]
    assert "17/16 infinity points" in ana and "5/5 stone colours" in ana
    assert ana.count('class="met"') == 3  # points, colours, Time token; 2 tags of 3
    assert "no Time token yet" in bo and "3/3 Avengers tags" in bo
    assert bo.count('class="met"') == 1


def test_splendor_names_the_last_round_played_once_the_game_is_over(page: Page) -> None:
    """The view counts the round under way (5 after four rounds); the end shows round 4."""
    assert "Round 5" in call(page, "splendor-marvel", "render", _sm_view())
    result = {"winners": [0], "reason": "round_limit", "scores": [1, 0], "details": {}}
    over = call(page, "splendor-marvel", "render", _sm_view(result=result))
    assert "Round 4" in over and "Round 5" not in over


@pytest.mark.parametrize("game", [g for g in ("loveletter", "splendor-marvel") if g in game_ids()])
def test_the_unseen_switch_is_remembered_and_passes_axe(
    browser: Any, base_url: str, game: str
) -> None:
    page = new_page(browser, phone=True)
    create_table(page, base_url, game)
    seat_and_start(page)
    assert page.locator(".unseen-list").count() == 0  # off by default
    page.check("#unseen-switch")
    page.wait_for_selector(".unseen-list li")
    assert page.locator(".unseen-list li").count() > 3
    shot(page, f"11-{game}-unseen-phone")
    assert axe_problems(page) == []
    page.reload()
    page.wait_for_selector(".unseen-list li")
    assert page.is_checked("#unseen-switch")
    assert not page.errors, page.errors
    page.context.close()


DRAG_SETUP = """async () => {
  const { DragOrder } = await import("/static/order.js");
  const order = new DragOrder();
  const box = document.createElement("div");
  box.id = "drag-test";
  box.dataset.order = "top-first";
  for (const key of ["look:0", "look:1", "look:2"]) {
    const card = document.createElement("div");
    card.dataset.pick = key;
    card.textContent = key;
    card.style.cssText = "display:inline-block;width:80px;height:60px;margin:4px;background:#ddd";
    box.append(card);
  }
  document.body.prepend(box);
  order.arrange(box);
  for (const type of ["dragstart", "dragover", "drop"]) {
    box.addEventListener(type, (e) => { if (order.handle(e)) order.arrange(box); });
  }
  window.dragOrder = order;
}"""


def test_cards_to_order_are_put_in_order_by_dragging(page: Page) -> None:
    """A card dropped on another takes its place; the order is kept across redraws."""
    page.evaluate(DRAG_SETUP)
    keys = (
        "() => [...document.querySelectorAll('#drag-test > [data-pick]')].map(e => e.dataset.pick)"
    )
    page.drag_and_drop("#drag-test [data-pick='look:0']", "#drag-test [data-pick='look:2']")
    assert page.evaluate(keys) == ["look:1", "look:2", "look:0"]
    page.drag_and_drop("#drag-test [data-pick='look:2']", "#drag-test [data-pick='look:1']")
    assert page.evaluate(keys) == ["look:2", "look:1", "look:0"]
    assert page.evaluate("() => window.dragOrder.keys") == ["look:2", "look:1", "look:0"]
    page.evaluate("() => document.querySelector('#drag-test').remove()")


def test_the_looked_at_cards_are_marked_for_ordering(page: Page) -> None:
    """Infinity Gauntlet's cards to put back in order sit in a container drag can reorder."""
    html = call(page, "gauntlet", "render", _ig_view(looking=["hulk", "thor", "vision"]))
    assert 'data-order="top-first"' in html and html.count('data-pick="look:') == 3


TABLE_SETUP = """async (arg) => {
  const i18n = await import("/static/i18n.js");
  await i18n.load("en");
  const { TablePage } = await import("/static/table.js");
  const { loadRenderer } = await import("/static/render.js");
  const root = document.createElement("main");
  root.id = "order-table";
  document.body.prepend(root);
  const page = new TablePage(root, "t-order");
  page.renderer = await loadRenderer(arg.msg.table.game);
  page.connected = true;
  page.msg = arg.msg;
  page.newMoves(arg.msg);
  page.render();
  window.orderTable = page;
}"""


def test_a_dragged_order_is_the_move_sent_IG_HERO_5(page: Page) -> None:
    """IG-HERO-5 (Vision): the looked-at cards dragged into an order, then "In this order",
    give the move with those positions, shown in words before it is sent."""
    from itertools import permutations

    looking = ["hulk", "thor", "vision"]
    names = {"hulk": "Hulk", "thor": "Thor", "vision": "Vision"}
    legal = [
        {
            "action": "order=" + "".join(str(p) for p in perm),
            "steps": [", ".join(names[looking[p]] for p in perm)],
            "self_out": False,
        }
        for perm in permutations(range(3))
    ]
    view = _ig_view(looking=looking, to_act=1, prompt="order")
    msg = {
        "table": {"game": "gauntlet", "status": "playing", "seats": [None, None]},
        "names": ["Ana", "Bo"],
        "seat": 1,
        "move": 7,
        "view": view,
        "legal": legal,
        "events": [],
    }
    page.evaluate(TABLE_SETUP, {"msg": msg})
    page.wait_for_selector("#order-table #order-done")
    looked = "#order-table .looking [data-pick='look:{}']"
    page.drag_and_drop(looked.format(0), looked.format(2))
    shot(page, "12-gauntlet-order")
    page.click("#order-table #order-done")
    page.wait_for_selector("#order-table #confirm-send")
    assert "Thor, Vision, Hulk" in page.inner_text("#order-table #confirm-text")
    page.evaluate("() => document.querySelector('#order-table').remove()")


def test_the_chancellors_cards_are_dragged_into_order_LL_CARD_CHANCELLOR(page: Page) -> None:
    """LL-CARD-CHANCELLOR: after the card kept is tapped, the two others are dragged into the
    order they go under the deck, and "In this order" gives that move (tapping stays too)."""
    from itertools import permutations

    hand = ["guard", "priest", "king"]
    names = {"guard": "Guard", "priest": "Priest", "king": "King"}
    legal = [
        {
            "action": f"keep={keep};bottom={a},{b}",
            "steps": [f"Keep {names[keep]}", names[a], names[b]],
            "self_out": False,
        }
        for keep, a, b in permutations(hand)
    ]
    view = _ll_view(hand=hand, hand_sizes=[3, 1], pending={"chancellor": 0, "drawn": 2})
    msg = {
        "table": {"game": "loveletter", "status": "playing", "seats": [None, None]},
        "names": ["Ana", "Bo"],
        "seat": 0,
        "move": 5,
        "view": view,
        "legal": legal,
        "events": [],
    }
    page.evaluate(TABLE_SETUP, {"msg": msg})
    table = "#order-table"
    page.wait_for_selector(f"{table} .hand [data-pick='hand:guard'].pickable")
    # Nothing to order before the card kept is chosen.
    assert page.locator(f"{table} #order-done").count() == 0
    page.click(f"{table} .hand [data-pick='hand:guard']")
    page.wait_for_selector(f"{table} #order-done")
    cards = f"{table} [data-order] > [data-pick]"
    order = "els => els.map(e => e.dataset.pick)"
    assert page.eval_on_selector_all(cards, order) == ["hand:priest", "hand:king"]
    assert page.locator(f"{table} .order-aside [data-pick='hand:guard']").count() == 1
    assert page.inner_text(f"{table} .hand .order-ends") == "Top ↑ · Bottom ↓"
    page.drag_and_drop(f"{cards}[data-pick='hand:priest']", f"{cards}[data-pick='hand:king']")
    assert page.eval_on_selector_all(cards, order) == ["hand:king", "hand:priest"]
    shot(page, "13-loveletter-chancellor-order")
    page.click(f"{table} #order-done")
    page.wait_for_selector(f"{table} #confirm-send")
    assert "Keep Guard · King · Priest" in page.inner_text(f"{table} #confirm-text")
    page.evaluate("() => document.querySelector('#order-table').remove()")
