// "Play again" at the end of a game: a new table with the same people, bots and options.
// Each person keeps their seat's token, so this browser carries it over to the new table.
import { call, hostOf, keepHost, keepSeat, seatOf } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

function carryOver(from, to) {
  const mine = seatOf(from);
  if (mine) keepSeat(to, mine.seat, mine.token);
  const host = hostOf(from);
  if (host) keepHost(to, host);
}

function go(from, to) {
  carryOver(from, to);
  window.location.assign(`/t/${to}`);
}

// The finished table's link to its rematch, or the button that makes it (for a seat or the host).
export function rematchButton(id, table) {
  if (table.rematch) {
    return h("a.button.rematch", { href: `/t/${table.rematch}`, onclick: (e) => {
      e.preventDefault();
      go(id, table.rematch);
    } }, t("web.rematch.join"));
  }
  const token = seatOf(id)?.token || hostOf(id);
  if (!token) return null;
  return h("button.rematch", { type: "button", onclick: async (e) => {
    e.currentTarget.disabled = true;
    try {
      const made = await call("POST", `/api/tables/${id}/rematch`, { token });
      go(id, made.id);
    } catch (err) {
      e.currentTarget.disabled = false;
      toast(err.message || t("web.error.network"));
    }
  } }, t("web.rematch.play_again"));
}
