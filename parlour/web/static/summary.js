// Score tables for the end-of-round and end-of-game panels: one row per player, winners marked.
import { h } from "./dom.js";

// columns: [{label, values: [text per seat]}]; winners: seats to mark.
export function scoreTable(ctx, winners, columns) {
  const won = new Set(winners || []);
  return h(
    "table.scores",
    h("thead", h("tr", h("th", ctx.t("web.summary.player")), columns.map((c) => h("th", c.label)))),
    h(
      "tbody",
      ctx.names.map((name, s) =>
        h(
          "tr",
          { dataset: { seat: s, winner: String(won.has(s)) } },
          h("th", { scope: "row" }, won.has(s) ? `★ ${name}` : name),
          columns.map((c) => h("td", c.values[s] ?? "")),
        ),
      ),
    ),
  );
}
