// Infinity Gauntlet: Thanos against the heroes; health, stones, face-up and defeated cards.
import { helpAttrs } from "../cardhelp.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { has } from "../i18n.js";
import { gameData } from "../render.js";
import { scoreTable } from "../summary.js";

let cards = {};

export async function load() {
  const data = await gameData("gauntlet", "cards.json");
  cards = Object.fromEntries(data.cards.map((c) => [c.id, c]));
}

export function card(ctx, id, size = "", deck = "hero") {
  if (id === null || id === undefined) {
    return h(`div.card.ig.back.${deck}${size}`, { "aria-hidden": "true" }, h("span.ig-seal", deck === "thanos" ? "✦" : "★"));
  }
  const c = cards[id] || {};
  const key = `gauntlet.effect.${c.effect}`;
  const effect = has(key) ? ctx.t(key) : "";
  const help = helpAttrs("gauntlet", `card-${c.effect}`, effect ? `${ctx.name(id)}: ${effect}` : ctx.name(id));
  return h(
    `div.card.ig.${c.deck || deck}${c.stone ? ".stone" : ""}${size}`,
    { ...help, dataset: { card: id, ...help.dataset } },
    h("span.ig-number", c.number === undefined ? "" : String(c.number)),
    h("span.card-name", ctx.name(id)),
    size ? null : h("span.ig-effect", effect),
  );
}

function meter(label, n, kind) {
  return h(`div.ig-meter.${kind}`, h("span.muted", label), h("strong", String(n)));
}

// A hand card's key in the actions: a Thanos card's effect word, a hero card's number.
function handKey(id) {
  const c = cards[id] || {};
  return `hand:${c.deck === "thanos" ? c.effect : c.number}`;
}

function picks(el, key) {
  el.dataset.pick = key;
  return el;
}

// A move as taps on the board (board.js): the card in hand, then its target or its answer;
// ordering by tapping the looked-at cards from the top down.
export function pickPath(action, steps) {
  const say = (i) => [`say:${steps[i]}`, steps[i]];
  let m;
  if ((m = action.match(/^order=(\d+)$/))) return [...m[1]].map((d, i) => [`look:${d}`, `${i + 1}`]);
  if ((m = action.match(/^bottom=([\w,]+)$/))) return m[1].split(",").map((c, i) => [`hand:${c}`, steps[i + 1] || c]);
  if ((m = action.match(/^(with|defeat)=(\w+)$/))) return [[`hand:${m[2]}`, steps[steps.length - 1]]];
  if ((m = action.match(/^fight>p(\d+)$/))) return [[`seat:${m[1]}`, steps[steps.length - 1]]];
  if (/^(accept|decline|snap|end|fight:pass)$/.test(action)) return [say(steps.length - 1)];
  if ((m = action.match(/^(\w+)(?:>p(\d+))?(?::(\w+))?(?:=(\w+))?$/))) {
    const path = [[`hand:${m[1]}`, steps[0]]];
    if (m[2] !== undefined) path.push([`seat:${m[2]}`, steps[1]]);
    if (m[3] !== undefined || m[4] !== undefined) path.push(say(steps.length - 1));
    return path;
  }
  return null;
}

