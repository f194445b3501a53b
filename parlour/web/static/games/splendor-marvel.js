// Splendor Marvel: infinity-stone tokens, three tiers of characters, locations, each player's tableau.
import { helpAttrs } from "../cardhelp.js";
import { h } from "../dom.js";
import { icon } from "../icons.js";
import { gameData } from "../render.js";
import { scoreTable } from "../summary.js";

let cards = {};
let locations = {};

export async function load() {
  const data = await gameData("splendor-marvel", "cards.json");
  cards = Object.fromEntries(data.cards.map((c) => [c.id, c]));
  for (const tile of data.locations || []) {
    for (const face of Object.values(tile.faces || {})) locations[face.id] = face;
  }
}

function gem(ctx, colour, n, small = false) {
  // Named by colour and count: a screen reader hears "Mind (yellow): 4", not a bare number.
  const name = `${ctx.name(colour)}: ${n}`;
  return h(`span.gem.${colour}${small ? ".small" : ""}`, { title: ctx.name(colour), role: "img", "aria-label": name, dataset: { colour } }, String(n));
}

function costWords(ctx, cost) {
  return Object.entries(cost || {})
    .map(([colour, n]) => `${n} ${ctx.name(colour)}`)
    .join(", ");
}

// What a card or location's face says, in words: points, bonus, cost (or requirement).
function cardHelp(ctx, id, c) {
  const parts = [ctx.name(id)];
  if (c.points) parts.push(ctx.t("splendor-marvel.ui.points_short", { points: c.points }));
  if (c.bonus) parts.push(`${ctx.t("splendor-marvel.ui.bonus")}: ${ctx.name(c.bonus)}`);
  if (c.cost) parts.push(`${ctx.t("splendor-marvel.ui.cost")}: ${costWords(ctx, c.cost)}`);
  if (c.requires) parts.push(ctx.t("splendor-marvel.ui.requires", { requirement: costWords(ctx, c.requires) }));
  return helpAttrs("splendor-marvel", `card-${id}`, parts.join(" · "));
}

function costRow(ctx, cost) {
  return h("div.cost", Object.entries(cost || {}).map(([colour, n]) => gem(ctx, colour, n, true)));
}

export function card(ctx, id, tier, size = "") {
  if (!id) return h(`div.card.sm.back.tier${tier}${size}`, h("span.sm-tier", "I".repeat(tier || 1)));
  const c = cards[id] || {};
  return h(
    `div.card.sm.tier${c.tier}.bonus-${c.bonus}${size}`,
    (() => {
      const help = cardHelp(ctx, id, c);
      return { ...help, dataset: { card: id, ...help.dataset } };
    })(),
    h("div.sm-head", c.points ? h("span.sm-points", String(c.points)) : h("span"), h(`span.gem.${c.bonus}.bonus`, "◆")),
    h("span.card-name", ctx.name(id)),
    c.avengers ? h("span.sm-avengers", "A".repeat(c.avengers)) : null,
    costRow(ctx, c.cost),
  );
}

// What a card costs this player after their bonuses, and whether their tokens (grey ones
// standing in for any colour) pay it: drawn on the card, so a recruit is seen at a glance.
function afford(ctx, el, id, me) {
  if (!me || !el || !cards[id]) return el;
  const net = {};
  let short = 0;
  for (const [colour, n] of Object.entries(cards[id].cost || {})) {
    const left = Math.max(0, n - (me.bonuses[colour] || 0));
    if (left) net[colour] = left;
    short += Math.max(0, left - (me.tokens[colour] || 0));
  }
  const can = short <= (me.tokens.grey || 0);
  const cost = cards[id].cost || {};
  const lower = Object.keys(cost).some((colour) => (net[colour] || 0) !== cost[colour]);
  el.classList.add(can ? "affordable" : "unaffordable");
  // Only what the printed card does not say: that it can be paid, or its cost after bonuses.
  if (!can && !lower) return el;
  const label = can ? `✓ ${ctx.t("web.board.affordable")}` : ctx.t("web.board.you_pay");
  el.append(h("div.sm-net", h("span.sm-net-label", label), lower ? costRow(ctx, net) : null));
  el.setAttribute("aria-label", `${el.getAttribute("aria-label")} · ${label}`);
  return el;
}

function location(ctx, id) {
  const loc = locations[id] || {};
  const help = cardHelp(ctx, id, loc);
  return h(
    "div.sm-location",
    { ...help, dataset: { location: id, ...help.dataset } },
    h("strong", ctx.name(id)),
    loc.points ? h("span.sm-points", String(loc.points)) : null,
    costRow(ctx, loc.requires),
  );
}

