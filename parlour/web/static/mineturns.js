// The header's My games link: how many of this browser's tables await its move, from the
// answer the My games page reads (the seat tokens this browser holds, sent in a body). The
// lobby looks when it opens and when it is shown again; the My games page at each look.
import { call, forget, heldTokens } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

let count = 0; // tables awaiting this browser's move, at the last look
let looked = false; // whether a look has been made (until then the page's first state)

// Show the count of these My games rows that await your move (none: no badge).
export function showTurns(rows) {
  count = rows.filter((r) => r.your_turn).length;
  looked = true;
  paintTurns();
}

// Write the badge again (after a language switch: its words for screen readers change).
export function paintTurns() {
  const badge = document.getElementById("my-games-turns");
  if (!badge) return;
  badge.hidden = count === 0;
  const words = count ? t("web.app.my_games_turns", { count }) : "";
  // The number is seen; the words are read out (a bare number says nothing to a listener).
  badge.replaceChildren(...(count ? [h("span", { "aria-hidden": "true" }, String(count)), h("span.sr-only", {}, words)] : []));
  badge.title = words;
  if (looked) badge.dataset.looked = "yes"; // a test waits for the server's answer
}

// Ask the server which of this browser's tables await its move; a failed look keeps the
// count shown last.
export async function lookForTurns() {
  const held = heldTokens();
  if (!held.seats.length) {
    showTurns([]);
    return;
  }
  try {
    const found = await call("POST", "/api/tables/mine", held);
    for (const id of found.gone_seats) forget("seat", id);
    for (const id of found.gone_hosts) forget("host", id);
    showTurns(found.tables);
  } catch {
    /* the next look tries again */
  }
}

// Look now, and again whenever the page is shown again (back to it, or its tab brought up).
export function watchTurns() {
  lookForTurns();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") lookForTurns();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) lookForTurns();
  });
}
