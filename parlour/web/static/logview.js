// Log lines people read: the acting player's colour, an icon for what kind of line it is,
// and a separator where a round begins; the text itself comes from the server's catalogs.
import { h } from "./dom.js";
import { icon } from "./icons.js";

const ICONS = {
  round_start: "flag",
  protected: "shield",
  token: "heart",
  knocked_out: "cross",
  defeated: "cross",
  round_won: "crown",
  game_won: "crown",
  game_over: "crown",
  gauntlet: "fist",
  snap: "fist",
  fight: "bolt",
  fight_cards: "bolt",
  saw: "eye",
  peek_card: "eye",
  peeked: "eye",
  compared: "eye",
};

// Lines that close a round or the game stand out; a new round starts under a rule.
const ENDS = new Set(["round_won", "game_won", "game_over", "snap"]);

function actor(data) {
  if (!data) return null;
  for (const key of ["seat", "by"]) if (Number.isInteger(data[key])) return data[key];
  if (Array.isArray(data.winner) && data.winner.length === 1) return data.winner[0];
  return null;
}

export function logLine(e, fresh = false) {
  const seat = actor(e.data);
  const base = e.kind === "round_start" ? "li.log-round" : ENDS.has(e.kind) ? "li.log-end" : "li";
  const dataset = { kind: e.kind, move: e.move };
  if (seat !== null) dataset.seat = seat;
  return h(
    `${base}${fresh ? ".fresh" : ""}`,
    { dataset },
    h(seat === null ? "span.who.nobody" : `span.who.seat-${seat % 8}`, { "aria-hidden": "true" }),
    ICONS[e.kind] ? icon(ICONS[e.kind]) : null,
    h("span.log-text", e.text),
  );
}