export function render(view, ctx) {
  const root = h("div.ig-board");
  const thanosSeat = 0;
  root.append(
    h(
      "div.ig-top",
      meter(`${ctx.t("web.table.role_thanos")} · ${ctx.t("web.table.health")}`, view.thanos_health, "thanos"),
      meter(`${ctx.t("web.table.role_hero")} · ${ctx.t("web.table.health")}`, view.hero_health, "hero"),
      meter(`${ctx.t("gauntlet.ui.hero_deck")} ★`, view.hero_deck, "hero"),
      meter(`${ctx.t("gauntlet.ui.thanos_deck")} ✦`, view.thanos_deck, "thanos"),
      // The Infinity Stones Thanos has face up: six let him snap.
      meter(ctx.t("web.table.stones"), `${(view.faceup[thanosSeat] || []).filter((c) => (cards[c] || {}).stone).length} / 6`, "thanos"),
    ),
  );
  if (view.seat !== null && view.hand && view.hand.length) {
    const deck = view.seat === thanosSeat ? "thanos" : "hero";
    root.append(h("div.hand", h("h3", ctx.t("web.table.hand")), h("div.cards", view.hand.map((c) => picks(card(ctx, c, "", deck), handKey(c))))));
  }
  if (view.looking && view.looking.length) {
    // Cards being ordered: tapped from the top down, the ends labelled.
    root.append(
      h(
        "div.hand.looking",
        h("p.muted.order-ends", `${ctx.t("web.board.top")} ↑ · ${ctx.t("web.board.bottom")} ↓`),
        h("div.cards", { dataset: { order: "top-first" } }, view.looking.map((c, i) => picks(card(ctx, c, ".small"), `look:${i}`))),
      ),
    );
  }
  const seats = h("div.seat-boards");
  const snapped = snapStones(view);
  for (let s = 0; s < view.players; s++) {
    const deck = s === thanosSeat ? "thanos" : "hero";
    const knownHand = s === thanosSeat ? (snapped || (view.known && view.known.thanos_hand)) : view.known && view.known.hands && view.known.hands[String(s)];
    const hand =
      s === view.seat
        ? null
        : h(
            "div.cards",
            Array.from({ length: view.hand_sizes[s] }, (_, i) => card(ctx, knownHand && knownHand[i] ? knownHand[i] : null, ".small", deck)),
            h("span.sr-only", ctx.t("web.table.cards_in_hand", { count: view.hand_sizes[s] })),
          );
    seats.append(
      h(
        `div.seat-board.ig-seat.${deck}`,
        { dataset: { seat: s, acting: String(view.to_act === s) } },
        h("h3", ctx.names[s], " ", h("span.badge", ctx.t(s === thanosSeat ? "web.table.role_thanos" : "web.table.role_hero")), view.tokens[s] ? h("span.badge.power", icon("bolt"), ` ${view.tokens[s]}`) : null),
        hand,
        h("div.cards", view.faceup[s].map((c) => card(ctx, c, ".small", deck))),
      ),
    );
  }
  root.append(seats);
  if (view.thanos_defeated && view.thanos_defeated.length) {
    root.append(h("div.ig-defeated", h("h3", ctx.t("web.table.defeated")), h("div.cards", view.thanos_defeated.map((c) => card(ctx, c, ".small", "thanos")))));
  }
  return root;
}

// After the snap Thanos has revealed the six Infinity Stones: those not face up in front of him
// were in his hand (IG-END-3), so they are shown face up there; his other cards stay hidden.
function snapStones(view) {
  if (!view.result || view.result.reason !== "snap") return null;
  const faceup = new Set(view.faceup[0] || []);
  return Object.values(cards).filter((c) => c.stone && !faceup.has(c.id)).map((c) => c.id);
}

// The cards this seat cannot see now: Thanos's cards one by one, hero cards by number (from its
// own view: face-up and defeated cards, its hand, the hands and deck cards it knows).
export function unseen(view, ctx) {
  const seen = new Set([...view.faceup.flat(), ...(view.thanos_defeated || []), ...(view.hand || []), ...(view.looking || [])]);
  const known = view.known || {};
  for (const id of [...(known.thanos_hand || []), ...Object.values(known.hands || {}).flat()]) seen.add(id);
  for (const [, id] of [...(known.hero_deck || []), ...(known.thanos_deck || [])]) seen.add(id);
  for (const id of snapStones(view) || []) seen.add(id);
  const rows = [];
  const heroes = {};
  for (const c of Object.values(cards)) {
    if (seen.has(c.id)) continue;
    if (c.deck === "thanos") rows.push({ label: `✦ ${ctx.name(c.id)} (${c.number})`, count: 1, card: c.id });
    else heroes[c.number] = (heroes[c.number] || 0) + 1;
  }
  for (const [n, count] of Object.entries(heroes)) rows.push({ label: `★ ${ctx.t("gauntlet.ui.hero_cards", { number: n })}`, count });
  return rows;
}

// The end of the game: both sides' health and the turns played.
export function endSummary(view, ctx) {
  const result = view.result;
  if (!result) return null;
  const details = result.details || {};
  const thanos = details.thanos_health ?? view.thanos_health;
  const heroes = details.hero_health ?? view.hero_health;
  const roles = Array.from({ length: view.players }, (_, s) => ctx.t(s === 0 ? "web.table.role_thanos" : "web.table.role_hero"));
  return [
    scoreTable(ctx, result.winners, [
      { label: ctx.t("web.summary.role"), values: roles },
      { label: ctx.t("web.table.health"), values: roles.map((_, s) => String(s === 0 ? thanos : heroes)) },
    ]),
    details.turns ? h("div.muted.summary-note", ctx.t("web.summary.turns", { turns: details.turns })) : null,
  ];
}