function picks(el, key) {
  if (el) el.dataset.pick = key;
  return el;
}

function orders(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

// A move as taps on the board (board.js): gems from the supply in any order, a displayed or
// reserved card then recruit or reserve, a deck to reserve blind, a location, a token to return.
export function pickPath(action, steps) {
  const say = (i) => [`say:${steps[i]}`, steps[i]];
  let m;
  if ((m = action.match(/^take:([\w,]+)$/))) {
    // The server lists the gems in the language's own way ("a, b" or "a、b").
    const names = (steps[1] || "").split(/\s*[,，、]\s*/);
    const gems = m[1].split(",").map((c, i) => [`supply:${c}`, names[i] || c]);
    return orders(gems);
  }
  if ((m = action.match(/^take2:(\w+)$/))) return [[[`supply:${m[1]}`, steps[1]], [`supply:${m[1]}`, steps[1]]]];
  if ((m = action.match(/^reserve:t(\d)-deck$/))) return [[`deck:${m[1]}`, steps[1]], say(0)];
  if ((m = action.match(/^reserve:t(\d)-(\d+)$/))) return [[`card:t${m[1]}-${m[2]}`, steps[1]], say(0)];
  if ((m = action.match(/^recruit:(t\d-\d+|r\d+)/))) {
    const key = m[1].startsWith("r") ? `reserved:${m[1].slice(1)}` : `card:${m[1]}`;
    return [[key, steps[1]], say(0), ...(steps.length > 2 ? [say(2)] : [])];
  }
  if ((m = action.match(/^return:(\w+)$/))) return [[`mytoken:${m[1]}`, steps[1]]];
  if ((m = action.match(/^location:(\w+)$/))) return [[`location:${m[1]}`, steps[1]]];
  return null;
}

const GOAL = 16; // SM-WIN-1: infinity points needed for the Gauntlet
const STONE_COLOURS = ["yellow", "blue", "orange", "red", "purple"];

// How far a player is from the Infinity Gauntlet (SM-WIN-1): points, the five colours among
// their bonuses, a Time token; and their Avengers tags (SM-END-AVENGERS), each met part marked.
function progress(ctx, p) {
  const colours = STONE_COLOURS.filter((c) => (p.bonuses[c] || 0) > 0).length;
  const green = (p.tokens.green || 0) > 0;
  const part = (met, text) => h(`li${met ? ".met" : ""}`, h("span.mark", { "aria-hidden": "true" }, met ? "✓" : "·"), ` ${text}`);
  return h(
    "ul.sm-progress",
    { "aria-label": ctx.t("splendor-marvel.ui.progress") },
    part(p.points >= GOAL, ctx.t("splendor-marvel.ui.progress_points", { points: p.points, goal: GOAL })),
    part(colours === STONE_COLOURS.length, ctx.t("splendor-marvel.ui.progress_colours", { count: colours, all: STONE_COLOURS.length })),
    part(green, ctx.t(green ? "splendor-marvel.ui.progress_green" : "splendor-marvel.ui.progress_no_green")),
    part(p.tags >= 3, ctx.t("splendor-marvel.ui.progress_tags", { tags: p.tags })),
  );
}

// The characters this seat has not seen, by tier and bonus colour: every card less those on
// display, in tableaux and reserved face up (its own blind reserves included: it saw them).
export function unseen(view, ctx) {
  const seen = new Set([...view.display.flat(), ...view.seats.flatMap((p) => [...p.cards, ...p.reserved.map((r) => r.card)])]);
  const left = {};
  for (const c of Object.values(cards)) {
    if (seen.has(c.id)) continue;
    const key = `${c.tier}:${c.bonus}`;
    left[key] = (left[key] || 0) + 1;
  }
  return Object.entries(left)
    .sort(([a], [b]) => a[0] - b[0] || STONE_COLOURS.indexOf(a.slice(2)) - STONE_COLOURS.indexOf(b.slice(2)))
    .map(([key, count]) => {
      const [tier, colour] = key.split(":");
      return { label: `${ctx.t("splendor-marvel.ui.tier", { tier })} · ${ctx.name(colour)}`, count, card: key };
    });
}

// A tier's deck, named with its tier and how many cards it holds (its face shows only "III").
function deckCard(ctx, tier, count) {
  const el = card(ctx, null, tier, ".small");
  el.setAttribute("aria-label", `${"I".repeat(tier)} · ${ctx.t("splendor-marvel.ui.tier", { tier })} · ${ctx.t("splendor-marvel.ui.deck", { count })}`);
  return el;
}

export function render(view, ctx) {
  const root = h("div.sm-board");
  root.append(
    h(
      "div.sm-top",
      // The view counts the round under way; once the game is over, the last one played.
      h("span.sm-round", ctx.t("splendor-marvel.ui.round", { round: view.result ? view.round - 1 : view.round })),
      // Who holds the Avengers Assemble card (public: it moves to whoever has the most tags).
      view.avengers !== null && view.avengers !== undefined
        ? h("strong.sm-avengers-holder", ctx.t("splendor-marvel.ui.avengers_holder", { holder: ctx.names[view.avengers] }))
        : null,
      view.final_round ? h("strong.sm-final", ctx.t("splendor-marvel.ui.final_round")) : null,
    ),
    h("div.sm-supply", h("span.muted", ctx.t("web.table.supply")), Object.entries(view.supply).map(([c, n]) => picks(gem(ctx, c, n), `supply:${c}`))),
    h("div.sm-locations", (view.locations || []).map((id) => picks(location(ctx, id), `location:${id}`))),
  );
  const mine = view.seat !== null && view.seat !== undefined ? view.seats[view.seat] : null;
  const tiers = h("div.sm-tiers");
  for (let i = view.display.length - 1; i >= 0; i--) {
    tiers.append(
      h(
        "div.sm-tier",
        picks(deckCard(ctx, i + 1, view.decks[i]), `deck:${i + 1}`),
        h("span.muted.sm-deck", String(view.decks[i])),
        h("div.cards", view.display[i].map((id, j) => picks(afford(ctx, card(ctx, id, i + 1), id, mine), `card:t${i + 1}-${j + 1}`))),
      ),
    );
  }
  root.append(tiers);
  const seats = h("div.seat-boards");
  view.seats.forEach((p, s) => {
    seats.append(
      h(
        "div.seat-board.sm-seat",
        { dataset: { seat: s, acting: String(view.to_act === s) } },
        h("h3", ctx.names[s], " ", h("span.badge", `${ctx.t("web.table.points")}: ${p.points}`), p.tags ? h("span.badge.sm-tags", `${ctx.t("splendor-marvel.ui.tags")}: ${p.tags}`) : null, view.avengers === s ? h("span.badge.sm-assemble", ctx.name("avengers_assemble")) : null, p.gauntlet ? h("span.badge.power", { title: ctx.t("web.summary.gauntlet") }, icon("fist"), ` ${ctx.t("web.summary.gauntlet")}`) : null),
        progress(ctx, p),
        h("div.sm-row", h("span.muted", ctx.t("splendor-marvel.ui.tokens")), Object.entries(p.tokens).map(([c, n]) => (n ? picks(gem(ctx, c, n), s === view.seat ? `mytoken:${c}` : `token:${s}:${c}`) : null))),
        h("div.sm-row", h("span.muted", ctx.t("web.table.bonuses")), Object.entries(p.bonuses).map(([c, n]) => (n ? gem(ctx, c, n, true) : null))),
        p.reserved.length
          ? h("div.sm-row", h("span.muted", ctx.t("web.table.reserved")), h("div.cards", p.reserved.map((r, j) => picks(s === view.seat ? afford(ctx, card(ctx, r.card, r.tier, ".small"), r.card, mine) : card(ctx, r.card, r.tier, ".small"), s === view.seat ? `reserved:${j + 1}` : `other-reserved:${j + 1}`))))
          : null,
        p.locations.length ? h("div.sm-row", p.locations.map((id) => location(ctx, id))) : null,
        p.cards.length ? h("div.cards.sm-tableau", p.cards.map((id) => card(ctx, id, 1, ".small"))) : null,
      ),
    );
  });
  root.append(seats);
  return root;
}

// The end of the game: points, recruited cards, the Gauntlet, and the rule that decided it.
export function endSummary(view, ctx) {
  const result = view.result;
  if (!result) return null;
  const details = result.details || {};
  const points = details.points || view.seats.map((p) => p.points);
  return [
    scoreTable(ctx, result.winners, [
      { label: ctx.t("web.table.points"), values: points.map(String) },
      { label: ctx.t("web.summary.cards"), values: view.seats.map((p) => String(p.cards.length)) },
      { label: ctx.t("web.summary.gauntlet"), values: view.seats.map((p) => (p.gauntlet ? "✓" : "")) },
    ]),
    details.decided_by ? h("div.summary-note.summary-decided", ctx.t("web.summary.decided_by", { rule: ctx.name(details.decided_by) })) : null,
    // Why each player did or did not take the Infinity Gauntlet: the same checklist as on the
    // board (points, the five colours, a Time token), each part marked once met.
    h("div.summary-progress", view.seats.map((p, s) => h("div.summary-player", h("strong", ctx.names[s]), progress(ctx, p)))),
  ];
}
