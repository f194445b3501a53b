// Draws any game's view: the viewer's hand as cards, per-seat values by player, the rest as zones.
import { h } from "../dom.js";

const META = new Set(["game", "players", "seat", "move", "to_act", "prompt", "result"]);

function label(key) {
  return key.replace(/_/g, " ");
}

export function card(ctx, value, extra = "") {
  if (value === null || value === undefined) return h(`div.card.back${extra}`, { "aria-hidden": "true" });
  return h(`div.card${extra}`, { dataset: { card: String(value) } }, h("span.card-name", ctx.name(value)));
}

export function value(ctx, v, depth = 0) {
  if (v === null || v === undefined) return h("span.muted", {}, "–");
  if (typeof v === "boolean") return h("span", {}, ctx.t(`core.${v ? "yes" : "no"}`));
  if (typeof v === "number") return h("span.num", {}, String(v));
  if (typeof v === "string") return h("span.word", {}, ctx.name(v));
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === "string" || x === null)) {
      return h("div.cards.small", {}, v.map((x) => card(ctx, x, ".small")));
    }
    return h("div.list", {}, v.map((x) => value(ctx, x, depth + 1)));
  }
  if (depth > 3) return h("span", {}, JSON.stringify(v));
  return h(
    "dl.fields",
    {},
    Object.entries(v).map(([k, x]) => [h("dt", {}, ctx.name(k) === k ? label(k) : ctx.name(k)), h("dd", {}, value(ctx, x, depth + 1))]),
  );
}

export function render(view, ctx) {
  const root = h("div.generic");
  if (!view) return root;
  const players = view.players;
  const perSeat = [];
  const zones = [];
  for (const [key, v] of Object.entries(view)) {
    if (META.has(key)) continue;
    if (Array.isArray(v) && v.length === players && key !== "hand") perSeat.push([key, v]);
    else if (key !== "hand") zones.push([key, v]);
  }
  if (Array.isArray(view.hand)) {
    root.append(h("div.hand", {}, h("h3", {}, ctx.t("web.table.hand")), h("div.cards", {}, view.hand.map((c) => card(ctx, c)))));
  }
  const seats = h("div.seat-boards");
  for (let s = 0; s < players; s++) {
    seats.append(
      h(
        "div.seat-board",
        { dataset: { seat: s, acting: String(view.to_act === s) } },
        h("h3", {}, ctx.names[s]),
        h("dl.fields", {}, perSeat.map(([key, v]) => [h("dt", {}, label(key)), h("dd", {}, value(ctx, v[s]))])),
      ),
    );
  }
  root.append(seats);
  if (zones.length) {
    root.append(h("dl.fields.zones", {}, zones.map(([key, v]) => [h("dt", {}, label(key)), h("dd", {}, value(ctx, v))])));
  }
  return root;
}
